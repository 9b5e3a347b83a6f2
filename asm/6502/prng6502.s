; prng6502.s: shufflelab's own 6502 listing (ca65 syntax) of the generators
; and die rolls an 8-bit game uses: the tarot 32-bit Galois LFSR (seed 000's
; register, mask $CF), a 16-bit Galois LFSR (taps $B400), One Chip's LCRNG
; (seed 004: a 32-bit multiply on an 8-bit CPU), a multiply-high die roll, a
; mask-and-reject die roll on LFSR bytes, a Fisher-Yates over 52 cards and
; the xorshift generators of width 16 (7,9,8) and 32 (13,17,5).
; The bytes, with each line's C++ counterpart, are kept in
; src/core/asm/asm_6502.cpp; tests assemble this file with ca65/ld65 and run
; it in sim65 (tests/oracle/mos6502_sim65_test.cpp).

        .export tarot_lfsr, galois16, lcrng, roll_mulhi, roll_reject, shuffle52
        .export xorshift16, xorshift32

LFSR0   = $80                   ; tarot LFSR: lfsr0 (top byte) .. lfsr3 at +3
G16HI   = $84                   ; 16-bit LFSR, high byte
G16LO   = $85                   ; and low byte
STATE   = $86                   ; One Chip LCRNG state, 4 bytes, low first
PROD    = $8a                   ; the product being summed, 4 bytes
MCAND   = $8e                   ; state shifted left, 4 bytes
MULT    = $92                   ; the multiplier's unused bits, 3 bytes
SIDES   = $95                   ; n for the die rolls
MULX    = $96                   ; multiply-high: x, then the low byte
MASK    = $97                   ; reject: smallest 2^k-1 >= n-1
LIMIT   = $98                   ; reject: n-1
TOP     = $99                   ; Fisher-Yates: the place being filled
XS16HI  = $9a                   ; xorshift16 state, high byte
XS16LO  = $9b                   ; and low byte
XS32    = $9c                   ; xorshift32 state, 4 bytes, low first
XT      = $a0                   ; xorshift32: a shifted copy, 3 bytes
DECK    = $3000                 ; 52 cards, one byte each

        .segment "LISTING"

; Eight bit-steps of the 32-bit register, then its top byte in A.
tarot_lfsr:
        ldx #8                  ; X counts the bit-steps
tarot_step:
        lsr LFSR0
        ror LFSR0+1
        ror LFSR0+2
        ror LFSR0+3             ; 32 bits one place right, out bit in carry
        bcc tarot_next
        lda LFSR0
        eor #$cf
        sta LFSR0               ; a 1 fell out: taps into the top byte
tarot_next:
        dex
        bne tarot_step
        lda LFSR0               ; the new top byte
        rts

; Eight bit-steps of a 16-bit Galois register, then its high byte in A.
galois16:
        ldx #8
g16_step:
        lsr G16HI
        ror G16LO               ; 16 bits one place right, out bit in carry
        bcc g16_next
        lda G16HI
        eor #$b4
        sta G16HI               ; taps $B400 into the high byte
g16_next:
        dex
        bne g16_step
        lda G16HI               ; the new high byte
        rts

; One Chip's LCRNG: state = state * 1664525 + 1013904223 (mod 2^32) by
; shift-and-add over the multiplier's 21 bits. Returns the top byte in A.
lcrng:
        lda #$0d
        sta MULT
        lda #$66
        sta MULT+1
        lda #$19
        sta MULT+2              ; MULT = 1664525 = $19660D
        ldx #3
lcrng_copy:
        lda STATE,x
        sta MCAND,x             ; MCAND = state
        lda #0
        sta PROD,x              ; PROD = 0
        dex
        bpl lcrng_copy
lcrng_bit:
        lsr MULT+2
        ror MULT+1
        ror MULT                ; the next multiplier bit into carry
        bcc lcrng_shift
        clc
        lda PROD
        adc MCAND
        sta PROD
        lda PROD+1
        adc MCAND+1
        sta PROD+1
        lda PROD+2
        adc MCAND+2
        sta PROD+2
        lda PROD+3
        adc MCAND+3
        sta PROD+3              ; PROD = PROD + MCAND
lcrng_shift:
        asl MCAND
        rol MCAND+1
        rol MCAND+2
        rol MCAND+3             ; MCAND = MCAND * 2
        lda MULT
        ora MULT+1
        ora MULT+2
        bne lcrng_bit           ; until no multiplier bit is left
        clc
        lda PROD
        adc #$5f
        sta STATE
        lda PROD+1
        adc #$f3
        sta STATE+1
        lda PROD+2
        adc #$6e
        sta STATE+2
        lda PROD+3
        adc #$3c
        sta STATE+3             ; state = PROD + 1013904223 ($3C6EF35F)
        rts

