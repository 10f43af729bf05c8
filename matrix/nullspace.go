package matrix

import (
	"context"
	"encoding/json"
	"fmt"

	"jacobian.dev/core"
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
func nullspaceOperation() core.Operation[MatrixRequest, NullspaceResult] {
	return core.Operation[MatrixRequest, NullspaceResult]{
		ID:              "matrix.nullspace.compute",
		Title:           "Nullspace (kernel) basis",
		Summary:         "Canonical basis of the right nullspace (kernel) of a rational matrix, one vector per free column.",
		Keywords:        []string{"nullspace", "null space", "kernel", "matker", "homogeneous system", "nullity", "Av=0"},
		Kind:            core.Compute,
		Effect:          core.Pure,
		Bounds:          matrixBounds(MaxEchelonDimension, "matrix"),
		InputKinds:      []string{"matrix"},
		RefusalExamples: matrixRefusals,
		Limits:          eliminationLimits(noColumns),
		Preflight:       preflightMatrix,
		Run: func(ctx context.Context, q MatrixRequest) (NullspaceResult, error) {
			_, n := q.Matrix.Dims()
			red, err := reduce(ctx, q.Matrix, n)
			if err != nil {
				return NullspaceResult{}, err
			}
			basis := kernelBasis(red, n)
			return NullspaceResult{Basis: basis, Nullity: len(basis)}, nil
		},
		Postcondition: func(ctx context.Context, q MatrixRequest, r NullspaceResult) error {
			_, n := q.Matrix.Dims()
			if r.Nullity != len(r.Basis) {
				return fmt.Errorf("nullity %d but %d basis vectors", r.Nullity, len(r.Basis))
			}
			return checkKernel(ctx, q.Matrix, n, r.Basis)
		},
		Examples: []core.Example{
			{Title: "rank-deficient 3×3", Payload: json.RawMessage(`{"matrix":[["1","2","3"],["4","5","6"],["7","8","9"]]}`),
				Result: json.RawMessage(`{"basis":[["1","-2","1"]],"nullity":1}`)},
			{Title: "two free columns", Payload: json.RawMessage(`{"matrix":[["1","2","0","3"],["0","0","1","1/2"]]}`),
				Result: json.RawMessage(`{"basis":[["-2","1","0","0"],["-3","0","-1/2","1"]],"nullity":2}`)},
			{Title: "invertible matrix", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]]}`), Result: json.RawMessage(`{"basis":[],"nullity":0}`)},
		},
		Generate: generateMatrix,
		Slow: func() string {
			return slowMatrixDigits("matrix", 40, slowEliminationDigits, true, "")
		},
	}
}
