#include "core/asm/routine_check.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"
#include "core/base/url_fields.hpp"
#include "core/cpu/mos6502.hpp"
#include "core/cpu/pic_cpu.hpp"
#include "core/cpu/sm83_cpu.hpp"
#include "core/cpu/z80_cpu.hpp"
#include "core/gen/coin_flips.hpp"
#include "core/gen/generator_presets.hpp"
#include "core/gen/generators.hpp"
#include "core/gen/range_method.hpp"

namespace shufflelab {

using assembler::Cpu;

namespace {

// ---------------------------------------------------------------------------
// Claims.

// The generator behind a claim (its state is replaced per check): a preset or
// a catalog generator by name, the catalog LCGs also by their preset's name
// (onechip, randu, msvc, as the dice lab and the chooser spell them).
Result<ByteGenerator> claimed_generator(std::string_view name) {
  GeneratorParams params{{"seed", "1"}};
  std::string_view base = name;
  for (const LcgPreset& lcg : kLcgPresets)
    if (lcg.name == name) {
      base = "lcg32";
      params["preset"] = std::string(name);
    }
  if (name == "z80") params["seed"] = "0000000000000001";  // its seed is all eight bytes
  return make_generator(base, params);
}

constexpr std::uint32_t kMaxDieSides = 255;  // a face 1..N fits in A
constexpr unsigned kRollerQueueBytes = 2;     // a coin-flip roller's flips left and queue byte

// "dN-" and what follows, or empty when `name` does not look like a die roll.
std::optional<Result<std::pair<std::uint32_t, std::string_view>>> parse_die_sides(std::string_view name) {
  using R = Result<std::pair<std::uint32_t, std::string_view>>;
  const std::size_t dash = name.find('-');
  if (name.size() < 2 || name[0] != 'd' || dash == std::string_view::npos || dash < 2) return std::nullopt;
  const std::string_view digits = name.substr(1, dash - 1);
  if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) return std::nullopt;
  const auto sides = parse_decimal("sides", digits, 1, kMaxDieSides);
  if (!sides)
    return R::fail("a die roll's sides must be 1.." + std::to_string(kMaxDieSides) + " (the face is A), got " +
                   printable_excerpt(digits));
  return R::ok({static_cast<std::uint32_t>(*sides), name.substr(dash + 1)});
}

// The dice lab's names of the coin-flip rollers.
std::optional<FdrVariant> coin_roller_variant(std::string_view method) {
  if (method == "fdr") return FdrVariant::published;
  if (method == "fdr-tarot") return FdrVariant::tarot;
  return std::nullopt;
}

struct DieClaim {
  RangeMethod method = RangeMethod::modulo;
  std::uint32_t sides = 6;
};

// "dN-METHOD" (one byte, a range method), or empty when `name` is not one.
std::optional<Result<DieClaim>> parse_die_claim(std::string_view name) {
  using R = Result<DieClaim>;
  if (name.find('@') != std::string_view::npos) return std::nullopt;
  auto die = parse_die_sides(name);
  if (!die) return std::nullopt;
  if (!*die) return R::fail(die->error());
  const auto [sides, method_text] = die->value();
  if (coin_roller_variant(method_text))
    return R::fail("d" + std::to_string(sides) + "-" + std::string(method_text) +
                   " is a coin-flip roller: name the generator its bits come from, as in d" + std::to_string(sides) +
                   "-" + std::string(method_text) + "@tarot32");
  const auto method = parse_range_method("method", method_text);
  if (!method) return R::fail(method.error() + "; or a coin-flip roller over a generator, as in d6-fdr@tarot32");
  return R::ok({*method, sides});
}

// "dN-fdr@GENERATOR", "dN-fdr-tarot@GENERATOR": a coin-flip roller on the
// generator's bytes, or empty when `name` is not one.
struct RollerClaim {
  FdrVariant variant = FdrVariant::published;
  std::uint32_t sides = 6;
  std::string generator;
};
std::optional<Result<RollerClaim>> parse_roller_claim(std::string_view name) {
  using R = Result<RollerClaim>;
  const std::size_t at = name.find('@');
  if (at == std::string_view::npos) return std::nullopt;
  auto die = parse_die_sides(name.substr(0, at));
  if (!die) return std::nullopt;
  if (!*die) return R::fail(die->error());
  const auto [sides, method_text] = die->value();
  const auto variant = coin_roller_variant(method_text);
  if (!variant)
    return R::fail("\"" + printable_excerpt(method_text) +
                   "\" before @ is not a coin-flip roller (fdr or fdr-tarot); a roll from one byte has no @, as in d6-" +
                   std::string(method_text));
  if (auto roller = FastDiceRoller::make(sides, *variant); !roller) return R::fail(roller.error());
  const std::string_view generator = name.substr(at + 1);
  const auto made = claimed_generator(generator);
  if (!made) return R::fail("after @: the generator the roller draws its bits from (" + made.error() + ")");
  if (made->state_string().size() > 2 * (8 - kRollerQueueBytes))
    return R::fail("after @: " + std::string(generator) + "'s state is wider than 48 bits; a roller's state bytes "
                   "(the queue's two, then the generator's) are at most 8");
  return R::ok({*variant, sides, std::string(generator)});
}

// A state string's bytes, most significant first (an odd digit count pads the first byte).
std::vector<std::uint8_t> state_bytes(std::string_view hex) {
  std::vector<std::uint8_t> out((hex.size() + 1) / 2, 0);
  std::size_t nibble = out.size() * 2 - hex.size();
  for (const char c : hex) {
    const int v = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    out[nibble / 2] = static_cast<std::uint8_t>(out[nibble / 2] | v << (nibble % 2 == 0 ? 4 : 0));
    ++nibble;
  }
  return out;
}

std::string bytes_hex(const std::vector<std::uint8_t>& bytes) {
  std::string out;
  for (const std::uint8_t b : bytes) out += format_hex_upper(b, 2);
  return out;
}

// A coin-flip roller's state as the routine keeps it, most significant first:
// the flips left in the queue (0..8), the queue byte (its unread bits, the
// next flip lowest: below 2^flips), then the generator's state bytes. The
// C++ is core/gen/coin_flips's CoinsFromWords over next_byte() (8-bit words,
// as the dice lab's 8-bit rolls and the Game Boy listing) and FastDiceRoller.
struct RollerState {
  ByteGenerator generator;
  std::uint8_t flips = 0, queue = 0;
};
std::vector<std::uint8_t> roller_state_bytes(const RollerState& state) {
  std::vector<std::uint8_t> out{state.flips, state.queue};
  const std::vector<std::uint8_t> generator = state_bytes(state.generator.state_string());
  out.insert(out.end(), generator.begin(), generator.end());
  return out;
}
// "07 A5 DEADBEEF": flips left, queue byte, the generator's state.
std::string roller_state_text(const std::vector<std::uint8_t>& bytes) {
  if (bytes.size() <= kRollerQueueBytes) return bytes_hex(bytes);
  return format_hex_upper(bytes[0], 2) + " " + format_hex_upper(bytes[1], 2) + " " +
         bytes_hex(std::vector<std::uint8_t>(bytes.begin() + kRollerQueueBytes, bytes.end()));
}

// The generator `claim` at the state `bytes` hold (a state string of `digits`
// hex digits, most significant byte first), or empty when it refuses it.
std::optional<ByteGenerator> generator_at(const ByteGenerator& claim, std::size_t digits,
                                          const std::vector<std::uint8_t>& bytes) {
  std::string text = bytes_hex(bytes);
  if (text.size() > digits && text[0] == '0') text.erase(0, 1);  // an odd digit count
  auto at = claim.with_state(text);
  if (!at) return std::nullopt;
  return std::move(at.value());
}

// The roller's state in `bytes`, or empty when the C++ roller is never in it.
std::optional<RollerState> roller_state_at(const ByteGenerator& claim, std::size_t digits,
                                           const std::vector<std::uint8_t>& bytes) {
  if (bytes.size() <= kRollerQueueBytes) return std::nullopt;
  const std::uint8_t flips = bytes[0], queue = bytes[1];
  if (flips > 8 || queue >> flips != 0) return std::nullopt;
  auto generator = generator_at(claim, digits, std::vector<std::uint8_t>(bytes.begin() + kRollerQueueBytes, bytes.end()));
  if (!generator) return std::nullopt;
  return RollerState{std::move(*generator), flips, queue};
}

// Flips a roll may take before the C++ is said not to stop (the generator's
// bits could keep it going); from there on it is fed zeros, which end any
// roll: each overshoot lowers c/v and doubling keeps it.
constexpr std::uint64_t kMaxRollerFlips = std::uint64_t{1} << 20;

// The C++ roller's next face 1..N, or 0 when it did not stop within kMaxRollerFlips flips.
std::uint8_t roll_face(const FastDiceRoller& roller, RollerState& state) {
  CoinsFromWords coins([&generator = state.generator] { return std::uint64_t{generator.next_byte()}; }, 8);
  coins.set_queue(state.queue, state.flips);
  std::uint64_t flips = 0;
  const std::uint64_t value = roller.draw([&] { return ++flips > kMaxRollerFlips ? 0u : coins(); });
  state.queue = static_cast<std::uint8_t>(coins.queued_bits());
  state.flips = static_cast<std::uint8_t>(coins.flips_left());
  return flips > kMaxRollerFlips ? 0 : static_cast<std::uint8_t>(value + 1);
}

// ---------------------------------------------------------------------------
// The machine: one CPU, loaded once; reset() undoes a call's writes, so each
// call can start from a fresh machine without copying 64 KiB.

std::uint32_t address_space(Cpu cpu) { return cpu == Cpu::pic16 ? pic::kProgramWords : 0x10000; }
constexpr std::uint8_t kFirstPicGeneralRegister = 0x0c;  // below: INDF, TMR0, PCL, STATUS, FSR, ports...
constexpr std::uint32_t kPicFiles = 0x80;

bool on_stack(Cpu cpu, std::uint32_t address) {
  if (cpu == Cpu::mos6502) return address >= 0x100 && address < 0x200;
  if (cpu == Cpu::z80 || cpu == Cpu::sm83) return address >= 0xff00;
  return false;
}

std::string address_text(Cpu cpu, std::uint32_t address) {
  return "$" + format_hex_upper(address, cpu == Cpu::pic16 ? 3 : 4);
}

struct CallOutcome {
  bool returned = false;
  std::uint64_t cycles = 0;
  std::uint8_t a = 0;
  std::uint32_t stop_address = 0;
  std::string message;
};

class RoutineMachine {
 public:
  RoutineMachine(const RoutineImage& image, std::vector<std::uint32_t> state)
      : cpu_(image.cpu), state_(std::move(state)) {
    if (cpu_ == Cpu::pic16) {
      pic_origin_ = static_cast<std::uint16_t>(image.origin);
      pic_program_ = image.units;
      pic_.load(pic_origin_, pic_program_);
      return;
    }
    writable_.assign(0x10000, false);
    const auto end = std::min<std::uint32_t>(image.origin + static_cast<std::uint32_t>(image.units.size()), 0x10000);
    for (std::uint32_t a = image.origin; a < end; ++a) writable_[a] = true;
    for (const std::uint32_t a : state_) writable_[a] = true;
    for (std::uint32_t a = 0; a < 0x10000; ++a)
      if (on_stack(cpu_, a) || (cpu_ == Cpu::mos6502 && a < 0x100)) writable_[a] = true;
    // The harness's return address: the first one below the top outside the
    // image (an image filling all 64 KiB keeps $FFF0).
    return_address_ = 0xfff0;
    for (std::uint32_t a = 0xfff0; a > 0; --a)
      if (a < image.origin || a >= end) {
        return_address_ = static_cast<std::uint16_t>(a);
        break;
      }
    with_ram([&](auto& ram) {
      for (std::uint32_t a = image.origin; a < end; ++a)
        ram.poke(static_cast<std::uint16_t>(a), static_cast<std::uint8_t>(image.units[a - image.origin]));
      ram.log_writes(&written_);
    });
    pristine_.resize(0x10000);
    with_ram([&](auto& ram) {
      for (std::uint32_t a = 0; a < 0x10000; ++a) pristine_[a] = ram.peek(static_cast<std::uint16_t>(a));
    });
  }
  RoutineMachine(const RoutineMachine&) = delete;
  RoutineMachine& operator=(const RoutineMachine&) = delete;

