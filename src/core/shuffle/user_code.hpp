// user_code.hpp: the reader's own `function shuffle(deck, rand)` as the core
// sees it. The page runs the code in a sandboxed worker and answers with TEXT
// (docs/code_protocol.md); this file parses that text strictly (every error
// names the line and the field), words the page's error kinds as sentences,
// and turns an exact enumeration into a bias matrix over a common
// denominator. The code itself never reaches the core's C++.
//
// The texts:
//   trace n=N draws=D        then `d K A` (rand(K) answered A), `m` (Math.random),
//                            `r I` (read deck[I]), `w I V` (deck[I] = V), last `deck V0 ...`
//   exact n=N leaves=L runs=R  then L lines `P C V0 ...`: C answer lists whose
//                            bounds multiply to P ended with this deck
//   sample n=N decks=M last=0|1  then M decks `V0 ...`
//   error kind=K line=L column=C draws=D  then one message line
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/base/result.hpp"
#include "core/shuffle/bias.hpp"

namespace shufflelab {

// The source a link or a command may carry: UTF-8, at most this many bytes.
constexpr std::size_t kMaxCodeBytes = 8192;
// A link writes a source longer than this, percent-encoded, packed (codez=) when that is shorter.
constexpr std::size_t kPackCodeAbove = 200;
// Validates a source: valid UTF-8 within kMaxCodeBytes, no control characters
// but tab and newline, no bidirectional controls (they can hide code from its reader).
Result<std::string> check_code_source(std::string_view source);

enum class CodeAccessKind : std::uint8_t { draw, math_random, read, write };
struct CodeAccess {
  CodeAccessKind kind = CodeAccessKind::draw;
  std::uint32_t a = 0;  // draw: the bound K; read, write: the position
  std::uint32_t b = 0;  // draw: the answer; write: the card written
};

struct CodeTrace {
  std::uint32_t n = 0;
  std::uint32_t draws = 0;  // rand and Math.random calls
  std::vector<CodeAccess> accesses;
  std::vector<std::uint32_t> deck;  // what the function left (or returned)
};

struct CodeExactLeaf {
  std::uint64_t product = 0;  // P: the bounds of one answer list multiplied
  std::uint64_t lists = 0;    // C
  std::vector<std::uint32_t> deck;
};
struct CodeExact {
  std::uint32_t n = 0;
  std::uint64_t runs = 0;
  std::vector<CodeExactLeaf> leaves;
};

struct CodeSample {
  std::uint32_t n = 0;
  bool last = false;
  std::vector<std::uint32_t> decks;  // decks.size() / n decks, one after the other
};

enum class CodeErrorKind : std::uint8_t {
  parse, thrown, timeout, memory, no_rand, not_permutation, length, nondeterministic, too_big
};
struct CodeError {
  CodeErrorKind kind = CodeErrorKind::parse;
  std::uint32_t line = 0, column = 0;  // 0: unknown
  std::uint64_t draws = 0;
  std::string message;  // the worker's line, as sent
};

using CodeResult = std::variant<CodeTrace, CodeExact, CodeSample, CodeError>;

// The page's text for a run over `n` cards; fails naming the line and field.
Result<CodeResult> parse_code_result(std::string_view text, std::uint32_t n);

// One sentence for the reader: what went wrong and where, in the words of
// the page (not-permutation: which card is doubled or missing; length: the new length).
std::string code_error_sentence(const CodeError& error, std::uint32_t n);

// An exact enumeration as counts over the common denominator of its lists'
// chances: matrix.total is that denominator, each leaf weighs C * total / P.
struct CodeExactView {
  BiasMatrix matrix;
  std::uint64_t runs = 0;       // the code's runs (answer lists) the page made
  std::uint64_t reachable = 0;  // distinct decks with a chance above 0
  std::uint64_t orders = 0;     // n! (0 when it does not fit in 64 bits)
  bool uniform = false;         // every one of the n! decks equally likely
};
// Fails when the chances do not add up to 1 or the denominator outgrows 64 bits.
Result<CodeExactView> code_exact_view(const CodeExact& exact);

// The analysis as JSON for node's grading scripts: {"kind":...} with, for an
// exact result, n, runs, denominator, counts, reachable, orders, uniform; for
// an error, its sentence; for a trace, draws and the deck; for a sample, the decks' matrix.
std::string code_result_json(std::string_view text, std::uint32_t n);

}  // namespace shufflelab
