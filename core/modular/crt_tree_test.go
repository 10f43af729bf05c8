package modular

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestCRTTreeAgainstGarner reconstructs random signed integers of nearly
// the full range from their residues and compares the tree with the
// incremental Garner scheme (CRT) and with the values themselves, for
// prime counts around the leaf size and the tree's odd levels.
func TestCRTTreeAgainstGarner(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	counts := []int{0, 1, 2, 15, 16, 17, 31, 33, 47, 100, 257}
	if !testing.Short() {
		counts = append(counts, 1000)
	}
	for _, k := range counts {
		primes := Primes62(k)
		if k == 47 {
			// Small and mixed primes, in no particular order.
			primes = []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 65521, 1<<31 - 1, 1<<61 - 1}
			k = len(primes)
		}
		tree := NewCRTTree(primes)
		if got, want := tree.Modulus(), productOf(primes); got.Cmp(want) != 0 {
			t.Fatalf("k=%d: modulus %s, want %s", k, got, want)
		}
		bitsM := tree.Modulus().BitLen()
		var values []*big.Int
		for trial := range 20 {
			x := randomBig(rng, max(1, bitsM-2-trial%3))
			if trial%2 == 1 {
				x.Neg(x)
			}
			if trial == 0 || k == 0 {
				x.SetInt64(0)
			}
			if trial == 1 {
				x.Rsh(tree.Modulus(), 1) // the top of the symmetric range
			}
			if trial == 2 && k > 0 {
				x.Rsh(tree.Modulus(), 1)
				x.Neg(x).Add(x, big.NewInt(1)) // its bottom
			}
			values = append(values, x)
		}
		residues := make([][]uint64, k)
		for i, p := range primes {
			residues[i] = make([]uint64, len(values))
			for j, x := range values {
				residues[i][j] = Reduce(x, p)
			}
		}
		out := make([]*big.Int, len(values))
		if err := tree.CombineVector(context.Background(), residues, out); err != nil {
			t.Fatal(err)
		}
		for j, x := range values {
			var garner CRT
			column := make([]uint64, k)
			for i, p := range primes {
				garner.Add(residues[i][j], p)
				column[i] = residues[i][j]
			}
			want := garner.Symmetric()
			if k == 0 {
				want = new(big.Int)
			}
			if want.Cmp(x) != 0 {
				t.Fatalf("k=%d: Garner gives %s for %s", k, want, x)
			}
			if out[j].Cmp(want) != 0 {
				t.Fatalf("k=%d value %d: tree gives %s, Garner %s", k, j, out[j], want)
			}
			if got := tree.Combine(column); got.Cmp(want) != 0 {
				t.Fatalf("k=%d value %d: Combine gives %s, Garner %s", k, j, got, want)
			}
			got := make([]uint64, k)
			tree.Reduce(x, got)
			for i := range got {
				if got[i] != residues[i][j] {
					t.Fatalf("k=%d: Reduce gives %d mod %d, want %d", k, got[i], primes[i], residues[i][j])
				}
			}
		}
	}
}

func TestRationalReconstructBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	m := productOf(Primes62(8)) // about 496 bits
	for trial := range 300 {
		nb, db := 1+rng.IntN(240), 1+rng.IntN(240)
		if nb+db >= 494 {
			continue
		}
		numBound := new(big.Int).Lsh(big.NewInt(1), uint(nb))
		denBound := new(big.Int).Lsh(big.NewInt(1), uint(db))
		n := randomBig(rng, nb)
		d := randomBig(rng, db)
		d.Abs(d)
		if d.Sign() == 0 {
			d.SetInt64(1)
		}
		if trial%2 == 1 {
			n.Neg(n)
		}
		if trial%7 == 0 {
			n.SetInt64(0)
			d.SetInt64(1)
		}
		g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(n), d)
		if n.Sign() == 0 {
			d.SetInt64(1)
		} else {
			n.Quo(n, g)
			d.Quo(d, g)
		}
		a := new(big.Int).ModInverse(d, m)
		a.Mul(a, n).Mod(a, m)
		gn, gd, ok := RationalReconstructBounds(a, m, numBound, denBound)
		if !ok || gn.Cmp(n) != 0 || gd.Cmp(d) != 0 {
			t.Fatalf("reconstruct %s/%s: got %v/%v ok=%v", n, d, gn, gd, ok)
		}
	}
	// No fraction with both parts below 2^10 is ≡ 2^200 + 12345 modulo a
	// 496-bit m: its images n·d⁻¹ for such small n and d are too few.
	a := new(big.Int).Lsh(big.NewInt(1), 200)
	a.Add(a, big.NewInt(12345))
	small := big.NewInt(1 << 10)
	if n, d, ok := RationalReconstructBounds(a, m, small, small); ok {
		t.Fatalf("found %s/%s for a value with no small fraction", n, d)
	}
}

