package matrix

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"jacobian.dev/core"
	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// NullspaceResult is a basis of the right kernel {v : A·v = 0}.
type NullspaceResult struct {
	Basis   [][]core.Rational `json:"basis"`
	Nullity int               `json:"nullity"`
}

// nullspaceOperation computes a basis of the right kernel of A over Q.
//
// Canonical form: the RREF-derived basis, one vector per non-pivot column f
// of A in increasing order of f: v[f] = 1, v[g] = 0 for the other
// non-pivot columns g, and v[c_k] = −R[k][f] at the k-th pivot column c_k,
// where R is the RREF of A. It is the unique basis that restricts to the
// identity on the free columns. nullity = n − rank. A matrix with no
// columns has the empty basis.
//
// Algorithm: the RREF by fraction-free Gauss–Jordan reduction
// (eliminate.go) or, from 24 rows and columns, the certified multi-modular
// method (rref_crt.go).
// Postcondition: A·v = 0 exactly for each vector (one integer product),
// and, modulo a random 62-bit prime, the vectors are independent and as
// many as n − rank(A).
func nullspaceOperation() core.Operation[RingMatrixRequest, NullspaceResult] {
	return core.Operation[RingMatrixRequest, NullspaceResult]{
		ID:              "matrix.nullspace.compute",
		Title:           "Nullspace (kernel) basis",
		Summary:         "Canonical basis of the right nullspace (kernel) of a rational matrix, one vector per free column.",
		Keywords:        []string{"nullspace", "null space", "kernel", "matker", "homogeneous system", "nullity", "Av=0"},
		Kind:            core.Compute,
		Effect:          core.Pure,
		Bounds:          ringBounds(matrixBounds(MaxEchelonDimension, "matrix")),
		InputKinds:      []string{"matrix"},
		RefusalExamples: echelonRefusals,
		Limits:          append(eliminationLimits(noColumns), ringLimit("matrix", "")),
		Preflight:       preflightEchelon,
		Run: func(ctx context.Context, q RingMatrixRequest) (NullspaceResult, error) {
			if q.Ring != nil {
				return nullspaceRing(ctx, q)
			}
			_, n := q.Matrix.Dims()
			red, err := reduce(ctx, q.Matrix, n)
			if err != nil {
				return NullspaceResult{}, err
			}
			basis := kernelBasis(red, n)
			return NullspaceResult{Basis: basis, Nullity: len(basis)}, nil
		},
		Postcondition: func(ctx context.Context, q RingMatrixRequest, r NullspaceResult) error {
			_, n := q.Matrix.Dims()
			if r.Nullity != len(r.Basis) {
				return fmt.Errorf("nullity %d but %d basis vectors", r.Nullity, len(r.Basis))
			}
			if q.Ring != nil {
				return checkKernelRing(q, n, r.Basis)
			}
			return checkKernel(ctx, q.Matrix, n, r.Basis)
		},
		Examples: []core.Example{
			{Title: "rank-deficient 3×3", Payload: json.RawMessage(`{"matrix":[["1","2","3"],["4","5","6"],["7","8","9"]]}`),
				Result: json.RawMessage(`{"basis":[["1","-2","1"]],"nullity":1}`)},
			{Title: "two free columns", Payload: json.RawMessage(`{"matrix":[["1","2","0","3"],["0","0","1","1/2"]]}`),
				Result: json.RawMessage(`{"basis":[["-2","1","0","0"],["-3","0","-1/2","1"]],"nullity":2}`)},
			{Title: "invertible matrix", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]]}`), Result: json.RawMessage(`{"basis":[],"nullity":0}`)},
			// PARI/GP 2.15.2: lift(matker(Mod([1,2;3,1],5))) = [3; 1], the
			// canonical vector (−2, 1) ≡ (3, 1).
			{Title: "singular only over GF(5)", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","1"]],"ring":{"modulus":"5"}}`),
				Result: json.RawMessage(`{"basis":[["3","1"]],"nullity":1}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) RingMatrixRequest {
			q := RingMatrixRequest{Matrix: generateMatrix(ctx, rng).Matrix}
			if rng.IntN(4) == 0 {
				q.Ring = &Ring{core.Int64([]int64{7, 11, 1_000_003, 4611686018427387847}[rng.IntN(4)])}
			}
			return q
		},
		Slow: func() string {
			return slowMatrixDigits("matrix", 40, slowEliminationDigits, true, "")
		},
	}
}

// nullspaceRing is the canonical kernel basis over GF(p), read off
// modmat's reduced echelon form: for each free column f, 1 at f and
// −R[k][f] at the k-th pivot column.
func nullspaceRing(ctx context.Context, q RingMatrixRequest) (NullspaceResult, error) {
	p, a, err := q.image()
	if err != nil {
		return NullspaceResult{}, err
	}
	rows, n := q.Matrix.Dims()
	var pivots []int
	var red [][]uint64
	if rows > 0 && n > 0 {
		r, piv, err := modmat.ReducedRowEchelon(ctx, modmat.FromRows(a), n, modular.NewModulus(p))
		if err != nil {
			return NullspaceResult{}, err
		}
		red, pivots = r.ToRows(), piv
	}
	basis := [][]uint64{}
	for f := 0; f < n; f++ {
		if slices.Contains(pivots, f) {
			continue
		}
		v := make([]uint64, n)
		v[f] = 1
		for k, c := range pivots {
			v[c] = modular.Neg(red[k][f], p)
		}
		basis = append(basis, v)
	}
	return NullspaceResult{Basis: wordsMatrix(basis), Nullity: len(basis)}, nil
}

// checkKernelRing checks a kernel basis over GF(p) with core/modular:
// residues, A·v ≡ 0 for each vector, and, with the free columns taken from
// core/modular's own reduction, vector k is 1 at the k-th free column and
// 0 at the others (so the vectors are independent and as many as
// n − rank A).
func checkKernelRing(q RingMatrixRequest, n int, basis [][]core.Rational) error {
	p, a, err := q.image()
	if err != nil {
		return err
	}
	b, err := residues(basis, p)
	if err != nil {
		return err
	}
	var pivots []int
	if len(a) > 0 && n > 0 {
		_, pivots = modular.ReducedRowEchelon(a, n, p)
	}
	var free []int
	for f := 0; f < n; f++ {
		if !slices.Contains(pivots, f) {
			free = append(free, f)
		}
	}
	if len(b) != len(free) {
		return fmt.Errorf("%d kernel vectors, but n − rank = %d over GF(%d)", len(b), len(free), p)
	}
	for k, v := range b {
		if len(v) != n {
			return fmt.Errorf("kernel vector %d has %d entries, want %d", k, len(v), n)
		}
		for i, x := range modular.MulVector(a, v, p) {
			if x != 0 {
				return fmt.Errorf("kernel vector %d: (A·v)[%d] = %d over GF(%d)", k, i, x, p)
			}
		}
		for j, f := range free {
			if want := boolUint(j == k); v[f] != want {
				return fmt.Errorf("kernel vector %d is %d at free column %d, not %d", k, v[f], f, want)
			}
		}
	}
	return nil
}
