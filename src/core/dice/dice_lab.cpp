#include "core/dice/dice_lab.hpp"

#include <vector>

#include "core/gen/generator_presets.hpp"

namespace shufflelab {

namespace {

std::string_view method_label(RangeMethod method) {
  switch (method) {
    case RangeMethod::modulo: return "modulo";
    case RangeMethod::float_scale: return "float scaling";
    case RangeMethod::shift: return "shift";
    case RangeMethod::maxu8: return "MAXU8";
    case RangeMethod::maxu8_article: return "MAXU8, article d20";
    case RangeMethod::mulhi: return "multiply-high";
    case RangeMethod::mulhi_minus1: return "multiply-high, n-1";
    case RangeMethod::mask_reject: return "mask and reject";
    case RangeMethod::lemire: return "Lemire";
  }
  return "?";
}

std::vector<DiceMethodInfo> build_methods() {
  std::vector<DiceMethodInfo> methods;
  for (const RangeMethodInfo& info : range_methods())
    methods.push_back({info.name, method_label(info.method), info.summary, info.method});
  methods.push_back({"fdr", "Fast Dice Roller",
                     "Lumbroso's Fast Dice Roller on the words' bits as coin flips (an overshoot subtracts n)",
                     std::nullopt, FdrVariant::published});
  methods.push_back({"fdr-tarot", "FDR, tarot variant",
                     "the roller as printed in seed 000: an overshoot subtracts n-1, so 0 and 1 come out less often",
                     std::nullopt, FdrVariant::tarot});
  return methods;
}

constexpr DiceGeneratorInfo kGenerators[] = {
    {"z80", "z80", "", "", "0123456789ABCDEF", "16 hex digits, _LFSRSeed+0 first, not all zero"},
    {"tarot32", "tarot32", "", "", "DEADBEEF", "the 32-bit register in hex, not zero"},
    {"fibonacci", "fibonacci", "taps", "00400007", "DEADBEEF",
     "the 32-bit register in hex, not zero (taps x^32+x^22+x^2+x+1)"},
    {"onechip", "lcg32", "preset", "onechip", "1", "the starting state, decimal or 0x hex"},
    {"randu", "lcg32", "preset", "randu", "1", "the starting state below 2^31, decimal or 0x hex"},
    {"msvc", "lcg32", "preset", "msvc", "1", "the starting state, decimal or 0x hex"},
    {"glibc", "glibc", "", "", "1", "the srand() argument, 0..4294967295"},
    {"splitmix64", "splitmix64", "", "", "1", "64-bit starting counter, decimal or 0x hex"},
    {"xoshiro256ss", "xoshiro256ss", "", "", "1", "64-bit seed, decimal or 0x hex"},
    {"pcg32", "pcg32", "", "", "42", "64-bit initstate, decimal or 0x hex"},
    // The small generators of 8-bit code (core/gen/generator_presets.hpp), from
    // the starting states their sources print where they print one.
    {"galois8", "galois8", "", "", "1", "the 8-bit register in hex (1 to FF), not zero: zero is a fixed point"},
    {"galois16", "galois16", "", "", "ACE1",
     "the 16-bit register in hex (1 to FFFF), not zero: zero is a fixed point (ACE1 is Wikipedia's start)"},
    {"fibonacci8", "fibonacci8", "", "", "1", "the 8-bit register in hex (1 to FF), not zero: zero is a fixed point"},
    {"fibonacci16", "fibonacci16", "", "", "ACE1",
     "the 16-bit register in hex (1 to FFFF), not zero: zero is a fixed point (ACE1 is Wikipedia's start)"},
    {"xorshift16", "xorshift16", "", "", "1",
     "the 16-bit word in hex (1 to FFFF), not zero: zero is a fixed point (1 is Metcalf's start)"},
    {"xorshift32", "xorshift32", "", "", "92D68CA2",
     "the 32-bit word in hex, not zero: zero is a fixed point (92D68CA2 = 2463534242 is Marsaglia's start)"},
    {"lcg8", "lcg8", "", "", "1", "the 8-bit starting state 0 to 255, decimal or 0x hex (0 is fine: c = 1)"},
    {"lcg16", "lcg16", "", "", "1", "the 16-bit starting state 0 to 65535, decimal or 0x hex (0 is fine: c = 13841)"},
};

bool link_safe(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '+' || c == '-';
}

}  // namespace

std::span<const DiceMethodInfo> dice_methods() {
  static const std::vector<DiceMethodInfo> methods = build_methods();
  return methods;
}

const DiceMethodInfo* find_dice_method(std::string_view name) {
  for (const DiceMethodInfo& m : dice_methods())
    if (m.name == name) return &m;
  return nullptr;
}

std::span<const DiceGeneratorInfo> dice_generators() { return kGenerators; }

const DiceGeneratorInfo* find_dice_generator(std::string_view name) {
  for (const DiceGeneratorInfo& g : kGenerators)
    if (g.name == name) return &g;
  return nullptr;
}

std::string_view dice_generator_summary(const DiceGeneratorInfo& info) {
  if (const GeneratorPreset* preset = find_generator_preset(info.catalog)) return preset->summary;
  for (const GeneratorInfo& g : generator_catalog())
    if (g.name == info.catalog) return g.summary;
  return {};
}

Result<ByteGenerator> make_dice_generator(std::string_view name, std::string_view seed) {
  const DiceGeneratorInfo* info = find_dice_generator(name);
  if (!info) {
    std::string names;
    for (const auto& g : kGenerators) names += (names.empty() ? "" : ", ") + std::string(g.name);
    return Result<ByteGenerator>::fail("gen: unknown generator \"" + printable_excerpt(name) + "\" (one of: " + names +
                                       ")");
  }
  if (seed.size() > kMaxSeedTextLength)
    return Result<ByteGenerator>::fail("seed: longer than " + std::to_string(kMaxSeedTextLength) + " characters");
  GeneratorParams params{{"seed", std::string(seed)}};
  if (!info->fixed_key.empty()) params[std::string(info->fixed_key)] = std::string(info->fixed_value);
  return make_generator(info->catalog, params);
}

std::string die_problem(const DiceMethodInfo& method, std::uint64_t sides, unsigned bits) {
  if (sides < 1 || sides > kMaxDiceLabSides)
    return "sides: between 1 and " + std::to_string(kMaxDiceLabSides) + ", got " + std::to_string(sides);
  if (method.coin_flips()) {
    if (method.fdr == FdrVariant::tarot && sides < 2)
      return "sides: the tarot variant subtracts n-1 = 0 on an overshoot and may never stop for n = 1";
    return "";
  }
  auto reducer = RangeReducer::make(*method.range, sides, bits);
  return reducer ? "" : reducer.error();
}

void decode_dice_lab(FieldReader& fields, DiceLabState& state) {
  DiceLabState s = state;
  if (const std::string* method = fields.raw("method")) {
    if (find_dice_method(*method))
      s.method = *method;
    else
      fields.notice("method: unknown method \"" + printable_excerpt(*method) + "\"");
  }
  fields.decimal("sides", std::uint64_t{1}, kMaxDiceLabSides, s.sides);
  if (const std::string* bits = fields.raw("bits")) {
    bool known = false;
    for (int b : kDiceWordBits)
      if (*bits == std::to_string(b)) s.bits = b, known = true;
    if (!known) fields.notice("bits: \"" + printable_excerpt(*bits) + "\" is not one of 8, 16, 31, 32, 64");
  }
  if (const std::string* gen = fields.raw("gen")) {
    if (const DiceGeneratorInfo* info = find_dice_generator(*gen)) {
      if (s.gen != *gen) s.seed = std::string(info->default_seed);
      s.gen = *gen;
    } else {
      fields.notice("gen: unknown generator \"" + printable_excerpt(*gen) + "\"");
    }
  }
  std::string seed;
  if (fields.token("seed", kMaxSeedTextLength, seed)) {
    auto g = make_dice_generator(s.gen, seed);
    if (g)
      s.seed = seed;
    else
      fields.notice(g.error());
  }
  fields.decimal("rolls", std::uint64_t{1}, kMaxDiceRolls, s.rolls);
  if (const std::string* expr = fields.raw("expr")) {
    auto text = expression_from_link(*expr);
    if (text) {
      auto parsed = parse_lab_expression(*text);
      if (parsed)
        s.expr = *text;
      else
        fields.notice("expr: " + parsed.error());
    } else {
      fields.notice(text.error());
    }
  }
  fields.word("view", {"die", "expr", "z80"}, s.view);
  fields.decimal("roll", std::uint64_t{0}, kMaxDiceStepRoll, s.roll);
  fields.flag("lanes", s.lanes);
  fields.word("run", {"sample"}, s.run);
  // A die the method cannot roll (say 300 sides on 8-bit words) keeps the
  // link's numbers: the panel explains the problem next to the controls.
  state = s;
}

void encode_dice_lab(const DiceLabState& state, FieldWriter& out) {
  out.add("method", state.method);
  out.add("sides", state.sides);
  out.add("bits", static_cast<std::uint64_t>(state.bits));
  out.add("gen", state.gen);
  out.add("seed", state.seed);
  out.add("rolls", state.rolls);
  out.add("expr", expression_to_link(state.expr));
  out.add("view", state.view);
  if (state.roll != 0) out.add("roll", state.roll);
  if (state.lanes) out.add("lanes", "1");
  if (!state.run.empty()) out.add("run", state.run);
}

std::string expression_to_link(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == ' ' || c == '\t') continue;
    if (c == '%')
      out += "%25";
    else
      out += c;
  }
  return out;
}

