#include "core/check/check_view_wire.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <vector>

namespace shufflelab {

namespace {

constexpr std::string_view kHeader = "shufflelab check view 1";

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

bool parse_flag(const std::string& text, bool& out) {
  if (text != "0" && text != "1") return false;
  out = text == "1";
  return true;
}

}  // namespace

std::string encode_check_report_view(const CheckReportView& v) {
  std::string out(kHeader);
  auto record = [&out](std::initializer_list<std::string> fields) {
    out += '\n';
    bool first = true;
    for (const std::string& f : fields) out += (first ? "" : "\t") + f, first = false;
  };
  record({"verdict", escape(v.verdict)});
  record({"failed", v.failed ? "1" : "0"});
  record({"inconclusive", v.inconclusive ? "1" : "0"});
  for (const auto& [label, text] : v.facts) record({"fact", escape(label), escape(text)});
  for (const std::string& d : v.diagnosis) record({"diagnosis", escape(d)});
  for (const CheckTestRow& t : v.tests)
    record({"test", escape(t.name), escape(t.statistic), escape(t.p), escape(t.p_adjusted), escape(t.result),
            t.failed ? "1" : "0", escape(t.observed), escape(t.meaning), escape(t.more)});
  for (const std::string& n : v.notes) record({"note", escape(n)});
  if (!v.profile.empty())
    record({"profile", escape(v.profile_label), escape(v.profile_range),
            numbers(std::vector<double>(v.profile.begin(), v.profile.end()))});
  if (!v.picture.empty()) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    for (std::uint8_t b : v.picture) hex += kHex[b >> 4], hex += kHex[b & 15];
    record({"picture", hex});
  }
  record({"text", escape(v.text)});
  record({"json", escape(v.json)});
  return out;
}

Result<CheckReportView> decode_check_report_view(std::string_view text) {
  using R = Result<CheckReportView>;
  const std::vector<std::string_view> lines = split(text, '\n');
  if (lines.empty() || lines[0] != kHeader) return R::fail("check report: the first line is not '" + std::string(kHeader) + "'");
  CheckReportView v;
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
    const std::string_view tag = f[0];
    if (tag == "verdict" && s.size() == 1) v.verdict = s[0];
    else if (tag == "failed" && s.size() == 1 && parse_flag(s[0], v.failed)) continue;
    else if (tag == "inconclusive" && s.size() == 1 && parse_flag(s[0], v.inconclusive)) continue;
    else if (tag == "fact" && s.size() == 2) v.facts.emplace_back(s[0], s[1]);
    else if (tag == "diagnosis" && s.size() == 1) v.diagnosis.push_back(s[0]);
    else if (tag == "test" && s.size() == 9) {
      CheckTestRow t{s[0], s[1], s[2], s[3], s[4], s[6], s[7], s[8]};
      if (!parse_flag(s[5], t.failed)) return bad("a test's failed flag must be 0 or 1");
      v.tests.push_back(std::move(t));
    } else if (tag == "note" && s.size() == 1) v.notes.push_back(s[0]);
    else if (tag == "profile" && s.size() == 3) {
      auto values = parse_numbers(s[2]);
      const auto is_float = [](double x) { return std::isfinite(x) && std::fabs(x) <= std::numeric_limits<float>::max(); };
      if (!values || values->empty() || !std::all_of(values->begin(), values->end(), is_float))
        return bad("the profile is not a list of finite numbers");
      v.profile_label = s[0], v.profile_range = s[1];
      v.profile.assign(values->begin(), values->end());
    } else if (tag == "picture" && s.size() == 1 && s[0].size() % (kCheckPictureWidth / 4) == 0) {
      for (std::size_t i = 0; i < s[0].size(); i += 2) {
        unsigned value = 0;
        const auto [end, ec] = std::from_chars(s[0].data() + i, s[0].data() + i + 2, value, 16);
        if (ec != std::errc() || end != s[0].data() + i + 2) return bad("the picture is not hex");
        v.picture.push_back(static_cast<std::uint8_t>(value));
      }
      v.picture_height = static_cast<int>(v.picture.size() / (kCheckPictureWidth / 8));
    } else if (tag == "text" && s.size() == 1) v.text = s[0];
    else if (tag == "json" && s.size() == 1) v.json = s[0];
    else return bad("unexpected record '" + std::string(tag.substr(0, 20)) + "' or field count");
  }
  return R::ok(std::move(v));
}

}  // namespace shufflelab
