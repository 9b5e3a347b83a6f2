// lab_command.hpp: the one way a lab changes. A button, its key, a lesson
// step, an opened link, the browser's test hook and the CLI's `open --do`
// all send a lab the same words: a verb, optionally "=" and an argument
// ("step", "t=12", "seed=DEADBEEF"). Each lab's session lists its verbs
// (docs/commands.md); a verb it does not know, or an argument it refuses,
// comes back as an error naming it, and the lab keeps its last valid state.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

struct LabCommand {
  std::string verb;
  std::string arg;       // after the first '='
  bool has_arg = false;  // "t=" (empty argument) is not "t"
  bool operator==(const LabCommand&) const = default;
};

LabCommand parse_lab_command(std::string_view text);
std::string lab_command_text(const LabCommand& command);

// A command that sets one of a lab's link fields ("cpu=z80"), read by the
// lab's own link decoder: `state` with that field set, or the decoder's
// notice (which names the field).
template <class State>
Result<State> with_link_field(const State& state, const LabCommand& command, void (*decode)(FieldReader&, State&)) {
  const FragmentPairs pairs{{command.verb, command.arg}};
  std::vector<std::string> notices;
  FieldReader fields(pairs, notices);
  State next = state;
  decode(fields, next);
  if (!notices.empty()) return Result<State>::fail(notices.front());
  return Result<State>::ok(std::move(next));
}

}  // namespace shufflelab
