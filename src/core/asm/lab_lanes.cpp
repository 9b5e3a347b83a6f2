#include "core/asm/lab_lanes.hpp"

#include <algorithm>

#include "core/dice/dice_sample.hpp"
#include "core/lfsr/lfsr_timeline.hpp"
#include "core/base/parse.hpp"

namespace shufflelab {

namespace {

constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15u;  // SplitMix64's increment

LabLanes none(std::string why) {
  LabLanes out;
  out.none = std::move(why);
  return out;
}

LaneValueSpec memory(std::string_view symbol, std::uint32_t bytes, bool big_endian) {
  return {LaneValueSpec::Kind::memory, symbol, bytes, big_endian};
}

std::string hex(std::uint64_t v, int digits) { return format_hex_upper(v, digits); }

constexpr std::uint64_t kGalois16Taps = 0xB400;  // the 6502 listing's 16-bit register

// The same lane on the 6502 listing's routine that does the same work (its
// data symbols carry the same names); a start-of-call mark moves to its entry.
LabLane on_6502(LabLane lane, AsmAlgorithm algorithm) {
  const bool at_entry = lane.mark_label == asm_algorithm_info(lane.algorithm).entry;
  lane.algorithm = algorithm;
  if (at_entry) lane.mark_label = asm_algorithm_info(algorithm).entry;
  return lane;
}

// A call of a listing that starts from the state at the lab's previous step:
// at step 0 the first call is shown before it runs (cursor 0, value = the seed).
void mark_start_or_end(LabLane& lane, bool at_start) {
  if (at_start) {
    lane.mark_label = asm_algorithm_info(lane.algorithm).entry;
    lane.mark_count = 1;
  }
}

}  // namespace

// ---- LFSR lab -------------------------------------------------------------------
LabLanes lfsr_lab_lanes(const LfsrLabState& state, LabTimeline& timeline) {
  const std::string with_listing =
      "Listings exist for tarot32 (width 32, mask CF: Game Boy and 6502; width 16, mask B4: 6502), z80 (Z80) and "
      "lcg32 with the onechip preset (PIC and 6502) and xorshift (width 16 or 32: 6502).";
  const std::uint64_t t = state.t;
  LabLane lane;
  switch (state.gen) {
    case LabGen::tarot32: {
      const std::uint64_t taps = lab_galois_taps(state);
      const bool tarot = state.width == 32 && taps == tarot_taps(32, 0xCF);
      if (!tarot && !(state.width == 16 && taps == kGalois16Taps))
        return none("The Game Boy and 6502 listings hard-code a 32-bit register with mask CF in the top byte (taps " +
                    hex(tarot_taps(32, 0xCF), 8) + "), the 6502 one also a 16-bit register with mask B4 (taps " +
                    hex(kGalois16Taps, 4) + "); this register is " + std::to_string(state.width) +
                    " bits wide with taps " + hex(taps, (state.width + 3) / 4) +
                    ", so the listings would show other numbers. " + with_listing);
      const std::uint64_t call = t == 0 ? 0 : (t - 1) / 8;  // LFSR() call holding bit-step t
      const std::uint64_t shifts = t - 8 * call;             // 0..8 shifts of it done at t
      const std::uint64_t before = std::get<GaloisLfsr>(timeline.at(8 * call)).state;
      const std::uint64_t at_t = std::get<GaloisLfsr>(timeline.at(t)).state;
      const std::string call_label = "LFSR() call " + std::to_string(call + 1) + " (bit-steps " +
                                     std::to_string(8 * call + 1) + ".." + std::to_string(8 * call + 8) +
                                     "), stopped after shift " + std::to_string(shifts) + " of 8";
      // Stopped where shift `shifts` of the call is done (taps included).
      auto galois_lane = [&](AsmAlgorithm algorithm, std::string_view next_label) {
        LabLane l;
        l.algorithm = algorithm;
        l.inputs = {before, 0, 6, 1};
        l.lab_value = {at_t};
        l.call_label = call_label;
        if (t == 0) mark_start_or_end(l, true);
        else if (shifts < 8) l.mark_label = next_label, l.mark_count = static_cast<std::uint32_t>(shifts);
        return l;
      };
      LabLanes out;
      if (tarot) {
        LabLane gb = galois_lane(AsmAlgorithm::sm83_lfsr, "tarot_next");
        if (t == 0) {
          gb.value = memory("LFSR0", 4, true);
          gb.lab_label = "register at bit-step 0 (the seed), lfsr0..lfsr3 in memory";
        } else {
          gb.value = {LaneValueSpec::Kind::registers, "BCDE", 4, true};
          gb.lab_label = "register at bit-step " + std::to_string(t) + " (B:C:D:E hold lfsr0..lfsr3)";
        }
        out.lanes.push_back(std::move(gb));
      }
      LabLane mos = tarot ? galois_lane(AsmAlgorithm::mos6502_lfsr, "tarot_next")
                          : galois_lane(AsmAlgorithm::mos6502_lfsr16, "g16_next");
      mos.value = tarot ? memory("LFSR0", 4, true) : memory("G16HI", 2, true);
      mos.lab_label = "register at bit-step " + std::to_string(t) + " (the 6502 shifts it in zero page, top byte first)";
      out.lanes.push_back(std::move(mos));
      return out;
    }
    case LabGen::z80: {
      lane.algorithm = AsmAlgorithm::z80_lfsr;
      const std::uint64_t before = t == 0 ? 0 : t - 1;
      lane.inputs = {std::get<Z80Lfsr>(timeline.at(before)).packed(), 0, 6, 1};
      lane.lab_value = {std::get<Z80Lfsr>(timeline.at(t)).packed()};
      mark_start_or_end(lane, t == 0);
      lane.value = memory("SEED", 8, true);
      lane.lab_label = "_LFSRSeed+0..+7 at call " + std::to_string(t);
      lane.call_label = t == 0 ? "call 1, about to run" : "call " + std::to_string(t) + ", at its end";
      break;
    }
    case LabGen::lcg32: {
      if (state.preset < 0 || static_cast<std::size_t>(state.preset) >= kLcgPresets.size() ||
          kLcgPresets[static_cast<std::size_t>(state.preset)].name != "onechip")
        return none("The PIC listing hard-codes the One Chip constants (a = 1664525, c = 1013904223, mod 2^32); "
                    "pick the onechip preset to see it. " + with_listing);
      lane.algorithm = AsmAlgorithm::pic_lcrng;
      const std::uint64_t before = t == 0 ? 0 : t - 1;
      lane.inputs = {std::get<Lcg32>(timeline.at(before)).state, 0, 6, 1};
      lane.lab_value = {std::get<Lcg32>(timeline.at(t)).state};
      mark_start_or_end(lane, t == 0);
      lane.value = memory("STATE", 4, false);
      lane.lab_label = "LCG state after output " + std::to_string(t);
      lane.call_label = t == 0 ? "call 1, about to run" : "call " + std::to_string(t) + ", at its end";
      LabLanes out;
      out.lanes.push_back(lane);
      out.lanes.push_back(on_6502(std::move(lane), AsmAlgorithm::mos6502_lcrng));  // STATE: the same bytes, low first
      return out;
    }
    case LabGen::xorshift: {  // the listings hold the triples kXorshiftTriples gives each width
      const bool wide = state.width == 32;
      lane.algorithm = wide ? AsmAlgorithm::mos6502_xorshift32 : AsmAlgorithm::mos6502_xorshift16;
      const std::uint64_t before = t == 0 ? 0 : t - 1;
      lane.inputs = {std::get<Xorshift>(timeline.at(before)).state, 0, 6, 1};
      lane.lab_value = {std::get<Xorshift>(timeline.at(t)).state};
      mark_start_or_end(lane, t == 0);
      lane.value = wide ? memory("XS32", 4, false) : memory("XS16HI", 2, true);
      lane.lab_label = "xorshift state after output " + std::to_string(t);
      lane.call_label = t == 0 ? "call 1, about to run" : "call " + std::to_string(t) + ", at its end";
      break;
    }
    default:
      return none("No listing for " + std::string(lab_gen_name(state.gen)) + ". " + with_listing);
  }
  LabLanes out;
  out.lanes.push_back(std::move(lane));
  return out;
}

// ---- dice lab -----------------------------------------------------------------------
Result<DiceRoll> dice_lab_roll(const DiceLabState& state) {
  using R = Result<DiceRoll>;
  const DiceMethodInfo* method = find_dice_method(state.method);
  if (!method) return R::fail("method: unknown method \"" + state.method + "\"");
  if (const std::string problem = die_problem(*method, state.sides, static_cast<unsigned>(state.bits)); !problem.empty())
    return R::fail(problem);
  if (state.roll > kMaxDiceStepRoll)
    return R::fail("roll: at most " + std::to_string(kMaxDiceStepRoll) + " (the stepper replays the rolls before it)");
  auto generator = make_dice_generator(state.gen, state.seed);
  if (!generator) return R::fail(generator.error());
  DiceWordSource source(std::move(generator.value()), static_cast<unsigned>(state.bits));
  DiceRoll out;
  out.roll = state.roll;
  std::uint64_t roll = 0;
  // A stuck generator (the all-ones Z80 register repeats FF) can make a
  // rejecting method loop for ever: past the limit, feed a word every method
  // accepts (0; all ones for Lemire) and report the failure.
  constexpr std::uint64_t kWordLimit = 1'000'000;
  const bool lemire = method->range == RangeMethod::lemire;
  bool stuck = false;
  source.run([&](auto&& next_word) {
    auto word = [&]() -> std::uint64_t {
      if (out.words_before + out.words.size() >= kWordLimit) {
        stuck = true;
        return lemire ? ~std::uint64_t{0} : 0;
      }
      const std::uint64_t w = next_word();
      if (roll == state.roll) out.words.push_back(w);
      else ++out.words_before;
      return w;
    };
    if (method->coin_flips()) {
      const auto roller = FastDiceRoller::make(state.sides, method->fdr);  // die_problem checked the sides
      CoinReservoir coins(static_cast<unsigned>(state.bits));
      for (; roll <= state.roll; ++roll) out.value = roller.value().draw([&] { return coins.flip(word); });
    } else {
      const auto reducer = RangeReducer::make(*method->range, state.sides, static_cast<unsigned>(state.bits));
      for (; roll <= state.roll; ++roll) out.value = reducer.value().draw(word);
    }
  });
  if (stuck)
    return R::fail("seed: the rolls up to " + std::to_string(state.roll) + " read over " + std::to_string(kWordLimit) +
                   " words without an accepted one (a stuck generator state?)");
  return R::ok(std::move(out));
}

LabLanes dice_lab_lanes(const DiceLabState& state) {
  const std::string with_listing =
      "Listings: mulhi-minus1, mulhi and maxu8 on 8-bit words (Z80, up to 255 sides; mulhi also 6502), reject on "
      "z80 bytes (Z80) and on tarot32 bytes (6502), lemire on 64-bit splitmix64 words (x86-64) and fdr-tarot on "
      "tarot32 bytes (Game Boy, 2..128 sides).";
  const auto rolled = dice_lab_roll(state);
  if (!rolled) return none(rolled.error());
  const DiceRoll& roll = rolled.value();
  LabLane lane;
  lane.inputs.n = state.sides;
  lane.lab_value = {roll.value};
  lane.lab_label = "value of roll " + std::to_string(roll.roll) + " (face " + std::to_string(roll.value + 1) + ")";
  lane.call_label = "the call that makes roll " + std::to_string(roll.roll);
  const bool bytes = state.bits == 8 && state.sides <= 255;
  const std::string& m = state.method;
  if (bytes && (m == "mulhi-minus1" || m == "mulhi" || m == "maxu8")) {
    lane.algorithm = m == "mulhi" ? AsmAlgorithm::z80_roll_exact
                     : m == "maxu8" ? AsmAlgorithm::z80_maxu8
                                    : AsmAlgorithm::z80_roll_minus1;
    lane.inputs.x = roll.words.front();  // these methods read one byte per roll
    lane.note = "The routine takes the byte in A, whatever generator made it.";
  } else if (bytes && m == "reject" && state.gen == "tarot32") {
    lane.algorithm = AsmAlgorithm::mos6502_reject;
    GaloisLfsr lfsr = std::get<GaloisLfsr>(make_dice_generator(state.gen, state.seed).value().engine());
    for (std::uint64_t i = 0; i < roll.words_before; ++i) lfsr.next_byte();
    lane.inputs.seed = lfsr.state;
  } else if (bytes && m == "reject" && state.gen == "z80") {
    lane.algorithm = AsmAlgorithm::z80_reject;
    Z80Lfsr lfsr = std::get<Z80Lfsr>(make_dice_generator(state.gen, state.seed).value().engine());
    for (std::uint64_t i = 0; i < roll.words_before; ++i) lfsr.next_byte();
    lane.inputs.seed = lfsr.packed();
  } else if (m == "lemire" && state.gen == "splitmix64" && state.bits == 64) {
    lane.algorithm = AsmAlgorithm::x86_lemire;
    const auto start = std::get<SplitMix64>(make_dice_generator(state.gen, state.seed).value().engine()).state;
    lane.inputs.seed = start + roll.words_before * kGolden;  // the counter after the earlier rolls' words
  } else if (m == "fdr-tarot" && state.gen == "tarot32" && state.bits == 8 && state.sides <= 128) {
    lane.algorithm = AsmAlgorithm::sm83_roll;
    lane.inputs.seed = std::get<GaloisLfsr>(make_dice_generator(state.gen, state.seed).value().engine()).state;
    lane.inputs.calls = static_cast<std::uint32_t>(roll.roll + 1);
    lane.note = "The coin queue keeps unread bits between rolls, so the listing runs the rolls before this one too.";
  } else {
    return none("No listing rolls this die (method " + m + ", " + std::to_string(state.bits) + "-bit words from " +
                state.gen + ", " + std::to_string(state.sides) + " sides). " + with_listing);
  }
  LabLanes out;
  out.lanes.push_back(lane);
  if (lane.algorithm == AsmAlgorithm::z80_roll_exact) {  // the 6502 multiplies the same byte
    lane.note = "The 6502 routine takes the byte in A, whatever generator made it.";
    out.lanes.push_back(on_6502(std::move(lane), AsmAlgorithm::mos6502_mulhi));
  }
  return out;
}

// ---- shuffle lab --------------------------------------------------------------------
LabLanes shuffle_lab_lanes(const ShuffleLabState& state, const LabRecording& recording) {
  const std::string with_listing =
      "Listings: Fisher-Yates over 78 cards from tarot32 bytes by fdr-tarot (Game Boy), over 52 cards from tarot32 "
      "bytes by reject (6502), and the PDEP strike (x86-64; plus Lemire when it draws from 64-bit splitmix64 words).";
  const ShuffleSetup& setup = recording.setup;
  const std::uint32_t total = recording.total_steps();
  if (total == 0) return none("This shuffle makes no draws. " + with_listing);
  const auto t = static_cast<std::uint32_t>(std::min<std::uint64_t>(state.t, total));
  LabLanes out;
  if (!setup.lin2003 && setup.spec.algo == ShuffleAlgo::FisherYates) {
    const DrawSourceSpec& src = setup.source;
    const bool bytes = src.generator == "tarot32" && src.bits == 8 && src.discard == 0;
    const bool game_boy = bytes && setup.spec.n == 78 && src.method.kind == DrawMethod::Kind::fdr &&
                          src.method.fdr == FdrVariant::tarot;
    const bool mos6502 = bytes && setup.spec.n == 52 && src.method.kind == DrawMethod::Kind::range &&
                         src.method.range == RangeMethod::mask_reject;
    if (!game_boy && !mos6502)
      return none("The Game Boy listing shuffles 78 cards from tarot32 bytes with fdr-tarot on 8-bit words and no "
                  "warm-up, the 6502 one 52 cards with reject; this setup differs. " + with_listing);
    LabLane lane;
    lane.algorithm = game_boy ? AsmAlgorithm::sm83_shuffle : AsmAlgorithm::mos6502_shuffle;
    lane.inputs = {src.seed, 0, 6, 1};
    if (t < total) lane.mark_label = "shuffle_swap", lane.mark_count = t + 1;
    lane.value = memory("DECK", setup.spec.n, true);
    ShuffleFrame frame = shuffle_frame(recording, CardFaces::numbers, t);
    lane.lab_value.assign(frame.deck.begin(), frame.deck.end());
    lane.lab_label = "the deck after step " + std::to_string(t);
    lane.call_label = "the shuffle, stopped after swap " + std::to_string(t) + " of " + std::to_string(total);
    out.lanes.push_back(std::move(lane));
    return out;
  }
  if (setup.lin2003 || setup.spec.algo != ShuffleAlgo::Pdep)
    return none("No listing for " + algo_label(state) + ". " + with_listing);
  const std::uint32_t step = std::max<std::uint32_t>(t, 1);  // at t = 0: the first draw, about to happen
  const ShuffleFrame frame = shuffle_frame(recording, CardFaces::numbers, step);
  if (!frame.pdep) return none("This step has no PDEP strike.");
  const PdepStep& p = *frame.pdep;
  const std::string which = t == 0 ? "step 1 (next)" : "step " + std::to_string(step);
  LabLane strike;
  strike.algorithm = AsmAlgorithm::x86_strike;
  strike.inputs = {p.set_before, 0, p.rank_in_word, 1};
  strike.lab_value = {p.card - 64 * p.word_index};
  strike.lab_label = "card struck at " + which + (p.words > 1 ? " (within 64-card word " +
                                                                  std::to_string(p.word_index) + ")" : "");
  strike.call_label = "strike rank " + std::to_string(p.rank_in_word) + " of the word's remaining cards";
  out.lanes.push_back(std::move(strike));
  const DrawSourceSpec& src = setup.source;
  if (src.method.kind == DrawMethod::Kind::range && src.method.range == RangeMethod::lemire &&
      src.generator == "splitmix64" && src.bits == 64) {
    const std::size_t before = step == 1 ? 0 : recording.input_ends[step - 2];
    LabLane lemire;
    lemire.algorithm = AsmAlgorithm::x86_lemire;
    lemire.inputs = {src.seed + before * kGolden, 0, setup.spec.n - (step - 1), 1};
    lemire.lab_value = {p.rank};
    lemire.lab_label = "rank drawn at " + which;
    lemire.call_label = "draw in [0, " + std::to_string(lemire.inputs.n) + ")";
    out.lanes.push_back(std::move(lemire));
  }
  return out;
}

// ---- poker lab --------------------------------------------------------------------
LabLanes poker_lab_lanes(const PokerLabState& state) {
  const PokerDealView view = poker_deal_view(state);
  const std::uint32_t s = view.step;
  LabLanes out;
  LabLane call;
  call.algorithm = AsmAlgorithm::pic_lcrng;
  call.inputs = {s == 0 ? view.seed : (s == 1 ? view.seed : view.calls[s - 2].state), 0, 6, 1};
  mark_start_or_end(call, s == 0);
  call.value = memory("STATE", 4, false);
  call.lab_value = {view.state};
  call.lab_label = "LCRNG state after call " + std::to_string(s);
  call.call_label = s == 0 ? "call 1, about to run" : "call " + std::to_string(s) + ", at its end";
  out.lanes.push_back(call);
  LabLane deal;
  deal.algorithm = AsmAlgorithm::pic_deal;
  deal.inputs = {view.seed, 0, 6, 1};
  if (s < view.deal.calls) deal.mark_label = "lcrng", deal.mark_count = s + 1;
  deal.value = memory("STATE", 4, false);
  deal.lab_value = {view.state};
  deal.lab_label = "LCRNG state after call " + std::to_string(s);
  deal.call_label = "the deal, stopped after LCRNG call " + std::to_string(s) + " of " + std::to_string(view.deal.calls);
  out.lanes.push_back(std::move(deal));
  out.lanes.push_back(on_6502(std::move(call), AsmAlgorithm::mos6502_lcrng));  // the call on the 6502: 32-bit multiply
  return out;
}

// ---- wasm functions -----------------------------------------------------------------
std::vector<std::string_view> lane_wasm_functions(AsmAlgorithm algorithm) {
  const AsmAlgorithmInfo& info = asm_algorithm_info(algorithm);
  const AsmProgram& listing = asm_program(info.isa);
  std::vector<std::string_view> snippets{info.cpp_snippet};
  for (const auto name : info.routines)
    if (const AsmRoutine* r = listing.routine(name))
      for (std::size_t i = r->first_row; i < r->end_row; ++i) snippets.push_back(listing.rows[i].cpp_snippet);
  std::vector<std::string_view> out;
  for (const AsmRoutine& routine : asm_program(AsmIsa::wasm).routines)  // summary: the snippet it compiles
    if (std::find(snippets.begin(), snippets.end(), routine.summary) != snippets.end()) out.push_back(routine.name);
  return out;
}

std::vector<std::size_t> rows_on_cpp_line(const AsmProgram& program, const AsmRoutine& routine, std::string_view file,
                                          std::uint32_t line) {
  std::vector<std::size_t> out;
  for (std::size_t i = routine.first_row; i < routine.end_row && i < program.rows.size(); ++i)
    if (line != 0 && program.rows[i].cpp_line == line && program.rows[i].cpp_file == file) out.push_back(i);
  return out;
}

// ---- running a lane -------------------------------------------------------------------
Result<LaneRun> LaneRun::start(const LabLane& lane) {
  using R = Result<LaneRun>;
  auto session = AsmSession::start(lane.algorithm, lane.inputs);
  if (!session) return R::fail(session.error());
  AsmSession& s = session.value();
  std::uint64_t steps = 0;
  while (s.calls_done() + 1 < lane.inputs.calls) {
    if (const auto r = s.step(); !r) return R::fail(r.error());
    ++steps;
  }
  const AsmProgram& program = s.program();
  const std::ptrdiff_t mark_row = lane.mark_label.empty() ? -1 : program.label_row(lane.mark_label);
  std::uint64_t length = 0, marks = 0;
  std::optional<std::uint64_t> at_mark;
  while (!s.done()) {
    if (mark_row >= 0 && s.current_row() == mark_row && ++marks == lane.mark_count && !at_mark) at_mark = length;
    if (const auto r = s.step(); !r) return R::fail(r.error());
    ++length;
  }
  auto fresh = AsmSession::start(lane.algorithm, lane.inputs);
  if (!fresh) return R::fail(fresh.error());
  LaneRun run(lane, std::move(fresh.value()));
  run.call_start_ = steps;
  run.call_length_ = length;
  run.default_cursor_ = at_mark.value_or(length);
  if (const auto r = run.run_to(run.default_cursor_); !r) return R::fail(r.error());
  return R::ok(std::move(run));
}

Result<bool> LaneRun::run_to(std::uint64_t cursor) {
  cursor = std::min(cursor, call_length_);
  const std::uint64_t target = call_start_ + cursor;
  if (target < steps_) {  // back: run again from the start
    auto fresh = AsmSession::start(lane_.algorithm, lane_.inputs);
    if (!fresh) return Result<bool>::fail(fresh.error());
    session_ = std::move(fresh.value());
    steps_ = 0;
  }
  for (; steps_ < target; ++steps_)
    if (const auto r = session_.step(); !r) return r;
  cursor_ = cursor;
  return Result<bool>::ok(true);
}

Result<bool> LaneRun::seek(std::uint64_t cursor) { return run_to(cursor); }

std::ptrdiff_t LaneRun::lit_row() const {
  return session_.current_row() >= 0 ? session_.current_row() : session_.last_row();
}

const CppSnippet* LaneRun::snippet() const {
  const std::ptrdiff_t row = lit_row();
  const AsmAlgorithmInfo& info = session_.info();
  if (row < 0) return find_cpp_snippet(info.cpp_snippet);
  const AsmRow& r = session_.program().rows[static_cast<std::size_t>(row)];
  return find_cpp_snippet(r.cpp_snippet.empty() ? info.cpp_snippet : r.cpp_snippet);
}

std::string_view LaneRun::cpp_file() const {
  const std::ptrdiff_t row = lit_row();
  return row < 0 ? std::string_view{} : session_.program().rows[static_cast<std::size_t>(row)].cpp_file;
}

std::uint32_t LaneRun::cpp_line() const {
  const std::ptrdiff_t row = lit_row();
  return row < 0 ? 0 : session_.program().rows[static_cast<std::size_t>(row)].cpp_line;
}

std::vector<std::uint64_t> LaneRun::value() const {
  const LaneValueSpec& spec = lane_.value;
  switch (spec.kind) {
    case LaneValueSpec::Kind::outputs: {
      if (!session_.done()) return {};  // the call has not returned yet
      const auto& all = session_.outputs();
      const std::size_t per_call = all.size() / std::max<std::uint32_t>(session_.calls_done(), 1);
      return {all.end() - static_cast<std::ptrdiff_t>(per_call), all.end()};
    }
    case LaneValueSpec::Kind::memory:
      for (const AsmMemoryView& m : session_.memory()) {
        if (m.name != spec.name || m.bytes.size() < spec.bytes) continue;
        if (spec.bytes > 8) return {m.bytes.begin(), m.bytes.begin() + spec.bytes};
        std::uint64_t v = 0;
        for (std::uint32_t i = 0; i < spec.bytes; ++i)
          v |= std::uint64_t{m.bytes[i]} << (8 * (spec.big_endian ? spec.bytes - 1 - i : i));
        return {v};
      }
      return {};
    case LaneValueSpec::Kind::registers: {
      std::uint64_t v = 0;
      const auto regs = session_.registers();
      for (const char name : spec.name)
        for (const AsmRegisterView& r : regs)
          if (r.name.size() == 1 && r.name[0] == name) v = v << r.bits | r.value;
      return {v};
    }
  }
  return {};
}

}  // namespace shufflelab
