package matrix

// LLL reduction and its checker, over core/lattice.
//
// matrix.lattice.lll.compute reduces the lattice spanned by the rows of an
// integer matrix (core/lattice.Reduce: the L² algorithm of Nguyen and
// Stehlé, floating-point Gram–Schmidt over an exact Gram matrix, float64
// first and math/big.Float when that is not enough).
// matrix.lattice.lll_reduced.check decides exactly, in rationals, whether a
// claimed basis is (δ, η)-LLL-reduced and spans the same lattice as given
// generators: the reducedness by de Weger's integral Gram–Schmidt
// (core/lattice.IsReducedRat), the lattice by comparing Hermite normal
// forms (hermite.go), which are equal exactly when the lattices are.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/lattice"
	"jacobian.dev/core/modular"
)

// LLLParams are the optional δ and η of a request, exact rationals.
type LLLParams struct {
	Delta *core.Rational `json:"delta,omitempty" jsonschema:"Lovász's δ, 1/4 < δ < 1; default 99/100"`
	Eta   *core.Rational `json:"eta,omitempty" jsonschema:"the size-reduction bound η, 1/2 ≤ η < √δ; default 51/100"`
}

// rats returns δ and η, defaults filled in, or a DOMAIN_ERROR at the
// field out of range.
func (p LLLParams) rats() (delta, eta *big.Rat, err error) {
	delta, eta = big.NewRat(99, 100), big.NewRat(51, 100)
	if p.Delta != nil {
		delta = p.Delta.Rat()
	}
	if p.Eta != nil {
		eta = p.Eta.Rat()
	}
	if delta.Cmp(big.NewRat(1, 4)) <= 0 || delta.Cmp(big.NewRat(1, 1)) >= 0 {
		return nil, nil, core.DomainErrorAt("/payload/delta", "delta is %s; LLL needs 1/4 < delta < 1", delta.RatString())
	}
	if eta.Cmp(big.NewRat(1, 2)) < 0 || new(big.Rat).Mul(eta, eta).Cmp(delta) >= 0 {
		return nil, nil, core.DomainErrorAt("/payload/eta", "eta is %s; LLL needs 1/2 ≤ eta < √delta", eta.RatString())
	}
	return delta, eta, nil
}

// floats are δ and η as float64s at least as strict as the exact values:
// δ rounded up and η rounded down by one unit in the last place.
func floats(delta, eta *big.Rat) lattice.Params {
	d, _ := delta.Float64()
	e, _ := eta.Float64()
	return lattice.Params{Delta: math.Nextafter(d, 1), Eta: math.Max(0.5, math.Nextafter(e, 0))}
}

// LLLRequest is a generating matrix with optional parameters.
type LLLRequest struct {
	Matrix IntegerMatrix `json:"matrix" jsonschema:"the integer matrix whose rows generate the lattice (they may be dependent)"`
	LLLParams
	Transform bool `json:"transform,omitempty" jsonschema:"also return the unimodular transform T (default false: the basis alone, as FLINT's fmpz_lll without a transform; keeping T roughly doubles the reduction's row operations)"`
}

// UnmarshalJSON decodes the request, naming a ragged matrix's bad row.
func (q *LLLRequest) UnmarshalJSON(data []byte) error {
	type plain LLLRequest
	return locateRagged(data, decodeStrict(data, (*plain)(q)), "matrix")
}

// LLLResult is the reduced basis, with its transform when it was asked
// for.
type LLLResult struct {
	Basis     IntegerMatrix  `json:"basis" jsonschema:"the (δ, η)-LLL-reduced basis, rank rows"`
	Transform *IntegerMatrix `json:"transform,omitempty" jsonschema:"present when the request sets transform: a unimodular m×m matrix T whose first rank rows times the input are the basis and whose other rows times the input are zero"`
	Rank      int            `json:"rank"`
	// witness is the transform kept for the postcondition when it was not
	// asked for and the input is not square of full rank (where the
	// postcondition proves the lattice equal without it); never encoded.
	witness IntegerMatrix
	// checked is the reduction's record of the exact test accepting the
	// basis (lattice.Result.Checked), which the postcondition reuses;
	// never encoded.
	checked *lattice.Checked
}

// MaxLLLDimension bounds the rows and the columns of an LLL request.
const MaxLLLDimension = 160

// lllCostPerUnit scales estimateLLL within lattice.HeuristicBits:
// BenchmarkLLL, the 100-dimensional knapsack lattice with 120-bit
// entries, took 3.0 s in the proved float64 passes against
// d²·n·(d+β)·β = 2.7·10^10 (β the entry bits), rounded down. The proved
// passes alone now take 0.64 s of CPU time there and the heuristic pass
// under a tenth of that; the constant is kept as a bound on the proved
// passes that a basis the heuristic pass leaves unreduced still needs.
const lllCostPerUnit = 0.1

