#include "core/shuffle/user_code.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "core/base/parse.hpp"
#include "core/base/plain_text.hpp"
#include "core/base/text_format.hpp"
#include "core/base/url_fields.hpp"
#include "core/base/split_lines.hpp"

namespace shufflelab {

Result<std::string> check_code_source(std::string_view source) {
  using R = Result<std::string>;
  if (source.size() > kMaxCodeBytes)
    return R::fail("code: " + grouped(source.size()) + " bytes is more than the " + grouped(kMaxCodeBytes) +
                   " a link can carry");
  std::uint32_t line = 1, column = 1;
  for (std::size_t at = 0; at < source.size();) {
    std::uint32_t cp = 0;
    const std::size_t len = utf8_character(source, at, cp);
    const std::string where = "code: line " + std::to_string(line) + ", column " + std::to_string(column);
    if (len == 0) return R::fail(where + " is not valid UTF-8");
    if (cp != '\n' && cp != '\t' && !shows_as_written(cp))
      return R::fail(where + " holds an invisible control character (U+" + format_hex_upper(cp, 4) + ")");
    if (cp == '\n') ++line, column = 1;
    else ++column;
    at += len;
  }
  return R::ok(std::string(source));
}

namespace {

std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < line.size()) {
    const std::size_t begin = line.find_first_not_of(' ', at);
    if (begin == std::string_view::npos) break;
    const std::size_t end = std::min(line.find(' ', begin), line.size());
    words.push_back(line.substr(begin, end - begin));
    at = end;
  }
  return words;
}

// Reads one line's words; every failure names the line.
class LineReader {
 public:
  LineReader(std::string_view line, std::size_t number) : words_(split_words(line)), number_(number) {}
  std::size_t size() const { return words_.size(); }
  std::string_view word(std::size_t i) const { return words_[i]; }
  std::string where() const { return "line " + std::to_string(number_); }

  Result<std::uint64_t> number(std::size_t i, std::string_view field, std::uint64_t min, std::uint64_t max) const {
    auto v = parse_decimal(field, words_[i], min, max);
    if (!v) return Result<std::uint64_t>::fail(where() + ": " + v.error());
    return v;
  }
  // key=value at word i.
  Result<std::uint64_t> field(std::size_t i, std::string_view key, std::uint64_t min, std::uint64_t max) const {
    using R = Result<std::uint64_t>;
    const std::string prefix = std::string(key) + "=";
    if (i >= words_.size() || words_[i].substr(0, prefix.size()) != prefix)
      return R::fail(where() + ": expected " + prefix + "...");
    auto v = parse_decimal(key, words_[i].substr(prefix.size()), min, max);
    if (!v) return R::fail(where() + ": " + v.error());
    return v;
  }
  Result<std::vector<std::uint32_t>> deck(std::size_t first, std::uint32_t n) const {
    using R = Result<std::vector<std::uint32_t>>;
    if (words_.size() - first != n)
      return R::fail(where() + ": a deck of " + std::to_string(words_.size() - first) + " cards, expected " + std::to_string(n));
    std::vector<std::uint32_t> deck;
    std::vector<bool> seen(n, false);
    for (std::size_t i = first; i < words_.size(); ++i) {
      auto card = number(i, "card", 0, n - 1);
      if (!card) return R::fail(card.error());
      if (seen[*card]) return R::fail(where() + ": card " + std::to_string(*card) + " appears twice");
      seen[*card] = true;
      deck.push_back(static_cast<std::uint32_t>(*card));
    }
    return R::ok(std::move(deck));
  }

 private:
  std::vector<std::string_view> words_;
  std::size_t number_;
};

Result<CodeResult> fail(std::string why) { return Result<CodeResult>::fail(std::move(why)); }

