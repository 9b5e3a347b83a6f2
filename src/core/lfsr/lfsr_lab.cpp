#include "core/lfsr/lfsr_lab.hpp"

#include <algorithm>
#include <optional>
#include <type_traits>
#include <variant>

#include "core/gen/generator_presets.hpp"
#include "core/gen/gf2.hpp"
#include "core/lfsr/lfsr_timeline.hpp"
#include "core/base/parse.hpp"

namespace shufflelab {

namespace {
constexpr std::array<std::string_view, 9> kGenNames{"tarot32", "z80",        "fibonacci",    "lcg32",   "glibc",
                                                   "splitmix64", "xoshiro256ss", "pcg32", "xorshift"};

int register_digits(int width) { return (width + 3) / 4; }

// t from the link; above the generator's range is refused with the reason.
void decode_step(FieldReader& f, LfsrLabState& c) {
  std::uint64_t t = 0;
  if (!f.decimal("t", 0, kMaxLfsrStep, t)) return;
  if (t > lab_max_step(c.gen)) {
    f.notice("t: " + std::to_string(t) + " is above " + std::to_string(lab_max_step(c.gen)) + ": " +
             std::string(lab_gen_name(c.gen)) + " has no jump-ahead here, so the lab replays it and stops there");
    return;
  }
  c.t = t;
}

// width + seed of a shift register. A seed wider than the register is
// refused together with the width (the link's two fields disagree); without a
// seed field the default seed is cut to the width.
void decode_register(FieldReader& f, LfsrLabState& c, const LfsrLabState& before) {
  const bool width_given = f.decimal("width", kMinLfsrWidth, kMaxLfsrWidth, c.width);
  std::uint64_t seed = 0;
  if (f.hex("seed", 16, seed)) {
    if (seed == 0) f.notice("seed: zero is refused (an all-zero register stays zero forever)");
    else c.seed = seed;
  } else if (width_given) {
    c.seed &= width_mask(c.width);
    if (c.seed == 0) c.seed = 1;
  }
  if ((c.seed & width_mask(c.width)) != c.seed) {
    f.notice("seed: more bits than the register's width " + std::to_string(c.width));
    c.width = before.width;
    if ((c.seed & width_mask(c.width)) != c.seed) c.seed = before.seed;
  }
}

void decode_taps(FieldReader& f, LfsrLabState& c, std::string_view field) {
  std::uint64_t taps = 0;
  if (!f.hex(field, 16, taps)) return;
  if (taps & ~width_mask(c.width)) {
    f.notice(std::string(field) + ": has bits above the " + std::to_string(c.width) + "-bit register");
    return;
  }
  c.taps = taps;
  c.full_taps = true;
}

// Seed of a generator whose seed is a plain number (z80 needs all 16 digits).
void decode_plain_seed(FieldReader& f, LfsrLabState& c) {
  const std::string* raw = f.raw("seed");
  if (!raw) return;
  if (c.gen == LabGen::z80 && raw->size() != 16) {
    f.notice("seed: z80 takes exactly 16 hex digits, byte +0 first");
    return;
  }
  std::uint64_t seed = 0;
  if (!f.hex("seed", lab_seed_digits(c), seed)) return;
  auto ok = check_lab_seed(c, seed);
  if (!ok) f.notice(ok.error());
  else c.seed = seed;
}

template <typename T>
T& as(Engine& e) { return std::get<T>(e); }

std::uint64_t native_next(Engine& e) {
  return std::visit(
      [](auto& g) -> std::uint64_t {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, GlibcGenerator>) return static_cast<std::uint64_t>(g.rand.next());
        else if constexpr (requires { g.next(); }) return g.next();
        else return g.next_byte();
      },
      e);
}

std::string hex32(std::uint64_t v) { return format_hex_upper(v, 8); }
std::string hex64(std::uint64_t v) { return format_hex_upper(v, 16); }
}  // namespace

const LcgPreset& lab_lcg_preset(const LfsrLabState& s) {
  return kLcgPresets[static_cast<std::size_t>(std::clamp(s.preset, 0, static_cast<int>(kLcgPresets.size()) - 1))];
}

std::string_view lab_gen_name(LabGen gen) { return kGenNames[static_cast<std::size_t>(gen)]; }

std::string_view lab_step_unit(LabGen gen) {
  if (lab_gen_steps_bits(gen)) return "bit-step";
  return gen == LabGen::z80 ? "call" : "output";
}

std::uint64_t lab_max_step(LabGen gen) { return lab_gen_jumps(gen) ? kMaxLfsrStep : kMaxReplaySteps; }

