// ui_shuffle_draw.hpp: the shuffle lab's pictures and readouts, drawn from
// the core's values only (the panel, ui_shuffle, decides what to show and
// sends the commands): the deck and its moves, the PDEP step's bits, the
// bias matrix and its summary, rows of cards, the riffle distances, the
// reachable decks and the seed search's result.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/cards.hpp"
#include "core/shuffle/bias.hpp"
#include "core/shuffle/bias_view.hpp"
#include "core/shuffle/riffle_view.hpp"
#include "core/shuffle/shuffle_lab.hpp"
#include "core/shuffle/shuffle_session.hpp"

namespace shufflelab::ui {

// One number through a printf format ("%.3g").
std::string fmt(const char* format, double value);

// The deck at frame `f`, the step's moved cards `animation` (0..1) of the way in while `animating`.
void draw_shuffle_deck(const ShuffleFrame& f, CardFaces faces, std::uint32_t n, bool animating, float animation);
void draw_pdep_step(const PdepStep& step, std::uint32_t n);

// The position x card matrix with its axes and colour legend (`counts` written
// in cells wide enough; null for an exact law), and the cell under the mouse.
struct MatrixHover {
  bool inside = false;
  std::uint32_t position = 0, card = 0;
};
MatrixHover draw_matrix_grid(const BiasMatrixView& view, const BiasMatrix* counts);

// 52-card faces cards[from, to): one line, or wrapped to the width.
void draw_card_row(const std::vector<std::uint32_t>& cards, std::size_t from, std::size_t to, bool wrap);
void draw_riffle_plot(const RiffleView& view);

// The words or coin flips the frame's draw read.
void draw_inputs(const ShuffleFrame& f, const ShuffleLabState& state);
// The matrix's numbers in a line or two, and one cell's probability as a tooltip.
void draw_bias_summary(const ShuffleBiasRun& bias, const BiasMatrixView& view);
void draw_cell_tooltip(const ShuffleBiasRun& bias, const BiasMatrixView& view, std::uint32_t position, std::uint32_t card);
// log2(n!) against the seed spaces, as bars.
void draw_reachable_decks(const ReachView& reach, std::uint32_t n);
// The seeds found and, from the first, the rest of shuffle.c's deck.
void draw_predict_result(const SeedSearchResult& result, const std::vector<std::uint32_t>& deck);

}  // namespace shufflelab::ui
