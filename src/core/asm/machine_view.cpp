#include "core/asm/machine_view.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <initializer_list>

#include "core/base/parse.hpp"
#include "core/asm/asm_reader.hpp"
#include "core/base/plain_text.hpp"
#include "core/base/split_lines.hpp"
#include "core/base/wire_records.hpp"

namespace shufflelab {

namespace {

constexpr std::string_view kRequestHeader = "shufflelab lane request 1";
constexpr std::string_view kViewsHeader = "shufflelab lanes 1";
constexpr std::string_view kRunHeader = "shufflelab asm run 1";
constexpr std::string_view kCostsHeader = "shufflelab asm costs 1";
constexpr std::string_view kKinds[] = {"outputs", "memory", "registers"};  // LaneValueSpec::Kind's order

std::string hex_code(const AsmRow& row, AsmIsa isa) {
  std::string out;
  for (auto unit : row.code) out += format_hex_upper(unit, isa == AsmIsa::pic14 ? 4 : 2) + " ";
  return out;
}

// Why there is no WebAssembly column for the run, or "" when there is one.
std::string wasm_absence(const AsmSession& session) {
  if (session.is_reader())
    return "WebAssembly: your routine has no compiled C++ beside it; the comparison above runs the C++ it claims to be.";
  if (asm_program(AsmIsa::wasm).rows.empty())
    return "WebAssembly: the core's wasm text is extracted by the Emscripten build only; this native build has none.";
  if (lane_wasm_functions(session.info().algorithm).empty())
    return "WebAssembly: the build extracts the wasm of the Z80 and tarot LFSR steps and of the LCRNG step, not of "
           "this C++.";
  return "";
}

void add_machine_state(const AsmSession& session, MachineView& view) {
  for (const auto& r : session.registers()) {
    if (r.bits == 1) view.flags += std::string(r.name) + "=" + std::to_string(r.value) + " ";
    else view.registers += std::string(r.name) + "=" + format_hex_upper(r.value, static_cast<int>((r.bits + 3) / 4)) + "  ";
  }
  for (const auto& m : session.memory())
    view.memory.push_back(std::string(m.name) + " @" + format_hex_upper(m.address, 4) + ": " +
                          format_hex_bytes(m.bytes.data(), std::min<std::size_t>(m.bytes.size(), 16)) +
                          (m.bytes.size() > 16 ? " ..." : ""));
}

// The values as the lane prints them: a deck shows both ends (a shuffle from the top changes the end first).
std::string lane_value_text(const LaneValueSpec& spec, const std::vector<std::uint64_t>& values) {
  if (values.empty()) return "(not yet: the call has not returned)";
  std::string out;
  const bool long_list = values.size() > 24;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (long_list && i == 6) {
      out += " ...";
      i = values.size() - 14;
    }
    if (i) out += ' ';
    if (spec.kind == LaneValueSpec::Kind::outputs || values.size() > 1) out += std::to_string(values[i]);
    else out += format_hex_upper(values[i], static_cast<int>(2 * spec.bytes));
  }
  return out;
}

// ---- the wire (core/base/wire_records) ----------------------------------------------------
std::string numbers_record(std::string_view tag, const std::vector<std::uint64_t>& values) {
  std::string out(tag);
  for (const std::uint64_t v : values) out += number_field(v);
  return out + "\n";
}

void encode_machine(const MachineView& m, std::string& out) {
  out += "machine" + text_field(m.isa_id) + text_field(m.isa_name) + text_field(m.cycle_unit) + number_field(m.lit_row) + number_field(m.cpp_line) +
         number_field(m.instructions) + number_field(m.cycles) + text_field(m.cpp_file) + number_field(m.cpp_first) +
         number_field(m.cpp_lit) + text_field(m.no_wasm) + text_field(m.registers) + text_field(m.flags) + "\n";
  for (const MachineListingRow& r : m.rows)
    out += "row" + number_field(r.row) + number_field(r.address) + text_field(r.label) + text_field(r.code) +
           text_field(r.text) + text_field(r.comment) + text_field(r.hover) + "\n";
  for (const std::string& line : m.cpp_lines) out += "cpp" + text_field(line) + "\n";
  for (const MachineWasmRow& r : m.wasm)
    out += "wasm" + number_field(r.cpp_line) + number_field(r.lit ? 1 : 0) + text_field(r.text) + text_field(r.hover) + "\n";
  for (const std::string& line : m.memory) out += "memory" + text_field(line) + "\n";
}

// A machine record or one of its parts into `m`; false for another tag.
bool decode_machine_record(FieldCursor& f, MachineView& m) {
  const std::string_view tag = f.tag();
  if (tag == "machine") {
    m = MachineView{};
    m.isa_id = f.text();
    m.isa_name = f.text();
    m.cycle_unit = f.text();
    m.lit_row = f.number<std::int64_t>();
    m.cpp_line = f.number<std::uint32_t>();
    m.instructions = f.number<std::uint64_t>();
    m.cycles = f.number<std::uint64_t>();
    m.cpp_file = f.text();
    m.cpp_first = f.number<std::uint32_t>();
    m.cpp_lit = f.number<std::uint32_t>();
    m.no_wasm = f.text();
    m.registers = f.text();
    m.flags = f.text();
  } else if (tag == "row") {
    MachineListingRow& r = m.rows.emplace_back();
    r.row = f.number<std::int64_t>();
    r.address = f.number<std::uint32_t>();
    r.label = f.text();
    r.code = f.text();
    r.text = f.text();
    r.comment = f.text();
    r.hover = f.text();
  } else if (tag == "cpp") {
    m.cpp_lines.push_back(f.text());
  } else if (tag == "wasm") {
    MachineWasmRow& r = m.wasm.emplace_back();
    r.cpp_line = f.number<std::uint32_t>();
    r.lit = f.flag();
    r.text = f.text();
    r.hover = f.text();
  } else if (tag == "memory") {
    m.memory.push_back(f.text());
  } else {
    return false;
  }
  return true;
}

}  // namespace