Result<CodeResult> parse_trace(const std::vector<std::string_view>& lines, std::uint32_t n) {
  const LineReader head(lines[0], 1);
  CodeTrace trace;
  trace.n = n;
  auto draws = head.field(2, "draws", 0, 0xFFFFFFFFu);
  if (!draws) return fail(draws.error());
  if (head.size() != 3) return fail("line 1: expected trace n=N draws=D");
  std::uint32_t counted = 0;
  bool ended = false;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const LineReader line(lines[i], i + 1);
    if (ended) return fail(line.where() + ": nothing may follow the deck line");
    if (line.size() == 0) return fail(line.where() + ": empty");
    const std::string_view tag = line.word(0);
    CodeAccess access;
    if (tag == "deck") {
      auto deck = line.deck(1, n);
      if (!deck) return fail(deck.error());
      trace.deck = std::move(deck.value());
      ended = true;
      continue;
    }
    const std::size_t arity = tag == "d" || tag == "w" ? 3 : tag == "r" ? 2 : tag == "m" ? 1 : 0;
    if (arity == 0) return fail(line.where() + ": \"" + printable_excerpt(tag) + "\" is not d, m, r, w or deck");
    if (line.size() != arity) return fail(line.where() + ": " + std::string(tag) + " takes " + std::to_string(arity - 1) + " numbers");
    if (tag == "d") {
      auto bound = line.number(1, "bound", 1, 0xFFFFFFFFu);
      if (!bound) return fail(bound.error());
      auto answer = line.number(2, "answer", 0, *bound - 1);
      if (!answer) return fail(answer.error());
      access = {CodeAccessKind::draw, static_cast<std::uint32_t>(*bound), static_cast<std::uint32_t>(*answer)};
      ++counted;
    } else if (tag == "m") {
      access.kind = CodeAccessKind::math_random;
      ++counted;
    } else {
      auto position = line.number(1, "position", 0, n - 1);
      if (!position) return fail(position.error());
      access = {tag == "r" ? CodeAccessKind::read : CodeAccessKind::write, static_cast<std::uint32_t>(*position), 0};
      if (tag == "w") {
        auto card = line.number(2, "card", 0, n - 1);
        if (!card) return fail(card.error());
        access.b = static_cast<std::uint32_t>(*card);
      }
    }
    trace.accesses.push_back(access);
  }
  if (!ended) return fail("line " + std::to_string(lines.size()) + ": the trace ends without its deck line");
  if (counted != *draws)
    return fail("line 1: draws=" + std::to_string(*draws) + " but the trace has " + std::to_string(counted));
  trace.draws = counted;
  return Result<CodeResult>::ok(std::move(trace));
}

struct HeaderField {
  std::string_view key;
  std::uint64_t min, max;
};
struct CountedHeader {
  std::uint64_t count = 0, second = 0;
};
// "KIND n=N COUNT=... SECOND=...": COUNT lines must follow the header.
Result<CountedHeader> counted_header(const LineReader& head, std::size_t lines_after, HeaderField count, HeaderField second,
                                     std::string_view usage) {
  using R = Result<CountedHeader>;
  auto c = head.field(2, count.key, count.min, count.max);
  if (!c) return R::fail(c.error());
  auto v = head.field(3, second.key, second.min, second.max);
  if (!v) return R::fail(v.error());
  if (head.size() != 4) return R::fail("line 1: expected " + std::string(usage));
  if (lines_after != *c)
    return R::fail("line 1: " + std::string(count.key) + "=" + std::to_string(*c) + " but " + std::to_string(lines_after) +
                   " lines follow");
  return R::ok({*c, *v});
}

