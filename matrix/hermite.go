package matrix

// Hermite normal form over Z, with the unimodular transform.
//
// The rows of an integer m×n matrix A generate a lattice L ⊆ Zⁿ. Its
// Hermite normal form (row style, as FLINT's fmpz_mat_hnf) is the unique
// H = U·A, U unimodular, in which the first r = rank A rows are nonzero
// and the rest zero, row i has its first nonzero entry (its pivot) at
// column p_i with p_1 < p_2 < … < p_r, every pivot is positive, and every
// entry above a pivot is reduced: 0 ≤ H[k][p_i] < H[i][p_i] for k < i.
// The nonzero rows are the echelon basis of L; two matrices have the same
// H exactly when their rows generate the same lattice.
//
// Three algorithms, all with H unique and the tests holding them to each
// other and to PARI/GP's mathnf:
//
//   - Classical elimination (Cohen, A Course in Computational Algebraic
//     Number Theory, §2.4.2, transposed to rows): column by column, the
//     extended gcd of two entries gives a 2×2 unimodular row operation
//     that moves their gcd to the pivot row and zeroes the other; the
//     pivot is made positive and the rows above reduced modulo it. Every
//     operation is applied to the identity beside A as well, which gives
//     U. Entries can grow quickly (the rows below the pivot are never
//     reduced), so this runs for small or degenerate input only, within
//     the limit hermiteClassicalEntries.
//   - The modular method of Domich, Kannan and Trotter ("Hermite normal
//     form computation using modulo determinant arithmetic", Math. Oper.
//     Res. 12, 1987), in the form of Cohen's Algorithm 2.4.8, transposed
//     to rows, for square nonsingular A: L contains D·Zⁿ for D = |det A|,
//     so every entry of the working rows may be reduced modulo D, and
//     after each pivot d modulo D/d; nothing grows beyond D. The
//     determinant comes from the multi-modular method (determinant.go).
//     U, when the request asks for it, is then the unique integer matrix
//     H·A⁻¹, reconstructed from its images modulo 62-bit primes
//     (hermiteTransform).
//   - Before it, for square nonsingular word matrices, the observation of
//     Pernet and Stein ("Fast computation of Hermite normal forms of
//     random integer matrices", J. Number Theory 130, 2010) that the form
//     is usually H = [I h; 0 D]: all pivots 1 but the last. Then h is read
//     off a vector of the kernel of A modulo D, which one Dixon solve
//     gives (hermiteLastColumn); the method claims H only when it has
//     proved that shape, about half of the random matrices with two-digit
//     entries (the others have a second pivot above 1), and otherwise
//     hands over to the elimination. It replaces O(n³) operations on
//     D-sized integers by one O(n³) solve modulo a word prime.
//
// H is unique. U is unique when A has full row rank (r = m); otherwise
// its last m − r rows are a basis of the left kernel {y : y·A = 0} and its
// first r rows are the ones the classical elimination produced: a
// deterministic choice among many.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"jacobian.dev/core"
	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// IntegerMatrix is a matrix of integers: an array of rows, each an array
// of integer strings, all rows the same length.
type IntegerMatrix [][]core.Integer

// JSONSchema is an array of rows of integer strings.
func (IntegerMatrix) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "array",
		Description: "integer matrix as an array of rows, each an array of integer strings; all rows the same length",
		Items:       &jsonschema.Schema{Type: "array", Items: core.Integer{}.JSONSchema()},
	}
}

// UnmarshalJSON reads the rows and refuses ragged ones: in one pass
// (readIntegerMatrix) when every entry is a plain integer string, and
// otherwise by encoding/json, which words every error.
func (m *IntegerMatrix) UnmarshalJSON(b []byte) error {
	if rows, ok := readIntegerMatrix(b); ok {
		*m = rows
		return nil
	}
	var rows [][]core.Integer
	if err := json.Unmarshal(b, &rows); err != nil {
		return err
	}
	for k := 1; k < len(rows); k++ {
		if len(rows[k]) != len(rows[0]) {
			return &core.PayloadError{Message: fmt.Sprintf("matrix rows differ in length: row 0 has %d entries, row %d has %d; every row must have the same length", len(rows[0]), k, len(rows[k]))}
		}
	}
	*m = rows
	return nil
}

// MarshalJSON writes the rows ([] for no rows).
func (m IntegerMatrix) MarshalJSON() ([]byte, error) {
	if m == nil {
		return []byte("[]"), nil
	}
	return json.Marshal([][]core.Integer(m))
}

// Dims returns the number of rows and columns.
func (m IntegerMatrix) Dims() (rows, cols int) {
	if len(m) == 0 {
		return 0, 0
	}
	return len(m), len(m[0])
}

// big returns fresh copies of the entries.
func (m IntegerMatrix) big() [][]*big.Int {
	out := make([][]*big.Int, len(m))
	for i, row := range m {
		out[i] = make([]*big.Int, len(row))
		for j, x := range row {
			out[i][j] = new(big.Int).Set(x.Big())
		}
	}
	return out
}

// rationals returns the matrix as a core.Matrix.
func (m IntegerMatrix) rationals() core.Matrix {
	out := make(core.Matrix, len(m))
	for i, row := range m {
		out[i] = make([]core.Rational, len(row))
		for j, x := range row {
			out[i][j] = core.Rat(new(big.Rat).SetInt(x.Big()))
		}
	}
	return out
}

// view returns the entries themselves, for reading only.
func (m IntegerMatrix) view() [][]*big.Int {
	out := make([][]*big.Int, len(m))
	for i, row := range m {
		out[i] = make([]*big.Int, len(row))
		for j, x := range row {
			out[i][j] = x.Big()
		}
	}
	return out
}

