package matrix

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
	"jacobian.dev/core"
	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// RightHandSide is the b of A·x = b: a vector of rationals (one system) or
// a matrix whose columns are several right-hand sides. The same shape is
// used for the solution x.
type RightHandSide struct {
	// Vector holds b when IsVector; otherwise Matrix holds the columns.
	Vector   []core.Rational
	Matrix   core.Matrix
	IsVector bool
}

// Columns returns the number of right-hand sides.
func (b RightHandSide) Columns() int {
	if b.IsVector {
		return 1
	}
	_, c := b.Matrix.Dims()
	return c
}

// Rows returns the length of each right-hand side.
func (b RightHandSide) Rows() int {
	if b.IsVector {
		return len(b.Vector)
	}
	return len(b.Matrix)
}

// asColumns returns the right-hand sides as the columns of an m×k matrix.
func (b RightHandSide) asColumns() [][]core.Rational {
	if !b.IsVector {
		return b.Matrix
	}
	out := make([][]core.Rational, len(b.Vector))
	for i, x := range b.Vector {
		out[i] = []core.Rational{x}
	}
	return out
}

// MarshalJSON writes a vector or a matrix.
func (b RightHandSide) MarshalJSON() ([]byte, error) {
	if b.IsVector {
		if b.Vector == nil {
			return []byte("[]"), nil
		}
		return json.Marshal(b.Vector)
	}
	if b.Matrix == nil {
		return []byte("[]"), nil
	}
	return json.Marshal([][]core.Rational(b.Matrix))
}

// UnmarshalJSON reads an array of rationals as a vector and an array of
// arrays as a matrix (ragged rows refused). An empty array is the empty
// vector.
func (b *RightHandSide) UnmarshalJSON(data []byte) error {
	var items []json.RawMessage
	if err := json.Unmarshal(data, &items); err != nil {
		return &core.PayloadError{Message: "the right-hand side must be an array of rational strings (one system) or an array of rows (several)"}
	}
	if len(items) > 0 && bytes.HasPrefix(bytes.TrimSpace(items[0]), []byte("[")) {
		var m core.Matrix
		if err := json.Unmarshal(data, &m); err != nil {
			return err
		}
		*b = RightHandSide{Matrix: m}
		return nil
	}
	var v []core.Rational
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*b = RightHandSide{Vector: v, IsVector: true}
	return nil
}

// JSONSchema accepts either shape, each bounded by the echelon limits: at
// most MaxEchelonDimension entries (a vector, or a solution of that many
// unknowns) or rows, each of at most MaxSolveRightHandSides columns. The
// same bound serves the result's solution, whose rows are A's columns.
func (RightHandSide) JSONSchema() *jsonschema.Schema {
	// Type is set besides anyOf because schema inference marks optional
	// (pointer) fields by adding "null" to the type, and core collapses
	// that pair back to the one real type only when there is one.
	matrix := core.Matrix{}.JSONSchema()
	matrix.MaxItems = core.Ptr(MaxEchelonDimension)
	matrix.Items.MaxItems = core.Ptr(MaxSolveRightHandSides)
	return &jsonschema.Schema{
		Type:        "array",
		Description: "a vector of exact rational strings (one right-hand side), or a matrix whose columns are several right-hand sides",
		MaxItems:    core.Ptr(MaxEchelonDimension),
		AnyOf: []*jsonschema.Schema{
			{Type: "array", MaxItems: core.Ptr(MaxEchelonDimension), Items: core.Rational{}.JSONSchema()},
			matrix,
		},
	}
}

// SolveRequest is the system A·x = b.
type SolveRequest struct {
	Matrix core.Matrix   `json:"matrix" jsonschema:"the coefficient matrix A, m×n"`
	RHS    RightHandSide `json:"rhs" jsonschema:"b: a vector of length m, or an m×k matrix of k right-hand sides"`
	Ring   *Ring         `json:"ring,omitempty" jsonschema:"solve over GF(p) instead of Q (see ring.go)"`
}

// SolveStatus classifies the solution set.
type SolveStatus string

