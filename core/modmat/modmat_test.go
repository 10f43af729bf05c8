package modmat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"jacobian.dev/core/modular"
)

// testPrimes spans the edge cases: the smallest primes, a 16-bit and a
// 31-bit prime, random 40- and 61-bit primes, and the largest prime below
// 2^62, where every product's high word is largest.
func testPrimes(rng *rand.Rand) []uint64 {
	return []uint64{2, 3, 5, 7, 65521, 1<<31 - 1, modular.RandomPrime(rng, 40), modular.RandomPrime(rng, 61), modular.Prime62(0)}
}

// testSizes crosses the kernels' block boundaries: the 2×2 tiles, the
// 16-term chunks, pleBase, trsmBase and the column blocks.
var testSizes = []int{0, 1, 2, 3, 7, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100}

func randomMatrix(rng *rand.Rand, rows, cols int, p uint64) Matrix {
	a := New(rows, cols)
	for i := range rows {
		for j := range cols {
			a.Set(i, j, rng.Uint64N(p))
		}
	}
	return a
}

// fullMatrix has every entry p − 1, the largest residue.
func fullMatrix(rows, cols int, p uint64) Matrix {
	a := New(rows, cols)
	for i := range rows {
		for j := range cols {
			a.Set(i, j, p-1)
		}
	}
	return a
}

// schoolbook is the reference product: one modular multiplication and
// addition per term through the existing word arithmetic.
func schoolbook(a, b Matrix, p uint64) Matrix {
	c := New(a.rows, b.cols)
	for i := range a.rows {
		for j := range b.cols {
			var s uint64
			for k := range a.cols {
				s = modular.Add(s, modular.Mul(a.At(i, k), b.At(k, j), p), p)
			}
			c.Set(i, j, s)
		}
	}
	return c
}

func equal(a, b Matrix) bool {
	if a.rows != b.rows || a.cols != b.cols {
		return false
	}
	for i := range a.rows {
		if !slices.Equal(a.Row(i), b.Row(i)) {
			return false
		}
	}
	return true
}

func TestMulAgainstSchoolbook(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	ctx := context.Background()
	for _, p := range testPrimes(rng) {
		m := modular.NewModulus(p)
		for _, n := range testSizes {
			shapes := [][3]int{{n, n, n}, {n, n + 1, max(n-1, 0)}, {1, n, 2}}
			for _, s := range shapes {
				a, b := randomMatrix(rng, s[0], s[1], p), randomMatrix(rng, s[1], s[2], p)
				if n == 33 {
					a, b = fullMatrix(s[0], s[1], p), fullMatrix(s[1], s[2], p)
				}
				want := schoolbook(a, b, p)
				got, err := Mul(ctx, a, b, m)
				if err != nil {
					t.Fatal(err)
				}
				if !equal(got, want) {
					t.Fatalf("p=%d shape %v: Mul differs from the schoolbook product", p, s)
				}
			}
		}
	}
}

// TestStrassenAgainstClassical runs the Strassen–Winograd recursion with a
// small crossover, so that several levels and every odd border occur, on
// views with a stride (the submatrices of a larger matrix), for each op.
func TestStrassenAgainstClassical(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	ctx := context.Background()
	for _, p := range []uint64{2, 3, 1<<31 - 1, modular.Prime62(0)} {
		m := modular.NewModulus(p)
		for _, s := range [][3]int{{32, 32, 32}, {33, 35, 37}, {64, 65, 63}, {129, 127, 128}, {40, 17, 90}} {
			bigA := randomMatrix(rng, s[0]+3, s[1]+5, p)
			bigB := randomMatrix(rng, s[1]+2, s[2]+1, p)
			a, b := bigA.Slice(1, 1+s[0], 2, 2+s[1]), bigB.Slice(2, 2+s[1], 1, 1+s[2])
			prod := schoolbook(a, b, p)
			for _, op := range []mulOp{opSet, opAdd, opSub} {
				c0 := randomMatrix(rng, s[0], s[2], p)
				c := c0.Clone()
				if err := mulWith(ctx, c, a, b, m, op, 8); err != nil {
					t.Fatal(err)
				}
				for i := range c.rows {
					for j := range c.cols {
						want := prod.At(i, j)
						switch op {
						case opAdd:
							want = modular.Add(c0.At(i, j), want, p)
						case opSub:
							want = modular.Sub(c0.At(i, j), want, p)
						}
						if c.At(i, j) != want {
							t.Fatalf("p=%d shape %v op %d: entry (%d,%d) = %d, want %d", p, s, op, i, j, c.At(i, j), want)
						}
					}
				}
			}
		}
	}
}

