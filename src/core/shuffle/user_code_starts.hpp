// user_code_starts.hpp: the starting points of the Shuffle lab's "Your code"
// tab, each a JavaScript `function shuffle(deck, rand)` one click away.
#pragma once
#include <span>
#include <string_view>

namespace shufflelab {

struct CodeStart {
  std::string_view name;   // code_start=NAME
  std::string_view title;  // the button
  std::string_view source;
};
std::span<const CodeStart> code_starts();  // fisher-yates, naive, sattolo, sort-comparator, sort-keys, blank
const CodeStart* find_code_start(std::string_view name);

}  // namespace shufflelab
