// oracle_tools.hpp: what the oracle tests that drive Debian's tools share:
// files of this test process, running a tool and reading what it printed,
// Intel HEX (gpasm, sdldgb) as address -> byte, and our assembler's bytes
// to hold against the tool's.
#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/assembler/assembler.hpp"

namespace shufflelab::oracle {

// A temporary path of this process only: ctest runs tests side by side.
inline std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "shufflelab_" + std::to_string(getpid()) + "_" + name;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::vector<std::uint8_t> bytes_of(const std::string& text) { return {text.begin(), text.end()}; }

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// Runs a shell command: its exit status and what it printed (stdout and stderr).
inline std::pair<int, std::string> run_tool(const std::string& command) {
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(("(" + command + ") 2>&1").c_str(), "r"), pclose);
  if (!pipe) return {-1, "popen failed"};
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0) out.append(buffer.data(), n);
  return {pclose(pipe.release()), out};
}

inline bool have_tool(const std::string& tool) { return run_tool("command -v " + tool).first == 0; }

// Intel HEX data records as address -> byte.
inline std::map<std::uint32_t, std::uint8_t> intel_hex_bytes(const std::string& text) {
  std::map<std::uint32_t, std::uint8_t> bytes;
  std::stringstream hex(text);
  std::uint32_t base = 0;
  for (std::string record; std::getline(hex, record);) {
    if (record.size() < 11 || record[0] != ':') continue;
    auto byte = [&](std::size_t at) {
      return static_cast<std::uint32_t>(std::stoul(record.substr(at, 2), nullptr, 16));
    };
    const std::uint32_t count = byte(1), address = byte(3) << 8 | byte(5), type = byte(7);
    if (type == 4) base = (byte(9) << 8 | byte(11)) << 16;
    if (type != 0) continue;
    for (std::uint32_t i = 0; i < count; ++i) bytes[base + address + i] = static_cast<std::uint8_t>(byte(9 + 2 * i));
  }
  return bytes;
}

// Our assembler's file for `source` (PIC16 words as two bytes, little-endian),
// which must assemble without errors; `kept`, when given, receives the
// assembly (its lines and addresses).
inline std::vector<std::uint8_t> ours(assembler::Cpu cpu, const std::string& source,
                                      assembler::Assembly* kept = nullptr) {
  assembler::Assembly assembly = assembler::assemble(cpu, source);
  EXPECT_TRUE(assembly.ok()) << assembler::diagnostics_text(assembly, "ours");
  std::vector<std::uint8_t> raw = assembly.raw_bytes();
  if (kept) *kept = std::move(assembly);
  return raw;
}

}  // namespace shufflelab::oracle
