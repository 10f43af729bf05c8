package matrix

import (
	"fmt"
	"math/rand/v2"
	"testing"
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
		q := MatrixRequest{intMatrix(rng, n, n, 99)}
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
		q := MatrixRequest{intMatrix(rng, n, n+n/2, 99)}
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
		q := MatrixRequest{intMatrix(rng, n, n, 99)}
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
		q := SolveRequest{intMatrix(rng, n, n, 99), RightHandSide{Vector: intMatrix(rng, 1, n, 99)[0], IsVector: true}}
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
		q := MatrixRequest{intMatrix(rng, n, 2*n, 99)}
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
		q := MultiplyRequest{intMatrix(rng, n, n, 99), intMatrix(rng, n, n, 99)}
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
		q := MatrixRequest{intMatrix(rng, n, n, 99)}
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
