// The Shuffle session's Your code tab: its Text view and its part of the
// hook object (the commands are in shuffle_session.cpp's apply_code).
#include <string>

#include "core/base/text_format.hpp"
#include "core/dice/dice_view.hpp"
#include "core/shuffle/shuffle_session.hpp"
#include "core/base/split_lines.hpp"

namespace shufflelab {

namespace {
constexpr std::size_t kSourceLinesListed = 30;
constexpr std::uint32_t kMatrixRowsListed = 10;

std::string deck_text(const std::vector<std::uint32_t>& deck) {
  constexpr std::size_t kListed = 16;
  std::string out;
  for (std::size_t i = 0; i < deck.size() && i < kListed; ++i) out += (i ? ", " : "") + std::to_string(deck[i]);
  if (deck.size() > kListed) out += ", ... (" + std::to_string(deck.size()) + " cards)";
  return out;
}

std::string exact_sentence(const CodeExactView& e, std::uint32_t n) {
  const std::string orders = e.orders ? grouped_and_plain(e.orders) : std::string("n!");
  return "Exact, over every answer rand could give: " + grouped_and_plain(e.runs) + " runs of your code, counts over the common denominator " +
         grouped_and_plain(e.matrix.total) + ". It reaches " + grouped_and_plain(e.reachable) + " of the " + orders + " orders of " +
         std::to_string(n) + " cards" + (e.uniform ? ", all equally likely: uniform." : ": not uniform.");
}

std::string sample_sentence(const BiasMatrix& m, const BiasSummary& b, bool done, std::uint64_t wanted) {
  return grouped_and_plain(m.total) + (done ? " decks sampled" : " of " + grouped_and_plain(wanted) + " decks sampled so far") +
         ": chi-square " + fixed_decimals(b.chi_square, 1) + " on " + fixed_decimals(b.degrees_of_freedom, 0) +
         " degrees of freedom, p " + p_value_text(b.p_value) + ". " +
         (bias_is_real(b) ? "Not uniform: this bias is real, not noise." : "Consistent with a uniform shuffle at this sample size.");
}
}  // namespace

std::string ShuffleSession::code_summary() const {
  if (const CodeExactView* e = code_.exact()) return exact_sentence(*e, e->matrix.n);
  const BiasMatrix* m = code_.sample();
  if (!m || m->total == 0) return "";
  return sample_sentence(*m, summarize_bias(*m), code_.sample_done(), code_.sample_wanted());
}

void ShuffleSession::code_text(TextLines& out) {
  const ShuffleView& v = view();
  out.sub("Your code");
  if (state_.code.empty()) {
    out.para("No code yet: write function shuffle(deck, rand) or pick a starting point.");
    return;
  }
  if (v.code_from_link) out.para("This is the sender's code. It runs in the page's sandbox, away from the page, the link and the network.");
  const std::vector<std::string_view> lines = split_lines(state_.code);
  for (std::size_t i = 0; i < lines.size() && i < kSourceLinesListed; ++i)
    out.item("Line " + std::to_string(i + 1) + ": " + std::string(lines[i]));
  if (lines.size() > kSourceLinesListed) out.item("... the code goes on");
  out.item("Deck: " + std::to_string(state_.n) + " cards; Math.random is seeded with " + std::to_string(state_.seed));
  if (const auto& r = code_.request()) out.para("Running your code in the page's sandbox (" + std::string(code_mode_name(r->mode)) + ")...");
  if (!code_.message().empty()) out.para(code_.message());
  if (!code_.notice().empty()) out.para(code_.notice());
  if (v.code_stale) out.para("The results below are for an earlier version of the code, deck size or seed.");
  if (v.code_frame) {
    const CodeFrame& f = *v.code_frame;
    out.item("Step " + std::to_string(f.step) + " of " + std::to_string(f.total_steps));
    out.para(f.caption);
    out.item("Deck order from position 0: " + deck_text(f.deck));
  }
  if (const CodeExactView* e = code_.exact()) {
    out.sub("Exact matrix (position x card)");
    out.para(v.code_summary);
    for (std::uint32_t p = 0; p < e->matrix.n && p < kMatrixRowsListed; ++p) {
      std::string row;
      for (std::uint32_t c = 0; c < e->matrix.n; ++c) row += (c ? ", " : "") + std::to_string(e->matrix.at(p, c));
      out.item("Position " + std::to_string(p) + ": " + row);
    }
    if (e->matrix.n > kMatrixRowsListed) out.item("... " + std::to_string(e->matrix.n - kMatrixRowsListed) + " more rows (Export CSV)");
  } else if (const BiasMatrix* m = code_.sample(); m && m->total > 0) {
    out.sub("Sampled matrix (position x card)");
    out.para(v.code_summary);
    const JobSlot<DeckSampleReport>* tests = code_.deck_tests_job();
    if (tests && tests->id && !tests->result) {
      out.sub("The Check lab's deck tests on this sample");
      out.item(tests->running() ? "Running: " + tests->status.summary
               : !tests->error.empty() ? tests->error : std::string("Cancelled."));
    }
    if (const DeckSampleReport* r = code_.sample_report()) {
      out.sub("The Check lab's deck tests on this sample");
      for (const std::string_view line : split_lines(r->text))
        if (!line.empty()) out.item(std::string(line));
    }
  }
}

std::string ShuffleSession::describe_code_json() {
  const ShuffleView& v = view();
  std::string out = ",\"code\":{\"source\":" + json_string(state_.code) + ",\"fromLink\":" + json_bool(v.code_from_link) +
                    ",\"message\":" + json_string(code_.message()) + ",\"notice\":" + json_string(code_.notice()) +
                    ",\"busy\":" + json_bool(code_.busy()) + ",\"stale\":" + json_bool(v.code_stale);
  if (v.code_frame) {
    const CodeFrame& f = *v.code_frame;
    out += ",\"step\":" + std::to_string(f.step) + ",\"totalSteps\":" + std::to_string(f.total_steps) +
           ",\"deck\":" + json_integers(f.deck) + ",\"caption\":" + json_string(f.caption) +
           ",\"read\":" + json_integers(f.read) + ",\"written\":" + json_integers(f.written) +
           ",\"draws\":" + std::to_string(code_.recording()->draws.size());
    out += f.draw ? ",\"draw\":{\"answer\":" + std::to_string(f.draw->a) + ",\"bound\":" + std::to_string(f.draw->b) + "}"
                  : std::string(",\"draw\":null");
    out += f.swap ? ",\"swap\":[" + std::to_string(f.swap->first) + "," + std::to_string(f.swap->second) + "]" : std::string(",\"swap\":null");
  }
  if (const CodeExactView* e = code_.exact())
    out += ",\"exact\":{\"n\":" + std::to_string(e->matrix.n) + ",\"runs\":" + std::to_string(e->runs) +
           ",\"denominator\":" + std::to_string(e->matrix.total) + ",\"counts\":" + json_integers(e->matrix.counts) +
           ",\"reachable\":" + std::to_string(e->reachable) + ",\"orders\":" + std::to_string(e->orders) +
           ",\"uniform\":" + json_bool(e->uniform) + "}";
  if (const BiasMatrix* m = code_.sample(); m && m->total > 0) {
    const BiasSummary b = summarize_bias(*m);
    out += ",\"sample\":{\"n\":" + std::to_string(m->n) + ",\"decks\":" + std::to_string(m->total) +
           ",\"wanted\":" + std::to_string(code_.sample_wanted()) + ",\"done\":" + json_bool(code_.sample_done()) +
           ",\"chiSquare\":" + json_number(b.chi_square, 6) + ",\"pValue\":" + json_number(b.p_value, 6) +
           ",\"real\":" + json_bool(bias_is_real(b));
    if (const DeckSampleReport* r = code_.sample_report())
      out += ",\"deckTests\":{\"failed\":" + json_bool(r->failed) + ",\"verdict\":" + json_string(r->verdict) +
             ",\"text\":" + json_string(r->text) + "}";
    else if (const JobSlot<DeckSampleReport>* tests = code_.deck_tests_job(); tests && tests->id)
      out += ",\"deckTestsJob\":{\"running\":" + json_bool(tests->running()) + ",\"summary\":" +
             json_string(tests->status.summary) + ",\"error\":" + json_string(tests->error) + "}";
    out += "}";
  }
  out += "}";
  const std::string request = code_request_json();
  if (!request.empty()) out += ",\"codeRequest\":" + request;
  return out;
}

}  // namespace shufflelab
