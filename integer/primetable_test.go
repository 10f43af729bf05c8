package integer

import (
	"math/bits"
	"math/rand/v2"
	"sort"
	"testing"
)

// nthByScan is the plain reading of primeTable.nth: the word by
// sort.Search over the running counts, then the bit by clearing the set
// bits below it one at a time.
func nthByScan(t *primeTable, n uint64) uint64 {
	if n == 1 {
		return 2
	}
	k := uint32(n - 1)
	w := sort.Search(len(t.before), func(w int) bool { return t.before[w] >= k }) - 1
	word := t.bits[w]
	for range k - t.before[w] - 1 {
		word &= word - 1
	}
	return 2*(64*uint64(w)+uint64(bits.TrailingZeros64(word))) + 1
}

// TestPrimeTableNth compares nth with nthByScan at the ends of the table,
// around the first and last prime of seeded words, and at seeded n.
func TestPrimeTableNth(t *testing.T) {
	tab := smallPrimes()
	check := func(n uint64) {
		t.Helper()
		if got, want := tab.nth(n), nthByScan(tab, n); got != want {
			t.Fatalf("p_%d = %d from nth, %d from the scan", n, got, want)
		}
	}
	for n := uint64(1); n <= 300; n++ {
		check(n)
	}
	for n := tab.count - 300; n <= tab.count; n++ {
		check(n)
	}
	rng := rand.New(rand.NewPCG(24, 64))
	for range 2000 {
		// The odd primes of word w are the (before[w] + 1)-th to the
		// before[w + 1]-th: p_n for n one more.
		w := 1 + rng.IntN(len(tab.before)-2)
		for _, k := range []uint32{tab.before[w], tab.before[w] + 1, tab.before[w+1], tab.before[w+1] + 1} {
			check(uint64(k) + 1)
		}
	}
	for range 200_000 {
		check(1 + rng.Uint64N(tab.count))
	}
}

// TestSelectBit compares selectBit with clearing the lower set bits one at
// a time, on seeded words of every density and every rank.
func TestSelectBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 64))
	for range 20_000 {
		x := rng.Uint64()
		for range rng.IntN(4) {
			x &= rng.Uint64()
		}
		if rng.IntN(8) == 0 {
			x = ^uint64(0)
		}
		y := x
		for r := range bits.OnesCount64(x) {
			if got, want := selectBit(x, r), bits.TrailingZeros64(y); got != want {
				t.Fatalf("selectBit(%#x, %d) = %d, want %d", x, r, got, want)
			}
			y &= y - 1
		}
	}
}
