#include "core/app_session.hpp"

#include "core/base/parse.hpp"
#include "core/base/plain_text.hpp"
#include "core/base/text_format.hpp"
#include "core/tours.hpp"

namespace shufflelab {

AppSession::AppSession(JobRunner& jobs)
    : jobs_(jobs),
      poker_(state_.poker, jobs),
      asm_(state_.assembly, jobs),
      check_(state_.check, jobs),
      chooser_(state_.chooser, jobs, open_link_),
      findings_(jobs, open_link_),
      lfsr_(state_.lfsr, jobs),
      code_deck_tests_(jobs),
      shuffle_(state_.shuffle, jobs),
      dice_(state_.dice, jobs) {
  shuffle_.set_code_deck_tests(&code_deck_tests_);
}

// Every lab's session, by the lab's id.
LabSession& AppSession::session_of(LabId lab) {
  switch (lab) {
    case LabId::poker: return poker_;
    case LabId::assembly: return asm_;
    case LabId::check: return check_;
    case LabId::chooser: return chooser_;
    case LabId::gallery: return findings_;
    case LabId::about: return about_;
    case LabId::lfsr: return lfsr_;
    case LabId::shuffle: return shuffle_;
    case LabId::dice: return dice_;
  }
  return lfsr_;  // not reached: every LabId is listed
}

LabSession& AppSession::lab_session() { return session_of(state_.lab); }

void AppSession::forget_results() {
  for (LabId lab : all_labs()) session_of(lab).forget_results();
}

void AppSession::open(std::string_view fragment) {
  DecodedState decoded = decode_fragment(fragment, loaded_lessons_);
  forget_results();
  state_ = decoded.state;
  notices_ = decoded.notices;
  note_problem_.clear();  // it was about the note this link replaces
  run_pending_ = true;
  tour_ = std::move(decoded.tour);
  if (decoded.tour_to_load.empty()) return stop_lesson_load();
  const bool hashed = !fragment.empty() && fragment.front() == '#';
  load_lesson(std::move(decoded.tour_to_load), (hashed ? "" : "#") + std::string(fragment), !decoded.lab_given);
}

const TourHeading* AppSession::lesson_loading() const {
  return lesson_load_ ? find_tour_heading(lesson_load_->id) : nullptr;
}

void AppSession::load_lesson(std::string id, std::string reopen, bool step_state) {
  if (!lesson_load_ || lesson_load_->id != id || !lesson_job_.running())
    lesson_job_.start(jobs_, "tour", "id=" + id, id);
  lesson_load_ = LessonLoad{std::move(id), std::move(reopen), step_state};
}

void AppSession::stop_lesson_load() {
  lesson_load_.reset();
  lesson_job_.clear(jobs_);
}

// Called once its job has stopped: done (its payload is the lesson as a lesson file) or failed.
void AppSession::finish_lesson_load() {
  const LessonLoad load = std::move(*lesson_load_);
  auto parsed = lesson_job_.error.empty() ? parse_tour_text(lesson_job_.status.payload) : Result<Tour>::fail(lesson_job_.error);
  stop_lesson_load();
  if (parsed && parsed.value().id != load.id) parsed = Result<Tour>::fail("it came back as \"" + printable_excerpt(parsed.value().id) + "\"");
  if (!parsed) {
    if (state_.tour == load.id) leave_tour();
    notices_.push_back("tour=" + load.id + ": the lesson did not load: " + parsed.error());
    return;
  }
  const Tour& lesson = lessons_.insert_or_assign(load.id, std::move(parsed.value())).first->second;
  if (load.reopen.empty()) open_tour(lesson, 1);
  else open(load.reopen);
}

std::string AppSession::fragment() const {
  if (lesson_load_ && !lesson_load_->reopen.empty()) return lesson_load_->reopen;  // what asked for the lesson
  std::string out = encode_fragment(state_);
  if (out.size() <= kMaxFragmentLength || state_.tour_text.empty()) return out;
  // A teacher's lesson too long for a link: the link keeps the step's state only.
  LabState without_tour = state_;
  without_tour.tour_text.clear();
  without_tour.tour_step = 0;
  return encode_fragment(without_tour);
}

bool AppSession::open_tour(const Tour& tour, std::uint32_t step) {
  if (tour.steps.empty()) return false;
  tour_ = tour;
  const bool builtin = find_tour_heading(tour.id) != nullptr;
  state_.tour = builtin ? tour.id : "";
  state_.tour_text = builtin ? "" : tour_text(tour);
  return go_to_step(step);
}

bool AppSession::go_to_step(std::uint32_t step) {
  if (!tour_ || step < 1 || step > tour_->steps.size()) return false;
  DecodedState decoded = decode_fragment(tour_->steps[step - 1].link);
  LabState next = decoded.state;
  next.embed = state_.embed, next.present = state_.present;
  next.tour = state_.tour, next.tour_text = state_.tour_text, next.tour_step = step;
  forget_results();
  state_ = std::move(next);
  notices_ = decoded.notices;
  run_pending_ = true;
  return true;
}

void AppSession::leave_tour() {
  tour_.reset();
  state_.tour.clear(), state_.tour_text.clear(), state_.tour_step = 0;
}

Result<bool> AppSession::apply(std::string_view command) {
  using R = Result<bool>;
  const LabCommand c = parse_lab_command(command);
  const LabState before = state_;
  const auto changed = [&] { return R::ok(!(state_ == before)); };
  if (c.verb == "lab") {
    for (LabId lab : all_labs())
      if (c.arg == lab_name(lab)) return state_.lab = lab, leave_previous_lab(), changed();
    return R::fail("lab=" + printable_excerpt(c.arg) + ": no lab has that name");
  }
  if (c.verb.substr(0, 4) == "tour") stop_lesson_load();  // another lesson, or none
  if (c.verb == "tour_next" || c.verb == "tour_back" || c.verb == "tour_step") {
    if (!tour_) return R::fail(c.verb + ": no lesson is open");
    std::uint32_t step = state_.tour_step;
    if (c.verb == "tour_next") ++step;
    else if (c.verb == "tour_back") --step;
    else if (auto k = parse_decimal("tour_step", c.arg, 1, tour_->steps.size())) step = static_cast<std::uint32_t>(*k);
    else return R::fail(k.error());
    if (!go_to_step(step)) return R::fail(c.verb + ": the lesson has no step " + std::to_string(step));
    return changed();
  }
  if (c.verb == "present") {
    auto on = parse_decimal("present", c.arg, 0, 1);
    if (!on) return R::fail(on.error());
    state_.present = *on == 1;
    return changed();
  }
  if (c.verb == "tour_exit") {
    if (!tour_ && !state_.tour.empty()) return leave_tour(), changed();  // it was loading
    if (!tour_) return R::fail("tour_exit: no lesson is open");
    leave_tour();
    return changed();
  }
  if (c.verb == "tour") {
    if (!find_tour_heading(c.arg)) return R::fail("tour=" + printable_excerpt(c.arg) + ": no built-in lesson has that id");
    if (const Tour* tour = loaded_lessons_(c.arg)) open_tour(*tour, 1);
    else load_lesson(c.arg, "", false);
    return changed();
  }
  if (c.verb == "note") {  // the Share dialog's note, percent-encoded like in a link
    auto text = decode_note(c.arg);
    if (!text) {
      note_problem_ = text.error() + "; the link keeps the last valid note";
      return R::fail(note_problem_);
    }
    note_problem_.clear();
    state_.note = std::move(text.value());
    return changed();
  }
  if (c.verb == "tour_text") {  // a lesson file's text (the page reads the file), percent-encoded
    auto text = percent_decode(c.arg, "lesson file");
    auto parsed = text ? parse_tour_text(text.value()) : Result<Tour>::fail(text.error());
    if (!parsed) {
      notices_.assign(1, parsed.error());
      return R::fail(parsed.error());
    }
    open_tour(parsed.value(), 1);
    return changed();
  }
  return lab_session().apply(c);
}

// Called where the lab may change (lab=, then again each tick for links and lesson steps), so
// the lab left stops its work before the next frame.
void AppSession::leave_previous_lab() {
  if (entered_lab_ != state_.lab) session_of(entered_lab_).leave();
  entered_lab_ = state_.lab;
}

void AppSession::tick(double seconds) {
  lesson_job_.poll(jobs_);
  if (lesson_load_ && !lesson_job_.running()) finish_lesson_load();
  leave_previous_lab();
  LabSession& lab = lab_session();
  if (std::exchange(run_pending_, false)) lab.start_linked_run();
  lab.tick(seconds);
}

bool AppSession::busy() const {
  return run_pending_ || lesson_load_ || const_cast<AppSession*>(this)->lab_session().busy();
}

bool AppSession::animating() const { return const_cast<AppSession*>(this)->lab_session().animating(); }

std::vector<TextLine> AppSession::text() {
  TextLines out;
  const TourHeading* loading = lesson_loading();
  if (awaiting_lesson_step()) out.heading(std::string(loading->title));  // its step's lab is not known yet
  else lab_text_header(state_, tour_ ? &*tour_ : nullptr, out);
  if (loading) out.para("Loading the lesson \"" + std::string(loading->title) + "\"...");
  if (!awaiting_lesson_step()) out.append(lab_session().text());
  return out.take();
}

std::vector<CsvExport> AppSession::csv_exports() {
  return lab_session().csv_exports();
}

std::string AppSession::lesson_json() const {
  if (!tour_) return "null";
  return "{\"id\":" + json_string(tour_->id) + ",\"title\":" + json_string(tour_->title) +
         ",\"step\":" + std::to_string(state_.tour_step) + ",\"steps\":" + std::to_string(tour_->steps.size()) +
         ",\"text\":" + json_string(tour_->steps[state_.tour_step - 1].text) + "}";
}

std::string AppSession::describe_json_fields() const {
  std::string notices = "[";
  for (std::size_t i = 0; i < notices_.size(); ++i) notices += (i ? "," : "") + json_string(notices_[i]);
  notices += "]";
  const auto step_line = lesson_step_line(state_);  // the Share dialog's "as a lesson step"
  return "\"lab\":" + json_string(lab_name(state_.lab)) + ",\"embed\":" + (state_.embed ? "true" : "false") +
         ",\"present\":" + (state_.present ? "true" : "false") + ",\"hash\":" + json_string(fragment()) +
         ",\"note\":" + json_string(state_.note) + ",\"noteProblem\":" + json_string(note_problem_) +
         ",\"lessonStep\":" + json_string(step_line ? *step_line : "") + ",\"tour\":" + lesson_json() +
         ",\"lessonLoading\":" + json_string(lesson_load_ ? lesson_load_->id : "") +
         ",\"findingsLoading\":" + (state_.lab == LabId::gallery && findings_.awaited() ? "true" : "false") +
         ",\"latticeLoading\":" + (state_.lab == LabId::lfsr && lfsr_.lattice_awaited() ? "true" : "false") +
         ",\"lawsLoading\":" + (state_.lab == LabId::dice && dice_.laws_awaited() ? "true" : "false") +
         ",\"asmLoading\":" + (state_.lab == LabId::assembly && asm_.run_awaited() ? "true" : "false") +
         ",\"runText\":" + json_string(linked_run_text(state_)) + ",\"notices\":" + notices;
}

std::string AppSession::describe_lab_json() {
  // The chooser's object keeps the key the hook has always used ("chooser"; its links say lab=choose).
  const std::string key = state_.lab == LabId::chooser ? "chooser" : std::string(lab_name(state_.lab));
  return ",\"" + key + "\":" + lab_session().describe_json() + "}";
}

}  // namespace shufflelab
