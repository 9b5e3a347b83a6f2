// asm_sm83.cpp: the Game Boy (SM83) program of the assembly lanes
// (asm/sm83/seed000.asm): tarot LFSR, coin-flip queue, dice roller,
// Fisher-Yates, and two exact die rolls: mask and reject, and the Fast Dice
// Roller (the roller with its slip fixed). Encodings: the SM83 opcode
// table (Pan Docs); the oracle tests check them against sdasgb (Debian's
// sdcc) and the opcodes the SM83 shares with the Z80 against z80asm.
#include <array>

#include "core/asm/asm_tables.hpp"
#include "core/cpu/sm83_cpu.hpp"

namespace shufflelab::asm_detail {

namespace {

constexpr RowSpec kRows[] = {
    {"tarot_lfsr", "21 00 c0", "ld hl,LFSR0", "", "lfsr.next_byte", "std::uint8_t next_byte() {"},
    {"", "2a", "ld a,(hl+)", "", "", "std::uint8_t next_byte() {"},
    {"", "47", "ld b,a", "B = lfsr0", "", "std::uint8_t next_byte() {"},
    {"", "2a", "ld a,(hl+)", "", "", "std::uint8_t next_byte() {"},
    {"", "4f", "ld c,a", "C = lfsr1", "", "std::uint8_t next_byte() {"},
    {"", "2a", "ld a,(hl+)", "", "", "std::uint8_t next_byte() {"},
    {"", "57", "ld d,a", "D = lfsr2", "", "std::uint8_t next_byte() {"},
    {"", "5e", "ld e,(hl)", "E = lfsr3", "", "std::uint8_t next_byte() {"},
    {"", "26 08", "ld h,8", "H counts the bit-steps", "", "for (int i = 0; i < 8; ++i) step_bit();"},
    {"tarot_step", "cb 38", "srl b", "", "lfsr.step_bit", "state >>= 1;"},
    {"", "cb 19", "rr c", "", "", "state >>= 1;"},
    {"", "cb 1a", "rr d", "", "", "state >>= 1;"},
    {"", "cb 1b", "rr e", "32 bits one place right, out bit in carry", "", "state >>= 1;"},
    {"", "30 04", "jr nc,tarot_next", "", "", "if (out) state ^= taps;"},
    {"", "78", "ld a,b", "", "", "if (out) state ^= taps;"},
    {"", "ee cf", "xor 0xcf", "", "", "if (out) state ^= taps;"},
    {"", "47", "ld b,a", "a 1 fell out: taps into the top byte", "", "if (out) state ^= taps;"},
    {"tarot_next", "25", "dec h", "", "lfsr.next_byte", "for (int i = 0; i < 8; ++i) step_bit();"},
    {"", "20 ef", "jr nz,tarot_step", "", "", "for (int i = 0; i < 8; ++i) step_bit();"},
    {"", "21 00 c0", "ld hl,LFSR0", "", "", "return top_byte();"},
    {"", "78", "ld a,b", "", "", "return top_byte();"},
    {"", "22", "ld (hl+),a", "", "", "return top_byte();"},
    {"", "79", "ld a,c", "", "", "return top_byte();"},
    {"", "22", "ld (hl+),a", "", "", "return top_byte();"},
    {"", "7a", "ld a,d", "", "", "return top_byte();"},
    {"", "22", "ld (hl+),a", "", "", "return top_byte();"},
    {"", "73", "ld (hl),e", "", "", "return top_byte();"},
    {"", "78", "ld a,b", "the new top byte", "", "return top_byte();"},
    {"", "c9", "ret", "", "", "return top_byte();"},
    {"coin_flip", "fa 05 c0", "ld a,(FLIPS)", "", "range.coins", "if (left_ == 0) {"},
    {"", "a7", "and a", "", "", "if (left_ == 0) {"},
    {"", "20 0c", "jr nz,coin_take", "bits left in the queue", "", "if (left_ == 0) {"},
    {"", "c5", "push bc", "", "", "word_ = next_word();"},
    {"", "d5", "push de", "", "", "word_ = next_word();"},
    {"", "cd 50 01", "call tarot_lfsr", "", "", "word_ = next_word();"},
    {"", "d1", "pop de", "", "", "word_ = next_word();"},
    {"", "c1", "pop bc", "", "", "word_ = next_word();"},
    {"", "ea 04 c0", "ld (RNG),a", "refill with a fresh byte", "", "word_ = next_word();"},
    {"", "3e 08", "ld a,8", "", "", "left_ = bits_;"},
    {"coin_take", "3d", "dec a", "", "", "--left_;"},
    {"", "ea 05 c0", "ld (FLIPS),a", "", "", "--left_;"},
    {"", "21 04 c0", "ld hl,RNG", "", "", "const auto bit ="},
    {"", "cb 3e", "srl (hl)", "lowest bit to carry, the rest move down", "", "word_ >>= 1;"},
    {"", "c9", "ret", "", "", "return bit;"},
    {"roll", "16 01", "ld d,1", "D = v", "fdr.draw", "std::uint64_t v = 1, c = 0;"},
    {"", "0e 00", "ld c,0", "C = c", "", "std::uint64_t v = 1, c = 0;"},
    {"roll_flip", "cb 22", "sla d", "v = 2v", "", "v <<= 1;"},
    {"", "cd 79 01", "call coin_flip", "", "", "c = (c << 1)"},
    {"", "cb 11", "rl c", "c = 2c + flip", "", "c = (c << 1)"},
    {"", "78", "ld a,b", "", "", "if (v >= n_) {"},
    {"", "ba", "cp d", "", "", "if (v >= n_) {"},
    {"", "30 f5", "jr nc,roll_flip", "v <= top: not enough range yet", "", "if (v >= n_) {"},
    {"", "78", "ld a,b", "", "", "if (c < n_) return c;"},
    {"", "b9", "cp c", "", "", "if (c < n_) return c;"},
    {"", "30 08", "jr nc,roll_done", "c <= top: c is the value", "", "if (c < n_) return c;"},
    {"", "7a", "ld a,d", "", "", "v -= step_;"},
    {"", "90", "sub b", "", "", "v -= step_;"},
    {"", "57", "ld d,a", "v = v - top", "", "v -= step_;"},
    {"", "79", "ld a,c", "", "", "c -= step_;"},
    {"", "90", "sub b", "", "", "c -= step_;"},
    {"", "4f", "ld c,a", "c = c - top", "", "c -= step_;"},
    {"", "18 e9", "jr roll_flip", "", "", "for (;;) {"},
    {"roll_done", "79", "ld a,c", "", "", "if (c < n_) return c;"},
    {"", "c9", "ret", "", "", "if (c < n_) return c;"},
    {"shuffle", "21 00 c1", "ld hl,DECK", "", "shuffle.shuffle_fast", "case ShuffleAlgo::Partial: {#fill_identity(deck);"},
    {"", "af", "xor a", "", "", "case ShuffleAlgo::Partial: {#fill_identity(deck);"},
    {"shuffle_fill", "22", "ld (hl+),a", "DECK[i] = i", "", "case ShuffleAlgo::Partial: {#fill_identity(deck);"},
    {"", "3c", "inc a", "", "", "case ShuffleAlgo::Partial: {#fill_identity(deck);"},
    {"", "fe 4e", "cp 78", "", "", "case ShuffleAlgo::Partial: {#fill_identity(deck);"},
    {"", "20 fa", "jr nz,shuffle_fill", "", "", "case ShuffleAlgo::Partial: {#fill_identity(deck);"},
    {"", "06 4d", "ld b,77", "B = top", "", "const std::uint32_t top = n - 1 - s;"},
    {"shuffle_swap", "cd 95 01", "call roll", "A = C = r in 0..top", "", "std::swap(deck[top], deck[draw(top + 1)]);"},
    {"", "26 c1", "ld h,DECK_PAGE", "", "", "std::swap(deck[top], deck[draw(top + 1)]);"},
    {"", "69", "ld l,c", "", "", "std::swap(deck[top], deck[draw(top + 1)]);"},
    {"", "5e", "ld e,(hl)", "E = DECK[r]", "", "std::swap(deck[top], deck[draw(top + 1)]);"},
    {"", "68", "ld l,b", "", "", "std::swap(deck[top], deck[draw(top + 1)]);"},
    {"", "7e", "ld a,(hl)", "A = DECK[top]", "", "std::swap(deck[top], deck[draw(top + 1)]);"},
    {"", "73", "ld (hl),e", "", "", "std::swap(deck[top], deck[draw(top + 1)]);"},
    {"", "69", "ld l,c", "", "", "std::swap(deck[top], deck[draw(top + 1)]);"},
    {"", "77", "ld (hl),a", "swapped", "", "std::swap(deck[top], deck[draw(top + 1)]);"},
    {"", "05", "dec b", "", "", "const std::uint32_t top = n - 1 - s;"},
    {"", "20 f1", "jr nz,shuffle_swap", "", "", "for (std::uint32_t s = 0; s < swaps; ++s) {"},
    {"", "c9", "ret", "", "", "case ShuffleAlgo::Partial: {#return;"},
    {"roll_reject", "af", "xor a", "A = mask 0", "range.reducer", "reject_mask_("},
    {"reject_widen", "b8", "cp b", "", "", "reject_mask_("},
    {"", "30 04", "jr nc,reject_ready", "mask >= top", "", "reject_mask_("},
    {"", "37", "scf", "", "", "reject_mask_("},
    {"", "17", "rla", "mask = 2 mask + 1", "", "reject_mask_("},
    {"", "18 f9", "jr reject_widen", "", "", "reject_mask_("},
    {"reject_ready", "4f", "ld c,a", "C = mask", "", "reject_mask_("},
    {"reject_draw", "c5", "push bc", "", "range.draw", "if (const auto value = map_word(next_word())) return *value;"},
    {"", "cd 50 01", "call tarot_lfsr", "A = a fresh byte", "", "if (const auto value = map_word(next_word())) return *value;"},
    {"", "c1", "pop bc", "", "", "if (const auto value = map_word(next_word())) return *value;"},
    {"", "a1", "and c", "x = byte & mask", "range.map_word", "x &= reject_mask_;"},
    {"", "b8", "cp b", "", "", "if (x >= n_) return std::nullopt;"},
    {"", "c8", "ret z", "x = top: kept", "", "case RangeMethod::mask_reject:#return x;"},
    {"", "30 f6", "jr nc,reject_draw", "x > top: throw it away", "", "if (x >= n_) return std::nullopt;"},
    {"", "c9", "ret", "", "", "case RangeMethod::mask_reject:#return x;"},
    {"roll_fdr", "16 01", "ld d,1", "D = v", "fdr.draw", "std::uint64_t v = 1, c = 0;"},
    {"", "0e 00", "ld c,0", "C = c", "", "std::uint64_t v = 1, c = 0;"},
    {"fdr_flip", "cb 22", "sla d", "v = 2v", "", "v <<= 1;"},
    {"", "cd 79 01", "call coin_flip", "", "", "c = (c << 1)"},
    {"", "cb 11", "rl c", "c = 2c + flip", "", "c = (c << 1)"},
    {"", "78", "ld a,b", "", "", "if (v >= n_) {"},
    {"", "ba", "cp d", "", "", "if (v >= n_) {"},
    {"", "30 f5", "jr nc,fdr_flip", "v <= top: not enough range yet", "", "if (v >= n_) {"},
    {"", "78", "ld a,b", "", "", "if (c < n_) return c;"},
    {"", "b9", "cp c", "", "", "if (c < n_) return c;"},
    {"", "30 09", "jr nc,fdr_done", "c <= top: c is the value", "", "if (c < n_) return c;"},
    {"", "7a", "ld a,d", "carry is set here (top < c)", "", "v -= step_;"},
    {"", "98", "sbc a,b", "", "", "v -= step_;"},
    {"", "57", "ld d,a", "v = v - top - 1 = v - n", "", "v -= step_;"},
    {"", "79", "ld a,c", "", "", "c -= step_;"},
    {"", "37", "scf", "", "", "c -= step_;"},
    {"", "98", "sbc a,b", "", "", "c -= step_;"},
    {"", "4f", "ld c,a", "c = c - n", "", "c -= step_;"},
    {"", "18 e8", "jr fdr_flip", "", "", "for (;;) {"},
    {"fdr_done", "79", "ld a,c", "", "", "if (c < n_) return c;"},
    {"", "c9", "ret", "", "", "if (c < n_) return c;"},
};

constexpr RoutineSpec kRoutines[] = {
    {"tarot_lfsr", "Eight bit-steps of the 32-bit Galois LFSR (mask 0xCF), returns the top byte in A"},
    {"coin_flip", "The coin-flip queue: the next bit of the last LFSR byte (lowest first) in carry"},
    {"roll", "The article's coin-flip dice roller: a value 0..top (top in B) in A"},
    {"shuffle", "Fisher-Yates over 78 cards: swap card top with card roll(top), top = 77..1"},
    {"roll_reject", "Mask and reject: tarot LFSR bytes until x & mask <= top (top = n-1 in B); uniform"},
    {"roll_fdr", "Lumbroso's Fast Dice Roller on the coin-flip queue: the roller with n taken off; uniform"},
};

constexpr AsmSymbol kData[] = {
    {"LFSR0", 0xc000, 4, "LFSR state lfsr0 (top byte) .. lfsr3"},
    {"RNG", 0xc004, 1, "unread bits of the last LFSR byte"},
    {"FLIPS", 0xc005, 1, "how many unread bits are left"},
    {"DECK", 0xc100, 78, "the deck, one card number per byte"},
};

constexpr AsmMnemonic kMnemonics[] = {
    {"and", "Bitwise AND into A (Z; sets H, clears N and C)"},
    {"call", "Push the return address, jump to the routine"},
    {"cp", "Compare: flags of A - operand, A unchanged (C set when A < operand)"},
    {"dec", "Decrement by 1 (Z N H; C unchanged)"},
    {"inc", "Increment by 1 (Z N H; C unchanged)"},
    {"jr", "Relative jump (-128..+127), optionally on Z or C"},
    {"ld", "Load: copy between registers, memory and immediates; (hl+) also steps HL"},
    {"pop", "Pop a register pair from the stack"},
    {"push", "Push a register pair on the stack"},
    {"ret", "Return: pop PC, optionally on Z or C"},
    {"rl", "Rotate left through carry: C = bit 7, bit 0 = old C"},
    {"rla", "Rotate A left through carry (one byte, one M-cycle; clears Z, N, H)"},
    {"rr", "Rotate right through carry: C = bit 0, bit 7 = old C"},
    {"sbc", "Subtract the operand and the carry from A (C set on borrow)"},
    {"scf", "Set the carry flag"},
    {"sla", "Shift left arithmetic: bit 7 to C, 0 into bit 0"},
    {"srl", "Shift right logical: bit 0 to C, 0 into bit 7"},
    {"sub", "Subtract from A (C set on borrow)"},
    {"xor", "Bitwise XOR into A (Z; clears N, H, C)"},
};

std::optional<AsmCycles> timing(std::span<const std::uint16_t> code, std::string_view) {
  std::array<std::uint8_t, 3> bytes{};
  for (std::size_t i = 0; i < code.size() && i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>(code[i]);
  const auto t = sm83_timing(std::span<const std::uint8_t>(bytes.data(), code.size() < 3 ? code.size() : 3));
  if (!t || t->length != code.size()) return std::nullopt;
  return AsmCycles{t->m_cycles, t->m_cycles_taken};
}

constexpr ProgramSpec kProgram{AsmIsa::sm83, 0x0150, kRows, kRoutines, kData, kMnemonics, timing, ";"};

}  // namespace

const ProgramSpec& sm83_program_spec() { return kProgram; }

}  // namespace shufflelab::asm_detail
