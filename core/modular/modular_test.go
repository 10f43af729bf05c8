package modular

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestMulAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		p := rng.Uint64N(1<<63-1) + 1
		a, b := rng.Uint64N(p), rng.Uint64N(p)
		want := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
		want.Mod(want, new(big.Int).SetUint64(p))
		if got := Mul(a, b, p); got != want.Uint64() {
			t.Fatalf("Mul(%d, %d, %d) = %d, want %s", a, b, p, got, want)
		}
	}
}

func TestMulShoupAgainstMul(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for range 20000 {
		p := rng.Uint64N(1<<63-2) + 2
		if rng.IntN(2) == 0 {
			p = RandomPrime(rng, PrimeBits)
		}
		x, w := rng.Uint64N(p), rng.Uint64N(p)
		if got, want := MulShoup(x, w, ShoupConstant(w, p), p), Mul(x, w, p); got != want {
			t.Fatalf("MulShoup(%d, %d) mod %d = %d, want %d", x, w, p, got, want)
		}
	}
	// Extremes: the largest residues modulo the largest odd modulus.
	p := uint64(1)<<63 - 1
	if got, want := MulShoup(p-1, p-1, ShoupConstant(p-1, p), p), Mul(p-1, p-1, p); got != want {
		t.Fatalf("extreme MulShoup = %d, want %d", got, want)
	}
}

func BenchmarkDeterminant(b *testing.B) {
	rng := rand.New(rand.NewPCG(17, 18))
	p := RandomPrime(rng, PrimeBits)
	for _, n := range []int{24, 100, 200, 500} {
		m := make(Matrix, n)
		for i := range m {
			m[i] = make([]uint64, n)
			for j := range m[i] {
				m[i][j] = rng.Uint64N(p)
			}
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				Determinant(m, p)
			}
		})
		b.Run(fmt.Sprintf("rowops/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				determinantRowOps(m.Clone(), p)
			}
		})
	}
}

func TestInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 6000 {
		m := rng.Uint64N(1<<62) + 2
		switch i % 6 {
		case 4: // just below 2^63, the signed path's limit
			m = 1<<63 - 1 - rng.Uint64N(1000)
		case 5: // the unsigned path
			m = 1<<63 + rng.Uint64N(1<<63)
		}
		a := rng.Uint64N(m)
		inv, ok := Inverse(a, m)
		g := new(big.Int).GCD(nil, nil, new(big.Int).SetUint64(a), new(big.Int).SetUint64(m))
		if ok != (g.Cmp(big.NewInt(1)) == 0) {
			t.Fatalf("Inverse(%d, %d): ok = %v but gcd = %s", a, m, ok, g)
		}
		if ok && Mul(a, inv, m) != 1%m {
			t.Fatalf("Inverse(%d, %d) = %d is not an inverse", a, m, inv)
		}
	}
}

func TestRandomPrime(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 50 {
		p := RandomPrime(rng, PrimeBits)
		if p>>(PrimeBits-1) != 1 {
			t.Fatalf("%d does not have %d bits", p, PrimeBits)
		}
		if !new(big.Int).SetUint64(p).ProbablyPrime(20) {
			t.Fatalf("%d is not prime", p)
		}
	}
}

// randomBig returns a uniform integer of up to bitLen bits with a random
// sign.
func randomBig(rng *rand.Rand, bitLen int) *big.Int {
	x := new(big.Int)
	for i := 0; i < bitLen; i += 64 {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
	}
	x.Rsh(x, uint(x.BitLen()-rng.IntN(bitLen+1)))
	if rng.IntN(2) == 0 {
		x.Neg(x)
	}
	return x
}

func TestCRTReconstructsSignedIntegers(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 200 {
		x := randomBig(rng, 500)
		var c CRT
		// 9 primes of 62 bits give a modulus above 2^549 > 2·|x|.
		for range 9 {
			p := RandomPrime(rng, PrimeBits)
			if !c.Add(Reduce(x, p), p) {
				continue
			}
		}
		if got := c.Symmetric(); got.Cmp(x) != 0 {
			t.Fatalf("CRT reconstructed %s, want %s", got, x)
		}
	}
	var c CRT
	if !c.Add(3, 7) || c.Add(1, 7) {
		t.Fatalf("adding the same modulus twice must be refused")
	}
}

func TestReduceAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	for range 5000 {
		x := randomBig(rng, []int{10, 63, 64, 200}[rng.IntN(4)])
		p := rng.Uint64N(1<<63-2) + 2
		want := new(big.Int).Mod(x, new(big.Int).SetUint64(p))
		if got := Reduce(x, p); got != want.Uint64() {
			t.Fatalf("Reduce(%s, %d) = %d, want %s", x, p, got, want)
		}
	}
}

func TestRationalReconstruct(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 300 {
		num := randomBig(rng, 60)
		den := new(big.Int).Abs(randomBig(rng, 60))
		if den.Sign() == 0 {
			den.SetInt64(1)
		}
		want := new(big.Rat).SetFrac(num, den)
		p1, p2 := RandomPrime(rng, PrimeBits), RandomPrime(rng, PrimeBits)
		m := new(big.Int).Mul(new(big.Int).SetUint64(p1), new(big.Int).SetUint64(p2))
		// a = num·den⁻¹ mod m.
		inv := new(big.Int).ModInverse(want.Denom(), m)
		a := new(big.Int).Mul(want.Num(), inv)
		a.Mod(a, m)
		bound := new(big.Int).Lsh(big.NewInt(1), 61) // 2·(2^61)² < m
		got, ok := RationalReconstruct(a, m, bound)
		if !ok || got.Cmp(want) != 0 {
			t.Fatalf("RationalReconstruct gave %v, %v; want %s", got, ok, want.RatString())
		}
	}
}

func TestEliminationAgainstBigRat(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for trial := range 300 {
		p := RandomPrime(rng, 5+trial%50) // small primes exercise singular images
		n := rng.IntN(6)
		a := make(Matrix, n)
		for i := range a {
			a[i] = make([]uint64, n)
			for j := range a[i] {
				a[i][j] = rng.Uint64N(p)
			}
		}
		// Reference: the Leibniz formula over all permutations.
		want := leibniz(a, p)
		if got := Determinant(a, p); got != want {
			t.Fatalf("det mod %d of %v = %d, Leibniz gives %d", p, a, got, want)
		}
		r, piv := ReducedRowEchelon(a, n, p)
		if len(piv) != Rank(a, p) {
			t.Fatalf("rank mismatch")
		}
		if (want != 0) != (len(piv) == n) {
			t.Fatalf("rank %d disagrees with det %d", len(piv), want)
		}
		for k, c := range piv {
			for i := range r {
				if e := r[i][c]; (i == k && e != 1) || (i != k && e != 0) {
					t.Fatalf("pivot column %d is not a unit vector in %v", c, r)
				}
			}
		}
	}
}

// TestCroutAgainstRowOps compares the two eliminations of
// DeterminantInPlace on random matrices of orders around croutOrder and
// beyond, over small primes (zero pivots and singular images are common)
// and 62-bit ones, with rank-deficient matrices (a row a combination of
// two others) among them.
func TestCroutAgainstRowOps(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for trial := range 300 {
		p := RandomPrime(rng, []int{2, 3, 7, 20, PrimeBits}[trial%5])
		n := 1 + rng.IntN(60)
		a := make(Matrix, n)
		for i := range a {
			a[i] = make([]uint64, n)
			for j := range a[i] {
				if trial%3 > 0 || rng.IntN(4) == 0 {
					a[i][j] = rng.Uint64N(p)
				}
			}
		}
		if trial%7 == 0 && n > 2 {
			f := rng.Uint64N(p)
			for j := range a[n-1] {
				a[n-1][j] = Add(a[0][j], Mul(f, a[1][j], p), p)
			}
		}
		want := determinantRowOps(a.Clone(), p)
		if got := determinantCrout(a.Clone(), NewModulus(p)); got != want {
			t.Fatalf("trial %d, n=%d, p=%d: Crout %d, row operations %d", trial, n, p, got, want)
		}
		if got := Determinant(a, p); got != want {
			t.Fatalf("trial %d, n=%d, p=%d: Determinant %d, row operations %d", trial, n, p, got, want)
		}
	}
}