// singular returns a random n×n matrix of rank at most r, as a product of
// n×r and r×n factors.
func singular(rng *rand.Rand, n, r int, p uint64) Matrix {
	c, _ := Mul(context.Background(), randomMatrix(rng, n, r, p), randomMatrix(rng, r, n, p), modular.NewModulus(p))
	return c
}

func TestDeterminantAgainstElimination(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	ctx := context.Background()
	for _, p := range testPrimes(rng) {
		m := modular.NewModulus(p)
		for _, n := range testSizes {
			cases := map[string]Matrix{
				"random":        randomMatrix(rng, n, n, p),
				"all p−1":       fullMatrix(n, n, p),
				"rank n−1":      singular(rng, n, max(n-1, 0), p),
				"rank n/2":      singular(rng, n, n/2, p),
				"lower zeros":   randomMatrix(rng, n, n, p),
				"permuted diag": New(n, n),
			}
			// A matrix with a zero leading block forces row swaps.
			for i := range n / 2 {
				for j := range n / 2 {
					cases["lower zeros"].Set(i, j, 0)
				}
			}
			for i := range n {
				cases["permuted diag"].Set(i, (i*7+3)%max(n, 1), 1+rng.Uint64N(p-1))
			}
			for name, a := range cases {
				want := modular.Determinant(a.ToRows(), p)
				got, err := Determinant(ctx, a, m)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("p=%d n=%d %s: det = %d, elimination gives %d", p, n, name, got, want)
				}
				s, ok, err := NewSolver(ctx, a, m)
				if err != nil {
					t.Fatal(err)
				}
				if ok != (want != 0) {
					t.Fatalf("p=%d n=%d %s: solver ok=%v with det %d", p, n, name, ok, want)
				}
				if ok {
					if s.Determinant() != want {
						t.Fatalf("p=%d n=%d %s: solver det %d, want %d", p, n, name, s.Determinant(), want)
					}
					b := make([]uint64, n)
					for i := range b {
						b[i] = rng.Uint64N(p)
					}
					x := make([]uint64, n)
					s.Solve(x, b)
					if got := modular.MulVector(a.ToRows(), x, p); !slices.Equal(got, b) {
						t.Fatalf("p=%d n=%d %s: A·x ≠ b", p, n, name)
					}
				}
			}
		}
	}
}

func TestEchelonAgainstElimination(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	ctx := context.Background()
	for _, p := range testPrimes(rng) {
		m := modular.NewModulus(p)
		for _, n := range testSizes {
			for _, shape := range [][2]int{{n, n}, {n, 2*n + 1}, {2*n + 1, n}} {
				rows, cols := shape[0], shape[1]
				var a Matrix
				switch rng.IntN(3) {
				case 0:
					a = randomMatrix(rng, rows, cols, p)
				case 1:
					r := rng.IntN(min(rows, cols) + 1)
					a, _ = Mul(ctx, randomMatrix(rng, rows, r, p), randomMatrix(rng, r, cols, p), m)
				default:
					// Sparse: zero columns and duplicate rows make the
					// rank profile irregular.
					a = randomMatrix(rng, rows, cols, p)
					for i := range rows {
						for j := range cols {
							if rng.IntN(4) != 0 {
								a.Set(i, j, 0)
							}
						}
					}
				}
				for _, pc := range []int{cols, cols / 2} {
					wantR, wantPiv := modular.ReducedRowEchelon(a.ToRows(), pc, p)
					got, piv, err := ReducedRowEchelon(ctx, a, pc, m)
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(piv, wantPiv) {
						t.Fatalf("p=%d %d×%d pc=%d: pivots %v, elimination gives %v", p, rows, cols, pc, piv, wantPiv)
					}
					if got.rows != len(wantR) || !slices.EqualFunc(got.ToRows(), wantR, slices.Equal) {
						t.Fatalf("p=%d %d×%d pc=%d: RREF differs from Gauss–Jordan", p, rows, cols, pc)
					}
					wantPivots, wantRows := modular.RankProfile(a.ToRows(), pc, p)
					f, err := Decompose(ctx, a, pc, m)
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(f.Pivots(), wantPivots) || !slices.Equal(f.RowOrder()[:f.Rank()], wantRows) {
						t.Fatalf("p=%d %d×%d pc=%d: rank profile differs", p, rows, cols, pc)
					}
					if pc == cols {
						r, err := Rank(ctx, a, m)
						if err != nil {
							t.Fatal(err)
						}
						if r != len(wantPivots) {
							t.Fatalf("p=%d %d×%d: rank %d, want %d", p, rows, cols, r, len(wantPivots))
						}
					}
				}
			}
		}
	}
}