  // Memory as loaded, registers as at power-on.
  void reset() {
    if (cpu_ == Cpu::pic16) {
      if (pic_.stack_depth() != 0) {  // a call that left return addresses behind
        pic_ = PicCpu();
        pic_.load(pic_origin_, pic_program_);
      }
      for (std::uint32_t f = 0; f < kPicFiles; ++f) pic_.set_file(static_cast<std::uint8_t>(f), 0);
      pic_.w = 0;
      return;
    }
    with_ram([&](auto& ram) {
      for (const std::uint16_t a : written_) ram.poke(a, pristine_[a]);
    });
    written_.clear();
    checked_ = 0;
    mos_.regs = Mos6502Registers{};
    z80_.regs = Z80Registers{};
    sm83_.regs = Sm83Registers{};
  }

  void set_state(const std::vector<std::uint8_t>& bytes) {
    for (std::size_t i = 0; i < state_.size(); ++i) {
      if (cpu_ == Cpu::pic16) {
        pic_.set_file(static_cast<std::uint8_t>(state_[i]), bytes[i]);
        continue;
      }
      const auto a = static_cast<std::uint16_t>(state_[i]);
      with_ram([&](auto& ram) { ram.poke(a, bytes[i]); });
      written_.push_back(a);  // poke() is not logged: reset() must undo it too
    }
    checked_ = written_.size();
  }

