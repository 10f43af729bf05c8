//go:build amd64 && !purego

#include "textflag.h"

// func subMulAsm(z, x []big.Word, y uint64) uint64
//
// z ← z − x·y over len(x) ≥ 1 words, z at least as long; returns the word
// still to subtract above them. Each word takes x_i·y plus the carry of
// the word below (at most 2^128 − 2^64, so the high word stays below
// 2^64 − 1), subtracts its low word from z_i, and carries its high word
// plus the borrow. Four words a round, then one at a time.
TEXT ·subMulAsm(SB), NOSPLIT, $0-64
	MOVQ z_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ y+48(FP), R8
	XORQ BX, BX
	CMPQ CX, $4
	JLT tail
four:
	MOVQ (SI), AX
	MULQ R8
	ADDQ BX, AX
	ADCQ $0, DX
	SUBQ AX, (DI)
	ADCQ $0, DX
	MOVQ DX, BX
	MOVQ 8(SI), AX
	MULQ R8
	ADDQ BX, AX
	ADCQ $0, DX
	SUBQ AX, 8(DI)
	ADCQ $0, DX
	MOVQ DX, BX
	MOVQ 16(SI), AX
	MULQ R8
	ADDQ BX, AX
	ADCQ $0, DX
	SUBQ AX, 16(DI)
	ADCQ $0, DX
	MOVQ DX, BX
	MOVQ 24(SI), AX
	MULQ R8
	ADDQ BX, AX
	ADCQ $0, DX
	SUBQ AX, 24(DI)
	ADCQ $0, DX
	MOVQ DX, BX
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $4, CX
	CMPQ CX, $4
	JGE four
	TESTQ CX, CX
	JZ done
tail:
	MOVQ (SI), AX
	MULQ R8
	ADDQ BX, AX
	ADCQ $0, DX
	SUBQ AX, (DI)
	ADCQ $0, DX
	MOVQ DX, BX
	ADDQ $8, SI
	ADDQ $8, DI
	DECQ CX
	JNZ tail
done:
	MOVQ BX, ret+56(FP)
	RET

// func subMulMulx(z, x []big.Word, y uint64) uint64
//
// subMulAsm with BMI2's MULX: y stays in DX and each product comes into
// a free pair of registers, with no move of the multiplicand.
TEXT ·subMulMulx(SB), NOSPLIT, $0-64
	MOVQ z_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ y+48(FP), DX
	XORQ BX, BX
	CMPQ CX, $4
	JLT xtail
xfour:
	MULXQ (SI), AX, R9
	ADDQ BX, AX
	ADCQ $0, R9
	SUBQ AX, (DI)
	ADCQ $0, R9
	MULXQ 8(SI), AX, BX
	ADDQ R9, AX
	ADCQ $0, BX
	SUBQ AX, 8(DI)
	ADCQ $0, BX
	MULXQ 16(SI), AX, R9
	ADDQ BX, AX
	ADCQ $0, R9
	SUBQ AX, 16(DI)
	ADCQ $0, R9
	MULXQ 24(SI), AX, BX
	ADDQ R9, AX
	ADCQ $0, BX
	SUBQ AX, 24(DI)
	ADCQ $0, BX
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $4, CX
	CMPQ CX, $4
	JGE xfour
	TESTQ CX, CX
	JZ xdone
xtail:
	MULXQ (SI), AX, R9
	ADDQ BX, AX
	ADCQ $0, R9
	SUBQ AX, (DI)
	ADCQ $0, R9
	MOVQ R9, BX
	ADDQ $8, SI
	ADDQ $8, DI
	DECQ CX
	JNZ xtail
xdone:
	MOVQ BX, ret+56(FP)
	RET
