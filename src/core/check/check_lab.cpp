#include "core/check/check_lab.hpp"

#include <algorithm>

#include "core/base/plain_text.hpp"
#include "core/base/text_format.hpp"
#include "core/check/check_examples.hpp"
#include "core/check/check_view_wire.hpp"
#include "core/check/deck_input.hpp"
#include "core/check/roll_input.hpp"
#include "core/dice/dice_lab.hpp"

namespace shufflelab {

namespace {

constexpr std::uint64_t kMaxLabDecks = 200'000, kMaxLabRolls = 10'000'000, kMaxLabBytes = 10'000'000;

bool is_choice(std::string_view what, std::string_view value) {
  const auto choices = check_example_choices(what);
  return std::find(choices.begin(), choices.end(), value) != choices.end();
}

void read_choice(FieldReader& f, std::string_view key, std::string_view what, std::string& out) {
  const std::string* v = f.raw(key);
  if (!v) return;
  if (is_choice(what, *v)) out = *v;
  else f.notice(std::string(key) + ": unknown " + (what == "decks" ? "shuffle" : what == "rolls" ? "range method" : "generator") +
                " \"" + printable_excerpt(*v) + "\"");
}

DrawSourceSpec source_of(const CheckLabState& s, std::string_view method, unsigned bits) {
  DrawSourceSpec source;
  source.generator = s.gen;
  source.seed = s.seed;
  if (auto m = parse_draw_method("method", method)) source.method = *m;
  source.bits = bits;
  return source;
}

}  // namespace

std::vector<std::string_view> check_example_choices(std::string_view what) {
  std::vector<std::string_view> out;
  if (what == "decks") {
    for (ShuffleAlgo a : {ShuffleAlgo::FisherYates, ShuffleAlgo::Pencil, ShuffleAlgo::Sattolo, ShuffleAlgo::Naive,
                          ShuffleAlgo::CmpInsertion, ShuffleAlgo::CmpBinaryInsertion, ShuffleAlgo::CmpMerge,
                          ShuffleAlgo::CmpQuickFirst, ShuffleAlgo::CmpQuickMedian3, ShuffleAlgo::CmpV8, ShuffleAlgo::CmpV8Chromium,
                          ShuffleAlgo::Riffle, ShuffleAlgo::Overhand})
      out.push_back(shuffle_algo_name(a));
  } else if (what == "rolls") {
    for (const DrawMethodInfo& m : draw_methods()) out.push_back(m.name);
  } else {
    for (const ShuffleGeneratorInfo& g : shuffle_generators()) out.push_back(g.name);
  }
  return out;
}

void decode_check_lab(FieldReader& f, CheckLabState& s) {
  f.word("what", {"decks", "rolls", "bytes"}, s.what);
  f.decimal("sides", 0, kMaxDieSides, s.sides);
  if (const std::string* v = f.raw("vs")) {
    if (v->empty() || find_dice_method(*v)) s.versus = *v;
    else f.notice("vs: unknown dice method \"" + printable_excerpt(*v) + "\"");
  }
  f.decimal("vbits", 8, 64, s.versus_bits);
  if (const std::string* v = f.raw("alpha")) {
    if (std::find(kCheckAlphas.begin(), kCheckAlphas.end(), *v) != kCheckAlphas.end()) s.alpha = *v;
    else f.notice("alpha: must be 0.01, 0.001 or 0.0001");
  }
  read_choice(f, "da", "decks", s.deck_a);
  read_choice(f, "db", "decks", s.deck_b);
  f.decimal("cards", kMinDeckSize, std::min<std::uint64_t>(kMaxDeckSize, kMaxShuffleCards), s.cards);
  f.decimal("decks", 1, kMaxLabDecks, s.decks);
  f.decimal("rounds", 1, kMaxShuffleRounds, s.rounds);
  read_choice(f, "ra", "rolls", s.roll_a);
  read_choice(f, "rb", "rolls", s.roll_b);
  f.decimal("die", 2, 1000, s.die);
  f.decimal("rolls", 1, kMaxLabRolls, s.rolls);
  f.decimal("bits", 1, 64, s.bits);
  read_choice(f, "ga", "bytes", s.byte_a);
  read_choice(f, "gb", "bytes", s.byte_b);
  f.decimal("bytes", 1, kMaxLabBytes, s.bytes);
  read_choice(f, "gen", "bytes", s.gen);
  f.decimal("seed", 0, ~std::uint64_t{0}, s.seed);
}

void encode_check_lab(const CheckLabState& s, FieldWriter& out) {
  out.add("what", s.what);
  if (s.sides) out.add("sides", s.sides);
  if (!s.versus.empty()) out.add("vs", s.versus), out.add("vbits", s.versus_bits);
  out.add("alpha", s.alpha);
  if (s.what == "decks") {
    out.add("da", s.deck_a), out.add("db", s.deck_b), out.add("cards", s.cards), out.add("decks", s.decks);
    out.add("rounds", s.rounds);
  } else if (s.what == "rolls") {
    out.add("ra", s.roll_a), out.add("rb", s.roll_b), out.add("die", s.die), out.add("rolls", s.rolls), out.add("bits", s.bits);
  } else {
    out.add("ga", s.byte_a), out.add("gb", s.byte_b), out.add("bytes", s.bytes);
  }
  if (s.what != "bytes") out.add("gen", s.gen), out.add("seed", s.seed);
}

std::string check_file_params(const CheckLabState& s) {
  FieldWriter out;
  out.add("what", s.what);
  out.add("alpha", s.alpha);
  if (s.what == "rolls") {
    out.add("sides", s.sides);
    if (!s.versus.empty()) out.add("vs", s.versus), out.add("vbits", s.versus_bits);
  }
  return out.text();
}

std::string check_example_params(const CheckLabState& s, int side) {
  FieldWriter out;
  encode_check_lab(s, out);
  out.add("side", side == 0 ? "a" : "b");
  return out.text();
}

namespace {
// What to check a file as, from the lab's fields (decode_check_lab accepts only valid kinds and levels).
CheckOptions options_of(const CheckLabState& s) {
  CheckOptions o;
  o.kind = *parse_check_kind(s.what);
  o.alpha = std::stod(s.alpha);
  o.sides = s.sides;
  o.method = s.versus;
  o.method_bits = static_cast<unsigned>(s.versus_bits);
  return o;
}
}  // namespace

Result<CheckOptions> check_options_from_params(std::string_view params) {
  using R = Result<CheckOptions>;
  const FragmentPairs pairs = split_fragment(params);
  std::vector<std::string> notices;
  FieldReader f(pairs, notices);
  CheckLabState s;
  decode_check_lab(f, s);
  if (!notices.empty()) return R::fail(notices.front());
  return R::ok(options_of(s));
}

std::string check_example_title(const CheckLabState& s, int side) {
  if (s.what == "decks") {
    const std::string& algo = side == 0 ? s.deck_a : s.deck_b;
    const bool human = algo == "riffle" || algo == "overhand";
    return algo + (human ? " x" + std::to_string(s.rounds) : "") + ", " + grouped_count(s.decks, "deck") + " of " +
           std::to_string(s.cards) + " (" + s.gen + ")";
  }
  if (s.what == "rolls")
    return (side == 0 ? s.roll_a : s.roll_b) + " on " + std::to_string(s.bits) + "-bit words, " + grouped(s.rolls) +
           " rolls of a d" + std::to_string(s.die) + " (" + s.gen + ")";
  return grouped(s.bytes) + " bytes of " + (side == 0 ? s.byte_a : s.byte_b);
}

namespace {

class CheckExampleJob final : public Job {
 public:
  CheckExampleJob(ExampleWriter writer, std::unique_ptr<CheckSession> session, std::uint64_t bytes_per_sample)
      : writer_(std::move(writer)), session_(std::move(session)), bytes_per_sample_(bytes_per_sample) {}
  double step(std::uint64_t budget) override {
    if (done_) return 1.0;
    chunk_.clear();
    const bool more = writer_.write(std::max<std::uint64_t>(1, budget / bytes_per_sample_), chunk_);
    session_->feed(chunk_);
    if (!more) {
      auto report = session_->finish();
      if (report) payload_ = encode_check_report_view(make_check_report_view(*report)), summary_ = report->verdict;
      else summary_ = report.error();
      done_ = true;
    }
    return static_cast<double>(writer_.written()) / static_cast<double>(writer_.count());
  }
  bool done() const override { return done_; }
  std::vector<double> result() const override { return {payload_.empty() ? -1.0 : 0.0}; }
  std::string summary() const override {
    return done_ ? summary_ : grouped(writer_.written()) + " of " + grouped(writer_.count()) + " written and checked";
  }
  std::string payload() const override { return payload_; }

