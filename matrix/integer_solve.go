package matrix

// Solving A·x = b over Z.
//
// With the row-style Hermite form U·Aᵀ = H of the transpose (U
// unimodular, H with r nonzero echelon rows of pivots p_i), every integer
// vector is xᵀ = y·U for an integer y, and A·x = b becomes y·H = bᵀ.
// Column p_1 of H is zero below row 1, so y_1 = b_{p_1}/H_{1,p_1}, which
// must be an integer; subtracting y_1·H_1 and going on down the pivots
// gives y_1, …, y_r, and the residual must then vanish. Any failure means
// no integer solution (a rational one may still exist); otherwise
// x = Σ_{i≤r} y_i·U_i is one, and the last n − r rows of U span the
// integer kernel (integer_kernel.go; Cohen, A Course in Computational
// Algebraic Number Theory, §2.4.3). The answer is made canonical by
// reducing x modulo the kernel in its Hermite form K: for each row of K,
// in order, x loses the multiple that brings its entry at that row's pivot
// into [0, pivot). Two solutions differ by a kernel vector, so they reduce
// to the same x.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"

	"jacobian.dev/core"
)

// IntegerSolveRequest is an integer system A·x = b.
type IntegerSolveRequest struct {
	Matrix IntegerMatrix  `json:"matrix" jsonschema:"the integer matrix A, m×n"`
	RHS    []core.Integer `json:"rhs" jsonschema:"the integer vector b, m entries"`
}

// UnmarshalJSON decodes the request, naming a ragged matrix's bad row.
func (q *IntegerSolveRequest) UnmarshalJSON(data []byte) error {
	type plain IntegerSolveRequest
	return locateRagged(data, decodeStrict(data, (*plain)(q)), "matrix")
}

// IntegerSolveResult is the canonical integer solution and the kernel.
type IntegerSolveResult struct {
	Solvable bool           `json:"solvable" jsonschema:"whether A·x = b has an integer solution"`
	Solution []core.Integer `json:"solution" jsonschema:"the canonical integer solution x (n entries; [] when there is none): x reduced modulo the kernel, its entry at each kernel pivot in [0, pivot)"`
	Kernel   IntegerMatrix  `json:"kernel" jsonschema:"the integer kernel of A in row-style Hermite form (as matrix.integer_kernel.compute): every integer solution is x plus an integer combination of these rows"`
}

