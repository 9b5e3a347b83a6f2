// user_code_run.hpp: the Your code tab's runs. The core cannot run
// JavaScript: it asks the page for a run (request(): a trace, an exact
// enumeration or a sample of the source for n cards and a seed) and the page
// answers with the command code_result=ID:TEXT (docs/code_protocol.md).
// A new source, n or seed asks for a trace, then (n <= kCodeExactAutoCards)
// the exact matrix. A failed run leaves its sentence and keeps the last good
// results (each says which source, n and seed it is for).
#pragma once
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include "core/base/result.hpp"
#include "core/shuffle/bias.hpp"
#include "core/shuffle/deck_sample_tests.hpp"
#include "core/shuffle/user_code.hpp"
#include "core/shuffle/user_code_steps.hpp"

namespace shufflelab {

constexpr std::uint32_t kCodeExactAutoCards = 8;
constexpr std::uint64_t kMaxCodeSampleDecks = 1'000'000;

enum class CodeMode : std::uint8_t { trace, exact, sample };
std::string_view code_mode_name(CodeMode mode);  // "trace", "exact", "sample"

// What the code's results are for.
struct CodeSubject {
  std::string source;
  std::uint32_t n = 0;
  std::uint64_t seed = 0;
  bool operator==(const CodeSubject&) const = default;
};

struct CodeRequest {
  std::uint64_t id = 0;  // grows with every new request
  CodeMode mode = CodeMode::trace;
  CodeSubject subject;
  std::uint64_t decks = 0;  // sample: how many
};

class CodeRun {
 public:
  // The tab's source, n and seed now: a new subject with a source asks for its trace (and exact matrix).
  void follow(const CodeSubject& subject, std::uint64_t sample_decks);
  // code_run, code_exact, code_sample (an exact run or a sample needs no trace first).
  void want(CodeMode mode);
  void cancel();  // code_cancel: the pending runs (and the deck tests) are dropped, what came in stays
  void clear();   // a link opens: every result goes
  // code_result=ID:TEXT; an answer to a request no longer pending is ignored (false).
  Result<bool> accept(std::string_view arg);

  const std::optional<CodeRequest>& request() const { return request_; }
  bool busy() const { return request_.has_value(); }
  const CodeSubject& subject() const { return subject_; }
  const std::string& message() const { return message_; }  // the last failure's sentence, or ""
  const std::string& notice() const { return notice_; }    // e.g. "sampled instead"
  const CodeRecording* recording() const { return recording_ ? &*recording_ : nullptr; }
  const CodeSubject& recording_subject() const { return recording_subject_; }
  const CodeExactView* exact() const { return exact_ ? &*exact_ : nullptr; }
  const CodeSubject& exact_subject() const { return exact_subject_; }
  const BiasMatrix* sample() const { return sample_ ? &*sample_ : nullptr; }
  const CodeSubject& sample_subject() const { return sample_subject_; }
  bool sample_done() const { return sample_done_; }
  std::uint64_t sample_wanted() const { return sample_wanted_; }
  // The finished sample's deck tests (the Check lab's, a job), when tests are set: null before their report.
  const DeckSampleReport* sample_report() const {
    return deck_tests_ && deck_tests_->job().result ? &*deck_tests_->job().result : nullptr;
  }
  const JobSlot<DeckSampleReport>* deck_tests_job() const { return deck_tests_ ? &deck_tests_->job() : nullptr; }
  void poll_deck_tests() {
    if (deck_tests_) deck_tests_->poll();
  }
  // Where a sample's decks also go (owned by the caller; may stay null).
  void set_deck_tests(DeckSampleTests* tests) { deck_tests_ = tests; }

 private:
  void next_request();
  void finish(std::string message);

  CodeSubject subject_;
  std::uint64_t sample_decks_ = 0;
  std::deque<CodeMode> wanted_;
  std::optional<CodeRequest> request_;
  std::uint64_t next_id_ = 1;
  std::string message_, notice_;
  std::optional<CodeRecording> recording_;
  CodeSubject recording_subject_;
  std::optional<CodeExactView> exact_;
  CodeSubject exact_subject_;
  std::optional<BiasMatrix> sample_;
  CodeSubject sample_subject_;
  bool sample_done_ = false;
  std::uint64_t sample_wanted_ = 0;
  DeckSampleTests* deck_tests_ = nullptr;
};

}  // namespace shufflelab