// The solution-set classes.
const (
	Unique   SolveStatus = "unique"
	None     SolveStatus = "none"
	Infinite SolveStatus = "infinite"
)

// JSONSchema restricts the status to its three words.
func (SolveStatus) JSONSchema() *jsonschema.Schema {
	return core.Enum("unique: exactly one solution; none: no solution; infinite: a solution plus any combination of the kernel basis", string(Unique), string(None), string(Infinite))
}

// SolveResult describes every solution of A·x = b.
type SolveResult struct {
	Status SolveStatus `json:"status"`
	// Solution is a particular solution, absent when the status is none.
	Solution *RightHandSide `json:"solution,omitempty"`
	// Kernel is a basis of {v : A·v = 0}; every solution is Solution plus
	// a combination of these (column by column for several right-hand
	// sides).
	Kernel [][]core.Rational `json:"kernel"`
	// InconsistentColumns lists, when the status is none, the 0-based
	// right-hand sides that have no solution (always [0] for a vector).
	InconsistentColumns []int `json:"inconsistent_columns,omitempty"`
}

// MaxSolveRightHandSides bounds k, the number of right-hand sides.
const MaxSolveRightHandSides = MaxEchelonDimension

// solveOperation solves A·x = b over Q.
//
// Canonical form: status "unique", "none" or "infinite". Unless none, the
// particular solution is the one read off the RREF of [A | b] with every
// free variable 0, and the kernel is the canonical nullspace basis (see
// matrix.nullspace.compute): one vector per non-pivot column f of A, with
// 1 at f, 0 at the other free columns. With several right-hand sides the
// status is none if any column is inconsistent (inconsistent_columns names
// them), and the solution is the n×k matrix of particular solutions.
// A b whose length differs from A's row count is a DOMAIN_ERROR.
//
// Algorithm: for a square A of order 16 or more (50 or more with 8 or more
// right-hand sides), Dixon p-adic lifting (dixon.go), which answers when A
// is nonsingular modulo one of three 62-bit primes (hence over Q) and its
// entries are words; otherwise the RREF of [A | b] with pivots in A's
// columns only, by fraction-free Gauss–Jordan reduction (eliminate.go) or,
// from 24 rows and columns, the certified multi-modular method
// (rref_crt.go); a right-hand side is inconsistent when it is not the
// combination of the pivot columns that the RREF prescribes.
//
// Postcondition: A·x = b exactly and A·v = 0 exactly for each kernel
// vector (one product, cheap next to the elimination); the kernel has
// n − rank(A) independent vectors and every column reported inconsistent
// raises the rank of A, both checked modulo a random 62-bit prime.
func solveOperation() core.Operation[SolveRequest, SolveResult] {
	rhs := func(rows int) string { return `,"rhs":` + zeroMatrixJSON(rows, 1) }
	return core.Operation[SolveRequest, SolveResult]{
		ID:         "matrix.linear_system.solve",
		Title:      "Solve a linear system",
		Summary:    "Exact solution set of A·x = b over the rationals: unique, none, or a particular solution plus a kernel basis.",
		Keywords:   []string{"linear system", "solve", "matsolve", "simultaneous equations", "particular solution", "kernel", "consistent", "matinverseimage", "Ax=b"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		Bounds:     ringBounds(matrixBounds(MaxEchelonDimension, "matrix")),
		InputKinds: []string{"matrix", "vector"},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				raggedRefusal("matrix", `,"rhs":["1","2","3"]`),
				{Title: "a right-hand side of the wrong length", Payload: `{"matrix":[["1","2"],["3","4"]],"rhs":["1","2","3"]}`, Code: core.DomainError, Path: "/payload/rhs"},
				{Title: "a ragged right-hand side", Payload: `{"matrix":[["1"],["2"]],"rhs":[["1"],["2","3"]]}`, Code: core.InvalidPayload, Path: "/payload/rhs/1"},
				{Title: "a vector mixed with rows", Payload: `{"matrix":[["1"],["2"]],"rhs":["1",["2"]]}`, Code: core.InvalidPayload, Path: "/payload/rhs/1"},
				ringRefusals("matrix", `,"rhs":["1"]`)[0],
				ringRefusals("matrix", `,"rhs":["1","1"]`)[1],
				{Title: "a right-hand side with no image modulo p", Payload: `{"matrix":[["1"]],"rhs":["1/7"],"ring":{"modulus":"7"}}`, Code: core.DomainError, Path: "/payload/rhs/0"},
			}
		},
		Limits: []core.Limit{
			dimensionLimit("matrix", MaxEchelonDimension, rhs),
			entryLimit("matrix", rhs),
			eliminationLimit("matrix", rhs, oneColumn),
			ringLimit("matrix", `,"rhs":["1"]`),
			{
				Name: "right_hand_sides", Max: MaxSolveRightHandSides, Unit: "columns",
				Description: fmt.Sprintf("rhs has at most %d columns", MaxSolveRightHandSides),
				At: func() string {
					return fmt.Sprintf(`{"matrix":[["1"]],"rhs":%s}`, zeroMatrixJSON(1, MaxSolveRightHandSides))
				},
				Beyond: func() string {
					return fmt.Sprintf(`{"matrix":[["1"]],"rhs":%s}`, zeroMatrixJSON(1, MaxSolveRightHandSides+1))
				},
			},
		},
		Preflight: func(ctx context.Context, q SolveRequest) error {
			if err := checkSize("the matrix", q.Matrix, MaxEchelonDimension); err != nil {
				return err
			}
			if k := q.RHS.Columns(); k > MaxSolveRightHandSides {
				return core.Refusef("rhs has %d columns; at most %d right-hand sides are allowed", k, MaxSolveRightHandSides)
			}
			if err := checkEntries("rhs", q.RHS.asColumns()); err != nil {
				return err
			}
			if m, _ := q.Matrix.Dims(); q.RHS.Rows() != m {
				return core.DomainErrorAt(core.PayloadPath("rhs"), "the matrix has %d rows but the right-hand side has %d entries per column; b must have one entry per row of A", m, q.RHS.Rows())
			}
			if q.Ring != nil {
				_, _, _, err := q.ringImages()
				return err
			}
			return checkEliminationBits(augment(q.Matrix, q.RHS.asColumns()))
		},
		Run: func(ctx context.Context, q SolveRequest) (SolveResult, error) {
			if q.Ring != nil {
				return solveRing(ctx, q)
			}
			return solve(ctx, q)
		},
		Postcondition: func(ctx context.Context, q SolveRequest, r SolveResult) error {
			if q.Ring != nil {
				return checkSolveRing(q, r)
			}
			return checkSolve(ctx, q, r)
		},
		Examples: []core.Example{
			{Title: "unique solution", Payload: json.RawMessage(`{"matrix":[["2","1"],["1","3"]],"rhs":["3","5"]}`),
				Result: json.RawMessage(`{"status":"unique","solution":["4/5","7/5"],"kernel":[]}`)},
			{Title: "infinitely many solutions", Payload: json.RawMessage(`{"matrix":[["1","2","3"],["4","5","6"]],"rhs":["6","15"]}`),
				Result: json.RawMessage(`{"status":"infinite","solution":["0","3","0"],"kernel":[["1","-2","1"]]}`)},
			{Title: "inconsistent system", Payload: json.RawMessage(`{"matrix":[["1","1"],["2","2"]],"rhs":["1","3"]}`),
				Result: json.RawMessage(`{"status":"none","kernel":[["-1","1"]],"inconsistent_columns":[0]}`)},
			{Title: "two right-hand sides", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]],"rhs":[["1","0"],["0","1"]]}`),
				Result: json.RawMessage(`{"status":"unique","solution":[["-2","1"],["3/2","-1/2"]],"kernel":[]}`)},
			// PARI/GP 2.15.2: lift(matsolve(Mod([2,1;1,3],7), Mod([3;5],7))) = [5; 0].
			{Title: "over GF(7)", Payload: json.RawMessage(`{"matrix":[["2","1"],["1","3"]],"rhs":["3","5"],"ring":{"modulus":"7"}}`),
				Result: json.RawMessage(`{"status":"unique","solution":["5","0"],"kernel":[]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) SolveRequest {
			m := rng.IntN(7) + 1
			n := rng.IntN(7)
			a := randomMatrix(rng, m, n)
			q := SolveRequest{Matrix: a, RHS: RightHandSide{Matrix: randomMatrix(rng, m, rng.IntN(3)+1)}}
			if rng.IntN(2) == 0 {
				q.RHS = RightHandSide{Vector: randomMatrix(rng, 1, m)[0], IsVector: true}
			}
			if rng.IntN(4) == 0 {
				q.Ring = &Ring{core.Int64([]int64{7, 11, 1_000_003, 4611686018427387847}[rng.IntN(4)])}
			}
			return q
		},
		Slow: func() string {
			return slowMatrixDigits("matrix", 40, slowEliminationDigits, true, fmt.Sprintf(`,"rhs":%s`, zeroMatrixJSON(40, 1)))
		},
	}
}

