//go:build amd64 && !purego

#include "textflag.h"

// func sieveSpanAsm(sv *byte, size, mask, start int, primes []uint32, logs []uint8, next [][2]uint32)
//
// R8 the span, R9 start, SI primes, DI logs, DX next, CX the count; for
// each prime R10 = p, R11 = its logarithm, R12 ≤ R13 the two positions
// j1 ≤ j2 relative to the span, R14 = sv + p, R15 = size − p, BX = 2p.
TEXT ·sieveSpanAsm(SB), NOSPLIT, $0-104
	MOVQ sv+0(FP), R8
	MOVQ start+24(FP), R9
	MOVQ primes_base+32(FP), SI
	MOVQ primes_len+40(FP), CX
	MOVQ logs_base+56(FP), DI
	MOVQ next_base+80(FP), DX
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
	// when they fall in the span, and a miss adds 0 at its index masked
	// (at scattered bytes, not to one byte, which would chain the
	// misses' additions through memory).
	MOVQ size+8(FP), R15
	MOVQ R13, AX
	SUBQ R15, AX
	SARQ $63, AX
	MOVQ R11, BX
	ANDQ AX, BX
	MOVQ R12, R14
	ANDQ mask+16(FP), R14
	ADDB BX, (R8)(R14*1)
	MOVQ R13, R14
	ANDQ mask+16(FP), R14
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
	ANDQ mask+16(FP), R14
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

// func moveRootsAsm(roots [][2]uint32, primes []uint32, delta []uint32, sub bool)
//
// Two primes a turn in SSE2: X1 = p₀ p₀ p₁ p₁, X2 the same of delta, X0
// their four roots. Without sub each root becomes r + d − p, with sub
// r − d, and then gains p where that is negative (the sign spread by an
// arithmetic shift masks p). len(primes) is even.
TEXT ·moveRootsAsm(SB), NOSPLIT, $0-73
	MOVQ roots_base+0(FP), DI
	MOVQ primes_base+24(FP), SI
	MOVQ primes_len+32(FP), CX
	MOVQ delta_base+48(FP), DX
	SHRQ $1, CX
	JEQ moved
	CMPB sub+72(FP), $0
	JNE back

forward:
	MOVQ (SI), X1
	PUNPCKLLQ X1, X1
	MOVQ (DX), X2
	PUNPCKLLQ X2, X2
	MOVOU (DI), X0
	PADDL X2, X0
	PSUBL X1, X0
	MOVO X0, X3
	PSRAL $31, X3
	PAND X1, X3
	PADDL X3, X0
	MOVOU X0, (DI)
	ADDQ $16, DI
	ADDQ $8, SI
	ADDQ $8, DX
	DECQ CX
	JNE forward
	RET

back:
	MOVQ (SI), X1
	PUNPCKLLQ X1, X1
	MOVQ (DX), X2
	PUNPCKLLQ X2, X2
	MOVOU (DI), X0
	PSUBL X2, X0
	MOVO X0, X3
	PSRAL $31, X3
	PAND X1, X3
	PADDL X3, X0
	MOVOU X0, (DI)
	ADDQ $16, DI
	ADDQ $8, SI
	ADDQ $8, DX
	DECQ CX
	JNE back

moved:
	RET

// func sieveOnceAsm(sv *[siqsMaxSieve]byte, n uint32, large []uint64, k, first int, logs []uint8, roots [][2]uint32) int
//
// R8 the sieve, R14 n, R10 the list, R11 k, R12 the tag (first + i)<<32,
// DI logs, DX roots (already moved, moveRootsAsm), SI their count, CX the
// prime's index i; for each prime BX its logarithm, R13 and R15 its
// roots. Each root is listed at k as tag | root, k moving on only when
// the root is below n (the carry of root − n), and its logarithm added,
// or 0 for a miss at the root's bits under siqsMissMask (at scattered
// bytes, not to one, which would chain the misses' additions through
// memory, and in the interval, not past it, where they would keep bytes
// no hit touches in the caches).
TEXT ·sieveOnceAsm(SB), NOSPLIT, $0-112
	MOVQ sv+0(FP), R8
	MOVL n+8(FP), R14
	MOVQ large_base+16(FP), R10
	MOVQ k+40(FP), R11
	MOVQ first+48(FP), R12
	SHLQ $32, R12
	MOVQ logs_base+56(FP), DI
	MOVQ logs_len+64(FP), SI
	MOVQ roots_base+80(FP), DX
	XORQ CX, CX
	TESTQ SI, SI
	JEQ oncedone