func leibniz(a Matrix, p uint64) uint64 {
	n := len(a)
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	var total uint64
	var rec func(k int, sign bool)
	rec = func(k int, odd bool) {
		if k == n {
			t := uint64(1) % p
			for i, j := range perm {
				t = Mul(t, a[i][j], p)
			}
			if odd {
				t = Neg(t, p)
			}
			total = Add(total, t, p)
			return
		}
		for i := k; i < n; i++ {
			perm[k], perm[i] = perm[i], perm[k]
			rec(k+1, odd != (i != k))
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	rec(0, false)
	return total
}

// TestCharPolyAgainstDeterminants evaluates det(t·I − A) at random points
// with Determinant and compares with the Hessenberg characteristic
// polynomial; small primes make zero pivots and breakdowns common.
func TestCharPolyAgainstDeterminants(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for trial := range 400 {
		p := RandomPrime(rng, []int{3, 5, 8, PrimeBits}[trial%4])
		n := rng.IntN(9)
		a := make(Matrix, n)
		for i := range a {
			a[i] = make([]uint64, n)
			for j := range a[i] {
				if rng.IntN(3) > 0 {
					a[i][j] = rng.Uint64N(p)
				}
			}
		}
		c := CharPoly(a, p)
		if len(c) != n+1 || c[n] != 1%p {
			t.Fatalf("not monic of degree %d: %v", n, c)
		}
		for range 4 {
			x := rng.Uint64N(p)
			m := a.Clone()
			for i := range m {
				for j := range m[i] {
					m[i][j] = Neg(m[i][j], p)
				}
				m[i][i] = Add(m[i][i], x, p)
			}
			var v uint64
			for k := n; k >= 0; k-- {
				v = Add(Mul(v, x, p), c[k], p)
			}
			if want := Determinant(m, p); v != want {
				t.Fatalf("p=%d A=%v: charpoly(%d) = %d, det(tI − A) = %d", p, a, x, v, want)
			}
		}
	}
}

func TestCRTBasisAgainstCRT(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	primes := make([]uint64, 12)
	for i := range primes {
		primes[i] = uint64(1)<<62 - 1 - uint64(i)*2
		for !IsPrime(primes[i]) || (i > 0 && primes[i] >= primes[i-1]) {
			primes[i] -= 2
		}
	}
	// Mixed sizes in no order exercise digits larger than later primes.
	primes = append(primes, RandomPrime(rng, 20), RandomPrime(rng, 40), RandomPrime(rng, PrimeBits))
	basis := NewCRTBasis(primes)
	for range 300 {
		x := randomBig(rng, 780)
		res := make([]uint64, len(primes))
		for i, p := range primes {
			res[i] = Reduce(x, p)
		}
		if got := basis.Symmetric(res, nil); got.Cmp(x) != 0 {
			t.Fatalf("CRTBasis gave %s, want %s", got, x)
		}
	}
}

func TestRankProfile(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for trial := range 300 {
		p := RandomPrime(rng, []int{3, 7, PrimeBits}[trial%3])
		r, c := rng.IntN(6)+1, rng.IntN(6)+1
		a := make(Matrix, r)
		for i := range a {
			a[i] = make([]uint64, c)
			for j := range a[i] {
				if rng.IntN(2) == 0 {
					a[i][j] = rng.Uint64N(p)
				}
			}
		}
		pivots, rows := RankProfile(a, c, p)
		_, want := ReducedRowEchelon(a, c, p)
		if !slices.Equal(pivots, want) {
			t.Fatalf("pivots %v, RREF gives %v", pivots, want)
		}
		sub := make(Matrix, len(rows))
		for k, i := range rows {
			sub[k] = make([]uint64, len(pivots))
			for l, j := range pivots {
				sub[k][l] = a[i][j]
			}
		}
		if len(rows) > 0 && Determinant(sub, p) == 0 {
			t.Fatalf("profile rows %v, columns %v give a singular submatrix", rows, pivots)
		}
	}
}

func TestReduceWordsAgainstReduce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 1))
	for range 2000 {
		x := randomBig(rng, rng.IntN(300))
		if rng.IntN(2) == 0 {
			x.Neg(x)
		}
		p := RandomPrime(rng, 2+rng.IntN(62))
		if got, want := ReduceWords(x, p), Reduce(x, p); got != want {
			t.Fatalf("ReduceWords(%v, %d) = %d, want %d", x, p, got, want)
		}
	}
}
