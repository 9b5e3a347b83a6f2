// shuffle_lab.hpp: the shuffle lab's state (what a link carries), its codec,
// and what the animation shows at step t, computed from a recording made once
// per setup (record_lab_shuffle), never by re-running the shuffle per frame.
//
// A setup is a shuffle (shuffle.hpp) fed by a draw source (shuffle_source.hpp).
// algo=lin2003 is seed 001's shuffle.c: Fisher-Yates on glibc rand() after
// srand(seed), four warm-up calls, float scaling of 31-bit words (gen, method,
// bits and warmup are then ignored).
//
// Card faces (core/base/cards.hpp): 52 cards are One Chip's deck (rank c >> 2,
// 2..A; suit c & 3: hearts, diamonds, clubs, spades), 78 the tarot deck;
// other sizes (up to kMaxLabCards) show numbers. Link fields: see
// decode_shuffle_lab.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"
#include "core/shuffle/shuffle.hpp"
#include "core/shuffle/shuffle_source.hpp"
#include "core/base/cards.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

constexpr std::uint32_t kMaxLabCards = 1000;
constexpr std::uint64_t kMaxLabShuffles = 1'000'000'000;
constexpr std::uint64_t kDefaultLabShuffles = 1'000'000;
constexpr std::uint32_t kLin2003Warmup = 4;
// Predict tab: the attacker guesses "about 12:30 UTC on 2003-02-04" (shuffle.c's
// last update); the program really started at 12:45:11, inside that hour.
constexpr std::uint64_t kDefaultPredictGuess = 1044361800;
constexpr std::uint64_t kDefaultPredictTime = 1044362711;

struct ShuffleLabState {
  std::string algo = "fisher-yates";  // shuffle_algo_name()s or "lin2003"
  std::uint32_t n = 52;
  std::uint32_t take = 5;    // partial: cards drawn
  std::uint32_t keys = 100;  // sort-keys: keys are uniform on [0, keys)
  std::string gen = "splitmix64";
  std::uint64_t seed = 1;
  std::string method = "lemire";
  unsigned bits = 64;
  std::uint32_t warmup = 0;  // words thrown away first
  std::uint64_t t = 0;       // steps shown (clamped to the shuffle's length)
  std::string faces = "auto";  // auto | numbers
  std::string tab = "animate";  // animate | bias | reach | predict | human | code
  std::uint64_t shuffles = kDefaultLabShuffles;  // bias: M
  std::uint64_t time = kDefaultPredictTime;      // predict: the true time(NULL)
  std::uint64_t guess = kDefaultPredictGuess;    // predict: centre of the searched window
  std::string window = "hour";                   // hour | day | week
  bool lanes = false;                            // the assembly lanes section is open
  std::string run;  // run=sample|exact|law (bias tab) or predict (predict tab): the result the link shows
  std::uint32_t rounds = 7;  // riffle, overhand: shuffles in a row
  std::uint32_t cut = 8;     // overhand: a cut falls at each gap with chance 1/cut
  std::string code{};        // code tab: the reader's JavaScript source (check_code_source), "" for none
  bool operator==(const ShuffleLabState&) const = default;
};

// The lab's tabs in the tab bar's order: the link's tab= is one of the ids.
struct ShuffleTab {
  std::string_view id, title;
};
inline constexpr ShuffleTab kShuffleTabs[] = {{"animate", "Animate"},
                                              {"bias", "Bias"},
                                              {"reach", "Reachable decks"},
                                              {"predict", "Predict the deck"},
                                              {"human", "Human shuffles"},
                                              {"code", "Your code"}};
bool is_shuffle_tab(std::string_view id);

// Link fields: algo, n (1..1000), take, keys, gen, seed (decimal), method,
// bits (1..64), warmup (0..1000), t, faces, tab, shuffles, time, guess,
// window, lanes (1: the assembly lanes open; written only then), rounds
// (1..100, riffle and overhand) and cut (2..1000, overhand), written for
// those algorithms or when not the default; code (the Your code tab's
// source, percent-encoded UTF-8 of at most kMaxCodeBytes, written when not empty). Bad values leave a notice and keep the default; a combination that
// cannot run (for example 4-bit words for 52 cards) is repaired field by
// field back to defaults, with a notice naming the problem.
void decode_shuffle_lab(FieldReader& fields, ShuffleLabState& state);
void encode_shuffle_lab(const ShuffleLabState& state, FieldWriter& out);
// code=: percent-decoded and checked (check_code_source); the command code= reads the same.
Result<std::string> decode_code_field(std::string_view encoded);
// The lab's name in links ("lab=shuffle"), and a link to the lab in this state.
constexpr std::string_view kShuffleLabName = "shuffle";
std::string shuffle_lab_link(const ShuffleLabState& state);