std::size_t MachineView::wasm_lit() const {
  return static_cast<std::size_t>(std::count_if(wasm.begin(), wasm.end(), [](const MachineWasmRow& r) { return r.lit; }));
}

MachineView make_machine_view(const AsmSession& session, std::ptrdiff_t lit_row) {
  MachineView view;
  const AsmAlgorithmInfo& info = session.info();
  const AsmProgram& program = session.program();
  const AsmRow* row = lit_row >= 0 ? &program.rows[static_cast<std::size_t>(lit_row)] : nullptr;
  view.isa_id = asm_isa_info(info.isa).id;
  view.isa_name = asm_isa_info(info.isa).name;
  view.cycle_unit = asm_isa_info(info.isa).cycle_unit;
  view.lit_row = lit_row;
  view.cpp_line = row ? row->cpp_line : 0;
  view.instructions = session.instructions();
  view.cycles = session.cycles();
  for (std::string_view routine_name : info.routines) {
    const AsmRoutine* routine = program.routine(routine_name);
    if (!routine) continue;
    for (std::size_t i = routine->first_row; i < routine->end_row; ++i) {
      const AsmRow& r = program.rows[i];
      view.rows.push_back({static_cast<std::int64_t>(i), r.address, std::string(r.label), hex_code(r, info.isa),
                           std::string(r.text), std::string(r.comment), asm_row_hover(info.isa, r)});
    }
  }
  if (const CppSnippet* snippet = find_cpp_snippet(row && !row->cpp_snippet.empty() ? row->cpp_snippet : info.cpp_snippet)) {
    view.cpp_file = snippet->file;
    view.cpp_first = snippet->first_line;
    if (row && row->cpp_file == snippet->file) view.cpp_lit = row->cpp_line;
    const std::uint32_t lines = cpp_snippet_line_count(*snippet);
    for (std::uint32_t i = 0; i < lines; ++i) view.cpp_lines.emplace_back(cpp_snippet_line(*snippet, snippet->first_line + i));
  }
  view.no_wasm = wasm_absence(session);
  if (view.no_wasm.empty()) {
    const AsmProgram& wasm = asm_program(AsmIsa::wasm);
    for (const std::string_view name : lane_wasm_functions(info.algorithm)) {
      const AsmRoutine* routine = wasm.routine(name);
      if (!routine) continue;
      const auto lit = row ? rows_on_cpp_line(wasm, *routine, row->cpp_file, row->cpp_line) : std::vector<std::size_t>{};
      for (std::size_t i = routine->first_row; i < routine->end_row; ++i) {
        const AsmRow& r = wasm.rows[i];
        view.wasm.push_back({r.cpp_line, std::find(lit.begin(), lit.end(), i) != lit.end(), std::string(r.text),
                             r.mnemonic.empty() ? std::string{} : asm_row_hover(AsmIsa::wasm, r)});
      }
    }
  }
  add_machine_state(session, view);
  return view;
}

