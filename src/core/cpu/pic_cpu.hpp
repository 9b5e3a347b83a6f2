// pic_cpu.hpp: a small interpreter of the mid-range PIC16 core (14-bit
// instruction words; PIC16F84/628-class) for the PIC listing of the assembly
// lanes (asm/pic/seed004.asm, One Chip Video Poker's LCRNG and deal).
//
// Emulated: the 35-instruction set except RETFIE, SLEEP and CLRWDT, with the
// flags C, DC and Z as the mid-range reference manual gives them (SUBWF/SUBLW
// set C when there is no borrow); the 8-level return stack; INDF/FSR
// indirect addressing; 1 instruction cycle per instruction, 2 for GOTO, CALL,
// RETURN, RETLW and for a skip that skips. Data memory is bank 0 only
// (file registers 0x00..0x7F): setting RP0/RP1, an FSR above 0x7F or a write
// to PCL stops with an error; other special registers (ports, timers,
// interrupts) are plain bytes with no hardware behind them.
// There is no PIC simulator among the project's packages at run time: tests
// check results against the C++ core (and, natively, the encodings against
// gpasm when it is installed).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/base/result.hpp"

namespace shufflelab {

namespace pic {
constexpr std::uint8_t kIndf = 0x00, kPcl = 0x02, kStatus = 0x03, kFsr = 0x04;
constexpr std::uint8_t kC = 0x01, kDc = 0x02, kZ = 0x04, kRp0 = 0x20, kRp1 = 0x40;
constexpr std::uint16_t kProgramWords = 2048;
}  // namespace pic

// Instruction cycles of one word; `taken` is the time when it skips (0 when
// it cannot skip). Empty for words the interpreter does not run.
struct PicTiming {
  std::uint8_t cycles = 0;
  std::uint8_t cycles_taken = 0;
};
std::optional<PicTiming> pic_timing(std::uint16_t word);

class PicCpu {
 public:
  PicCpu() : program_(pic::kProgramWords, 0x3fff) {}

  std::uint8_t w = 0;
  std::uint16_t pc = 0;
  std::uint64_t cycles = 0;
  std::uint64_t instructions = 0;

  void load(std::uint16_t address, std::span<const std::uint16_t> words);
  std::uint8_t file(std::uint8_t address) const { return files_[address & 0x7f]; }
  void set_file(std::uint8_t address, std::uint8_t value) { files_[address & 0x7f] = value; }
  std::uint8_t status() const { return files_[pic::kStatus]; }
  std::size_t stack_depth() const { return depth_; }

  // Marks the file registers read or written (INDF resolved through FSR).
  void track_data(bool on) { tracking_ = on; }
  const std::array<bool, 128>& touched() const { return touched_; }

  // Executes one instruction; returns its instruction cycles.
  Result<std::uint32_t> step();
  // The harness's caller: a call from outside returns to this address.
  static constexpr std::uint16_t kReturnAddress = pic::kProgramWords - 1;
  // The start of a call from outside (fails when the stack is full).
  Result<bool> enter(std::uint16_t address);

 private:
  std::uint8_t resolve(std::uint8_t address) const;
  std::uint8_t read(std::uint8_t address);
  void write(std::uint8_t address, std::uint8_t value);
  void set_flag(std::uint8_t flag, bool on);

  std::vector<std::uint16_t> program_;
  std::array<std::uint8_t, 128> files_{};
  std::array<std::uint16_t, 8> stack_{};
  std::size_t depth_ = 0;
  bool tracking_ = false;
  std::array<bool, 128> touched_{};
  std::string fault_;
};

}  // namespace shufflelab
