package matrix

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// InverseResult says whether the matrix is invertible and, if it is, gives
// its inverse.
type InverseResult struct {
	Invertible bool         `json:"invertible"`
	Inverse    *core.Matrix `json:"inverse,omitempty"`
}

// MaxInverseDimension bounds the order of an inverse. The elimination
// bound (MaxEliminationBits) is taken of [A | I], n rows and 2n columns,
// and lets one-bit entries through only up to about order 268, so a larger
// declared dimension could never be reached.
const MaxInverseDimension = 256

// inverseOperation computes A⁻¹ over Q.
//
// Canonical form: {"invertible": true, "inverse": A⁻¹} with reduced
// rational entries, or {"invertible": false} with no inverse for a
// singular matrix (a completed answer, not an error). The 0×0 matrix is
// its own inverse. A non-square matrix is a DOMAIN_ERROR.
//
// Algorithm: the RREF of [A | I] with pivots searched in A's columns only,
// by fraction-free Gauss–Jordan reduction (eliminate.go) or, from order 24,
// the certified multi-modular method (rref_crt.go); A is invertible exactly
// when every column of A gets a pivot, and then the right half is A⁻¹.
//
// Postcondition: A·A⁻¹ = I modulo a random 62-bit prime; for a singular
// answer, det A ≡ 0 modulo that prime.
func inverseOperation() core.Operation[MatrixRequest, InverseResult] {
	return core.Operation[MatrixRequest, InverseResult]{
		ID:              "matrix.inverse.compute",
		Title:           "Matrix inverse",
		Summary:         "Exact inverse of a square matrix over the rationals, or a statement that it is singular.",
		Keywords:        []string{"inverse", "invert", "matinverse", "reciprocal matrix", "singular", "invertible", "nonsingular"},
		Kind:            core.Compute,
		Effect:          core.Pure,
		Bounds:          matrixBounds(MaxInverseDimension, "matrix"),
		InputKinds:      []string{"matrix"},
		RefusalExamples: squareRefusals,
		Limits:          append(matrixLimits(MaxInverseDimension), eliminationLimit("matrix", fixed(""), squareColumns)),
		Preflight: func(ctx context.Context, q MatrixRequest) error {
			if err := checkSize("the matrix", q.Matrix, MaxInverseDimension); err != nil {
				return err
			}
			if err := requireSquare("the inverse", "matrix", q.Matrix); err != nil {
				return err
			}
			return checkEliminationBits(augment(q.Matrix, identity(len(q.Matrix))))
		},
		Run: func(ctx context.Context, q MatrixRequest) (InverseResult, error) {
			inv, err := inverse(ctx, q.Matrix)
			if err != nil || inv == nil {
				return InverseResult{}, err
			}
			return InverseResult{Invertible: true, Inverse: &inv}, nil
		},
		Postcondition: func(ctx context.Context, q MatrixRequest, r InverseResult) error {
			n := len(q.Matrix)
			if r.Invertible != (r.Inverse != nil) {
				return fmt.Errorf("invertible is %v but an inverse is %s", r.Invertible, map[bool]string{true: "present", false: "absent"}[r.Inverse != nil])
			}
			return withPrime(checkRNG(q), func(p uint64) (bool, error) {
				a, ok := image(q.Matrix, p)
				if !ok {
					return false, nil
				}
				if !r.Invertible {
					if d := modular.Determinant(a, p); d != 0 {
						return true, fmt.Errorf("reported singular, but the determinant is %d modulo %d", d, p)
					}
					return true, nil
				}
				if rr, cc := r.Inverse.Dims(); rr != n || cc != n {
					return true, fmt.Errorf("inverse is %d×%d for a %d×%d matrix", rr, cc, n, n)
				}
				b, ok := image(*r.Inverse, p)
				if !ok {
					return false, nil
				}
				prod := modular.MulMatrix(a, b, p)
				for i := range prod {
					for j, x := range prod[i] {
						if want := boolUint(i == j); x != want {
							return true, fmt.Errorf("(A·A⁻¹)[%d][%d] is %d modulo %d, not %d", i, j, x, p, want)
						}
					}
				}
				return true, nil
			})
		},
		Examples: []core.Example{
			// PARI/GP 2.15.2: [1,2;3,4]^-1 = [-2,1;3/2,-1/2].
			{Title: "2×2 integer matrix", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]]}`),
				Result: json.RawMessage(`{"invertible":true,"inverse":[["-2","1"],["3/2","-1/2"]]}`)},
			{Title: "singular matrix", Payload: json.RawMessage(`{"matrix":[["1","2"],["2","4"]]}`), Result: json.RawMessage(`{"invertible":false}`)},
			{Title: "rational diagonal", Payload: json.RawMessage(`{"matrix":[["1/2","0"],["0","-3"]]}`),
				Result: json.RawMessage(`{"invertible":true,"inverse":[["2","0"],["0","-1/3"]]}`)},
			{Title: "0×0 matrix", Payload: json.RawMessage(`{"matrix":[]}`), Result: json.RawMessage(`{"invertible":true,"inverse":[]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) MatrixRequest {
			n := rng.IntN(8)
			return MatrixRequest{randomMatrix(rng, n, n)}
		},
		Slow: func() string {
			return slowSquare("matrix", 40, "")
		},
	}
}

// inverse returns A⁻¹, or nil when A is singular.
func inverse(ctx context.Context, a core.Matrix) (core.Matrix, error) {
	n := len(a)
	red, err := reduce(ctx, augment(a, identity(n)), n)
	if err != nil {
		return nil, err
	}
	if len(red.pivots) < n {
		return nil, nil
	}
	out := make(core.Matrix, n)
	for i := range out {
		out[i] = make([]core.Rational, n)
		for j := range out[i] {
			out[i][j] = red.at(i, n+j)
		}
	}
	return out, nil
}

func boolUint(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
