package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/core/factor"
)

// TestLargestPowerAgainstReference: largestPower agrees with
// core/factor.PerfectPower (every prime exponent by sieve and full root)
// on seeded powers r^k (r random, or itself a power, with and without
// small prime factors), their neighbours r^k ± 1, and random integers,
// up to 2000 digits.
func TestLargestPowerAgainstReference(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2024, 12))
	var inputs []*big.Int
	for range 300 {
		r := randomInt(rng, 1+rng.IntN(200))
		if r.Sign() < 0 {
			r.Neg(r)
		}
		r.Add(r, big.NewInt(2))
		switch rng.IntN(3) {
		case 0: // no prime ≤ 47 divides r
			for new(big.Int).GCD(nil, nil, r, big.NewInt(2*oddPrimesTo47)).Cmp(big.NewInt(1)) != 0 {
				r.Add(r, big.NewInt(1))
			}
		case 1: // r a power itself
			r.Exp(r, big.NewInt(int64(2+rng.IntN(4))), nil)
		}
		k := int64(1 + rng.IntN(40))
		if rng.IntN(4) == 0 {
			k = int64(2+rng.IntN(3)) * int64(2+rng.IntN(3)) * int64(1+rng.IntN(5))
		}
		n := new(big.Int).Exp(r, big.NewInt(k), nil)
		if n.BitLen() > 6600 {
			continue
		}
		inputs = append(inputs, n, new(big.Int).Add(n, big.NewInt(1)), new(big.Int).Sub(n, big.NewInt(1)))
	}
	for range 200 {
		n := randomInt(rng, 1+rng.IntN(2000))
		inputs = append(inputs, n.Abs(n).Add(n, big.NewInt(2)))
	}
	for _, e := range []uint{61, 64, 127, 1000, 6600} {
		inputs = append(inputs, new(big.Int).Lsh(big.NewInt(1), e), new(big.Int).Lsh(big.NewInt(3), e))
	}
	for _, n := range inputs {
		if n.Cmp(big.NewInt(2)) < 0 {
			continue
		}
		r, k, err := largestPower(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		wr, wk := factor.PerfectPower(n)
		if k != wk || r.Cmp(wr) != 0 {
			t.Fatalf("largestPower(%v) = %v^%d, reference %v^%d", clipped(n), clipped(r), k, clipped(wr), wk)
		}
	}
}

// TestFloatRootExact: floatRoot is the root of c^k exactly, and of
// c^k ± 1 (the nearest integer), for c up to 2^44 and every k with
// c^k within perfect_power's 6645 bits.
func TestFloatRootExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		c := 2 + rng.Uint64N(1<<(1+rng.IntN(floatRootBits)))
		if c >= 1<<floatRootBits {
			c = 1<<floatRootBits - 1
		}
		cb := new(big.Int).SetUint64(c)
		maxK := 6645 / cb.BitLen()
		k := uint64(3 + rng.IntN(max(maxK-2, 1)))
		n := new(big.Int).Exp(cb, new(big.Int).SetUint64(k), nil)
		for _, d := range []int64{0, 1, -1} {
			m := new(big.Int).Add(n, big.NewInt(d))
			if got := floatRoot(m, k); got != c {
				t.Fatalf("floatRoot(%d^%d %+d, %d) = %d", c, k, d, k, got)
			}
		}
	}
}

// TestNotKthPowerCertifiedSound: a k-th power is never certified a
// non-power (the certificate is Fermat's theorem), and a random integer
// is certified for some k (the sieve does its work).
func TestNotKthPowerCertifiedSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	certified := 0
	for range 2000 {
		k := powerPrimesUpTo(200)[rng.IntN(46)]
		x := randomInt(rng, 1+rng.IntN(60))
		x.Abs(x).Add(x, big.NewInt(2))
		if notKthPowerCertified(new(big.Int).Exp(x, new(big.Int).SetUint64(k), nil), k) {
			t.Fatalf("%v^%d certified no %d-th power", x, k, k)
		}
		if notKthPowerCertified(new(big.Int).Add(new(big.Int).Exp(x, new(big.Int).SetUint64(k), nil), big.NewInt(1)), k) {
			certified++
		}
	}
	if certified < 1900 {
		t.Errorf("only %d of 2000 non-powers x^k + 1 certified", certified)
	}
}

// TestMaybeSquareSound: no square is rejected, and most non-squares are.
func TestMaybeSquareSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	rejected := 0
	for range 5000 {
		x := randomInt(rng, 1+rng.IntN(100))
		sq := new(big.Int).Mul(x, x)
		if !maybeSquare(sq) {
			t.Fatalf("%v² rejected", x)
		}
		if !maybeSquare(sq.Add(sq, big.NewInt(1+rng.Int64N(1000)))) {
			rejected++
		}
	}
	if rejected < 4500 {
		t.Errorf("only %d of 5000 non-squares rejected", rejected)
	}
}

// TestPerfectPowerPostconditionRejects: an exponent that is not the
// largest, and a wrong base, are caught.
func TestPerfectPowerPostconditionRejects(t *testing.T) {
	ctx := context.Background()
	op := perfectPowerOperation()
	big60 := new(big.Int).Lsh(big.NewInt(1), 60)
	r7 := new(big.Int).Exp(big.NewInt(1000003), big.NewInt(6), nil) // 1000003^42 = (r7)^7
	n := new(big.Int).Exp(r7, big.NewInt(7), nil)
	for _, c := range []struct {
		n    *big.Int
		base *big.Int
		k    int
	}{
		{big60, big.NewInt(4), 30},
		{big60, big60, 1},
		{n, r7, 7},
		{n, n, 1},
		{n, big.NewInt(1000003), 41},
	} {
		err := op.Postcondition(ctx, PerfectPowerRequest{core.Int(c.n)}, PerfectPowerResult{Base: core.Int(c.base), Exponent: c.k})
		if err == nil {
			t.Errorf("%v = %v^%d accepted", clipped(c.n), clipped(c.base), c.k)
		}
	}
	if err := op.Postcondition(ctx, PerfectPowerRequest{core.Int(n)}, PerfectPowerResult{Base: core.Int(big.NewInt(1000003)), Exponent: 42}); err != nil {
		t.Errorf("the right answer refused: %v", err)
	}
}
