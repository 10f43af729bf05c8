package matrix

// Smith normal form over Z, with both unimodular transforms.
//
// For an integer m×n matrix A there are unimodular U (m×m) and V (n×n)
// with U·A·V = S diagonal, S = diag(d_1, …, d_r, 0, …, 0), every d_i > 0
// and d_i | d_{i+1}. The d_i, the elementary divisors (invariant factors),
// are unique: d_1·…·d_k is the gcd of the k×k minors of A. They describe
// the abelian group Zⁿ/(row lattice of A) ≅ Z/d_1 ⊕ … ⊕ Z/d_r ⊕ Z^(n−r),
// which is what lattice, homology and combinatorics users ask for.
//
// Algorithm: first the Hermite form H = U₀·A (hermite.go: the modular
// method for square nonsingular input keeps every entry below |det A|),
// then the classical elimination of Cohen (A Course in Computational
// Algebraic Number Theory, Algorithm 2.4.14) on H: the entry of least
// absolute value in the remaining block is moved to the corner, its row
// and column are cleared by Euclidean division (a remainder, smaller than
// the pivot, becomes the next pivot), and when the corner divides nothing
// else in the block the next row is added to its row so that
// divisibility is forced. Row operations are recorded in U, column
// operations in V; U = U₁·U₀. S is unique; U and V are not, and are the
// ones this elimination produces (deterministic).

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// SmithResult is U·A·V = S.
type SmithResult struct {
	Smith              IntegerMatrix  `json:"smith" jsonschema:"S = U·A·V, m×n, diagonal: the elementary divisors d_1 | d_2 | … | d_r, then zeros"`
	ElementaryDivisors []core.Integer `json:"elementary_divisors" jsonschema:"the nonzero diagonal entries of S, positive, each dividing the next"`
	Rank               int            `json:"rank" jsonschema:"r, the number of elementary divisors"`
	LeftTransform      IntegerMatrix  `json:"left_transform" jsonschema:"a unimodular m×m matrix U (det U = ±1)"`
	RightTransform     IntegerMatrix  `json:"right_transform" jsonschema:"a unimodular n×n matrix V (det V = ±1) with U·A·V = S"`
}

// MaxSmithDimension bounds the rows and columns of a Smith form.
const MaxSmithDimension = 100