// lllBigFloatCostPerUnit scales estimateLLL beyond lattice.HeuristicBits,
// where the proved passes run alone and in math/big.Float at 1.6·d + 64
// bits: on knapsack lattices of 21 to 61 rows with weights of 512 to 2016
// bits (0.9 s to 32 s of CPU time), the time over d^3.5·(d + β) was 30 to
// 44 ns, rounded up here. (d²·n·(d + β)·β fitted none of them: its β² grows
// much faster than the measured times, and its d³ slower.) The 101-row
// knapsack with 608-bit weights, which ran 3 min 20 s, is estimated at
// 5.5 min.
const lllBigFloatCostPerUnit = 45

// estimateLLL is the estimated time in nanoseconds on one core, for d
// rows, n columns and β the bit length of the longest entry: L²'s
// O(d²·n·(d + β)·β) while the heuristic pass runs (β ≤
// lattice.HeuristicBits), and the fit d^3.5·(d + β) of the proved
// big.Float passes beyond.
func estimateLLL(m IntegerMatrix) float64 {
	d, n := m.Dims()
	beta := 1
	for _, row := range m {
		for _, x := range row {
			beta = max(beta, x.Big().BitLen())
		}
	}
	fd, fb := float64(d), float64(beta)
	if beta > lattice.HeuristicBits {
		return lllBigFloatCostPerUnit * math.Pow(fd, 3.5) * (fd + fb)
	}
	return lllCostPerUnit * fd * fd * float64(n) * (fd + fb) * fb
}

