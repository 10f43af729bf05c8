package modmat

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core/modular"
)

// bigDeterminant is the exact determinant by fraction-free Bareiss
// elimination over math/big, the reference for DeterminantSmall.
func bigDeterminant(a [][]int64) *big.Int {
	n := len(a)
	m := make([][]*big.Int, n)
	for i, row := range a {
		m[i] = make([]*big.Int, n)
		for j, x := range row {
			m[i][j] = big.NewInt(x)
		}
	}
	sign, prev := 1, big.NewInt(1)
	for k := range n {
		piv := -1
		for i := k; i < n; i++ {
			if m[i][k].Sign() != 0 {
				piv = i
				break
			}
		}
		if piv < 0 {
			return new(big.Int)
		}
		if piv != k {
			m[k], m[piv] = m[piv], m[k]
			sign = -sign
		}
		for i := k + 1; i < n; i++ {
			for j := k + 1; j < n; j++ {
				t := new(big.Int).Mul(m[i][j], m[k][k])
				t.Sub(t, new(big.Int).Mul(m[i][k], m[k][j]))
				m[i][j] = t.Quo(t, prev)
			}
		}
		prev = m[k][k]
	}
	if n == 0 {
		return big.NewInt(1)
	}
	return new(big.Int).Mul(m[n-1][n-1], big.NewInt(int64(sign)))
}

// randomWords returns an n×n matrix with entries in [−bound, bound]; with
// rank < n it is a product of n×rank and rank×n factors, hence singular.
func randomWords(rng *rand.Rand, n, rank int, bound int64) [][]int64 {
	a := make([][]int64, n)
	if rank >= n {
		for i := range a {
			a[i] = make([]int64, n)
			for j := range a[i] {
				a[i][j] = rng.Int64N(2*bound+1) - bound
			}
		}
		return a
	}
	b := randomWords(rng, n, n, bound)
	c := randomWords(rng, n, n, bound)
	for i := range a {
		a[i] = make([]int64, n)
		for j := range a[i] {
			for t := range rank {
				a[i][j] += b[i][t] * c[t][j]
			}
		}
	}
	return a
}

func TestDeterminantSmallAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 1))
	primes := []uint64{2, 3, 7, 101, 65521, SmallPrimeLimit - 5}
	for trial := range 300 {
		n := rng.IntN(13)
		rank := n
		if trial%4 == 0 && n > 0 {
			rank = rng.IntN(n)
		}
		bound := []int64{1, 9, 99, 1 << 40}[trial%4]
		if rank < n {
			bound = 9
		}
		a := randomWords(rng, n, rank, bound)
		det := bigDeterminant(a)
		if rank < n && det.Sign() != 0 {
			t.Fatalf("reference: rank-%d product has det %v", rank, det)
		}
		for _, p := range primes {
			want := new(big.Int).Mod(det, new(big.Int).SetUint64(p)).Uint64()
			got, err := DeterminantSmall(context.Background(), a, p)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("n=%d rank=%d p=%d: got %d, want %d (det %v)", n, rank, p, got, want, det)
			}
		}
	}
}

// TestDeterminantSmallAgainstModular compares orders past the test above
// with the elimination of core/modular, on matrices with many zero
// pivots modulo small primes.
func TestDeterminantSmallAgainstModular(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 2))
	for trial := range 40 {
		n := 20 + rng.IntN(60)
		p := []uint64{3, 5, 1009, SmallPrimeLimit - 5}[trial%4]
		a := randomWords(rng, n, n, 1<<50)
		img := make(modular.Matrix, n)
		for i, row := range a {
			img[i] = make([]uint64, n)
			for j, x := range row {
				img[i][j] = new(big.Int).Mod(big.NewInt(x), new(big.Int).SetUint64(p)).Uint64()
			}
		}
		got, err := DeterminantSmall(context.Background(), a, p)
		if err != nil {
			t.Fatal(err)
		}
		if want := modular.Determinant(img, p); got != want {
			t.Fatalf("n=%d p=%d: got %d, want %d", n, p, got, want)
		}
	}
}

func TestDeterminantSmallCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a := randomWords(rand.New(rand.NewPCG(26, 3)), 5, 5, 9)
	if _, err := DeterminantSmall(ctx, a, 101); err == nil {
		t.Fatal("cancelled context not reported")
	}
}

func TestSmallPrimeLimitBelowProducts(t *testing.T) {
	// 4096 products of residues below the limit fit a word.
	m := new(big.Int).SetUint64(SmallPrimeLimit - 1)
	m.Mul(m, m).Mul(m, big.NewInt(smallChunk))
	if m.BitLen() > 64 {
		t.Fatalf("smallChunk products overflow: %v", m)
	}
	if !big.NewInt(SmallPrimeLimit - 5).ProbablyPrime(20) {
		t.Fatal("2^26 − 5 is not prime")
	}
}

func BenchmarkDeterminantSmall(b *testing.B) {
	a := randomWords(rand.New(rand.NewPCG(100, 4)), 100, 100, 99)
	for b.Loop() {
		if _, err := DeterminantSmall(context.Background(), a, SmallPrimeLimit-5); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDeterminant62(b *testing.B) {
	a := randomWords(rand.New(rand.NewPCG(100, 4)), 100, 100, 99)
	m := modular.NewModulus(modular.Prime62(1))
	img := New(100, 100)
	for b.Loop() {
		for i, row := range a {
			for j, x := range row {
				img.Set(i, j, m.ReduceInt(x))
			}
		}
		if _, err := DeterminantInPlace(context.Background(), img, m); err != nil {
			b.Fatal(err)
		}
	}
}
