#include "core/shuffle/shuffle_lab.hpp"

#include "core/base/packed_text.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/shuffle/bits.hpp"
#include "core/shuffle/comparator_sort.hpp"
#include "core/shuffle/user_code.hpp"
#include "core/base/plain_text.hpp"
#include "core/base/text_format.hpp"

namespace shufflelab {

namespace {
constexpr std::string_view kLin2003 = "lin2003";

bool known_algo(std::string_view name) {
  return name == kLin2003 || parse_shuffle_algo("algo", name).has_value();
}

// A word field whose allowed values come from a table.
template <class Table, class NameOf>
void decode_named(FieldReader& fields, std::string_view key, const Table& table, NameOf name_of, std::string& out) {
  const std::string* raw = fields.raw(key);
  if (!raw) return;
  std::string names;
  for (const auto& entry : table) {
    if (name_of(entry) == *raw) {
      out = *raw;
      return;
    }
    names += (names.empty() ? "" : ", ") + std::string(name_of(entry));
  }
  fields.notice(std::string(key) + ": \"" + printable_excerpt(*raw) + "\" is not one of " + names);
}

template <class T>
void decode_number(FieldReader& fields, std::string_view key, std::uint64_t min, std::uint64_t max, T& out) {
  std::uint64_t wide = 0;
  if (fields.decimal(key, min, max, wide)) out = static_cast<T>(wide);
}
}  // namespace

// ---- Codec ------------------------------------------------------------------

bool is_shuffle_tab(std::string_view id) {
  for (const ShuffleTab& tab : kShuffleTabs)
    if (tab.id == id) return true;
  return false;
}

void decode_shuffle_lab(FieldReader& fields, ShuffleLabState& state) {
  const ShuffleLabState defaults;
  if (const std::string* algo = fields.raw("algo")) {
    if (known_algo(*algo)) state.algo = *algo;
    else fields.notice(parse_shuffle_algo("algo", *algo).error() + " or lin2003");
  }
  decode_number(fields, "n", 1, kMaxLabCards, state.n);
  decode_number(fields, "take", 1, kMaxLabCards, state.take);
  decode_number(fields, "keys", 1, 0xFFFFFFFFu, state.keys);
  decode_number(fields, "rounds", 1, kMaxShuffleRounds, state.rounds);
  decode_number(fields, "cut", 2, kMaxCutBound, state.cut);
  decode_named(fields, "gen", shuffle_generators(), [](const ShuffleGeneratorInfo& g) { return g.name; }, state.gen);
  decode_number(fields, "seed", 0, ~std::uint64_t{0}, state.seed);
  decode_named(fields, "method", draw_methods(), [](const DrawMethodInfo& m) { return m.name; }, state.method);
  decode_number(fields, "bits", 1, kMaxWordBits, state.bits);
  decode_number(fields, "warmup", 0, DrawSource::kMaxDiscard, state.warmup);
  decode_number(fields, "t", 0, 0xFFFFFFFFu, state.t);
  fields.word("faces", {"auto", "numbers"}, state.faces);
  static_assert(std::size(kShuffleTabs) == 6, "the tab= field lists every tab");
  fields.word("tab",
              {kShuffleTabs[0].id, kShuffleTabs[1].id, kShuffleTabs[2].id, kShuffleTabs[3].id, kShuffleTabs[4].id,
               kShuffleTabs[5].id},
              state.tab);
  if (const std::string* code = fields.raw("code")) {
    auto source = decode_code_field(*code);
    if (source) state.code = std::move(source.value());
    else fields.notice(source.error() + ": the code was dropped");
  }
  if (const std::string* packed = fields.raw("codez")) {
    auto text = unpack_text(*packed, "codez", kMaxCodeBytes);
    auto source = text ? check_code_source(text.value()) : text;
    if (source) state.code = std::move(source.value());
    else fields.notice(source.error() + ": the code was dropped");
  }
  decode_number(fields, "shuffles", 1, kMaxLabShuffles, state.shuffles);
  decode_number(fields, "time", 0, 0xFFFFFFFFu, state.time);
  decode_number(fields, "guess", 0, 0xFFFFFFFFu, state.guess);
  fields.word("window", {"hour", "day", "week"}, state.window);
  fields.flag("lanes", state.lanes);
  if (fields.word("run", {"sample", "exact", "law", "predict"}, state.run))
    state.tab = state.run == "predict" ? "predict" : "bias";  // where the result is shown

  // Repair combinations that cannot run, one field at a time, most specific first.
  auto setup = make_shuffle_setup(state);
  if (setup) return;
  fields.notice(setup.error());
  const std::array<void (*)(ShuffleLabState&, const ShuffleLabState&), 7> repairs{
      [](ShuffleLabState& s, const ShuffleLabState&) {
        if (s.algo == "cmp-v8" || s.algo == "cmp-v8-chromium") s.n = std::min(s.n, kMaxV8ModelCards);
      },
      [](ShuffleLabState& s, const ShuffleLabState&) { s.take = std::min(s.take, s.n); },
      [](ShuffleLabState& s, const ShuffleLabState& d) { s.keys = d.keys; },
      [](ShuffleLabState& s, const ShuffleLabState&) {
        if (const auto* g = find_shuffle_generator(s.gen)) s.bits = std::min(g->native_bits, 53u);
      },
      [](ShuffleLabState& s, const ShuffleLabState&) {
        if (const auto* g = find_shuffle_generator(s.gen)) s.seed = g->default_seed;
      },
      [](ShuffleLabState& s, const ShuffleLabState& d) { s.method = d.method, s.bits = d.bits, s.warmup = d.warmup; },
      [](ShuffleLabState& s, const ShuffleLabState& d) {
        s.gen = d.gen, s.seed = d.seed, s.method = d.method, s.bits = d.bits, s.warmup = d.warmup;
      },
  };
  for (auto repair : repairs) {
    repair(state, defaults);
    if (make_shuffle_setup(state)) return;
  }
  const std::string tab = state.tab;
  state = defaults;
  state.tab = tab;  // the result of a repaired setup is not the one the link meant: run is dropped
}

void encode_shuffle_lab(const ShuffleLabState& state, FieldWriter& out) {
  const ShuffleLabState d;
  const bool lin2003 = state.algo == kLin2003;
  out.add("algo", state.algo);
  out.add("n", state.n);
  if (state.algo == "partial" || state.take != d.take) out.add("take", state.take);
  if (state.algo == "sort-keys" || state.keys != d.keys) out.add("keys", state.keys);
  if (state.algo == "riffle" || state.algo == "overhand" || state.rounds != d.rounds) out.add("rounds", state.rounds);
  if (state.algo == "overhand" || state.cut != d.cut) out.add("cut", state.cut);
  // shuffle.c fixes its generator and method: write them only if they differ from the defaults.
  if (!lin2003 || state.gen != d.gen) out.add("gen", state.gen);
  out.add("seed", state.seed);
  if (!lin2003 || state.method != d.method) out.add("method", state.method);
  if (!lin2003 || state.bits != d.bits) out.add("bits", state.bits);
  if (state.warmup != d.warmup) out.add("warmup", state.warmup);
  out.add("t", state.t);
  if (state.faces != d.faces) out.add("faces", state.faces);
  if (state.tab != d.tab) out.add("tab", state.tab);
  if (state.shuffles != d.shuffles) out.add("shuffles", state.shuffles);
  if (state.time != d.time) out.add("time", state.time);
  if (state.guess != d.guess) out.add("guess", state.guess);
  if (state.window != d.window) out.add("window", state.window);
  if (state.lanes) out.add("lanes", "1");
  if (!state.run.empty()) out.add("run", state.run);
  if (!state.code.empty()) {
    const LinkTextField field = link_text_field(state.code, kPackCodeAbove);
    out.add(field.packed ? "codez" : "code", field.value);
  }
}

Result<std::string> decode_code_field(std::string_view encoded) {
  auto text = percent_decode(encoded, "code");
  if (!text) return text;
  return check_code_source(text.value());
}

// ---- Setup keys -------------------------------------------------------------

namespace {
std::string link_text(const ShuffleLabState& state) {
  FieldWriter out;
  encode_shuffle_lab(state, out);
  return out.text();
}
}  // namespace

// The other fields keep their defaults, so only these can change the key.
std::string shuffle_setup_key(const ShuffleLabState& state) {
  ShuffleLabState setup_only;
  setup_only.algo = state.algo, setup_only.n = state.n, setup_only.take = state.take, setup_only.keys = state.keys;
  setup_only.gen = state.gen, setup_only.seed = state.seed, setup_only.method = state.method;
  setup_only.bits = state.bits, setup_only.warmup = state.warmup;
  setup_only.rounds = state.rounds;
  setup_only.cut = state.cut;
  return link_text(setup_only);
}

std::string predict_setup_key(const ShuffleLabState& state) {
  return link_text({.time = state.time, .guess = state.guess, .window = state.window});
}

// ---- Setup ------------------------------------------------------------------

Result<ShuffleSetup> make_shuffle_setup(const ShuffleLabState& state) {
  using R = Result<ShuffleSetup>;
  if (state.n < 1 || state.n > kMaxLabCards)
    return R::fail("n: " + std::to_string(state.n) + " cards is outside 1.." + std::to_string(kMaxLabCards));
  ShuffleSetup setup;
  ShuffleAlgo algo = ShuffleAlgo::FisherYates;
  if (state.algo == kLin2003) {
    setup.lin2003 = true;
    if (state.seed > 0xFFFFFFFFu) return R::fail("seed: srand() takes 0..4294967295, got " + std::to_string(state.seed));
    setup.source = DrawSourceSpec{"glibc", state.seed, {DrawMethod::Kind::range, RangeMethod::float_scale, {}}, 31,
                                  kLin2003Warmup};
  } else {
    auto parsed = parse_shuffle_algo("algo", state.algo);
    if (!parsed) return R::fail(parsed.error() + " or lin2003");
    algo = *parsed;
    auto method = parse_draw_method("method", state.method);
    if (!method) return R::fail(method.error());
    setup.source = DrawSourceSpec{state.gen, state.seed, *method, state.bits, state.warmup};
  }
  const bool human = algo == ShuffleAlgo::Riffle || algo == ShuffleAlgo::Overhand;
  auto spec = make_human_shuffle_spec(algo, state.n, algo == ShuffleAlgo::Partial ? state.take : 0,
                                      algo == ShuffleAlgo::SortKeys ? state.keys : 0, human ? state.rounds : 0,
                                      algo == ShuffleAlgo::Overhand ? state.cut : 0);
  if (!spec) return R::fail(spec.error());
  setup.spec = *spec;
  auto source = DrawSource::make(setup.source, max_draw_bound(setup.spec));
  if (!source) return R::fail(source.error());
  return R::ok(setup);
}

std::string algo_label(const ShuffleLabState& state) {
  if (state.algo == kLin2003) return "shuffle.c (2003)";
  static const std::array<std::pair<std::string_view, std::string_view>, 16> labels{{
      {"fisher-yates", "Fisher-Yates"},
      {"pencil", "Pencil and paper"},
      {"pdep", "PDEP bitset"},
      {"sattolo", "Sattolo"},
      {"naive", "Naive swap"},
      {"sort-keys", "Sort by random keys"},
      {"partial", "Partial (lottery)"},
      {"cmp-insertion", "Random comparator: insertion sort"},
      {"cmp-binary-insertion", "Random comparator: binary insertion sort"},
      {"cmp-merge", "Random comparator: merge sort (glibc qsort)"},
      {"cmp-quick-first", "Random comparator: quicksort, first pivot"},
      {"cmp-quick-median3", "Random comparator: quicksort, median of three"},
      {"cmp-v8", "Random comparator: V8 Array.prototype.sort (node 20)"},
      {"cmp-v8-chromium", "Random comparator: V8 Array.prototype.sort (Chromium 156)"},
      {"riffle", "Riffle (Gilbert-Shannon-Reeds)"},
      {"overhand", "Overhand (Pemantle's model)"},
  }};
  for (const auto& [name, label] : labels)
    if (name == state.algo) return std::string(label);
  return state.algo;
}

// ---- Cards ------------------------------------------------------------------

CardFaces card_faces(const ShuffleLabState& state) {
  if (state.faces == "numbers") return CardFaces::numbers;
  if (state.n == 52) return CardFaces::standard;
  if (state.n == 78) return CardFaces::tarot;
  return CardFaces::numbers;
}

// ---- Recording --------------------------------------------------------------

Result<LabRecording> record_lab_shuffle(const ShuffleSetup& setup) {
  using R = Result<LabRecording>;
  auto made = DrawSource::make(setup.source, max_draw_bound(setup.spec));
  if (!made) return R::fail(made.error());
  DrawSource source = std::move(made.value());
  LabRecording out;
  out.setup = setup;
  out.recording.n = setup.spec.n;
  source.set_trace(&out.inputs);
  if (draws_adapt(setup.spec.algo)) {
    out.final_deck.resize(setup.spec.n);
    StepTape tape(&out.recording, [&out] { out.input_ends.push_back(out.inputs.size()); });
    run_adaptive(setup.spec, out.final_deck, source, tape);
    tape.begin_step();
    out.words_read = source.words_read();
    return R::ok(std::move(out));
  }
  ShuffleStepper stepper(setup.spec);
  while (!stepper.done()) {
    stepper.step(source, out.recording.events);
    out.recording.step_ends.push_back(out.recording.events.size());
    out.input_ends.push_back(out.inputs.size());
  }
  out.final_deck = stepper.cards();
  out.words_read = source.words_read();
  return R::ok(std::move(out));
}

namespace {
std::string name_of(CardFaces faces, std::uint32_t card) { return card_face(faces, card).name; }
std::string at_before(const ShuffleFrame& f, CardFaces faces, std::uint32_t position) {
  return name_of(faces, f.before[position]);
}

// Positions holding their final cards after `step` steps, and the next position worked on.
void settle(const ShuffleSpec& spec, std::uint32_t step, std::uint32_t total, ShuffleFrame& f) {
  const std::uint32_t n = spec.n;
  const bool finished = step >= total;
  switch (spec.algo) {
    case ShuffleAlgo::FisherYates:
    case ShuffleAlgo::Sattolo:
      f.settled_begin = finished ? 0 : n - step;
      f.settled_end = n;
      f.pivot = finished ? -1 : static_cast<std::int64_t>(n - 1 - step);
      break;
    case ShuffleAlgo::Partial:
      f.settled_begin = n - step;
      f.settled_end = n;
      f.pivot = finished ? -1 : static_cast<std::int64_t>(n - 1 - step);
      break;
    case ShuffleAlgo::Pencil:
    case ShuffleAlgo::Pdep:
      f.settled_end = step;
      f.pivot = finished ? -1 : static_cast<std::int64_t>(step);
      break;
    case ShuffleAlgo::Naive:
      f.pivot = finished ? -1 : static_cast<std::int64_t>(step);
      break;
    case ShuffleAlgo::SortKeys:
      f.settled_end = step > n ? step - n : 0;
      f.pivot = step >= n && !finished ? static_cast<std::int64_t>(step - n) : -1;
      break;
    case ShuffleAlgo::CmpInsertion:
    case ShuffleAlgo::CmpBinaryInsertion:
    case ShuffleAlgo::CmpMerge:
    case ShuffleAlgo::CmpQuickFirst:
    case ShuffleAlgo::CmpQuickMedian3:
    case ShuffleAlgo::CmpV8:
    case ShuffleAlgo::CmpV8Chromium:
    case ShuffleAlgo::Riffle:
    case ShuffleAlgo::Overhand:
      break;  // nothing is final before the end
  }
}

PdepStep pdep_step(const std::vector<std::uint32_t>& before, std::uint32_t placed, std::uint32_t rank,
                   std::uint32_t n) {
  // Remaining cards = those not yet placed in positions 0..placed-1.
  std::vector<bool> gone(n, false);
  for (std::uint32_t p = 0; p < placed; ++p) gone[before[p]] = true;
  PdepStep s;
  s.rank = rank;
  s.words = (n + 63) / 64;
  std::uint32_t below = 0;  // remaining cards in earlier words
  for (std::uint32_t w = 0; w < s.words; ++w) {
    std::uint64_t word = 0;
    for (std::uint32_t k = 0; k < 64 && 64 * w + k < n; ++k)
      if (!gone[64 * w + k]) word |= std::uint64_t{1} << k;
    const auto count = static_cast<std::uint32_t>(popcount64(word));
    if (rank < below + count) {
      s.word_index = w;
      s.rank_in_word = rank - below;
      s.set_before = word;
      s.scatter = ~(std::uint64_t{1} << s.rank_in_word);
      s.set_after = pdep_u64(s.scatter, word);
      s.card = 64 * w + static_cast<std::uint32_t>(ctz64(word ^ s.set_after));
      return s;
    }
    below += count;
  }
  return s;
}

// Comparator sorts, riffles and overhand shuffles: what the step's compare, cut or draw did.
std::string human_caption(ShuffleAlgo algo, const ShuffleFrame& f, CardFaces faces) {
  auto at = [&](std::uint32_t position) { return at_before(f, faces, position); };
  if (f.compare) {
    const ShuffleEvent& c = *f.compare;
    return "Compare " + at(c.a) + " (position " + std::to_string(c.a) + ") with " + at(c.b) + " (position " +
           std::to_string(c.b) + "): the coin says " + (c.c ? at(c.a) : at(c.b)) + " goes first" +
           (f.moves.empty() ? "." : "; the sort moves cards.");
  }
  if (algo == ShuffleAlgo::Riffle) {
    if (!f.cuts.empty())
      return "Cut: " + std::to_string(f.cuts[0].a) + " of " + std::to_string(f.cuts[0].a + f.cuts[0].b) +
             " coins came up 1, so the top packet has " + counted(f.cuts[0].a, "card") + ".";
    if (!f.draw) return "One packet is empty: the other falls as it is.";
    const std::string drop = f.moves.empty() ? "top" : "bottom";
    return "Drew " + std::to_string(f.draw->a) + " from [0, " + std::to_string(f.draw->b) + "): drop from the " + drop +
           " packet onto position " + std::to_string(f.draw->c) + ".";
  }
  if (!f.cuts.empty())
    return f.cuts.size() == 1 ? "Overhand: no cut fell, one packet: the deck stays as it is."
                              : "Overhand: " + std::to_string(f.cuts.size()) + " packets; they land in reverse order.";
  return "Lift the next packet (" + std::to_string(f.moves.size()) + " cards) onto the top.";
}

std::string caption_for(const LabRecording& rec, const ShuffleFrame& f, CardFaces faces) {
  const ShuffleSpec& spec = rec.setup.spec;
  const std::uint32_t n = spec.n;
  if (f.step == 0) {
    std::string start = "The unshuffled deck: card k at position k.";
    if (rec.setup.source.discard > 0 && !rec.inputs.empty())
      start += " The first step also throws away " + counted(rec.setup.source.discard, "warm-up word") + ".";
    return start;
  }
  if (draws_adapt(spec.algo)) return human_caption(spec.algo, f, faces);
  if (!f.draw) {  // sort-keys' arranging steps draw nothing
    if (f.moves.empty()) return "";
    const ShuffleEvent& m = f.moves.front();
    return "Sorting by key: " + at_before(f, faces, m.b) + " (key " + std::to_string(m.c) + ") goes to position " +
           std::to_string(m.a) + ".";
  }
  const ShuffleEvent& d = *f.draw;
  const std::string drew = "Drew " + std::to_string(d.a) + " from [0, " + std::to_string(d.b) + ")";
  auto at = [&](std::uint32_t position) { return at_before(f, faces, position); };
  switch (spec.algo) {
    case ShuffleAlgo::FisherYates:
    case ShuffleAlgo::Sattolo:
    case ShuffleAlgo::Partial: {
      const std::uint32_t top = d.c, j = d.a;
      std::string text = drew + ": ";
      if (j == top) text += "position " + std::to_string(top) + " keeps " + at(top);
      else text += "swap position " + std::to_string(top) + " (" + at(top) + ") with position " + std::to_string(j) +
                   " (" + at(j) + ")";
      text += ". Positions " + std::to_string(f.settled_begin) + ".." + std::to_string(n - 1) + " are shuffled.";
      return text;
    }
    case ShuffleAlgo::Pencil:
    case ShuffleAlgo::Pdep:
      return drew + ": strike remaining card number " + std::to_string(d.a) + " (" + at(d.c + d.a) +
             ") and place it at position " + std::to_string(d.c) + ".";
    case ShuffleAlgo::Naive:
      return drew + ": swap position " + std::to_string(d.c) + " (" + at(d.c) + ") with position " +
             std::to_string(d.a) + " (" + at(d.a) + "), any position, even a finished one.";
    case ShuffleAlgo::SortKeys:
      return drew + ": the key of " + name_of(faces, d.c) + ".";
    case ShuffleAlgo::CmpInsertion:
    case ShuffleAlgo::CmpBinaryInsertion:
    case ShuffleAlgo::CmpMerge:
    case ShuffleAlgo::CmpQuickFirst:
    case ShuffleAlgo::CmpQuickMedian3:
    case ShuffleAlgo::CmpV8:
    case ShuffleAlgo::CmpV8Chromium:
    case ShuffleAlgo::Riffle:
    case ShuffleAlgo::Overhand:
      return "";  // answered above
  }
  return "";
}
}  // namespace

ShuffleFrame shuffle_frame(const LabRecording& rec, CardFaces faces, std::uint64_t t) {
  ShuffleFrame f;
  f.total_steps = rec.total_steps();
  f.step = static_cast<std::uint32_t>(std::min<std::uint64_t>(t, f.total_steps));
  f.deck = deck_at_step(rec.recording, f.step);
  f.before = f.step == 0 ? f.deck : deck_at_step(rec.recording, f.step - 1);
  if (f.step > 0) {
    const std::size_t begin = f.step == 1 ? 0 : rec.recording.step_ends[f.step - 2];
    const std::size_t end = rec.recording.step_ends[f.step - 1];
    for (std::size_t e = begin; e < end; ++e) {
      const ShuffleEvent& event = rec.recording.events[e];
      if (event.kind == EventKind::Draw) f.draw = event;
      if (event.kind == EventKind::Swap || event.kind == EventKind::Move) f.moves.push_back(event);
      if (event.kind == EventKind::Compare) f.compare = event;
      if (event.kind == EventKind::Cut) f.cuts.push_back(event);
    }
    const std::size_t in_begin = f.step == 1 ? 0 : rec.input_ends[f.step - 2];
    f.inputs.assign(rec.inputs.begin() + static_cast<std::ptrdiff_t>(in_begin),
                    rec.inputs.begin() + static_cast<std::ptrdiff_t>(rec.input_ends[f.step - 1]));
  }
  settle(rec.setup.spec, f.step, f.total_steps, f);
  if (rec.setup.spec.algo == ShuffleAlgo::Pdep && f.draw)
    f.pdep = pdep_step(f.before, f.draw->c, f.draw->a, rec.setup.spec.n);
  f.caption = caption_for(rec, f, faces);
  return f;
}

// ---- Reachable decks --------------------------------------------------------

double log2_factorial(std::uint32_t n) {
  double sum = 0;
  for (std::uint32_t k = 2; k <= n; ++k) sum += std::log2(static_cast<double>(k));
  return sum;
}

std::vector<SeedSpaceRow> seed_space_rows(const ShuffleLabState& state) {
  std::vector<SeedSpaceRow> rows;
  const bool lin2003 = state.algo == kLin2003;
  if (const ShuffleGeneratorInfo* g = find_shuffle_generator(lin2003 ? "glibc" : state.gen)) {
    rows.push_back({"this setup: " + std::string(g->name) + " seeds", g->seeds_log2, std::string(g->seeds_note), true});
    if (g->state_bits > 64)
      rows.push_back({"this setup: " + std::string(g->name) + " state", static_cast<double>(g->state_bits),
                      "what the state could hold if it were seeded with all its bits", true});
  }
  rows.push_back({"shuffle.c, srand(time(NULL))", 32.0, "time_t cut to a 32-bit unsigned int", false});
  rows.push_back({"time(NULL) within one year", std::log2(365.0 * 86400.0),
                  "someone who knows the year the deck was shuffled", false});
  rows.push_back({"time(NULL) within one hour", std::log2(3600.0), "the Predict tab's window", false});
  rows.push_back({"tarot LFSR (32 bits, never 0)", find_shuffle_generator("tarot32")->seeds_log2,
                  "seed 000's register", false});
  rows.push_back({"One Chip LCRNG (32 bits)", 32.0, "seed 004's state", false});
  return rows;
}

ReachView reach_view(const ShuffleLabState& state) {
  ReachView view;
  view.log2_orders = log2_factorial(state.n);
  view.rows = seed_space_rows(state);
  view.bar_scale = view.log2_orders;
  for (const SeedSpaceRow& row : view.rows) view.bar_scale = std::max(view.bar_scale, row.log2_count);
  view.log2_seeds = view.rows.empty() ? 0 : view.rows.front().log2_count;
  view.seeds_fall_short = view.log2_seeds < view.log2_orders;
  view.log2_reached_fraction = view.log2_seeds - view.log2_orders;
  return view;
}

std::string shuffle_lab_link(const ShuffleLabState& state) {
  FieldWriter fields;
  encode_shuffle_lab(state, fields);
  return lab_link(kShuffleLabName, fields);
}

}  // namespace shufflelab
