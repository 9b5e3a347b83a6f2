// isa_pic16.cpp: the mid-range PIC16's 35 instructions (14-bit words) in
// gpasm's syntax: `f,d` with d = w, f, 0 or 1 (f when left out, as gpasm
// does), `f,b` with b = 0..7, 8-bit literals, 11-bit call/goto targets.
// File registers are 0x00..0x7F: an operand above bank 0 is refused (gpasm
// keeps its low 7 bits with a warning; here the reader sets RP0/RP1 by hand).
#include <array>

#include "core/assembler/instruction_set.hpp"

namespace shufflelab::assembler {

namespace {

enum class Form : std::uint8_t { none, file_dest, file, file_bit, literal, address };
enum class Time : std::uint8_t { one, two, skip };  // instruction cycles; a skip takes two when it skips

struct Instruction {
  std::string_view mnemonic;
  Form form;
  std::uint16_t opcode;
  Time time;
};

// From the mid-range reference manual's instruction set summary.
constexpr std::array<Instruction, 35> kInstructions{{
    {"addwf", Form::file_dest, 0x0700, Time::one},   {"andwf", Form::file_dest, 0x0500, Time::one},
    {"clrf", Form::file, 0x0180, Time::one},         {"clrw", Form::none, 0x0103, Time::one},
    {"comf", Form::file_dest, 0x0900, Time::one},    {"decf", Form::file_dest, 0x0300, Time::one},
    {"decfsz", Form::file_dest, 0x0b00, Time::skip}, {"incf", Form::file_dest, 0x0a00, Time::one},
    {"incfsz", Form::file_dest, 0x0f00, Time::skip}, {"iorwf", Form::file_dest, 0x0400, Time::one},
    {"movf", Form::file_dest, 0x0800, Time::one},    {"movwf", Form::file, 0x0080, Time::one},
    {"nop", Form::none, 0x0000, Time::one},          {"rlf", Form::file_dest, 0x0d00, Time::one},
    {"rrf", Form::file_dest, 0x0c00, Time::one},     {"subwf", Form::file_dest, 0x0200, Time::one},
    {"swapf", Form::file_dest, 0x0e00, Time::one},   {"xorwf", Form::file_dest, 0x0600, Time::one},
    {"bcf", Form::file_bit, 0x1000, Time::one},      {"bsf", Form::file_bit, 0x1400, Time::one},
    {"btfsc", Form::file_bit, 0x1800, Time::skip},   {"btfss", Form::file_bit, 0x1c00, Time::skip},
    {"addlw", Form::literal, 0x3e00, Time::one},     {"andlw", Form::literal, 0x3900, Time::one},
    {"call", Form::address, 0x2000, Time::two},      {"clrwdt", Form::none, 0x0064, Time::one},
    {"goto", Form::address, 0x2800, Time::two},      {"iorlw", Form::literal, 0x3800, Time::one},
    {"movlw", Form::literal, 0x3000, Time::one},     {"retfie", Form::none, 0x0009, Time::two},
    {"retlw", Form::literal, 0x3400, Time::two},     {"return", Form::none, 0x0008, Time::two},
    {"sleep", Form::none, 0x0063, Time::one},        {"sublw", Form::literal, 0x3c00, Time::one},
    {"xorlw", Form::literal, 0x3a00, Time::one},
}};

const Instruction* find(std::string_view lower_mnemonic) {
  for (const auto& instruction : kInstructions)
    if (instruction.mnemonic == lower_mnemonic) return &instruction;
  return nullptr;
}

bool is_mnemonic(std::string_view lower_mnemonic) { return find(lower_mnemonic) != nullptr; }

// One operand in low..high, or nullopt after an error naming `what`.
std::optional<std::int64_t> operand(LineContext& line, std::string_view text, std::int64_t low, std::int64_t high,
                                    std::string_view what) {
  const auto value = line.evaluate(text);
  if (!value) return std::nullopt;
  if (value->known && (value->value < low || value->value > high)) {
    line.error(text, std::string(what) + " " + std::to_string(value->value) + " is not " + std::to_string(low) + ".." +
                         std::to_string(high));
    return std::nullopt;
  }
  return value->value;
}

std::optional<Encoding> encode(std::string_view mnemonic, std::string_view operands, LineContext& line) {
  const Instruction& instruction = *find(mnemonic);
  const auto parts = split_operands(operands);
  const std::size_t wanted = instruction.form == Form::none                                       ? 0
                             : instruction.form == Form::file_bit                                 ? 2
                             : instruction.form == Form::file_dest && parts.size() == 2           ? 2
                                                                                                  : 1;
  if (parts.size() != wanted) {
    const std::string_view expected = instruction.form == Form::none        ? "no operand"
                                      : instruction.form == Form::file_dest ? "a file register and w or f"
                                      : instruction.form == Form::file      ? "a file register"
                                      : instruction.form == Form::file_bit  ? "a file register and a bit (0..7)"
                                      : instruction.form == Form::literal   ? "a literal (0..255)"
                                                                            : "a program address (0..0x7FF)";
    line.error(operands.empty() ? mnemonic : operands,
               "'" + std::string(mnemonic) + "' takes " + std::string(expected));
    return std::nullopt;
  }
  std::uint16_t word = instruction.opcode;
  auto file = [&]() { return operand(line, parts[0], 0, 0x7f, "file register (bank 0)"); };
  switch (instruction.form) {
    case Form::none: break;
    case Form::file: {
      const auto f = file();
      if (!f) return std::nullopt;
      word |= static_cast<std::uint16_t>(*f);
      break;
    }
    case Form::file_dest: {
      const auto f = file();
      if (!f) return std::nullopt;
      std::int64_t d = 1;
      if (parts.size() == 2) {
        const std::string dest = lower(parts[1]);
        if (dest == "w" || dest == "f") {
          d = dest == "f";
        } else {
          const auto value = operand(line, parts[1], 0, 1, "destination (w = 0, f = 1)");
          if (!value) return std::nullopt;
          d = *value;
        }
      }
      word |= static_cast<std::uint16_t>(*f | (d << 7));
      break;
    }
    case Form::file_bit: {
      const auto f = file();
      const auto b = operand(line, parts[1], 0, 7, "bit");
      if (!f || !b) return std::nullopt;
      word |= static_cast<std::uint16_t>(*f | (*b << 7));
      break;
    }
    case Form::literal: {
      const auto k = operand(line, parts[0], -128, 255, "literal");
      if (!k) return std::nullopt;
      word |= static_cast<std::uint16_t>(*k & 0xff);
      break;
    }
    case Form::address: {
      const auto k = operand(line, parts[0], 0, 0x7ff, "program address (page 0; set PCLATH for others)");
      if (!k) return std::nullopt;
      word |= static_cast<std::uint16_t>(*k);
      break;
    }
  }
  const Cycles cycles = instruction.time == Time::one   ? Cycles{1, 0}
                        : instruction.time == Time::two ? Cycles{2, 0}
                                                        : Cycles{1, 2};
  return Encoding{{word}, cycles};
}

}  // namespace

const InstructionSet& pic16_instruction_set() {
  static const InstructionSet set{Cpu::pic16, is_mnemonic, encode};
  return set;
}

}  // namespace shufflelab::assembler
