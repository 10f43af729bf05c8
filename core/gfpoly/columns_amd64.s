//go:build amd64 && !purego

// Columns.threeWord2's inner loop; see columns_amd64.go for the contract
// and dotThreeWord2Go (columns.go) for the reference it is tested against.

#include "textflag.h"

// func dotThreeWord2(col, a, b []uint64, out *[6]uint64)
//
// Registers: SI col, DI a, BX b, CX groups of four left, R8 the column
// word, R9:R10:R11 the sum for a (low to high), R12:R13:R14 that for b;
// MULQ takes AX and writes DX:AX.
TEXT ·dotThreeWord2(SB), NOSPLIT, $0-80
	MOVQ col_base+0(FP), SI
	MOVQ a_base+24(FP), DI
	MOVQ b_base+48(FP), BX
	MOVQ col_len+8(FP), CX
	XORQ R9, R9
	XORQ R10, R10
	XORQ R11, R11
	XORQ R12, R12
	XORQ R13, R13
	XORQ R14, R14
	SHRQ $2, CX
	JZ   done

loop:
	MOVQ 0(SI), R8
	MOVQ 0(DI), AX
	MULQ R8
	ADDQ AX, R9
	ADCQ DX, R10
	ADCQ $0, R11
	MOVQ 0(BX), AX
	MULQ R8
	ADDQ AX, R12
	ADCQ DX, R13
	ADCQ $0, R14
	MOVQ 8(SI), R8
	MOVQ 8(DI), AX
	MULQ R8
	ADDQ AX, R9
	ADCQ DX, R10
	ADCQ $0, R11
	MOVQ 8(BX), AX
	MULQ R8
	ADDQ AX, R12
	ADCQ DX, R13
	ADCQ $0, R14
	MOVQ 16(SI), R8
	MOVQ 16(DI), AX
	MULQ R8
	ADDQ AX, R9
	ADCQ DX, R10
	ADCQ $0, R11
	MOVQ 16(BX), AX
	MULQ R8
	ADDQ AX, R12
	ADCQ DX, R13
	ADCQ $0, R14
	MOVQ 24(SI), R8
	MOVQ 24(DI), AX
	MULQ R8
	ADDQ AX, R9
	ADCQ DX, R10
	ADCQ $0, R11
	MOVQ 24(BX), AX
	MULQ R8
	ADDQ AX, R12
	ADCQ DX, R13
	ADCQ $0, R14
	ADDQ $32, SI
	ADDQ $32, DI
	ADDQ $32, BX
	DECQ CX
	JNZ  loop

done:
	MOVQ out+72(FP), AX
	MOVQ R9, 0(AX)
	MOVQ R10, 8(AX)
	MOVQ R11, 16(AX)
	MOVQ R12, 24(AX)
	MOVQ R13, 32(AX)
	MOVQ R14, 40(AX)
	RET