// lllOperation reduces a lattice basis.
//
// Canonical form: a (δ, η)-LLL-reduced basis of the lattice spanned by the
// rows (rank rows, zero rows dropped) and, when the request sets
// transform, a unimodular transform T whose first rank rows produce it;
// LLL-reduced bases are not unique, and these are the ones this reduction
// reaches (deterministic, the same with or without T). The 0-row matrix
// gives basis [], rank 0 (and transform []).
//
// Postcondition, independent of the reduction: the basis is (δ, η)-reduced
// by the exact test of core/lattice (which also proves its rows
// independent). That test runs once: when the reduction's own acceptance
// was lattice.IsReduced applied to the rows it returned (Result.Checked,
// which only that acceptance creates, holding a copy of the rows it
// accepted), the postcondition confirms that the basis is those rows
// entry by entry, at parameters at least as strict, and reuses the
// verdict. The test is a pure function of the rows and the parameters and
// reads none of the reduction's state, so running it again could only
// repeat its answer; where the reduction's last test read its working
// Gram matrix instead (the proved passes), it runs here. With T (asked
// for, or kept as a witness when the input is not square of full rank),
// modulo a random 62-bit prime T·A equals the basis followed by zero rows
// (Freivalds) and det T ≡ ±1, so T is unimodular and the basis spans the
// same lattice; without T,
// sameSquareLattice proves the lattices equal through the basis's Hermite
// form, exact memberships and determinants.
func lllOperation() core.Operation[LLLRequest, LLLResult] {
	return core.Operation[LLLRequest, LLLResult]{
		ID:         "matrix.lattice.lll.compute",
		Title:      "LLL lattice reduction",
		Summary:    "LLL-reduced basis (δ, η parameters, default 0.99 and 0.51) of the lattice spanned by the rows of an integer matrix, with the unimodular transform on request, by the L² algorithm of Nguyen and Stehlé.",
		Keywords:   []string{"lll", "lattice reduction", "qflll", "short vector", "l2", "nguyen stehle", "knapsack", "basis reduction", "unimodular"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		Bounds:     matrixBounds(MaxLLLDimension, "matrix"),
		InputKinds: []string{"matrix", "integer_matrix", "lattice"},
		Limits: []core.Limit{
			dimensionLimit("matrix", MaxLLLDimension, fixed("")),
			entryLimit("matrix", fixed("")),
			lllEstimateLimit(),
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				raggedRefusal("matrix", ""),
				{Title: "delta out of range", Payload: `{"matrix":[["1","0"],["0","1"]],"delta":"1"}`, Code: core.DomainError, Path: "/payload/delta"},
				{Title: "eta out of range", Payload: `{"matrix":[["1","0"],["0","1"]],"eta":"2/5"}`, Code: core.DomainError, Path: "/payload/eta"},
			}
		},
		Preflight: func(ctx context.Context, q LLLRequest) error {
			if err := checkIntegerSize("the matrix", q.Matrix, MaxLLLDimension); err != nil {
				return err
			}
			if _, _, err := q.rats(); err != nil {
				return err
			}
			return checkEstimate("this LLL reduction", estimateLLL(q.Matrix))
		},
		Run: func(ctx context.Context, q LLLRequest) (LLLResult, error) {
			delta, eta, err := q.rats()
			if err != nil {
				return LLLResult{}, err
			}
			return reduceLLL(ctx, q, floats(delta, eta))
		},
		Postcondition: checkLLL,
		Examples: []core.Example{
			// The bases are PARI/GP 2.15.2's, (M~*qflll(M~))~.
			{Title: "3×3 basis", Payload: json.RawMessage(`{"matrix":[["1","1","1"],["-1","0","2"],["3","5","6"]]}`),
				Result: json.RawMessage(`{"basis":[["0","1","0"],["1","0","1"],["-1","0","2"]],"rank":3}`)},
			{Title: "3×3 basis with its transform", Payload: json.RawMessage(`{"matrix":[["1","1","1"],["-1","0","2"],["3","5","6"]],"transform":true}`),
				Result: json.RawMessage(`{"basis":[["0","1","0"],["1","0","1"],["-1","0","2"]],"transform":[["-4","-1","1"],["5","1","-1"],["0","1","0"]],"rank":3}`)},
			{Title: "dependent rows with the transform", Payload: json.RawMessage(`{"matrix":[["2","4"],["1","2"],["3","7"]],"transform":true}`),
				Result: json.RawMessage(`{"basis":[["0","1"],["1","0"]],"transform":[["0","-3","1"],["0","7","-2"],["1","-2","0"]],"rank":2}`)},
			{Title: "empty matrix", Payload: json.RawMessage(`{"matrix":[]}`),
				Result: json.RawMessage(`{"basis":[],"rank":0}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) LLLRequest {
			return LLLRequest{Matrix: randomIntegerMatrix(rng, rng.IntN(6), rng.IntN(6)+1), Transform: rng.IntN(2) == 0}
		},
		// With the transform, 0.75 s on this machine; without it, or at
		// dimension 120, the reduction came within the cancellation
		// test's 300 ms deadline.
		Slow: func() string {
			var q LLLRequest
			_ = json.Unmarshal([]byte(knapsackJSON(150, 320)), &q)
			q.Transform = true
			payload, _ := json.Marshal(q)
			return string(payload)
		},
	}
}

// reduceLLL runs the reduction. Without a requested transform, a square
// input is reduced without one (lattice.ReduceBasis), which is enough for
// the postcondition when the input has full rank; otherwise (and for a
// square input found singular, reduced again) the transform is computed
// and kept as the postcondition's witness.
func reduceLLL(ctx context.Context, q LLLRequest, p lattice.Params) (LLLResult, error) {
	m, n := q.Matrix.Dims()
	if m == 0 {
		r := LLLResult{Basis: IntegerMatrix{}}
		if q.Transform {
			r.Transform = &IntegerMatrix{}
		}
		return r, nil
	}
	a := q.Matrix.view() // the reduction copies its input
	if !q.Transform && m == n {
		r, err := lattice.ReduceBasis(ctx, a, p)
		if err != nil {
			return LLLResult{}, err
		}
		if r.Rank == m {
			return LLLResult{Basis: integerMatrix(r.Basis), Rank: r.Rank, checked: r.Checked}, nil
		}
	}
	r, err := lattice.Reduce(ctx, a, p)
	if err != nil {
		return LLLResult{}, err
	}
	res := LLLResult{Basis: integerMatrix(r.Basis), Rank: r.Rank, checked: r.Checked}
	if t := integerMatrix(r.Transform); q.Transform {
		res.Transform = &t
	} else {
		res.witness = t
	}
	return res, nil
}

// lllEstimateLimit declares MaxEstimatedMillis for LLL with square
// diagonal probes of nines at MaxLLLDimension: At has the most digits the
// estimate accepts, Beyond one more.
func lllEstimateLimit() core.Limit {
	n := MaxLLLDimension
	at := sync.OnceValue(func() int {
		return largestWithin(MaxEntryDigits, func(d int) bool {
			return estimateLLL(integerMatrixOf(nineMatrix(n, d)))/1e6 <= float64(MaxEstimatedMillis)
		})
	})
	return core.Limit{
		Name: "estimated_time", Max: MaxEstimatedMillis, Unit: "milliseconds on one core",
		Description: fmt.Sprintf("estimated running time on one core for d rows, n columns and entries of β bits: L²'s d²·n·(d + β)·β up to %d bits, and d^3.5·(d + β) for the proved big-float passes beyond", lattice.HeuristicBits),
		At:          func() string { return diagonalJSON(n, nines(at())) },
		Beyond:      func() string { return diagonalJSON(n, nines(at()+1)) },
	}
}

// knapsackJSON is the payload of a d-dimensional subset-sum lattice with
// weights of the given bits (rows (e_i, w_i) and (0, …, 0, s)), seeded.
func knapsackJSON(d int, bits uint) string {
	rng := rand.New(rand.NewPCG(uint64(d), uint64(bits)))
	m := make([][]*big.Int, d+1)
	s := new(big.Int)
	for i := range m {
		m[i] = make([]*big.Int, d+1)
		for j := range m[i] {
			m[i][j] = new(big.Int)
		}
		if i < d {
			m[i][i].SetInt64(1)
			w := new(big.Int)
			for b := uint(0); b < bits; b += 32 {
				w.Lsh(w, 32).Or(w, big.NewInt(int64(rng.Uint32())))
			}
			m[i][d] = w
			if rng.IntN(2) == 0 {
				s.Add(s, w)
			}
		}
	}
	m[d][d] = s
	payload, _ := json.Marshal(LLLRequest{Matrix: integerMatrix(m)})
	return string(payload)
}

// checkLLL is the postcondition of lllOperation.
func checkLLL(ctx context.Context, q LLLRequest, r LLLResult) error {
	delta, eta, err := q.rats()
	if err != nil {
		return err
	}
	m, n := q.Matrix.Dims()
	if len(r.Basis) != r.Rank || r.Rank > m {
		return fmt.Errorf("rank %d with %d basis rows for %d input rows", r.Rank, len(r.Basis), m)
	}
	if q.Transform != (r.Transform != nil) {
		return fmt.Errorf("the request sets transform to %v but the result %s one", q.Transform, map[bool]string{true: "carries", false: "lacks"}[r.Transform != nil])
	}
	tm := r.witness
	if r.Transform != nil {
		tm = *r.Transform
	}
	if tr, tc := tm.Dims(); tm != nil && (tr != m || (m > 0 && tc != m)) {
		return fmt.Errorf("the transform T is %d×%d for %d input rows", tr, tc, m)
	}
	for i, row := range r.Basis {
		if len(row) != n {
			return fmt.Errorf("basis row %d has %d entries, the input %d", i, len(row), n)
		}
	}
	if basis := r.Basis.view(); !r.checked.Covers(basis, delta, eta) {
		if v, err := lattice.IsReducedRat(ctx, basis, delta, eta); err != nil {
			return err
		} else if v != nil {
			return fmt.Errorf("the basis is not (%s, %s)-reduced: %s", delta.RatString(), eta.RatString(), v)
		}
	}
	if m == 0 {
		return nil
	}
	// The random vector comes from the request's stream too: hashing
	// the result would cost as much as the check (its transforms have
	// m² or n² entries, often of Hadamard's size).
	rng := lllRNG(q)
	if tm == nil {
		if m != n || r.Rank != m {
			return fmt.Errorf("no transform for a %d×%d input of rank %d, so nothing to check the lattice with", m, n, r.Rank)
		}
		return sameSquareLattice(ctx, rng, q.Matrix, r.Basis)
	}
	return withPrime(rng, func(p uint64) (bool, error) {
		a := reduceMatrix(q.Matrix.view(), p)
		t := reduceMatrix(tm.view(), p)
		if det := modular.Determinant(t, p); det != 1 && det != p-1 {
			return true, fmt.Errorf("det T is %d modulo %d, not ±1: T is not unimodular", det, p)
		}
		full := append(r.Basis.view(), make([][]*big.Int, m-r.Rank)...)
		for i := r.Rank; i < m; i++ {
			full[i] = make([]*big.Int, n)
			for j := range full[i] {
				full[i][j] = new(big.Int)
			}
		}
		b := reduceMatrix(full, p)
		x := make([]uint64, n)
		for k := range x {
			x[k] = rng.Uint64N(p)
		}
		if !equalWords(modular.MulVector(t, modular.MulVector(a, x, p), p), modular.MulVector(b, x, p)) {
			return true, fmt.Errorf("T·A is not the basis followed by zero rows modulo %d (Freivalds check)", p)
		}
		return true, nil
	})
}

// lllRNG is checkRNG's stream for an LLL request, seeded from the
// entries' machine words (wordStream) rather than from the request's JSON,
// whose decimal encoding and SHA-256 cost milliseconds for a
// 100-dimensional knapsack.
func lllRNG(q LLLRequest) *rand.Rand {
	s := newWordStream()
	s.word(boolUint(q.Transform))
	for _, x := range []*core.Rational{q.Delta, q.Eta} {
		s.word(boolUint(x != nil))
		if x != nil {
			s.integer(x.Rat().Num())
			s.integer(x.Rat().Denom())
		}
	}
	s.integerMatrix(q.Matrix)
	return s.rng()
}

// sameSquareLattice proves that the rows of the n×n integer matrices a
// and b, b of full rank, span the same lattice, without a transform. H is
// a itself when a is upper triangular with a nonzero diagonal, and
// otherwise the Hermite form of b (hermite.go, without its transform),
// which is not trusted: it is checked to be upper triangular with a
// nonzero diagonal. Every row of a (unless H is a) and of b is reduced to
// zero against H exactly (integer division by the pivots), so L(a) and
// L(b) lie in L(H); modulo a random 62-bit prime, det a ≡ ±det H ≡ ±det b
// with det H = ∏ h_ii, so both have index |det|/|det H| = 1 in L(H) (a
// wrong determinant escapes only if the prime divides its error, as for
// the Freivalds check).
func sameSquareLattice(ctx context.Context, rng *rand.Rand, a, b IntegerMatrix) error {
	n := len(b)
	members := map[string][][]*big.Int{"input": a.view(), "basis": b.view()}
	h := a.view()
	if upperTriangular(h, n) {
		// a is itself a triangular basis of L(a) (knapsack and van Hoeij
		// lattices are given so): H = a, whose rows lie in L(H) trivially.
		delete(members, "input")
	} else {
		hr, err := hermiteForm(ctx, b, false)
		if err != nil {
			return err
		}
		h = hr.Hermite.view()
		if len(h) != n {
			return fmt.Errorf("the Hermite form of the basis has %d rows, not %d", len(h), n)
		}
		if !upperTriangular(h, n) {
			return fmt.Errorf("the Hermite form of the basis is not upper triangular of full rank")
		}
	}
	for who, rows := range members {
		for k, x := range rows {
			if err := ctx.Err(); err != nil {
				return err
			}
			if !inTriangularLattice(h, x) {
				return fmt.Errorf("%s row %d is not in the lattice of the Hermite form of the basis", who, k)
			}
		}
	}
	return withPrime(rng, func(p uint64) (bool, error) {
		dh := uint64(1)
		for i := range h {
			dh = modular.Mul(dh, modular.Reduce(h[i][i], p), p)
		}
		if dh == 0 {
			return false, nil
		}
		for who, x := range members {
			if d := modular.Determinant(reduceMatrix(x, p), p); d != dh && d != p-dh {
				return true, fmt.Errorf("the %s's determinant is not ±det H modulo %d: the lattices differ", who, p)
			}
		}
		return true, nil
	})
}

// upperTriangular reports whether h is n×n, upper triangular, with a
// nonzero diagonal.
func upperTriangular(h [][]*big.Int, n int) bool {
	if len(h) != n {
		return false
	}
	for i, row := range h {
		if len(row) != n || row[i].Sign() == 0 {
			return false
		}
		for _, x := range row[:i] {
			if x.Sign() != 0 {
				return false
			}
		}
	}
	return true
}

// inTriangularLattice reports whether x is an integer combination of the
// rows of h, upper triangular with a nonzero diagonal: eliminating the
// columns in order, each quotient by the pivot must be exact.
func inTriangularLattice(h [][]*big.Int, x []*big.Int) bool {
	v := make([]*big.Int, len(x))
	for j, e := range x {
		v[j] = new(big.Int).Set(e)
	}
	var q, r, t big.Int
	for i, row := range h {
		if v[i].Sign() == 0 {
			continue
		}
		q.QuoRem(v[i], row[i], &r)
		if r.Sign() != 0 {
			return false
		}
		for j := i; j < len(row); j++ {
			if row[j].Sign() != 0 {
				v[j].Sub(v[j], t.Mul(&q, row[j]))
			}
		}
	}
	return true
}

// LLLCheckRequest claims that basis is an LLL-reduced basis of the lattice
// spanned by the rows of matrix.
type LLLCheckRequest struct {
	Matrix IntegerMatrix `json:"matrix" jsonschema:"integer generators of the lattice (rows; they may be dependent)"`
	Basis  IntegerMatrix `json:"basis" jsonschema:"the claimed (δ, η)-LLL-reduced basis (rows)"`
	LLLParams
}

// UnmarshalJSON decodes the request, naming a ragged matrix's bad row.
func (q *LLLCheckRequest) UnmarshalJSON(data []byte) error {
	type plain LLLCheckRequest
	return locateRagged(data, decodeStrict(data, (*plain)(q)), "matrix", "basis")
}

// LLLViolation is the first condition a rejected basis fails.
type LLLViolation struct {
	Kind   string         `json:"kind" jsonschema:"dependent: the row is in the span of the rows before it; size: |μ[row][column]| > η; lovasz: Lovász's condition fails between row − 1 and row"`
	Row    int            `json:"row"`
	Column *int           `json:"column,omitempty"`
	Value  *core.Rational `json:"value,omitempty" jsonschema:"μ for size; (‖b*_k‖² + μ²‖b*_{k−1}‖²)/‖b*_{k−1}‖² for lovasz, which must be at least δ"`
}

// LLLCheckResult is the verdict with its evidence.
type LLLCheckResult struct {
	core.CheckResult
	core.Bindings[LLLCheckRequest]
	Violation *LLLViolation `json:"violation,omitempty" jsonschema:"the first failed condition of reducedness, row by row"`
	Reason    string        `json:"reason" jsonschema:"the verdict in words"`
}

// lllCheckOperation checks a claimed LLL-reduced basis.
//
// Verdict: bound to the request; accepted when the basis is exactly
// (δ, η)-LLL-reduced (its rows independent) and spans the lattice of the
// matrix; rejected with the first violation (kind, row, column, exact
// value), or with a reason when the widths differ or the lattices differ
// (their Hermite normal forms differ); non_conclusion when a Hermite form
// is beyond what hermite.go computes (a non-square, or singular square,
// matrix of more than hermiteClassicalEntries entries).
//
// Postcondition: for accepted, modulo a random 62-bit prime the basis has
// full row rank and appending it to the matrix does not raise the rank
// (the same span over Q); for a size or Lovász violation, the offending
// value recomputed by the textbook Gram–Schmidt process over Q.
func lllCheckOperation() core.Operation[LLLCheckRequest, LLLCheckResult] {
	basis := fixed(`,"basis":[["1"]]`)
	return core.Operation[LLLCheckRequest, LLLCheckResult]{
		ID:         "matrix.lattice.lll_reduced.check",
		Title:      "Check an LLL-reduced basis",
		Summary:    "Checks exactly, in rationals, that a basis is (δ, η)-LLL-reduced and spans the same lattice as given integer generators, naming the first violated condition.",
		Keywords:   []string{"lll", "lll reduced", "verify", "check", "lattice basis", "size reduced", "lovasz condition", "certificate"},
		Kind:       core.Check,
		Effect:     core.Pure,
		Bounds:     matrixBounds(MaxLLLDimension, "matrix", "basis"),
		InputKinds: []string{"matrix", "integer_matrix", "lattice"},
		Limits: []core.Limit{
			dimensionLimit("matrix", MaxLLLDimension, basis),
			entryLimit("matrix", basis),
			lllCheckEstimateLimit(),
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				raggedRefusal("basis", `,"matrix":[["1","0"],["0","1"]]`),
				{Title: "eta out of range", Payload: `{"matrix":[["1"]],"basis":[["1"]],"eta":"1"}`, Code: core.DomainError, Path: "/payload/eta"},
			}
		},
		Preflight: func(ctx context.Context, q LLLCheckRequest) error {
			if err := checkIntegerSize("the matrix", q.Matrix, MaxLLLDimension); err != nil {
				return err
			}
			if err := checkIntegerSize("the basis", q.Basis, MaxLLLDimension); err != nil {
				return err
			}
			if _, _, err := q.rats(); err != nil {
				return err
			}
			return checkEstimate("this check", estimateLLLCheck(q.Matrix, q.Basis))
		},
		Run: func(ctx context.Context, q LLLCheckRequest) (LLLCheckResult, error) {
			r, err := checkLLLReduced(ctx, q)
			r.Bindings = core.Bind(q)
			return r, err
		},
		Postcondition: checkLLLVerdict,
		Examples: []core.Example{
			{Title: "a reduced basis", Payload: json.RawMessage(`{"matrix":[["1","1","1"],["-1","0","2"],["3","5","6"]],"basis":[["0","1","0"],["1","0","1"],["-1","0","2"]]}`),
				Result: json.RawMessage(`{"verdict":"accepted","subject":{"matrix":[["1","1","1"],["-1","0","2"],["3","5","6"]],"basis":[["0","1","0"],["1","0","1"],["-1","0","2"]]},"reason":"the basis is (99/100, 51/100)-LLL-reduced and spans the lattice of the matrix"}`)},
			{Title: "not size-reduced", Payload: json.RawMessage(`{"matrix":[["1","0"],["0","1"]],"basis":[["1","0"],["1","1"]]}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"matrix":[["1","0"],["0","1"]],"basis":[["1","0"],["1","1"]]},"violation":{"kind":"size","row":1,"column":0,"value":"1"},"reason":"μ[1][0] = 1 exceeds eta in absolute value"}`)},
			{Title: "a different lattice", Payload: json.RawMessage(`{"matrix":[["1","0"],["0","1"]],"basis":[["1","0"],["0","2"]]}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"matrix":[["1","0"],["0","1"]],"basis":[["1","0"],["0","2"]]},"reason":"the basis is reduced but spans a different lattice: the Hermite normal forms differ in row 1"}`)},
			{Title: "Lovász's condition fails", Payload: json.RawMessage(`{"matrix":[["1","0"],["0","1"]],"basis":[["2","0"],["0","1"]]}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"matrix":[["1","0"],["0","1"]],"basis":[["2","0"],["0","1"]]},"violation":{"kind":"lovasz","row":1,"value":"1/4"},"reason":"Lovász's condition fails at row 1: (‖b*_k‖² + μ²‖b*_{k−1}‖²)/‖b*_{k−1}‖² = 1/4 is below delta"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) LLLCheckRequest {
			m := randomIntegerMatrix(rng, rng.IntN(5), rng.IntN(5)+1)
			q := LLLCheckRequest{Matrix: m, Basis: m}
			if rng.IntN(2) == 0 && len(m) > 0 {
				if r, err := lattice.Reduce(ctx, m.big(), lattice.DefaultParams()); err == nil {
					q.Basis = integerMatrix(r.Basis)
				}
			}
			return q
		},
		Slow: func() string {
			return lllCheckSlow()
		},
	}
}

