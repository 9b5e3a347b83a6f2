#include "core/asm/asm_lab.hpp"

#include "core/base/packed_text.hpp"

#include "core/assembler/assembler.hpp"
#include "core/base/plain_text.hpp"

namespace shufflelab {

void fit_seed_to(AsmAlgorithm algorithm, AsmInputs& inputs) {
  if (check_asm_inputs(algorithm, inputs)) return;
  AsmInputs one = inputs;
  one.seed = 1;
  if (check_asm_inputs(algorithm, one)) inputs = one;
}

void decode_asm_lab(FieldReader& fields, AsmLabState& state) {
  AsmLabState c = state;
  std::string algorithm;
  if (fields.token("algo", 24, algorithm)) {
    if (auto a = parse_asm_algorithm("algo", algorithm)) c.algorithm = algorithm;
    else fields.notice(a.error());
  }
  const bool seed_given = fields.hex("seed", 16, c.inputs.seed);
  fields.hex("x", 16, c.inputs.x);
  fields.decimal("n", 0, ~std::uint64_t{0} >> 1, c.inputs.n);
  std::uint64_t calls = c.inputs.calls;
  if (fields.decimal("calls", 1, kMaxAsmCalls, calls)) c.inputs.calls = static_cast<std::uint32_t>(calls);
  fields.decimal("t", 0, kMaxAsmStep, c.t);
  decode_asm_edit(fields, c.edit);
  if (c.edit.on) return void(state = c);  // the seed is the reader's state, checked by the session
  // The inputs must make a valid session for that listing; otherwise keep the old ones.
  auto algo = parse_asm_algorithm("algo", c.algorithm);
  if (algo) {
    if (!seed_given) fit_seed_to(algo.value(), c.inputs);
    if (const auto valid = check_asm_inputs(algo.value(), c.inputs); !valid) {
      fields.notice(valid.error());
      c.inputs = state.inputs;
      c.algorithm = state.algorithm;
    }
  }
  state = c;
}

void decode_asm_edit(FieldReader& fields, AsmEditState& edit) {
  fields.flag("edit", edit.on);
  std::string cpu;
  if (fields.token("cpu", 8, cpu)) {
    if (auto parsed = assembler::parse_cpu("cpu", cpu)) edit.cpu = cpu;
    else fields.notice(parsed.error() + " (x86-64 and wasm listings are read only)");
  }
  fields.token("entry", 64, edit.entry);
  fields.token("against", 32, edit.against, "@");  // a coin-flip roller names its generator: d6-fdr@tarot32
  for (auto [key, target] : {std::pair{"state", &edit.state}, std::pair{"src", &edit.source}}) {
    const std::string* raw = fields.raw(key);
    if (!raw) continue;
    if (auto text = percent_decode(*raw, key)) *target = std::move(text.value());
    else fields.notice(text.error());
  }
  if (const std::string* packed = fields.raw("srcz")) {
    if (auto text = unpack_text(*packed, "srcz", assembler::kMaxSourceBytes)) edit.source = std::move(text.value());
    else fields.notice(text.error());
  }
}

bool source_fits_link(std::string_view source) {
  return link_text_field(source, kPackSourceAbove).value.size() <= kMaxLinkSourceChars;
}

void encode_asm_lab(const AsmLabState& s, FieldWriter& out) {
  out.add("algo", s.algorithm);
  out.add_hex("seed", s.inputs.seed, 16);
  out.add_hex("x", s.inputs.x, s.inputs.x > 0xFF ? 16 : 2);
  out.add("n", s.inputs.n);
  out.add("calls", static_cast<std::uint64_t>(s.inputs.calls));
  out.add("t", s.t);
  if (!s.edit.on) return;  // links without the editor stay as they were
  out.add("edit", "1");
  out.add("cpu", s.edit.cpu);
  if (!s.edit.entry.empty()) out.add("entry", s.edit.entry);
  if (!s.edit.state.empty()) out.add("state", percent_encode(s.edit.state));
  if (!s.edit.against.empty()) out.add("against", s.edit.against);
  if (const LinkTextField field = link_text_field(s.edit.source, kPackSourceAbove); field.value.size() <= kMaxLinkSourceChars)
    out.add(field.packed ? "srcz" : "src", field.value);
}

std::string asm_lab_link(const AsmLabState& state) {
  FieldWriter fields;
  encode_asm_lab(state, fields);
  return lab_link(kAsmLabName, fields);
}

}  // namespace shufflelab