  std::vector<std::uint8_t> state() const {
    std::vector<std::uint8_t> out;
    for (const std::uint32_t a : state_) {
      if (cpu_ == Cpu::pic16)
        out.push_back(pic_.file(static_cast<std::uint8_t>(a)));
      else
        with_ram([&](const auto& ram) { out.push_back(ram.peek(static_cast<std::uint16_t>(a))); });
    }
    return out;
  }

  CallOutcome call(std::uint32_t entry, std::uint64_t budget) {
    switch (cpu_) {
      case Cpu::mos6502:
        mos_.enter(static_cast<std::uint16_t>(entry), return_address_);
        return run(mos_, budget, [](const Mos6502Cpu& c) { return c.regs.pc; });
      case Cpu::z80:
        z80_.enter(static_cast<std::uint16_t>(entry), return_address_);
        return run(z80_, budget, [](const Z80Cpu& c) { return c.regs.pc; });
      case Cpu::sm83:
        sm83_.enter(static_cast<std::uint16_t>(entry), return_address_);
        return run(sm83_, budget, [](const Sm83Cpu& c) { return c.regs.pc; });
      case Cpu::pic16:
        break;
    }
    CallOutcome out;
    if (auto entered = pic_.enter(static_cast<std::uint16_t>(entry)); !entered) {
      out.message = entered.error();
      return out;
    }
    while (pic_.pc != PicCpu::kReturnAddress) {
      if (out.cycles >= budget) return stopped_by_budget(out, pic_.pc, budget);
      const std::uint16_t at = pic_.pc;
      const auto cycles = pic_.step();
      if (!cycles) return stopped(out, at, cycles.error());
      out.cycles += *cycles;
    }
    out.returned = true;
    out.a = pic_.w;
    return out;
  }

 private:
  template <typename F>
  void with_ram(F&& f) {
    if (cpu_ == Cpu::mos6502) f(mos_);
    if (cpu_ == Cpu::z80) f(z80_);
    if (cpu_ == Cpu::sm83) f(sm83_);
  }
  template <typename F>
  void with_ram(F&& f) const {
    if (cpu_ == Cpu::mos6502) f(mos_);
    if (cpu_ == Cpu::z80) f(z80_);
    if (cpu_ == Cpu::sm83) f(sm83_);
  }

  static CallOutcome stopped(CallOutcome out, std::uint32_t at, std::string message) {
    out.stop_address = at;
    out.message = std::move(message);
    return out;
  }
  CallOutcome stopped_by_budget(CallOutcome out, std::uint32_t at, std::uint64_t budget) const {
    return stopped(std::move(out), at,
                   "still running after its budget of " + grouped(budget) + " " +
                       std::string(routine_cycle_unit(cpu_)) + " (an endless loop?)");
  }

  template <typename Machine, typename Pc>
  CallOutcome run(Machine& cpu, std::uint64_t budget, Pc pc) {
    CallOutcome out;
    while (pc(cpu) != return_address_) {
      if (out.cycles >= budget) return stopped_by_budget(out, pc(cpu), budget);
      const std::uint16_t at = pc(cpu);
      const auto cycles = cpu.step();
      if (!cycles) return stopped(out, at, cycles.error());
      out.cycles += *cycles;
      for (; checked_ < written_.size(); ++checked_) {
        const std::uint16_t a = written_[checked_];
        if (!writable_[a])
          return stopped(out, at,
                         "write to " + address_text(cpu_, a) +
                             " outside the memory map (the assembled code and data, the state bytes, the stack" +
                             (cpu_ == Cpu::mos6502 ? std::string(", the zero page") : std::string()) + ")");
      }
    }
    out.returned = true;
    out.a = cpu.regs.a;
    return out;
  }

  Cpu cpu_;
  std::vector<std::uint32_t> state_;
  Mos6502Cpu mos_;
  Z80Cpu z80_;
  Sm83Cpu sm83_;
  PicCpu pic_;
  std::uint16_t pic_origin_ = 0;
  std::vector<std::uint16_t> pic_program_;
  std::vector<bool> writable_;
  std::vector<std::uint8_t> pristine_;
  std::vector<std::uint16_t> written_;  // addresses written since reset()
  std::size_t checked_ = 0;             // written_ entries already held to the map
  std::uint16_t return_address_ = 0;
};

}  // namespace

// ---------------------------------------------------------------------------
// Claims (public).

std::vector<RoutineClaimInfo> routine_claims() {
  std::vector<RoutineClaimInfo> out;
  for (const auto& preset : generator_presets()) out.push_back({std::string(preset.name), std::string(preset.summary)});
  for (const auto& info : generator_catalog())
    if (claimed_generator(info.name)) out.push_back({std::string(info.name), std::string(info.summary)});
  for (const LcgPreset& lcg : kLcgPresets)
    if (lcg.modulus_bits >= 31)  // cpc8 and getrand16 are the presets lcg8 and lcg16
      out.push_back({std::string(lcg.name), "lcg32 preset " + std::string(lcg.name) +
                                                ": x' = " + std::to_string(lcg.a) + " x + " + std::to_string(lcg.c) +
                                                " mod 2^" + std::to_string(lcg.modulus_bits)});
  for (const std::uint32_t sides : {6u, 20u})
    for (const auto& method : range_methods())
      out.push_back({"d" + std::to_string(sides) + "-" + std::string(method.name),
                     "a d" + std::to_string(sides) + " from one byte: " + std::string(method.summary)});
  // The Game Boy's rollers: its d6 and d20, and the tarot's 78 cards.
  for (const std::uint32_t sides : {6u, 20u, 78u})
    for (const auto& [method, summary] :
         {std::pair{"fdr", "Lumbroso's Fast Dice Roller"},
          std::pair{"fdr-tarot", "the tarot article's roller (takes n-1 off after an overshoot)"}})
      out.push_back({"d" + std::to_string(sides) + "-" + method + "@tarot32",
                     "a d" + std::to_string(sides) + " from tarot32's bits, lowest bit of each byte first: " + summary});
  return out;
}

