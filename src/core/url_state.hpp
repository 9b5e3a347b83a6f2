// url_state.hpp: the link format. A lab's whole state lives in the URL
// fragment, so a link reopens the same numbers with no server:
//   #v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13
// Rules: version first (v=1); unknown keys are ignored (newer links still
// open); a malformed or out-of-range value produces a notice and that field
// keeps its default, never a crash. Fragments longer than kMaxFragmentLength
// are refused whole (the notice says so) because no valid state needs that;
// the Shuffle lab's code= (the reader's source) may add up to 3 kMaxCodeBytes.
// note, tour, tt, step and present (the sender's note, a lesson, present
// mode) are shared by every lab and percent-encoded where they hold text.
// Each lab owns its fields (decode_*_lab / encode_*_lab in core/<lab>_lab);
// only the current lab's fields are written, which keeps links short.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/asm/asm_lab.hpp"
#include "core/check/check_lab.hpp"
#include "core/chooser/chooser_lab.hpp"
#include "core/dice/dice_lab.hpp"
#include "core/lfsr/lfsr_lab.hpp"
#include "core/poker/poker_lab.hpp"
#include "core/shuffle/shuffle_lab.hpp"
#include "core/base/url_fields.hpp"
#include "core/tours.hpp"

namespace shufflelab {

constexpr std::size_t kMaxFragmentLength = 2048;

enum class LabId { gallery, lfsr, dice, shuffle, poker, assembly, about, chooser, check };

std::string_view lab_name(LabId lab);    // in links: "lfsr", "choose", ...
std::string_view lab_title(LabId lab);   // as the navigation names it: "LFSR", "One Chip poker", ...
std::vector<LabId> all_labs();

struct LabState {
  LabId lab = LabId::lfsr;  // a link without lab= opens the LFSR lab
  bool embed = false;  // embed=1: one lab without navigation, for iframes
  LfsrLabState lfsr;
  DiceLabState dice;
  ShuffleLabState shuffle;
  PokerLabState poker;
  AsmLabState assembly;
  ChooserLabState chooser;
  CheckLabState check;
  // Fields every lab can carry (absent from older links, which open as before):
  std::string note;          // note=: the sender's plain-text note shown above the lab (<= kMaxNoteLength)
  std::string tour;          // tour=<id>: a built-in tour (core/tours.hpp)
  std::string tour_text;     // tt=: a teacher's own tour, in the tour file format, percent-encoded
  std::uint32_t tour_step = 0;  // step=k (1-based) of the tour; 0 without a tour
  bool present = false;      // present=1: present mode (projectors): the result first and large
  bool operator==(const LabState&) const = default;
};

constexpr std::size_t kMaxNoteLength = 280;  // characters (Unicode code points)
// A note= value (percent-encoded) as the note's text, or what is wrong with it
// (core/base/plain_text: not UTF-8, a control character, over 280 characters).
Result<std::string> decode_note(std::string_view encoded);

struct DecodedState {
  LabState state;
  std::vector<std::string> notices;  // empty when the link was clean
  bool lab_given = false;            // the link named a lab (a tour link may name only its step)
  std::optional<Tour> tour;          // the lesson the link opens (built in, or its tt= text parsed)
  // A built-in lesson the lookup did not have: the state holds the link's own
  // fields (tour, step, and a lab's when given) until it is loaded and the
  // link opened again.
  std::string tour_to_load;
};

// The built-in lessons at hand, by id (nullptr: not loaded). The app's
// session passes those its "tour" jobs have built; the CLI and tests pass
// find_builtin_tour (core/builtin_tours), which builds them in the process.
using BuiltinTourLookup = std::function<const Tour*(std::string_view id)>;
DecodedState decode_fragment(std::string_view fragment, const BuiltinTourLookup& lessons = {});

// A teacher's lesson file (core/tours.hpp's format), each step's link opened
// as a link is: errors name the line (and column for a bad link): "line 3,
// column 1: expected a link starting with #v=1", "line 4: no tab between the
// link and the text", "line 2: text: longer than 280 characters", "more than
// 200 steps", "no steps".
Result<Tour> parse_tour_text(std::string_view text, std::size_t max_steps = kDefaultMaxTourSteps);

// What opening this link re-runs (its lab's run= field), said before it
// starts: the job, its size and, for long ones, that it shows progress and
// can be cancelled. Empty when the link carries no result.
std::string linked_run_text(const LabState& state);
std::string encode_fragment(const LabState& state);  // starts with '#'
// What is on screen as one line of a lesson file: the step's canonical link
// (no note, lesson or embed), a tab, and the note as the step's text. Fails,
// saying so, when there is no note to be the text.
Result<std::string> lesson_step_line(const LabState& state);

}  // namespace shufflelab
