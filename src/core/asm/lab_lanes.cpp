#include "core/asm/lab_lanes.hpp"

#include <algorithm>

namespace shufflelab {

LabLane lane_on_6502(LabLane lane, AsmAlgorithm algorithm) {
  const bool at_entry = lane.mark_label == asm_algorithm_info(lane.algorithm).entry;
  lane.algorithm = algorithm;
  if (at_entry) lane.mark_label = asm_algorithm_info(algorithm).entry;
  return lane;
}

void mark_start_or_end(LabLane& lane, bool at_start) {
  if (at_start) {
    lane.mark_label = asm_algorithm_info(lane.algorithm).entry;
    lane.mark_count = 1;
  }
}

// ---- wasm functions -----------------------------------------------------------------
std::vector<std::string_view> lane_wasm_functions(AsmAlgorithm algorithm) {
  const AsmAlgorithmInfo& info = asm_algorithm_info(algorithm);
  const AsmProgram& listing = asm_program(info.isa);
  std::vector<std::string_view> snippets{info.cpp_snippet};
  for (const auto name : info.routines)
    if (const AsmRoutine* r = listing.routine(name))
      for (std::size_t i = r->first_row; i < r->end_row; ++i) snippets.push_back(listing.rows[i].cpp_snippet);
  std::vector<std::string_view> out;
  for (const AsmRoutine& routine : asm_program(AsmIsa::wasm).routines)  // summary: the snippet it compiles
    if (std::find(snippets.begin(), snippets.end(), routine.summary) != snippets.end()) out.push_back(routine.name);
  return out;
}

std::vector<std::size_t> rows_on_cpp_line(const AsmProgram& program, const AsmRoutine& routine, std::string_view file,
                                          std::uint32_t line) {
  std::vector<std::size_t> out;
  for (std::size_t i = routine.first_row; i < routine.end_row && i < program.rows.size(); ++i)
    if (line != 0 && program.rows[i].cpp_line == line && program.rows[i].cpp_file == file) out.push_back(i);
  return out;
}

WasmLaneCount wasm_lane_count(AsmAlgorithm algorithm, std::string_view cpp_file, std::uint32_t cpp_line) {
  WasmLaneCount count;
  const AsmProgram& wasm = asm_program(AsmIsa::wasm);
  for (const std::string_view name : lane_wasm_functions(algorithm))
    if (const AsmRoutine* routine = wasm.routine(name)) {
      count.rows += routine->end_row - routine->first_row;
      count.lit += rows_on_cpp_line(wasm, *routine, cpp_file, cpp_line).size();
    }
  return count;
}

// ---- running a lane -------------------------------------------------------------------
Result<LaneRun> LaneRun::start(const LabLane& lane) {
  using R = Result<LaneRun>;
  auto session = AsmSession::start(lane.algorithm, lane.inputs);
  if (!session) return R::fail(session.error());
  AsmSession& s = session.value();
  std::uint64_t steps = 0;
  while (s.calls_done() + 1 < lane.inputs.calls) {
    if (const auto r = s.step(); !r) return R::fail(r.error());
    ++steps;
  }
  const AsmProgram& program = s.program();
  const std::ptrdiff_t mark_row = lane.mark_label.empty() ? -1 : program.label_row(lane.mark_label);
  std::uint64_t length = 0, marks = 0;
  std::optional<std::uint64_t> at_mark;
  while (!s.done()) {
    if (mark_row >= 0 && s.current_row() == mark_row && ++marks == lane.mark_count && !at_mark) at_mark = length;
    if (const auto r = s.step(); !r) return R::fail(r.error());
    ++length;
  }
  auto fresh = AsmSession::start(lane.algorithm, lane.inputs);
  if (!fresh) return R::fail(fresh.error());
  LaneRun run(lane, std::move(fresh.value()));
  run.call_start_ = steps;
  run.call_length_ = length;
  run.default_cursor_ = at_mark.value_or(length);
  if (const auto r = run.run_to(run.default_cursor_); !r) return R::fail(r.error());
  return R::ok(std::move(run));
}

Result<bool> LaneRun::run_to(std::uint64_t cursor) {
  cursor = std::min(cursor, call_length_);
  const std::uint64_t target = call_start_ + cursor;
  if (target < steps_) {  // back: run again from the start
    auto fresh = AsmSession::start(lane_.algorithm, lane_.inputs);
    if (!fresh) return Result<bool>::fail(fresh.error());
    session_ = std::move(fresh.value());
    steps_ = 0;
  }
  for (; steps_ < target; ++steps_)
    if (const auto r = session_.step(); !r) return r;
  cursor_ = cursor;
  return Result<bool>::ok(true);
}

Result<bool> LaneRun::seek(std::uint64_t cursor) { return run_to(cursor); }

std::ptrdiff_t LaneRun::lit_row() const {
  return session_.current_row() >= 0 ? session_.current_row() : session_.last_row();
}

const CppSnippet* LaneRun::snippet() const {
  const std::ptrdiff_t row = lit_row();
  const AsmAlgorithmInfo& info = session_.info();
  if (row < 0) return find_cpp_snippet(info.cpp_snippet);
  const AsmRow& r = session_.program().rows[static_cast<std::size_t>(row)];
  return find_cpp_snippet(r.cpp_snippet.empty() ? info.cpp_snippet : r.cpp_snippet);
}

std::string_view LaneRun::cpp_file() const {
  const std::ptrdiff_t row = lit_row();
  return row < 0 ? std::string_view{} : session_.program().rows[static_cast<std::size_t>(row)].cpp_file;
}

std::uint32_t LaneRun::cpp_line() const {
  const std::ptrdiff_t row = lit_row();
  return row < 0 ? 0 : session_.program().rows[static_cast<std::size_t>(row)].cpp_line;
}

std::vector<std::uint64_t> LaneRun::value() const {
  const LaneValueSpec& spec = lane_.value;
  switch (spec.kind) {
    case LaneValueSpec::Kind::outputs: {
      if (!session_.done()) return {};  // the call has not returned yet
      const auto& all = session_.outputs();
      const std::size_t per_call = all.size() / std::max<std::uint32_t>(session_.calls_done(), 1);
      return {all.end() - static_cast<std::ptrdiff_t>(per_call), all.end()};
    }
    case LaneValueSpec::Kind::memory:
      for (const AsmMemoryView& m : session_.memory()) {
        if (m.name != spec.name || m.bytes.size() < spec.bytes) continue;
        if (spec.bytes > 8) return {m.bytes.begin(), m.bytes.begin() + spec.bytes};
        std::uint64_t v = 0;
        for (std::uint32_t i = 0; i < spec.bytes; ++i)
          v |= std::uint64_t{m.bytes[i]} << (8 * (spec.big_endian ? spec.bytes - 1 - i : i));
        return {v};
      }
      return {};
    case LaneValueSpec::Kind::registers: {
      std::uint64_t v = 0;
      const auto regs = session_.registers();
      for (const char name : spec.name)
        for (const AsmRegisterView& r : regs)
          if (r.name.size() == 1 && r.name[0] == name) v = v << r.bits | r.value;
      return {v};
    }
  }
  return {};
}

}  // namespace shufflelab
