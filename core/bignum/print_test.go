package bignum

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestAppendDecimal compares AppendDecimal with big.Int.Text(10) on seeded
// random integers from 1 to 10^6 digits (around the leaf size, the
// thresholds and the powers' boundaries), powers of ten and their
// neighbours (runs of zeros and nines in the low halves), powers of ten
// times the leaf powers, zero, all-ones words, and their negatives, and
// checks that the bytes are appended after dst's contents.
func TestAppendDecimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 5))
	var values []*big.Int
	for _, words := range []int{0, 1, 2, 1000, printThreshold - 1, printThreshold, 4000} {
		values = append(values, randomWords(rng, words, false), randomWords(rng, words, true))
	}
	sizes := []int{1, 19, 20, printLeaf - 1, printLeaf, printLeaf + 1,
		2*printLeaf - 1, 2 * printLeaf, 2*printLeaf + 1, 4*printLeaf + 1,
		19_000, 19_800, 20_000, 50_000, 87_000, 100_000, 300_001}
	if !testing.Short() {
		sizes = append(sizes, 1_000_000)
		// The longest power of ten below, 10^(printLeaf·2^7), is the first
		// with a cached reciprocal: its split at the bounds 0 ≤ v < P².
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(printLeaf<<7), nil)
		values = append(values, new(big.Int).Mul(p, p), new(big.Int).Sub(new(big.Int).Mul(p, p), big.NewInt(1)),
			new(big.Int).Mul(p, big.NewInt(7)), new(big.Int).Sub(new(big.Int).Mul(p, big.NewInt(7)), big.NewInt(1)))
		if _, recip := printPower(7); recip == nil {
			t.Errorf("10^%d has no reciprocal: the test no longer covers that split", printLeaf<<7)
		}
	}
	for _, d := range sizes {
		values = append(values, randomDigits(rng, d))
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d)), nil)
		values = append(values, p, new(big.Int).Sub(p, big.NewInt(1)), new(big.Int).Add(p, big.NewInt(1)))
	}
	for i := range 4 {
		// A power of ten with the low half of the split exactly zero, and
		// digits 10^(printLeaf·2^i)·(random) with zero-padded low pieces.
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(printLeaf<<i)), nil)
		values = append(values, new(big.Int).Mul(p, p), new(big.Int).Mul(p, randomDigits(rng, 3*printLeaf+7)))
		values = append(values, new(big.Int).Sub(new(big.Int).Mul(p, p), big.NewInt(1)))
	}
	for range 20 {
		values = append(values, randomDigits(rng, 1+rng.IntN(60_000)))
	}
	for _, v := range values {
		for _, x := range []*big.Int{v, new(big.Int).Neg(v)} {
			want := x.Text(10)
			if got := AppendDecimal(nil, x); string(got) != want {
				t.Fatalf("AppendDecimal of a %d-digit integer is wrong", len(want))
			}
			if got := AppendDecimal([]byte("x="), x); string(got) != "x="+want {
				t.Fatalf("AppendDecimal after a prefix is wrong (%d digits)", len(want))
			}
			if x.Sign() < 0 {
				continue
			}
			// The recursion itself, also below printThreshold, serial and
			// with parallel halves.
			for _, workers := range []int{1, 2, 3} {
				if got := appendDigits([]byte("x="), x, workers); string(got) != "x="+want {
					t.Fatalf("appendDigits with %d workers of a %d-digit integer is wrong", workers, len(want))
				}
			}
		}
	}
}

// TestAppendDecimalShared converts the same long integer on several
// goroutines at once, which share the cache of powers (run with -race).
func TestAppendDecimalShared(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 6))
	x := randomDigits(rng, 40*printLeaf+3)
	want := x.Text(10)
	done := make(chan string)
	for range 4 {
		go func() { done <- string(appendDigits(nil, x, 2)) }()
	}
	for range 4 {
		if got := <-done; got != want {
			t.Fatalf("concurrent AppendDecimal is wrong")
		}
	}
}
