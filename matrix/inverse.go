package matrix

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/modmat"
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
// Algorithm: from order 50, Dixon p-adic lifting of A·X = I (dixon.go:
// one inversion modulo a 62-bit prime, the common denominator from one
// random combination, then lifting until the residual vanishes, which
// proves the answer); otherwise, or when A is singular modulo the primes
// tried or not a word matrix, the RREF of [A | I] with pivots searched in
// A's columns only, by fraction-free Gauss–Jordan reduction (eliminate.go)
// or, from order 24, the certified multi-modular method (rref_crt.go); A
// is invertible exactly when every column of A gets a pivot, and then the
// right half is A⁻¹.
//
// Postcondition: A·A⁻¹ = I modulo a random 62-bit prime; for a singular
// answer, det A ≡ 0 modulo that prime.
func inverseOperation() core.Operation[RingMatrixRequest, InverseResult] {
	return core.Operation[RingMatrixRequest, InverseResult]{
		ID:              "matrix.inverse.compute",
		Title:           "Matrix inverse",
		Summary:         "Exact inverse of a square matrix over the rationals, or a statement that it is singular.",
		Keywords:        []string{"inverse", "invert", "matinverse", "reciprocal matrix", "singular", "invertible", "nonsingular"},
		Kind:            core.Compute,
		Effect:          core.Pure,
		Bounds:          ringBounds(matrixBounds(MaxInverseDimension, "matrix")),
		InputKinds:      []string{"matrix"},
		RefusalExamples: func() []core.RefusalExample { return append(squareRefusals(), ringRefusals("matrix", "")...) },
		Limits:          append(matrixLimits(MaxInverseDimension), eliminationLimit("matrix", fixed(""), squareColumns), ringLimit("matrix", "")),
		Preflight: func(ctx context.Context, q RingMatrixRequest) error {
			if err := checkSize("the matrix", q.Matrix, MaxInverseDimension); err != nil {
				return err
			}
			if err := requireSquare("the inverse", "matrix", q.Matrix); err != nil {
				return err
			}
			if q.Ring != nil {
				_, _, err := q.image()
				return err
			}
			return checkEliminationBits(augment(q.Matrix, identity(len(q.Matrix))))
		},
		Run: func(ctx context.Context, q RingMatrixRequest) (InverseResult, error) {
			if q.Ring != nil {
				return inverseRing(ctx, q)
			}
			inv, err := inverse(ctx, q.Matrix)
			if err != nil || inv == nil {
				return InverseResult{}, err
			}
			return InverseResult{Invertible: true, Inverse: &inv}, nil
		},
		Postcondition: func(ctx context.Context, q RingMatrixRequest, r InverseResult) error {
			n := len(q.Matrix)
			if r.Invertible != (r.Inverse != nil) {
				return fmt.Errorf("invertible is %v but an inverse is %s", r.Invertible, map[bool]string{true: "present", false: "absent"}[r.Inverse != nil])
			}
			check := func(p uint64) (bool, error) {
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
			}
			if q.Ring != nil {
				// Over GF(p) the same identity with core/modular's classical
				// kernels, on the ring's own prime, checks modmat's answer.
				p, _, err := q.image()
				if err != nil {
					return err
				}
				if r.Inverse != nil {
					if _, err := residues(*r.Inverse, p); err != nil {
						return err
					}
				}
				_, err = check(p)
				return err
			}
			return withPrime(checkRNG(q), check)
		},
		Examples: []core.Example{
			// PARI/GP 2.15.2: [1,2;3,4]^-1 = [-2,1;3/2,-1/2].
			{Title: "2×2 integer matrix", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]]}`),
				Result: json.RawMessage(`{"invertible":true,"inverse":[["-2","1"],["3/2","-1/2"]]}`)},
			{Title: "singular matrix", Payload: json.RawMessage(`{"matrix":[["1","2"],["2","4"]]}`), Result: json.RawMessage(`{"invertible":false}`)},
			{Title: "rational diagonal", Payload: json.RawMessage(`{"matrix":[["1/2","0"],["0","-3"]]}`),
				Result: json.RawMessage(`{"invertible":true,"inverse":[["2","0"],["0","-1/3"]]}`)},
			{Title: "0×0 matrix", Payload: json.RawMessage(`{"matrix":[]}`), Result: json.RawMessage(`{"invertible":true,"inverse":[]}`)},
			// PARI/GP 2.15.2: lift(Mod([1,2;3,4],7)^-1) = [5,1;5,3].
			{Title: "over GF(7)", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]],"ring":{"modulus":"7"}}`),
				Result: json.RawMessage(`{"invertible":true,"inverse":[["5","1"],["5","3"]]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) RingMatrixRequest {
			n := rng.IntN(8)
			q := RingMatrixRequest{Matrix: randomMatrix(rng, n, n)}
			if rng.IntN(4) == 0 {
				q.Ring = &Ring{core.Int64([]int64{7, 11, 1_000_003, 4611686018427387847}[rng.IntN(4)])}
			}
			return q
		},
		Slow: func() string {
			return slowSquare("matrix", 40, "")
		},
	}
}

// inverse returns A⁻¹, or nil when A is singular.
func inverse(ctx context.Context, a core.Matrix) (core.Matrix, error) {
	n := len(a)
	if useDixon(n, n) {
		b, _ := ints(augment(a, identity(n))...)
		if x, ok, err := dixonSolve(ctx, b, n); err != nil || ok {
			return x, err
		}
	}
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

// inverseRing inverts over GF(p) on core/modmat: the reduced echelon form
// of [A | I] with pivots searched in A's columns.
func inverseRing(ctx context.Context, q RingMatrixRequest) (InverseResult, error) {
	p, a, err := q.image()
	if err != nil {
		return InverseResult{}, err
	}
	n := len(a)
	if n == 0 {
		empty := core.Matrix{}
		return InverseResult{Invertible: true, Inverse: &empty}, nil
	}
	aug := make([][]uint64, n)
	for i := range aug {
		aug[i] = make([]uint64, 2*n)
		copy(aug[i], a[i])
		aug[i][n+i] = 1
	}
	red, pivots, err := modmat.ReducedRowEchelon(ctx, modmat.FromRows(aug), n, modular.NewModulus(p))
	if err != nil {
		return InverseResult{}, err
	}
	if len(pivots) < n {
		return InverseResult{Invertible: false}, nil
	}
	rows := red.ToRows()
	inv := make([][]uint64, n)
	for i := range inv {
		inv[i] = rows[i][n:]
	}
	m := wordsMatrix(inv)
	return InverseResult{Invertible: true, Inverse: &m}, nil
}