// Setup keys: the link text of only the fields a result depends on, so a
// panel can tell whether a finished job still matches what is on screen.
//  - shuffle_setup_key: algo, n, take, keys, gen, seed, method, bits, warmup
//    (the recording and the bias matrices);
//  - predict_setup_key: time, guess, window (the seed search).
std::string shuffle_setup_key(const ShuffleLabState& state);
std::string predict_setup_key(const ShuffleLabState& state);

// Typed, validated setup.
struct ShuffleSetup {
  bool lin2003 = false;
  ShuffleSpec spec;
  DrawSourceSpec source;
};
Result<ShuffleSetup> make_shuffle_setup(const ShuffleLabState& state);
std::string algo_label(const ShuffleLabState& state);  // "Fisher-Yates", "shuffle.c (2003)", ...

// ---- Cards ---------------------------------------------------------------
// Which faces the lab draws (core/base/cards.hpp numbers the cards).
CardFaces card_faces(const ShuffleLabState& state);

// ---- Animation -----------------------------------------------------------
struct LabRecording {
  ShuffleSetup setup;
  ShuffleRecording recording;
  std::vector<DrawInput> inputs;        // every word or flip read, in order
  std::vector<std::size_t> input_ends;  // step s read inputs [input_ends[s-1], input_ends[s])
  std::vector<std::uint32_t> final_deck;
  std::uint64_t words_read = 0;  // B-bit words taken from the generator, warm-up included
  std::uint32_t total_steps() const { return static_cast<std::uint32_t>(recording.step_ends.size()); }
};
Result<LabRecording> record_lab_shuffle(const ShuffleSetup& setup);

// The PDEP step on the 64-bit word that holds the struck card.
struct PdepStep {
  std::uint32_t word_index = 0;  // which 64-card word (0 when n <= 64)
  std::uint32_t words = 1;
  std::uint32_t rank = 0;          // the draw: rank among all remaining cards
  std::uint32_t rank_in_word = 0;  // rank among the remaining cards of this word
  std::uint64_t set_before = 0;    // remaining cards of this word (bit k = card 64 word + k)
  std::uint64_t scatter = 0;       // ~(1 << rank_in_word): the value PDEP deposits into set_before
  std::uint64_t set_after = 0;     // pdep(scatter, set_before)
  std::uint32_t card = 0;          // 64 word + tzcnt(set_before ^ set_after)
};

struct ShuffleFrame {
  std::uint32_t step = 0;         // steps done (the state's t, clamped)
  std::uint32_t total_steps = 0;
  std::vector<std::uint32_t> deck;    // after `step` steps
  std::vector<std::uint32_t> before;  // after step - 1 (equal to deck at step 0)
  std::optional<ShuffleEvent> draw;   // the draw of step `step`
  std::vector<ShuffleEvent> moves;    // its Swap / Move events
  std::vector<DrawInput> inputs;      // what that draw read
  // Positions [settled_begin, settled_end) hold their final cards.
  std::uint32_t settled_begin = 0, settled_end = 0;
  std::int64_t pivot = -1;  // position the next draw fills or swaps; -1 when none
  std::optional<PdepStep> pdep;
  std::optional<ShuffleEvent> compare;  // comparator sorts: the step's comparison
  std::vector<ShuffleEvent> cuts;       // riffle / overhand: the packets cut in this step
  std::string caption;      // one sentence: what this step did
};
ShuffleFrame shuffle_frame(const LabRecording& recording, CardFaces faces, std::uint64_t t);

// ---- Reachable decks -------------------------------------------------------
double log2_factorial(std::uint32_t n);  // sum of log2 k
struct SeedSpaceRow {
  std::string label;
  double log2_count = 0;  // log2 of the number of seeds (so of decks at most)
  std::string note;
  bool current = false;  // the generator of the current setup
};
std::vector<SeedSpaceRow> seed_space_rows(const ShuffleLabState& state);

// The Reachable decks tab: log2(n!) against the seed spaces, drawn as bars
// that are fractions of the longest one.
struct ReachView {
  double log2_orders = 0;  // log2(n!)
  std::vector<SeedSpaceRow> rows;
  double bar_scale = 0;    // the longest bar: max(log2_orders, every row's log2_count)
  double log2_seeds = 0;   // the first row (this setup's seeds), 0 without rows
  bool seeds_fall_short = false;  // log2_seeds < log2_orders: most decks can never come up
  double log2_reached_fraction = 0;  // log2_seeds - log2_orders
  double bar_fraction(double log2_value) const { return log2_value / bar_scale; }
};
ReachView reach_view(const ShuffleLabState& state);

}  // namespace shufflelab
