package matrix

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"

	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// wordTestMatrix returns an n×n matrix with entries in [−bound, bound].
func wordTestMatrix(rng *rand.Rand, n int, bound int64) [][]int64 {
	a := make([][]int64, n)
	for i := range a {
		a[i] = make([]int64, n)
		for j := range a[i] {
			a[i][j] = rng.Int64N(2*bound+1) - bound
		}
	}
	return a
}

func bigOf(a [][]int64) [][]*big.Int {
	b := make([][]*big.Int, len(a))
	for i, row := range a {
		b[i] = make([]*big.Int, len(row))
		for j, x := range row {
			b[i][j] = big.NewInt(x)
		}
	}
	return b
}

// unimodularMix returns U·a·V for random unimodular U, V with entries in
// {−1, 0, 1} off the diagonal (products of elementary row and column
// operations), which keeps the determinant and the Smith form while
// hiding the structure of a.
func unimodularMix(rng *rand.Rand, a [][]int64, ops int) [][]int64 {
	n := len(a)
	for range ops {
		i, j := rng.IntN(n), rng.IntN(n)
		if i == j {
			continue
		}
		s := int64(rng.IntN(2)*2 - 1)
		if rng.IntN(2) == 0 {
			for k := range n {
				a[i][k] += s * a[j][k]
			}
		} else {
			for k := range n {
				a[k][i] += s * a[k][j]
			}
		}
	}
	return a
}

// TestDeterminantByDivisorAgainstBareiss checks the divisor path, and the
// whole multi-modular dispatch, against fraction-free elimination on
// matrices chosen to stress each step: random entries (d = det up to a
// small cofactor), a multiple of a matrix (a large cofactor det/d, so many
// primes follow the divisor), determinants divisible by the first Dixon
// primes (the solve must move to the next prime) or by cofactorPrime (the
// 26-bit image must be left out), entries at the word
// limit of the lifting, and singular and rank-deficient matrices (which
// must fall back to the classical path and give 0).
func TestDeterminantByDivisorAgainstBareiss(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	ctx := context.Background()
	sizes := []int{1, 2, 3, 17, 24, 33, 64}
	if testing.Short() {
		sizes = sizes[:6]
	}
	for _, n := range sizes {
		cases := map[string][][]int64{
			"random ±99": wordTestMatrix(rng, n, 99),
			"random ±1":  wordTestMatrix(rng, n, 1),
			"word limit": wordTestMatrix(rng, n, (1<<61)/int64(n)-1),
			// A large cofactor (a power of 6) beside d divisible by
			// cofactorPrime: the 26-bit image must be left out.
			"multiple of 6, a row of cofactorPrime": func() [][]int64 {
				a := wordTestMatrix(rng, n, 20)
				for i, row := range a {
					for j := range row {
						row[j] *= 6
						if i == n-1 {
							row[j] *= cofactorPrime
						}
					}
				}
				return a
			}(),
			"multiple of 6": func() [][]int64 {
				a := wordTestMatrix(rng, n, 20)
				for _, row := range a {
					for j := range row {
						row[j] *= 6
					}
				}
				return a
			}(),
		}
		if n >= 2 {
			// Determinants divisible by the first Dixon primes, though
			// not zero: [[2^31, 3], [19, 2^31]] has determinant
			// 2^62 − 57 = Prime62(0), [[2^31, 3], [29, 2^31]] has
			// 2^62 − 87 = Prime62(1) (PARI/GP: precprime).
			blocks := [][2]int64{{19, 0}}
			if n >= 4 {
				blocks = append(blocks, [2]int64{29, 2})
			}
			a := make([][]int64, n)
			for i := range a {
				a[i] = make([]int64, n)
				a[i][i] = 1
			}
			for _, blk := range blocks {
				k := int(blk[1])
				a[k][k], a[k][k+1], a[k+1][k], a[k+1][k+1] = 1<<31, 3, blk[0], 1<<31
			}
			cases["det divisible by Dixon primes"] = unimodularMix(rng, a, 3*n)
			// det = −21·cofactorPrime, all in the last invariant factor:
			// cofactorPrime divides d, the cofactor ±1 must be
			// reconstructed without it.
			c := make([][]int64, n)
			for i := range c {
				c[i] = make([]int64, n)
				c[i][i] = 1
			}
			c[0][0], c[n-1][n-1] = -3, 7*cofactorPrime
			cases["det divisible by cofactorPrime"] = unimodularMix(rng, c, 3*n)
			sing := wordTestMatrix(rng, n, 99)
			copy(sing[n-1], sing[0])
			cases["singular"] = unimodularMix(rng, sing, 2*n)
			if n >= 3 {
				// Rank n − 2: two rows are combinations of the others.
				rd := wordTestMatrix(rng, n, 9)
				for k := range n {
					rd[n-1][k] = rd[0][k] + 2*rd[1][k]
					rd[n-2][k] = rd[1][k] - rd[2][k]
				}
				cases["rank n−2"] = rd
			}
		}
		for name, a := range cases {
			want, err := determinantBareiss(ctx, bigOf(a))
			if err != nil {
				t.Fatal(err)
			}
			got, ok, err := determinantMultimodular(ctx, bigOf(a))
			if err != nil || !ok {
				t.Fatalf("n=%d %s: multi-modular failed: ok=%v err=%v", n, name, ok, err)
			}
			if got.Cmp(want) != 0 {
				t.Fatalf("n=%d %s: multi-modular det %s, Bareiss %s", n, name, got, want)
			}
			if _, inRange := wordMatrix(bigOf(a)); inRange {
				rows, cols := log2Hadamard(a)
				got, ok, err := determinantByDivisor(ctx, a, bitsAbove(min(rows, cols), n), bitsAbove(cols, n))
				if err != nil {
					t.Fatal(err)
				}
				if ok != (want.Sign() != 0) {
					t.Fatalf("n=%d %s: divisor path ok=%v for det %s", n, name, ok, want)
				}
				if ok && got.Cmp(want) != 0 {
					t.Fatalf("n=%d %s: divisor path det %s, Bareiss %s", n, name, got, want)
				}
			}
		}
	}
}