// ---- the request ----------------------------------------------------------------------
std::string encode_lane_request(const LaneRequest& request) {
  std::string out = std::string(kRequestHeader) + "\n";
  if (!request.lanes.none.empty()) out += "none" + text_field(request.lanes.none) + "\n";
  for (std::size_t i = 0; i < request.lanes.lanes.size(); ++i) {
    const LabLane& l = request.lanes.lanes[i];
    const auto cursor = i < request.cursors.size() ? request.cursors[i] : std::nullopt;
    out += "lane" + text_field(asm_algorithm_info(l.algorithm).id) + number_field(l.inputs.seed) + number_field(l.inputs.x) +
           number_field(l.inputs.n) + number_field(l.inputs.calls) + text_field(l.mark_label) + number_field(l.mark_count) +
           " " + std::string(kKinds[static_cast<std::size_t>(l.value.kind)]) + text_field(l.value.name) +
           number_field(l.value.bytes) + number_field(l.value.big_endian ? 1 : 0) + text_field(l.lab_label) +
           text_field(l.call_label) + text_field(l.note) + (cursor ? number_field(*cursor) : std::string(" -")) + "\n";
    out += numbers_record("labvalue", l.lab_value);
  }
  return out;
}

Result<LaneRequest> decode_lane_request(std::string_view text) {
  LaneRequest request;
  const auto read = read_records(text, kRequestHeader, "the lanes' request", [&](FieldCursor& f) {
    if (f.tag() == "none") return (request.lanes.none = f.text()), true;
    if (f.tag() == "labvalue" && !request.lanes.lanes.empty()) return (request.lanes.lanes.back().lab_value = f.rest()), true;
    if (f.tag() != "lane") return false;
    LabLane& l = request.lanes.lanes.emplace_back();
    const auto algorithm = parse_asm_algorithm("algo", f.text());
    if (!algorithm) return false;
    l.algorithm = *algorithm;
    l.inputs.seed = f.number<std::uint64_t>();
    l.inputs.x = f.number<std::uint64_t>();
    l.inputs.n = f.number<std::uint64_t>();
    l.inputs.calls = f.number<std::uint32_t>();
    l.mark_label = f.text();
    l.mark_count = f.number<std::uint32_t>();
    const std::string kind = f.text();
    const auto k = std::find(std::begin(kKinds), std::end(kKinds), kind);
    if (k == std::end(kKinds)) return false;
    l.value.kind = static_cast<LaneValueSpec::Kind>(k - std::begin(kKinds));
    l.value.name = f.text();
    l.value.bytes = f.number<std::uint32_t>();
    l.value.big_endian = f.flag();
    l.lab_label = f.text();
    l.call_label = f.text();
    l.note = f.text();
    if (f.dash()) request.cursors.emplace_back();
    else request.cursors.emplace_back(f.number<std::uint64_t>());
    return true;
  });
  if (!read) return Result<LaneRequest>::fail(read.error());
  return Result<LaneRequest>::ok(std::move(request));
}

// ---- the views ------------------------------------------------------------------------
LaneViews make_lane_views(const LaneRequest& request) {
  LaneViews out;
  out.none = request.lanes.none;
  for (std::size_t i = 0; i < request.lanes.lanes.size(); ++i) {
    const LabLane& lane = request.lanes.lanes[i];
    const AsmAlgorithmInfo& info = asm_algorithm_info(lane.algorithm);
    auto run = LaneRun::start(lane);
    if (!run) {
      out.error = std::string(info.id) + ": " + run.error();
      continue;
    }
    LaneRun& r = run.value();
    if (i < request.cursors.size() && request.cursors[i])
      if (const auto moved = r.seek(*request.cursors[i]); !moved) out.error = moved.error();
    LaneView& v = out.lanes.emplace_back();
    v.algorithm = info.id;
    v.title = info.title;
    v.call_label = lane.call_label;
    v.lab_label = lane.lab_label;
    v.note = lane.note;
    v.lab_value = lane.lab_value;
    v.lane_value = r.value();
    v.lab_text = lane_value_text(lane.value, v.lab_value);
    v.lane_text = lane_value_text(lane.value, v.lane_value);
    v.cursor = r.cursor();
    v.default_cursor = r.default_cursor();
    v.length = r.call_length();
    v.machine = make_machine_view(r.session(), r.lit_row());
  }
  return out;
}

