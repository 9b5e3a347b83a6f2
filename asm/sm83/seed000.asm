; seed000.asm: shufflelab's own Game Boy (SM83) listing of seed 000's tarot
; shuffle: the 32-bit Galois LFSR (mask 0xCF), the coin-flip queue, the
; article's coin-flip dice roller and the Fisher-Yates loop over 78 cards;
; then two unbiased die rolls: mask and reject on the LFSR's bytes, and the
; roller with the article's slip fixed (Lumbroso's Fast Dice Roller).
; Z80-style syntax; ld a,(hl+) / ld (hl+),a / ld a,(nn) / ld (nn),a are the
; SM83 forms. The bytes, with each line's C++ counterpart, are kept in
; src/core/asm/asm_sm83.cpp (tests check them against sdasgb, the SM83
; assembler of Debian's sdcc, and the shared opcodes against z80asm).

LFSR0:  equ 0xc000              ; lfsr0 (top byte) .. lfsr3 at +3
RNG:    equ 0xc004              ; unread bits of the last LFSR byte
FLIPS:  equ 0xc005              ; how many of them are left
DECK_PAGE: equ 0xc1
DECK:   equ 0xc100              ; 78 cards, page aligned so L is the index

        org 0x0150

; Eight bit-steps of the 32-bit register, then its top byte in A.
tarot_lfsr:
        ld hl,LFSR0
        ld a,(hl+)
        ld b,a                  ; B = lfsr0
        ld a,(hl+)
        ld c,a                  ; C = lfsr1
        ld a,(hl+)
        ld d,a                  ; D = lfsr2
        ld e,(hl)               ; E = lfsr3
        ld h,8                  ; H counts the bit-steps
tarot_step:
        srl b
        rr c
        rr d
        rr e                    ; 32 bits one place right, out bit in carry
        jr nc,tarot_next
        ld a,b
        xor 0xcf
        ld b,a                  ; a 1 fell out: taps into the top byte
tarot_next:
        dec h
        jr nz,tarot_step
        ld hl,LFSR0
        ld a,b
        ld (hl+),a
        ld a,c
        ld (hl+),a
        ld a,d
        ld (hl+),a
        ld (hl),e
        ld a,b                  ; the new top byte
        ret

; One coin flip into carry: the lowest unread bit of RNG. Keeps BC and DE.
coin_flip:
        ld a,(FLIPS)
        and a
        jr nz,coin_take         ; bits left in the queue
        push bc
        push de
        call tarot_lfsr
        pop de
        pop bc
        ld (RNG),a              ; refill with a fresh byte
        ld a,8
coin_take:
        dec a
        ld (FLIPS),a
        ld hl,RNG
        srl (hl)                ; lowest bit to carry, the rest move down
        ret

; A value 0..B (B = top, 1..127) from coin flips: the article's roller,
; which takes top (not top+1) off v and c after an overshoot.
; Returns the value in A and in C; keeps B and E.
roll:
        ld d,1                  ; D = v
        ld c,0                  ; C = c
roll_flip:
        sla d                   ; v = 2v
        call coin_flip
        rl c                    ; c = 2c + flip
        ld a,b
        cp d
        jr nc,roll_flip         ; v <= top: not enough range yet
        ld a,b
        cp c
        jr nc,roll_done         ; c <= top: c is the value
        ld a,d
        sub b
        ld d,a                  ; v = v - top
        ld a,c
        sub b
        ld c,a                  ; c = c - top
        jr roll_flip
roll_done:
        ld a,c
        ret

; Fisher-Yates from the top: swap card top with a card 0..top, top = 77..1.
shuffle:
        ld hl,DECK
        xor a
shuffle_fill:
        ld (hl+),a              ; DECK[i] = i
        inc a
        cp 78
        jr nz,shuffle_fill
        ld b,77                 ; B = top
shuffle_swap:
        call roll               ; A = C = r in 0..top
        ld h,DECK_PAGE
        ld l,c
        ld e,(hl)               ; E = DECK[r]
        ld l,b
        ld a,(hl)               ; A = DECK[top]
        ld (hl),e
        ld l,c
        ld (hl),a               ; swapped
        dec b
        jr nz,shuffle_swap
        ret

; A value 0..B (B = top = n-1) with every value equally likely: mask and
; reject. C = the smallest 2^k-1 >= top, then fresh LFSR bytes until
; byte & C <= top. Returns the value in A; keeps B.
roll_reject:
        xor a                   ; A = mask 0
reject_widen:
        cp b
        jr nc,reject_ready      ; mask >= top
        scf
        rla                     ; mask = 2 mask + 1
        jr reject_widen
reject_ready:
        ld c,a                  ; C = mask
reject_draw:
        push bc
        call tarot_lfsr         ; A = a fresh byte
        pop bc
        and c                   ; x = byte & mask
        cp b
        ret z                   ; x = top: kept
        jr nc,reject_draw       ; x > top: throw it away
        ret

; A value 0..B (B = top = n-1, n = 2..128) with every value equally likely:
; Lumbroso's Fast Dice Roller on the coin-flip queue. The roller above with
; its slip fixed: after an overshoot it takes n (not top) off v and c.
; Returns the value in A and in C; keeps B and E.
roll_fdr:
        ld d,1                  ; D = v
        ld c,0                  ; C = c
fdr_flip:
        sla d                   ; v = 2v
        call coin_flip
        rl c                    ; c = 2c + flip
        ld a,b
        cp d
        jr nc,fdr_flip          ; v <= top: not enough range yet
        ld a,b
        cp c
        jr nc,fdr_done          ; c <= top: c is the value
        ld a,d                  ; carry is set here (top < c)
        sbc a,b
        ld d,a                  ; v = v - top - 1 = v - n
        ld a,c
        scf
        sbc a,b
        ld c,a                  ; c = c - n
        jr fdr_flip
fdr_done:
        ld a,c
        ret