onceprime:
	MOVBLZX (DI)(CX*1), BX
	MOVL (DX)(CX*8), R13
	MOVL 4(DX)(CX*8), R15
	MOVQ R13, AX
	ORQ R12, AX
	MOVQ AX, (R10)(R11*8)
	CMPL R13, R14
	SBBL R9, R9
	ADCQ $0, R11
	MOVL R9, AX
	ORL $0x7fff, AX
	ANDL R13, AX
	ANDL BX, R9
	ADDB R9, (R8)(AX*1)
	MOVQ R15, AX
	ORQ R12, AX
	MOVQ AX, (R10)(R11*8)
	CMPL R15, R14
	SBBL R9, R9
	ADCQ $0, R11
	MOVL R9, AX
	ORL $0x7fff, AX
	ANDL R15, AX
	ANDL BX, R9
	ADDB R9, (R8)(AX*1)
	MOVQ $0x100000000, R9
	ADDQ R9, R12
	INCQ CX
	CMPQ CX, SI
	JLT onceprime

oncedone:
	MOVQ R11, ret+104(FP)
	RET

// func rootMatchesAsm(at []uint64, primes []uint32, magic []uint64, roots [][2]uint32, match []uint64)
//
// AX the positions, BX their count, DI primes, R9 magic, CX roots, SI the
// prime's index; for each prime R8 = p, R10 its magic, R11 and R12 its
// roots, R15 the bits found, R13 the position's index k; R14 the
// position, then its residue, DX the quotient's estimate.
TEXT ·rootMatchesAsm(SB), NOSPLIT, $0-120
	MOVQ at_base+0(FP), AX
	MOVQ at_len+8(FP), BX
	MOVQ primes_base+24(FP), DI
	MOVQ magic_base+48(FP), R9
	MOVQ roots_base+72(FP), CX
	XORQ SI, SI
	CMPQ SI, primes_len+32(FP)
	JGE matched

prime:
	MOVL (DI)(SI*4), R8
	MOVQ (R9)(SI*8), R10
	MOVL (CX)(SI*8), R11
	MOVL 4(CX)(SI*8), R12
	XORQ R15, R15
	XORQ R13, R13
	TESTQ BX, BX
	JEQ store

position:
	// j mod p = j − p·⌊j·magic / 2^44⌋.
	MOVQ (AX)(R13*8), R14
	MOVQ R14, DX
	IMULQ R10, DX
	SHRQ $44, DX
	IMULQ R8, DX
	SUBQ DX, R14
	CMPL R14, R11
	JEQ hit
	CMPL R14, R12
	JEQ hit

next:
	INCQ R13
	CMPQ R13, BX
	JLT position

store:
	MOVQ match_base+96(FP), DX
	MOVQ R15, (DX)(SI*8)
	INCQ SI
	CMPQ SI, primes_len+32(FP)
	JLT prime

matched:
	RET

hit:
	BTSQ R13, R15
	JMP next

// func rootMatchesAVX2(at []uint64, primes []uint32, roots [][2]uint32, match []uint64)
//
// The primes eight at a time (len(primes) a multiple of 8), their 16
// roots in Y8 and Y9, each root's prime as a float32 in Y10 and Y11 (0
// for a root past every position: a prime of A), and its reciprocal in
// Y12 and Y13. For each position j (in Y0, broadcast) d = j − r is
// divisible by p exactly when round(d·(1/p))·p = d in float32 (VROUNDPS
// to the nearest integer): |d| <
// 2^18 and |q·p| < 2^24 are exact, and the quotient's error is below
// 2^−9. AX the positions, BX their count, DI primes, CX roots, R9 match,
// SI the group's first prime, R8 the primes' count, R13 the position's
// index.
TEXT ·rootMatchesAVX2(SB), NOSPLIT, $0-96
	MOVQ at_base+0(FP), AX
	MOVQ at_len+8(FP), BX
	MOVQ primes_base+24(FP), DI
	MOVQ primes_len+32(FP), R8
	MOVQ roots_base+48(FP), CX
	MOVQ match_base+72(FP), R9
	MOVL $0x3f800000, DX
	VMOVD DX, X14
	VBROADCASTSS X14, Y14
	VPXOR Y15, Y15, Y15
	XORQ SI, SI
	CMPQ SI, R8
	JGE avxdone

