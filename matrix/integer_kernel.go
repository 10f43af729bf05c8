package matrix

// The kernel of an integer matrix over Z.
//
// For an integer m×n matrix A the integer kernel K = {x ∈ Zⁿ : A·x = 0} is
// a lattice of rank k = n − rank A, saturated (x ∈ K whenever c·x ∈ K for
// an integer c ≠ 0): it is the Q-nullspace intersected with Zⁿ, which the
// rational nullspace basis cleared of denominators need not span: for
// A = (2 1 1) the RREF basis (−1/2, 1, 0), (−1/2, 0, 1) clears to
// (−1, 2, 0), (−1, 0, 2), whose lattice misses (0, 1, −1), half their
// difference.
//
// Algorithm (Cohen, A Course in Computational Algebraic Number Theory,
// §2.4.3, the kernel over Z from the Hermite form, transposed to rows):
// the row-style Hermite form
// U·Aᵀ = H with U unimodular; the last n − r rows of U are a Z-basis of
// the left kernel of Aᵀ, that is of K, because any y with y·Aᵀ = 0 is
// z·U with z·H = 0, so z lives on the zero rows of H. The basis is then
// put into its canonical form, its own row-style Hermite form (hermite.go),
// which is unique for the lattice. Both are the classical elimination, so
// the matrix is bounded by MaxIntegerKernelDimension (both Hermite forms
// within hermiteClassicalEntries).

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"

	"jacobian.dev/core"
)

// MaxIntegerKernelDimension bounds the rows and columns of an integer
// kernel: the transposed matrix and the kernel basis then both have at
// most hermiteClassicalEntries entries.
const MaxIntegerKernelDimension = 20

// MaxIntegerKernelDigits bounds the decimal digits of the entries: the
// classical elimination's entries grow fast, and a 20×20 matrix of rank
// 19 with 30-digit entries takes about two seconds on a loaded core, with
// 50-digit ones fourteen.
const MaxIntegerKernelDigits = 30

// integerKernelCeiling is 10^MaxIntegerKernelDigits.
var integerKernelCeiling = new(big.Int).Exp(big.NewInt(10), big.NewInt(MaxIntegerKernelDigits), nil)

// IntegerKernelResult is a canonical basis of the integer kernel.
type IntegerKernelResult struct {
	Kernel    IntegerMatrix `json:"kernel" jsonschema:"a Z-basis of {x ∈ Zⁿ : A·x = 0} as rows, in row-style Hermite normal form (echelon, positive pivots, entries above each pivot reduced into [0, pivot)); [] when the kernel is 0"`
	Dimension int           `json:"dimension" jsonschema:"k = n − rank A, the number of basis rows"`
}

