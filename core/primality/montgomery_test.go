package primality

import (
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestMontgomeryAgainstMathBig: To and From invert each other, and Mul
// and Exp agree with math/big's products and powers modulo seeded random
// odd n of 65 to 2048 bits, with exponents of 0 to 600 bits.
func TestMontgomeryAgainstMathBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 34))
	random := func(bits int) *big.Int { // bits long, top bit set
		x := new(big.Int)
		for x.BitLen() < bits {
			x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()|1<<63))
		}
		return x.Rsh(x, uint(x.BitLen()-bits))
	}
	for range 300 {
		bits := 65 + rng.IntN(64*maxMontWords-64)
		n := random(bits)
		n.SetBit(n, 0, 1)
		m, ok := NewMontgomery(n)
		if !ok {
			t.Fatalf("n of %d bits refused", n.BitLen())
		}
		if m.N().Cmp(n) != 0 {
			t.Fatalf("N() = %v, want %v", m.N(), n)
		}
		x, y := random(bits+10), random(rng.IntN(bits)+1)
		if rng.IntN(4) == 0 {
			x.Neg(x)
		}
		xm, ym := m.To(x), m.To(y)
		want := new(big.Int).Mod(x, n)
		if got := m.From(xm); got.Cmp(want) != 0 {
			t.Fatalf("From(To(x)) = %v, want %v mod %v", got, want, n)
		}
		z := make([]uint64, m.Words())
		m.Mul(z, xm, ym)
		want.Mul(x, y).Mod(want, n)
		if got := m.From(z); got.Cmp(want) != 0 {
			t.Fatalf("x·y mod n: %v, want %v", got, want)
		}
		e := random(rng.IntN(600) + 1)
		if rng.IntN(10) == 0 {
			e.SetInt64(int64(rng.IntN(3)))
		}
		m.Exp(z, xm, e)
		want.Exp(new(big.Int).Mod(x, n), e, n)
		if got := m.From(z); got.Cmp(want) != 0 {
			t.Fatalf("x^%v mod n: %v, want %v", e, got, want)
		}
		m.Exp(xm, xm, e) // aliased
		if got := m.From(xm); got.Cmp(want) != 0 {
			t.Fatalf("aliased x^%v mod n: %v, want %v", e, got, want)
		}
	}
	for _, n := range []*big.Int{big.NewInt(7), new(big.Int).Lsh(big.NewInt(1), 100), new(big.Int).Lsh(big.NewInt(1), 64*maxMontWords+1).Sub(new(big.Int).Lsh(big.NewInt(1), 64*maxMontWords+1), big.NewInt(1)), big.NewInt(-9)} {
		if _, ok := NewMontgomery(n); ok {
			t.Errorf("NewMontgomery(%v) accepted", n)
		}
	}
}

// TestMulAgainstCIOS: mul agrees with mulCIOS modulo seeded random odd
// n of 2 to 32 words, n with all-ones words, for x, y in {0, 1, n − 1}
// and random, aliased or not.
func TestMulAgainstCIOS(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 36))
	for i := range 400 {
		k := 2 + rng.IntN(maxMontWords-1)
		n := make([]uint64, k)
		for j := range n {
			n[j] = rng.Uint64()
			if i%4 == 0 {
				n[j] = ^uint64(0) - uint64(rng.IntN(3))
			}
		}
		n[0] |= 1
		n[k-1] |= 1 << 63 >> uint(rng.IntN(3))
		nb := new(big.Int).SetBits(wordsToBig(n))
		mg := newMontgomery(nb)
		vals := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(nb, big.NewInt(1)), randomBelow(rng, nb), randomBelow(rng, nb)}
		for _, xb := range vals {
			for _, yb := range vals {
				x, y := words(xb, k), words(yb, k)
				want, got := make([]uint64, k), make([]uint64, k)
				mulCIOS(mg, want, x, y)
				mg.mul(got, x, y)
				if !equal(got, want) {
					t.Fatalf("n = %v, x = %v, y = %v: mul %v, CIOS %v", nb, xb, yb, got, want)
				}
				mg.mul(x, x, y)
				if !equal(x, want) {
					t.Fatalf("aliased mul differs")
				}
			}
		}
	}
}