Result<std::size_t> routine_claim_state_bytes(std::string_view name) {
  using R = Result<std::size_t>;
  if (auto roller = parse_roller_claim(name)) {
    if (!*roller) return R::fail(roller->error());
    return R::ok(kRollerQueueBytes + (claimed_generator((*roller)->generator)->state_string().size() + 1) / 2);
  }
  if (auto die = parse_die_claim(name)) return *die ? R::ok(1) : R::fail(die->error());
  auto generator = claimed_generator(name);
  if (!generator)
    return R::fail("\"" + printable_excerpt(name) + "\" is neither a generator of the labs (" + generator.error() +
                   "), a die roll dN-METHOD such as d6-reject nor a coin-flip roller dN-fdr@GENERATOR such as "
                   "d6-fdr@tarot32");
  return R::ok((generator->state_string().size() + 1) / 2);
}

Result<bool> check_routine_claim(std::string_view field, std::string_view name) {
  const auto bytes = routine_claim_state_bytes(name);
  return bytes ? Result<bool>::ok(true) : Result<bool>::fail(std::string(field) + ": " + bytes.error());
}

// ---------------------------------------------------------------------------
// Images.

RoutineImage routine_image(const assembler::Assembly& assembly) {
  RoutineImage image;
  image.cpu = assembly.cpu;
  image.origin = assembly.lowest();
  image.units = assembly.image();
  for (const auto& line : assembly.lines)
    if (!line.units.empty()) image.lines.emplace_back(line.address, line.line);
  std::sort(image.lines.begin(), image.lines.end());
  return image;
}

int routine_line_at(const RoutineImage& image, std::uint32_t address) {
  const auto it = std::lower_bound(image.lines.begin(), image.lines.end(), std::pair<std::uint32_t, int>{address, 0});
  return it != image.lines.end() && it->first == address ? it->second : 0;
}

std::string_view routine_cycle_unit(Cpu cpu) {
  switch (cpu) {
    case Cpu::z80:
      return "T-states";
    case Cpu::sm83:
      return "M-cycles";
    case Cpu::mos6502:
      return "cycles";
    case Cpu::pic16:
      return "instruction cycles";
  }
  return "cycles";
}

Result<bool> validate_routine_request(const RoutineCheckRequest& request) {
  std::vector<std::string> problems;
  const Cpu cpu = request.image.cpu;
  const std::uint32_t space = address_space(cpu);
  const auto end = static_cast<std::uint64_t>(request.image.origin) + request.image.units.size();
  if (request.image.units.empty())
    problems.push_back("the source assembles to no code");
  else if (end > space)
    problems.push_back("the code ends at " + address_text(cpu, static_cast<std::uint32_t>(end - 1)) + ", past the " +
                       std::string(cpu_id(cpu)) + "'s " + (cpu == Cpu::pic16 ? "program memory" : "64 KiB"));
  if (!request.image.units.empty() && (request.entry < request.image.origin || request.entry >= end))
    problems.push_back("entry: " + address_text(cpu, request.entry) + " is outside the code (" +
                       address_text(cpu, request.image.origin) + "-" +
                       address_text(cpu, static_cast<std::uint32_t>(end - 1)) + ")");
  const auto bytes = routine_claim_state_bytes(request.against);
  if (!bytes)
    problems.push_back("against: " + bytes.error());
  else if (*bytes != request.state.size())
    problems.push_back("state: " + request.against + " keeps " + std::to_string(*bytes) + " state byte" +
                       (*bytes == 1 ? "" : "s") + ", got " + std::to_string(request.state.size()) + " address" +
                       (request.state.size() == 1 ? "" : "es"));
  for (std::size_t i = 0; i < request.state.size(); ++i) {
    const std::uint32_t a = request.state[i];
    const std::string where = "state: " + address_text(cpu, a);
    if (cpu == Cpu::pic16 && (a < kFirstPicGeneralRegister || a >= kPicFiles))
      problems.push_back(where + " is not a general purpose file register of bank 0 ($00C-$07F)");
    else if (a >= 0x10000)
      problems.push_back(where + " is outside the 64 KiB");
    else if (on_stack(cpu, a))
      problems.push_back(where + " is on the stack");
    if (std::find(request.state.begin(), request.state.begin() + static_cast<std::ptrdiff_t>(i), a) !=
        request.state.begin() + static_cast<std::ptrdiff_t>(i))
      problems.push_back(where + " is listed twice");
  }
  if (request.calls < 1 || request.calls > kMaxRoutineCalls)
    problems.push_back("calls: must be 1.." + grouped(kMaxRoutineCalls) + ", got " + grouped(request.calls));
  if (request.cycle_budget < 1 || request.cycle_budget > kMaxCycleBudget)
    problems.push_back("budget: must be 1.." + grouped(kMaxCycleBudget) + " " + std::string(routine_cycle_unit(cpu)) +
                       " per call, got " + grouped(request.cycle_budget));
  if (problems.empty()) return Result<bool>::ok(true);
  std::string message;
  for (const auto& p : problems) message += (message.empty() ? "" : "; ") + p;
  return Result<bool>::fail(message);
}

namespace {

// ---------------------------------------------------------------------------
// The check, a slice at a time.

class RoutineChecker {
 public:
  explicit RoutineChecker(const RoutineCheckRequest& request)
      : request_(request), machine_(request.image, request.state), die_(parse_die_claim(request.against)) {
    check_.code_units = static_cast<std::uint32_t>(request.image.units.size());
    if (die_) {
      reducer_ = RangeReducer::trusted((*die_)->method, (*die_)->sides, 8);
      states_ = 256;
      check_.face_counts.assign((*die_)->sides + 1, 0);
      check_.expected_face_counts.assign((*die_)->sides + 1, 0);
      return;
    }
    if (auto roller = parse_roller_claim(request.against)) {
      const RollerClaim& claim = roller->value();
      roller_.emplace(*FastDiceRoller::make(claim.sides, claim.variant));
      generator_.emplace(*claimed_generator(claim.generator));
      digits_ = generator_->state_string().size();
      check_.face_counts.assign(claim.sides + 1, 0);
      check_.expected_face_counts.assign(claim.sides + 1, 0);
      generator_bits_ = 8 * static_cast<unsigned>((digits_ + 1) / 2);
      if (generator_bits_ + 8 * kRollerQueueBytes <= kMaxExhaustiveStateBits)
        states_ = std::uint64_t{kQueueStates} << generator_bits_;
      else
        phase_ = Phase::sequence;
      return;
    }
    generator_.emplace(*claimed_generator(request.against));
    digits_ = generator_->state_string().size();
    if (digits_ * 4 <= kMaxExhaustiveStateBits) {
      states_ = std::uint64_t{1} << (digits_ * 4);
      period_cap_ = 4 * states_;
    } else {
      phase_ = Phase::sequence;
      period_cap_ = kMaxPeriodCalls;
    }
  }

