; seed002.asm: shufflelab's own Z80 listing of seed 002's routines.
; z80asm syntax (Debian's z80asm). Assembled at test time; the bytes are also
; kept, with each line's C++ counterpart, in src/core/asm_z80.cpp.
; State: SEED..SEED+7, SEED+0 the newest byte (as Z80Lfsr::seed[0]).
; Die routines take the random byte in A and the number of sides n (1..255)
; in B, and return the value 0..n-1 in A (the face is value + 1).

SEED:   equ 0x8000

        org 0x0000

; One LFSR step: X = bytes +4..+7 (+7 most significant),
; r = X>>24 ^ X>>21 ^ X>>20 ^ X>>12 ^ X>>3, shift the bytes up, store r at +0.
; Each X>>k byte is the high byte of a 16-bit pair shifted left by 8-(k mod 8).
lfsr64:
        ld hl,(SEED+6)          ; L = byte 6, H = byte 7
        ld a,h                  ; A = X>>24
        add hl,hl
        add hl,hl
        add hl,hl               ; H = X>>21
        xor h
        add hl,hl               ; H = X>>20
        xor h
        ld hl,(SEED+5)          ; L = byte 5, H = byte 6
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl               ; H = X>>12
        xor h
        ld hl,(SEED+4)          ; L = byte 4, H = byte 5
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl               ; H = X>>3
        xor h                   ; A = the new byte
        ld hl,SEED+6            ; copy bytes 6..0 to 7..1, top first
        ld de,SEED+7
        ld bc,7
        lddr
        ld (de),a               ; DE stopped at SEED+0
        ret

; rollDie as printed: value = (x * (n-1)) >> 8, so the top face never shows.
roll_minus1:
        ld c,b
        dec c                   ; C = n-1
        jr mulhi

; The correct multiply-high: value = (x * n) >> 8, each value 255/n apart.
roll_exact:
        ld c,b                  ; C = n

; A = (A * C) >> 8 by shift-and-add, multiplier bits from the top.
mulhi:
        ld e,a
        ld d,0                  ; DE = x
        ld h,d
        ld l,d                  ; HL = 0, the product so far
        ld a,c                  ; A = multiplier
        ld b,8
mulhi_bit:
        add hl,hl               ; product * 2 (never carries: < 2^15 here)
        rla                     ; next multiplier bit into carry
        jr nc,mulhi_next
        add hl,de               ; product + x
mulhi_next:
        djnz mulhi_bit
        ld a,h                  ; the high byte is the value
        ret

; MAXU8: while x >= n, halve an all-ones mask and AND it into x.
maxu8:
        ld c,0xff               ; C = mask
maxu8_test:
        cp b
        ret c                   ; x < n: done
        srl c
        and c
        jr maxu8_test

; Mask and reject: keep the low bits that can reach n-1, redraw above it.
reject_roll:
        ld d,b
        dec d                   ; D = n-1
        xor a                   ; A = mask 0
reject_widen:
        cp d
        jr nc,reject_ready      ; mask >= n-1
        scf
        rla                     ; mask = mask*2 + 1
        jr reject_widen
reject_ready:
        ld c,a                  ; C = mask
reject_draw:
        push bc
        call lfsr64
        pop bc
reject_try:
        and c
        cp b
        jr nc,reject_draw       ; x & mask >= n: throw it away
        ret
