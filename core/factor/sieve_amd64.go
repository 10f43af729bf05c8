//go:build amd64 && !purego

package factor

import (
	"math/bits"
	"slices"

	"golang.org/x/sys/cpu"
)

// sieveBlock is sieveBlockGo with its loop in sieve_amd64.s
// (sieveSpanAsm): the same steps, with each hit one add to memory (the
// compiled loop loads, adds and stores separately and masks every index)
// and the four-hit loop's bound, siqsBlock − p, kept in a register.
func sieveBlock(blk *[siqsBlock]byte, start int, primes []uint32, logs []uint8, next [][2]uint32) {
	sieveSpanAsm(&blk[0], siqsBlock, siqsBlock-1, start, primes, logs[:len(primes)], next[:len(primes)])
}

// sieveSpan is sieveSpanGo on sieveSpanAsm, as sieveBlock is.
func sieveSpan(sv *[siqsMaxSieve]byte, size int, primes []uint32, logs []uint8, next [][2]uint32) {
	if size <= 0 || size > siqsMaxSieve {
		panic("factor: a span of the sieve must be of 1 to siqsMaxSieve bytes")
	}
	// A miss adds 0 at its position under the least mask of all ones
	// that covers the span: within a block of the span's start for a
	// span of a power of two, not in the bytes past it.
	mask := 1<<bits.Len(uint(size-1)) - 1
	sieveSpanAsm(&sv[0], size, mask, 0, primes, logs[:len(primes)], next[:len(primes)])
}

// sieveSpanAsm adds, for each prime p = primes[i] from its positions
// next[i], at the positions below size of the span from sv that it hits
// after start, and leaves in next[i] its first positions past the span,
// as sieveBlockGo does; a miss adds 0 at its position's bits under mask,
// which must address a byte from sv and be at least size − 1.
//
//go:noescape
func sieveSpanAsm(sv *byte, size, mask, start int, primes []uint32, logs []uint8, next [][2]uint32)

// sieveOnce is sieveOnceGo in sieve_amd64.s: the roots moved four or two
// primes a turn in AVX2 or SSE2 registers (moveRoots), then the hits
// (sieveOnceAsm), each one add to memory and one store to the list. The list must hold the
// two entries a prime may write, as newWorker sizes it.
func sieveOnce(sv *[siqsMaxSieve]byte, n uint32, large []uint64, k, first int, primes []uint32, logs []uint8, roots [][2]uint32, delta []uint32, sub bool) int {
	if len(large)-k < 2*len(primes) {
		panic("factor: the large primes' hit list is too short")
	}
	roots = roots[:len(primes)]
	moveRoots(roots, primes, delta[:len(primes)], sub)
	return sieveOnceAsm(sv, n, large, k, first, logs[:len(primes)], roots)
}

// moveRoots is moveRootsGo: eights of primes in moveRootsAVX512 where
// the processor has AVX-512, fours of those left in moveRootsAVX2 where
// it has AVX2, pairs in moveRootsAsm, an odd last one here.
func moveRoots(roots [][2]uint32, primes, delta []uint32, sub bool) {
	roots, delta = roots[:len(primes)], delta[:len(primes)]
	if hasAVX512 {
		eight := len(primes) &^ 7
		moveRootsAVX512(roots[:eight], primes[:eight], delta[:eight], sub)
		roots, primes, delta = roots[eight:], primes[eight:], delta[eight:]
	}
	if cpu.X86.HasAVX2 {
		four := len(primes) &^ 3
		moveRootsAVX2(roots[:four], primes[:four], delta[:four], sub)
		roots, primes, delta = roots[four:], primes[four:], delta[four:]
	}
	even := len(primes) &^ 1
	moveRootsAsm(roots[:even], primes[:even], delta[:even], sub)
	if even < len(primes) {
		i, p := even, primes[even]
		d := delta[i]
		if sub {
			d = p - d
		}
		for j, r := range roots[i] {
			r += d - p
			roots[i][j] = r + p&uint32(int32(r)>>31)
		}
	}
}

//go:noescape
func moveRootsAVX512(roots [][2]uint32, primes []uint32, delta []uint32, sub bool)

//go:noescape
func moveRootsAVX2(roots [][2]uint32, primes []uint32, delta []uint32, sub bool)

//go:noescape
func moveRootsAsm(roots [][2]uint32, primes []uint32, delta []uint32, sub bool)

//go:noescape
func sieveOnceAsm(sv *[siqsMaxSieve]byte, n uint32, large []uint64, k, first int, logs []uint8, roots [][2]uint32) int

// rootMatchesAsm divides by the magic multipliers with a shift of 44.
const _ = uint(siqsMagicShift-44) + uint(44-siqsMagicShift)