func solve(ctx context.Context, q SolveRequest) (SolveResult, error) {
	m, n := q.Matrix.Dims()
	if m == 0 {
		// A 0×0 encoding stands for "no equations"; n is then unknown and
		// taken as 0, so the only solution is the empty vector.
		n = 0
	}
	k := q.RHS.Columns()
	if m == n && useDixon(n, k) {
		b, _ := ints(augment(q.Matrix, q.RHS.asColumns())...)
		if x, ok, err := dixonSolve(ctx, b, n); err != nil || ok {
			return uniqueSolution(q, x), err
		}
	}
	red, err := reduce(ctx, augment(q.Matrix, q.RHS.asColumns()), n)
	if err != nil {
		return SolveResult{}, err
	}
	res := SolveResult{Kernel: kernelBasis(red, n)}
	r := len(red.pivots)
	for j, bad := range red.inconsistent {
		if bad {
			res.InconsistentColumns = append(res.InconsistentColumns, j)
		}
	}
	if len(res.InconsistentColumns) > 0 {
		res.Status = None
		return res, nil
	}
	res.Status = Unique
	if r < n {
		res.Status = Infinite
	}
	x := make([][]core.Rational, n)
	for i := range x {
		x[i] = make([]core.Rational, k)
		for j := range x[i] {
			x[i][j] = ratInt64(0)
		}
	}
	for row, c := range red.pivots {
		for j := 0; j < k; j++ {
			x[c][j] = red.at(row, n+j)
		}
	}
	sol := solutionShape(q, x)
	res.Solution = &sol
	return res, nil
}

