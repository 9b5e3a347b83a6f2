// The C++ lanes: snippets cut from the core sources by cmake/asm.cmake at
// build time (generated/asm_cpp_snippets.hpp), and the anchor lookup.
#include <algorithm>
#include <string>

#include "asm_cpp_snippets.hpp"
#include "core/asm/asm_listing.hpp"

namespace shufflelab {

std::span<const CppSnippet> cpp_snippets() { return generated::kCppSnippets; }

const CppSnippet* find_cpp_snippet(std::string_view id) {
  for (const auto& snippet : generated::kCppSnippets)
    if (snippet.id == id) return &snippet;
  return nullptr;
}

std::uint32_t cpp_snippet_line_count(const CppSnippet& snippet) {
  return static_cast<std::uint32_t>(std::count(snippet.text.begin(), snippet.text.end(), '\n')) + 1;
}

std::string_view cpp_snippet_line(const CppSnippet& snippet, std::uint32_t line) {
  if (line < snippet.first_line) return {};
  std::string_view rest = snippet.text;
  for (std::uint32_t i = snippet.first_line; i < line; ++i) {
    const auto end = rest.find('\n');
    if (end == std::string_view::npos) return {};
    rest.remove_prefix(end + 1);
  }
  return rest.substr(0, rest.find('\n'));
}

Result<std::uint32_t> cpp_anchor_line(const CppSnippet& snippet, std::string_view anchor) {
  using R = Result<std::uint32_t>;
  // "a#b": the first line holding b after the (single) line holding a.
  std::uint32_t after = 0;
  if (const auto split = anchor.find('#'); split != std::string_view::npos) {
    const auto scope = cpp_anchor_line(snippet, anchor.substr(0, split));
    if (!scope) return scope;
    after = *scope;
    anchor = anchor.substr(split + 1);
  }
  if (anchor.empty()) return R::fail("empty anchor in snippet " + std::string(snippet.id));
  const std::uint32_t last = snippet.first_line + cpp_snippet_line_count(snippet) - 1;
  std::uint32_t found = 0;
  for (std::uint32_t line = after ? after + 1 : snippet.first_line; line <= last; ++line) {
    if (cpp_snippet_line(snippet, line).find(anchor) == std::string_view::npos) continue;
    if (after) return R::ok(line);
    if (found) return R::fail("'" + std::string(anchor) + "' is on more than one line of " + std::string(snippet.id));
    found = line;
  }
  if (!found) return R::fail("'" + std::string(anchor) + "' is on no line of " + std::string(snippet.id));
  return R::ok(found);
}

}  // namespace shufflelab