// mulCIOS is mul by coarsely integrated operand scanning, its reference:
// z = x·y·R⁻¹ mod m; z may alias x or y. Each row adds x·y[i]
// and q·m, q making the low word vanish, in one pass, and shifts down a
// word; t stays below 2m.
func mulCIOS(mg *montgomery, z, x, y []uint64) {
	m := mg.m
	k := len(m)
	t := make([]uint64, k+1)
	x, y, z = x[:k], y[:k], z[:k]
	clear(t)
	minv := mg.minv
	for i := range k {
		yi := y[i]
		hi, lo := bits.Mul64(x[0], yi)
		lo, cc := bits.Add64(lo, t[0], 0)
		c := hi + cc
		q := lo * minv
		hi2, lo2 := bits.Mul64(q, m[0])
		_, cc = bits.Add64(lo2, lo, 0)
		c2 := hi2 + cc
		for j := 1; j < k; j++ {
			hi, lo := bits.Mul64(x[j], yi)
			lo, cc := bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			c = hi + cc
			hi2, lo2 := bits.Mul64(q, m[j])
			lo2, cc = bits.Add64(lo2, lo, 0)
			hi2 += cc
			lo2, cc = bits.Add64(lo2, c2, 0)
			c2 = hi2 + cc
			t[j-1] = lo2
		}
		top, cc1 := bits.Add64(t[k], c, 0)
		top, cc2 := bits.Add64(top, c2, 0)
		t[k-1], t[k] = top, cc1+cc2
	}
	if t[k] != 0 || !less(t[:k], m) {
		var b uint64
		for j := range k {
			z[j], b = bits.Sub64(t[j], m[j], b)
		}
		return
	}
	copy(z, t[:k])
}

// less reports x < y for equal-length little-endian words.
// randomBelow is a seeded random integer in [0, n).
func randomBelow(rng *rand.Rand, n *big.Int) *big.Int {
	x := new(big.Int)
	for x.BitLen() < n.BitLen()+64 {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
	}
	return x.Mod(x, n)
}

// BenchmarkMontgomeryMul times one Montgomery product, by modulus size in
// words with the top bit set, and at 333 bits (a 100-digit modulus, 6
// words): the unit of cost of Test's rounds and of Montgomery.Exp.
func BenchmarkMontgomeryMul(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, k := range []int{2, 4, 6, 8, 16} {
		n := randOdd(rng, 64*k)
		mg := newMontgomery(n)
		x, y := words(randomBelow(rng, n), k), words(randomBelow(rng, n), k)
		b.Run(fmt.Sprintf("words=%d", k), func(b *testing.B) {
			for b.Loop() {
				mg.mul(x, x, y)
			}
		})
		b.Run(fmt.Sprintf("words=%d/sqr", k), func(b *testing.B) {
			for b.Loop() {
				mg.sqr(x, x)
			}
		})
		b.Run(fmt.Sprintf("words=%d/generic", k), func(b *testing.B) {
			for b.Loop() {
				mg.mulGeneric(x, x, y)
			}
		})
	}
	// A 100-digit modulus, 333 bits, whose top bit is clear (sqrADX's
	// moduli on amd64 with BMI2 and ADX).
	n := randOdd(rng, 333)
	mg := newMontgomery(n)
	x, y := words(randomBelow(rng, n), 6), words(randomBelow(rng, n), 6)
	b.Run("bits=333", func(b *testing.B) {
		for b.Loop() {
			mg.mul(x, x, y)
		}
	})
	b.Run("bits=333/sqr", func(b *testing.B) {
		for b.Loop() {
			mg.sqr(x, x)
		}
	})
}