// lllCheckSlow is the cancellation probe, a claim that must be accepted
// so that every stage runs: a 60×60 basis 10^60·I plus noise in [−9, 9],
// nearly orthogonal and so reduced, checked against itself; the exact
// Gram–Schmidt and the Hermite forms work on integers of thousands of
// digits, for seconds.
func lllCheckSlow() string {
	n := 60
	rng := rand.New(rand.NewPCG(5, uint64(n)))
	big10 := new(big.Int).Exp(big.NewInt(10), big.NewInt(60), nil)
	b := make([][]*big.Int, n)
	for i := range b {
		b[i] = make([]*big.Int, n)
		for j := range b[i] {
			b[i][j] = big.NewInt(rng.Int64N(19) - 9)
		}
		b[i][i].Add(b[i][i], big10)
	}
	m := integerMatrix(b)
	payload, _ := json.Marshal(LLLCheckRequest{Matrix: m, Basis: m})
	return string(payload)
}

// estimateLLLCheck is the estimated time of the check in nanoseconds on
// one core: the integral Gram–Schmidt, about d³/3 products of integers up
// to 2·d·(β + log n) bits (the Gram determinants), and the two Hermite
// forms (hermite.go's estimate; a non-square one takes the classical
// elimination, bounded by its own limit).
func estimateLLLCheck(m, b IntegerMatrix) float64 {
	d, n := b.Dims()
	beta := 1
	for _, row := range b {
		for _, x := range row {
			beta = max(beta, x.Big().BitLen())
		}
	}
	fd := float64(d)
	gs := fd * fd * fd * productCost(2*d*(beta+bits.Len(uint(n))))
	return gs + estimateHermite(m.rationals(), false) + estimateHermite(b.rationals(), false)
}

