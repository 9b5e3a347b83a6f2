#include "core/cpu/pic_cpu.hpp"

#include "core/base/parse.hpp"

namespace shufflelab {

namespace {

template <class T>
constexpr std::uint8_t u8(T v) { return static_cast<std::uint8_t>(v); }
template <class T>
constexpr std::uint16_t u16(T v) { return static_cast<std::uint16_t>(v); }

enum class Kind : std::uint8_t { plain, branch, skip, missing };

Kind kind_of(std::uint16_t word) {
  if (word > 0x3fff) return Kind::missing;
  switch (word >> 12) {
    case 0: {
      const unsigned op = (word >> 8) & 0xf;
      if (op == 0 && !(word & 0x80)) {
        if (word == 0x0008) return Kind::branch;                 // RETURN
        if ((word & 0x9f) == 0) return Kind::plain;              // NOP
        return Kind::missing;                                    // RETFIE SLEEP CLRWDT OPTION TRIS
      }
      return (op == 0xb || op == 0xf) ? Kind::skip : Kind::plain;  // DECFSZ INCFSZ
    }
    case 1: return ((word >> 10) & 3) >= 2 ? Kind::skip : Kind::plain;  // BTFSC BTFSS
    case 2: return Kind::branch;                                        // CALL GOTO
    default: return ((word >> 10) & 3) == 1 ? Kind::branch : Kind::plain;  // RETLW
  }
}

}  // namespace

std::optional<PicTiming> pic_timing(std::uint16_t word) {
  switch (kind_of(word)) {
    case Kind::plain: return PicTiming{1, 0};
    case Kind::branch: return PicTiming{2, 0};
    case Kind::skip: return PicTiming{1, 2};
    case Kind::missing: break;
  }
  return std::nullopt;
}

void PicCpu::load(std::uint16_t address, std::span<const std::uint16_t> words) {
  for (const std::uint16_t word : words) program_[address++ % pic::kProgramWords] = word;
}

std::uint8_t PicCpu::resolve(std::uint8_t address) const {
  return address == pic::kIndf ? files_[pic::kFsr] : address;
}

std::uint8_t PicCpu::read(std::uint8_t address) {
  const std::uint8_t at = resolve(address);
  if (at > 0x7f) {
    fault_ = "pic: FSR " + format_hex_upper(at, 2) + " points past bank 0 (not emulated)";
    return 0;
  }
  if (tracking_) touched_[at] = true;
  if (at == pic::kIndf) return 0;  // INDF through FSR = 0 reads 0
  return files_[at];
}

void PicCpu::write(std::uint8_t address, std::uint8_t value) {
  const std::uint8_t at = resolve(address);
  if (at > 0x7f) {
    fault_ = "pic: FSR " + format_hex_upper(at, 2) + " points past bank 0 (not emulated)";
    return;
  }
  if (at == pic::kPcl) {
    fault_ = "pic: writes to PCL (computed jumps) are not emulated";
    return;
  }
  if (at == pic::kStatus && (value & (pic::kRp0 | pic::kRp1))) {
    fault_ = "pic: bank switching (RP0/RP1) is not emulated";
    return;
  }
  if (tracking_) touched_[at] = true;
  if (at != pic::kIndf) files_[at] = value;
}

void PicCpu::set_flag(std::uint8_t flag, bool on) {
  files_[pic::kStatus] = u8(on ? (files_[pic::kStatus] | flag) : (files_[pic::kStatus] & ~flag));
}

Result<std::uint32_t> PicCpu::step() {
  const std::uint16_t at = pc;
  const std::uint16_t word = program_[pc % pic::kProgramWords];
  const auto timing = pic_timing(word);
  if (!timing)
    return Result<std::uint32_t>::fail("pic: word " + format_hex_upper(word, 4) + " at " + format_hex_upper(at, 3) +
                                       " is not emulated");
  pc = u16((pc + 1) % pic::kProgramWords);
  bool skip = false;
  const auto f = u8(word & 0x7f);
  const bool to_file = (word & 0x80) != 0;
  const auto literal = u8(word);
  auto store = [&](std::uint8_t value) {
    if (to_file) write(f, value);
    else w = value;
  };
  switch (word >> 12) {
    case 0: {
      const unsigned op = (word >> 8) & 0xf;
      switch (op) {
        case 0x0:
          if (to_file) {
            write(f, w);  // MOVWF
          } else if (word == 0x0008) {  // RETURN
            if (depth_ == 0) return Result<std::uint32_t>::fail("pic: RETURN with an empty stack");
            pc = stack_[--depth_];
          }
          break;  // NOP
        case 0x1:  // CLRF / CLRW
          store(0);
          set_flag(pic::kZ, true);
          break;
        case 0x2: case 0x7: {  // SUBWF, ADDWF
          const unsigned v = read(f);
          unsigned r = 0;
          if (op == 0x7) {
            r = v + w;
            set_flag(pic::kC, r > 0xff);
            set_flag(pic::kDc, (v & 0xf) + (w & 0xf) > 0xf);
          } else {
            r = v - w;
            set_flag(pic::kC, v >= w);
            set_flag(pic::kDc, (v & 0xf) >= (w & 0xf));
          }
          set_flag(pic::kZ, u8(r) == 0);
          store(u8(r));
          break;
        }
        case 0x3: case 0x4: case 0x5: case 0x6: case 0x8: case 0x9: case 0xa: {
          const std::uint8_t v = read(f);
          std::uint8_t r = 0;
          switch (op) {
            case 0x3: r = u8(v - 1); break;  // DECF
            case 0x4: r = u8(v | w); break;  // IORWF
            case 0x5: r = u8(v & w); break;  // ANDWF
            case 0x6: r = u8(v ^ w); break;  // XORWF
            case 0x8: r = v; break;          // MOVF
            case 0x9: r = u8(~v); break;     // COMF
            default: r = u8(v + 1); break;   // INCF
          }
          set_flag(pic::kZ, r == 0);
          store(r);
          break;
        }
        case 0xb: case 0xf: {  // DECFSZ, INCFSZ
          const auto r = u8(read(f) + (op == 0xf ? 1 : -1));
          store(r);
          skip = r == 0;
          break;
        }
        case 0xc: case 0xd: {  // RRF, RLF through carry
          const unsigned v = read(f);
          const unsigned carry = status() & pic::kC;
          const auto r = op == 0xd ? u8(v << 1 | carry) : u8(v >> 1 | carry << 7);
          set_flag(pic::kC, op == 0xd ? (v & 0x80) != 0 : (v & 1) != 0);
          store(r);
          break;
        }
        default: {  // SWAPF
          const std::uint8_t v = read(f);
          store(u8(v << 4 | v >> 4));
          break;
        }
      }
      break;
    }
    case 1: {
      const unsigned bit = (word >> 7) & 7;
      const unsigned op = (word >> 10) & 3;
      const std::uint8_t v = read(f);
      if (op == 0) write(f, u8(v & ~(1u << bit)));
      else if (op == 1) write(f, u8(v | (1u << bit)));
      else skip = ((v >> bit) & 1) == (op == 2 ? 0u : 1u);
      break;
    }
    case 2:
      if (!(word & 0x800)) {  // CALL
        if (depth_ == stack_.size()) return Result<std::uint32_t>::fail("pic: return stack overflow (8 levels)");
        stack_[depth_++] = pc;
      }
      pc = u16(word & 0x7ff);
      break;
    default: {
      const unsigned op = (word >> 8) & 0xf;
      if (op < 4) {
        w = literal;  // MOVLW
      } else if (op < 8) {  // RETLW
        if (depth_ == 0) return Result<std::uint32_t>::fail("pic: RETLW with an empty stack");
        w = literal;
        pc = stack_[--depth_];
      } else if (op == 8 || op == 9 || op == 0xa) {
        w = op == 8 ? u8(w | literal) : op == 9 ? u8(w & literal) : u8(w ^ literal);
        set_flag(pic::kZ, w == 0);
      } else {
        const unsigned r = op >= 0xe ? literal + w : literal - w;
        set_flag(pic::kC, op >= 0xe ? r > 0xff : literal >= w);
        set_flag(pic::kDc, op >= 0xe ? (literal & 0xf) + (w & 0xf) > 0xf : (literal & 0xf) >= (w & 0xf));
        w = u8(r);
        set_flag(pic::kZ, w == 0);
      }
      break;
    }
  }
  if (!fault_.empty()) {
    std::string fault = std::move(fault_);
    fault_.clear();
    return Result<std::uint32_t>::fail(fault + " (at " + format_hex_upper(at, 3) + ")");
  }
  if (skip) pc = u16((pc + 1) % pic::kProgramWords);
  ++instructions;
  const std::uint32_t c = skip ? timing->cycles_taken : timing->cycles;
  cycles += c;
  return Result<std::uint32_t>::ok(c);
}

Result<bool> PicCpu::enter(std::uint16_t address) {
  if (depth_ == stack_.size()) return Result<bool>::fail("pic: return stack overflow (8 levels)");
  stack_[depth_++] = kReturnAddress;
  pc = address;
  return Result<bool>::ok(true);
}

}  // namespace shufflelab