// uniqueSolution is the result for a nonsingular A and its solution x
// (n×k).
func uniqueSolution(q SolveRequest, x [][]core.Rational) SolveResult {
	sol := solutionShape(q, x)
	return SolveResult{Status: Unique, Solution: &sol, Kernel: [][]core.Rational{}}
}

// solutionShape gives the n×k solution x the shape of the right-hand
// side: a vector for a vector.
func solutionShape(q SolveRequest, x [][]core.Rational) RightHandSide {
	if !q.RHS.IsVector {
		return RightHandSide{Matrix: x}
	}
	sol := RightHandSide{Vector: make([]core.Rational, len(x)), IsVector: true}
	for i := range x {
		sol.Vector[i] = x[i][0]
	}
	return sol
}

// kernelBasis reads the canonical right-kernel basis off the RREF of the
// first n columns: for each non-pivot column f, the vector with 1 at f, 0 at
// the other non-pivot columns and −R[k][f] at the k-th pivot column.
func kernelBasis(red *reduced, n int) [][]core.Rational {
	isPivot := make([]bool, n)
	for _, c := range red.pivots {
		isPivot[c] = true
	}
	basis := [][]core.Rational{}
	for f := 0; f < n; f++ {
		if isPivot[f] {
			continue
		}
		v := make([]core.Rational, n)
		for j := range v {
			v[j] = ratInt64(0)
		}
		v[f] = ratInt64(1)
		for row, c := range red.pivots {
			x := red.at(row, f)
			v[c] = core.Rat(new(big.Rat).Neg(x.Rat()))
		}
		basis = append(basis, v)
	}
	return basis
}

