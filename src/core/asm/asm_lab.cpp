#include "core/asm/asm_lab.hpp"

namespace shufflelab {

void fit_seed_to(AsmAlgorithm algorithm, AsmInputs& inputs) {
  if (AsmSession::start(algorithm, inputs)) return;
  AsmInputs one = inputs;
  one.seed = 1;
  if (AsmSession::start(algorithm, one)) inputs = one;
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
  // The inputs must make a valid session for that listing; otherwise keep the old ones.
  auto algo = parse_asm_algorithm("algo", c.algorithm);
  if (algo) {
    if (!seed_given) fit_seed_to(algo.value(), c.inputs);
    auto session = AsmSession::start(algo.value(), c.inputs);
    if (!session) {
      fields.notice(session.error());
      c.inputs = state.inputs;
      c.algorithm = state.algorithm;
    }
  }
  state = c;
}

void encode_asm_lab(const AsmLabState& s, FieldWriter& out) {
  out.add("algo", s.algorithm);
  out.add_hex("seed", s.inputs.seed, 16);
  out.add_hex("x", s.inputs.x, s.inputs.x > 0xFF ? 16 : 2);
  out.add("n", s.inputs.n);
  out.add("calls", static_cast<std::uint64_t>(s.inputs.calls));
  out.add("t", s.t);
}

std::string asm_lab_link(const AsmLabState& state) {
  FieldWriter fields;
  encode_asm_lab(state, fields);
  return lab_link(kAsmLabName, fields);
}

}  // namespace shufflelab