 private:
  ExampleWriter writer_;
  std::unique_ptr<CheckSession> session_;
  std::uint64_t bytes_per_sample_;
  std::string chunk_, payload_, summary_;
  bool done_ = false;
};

}  // namespace

Result<std::shared_ptr<Job>> make_check_example_job(FieldReader& f) {
  using R = Result<std::shared_ptr<Job>>;
  CheckLabState s;
  decode_check_lab(f, s);
  std::string side;
  if (!f.word("side", {"a", "b"}, side)) return R::fail("side: missing (a or b)");
  const int k = side == "a" ? 0 : 1;
  // An example is checked as the kind it is, against a uniform law only.
  CheckLabState checked = s;
  checked.sides = 0, checked.versus.clear();
  CheckOptions options = options_of(checked);
  Result<ExampleWriter> writer = Result<ExampleWriter>::fail("");
  std::uint64_t bytes_per_sample = 1;
  if (s.what == "decks") {
    const ShuffleAlgo algo = *parse_shuffle_algo("algo", k == 0 ? s.deck_a : s.deck_b);
    const auto spec = example_deck_spec(algo, static_cast<std::uint32_t>(s.cards), static_cast<std::uint32_t>(s.rounds));
    if (!spec) return R::fail(spec.error());
    writer = ExampleWriter::decks(*spec, s.decks, source_of(s, "lemire", 64));
    bytes_per_sample = s.cards * 3;
  } else if (s.what == "rolls") {
    options.sides = s.die;
    writer = ExampleWriter::rolls(static_cast<std::uint32_t>(s.die), s.rolls,
                                  source_of(s, k == 0 ? s.roll_a : s.roll_b, static_cast<unsigned>(s.bits)));
    bytes_per_sample = 3;
  } else {
    DrawSourceSpec source;
    source.generator = k == 0 ? s.byte_a : s.byte_b;
    if (const ShuffleGeneratorInfo* g = find_shuffle_generator(source.generator)) source.seed = g->default_seed;
    writer = ExampleWriter::bytes(s.bytes, source);
  }
  if (!writer) return R::fail(writer.error());
  auto session = CheckSession::make(options);
  if (!session) return R::fail(session.error());
  return R::ok(std::make_shared<CheckExampleJob>(std::move(writer.value()), std::move(session.value()), bytes_per_sample));
}

std::string check_link_for_decks(std::string_view algo, std::uint64_t cards, std::string_view gen, std::uint64_t seed,
                                 std::uint64_t rounds) {
  CheckLabState s;
  if (is_choice("decks", algo)) s.deck_b = std::string(algo);
  if (cards >= kMinDeckSize && cards <= std::min<std::uint64_t>(kMaxDeckSize, kMaxShuffleCards)) s.cards = cards;
  if (is_choice("bytes", gen)) s.gen = std::string(gen), s.seed = seed;
  if (rounds >= 1 && rounds <= kMaxShuffleRounds) s.rounds = rounds;
  return check_lab_link(s);
}

std::string check_link_for_rolls(std::string_view dice_method, std::uint64_t sides, std::uint64_t bits) {
  CheckLabState s;
  s.what = "rolls";
  if (find_dice_method(dice_method)) s.versus = std::string(dice_method);
  if (sides >= 2 && sides <= kMaxDieSides) s.sides = sides, s.die = std::min<std::uint64_t>(sides, 1000);
  if (bits >= 8 && bits <= 64) s.versus_bits = bits;
  return check_lab_link(s);
}

Result<CheckFileRef> parse_check_file_ref(std::string_view text) {
  using R = Result<CheckFileRef>;
  const std::size_t a = text.find(':'), b = a == std::string_view::npos ? a : text.find(':', a + 1);
  if (b == std::string_view::npos) return R::fail("check_file: expected <id>:<size>:<name>");
  std::uint64_t id = 0, size = 0;
  for (auto [part, out] : {std::pair{text.substr(0, a), &id}, std::pair{text.substr(a + 1, b - a - 1), &size}}) {
    if (part.empty() || part.size() > 15 || part.find_first_not_of("0123456789") != std::string_view::npos)
      return R::fail("check_file: the id and size must be whole numbers");
    *out = std::stoull(std::string(part));
  }
  if (id == 0 || id > 1'000'000) return R::fail("check_file: bad id");
  auto name = percent_decode(text.substr(b + 1), "check_file name");
  if (!name) return R::fail(name.error());
  return R::ok(make_check_file_ref(static_cast<int>(id), size, *name));
}

CheckFileRef make_check_file_ref(int id, std::uint64_t size, std::string_view name) {
  // Named as the reader named it, in any script (the Text view shows it as written).
  return {id, readable_excerpt(name, 24), grouped(size) + (size == 1 ? " byte" : " bytes")};
}

CheckReportView make_check_report_view(const CheckReport& r) {
  CheckReportView v;
  v.verdict = r.verdict;
  v.failed = r.failed;
  v.inconclusive = r.inconclusive;
  v.diagnosis = r.diagnosis;
  for (const CheckFact& f : r.facts) v.facts.emplace_back(f.label, f.text);
  for (const CheckTest& t : r.tests) {
    CheckTestRow row;
    row.name = t.name;
    row.statistic = format_value(t.statistic) + (t.dof > 0 ? " (" + format_value(t.dof) + " df)" : "");
    row.p = format_p(t.p);
    row.p_adjusted = format_p(t.p_adjusted);
    row.result = t.failed ? "FAIL" : "pass";
    row.failed = t.failed;
    row.observed = t.observed;
    row.meaning = t.failed ? t.meaning : "";
    row.more = t.more;
    v.tests.push_back(std::move(row));
  }
  v.notes = r.notes;
  for (const CheckSeries& s : r.series) {
    if (s.key != "linear_complexity_profile" || s.y.empty()) continue;
    v.profile_label = s.label;
    for (double y : s.y) v.profile.push_back(static_cast<float>(y));
    v.profile_range = grouped(static_cast<std::uint64_t>(s.x.front())) + " .. " +
                      grouped(static_cast<std::uint64_t>(s.x.back())) + " bits";
    break;
  }
  const std::size_t row_bytes = kCheckPictureWidth / 8;
  v.picture_height = static_cast<int>(r.picture.size() / row_bytes);
  v.picture.assign(r.picture.begin(), r.picture.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(v.picture_height) * row_bytes));
  v.text = report_text(r);
  v.json = report_json(r);
  return v;
}

std::string check_lab_link(const CheckLabState& state) {
  FieldWriter fields;
  encode_check_lab(state, fields);
  return lab_link(kCheckLabName, fields);
}

}  // namespace shufflelab