Result<CodeResult> parse_exact(const std::vector<std::string_view>& lines, std::uint32_t n) {
  const LineReader head(lines[0], 1);
  auto header = counted_header(head, lines.size() - 1, {"leaves", 1, 0xFFFFFFFFu}, {"runs", 1, ~std::uint64_t{0}},
                               "exact n=N leaves=L runs=R");
  if (!header) return fail(header.error());
  CodeExact exact;
  exact.n = n;
  exact.runs = header->second;
  std::uint64_t counted = 0;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const LineReader line(lines[i], i + 1);
    if (line.size() < 2) return fail(line.where() + ": expected P C and a deck");
    auto product = line.number(0, "P", 1, ~std::uint64_t{0});
    if (!product) return fail(product.error());
    auto lists = line.number(1, "C", 1, ~std::uint64_t{0});
    if (!lists) return fail(lists.error());
    auto deck = line.deck(2, n);
    if (!deck) return fail(deck.error());
    if (counted + *lists < counted) return fail(line.where() + ": C overflows the count of runs");
    counted += *lists;
    exact.leaves.push_back({*product, *lists, std::move(deck.value())});
  }
  if (counted != exact.runs)
    return fail("line 1: runs=" + std::to_string(exact.runs) + " but the lines count " + std::to_string(counted));
  return Result<CodeResult>::ok(std::move(exact));
}

Result<CodeResult> parse_sample(const std::vector<std::string_view>& lines, std::uint32_t n) {
  const LineReader head(lines[0], 1);
  auto header = counted_header(head, lines.size() - 1, {"decks", 0, 1'000'000}, {"last", 0, 1}, "sample n=N decks=M last=0|1");
  if (!header) return fail(header.error());
  CodeSample sample;
  sample.n = n;
  sample.last = header->second == 1;
  sample.decks.reserve(header->count * n);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    auto deck = LineReader(lines[i], i + 1).deck(0, n);
    if (!deck) return fail(deck.error());
    sample.decks.insert(sample.decks.end(), deck->begin(), deck->end());
  }
  return Result<CodeResult>::ok(std::move(sample));
}

constexpr std::pair<std::string_view, CodeErrorKind> kErrorKinds[] = {
    {"parse", CodeErrorKind::parse},
    {"throw", CodeErrorKind::thrown},
    {"timeout", CodeErrorKind::timeout},
    {"memory", CodeErrorKind::memory},
    {"no-rand", CodeErrorKind::no_rand},
    {"not-permutation", CodeErrorKind::not_permutation},
    {"length", CodeErrorKind::length},
    {"nondeterministic", CodeErrorKind::nondeterministic},
    {"too-big", CodeErrorKind::too_big},
};

Result<CodeResult> parse_error(const std::vector<std::string_view>& lines) {
  const LineReader head(lines[0], 1);
  const std::string_view kind = head.size() > 1 ? head.word(1) : std::string_view();
  CodeError error;
  const auto* found = std::find_if(std::begin(kErrorKinds), std::end(kErrorKinds),
                                   [&](const auto& k) { return "kind=" + std::string(k.first) == kind; });
  if (found == std::end(kErrorKinds)) return fail("line 1: expected kind= one of parse, throw, timeout, memory, no-rand, not-permutation, length, nondeterministic, too-big");
  error.kind = found->second;
  auto line = head.field(2, "line", 0, 0xFFFFFFFFu);
  if (!line) return fail(line.error());
  auto column = head.field(3, "column", 0, 0xFFFFFFFFu);
  if (!column) return fail(column.error());
  auto draws = head.field(4, "draws", 0, ~std::uint64_t{0});
  if (!draws) return fail(draws.error());
  if (head.size() != 5) return fail("line 1: expected error kind=K line=L column=C draws=D");
  if (lines.size() > 2) return fail("line 3: an error has one message line");
  error.line = static_cast<std::uint32_t>(*line);
  error.column = static_cast<std::uint32_t>(*column);
  error.draws = *draws;
  if (lines.size() == 2) error.message = readable_excerpt(lines[1], 200);
  return Result<CodeResult>::ok(std::move(error));
}

}  // namespace

