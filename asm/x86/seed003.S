// seed003.S: shufflelab's own x86-64 (BMI2) listings: seed 003's "strike the
// n-th remaining card" step (PDEP + TZCNT) and Lemire's multiply-high range
// reduction with its rare rejection. GNU as, Intel syntax, System V ABI.
// Linked into the native oracle test, which runs them against the core; the
// bytes and each line's C++ counterpart are kept in src/core/asm_x86.cpp.
        .intel_syntax noprefix
        .text

// uint32_t shufflelab_x86_strike_nth_card(uint64_t* cards, uint64_t n)
// Removes the n-th set bit (n < popcount) of *cards, returns its position.
        .globl  shufflelab_x86_strike_nth_card
        .type   shufflelab_x86_strike_nth_card, @function
shufflelab_x86_strike_nth_card:
        mov     rax, -1                 // all ones
        btr     rax, rsi                // ... except bit n
        mov     rcx, [rdi]              // the remaining cards
        pdep    rax, rax, rcx           // deposit: the n-th card's bit drops out
        xor     rcx, rax                // that card's bit alone
        mov     [rdi], rax
        tzcnt   rax, rcx                // its number
        ret
        .size   shufflelab_x86_strike_nth_card, .-shufflelab_x86_strike_nth_card

// uint64_t shufflelab_x86_lemire(uint64_t n, const uint64_t** cursor)
// A value in [0, n) from 64-bit words read at *cursor (advanced past them):
// the high half of x * n, drawing again while the low half < 2^64 mod n.
        .globl  shufflelab_x86_lemire
        .type   shufflelab_x86_lemire, @function
shufflelab_x86_lemire:
        mov     r8, [rsi]               // r8 = read cursor
        mov     rax, [r8]               // x = next word
        add     r8, 8
        mul     rdi                     // rdx:rax = x * n
        cmp     rax, rdi
        jae     .Llemire_done           // low half >= n: never rejected
        mov     r9, rax
        mov     r10, rdx                // keep the product
        mov     rax, rdi
        neg     rax                     // 2^64 - n
        xor     edx, edx
        div     rdi                     // rdx = 2^64 mod n, the threshold
        mov     r11, rdx
        mov     rax, r9
        mov     rdx, r10
.Llemire_check:
        cmp     rax, r11
        jae     .Llemire_done           // low half >= threshold: accept
        mov     rax, [r8]               // rejected: next word
        add     r8, 8
        mul     rdi
        jmp     .Llemire_check
.Llemire_done:
        mov     [rsi], r8               // give the cursor back
        mov     rax, rdx                // the value is the high half
        ret
        .size   shufflelab_x86_lemire, .-shufflelab_x86_lemire

        .section .note.GNU-stack,"",@progbits