// TestFixedAgainstGeneric: mul and sqr, which take montgomery_amd64.s's
// unrolled products and squares for 2 to 8 words where it is built, agree with
// mulGeneric, the loop they unroll, for moduli of 2 to 9 words (the last
// past the unrolled sizes), moduli with all-ones words and short top
// words, operands 0, 1, n − 1, n − 2 and seeded random ones, aliased
// or not.
func TestFixedAgainstGeneric(t *testing.T) {
	forOperandPairs(rand.New(rand.NewPCG(12, 37)), 9, func(mg *montgomery, nb, xb, yb *big.Int, x, y []uint64) {
		k := len(x)
		want, got := make([]uint64, k), make([]uint64, k)
		mg.mulGeneric(want, x, y)
		mg.mul(got, x, y)
		if !equal(got, want) {
			t.Fatalf("n = %v, x = %v, y = %v: mul %v, generic %v", nb, xb, yb, got, want)
		}
		mg.mul(y, x, y)
		if !equal(y, want) {
			t.Fatalf("n = %v: mul aliased to y differs", nb)
		}
		mg.mulGeneric(want, x, x)
		mg.sqr(got, x)
		if !equal(got, want) {
			t.Fatalf("n = %v, x = %v: sqr %v, generic %v", nb, xb, got, want)
		}
		mg.sqr(x, x)
		if !equal(x, want) {
			t.Fatalf("n = %v: sqr aliased to x differs", nb)
		}
	})
}

// forOperandPairs calls f for 60 seeded odd moduli of each length of 2
// to maxK words (a third with all-ones words, top words of every bit
// length) and every ordered pair of their testOperands, as fresh words of
// the modulus's length that f may overwrite.
func forOperandPairs(rng *rand.Rand, maxK int, f func(mg *montgomery, nb, xb, yb *big.Int, x, y []uint64)) {
	for k := 2; k <= maxK; k++ {
		for i := range 60 {
			n := oddTestWords(rng, k, i%3 == 0)
			n[k-1] |= 1 << 63 >> uint(rng.IntN(64))
			nb := new(big.Int).SetBits(wordsToBig(n))
			mg := newMontgomery(nb)
			vals := testOperands(rng, nb, 4)
			for _, xb := range vals {
				for _, yb := range vals {
					f(mg, nb, xb, yb, words(xb, k), words(yb, k))
				}
			}
		}
	}
}

// TestAddSubAgainstMathBig: add and sub, branch-free, are x + y and
// x − y modulo seeded random odd m of 2 to maxMontWords words, for
// operands 0, 1, m − 1, m − 2 and random ones below m, aliased or not.
func TestAddSubAgainstMathBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 39))
	for range 200 {
		k := 2 + rng.IntN(maxMontWords-1)
		m := randOdd(rng, 64*k-rng.IntN(64))
		mg := newMontgomery(m)
		vals := testOperands(rng, m, 2)
		for _, xb := range vals {
			for _, yb := range vals {
				x, y, z := words(xb, k), words(yb, k), make([]uint64, k)
				mg.add(z, x, y)
				want := new(big.Int).Add(xb, yb)
				if got := fromWords(z); got.Cmp(want.Mod(want, m)) != 0 {
					t.Fatalf("%v + %v mod %v = %v, want %v", xb, yb, m, got, want)
				}
				mg.sub(z, x, y)
				want.Sub(xb, yb).Mod(want, m)
				if got := fromWords(z); got.Cmp(want) != 0 {
					t.Fatalf("%v − %v mod %v = %v, want %v", xb, yb, m, got, want)
				}
				mg.sub(x, x, y)
				if got := fromWords(x); got.Cmp(want) != 0 {
					t.Fatalf("aliased %v − %v mod %v = %v, want %v", xb, yb, m, got, want)
				}
			}
		}
	}
}

// oddTestWords is a seeded random odd modulus of k words, each word
// 2^64 − 1, 2^64 − 2 or 2^64 − 3 when allOnes (the carries' edge).
func oddTestWords(rng *rand.Rand, k int, allOnes bool) []uint64 {
	n := make([]uint64, k)
	for j := range n {
		n[j] = rng.Uint64()
		if allOnes {
			n[j] = ^uint64(0) - uint64(rng.IntN(3))
		}
	}
	n[0] |= 1
	return n
}

