//go:build amd64 && !purego

#include "textflag.h"

// func sieveBlockAsm(blk *[siqsBlock]byte, start int, primes []uint32, logs []uint8, next [][2]uint32)
//
// R8 the block, R9 start, SI primes, DI logs, DX next, CX the count; for
// each prime R10 = p, R11 = its logarithm, R12 ≤ R13 the two positions
// j1 ≤ j2 relative to the block, R14 = blk + p, R15 = siqsBlock − p,
// BX = 2p.
TEXT ·sieveBlockAsm(SB), NOSPLIT, $0-88
	MOVQ blk+0(FP), R8
	MOVQ start+8(FP), R9
	MOVQ primes_base+16(FP), SI
	MOVQ primes_len+24(FP), CX
	MOVQ logs_base+40(FP), DI
	MOVQ next_base+64(FP), DX
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
	MOVQ $32768, R15
	SUBQ R10, R15
	LEAQ (R10)(R10*1), BX
	CMPQ R13, R15
	JGE tail

four:
	// Four hits while j2 + p < siqsBlock.
	ADDB R11, (R8)(R12*1)
	ADDB R11, (R8)(R13*1)
	ADDB R11, (R14)(R12*1)
	ADDB R11, (R14)(R13*1)
	ADDQ BX, R12
	ADDQ BX, R13
	CMPQ R13, R15
	JLT four

tail:
	// Two hits when j2 < siqsBlock, then one when j1 still is: AX is
	// all ones when they fall in the block, and a miss adds 0 at the
	// masked index.
	MOVQ R13, AX
	SUBQ $32768, AX
	SARQ $63, AX
	MOVQ R11, BX
	ANDQ AX, BX
	MOVQ R12, R14
	ANDQ $32767, R14
	ADDB BX, (R8)(R14*1)
	MOVQ R13, R14
	ANDQ $32767, R14
	ADDB BX, (R8)(R14*1)
	ANDQ R10, AX
	ADDQ AX, R12
	ADDQ AX, R13
	MOVQ R12, AX
	SUBQ $32768, AX
	SARQ $63, AX
	MOVQ R11, BX
	ANDQ AX, BX
	MOVQ R12, R14
	ANDQ $32767, R14
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
