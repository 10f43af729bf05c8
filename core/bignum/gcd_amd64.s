//go:build amd64 && !purego

#include "textflag.h"

// func subMulPairAsm(x, y []big.Word, a, b, c, d uint64)
//
// (x, y) ← (a·x − b·y, c·y − d·x) in place over len(x) ≥ 1 words, y at
// least as long. Each word's a·x_i − b·y_i is a two's-complement
// 128-bit number (|·| < 2^126 for a, b, c, d < 2^62), to which the
// signed carry of the word below is added; its low word is the result's
// and its high word, as a signed number, the next carry. No flag lives
// across words, so the two rows share one loop.
TEXT ·subMulPairAsm(SB), NOSPLIT, $0-80
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	MOVQ y_base+24(FP), DI
	XORQ R12, R12 // x's carry, low and sign words
	XORQ R13, R13
	XORQ R14, R14 // y's carry
	XORQ BX, BX
loop:
	MOVQ (SI), R8
	MOVQ (DI), R9
	MOVQ a+48(FP), AX
	MULQ R8
	MOVQ AX, R10
	MOVQ DX, R11
	MOVQ b+56(FP), AX
	MULQ R9
	SUBQ AX, R10
	SBBQ DX, R11
	ADDQ R12, R10
	ADCQ R13, R11
	MOVQ R10, (SI)
	MOVQ R11, R12
	SARQ $63, R11
	MOVQ R11, R13
	MOVQ c+64(FP), AX
	MULQ R9
	MOVQ AX, R10
	MOVQ DX, R11
	MOVQ d+72(FP), AX
	MULQ R8
	SUBQ AX, R10
	SBBQ DX, R11
	ADDQ R14, R10
	ADCQ BX, R11
	MOVQ R10, (DI)
	MOVQ R11, R14
	SARQ $63, R11
	MOVQ R11, BX
	ADDQ $8, SI
	ADDQ $8, DI
	DECQ CX
	JNZ loop
	RET

// func addMulPairAsm(u, v []big.Word, w0, w1, w2, w3 uint64)
//
// (u, v) ← (w0·u + w2·v, w1·u + w3·v) in place over len(u) ≥ 1 words, v
// at least as long: each word's two products and the carry of the word
// below, a sum below 2^128 by AddMulPair's contract, whose high word is
// the next carry.
TEXT ·addMulPairAsm(SB), NOSPLIT, $0-80
	MOVQ u_base+0(FP), SI
	MOVQ u_len+8(FP), CX
	MOVQ v_base+24(FP), DI
	XORQ R12, R12 // u's carry
	XORQ R13, R13 // v's carry
addloop:
	MOVQ (SI), R8
	MOVQ (DI), R9
	MOVQ w0+48(FP), AX
	MULQ R8
	MOVQ AX, R10
	MOVQ DX, R11
	MOVQ w2+64(FP), AX
	MULQ R9
	ADDQ AX, R10
	ADCQ DX, R11
	ADDQ R12, R10
	ADCQ $0, R11
	MOVQ R10, (SI)
	MOVQ R11, R12
	MOVQ w1+56(FP), AX
	MULQ R8
	MOVQ AX, R10
	MOVQ DX, R11
	MOVQ w3+72(FP), AX
	MULQ R9
	ADDQ AX, R10
	ADCQ DX, R11
	ADDQ R13, R10
	ADCQ $0, R11
	MOVQ R10, (DI)
	MOVQ R11, R13
	ADDQ $8, SI
	ADDQ $8, DI
	DECQ CX
	JNZ addloop
	RET