  bool done() const { return phase_ == Phase::done; }
  const RoutineCheck& check() const { return check_; }

  double step(std::uint64_t budget) {
    for (std::uint64_t spent = 0; spent < budget && !done(); ++spent) {
      switch (phase_) {
        case Phase::every_state:
          every_state_call();
          break;
        case Phase::sequence:
          sequence_call();
          break;
        case Phase::period:
          period_call();
          break;
        case Phase::done:
          break;
      }
    }
    if (done()) return 1.0;
    const double total = static_cast<double>(states_ + (die_ ? 0 : request_.calls + period_cap_ / 4));
    return std::min(0.99, static_cast<double>(work_) / total);
  }

 private:
  enum class Phase : std::uint8_t { every_state, sequence, period, done };

  std::string state_text(std::uint64_t value) const { return format_hex_upper(value, static_cast<int>(digits_)); }

  // One call from a fresh machine; empty when it stopped (the stop is recorded).
  std::optional<CallOutcome> fresh_call(const std::vector<std::uint8_t>& before, std::uint64_t call) {
    machine_.reset();
    machine_.set_state(before);
    return next_call(before, call);
  }
  std::optional<CallOutcome> next_call(const std::vector<std::uint8_t>& before, std::uint64_t call) {
    ++work_;
    CallOutcome out = machine_.call(request_.entry, request_.cycle_budget);
    if (!out.returned) {
      check_.stop =
          RoutineStop{call, before, out.stop_address, routine_line_at(request_.image, out.stop_address), out.message};
      finish();
      return std::nullopt;
    }
    RoutineCycles& c = check_.cycles;
    c.min = c.calls == 0 ? out.cycles : std::min(c.min, out.cycles);
    c.max = std::max(c.max, out.cycles);
    c.mean += (static_cast<double>(out.cycles) - c.mean) / static_cast<double>(++c.calls);
    return out;
  }

  void every_state_call() {
    const std::uint64_t value = next_state_++;
    if (roller_) return every_roller_state_call(value);
    if (die_) {
      const std::vector<std::uint8_t> before{static_cast<std::uint8_t>(value)};
      const auto out = fresh_call(before, 0);
      if (!out) return;
      const auto mapped = reducer_->map_word(value);
      const auto expected = static_cast<std::uint8_t>(mapped ? *mapped + 1 : 0);
      ++check_.states_checked;
      ++check_.expected_face_counts[expected];
      if (out->a >= check_.face_counts.size()) check_.face_counts.resize(out->a + 1u, 0);  // a face above N
      ++check_.face_counts[out->a];
      if (out->a != expected && !check_.difference)
        check_.difference = RoutineDifference{0, before, out->a, expected, {}, {}};
      if (next_state_ == states_) {
        check_.exhaustive = true;
        finish();
      }
      return;
    }
    if (next_state_ == states_) {
      check_.exhaustive = true;
      phase_ = Phase::sequence;
    }
    auto expected = generator_->with_state(state_text(value));
    if (!expected) {
      if (value == 0) check_.zero_refused = true;
      return;
    }
    const std::vector<std::uint8_t> before = state_bytes(expected->state_string());
    const auto out = fresh_call(before, 0);
    if (!out) return;
    ++check_.states_checked;
    compare(*out, expected.value(), before, 0);
    if (check_.difference) {
      check_.exhaustive = false;
      start_period();
    }
  }

  // The states a roller can be in, one call each: the queue's (flips left f,
  // queue byte below 2^f: index 2^f - 1 + queue) over the generator's states.
  static constexpr unsigned kQueueStates = 511;  // 2^0 + ... + 2^8
  void every_roller_state_call(std::uint64_t value) {
    if (next_state_ == states_) {
      check_.exhaustive = true;
      phase_ = Phase::sequence;
    }
    const auto queue_index = static_cast<unsigned>(value >> generator_bits_) + 1;
    const auto flips = static_cast<std::uint8_t>(std::bit_width(queue_index) - 1);
    std::vector<std::uint8_t> before{flips, static_cast<std::uint8_t>(queue_index - (1u << flips))};
    const std::uint64_t generator_state = value & ((std::uint64_t{1} << generator_bits_) - 1);
    const std::vector<std::uint8_t> generator = state_bytes(format_hex_upper(generator_state, generator_bits_ / 4));
    before.insert(before.end(), generator.begin(), generator.end());
    auto expected = roller_state_at(*generator_, digits_, before);
    if (!expected) {
      if (generator_state == 0) check_.zero_refused = true;
      return;
    }
    const auto out = fresh_call(before, 0);
    if (!out) return;
    ++check_.states_checked;
    compare_roll(*out, *expected, before, 0);
    if (check_.difference) {
      check_.exhaustive = false;
      finish();
    }
  }

  // One roll: the face (counted in the sequence) and the state after it.
  void compare_roll(const CallOutcome& out, RollerState& expected, const std::vector<std::uint8_t>& before,
                    std::uint64_t call) {
    const std::uint8_t face = roll_face(*roller_, expected);
    std::vector<std::uint8_t> state = machine_.state();
    std::vector<std::uint8_t> expected_state = roller_state_bytes(expected);
    if (call > 0) {
      if (out.a >= check_.face_counts.size()) check_.face_counts.resize(out.a + 1u, 0);  // a face above N
      ++check_.face_counts[out.a];
      ++check_.expected_face_counts[face];
    }
    if (out.a != face || state != expected_state)
      check_.difference = RoutineDifference{call, before, out.a, face, std::move(state), std::move(expected_state)};
  }

  void compare(const CallOutcome& out, ByteGenerator& expected, const std::vector<std::uint8_t>& before,
               std::uint64_t call) {
    const std::uint8_t byte = expected.next_byte();
    std::vector<std::uint8_t> state = machine_.state();
    std::vector<std::uint8_t> expected_state = state_bytes(expected.state_string());
    if (out.a != byte || state != expected_state)
      check_.difference = RoutineDifference{call, before, out.a, byte, std::move(state), std::move(expected_state)};
  }