// TestPLEReconstructs checks P·A = L·E directly on rank-deficient
// rectangular matrices of a size where the recursion runs several levels.
func TestPLEReconstructs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	ctx := context.Background()
	p := modular.Prime62(3)
	m := modular.NewModulus(p)
	for _, s := range [][3]int{{130, 97, 40}, {97, 130, 97}, {129, 129, 128}, {70, 200, 3}} {
		a, _ := Mul(ctx, randomMatrix(rng, s[0], s[2], p), randomMatrix(rng, s[2], s[1], p), m)
		f, err := Decompose(ctx, a, a.cols, m)
		if err != nil {
			t.Fatal(err)
		}
		r := f.Rank()
		if r != s[2] {
			t.Fatalf("%v: rank %d, want %d", s, r, s[2])
		}
		l := New(a.rows, r)
		for i := range a.rows {
			for j := range min(i+1, r) {
				if i == j {
					l.Set(i, j, 1)
				} else {
					l.Set(i, j, f.lu.At(i, j))
				}
			}
		}
		lu, _ := Mul(ctx, l, f.Echelon().Slice(0, r, 0, a.cols), m)
		for i, orig := range f.RowOrder() {
			if !slices.Equal(lu.Row(i), a.Row(orig)) {
				t.Fatalf("%v: row %d of L·E is not row %d of A", s, i, orig)
			}
		}
	}
}

func TestCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rng := rand.New(rand.NewPCG(6, 6))
	p := modular.Prime62(0)
	a := randomMatrix(rng, 200, 200, p)
	if _, err := Determinant(ctx, a, modular.NewModulus(p)); err == nil {
		t.Fatal("Determinant ignored a cancelled context")
	}
	if _, err := Mul(ctx, a, a, modular.NewModulus(p)); err == nil {
		t.Fatal("Mul ignored a cancelled context")
	}
}

func BenchmarkMatMul(b *testing.B) {
	p := modular.Prime62(0)
	m := modular.NewModulus(p)
	for _, n := range []int{64, 128, 256, 512, 1024} {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		x, y := randomMatrix(rng, n, n, p), randomMatrix(rng, n, n, p)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Mul(context.Background(), x, y, m); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n*n*n), "ns/muladd")
		})
	}
}

// BenchmarkStrassenCrossover compares one Strassen–Winograd step with the
// classical kernel alone, single-threaded, at the sizes around the
// crossover.
func BenchmarkStrassenCrossover(b *testing.B) {
	p := modular.Prime62(0)
	m := modular.NewModulus(p)
	for _, n := range []int{256, 384, 512, 768, 1024} {
		rng := rand.New(rand.NewPCG(uint64(n), 8))
		x, y := randomMatrix(rng, n, n, p), randomMatrix(rng, n, n, p)
		b.Run(fmt.Sprintf("classical/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				MulClassical(x, y, m)
			}
		})
		b.Run(fmt.Sprintf("strassen/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				c := New(n, n)
				if err := strassen(context.Background(), c, x, y, m, opSet, 1<<30); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDeterminantModP(b *testing.B) {
	p := modular.Prime62(0)
	m := modular.NewModulus(p)
	for _, n := range []int{50, 100, 200, 400, 800} {
		rng := rand.New(rand.NewPCG(uint64(n), 9))
		a := randomMatrix(rng, n, n, p)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Determinant(context.Background(), a, m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDeterminantElimination is the classical elimination of
// modular.Determinant, for comparison.
func BenchmarkDeterminantElimination(b *testing.B) {
	p := modular.Prime62(0)
	for _, n := range []int{100, 200, 400} {
		rng := rand.New(rand.NewPCG(uint64(n), 9))
		a := randomMatrix(rng, n, n, p).ToRows()
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				modular.Determinant(a, p)
			}
		})
	}
}
