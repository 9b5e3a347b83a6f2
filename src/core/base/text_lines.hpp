// text_lines.hpp: the lines of the Text view (a plain-text mirror of what a
// lab shows, for screen readers, Ctrl+F and copying numbers). A lab writes
// its lines from its view model with TextLines, which keeps them bounded: at
// most kMaxLabTextLines lines of at most kMaxLabTextLineBytes bytes each
// (cut at a UTF-8 boundary with "..."). The page renders headings as h2/h3,
// items as list entries and paragraphs as <p>, always as text.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace shufflelab {

enum class TextKind : std::uint8_t { heading, subheading, item, paragraph };
std::string_view text_kind_name(TextKind kind);  // "heading", "subheading", "item", "paragraph"

struct TextLine {
  TextKind kind = TextKind::paragraph;
  std::string text;
  bool operator==(const TextLine&) const = default;
};

constexpr std::size_t kMaxLabTextLines = 80;
constexpr std::size_t kMaxLabTextLineBytes = 700;

class TextLines {
 public:
  void heading(std::string t) { add(TextKind::heading, std::move(t)); }
  void sub(std::string t) { add(TextKind::subheading, std::move(t)); }
  void item(std::string t) { add(TextKind::item, std::move(t)); }
  void para(std::string t) { add(TextKind::paragraph, std::move(t)); }
  void append(const std::vector<TextLine>& lines) {
    for (const TextLine& l : lines) add(l.kind, l.text);
  }
  std::vector<TextLine> take() { return std::move(lines_); }

 private:
  void add(TextKind kind, std::string text);
  std::vector<TextLine> lines_;
};

// "3,757,580,295 (3757580295)": grouped to read, plain digits to find.
std::string grouped_and_plain(std::uint64_t v);

}  // namespace shufflelab