// testOperands is 0, 1, n − 1, n − 2 and count seeded random residues
// modulo n.
func testOperands(rng *rand.Rand, n *big.Int, count int) []*big.Int {
	vals := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(n, big.NewInt(1)), new(big.Int).Sub(n, big.NewInt(2))}
	for range count {
		vals = append(vals, randomBelow(rng, n))
	}
	return vals
}

// TestMulSubAgainstMulThenSub: mulSub and sqrSub are mulGeneric followed
// by sub, and sqrDbl mulGeneric followed by add, for moduli of 2 to 8
// words (the ADX kernels' 2 to 6 on amd64 with BMI2 and ADX, the
// fallback past them), with the top bit set or clear (the ADX squares
// refuse the former), subtrahends 0, 1, m − 1 and random, edge and
// random operands, z aliased to x or not.
func TestMulSubAgainstMulThenSub(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 40))
	forOperandPairs(rng, 8, func(mg *montgomery, nb, xb, yb *big.Int, x, y []uint64) {
		k := len(x)
		for _, cb := range []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(nb, big.NewInt(1)), randomBelow(rng, nb)} {
			c := words(cb, k)
			want, got := make([]uint64, k), make([]uint64, k)
			mg.mulGeneric(want, x, y)
			mg.sub(want, want, c)
			mg.mulSub(got, x, y, c)
			if !equal(got, want) {
				t.Fatalf("n = %v, x = %v, y = %v, c = %v: mulSub %v, want %v", nb, xb, yb, cb, got, want)
			}
			xa := append([]uint64(nil), x...)
			mg.mulSub(xa, xa, y, c)
			if !equal(xa, want) {
				t.Fatalf("n = %v: mulSub aliased differs", nb)
			}
			mg.mulGeneric(want, x, x)
			mg.sub(want, want, c)
			mg.sqrSub(got, x, c)
			if !equal(got, want) {
				t.Fatalf("n = %v, x = %v, c = %v: sqrSub %v, want %v", nb, xb, cb, got, want)
			}
			xa = append(xa[:0], x...)
			mg.sqrSub(xa, xa, c)
			if !equal(xa, want) {
				t.Fatalf("n = %v: sqrSub aliased differs", nb)
			}
			mg.mulGeneric(want, x, x)
			mg.add(want, want, want)
			mg.sqrDbl(got, x)
			if !equal(got, want) {
				t.Fatalf("n = %v, x = %v: sqrDbl %v, want %v", nb, xb, got, want)
			}
			xa = append(xa[:0], x...)
			mg.sqrDbl(xa, xa)
			if !equal(xa, want) {
				t.Fatalf("n = %v: sqrDbl aliased differs", nb)
			}
		}
	})
	// Moduli below 2^(64k−1), which sqrSubFixed takes.
	for k := 2; k <= 7; k++ {
		for range 40 {
			n := oddTestWords(rng, k, false)
			n[k-1] >>= 1 + uint(rng.IntN(8))
			n[k-1] |= 1 << 50
			nb := new(big.Int).SetBits(wordsToBig(n))
			mg := newMontgomery(nb)
			for _, xb := range testOperands(rng, nb, 4) {
				for _, cb := range testOperands(rng, nb, 2) {
					x, c := words(xb, k), words(cb, k)
					want, got := make([]uint64, k), make([]uint64, k)
					mg.mulGeneric(want, x, x)
					mg.sub(want, want, c)
					mg.sqrSub(got, x, c)
					if !equal(got, want) {
						t.Fatalf("n = %v, x = %v, c = %v: sqrSub %v, want %v", nb, xb, cb, got, want)
					}
					mg.mulGeneric(want, x, x)
					mg.add(want, want, want)
					mg.sqrDbl(got, x)
					if !equal(got, want) {
						t.Fatalf("n = %v, x = %v: sqrDbl %v, want %v", nb, xb, got, want)
					}
				}
			}
		}
	}
}
