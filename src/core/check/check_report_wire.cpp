#include "core/check/check_report_wire.hpp"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

namespace shufflelab {

namespace {

constexpr std::string_view kHeader = "shufflelab check report 1";

// Fields are tab-separated, records newline-separated: escape both (and the escape).
std::string escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') out += "\\\\";
    else if (c == '\t') out += "\\t";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

std::optional<std::string> unescape(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    if (++i == text.size()) return std::nullopt;
    if (text[i] == '\\') out += '\\';
    else if (text[i] == 't') out += '\t';
    else if (text[i] == 'n') out += '\n';
    else return std::nullopt;
  }
  return out;
}

std::string number(double value) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

std::optional<double> parse_number(std::string_view text) {
  // strtod, not from_chars: "inf" and "nan" must come back as written.
  std::string copy(text);
  char* end = nullptr;
  const double value = std::strtod(copy.c_str(), &end);
  if (copy.empty() || end != copy.c_str() + copy.size()) return std::nullopt;
  return value;
}

std::string numbers(const std::vector<double>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? "," : "") + number(values[i]);
  return out;
}

std::optional<std::vector<double>> parse_numbers(std::string_view text) {
  std::vector<double> out;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const auto value = parse_number(text.substr(0, comma));
    if (!value) return std::nullopt;
    out.push_back(*value);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return out;
}

std::vector<std::string_view> split(std::string_view line, char separator) {
  std::vector<std::string_view> out;
  for (;;) {
    const std::size_t at = line.find(separator);
    out.push_back(line.substr(0, at));
    if (at == std::string_view::npos) return out;
    line.remove_prefix(at + 1);
  }
}

}  // namespace

std::string encode_check_report(const CheckReport& r) {
  std::string out(kHeader);
  auto record = [&out](std::initializer_list<std::string> fields) {
    out += '\n';
    bool first = true;
    for (const std::string& f : fields) out += (first ? "" : "\t") + f, first = false;
  };
  record({"kind", escape(r.kind)});
  record({"alpha", number(r.alpha)});
  record({"failed", r.failed ? "1" : "0"});
  record({"inconclusive", r.inconclusive ? "1" : "0"});
  record({"verdict", escape(r.verdict)});
  for (const CheckFact& f : r.facts) record({"fact", escape(f.key), escape(f.label), number(f.value), escape(f.text)});
  for (const CheckTest& t : r.tests)
    record({"test", escape(t.key), escape(t.name), number(t.statistic), number(t.dof), number(t.p), number(t.p_adjusted),
            t.failed ? "1" : "0", escape(t.observed), escape(t.meaning), escape(t.more)});
  for (const CheckSeries& s : r.series) record({"series", escape(s.key), escape(s.label), numbers(s.x), numbers(s.y)});
  for (const std::string& d : r.diagnosis) record({"diagnosis", escape(d)});
  for (const std::string& n : r.notes) record({"note", escape(n)});
  if (!r.picture.empty()) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    for (std::uint8_t b : r.picture) hex += kHex[b >> 4], hex += kHex[b & 15];
    record({"picture", hex});
  }
  return out;
}

Result<CheckReport> decode_check_report(std::string_view text) {
  using R = Result<CheckReport>;
  const std::vector<std::string_view> lines = split(text, '\n');
  if (lines.empty() || lines[0] != kHeader) return R::fail("check report: the first line is not '" + std::string(kHeader) + "'");
  CheckReport r;
  for (std::size_t n = 1; n < lines.size(); ++n) {
    const auto bad = [n](const std::string& what) { return R::fail("check report line " + std::to_string(n + 1) + ": " + what); };
    const std::vector<std::string_view> f = split(lines[n], '\t');
    std::vector<std::string> s;
    for (std::size_t i = 1; i < f.size(); ++i) {
      // Numbers and hex never hold escapes, so unescaping every field is safe.
      auto u = unescape(f[i]);
      if (!u) return bad("a bad escape in field " + std::to_string(i + 1));
      s.push_back(std::move(*u));
    }
    const auto num = [&s](std::size_t i) { return parse_number(s[i]); };
    const std::string_view tag = f[0];
    if (tag == "kind" && s.size() == 1) r.kind = s[0];
    else if (tag == "alpha" && s.size() == 1 && num(0)) r.alpha = *num(0);
    else if (tag == "failed" && s.size() == 1 && (s[0] == "0" || s[0] == "1")) r.failed = s[0] == "1";
    else if (tag == "inconclusive" && s.size() == 1 && (s[0] == "0" || s[0] == "1")) r.inconclusive = s[0] == "1";
    else if (tag == "verdict" && s.size() == 1) r.verdict = s[0];
    else if (tag == "fact" && s.size() == 4 && num(2)) r.facts.push_back({s[0], s[1], *num(2), s[3]});
    else if (tag == "test" && s.size() == 10 && num(2) && num(3) && num(4) && num(5) && (s[6] == "0" || s[6] == "1")) {
      CheckTest t = make_test(s[0], s[1], *num(2), *num(3), *num(4));
      t.p_adjusted = *num(5);
      t.failed = s[6] == "1";
      t.observed = s[7], t.meaning = s[8], t.more = s[9];
      r.tests.push_back(std::move(t));
    } else if (tag == "series" && s.size() == 4) {
      auto x = parse_numbers(s[2]), y = parse_numbers(s[3]);
      if (!x || !y || x->size() != y->size()) return bad("a series needs as many x as y numbers");
      r.series.push_back({s[0], s[1], std::move(*x), std::move(*y)});
    } else if (tag == "note" && s.size() == 1) r.notes.push_back(s[0]);
    else if (tag == "diagnosis" && s.size() == 1) r.diagnosis.push_back(s[0]);
    else if (tag == "picture" && s.size() == 1 && s[0].size() % 2 == 0) {
      for (std::size_t i = 0; i < s[0].size(); i += 2) {
        unsigned value = 0;
        const auto [end, ec] = std::from_chars(s[0].data() + i, s[0].data() + i + 2, value, 16);
        if (ec != std::errc() || end != s[0].data() + i + 2) return bad("the picture is not hex");
        r.picture.push_back(static_cast<std::uint8_t>(value));
      }
    } else return bad("unexpected record '" + std::string(tag.substr(0, 20)) + "' or field count");
  }
  return R::ok(std::move(r));
}

}  // namespace shufflelab