avxgroup:
	VMOVDQU (CX)(SI*8), Y8
	VMOVDQU 32(CX)(SI*8), Y9
	// Each prime twice, as its two roots lie: p0 p0 p1 p1 | p2 p2 p3 p3.
	VPMOVZXDQ (DI)(SI*4), Y10
	VPMOVZXDQ 16(DI)(SI*4), Y11
	VPSHUFD $0xA0, Y10, Y10
	VPSHUFD $0xA0, Y11, Y11
	VCVTDQ2PS Y10, Y10
	VCVTDQ2PS Y11, Y11
	VDIVPS Y10, Y14, Y12
	VDIVPS Y11, Y14, Y13
	// A root of 2^18 or more is no position's: its prime becomes 0.
	VPSRLD $18, Y8, Y6
	VPSRLD $18, Y9, Y7
	VPCMPEQD Y15, Y6, Y6
	VPCMPEQD Y15, Y7, Y7
	VANDPS Y6, Y10, Y10
	VANDPS Y7, Y11, Y11
	VMOVDQU Y15, (R9)(SI*8)
	VMOVDQU Y15, 32(R9)(SI*8)
	XORQ R13, R13
	TESTQ BX, BX
	JEQ avxnextgroup

avxposition:
	VPBROADCASTD (AX)(R13*8), Y0
	VPSUBD Y8, Y0, Y1
	VPSUBD Y9, Y0, Y2
	VCVTDQ2PS Y1, Y1
	VCVTDQ2PS Y2, Y2
	VMULPS Y12, Y1, Y3
	VMULPS Y13, Y2, Y4
	VROUNDPS $0, Y3, Y3
	VROUNDPS $0, Y4, Y4
	VMULPS Y10, Y3, Y3
	VMULPS Y11, Y4, Y4
	VCMPPS $0, Y1, Y3, Y3
	VCMPPS $0, Y2, Y4, Y4
	VORPS Y3, Y4, Y5
	VPTEST Y5, Y5
	JNE avxhit

avxnext:
	INCQ R13
	CMPQ R13, BX
	JLT avxposition

avxnextgroup:
	ADDQ $8, SI
	CMPQ SI, R8
	JLT avxgroup

avxdone:
	VZEROUPPER
	RET

avxhit:
	// Bit b of the mask is root b mod 2 of prime SI + b/2.
	VMOVMSKPS Y3, DX
	VMOVMSKPS Y4, R10
	SHLL $8, R10
	ORL R10, DX

avxbit:
	BSFL DX, R11
	SHRL $1, R11
	ADDQ SI, R11
	MOVQ (R9)(R11*8), R12
	BTSQ R13, R12
	MOVQ R12, (R9)(R11*8)
	LEAL -1(DX), R12
	ANDL R12, DX
	JNE avxbit
	JMP avxnext

// func sieveHitsAsm(sv *[siqsMaxSieve]byte, n uint32, h int, primes []uint32, logs []uint8, roots [][2]uint32)
//
// SI primes, DI logs, DX roots, CX the prime's index, R8 the sieve, R14
// n; for each prime AX = p, BX its logarithm, R13 and R15 its roots, R9
// the turns left. The h − 1 turns that hit for sure, then the last one
// of each root if below n, as sieveOnceAsm adds its one, with no list.
TEXT ·sieveHitsAsm(SB), NOSPLIT, $0-96
	MOVQ sv+0(FP), R8
	MOVL n+8(FP), R14
	MOVQ primes_base+24(FP), SI
	MOVQ logs_base+48(FP), DI
	MOVQ roots_base+72(FP), DX
	XORQ CX, CX
	CMPQ CX, primes_len+32(FP)
	JGE hitsdone

hitsprime:
	MOVL (SI)(CX*4), AX
	MOVL (DX)(CX*8), R13
	MOVL 4(DX)(CX*8), R15
	MOVBLZX (DI)(CX*1), BX
	MOVQ h+16(FP), R9
	DECQ R9
	JLE hitstails