// lllCheckEstimateLimit declares MaxEstimatedMillis for the checker, with
// the same diagonal of nines as generators and as basis: At has the most
// digits the estimate accepts at MaxLLLDimension, Beyond one more.
func lllCheckEstimateLimit() core.Limit {
	n := MaxLLLDimension
	at := sync.OnceValue(func() int {
		return largestWithin(MaxEntryDigits, func(d int) bool {
			m := integerMatrixOf(nineMatrix(n, d))
			return estimateLLLCheck(m, m)/1e6 <= float64(MaxEstimatedMillis)
		})
	})
	probe := func(d int) string {
		m := diagonalJSON(n, nines(d))
		return m[:len(m)-1] + `,"basis":` + m[len(`{"matrix":`):]
	}
	return core.Limit{
		Name: "estimated_time", Max: MaxEstimatedMillis, Unit: "milliseconds on one core",
		Description: "estimated running time on one core: the exact Gram–Schmidt of the basis and the Hermite forms of both matrices",
		At:          func() string { return probe(at()) },
		Beyond:      func() string { return probe(at() + 1) },
	}
}

// checkLLLReduced decides the claim.
func checkLLLReduced(ctx context.Context, q LLLCheckRequest) (LLLCheckResult, error) {
	reject := func(reason string) LLLCheckResult {
		return LLLCheckResult{CheckResult: core.CheckResult{Verdict: core.Rejected}, Reason: reason}
	}
	delta, eta, err := q.rats()
	if err != nil {
		return LLLCheckResult{}, err
	}
	_, mc := q.Matrix.Dims()
	_, bc := q.Basis.Dims()
	if len(q.Basis) > 0 && len(q.Matrix) > 0 && mc != bc {
		return reject(fmt.Sprintf("the basis rows have %d entries, the matrix rows %d", bc, mc)), nil
	}
	v, err := lattice.IsReducedRat(ctx, q.Basis.big(), delta, eta)
	if err != nil {
		return LLLCheckResult{}, err
	}
	if v != nil {
		r := reject(v.String())
		r.Violation = &LLLViolation{Kind: v.Kind, Row: v.Row}
		if v.Kind == "size" {
			c := v.Column
			r.Violation.Column = &c
		}
		if v.Value != nil {
			val := core.Rat(v.Value)
			r.Violation.Value = &val
		}
		return r, nil
	}
	hm, err := hermiteForm(ctx, q.Matrix, false)
	if err == nil {
		var hb HermiteResult
		hb, err = hermiteForm(ctx, q.Basis, false)
		if err == nil {
			if hm.Rank != hb.Rank {
				return reject(fmt.Sprintf("the basis is reduced but spans a lattice of rank %d, the matrix one of rank %d", hb.Rank, hm.Rank)), nil
			}
			for i := 0; i < hm.Rank; i++ {
				for j := range hm.Hermite[i] {
					if hm.Hermite[i][j].Big().Cmp(hb.Hermite[i][j].Big()) != 0 {
						return reject(fmt.Sprintf("the basis is reduced but spans a different lattice: the Hermite normal forms differ in row %d", i)), nil
					}
				}
			}
			return LLLCheckResult{CheckResult: core.CheckResult{Verdict: core.Accepted},
				Reason: fmt.Sprintf("the basis is (%s, %s)-LLL-reduced and spans the lattice of the matrix", delta.RatString(), eta.RatString())}, nil
		}
	}
	var refusal *core.Refusal
	if errors.As(err, &refusal) {
		return LLLCheckResult{CheckResult: core.CheckResult{Verdict: core.Inconclusive},
			Reason: "the basis is reduced, but comparing the lattices needs a Hermite normal form beyond this checker's reach: " + refusal.Message}, nil
	}
	return LLLCheckResult{}, err
}

