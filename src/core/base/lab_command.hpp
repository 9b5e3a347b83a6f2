// lab_command.hpp: the one way a lab changes. A button, its key, a lesson
// step, an opened link, the browser's test hook and the CLI's `open --do`
// all send a lab the same words: a verb, optionally "=" and an argument
// ("step", "t=12", "seed=DEADBEEF"). Each lab's session lists its verbs
// (docs/commands.md); a verb it does not know, or an argument it refuses,
// comes back as an error naming it, and the lab keeps its last valid state.
#pragma once
#include <string>
#include <string_view>

namespace shufflelab {

struct LabCommand {
  std::string verb;
  std::string arg;       // after the first '='
  bool has_arg = false;  // "t=" (empty argument) is not "t"
  bool operator==(const LabCommand&) const = default;
};

LabCommand parse_lab_command(std::string_view text);
std::string lab_command_text(const LabCommand& command);

}  // namespace shufflelab
