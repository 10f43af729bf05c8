package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestMont128 compares the two-word arithmetic with math/big: the full
// product, and REDC as a·b·2^(−128) mod n, for random odd n of every size
// up to 127 bits, including the extremes.
func TestMont128(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	r := new(big.Int).Lsh(big.NewInt(1), 128)
	ns := []*big.Int{big.NewInt(3), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 127), big.NewInt(1))}
	for range 2000 {
		n := randomBits(rng, 2+rng.IntN(126))
		ns = append(ns, n.SetBit(n, 0, 1))
	}
	for _, n := range ns {
		m := newMont128(n)
		if got := new(big.Int).Mul(n, m.nPrime.big()); got.Add(got, big.NewInt(1)).Mod(got, r).Sign() != 0 {
			t.Fatalf("n·n' ≢ −1 mod 2^128 for n = %v", n)
		}
		rInv := new(big.Int).ModInverse(r, n)
		for range 5 {
			a, b := randBelow(rng, n), randBelow(rng, n)
			hi, lo := mulFull(toU128(a), toU128(b))
			full := new(big.Int).Lsh(hi.big(), 128)
			if full.Or(full, lo.big()).Cmp(new(big.Int).Mul(a, b)) != 0 {
				t.Fatalf("mulFull(%v, %v) wrong", a, b)
			}
			want := new(big.Int).Mul(a, b)
			want.Mul(want, rInv).Mod(want, n)
			if got := m.redcMul(toU128(a), toU128(b)).big(); got.Cmp(want) != 0 {
				t.Fatalf("redc(%v·%v) mod %v = %v, want %v", a, b, n, got, want)
			}
		}
	}
}

// randBelow is a random integer in [0, n), near uniform.
func randBelow(rng *rand.Rand, n *big.Int) *big.Int {
	return new(big.Int).Mod(randomBits(rng, n.BitLen()+64), n)
}

// TestRhoPathsAgree runs both rho implementations on the same odd
// composites: each must return a proper divisor or give up.
func TestRhoPathsAgree(t *testing.T) {
	f := newFactorizer(context.Background(), 1<<40)
	rng := rand.New(rand.NewPCG(29, 30))
	for range 300 {
		p, q := randomPrime(rng, 8+rng.IntN(20)), randomPrime(rng, 8+rng.IntN(40))
		n := new(big.Int).Mul(p, q)
		if n.Bit(0) == 0 || p.Cmp(q) == 0 {
			continue
		}
		for _, path := range []string{"big", "two-word"} {
			var d *big.Int
			var err error
			if path == "big" {
				d, err = f.brent(n, big.NewInt(1))
			} else {
				d, err = f.brent128(n, 1)
			}
			if err != nil {
				t.Fatal(err)
			}
			if d != nil && (d.Cmp(p) != 0 && d.Cmp(q) != 0) {
				t.Fatalf("%s rho on %v·%v gave %v", path, p, q, d)
			}
		}
	}
}