func integerMatrix(b [][]*big.Int) IntegerMatrix {
	out := make(IntegerMatrix, len(b))
	for i, row := range b {
		out[i] = make([]core.Integer, len(row))
		for j, x := range row {
			out[i][j] = core.Int(x)
		}
	}
	return out
}

// IntegerMatrixRequest is an integer matrix (the Smith form and the
// integer kernel).
type IntegerMatrixRequest struct {
	Matrix IntegerMatrix `json:"matrix" jsonschema:"the integer matrix A, m×n; its rows generate the lattice"`
}

// UnmarshalJSON decodes the request, naming a ragged matrix's bad row.
func (q *IntegerMatrixRequest) UnmarshalJSON(data []byte) error {
	type plain IntegerMatrixRequest
	return locateRagged(data, decodeStrict(data, (*plain)(q)), "matrix")
}

// HermiteRequest is an integer matrix and whether to return the
// transform.
type HermiteRequest struct {
	Matrix    IntegerMatrix `json:"matrix" jsonschema:"the integer matrix A, m×n; its rows generate the lattice"`
	Transform bool          `json:"transform,omitempty" jsonschema:"also return the unimodular transform U with U·A = H (default false: H alone, as PARI/GP's mathnf(A) and FLINT's fmpz_mat_hnf; U of a large matrix has entries of the determinant's size)"`
}

// UnmarshalJSON decodes the request, naming a ragged matrix's bad row.
func (q *HermiteRequest) UnmarshalJSON(data []byte) error {
	type plain HermiteRequest
	return locateRagged(data, decodeStrict(data, (*plain)(q)), "matrix")
}

// HermiteResult is H = U·A, with the transform when it was asked for.
type HermiteResult struct {
	Hermite      IntegerMatrix  `json:"hermite" jsonschema:"the row-style Hermite normal form H = U·A, m×n: r nonzero rows in echelon form with positive pivots and the entries above each pivot reduced into [0, pivot), then m − r zero rows"`
	Transform    *IntegerMatrix `json:"transform,omitempty" jsonschema:"present when the request sets transform: a unimodular m×m matrix U (det U = ±1) with U·A = H; unique when A has full row rank, otherwise its last m − r rows are a basis of the left kernel of A"`
	Rank         int            `json:"rank" jsonschema:"r, the number of nonzero rows of H"`
	PivotColumns []int          `json:"pivot_columns" jsonschema:"the 0-based column of each nonzero row's pivot, increasing"`

	// witness is the classical elimination's U when the request did not
	// ask for it: the postcondition checks U·A = H with it, since a
	// singular or non-square H has no determinant to compare.
	witness IntegerMatrix
}

// MaxHermiteDimension bounds the rows and columns of a Hermite form.
const MaxHermiteDimension = 150

// hermiteClassicalEntries bounds m·n for matrices that must take the
// classical elimination (non-square or singular), whose entries can grow
// without the modular bound: 20×20 and below.
const hermiteClassicalEntries = 400

