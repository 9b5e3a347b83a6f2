#include "core/chooser/chooser_view.hpp"

#include <algorithm>
#include <charconv>

#include "core/base/text_format.hpp"
#include "core/shuffle/shuffle_lab.hpp"

namespace shufflelab {
namespace {

constexpr std::string_view kPayloadHeader = "shufflelab chooser view 2\n";

std::string dieharder_cell(const ChooserRow& r) {
  if (r.dieharder.empty()) return "not recorded";
  return std::to_string(r.dieharder_failed) + " FAILED, " + std::to_string(r.dieharder_weak) + " WEAK of " +
         std::to_string(r.dieharder.size());
}

std::string cost_cell(const ChooserCost& c) {
  return c.listing + ": " + std::to_string(c.code_bytes) + " B code, " +
         (c.ram_bytes ? std::to_string(*c.ram_bytes) : std::string("?")) + " B RAM, " +
         fixed_decimals(c.cycles_per_byte, 1) + " " + std::string(asm_isa_info(c.isa).cycle_unit) + "/byte";
}

ChooserTableRowView row_view(const ChooserRow& r, const std::vector<AsmIsa>& isas) {
  ChooserTableRowView v{r.name, r.summary, r.lab_link, {}, {}};
  const auto add = [&v](std::string cell, std::string note = {}) {
    v.cells.push_back(std::move(cell));
    v.notes.push_back(std::move(note));
  };
  add(std::to_string(r.state_bytes));
  if (r.period_bytes) add(period_text(r));
  else add("not computed", r.period_note);
  add(weak_share_text(r));
  add(std::to_string(r.linear_complexity) + " of " + std::to_string(kComplexityBits) + " bits");
  add(dieharder_cell(r));
  for (AsmIsa isa : isas) {
    const ChooserCost* c = r.cost_on(isa);
    add(c ? cost_cell(*c) : std::string());
  }
  return v;
}

ChooserPickView pick_view(const ChooserPick& p) {
  const ChooserUseInfo& use = chooser_use_info(p.use);
  ChooserPickView v;
  v.headline = "Generator " + p.generator().name + ", range method " + p.method().method +
               (use.deck ? ", Fisher-Yates shuffle." : ".");
  v.verdict = "Verdict: " + p.verdict_text + ".";
  v.period = "Period: " + p.period_text + ".";
  v.bias = "Bias: " + p.bias_text + ".";
  v.reach = p.reach_text.empty() ? std::string() : "Decks: " + p.reach_text + ".";
  v.cost = "Cost: " + p.cost_text + ".";
  v.rule = "Rule: " + chooser_rule(use);
  v.lab_link = p.lab_link;
  v.use_label = use.deck ? "Open the shuffle (Shuffle lab" : "Open the die (Dice lab";
  // The lab's law is the method's; its generator differs when the lab has none of the pick's.
  v.use_label += p.use_link_generator.empty() ? ")" : ", with its " + p.use_link_generator + " generator: it has no " + p.generator().name + ")";
  v.use_link = p.dice_link;
  v.asm_link = p.asm_link;
  const std::string unit(asm_isa_info(p.cpu).cycle_unit);
  v.candidate_headers = {"generator", "range method", "listing", "qualifies", "period vs. session", "max/min",
                         "bytes per use", "generator " + unit, "own " + unit, unit + " per use"};
  if (use.deck) v.candidate_headers.emplace_back("decks reachable");
  const double decks = log2_factorial(use.n);
  for (const ChooserCandidate& c : p.candidates) {
    const MethodCandidate& m = p.methods[c.method];
    std::vector<std::string> cells{c.generator->name,
                                   m.method,
                                   m.listing.empty() ? "-" : m.listing,
                                   c.qualifies ? "yes" : "no",
                                   candidate_period_text(c),
                                   m.possible ? fixed_decimals(m.max_min_ratio.to_double(), 4) : "impossible",
                                   fixed_decimals(m.bytes_per_use.to_double(), 4),
                                   c.generator_cycles ? fixed_decimals(*c.generator_cycles, 1) : "-",
                                   m.own_cycles ? fixed_decimals(*m.own_cycles, 1) : "-",
                                   c.cycles_per_use ? fixed_decimals(*c.cycles_per_use, 1) : "-"};
    if (use.deck)
      cells.push_back("2^" + fixed_decimals(std::min(log2_reachable_decks(*c.generator), decks), 1) + " of 2^" +
                      fixed_decimals(decks, 1));
    v.candidates.push_back(std::move(cells));
  }
  v.json = chooser_pick_json(p);
  return v;
}

// The pick's sentences, then one line per table row (the CLI prints those).
std::vector<std::string> text_lines(const std::vector<std::string>& headers, const std::vector<ChooserTableRowView>& rows,
                                    const ChooserPick* p, const ChooserPickView* shown) {
  std::vector<std::string> lines;
  if (p) {
    lines.push_back("Recommended for " + std::string(chooser_use_info(p->use).title) + " on " +
                    std::string(asm_isa_info(p->cpu).name) + ": generator " + p->generator().name +
                    ", range method " + p->method().method +
                    (chooser_use_info(p->use).deck ? ", Fisher-Yates shuffle" : ""));
    lines.push_back("Verdict: " + p->verdict_text);
    lines.push_back("Period: " + p->period_text);
    lines.push_back("Bias: " + p->bias_text);
    if (!p->reach_text.empty()) lines.push_back("Decks: " + p->reach_text);
    lines.push_back("Cost: " + p->cost_text);
    lines.push_back("Rule: " + chooser_rule(chooser_use_info(p->use)));
    for (std::size_t k = 0; k < shown->candidates.size(); ++k) {
      const std::vector<std::string>& cells = shown->candidates[k];
      std::string line = "Trade-off " + std::to_string(k + 1) + ":";
      for (std::size_t i = 0; i < cells.size(); ++i) line += (i ? "; " : " ") + shown->candidate_headers[i] + " " + cells[i];
      lines.push_back(std::move(line));
    }
  }
  // A row's line: its cells as the table shows them, each after its header.
  for (const ChooserTableRowView& r : rows) {
    std::string line = r.name + ":";
    for (std::size_t i = 0; i < r.cells.size(); ++i)
      if (!r.cells[i].empty()) line += (i ? "; " : " ") + headers[i + 1] + " " + r.cells[i];
    lines.push_back(std::move(line));
  }
  return lines;
}

// ---- Payload ---------------------------------------------------------------

class PayloadWriter {
 public:
  explicit PayloadWriter(std::string& out) : out_(out) {}
  void text(std::string_view s) { out_ += std::to_string(s.size()) + ":" + std::string(s) + "\n"; }
  void count(std::size_t n) { text(std::to_string(n)); }
  void texts(const std::vector<std::string>& list) {
    count(list.size());
    for (const std::string& s : list) text(s);
  }

