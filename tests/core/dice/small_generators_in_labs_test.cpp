// The small generators of 8-bit code (core/gen/generator_presets.hpp) in the
// Dice and Shuffle labs: every preset is offered under its own name, its
// default seed gives the bytes its published recurrence gives (written out
// here from the sources generator_presets.hpp cites, not taken from the
// core's engines) and the bytes the LFSR lab shows for it, its links open
// cleanly and come back unchanged, and the chooser's links open its pick.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/app_session.hpp"
#include "core/chooser/chooser_pick.hpp"
#include "core/chooser/chooser_table.hpp"
#include "core/dice/dice_lab.hpp"
#include "core/dice/dice_lanes.hpp"
#include "core/dice/dice_sample.hpp"
#include "core/gen/generator_presets.hpp"
#include "core/inline_job_runner.hpp"
#include "core/lfsr/lfsr_lab.hpp"
#include "core/lfsr/lfsr_timeline.hpp"
#include "core/shuffle/shuffle_lab.hpp"
#include "core/shuffle/shuffle_source.hpp"

namespace shufflelab {
namespace {

using Bytes = std::vector<std::uint32_t>;
constexpr int kBytes = 16;

// Right-shifting Galois register (Wikipedia's loop: lsb = lfsr & 1;
// lfsr >>= 1; if (lsb) lfsr ^= mask), tap k of the polynomial at mask bit
// k - 1 (16,14,13,11 -> 0xB400); a byte is the top byte after 8 shifts.
Bytes galois(int width, std::initializer_list<int> taps, std::uint32_t lfsr, int count) {
  std::uint32_t mask = 0;
  for (int k : taps) mask |= 1u << (k - 1);
  Bytes out;
  for (int b = 0; b < count; ++b) {
    for (int i = 0; i < 8; ++i) {
      const std::uint32_t lsb = lfsr & 1u;
      lfsr >>= 1;
      if (lsb) lfsr ^= mask;
    }
    out.push_back(lfsr >> (width - 8));
  }
  return out;
}

// Fibonacci register (Wikipedia's loop: bit = XOR of lfsr >> (width - k) over
// the taps k; lfsr = (lfsr >> 1) | (bit << (width - 1))); a byte is the 8
// bits that fall out of bit 0, the first one in bit 0.
Bytes fibonacci(int width, std::initializer_list<int> taps, std::uint32_t lfsr, int count) {
  Bytes out;
  for (int b = 0; b < count; ++b) {
    std::uint32_t byte = 0;
    for (int i = 0; i < 8; ++i) {
      byte |= (lfsr & 1u) << i;
      std::uint32_t bit = 0;
      for (int k : taps) bit ^= lfsr >> (width - k);
      lfsr = (lfsr >> 1) | ((bit & 1u) << (width - 1));
    }
    out.push_back(byte);
  }
  return out;
}

// Metcalf's 16-bit xorshift (7, 9, 8) and Marsaglia's 32-bit one (13, 17, 5);
// `word` keeps the whole output instead of its top byte.
std::vector<std::uint32_t> xorshift16(std::uint32_t x, int count, bool word = false) {
  std::vector<std::uint32_t> out;
  for (int i = 0; i < count; ++i) {
    x ^= (x << 7) & 0xFFFF;
    x ^= x >> 9;
    x ^= (x << 8) & 0xFFFF;
    out.push_back(word ? x : x >> 8);
  }
  return out;
}
std::vector<std::uint32_t> xorshift32(std::uint32_t y, int count, bool word = false) {
  std::vector<std::uint32_t> out;
  for (int i = 0; i < count; ++i) {
    y ^= y << 13;
    y ^= y >> 17;
    y ^= y << 5;
    out.push_back(word ? y : y >> 24);
  }
  return out;
}

// CPCWiki's x' = 5x + 1 mod 256 (the byte is the state) and GETRAND's
// x' = 5x + $3611 mod 65536 (the byte is the high byte).
Bytes lcg8(std::uint32_t x, int count) {
  Bytes out;
  for (int i = 0; i < count; ++i) out.push_back(x = (5 * x + 1) & 0xFF);
  return out;
}
std::vector<std::uint32_t> lcg16(std::uint32_t x, int count, bool word = false) {
  std::vector<std::uint32_t> out;
  for (int i = 0; i < count; ++i) {
    x = (5 * x + 0x3611) & 0xFFFF;
    out.push_back(word ? x : x >> 8);
  }
  return out;
}

struct Expected {
  std::string_view name;
  std::string_view dice_seed;  // the Dice lab's default seed, as its link writes it
  std::uint32_t seed;          // the same number (the Shuffle lab's default seed)
  std::function<Bytes(std::uint32_t, int)> bytes;
};

// Default seeds: the starting states the sources print where they print one
// (Wikipedia's 0xACE1, Metcalf's 1, Marsaglia's 2463534242), else 1.
const std::vector<Expected>& expected() {
  static const std::vector<Expected> rows{
      {"galois8", "1", 1, [](std::uint32_t s, int n) { return galois(8, {8, 6, 5, 4}, s, n); }},
      {"galois16", "ACE1", 0xACE1, [](std::uint32_t s, int n) { return galois(16, {16, 14, 13, 11}, s, n); }},
      {"fibonacci8", "1", 1, [](std::uint32_t s, int n) { return fibonacci(8, {8, 6, 5, 4}, s, n); }},
      {"fibonacci16", "ACE1", 0xACE1, [](std::uint32_t s, int n) { return fibonacci(16, {16, 14, 13, 11}, s, n); }},
      {"xorshift16", "1", 1, [](std::uint32_t s, int n) { return xorshift16(s, n); }},
      {"xorshift32", "92D68CA2", 2463534242u, [](std::uint32_t s, int n) { return xorshift32(s, n); }},
      {"lcg8", "1", 1, [](std::uint32_t s, int n) { return lcg8(s, n); }},
      {"lcg16", "1", 1, [](std::uint32_t s, int n) { return lcg16(s, n); }},
  };
  return rows;
}

// The first `count` B-bit words the Dice lab's rolls read.
std::vector<std::uint32_t> dice_words(std::string_view gen, std::string_view seed, unsigned bits, int count) {
  auto g = make_dice_generator(gen, seed);
  EXPECT_TRUE(g.has_value()) << gen << ": " << (g ? "" : g.error());
  std::vector<std::uint32_t> out;
  DiceWordSource words(g.value(), bits);
  words.run([&](auto&& next_word) {
    for (int i = 0; i < count; ++i) out.push_back(static_cast<std::uint32_t>(next_word()));
  });
  return out;
}

// The first `count` B-bit words a Shuffle lab deal reads (mask-and-reject
// keeps the rejected words in the trace too).
std::vector<std::uint32_t> shuffle_words(std::string_view gen, std::uint64_t seed, unsigned bits, int count) {
  DrawSourceSpec spec;
  spec.generator = std::string(gen);
  spec.seed = seed;
  spec.method = parse_draw_method("method", "reject").value();
  spec.bits = bits;
  auto made = DrawSource::make(spec, 52);
  EXPECT_TRUE(made.has_value()) << gen << ": " << (made ? "" : made.error());
  DrawSource source = made.value();
  std::vector<DrawInput> trace;
  source.set_trace(&trace);
  while (trace.size() < static_cast<std::size_t>(count)) source(52);
  std::vector<std::uint32_t> out;
  for (int i = 0; i < count; ++i) out.push_back(static_cast<std::uint32_t>(trace[static_cast<std::size_t>(i)].value));
  return out;
}

// The output bytes the LFSR lab shows for the generator from `seed`: the
// stepper's completed bytes after 8 bytes' worth of steps.
Bytes lfsr_lab_bytes(std::string_view gen, std::uint64_t seed) {
  auto made = lab_state_for(gen);
  EXPECT_TRUE(made.has_value()) << gen;
  LfsrLabState state = made.value();
  state.seed = seed;
  auto made_timeline = LabTimeline::make(state);
  EXPECT_TRUE(made_timeline.has_value()) << gen << ": " << (made_timeline ? "" : made_timeline.error());
  LabTimeline timeline = made_timeline.value();
  Bytes out;
  if (lab_gen_steps_bits(state.gen)) {
    state.t = 64;
    for (std::uint8_t b : lfsr_view(state, timeline).recent_bytes) out.push_back(b);
  } else {
    state.t = 8;
    for (const OutputRow& row : outputs_view(state, timeline).recent) out.push_back(row.byte);
  }
  return out;
}

void run_jobs(AppSession& app) {
  for (int i = 0; i < 100000 && app.busy(); ++i) app.tick(0.0);
}

TEST(SmallGeneratorsInLabs, EveryPresetIsInBothLabsUnderItsName) {
  ASSERT_EQ(expected().size(), generator_presets().size());
  for (const GeneratorPreset& preset : generator_presets()) {
    const DiceGeneratorInfo* dice = find_dice_generator(preset.name);
    ASSERT_NE(dice, nullptr) << preset.name;
    EXPECT_EQ(dice_generator_summary(*dice), preset.summary);
    EXPECT_FALSE(dice->seed_help.empty());
    const ShuffleGeneratorInfo* shuffle = find_shuffle_generator(preset.name);
    ASSERT_NE(shuffle, nullptr) << preset.name;
    EXPECT_FALSE(shuffle->seed_help.empty());
  }
  // The chooser's rows: each one is in both labs, so its links open its pick.
  auto table = chooser_table();
  ASSERT_TRUE(table) << table.error();
  for (const ChooserRow& row : table->rows) {
    EXPECT_NE(find_dice_generator(row.name), nullptr) << row.name;
    EXPECT_NE(find_shuffle_generator(row.name), nullptr) << row.name;
  }
}

TEST(SmallGeneratorsInLabs, DefaultSeedsGiveThePublishedRecurrenceInEveryLab) {
  for (const Expected& e : expected()) {
    const DiceGeneratorInfo* dice = find_dice_generator(e.name);
    const ShuffleGeneratorInfo* shuffle = find_shuffle_generator(e.name);
    ASSERT_TRUE(dice && shuffle) << e.name;
    EXPECT_EQ(dice->default_seed, e.dice_seed) << e.name;
    EXPECT_EQ(shuffle->default_seed, e.seed) << e.name;
    const Bytes published = e.bytes(e.seed, kBytes);
    EXPECT_EQ(dice_words(e.name, dice->default_seed, 8, kBytes), published) << e.name << " in the Dice lab";
    EXPECT_EQ(shuffle_words(e.name, shuffle->default_seed, 8, kBytes), published) << e.name << " in the Shuffle lab";
    const Bytes shown = lfsr_lab_bytes(e.name, e.seed);
    ASSERT_EQ(shown.size(), 8u) << e.name;
    EXPECT_TRUE(std::equal(shown.begin(), shown.end(), published.begin())) << e.name << " in the LFSR lab";
  }
  // Wider words are whole outputs of the 16- and 32-bit arithmetic generators.
  EXPECT_EQ(dice_words("xorshift16", "1", 16, 8), xorshift16(1, 8, true));
  EXPECT_EQ(shuffle_words("xorshift16", 1, 16, 8), xorshift16(1, 8, true));
  EXPECT_EQ(dice_words("xorshift32", "92D68CA2", 32, 8), xorshift32(2463534242u, 8, true));
  EXPECT_EQ(shuffle_words("xorshift32", 2463534242u, 32, 8), xorshift32(2463534242u, 8, true));
  EXPECT_EQ(dice_words("lcg16", "1", 16, 8), lcg16(1, 8, true));
  EXPECT_EQ(shuffle_words("lcg16", 1, 16, 8), lcg16(1, 8, true));
  // A 16-bit word from the byte-wise registers: two bytes, the first one high.
  const Bytes g16 = galois(16, {16, 14, 13, 11}, 0xACE1, 2);
  EXPECT_EQ(dice_words("galois16", "ACE1", 16, 1).front(), (g16[0] << 8) | g16[1]);
  // Metcalf's first two outputs from 1, by hand: 0x8181, then 0x6021 (see small_generators_test).
  EXPECT_EQ(xorshift16(1, 2, true), (std::vector<std::uint32_t>{0x8181, 0x6021}));
}

TEST(SmallGeneratorsInLabs, SeedsAreCheckedAsTheHelpSays) {
  for (std::string_view zero_is_stuck : {"galois8", "galois16", "fibonacci8", "fibonacci16", "xorshift16", "xorshift32"})
    EXPECT_FALSE(make_dice_generator(zero_is_stuck, "0").has_value()) << zero_is_stuck;
  EXPECT_FALSE(make_dice_generator("galois8", "100").has_value());     // 9 bits
  EXPECT_FALSE(make_dice_generator("xorshift16", "10000").has_value());  // 17 bits
  EXPECT_TRUE(make_dice_generator("lcg8", "0").has_value());
  EXPECT_TRUE(make_dice_generator("lcg8", "0xFF").has_value());
  EXPECT_FALSE(make_dice_generator("lcg8", "256").has_value());
  EXPECT_FALSE(make_dice_generator("lcg16", "65536").has_value());
  // The Shuffle lab's ranges: 1..2^w - 1 for the registers and xorshift, 0..2^w - 1 for the LCGs.
  DrawSourceSpec spec;
  spec.bits = 8;
  const std::vector<std::pair<std::string, std::uint64_t>> refused{
      {"galois8", 0}, {"galois8", 256}, {"xorshift16", 65536}, {"xorshift32", 0}, {"lcg8", 256}, {"lcg16", 65536}};
  for (const auto& [gen, bad] : refused) {
    spec.generator = gen;
    spec.seed = bad;
    EXPECT_FALSE(DrawSource::make(spec, 52).has_value()) << gen << " seed " << bad;
  }
  spec.generator = "lcg8";
  spec.seed = 0;
  EXPECT_TRUE(DrawSource::make(spec, 52).has_value());
}

TEST(SmallGeneratorsInLabs, DieAndDeckLinksOpenCleanlyRollShuffleAndSample) {
  for (const Expected& e : expected()) {
    const std::string gen(e.name);
    InlineJobRunner jobs;
    AppSession app(jobs);
    // A die roll: the link as the lab writes it (every field, in its order).
    const std::string die = "#v=1&lab=dice&method=reject&sides=6&bits=8&gen=" + gen + "&seed=" +
                            std::string(e.dice_seed) + "&rolls=1000&expr=3d6+2&view=die";
    app.open(die);
    EXPECT_TRUE(app.notices().empty()) << die << ": " << app.notices().front();
    EXPECT_EQ(app.fragment(), die);
    // Roll 0 reads bytes until one masked to 3 bits is below 6.
    auto roll = dice_lab_roll(app.dice().state());
    ASSERT_TRUE(roll.has_value()) << gen << ": " << roll.error();
    const Bytes published = e.bytes(e.seed, 64);
    std::size_t k = 0;
    while (k < published.size() && (published[k] & 7) >= 6) ++k;
    ASSERT_LT(k, published.size());
    EXPECT_EQ(roll->words_before + roll->words.size(), k + 1) << gen;
    EXPECT_EQ(roll->value, published[k] & 7) << gen;
    // Its sample, run from the link.
    app.open(die + "&run=sample");
    run_jobs(app);
    EXPECT_TRUE(app.notices().empty()) << gen;
    const DiceView& view = app.dice().view();
    ASSERT_TRUE(view.sample.has_value()) << gen;
    std::uint64_t total = 0;
    for (std::uint64_t c : view.sample->counts) total += c;
    EXPECT_EQ(total, 1000u) << gen;
    bool named = false;
    for (const TextLine& line : app.text()) named = named || line.text.find("Generator for sampling: " + gen) == 0;
    EXPECT_TRUE(named) << gen << ": the Text view names the generator";

    // A deck: the deal reads the published bytes, and the bias sample runs.
    const std::string deck = "#v=1&lab=shuffle&algo=fisher-yates&n=52&gen=" + gen + "&seed=" + std::to_string(e.seed) +
                             "&method=reject&bits=8&t=0";
    app.open(deck);
    EXPECT_TRUE(app.notices().empty()) << deck << ": " << app.notices().front();
    EXPECT_EQ(app.fragment(), deck);
    const LabRecording* recording = app.shuffle().recording();
    ASSERT_NE(recording, nullptr) << gen;
    std::vector<std::uint32_t> sorted = recording->final_deck;
    std::sort(sorted.begin(), sorted.end());
    for (std::uint32_t c = 0; c < 52; ++c) EXPECT_EQ(sorted[c], c) << gen;
    for (std::size_t i = 0; i < std::min<std::size_t>(recording->inputs.size(), 64); ++i)
      EXPECT_EQ(recording->inputs[i].value, published[i]) << gen << " word " << i;
    app.open(deck + "&tab=bias&shuffles=1000&run=sample");
    run_jobs(app);
    EXPECT_TRUE(app.notices().empty()) << gen;
    const ShuffleView& shuffled = app.shuffle().view();
    ASSERT_NE(shuffled.bias, nullptr);
    ASSERT_TRUE(shuffled.bias->job.result.has_value()) << gen;
    ASSERT_TRUE(shuffled.bias->job.result->matrix.has_value()) << gen;
    EXPECT_EQ(shuffled.bias->job.result->matrix->total, 1000u) << gen;
  }
}

// The 6502 d6: xorshift16 with mask-and-reject (chooser_test says why); its
// Dice lab link opens that generator at the lab's default seed.
TEST(SmallGeneratorsInLabs, TheChoosersLinksOpenItsPick) {
  auto table = chooser_table();
  ASSERT_TRUE(table) << table.error();
  auto d6 = choose(*table, AsmIsa::mos6502, ChooserUse::d6);
  ASSERT_TRUE(d6) << d6.error();
  EXPECT_EQ(d6->generator().name, "xorshift16");
  EXPECT_NE(d6->dice_link.find("&gen=xorshift16&seed=1&"), std::string::npos) << d6->dice_link;
  EXPECT_TRUE(d6->use_link_generator.empty());
  for (const AsmIsaInfo& info : asm_isas()) {
    if (info.isa == AsmIsa::wasm) continue;
    for (const ChooserUseInfo& use : chooser_uses()) {
      auto pick = choose(*table, info.isa, use.use);
      ASSERT_TRUE(pick) << pick.error();
      EXPECT_TRUE(pick->use_link_generator.empty()) << info.id << " " << use.id;
      EXPECT_NE(pick->dice_link.find("&gen=" + pick->generator().name + "&"), std::string::npos)
          << info.id << " " << use.id << ": " << pick->dice_link;
    }
  }
}

}  // namespace
}  // namespace shufflelab