hitsturn:
	ADDB BX, (R8)(R13*1)
	ADDB BX, (R8)(R15*1)
	ADDQ AX, R13
	ADDQ AX, R15
	DECQ R9
	JNE hitsturn

hitstails:
	CMPL R13, R14
	SBBL R10, R10
	MOVL R10, R9
	ORL $0x7fff, R9
	ANDL R13, R9
	ANDL BX, R10
	ADDB R10, (R8)(R9*1)
	CMPL R15, R14
	SBBL R10, R10
	MOVL R10, R9
	ORL $0x7fff, R9
	ANDL R15, R9
	ANDL BX, R10
	ADDB R10, (R8)(R9*1)
	INCQ CX
	CMPQ CX, primes_len+32(FP)
	JLT hitsprime

hitsdone:
	RET

// func moveRootsAVX2(roots [][2]uint32, primes []uint32, delta []uint32, sub bool)
//
// moveRootsAsm four primes a turn in AVX2: Y1 = p₀ p₀ p₁ p₁ p₂ p₂ p₃ p₃
// (each prime zero-extended to a quadword, then or-ed with itself
// shifted up), Y2 the same of delta, Y0 their eight roots.
// len(primes) is a multiple of 4.
TEXT ·moveRootsAVX2(SB), NOSPLIT, $0-73
	MOVQ roots_base+0(FP), DI
	MOVQ primes_base+24(FP), SI
	MOVQ primes_len+32(FP), CX
	MOVQ delta_base+48(FP), DX
	SHRQ $2, CX
	JEQ avxmoved
	CMPB sub+72(FP), $0
	JNE avxback

avxforward:
	VPMOVZXDQ (SI), Y1
	VPSLLQ $32, Y1, Y3
	VPOR Y3, Y1, Y1
	VPMOVZXDQ (DX), Y2
	VPSLLQ $32, Y2, Y3
	VPOR Y3, Y2, Y2
	VMOVDQU (DI), Y0
	VPADDD Y2, Y0, Y0
	VPSUBD Y1, Y0, Y0
	VPSRAD $31, Y0, Y3
	VPAND Y1, Y3, Y3
	VPADDD Y3, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	ADDQ $16, SI
	ADDQ $16, DX
	DECQ CX
	JNE avxforward
	VZEROUPPER
	RET

avxback:
	VPMOVZXDQ (SI), Y1
	VPSLLQ $32, Y1, Y3
	VPOR Y3, Y1, Y1
	VPMOVZXDQ (DX), Y2
	VPSLLQ $32, Y2, Y3
	VPOR Y3, Y2, Y2
	VMOVDQU (DI), Y0
	VPSUBD Y2, Y0, Y0
	VPSRAD $31, Y0, Y3
	VPAND Y1, Y3, Y3
	VPADDD Y3, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	ADDQ $16, SI
	ADDQ $16, DX
	DECQ CX
	JNE avxback
	VZEROUPPER

avxmoved:
	RET

// func scanFlagsAVX2(sv *byte, n int, base uint32, out []uint32) int
//
// SI the bytes, CX n (a multiple of 64), DX the offset, R8 base, DI out,
// R9 its length, R10 the positions written. Each 64 bytes are two
// VPMOVMSKB masks of their top bits, joined in AX; a set bit's offset is
// found by TZCNT and the bit cleared by BLSR.
TEXT ·scanFlagsAVX2(SB), NOSPLIT, $0-56
	MOVQ sv+0(FP), SI
	MOVQ n+8(FP), CX
	MOVL base+16(FP), R8
	MOVQ out_base+24(FP), DI
	MOVQ out_len+32(FP), R9
	XORQ R10, R10
	XORQ DX, DX

scan:
	CMPQ DX, CX
	JGE scanned
	VMOVDQU (SI)(DX*1), Y0
	VMOVDQU 32(SI)(DX*1), Y1
	VPMOVMSKB Y0, AX
	VPMOVMSKB Y1, BX
	SHLQ $32, BX
	ORQ BX, AX
	JNE flagged
	ADDQ $64, DX
	JMP scan

flagged:
	CMPQ R10, R9
	JGE full
	TZCNTQ AX, BX
	ADDQ DX, BX
	ADDL R8, BX
	MOVL BX, (DI)(R10*4)
	INCQ R10
	BLSRQ AX, AX
	JNE flagged
	ADDQ $64, DX
	JMP scan

