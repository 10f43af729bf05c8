package matrix

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// Benchmarks run the operations' own Run functions on integer matrices with
// entries in [−99, 99], built outside the timed loop.

func benchSizes(b *testing.B, sizes []int, f func(b *testing.B, n int, rng *rand.Rand)) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			f(b, n, rand.New(rand.NewPCG(uint64(n), 99)))
		})
	}
}

func BenchmarkRank(b *testing.B) {
	op := rankOperation()
	benchSizes(b, []int{50, 100}, func(b *testing.B, n int, rng *rand.Rand) {
		q := RingMatrixRequest{Matrix: intMatrix(rng, n, n, 99)}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkRREF(b *testing.B) {
	op := rrefOperation()
	benchSizes(b, []int{25, 50, 100}, func(b *testing.B, n int, rng *rand.Rand) {
		q := RingMatrixRequest{Matrix: intMatrix(rng, n, n+n/2, 99)}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkInverse(b *testing.B) {
	op := inverseOperation()
	benchSizes(b, []int{25, 50, 100}, func(b *testing.B, n int, rng *rand.Rand) {
		q := RingMatrixRequest{Matrix: intMatrix(rng, n, n, 99)}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkSolve(b *testing.B) {
	op := solveOperation()
	benchSizes(b, []int{25, 50, 100}, func(b *testing.B, n int, rng *rand.Rand) {
		q := SolveRequest{Matrix: intMatrix(rng, n, n, 99), RHS: RightHandSide{Vector: intMatrix(rng, 1, n, 99)[0], IsVector: true}}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkNullspace(b *testing.B) {
	op := nullspaceOperation()
	// n×2n matrices have an n-dimensional kernel.
	benchSizes(b, []int{25, 50, 100}, func(b *testing.B, n int, rng *rand.Rand) {
		q := RingMatrixRequest{Matrix: intMatrix(rng, n, 2*n, 99)}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkMultiply(b *testing.B) {
	op := multiplyOperation()
	benchSizes(b, []int{50, 100, 200}, func(b *testing.B, n int, rng *rand.Rand) {
		q := MultiplyRequest{Left: intMatrix(rng, n, n, 99), Right: intMatrix(rng, n, n, 99)}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkCharpoly(b *testing.B) {
	op := charpolyOperation()
	benchSizes(b, []int{25, 50, 100}, func(b *testing.B, n int, rng *rand.Rand) {
		q := RingMatrixRequest{Matrix: intMatrix(rng, n, n, 99)}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkInverseCheck(b *testing.B) {
	op := inverseCheckOperation()
	benchSizes(b, []int{25, 50, 100}, func(b *testing.B, n int, rng *rand.Rand) {
		a := intMatrix(rng, n, n, 99)
		inv, err := inverse(bg, a)
		if err != nil || inv == nil {
			b.Fatal("benchmark matrix is singular")
		}
		q := InverseCheckRequest{a, inv}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCostModel measures the unit costs behind the preflight estimate
// (cost.go): one determinant image modulo a 62-bit prime (reduction and
// PLE decomposition), one characteristic-polynomial image (reduction and
// Hessenberg form), and the reduction of one entry word modulo a prime.
// Divide ns/op by n³ or by the words reduced to get the constants.
func BenchmarkCostModel(b *testing.B) {
	p := modular.Primes62(1)[0]
	for _, n := range []int{100, 200, 400} {
		b.Run(fmt.Sprintf("determinant_image/n=%d", n), func(b *testing.B) {
			m, _ := ints(intMatrix(rand.New(rand.NewPCG(uint64(n), 1)), n, n, 99)...)
			for b.Loop() {
				if _, err := modmat.DeterminantInPlace(bg, reduceModmat(m, p), modular.NewModulus(p)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, n := range []int{50, 100, 200} {
		b.Run(fmt.Sprintf("charpoly_image/n=%d", n), func(b *testing.B) {
			m, _ := ints(intMatrix(rand.New(rand.NewPCG(uint64(n), 1)), n, n, 99)...)
			for b.Loop() {
				modular.CharPoly(reduceMatrix(m, p), p)
			}
		})
	}
	for _, digits := range []int{2, 18, 20, 95, 380} {
		b.Run(fmt.Sprintf("reduce/n=100/digits=%d", digits), func(b *testing.B) {
			m, _ := ints(digitMatrix(rand.New(rand.NewPCG(uint64(digits), 1)), 100, digits)...)
			for b.Loop() {
				reduceMatrix(m, p)
			}
		})
	}
}

func BenchmarkHermite(b *testing.B) {
	op := hermiteOperation()
	benchSizes(b, []int{50, 100, 150}, func(b *testing.B, n int, rng *rand.Rand) {
		q := HermiteRequest{Matrix: integerMatrixOf(intMatrix(rng, n, n, 99))}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(estimateHermite(q.Matrix.rationals(), q.Transform)/1e6, "estimated-ms")
	})
}

func BenchmarkSmith(b *testing.B) {
	op := smithOperation()
	benchSizes(b, []int{25, 50, 100}, func(b *testing.B, n int, rng *rand.Rand) {
		q := IntegerMatrixRequest{integerMatrixOf(intMatrix(rng, n, n, 99))}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(estimateSmith(q.Matrix.rationals())/1e6, "estimated-ms")
	})
}

// BenchmarkLLL reduces knapsacks: with 120-bit weights (the heuristic
// pass), and with 512-bit ones (beyond lattice.HeuristicBits, the proved
// big.Float passes, whose cost lllBigFloatCostPerUnit fits).
func BenchmarkLLL(b *testing.B) {
	op := lllOperation()
	for _, c := range []struct {
		d    int
		bits uint
	}{{20, 120}, {50, 120}, {100, 120}, {20, 512}} {
		b.Run(fmt.Sprintf("knapsack/d=%d/bits=%d", c.d, c.bits), func(b *testing.B) {
			var q LLLRequest
			if err := json.Unmarshal([]byte(knapsackJSON(c.d, c.bits)), &q); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := op.Run(bg, q); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(estimateLLL(q.Matrix)/1e6, "estimated-ms")
		})
	}
}

func BenchmarkPower(b *testing.B) {
	op := powerOperation()
	benchSizes(b, []int{10, 25, 50}, func(b *testing.B, n int, rng *rand.Rand) {
		q := PowerRequest{intMatrix(rng, n, n, 9), 64}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkKronecker(b *testing.B) {
	op := kroneckerOperation()
	benchSizes(b, []int{5, 10, 20}, func(b *testing.B, n int, rng *rand.Rand) {
		q := KroneckerRequest{intMatrix(rng, n, n, 99), intMatrix(rng, n, n, 99)}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkTranspose(b *testing.B) {
	op := transposeOperation()
	benchSizes(b, []int{100, 400}, func(b *testing.B, n int, rng *rand.Rand) {
		q := MatrixRequest{intMatrix(rng, n, n, 99)}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkMinpoly(b *testing.B) {
	op := minpolyOperation()
	benchSizes(b, []int{10, 20, 40}, func(b *testing.B, n int, rng *rand.Rand) {
		q := MatrixRequest{intMatrix(rng, n, n, 99)}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkRuntime times whole runs through core.Runtime, as the peer
// benchmark does: payload decoding, preflight, execution, postcondition
// and result encoding.
func BenchmarkRuntime(b *testing.B) {
	rt := newRuntime(b)
	for _, c := range []struct {
		id string
		ns []int
	}{
		{"matrix.determinant.compute", []int{50, 100, 200}},
		{"matrix.inverse.compute", []int{150}},
	} {
		b.Run(c.id, func(b *testing.B) {
			benchSizes(b, c.ns, func(b *testing.B, n int, rng *rand.Rand) {
				payload, err := json.Marshal(map[string]core.Matrix{"matrix": intMatrix(rng, n, n, 99)})
				if err != nil {
					b.Fatal(err)
				}
				req := core.RunRequest{CapabilityID: c.id, Payload: payload}
				for b.Loop() {
					if o := rt.Run(bg, req); o.Outcome != core.OutcomeCompleted {
						b.Fatal(o)
					}
				}
			})
		})
	}
}