 private:
  std::string& out_;
};

// Reads what PayloadWriter wrote; the first problem is kept and every later
// read returns empty, so the parser checks once at the end of each part.
class PayloadReader {
 public:
  explicit PayloadReader(std::string_view in) : in_(in) {}
  std::string text(std::string_view what) {
    if (failed()) return {};
    std::size_t length = 0;  // read from pos_; a failure below names pos_
    const char* begin = in_.data() + pos_;
    const char* end = in_.data() + in_.size();
    const auto [stop, ec] = std::from_chars(begin, end, length);
    if (ec != std::errc{} || stop == begin || stop == end || *stop != ':')
      return fail(what, "a length and ':'"), std::string();
    const std::size_t start = pos_ + static_cast<std::size_t>(stop - begin) + 1;
    if (length > in_.size() - start || in_.size() - start - length < 1 || in_[start + length] != '\n')
      return fail(what, std::to_string(length) + " bytes and a newline"), std::string();
    pos_ = start + length + 1;
    return std::string(in_.substr(start, length));
  }
  // A list's length: each element takes at least 3 bytes ("0:\n"), so a count
  // beyond what is left is refused before anything is allocated.
  std::size_t count(std::string_view what) {
    const std::size_t at = pos_;
    const std::string digits = text(what);
    if (failed()) return 0;
    std::size_t n = 0;
    const auto [stop, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec != std::errc{} || digits.empty() || stop != digits.data() + digits.size()) return fail(what, "a count", at), 0;
    const std::size_t most = (in_.size() - pos_) / 3;
    if (n > most) return fail(what, "at most " + std::to_string(most) + " entries, found " + digits, at), 0;
    return n;
  }
  std::vector<std::string> texts(std::string_view what) {
    std::vector<std::string> list(count(what));
    for (std::string& s : list) s = text(what);
    return list;
  }
  void expect_header(std::string_view header) {
    if (in_.substr(0, header.size()) != header) error_ = "chooser view: not a chooser view (no header)";
    else pos_ = header.size();
  }
  bool failed() const { return !error_.empty(); }
  bool at_end() const { return pos_ == in_.size(); }
  std::size_t position() const { return pos_; }
  const std::string& error() const { return error_; }
  void fail(std::string_view what, const std::string& expected, std::size_t at) {
    if (error_.empty())
      error_ = "chooser view: " + std::string(what) + " at byte " + std::to_string(at) + ": expected " + expected;
  }
  void fail(std::string_view what, const std::string& expected) { fail(what, expected, pos_); }