// hermiteOperation computes the Hermite normal form, with its transform
// when the request asks for it.
//
// Canonical form: see the file comment; H is m×n (zero rows kept, so that
// U·A = H holds as written), U is m×m, rank and pivot columns as in H.
// U is left out unless the request sets transform (for a large square
// matrix it is dense with entries of the determinant's size, several
// times the cost of H).
// The 0-row matrix has H = [] (and U = []). Entries must be integers (a
// fraction fails INVALID_PAYLOAD at its path). Square nonsingular matrices
// up to MaxHermiteDimension take the modular method; every other matrix
// the classical elimination, so preflight refuses a non-square matrix of
// more than hermiteClassicalEntries entries, and a square one that size
// is refused (RESOURCE_REFUSED) once its determinant shows it singular.
//
// Postcondition, independent of the algorithm: H is checked to be in
// Hermite form exactly (echelon shape, positive pivots, reduced entries
// above them, the declared rank and pivots), and modulo a random 62-bit
// prime p, U·A ≡ H (Freivalds: both sides times a random vector) and
// det U ≡ ±1. A unimodular U with U·A = H makes the rows of H a basis of
// the lattice of A. The classical path keeps its U for this check when
// the request does not ask for it; the modular path without U is checked
// by checkHermiteLattice (the rows of A lie in the lattice of H, exactly,
// and det H = |det A| modulo p).
func hermiteOperation() core.Operation[HermiteRequest, HermiteResult] {
	return core.Operation[HermiteRequest, HermiteResult]{
		ID:         "matrix.normal_form.hermite.compute",
		Title:      "Hermite normal form",
		Summary:    "Row-style Hermite normal form H = U·A of an integer matrix, with the unimodular transform U on request: an echelon basis of the lattice its rows generate (modular-determinant method for square nonsingular input).",
		Keywords:   []string{"hermite normal form", "hnf", "mathnf", "lattice basis", "unimodular", "echelon form over the integers", "integer row reduction", "transform"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		Bounds:     matrixBounds(MaxHermiteDimension, "matrix"),
		InputKinds: []string{"matrix", "integer_matrix", "lattice"},
		Limits: []core.Limit{
			{
				// Diagonal probes: a singular matrix this large would need
				// the classical elimination, which refuses it.
				Name: "dimension", Max: MaxHermiteDimension, Unit: "rows or columns",
				Description: fmt.Sprintf("matrix has at most %d rows and %d columns", MaxHermiteDimension, MaxHermiteDimension),
				At:          func() string { return diagonalJSON(MaxHermiteDimension, "1") },
				Beyond:      func() string { return diagonalJSON(MaxHermiteDimension+1, "1") },
			},
			entryLimit("matrix", fixed("")),
			hermiteClassicalLimit(),
			hermiteEstimateLimit(),
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				raggedRefusal("matrix", ""),
				{Title: "a fraction", Payload: `{"matrix":[["1","2"],["3","1/2"]]}`, Code: core.InvalidPayload, Path: "/payload/matrix/1/1"},
			}
		},
		Preflight: func(ctx context.Context, q HermiteRequest) error {
			m := q.Matrix.rationals()
			if err := checkSize("the matrix", m, MaxHermiteDimension); err != nil {
				return err
			}
			r, c := m.Dims()
			if r*c > hermiteClassicalEntries {
				if r != c {
					return core.Refusef("the matrix is %d×%d; a matrix that is not square takes the classical elimination, which accepts at most %d entries (the modular method needs a square nonsingular matrix)", r, c, hermiteClassicalEntries)
				}
			}
			return checkEstimate("this Hermite normal form", estimateHermite(m, q.Transform))
		},
		Run: func(ctx context.Context, q HermiteRequest) (HermiteResult, error) {
			return hermiteForm(ctx, q.Matrix, q.Transform)
		},
		// A singular square matrix of more than hermiteClassicalEntries
		// entries is refused by Run, once its determinant is known to be 0.
		Postcondition: checkHermite,
		Examples: []core.Example{
			// H from PARI/GP 2.15.2 (mathnf, converted as in
			// testdata/hnf_reference.py); U is the unique transform of a
			// full-row-rank matrix, or for the rank-deficient example the
			// one this elimination produces (U·A = H, det U = 1).
			{Title: "2×2 nonsingular with its transform", Payload: json.RawMessage(`{"matrix":[["2","3"],["4","5"]],"transform":true}`),
				Result: json.RawMessage(`{"hermite":[["2","0"],["0","1"]],"transform":[["-5","3"],["2","-1"]],"rank":2,"pivot_columns":[0,1]}`)},
			{Title: "3×3, the form alone", Payload: json.RawMessage(`{"matrix":[["3","1","4"],["1","5","9"],["2","6","5"]]}`),
				Result: json.RawMessage(`{"hermite":[["1","1","41"],["0","2","29"],["0","0","45"]],"rank":3,"pivot_columns":[0,1,2]}`)},
			{Title: "2×3 of full row rank", Payload: json.RawMessage(`{"matrix":[["2","4","6"],["1","3","5"]],"transform":true}`),
				Result: json.RawMessage(`{"hermite":[["1","1","1"],["0","2","4"]],"transform":[["1","-1"],["-1","2"]],"rank":2,"pivot_columns":[0,1]}`)},
			{Title: "rank-deficient 3×2", Payload: json.RawMessage(`{"matrix":[["2","4"],["3","6"],["1","2"]],"transform":true}`),
				Result: json.RawMessage(`{"hermite":[["1","2"],["0","0"],["0","0"]],"transform":[["-1","1","0"],["-3","2","0"],["1","-1","1"]],"rank":1,"pivot_columns":[0]}`)},
			{Title: "empty matrix", Payload: json.RawMessage(`{"matrix":[]}`),
				Result: json.RawMessage(`{"hermite":[],"rank":0,"pivot_columns":[]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) HermiteRequest {
			return HermiteRequest{Matrix: randomIntegerMatrix(rng, rng.IntN(6), rng.IntN(6)+1), Transform: rng.IntN(2) == 0}
		},
		Slow: func() string {
			return slowHermite()
		},
	}
}

// randomIntegerMatrix is an r×c matrix of entries in [−9, 9], with
// probability 1/3 one row a combination of two others.
func randomIntegerMatrix(rng *rand.Rand, r, c int) IntegerMatrix {
	m := make([][]*big.Int, r)
	for i := range m {
		m[i] = make([]*big.Int, c)
		for j := range m[i] {
			m[i][j] = big.NewInt(rng.Int64N(19) - 9)
		}
	}
	if r >= 3 && rng.IntN(3) == 0 {
		i, j, l := rng.IntN(r), 0, 0
		j, l = (i+1)%r, (i+2)%r
		k := big.NewInt(rng.Int64N(5) - 2)
		for col := range m[i] {
			m[i][col] = new(big.Int).Add(new(big.Int).Mul(k, m[j][col]), m[l][col])
		}
	}
	return integerMatrix(m)
}

// slowHermite is the cancellation probe: a 120×120 matrix of random
// six-digit integers (slowNormalFormDigits), about two seconds of modular
// elimination after its determinant (two-digit entries took 0.5 s).
func slowHermite() string { return slowNormalFormDigits(120, 6) }

// slowNormalFormDigits is an n×n matrix of random integers of the given
// number of digits with its first two columns doubled: every lattice
// vector is even there, so the form has two pivots above 1, the
// last-column method declines, and the elimination modulo the
// determinant runs.
func slowNormalFormDigits(n, digits int) string {
	m := digitMatrix(rand.New(rand.NewPCG(uint64(n), 2)), n, digits)
	for _, row := range m {
		for j := range 2 {
			row[j] = core.Rat(new(big.Rat).Add(row[j].Rat(), row[j].Rat()))
		}
	}
	payload, _ := json.Marshal(map[string]core.Matrix{"matrix": m})
	return string(payload)
}

// estimateHermite is the estimated time of the modular method, in
// nanoseconds on one core: the determinant; about n³/2 row-operation
// entries in the elimination and as many in the reduction above the
// pivots, each a few products and a division of integers of Hadamard's
// size h (BenchmarkHermite: n = 150, entries below 100, 5.4 s against
// 4.9 s estimated); and, when transform asks for it, the transform, one
// PLE decomposition and n solves modulo each of about h/61 primes. The
// classical path is bounded by hermiteClassicalEntries instead.
func estimateHermite(rows [][]core.Rational, transform bool) float64 {
	n := len(rows)
	if n == 0 || len(rows[0]) != n {
		return 0
	}
	h := hadamardEstimate(clearedRowBits(rows, false))
	cube := float64(n) * float64(n) * float64(n)
	t := estimateDeterminant(rows) + 4.5*cube*productCost(h)
	if transform {
		primes := float64(h/61 + 1)
		t += primes * (2*plePerCube*cube + reduceCost(n, 0))
	}
	return t
}

// estimateHermiteForm is estimateHermite for the form alone, as the
// estimate limit's probes (without transform) ask.
func estimateHermiteForm(rows [][]core.Rational) float64 { return estimateHermite(rows, false) }

// hermiteClassicalLimit declares hermiteClassicalEntries, with a 20×20
// zero matrix at it and 21×20 beyond.
func hermiteClassicalLimit() core.Limit {
	return core.Limit{
		Name: "classical_entries", Max: hermiteClassicalEntries, Unit: "entries",
		Description: fmt.Sprintf("a matrix that is not square and nonsingular has at most %d entries (rows·columns)", hermiteClassicalEntries),
		At: func() string {
			return fmt.Sprintf(`{"matrix":%s}`, zeroMatrixJSON(hermiteClassicalEntries/20, 20))
		},
		Beyond: func() string {
			return fmt.Sprintf(`{"matrix":%s}`, zeroMatrixJSON(hermiteClassicalEntries/20+1, 20))
		},
	}
}

// hermiteEstimateLimit declares MaxEstimatedMillis for the Hermite form,
// with diagonal probes of nines (nonsingular, the modular path, the form
// alone): At has the most digits the estimate accepts at
// MaxHermiteDimension, Beyond one more.
func hermiteEstimateLimit() core.Limit {
	n := MaxHermiteDimension
	at := sync.OnceValue(func() int { return estimateBoundaryDigits(n, estimateHermiteForm) })
	return core.Limit{
		Name: "estimated_time", Max: MaxEstimatedMillis, Unit: "milliseconds on one core",
		Description: "estimated running time on one core, from the order, the entry bits and Hadamard's bound on the determinant; a requested transform adds its reconstruction modulo about one prime per 61 bits of that bound",
		At:          func() string { return diagonalJSON(n, nines(at())) },
		Beyond:      func() string { return diagonalJSON(n, nines(at()+1)) },
	}
}

// diagonalJSON is the payload {"matrix": d·I} of order n; the estimates
// read only sizes, so a diagonal of d-digit entries stands for any matrix
// of d-digit entries.
func diagonalJSON(n int, d string) string {
	m := make([][]string, n)
	for i := range m {
		m[i] = make([]string, n)
		for j := range m[i] {
			m[i][j] = "0"
		}
		m[i][i] = d
	}
	payload, _ := json.Marshal(map[string][][]string{"matrix": m})
	return string(payload)
}

// hermite computes the form with its transform (the Smith form builds
// on U).
func hermite(ctx context.Context, a IntegerMatrix) (HermiteResult, error) {
	return hermiteForm(ctx, a, true)
}

// hermiteForm computes the form: modular for square nonsingular matrices
// beyond a few rows, classical otherwise. The transform of the modular
// path, U = H·A⁻¹, is computed only when asked for; the classical one
// comes with the elimination and is kept as the witness otherwise.
func hermiteForm(ctx context.Context, a IntegerMatrix, transform bool) (HermiteResult, error) {
	r, c := a.Dims()
	if r == c && r >= hermiteModularThreshold {
		d, err := determinant(ctx, a.rationals())
		if err != nil {
			return HermiteResult{}, err
		}
		if d.Sign() != 0 {
			h, ok, err := hermiteLastColumn(ctx, a.big(), d.Num())
			if err == nil && !ok {
				h, err = hermiteModular(ctx, a.big(), new(big.Int).Abs(d.Num()))
			}
			if err != nil {
				return HermiteResult{}, err
			}
			piv := make([]int, r)
			for i := range piv {
				piv[i] = i
			}
			res := HermiteResult{Hermite: integerMatrix(h), Rank: r, PivotColumns: piv}
			if transform {
				u, err := hermiteTransform(ctx, a, h)
				if err != nil {
					return HermiteResult{}, err
				}
				um := integerMatrix(u)
				res.Transform = &um
			}
			return res, nil
		}
	}
	if r*c > hermiteClassicalEntries {
		return HermiteResult{}, core.Refusef("the %d×%d matrix is singular, so it needs the classical elimination, which accepts at most %d entries (the modular method needs a nonsingular matrix)", r, c, hermiteClassicalEntries)
	}
	h, u, piv, err := hermiteClassical(ctx, a.big())
	if err != nil {
		return HermiteResult{}, err
	}
	res := HermiteResult{Hermite: integerMatrix(h), Rank: len(piv), PivotColumns: nonNilInts(piv)}
	if um := integerMatrix(u); transform {
		res.Transform = &um
	} else {
		res.witness = um
	}
	return res, nil
}

// hermiteModularThreshold is the order from which square nonsingular
// matrices take the modular method.
const hermiteModularThreshold = 4

// rowOp replaces rows i and k of m by (s·m_i + t·m_k, v·m_i + w·m_k).
func rowOp(m [][]*big.Int, i, k int, s, t, v, w *big.Int) {
	var x, y big.Int
	for j := range m[i] {
		a, b := m[i][j], m[k][j]
		x.Mul(s, a)
		y.Mul(t, b)
		ni := new(big.Int).Add(&x, &y)
		x.Mul(v, a)
		y.Mul(w, b)
		m[k][j] = new(big.Int).Add(&x, &y)
		m[i][j] = ni
	}
}

// subMultiple sets row k of m to m_k − q·m_i.
func subMultiple(m [][]*big.Int, k, i int, q *big.Int) {
	var t big.Int
	for j := range m[k] {
		if m[i][j].Sign() != 0 {
			m[k][j] = new(big.Int).Sub(m[k][j], t.Mul(q, m[i][j]))
		}
	}
}

// hermiteClassical is the classical elimination of the file comment, on
// a copy of a it owns. It returns H, U and the pivot columns.
func hermiteClassical(ctx context.Context, a [][]*big.Int) (h, u [][]*big.Int, pivots []int, err error) {
	m := len(a)
	h = a
	u = make([][]*big.Int, m)
	for i := range u {
		u[i] = make([]*big.Int, m)
		for j := range u[i] {
			u[i][j] = big.NewInt(int64(boolUint(i == j)))
		}
	}
	if m == 0 {
		return h, u, nil, nil
	}
	n := len(a[0])
	one, zero := big.NewInt(1), big.NewInt(0)
	r := 0
	for j := 0; j < n && r < m; j++ {
		for i := r + 1; i < m; i++ {
			if err := ctx.Err(); err != nil {
				return nil, nil, nil, err
			}
			if h[i][j].Sign() == 0 {
				continue
			}
			if h[r][j].Sign() == 0 {
				h[r], h[i] = h[i], h[r]
				u[r], u[i] = u[i], u[r]
				continue
			}
			var g, s, t big.Int
			g.GCD(&s, &t, h[r][j], h[i][j])
			x := new(big.Int).Quo(h[r][j], &g)
			y := new(big.Int).Quo(h[i][j], &g)
			y.Neg(y)
			// [[s, t], [−b/g, a/g]] has determinant (s·a + t·b)/g = 1.
			if x.CmpAbs(one) == 0 && x.Sign() > 0 {
				// a divides b: keep row r, subtract from row i.
				rowOp(h, r, i, one, zero, y, one)
				rowOp(u, r, i, one, zero, y, one)
				continue
			}
			rowOp(h, r, i, &s, &t, y, x)
			rowOp(u, r, i, &s, &t, y, x)
		}
		if h[r][j].Sign() == 0 {
			continue
		}
		if h[r][j].Sign() < 0 {
			for k := range h[r] {
				h[r][k] = new(big.Int).Neg(h[r][k])
			}
			for k := range u[r] {
				u[r][k] = new(big.Int).Neg(u[r][k])
			}
		}
		for k := 0; k < r; k++ {
			q := floorDiv(h[k][j], h[r][j])
			if q.Sign() != 0 {
				subMultiple(h, k, r, q)
				subMultiple(u, k, r, q)
			}
		}
		pivots = append(pivots, j)
		r++
	}
	return h, u, pivots, nil
}

// floorDiv returns ⌊a/b⌋ for b > 0.
func floorDiv(a, b *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() < 0 {
		q.Sub(q, big.NewInt(1))
	}
	return q
}

// hermiteModular is the modular method of the file comment for a square
// matrix a with |det a| = d > 0, on a copy of a it owns. It returns H.
//
// Cohen's Algorithm 2.4.8 works on columns from the last row up; here the
// same steps run on rows from the first column on. For column j the
// working rows j…n−1 (zero before column j) are combined pairwise by
// extended gcds so that row j holds the gcd of the column, all entries
// reduced modulo R; then with u·w_jj + v·R = g = gcd(w_jj, R), row j of H
// is u·w_j modulo R (its pivot set to R if it reduces to 0), and R
// becomes R/g. The rows above are reduced modulo each pivot at the end.
func hermiteModular(ctx context.Context, a [][]*big.Int, d *big.Int) ([][]*big.Int, error) {
	n := len(a)
	w := a
	r := new(big.Int).Set(d)
	mod := func(row []*big.Int, from int) {
		for k := from; k < n; k++ {
			row[k].Mod(row[k], r)
		}
	}
	for i := range w {
		mod(w[i], 0)
	}
	h := make([][]*big.Int, n)
	var g, gs, gt, x, y, t1, t2, t3 big.Int
	for j := 0; j < n; j++ {
		reportEvery(ctx, j, n, "Hermite form modulo the determinant")
		for i := j + 1; i < n; i++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if w[i][j].Sign() == 0 {
				continue
			}
			if w[j][j].Sign() == 0 {
				w[j], w[i] = w[i], w[j]
				continue
			}
			if w[j][j].IsInt64() && w[j][j].Int64() == 1 {
				// A unit pivot (the usual case after a few rows): row j
				// no longer changes, and each row from i on needs one
				// independent row operation, row −= w_·j·row j, shared
				// among the cores.
				if err := eliminateUnitPivot(ctx, w, i, j, r); err != nil {
					return nil, err
				}
				break
			}
			g.GCD(&gs, &gt, w[j][j], w[i][j])
			x.Quo(w[j][j], &g)
			y.Quo(w[i][j], &g)
			y.Neg(&y)
			for k := j; k < n; k++ {
				a, b := w[j][k], w[i][k]
				t1.Mul(&gs, a)
				t2.Mul(&gt, b)
				t1.Add(&t1, &t2)
				t2.Mul(&y, a)
				t3.Mul(&x, b)
				a.Mod(&t1, r)
				b.Mod(t2.Add(&t2, &t3), r)
			}
		}
		g.GCD(&gs, nil, w[j][j], r)
		row := make([]*big.Int, n)
		for k := range row {
			row[k] = new(big.Int)
			if k >= j {
				row[k].Mul(&gs, w[j][k])
				row[k].Mod(row[k], r)
			}
		}
		if row[j].Sign() == 0 {
			row[j].Set(r)
		}
		h[j] = row
		r.Quo(r, &g)
		if j+1 < n {
			// The working rows below continue modulo the new R.
			for i := j + 1; i < n; i++ {
				mod(w[i], j+1)
			}
		}
	}
	// Reduce above the pivots. Entries right of the current column are
	// kept modulo D: D·e_l for l beyond row k's pivot is a combination of
	// the rows below k alone (H is triangular), so adding it keeps a
	// basis, and without it the entries would grow by a factor D per
	// column.
	for j := 0; j < n; j++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for k := 0; k < j; k++ {
			q := floorDiv(h[k][j], h[j][j])
			if q.Sign() == 0 {
				continue
			}
			for l := j; l < n; l++ {
				if h[j][l].Sign() != 0 {
					h[k][l].Sub(h[k][l], t1.Mul(q, h[j][l]))
					if l > j {
						h[k][l].Mod(h[k][l], d)
					}
				}
			}
		}
	}
	return h, nil
}

// hermiteLastColumn is the method of Pernet and Stein for the usual
// shape of the Hermite form of a square nonsingular A with det A = det:
// H = [I h; 0 D], D = |det|, pivots 1 but the last (file comment). For an
// integer vector c let y = adj(A)·c, so A·y = det·c ≡ 0 (mod D); y_n is
// a combination of the (n−1)-minors of A's first n−1 columns, whose gcd
// is 1 exactly when H has that shape, so for a random c it is usually a
// unit modulo D. Then z = y/y_n mod D has z_n = 1 and A·z ≡ 0, so every
// row a of A
// satisfies a_n ≡ Σ_{j<n} a_j·h_j (mod D) with h_j = −z_j mod D: the rows
// of A lie in the lattice of H = [I h; 0 D], which is in Hermite form,
// and both lattices have determinant D, so they are equal and H is the
// form. When y_n is not a unit, a second vector y' usually mends it (see
// the code). ok is false (nothing is claimed) when y_n is still not a unit
// modulo D or A is not a word matrix; the caller then takes
// hermiteModular.
//
// y comes from one Dixon lifting of A·x = c modulo p^k (x = y/det), with
// p^k above twice the bound on y's entries (‖c‖₁ times the column
// Hadamard bound on the (n−1)-minors): then y ≡ det·x (mod p^k) fixes y
// exactly.
// For a random matrix this costs one determinant and one solve instead
// of the O(n³) operations on D-sized integers of the elimination.
func hermiteLastColumn(ctx context.Context, b [][]*big.Int, det *big.Int) ([][]*big.Int, bool, error) {
	n := len(b)
	a, ok := wordMatrix(b)
	if !ok || n < 2 {
		return nil, false, nil
	}
	var solver *modmat.Solver
	var p uint64
	for i := range dixonPrimes {
		m := modular.NewModulus(modular.Prime62(i))
		s, ok, err := modmat.NewSolver(ctx, reduceWords(a, m), m)
		if err != nil {
			return nil, false, err
		}
		if ok {
			solver, p = s, modular.Prime62(i)
			break
		}
	}
	if solver == nil {
		return nil, false, nil
	}
	// |y_j| ≤ ‖c‖₁·max|(n−1)-minor| < 2^(bound + bits of ‖c‖₁).
	_, cols := log2Hadamard(a)
	bound := bitsAbove(cols, n) + bits.Len(uint(100*n))
	modulus := new(big.Int).Exp(new(big.Int).SetUint64(p), big.NewInt(int64((bound+2)/61+1)), nil)
	half := new(big.Int).Rsh(modulus, 1)
	d := new(big.Int).Abs(det)
	rng := rand.New(rand.NewPCG(uint64(n), 0x68657269))
	kernel := func() ([]*big.Int, error) {
		rhs := make([]int64, n)
		for i := range rhs {
			rhs[i] = rng.Int64N(201) - 100
		}
		digits, err := dixonDigits(ctx, a, solver, p, rhs, (bound+2)/61+1)
		if err != nil {
			return nil, err
		}
		y := make([]*big.Int, n)
		for j := range y {
			y[j] = padicValue(digits, j, p)
			y[j].Mul(y[j], det).Mod(y[j], modulus)
			if y[j].Cmp(half) > 0 {
				y[j].Sub(y[j], modulus)
			}
			y[j].Mod(y[j], d)
		}
		return y, nil
	}
	y, err := kernel()
	if err != nil {
		return nil, false, err
	}
	if new(big.Int).GCD(nil, nil, y[n-1], d).Cmp(big.NewInt(1)) != 0 {
		// A second kernel vector y' with gcd(y_n, y'_n, D) = 1 gives a
		// unit y_n + t·y'_n for t the largest divisor of D prime to y_n:
		// a prime of D divides one term of the sum and not the other.
		y2, err := kernel()
		if err != nil {
			return nil, false, err
		}
		t, g := new(big.Int).Set(d), new(big.Int)
		for g.GCD(nil, nil, t, y[n-1]).Cmp(big.NewInt(1)) != 0 {
			t.Quo(t, g)
		}
		for j := range y {
			y[j].Add(y[j], g.Mul(t, y2[j])).Mod(y[j], d)
		}
	}
	h := make([][]*big.Int, n)
	for i := range h {
		h[i] = make([]*big.Int, n)
		for j := range h[i] {
			h[i][j] = new(big.Int)
		}
		h[i][i].SetInt64(1)
	}
	h[n-1][n-1].Set(d)
	if d.Cmp(big.NewInt(1)) == 0 {
		return h, true, nil
	}
	inv := new(big.Int).ModInverse(y[n-1], d)
	if inv == nil {
		return nil, false, nil
	}
	inv.Neg(inv)
	for j := 0; j < n-1; j++ {
		h[j][n-1].Mul(y[j], inv).Mod(h[j][n-1], d)
	}
	return h, true, nil
}

// eliminateUnitPivot clears column j of rows from…n−1 against row j,
// whose pivot is 1: w_i ← (w_i − w_ij·w_j) mod r, the rows split among
// GOMAXPROCS goroutines (the operations are independent).
func eliminateUnitPivot(ctx context.Context, w [][]*big.Int, from, j int, r *big.Int) error {
	n := len(w)
	workers := min(runtime.GOMAXPROCS(0), n-from)
	var wg sync.WaitGroup
	for g := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var q, t big.Int
			for i := from + g; i < n; i += workers {
				if ctx.Err() != nil {
					return
				}
				if w[i][j].Sign() == 0 {
					continue
				}
				q.Set(w[i][j])
				for k := j; k < n; k++ {
					if w[j][k].Sign() != 0 {
						w[i][k].Sub(w[i][k], t.Mul(&q, w[j][k]))
						w[i][k].Mod(w[i][k], r)
					}
				}
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// hermiteTransform returns U = H·A⁻¹ for a nonsingular A, an integer
// matrix because the rows of H lie in the lattice of A, by Chinese
// remaindering: modulo each 62-bit prime p, row i of U solves
// Aᵀ·uᵢ = hᵢ (one PLE decomposition of Aᵀ, then two triangular
// substitutions per row). Bound: H's entries are at most D = |det A|, so
// |U_ij| = |Σ_k H_ik·adj(A)_kj|/D ≤ n·max|adj(A)| ≤ n·Hadamard(A), since
// every cofactor is an (n−1)-minor of A and no row of A is zero.
func hermiteTransform(ctx context.Context, a IntegerMatrix, h [][]*big.Int) ([][]*big.Int, error) {
	b := a.big()
	n := len(b)
	hb, err := hadamardBits(ctx, b)
	if err != nil {
		return nil, err
	}
	bt := make([][]*big.Int, n)
	for i := range bt {
		bt[i] = make([]*big.Int, n)
		for j := range bt[i] {
			bt[i][j] = b[j][i]
		}
	}
	vals, ok, err := reconstructSkipping(ctx, hb+bits.Len(uint(n))+2, n*n, 8, "Hermite transform modulo primes", func(p uint64) []uint64 {
		m := modular.NewModulus(p)
		solver, ok, err := modmat.NewSolver(ctx, reduceModmat(bt, p), m)
		if err != nil || !ok {
			return nil // singular modulo p (or cancelled): skip the prime
		}
		out := make([]uint64, n*n)
		rhs := make([]uint64, n)
		for i := range h {
			for k, x := range h[i] {
				rhs[k] = modular.Reduce(x, p)
			}
			solver.Solve(out[i*n:(i+1)*n], rhs)
		}
		return out
	})
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("the Hermite transform needs more primes than one reconstruction allows")
	}
	u := make([][]*big.Int, n)
	for i := range u {
		u[i] = vals[i*n : (i+1)*n]
	}
	return u, nil
}

// checkHermite is the postcondition of hermiteOperation.
func checkHermite(ctx context.Context, q HermiteRequest, r HermiteResult) error {
	m, n := q.Matrix.Dims()
	if hr, hc := r.Hermite.Dims(); hr != m || (m > 0 && hc != n) {
		return fmt.Errorf("the Hermite form H is %d×%d for a %d×%d matrix", hr, hc, m, n)
	}
	if q.Transform != (r.Transform != nil) {
		return fmt.Errorf("the request sets transform to %v but the result %s one", q.Transform, map[bool]string{true: "carries", false: "lacks"}[r.Transform != nil])
	}
	u := r.witness
	if r.Transform != nil {
		u = *r.Transform
	}
	if u != nil {
		if ur, uc := u.Dims(); ur != m || uc != m {
			return fmt.Errorf("the transform U is %d×%d for a matrix of %d rows", ur, uc, m)
		}
	}
	if err := isHermite(r.Hermite.view(), r.Rank, r.PivotColumns); err != nil {
		return err
	}
	if m == 0 {
		return nil
	}
	// The random vector comes from the request's stream too: hashing
	// the result would cost as much as the check (its transforms have
	// m² or n² entries, often of Hadamard's size).
	rng := requestRNG(q)
	if u == nil {
		return checkHermiteLattice(ctx, rng, q.Matrix, r)
	}
	return withPrime(rng, func(p uint64) (bool, error) {
		a := reduceMatrix(q.Matrix.big(), p)
		h := reduceMatrix(r.Hermite.big(), p)
		u := reduceMatrix(u.big(), p)
		if det := modular.Determinant(u, p); det != 1 && det != p-1 {
			return true, fmt.Errorf("det U is %d modulo %d, not ±1: U is not unimodular", det, p)
		}
		v := make([]uint64, n)
		for k := range v {
			v[k] = rng.Uint64N(p)
		}
		av := modular.MulVector(a, v, p)
		if uav, hv := modular.MulVector(u, av, p), modular.MulVector(h, v, p); !equalWords(uav, hv) {
			return true, fmt.Errorf("U·A ≠ H modulo %d (Freivalds check)", p)
		}
		return true, nil
	})
}

// requestRNG is checkRNG's stream for a Hermite request, seeded from the
// entries' machine words (wordStream) rather than from the request's
// JSON, whose decimal conversion cost more than the rest of the lattice
// check at order 150.
func requestRNG(q HermiteRequest) *rand.Rand {
	s := newWordStream()
	s.word(boolUint(q.Transform))
	s.integerMatrix(q.Matrix)
	return s.rng()
}

// checkHermiteLattice checks a Hermite form H of a square A returned
// without its transform (the modular path): H has n pivots, every row of
// A lies in the lattice of H — exactly, by dividing it out through the
// triangular H (a row a is a·H⁻¹·H, and a·H⁻¹ must be integral) — and
// det A ≡ ±det H modulo a random 62-bit prime. The lattice of A is then
// a sublattice of that of H of index |det A|/det H, a positive integer
// that is ±1 modulo p, so (but for a chance of one in about 2⁶¹) 1: the
// rows of H generate the lattice of A, and H, in Hermite form, is its
// form. The division costs n·(nonzero entries of H) products, O(n²) for
// the usual H with few pivots above 1.
func checkHermiteLattice(ctx context.Context, rng *rand.Rand, a IntegerMatrix, r HermiteResult) error {
	m, n := a.Dims()
	if m != n || r.Rank != n {
		return fmt.Errorf("the %d×%d matrix came without a transform, which only a square nonsingular matrix may (rank %d)", m, n, r.Rank)
	}
	h := r.Hermite.view()
	// The nonzero entries of each row of H right of its pivot.
	type entry struct {
		col int
		v   *big.Int
	}
	tail := make([][]entry, n)
	for i := range h {
		for j := i + 1; j < n; j++ {
			if h[i][j].Sign() != 0 {
				tail[i] = append(tail[i], entry{j, h[i][j]})
			}
		}
	}
	rows := a.view()
	err := withPrime(rng, func(p uint64) (bool, error) {
		detH := uint64(1)
		for i := range h {
			detH = modular.Mul(detH, modular.Reduce(h[i][i], p), p)
		}
		if detH == 0 {
			return false, nil
		}
		detA, err := modmat.DeterminantInPlace(ctx, reduceModmat(rows, p), modular.NewModulus(p))
		if err != nil {
			return true, err
		}
		if detA != detH && detA != p-detH {
			return true, fmt.Errorf("det A is %d modulo %d but the pivots of H multiply to ±%d: H spans a larger lattice", detA, p, detH)
		}
		return true, nil
	})
	if err != nil {
		return err
	}
	var q, rem, t big.Int
	row := make([]*big.Int, n)
	for j := range row {
		row[j] = new(big.Int)
	}
	for i, entries := range rows {
		if err := ctx.Err(); err != nil {
			return err
		}
		for j, x := range entries {
			row[j].Set(x)
		}
		for j := range n {
			if row[j].Sign() == 0 {
				continue
			}
			q.QuoRem(row[j], h[j][j], &rem)
			if rem.Sign() != 0 {
				return fmt.Errorf("row %d of A is not in the lattice of H: column %d leaves %s, not a multiple of the pivot %s", i, j, &rem, h[j][j])
			}
			for _, e := range tail[j] {
				row[e.col].Sub(row[e.col], t.Mul(&q, e.v))
			}
		}
	}
	return nil
}

// isHermite checks the Hermite form exactly: r nonzero rows in echelon
// form at the declared pivots, positive pivots, reduced entries above
// them, zero rows after.
func isHermite(h [][]*big.Int, rank int, pivots []int) error {
	if len(pivots) != rank || rank > len(h) {
		return fmt.Errorf("rank %d with %d pivot columns for %d rows", rank, len(pivots), len(h))
	}
	for i, row := range h {
		lead := -1
		for j, x := range row {
			if x.Sign() != 0 {
				lead = j
				break
			}
		}
		if i >= rank {
			if lead >= 0 {
				return fmt.Errorf("row %d should be zero (rank %d) but has a nonzero entry in column %d", i, rank, lead)
			}
			continue
		}
		if lead != pivots[i] || (i > 0 && pivots[i] <= pivots[i-1]) {
			return fmt.Errorf("row %d has its first nonzero entry in column %d, but the pivot columns say %v", i, lead, pivots)
		}
		p := row[lead]
		if p.Sign() <= 0 {
			return fmt.Errorf("the pivot of row %d is %s, not positive", i, p)
		}
		for k := 0; k < i; k++ {
			if x := h[k][lead]; x.Sign() < 0 || x.Cmp(p) >= 0 {
				return fmt.Errorf("entry (%d, %d) = %s above the pivot %s is not reduced into [0, %s)", k, lead, x, p, p)
			}
		}
	}
	return nil
}

func equalWords(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// integerMatrixOf converts a matrix of integral rationals.
func integerMatrixOf(m core.Matrix) IntegerMatrix {
	out := make(IntegerMatrix, len(m))
	for i, row := range m {
		out[i] = make([]core.Integer, len(row))
		for j, x := range row {
			out[i][j] = core.Int(new(big.Int).Set(x.Rat().Num()))
		}
	}
	return out
}