func checkSolve(ctx context.Context, q SolveRequest, r SolveResult) error {
	m, n := q.Matrix.Dims()
	if m == 0 {
		n = 0
	}
	k := q.RHS.Columns()
	if err := checkKernel(ctx, q.Matrix, n, r.Kernel); err != nil {
		return err
	}
	if (r.Status == None) != (r.Solution == nil) {
		return fmt.Errorf("status %s with a solution %s", r.Status, map[bool]string{true: "absent", false: "present"}[r.Solution == nil])
	}
	if (r.Status == Unique && len(r.Kernel) > 0) || (r.Status == Infinite && len(r.Kernel) == 0) {
		return fmt.Errorf("status %s with a kernel of dimension %d", r.Status, len(r.Kernel))
	}
	if r.Solution != nil {
		if r.Solution.IsVector != q.RHS.IsVector || r.Solution.Rows() != n || (!r.Solution.IsVector && n > 0 && r.Solution.Columns() != k) {
			return fmt.Errorf("the solution has the wrong shape")
		}
		ax := mulRat(ctx, q.Matrix, r.Solution.asColumns(), n, k)
		b := q.RHS.asColumns()
		for i := range ax {
			for j := range ax[i] {
				if ax[i][j].Cmp(b[i][j].Rat()) != 0 {
					return fmt.Errorf("(A·x)[%d][%d] = %s but b has %s", i, j, ax[i][j].RatString(), b[i][j])
				}
			}
		}
		return nil
	}
	if len(r.InconsistentColumns) == 0 {
		return fmt.Errorf("status none without an inconsistent column")
	}
	return withPrime(checkRNG(q), func(p uint64) (bool, error) {
		a, ok := image(q.Matrix, p)
		b, ok2 := image(q.RHS.asColumns(), p)
		if !ok || !ok2 {
			return false, nil
		}
		ra, err := rankModP(ctx, a, p)
		if err != nil {
			return true, err
		}
		for _, j := range r.InconsistentColumns {
			if j < 0 || j >= k {
				return true, fmt.Errorf("inconsistent column %d does not exist", j)
			}
			aug := make(modular.Matrix, m)
			for i := range aug {
				aug[i] = append(append([]uint64(nil), a[i]...), b[i][j])
			}
			if rb, err := rankModP(ctx, aug, p); err != nil || rb == ra {
				if err != nil {
					return true, err
				}
				return true, fmt.Errorf("right-hand side %d is reported inconsistent, but it does not raise the rank modulo %d", j, p)
			}
		}
		return true, nil
	})
}

// checkKernel verifies that basis is n − rank(A) independent vectors with
// A·v = 0: the products exactly, the counts modulo a random prime.
func checkKernel(ctx context.Context, a core.Matrix, n int, basis [][]core.Rational) error {
	for idx, v := range basis {
		if len(v) != n {
			return fmt.Errorf("kernel vector %d has %d entries, not %d", idx, len(v), n)
		}
	}
	if len(basis) > 0 {
		cols := make([][]core.Rational, n)
		for i := range cols {
			cols[i] = make([]core.Rational, len(basis))
			for j, v := range basis {
				cols[i][j] = v[i]
			}
		}
		av := mulRat(ctx, a, cols, n, len(basis))
		for i := range av {
			for j, x := range av[i] {
				if x.Sign() != 0 {
					return fmt.Errorf("kernel vector %d is not in the kernel: (A·v)[%d] = %s", j, i, x.RatString())
				}
			}
		}
	}
	return withPrime(rationalRNG(a, basis), func(p uint64) (bool, error) {
		img, ok := image(a, p)
		ker, ok2 := image(basis, p)
		if !ok || !ok2 {
			return false, nil
		}
		ra, err := rankModP(ctx, img, p)
		if err != nil {
			return true, err
		}
		if want := n - ra; len(basis) != want {
			return true, fmt.Errorf("kernel basis has %d vectors, but the nullity is %d", len(basis), want)
		}
		if got, err := rankModP(ctx, ker, p); err != nil || got != len(basis) {
			if err != nil {
				return true, err
			}
			return true, fmt.Errorf("the %d kernel vectors span only dimension %d", len(basis), got)
		}
		return true, nil
	})
}