std::string encode_lane_views(const LaneViews& views) {
  std::string out = std::string(kViewsHeader) + "\n";
  if (!views.none.empty()) out += "none" + text_field(views.none) + "\n";
  if (!views.error.empty()) out += "error" + text_field(views.error) + "\n";
  for (const LaneView& v : views.lanes) {
    out += "lane" + text_field(v.algorithm) + text_field(v.title) + text_field(v.call_label) + text_field(v.lab_label) +
           text_field(v.note) + text_field(v.lab_text) + text_field(v.lane_text) + number_field(v.cursor) +
           number_field(v.default_cursor) + number_field(v.length) + "\n";
    out += numbers_record("labvalue", v.lab_value);
    out += numbers_record("lanevalue", v.lane_value);
    encode_machine(v.machine, out);
  }
  return out;
}

Result<LaneViews> decode_lane_views(std::string_view text) {
  LaneViews views;
  const auto read = read_records(text, kViewsHeader, "the lanes' view", [&](FieldCursor& f) {
    if (f.tag() == "none") return (views.none = f.text()), true;
    if (f.tag() == "error") return (views.error = f.text()), true;
    if (f.tag() == "lane") {
      LaneView& v = views.lanes.emplace_back();
      for (std::string* s : {&v.algorithm, &v.title, &v.call_label, &v.lab_label, &v.note, &v.lab_text, &v.lane_text})
        *s = f.text();
      v.cursor = f.number<std::uint64_t>();
      v.default_cursor = f.number<std::uint64_t>();
      v.length = f.number<std::uint64_t>();
      return true;
    }
    if (views.lanes.empty()) return false;
    LaneView& v = views.lanes.back();
    if (f.tag() == "labvalue") return (v.lab_value = f.rest()), true;
    if (f.tag() == "lanevalue") return (v.lane_value = f.rest()), true;
    return decode_machine_record(f, v.machine);
  });
  if (!read) return Result<LaneViews>::fail(read.error());
  return Result<LaneViews>::ok(std::move(views));
}

// ---- the Assembly lab's run ---------------------------------------------------------------
AsmRunView make_asm_run_view(const AsmLabState& setup) {
  AsmRunView out;
  std::shared_ptr<const AsmReaderRoutine> reader;  // a reader's routine: its rows' source lines
  const auto start = [&]() -> Result<AsmSession> {
    if (setup.edit.on) {
      auto routine = reader_routine_from_edit(setup.edit);
      if (!routine) return Result<AsmSession>::fail(routine.error());
      reader = std::move(routine.value());
      return AsmSession::start_reader(reader, setup.inputs.seed, setup.inputs.calls);
    }
    const auto algorithm = parse_asm_algorithm("algo", setup.algorithm);
    if (!algorithm) return Result<AsmSession>::fail(algorithm.error());
    return AsmSession::start(*algorithm, setup.inputs);
  };
  auto started = start();
  if (!started) return out.start_error = started.error(), out;
  AsmSession& run = started.value();
  while (out.t < setup.t && !run.done()) {
    if (const auto stepped = run.step(); !stepped) {
      out.error = stepped.error();
      break;
    }
    ++out.t;
  }
  out.done = run.done();
  out.calls_done = run.calls_done();
  out.outputs = run.outputs();
  if (const std::ptrdiff_t next = run.current_row(); next >= 0 && static_cast<std::size_t>(next) < run.program().rows.size()) {
    const AsmRow& r = run.program().rows[static_cast<std::size_t>(next)];
    out.next_instruction = std::string(r.text) + (r.comment.empty() ? "" : "  ; " + std::string(r.comment));
  }
  const std::ptrdiff_t lit = run.current_row() >= 0 ? run.current_row() : run.last_row();
  out.machine = make_machine_view(run, lit);
  if (reader && lit >= 0) out.source_line = static_cast<std::uint32_t>(reader->source_lines[static_cast<std::size_t>(lit)]);
  return out;
}