  // The request's start (its low bytes, as the stepper takes it), else the image's state bytes.
  std::vector<std::uint8_t> asked_start() {
    machine_.reset();
    std::vector<std::uint8_t> bytes = machine_.state();
    if (!request_.start) return bytes;
    const std::string text = format_hex_upper(*request_.start, static_cast<int>(bytes.size() * 2));
    return state_bytes(text.substr(text.size() - bytes.size() * 2));
  }

  // The asked start as the claim's state, or state 1 (a roller: with an empty queue) when it refuses it.
  std::vector<std::uint8_t> start_state() {
    std::vector<std::uint8_t> bytes = asked_start();
    if (roller_) {
      if (auto at = roller_state_at(*generator_, digits_, bytes)) {
        sequence_roller_.emplace(std::move(*at));
        return bytes;
      }
      check_.start_from_image = false;
      sequence_roller_.emplace(RollerState{*generator_, 0, 0});
      return roller_state_bytes(*sequence_roller_);
    }
    if (auto from_image = generator_at(*generator_, digits_, bytes)) {
      sequence_generator_.emplace(std::move(*from_image));
      return bytes;
    }
    check_.start_from_image = false;
    sequence_generator_.emplace(*generator_);
    return state_bytes(generator_->state_string());
  }

  void sequence_call() {
    if (!sequence_generator_ && !sequence_roller_) {
      check_.start = start_state();
      machine_.reset();
      machine_.set_state(check_.start);
    }
    const std::vector<std::uint8_t> before = machine_.state();
    const auto out = next_call(before, check_.calls_checked + 1);
    if (!out) return;
    ++check_.calls_checked;
    if (roller_) compare_roll(*out, *sequence_roller_, before, check_.calls_checked);
    else compare(*out, *sequence_generator_, before, check_.calls_checked);
    if (!check_.difference && check_.calls_checked < request_.calls) return;
    if (roller_) finish();  // a roller's state is mostly its generator's: no period of its own
    else start_period();
  }

  // Brent's cycle finding on the routine's own state, from the sequence's start.
  void start_period() {
    phase_ = Phase::period;
    if (check_.start.empty()) check_.start = start_state();
    machine_.reset();
    machine_.set_state(check_.start);
    tortoise_ = check_.start;
    power_ = 1;
    lambda_ = 0;
    period_calls_ = 0;
  }
  void period_call() {
    const std::vector<std::uint8_t> before = machine_.state();
    if (!next_call(before, period_calls_ + 1)) return;
    ++period_calls_;
    ++lambda_;
    const std::vector<std::uint8_t> hare = machine_.state();
    if (hare == tortoise_) {
      check_.period = RoutinePeriod{true, lambda_, period_calls_};
      finish();
      return;
    }
    if (period_calls_ >= period_cap_) {
      check_.period = RoutinePeriod{false, 0, period_calls_};
      finish();
      return;
    }
    if (power_ == lambda_) {
      tortoise_ = hare;
      power_ *= 2;
      lambda_ = 0;
    }
  }

  void finish() {
    phase_ = Phase::done;
    check_.equal = !check_.difference && !check_.stop && (check_.states_checked > 0 || check_.calls_checked > 0);
  }

  RoutineCheckRequest request_;
  RoutineMachine machine_;
  std::optional<Result<DieClaim>> die_;
  std::optional<RangeReducer> reducer_;
  std::optional<FastDiceRoller> roller_;             // a coin-flip roller's claim
  std::optional<ByteGenerator> generator_;           // the claim (a roller's generator), at state 1
  std::optional<ByteGenerator> sequence_generator_;  // the sequence phase's C++
  std::optional<RollerState> sequence_roller_;       // the same for a roller
  std::size_t digits_ = 0;                           // hex digits of the generator's state
  unsigned generator_bits_ = 0;                      // a roller's generator state bits, whole bytes
  Phase phase_ = Phase::every_state;
  std::uint64_t states_ = 0, next_state_ = 0, work_ = 0;
  std::uint64_t period_cap_ = 0, period_calls_ = 0, power_ = 1, lambda_ = 0;
  std::vector<std::uint8_t> tortoise_;
  RoutineCheck check_;
};

}  // namespace

Result<RoutineCheck> check_routine(const RoutineCheckRequest& request) {
  if (auto valid = validate_routine_request(request); !valid) return Result<RoutineCheck>::fail(valid.error());
  RoutineChecker checker(request);
  while (!checker.done()) checker.step(1 << 16);
  return Result<RoutineCheck>::ok(checker.check());
}

// ---------------------------------------------------------------------------
// Sentences.

namespace {

std::string where_text(const RoutineCheckRequest& request, std::uint32_t address, int line) {
  if (line == 0) line = routine_line_at(request.image, address);
  return address_text(request.image.cpu, address) + (line > 0 ? " (line " + std::to_string(line) + ")" : "");
}

bool is_roller(std::string_view claim) { return parse_roller_claim(claim).has_value(); }

// A claim's state bytes as the sentences show them.
std::string claim_state_text(std::string_view claim, const std::vector<std::uint8_t>& bytes) {
  return is_roller(claim) ? roller_state_text(bytes) : bytes_hex(bytes);
}

// "from state 0001", "at call 5 from state ACE1", "on input byte $06".
std::string call_text(const RoutineCheckRequest& request, const RoutineCheck& check, std::uint64_t call,
                      const std::vector<std::uint8_t>& before) {
  if (parse_die_claim(request.against)) return "on input byte $" + bytes_hex(before);
  if (call == 0) return "from state " + claim_state_text(request.against, before);
  return "at call " + grouped(call) + " of the run from state " + claim_state_text(request.against, check.start);
}

std::string face_text(std::uint8_t face) { return face == 0 ? "0 (rejected)" : std::to_string(face); }
// A roller's face; the C++'s 0 is a roll that did not stop.
std::string roller_face_text(std::uint8_t face, bool expected) {
  if (face == 0 && expected) return "no face (it did not stop within " + grouped(kMaxRollerFlips) + " flips)";
  return "face " + std::to_string(face);
}

}  // namespace

