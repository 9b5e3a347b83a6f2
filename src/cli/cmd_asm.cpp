// `shufflelab asm`: assembles a source for one of the emulated CPUs
// (core/assembler), writes its raw bytes and prints its listing; with --run,
// runs a routine of it beside the generator or die roll it claims to be
// (core/asm/routine_check). Exit 0: assembled (and equal), 1: the routine
// differs or stopped, 2: bad arguments or assembly errors (FILE:LINE:COL lines).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "cli/cli.hpp"
#include "core/asm/routine_check.hpp"
#include "core/base/parse.hpp"

namespace shufflelab::cli {
namespace {

std::string read_source(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot open '" + path + "': " + std::strerror(errno));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw UsageError("cannot read '" + path + "'");
  return text;
}

// FILE and -o OUT among the positional words, in any order.
struct AsmFiles {
  std::string source;
  std::optional<std::string> output;
};
AsmFiles asm_files(const std::vector<std::string>& words) {
  AsmFiles files;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "-o") {
      if (i + 1 >= words.size()) throw UsageError("-o needs a file name");
      if (files.output) throw UsageError("-o given twice");
      files.output = words[++i];
    } else if (files.source.empty()) {
      files.source = words[i];
    } else {
      throw UsageError("unexpected argument '" + words[i] + "' (one source file)");
    }
  }
  if (files.source.empty()) throw UsageError("missing the source file (asm --cpu CPU FILE)");
  return files;
}

// --state: addresses, most significant byte first: labels of the source or hex ($F0, 0xF0, F0).
std::vector<std::uint32_t> state_addresses(const std::string& text, const assembler::Assembly& assembly) {
  std::vector<std::uint32_t> out;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    std::string item = text.substr(at, comma - at);
    at = comma + 1;
    if (const auto symbol = assembly.symbols.find(item); symbol != assembly.symbols.end()) {
      if (symbol->second < 0 || symbol->second > 0xffff)
        throw UsageError("--state: " + item + " = " + std::to_string(symbol->second) + " is not an address");
      out.push_back(static_cast<std::uint32_t>(symbol->second));
      continue;
    }
    if (!item.empty() && item[0] == '$') item.erase(0, 1);
    const auto address = parse_hex("--state", item, 4);
    if (!address) throw UsageError(address.error() + " (a label of the source or a hex address, comma-separated)");
    out.push_back(static_cast<std::uint32_t>(*address));
  }
  return out;
}

int run_asm(ArgList& args, std::ostream& out) {
  const assembler::Cpu cpu = value_or_usage_error(assembler::parse_cpu("--cpu", args.require("cpu")));
  const AsmFiles files = asm_files(args.positionals());
  const std::optional<std::string> label = args.get("run");
  const std::optional<std::string> against = args.get("against");
  const std::optional<std::string> state = args.get("state");
  const std::optional<std::string> calls = args.get("calls");
  const std::optional<std::string> budget = args.get("budget");
  args.finish();
  if (!label && (against || state || calls || budget))
    throw UsageError("--against, --state, --calls and --budget go with --run LABEL");
  if (label && !against)
    throw UsageError("--run needs --against GENERATOR (e.g. galois16), a die roll (d6-reject) or a coin-flip roller "
                     "(d6-fdr@tarot32)");
  if (label && !state) throw UsageError("--run needs --state ADDR[,ADDR...], the state bytes, most significant first");
  if (against) value_or_usage_error(check_routine_claim("--against", *against));

  const std::string source = read_source(files.source);
  const assembler::Assembly assembly = assembler::assemble(cpu, source);
  if (!assembly.ok()) {
    std::cerr << assembler::diagnostics_text(assembly, files.source);
    return 2;
  }
  if (files.output) {
    const std::vector<std::uint8_t> bytes = assembly.raw_bytes();
    std::ofstream file(*files.output, std::ios::binary);
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!file) throw UsageError("cannot write '" + *files.output + "'");
  }
  if (!label) {
    out << assembler::listing_text(assembly, source);
    return 0;
  }

  RoutineCheckRequest request = value_or_usage_error(routine_request_from_assembly(assembly, *label));
  request.state = state_addresses(*state, assembly);
  request.against = *against;
  if (calls)
    request.calls =
        static_cast<std::uint32_t>(value_or_usage_error(parse_decimal("--calls", *calls, 1, kMaxRoutineCalls)));
  if (budget) request.cycle_budget = value_or_usage_error(parse_decimal("--budget", *budget, 1, kMaxCycleBudget));
  const RoutineCheck check = value_or_usage_error(check_routine(request));
  out << routine_check_text(request, check);
  return check.equal ? 0 : 1;
}

const SubcommandRegistrar kAsm(
    "asm",
    "  asm --cpu z80|sm83|6502|pic16 FILE [-o OUT.bin]\n"
    "      assembles FILE (z80asm, sdasgb, ca65, gpasm syntax) and prints the listing with addresses, bytes and\n"
    "      cycles; -o writes the bytes from the lowest address, gaps $FF (PIC16: 14-bit words, 2 bytes LE, gaps\n"
    "      $3FFF). Errors: FILE:LINE:COL: message lines, exit 2\n"
    "  asm --cpu CPU FILE --run LABEL --against GENERATOR --state ADDR[,ADDR...] [--calls N] [--budget CYCLES]\n"
    "      runs LABEL beside a generator of the labs (galois16, xorshift16, lcg8, tarot32...), a die roll\n"
    "      dN-METHOD from one byte (d6-reject, d20-mulhi) or a coin-flip roller on a generator's bits\n"
    "      (d6-fdr@tarot32, d78-fdr-tarot@tarot32) and compares every call: A (W on the PIC16) with the output\n"
    "      byte or face, the state bytes (labels or hex, most significant first; a roller's: flips left, queue\n"
    "      byte, then the generator's) with the C++'s state; every state when it has at most 24 bits.\n"
    "      Exit 0 equal, 1 with the first difference",
    {}, run_asm, 3);

}  // namespace
}  // namespace shufflelab::cli