Result<CodeResult> parse_code_result(std::string_view text, std::uint32_t n) {
  const std::vector<std::string_view> lines = split_lines(text);
  if (lines.empty()) return fail("the result is empty");
  const LineReader head(lines[0], 1);
  if (head.size() == 0) return fail("line 1: empty");
  const std::string_view kind = head.word(0);
  if (kind == "error") return parse_error(lines);
  if (kind != "trace" && kind != "exact" && kind != "sample")
    return fail("line 1: \"" + printable_excerpt(kind) + "\" is not trace, exact, sample or error");
  auto cards = head.field(1, "n", 1, 0xFFFFFFFFu);
  if (!cards) return fail(cards.error());
  if (*cards != n) return fail("line 1: n=" + std::to_string(*cards) + " but the run was for " + std::to_string(n) + " cards");
  if (kind == "trace") return parse_trace(lines, n);
  if (kind == "exact") return parse_exact(lines, n);
  return parse_sample(lines, n);
}

namespace {
std::string at_place(const CodeError& e) {
  if (e.line == 0) return "";
  return " at line " + std::to_string(e.line) + (e.column ? ", column " + std::to_string(e.column) : "");
}
std::string after_draws(const CodeError& e) {
  return " after " + grouped(e.draws) + (e.draws == 1 ? " draw" : " draws");
}
std::string with_message(const CodeError& e) { return e.message.empty() ? "." : ": " + e.message; }

// The message line of not-permutation is the returned values, space-separated.
std::string permutation_problem(const CodeError& e, std::uint32_t n) {
  const std::vector<std::string_view> words = split_words(e.message);
  std::vector<std::uint32_t> seen(n, 0);
  for (std::string_view w : words) {
    auto card = parse_decimal("card", w, 0, n - 1);
    if (!card) return "it holds " + printable_excerpt(w) + ", which is not a card of 0.." + std::to_string(n - 1);
    ++seen[*card];
  }
  std::string doubled, missing;
  for (std::uint32_t c = 0; c < n; ++c) {
    if (seen[c] > 1 && doubled.empty()) doubled = "card " + std::to_string(c) + " appears " + std::to_string(seen[c]) + " times";
    if (seen[c] == 0 && missing.empty()) missing = "card " + std::to_string(c) + " is missing";
  }
  if (doubled.empty() && missing.empty()) return "the page said: " + e.message;
  return doubled + (doubled.empty() || missing.empty() ? "" : " and ") + missing;
}
}  // namespace

std::string code_error_sentence(const CodeError& e, std::uint32_t n) {
  switch (e.kind) {
    case CodeErrorKind::parse:
      return "Your code does not parse" + at_place(e) + with_message(e);
    case CodeErrorKind::thrown:
      return "Your code threw an error" + at_place(e) + after_draws(e) + with_message(e);
    case CodeErrorKind::timeout:
      return "Your code ran past its time budget and was stopped" + after_draws(e) + ".";
    case CodeErrorKind::memory:
      return "Your code took too much memory and was stopped" + after_draws(e) + ".";
    case CodeErrorKind::no_rand:
      return "Your code never calls rand (or Math.random), so every run gives the same deck.";
    case CodeErrorKind::not_permutation:
      return "Your shuffle's deck is not the " + std::to_string(n) + " cards in some order: " + permutation_problem(e, n) + ".";
    case CodeErrorKind::length: {
      auto length = parse_decimal("length", e.message, 0, ~std::uint64_t{0});
      return "Your shuffle changed the deck's length from " + std::to_string(n) + " to " +
             (length ? std::to_string(*length) : "something else (" + e.message + ")") + ".";
    }
    case CodeErrorKind::nondeterministic:
      return "Your code reads Math.random or something else besides rand, so its answers cannot be enumerated: it is sampled instead.";
    case CodeErrorKind::too_big:
      return "The tree of rand's answers is too large to enumerate" + (e.message.empty() ? "" : " (" + e.message + ")") +
             ": sample it instead.";
  }
  return e.message;
}