// TestDetDivisorDivides checks that the divisor found by lifting divides
// the determinant and, for random matrices, leaves a small cofactor.
func TestDetDivisorDivides(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	ctx := context.Background()
	for _, n := range []int{5, 30, 60} {
		a := wordTestMatrix(rng, n, 99)
		want, _ := determinantBareiss(ctx, bigOf(a))
		got, _, _ := determinantMultimodular(ctx, bigOf(a))
		if want.Cmp(got) != 0 {
			t.Fatalf("n=%d: det %s, Bareiss %s", n, got, want)
		}
		m := modular.NewModulus(modular.Prime62(0))
		s, ok, err := modmat.NewSolver(ctx, reduceWords(a, m), m)
		if err != nil || !ok {
			t.Fatalf("n=%d: singular modulo the first prime", n)
		}
		_, cols := log2Hadamard(a)
		d, err := detDivisor(ctx, a, s, m.P, preciseHadamardBits(a), bitsAbove(cols, n))
		if err != nil {
			t.Fatal(err)
		}
		if new(big.Int).Rem(want, d).Sign() != 0 {
			t.Fatalf("n=%d: divisor %s does not divide det %s", n, d, want)
		}
		if cof := new(big.Int).Quo(want, d); cof.BitLen() > 32 {
			t.Errorf("n=%d: cofactor det/d = %s is unexpectedly large", n, cof)
		}
	}
}

func TestDeterminantHugeEntries(t *testing.T) {
	// Entries of 200 bits: beyond the word path, through the classical
	// multi-modular path with its CRT tree.
	rng := rand.New(rand.NewPCG(45, 46))
	ctx := context.Background()
	for _, n := range []int{1, 2, 25, 40} {
		b := make([][]*big.Int, n)
		for i := range b {
			b[i] = make([]*big.Int, n)
			for j := range b[i] {
				x := new(big.Int)
				for range 4 {
					x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
				}
				x.Rsh(x, 56)
				if rng.IntN(2) == 0 {
					x.Neg(x)
				}
				b[i][j] = x
			}
		}
		got, ok, err := determinantMultimodular(ctx, b)
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		want, _ := determinantBareiss(ctx, b)
		if got.Cmp(want) != 0 {
			t.Fatalf("n=%d: multi-modular %s, Bareiss %s", n, got, want)
		}
	}
}