// rationalRNG is checkRNG's stream for rational matrices, seeded from
// their shapes and entries (wordStream) rather than from their JSON, whose
// decimal conversion cost as much as the rest of the kernel check of a
// 200×200 system.
func rationalRNG(ms ...[][]core.Rational) *rand.Rand {
	s := newWordStream()
	for _, m := range ms {
		s.matrix(m)
	}
	return s.rng()
}

// rankModP is the rank of a modulo p by the blocked PLE decomposition
// (core/modmat), O(n^ω) against the O(n³) of modular.Rank's row
// operations, which dominated the check of a 200×200 solve.
func rankModP(ctx context.Context, a modular.Matrix, p uint64) (int, error) {
	if len(a) == 0 || len(a[0]) == 0 {
		return 0, nil
	}
	return modmat.Rank(ctx, modmat.FromRows(a), modular.NewModulus(p))
}

// mulRat returns A·X over Q for A m×n and X n×k with the product's
// integer inner products (multiply); a 0×0 A stands for no equations.
func mulRat(ctx context.Context, a core.Matrix, x [][]core.Rational, n, k int) [][]*big.Rat {
	out := make([][]*big.Rat, len(a))
	if len(a) == 0 {
		return out
	}
	if n == 0 {
		// X has no rows to carry k; the product is m×k zeros.
		for i := range out {
			out[i] = make([]*big.Rat, k)
			for j := range out[i] {
				out[i][j] = new(big.Rat)
			}
		}
		return out
	}
	prod, _ := multiply(ctx, a, x)
	for i, row := range prod {
		out[i] = make([]*big.Rat, len(row))
		for j, v := range row {
			out[i][j] = v.Rat()
		}
	}
	return out
}

// ringImages returns the prime, A and the right-hand sides (as columns)
// modulo it, failing an entry with no image at its path.
func (q SolveRequest) ringImages() (uint64, modular.Matrix, modular.Matrix, error) {
	p, err := q.Ring.prime()
	if err != nil {
		return 0, nil, nil, err
	}
	a, err := reduceRing(q.Matrix, p, "matrix")
	if err != nil {
		return 0, nil, nil, err
	}
	if q.RHS.IsVector {
		for i, x := range q.RHS.Vector {
			if _, ok := modular.ReduceRat(x.Rat(), p); !ok {
				return 0, nil, nil, core.DomainErrorAt(core.PayloadPath("rhs", i), "the entry %s has no value modulo %d: the modulus divides its denominator", x, p)
			}
		}
	}
	b, err := reduceRing(q.RHS.asColumns(), p, "rhs")
	return p, a, b, err
}