std::uint64_t default_fibonacci_taps(int width) {
  if (width < kMinLfsrWidth || width > kMaxLfsrWidth) return 1;
  const std::vector<PrimePower> order_factors = factor_u64(mersenne(width));
  const Uint128 top = Uint128{1} << width;
  const auto primitive = [&](std::uint64_t taps) { return is_primitive(Gf2Poly{top | taps}, order_factors); };
  for (int k = 1; k < width; ++k)
    if (primitive((std::uint64_t{1} << k) | 1)) return (std::uint64_t{1} << k) | 1;
  // Every width 4..64 has a primitive pentanomial with small exponents.
  for (int a = 3; a < width; ++a)
    for (int b = 2; b < a; ++b)
      for (int c = 1; c < b; ++c) {
        const std::uint64_t taps = (std::uint64_t{1} << a) | (std::uint64_t{1} << b) | (std::uint64_t{1} << c) | 1;
        if (primitive(taps)) return taps;
      }
  return 1;
}

LfsrLabState lab_defaults(LabGen gen) {
  LfsrLabState s;
  s.gen = gen;
  switch (gen) {
    case LabGen::tarot32: break;
    case LabGen::fibonacci: s.taps = default_fibonacci_taps(32); break;
    case LabGen::z80: s.seed = 0x0102030405060708; break;
    case LabGen::pcg32: s.seed = 42, s.stream = 54; break;
    case LabGen::xorshift: s.width = 16, s.seed = 1; break;
    default: s.seed = 1; break;
  }
  return s;
}

std::uint64_t lab_galois_taps(const LfsrLabState& s) {
  return s.full_taps ? s.taps : tarot_taps(s.width, s.mask);
}

int lab_seed_digits(const LfsrLabState& s) {
  switch (s.gen) {
    case LabGen::tarot32:
    case LabGen::fibonacci: return register_digits(s.width);
    case LabGen::lcg32:
    case LabGen::glibc: return 8;
    case LabGen::xorshift: return register_digits(s.width);
    default: return 16;
  }
}

Result<ByteGenerator> lab_generator(const LfsrLabState& s) {
  using R = Result<ByteGenerator>;
  const auto lift = [](auto r) { return r ? R::ok(ByteGenerator(r.value())) : R::fail(r.error()); };
  switch (s.gen) {
    case LabGen::tarot32: return lift(make_galois_lfsr(s.width, lab_galois_taps(s), s.seed));
    case LabGen::fibonacci: return lift(make_fibonacci_lfsr(s.width, s.taps, s.seed));
    case LabGen::z80:
      if (s.seed == 0) return R::fail("seed must not be zero: an all-zero register stays zero forever");
      return R::ok(ByteGenerator(Z80Lfsr::from_packed(s.seed)));
    case LabGen::lcg32: {
      const LcgPreset& p = lab_lcg_preset(s);
      if (s.seed > 0xffffffffu) return R::fail("seed: at most 8 hex digits");
      return lift(make_lcg32(p.a, p.c, p.modulus_bits, static_cast<std::uint32_t>(s.seed)));
    }
    case LabGen::glibc:
      if (s.seed > 0xffffffffu) return R::fail("seed: srand() takes 32 bits, at most 8 hex digits");
      return R::ok(ByteGenerator(GlibcGenerator{GlibcRand(static_cast<std::uint32_t>(s.seed))}));
    case LabGen::splitmix64: return R::ok(ByteGenerator(SplitMix64{s.seed}));
    case LabGen::xoshiro256ss: return R::ok(ByteGenerator(Xoshiro256ss::from_seed(s.seed)));
    case LabGen::pcg32: return R::ok(ByteGenerator(Pcg32::from_seed(s.seed, s.stream)));
    case LabGen::xorshift: return lift(make_xorshift(s.width, s.seed));
  }
  return R::fail("unknown generator");
}