func BenchmarkDeterminantDivisor(b *testing.B) {
	for _, n := range []int{50, 100, 200, 400} {
		a := wordTestMatrix(rand.New(rand.NewPCG(uint64(n), 47)), n, 99)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := determinantMultimodular(context.Background(), bigOf(a)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestProvablySingular: products of n×r and r×n random matrices, r < n,
// are singular, and the kernel certificate proves it for every rank
// (down to a single nonzero column); nonsingular matrices are never
// claimed. The determinant of each singular one is 0 by Bareiss too.
func TestProvablySingular(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1))
	for trial := 0; trial < 60; trial++ {
		n := 2 + rng.IntN(40)
		r := 1 + rng.IntN(n-1)
		left, right := intMatrix(rng, n, r, 30), intMatrix(rng, r, n, 30)
		if trial%10 == 0 {
			// One nonzero column only.
			r = 1
			for i := range left {
				left[i] = left[i][:1]
			}
			right = right[:1]
			for j := 1; j < n; j++ {
				right[0][j] = ratInt64(0)
			}
			right[0][0] = ratInt64(1)
		}
		prod := make([][]*big.Int, n)
		for i := range prod {
			prod[i] = make([]*big.Int, n)
			for j := range prod[i] {
				s := new(big.Int)
				for k := 0; k < r; k++ {
					s.Add(s, new(big.Int).Mul(left[i][k].Rat().Num(), right[k][j].Rat().Num()))
				}
				prod[i][j] = s
			}
		}
		a, ok := wordMatrix(prod)
		if !ok {
			t.Fatal("not a word matrix")
		}
		d, err := determinantBareiss(bg, prod)
		if err != nil || d.Sign() != 0 {
			t.Fatalf("Bareiss: %v, %v", d, err)
		}
		allZero := true
		for _, row := range a {
			for _, x := range row {
				allZero = allZero && x == 0
			}
		}
		singular, err := provablySingular(bg, a)
		if err != nil {
			t.Fatal(err)
		}
		if !singular && !allZero {
			t.Errorf("%d×%d of rank ≤ %d: no certificate", n, n, r)
		}
	}
	for trial := 0; trial < 20; trial++ {
		n := 2 + rng.IntN(40)
		b, _ := ints(intMatrix(rng, n, n, 99)...)
		a, _ := wordMatrix(b)
		if d, _ := determinantBareiss(bg, b); d.Sign() == 0 {
			continue
		}
		if singular, err := provablySingular(bg, a); singular || err != nil {
			t.Fatalf("a nonsingular matrix was claimed singular (%v)", err)
		}
	}
}

// TestSpeculation: a speculation's value is f's, whether its goroutine or
// the caller computes it, and exactly one of them runs f; a nil one runs
// f in the caller; a cancelled wait reports the cancellation.
func TestSpeculation(t *testing.T) {
	for trial := range 200 {
		var runs atomic.Int32
		f := func(context.Context) (uint64, error) {
			runs.Add(1)
			return uint64(trial) * 7, nil
		}
		s := speculate(bg, f)
		if trial%2 == 0 {
			runtime.Gosched() // let the goroutine claim it, sometimes
		}
		got, err := s.get(bg, f)
		if err != nil || got != uint64(trial)*7 {
			t.Fatalf("trial %d: got %d, %v", trial, got, err)
		}
		if n := runs.Load(); n != 1 {
			t.Fatalf("trial %d: f ran %d times", trial, n)
		}
	}
	var none *speculation
	if got, err := none.get(bg, func(context.Context) (uint64, error) { return 5, nil }); got != 5 || err != nil {
		t.Fatalf("nil speculation: %d, %v", got, err)
	}
	release := make(chan struct{})
	s := speculate(bg, func(context.Context) (uint64, error) { <-release; return 1, nil })
	for !s.claimed.Load() {
		runtime.Gosched()
	}
	ctx, cancel := context.WithCancel(bg)
	cancel()
	if _, err := s.get(ctx, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled wait returned %v", err)
	}
	close(release)
}

// TestSpeculationPanic: a panic in a speculation is its error, not the
// end of the process.
func TestSpeculationPanic(t *testing.T) {
	s := speculate(bg, func(context.Context) (uint64, error) { panic("boom") })
	for !s.claimed.Load() {
		runtime.Gosched()
	}
	if _, err := s.get(bg, nil); err == nil {
		t.Fatal("a panicking speculation reported no error")
	}
}
