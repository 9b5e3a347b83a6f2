#include "core/shuffle/user_code_starts.hpp"

#include <algorithm>
#include <array>

namespace shufflelab {

namespace {
constexpr std::array<CodeStart, 6> kStarts{{
    {"fisher-yates", "Fisher-Yates",
     "function shuffle(deck, rand) {\n"
     "  for (let i = deck.length - 1; i > 0; i--) {\n"
     "    const j = rand(i + 1);\n"
     "    [deck[i], deck[j]] = [deck[j], deck[i]];\n"
     "  }\n"
     "}\n"},
    {"naive", "Naive swap",
     "function shuffle(deck, rand) {\n"
     "  for (let i = 0; i < deck.length; i++) {\n"
     "    const j = rand(deck.length);  // any position: n^n answer lists for n! decks\n"
     "    [deck[i], deck[j]] = [deck[j], deck[i]];\n"
     "  }\n"
     "}\n"},
    {"sattolo", "Off by one (Sattolo)",
     "function shuffle(deck, rand) {\n"
     "  for (let i = deck.length - 1; i > 0; i--) {\n"
     "    const j = rand(i);  // off by one: j is never i\n"
     "    [deck[i], deck[j]] = [deck[j], deck[i]];\n"
     "  }\n"
     "}\n"},
    {"sort-comparator", "Sort, random comparator",
     "function shuffle(deck, rand) {\n"
     "  deck.sort(() => rand(2) ? 1 : -1);\n"
     "}\n"},
    {"sort-keys", "Sort by random keys",
     "function shuffle(deck, rand) {\n"
     "  const keys = deck.map(() => rand(10));  // ties keep the lower card first\n"
     "  return deck.map((card, i) => [keys[i], card])\n"
     "             .sort((a, b) => a[0] - b[0])\n"
     "             .map(pair => pair[1]);\n"
     "}\n"},
    {"blank", "Blank",
     "function shuffle(deck, rand) {\n"
     "  // deck holds the cards 0..n-1; rand(k) answers 0..k-1.\n"
     "  // Shuffle deck in place, or return a new array.\n"
     "}\n"},
}};
}  // namespace

std::span<const CodeStart> code_starts() { return kStarts; }

const CodeStart* find_code_start(std::string_view name) {
  const auto* at = std::find_if(kStarts.begin(), kStarts.end(), [&](const CodeStart& s) { return s.name == name; });
  return at == kStarts.end() ? nullptr : &*at;
}

}  // namespace shufflelab