namespace {
bool multiply(std::uint64_t a, std::uint64_t b, std::uint64_t& out) { return !__builtin_mul_overflow(a, b, &out); }
}  // namespace

Result<CodeExactView> code_exact_view(const CodeExact& exact) {
  using R = Result<CodeExactView>;
  std::uint64_t denominator = 1;
  for (const CodeExactLeaf& leaf : exact.leaves) {
    const std::uint64_t g = std::gcd(denominator, leaf.product);
    if (!multiply(denominator / g, leaf.product, denominator))
      return R::fail("the answer lists' common denominator does not fit in 64 bits");
  }
  CodeExactView view;
  view.matrix = BiasMatrix(exact.n);
  view.matrix.total = denominator;
  view.runs = exact.runs;
  std::map<std::vector<std::uint32_t>, std::uint64_t> weights;
  std::uint64_t sum = 0;
  for (const CodeExactLeaf& leaf : exact.leaves) {
    std::uint64_t weight = 0;
    if (!multiply(leaf.lists, denominator / leaf.product, weight) || sum + weight < sum)
      return R::fail("the answer lists' chances add up to more than 1");
    sum += weight;
    weights[leaf.deck] += weight;
    for (std::uint32_t p = 0; p < exact.n; ++p) view.matrix.counts[std::size_t{p} * exact.n + leaf.deck[p]] += weight;
  }
  if (sum != denominator)
    return R::fail("the answer lists' chances add up to " + std::to_string(sum) + "/" + std::to_string(denominator) + ", not 1");
  view.reachable = weights.size();
  std::uint64_t orders = 1;
  for (std::uint32_t k = 2; k <= exact.n && orders; ++k)
    if (!multiply(orders, k, orders)) orders = 0;
  view.orders = orders;
  const std::uint64_t first = weights.empty() ? 0 : weights.begin()->second;
  view.uniform = orders != 0 && view.reachable == orders &&
                 std::all_of(weights.begin(), weights.end(), [&](const auto& w) { return w.second == first; });
  return R::ok(std::move(view));
}

std::string code_result_json(std::string_view text, std::uint32_t n) {
  auto parsed = parse_code_result(text, n);
  if (!parsed) return "{\"kind\":\"invalid\",\"error\":" + json_string(parsed.error()) + "}";
  if (const auto* e = std::get_if<CodeError>(&*parsed))
    return "{\"kind\":\"error\",\"message\":" + json_string(code_error_sentence(*e, n)) + "}";
  if (const auto* t = std::get_if<CodeTrace>(&*parsed))
    return "{\"kind\":\"trace\",\"n\":" + std::to_string(n) + ",\"draws\":" + std::to_string(t->draws) +
           ",\"deck\":" + json_integers(t->deck) + "}";
  if (const auto* s = std::get_if<CodeSample>(&*parsed)) {
    BiasMatrix matrix(n);
    for (std::size_t at = 0; at < s->decks.size(); at += n) matrix.add({s->decks.data() + at, n});
    return "{\"kind\":\"sample\",\"n\":" + std::to_string(n) + ",\"decks\":" + std::to_string(matrix.total) +
           ",\"counts\":" + json_integers(matrix.counts) + "}";
  }
  auto view = code_exact_view(std::get<CodeExact>(*parsed));
  if (!view) return "{\"kind\":\"invalid\",\"error\":" + json_string(view.error()) + "}";
  return "{\"kind\":\"exact\",\"n\":" + std::to_string(n) + ",\"runs\":" + std::to_string(view->runs) +
         ",\"denominator\":" + std::to_string(view->matrix.total) + ",\"counts\":" + json_integers(view->matrix.counts) +
         ",\"reachable\":" + std::to_string(view->reachable) + ",\"orders\":" + std::to_string(view->orders) +
         ",\"uniform\":" + json_bool(view->uniform) + "}";
}

}  // namespace shufflelab
