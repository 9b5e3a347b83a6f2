#include "core/url_state.hpp"

#include <algorithm>

#include "core/base/plain_text.hpp"
#include "core/base/text_format.hpp"
#include "core/shuffle/user_code.hpp"
#include "core/tours.hpp"

namespace shufflelab {

namespace {
const std::string kInBackground = " It runs in the background with a progress bar; Cancel stops it.";

// The one registry of labs: each lab's name in links, its title, its fields'
// codec and what its run= re-runs.
struct LabEntry {
  LabId id;
  std::string_view name;
  std::string_view title;
  void (*decode)(FieldReader&, LabState&);
  void (*encode)(const LabState&, FieldWriter&);
  std::string (*run_text)(const LabState&);
};
constexpr auto kNoFields = [](FieldReader&, LabState&) {};
constexpr auto kNoEncoding = [](const LabState&, FieldWriter&) {};
constexpr auto kNoRun = [](const LabState&) { return std::string(); };
const LabEntry kLabs[] = {
    {LabId::gallery, "findings", "Findings", kNoFields, kNoEncoding, kNoRun},
    {LabId::lfsr, kLfsrLabName, "LFSR", [](FieldReader& f, LabState& s) { decode_lfsr_lab(f, s.lfsr); },
     [](const LabState& s, FieldWriter& w) { encode_lfsr_lab(s.lfsr, w); },
     [](const LabState& s) {
       if (s.lfsr.run != "period") return std::string();
       return "This link checks the seed's period by stepping the generator until the seed comes back." + kInBackground;
     }},
    {LabId::dice, kDiceLabName, "Dice", [](FieldReader& f, LabState& s) { decode_dice_lab(f, s.dice); },
     [](const LabState& s, FieldWriter& w) { encode_dice_lab(s.dice, w); },
     [](const LabState& s) {
       if (s.dice.run != "sample") return std::string();
       return "This link rolls the same " + grouped_count(s.dice.rolls, "roll") + " again from seed " + s.dice.seed +
              ": the numbers are the sender's.";
     }},
    {LabId::shuffle, kShuffleLabName, "Shuffle", [](FieldReader& f, LabState& s) { decode_shuffle_lab(f, s.shuffle); },
     [](const LabState& s, FieldWriter& w) { encode_shuffle_lab(s.shuffle, w); },
     [](const LabState& state) {
       const ShuffleLabState& s = state.shuffle;
       if (s.run == "sample")
         return "This link repeats the sender's " + grouped_count(s.shuffles, "shuffle") + " of " + std::to_string(s.n) +
                " cards from seed " + std::to_string(s.seed) + ": the same counts." + kInBackground;
       if (s.run == "exact") return std::string("This link feeds the shuffle every possible list of draws once: the exact bias.");
       if (s.run == "law") return std::string("This link computes the exact bias with this generator's range method.");
       if (s.run == "predict") return "This link searches the guessed window for shuffle.c's seed." + kInBackground;
       return std::string();
     }},
    {LabId::poker, kPokerLabName, "One Chip poker", [](FieldReader& f, LabState& s) { decode_poker_lab(f, s.poker); },
     [](const LabState& s, FieldWriter& w) { encode_poker_lab(s.poker, w); },
     [](const LabState& s) {
       if (s.poker.run == "sweep")
         return "This link deals all " + grouped(kLcrngPeriod) + " seeds: the longest job here, tens of seconds." +
                kInBackground;
       if (s.poker.run == "sample")
         return "This link deals the first " + grouped(kPokerSampleSeeds) + " seeds of the cycle (about a second).";
       if (s.poker.run == "hands") return std::string("This link counts the pat hands the deals reach (about a second).");
       return std::string();
     }},
    {LabId::assembly, kAsmLabName, "Assembly", [](FieldReader& f, LabState& s) { decode_asm_lab(f, s.assembly); },
     [](const LabState& s, FieldWriter& w) { encode_asm_lab(s.assembly, w); }, kNoRun},
    {LabId::about, "about", "About", kNoFields, kNoEncoding, kNoRun},
    {LabId::chooser, kChooserLabName, "Chooser", [](FieldReader& f, LabState& s) { decode_chooser_lab(f, s.chooser); },
     [](const LabState& s, FieldWriter& w) { encode_chooser_lab(s.chooser, w); }, kNoRun},
    {LabId::check, kCheckLabName, "Check", [](FieldReader& f, LabState& s) { decode_check_lab(f, s.check); },
     [](const LabState& s, FieldWriter& w) { encode_check_lab(s.check, w); }, kNoRun},
};

const LabEntry& entry_of(LabId lab) {
  for (const auto& e : kLabs)
    if (e.id == lab) return e;
  return kLabs[1];  // the LFSR lab, as a link without lab= opens it
}
}  // namespace

std::string_view lab_name(LabId lab) { return entry_of(lab).name; }
std::string_view lab_title(LabId lab) { return entry_of(lab).title; }

std::vector<LabId> all_labs() {
  std::vector<LabId> labs;
  for (const auto& e : kLabs) labs.push_back(e.id);
  return labs;
}

Result<std::string> decode_note(std::string_view encoded) {
  auto text = percent_decode(encoded, "note", StrayPercent::keep);
  if (!text) return text;
  return check_plain_text(text.value(), kMaxNoteLength, "note");
}

namespace {
// The note and the tour position, shared by every lab. A note that is not
// plain text is dropped whole (never shown in part); a tour's text is checked
// when the app opens the tour (core/tours.hpp).
void decode_shared_fields(FieldReader& fields, LabState& state) {
  if (const std::string* note = fields.raw("note")) {
    auto text = decode_note(*note);
    if (text) state.note = std::move(text.value());
    else fields.notice(text.error() + ": the note was dropped");
  }
  std::string tour;
  if (fields.token("tour", 40, tour)) state.tour = tour;
  if (const std::string* text = fields.raw("tt")) {
    auto decoded = percent_decode(*text, "tt");
    if (!decoded) fields.notice(decoded.error() + ": the tour was dropped");
    else if (state.tour.empty()) state.tour_text = std::move(decoded.value());
  }
  if (!state.tour.empty() || !state.tour_text.empty()) {
    std::uint64_t step = 1;
    fields.decimal("step", std::uint64_t{1}, std::uint64_t{100000}, step);
    state.tour_step = static_cast<std::uint32_t>(step);
  }
  fields.flag("present", state.present);
}
// A tour link: the tour must exist and the step be one of its steps (else the
// nearest one, with a notice). A link naming no lab opens the step's own
// state; one that names a lab keeps its fields (a student's changes made
// during the step). A built-in lesson `lessons` does not have is named in
// tour_to_load instead, and the state stays the link's own until it is loaded.
void open_tour_step(DecodedState& out, const BuiltinTourLookup& lessons) {
  LabState& state = out.state;
  if (!state.tour.empty()) {
    if (const Tour* builtin = lessons ? lessons(state.tour) : nullptr) out.tour = *builtin;
    else if (find_tour_heading(state.tour)) return void(out.tour_to_load = state.tour);
    else out.notices.push_back("tour: no built-in tour is called \"" + printable_excerpt(state.tour) + "\"");
  } else {
    auto parsed = parse_tour_text(state.tour_text);
    if (parsed) out.tour = std::move(parsed.value());
    else out.notices.push_back("tt: " + parsed.error() + ": the tour was dropped");
  }
  if (!out.tour || out.tour->steps.empty()) {
    out.tour.reset();
    state.tour.clear(), state.tour_text.clear(), state.tour_step = 0;
    return;
  }
  const Tour* tour = &*out.tour;
  const auto steps = static_cast<std::uint32_t>(tour->steps.size());
  if (state.tour_step > steps) {
    out.notices.push_back("step: the tour has " + counted(steps, "step") + "; showing the last one");
    state.tour_step = steps;
  }
  if (out.lab_given) return;
  const DecodedState step = decode_fragment(tour->steps[state.tour_step - 1].link);
  LabState opened = step.state;
  opened.embed = state.embed;
  opened.note = state.note;
  opened.present = state.present;
  opened.tour = state.tour, opened.tour_text = state.tour_text, opened.tour_step = state.tour_step;
  state = std::move(opened);
  out.lab_given = true;
}
}  // namespace

namespace {
// A hand-typed '&' splits a note ("note=Q&A" reads as note "Q" and a field
// "A"). Pieces after a note that cannot be fields (no '=', not empty) are
// put back into it, as the app itself writes %26; the app's own links never
// have such pieces, so they open as before.
std::string rejoin_note_ampersands(std::string_view fragment) {
  std::string out;
  bool in_note = false;
  while (true) {
    const std::size_t amp = fragment.find('&');
    const std::string_view item = fragment.substr(0, amp);
    const bool bare = !item.empty() && item.find('=') == std::string_view::npos;
    if (!out.empty()) out += in_note && bare ? "%26" : "&";
    out += item;
    if (!(in_note && bare)) in_note = item.substr(0, 5) == "note=";
    if (amp == std::string_view::npos) return out;
    fragment.remove_prefix(amp + 1);
  }
}
}  // namespace

namespace {
// The Shuffle lab's code= may hold a source of kMaxCodeBytes bytes, each
// percent-encoded as up to three characters: that much more is allowed.
std::size_t code_field_allowance(std::string_view fragment) {
  std::size_t allowance = 0;
  for (std::string_view key : {"code=", "codez="}) {  // packed code is never longer than its percent-encoding
    const std::size_t at = fragment.rfind(key);
    if (at == std::string_view::npos || (at > 0 && fragment[at - 1] != '&')) continue;
    const std::size_t end = std::min(fragment.find('&', at), fragment.size());
    allowance = std::max(allowance, std::min(end - at, 3 * kMaxCodeBytes + 6));
  }
  return allowance;
}
}  // namespace

DecodedState decode_fragment(std::string_view fragment, const BuiltinTourLookup& lessons) {
  DecodedState out;
  if (!fragment.empty() && fragment[0] == '#') fragment.remove_prefix(1);
  if (fragment.empty()) return out;
  if (fragment.size() > kMaxFragmentLength + code_field_allowance(fragment)) {
    out.notices.push_back("link ignored: its fragment has " + std::to_string(fragment.size()) +
                          " characters, more than any valid state needs (" + std::to_string(kMaxFragmentLength) + ")");
    return out;
  }
  const FragmentPairs pairs = split_fragment(rejoin_note_ampersands(fragment));
  FieldReader fields(pairs, out.notices);
  const std::string* version = fields.raw("v");
  if (!version || *version != std::to_string(kUrlFormatVersion)) {
    out.notices.push_back(!version ? "link has no version (v=1): showing the defaults"
                                   : "link version \"" + printable_excerpt(*version) + "\" is not supported: showing the defaults");
    return out;
  }
  if (const std::string* lab = fields.raw("lab")) {
    out.lab_given = true;
    bool known = false;
    for (const auto& e : kLabs)
      if (*lab == e.name) out.state.lab = e.id, known = true;
    if (!known) out.notices.push_back("unknown lab \"" + printable_excerpt(*lab) + "\": showing the LFSR lab");
  }
  fields.flag("embed", out.state.embed);
  entry_of(out.state.lab).decode(fields, out.state);
  decode_shared_fields(fields, out.state);
  if (!out.state.tour.empty() || !out.state.tour_text.empty()) open_tour_step(out, lessons);
  return out;
}

std::string encode_fragment(const LabState& state) {
  FieldWriter fields;
  entry_of(state.lab).encode(state, fields);
  if (!state.note.empty()) fields.add("note", percent_encode(state.note));
  if (!state.tour.empty()) fields.add("tour", state.tour);
  else if (!state.tour_text.empty()) fields.add("tt", percent_encode(state.tour_text));
  if (!state.tour.empty() || !state.tour_text.empty()) fields.add("step", std::uint64_t{state.tour_step});
  if (state.present) fields.add("present", std::uint64_t{1});
  return lab_link(lab_name(state.lab), fields, state.embed);
}

std::string linked_run_text(const LabState& state) { return entry_of(state.lab).run_text(state); }

namespace {
// A lesson step's link as the app writes it back, without note and lesson
// fields (a step never carries a lesson inside a lesson).
Result<std::string> canonical_step_link(std::string_view fragment) {
  DecodedState decoded = decode_fragment(fragment);
  if (!decoded.notices.empty()) return Result<std::string>::fail(decoded.notices.front());
  // Its state would be the lesson's step, whose steps the app has not at hand here.
  if (!decoded.tour_to_load.empty() && !decoded.lab_given)
    return Result<std::string>::fail("it names only the built-in lesson " + decoded.tour_to_load +
                                     ": use the link of the step itself");
  LabState& s = decoded.state;
  s.note.clear(), s.tour.clear(), s.tour_text.clear(), s.tour_step = 0, s.present = false;
  return Result<std::string>::ok(encode_fragment(s));
}
}  // namespace

Result<std::string> lesson_step_line(const LabState& state) {
  if (state.note.empty())
    return Result<std::string>::fail("a lesson step needs a text: write it as the note");
  LabState step = state;
  step.note.clear(), step.tour.clear(), step.tour_text.clear(), step.tour_step = 0, step.embed = false;
  return Result<std::string>::ok(encode_fragment(step) + "\t" + state.note);
}

Result<Tour> parse_tour_text(std::string_view text, std::size_t max_steps) {
  return parse_tour_lines(text, canonical_step_link, max_steps);
}

}  // namespace shufflelab