; Multiply-high: A = (x * n) >> 8 for x in A and n in SIDES.
roll_mulhi:
        sta MULX                ; MULX = x
        lda #0
        ldx #8
        lsr MULX                ; the lowest bit of x into carry
mulhi_bit:
        bcc mulhi_shift
        clc
        adc SIDES               ; a 1 bit: add n to the high byte
mulhi_shift:
        ror a
        ror MULX                ; product one place right, next bit of x into carry
        dex
        bne mulhi_bit
        rts                     ; A = the high byte of x * n

; Mask and reject: a value 0..n-1 (n in SIDES, 1..255) from tarot LFSR bytes.
roll_reject:
        ldx SIDES
        dex
        stx LIMIT               ; LIMIT = n-1
        lda #0                  ; A = mask 0
reject_widen:
        cmp LIMIT
        bcs reject_ready        ; mask >= n-1
        sec
        rol a                   ; mask = mask*2 + 1
        jmp reject_widen
reject_ready:
        sta MASK
reject_draw:
        jsr tarot_lfsr          ; A = a fresh byte
        and MASK
        cmp SIDES
        bcs reject_draw         ; x & mask >= n: throw it away
        rts

; Fisher-Yates from the top: swap card top with card roll(top+1), top = 51..1.
shuffle52:
        ldx #0
shuffle_fill:
        txa
        sta DECK,x              ; DECK[i] = i
        inx
        cpx #52
        bne shuffle_fill
        lda #51
        sta TOP                 ; TOP = 51
shuffle_swap:
        ldx TOP
        inx
        stx SIDES               ; n = top + 1
        jsr roll_reject         ; A = r in 0..top
        tay
        ldx TOP
        lda DECK,x
        pha                     ; push DECK[top]
        lda DECK,y
        sta DECK,x              ; DECK[top] = DECK[r]
        pla
        sta DECK,y              ; DECK[r] = the old DECK[top]: swapped
        dec TOP
        bne shuffle_swap
        rts

; xorshift16 (7,9,8): x ^= x << 7; x ^= x >> 9; x ^= x << 8. Returns the
; high byte in A. x << 7 is x >> 1 one byte up, so one right shift serves.
xorshift16:
        lda XS16HI
        lsr a                   ; bit 8 of x into carry
        lda XS16LO
        ror a                   ; A = the high byte of x << 7
        eor XS16HI
        sta XS16HI              ; high byte of x ^= x << 7
        ror a                   ; A = (x >> 9) ^ the low byte of x << 7
        eor XS16LO
        sta XS16LO              ; low byte: both steps at once
        eor XS16HI
        sta XS16HI              ; x ^= x << 8
        rts

; xorshift32 (13,17,5): x ^= x << 13; x ^= x >> 17; x ^= x << 5. Returns the
; top byte in A.
xorshift32:
        lda XS32
        sta XT
        lda XS32+1
        sta XT+1
        lda XS32+2              ; A:XT+1:XT = the low 24 bits of x
        ldx #5
xs32_shl13:
        asl XT
        rol XT+1
        rol a
        dex
        bne xs32_shl13          ; x << 13 is those 24 bits << 5, one byte up
        eor XS32+3
        sta XS32+3
        lda XT+1
        eor XS32+2
        sta XS32+2
        lda XT
        eor XS32+1
        sta XS32+1              ; x ^= x << 13
        lda XS32+3
        lsr a                   ; A = x >> 25, bit 24 into carry
        eor XS32+1
        sta XS32+1
        lda XS32+2
        ror a                   ; A = the low byte of x >> 17
        eor XS32
        sta XS32                ; x ^= x >> 17
        lda XS32
        sta XT
        lda XS32+1
        sta XT+1
        lda XS32+2
        sta XT+2
        lda XS32+3              ; A:XT+2:XT+1:XT = x
        ldx #5
xs32_shl5:
        asl XT
        rol XT+1
        rol XT+2
        rol a
        dex
        bne xs32_shl5           ; x << 5
        eor XS32+3
        sta XS32+3
        lda XT+2
        eor XS32+2
        sta XS32+2
        lda XT+1
        eor XS32+1
        sta XS32+1
        lda XT
        eor XS32
        sta XS32                ; x ^= x << 5
        lda XS32+3              ; the new top byte
        rts
