//go:build amd64 && !purego

#include "textflag.h"

// func sieveSpanAsm(sv *byte, size, start int, primes []uint32, logs []uint8, next [][2]uint32)
//
// R8 the span, R9 start, SI primes, DI logs, DX next, CX the count; for
// each prime R10 = p, R11 = its logarithm, R12 ≤ R13 the two positions
// j1 ≤ j2 relative to the span, R14 = sv + p, R15 = size − p, BX = 2p.
TEXT ·sieveSpanAsm(SB), NOSPLIT, $0-96
	MOVQ sv+0(FP), R8
	MOVQ start+16(FP), R9
	MOVQ primes_base+24(FP), SI
	MOVQ primes_len+32(FP), CX
	MOVQ logs_base+48(FP), DI
	MOVQ next_base+72(FP), DX
	TESTQ CX, CX
	JEQ done

prime:
	MOVL (SI), R10
	MOVBLZX (DI), R11
	MOVL (DX), R12
	MOVL 4(DX), R13
	SUBQ R9, R12
	SUBQ R9, R13
	// Order the two positions: j1 ≤ j2 < j1 + p.
	MOVQ R12, AX
	CMPQ R13, R12
	CMOVQLT R13, R12
	CMOVQLT AX, R13
	LEAQ (R8)(R10*1), R14
	MOVQ size+8(FP), R15
	SUBQ R10, R15
	LEAQ (R10)(R10*1), BX
	CMPQ R13, R15
	JGE tail

four:
	// Four hits while j2 + p < size.
	ADDB R11, (R8)(R12*1)
	ADDB R11, (R8)(R13*1)
	ADDB R11, (R14)(R12*1)
	ADDB R11, (R14)(R13*1)
	ADDQ BX, R12
	ADDQ BX, R13
	CMPQ R13, R15
	JLT four

tail:
	// Two hits when j2 < size, then one when j1 still is: AX is all ones
	// when they fall in the span, and a miss adds 0 at its first byte.
	MOVQ size+8(FP), R15
	MOVQ R13, AX
	SUBQ R15, AX
	SARQ $63, AX
	MOVQ R11, BX
	ANDQ AX, BX
	MOVQ R12, R14
	ANDQ AX, R14
	ADDB BX, (R8)(R14*1)
	MOVQ R13, R14
	ANDQ AX, R14
	ADDB BX, (R8)(R14*1)
	ANDQ R10, AX
	ADDQ AX, R12
	ADDQ AX, R13
	MOVQ R12, AX
	SUBQ R15, AX
	SARQ $63, AX
	MOVQ R11, BX
	ANDQ AX, BX
	MOVQ R12, R14
	ANDQ AX, R14
	ADDB BX, (R8)(R14*1)
	ANDQ R10, AX
	ADDQ AX, R12
	ADDQ R9, R12
	ADDQ R9, R13
	MOVL R12, (DX)
	MOVL R13, 4(DX)
	ADDQ $4, SI
	INCQ DI
	ADDQ $8, DX
	DECQ CX
	JNE prime

done:
	RET

// func sieveRunAsm(sv *[siqsMaxSieve]byte, n uint32, large []uint64, k, first, h int, primes []uint32, logs []uint8, roots [][2]uint32, delta []uint32, sub bool) int
//
// R10 the list, R11 k, CX the prime's index i, SI primes, DI logs, DX
// roots, R14 delta, R12 = sv − tag with tag = (first + i)<<32; for each
// prime AX = p, BX its logarithm, R13 and R15 the roots, from the sure
// turns on as tag | root, so that (R12)(R13*1) is the root's byte and
// R13 the list's entry, and R9 the count of turns.
TEXT ·sieveRunAsm(SB), NOSPLIT, $0-176
	MOVQ large_base+16(FP), R10
	MOVQ k+40(FP), R11
	MOVQ first+48(FP), R9
	SHLQ $32, R9
	MOVQ sv+0(FP), R12
	SUBQ R9, R12
	MOVQ primes_base+64(FP), SI
	MOVQ logs_base+88(FP), DI
	MOVQ roots_base+112(FP), DX
	MOVQ delta_base+136(FP), R14
	XORQ CX, CX
	CMPQ CX, primes_len+72(FP)
	JGE done

prime:
	// The roots move by d = delta[i], or p − d when sub is set, as
	// r + d − p, plus p when that is negative.
	MOVL (SI)(CX*4), AX
	MOVL (R14)(CX*4), R9
	CMPB sub+160(FP), $0
	JEQ move
	NEGL R9
	ADDL AX, R9

move:
	MOVL (DX)(CX*8), R13
	MOVL 4(DX)(CX*8), R15
	ADDL R9, R13
	SUBL AX, R13
	ADDL R9, R15
	SUBL AX, R15
	MOVL R13, R9
	SARL $31, R9
	ANDL AX, R9
	ADDL R9, R13
	MOVL R15, R9
	SARL $31, R9
	ANDL AX, R9
	ADDL R9, R15
	MOVL R13, (DX)(CX*8)
	MOVL R15, 4(DX)(CX*8)
	MOVBLZX (DI)(CX*1), BX
	MOVQ sv+0(FP), R9
	SUBQ R12, R9
	ORQ R9, R13
	ORQ R9, R15
	MOVQ h+56(FP), R9
	DECQ R9
	JLE tails

turn:
	// The h − 1 turns that hit for sure.
	ADDB BX, (R12)(R13*1)
	ADDB BX, (R12)(R15*1)
	MOVQ R13, (R10)(R11*8)
	MOVQ R15, 8(R10)(R11*8)
	ADDQ $2, R11
	ADDQ AX, R13
	ADDQ AX, R15
	DECQ R9
	JNE turn

tails:
	// The last hit of each root, if below n: listed at k, which moves
	// on only then (the carry of root − n), and its logarithm added, or
	// 0 at the sieve's first byte for a miss.
	MOVQ sv+0(FP), R8
	MOVQ R13, (R10)(R11*8)
	CMPL R13, n+8(FP)
	SBBQ AX, AX
	ADCQ $0, R11
	MOVL R13, R9
	ANDQ AX, R9
	ANDQ BX, AX
	ADDB AX, (R8)(R9*1)
	MOVQ R15, (R10)(R11*8)
	CMPL R15, n+8(FP)
	SBBQ AX, AX
	ADCQ $0, R11
	MOVL R15, R9
	ANDQ AX, R9
	ANDQ BX, AX
	ADDB AX, (R8)(R9*1)
	MOVQ $0x100000000, R9
	SUBQ R9, R12
	INCQ CX
	CMPQ CX, primes_len+72(FP)
	JLT prime

done:
	MOVQ R11, ret+168(FP)
	RET