full:
	// out is full: the scan ends.
scanned:
	VZEROUPPER
	MOVQ R10, ret+48(FP)
	RET

// func rootMatchesAVX512(at []uint64, primes []uint32, roots [][2]uint32, match []uint64)
//
// rootMatchesAVX2 sixteen primes at a time in AVX-512 registers
// (len(primes) a multiple of 16): their 32 roots in Z8 and Z9, each
// root's prime as a float32 in Z10 and Z11 (0 for a root past every
// position), the reciprocals in Z12 and Z13, the equalities in K1 and K2.
// AX the positions, BX their count, DI primes, CX roots, R9 match, SI the
// group's first prime, R8 the primes' count, R13 the position's index.
TEXT ·rootMatchesAVX512(SB), NOSPLIT, $0-96
	MOVQ at_base+0(FP), AX
	MOVQ at_len+8(FP), BX
	MOVQ primes_base+24(FP), DI
	MOVQ primes_len+32(FP), R8
	MOVQ roots_base+48(FP), CX
	MOVQ match_base+72(FP), R9
	MOVL $0x3f800000, DX
	VPBROADCASTD DX, Z14
	VPXORD Z15, Z15, Z15
	XORQ SI, SI
	CMPQ SI, R8
	JGE zdone

zgroup:
	VMOVDQU32 (CX)(SI*8), Z8
	VMOVDQU32 64(CX)(SI*8), Z9
	// Each prime twice, as its two roots lie.
	VPMOVZXDQ (DI)(SI*4), Z10
	VPMOVZXDQ 32(DI)(SI*4), Z11
	VPSHUFD $0xA0, Z10, Z10
	VPSHUFD $0xA0, Z11, Z11
	VCVTDQ2PS Z10, Z10
	VCVTDQ2PS Z11, Z11
	VDIVPS Z10, Z14, Z12
	VDIVPS Z11, Z14, Z13
	// A root of 2^18 or more is no position's: its prime becomes 0.
	VPSRLD $18, Z8, Z6
	VPSRLD $18, Z9, Z7
	VPCMPEQD Z15, Z6, K3
	VPCMPEQD Z15, Z7, K4
	VMOVAPS.Z Z10, K3, Z10
	VMOVAPS.Z Z11, K4, Z11
	VMOVDQU64 Z15, (R9)(SI*8)
	VMOVDQU64 Z15, 64(R9)(SI*8)
	XORQ R13, R13
	TESTQ BX, BX
	JEQ znextgroup

zposition:
	VPBROADCASTD (AX)(R13*8), Z0
	VPSUBD Z8, Z0, Z1
	VPSUBD Z9, Z0, Z2
	VCVTDQ2PS Z1, Z1
	VCVTDQ2PS Z2, Z2
	VMULPS Z12, Z1, Z3
	VMULPS Z13, Z2, Z4
	VRNDSCALEPS $0, Z3, Z3
	VRNDSCALEPS $0, Z4, Z4
	VMULPS Z10, Z3, Z3
	VMULPS Z11, Z4, Z4
	VCMPPS $0, Z1, Z3, K1
	VCMPPS $0, Z2, Z4, K2
	KORTESTW K1, K2
	JNE zhit

znext:
	INCQ R13
	CMPQ R13, BX
	JLT zposition

znextgroup:
	ADDQ $16, SI
	CMPQ SI, R8
	JLT zgroup

zdone:
	VZEROUPPER
	RET

zhit:
	// Bit b of the mask is root b mod 2 of prime SI + b/2.
	KMOVW K1, DX
	KMOVW K2, R10
	SHLL $16, R10
	ORL R10, DX

zbit:
	BSFL DX, R11
	SHRL $1, R11
	ADDQ SI, R11
	MOVQ (R9)(R11*8), R12
	BTSQ R13, R12
	MOVQ R12, (R9)(R11*8)
	LEAL -1(DX), R12
	ANDL R12, DX
	JNE zbit
	JMP znext