// checkLLLVerdict is the postcondition of lllCheckOperation.
func checkLLLVerdict(ctx context.Context, q LLLCheckRequest, r LLLCheckResult) error {
	if err := checkBinding(q, r.Bindings); err != nil {
		return err
	}
	switch {
	case r.Verdict == core.Accepted:
		return withPrime(checkRNG(q), func(p uint64) (bool, error) {
			b := reduceMatrix(q.Basis.big(), p)
			both := reduceMatrix(append(q.Matrix.big(), q.Basis.big()...), p)
			a := reduceMatrix(q.Matrix.big(), p)
			if len(b) > 0 && modular.Rank(b, p) != len(b) {
				return true, fmt.Errorf("accepted, but the basis is rank-deficient modulo %d", p)
			}
			if len(a) > 0 && modular.Rank(both, p) != modular.Rank(a, p) {
				return true, fmt.Errorf("accepted, but the basis leaves the span of the matrix modulo %d", p)
			}
			return true, nil
		})
	case r.Violation != nil && (r.Violation.Kind == "size" || r.Violation.Kind == "lovasz"):
		k := r.Violation.Row
		if k < 0 || k >= len(q.Basis) || (r.Violation.Kind == "lovasz" && k == 0) || r.Violation.Value == nil {
			return fmt.Errorf("violation %+v does not name a row of the basis", r.Violation)
		}
		mu, norms := textbookGramSchmidt(q.Basis.big()[:k+1])
		var got *big.Rat
		if r.Violation.Kind == "size" {
			if r.Violation.Column == nil || *r.Violation.Column < 0 || *r.Violation.Column >= k {
				return fmt.Errorf("size violation without a valid column")
			}
			got = mu[k][*r.Violation.Column]
		} else {
			m2 := new(big.Rat).Mul(mu[k][k-1], mu[k][k-1])
			got = new(big.Rat).Add(new(big.Rat).Quo(norms[k], norms[k-1]), m2)
		}
		if got.Cmp(r.Violation.Value.Rat()) != 0 {
			return fmt.Errorf("the reported value %s is %s by Gram–Schmidt", r.Violation.Value, got.RatString())
		}
	case r.Verdict == core.Rejected && r.Reason == "":
		return fmt.Errorf("rejected without a reason")
	}
	return nil
}