std::string routine_check_verdict(const RoutineCheckRequest& request, const RoutineCheck& check) {
  const std::string& claim = request.against;
  const bool die = parse_die_claim(claim).has_value();
  if (check.stop)
    return "stopped " + call_text(request, check, check.stop->call, check.stop->before) + " at " +
           where_text(request, check.stop->address, check.stop->line) + ": " + check.stop->message;
  if (const auto& d = check.difference) {
    if (is_roller(claim))
      return "different from " + claim + ": " + call_text(request, check, d->call, d->before) + " the routine returns " +
             roller_face_text(d->output, false) + " and leaves state " + roller_state_text(d->state) + "; " + claim +
             " gives " + roller_face_text(d->expected_output, true) + " and state " +
             roller_state_text(d->expected_state);
    if (die)
      return "different from " + claim + ": " + call_text(request, check, d->call, d->before) +
             " the routine returns face " + face_text(d->output) + ", " + claim + " gives " +
             face_text(d->expected_output);
    return "different from " + claim + ": " + call_text(request, check, d->call, d->before) + " the routine returns $" +
           format_hex_upper(d->output, 2) + " and leaves state " + bytes_hex(d->state) + "; " + claim + " returns $" +
           format_hex_upper(d->expected_output, 2) + " and state " + bytes_hex(d->expected_state);
  }
  if (!check.equal) return "not checked";
  if (die) return "equal to " + claim + " for all " + grouped(check.states_checked) + " input bytes";
  std::string out = "equal to " + claim;
  if (check.exhaustive && is_roller(claim))
    out += " for all " + grouped(check.states_checked) + " states (every coin queue with every" +
           (check.zero_refused ? " nonzero" : "") + " generator state, one call from each) and";
  else if (check.exhaustive)
    out += " for all " + grouped(check.states_checked) + (check.zero_refused ? " nonzero" : "") +
           " states (one call from each) and";
  else
    out += " over";
  out += " " + grouped(check.calls_checked) + " consecutive call" + (check.calls_checked == 1 ? "" : "s") +
         " from state " + claim_state_text(claim, check.start);
  if (!check.exhaustive) out += " (its state is too wide to try every one)";
  return out;
}

std::string routine_check_text(const RoutineCheckRequest& request, const RoutineCheck& check) {
  const Cpu cpu = request.image.cpu;
  std::string out = routine_check_verdict(request, check) + "\n";
  if (!check.start_from_image)
    out += "the state bytes as loaded are a state " + request.against + " refuses: the run starts from state " +
           claim_state_text(request.against, check.start) + "\n";
  if (is_roller(request.against))
    out += "state bytes: flips left in the queue, the queue byte (next flip lowest), then the generator's state\n";
  if (check.cycles.calls > 0)
    out += std::string(routine_cycle_unit(cpu)) + " per call: min " + grouped(check.cycles.min) + ", max " +
           grouped(check.cycles.max) + ", mean " + fixed_decimals(check.cycles.mean, 1) + " over " +
           grouped_count(check.cycles.calls, "call") + "\n";
  const std::uint32_t last = request.image.origin + std::max<std::uint32_t>(check.code_units, 1) - 1;
  out += "code: " + grouped(check.code_units) + (cpu == Cpu::pic16 ? " words (" : " bytes (") +
         address_text(cpu, request.image.origin) + "-" + address_text(cpu, last) + ")\n";
  if (const auto& p = check.period) {
    if (p->found)
      out += "period of the routine's own state from " + bytes_hex(check.start) + ": " +
             grouped_count(p->length, "call") + "\n";
    else
      out += "period of the routine's own state from " + bytes_hex(check.start) + ": no repeat within " +
             grouped_count(p->calls_run, "call") + "\n";
  }
  if (!check.face_counts.empty()) {
    const std::string none = is_roller(request.against) ? ", no face: " : ", rejected: ";
    auto counts = [&none](const std::vector<std::uint32_t>& c) {
      std::string line;
      for (std::size_t face = 1; face < c.size(); ++face)
        line += (face > 1 ? ", " : "") + std::to_string(face) + ": " + grouped(c[face]);
      return line + (c[0] ? none + grouped(c[0]) : "");
    };
    out += (is_roller(request.against) ? "faces over the " + grouped(check.calls_checked) + " consecutive calls: "
                                        : std::string("faces over the 256 input bytes: ")) +
           counts(check.face_counts) + "\n";
    if (check.face_counts != check.expected_face_counts)
      out += request.against + " gives: " + counts(check.expected_face_counts) + "\n";
  }
  return out;
}

// ---------------------------------------------------------------------------
// Results as numbers (a job's result), in this order.

namespace {

void put_bytes(std::vector<double>& out, const std::vector<std::uint8_t>& bytes) {
  out.push_back(static_cast<double>(bytes.size()));
  out.insert(out.end(), bytes.begin(), bytes.end());
}

class NumberReader {
 public:
  explicit NumberReader(const std::vector<double>& values) : values_(values) {}
  bool ok() const { return ok_; }
  double next() {
    if (at_ >= values_.size()) {
      ok_ = false;
      return 0;
    }
    return values_[at_++];
  }
  std::uint64_t count() { return static_cast<std::uint64_t>(next()); }
  template <typename T>
  std::vector<T> list() {
    const std::uint64_t n = count();
    std::vector<T> out;
    for (std::uint64_t i = 0; i < n && ok_; ++i) out.push_back(static_cast<T>(next()));
    return out;
  }

 private:
  const std::vector<double>& values_;
  std::size_t at_ = 0;
  bool ok_ = true;
};

}  // namespace

std::vector<double> encode_routine_check(const RoutineCheck& check) {
  std::vector<double> out{double(check.equal),        double(check.exhaustive),    double(check.states_checked),
                          double(check.zero_refused), double(check.calls_checked), double(check.start_from_image)};
  put_bytes(out, check.start);
  out.push_back(double(check.difference.has_value()));
  if (const auto& d = check.difference) {
    out.push_back(double(d->call));
    put_bytes(out, d->before);
    out.insert(out.end(), {double(d->output), double(d->expected_output)});
    put_bytes(out, d->state);
    put_bytes(out, d->expected_state);
  }
  out.push_back(double(check.stop.has_value()));
  if (const auto& s = check.stop) {
    out.push_back(double(s->call));
    put_bytes(out, s->before);
    out.insert(out.end(), {double(s->address), double(s->line)});
    put_bytes(out, std::vector<std::uint8_t>(s->message.begin(), s->message.end()));
  }
  out.insert(out.end(), {double(check.cycles.calls), double(check.cycles.min), double(check.cycles.max),
                         check.cycles.mean, double(check.code_units), double(check.period.has_value())});
  if (const auto& p = check.period) out.insert(out.end(), {double(p->found), double(p->length), double(p->calls_run)});
  out.push_back(double(check.face_counts.size()));
  out.insert(out.end(), check.face_counts.begin(), check.face_counts.end());
  out.push_back(double(check.expected_face_counts.size()));
  out.insert(out.end(), check.expected_face_counts.begin(), check.expected_face_counts.end());
  return out;
}

