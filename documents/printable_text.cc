#include "documents/printable_text.h"

#include <fmt/format.h>

#include <algorithm>

namespace lbconform {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
constexpr std::string_view kEllipsis = "\xE2\x80\xA6";     // …

// CodePointAt reads the UTF-8 character at `text[i]`: its length in bytes
// and code point, or length 0 when the byte there starts no valid UTF-8
// (overlong forms, surrogates and code points past U+10FFFF included).
struct CodePoint {
  std::size_t length = 0;
  char32_t code = 0;
};

CodePoint CodePointAt(std::string_view text, std::size_t i) {
  const auto byte = static_cast<unsigned char>(text[i]);
  std::size_t length = 0;
  char32_t code = 0;
  if (byte < 0x80) {
    return {1, byte};
  } else if ((byte & 0xE0) == 0xC0) {
    length = 2;
    code = byte & 0x1F;
  } else if ((byte & 0xF0) == 0xE0) {
    length = 3;
    code = byte & 0x0F;
  } else if ((byte & 0xF8) == 0xF0) {
    length = 4;
    code = byte & 0x07;
  } else {
    return {};
  }
  if (i + length > text.size()) return {};
  for (std::size_t k = 1; k < length; ++k) {
    const auto next = static_cast<unsigned char>(text[i + k]);
    if ((next & 0xC0) != 0x80) return {};
    code = (code << 6) | (next & 0x3F);
  }
  static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kSmallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {};
  return {length, code};
}

// Unprintable: characters a terminal acts on instead of showing (C0, DEL,
// C1), and format characters that reorder or break the line around them.
bool Unprintable(char32_t code) {
  return code < 0x20 || (code >= 0x7F && code <= 0x9F) || code == 0x200E || code == 0x200F ||
         (code >= 0x2028 && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
}

// Scratch holds the escape written in place of one character ("\u202e").
using Scratch = char[16];

std::string_view Escaped(char32_t code, Scratch& scratch) {
  switch (code) {
    case '\n':
      return "\\n";
    case '\r':
      return "\\r";
    case '\t':
      return "\\t";
    default: {
      const auto written = code < 0x80
                               ? fmt::format_to_n(scratch, sizeof scratch, "\\x{:02x}", static_cast<unsigned>(code))
                               : fmt::format_to_n(scratch, sizeof scratch, "\\u{:04x}", static_cast<unsigned>(code));
      return {scratch, written.size};
    }
  }
}

// Rewrite builds the text piece by piece, `piece_of` giving each valid
// character's replacement and `invalid_byte` each byte that is not UTF-8, cut
// at `max_bytes` between pieces with "…". A run of bytes `kept` says stay as
// they are (plain ASCII, most of any text) is copied at once.
template <typename Kept, typename PieceOf, typename InvalidByte>
std::string Rewrite(std::string_view text, std::size_t max_bytes, Kept kept, PieceOf piece_of,
                    InvalidByte invalid_byte) {
  std::string out;
  out.reserve(std::min(text.size(), max_bytes) + kEllipsis.size());
  Scratch scratch;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t run = i;
    while (run < text.size() && kept(static_cast<unsigned char>(text[run]))) ++run;
    if (run > i) {
      if (out.size() + (run - i) > max_bytes) {
        out.append(text.substr(i, max_bytes - out.size()));
        out += kEllipsis;
        return out;
      }
      out.append(text.substr(i, run - i));
      i = run;
      continue;
    }
    const CodePoint at = CodePointAt(text, i);
    const std::string_view piece = at.length > 0 ? piece_of(text.substr(i, at.length), at.code, scratch)
                                                 : invalid_byte(static_cast<unsigned char>(text[i]), scratch);
    if (out.size() + piece.size() > max_bytes) {
      out += kEllipsis;
      return out;
    }
    out += piece;
    i += at.length > 0 ? at.length : 1;
  }
  return out;
}

// The bytes each rewriting keeps as they are.
bool Ascii(unsigned char byte) { return byte < 0x80; }
bool PrintableAscii(unsigned char byte) { return byte >= 0x20 && byte < 0x7F; }
bool PlainMarkdown(unsigned char byte) {
  return PrintableAscii(byte) &&
         std::string_view("&<>\\`*_[]|~").find(static_cast<char>(byte)) == std::string_view::npos;
}
bool PlainCode(unsigned char byte) { return PrintableAscii(byte) && byte != '`' && byte != '|'; }

std::string_view TerminalPiece(std::string_view character, char32_t code, Scratch& scratch) {
  return Unprintable(code) ? Escaped(code, scratch) : character;
}

std::string_view InvalidByteEscaped(unsigned char byte, Scratch& scratch) {
  const auto written = fmt::format_to_n(scratch, sizeof scratch, "\\x{:02x}", unsigned{byte});
  return {scratch, written.size};
}

}  // namespace

std::string Printable(std::string_view text, std::size_t max_bytes) {
  return Rewrite(
      text, max_bytes, Ascii, [](std::string_view character, char32_t, Scratch&) { return character; },
      [](unsigned char, Scratch&) { return kReplacement; });
}

std::string TerminalText(std::string_view text, std::size_t max_bytes) {
  return Rewrite(text, max_bytes, PrintableAscii, TerminalPiece, InvalidByteEscaped);
}

std::string MarkdownText(std::string_view text, std::size_t max_bytes) {
  auto piece = [](std::string_view character, char32_t code, Scratch& scratch) -> std::string_view {
    switch (code) {
      case '&':
        return "&amp;";
      case '<':
        return "&lt;";
      case '>':
        return "&gt;";
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '|':
      case '~':
        scratch[0] = '\\';
        scratch[1] = static_cast<char>(code);
        return {scratch, 2};
      default:
        return TerminalPiece(character, code, scratch);
    }
  };
  return Rewrite(text, max_bytes, PlainMarkdown, piece, InvalidByteEscaped);
}

std::string MarkdownCode(std::string_view text, std::size_t max_bytes) {
  auto piece = [](std::string_view character, char32_t code, Scratch& scratch) -> std::string_view {
    if (code == '`') return "'";
    if (code == '|') return "\\|";
    return TerminalPiece(character, code, scratch);
  };
  return Rewrite(text, max_bytes, PlainCode, piece, InvalidByteEscaped);
}

// XmlText is text fit for an XML 1.0 attribute or element: valid UTF-8 with the
// characters XML forbids (C0 controls but tab and newline, U+FFFE, U+FFFF)
// replaced, and the markup characters escaped.
std::string XmlText(std::string_view text) {
  const std::string valid = Printable(text, std::string::npos - 8);
  std::string out;
  for (std::size_t i = 0; i < valid.size(); ++i) {
    const char c = valid[i];
    if (c == '\xEF' && i + 2 < valid.size() && valid[i + 1] == '\xBF' &&
        (valid[i + 2] == '\xBE' || valid[i + 2] == '\xBF')) {
      out += "\xEF\xBF\xBD";
      i += 2;
      continue;
    }
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') {
          out += ' ';
        } else {
          out += c;
        }
    }
  }
  return out;
}

}  // namespace lbconform
