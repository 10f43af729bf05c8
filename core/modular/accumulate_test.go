package modular

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestProductSumAgainstBig sums seeded random products and words, of every
// length up to 64 and with all-ones operands mixed in, and compares the
// reduction with math/big modulo small, prime, near-2^63 and all-ones
// moduli.
func TestProductSumAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	word := func() uint64 {
		switch rng.IntN(4) {
		case 0:
			return math.MaxUint64
		case 1:
			return rng.Uint64N(4)
		}
		return rng.Uint64()
	}
	moduli := []uint64{1, 2, 3, 1<<62 + 1, 1<<63 - 25, 1<<63 - 1, 1 << 63, math.MaxUint64 - 58, math.MaxUint64}
	for trial := range 2000 {
		var s ProductSum
		want := new(big.Int)
		n := trial % 65
		for range n {
			x, y := word(), word()
			if rng.IntN(5) == 0 {
				s.Add(x)
				want.Add(want, new(big.Int).SetUint64(x))
				continue
			}
			s.AddMul(x, y)
			want.Add(want, new(big.Int).Mul(new(big.Int).SetUint64(x), new(big.Int).SetUint64(y)))
		}
		p := moduli[trial%len(moduli)]
		if trial%3 == 0 {
			p = RandomPrime(rng, 2+trial%62)
		}
		w := new(big.Int).Mod(want, new(big.Int).SetUint64(p)).Uint64()
		if got := s.Reduce(p); got != w {
			t.Fatalf("trial %d: %d terms, sum %v mod %d = %d, want %d", trial, n, want, p, got, w)
		}
	}
}

// TestProductSumCarries drives every carry: all-ones products overflow the
// low word on the first addition and the middle word within a few.
func TestProductSumCarries(t *testing.T) {
	var s ProductSum
	want := new(big.Int)
	m := new(big.Int).SetUint64(math.MaxUint64)
	sq := new(big.Int).Mul(m, m)
	for k := range 1000 {
		s.AddMul(math.MaxUint64, math.MaxUint64)
		s.Add(math.MaxUint64)
		want.Add(want, sq).Add(want, m)
		p := uint64(1)<<63 - 25
		if got, w := s.Reduce(p), new(big.Int).Mod(want, new(big.Int).SetUint64(p)).Uint64(); got != w {
			t.Fatalf("after %d all-ones terms: %d, want %d", k+1, got, w)
		}
	}
	if s.hi == 0 {
		t.Fatal("the high word never carried: the test does not reach it")
	}
}

func TestProductSumZero(t *testing.T) {
	var s ProductSum
	if got := s.Reduce(7); got != 0 {
		t.Fatalf("empty sum mod 7 = %d", got)
	}
}
