// split_lines.hpp: the lines of a text, for every reader of lines (lesson
// files, a reader's shuffle answers, the worker's wire formats, the Text
// view's copies of multi-line results). One convention for all: '\n' ends a
// line, a final '\n' ends the last line rather than opening an empty one, and
// a '\r' that ends a line (a file saved on Windows) is not part of it.
// The lines view `text`: it must outlive them.
#pragma once
#include <string_view>
#include <vector>

namespace shufflelab {

std::vector<std::string_view> split_lines(std::string_view text);

}  // namespace shufflelab
