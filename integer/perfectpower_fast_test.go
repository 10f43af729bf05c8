package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/core/factor"
)

// oddPrimesTo47 is 3·5·7·…·47, below 2^59: the tests draw numbers free
// of the primes stage 1 reads.
const oddPrimesTo47 = 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41 * 43 * 47

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
		{big.NewInt(72), big.NewInt(73), 1},
		{big.NewInt(-72), big.NewInt(72), 1},
		{new(big.Int).Add(n, big.NewInt(1)), n, 1},
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

// TestLargestPowerProductFallback: a square m = x² that passes the cube
// residue tests without being a cube (about one square in 3^6, searched
// with a seeded generator) makes largestPower's root of the product 6
// fail; the exponents tried one at a time still give x². x has no prime
// factor ≤ 47, so that 2 and 3 are both candidates.
func TestLargestPowerProductFallback(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(61, 62))
	found := 0
	for try := 0; try < 200_000 && found < 3; try++ {
		x := randomInt(rng, 150)
		x.Abs(x).Add(x, big.NewInt(1<<20))
		if new(big.Int).GCD(nil, nil, x, big.NewInt(2*oddPrimesTo47)).Cmp(big.NewInt(1)) != 0 {
			continue // so that every prime exponent is a candidate
		}
		m := new(big.Int).Mul(x, x)
		top := topBitsOf(m)
		m61 := new(big.Int).Rem(m, big.NewInt(mersenne61)).Uint64()
		if !mayBeKthPower(m, top, m61, 3) || !mayBeKthPower(m, top, m61, 2) {
			continue
		}
		if wr, wk := factor.PerfectPower(m); wk%3 == 0 || wk != 2 || wr.Cmp(x) != 0 {
			continue // a cube, or x itself a power
		}
		found++
		r, k, err := largestPower(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		if k != 2 || r.Cmp(x) != 0 {
			t.Fatalf("largestPower(%v²) = %v^%d", clipped(x), clipped(r), k)
		}
	}
	if found == 0 {
		t.Fatal("no square passed the cube residue tests")
	}
}

// TestRootTwoAdic: rootTwoAdic(r^k) = r for seeded random r (even ones
// too) and odd k, and for a random odd a its x satisfies x^k ≡ a modulo
// 2^B, the property that makes it the only candidate root; an m whose
// 2-adic valuation k does not divide has none.
func TestRootTwoAdic(t *testing.T) {
	rng := rand.New(rand.NewPCG(63, 64))
	for range 2000 {
		k := uint64(3 + 2*rng.IntN(15))
		r := randomInt(rng, 1+rng.IntN(100))
		r.Abs(r).Add(r, big.NewInt(1))
		n := new(big.Int).Exp(r, new(big.Int).SetUint64(k), nil)
		if got := rootTwoAdic(n, k); got == nil || got.Cmp(r) != 0 {
			t.Fatalf("rootTwoAdic(%v^%d) = %v", clipped(r), k, got)
		}
		a := randomInt(rng, 1+rng.IntN(300))
		a.Abs(a).SetBit(a, 0, 1)
		x := rootTwoAdic(a, k)
		B := (a.BitLen()+int(k)-1)/int(k) + 1
		mod := new(big.Int).Lsh(big.NewInt(1), uint(B))
		if x == nil || new(big.Int).Exp(x, new(big.Int).SetUint64(k), mod).Cmp(new(big.Int).Mod(a, mod)) != 0 {
			t.Fatalf("rootTwoAdic(%v, %d) = %v: not a root modulo 2^%d", clipped(a), k, x, B)
		}
		if got := rootTwoAdic(new(big.Int).Lsh(a, uint(k)+1), k); got != nil {
			t.Fatalf("rootTwoAdic(a·2^%d, %d) = %v, want nil", k+1, k, got)
		}
	}
}