// smithOperation computes the Smith normal form with its transforms.
//
// Canonical form: S is m×n with d_1, …, d_r on the diagonal in
// increasing divisibility order (d_i | d_{i+1}, all positive) and zeros
// elsewhere; elementary_divisors lists d_1, …, d_r; U is m×m and V n×n,
// both unimodular. The empty matrix has S, U and V all []. Entries must
// be integers. The Hermite step's limits apply (hermiteOperation).
//
// Postcondition, independent of the algorithm: S is checked exactly to be
// diagonal with positive divisors each dividing the next and to match
// elementary_divisors and rank; modulo a random 62-bit prime p, U·A·V ≡ S
// (Freivalds: times a random vector) and det U, det V ≡ ±1.
func smithOperation() core.Operation[IntegerMatrixRequest, SmithResult] {
	herm := hermiteOperation()
	return core.Operation[IntegerMatrixRequest, SmithResult]{
		ID:         "matrix.normal_form.smith.compute",
		Title:      "Smith normal form",
		Summary:    "Smith normal form S = U·A·V of an integer matrix with unimodular transforms U and V and the elementary divisors (invariant factors) d_1 | d_2 | … of the abelian group it presents.",
		Keywords:   []string{"smith normal form", "snf", "matsnf", "elementary divisors", "invariant factors", "abelian group", "cokernel", "unimodular", "diagonal form"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		Bounds:     matrixBounds(MaxSmithDimension, "matrix"),
		InputKinds: []string{"matrix", "integer_matrix", "lattice"},
		Limits: []core.Limit{
			{
				Name: "dimension", Max: MaxSmithDimension, Unit: "rows or columns",
				Description: fmt.Sprintf("matrix has at most %d rows and %d columns", MaxSmithDimension, MaxSmithDimension),
				At:          func() string { return diagonalJSON(MaxSmithDimension, "1") },
				Beyond:      func() string { return diagonalJSON(MaxSmithDimension+1, "1") },
			},
			entryLimit("matrix", fixed("")),
			hermiteClassicalLimit(),
			smithEstimateLimit(),
		},
		RefusalExamples: herm.RefusalExamples,
		Preflight: func(ctx context.Context, q IntegerMatrixRequest) error {
			m := q.Matrix.rationals()
			if err := checkSize("the matrix", m, MaxSmithDimension); err != nil {
				return err
			}
			if err := herm.Preflight(ctx, HermiteRequest{Matrix: q.Matrix}); err != nil {
				return err
			}
			return checkEstimate("this Smith normal form", estimateSmith(m))
		},
		Run: func(ctx context.Context, q IntegerMatrixRequest) (SmithResult, error) {
			return smith(ctx, q.Matrix)
		},
		Postcondition: checkSmith,
		Examples: []core.Example{
			// Divisors from PARI/GP 2.15.2: matsnf([2,4,4;-6,6,12;10,-4,-16])
			// = [12, 6, 2], matsnf([1,2,3;4,5,6]) = [3, 1].
			{Title: "3×3 with divisors 2, 6, 12", Payload: json.RawMessage(`{"matrix":[["2","4","4"],["-6","6","12"],["10","-4","-16"]]}`),
				Result: json.RawMessage(`{"smith":[["2","0","0"],["0","6","0"],["0","0","12"]],"elementary_divisors":["2","6","12"],"rank":3,"left_transform":[["1","0","0"],["-1","3","2"],["3","-4","-3"]],"right_transform":[["1","-2","-2"],["0","1","0"],["0","0","1"]]}`)},
			{Title: "2×3 of rank 2", Payload: json.RawMessage(`{"matrix":[["1","2","3"],["4","5","6"]]}`),
				Result: json.RawMessage(`{"smith":[["1","0","0"],["0","3","0"]],"elementary_divisors":["1","3"],"rank":2,"left_transform":[["1","0"],["4","-1"]],"right_transform":[["1","-2","1"],["0","1","-2"],["0","0","1"]]}`)},
			{Title: "empty matrix", Payload: json.RawMessage(`{"matrix":[]}`),
				Result: json.RawMessage(`{"smith":[],"elementary_divisors":[],"rank":0,"left_transform":[],"right_transform":[]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) IntegerMatrixRequest {
			return IntegerMatrixRequest{randomIntegerMatrix(rng, rng.IntN(6), rng.IntN(6)+1)}
		},
		// At the dimension limit, 12-digit entries: 2.5 s on this
		// machine, where two-digit ones (0.37 s) came close to the
		// cancellation test's 300 ms deadline.
		Slow: func() string {
			return slowNormalFormDigits(MaxSmithDimension, 12)
		},
	}
}

// estimateSmith is the Hermite estimate plus the diagonalisation of H:
// about n³ row and column operation entries on integers of Hadamard's
// size, as in the Hermite form's own elimination.
func estimateSmith(rows [][]core.Rational) float64 {
	n := len(rows)
	if n == 0 || len(rows[0]) != n {
		return 0
	}
	h := hadamardEstimate(clearedRowBits(rows, false))
	return estimateHermite(rows, true) + 2*float64(n)*float64(n)*float64(n)*productCost(h)
}

// smithEstimateLimit declares MaxEstimatedMillis for the Smith form, with
// diagonal probes as for the Hermite form.
func smithEstimateLimit() core.Limit {
	n := MaxSmithDimension
	at := sync.OnceValue(func() int { return estimateBoundaryDigits(n, estimateSmith) })
	return core.Limit{
		Name: "estimated_time", Max: MaxEstimatedMillis, Unit: "milliseconds on one core",
		Description: "estimated running time on one core, from the order, the entry bits and Hadamard's bound on the determinant",
		At:          func() string { return diagonalJSON(n, nines(at())) },
		Beyond:      func() string { return diagonalJSON(n, nines(at()+1)) },
	}
}

// smith computes U·A·V = S: the Hermite form first, then Cohen's
// elimination on it.
func smith(ctx context.Context, a IntegerMatrix) (SmithResult, error) {
	hr, err := hermite(ctx, a)
	if err != nil {
		return SmithResult{}, err
	}
	m, n := a.Dims()
	s := hr.Hermite.big()
	u := hr.Transform.big()
	v := identityInts(n)
	if err := diagonalise(ctx, s, u, v); err != nil {
		return SmithResult{}, err
	}
	divisors := []core.Integer{}
	for i := 0; i < min(m, n); i++ {
		if s[i][i].Sign() != 0 {
			divisors = append(divisors, core.Int(s[i][i]))
		}
	}
	return SmithResult{
		Smith: integerMatrix(s), ElementaryDivisors: divisors, Rank: len(divisors),
		LeftTransform: integerMatrix(u), RightTransform: integerMatrix(v),
	}, nil
}

func identityInts(n int) [][]*big.Int {
	out := make([][]*big.Int, n)
	for i := range out {
		out[i] = make([]*big.Int, n)
		for j := range out[i] {
			out[i][j] = big.NewInt(int64(boolUint(i == j)))
		}
	}
	return out
}

// diagonalise brings s to Smith form in place by Cohen's Algorithm 2.4.14
// (see the file comment), applying each row operation to u and each
// column operation to v.
func diagonalise(ctx context.Context, s, u, v [][]*big.Int) error {
	m := len(s)
	if m == 0 {
		return nil
	}
	n := len(s[0])
	swapCols := func(mat [][]*big.Int, a, b int) {
		for _, row := range mat {
			row[a], row[b] = row[b], row[a]
		}
	}
	// addCol sets column a of mat to col_a − q·col_b.
	subCol := func(mat [][]*big.Int, a, b int, q *big.Int) {
		var t big.Int
		for _, row := range mat {
			if row[b].Sign() != 0 {
				row[a] = new(big.Int).Sub(row[a], t.Mul(q, row[b]))
			}
		}
	}
	negRow := func(mat [][]*big.Int, i int) {
		for k := range mat[i] {
			mat[i][k] = new(big.Int).Neg(mat[i][k])
		}
	}
	var q big.Int
	for t := 0; t < min(m, n); t++ {
		for {
			if err := ctx.Err(); err != nil {
				return err
			}
			// The entry of least absolute value in the block.
			pi, pj := -1, -1
			for i := t; i < m; i++ {
				for j := t; j < n; j++ {
					if s[i][j].Sign() != 0 && (pi < 0 || s[i][j].CmpAbs(s[pi][pj]) < 0) {
						pi, pj = i, j
					}
				}
			}
			if pi < 0 {
				return nil // the block is zero: S is complete
			}
			if pi != t {
				s[t], s[pi] = s[pi], s[t]
				u[t], u[pi] = u[pi], u[t]
			}
			if pj != t {
				swapCols(s, t, pj)
				swapCols(v, t, pj)
			}
			p := s[t][t]
			clean := true
			for i := t + 1; i < m; i++ {
				if s[i][t].Sign() == 0 {
					continue
				}
				q.Quo(s[i][t], p)
				if q.Sign() != 0 {
					subMultiple(s, i, t, &q)
					subMultiple(u, i, t, &q)
				}
				clean = clean && s[i][t].Sign() == 0
			}
			for j := t + 1; j < n; j++ {
				if s[t][j].Sign() == 0 {
					continue
				}
				qj := new(big.Int).Quo(s[t][j], p)
				if qj.Sign() != 0 {
					subCol(s, j, t, qj)
					subCol(v, j, t, qj)
				}
				clean = clean && s[t][j].Sign() == 0
			}
			if !clean {
				continue // a remainder is the next, smaller pivot
			}
			// Force divisibility: add a row holding an entry p does not
			// divide; the next round's remainder is smaller than p.
			forced := false
			var r big.Int
			for i := t + 1; i < m && !forced; i++ {
				for j := t + 1; j < n; j++ {
					if r.Rem(s[i][j], p).Sign() != 0 {
						one := big.NewInt(-1)
						subMultiple(s, t, i, one)
						subMultiple(u, t, i, one)
						forced = true
						break
					}
				}
			}
			if !forced {
				break
			}
		}
		if s[t][t].Sign() < 0 {
			negRow(s, t)
			negRow(u, t)
		}
	}
	return nil
}

// checkSmith is the postcondition of the file comment.
func checkSmith(ctx context.Context, q IntegerMatrixRequest, r SmithResult) error {
	m, n := q.Matrix.Dims()
	if sr, sc := r.Smith.Dims(); sr != m || (m > 0 && sc != n) {
		return fmt.Errorf("the Smith form S is %d×%d for a %d×%d matrix", sr, sc, m, n)
	}
	if ur, uc := r.LeftTransform.Dims(); ur != m || uc != m {
		return fmt.Errorf("the transform U is %d×%d for a matrix of %d rows", ur, uc, m)
	}
	if m > 0 {
		if vr, vc := r.RightTransform.Dims(); vr != n || vc != n {
			return fmt.Errorf("the transform V is %d×%d for a matrix of %d columns", vr, vc, n)
		}
	}
	if len(r.ElementaryDivisors) != r.Rank {
		return fmt.Errorf("rank %d with %d elementary divisors", r.Rank, len(r.ElementaryDivisors))
	}
	var rem big.Int
	for i, row := range r.Smith {
		for j, x := range row {
			want := new(big.Int)
			if i == j && i < r.Rank {
				want = r.ElementaryDivisors[i].Big()
			}
			if x.Big().Cmp(want) != 0 {
				return fmt.Errorf("entry S[%d][%d] is %s, but S must be diag(%v) padded with zeros", i, j, x, r.ElementaryDivisors)
			}
		}
	}
	for i, d := range r.ElementaryDivisors {
		if d.Big().Sign() <= 0 {
			return fmt.Errorf("elementary divisor %d is %s, not positive", i, d)
		}
		if i > 0 && rem.Rem(d.Big(), r.ElementaryDivisors[i-1].Big()).Sign() != 0 {
			return fmt.Errorf("elementary divisor %s does not divide the next, %s", r.ElementaryDivisors[i-1], d)
		}
	}
	if m == 0 {
		return nil
	}
	// The random vector comes from the request's stream too: hashing
	// the result would cost as much as the check (its transforms have
	// m² or n² entries, often of Hadamard's size).
	rng := checkRNG(q)
	return withPrime(rng, func(p uint64) (bool, error) {
		a := reduceMatrix(q.Matrix.big(), p)
		s := reduceMatrix(r.Smith.big(), p)
		u := reduceMatrix(r.LeftTransform.big(), p)
		v := reduceMatrix(r.RightTransform.big(), p)
		for name, t := range map[string]modular.Matrix{"U": u, "V": v} {
			if det := modular.Determinant(t, p); det != 1 && det != p-1 {
				return true, fmt.Errorf("det %s is %d modulo %d, not ±1: %s is not unimodular", name, det, p, name)
			}
		}
		x := make([]uint64, n)
		for k := range x {
			x[k] = rng.Uint64N(p)
		}
		uavx := modular.MulVector(u, modular.MulVector(a, modular.MulVector(v, x, p), p), p)
		if !equalWords(uavx, modular.MulVector(s, x, p)) {
			return true, fmt.Errorf("U·A·V ≠ S modulo %d (Freivalds check)", p)
		}
		return true, nil
	})
}
