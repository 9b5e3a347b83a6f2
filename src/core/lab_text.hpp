// lab_text.hpp: a plain-text mirror of what the current lab shows, for
// screen readers, Ctrl+F and copying numbers (the canvas itself is one
// image to assistive technology). Every line is computed from the same core
// view models and analysis functions the panels draw (lfsr_view,
// period_view, exact_die_law, die_sample_view, shuffle_frame, bias_matrix_view,
// poker_deal_view, AsmSession, gallery_entries), never from the link's text.
// What the app already holds (the panels' analyses, job results, the lesson)
// comes in LabTextInputs, so nothing is computed twice. The page renders
// headings as h2/h3, items as list entries and paragraphs as <p>, always as text.
//
// Kept short and bounded: at most kMaxLabTextLines lines of at most
// kMaxLabTextLineBytes bytes each (cut at a UTF-8 boundary with "...").
// Key numbers are written grouped for reading and once in plain digits so a
// search for "3757580295" finds them.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/text_lines.hpp"
#include "core/url_state.hpp"

namespace shufflelab {

// The lab's title as the navigation names it ("LFSR", "One Chip poker", ...).
std::string_view lab_title(LabId lab);

struct Tour;
struct LabAnalysis;
struct PeriodView;
struct BiasMatrixView;
struct GalleryEntry;

// How a bias matrix was made (the shuffle lab's Sample, Exact, Exact with this method).
enum class BiasSource : std::uint8_t { sampled, every_draw_list, method_law };

// What the app holds beyond the state: results of finished jobs that belong
// to the setup on screen (the caller checks that), the lesson being followed,
// and the analyses the panels built. A null pointer leaves its lines out.
struct LabTextInputs {
  const Tour* tour = nullptr;  // the lesson; its step is state.tour_step
  // LFSR: this setup's period analysis (linear generators), or why there is none.
  const LabAnalysis* lfsr_analysis = nullptr;
  const PeriodView* lfsr_period = nullptr;
  std::string lfsr_analysis_error;
  const std::uint64_t* lfsr_counted_period = nullptr;  // the check by stepping (0: the seed never came back)
  // Shuffle: the bias matrix (draws: shuffles, or draw lists) and the seed search.
  const BiasMatrixView* bias = nullptr;
  BiasSource bias_source = BiasSource::sampled;
  std::uint64_t bias_draws = 0;
  const std::vector<std::uint32_t>* predict_found = nullptr;
  std::uint64_t predict_tried = 0;
  const std::vector<GalleryEntry>* findings = nullptr;
  // Check: the reader's file (its name, its report) and the two examples' reports.
  std::string check_file_name;
  const CheckReport* check_file = nullptr;
  std::array<const CheckReport*, 2> check_examples{};
  // Chooser: the finished view's lines for this CPU and use (null while its job runs).
  const std::vector<std::string>* chooser_lines = nullptr;
};

// Every lab's first lines: its title (a heading), the lesson's step, the sender's note.
void lab_text_header(const LabState& state, const Tour* tour, TextLines& out);

// The text of what `state` shows, for a lab without a session (a lab with a
// session writes its own lines: core/app_session's text()). The first line
// is the lab's title (a heading).
// Caches the last recording / law / session per setup, so calling it again
// for a state that differs only in its step is cheap (not thread-safe).
std::vector<TextLine> lab_text(const LabState& state, const LabTextInputs& inputs);

// [{"kind":"heading","text":"LFSR"},...]: what the page's text view receives.
std::string lab_text_json(const std::vector<TextLine>& lines);

}  // namespace shufflelab