Result<LfsrLabState> lab_state_for(std::string_view generator) {
  using R = Result<LfsrLabState>;
  GeneratorParams params;
  std::string_view base = generator;
  if (const GeneratorPreset* preset = find_generator_preset(generator)) {
    base = preset->base;
    for (const auto& [key, value] : preset->params) params[std::string(key)] = std::string(value);
  }
  std::optional<LfsrLabState> s;
  for (LabGen g : kLabGens)
    if (lab_gen_name(g) == base) s = lab_defaults(g);
  for (std::size_t i = 0; i < kLcgPresets.size(); ++i)
    if (kLcgPresets[i].name == generator) s = lab_defaults(LabGen::lcg32), s->preset = static_cast<int>(i);
  if (!s) return R::fail("unknown generator \"" + std::string(generator) + "\"");
  // Preset parameters are the generators' own spellings: width decimal, taps hex, preset a name.
  if (auto it = params.find("width"); it != params.end()) s->width = std::stoi(it->second);
  if (auto it = params.find("taps"); it != params.end()) {
    s->taps = std::stoull(it->second, nullptr, 16);
    s->full_taps = s->gen == LabGen::tarot32;
  }
  if (auto it = params.find("preset"); it != params.end())
    for (std::size_t i = 0; i < kLcgPresets.size(); ++i)
      if (kLcgPresets[i].name == it->second) s->preset = static_cast<int>(i);
  if (lab_gen_steps_bits(s->gen) || s->gen == LabGen::xorshift) s->seed = 1;
  if (s->gen == LabGen::tarot32 && s->full_taps && (s->taps >> (s->width - 8)) << (s->width - 8) == s->taps) {
    s->mask = s->taps >> (s->width - 8);  // top-byte taps: the tarot form's own mask field
    s->full_taps = false;
  }
  if (auto g = lab_generator(*s); !g) return R::fail(g.error());
  return R::ok(*s);
}

Result<std::uint64_t> check_lab_seed(const LfsrLabState& s, std::uint64_t seed) {
  LfsrLabState probe = s;
  probe.seed = seed;
  auto g = lab_generator(probe);
  if (!g) return Result<std::uint64_t>::fail(g.error());
  return Result<std::uint64_t>::ok(seed);
}

namespace {
// The tab shown and the job whose result the link carries (added after v1's
// first corpus: absent in older links, which open as before).
void decode_view(FieldReader& f, LfsrLabState& c) {
  std::string tab = c.tab;
  if (f.word("tab", {"stepper", "bitplane", "lattice", "period", "claims"}, tab)) {
    if (lfsr_tab_available(c.gen, tab)) c.tab = tab;
    else f.notice("tab: this generator has no \"" + tab + "\" tab");
  }
  if (f.word("run", {"period"}, c.run)) {
    if (!lfsr_tab_available(c.gen, "period")) {
      f.notice("run: a period check needs a linear generator");
      c.run.clear();
    } else {
      c.tab = "period";  // the check's result is on the period tab
    }
  }
}
}  // namespace

void decode_lfsr_lab(FieldReader& f, LfsrLabState& state) {
  LfsrLabState c = state;
  std::string name;
  if (f.word("gen", {"tarot32", "z80", "fibonacci", "lcg32", "glibc", "splitmix64", "xoshiro256ss", "pcg32", "xorshift"},
             name)) {
    for (LabGen g : kLabGens)
      if (lab_gen_name(g) == name && g != c.gen) c = lab_defaults(g);
  }
  const LfsrLabState before = c;
  switch (c.gen) {
    case LabGen::tarot32: {
      decode_register(f, c, before);
      std::uint64_t mask = 0;
      const bool has_mask = f.hex("mask", 2, mask);
      if (has_mask) c.mask = mask;
      if (has_mask && f.raw("taps")) f.notice("taps: give mask or taps, not both (the mask is used)");
      else decode_taps(f, c, "taps");
      break;
    }
    case LabGen::fibonacci: {
      decode_register(f, c, before);
      if (c.width != before.width) c.taps = default_fibonacci_taps(c.width);
      decode_taps(f, c, "taps");
      c.full_taps = false;
      break;
    }
    case LabGen::lcg32: {
      std::string preset;
      if (f.word("preset", {"onechip", "randu", "msvc", "cpc8", "getrand16"}, preset))
        for (std::size_t i = 0; i < kLcgPresets.size(); ++i)
          if (kLcgPresets[i].name == preset) c.preset = static_cast<int>(i);
      if (!check_lab_seed(c, c.seed)) c.seed = 1;  // the default seed stays valid for every preset
      decode_plain_seed(f, c);
      break;
    }
    case LabGen::pcg32:
      decode_plain_seed(f, c);
      f.hex("stream", 16, c.stream);
      break;
    case LabGen::xorshift: {
      int width = c.width;
      if (f.decimal("width", 16, 32, width)) {
        if (width == 16 || width == 32) c.width = width, c.seed &= width_mask(width);
        else f.notice("width: xorshift here is 16 or 32 bits");
        if (c.seed == 0) c.seed = 1;
      }
      decode_plain_seed(f, c);
      break;
    }
    default: decode_plain_seed(f, c); break;
  }
  f.flag("lanes", c.lanes);
  decode_step(f, c);
  decode_view(f, c);
  state = c;
}

