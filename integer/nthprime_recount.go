package integer

import (
	"math/bits"
	"sync"
)

// The exact recount behind the postconditions of nth_prime (n ≤ 150,000)
// and prime_count (x ≤ 2·10^6).
//
// Both used to sieve all of [0, x] with a fresh sieve of Eratosthenes on
// every call: 60 µs for p_1000, 19 ms for p_150000, a thousand times the
// run they check. The recount keeps the sieve's answer and its
// independence from smallPrimes, the bitmap that both operations read:
// one plain sieve of Eratosthenes to 2^21, run the first time a check
// needs it, leaves π at the start of every block of 256 integers and the
// primes up to √(2^21); a check adds to the count at its block's start the
// primes it finds sieving the rest of the block, by those primes, as
// Eratosthenes did (Crandall and Pomerance, Prime Numbers, 2nd ed.,
// Algorithm 3.2.1, the segmented sieve). That is some 230 starting
// multiples and some 220 crossings-off instead of two million.

// recountLimit bounds the recount: x < 2^21, above p_150000 = 2,015,177
// and prime_count's 2·10^6.
const recountLimit = 1 << 21

// recountBlock is the length of the blocks whose starting counts the
// table keeps (a power of two, so that a block is a mask away): 8,192
// counts, 32 KB.
const recountBlock = 256

// recountTable is π at the block starts below recountLimit and the
// primes up to √recountLimit.
type recountTable struct {
	before []uint32 // before[k] counts the primes below k·recountBlock
	primes []sievingPrime
}

// sievingPrime is an odd prime p with p² < recountLimit (p ≤ 1447) and
// its reciprocal ⌊2^32/p⌋ + 1, by which ⌊v/p⌋ = v·inverse >> 32 for every
// v < recountLimit + p, the numerators of the sieve's ⌈lo/p⌉ (division by
// invariant integers using multiplication: Granlund and Montgomery,
// PLDI 1994, §4). With inverse = (2^32 + r)/p, 0 < r ≤ p, the product
// exceeds v/p by v·r/(2^32·p) < 1/p, as v·r < (2^21 + 1447)·1447 < 2^32,
// too little to reach the next integer.
type sievingPrime struct {
	p, inverse uint32
}

// recountPrimes is the table, from one sieve of Eratosthenes (a few
// milliseconds) the first time it is needed.
var recountPrimes = sync.OnceValue(func() *recountTable {
	composite := eratosthenes(recountLimit - 1)
	t := &recountTable{before: make([]uint32, recountLimit/recountBlock)}
	c := uint32(0)
	for v := 2; v < recountLimit; v++ {
		if v%recountBlock == 0 {
			t.before[v/recountBlock] = c
		}
		if !composite[v] {
			c++
			if v > 2 && v*v < recountLimit {
				t.primes = append(t.primes, sievingPrime{uint32(v), uint32(1<<32/v + 1)})
			}
		}
	}
	return t
})

// count returns π(x) and whether x is prime, for x < recountLimit, by
// the count at the start of x's block and a sieve of Eratosthenes on the
// block's odd integers from there to x.
func (t *recountTable) count(x uint64) (pi uint64, prime bool) {
	if x < 2 {
		return 0, false
	}
	// 32-bit words throughout: x < 2^21.
	x32 := uint32(x)
	lo := x32 &^ (recountBlock - 1)
	c := uint64(t.before[lo/recountBlock])
	if x32 < lo+1 {
		return c, false // x = lo, even and above 2
	}
	// Bit j of composite marks lo + 2j + 1, the odd integers of the block
	// up to x for j ≤ last.
	last := (x32 - lo - 1) / 2
	var composite [recountBlock / 128]uint64
	if lo == 0 {
		composite[0] = 1 // 1
		c++              // 2
	}
	for _, sp := range t.primes {
		p := sp.p
		if p*p > x32 {
			break
		}
		m := max(p*p, uint32(uint64(lo+p-1)*uint64(sp.inverse)>>32)*p) // ⌈lo/p⌉·p
		if m%2 == 0 {
			m += p
		}
		for j := (m - lo - 1) / 2; j <= last; j += p {
			composite[j/64] |= 1 << (j % 64)
		}
	}
	for w := uint32(0); w <= last/64; w++ {
		primes := ^composite[w]
		if w == last/64 && last%64 < 63 {
			primes &= 1<<(last%64+1) - 1
		}
		c += uint64(bits.OnesCount64(primes))
	}
	if x32%2 == 0 {
		return c, x32 == 2
	}
	return c, composite[last/64]>>(last%64)&1 == 0
}
