//go:build amd64 && !purego

// The two-level passes of the transforms' butterflies; see ntt_amd64.go
// for the contract and difBlock4Go and ditBlock4Go (ntt.go) for the
// references they are tested against, instruction for instruction the
// same arithmetic.

#include "textflag.h"

// func difBlock4(a, tw []uint64, q uint64)
//
// Registers: SI the entry i of the first quarter, R9 that of the third,
// R8 a quarter in bytes (the second and fourth at (SI)(R8*1) and
// (R9)(R8*1)), BX the six twiddle words of i, CX the entries left,
// R10 q, R11 2q; AX and DX for MULQ, DI and R12 to R15 the values.
TEXT ·difBlock4(SB), NOSPLIT, $0-56
	MOVQ a_base+0(FP), SI
	MOVQ a_len+8(FP), CX
	MOVQ tw_base+24(FP), BX
	MOVQ q+48(FP), R10
	LEAQ (R10)(R10*1), R11
	SHRQ $2, CX
	JZ   difdone
	MOVQ CX, R8
	SHLQ $3, R8
	LEAQ (SI)(R8*2), R9

difloop:
	// Level j: y0 = x0 + x2, y2 = (x0 − x2 + 2q)·ω_j^i.
	MOVQ (SI), R12
	MOVQ (R9), R13
	LEAQ (R12)(R13*1), R14
	MOVQ R14, AX
	SUBQ R11, AX
	CMPQ R14, R11
	CMOVQCC AX, R14
	SUBQ R13, R12
	ADDQ R11, R12
	MOVQ 8(BX), AX
	MULQ R12
	IMULQ 0(BX), R12
	IMULQ R10, DX
	SUBQ DX, R12
	// y1 = x1 + x3, y3 = (x1 − x3 + 2q)·ω_j^(i+m).
	MOVQ (SI)(R8*1), R13
	MOVQ (R9)(R8*1), R15
	LEAQ (R13)(R15*1), DI
	MOVQ DI, AX
	SUBQ R11, AX
	CMPQ DI, R11
	CMOVQCC AX, DI
	SUBQ R15, R13
	ADDQ R11, R13
	MOVQ 24(BX), AX
	MULQ R13
	IMULQ 16(BX), R13
	IMULQ R10, DX
	SUBQ DX, R13
	// Level j − 1: z0 = y0 + y1, z1 = (y0 − y1 + 2q)·ω_(j−1)^i.
	LEAQ (R14)(DI*1), R15
	MOVQ R15, AX
	SUBQ R11, AX
	CMPQ R15, R11
	CMOVQCC AX, R15
	MOVQ R15, (SI)
	SUBQ DI, R14
	ADDQ R11, R14
	MOVQ 40(BX), AX
	MULQ R14
	IMULQ 32(BX), R14
	IMULQ R10, DX
	SUBQ DX, R14
	MOVQ R14, (SI)(R8*1)
	// z2 = y2 + y3, z3 = (y2 − y3 + 2q)·ω_(j−1)^i.
	LEAQ (R12)(R13*1), R15
	MOVQ R15, AX
	SUBQ R11, AX
	CMPQ R15, R11
	CMOVQCC AX, R15
	MOVQ R15, (R9)
	SUBQ R13, R12
	ADDQ R11, R12
	MOVQ 40(BX), AX
	MULQ R12
	IMULQ 32(BX), R12
	IMULQ R10, DX
	SUBQ DX, R12
	MOVQ R12, (R9)(R8*1)
	ADDQ $8, SI
	ADDQ $8, R9
	ADDQ $48, BX
	DECQ CX
	JNZ  difloop

difdone:
	RET

// func ditBlock4(a, tw []uint64, q uint64)
//
// Registers: SI the entry i of the first quarter, R9 that of the third,
// R8 a quarter in bytes (the second and fourth at (SI)(R8*1) and
// (R9)(R8*1)), BX the six twiddle words of i, CX the entries left,
// R10 q, R11 2q; AX and DX for MULQ, DI and R12 to R15 the values.
TEXT ·ditBlock4(SB), NOSPLIT, $0-56
	MOVQ a_base+0(FP), SI
	MOVQ a_len+8(FP), CX
	MOVQ tw_base+24(FP), BX
	MOVQ q+48(FP), R10
	LEAQ (R10)(R10*1), R11
	SHRQ $2, CX
	JZ   ditdone
	MOVQ CX, R8
	SHLQ $3, R8
	LEAQ (SI)(R8*2), R9

ditloop:
	// Level j: v = x1·ω_j^−i, y0 = x0 + v, y1 = x0 − v + 2q (x0 reduced).
	MOVQ (SI), R12
	MOVQ R12, AX
	SUBQ R11, AX
	CMPQ R12, R11
	CMOVQCC AX, R12
	MOVQ (SI)(R8*1), R13
	MOVQ 8(BX), AX
	MULQ R13
	IMULQ 0(BX), R13
	IMULQ R10, DX
	SUBQ DX, R13
	LEAQ (R12)(R13*1), R14
	SUBQ R13, R12
	ADDQ R11, R12
	// v = x3·ω_j^−i, y2 = x2 + v, y3 = x2 − v + 2q (x2 reduced).
	MOVQ (R9), R13
	MOVQ R13, AX
	SUBQ R11, AX
	CMPQ R13, R11
	CMOVQCC AX, R13
	MOVQ (R9)(R8*1), R15
	MOVQ 8(BX), AX
	MULQ R15
	IMULQ 0(BX), R15
	IMULQ R10, DX
	SUBQ DX, R15
	LEAQ (R13)(R15*1), DI
	SUBQ R15, R13
	ADDQ R11, R13
	// Level j + 1: v = y2·ω_(j+1)^−i, out0 = y0 + v, out2 = y0 − v + 2q.
	MOVQ R14, AX
	SUBQ R11, AX
	CMPQ R14, R11
	CMOVQCC AX, R14
	MOVQ 24(BX), AX
	MULQ DI
	IMULQ 16(BX), DI
	IMULQ R10, DX
	SUBQ DX, DI
	LEAQ (R14)(DI*1), R15
	MOVQ R15, (SI)
	SUBQ DI, R14
	ADDQ R11, R14
	MOVQ R14, (R9)
	// v = y3·ω_(j+1)^−(i+m), out1 = y1 + v, out3 = y1 − v + 2q.
	MOVQ R12, AX
	SUBQ R11, AX
	CMPQ R12, R11
	CMOVQCC AX, R12
	MOVQ 40(BX), AX
	MULQ R13
	IMULQ 32(BX), R13
	IMULQ R10, DX
	SUBQ DX, R13
	LEAQ (R12)(R13*1), R15
	MOVQ R15, (SI)(R8*1)
	SUBQ R13, R12
	ADDQ R11, R12
	MOVQ R12, (R9)(R8*1)
	ADDQ $8, SI
	ADDQ $8, R9
	ADDQ $48, BX
	DECQ CX
	JNZ  ditloop

ditdone:
	RET