// integerSolveOperation solves A·x = b over the integers.
//
// Canonical form: see the file comment; "no integer solution" is a
// completed result with solvable false, solution [] and the kernel still
// given. b must have one entry per row of A (otherwise DOMAIN_ERROR at
// /payload/rhs); entries of A and b have at most MaxIntegerKernelDigits
// digits and A at most MaxIntegerKernelDimension rows and columns.
//
// Postcondition, independent of the algorithm: when solvable, A·x = b
// exactly and x is reduced against the kernel; the kernel passes the
// checks of matrix.integer_kernel.compute; when not solvable, the Smith
// form U·A·V = S (smith.go, on A itself) confirms it: some (U·b)_i is not
// divisible by d_i, or is nonzero beyond the rank.
func integerSolveOperation() core.Operation[IntegerSolveRequest, IntegerSolveResult] {
	bounds := matrixBounds(MaxIntegerKernelDimension, "matrix")
	bounds["/rhs"] = MaxIntegerKernelDimension
	return core.Operation[IntegerSolveRequest, IntegerSolveResult]{
		ID:         "matrix.integer_linear_system.solve",
		Title:      "Integer linear system",
		Summary:    "Integer solutions of A·x = b for integer A and b: a canonical solution (or the finding that none exists) and the integer kernel, from the Hermite form of the transpose.",
		Keywords:   []string{"integer solution", "diophantine", "linear diophantine system", "matsolvemod", "solve over z", "integer linear system", "hermite", "no integer solution"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		Bounds:     bounds,
		InputKinds: []string{"matrix", "integer_matrix"},
		Limits: []core.Limit{
			dimensionLimit("matrix", MaxIntegerKernelDimension, func(rows int) string {
				return `,"rhs":[` + strings.TrimSuffix(strings.Repeat(`"0",`, rows), ",") + `]`
			}),
			{
				Name: "entry_digits", Max: MaxIntegerKernelDigits, Unit: "decimal digits",
				Description: fmt.Sprintf("every entry of matrix and rhs has at most %d decimal digits", MaxIntegerKernelDigits),
				At: func() string {
					return `{"matrix":[["` + strings.Repeat("9", MaxIntegerKernelDigits) + `"]],"rhs":["0"]}`
				},
				Beyond: func() string {
					return `{"matrix":[["1` + strings.Repeat("0", MaxIntegerKernelDigits) + `"]],"rhs":["0"]}`
				},
			},
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				raggedRefusal("matrix", `,"rhs":["1","2"]`),
				{Title: "b of the wrong length", Payload: `{"matrix":[["1","2"],["3","4"]],"rhs":["1"]}`, Code: core.DomainError, Path: "/payload/rhs"},
			}
		},
		Preflight: func(ctx context.Context, q IntegerSolveRequest) error {
			if err := checkIntegerSize("the matrix", q.Matrix, MaxIntegerKernelDimension); err != nil {
				return err
			}
			if m, _ := q.Matrix.Dims(); len(q.RHS) != m {
				return core.DomainErrorAt(core.PayloadPath("rhs"), "b has %d entries and A has %d rows; send one entry of b per row of A", len(q.RHS), m)
			}
			entries := append([][]core.Integer{q.RHS}, q.Matrix...)
			for _, row := range entries {
				for _, x := range row {
					if x.Big().CmpAbs(integerKernelCeiling) >= 0 {
						return core.Refusef("an entry has %d digits; this operation accepts at most %d", decimalDigits(x.Big()), MaxIntegerKernelDigits)
					}
				}
			}
			return nil
		},
		Run:           integerSolve,
		Postcondition: checkIntegerSolve,
		Examples: []core.Example{
			// Solvability from PARI/GP 2.15.2 (matsolvemod(A, 0, b)); the
			// canonical solution reduced as in the file comment.
			{Title: "unique solution", Payload: json.RawMessage(`{"matrix":[["2","4"],["1","3"]],"rhs":["2","1"]}`),
				Result: json.RawMessage(`{"solvable":true,"solution":["1","0"],"kernel":[]}`)},
			{Title: "rational but no integer solution", Payload: json.RawMessage(`{"matrix":[["2","4"],["6","8"]],"rhs":["1","1"]}`),
				Result: json.RawMessage(`{"solvable":false,"solution":[],"kernel":[]}`)},
			{Title: "one equation, reduced modulo the kernel", Payload: json.RawMessage(`{"matrix":[["2","4","6"]],"rhs":["10"]}`),
				Result: json.RawMessage(`{"solvable":true,"solution":["0","1","1"],"kernel":[["1","1","-1"],["0","3","-2"]]}`)},
			{Title: "empty system", Payload: json.RawMessage(`{"matrix":[],"rhs":[]}`),
				Result: json.RawMessage(`{"solvable":true,"solution":[],"kernel":[]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) IntegerSolveRequest {
			a := randomIntegerMatrix(rng, 1+rng.IntN(5), rng.IntN(6)+1)
			b := make([]core.Integer, len(a))
			for i := range b {
				b[i] = core.Int(big.NewInt(rng.Int64N(19) - 9))
			}
			return IntegerSolveRequest{a, b}
		},
	}
}

// integerSolve is the method of the file comment.
func integerSolve(ctx context.Context, q IntegerSolveRequest) (IntegerSolveResult, error) {
	m, n := q.Matrix.Dims()
	none := IntegerSolveResult{Solution: []core.Integer{}, Kernel: IntegerMatrix{}}
	if m == 0 {
		none.Solvable = true
		return none, nil
	}
	b := q.Matrix.big()
	bt := make([][]*big.Int, n)
	for i := range bt {
		bt[i] = make([]*big.Int, m)
		for j := range bt[i] {
			bt[i][j] = b[j][i]
		}
	}
	h, u, pivots, err := hermiteClassical(ctx, bt)
	if err != nil {
		return IntegerSolveResult{}, err
	}
	r, k := len(pivots), n-len(pivots)
	if k > 0 {
		kh, _, _, err := hermiteClassical(ctx, u[r:])
		if err != nil {
			return IntegerSolveResult{}, err
		}
		none.Kernel = integerMatrix(kh[:k])
	}
	c := make([]*big.Int, m)
	for i, x := range q.RHS {
		c[i] = new(big.Int).Set(x.Big())
	}
	x := make([]*big.Int, n)
	for j := range x {
		x[j] = new(big.Int)
	}
	var y, rem, t big.Int
	for i, p := range pivots {
		y.QuoRem(c[p], h[i][p], &rem)
		if rem.Sign() != 0 {
			return none, nil
		}
		for l := range c {
			c[l].Sub(c[l], t.Mul(&y, h[i][l]))
		}
		for l := range x {
			x[l].Add(x[l], t.Mul(&y, u[i][l]))
		}
	}
	for _, v := range c {
		if v.Sign() != 0 {
			return none, nil
		}
	}
	for _, row := range none.Kernel.big() {
		p := 0
		for row[p].Sign() == 0 {
			p++
		}
		y.Div(x[p], row[p]) // Euclidean: x[p] − y·row[p] ∈ [0, row[p])
		for l := range x {
			x[l].Sub(x[l], t.Mul(&y, row[l]))
		}
	}
	out := IntegerSolveResult{Solvable: true, Solution: make([]core.Integer, n), Kernel: none.Kernel}
	for l, v := range x {
		out.Solution[l] = core.Int(v)
	}
	return out, nil
}

// checkIntegerSolve is the postcondition of integerSolveOperation.
func checkIntegerSolve(ctx context.Context, q IntegerSolveRequest, r IntegerSolveResult) error {
	m, n := q.Matrix.Dims()
	if err := checkIntegerKernel(ctx, IntegerMatrixRequest{q.Matrix}, IntegerKernelResult{Kernel: r.Kernel, Dimension: len(r.Kernel)}); err != nil {
		return err
	}
	if m == 0 {
		if !r.Solvable || len(r.Solution) != 0 {
			return fmt.Errorf("the empty system has the empty solution")
		}
		return nil
	}
	if !r.Solvable {
		if len(r.Solution) != 0 {
			return fmt.Errorf("no solution is claimed, yet one is given")
		}
		s, err := smith(ctx, q.Matrix)
		if err != nil {
			return err
		}
		u := s.LeftTransform.big()
		var ub, t big.Int
		for i, row := range u {
			ub.SetInt64(0)
			for j, e := range row {
				ub.Add(&ub, t.Mul(e, q.RHS[j].Big()))
			}
			if i >= s.Rank && ub.Sign() != 0 {
				return nil
			}
			if i < s.Rank && t.Rem(&ub, s.ElementaryDivisors[i].Big()).Sign() != 0 {
				return nil
			}
		}
		return fmt.Errorf("no integer solution is claimed, but the Smith form U·A·V = S admits one")
	}
	if len(r.Solution) != n {
		return fmt.Errorf("the solution has %d entries for %d unknowns", len(r.Solution), n)
	}
	var s, t big.Int
	for i, row := range q.Matrix {
		s.SetInt64(0)
		for j, e := range row {
			s.Add(&s, t.Mul(e.Big(), r.Solution[j].Big()))
		}
		if s.Cmp(q.RHS[i].Big()) != 0 {
			return fmt.Errorf("row %d of A·x is %v, not b_%d = %v", i, &s, i, q.RHS[i].Big())
		}
	}
	for i, row := range r.Kernel {
		p := 0
		for row[p].Big().Sign() == 0 {
			p++
		}
		if x := r.Solution[p].Big(); x.Sign() < 0 || x.Cmp(row[p].Big()) >= 0 {
			return fmt.Errorf("the solution's entry %d is %v, not reduced modulo kernel row %d's pivot %v", p, x, i, row[p].Big())
		}
	}
	return nil
}
