// ram64k.hpp: the memory every 8-bit interpreter here has (the 8080 family's
// machine, the 6502): 64 KiB of plain RAM, loaded and inspected from outside,
// with optional tracking of the data bytes a routine reads or writes, to
// measure the RAM it uses.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace shufflelab {

class Ram64k {
 public:
  Ram64k() : memory_(65536, 0) {}

  std::uint8_t peek(std::uint16_t address) const { return memory_[address]; }
  void poke(std::uint16_t address, std::uint8_t value) { memory_[address] = value; }
  void load(std::uint16_t address, std::span<const std::uint8_t> bytes) {
    for (const std::uint8_t b : bytes) memory_[address++] = b;
  }

  // Marks every data byte read or written (not instruction fetches) in
  // touched().
  void track_data(bool on) {
    tracking_ = on;
    if (on && touched_.empty()) touched_.assign(65536, false);
  }
  const std::vector<bool>& touched() const { return touched_; }

  // Appends the address of every write to `log` (null: off), so a checker
  // can hold a routine to a memory map and undo its writes cheaply.
  void log_writes(std::vector<std::uint16_t>* log) { write_log_ = log; }

 protected:
  std::uint8_t read(std::uint16_t address) {
    if (tracking_) touched_[address] = true;
    return memory_[address];
  }
  void write(std::uint16_t address, std::uint8_t value) {
    if (tracking_) touched_[address] = true;
    if (write_log_) write_log_->push_back(address);
    memory_[address] = value;
  }

  std::vector<std::uint8_t> memory_;

 private:
  bool tracking_ = false;
  std::vector<bool> touched_;
  std::vector<std::uint16_t>* write_log_ = nullptr;
};

}  // namespace shufflelab