void encode_lfsr_lab(const LfsrLabState& s, FieldWriter& out) {
  if (s.gen != LabGen::tarot32) out.add("gen", lab_gen_name(s.gen));
  if (s.gen == LabGen::fibonacci || s.gen == LabGen::xorshift || (s.gen == LabGen::tarot32 && s.width != 32))
    out.add("width", static_cast<std::uint64_t>(s.width));
  if (s.gen == LabGen::lcg32) out.add("preset", lab_lcg_preset(s).name);
  out.add_hex("seed", s.seed, lab_seed_digits(s));
  if (s.gen == LabGen::tarot32) {
    if (s.full_taps) out.add_hex("taps", s.taps, register_digits(s.width));
    else out.add_hex("mask", s.mask, 2);
  }
  if (s.gen == LabGen::fibonacci) out.add_hex("taps", s.taps, register_digits(s.width));
  if (s.gen == LabGen::pcg32) out.add_hex("stream", s.stream, 16);
  out.add("t", s.t);
  if (s.lanes) out.add("lanes", "1");
  if (s.tab != "stepper") out.add("tab", s.tab);
  if (!s.run.empty()) out.add("run", s.run);
}

bool lfsr_tab_available(LabGen gen, std::string_view tab) {
  if (tab == "lattice") return gen == LabGen::lcg32;
  if (tab == "period") return lab_gen_is_linear(gen);
  return tab == "stepper" || tab == "bitplane" || tab == "claims";
}

// ---------------------------------------------------------------------------

LfsrView lfsr_view(const LfsrLabState& s, LabTimeline& timeline) {
  LfsrView v;
  const bool tarot = s.gen == LabGen::tarot32;
  v.width = s.width;
  v.taps = tarot ? lab_galois_taps(s) : s.taps;
  v.t = std::min(s.t, timeline.max_step());
  v.shifts_into_byte = static_cast<int>(v.t % 8);

  // Replay only the last few bytes: from the start of the oldest shown one.
  constexpr std::uint64_t kShownBytes = 16;
  const std::uint64_t completed = v.t / 8;
  const std::uint64_t first_byte = completed > kShownBytes ? completed - kShownBytes : 0;
  Engine e = timeline.at(first_byte * 8);
  std::uint8_t byte = 0;
  for (std::uint64_t step = first_byte * 8; step < v.t; ++step) {
    int out = 0;
    if (tarot) {
      auto& g = as<GaloisLfsr>(e);
      out = g.step_bit();
      if (step >= completed * 8) v.top_after.push_back(g.top_byte());
      if ((step + 1) % 8 == 0) v.recent_bytes.push_back(g.top_byte());
    } else {
      auto& g = as<FibonacciLfsr>(e);
      out = g.step_bit();
      v.entered_bit = static_cast<int>((g.state >> (g.width - 1)) & 1);
      byte = static_cast<std::uint8_t>(byte | (out << (step % 8)));
      if ((step + 1) % 8 == 0) v.recent_bytes.push_back(byte), byte = 0;
    }
    if (step >= completed * 8) v.fallen_bits.push_back(out);
    v.last_out_bit = out;
  }
  v.taps_applied = tarot && v.last_out_bit == 1;
  v.byte_so_far = byte;
  v.state = tarot ? as<GaloisLfsr>(e).state : as<FibonacciLfsr>(e).state;
  return v;
}

Z80View z80_view(const LfsrLabState& s, LabTimeline& timeline) {
  Z80View v;
  v.t = std::min(s.t, timeline.max_step());
  v.upcoming = v.t == 0;
  constexpr std::uint64_t kShown = 16;
  const std::uint64_t first = v.t > kShown ? v.t - kShown : 0;
  Engine e = timeline.at(first);
  auto& g = as<Z80Lfsr>(e);
  Z80Lfsr before_last = g;
  for (std::uint64_t call = first; call < v.t; ++call) {
    before_last = g;
    v.recent_bytes.push_back(g.next_byte());
  }
  v.bytes = g.seed;
  const auto& b = before_last.seed;
  v.x = static_cast<std::uint32_t>(b[4]) | static_cast<std::uint32_t>(b[5]) << 8 |
        static_cast<std::uint32_t>(b[6]) << 16 | static_cast<std::uint32_t>(b[7]) << 24;
  for (std::size_t i = 0; i < kZ80Shifts.size(); ++i) {
    v.terms[i] = static_cast<std::uint8_t>(v.x >> kZ80Shifts[i]);
    v.output ^= v.terms[i];
  }
  v.dropped = b[7];
  return v;
}

