// What each rewriting of someone else's text keeps and what it escapes.
#include "documents/printable_text.h"

#include <gtest/gtest.h>

#include <string>

namespace lbconform {
namespace {

TEST(Printable, KeepsValidUtf8AndControlsAndReplacesInvalidBytes) {
  EXPECT_EQ(Printable("plain é … \x1b[2J\n", 100), "plain é … \x1b[2J\n");
  EXPECT_EQ(Printable("a\xff"
                      "b\xc3",
                      100),
            "a\xEF\xBF\xBD"
            "b\xEF\xBF\xBD");
  EXPECT_EQ(Printable("\xed\xa0\x80", 100), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate
  EXPECT_EQ(Printable("abcdef", 3), "abc\xE2\x80\xA6");
  EXPECT_EQ(Printable("ab\xc3\xa9", 3), "ab\xE2\x80\xA6");  // cut between characters
}

TEST(TerminalText, EscapesEveryCharacterATerminalActsOn) {
  EXPECT_EQ(TerminalText("name\x1b[2J\rrun: 9999 passed\n\tend\x7f"), "name\\x1b[2J\\rrun: 9999 passed\\n\\tend\\x7f");
  EXPECT_EQ(TerminalText("c1 \xc2\x9b"
                         "31m bidi \xe2\x80\xae line \xe2\x80\xa8"),
            "c1 \\u009b31m bidi \\u202e line \\u2028");
  EXPECT_EQ(TerminalText("bytes \xff\xfe"), "bytes \\xff\\xfe");
  EXPECT_EQ(TerminalText("kept: é … 漢字 \\x1b"), "kept: é … 漢字 \\x1b");
}

TEST(TerminalText, IsIdempotentAndCutsLikePrintable) {
  for (const std::string text : {"a\x1b[31mb\n", "\xff\xc2\x85", "plain", "back\\slash \\n"}) {
    const std::string once = TerminalText(text);
    EXPECT_EQ(TerminalText(once), once) << once;
  }
  EXPECT_EQ(TerminalText("abcdef", 4), "abcd\xE2\x80\xA6");
  EXPECT_EQ(TerminalText("ab\x1b", 4), "ab\xE2\x80\xA6");  // an escape is not cut in two
  EXPECT_EQ(TerminalText("abcd", 4), "abcd");
}

TEST(MarkdownText, EscapesHtmlAndMarkdownAndControls) {
  EXPECT_EQ(MarkdownText("<img src=x onerror=alert(1)>"), "&lt;img src=x onerror=alert(1)&gt;");
  EXPECT_EQ(MarkdownText("[link](http://e) `code` *b* _i_ ~s~ a|b \\ &"),
            "\\[link\\](http://e) \\`code\\` \\*b\\* \\_i\\_ \\~s\\~ a\\|b \\\\ &amp;");
  EXPECT_EQ(MarkdownText("line\nrun: 1 passed"), "line\\nrun: 1 passed");
  EXPECT_EQ(MarkdownText("lbconform-reference 0.1.0"), "lbconform-reference 0.1.0");
}

TEST(MarkdownCode, KeepsTheSpanClosedAndTheTableWhole) {
  EXPECT_EQ(MarkdownCode("run --id 'a`b' | x <b>"), "run --id 'a'b' \\| x <b>");
  EXPECT_EQ(MarkdownCode("a\nb"), "a\\nb");
}

TEST(XmlText, EscapesMarkupAndReplacesWhatXmlForbids) {
  EXPECT_EQ(XmlText("a<b>&\"c\""), "a&lt;b&gt;&amp;&quot;c&quot;");
  EXPECT_EQ(XmlText("tab\tnl\nesc\x1b"), "tab\tnl\nesc ");
  EXPECT_EQ(XmlText("\xef\xbf\xbe \xff"), "\xEF\xBF\xBD \xEF\xBF\xBD");
}

}  // namespace
}  // namespace lbconform
