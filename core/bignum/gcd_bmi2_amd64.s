//go:build amd64 && !purego

#include "textflag.h"

// func cpuid(leaf uint32) (eax, ebx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-16
	MOVL leaf+0(FP), AX
	MOVL $0, CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	RET

// func subMulPairMulx(x, y []big.Word, a, b, c, d uint64)
//
// subMulPairAsm (gcd_amd64.s) with BMI2's MULX, which takes its
// multiplicand in DX and leaves the flags alone: the four entries stay
// in registers, x_i and y_i are each loaded into DX once for both of
// their products, and no product is moved out of AX:DX. Each row's value
// a·x_i − b·y_i plus the signed carry of the word below is a
// two's-complement 128-bit number whose high word, below 2^62 in size,
// is the next carry; x_i is reloaded for d·x_i just before its word is
// overwritten.
TEXT ·subMulPairMulx(SB), NOSPLIT, $0-80
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	MOVQ y_base+24(FP), DI
	MOVQ a+48(FP), R8
	MOVQ b+56(FP), R9
	MOVQ c+64(FP), R10
	MOVQ d+72(FP), R11
	XORQ R12, R12 // x's carry, a signed word
	XORQ R13, R13 // y's carry
subloop:
	MOVQ (SI), DX
	MULXQ R8, AX, R14 // a·x_i
	MOVQ (DI), DX
	MULXQ R9, BX, R15 // b·y_i
	SUBQ BX, AX
	SBBQ R15, R14
	MOVQ R12, BX
	SARQ $63, BX
	ADDQ R12, AX
	ADCQ BX, R14
	MULXQ R10, BX, R15 // c·y_i, DX still y_i
	MOVQ (SI), DX
	MOVQ AX, (SI)
	MOVQ R14, R12
	MULXQ R11, AX, R14 // d·x_i
	SUBQ AX, BX
	SBBQ R14, R15
	MOVQ R13, AX
	SARQ $63, AX
	ADDQ R13, BX
	ADCQ AX, R15
	MOVQ BX, (DI)
	MOVQ R15, R13
	ADDQ $8, SI
	ADDQ $8, DI
	DECQ CX
	JNZ subloop
	RET

// func addMulPairMulx(u, v []big.Word, w0, w1, w2, w3 uint64)
//
// addMulPairAsm (gcd_amd64.s) with MULX: (u, v) ← (w0·u + w2·v,
// w1·u + w3·v), the entries in registers and u_i, v_i each loaded into
// DX once for both of their products.
TEXT ·addMulPairMulx(SB), NOSPLIT, $0-80
	MOVQ u_base+0(FP), SI
	MOVQ u_len+8(FP), CX
	MOVQ v_base+24(FP), DI
	MOVQ w0+48(FP), R8
	MOVQ w1+56(FP), R9
	MOVQ w2+64(FP), R10
	MOVQ w3+72(FP), R11
	XORQ R12, R12 // u's carry
	XORQ R13, R13 // v's carry
addloop:
	MOVQ (SI), DX
	MULXQ R8, AX, R14 // w0·u_i
	MULXQ R9, BX, R15 // w1·u_i
	ADDQ R12, AX
	ADCQ $0, R14
	ADDQ R13, BX
	ADCQ $0, R15
	MOVQ (DI), DX
	MULXQ R10, R12, R13 // w2·v_i
	ADDQ R12, AX
	ADCQ R13, R14
	MOVQ AX, (SI)
	MOVQ R14, R12
	MULXQ R11, AX, R13 // w3·v_i
	ADDQ AX, BX
	ADCQ R15, R13
	MOVQ BX, (DI)
	ADDQ $8, SI
	ADDQ $8, DI
	DECQ CX
	JNZ addloop
	RET
