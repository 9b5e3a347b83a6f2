// app_session.hpp: the whole playground as one session, the same in the
// browser and in `shufflelab open`. It holds the link's state (every lab's
// fields, the note, the lesson), the link's problems, the lesson being
// followed, and one session per lab; apply() is the one way anything
// changes: a navigation click, a key, a lesson step, a link, the test hook
// and the CLI send the same commands.
//
// Commands of the app (the current lab takes every other one):
//   lab=NAME            switch labs (names as in links: lfsr, dice, ...)
//   tour=ID             open a built-in lesson at its first step (loaded first
//                       when this session has not had it yet: see below)
//   tour_text=TEXT      open a lesson file (percent-encoded), at its first step
//   tour_next, tour_back, tour_step=K, tour_exit
//   note=TEXT           the sender's note (percent-encoded; empty removes it); a
//                       note that is not plain text or too long is refused and
//                       the last valid one kept (note_problem() says why)
//   present=1|0         present mode on or off (a link field, kept by lesson steps)
// A lesson step opens exactly as its link does: the step's state, and the
// job its run= names.
// The built-in lessons are not in the app's download (core/builtin_tours):
// the first time a link or tour= names one, the session runs the "tour" job
// (a worker in the browser, inline natively), reads its payload as a lesson
// file, keeps it, and then opens the link (or step 1) as if it had been known.
// While it loads, lesson_loading() names it, fragment() is the link that
// asked for it, busy() is true, and the Text view says so; tour_exit or
// another link stops it.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/about_session.hpp"
#include "core/asm/asm_lab_session.hpp"
#include "core/base/job_slot.hpp"
#include "core/base/result.hpp"
#include "core/lab_text.hpp"
#include "core/base/lab_session.hpp"
#include "core/check/check_lab_session.hpp"
#include "core/chooser/chooser_session.hpp"
#include "core/findings_session.hpp"
#include "core/lfsr/lfsr_session.hpp"
#include "core/dice/dice_session.hpp"
#include "core/poker/poker_session.hpp"
#include "core/code_deck_tests.hpp"
#include "core/shuffle/shuffle_session.hpp"
#include "core/url_state.hpp"

namespace shufflelab {

class AppSession {
 public:
  explicit AppSession(JobRunner& jobs);
  AppSession(const AppSession&) = delete;
  AppSession& operator=(const AppSession&) = delete;

  // Opens a link: its state, its problems (the rest of the link still
  // applies), its lesson; what earlier jobs found is dropped and the job its
  // run= names starts at the next tick, so the page shows what the link says.
  void open(std::string_view fragment);
  // The link for what is on screen (a lesson too long for a link keeps only the step).
  std::string fragment() const;

  // App commands (above) or the current lab's. true: the state changed.
  // A command the app and the lab do not know: an error naming it.
  Result<bool> apply(std::string_view command);
  // Starts the current lab's linked run if a link opened since the last
  // tick, stops the jobs of a lab left, plays and polls.
  void tick(double seconds);
  // A job of the current lab is running (the CLI ticks until none is).
  bool busy() const;
  // The current lab plays on its own (LabSession::animating).
  bool animating() const;

  const LabState& state() const { return state_; }
  const std::vector<std::string>& notices() const { return notices_; }
  void set_notices(std::vector<std::string> notices) { notices_ = std::move(notices); }
  const std::optional<Tour>& tour() const { return tour_; }
  // Why the last note= command was refused; empty once a note is accepted.
  const std::string& note_problem() const { return note_problem_; }

  // The built-in lesson being loaded, or nullptr; its job (for the progress row).
  const TourHeading* lesson_loading() const;
  // A lesson is loading for a link that named no lab: the lab to show is its
  // step's, so neither the panel nor the Text view shows the lab meanwhile.
  bool awaiting_lesson_step() const { return lesson_load_ && lesson_load_->step_state; }
  JobSlot<bool>& lesson_job() { return lesson_job_; }
  JobRunner& jobs() { return jobs_; }

  bool open_tour(const Tour& tour, std::uint32_t step);
  bool go_to_step(std::uint32_t step);
  void leave_tour();

  PokerSession& poker() { return poker_; }
  AsmLabSession& assembly() { return asm_; }
  CheckLabSession& check() { return check_; }
  ChooserSession& chooser() { return chooser_; }
  FindingsSession& findings() { return findings_; }
  AboutSession& about() { return about_; }
  LfsrSession& lfsr() { return lfsr_; }
  ShuffleSession& shuffle() { return shuffle_; }
  DiceSession& dice() { return dice_; }
  // The current lab's session (About has one too: its text and hook object).
  LabSession& lab_session();

  // The Text view: the header every lab shares, then the current lab's lines.
  std::vector<TextLine> text();
  std::vector<CsvExport> csv_exports();
  // The test hook's fields every lab shares: "lab":...,"embed":...,"present":...,
  // "hash":...,"note":...,"noteProblem":...,"lessonStep":...,"tour":{...},"runText":...,
  // "notices":[...] (no braces: the page and the CLI add theirs).
  std::string describe_json_fields() const;
  // The lesson being followed as the page's lesson bar shows it (web/lesson_bar.js):
  // {"id","title","step","steps","text"}, or null without a lesson.
  std::string lesson_json() const;
  // ,"<lab>":{...}: the current lab's object as its session knows it (the
  // page adds what is the screen's, such as the assembly lanes).
  std::string describe_lab_json();

 private:
  JobRunner& jobs_;
  LabState state_;
  std::vector<std::string> notices_;
  std::optional<Tour> tour_;
  // The built-in lessons loaded so far, and the one loading: its id, the
  // link to open again when it is in (empty: the tour= command, step 1), and
  // whether that link's state is the step's (it named no lab).
  std::map<std::string, Tour, std::less<>> lessons_;
  struct LessonLoad {
    std::string id;
    std::string reopen;
    bool step_state = false;
  };
  std::optional<LessonLoad> lesson_load_;
  JobSlot<bool> lesson_job_;
  BuiltinTourLookup loaded_lessons_ = [this](std::string_view id) -> const Tour* {
    const auto it = lessons_.find(id);
    return it == lessons_.end() ? nullptr : &it->second;
  };
  void load_lesson(std::string id, std::string reopen, bool step_state);
  void stop_lesson_load();
  void finish_lesson_load();
  std::string note_problem_;
  bool run_pending_ = false;
  LabId entered_lab_ = LabId::gallery;  // leaving it calls its leave()
  void leave_previous_lab();
  PokerSession poker_;
  OpenLink open_link_ = [this](std::string_view link) { open(link); };  // the labs' links to another lab
  AsmLabSession asm_;
  CheckLabSession check_;
  ChooserSession chooser_;
  FindingsSession findings_;
  AboutSession about_;
  LfsrSession lfsr_;
  CodeDeckTests code_deck_tests_;  // before shuffle_, which points at it (its tests are a job)
  ShuffleSession shuffle_;
  DiceSession dice_;
  LabSession& session_of(LabId lab);
  void forget_results();  // every lab's, before a link or a lesson step opens
};

}  // namespace shufflelab
