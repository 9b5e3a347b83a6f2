// user_code_steps.hpp: the reader's shuffle, recorded by the page (a
// CodeTrace), as steps for the lab's step animation. A step opens with a
// call to rand (or Math.random) and holds the reads and writes of the deck
// that follow until the next call; reads and writes before the first call
// make a step of their own. When the function returned another array than
// the one it was given, a last step writes the returned deck over it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/shuffle/shuffle.hpp"
#include "core/shuffle/shuffle_lab.hpp"
#include "core/shuffle/user_code.hpp"

namespace shufflelab {

struct CodeRecording {
  // Events: Draw (a = answer, b = bound; b = 0 for Math.random), Read, Write.
  ShuffleRecording recording;
  std::vector<std::uint32_t> final_deck;
  bool returned_new_array = false;          // the last step is the returned deck
  std::vector<ShuffleEvent> draws;          // every call, in order: the draw queue
  std::vector<std::uint32_t> draws_before;  // draws made before step s + 1 began
  std::uint32_t total_steps() const { return static_cast<std::uint32_t>(recording.step_ends.size()); }
};
CodeRecording record_code_trace(const CodeTrace& trace);

struct CodeFrame {
  std::uint32_t step = 0, total_steps = 0;
  std::vector<std::uint32_t> deck, before;  // after this step and before it
  std::optional<ShuffleEvent> draw;         // the call this step opened with
  std::uint32_t draw_index = 0;             // its place in the queue (draws done before it)
  std::vector<std::uint32_t> read, written;  // positions, in order, each once
  std::optional<std::pair<std::uint32_t, std::uint32_t>> swap;  // two positions whose cards changed places
  bool returned = false;                     // the step of the returned array
  std::string caption;
};
CodeFrame code_frame(const CodeRecording& recording, std::uint64_t t);
// The step as the lab's deck picture draws it (shuffle_lab.hpp): its draw, and its swap as an arc.
ShuffleFrame code_deck_frame(const CodeFrame& frame);

}  // namespace shufflelab
