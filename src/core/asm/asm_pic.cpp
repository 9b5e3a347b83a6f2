// asm_pic.cpp: the PIC16 (14-bit core) program of the assembly lanes
// (asm/pic/seed004.asm): One Chip Video Poker's LCRNG and 10-card deal, and a
// mask-and-reject die roll on the LCRNG's top bytes.
// Words as gpasm assembles them (checked by the oracle tests when gpasm is
// installed; the core tests decode a few by hand from the instruction table).
#include "core/asm/asm_tables.hpp"
#include "core/cpu/pic_cpu.hpp"

namespace shufflelab::asm_detail {

namespace {

constexpr RowSpec kRows[] = {
    {"lcrng", "3068", "movlw 0x68", "0x19660D << 3: its top bit leaves first", "poker.lcrng_next", "kLcrngMultiplier * state"},
    {"", "00a4", "movwf MUL0", "", "", "kLcrngMultiplier * state"},
    {"", "3030", "movlw 0x30", "", "", "kLcrngMultiplier * state"},
    {"", "00a5", "movwf MUL1", "", "", "kLcrngMultiplier * state"},
    {"", "30cb", "movlw 0xcb", "", "", "kLcrngMultiplier * state"},
    {"", "00a6", "movwf MUL2", "", "", "kLcrngMultiplier * state"},
    {"", "01a7", "clrf PROD0", "", "", "kLcrngMultiplier * state"},
    {"", "01a8", "clrf PROD1", "", "", "kLcrngMultiplier * state"},
    {"", "01a9", "clrf PROD2", "", "", "kLcrngMultiplier * state"},
    {"", "01aa", "clrf PROD3", "", "", "kLcrngMultiplier * state"},
    {"", "3015", "movlw 21", "", "", "kLcrngMultiplier * state"},
    {"", "00ab", "movwf BITS", "", "", "kLcrngMultiplier * state"},
    {"lcrng_bit", "1003", "bcf STATUS,C", "", "", "kLcrngMultiplier * state"},
    {"", "0da7", "rlf PROD0,f", "", "", "kLcrngMultiplier * state"},
    {"", "0da8", "rlf PROD1,f", "", "", "kLcrngMultiplier * state"},
    {"", "0da9", "rlf PROD2,f", "", "", "kLcrngMultiplier * state"},
    {"", "0daa", "rlf PROD3,f", "PROD = 2 PROD", "", "kLcrngMultiplier * state"},
    {"", "0da4", "rlf MUL0,f", "", "", "kLcrngMultiplier * state"},
    {"", "0da5", "rlf MUL1,f", "", "", "kLcrngMultiplier * state"},
    {"", "0da6", "rlf MUL2,f", "next multiplier bit into carry", "", "kLcrngMultiplier * state"},
    {"", "1c03", "btfss STATUS,C", "", "", "kLcrngMultiplier * state"},
    {"", "2824", "goto lcrng_next", "", "", "kLcrngMultiplier * state"},
    {"", "0820", "movf STATE0,w", "PROD = PROD + STATE, byte by byte:", "", "kLcrngMultiplier * state"},
    {"", "07a7", "addwf PROD0,f", "", "", "kLcrngMultiplier * state"},
    {"", "0821", "movf STATE1,w", "", "", "kLcrngMultiplier * state"},
    {"", "1803", "btfsc STATUS,C", "", "", "kLcrngMultiplier * state"},
    {"", "0f21", "incfsz STATE1,w", "a carry in adds 1 (0xFF + 1 skips: carry stays)", "", "kLcrngMultiplier * state"},
    {"", "07a8", "addwf PROD1,f", "", "", "kLcrngMultiplier * state"},
    {"", "0822", "movf STATE2,w", "", "", "kLcrngMultiplier * state"},
    {"", "1803", "btfsc STATUS,C", "", "", "kLcrngMultiplier * state"},
    {"", "0f22", "incfsz STATE2,w", "", "", "kLcrngMultiplier * state"},
    {"", "07a9", "addwf PROD2,f", "", "", "kLcrngMultiplier * state"},
    {"", "0823", "movf STATE3,w", "", "", "kLcrngMultiplier * state"},
    {"", "1803", "btfsc STATUS,C", "", "", "kLcrngMultiplier * state"},
    {"", "0a23", "incf STATE3,w", "", "", "kLcrngMultiplier * state"},
    {"", "07aa", "addwf PROD3,f", "", "", "kLcrngMultiplier * state"},
    {"lcrng_next", "0bab", "decfsz BITS,f", "", "", "kLcrngMultiplier * state"},
    {"", "280c", "goto lcrng_bit", "", "", "kLcrngMultiplier * state"},
    {"", "305f", "movlw 0x5f", "STATE = PROD + 0x3C6EF35F", "", "kLcrngMultiplier * state"},
    {"", "0727", "addwf PROD0,w", "", "", "kLcrngMultiplier * state"},
    {"", "00a0", "movwf STATE0", "", "", "kLcrngMultiplier * state"},
    {"", "30f3", "movlw 0xf3", "", "", "kLcrngMultiplier * state"},
    {"", "1803", "btfsc STATUS,C", "", "", "kLcrngMultiplier * state"},
    {"", "30f4", "movlw 0xf4", "carry folded into the constant (no wrap)", "", "kLcrngMultiplier * state"},
    {"", "0728", "addwf PROD1,w", "", "", "kLcrngMultiplier * state"},
    {"", "00a1", "movwf STATE1", "", "", "kLcrngMultiplier * state"},
    {"", "306e", "movlw 0x6e", "", "", "kLcrngMultiplier * state"},
    {"", "1803", "btfsc STATUS,C", "", "", "kLcrngMultiplier * state"},
    {"", "306f", "movlw 0x6f", "", "", "kLcrngMultiplier * state"},
    {"", "0729", "addwf PROD2,w", "", "", "kLcrngMultiplier * state"},
    {"", "00a2", "movwf STATE2", "", "", "kLcrngMultiplier * state"},
    {"", "303c", "movlw 0x3c", "", "", "kLcrngMultiplier * state"},
    {"", "1803", "btfsc STATUS,C", "", "", "kLcrngMultiplier * state"},
    {"", "303d", "movlw 0x3d", "", "", "kLcrngMultiplier * state"},
    {"", "072a", "addwf PROD3,w", "", "", "kLcrngMultiplier * state"},
    {"", "00a3", "movwf STATE3", "", "", "kLcrngMultiplier * state"},
    {"", "0008", "return", "", "", "kLcrngMultiplier * state"},
    {"deal", "01ac", "clrf COUNT", "", "poker.one_chip_deal", "std::uint32_t count = 0;"},
    {"deal_draw", "2000", "call lcrng", "", "", "state = lcrng_next(state);"},
    {"", "30d0", "movlw 0xd0", "card >= 52 exactly when STATE3 >= 52 << 2", "", "if (value >= kOneChipDeckCards) {"},
    {"", "0223", "subwf STATE3,w", "", "", "if (value >= kOneChipDeckCards) {"},
    {"", "1803", "btfsc STATUS,C", "no borrow: too high, draw again", "", "if (value >= kOneChipDeckCards) {"},
    {"", "283a", "goto deal_draw", "", "", "if (value >= kOneChipDeckCards) {"},
    {"", "0c23", "rrf STATE3,w", "", "", "const std::uint32_t value = lcrng_card(state);"},
    {"", "00ad", "movwf CARD", "", "", "const std::uint32_t value = lcrng_card(state);"},
    {"", "0cad", "rrf CARD,f", "", "", "const std::uint32_t value = lcrng_card(state);"},
    {"", "303f", "movlw 0x3f", "", "", "const std::uint32_t value = lcrng_card(state);"},
    {"", "05ad", "andwf CARD,f", "CARD = STATE3 >> 2", "", "const std::uint32_t value = lcrng_card(state);"},
    {"", "3030", "movlw HAND", "", "", "} else if (dealt[value]) {"},
    {"", "0084", "movwf FSR", "", "", "} else if (dealt[value]) {"},
    {"", "082c", "movf COUNT,w", "", "", "} else if (dealt[value]) {"},
    {"", "00ae", "movwf LEFT", "", "", "} else if (dealt[value]) {"},
    {"deal_scan", "08ae", "movf LEFT,f", "", "", "} else if (dealt[value]) {"},
    {"", "1903", "btfsc STATUS,Z", "", "", "} else if (dealt[value]) {"},
    {"", "2852", "goto deal_keep", "compared with every dealt card: new", "", "} else if (dealt[value]) {"},
    {"", "0800", "movf INDF,w", "", "", "} else if (dealt[value]) {"},
    {"", "062d", "xorwf CARD,w", "", "", "} else if (dealt[value]) {"},
    {"", "1903", "btfsc STATUS,Z", "", "", "} else if (dealt[value]) {"},
    {"", "283a", "goto deal_draw", "already dealt: draw again", "", "} else if (dealt[value]) {"},
    {"", "0a84", "incf FSR,f", "", "", "} else if (dealt[value]) {"},
    {"", "03ae", "decf LEFT,f", "", "", "} else if (dealt[value]) {"},
    {"", "2848", "goto deal_scan", "", "", "} else if (dealt[value]) {"},
    {"deal_keep", "082d", "movf CARD,w", "", "", "deal.cards[count++]"},
    {"", "0080", "movwf INDF", "FSR = HAND + COUNT here", "", "deal.cards[count++]"},
    {"", "0aac", "incf COUNT,f", "", "", "deal.cards[count++]"},
    {"", "300a", "movlw 10", "", "", "while (count < kOneChipDealCards) {"},
    {"", "022c", "subwf COUNT,w", "", "", "while (count < kOneChipDealCards) {"},
    {"", "1d03", "btfss STATUS,Z", "", "", "while (count < kOneChipDealCards) {"},
    {"", "283a", "goto deal_draw", "", "", "while (count < kOneChipDealCards) {"},
    {"", "0008", "return", "", "", "return deal;"},
    {"roll_reject", "01bb", "clrf MASK", "MASK = 0", "range.reducer", "reject_mask_("},
    {"reject_widen", "033a", "decf SIDES,w", "W = n-1", "", "reject_mask_("},
    {"", "023b", "subwf MASK,w", "no borrow: MASK >= n-1", "", "reject_mask_("},
    {"", "1803", "btfsc STATUS,C", "", "", "reject_mask_("},
    {"", "2862", "goto reject_draw", "", "", "reject_mask_("},
    {"", "1403", "bsf STATUS,C", "", "", "reject_mask_("},
    {"", "0dbb", "rlf MASK,f", "MASK = 2 MASK + 1", "", "reject_mask_("},
    {"", "285b", "goto reject_widen", "", "", "reject_mask_("},
    {"reject_draw", "2000", "call lcrng", "a fresh state", "range.draw", "if (const auto value = map_word(next_word())) return *value;"},
    {"", "0823", "movf STATE3,w", "its top byte", "", "if (const auto value = map_word(next_word())) return *value;"},
    {"", "053b", "andwf MASK,w", "", "range.map_word", "x &= reject_mask_;"},
    {"", "00bc", "movwf ROLL", "ROLL = x = byte & MASK", "", "x &= reject_mask_;"},
    {"", "083a", "movf SIDES,w", "", "", "if (x >= n_) return std::nullopt;"},
    {"", "023c", "subwf ROLL,w", "no borrow: x >= n", "", "if (x >= n_) return std::nullopt;"},
    {"", "1803", "btfsc STATUS,C", "", "", "if (x >= n_) return std::nullopt;"},
    {"", "2862", "goto reject_draw", "x >= n: throw it away", "", "if (x >= n_) return std::nullopt;"},
    {"", "083c", "movf ROLL,w", "W = the value", "", "case RangeMethod::mask_reject:#return x;"},
    {"", "0008", "return", "", "", "case RangeMethod::mask_reject:#return x;"},
};

constexpr RoutineSpec kRoutines[] = {
    {"lcrng", "STATE = STATE * 1664525 + 1013904223 (mod 2^32): shift-and-add over the multiplier's 21 bits"},
    {"deal", "Deal 10 different cards: card = STATE >> 26, redraw 52..63 and cards already in HAND"},
    {"roll_reject", "Mask and reject: LCRNG top bytes until x & MASK < n (n in SIDES); uniform"},
};

constexpr AsmSymbol kData[] = {
    {"STATE", 0x20, 4, "LCRNG state, least significant byte first"},
    {"MUL", 0x24, 3, "the multiplier, shifted out from the top"},
    {"PROD", 0x27, 4, "the product being built"},
    {"BITS", 0x2b, 1, "multiplier bits left"},
    {"COUNT", 0x2c, 1, "cards dealt"},
    {"CARD", 0x2d, 1, "the card being tried"},
    {"LEFT", 0x2e, 1, "dealt cards left to compare"},
    {"HAND", 0x30, 10, "the 10 cards: hand, then the draw"},
    {"SIDES", 0x3a, 1, "n for the die roll"},
    {"MASK", 0x3b, 1, "reject: smallest 2^k-1 >= n-1"},
    {"ROLL", 0x3c, 1, "reject: the value being tried"},
};

constexpr AsmMnemonic kMnemonics[] = {
    {"addwf", "Add W and f, result to W or f (C, DC, Z)"},
    {"andwf", "AND W with f, result to W or f (Z)"},
    {"bcf", "Clear one bit of f"},
    {"bsf", "Set one bit of f"},
    {"btfsc", "Test a bit of f, skip the next instruction if it is clear"},
    {"btfss", "Test a bit of f, skip the next instruction if it is set"},
    {"call", "Push the return address (8-level hardware stack), jump"},
    {"clrf", "Clear f (Z = 1)"},
    {"decf", "Decrement f, result to W or f (Z)"},
    {"decfsz", "Decrement f, skip the next instruction if the result is 0"},
    {"goto", "Jump"},
    {"incf", "Increment f, result to W or f (Z)"},
    {"incfsz", "Increment f, skip the next instruction if the result is 0"},
    {"movf", "Copy f to W or to itself (Z: tests f for zero)"},
    {"movlw", "Load a literal into W"},
    {"movwf", "Copy W into f"},
    {"return", "Return from a call: pop PC"},
    {"rlf", "Rotate f left through carry, result to W or f"},
    {"rrf", "Rotate f right through carry, result to W or f"},
    {"subwf", "f - W, result to W or f (C = 1 when there is no borrow, DC, Z)"},
    {"xorwf", "XOR W with f, result to W or f (Z)"},
};

std::optional<AsmCycles> timing(std::span<const std::uint16_t> code, std::string_view) {
  if (code.size() != 1) return std::nullopt;
  const auto t = pic_timing(code[0]);
  if (!t) return std::nullopt;
  return AsmCycles{t->cycles, t->cycles_taken};
}

constexpr ProgramSpec kProgram{AsmIsa::pic14, 0x000, kRows, kRoutines, kData, kMnemonics, timing, ";"};

}  // namespace

const ProgramSpec& pic_program_spec() { return kProgram; }

}  // namespace shufflelab::asm_detail