Result<RoutineCheck> decode_routine_check(const std::vector<double>& values) {
  NumberReader in(values);
  RoutineCheck c;
  c.equal = in.next() != 0;
  c.exhaustive = in.next() != 0;
  c.states_checked = in.count();
  c.zero_refused = in.next() != 0;
  c.calls_checked = in.count();
  c.start_from_image = in.next() != 0;
  c.start = in.list<std::uint8_t>();
  if (in.next() != 0) {
    RoutineDifference d;
    d.call = in.count();
    d.before = in.list<std::uint8_t>();
    d.output = static_cast<std::uint8_t>(in.next());
    d.expected_output = static_cast<std::uint8_t>(in.next());
    d.state = in.list<std::uint8_t>();
    d.expected_state = in.list<std::uint8_t>();
    c.difference = d;
  }
  if (in.next() != 0) {
    RoutineStop s;
    s.call = in.count();
    s.before = in.list<std::uint8_t>();
    s.address = static_cast<std::uint32_t>(in.next());
    s.line = static_cast<int>(in.next());
    const auto message = in.list<std::uint8_t>();
    s.message.assign(message.begin(), message.end());
    c.stop = s;
  }
  c.cycles.calls = in.count();
  c.cycles.min = in.count();
  c.cycles.max = in.count();
  c.cycles.mean = in.next();
  c.code_units = static_cast<std::uint32_t>(in.next());
  if (in.next() != 0) {
    RoutinePeriod p;
    p.found = in.next() != 0;
    p.length = in.count();
    p.calls_run = in.count();
    c.period = p;
  }
  c.face_counts = in.list<std::uint32_t>();
  c.expected_face_counts = in.list<std::uint32_t>();
  if (!in.ok()) return Result<RoutineCheck>::fail("routine_check: the result is incomplete");
  return Result<RoutineCheck>::ok(std::move(c));
}

// ---------------------------------------------------------------------------
// The job.

namespace {

class RoutineCheckJob : public Job {
 public:
  explicit RoutineCheckJob(const RoutineCheckRequest& request) : request_(request), checker_(request) {}
  double step(std::uint64_t budget) override { return checker_.step(budget); }
  bool done() const override { return checker_.done(); }
  std::vector<double> result() const override { return encode_routine_check(checker_.check()); }
  std::string summary() const override { return routine_check_verdict(request_, checker_.check()); }

 private:
  RoutineCheckRequest request_;
  RoutineChecker checker_;
};

int unit_digits(Cpu cpu) { return cpu == Cpu::pic16 ? 4 : 2; }

}  // namespace

std::string routine_check_params(const RoutineCheckRequest& request) {
  const Cpu cpu = request.image.cpu;
  FieldWriter out;
  out.add("cpu", cpu_id(cpu));
  out.add_hex("org", request.image.origin, 4);
  std::string units;
  for (const std::uint16_t u : request.image.units) units += format_hex_upper(u, unit_digits(cpu));
  out.add("image", units);
  out.add_hex("entry", request.entry, 4);
  std::string state;
  for (const std::uint32_t a : request.state) state += (state.empty() ? "" : ",") + format_hex_upper(a, 4);
  out.add("state", state);
  out.add("against", request.against);
  out.add("calls", request.calls);
  out.add("budget", request.cycle_budget);
  if (request.start) {
    std::string start = format_hex_upper(*request.start, 16);
    start.erase(0, std::min(start.find_first_not_of('0'), start.size() - 1));
    out.add("start", start);
  }
  return out.text();
}

Result<std::shared_ptr<Job>> make_routine_check_job(FieldReader& fields) {
  using R = Result<std::shared_ptr<Job>>;
  RoutineCheckRequest request;
  const std::string* cpu_text = fields.raw("cpu");
  if (!cpu_text) return R::fail("cpu: missing");
  const auto cpu = assembler::parse_cpu("cpu", *cpu_text);
  if (!cpu) return R::fail(cpu.error());
  request.image.cpu = *cpu;
  std::uint64_t origin = 0, entry = 0;
  if (!fields.hex("org", 4, origin) || !fields.hex("entry", 4, entry)) return R::fail("org and entry: hex addresses");
  request.image.origin = static_cast<std::uint32_t>(origin);
  request.entry = static_cast<std::uint32_t>(entry);
  const std::string* units = fields.raw("image");
  const auto digits = static_cast<std::size_t>(unit_digits(*cpu));
  if (!units || units->size() % digits != 0)
    return R::fail("image: hex units, " + std::to_string(digits) + " digits each");
  for (std::size_t i = 0; i < units->size(); i += digits) {
    const auto unit = parse_hex("image", std::string_view(*units).substr(i, digits), static_cast<int>(digits));
    if (!unit) return R::fail(unit.error());
    request.image.units.push_back(static_cast<std::uint16_t>(*unit));
  }
  const std::string* state = fields.raw("state");
  if (!state || state->empty()) return R::fail("state: missing");
  for (std::size_t at = 0; at <= state->size();) {
    const std::size_t comma = std::min(state->find(',', at), state->size());
    const auto address = parse_hex("state", std::string_view(*state).substr(at, comma - at), 4);
    if (!address) return R::fail(address.error());
    request.state.push_back(static_cast<std::uint32_t>(*address));
    at = comma + 1;
  }
  if (!fields.token("against", 40, request.against, "@")) return R::fail("against: missing");
  std::uint64_t calls = kDefaultRoutineCalls;
  fields.decimal("calls", 1, kMaxRoutineCalls, calls);
  request.calls = static_cast<std::uint32_t>(calls);
  fields.decimal("budget", 1, kMaxCycleBudget, request.cycle_budget);
  if (fields.raw("start")) {
    std::uint64_t start = 0;
    if (!fields.hex("start", 16, start)) return R::fail("start: a hex generator state");
    request.start = start;
  }
  if (auto valid = validate_routine_request(request); !valid) return R::fail(valid.error());
  return R::ok(std::make_shared<RoutineCheckJob>(request));
}

Result<RoutineCheckRequest> routine_request_from_assembly(const assembler::Assembly& assembly,
                                                          std::string_view entry_label) {
  using R = Result<RoutineCheckRequest>;
  if (!assembly.ok()) {
    const auto& first = assembly.errors.front();
    return R::fail("the source has errors (line " + std::to_string(first.line) + ": " + first.message + ")");
  }
  const auto symbol = assembly.symbols.find(entry_label);
  if (symbol == assembly.symbols.end())
    return R::fail("entry: no label \"" + printable_excerpt(entry_label) + "\" in the source");
  RoutineCheckRequest request;
  request.image = routine_image(assembly);
  request.entry = static_cast<std::uint32_t>(symbol->second);
  return R::ok(std::move(request));
}

}  // namespace shufflelab