OutputsView outputs_view(const LfsrLabState& s, LabTimeline& timeline) {
  OutputsView v;
  v.t = std::min(s.t, timeline.max_step());
  constexpr std::uint64_t kShown = 8;
  const std::uint64_t first = v.t > kShown ? v.t - kShown : 0;
  Engine e = timeline.at(first);
  for (std::uint64_t k = first; k < v.t; ++k) {
    ByteGenerator byte_source(e);
    OutputRow row;
    row.index = k + 1;
    row.byte = byte_source.next_byte();
    row.value = native_next(e);
    v.recent.push_back(row);
  }
  std::visit(
      [&](const auto& g) {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, Lcg32>) {
          const std::string mod = "2^" + std::to_string(g.modulus_bits);
          v.state = {{"x", hex32(g.state) + " = " + std::to_string(g.state)}};
          v.rule = "x' = (" + std::to_string(g.a) + " x" + (g.c ? " + " + std::to_string(g.c) : std::string()) +
                   ") mod " + mod + ";  output x';  byte = x' >> " + std::to_string(g.modulus_bits - 8);
          v.value_bits = g.modulus_bits;
        } else if constexpr (std::is_same_v<T, GlibcGenerator>) {
          const GlibcRand::Window w = g.rand.window();
          for (std::size_t i = 0; i < w.size(); ++i)
            v.state.push_back({"r[i-" + std::to_string(w.size() - i) + "]", hex32(w[i])});
          v.read_next = {0, static_cast<int>(w.size()) - 3};
          v.rule = "r[i] = r[i-31] + r[i-3] mod 2^32;  rand() = r[i] >> 1;  byte = rand() >> 23";
          v.value_bits = 31;
        } else if constexpr (std::is_same_v<T, SplitMix64>) {
          v.state = {{"state", hex64(g.state)}};
          v.rule = "state += 9E3779B97F4A7C15;  z = state;  z = (z ^ z>>30) * BF58476D1CE4E5B9;  "
                   "z = (z ^ z>>27) * 94D049BB133111EB;  output z ^ z>>31;  byte = top 8 bits";
          v.value_bits = 64;
        } else if constexpr (std::is_same_v<T, Xoshiro256ss>) {
          for (std::size_t i = 0; i < 4; ++i) v.state.push_back({"s[" + std::to_string(i) + "]", hex64(g.s[i])});
          v.read_next = {1};
          v.rule = "output rotl(s[1] * 5, 7) * 9;  t = s[1] << 17;  s[2] ^= s[0];  s[3] ^= s[1];  s[1] ^= s[2];  "
                   "s[0] ^= s[3];  s[2] ^= t;  s[3] = rotl(s[3], 45);  byte = top 8 bits";
          v.value_bits = 64;
        } else if constexpr (std::is_same_v<T, Xorshift>) {
          v.state = {{"x", format_hex_upper(g.state, g.width / 4)}};
          v.rule = "x ^= x << " + std::to_string(g.a) + ";  x ^= x >> " + std::to_string(g.b) + ";  x ^= x << " +
                   std::to_string(g.c) + "  (mod 2^" + std::to_string(g.width) + ");  output x;  byte = x >> " +
                   std::to_string(g.width - 8);
          v.value_bits = g.width;
        } else if constexpr (std::is_same_v<T, Pcg32>) {
          v.state = {{"state", hex64(g.state)}, {"inc", hex64(g.inc)}};
          v.rule = "old = state;  state = old * 6364136223846793005 + inc;  "
                   "output rotr32(((old >> 18) ^ old) >> 27, old >> 59);  byte = output >> 24";
          v.value_bits = 32;
        }
      },
      timeline.at(v.t));
  return v;
}

std::vector<std::uint8_t> bit_plane_bits(ByteGenerator generator, BitPlaneSource source) {
  constexpr std::size_t kBytes = std::size_t{kBitPlaneSide} * kBitPlaneSide / 8;
  std::vector<std::uint8_t> out(kBytes);
  if (source == BitPlaneSource::bytes) {
    generator.fill(out.data(), out.size());
  } else {
    for (std::size_t i = 0; i < kBytes; i += 4) {
      const std::uint32_t word = generator.next_u32();
      for (std::size_t k = 0; k < 4; ++k) out[i + k] = static_cast<std::uint8_t>(word >> (8 * k));
    }
  }
  return out;
}

std::string lfsr_lab_link(const LfsrLabState& state) {
  FieldWriter fields;
  encode_lfsr_lab(state, fields);
  return lab_link(kLfsrLabName, fields);
}

}  // namespace shufflelab
