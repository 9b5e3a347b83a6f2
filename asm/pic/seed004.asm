; seed004.asm: shufflelab's own PIC16 (mid-range, 14-bit core) listing of
; seed 004's One Chip Video Poker dealer: the 32-bit LCRNG
; state = state * 1664525 + 1013904223 (mod 2^32) and the 10-card deal
; (card = top 6 bits, redraw 52..63 and cards already dealt), then an
; unbiased die roll (mask and reject on the LCRNG's top bytes).
; gpasm syntax, all variables in bank 0. The words, with each line's C++
; counterpart, are kept in src/core/asm_pic.cpp (tests check them).

        processor p16f628a
        radix dec

INDF    equ 0x00
STATUS  equ 0x03
FSR     equ 0x04
C       equ 0                   ; STATUS bits
Z       equ 2
w       equ 0                   ; destination: W register
f       equ 1                   ; destination: the file register
STATE0  equ 0x20                ; LCRNG state, least significant byte first
STATE1  equ 0x21
STATE2  equ 0x22
STATE3  equ 0x23
MUL0    equ 0x24                ; multiplier, consumed from the top
MUL1    equ 0x25
MUL2    equ 0x26
PROD0   equ 0x27                ; product, least significant byte first
PROD1   equ 0x28
PROD2   equ 0x29
PROD3   equ 0x2a
BITS    equ 0x2b                ; multiplier bits left
COUNT   equ 0x2c                ; cards dealt
CARD    equ 0x2d                ; the card being tried
LEFT    equ 0x2e                ; dealt cards left to compare
HAND    equ 0x30                ; 10 cards
SIDES   equ 0x3a                ; n for the die roll
MASK    equ 0x3b                ; reject: smallest 2^k-1 >= n-1
ROLL    equ 0x3c                ; reject: the value being tried

        org 0x000

; PROD = STATE * 0x19660D by shift-and-add, multiplier bits from the top,
; then STATE = PROD + 0x3C6EF35F.
lcrng
        movlw 0x68              ; 0x19660D << 3: its top bit leaves first
        movwf MUL0
        movlw 0x30
        movwf MUL1
        movlw 0xcb
        movwf MUL2
        clrf PROD0
        clrf PROD1
        clrf PROD2
        clrf PROD3
        movlw 21
        movwf BITS
lcrng_bit
        bcf STATUS,C
        rlf PROD0,f
        rlf PROD1,f
        rlf PROD2,f
        rlf PROD3,f             ; PROD = 2 PROD
        rlf MUL0,f
        rlf MUL1,f
        rlf MUL2,f              ; next multiplier bit into carry
        btfss STATUS,C
        goto lcrng_next
        movf STATE0,w           ; PROD = PROD + STATE, byte by byte:
        addwf PROD0,f
        movf STATE1,w
        btfsc STATUS,C
        incfsz STATE1,w         ; a carry in adds 1 (0xFF + 1 skips: carry stays)
        addwf PROD1,f
        movf STATE2,w
        btfsc STATUS,C
        incfsz STATE2,w
        addwf PROD2,f
        movf STATE3,w
        btfsc STATUS,C
        incf STATE3,w
        addwf PROD3,f
lcrng_next
        decfsz BITS,f
        goto lcrng_bit
        movlw 0x5f              ; STATE = PROD + 0x3C6EF35F
        addwf PROD0,w
        movwf STATE0
        movlw 0xf3
        btfsc STATUS,C
        movlw 0xf4              ; carry folded into the constant (no wrap)
        addwf PROD1,w
        movwf STATE1
        movlw 0x6e
        btfsc STATUS,C
        movlw 0x6f
        addwf PROD2,w
        movwf STATE2
        movlw 0x3c
        btfsc STATUS,C
        movlw 0x3d
        addwf PROD3,w
        movwf STATE3
        return

; Deal 10 different cards into HAND.
deal
        clrf COUNT
deal_draw
        call lcrng
        movlw 0xd0              ; card >= 52 exactly when STATE3 >= 52 << 2
        subwf STATE3,w
        btfsc STATUS,C          ; no borrow: too high, draw again
        goto deal_draw
        rrf STATE3,w
        movwf CARD
        rrf CARD,f
        movlw 0x3f
        andwf CARD,f            ; CARD = STATE3 >> 2
        movlw HAND
        movwf FSR
        movf COUNT,w
        movwf LEFT
deal_scan
        movf LEFT,f
        btfsc STATUS,Z
        goto deal_keep          ; compared with every dealt card: new
        movf INDF,w
        xorwf CARD,w
        btfsc STATUS,Z
        goto deal_draw          ; already dealt: draw again
        incf FSR,f
        decf LEFT,f
        goto deal_scan
deal_keep
        movf CARD,w
        movwf INDF              ; FSR = HAND + COUNT here
        incf COUNT,f
        movlw 10
        subwf COUNT,w
        btfss STATUS,Z
        goto deal_draw
        return

; A value 0..n-1 (n = 1..255 in SIDES) with every value equally likely:
; mask and reject on the top byte of the LCRNG state (the byte onechip
; gives). MASK = the smallest 2^k-1 >= n-1, then steps until
; STATE3 & MASK < n. Returns the value in W.
roll_reject
        clrf MASK               ; MASK = 0
reject_widen
        decf SIDES,w            ; W = n-1
        subwf MASK,w            ; no borrow: MASK >= n-1
        btfsc STATUS,C
        goto reject_draw
        bsf STATUS,C
        rlf MASK,f              ; MASK = 2 MASK + 1
        goto reject_widen
reject_draw
        call lcrng              ; a fresh state
        movf STATE3,w           ; its top byte
        andwf MASK,w
        movwf ROLL              ; ROLL = x = byte & MASK
        movf SIDES,w
        subwf ROLL,w            ; no borrow: x >= n
        btfsc STATUS,C
        goto reject_draw        ; x >= n: throw it away
        movf ROLL,w             ; W = the value
        return

        end