// textbookGramSchmidt is the Gram–Schmidt process over big.Rat on rows
// known to be independent: μ and the squared norms ‖b*_i‖².
func textbookGramSchmidt(b [][]*big.Int) ([][]*big.Rat, []*big.Rat) {
	d := len(b)
	star := make([][]*big.Rat, d)
	mu := make([][]*big.Rat, d)
	norms := make([]*big.Rat, d)
	dotRat := func(x, y []*big.Rat) *big.Rat {
		s := new(big.Rat)
		for k := range x {
			s.Add(s, new(big.Rat).Mul(x[k], y[k]))
		}
		return s
	}
	for i := range b {
		v := make([]*big.Rat, len(b[i]))
		orig := make([]*big.Rat, len(b[i]))
		for k, x := range b[i] {
			v[k] = new(big.Rat).SetInt(x)
			orig[k] = new(big.Rat).SetInt(x)
		}
		mu[i] = make([]*big.Rat, i)
		for j := 0; j < i; j++ {
			mu[i][j] = new(big.Rat).Quo(dotRat(orig, star[j]), norms[j])
			for k := range v {
				v[k].Sub(v[k], new(big.Rat).Mul(mu[i][j], star[j][k]))
			}
		}
		star[i] = v
		norms[i] = dotRat(v, v)
	}
	return mu, norms
}