// integerKernelOperation computes a saturated basis of the integer kernel.
//
// Canonical form: the rows of the Hermite normal form of the kernel
// lattice (unique), k = n − rank A of them, each of length n. A matrix
// with no rows has no columns either, and so the kernel [] of dimension 0.
// Entries must be integers (a fraction fails INVALID_PAYLOAD at its path)
// of at most MaxIntegerKernelDigits digits.
//
// Postcondition, independent of the algorithm: the rows are in Hermite
// form (checked exactly), A·x = 0 exactly for each row, their number is
// n − rank A with the rank over Q from the multi-modular elimination
// (rref.go), and the Smith form of the basis has every elementary divisor
// 1, so the rows span a saturated lattice: a saturated sublattice of K of
// K's rank is K.
func integerKernelOperation() core.Operation[IntegerMatrixRequest, IntegerKernelResult] {
	return core.Operation[IntegerMatrixRequest, IntegerKernelResult]{
		ID:         "matrix.integer_kernel.compute",
		Title:      "Integer kernel",
		Summary:    "Saturated Z-basis of the integer solutions of A·x = 0 for an integer matrix, in Hermite normal form (from the unimodular transform of the Hermite form of the transpose).",
		Keywords:   []string{"integer kernel", "kernel over z", "matkerint", "integer nullspace", "saturated lattice", "integer relations", "homogeneous diophantine system", "lattice of solutions"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		Bounds:     matrixBounds(MaxIntegerKernelDimension, "matrix"),
		InputKinds: []string{"matrix", "integer_matrix"},
		Limits: []core.Limit{
			dimensionLimit("matrix", MaxIntegerKernelDimension, fixed("")),
			{
				Name: "entry_digits", Max: MaxIntegerKernelDigits, Unit: "decimal digits",
				Description: fmt.Sprintf("every entry of matrix has at most %d decimal digits", MaxIntegerKernelDigits),
				At:          func() string { return `{"matrix":[["` + strings.Repeat("9", MaxIntegerKernelDigits) + `"]]}` },
				Beyond:      func() string { return `{"matrix":[["1` + strings.Repeat("0", MaxIntegerKernelDigits) + `"]]}` },
			},
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				raggedRefusal("matrix", ""),
				{Title: "a fraction", Payload: `{"matrix":[["1","2"],["3","1/2"]]}`, Code: core.InvalidPayload, Path: "/payload/matrix/1/1"},
			}
		},
		Preflight: func(ctx context.Context, q IntegerMatrixRequest) error {
			if err := checkIntegerSize("the matrix", q.Matrix, MaxIntegerKernelDimension); err != nil {
				return err
			}
			for i, row := range q.Matrix {
				for j, x := range row {
					if x.Big().CmpAbs(integerKernelCeiling) >= 0 {
						return core.Refusef("the matrix entry (%d, %d) has %d digits; this operation accepts at most %d", i, j, decimalDigits(x.Big()), MaxIntegerKernelDigits)
					}
				}
			}
			return nil
		},
		Run: func(ctx context.Context, q IntegerMatrixRequest) (IntegerKernelResult, error) {
			return integerKernel(ctx, q.Matrix)
		},
		Postcondition: checkIntegerKernel,
		Examples: []core.Example{
			// Kernels from PARI/GP 2.15.2: matkerint, put in row-style
			// Hermite form as in testdata/integer_kernel_reference.py.
			{Title: "2×3 of rank 2", Payload: json.RawMessage(`{"matrix":[["1","2","3"],["4","5","6"]]}`),
				Result: json.RawMessage(`{"kernel":[["1","-2","1"]],"dimension":1}`)},
			{Title: "one equation, saturated", Payload: json.RawMessage(`{"matrix":[["2","4","6"]]}`),
				Result: json.RawMessage(`{"kernel":[["1","1","-1"],["0","3","-2"]],"dimension":2}`)},
			{Title: "nonsingular: zero kernel", Payload: json.RawMessage(`{"matrix":[["2","1"],["1","1"]]}`),
				Result: json.RawMessage(`{"kernel":[],"dimension":0}`)},
			{Title: "empty matrix", Payload: json.RawMessage(`{"matrix":[]}`),
				Result: json.RawMessage(`{"kernel":[],"dimension":0}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) IntegerMatrixRequest {
			return IntegerMatrixRequest{randomIntegerMatrix(rng, 1+rng.IntN(5), rng.IntN(6)+1)}
		},
	}
}

// integerKernel is the method of the file comment.
func integerKernel(ctx context.Context, a IntegerMatrix) (IntegerKernelResult, error) {
	m, n := a.Dims()
	if m == 0 {
		return IntegerKernelResult{Kernel: IntegerMatrix{}}, nil
	}
	b := a.big()
	bt := make([][]*big.Int, n)
	for i := range bt {
		bt[i] = make([]*big.Int, m)
		for j := range bt[i] {
			bt[i][j] = b[j][i]
		}
	}
	_, u, pivots, err := hermiteClassical(ctx, bt)
	if err != nil {
		return IntegerKernelResult{}, err
	}
	k := n - len(pivots)
	if k == 0 {
		return IntegerKernelResult{Kernel: IntegerMatrix{}}, nil
	}
	h, _, _, err := hermiteClassical(ctx, u[n-k:])
	if err != nil {
		return IntegerKernelResult{}, err
	}
	return IntegerKernelResult{Kernel: integerMatrix(h[:k]), Dimension: k}, nil
}

// checkIntegerKernel is the postcondition of integerKernelOperation.
func checkIntegerKernel(ctx context.Context, q IntegerMatrixRequest, r IntegerKernelResult) error {
	m, n := q.Matrix.Dims()
	k := len(r.Kernel)
	if r.Dimension != k {
		return fmt.Errorf("dimension %d for %d basis rows", r.Dimension, k)
	}
	if m == 0 {
		if k != 0 {
			return fmt.Errorf("a matrix without rows has no columns, but the kernel has %d rows", k)
		}
		return nil
	}
	rk, err := rank(ctx, q.Matrix.rationals())
	if err != nil {
		return err
	}
	if k != n-rk {
		return fmt.Errorf("the kernel has %d rows; n − rank A = %d − %d", k, n, rk)
	}
	if k == 0 {
		return nil
	}
	basis := r.Kernel.big()
	pivots := make([]int, k)
	for i, row := range basis {
		if len(row) != n {
			return fmt.Errorf("kernel row %d has %d entries, not %d", i, len(row), n)
		}
		pivots[i] = -1
		for j, x := range row {
			if x.Sign() != 0 {
				pivots[i] = j
				break
			}
		}
		if pivots[i] < 0 {
			return fmt.Errorf("kernel row %d is zero", i)
		}
	}
	if err := isHermite(basis, k, pivots); err != nil {
		return err
	}
	a := q.Matrix.big()
	var s, t big.Int
	for i, row := range basis {
		for l, arow := range a {
			s.SetInt64(0)
			for j, x := range arow {
				s.Add(&s, t.Mul(x, row[j]))
			}
			if s.Sign() != 0 {
				return fmt.Errorf("row %d of A times kernel row %d is %v, not 0", l, i, &s)
			}
		}
	}
	snf, err := smith(ctx, r.Kernel)
	if err != nil {
		return err
	}
	for i, d := range snf.ElementaryDivisors {
		if d.Big().Cmp(big.NewInt(1)) != 0 {
			return fmt.Errorf("elementary divisor %d of the kernel basis is %v, not 1: the rows do not span a saturated lattice", i+1, d.Big())
		}
	}
	return nil
}
