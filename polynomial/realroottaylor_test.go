package polynomial

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// unitIntervalVariationsClassical is unitIntervalVariations on big.Int,
// the reversed polynomial shifted by taylorShiftClassical: the reference.
func unitIntervalVariationsClassical(p zpoly) int {
	return countVariations(taylorShiftClassical(reverse(p), big.NewInt(1)))
}

// TestTaylorShiftWords compares the shifts in words with the classical
// scheme on big.Int, over degrees and coefficient sizes that put the
// width at one, two and more words and beyond maxShiftWords, and shifts
// by ±1 and by larger words up to the int64 extremes (beyond
// maxWordShift); it checks p(x + c) at x = 1 against p(1 + c) by
// Horner's rule, and the variations on (0, 1) against the classical
// shift's.
func TestTaylorShiftWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 20))
	for trial := range 600 {
		n := rng.IntN(70)
		bits := rng.IntN(200) + 1
		switch trial % 5 {
		case 0, 3:
			bits = rng.IntN(20) + 1 // one- and two-word widths
		case 1:
			bits = rng.IntN(1500) + 1 // beyond maxShiftWords: on big.Int
		}
		p := randomZ(rng, n, bits)
		if trial%7 == 0 {
			p[len(p)-1].Lsh(big.NewInt(1), uint(bits)) // a power of two, the largest |coefficient|
			p[len(p)-1].Neg(p[len(p)-1])
		}
		c := []int64{1, -1, 2, -3, 1024, -1 << 20, 1<<62 - 1, -(1 << 62), 1<<63 - 1, -1 << 63}[rng.IntN(10)]
		got := taylorShiftBy(p, c)
		want := taylorShiftClassical(p, big.NewInt(c))
		if !got.equal(want) {
			t.Fatalf("trial %d: %v shifted by %d: %v, want %v", trial, p, c, got, want)
		}
		one := new(big.Rat).SetInt64(1)
		at := new(big.Rat).SetInt(new(big.Int).Add(big.NewInt(c), big.NewInt(1)))
		if signAt(got, one) != signAt(p, at) {
			t.Fatalf("trial %d: p(x + %d) at 1 has the wrong sign", trial, c)
		}
		if v, w := unitIntervalVariations(p, -1), unitIntervalVariationsClassical(p); v != w {
			t.Fatalf("trial %d: %d variations on (0, 1), the classical shift %d", trial, v, w)
		}
		if v, w := unitIntervalVariations(p, 1), min(unitIntervalVariationsClassical(p), 1); v != w {
			t.Fatalf("trial %d: %d variations stopping at 1, want %d", trial, v, w)
		}
	}
}

// TestTaylorShiftWidthTight shifts the extreme case, the polynomial with
// every coefficient the largest value of its size and one sign, whose
// shift by c attains the bound's sums Σ C(l, j)·c^(l−j), at sizes just
// below and above word boundaries.
func TestTaylorShiftWidthTight(t *testing.T) {
	for n := 1; n < 140; n++ {
		for _, b := range []int{1, 62, 63, 64, 65, 127, 128} {
			m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(b)), big.NewInt(1))
			for _, sign := range []int64{1, -1} {
				p := make(zpoly, n+1)
				for i := range p {
					p[i] = new(big.Int).Mul(m, big.NewInt(sign))
				}
				for k, c := range []int64{1, 2, 3, 1000, 1 << 40} {
					if k > 0 && n%4 != 0 {
						continue // the other shifts at every fourth degree
					}
					if got, want := taylorShiftBy(p, c), taylorShiftClassical(p, big.NewInt(c)); !got.equal(want) {
						t.Fatalf("n = %d, %d bits, sign %d, shift by %d: %v, want %v", n, b, sign, c, got, want)
					}
				}
			}
		}
	}
}

// BenchmarkTaylorShift compares the shifts in words with the classical
// scheme on big.Int, by degree, coefficient bits, shift and the width in
// words the bound gives (maxShiftWords is set from it).
func BenchmarkTaylorShift(b *testing.B) {
	rng := rand.New(rand.NewPCG(15, 21))
	for _, n := range []int{100, 1000} {
		for _, bits := range []int{32, 1000, 3000} {
			for _, c := range []int64{1, 1 << 32} {
				if n == 1000 && (c > 1 || bits > 1000) {
					continue
				}
				p := randomZ(rng, n, bits)
				w := shiftWidth(p, uint(c))
				b.Run(fmt.Sprintf("words/deg=%d/bits=%d/c=%d/w=%d", n, bits, c, w), func(b *testing.B) {
					a := toWords(p, w)
					for b.Loop() {
						copy(a, toWords(p, w))
						shiftWords(a, w, n, uint(c), zmaxBits(p), nil)
					}
				})
				b.Run(fmt.Sprintf("classical/deg=%d/bits=%d/c=%d", n, bits, c), func(b *testing.B) {
					for b.Loop() {
						taylorShiftClassical(p, big.NewInt(c))
					}
				})
			}
		}
	}
}
