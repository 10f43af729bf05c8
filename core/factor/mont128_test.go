package factor

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// randBelow is a random integer in [0, n), near uniform.
func randBelow(rng *rand.Rand, n *big.Int) *big.Int {
	return new(big.Int).Mod(randomBits(rng, n.BitLen()+64), n)
}

// TestRhoPathsAgree runs both rho implementations on the same odd
// composites: each must return a proper divisor or give up.
func TestRhoPathsAgree(t *testing.T) {
	f := New(context.Background(), 1<<40)
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

// TestMontN compares the multi-word Montgomery product with math/big,
// a·b·2^(−64s) mod n, for random odd n of 1 to 8 words, including
// all-ones moduli.
func TestMontN(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	var ns []*big.Int
	for s := 1; s <= maxLimbs; s++ {
		ones := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(64*s)), big.NewInt(1))
		ns = append(ns, ones)
	}
	for range 1000 {
		n := randomBits(rng, 2+rng.IntN(64*maxLimbs-1))
		ns = append(ns, n.SetBit(n, 0, 1))
	}
	for _, n := range ns {
		m := newMontN(n)
		r := new(big.Int).Lsh(big.NewInt(1), uint(64*m.s))
		rInv := new(big.Int).ModInverse(r, n)
		if rInv == nil {
			t.Fatalf("R not invertible mod %v", n)
		}
		if n0 := toLimbs(n)[0]; n0*m.nInv0 != ^uint64(0) {
			t.Fatalf("n0·n' ≢ −1 mod 2^64 for n = %v", n)
		}
		for range 5 {
			a, b := randBelow(rng, n), randBelow(rng, n)
			la, lb := toLimbs(a), toLimbs(b)
			want := new(big.Int).Mul(a, b)
			want.Mul(want, rInv).Mod(want, n)
			got := m.mul(&la, &lb)
			if g := m.toBig(&got); g.Cmp(want) != 0 {
				t.Fatalf("montN(%v·%v) mod %v = %v, want %v", a, b, n, g, want)
			}
			c := uint64(rng.IntN(16) + 1)
			if sum := m.addSmall(la, c); m.toBig(&sum).Cmp(new(big.Int).Mod(new(big.Int).Add(a, new(big.Int).SetUint64(c)), n)) != 0 && n.Cmp(big.NewInt(int64(c))) > 0 {
				t.Fatalf("addSmall wrong for n = %v", n)
			}
			d := m.absDiff(la, lb)
			if m.toBig(&d).Cmp(new(big.Int).Abs(new(big.Int).Sub(a, b))) != 0 {
				t.Fatalf("absDiff wrong for n = %v", n)
			}
		}
	}
}

// TestRhoMultiWord: the multi-word path factors products of a known prime
// with a large one, at sizes from 2 to 8 words.
func TestRhoMultiWord(t *testing.T) {
	f := New(context.Background(), 1<<40)
	rng := rand.New(rand.NewPCG(33, 34))
	for range 60 {
		p := randomPrime(rng, 20+rng.IntN(12))
		q := randomPrime(rng, 110+rng.IntN(380))
		n := new(big.Int).Mul(p, q)
		d, err := f.brentN(n, 1)
		if err != nil {
			t.Fatal(err)
		}
		if d != nil && d.Cmp(p) != 0 && d.Cmp(q) != 0 {
			t.Fatalf("rho on %v·%v gave %v", p, q, d)
		}
		if d == nil {
			t.Logf("c = 1 gave up on %v·%v", p, q)
		}
	}
}
