// Text that someone else wrote (an adapter's hello, answers and errors, a
// vector file's comment) made fit for where lbconform shows it: stored as
// valid UTF-8, printed on a terminal with no control character, written into
// Markdown with no markup. Every layer that prints such text uses these, so
// an adapter can neither drive a terminal nor forge a line of lbconform's.
#ifndef LBCONFORM_DOCUMENTS_PRINTABLE_TEXT_H_
#define LBCONFORM_DOCUMENTS_PRINTABLE_TEXT_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace lbconform {

// Printable is `text` as valid UTF-8 (each invalid byte becomes U+FFFD) and
// at most about `max_bytes` long, cut between characters with "…" appended.
// Control characters are kept: this is for storing (JSON, XML), not printing.
std::string Printable(std::string_view text, std::size_t max_bytes);

// TerminalText is `text` as one line fit for a terminal or a CI log: every
// control character (C0 with newline, carriage return and tab, DEL, C1), every
// bidirectional or line-separating format character, and every byte that is
// not UTF-8 is written as a backslash escape (\n, \r, \t, \x1b, \xff, \u009b,
// \u202e); at most about `max_bytes` long, as Printable cuts. A backslash is
// kept as it is, so the function is idempotent: text escaped twice reads as
// text escaped once.
std::string TerminalText(std::string_view text, std::size_t max_bytes = 4096);

// MarkdownText is TerminalText with the characters that make Markdown or HTML
// markup escaped (`&`, `<`, `>` as entities; `\`, `` ` ``, `*`, `_`, `[`,
// `]`, `|`, `~` with a backslash), for a table cell or a heading of a CI job
// summary: it renders as the text itself, never as a link, an image, HTML or
// a broken table.
std::string MarkdownText(std::string_view text, std::size_t max_bytes = 400);

// MarkdownCode is TerminalText for inside a `code span` of a table cell:
// backticks become ' and `|` is escaped (a code span shows everything else as
// written, HTML included).
std::string MarkdownCode(std::string_view text, std::size_t max_bytes = 400);

// XmlText is `text` fit for an XML 1.0 attribute or element (JUnit files):
// valid UTF-8 as Printable makes it, the characters XML forbids (C0 controls
// but tab and newline, U+FFFE, U+FFFF) replaced, and `&`, `<`, `>`, `"`
// escaped.
std::string XmlText(std::string_view text);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_PRINTABLE_TEXT_H_