 private:
  std::string_view in_;
  std::size_t pos_ = 0;
  std::string error_;
};

}  // namespace

std::vector<std::string> chooser_cpu_ids() {
  std::vector<std::string> ids{"all"};
  for (const AsmIsaInfo& info : asm_isas())
    if (info.isa != AsmIsa::wasm) ids.emplace_back(info.id);
  return ids;
}

ChooserViewModel build_chooser_view(const ChooserLabState& setup) {
  static const Result<ChooserTable> table = chooser_table();
  ChooserViewModel view;
  view.setup = setup;
  if (!table) {
    view.error = table.error();
    view.text_lines = {view.error};
    return view;
  }
  std::optional<AsmIsa> cpu;
  if (auto parsed = parse_chooser_cpu("cpu", setup.cpu)) cpu = *parsed;
  const std::vector<const ChooserRow*> rows = rows_for_cpu(*table, cpu);
  const std::vector<AsmIsa> isas = cpu ? std::vector<AsmIsa>{*cpu} : table->isas;
  view.table_headers = {"generator", "state bytes", "period (bytes)", "weak seeds", "linear complexity", "dieharder"};
  for (AsmIsa isa : isas) view.table_headers.emplace_back(asm_isa_info(isa).id);
  for (const ChooserRow* r : rows) view.rows.push_back(row_view(*r, isas));
  view.csv = chooser_table_csv(*table, cpu);
  view.csv_filename = "shufflelab-generators-" + setup.cpu + ".csv";
  std::optional<ChooserPick> pick;
  if (const auto use = parse_chooser_use("use", setup.use); cpu && use) {
    auto chosen = choose(*table, *cpu, *use);
    if (!chosen) {
      view.error = chosen.error();
      view.text_lines = {view.error};
      return view;
    }
    pick = std::move(chosen.value());
    view.pick = pick_view(*pick);
  }
  view.text_lines = text_lines(view.table_headers, view.rows, pick ? &*pick : nullptr, view.pick ? &*view.pick : nullptr);
  return view;
}

std::string serialize_chooser_view(const ChooserViewModel& view) {
  std::string out(kPayloadHeader);
  PayloadWriter w(out);
  w.text(view.setup.cpu);
  w.text(view.setup.use);
  w.text(view.error);
  w.texts(view.table_headers);
  w.count(view.rows.size());
  for (const ChooserTableRowView& r : view.rows) {
    w.text(r.name), w.text(r.summary), w.text(r.lab_link);
    w.texts(r.cells);
    w.texts(r.notes);
  }
  w.count(view.pick ? 1 : 0);
  if (const ChooserPickView* p = view.pick ? &*view.pick : nullptr) {
    for (const std::string* s : {&p->headline, &p->verdict, &p->period, &p->bias, &p->reach, &p->cost, &p->rule,
                                 &p->lab_link, &p->use_label, &p->use_link, &p->asm_link})
      w.text(*s);
    w.texts(p->candidate_headers);
    w.count(p->candidates.size());
    for (const auto& c : p->candidates) w.texts(c);
    w.text(p->json);
  }
  w.texts(view.text_lines);
  w.text(view.csv);
  w.text(view.csv_filename);
  return out;
}

Result<ChooserViewModel> parse_chooser_view(std::string_view payload) {
  using R = Result<ChooserViewModel>;
  PayloadReader r(payload);
  r.expect_header(kPayloadHeader);
  ChooserViewModel view;
  view.setup.cpu = r.text("cpu");
  view.setup.use = r.text("use");
  view.error = r.text("error");
  view.table_headers = r.texts("table headers");
  view.rows.resize(r.count("table rows"));
  for (ChooserTableRowView& row : view.rows) {
    row.name = r.text("row name"), row.summary = r.text("row summary"), row.lab_link = r.text("row link");
    row.cells = r.texts("row cells");
    row.notes = r.texts("row notes");
    const std::size_t columns = view.table_headers.empty() ? 0 : view.table_headers.size() - 1;  // after the name
    if (!r.failed() && (row.cells.size() != columns || row.notes.size() != columns))
      r.fail("row " + row.name, std::to_string(columns) + " cells and as many notes");
  }
  const std::size_t picks = r.count("pick");
  if (picks > 1) r.fail("pick", "0 or 1");
  if (picks == 1 && !r.failed()) {
    ChooserPickView& p = view.pick.emplace();
    for (std::string* s : {&p.headline, &p.verdict, &p.period, &p.bias, &p.reach, &p.cost, &p.rule, &p.lab_link,
                           &p.use_label, &p.use_link, &p.asm_link})
      *s = r.text("pick");
    p.candidate_headers = r.texts("candidate headers");
    p.candidates.resize(r.count("candidates"));
    for (auto& c : p.candidates) {
      c = r.texts("candidate cells");
      if (!r.failed() && c.size() != p.candidate_headers.size())
        r.fail("candidate", std::to_string(p.candidate_headers.size()) + " cells");
    }
    p.json = r.text("pick json");
  }
  view.text_lines = r.texts("text lines");
  view.csv = r.text("csv");
  view.csv_filename = r.text("csv file name");
  if (!r.failed() && !r.at_end()) r.fail("end", "the end of the payload, found " +
                                                    std::to_string(payload.size() - r.position()) + " more bytes");
  if (r.failed()) return R::fail(r.error());
  return R::ok(std::move(view));
}

}  // namespace shufflelab