func TestModulusReduction(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for trial := range 20000 {
		var p uint64
		switch trial % 4 {
		case 0:
			p = rng.Uint64N(1<<63-2) + 2
		case 1:
			p = Prime62(trial % 50)
		case 2:
			p = uint64(2 + trial%30)
		default:
			p = 1<<63 - 25 // the largest prime below 2^63
		}
		m := NewModulus(p)
		hi, lo := rng.Uint64(), rng.Uint64()
		if trial%5 == 0 {
			hi, lo = ^uint64(0), ^uint64(0)
		}
		x := new(big.Int).SetUint64(hi)
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(lo))
		want := new(big.Int).Mod(x, new(big.Int).SetUint64(p)).Uint64()
		if got := m.Reduce128(hi, lo); got != want {
			t.Fatalf("Reduce128(%d, %d) mod %d = %d, want %d", hi, lo, p, got, want)
		}
		if h := hi % p; m.ReduceUnder(h, lo) != Mul(1, 0, p)+Reduce(new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(h), 64), new(big.Int).SetUint64(lo)), p) {
			t.Fatalf("ReduceUnder(%d, %d) mod %d wrong", h, lo, p)
		}
		top := rng.Uint64()
		if trial%7 == 0 {
			top = rng.Uint64N(4) // sums of at most sixteen products
		}
		hi &= 1<<62 - 1 // Reduce192's contract
		x.SetUint64(top).Lsh(x, 126)
		x.Add(x, new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64))
		x.Add(x, new(big.Int).SetUint64(lo))
		want = new(big.Int).Mod(x, new(big.Int).SetUint64(p)).Uint64()
		if got := m.Reduce192(top, hi, lo); got != want {
			t.Fatalf("Reduce192 mod %d = %d, want %d", p, got, want)
		}
		s := rng.Int64()
		if trial%3 == 0 {
			s = -1 << 63
		}
		if got, want := m.ReduceInt(s), Reduce(big.NewInt(s), p); got != want {
			t.Fatalf("ReduceInt(%d) mod %d = %d, want %d", s, p, got, want)
		}
	}
}

func TestDotAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	for _, n := range []int{0, 1, 3, 4, 5, 15, 16, 17, 100, 1000} {
		p := Prime62(0)
		a, b := make([]uint64, n), make([]uint64, n)
		want := new(big.Int)
		for k := range a {
			a[k], b[k] = rng.Uint64N(p), rng.Uint64N(p)
			if n == 1000 {
				a[k], b[k] = p-1, p-1
			}
			want.Add(want, new(big.Int).Mul(new(big.Int).SetUint64(a[k]), new(big.Int).SetUint64(b[k])))
		}
		top, hi, lo := DotAccumulate(a, b)
		got := new(big.Int).Lsh(new(big.Int).SetUint64(top), 126)
		got.Add(got, new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64))
		got.Add(got, new(big.Int).SetUint64(lo))
		if got.Cmp(want) != 0 {
			t.Fatalf("n=%d: DotAccumulate = %s, want %s", n, got, want)
		}
		if d := NewModulus(p).Dot(a, b); d != want.Mod(want, new(big.Int).SetUint64(p)).Uint64() {
			t.Fatalf("n=%d: Dot = %d, want %s", n, d, want)
		}
	}
}

func TestPrimes62(t *testing.T) {
	short := Primes62(300) // crosses into the long table
	for i, p := range short {
		if !IsPrime(p) || p >= MaxKernelPrime || (i > 0 && p >= short[i-1]) {
			t.Fatalf("Primes62: entry %d = %d is not a prime below the previous one", i, p)
		}
	}
	// Every prime between consecutive entries is listed: none is skipped.
	for c := short[len(short)-1]; c < MaxKernelPrime; c++ {
		if IsPrime(c) {
			found := false
			for _, p := range short {
				found = found || p == c
			}
			if !found {
				t.Fatalf("prime %d missing from Primes62", c)
			}
		}
		if c-short[len(short)-1] > 30000 {
			break
		}
	}
	if Prime62(0) != 1<<62-57 { // PARI/GP 2.15: precprime(2^62) = 2^62 − 57
		t.Fatalf("largest prime below 2^62 is %d", Prime62(0))
	}
}

func BenchmarkCRTTree(b *testing.B) {
	for _, k := range []int{16, 100, 500, 2000} {
		primes := Primes62(k)
		tree := NewCRTTree(primes)
		rng := rand.New(rand.NewPCG(uint64(k), 29))
		const width = 64
		residues := make([][]uint64, k)
		for i, p := range primes {
			residues[i] = make([]uint64, width)
			for j := range residues[i] {
				residues[i][j] = rng.Uint64N(p)
			}
		}
		out := make([]*big.Int, width)
		b.Run(fmt.Sprintf("primes=%d", k), func(b *testing.B) {
			for b.Loop() {
				if err := tree.CombineVector(context.Background(), residues, out); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/width, "ns/value")
		})
		b.Run(fmt.Sprintf("garner/primes=%d", k), func(b *testing.B) {
			basis := NewCRTBasis(primes)
			column := make([]uint64, k)
			digits := make([]uint64, k)
			for b.Loop() {
				for j := range width {
					for i := range primes {
						column[i] = residues[i][j]
					}
					basis.Symmetric(column, digits)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/width, "ns/value")
		})
	}
}