Result<std::string> expression_from_link(std::string_view value) {
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value.substr(i, 3) == "%25") {
      out += '%';
      i += 2;
    } else if (value[i] == '%' || link_safe(value[i])) {
      out += value[i];  // a bare '%' typed into the address bar is read as is
    } else {
      return Result<std::string>::fail("expr: \"" + printable_excerpt(value) + "\" has characters dice notation never uses");
    }
  }
  return Result<std::string>::ok(std::move(out));
}

Result<DiceExpr> parse_lab_expression(std::string_view text) {
  if (text.size() > kMaxLabExpressionLength)
    return Result<DiceExpr>::fail("at " + std::to_string(kMaxLabExpressionLength + 1) + ": the lab takes at most " +
                                  std::to_string(kMaxLabExpressionLength) + " characters");
  return parse_dice_expr(text);
}

std::optional<std::size_t> expression_error_position(std::string_view error) {
  if (error.substr(0, 3) != "at ") return std::nullopt;
  std::size_t i = 3, position = 0;
  while (i < error.size() && error[i] >= '0' && error[i] <= '9' && position < 100000)
    position = position * 10 + static_cast<std::size_t>(error[i++] - '0');
  if (i == 3 || i >= error.size() || error[i] != ':') return std::nullopt;
  return position;
}

std::string dice_lab_link(const DiceLabState& state) {
  FieldWriter fields;
  encode_dice_lab(state, fields);
  return lab_link(kDiceLabName, fields);
}

}  // namespace shufflelab
