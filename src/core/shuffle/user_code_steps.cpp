#include "core/shuffle/user_code_steps.hpp"

#include <algorithm>

namespace shufflelab {

CodeRecording record_code_trace(const CodeTrace& trace) {
  CodeRecording out;
  ShuffleRecording& rec = out.recording;
  rec.n = trace.n;
  out.final_deck = trace.deck;
  std::vector<std::uint32_t> deck(trace.n);
  for (std::uint32_t i = 0; i < trace.n; ++i) deck[i] = i;
  std::uint32_t draws = 0;
  const auto close_step = [&] {
    if (rec.events.size() > (rec.step_ends.empty() ? 0 : rec.step_ends.back())) rec.step_ends.push_back(rec.events.size());
  };
  for (const CodeAccess& a : trace.accesses) {
    ShuffleEvent event{EventKind::Draw};
    if (a.kind == CodeAccessKind::draw || a.kind == CodeAccessKind::math_random) {
      close_step();
      out.draws_before.push_back(draws++);
      event = a.kind == CodeAccessKind::draw ? ShuffleEvent{EventKind::Draw, a.b, a.a} : ShuffleEvent{EventKind::Draw, 0, 0};
      out.draws.push_back(event);
    } else {
      if (rec.events.empty()) out.draws_before.push_back(0);  // reads and writes before the first call
      event = a.kind == CodeAccessKind::read ? ShuffleEvent{EventKind::Read, a.a, deck[a.a]}
                                             : ShuffleEvent{EventKind::Write, a.a, a.b};
      apply_event(deck, event);
    }
    rec.events.push_back(event);
  }
  close_step();
  if (deck != trace.deck) {
    out.returned_new_array = true;
    out.draws_before.push_back(draws);
    for (std::uint32_t p = 0; p < trace.n; ++p)
      if (deck[p] != trace.deck[p]) rec.events.push_back({EventKind::Write, p, trace.deck[p]});
    close_step();
  }
  return out;
}

namespace {
void add_once(std::vector<std::uint32_t>& positions, std::uint32_t p) {
  if (std::find(positions.begin(), positions.end(), p) == positions.end()) positions.push_back(p);
}

std::string position_list(const std::vector<std::uint32_t>& positions) {
  constexpr std::size_t kListed = 4;
  std::string out;
  for (std::size_t i = 0; i < positions.size() && i < kListed; ++i)
    out += (i ? ", " : "") + std::string("deck[") + std::to_string(positions[i]) + "]";
  if (positions.size() > kListed) out += " and " + std::to_string(positions.size() - kListed) + " more";
  return out;
}

std::string caption(const CodeFrame& f, std::uint32_t n) {
  if (f.step == 0) return "The deck before your code runs: cards 0 to " + std::to_string(n - 1) + " in order.";
  if (f.returned) return "Your function returned a new array: this is the deck it returned.";
  std::string out;
  if (f.draw) out = f.draw->b ? "rand(" + std::to_string(f.draw->b) + ") answered " + std::to_string(f.draw->a)
                              : std::string("Math.random() was called");
  else out = "Before the first call to rand";
  if (!f.read.empty()) out += "; read " + position_list(f.read);
  if (!f.written.empty()) out += "; wrote " + position_list(f.written);
  if (f.swap)
    out += ": cards " + std::to_string(f.deck[f.swap->first]) + " and " + std::to_string(f.deck[f.swap->second]) +
           " swapped places";
  else if (f.read.empty() && f.written.empty() && f.draw) out += "; the deck was not touched";
  return out + ".";
}
}  // namespace

CodeFrame code_frame(const CodeRecording& recording, std::uint64_t t) {
  const ShuffleRecording& rec = recording.recording;
  CodeFrame f;
  f.total_steps = recording.total_steps();
  f.step = static_cast<std::uint32_t>(std::min<std::uint64_t>(t, f.total_steps));
  f.deck = deck_at_step(rec, f.step);
  f.before = f.step ? deck_at_step(rec, f.step - 1) : f.deck;
  if (f.step > 0) {
    f.draw_index = recording.draws_before[f.step - 1];
    f.returned = recording.returned_new_array && f.step == f.total_steps;
    const std::size_t begin = f.step == 1 ? 0 : rec.step_ends[f.step - 2];
    for (std::size_t e = begin; e < rec.step_ends[f.step - 1]; ++e) {
      const ShuffleEvent& event = rec.events[e];
      if (event.kind == EventKind::Draw) f.draw = event;
      else add_once(event.kind == EventKind::Read ? f.read : f.written, event.a);
    }
    std::vector<std::uint32_t> changed;
    for (std::uint32_t p = 0; p < rec.n; ++p)
      if (f.deck[p] != f.before[p]) changed.push_back(p);
    if (changed.size() == 2 && f.deck[changed[0]] == f.before[changed[1]] && f.deck[changed[1]] == f.before[changed[0]])
      f.swap = std::make_pair(changed[0], changed[1]);
  } else {
    f.draw_index = 0;
  }
  f.caption = caption(f, rec.n);
  return f;
}

ShuffleFrame code_deck_frame(const CodeFrame& f) {
  ShuffleFrame out;
  out.step = f.step, out.total_steps = f.total_steps;
  out.deck = f.deck, out.before = f.before;
  if (f.draw) out.draw = ShuffleEvent{EventKind::Draw, f.draw->a, f.draw->b};
  if (f.swap) out.moves.push_back({EventKind::Swap, f.swap->first, f.swap->second});
  out.caption = f.caption;
  return out;
}

}  // namespace shufflelab
