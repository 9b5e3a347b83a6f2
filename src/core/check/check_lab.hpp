// check_lab.hpp: the Check lab's state, link fields, jobs and view model.
// A learner's own file is read by a worker job ("check_file") and never
// leaves the machine, so a link carries only what to check it as and the two
// example sources; the examples ("check_example" jobs) re-run from the link,
// so a shared link opens on the same two reports.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/jobs.hpp"
#include "core/base/result.hpp"
#include "core/base/url_fields.hpp"
#include "core/check/check_report.hpp"
#include "core/check/check_session.hpp"

namespace shufflelab {

constexpr std::string_view kCheckPrivacy =
    "Your file is read by this page's own worker, on this machine: nothing is uploaded, and a link never carries it.";

struct CheckLabState {
  std::string what = "decks";  // what=: decks, rolls or bytes (the file's kind, and the examples')
  std::uint64_t sides = 0;     // sides=: rolls; 0 infers the die from the largest value
  std::string versus;          // vs=: a dice lab method whose exact law the rolls are compared with
  std::uint64_t versus_bits = 32;  // vbits=: that method's word size
  std::string alpha = "0.001";     // alpha=: 0.01, 0.001 or 0.0001
  // The examples, side by side: a=/b= per kind, and what feeds them.
  std::string deck_a = "fisher-yates", deck_b = "naive";  // da=, db=: shuffles
  std::uint64_t cards = 52, decks = 20000, rounds = 3;      // cards=, decks=, rounds= (riffle, overhand)
  std::string roll_a = "lemire", roll_b = "modulo";        // ra=, rb=: range methods
  std::uint64_t die = 20, rolls = 100000, bits = 8;        // die=, rolls=, bits=
  std::string byte_a = "splitmix64", byte_b = "tarot32";   // ga=, gb=: generators
  std::uint64_t bytes = 65536;                             // bytes=
  std::string gen = "splitmix64";                          // gen=: the generator under the decks and rolls
  std::uint64_t seed = 1;                                  // seed=
  bool operator==(const CheckLabState&) const = default;
};

void decode_check_lab(FieldReader& fields, CheckLabState& state);
void encode_check_lab(const CheckLabState& state, FieldWriter& out);
// The lab's name in links ("lab=check"), and a link to the lab in this state.
constexpr std::string_view kCheckLabName = "check";
std::string check_lab_link(const CheckLabState& state);

// The choices the panel offers for each example side (link spellings).
std::vector<std::string_view> check_example_choices(std::string_view what);
constexpr std::array<std::string_view, 3> kCheckAlphas = {"0.01", "0.001", "0.0001"};

// Job parameters: the file check (file=<page's id> is added by the page) and
// one example side (0 = a, 1 = b).
std::string check_file_params(const CheckLabState& state);
std::string check_example_params(const CheckLabState& state, int side);
// Options for the file check from its parameters (the worker's session).
Result<CheckOptions> check_options_from_params(std::string_view params);
// "check_example" jobs: write the example a slice at a time into a check.
Result<std::shared_ptr<Job>> make_check_example_job(FieldReader& fields);
// One line naming an example side ("naive swap, 20,000 decks of 52").
std::string check_example_title(const CheckLabState& state, int side);

// Links into the lab from the others: the shuffle lab's decks as example B
// beside Fisher-Yates, and the dice lab's method as the law to test rolls against.
std::string check_link_for_decks(std::string_view algo, std::uint64_t cards, std::string_view gen, std::uint64_t seed,
                                 std::uint64_t rounds);
std::string check_link_for_rolls(std::string_view dice_method, std::uint64_t sides, std::uint64_t bits);

// A file the page holds for the lab ("<id>:<size in bytes>:<percent-encoded name>").
struct CheckFileRef {
  int id = 0;
  std::string name;       // decoded, at most 24 characters as readable_excerpt shows them
  std::string size_text;  // "1,048,576 bytes"
};
Result<CheckFileRef> parse_check_file_ref(std::string_view text);
CheckFileRef make_check_file_ref(int id, std::uint64_t size, std::string_view name);

// What the app shows of one report: the panel's strings, plot and picture data,
// and the whole report as the Text view's text and the hook's JSON. The worker
// makes it (core/check/check_view_wire carries it to the page).
struct CheckTestRow {
  std::string name, statistic, p, p_adjusted, result, observed, meaning, more;
  bool failed = false;
  bool operator==(const CheckTestRow&) const = default;
};
struct CheckReportView {
  std::string verdict;
  bool failed = false;
  bool inconclusive = false;  // "NOT ENOUGH TO TELL"
  std::vector<std::pair<std::string, std::string>> facts;  // label, text
  std::vector<std::string> diagnosis;
  std::vector<CheckTestRow> tests;
  std::vector<std::string> notes;
  std::string profile_label;            // the linear complexity profile, if any
  std::vector<float> profile;           // complexity after each prefix (evenly spaced prefixes)
  std::string profile_range;            // "0 .. 65,536 bits"
  std::vector<std::uint8_t> picture;    // bits, a row of kCheckPictureWidth bits per 32 bytes
  int picture_height = 0;
  std::string text;  // report_text
  std::string json;  // report_json
  bool operator==(const CheckReportView&) const = default;
};
constexpr int kCheckPictureWidth = 256;
// Called by the jobs (in the browser, in the worker's core module): the app only decodes views.
CheckReportView make_check_report_view(const CheckReport& report);

}  // namespace shufflelab