// func largeMatchesAVX512(list []uint64, bitsOf *[siqsMaxSieve / 64]uint64, out []uint64) int
//
// largeMatchesGo eight entries a turn (len(list) a multiple of 8), out
// of room for all of them: their positions (the low halves, VPMOVQD) in
// Y1, the 32-bit words of the bitmap that hold them gathered into Y3
// (indices masked to the bitmap of siqsMaxSieve = 2^18 bits), each shifted right by its position
// mod 32, bit 0 tested into K2. SI the list, CX its length, R8 the
// bitmap, DI out, R10 the entries written, DX the turn's first entry.
TEXT ·largeMatchesAVX512(SB), NOSPLIT, $0-64
	MOVQ list_base+0(FP), SI
	MOVQ list_len+8(FP), CX
	MOVQ bitsOf+24(FP), R8
	MOVQ out_base+32(FP), DI
	XORQ R10, R10
	XORQ DX, DX
	MOVL $31, AX
	VPBROADCASTD AX, Y4
	MOVL $8191, AX
	VPBROADCASTD AX, Y5
	MOVL $1, AX
	VPBROADCASTD AX, Y6
	CMPQ DX, CX
	JGE lmdone

lmturn:
	VMOVDQU64 (SI)(DX*8), Z0
	VPMOVQD Z0, Y1
	VPSRLD $5, Y1, Y2
	VPANDD Y5, Y2, Y2
	VPANDD Y4, Y1, Y1
	KXNORW K1, K1, K1
	VPXORD Y3, Y3, Y3
	VPGATHERDD (R8)(Y2*4), K1, Y3
	VPSRLVD Y1, Y3, Y3
	VPTESTMD Y6, Y3, K2
	KORTESTW K2, K2
	JNE lmhit

lmnext:
	ADDQ $8, DX
	CMPQ DX, CX
	JLT lmturn

lmdone:
	VZEROUPPER
	MOVQ R10, ret+56(FP)
	RET

lmhit:
	KMOVW K2, AX

lmbit:
	BSFL AX, BX
	ADDQ DX, BX
	MOVQ (SI)(BX*8), R11
	MOVQ R11, (DI)(R10*8)
	INCQ R10
	LEAL -1(AX), BX
	ANDL BX, AX
	JNE lmbit
	JMP lmnext

// func moveRootsAVX512(roots [][2]uint32, primes []uint32, delta []uint32, sub bool)
//
// moveRootsAVX512 is moveRootsAsm eight primes a turn in AVX-512 registers: Z1 the primes
// and Z2 the steps, each twice, Z0 their sixteen roots. len(primes) is a
// multiple of 8.
TEXT ·moveRootsAVX512(SB), NOSPLIT, $0-73
	MOVQ roots_base+0(FP), DI
	MOVQ primes_base+24(FP), SI
	MOVQ primes_len+32(FP), CX
	MOVQ delta_base+48(FP), DX
	SHRQ $3, CX
	JEQ zmoved
	CMPB sub+72(FP), $0
	JNE zback

zforward:
	VPMOVZXDQ (SI), Z1
	VPSLLQ $32, Z1, Z3
	VPORQ Z3, Z1, Z1
	VPMOVZXDQ (DX), Z2
	VPSLLQ $32, Z2, Z3
	VPORQ Z3, Z2, Z2
	VMOVDQU32 (DI), Z0
	VPADDD Z2, Z0, Z0
	VPSUBD Z1, Z0, Z0
	VPSRAD $31, Z0, Z3
	VPANDD Z1, Z3, Z3
	VPADDD Z3, Z0, Z0
	VMOVDQU32 Z0, (DI)
	ADDQ $64, DI
	ADDQ $32, SI
	ADDQ $32, DX
	DECQ CX
	JNE zforward
	VZEROUPPER
	RET

zback:
	VPMOVZXDQ (SI), Z1
	VPSLLQ $32, Z1, Z3
	VPORQ Z3, Z1, Z1
	VPMOVZXDQ (DX), Z2
	VPSLLQ $32, Z2, Z3
	VPORQ Z3, Z2, Z2
	VMOVDQU32 (DI), Z0
	VPSUBD Z2, Z0, Z0
	VPSRAD $31, Z0, Z3
	VPANDD Z1, Z3, Z3
	VPADDD Z3, Z0, Z0
	VMOVDQU32 Z0, (DI)
	ADDQ $64, DI
	ADDQ $32, SI
	ADDQ $32, DX
	DECQ CX
	JNE zback
	VZEROUPPER

zmoved:
	RET