// rootMatches is rootMatchesGo with its loops in sieve_amd64.s: sixteen
// primes at a time in AVX-512 registers (rootMatchesAVX512) where the
// processor has them, then eight in AVX2 (rootMatchesAVX2), the rest in
// rootMatchesAsm, which keeps the prime's values and the candidate's
// in registers (the compiled loop spilled them, about a fifth more
// instructions a test). On 4,400 primes from 2^15 to 2^17 and twelve
// positions (BenchmarkRootMatches, minima of four) the AVX-512 loop
// took 9.4 µs against the AVX2 loop's 30.6.
func rootMatches(at []uint64, primes []uint32, magic []uint64, roots [][2]uint32, match []uint64) {
	if len(at) > 64 {
		panic("factor: more than 64 positions to match")
	}
	roots, match = roots[:len(primes)], match[:len(primes)]
	groups := 0
	if hasAVX512 {
		groups = len(primes) &^ 15
		rootMatchesAVX512(at, primes[:groups], roots[:groups], match[:groups])
	}
	if cpu.X86.HasAVX2 {
		eights := groups + (len(primes)-groups)&^7
		rootMatchesAVX2(at, primes[groups:eights], roots[groups:eights], match[groups:eights])
		groups = eights
	}
	rootMatchesAsm(at, primes[groups:], magic[groups:len(primes)], roots[groups:], match[groups:])
}

// rootMatchesAVX2 is rootMatches eight primes at a time in AVX2 registers,
// len(primes) a multiple of 8 and every position below 2^18: j is on a
// root r of p when p divides d = j − r, told in float32 arithmetic as
// round(d·(1/p))·p = d. A root from 2^18 on matches nothing.
//
//go:noescape
func rootMatchesAVX2(at []uint64, primes []uint32, roots [][2]uint32, match []uint64)

// rootMatchesAVX512 is rootMatchesAVX2 sixteen primes at a time in
// AVX-512 registers, len(primes) a multiple of 16.
//
//go:noescape
func rootMatchesAVX512(at []uint64, primes []uint32, roots [][2]uint32, match []uint64)

// hasAVX512 is whether the processor has the AVX-512 foundation and its
// 256-bit forms (VL), which rootMatchesAVX512 and largeMatchesAVX512 use.
var hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL

// largeMatches is largeMatchesGo with its loop in sieve_amd64.s
// (largeMatchesAVX512) where the processor has AVX-512: eight entries
// a turn, their bitmap words gathered (VPGATHERDD) and their bits tested
// at once, the rare match written from the mask. The tail of fewer
// than eight entries is largeMatchesGo's.
func largeMatches(list []uint64, bitsOf *[siqsMaxSieve / 64]uint64, out []uint64) []uint64 {
	eights := len(list) &^ 7
	if !hasAVX512 || eights == 0 {
		return largeMatchesGo(list, bitsOf, out)
	}
	k := len(out)
	out = slices.Grow(out, eights)
	out = out[:k+largeMatchesAVX512(list[:eights], bitsOf, out[k:k+eights])]
	return largeMatchesGo(list[eights:], bitsOf, out)
}

// largeMatchesAVX512 masks its bitmap indices to 2^18 bits.
const _ = uint(siqsMaxSieve-1<<18) + uint(1<<18-siqsMaxSieve)

//go:noescape
func largeMatchesAVX512(list []uint64, bitsOf *[siqsMaxSieve / 64]uint64, out []uint64) int

//go:noescape
func rootMatchesAsm(at []uint64, primes []uint32, magic []uint64, roots [][2]uint32, match []uint64)

// sieveHits is sieveHitsGo in sieve_amd64.s (sieveHitsAsm): each hit one
// add to memory, the h − 1 sure turns without a test.
func sieveHits(sv *[siqsMaxSieve]byte, n uint32, h int, primes []uint32, logs []uint8, roots [][2]uint32) {
	if len(primes) == 0 {
		return
	}
	if h < 1 || n > siqsMaxSieve || uint64(h-1)*uint64(primes[len(primes)-1]) >= uint64(n) {
		panic("factor: a prime's sure hits past the interval")
	}
	sieveHitsAsm(sv, n, h, primes, logs[:len(primes)], roots[:len(primes)])
}

//go:noescape
func sieveHitsAsm(sv *[siqsMaxSieve]byte, n uint32, h int, primes []uint32, logs []uint8, roots [][2]uint32)

// scanFlags is scanFlagsGo with its loop in sieve_amd64.s
// (scanFlagsAVX2) where the processor has AVX2 and BMI1 and len(sv) is a
// multiple of 64, as a block is: 64 bytes a turn, their top bits as a
// mask (VPMOVMSKB), the positions of its set bits by TZCNT.
func scanFlags(sv []byte, base uint32, cands []uint32) []uint32 {
	room := siqsMaxCands - len(cands)
	if !cpu.X86.HasAVX2 || !cpu.X86.HasBMI1 || len(sv)%64 != 0 || len(sv) == 0 || room <= 0 {
		return scanFlagsGo(sv, base, cands)
	}
	k := len(cands)
	cands = slices.Grow(cands, min(room, len(sv)))
	return cands[:k+scanFlagsAVX2(&sv[0], len(sv), base, cands[k:k+min(room, len(sv))])]
}

//go:noescape
func scanFlagsAVX2(sv *byte, n int, base uint32, out []uint32) int