std::string encode_asm_run_view(const AsmRunView& v) {
  std::string out = std::string(kRunHeader) + "\n";
  out += "run" + number_field(v.t) + number_field(v.done ? 1 : 0) + number_field(v.calls_done) + number_field(v.source_line) +
         text_field(v.start_error) + text_field(v.error) + text_field(v.next_instruction) + "\n";
  out += numbers_record("outputs", v.outputs);
  if (v.start_error.empty()) encode_machine(v.machine, out);
  return out;
}

Result<AsmRunView> decode_asm_run_view(std::string_view text) {
  AsmRunView v;
  const auto read = read_records(text, kRunHeader, "the Assembly lab's run", [&](FieldCursor& f) {
    if (f.tag() == "run") {
      v.t = f.number<std::uint64_t>();
      v.done = f.flag();
      v.calls_done = f.number<std::uint32_t>();
      v.source_line = f.number<std::uint32_t>();
      v.start_error = f.text();
      v.error = f.text();
      v.next_instruction = f.text();
      return true;
    }
    if (f.tag() == "outputs") return (v.outputs = f.rest()), true;
    return decode_machine_record(f, v.machine);
  });
  if (!read) return Result<AsmRunView>::fail(read.error());
  return Result<AsmRunView>::ok(std::move(v));
}

// ---- the cost tables ----------------------------------------------------------------------
AsmCostsView make_asm_costs_view() {
  AsmCostsView out;
  const auto tables = asm_cost_tables();
  if (!tables) return out.error = tables.error(), out;
  for (const AsmCostTable& table : tables.value()) {
    AsmCostTableView& t = out.tables.emplace_back();
    t.group = table.group;
    t.title = table.title;
    for (const AsmCost& c : table.rows) {
      AsmCostRowView& r = t.rows.emplace_back();
      const std::string_view unit = asm_isa_info(c.isa).cycle_unit;
      r.isa = asm_isa_info(c.isa).name;
      r.name = c.name;
      r.code_bytes = std::to_string(c.code_bytes);
      if (c.ram_bytes) r.ram = std::to_string(*c.ram_bytes);
      if (c.cycles_per_output) {
        char cost[96];
        std::snprintf(cost, sizeof cost, "%.1f %.*s per %.*s", *c.cycles_per_output, static_cast<int>(unit.size()),
                      unit.data(), static_cast<int>(c.output.size()), c.output.data());
        r.cycles = cost;
      }
    }
  }
  return out;
}

std::string encode_asm_costs_view(const AsmCostsView& v) {
  std::string out = std::string(kCostsHeader) + "\n";
  if (!v.error.empty()) out += "error" + text_field(v.error) + "\n";
  for (const AsmCostTableView& t : v.tables) {
    out += "table" + text_field(t.group) + text_field(t.title) + "\n";
    for (const AsmCostRowView& r : t.rows)
      out += "cost" + text_field(r.isa) + text_field(r.name) + text_field(r.code_bytes) + text_field(r.ram) +
             text_field(r.cycles) + "\n";
  }
  return out;
}

Result<AsmCostsView> decode_asm_costs_view(std::string_view text) {
  AsmCostsView v;
  const auto read = read_records(text, kCostsHeader, "the cost tables", [&](FieldCursor& f) {
    if (f.tag() == "error") return (v.error = f.text()), true;
    if (f.tag() == "table") {
      AsmCostTableView& t = v.tables.emplace_back();
      t.group = f.text();
      t.title = f.text();
      return true;
    }
    if (f.tag() != "cost" || v.tables.empty()) return false;
    AsmCostRowView& r = v.tables.back().rows.emplace_back();
    for (std::string* s : {&r.isa, &r.name, &r.code_bytes, &r.ram, &r.cycles}) *s = f.text();
    return true;
  });
  if (!read) return Result<AsmCostsView>::fail(read.error());
  return Result<AsmCostsView>::ok(std::move(v));
}

}  // namespace shufflelab