// solveRing solves over GF(p): the reduced echelon form of [A | b] on
// core/modmat with pivots searched in A's columns, read as in solve.
func solveRing(ctx context.Context, q SolveRequest) (SolveResult, error) {
	p, a, b, err := q.ringImages()
	if err != nil {
		return SolveResult{}, err
	}
	m, n := q.Matrix.Dims()
	if m == 0 {
		n = 0
	}
	k := q.RHS.Columns()
	var red [][]uint64
	var pivots []int
	if m > 0 && n+k > 0 {
		aug := make([][]uint64, m)
		for i := range aug {
			aug[i] = append(append([]uint64{}, a[i]...), b[i]...)
		}
		r, piv, err := modmat.ReducedRowEchelon(ctx, modmat.FromRows(aug), n, modular.NewModulus(p))
		if err != nil {
			return SolveResult{}, err
		}
		red, pivots = r.ToRows(), piv
	}
	kernel := [][]uint64{}
	for f := 0; f < n; f++ {
		if slices.Contains(pivots, f) {
			continue
		}
		v := make([]uint64, n)
		v[f] = 1
		for row, c := range pivots {
			v[c] = modular.Neg(red[row][f], p)
		}
		kernel = append(kernel, v)
	}
	res := SolveResult{Kernel: wordsMatrix(kernel)}
	// Column j is inconsistent when a row below the pivots is nonzero there.
	for j := 0; j < k; j++ {
		for row := len(pivots); row < m; row++ {
			if red[row][n+j] != 0 {
				res.InconsistentColumns = append(res.InconsistentColumns, j)
				break
			}
		}
	}
	if len(res.InconsistentColumns) > 0 {
		res.Status = None
		return res, nil
	}
	res.Status = Unique
	if len(pivots) < n {
		res.Status = Infinite
	}
	x := make([][]uint64, n)
	for i := range x {
		x[i] = make([]uint64, k)
	}
	for row, c := range pivots {
		for j := 0; j < k; j++ {
			x[c][j] = red[row][n+j]
		}
	}
	sol := RightHandSide{Matrix: wordsMatrix(x)}
	if q.RHS.IsVector {
		sol = RightHandSide{Vector: make([]core.Rational, n), IsVector: true}
		for i := range x {
			sol.Vector[i] = wordRat(x[i][0])
		}
	}
	res.Solution = &sol
	return res, nil
}

// checkSolveRing checks a solution over GF(p) with core/modular: the
// status agrees with the kernel and the inconsistent columns, A·x ≡ b for
// a solution, each column reported inconsistent raises the rank of A, and
// the kernel is A's canonical kernel (checkKernelRing).
func checkSolveRing(q SolveRequest, r SolveResult) error {
	p, a, b, err := q.ringImages()
	if err != nil {
		return err
	}
	m, n := q.Matrix.Dims()
	if m == 0 {
		n = 0
	}
	if err := checkKernelRing(RingMatrixRequest{Matrix: q.Matrix, Ring: q.Ring}, n, r.Kernel); err != nil {
		return err
	}
	rankA := 0
	if m > 0 && n > 0 {
		rankA = modular.Rank(a, p)
	}
	switch r.Status {
	case None:
		if len(r.InconsistentColumns) == 0 || r.Solution != nil {
			return fmt.Errorf("status none needs inconsistent columns and no solution")
		}
		for _, j := range r.InconsistentColumns {
			if j < 0 || j >= q.RHS.Columns() {
				return fmt.Errorf("inconsistent column %d out of range", j)
			}
			aug := make(modular.Matrix, m)
			for i := range aug {
				aug[i] = append(append([]uint64{}, a[i]...), b[i][j])
			}
			if modular.Rank(aug, p) == rankA {
				return fmt.Errorf("column %d reported inconsistent, but it lies in the column space of A over GF(%d)", j, p)
			}
		}
		return nil
	case Unique, Infinite:
		if (r.Status == Unique) != (len(r.Kernel) == 0) {
			return fmt.Errorf("status %s with %d kernel vectors", r.Status, len(r.Kernel))
		}
		if r.Solution == nil || r.Solution.Rows() != n {
			return fmt.Errorf("a solution of %d unknowns is missing", n)
		}
		x, err := residues(r.Solution.asColumns(), p)
		if err != nil {
			return err
		}
		for j := 0; j < q.RHS.Columns(); j++ {
			col := make([]uint64, n)
			for i := range col {
				col[i] = x[i][j]
			}
			var ax []uint64
			if n > 0 {
				ax = modular.MulVector(a, col, p)
			} else {
				ax = make([]uint64, m)
			}
			for i := range ax {
				if ax[i] != b[i][j] {
					return fmt.Errorf("(A·x)[%d] = %d, but b is %d there, column %d, over GF(%d)", i, ax[i], b[i][j], j, p)
				}
			}
		}
		return nil
	}
	return fmt.Errorf("status %q", r.Status)
}
