#include "core/shuffle/user_code_run.hpp"

#include <algorithm>
#include <utility>
#include <variant>

#include "core/base/parse.hpp"
#include "core/base/plain_text.hpp"

namespace shufflelab {

std::string_view code_mode_name(CodeMode mode) {
  return mode == CodeMode::trace ? "trace" : mode == CodeMode::exact ? "exact" : "sample";
}

void CodeRun::follow(const CodeSubject& subject, std::uint64_t sample_decks) {
  sample_decks_ = std::min(sample_decks, kMaxCodeSampleDecks);
  if (subject == subject_) return;
  subject_ = subject;
  wanted_.clear();
  request_.reset();
  message_.clear(), notice_.clear();
  if (subject_.source.empty()) return;
  wanted_.push_back(CodeMode::trace);
  if (subject_.n <= kCodeExactAutoCards) wanted_.push_back(CodeMode::exact);
  next_request();
}

void CodeRun::want(CodeMode mode) {
  if (subject_.source.empty()) return;
  wanted_.clear();
  request_.reset();
  message_.clear(), notice_.clear();
  wanted_.push_back(mode);
  next_request();
}

void CodeRun::cancel() {
  wanted_.clear();
  request_.reset();
  if (deck_tests_) deck_tests_->cancel();
}

void CodeRun::clear() {
  DeckSampleTests* tests = deck_tests_;
  *this = CodeRun{};
  deck_tests_ = tests;
  if (deck_tests_) deck_tests_->start(0);
}

void CodeRun::next_request() {
  request_.reset();
  if (wanted_.empty()) return;
  const CodeMode mode = wanted_.front();
  request_ = CodeRequest{next_id_++, mode, subject_, mode == CodeMode::sample ? sample_decks_ : 0};
  if (mode == CodeMode::sample) {
    sample_ = BiasMatrix(subject_.n);
    sample_subject_ = subject_;
    sample_done_ = false;
    sample_wanted_ = sample_decks_;
    if (deck_tests_) deck_tests_->start(subject_.n);
  }
}

void CodeRun::finish(std::string message) {
  message_ = std::move(message);
  if (!message_.empty()) wanted_.clear();  // what follows a failed run would fail the same way
  else if (!wanted_.empty()) wanted_.pop_front();
  next_request();
}

Result<bool> CodeRun::accept(std::string_view arg) {
  using R = Result<bool>;
  const std::size_t colon = arg.find(':');
  if (colon == std::string_view::npos) return R::fail("code_result: expected ID:TEXT");
  auto id = parse_decimal("code_result id", arg.substr(0, colon), 0, ~std::uint64_t{0});
  if (!id) return R::fail(id.error());
  if (!request_ || request_->id != *id) return R::ok(false);  // cancelled or replaced meanwhile
  auto text = percent_decode(arg.substr(colon + 1), "code_result");
  if (!text) return R::fail(text.error());
  const CodeRequest asked = *request_;
  auto parsed = parse_code_result(*text, asked.subject.n);
  if (!parsed) {
    finish("The page's answer could not be read: " + parsed.error() + ".");
    return R::ok(true);
  }
  if (const auto* error = std::get_if<CodeError>(&*parsed)) {
    if (asked.mode == CodeMode::exact && error->kind == CodeErrorKind::nondeterministic) {
      notice_ = code_error_sentence(*error, asked.subject.n);
      wanted_.front() = CodeMode::sample;
      next_request();
      return R::ok(true);
    }
    finish(code_error_sentence(*error, asked.subject.n));
    return R::ok(true);
  }
  const bool fits = (asked.mode == CodeMode::trace && std::holds_alternative<CodeTrace>(*parsed)) ||
                    (asked.mode == CodeMode::exact && std::holds_alternative<CodeExact>(*parsed)) ||
                    (asked.mode == CodeMode::sample && std::holds_alternative<CodeSample>(*parsed));
  if (!fits) {
    finish("The page's answer could not be read: a " + std::string(code_mode_name(asked.mode)) + " was asked for.");
    return R::ok(true);
  }
  if (const auto* trace = std::get_if<CodeTrace>(&*parsed)) {
    recording_ = record_code_trace(*trace);
    recording_subject_ = asked.subject;
  } else if (const auto* exact = std::get_if<CodeExact>(&*parsed)) {
    auto view = code_exact_view(*exact);
    if (!view) {
      finish("The page's exact answer does not add up: " + view.error() + ".");
      return R::ok(true);
    }
    exact_ = std::move(view.value());
    exact_subject_ = asked.subject;
  } else {
    const CodeSample& chunk = std::get<CodeSample>(*parsed);
    for (std::size_t at = 0; at < chunk.decks.size(); at += asked.subject.n) {
      sample_->add({chunk.decks.data() + at, asked.subject.n});
      if (deck_tests_) deck_tests_->add({chunk.decks.data() + at, asked.subject.n});
    }
    if (sample_->total > asked.decks) {
      finish("The page sent " + std::to_string(sample_->total) + " decks, more than the " + std::to_string(asked.decks) + " asked for.");
      return R::ok(true);
    }
    if (!chunk.last) return R::ok(true);  // the same request goes on
    sample_done_ = true;
    if (deck_tests_) deck_tests_->finish();
  }
  finish("");
  return R::ok(true);
}

}  // namespace shufflelab
