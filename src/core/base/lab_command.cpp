#include "core/base/lab_command.hpp"

namespace shufflelab {

LabCommand parse_lab_command(std::string_view text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string_view::npos) return {std::string(text), {}, false};
  return {std::string(text.substr(0, eq)), std::string(text.substr(eq + 1)), true};
}

std::string lab_command_text(const LabCommand& command) {
  return command.has_arg ? command.verb + "=" + command.arg : command.verb;
}

}  // namespace shufflelab
