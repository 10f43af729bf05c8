package matrix

// Elementary operations: trace, transpose, Kronecker product and integer
// powers of rational matrices. Each is exact over Q; each postcondition
// checks the defining identity modulo a random 62-bit prime with random
// vectors, an argument independent of how the value was built:
//
//   - trace: tr(A) ≡ Σᵢ aᵢᵢ computed on the reduced entries;
//   - transpose: uᵀ·(Aᵀ·v) ≡ (A·u)ᵀ·v for random u, v;
//   - Kronecker product: (A ⊗ B)·(x ⊗ y) ≡ (A·x) ⊗ (B·y);
//   - power: P ≡ A^k by square-and-multiply over GF(p) (A⁻¹ by elimination
//     over GF(p) for k < 0), compared entry by entry.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"strings"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// TraceResult is the trace.
type TraceResult struct {
	Trace core.Rational `json:"trace"`
}

// traceOperation computes tr(A) = Σ aᵢᵢ.
//
// Canonical form: the reduced rational sum of the diagonal; the trace of
// the 0×0 matrix is 0. A non-square matrix is a DOMAIN_ERROR at
// /payload/matrix.
func traceOperation() core.Operation[MatrixRequest, TraceResult] {
	return core.Operation[MatrixRequest, TraceResult]{
		ID:              "matrix.trace.compute",
		Title:           "Trace",
		Summary:         "Exact trace (sum of the diagonal entries) of a square matrix of integers or rationals.",
		Keywords:        []string{"trace", "tr", "diagonal sum", "spur", "sum of eigenvalues"},
		Kind:            core.Compute,
		Effect:          core.Pure,
		Bounds:          matrixBounds(MaxMultiplyDimension, "matrix"),
		InputKinds:      []string{"matrix"},
		RefusalExamples: squareRefusals,
		Limits:          []core.Limit{dimensionLimit("matrix", MaxMultiplyDimension, fixed("")), entryLimit("matrix", fixed(""))},
		Preflight: func(ctx context.Context, q MatrixRequest) error {
			if err := checkSize("the matrix", q.Matrix, MaxMultiplyDimension); err != nil {
				return err
			}
			return requireSquare("the trace", "matrix", q.Matrix)
		},
		Run: func(ctx context.Context, q MatrixRequest) (TraceResult, error) {
			s := new(big.Rat)
			for i := range q.Matrix {
				s.Add(s, q.Matrix[i][i].Rat())
			}
			return TraceResult{core.Rat(s)}, nil
		},
		Postcondition: func(ctx context.Context, q MatrixRequest, r TraceResult) error {
			return withPrime(checkRNG(q), func(p uint64) (bool, error) {
				a, ok := image(q.Matrix, p)
				got, ok2 := modular.ReduceRat(r.Trace.Rat(), p)
				if !ok || !ok2 {
					return false, nil
				}
				var want uint64
				for i := range a {
					want = modular.Add(want, a[i][i], p)
				}
				if got != want {
					return true, fmt.Errorf("trace %s is %d modulo %d, the diagonal sums to %d", r.Trace, got, p, want)
				}
				return true, nil
			})
		},
		Examples: []core.Example{
			// PARI/GP 2.15.2: trace([1,2;3,4]) = 5, trace([1/2,1;0,1/3]) = 5/6.
			{Title: "2×2 integer matrix", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]]}`), Result: json.RawMessage(`{"trace":"5"}`)},
			{Title: "rational entries", Payload: json.RawMessage(`{"matrix":[["1/2","1"],["0","1/3"]]}`), Result: json.RawMessage(`{"trace":"5/6"}`)},
			{Title: "the 0×0 trace is 0", Payload: json.RawMessage(`{"matrix":[]}`), Result: json.RawMessage(`{"trace":"0"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) MatrixRequest {
			n := rng.IntN(7)
			return MatrixRequest{randomMatrix(rng, n, n)}
		},
	}
}

// TransposeResult is Aᵀ.
type TransposeResult struct {
	Transpose core.Matrix `json:"transpose"`
}

// transposeOperation computes Aᵀ.
//
// Canonical form: the n×m matrix with (Aᵀ)ᵢⱼ = aⱼᵢ, entries reduced. A
// matrix with rows but no columns has the 0×0 transpose [] (the encoding
// cannot hold 0 rows of length m).
func transposeOperation() core.Operation[MatrixRequest, TransposeResult] {
	return core.Operation[MatrixRequest, TransposeResult]{
		ID:              "matrix.transpose.compute",
		Title:           "Transpose",
		Summary:         "Transpose of a matrix of integers or rationals: rows become columns.",
		Keywords:        []string{"transpose", "mattranspose", "flip", "rows and columns", "A^T"},
		Kind:            core.Compute,
		Effect:          core.Pure,
		Bounds:          matrixBounds(MaxMultiplyDimension, "matrix"),
		InputKinds:      []string{"matrix"},
		RefusalExamples: matrixRefusals,
		Limits:          []core.Limit{dimensionLimit("matrix", MaxMultiplyDimension, fixed("")), entryLimit("matrix", fixed(""))},
		Preflight: func(ctx context.Context, q MatrixRequest) error {
			return checkSize("the matrix", q.Matrix, MaxMultiplyDimension)
		},
		Run: func(ctx context.Context, q MatrixRequest) (TransposeResult, error) {
			return TransposeResult{transpose(q.Matrix)}, nil
		},
		Postcondition: func(ctx context.Context, q MatrixRequest, r TransposeResult) error {
			m, n := q.Matrix.Dims()
			if tr, tc := r.Transpose.Dims(); tr != n || (n > 0 && tc != m) {
				return fmt.Errorf("the transpose is %d×%d for a %d×%d matrix", tr, tc, m, n)
			}
			if m == 0 || n == 0 {
				return nil
			}
			return withPrime(checkRNG(q), func(p uint64) (bool, error) {
				a, ok := image(q.Matrix, p)
				t, ok2 := image(r.Transpose, p)
				if !ok || !ok2 {
					return false, nil
				}
				rng := checkRNG(r)
				u, v := randomWords(rng, n, p), randomWords(rng, m, p)
				if dotWords(u, modular.MulVector(t, v, p), p) != dotWords(modular.MulVector(a, u, p), v, p) {
					return true, fmt.Errorf("uᵀ·(T·v) ≠ (A·u)ᵀ·v modulo %d: T is not the transpose", p)
				}
				return true, nil
			})
		},
		Examples: []core.Example{
			// PARI/GP 2.15.2: [1,2,3;4,5,6]~ = [1,4;2,5;3,6].
			{Title: "2×3 matrix", Payload: json.RawMessage(`{"matrix":[["1","2","3"],["4","5","6"]]}`), Result: json.RawMessage(`{"transpose":[["1","4"],["2","5"],["3","6"]]}`)},
			{Title: "a row becomes a column", Payload: json.RawMessage(`{"matrix":[["1/2","-3"]]}`), Result: json.RawMessage(`{"transpose":[["1/2"],["-3"]]}`)},
			{Title: "empty matrix", Payload: json.RawMessage(`{"matrix":[]}`), Result: json.RawMessage(`{"transpose":[]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) MatrixRequest {
			return MatrixRequest{randomMatrix(rng, rng.IntN(6), rng.IntN(6)+1)}
		},
	}
}

// transpose returns mᵀ (shared entries).
func transpose(m core.Matrix) core.Matrix {
	r, c := m.Dims()
	if c == 0 {
		return core.Matrix{}
	}
	out := make(core.Matrix, c)
	for j := range out {
		out[j] = make([]core.Rational, r)
		for i := range out[j] {
			out[j][i] = m[i][j]
		}
	}
	return out
}

func randomWords(rng *rand.Rand, n int, p uint64) []uint64 {
	v := make([]uint64, n)
	for i := range v {
		v[i] = rng.Uint64N(p)
	}
	return v
}

func dotWords(u, v []uint64, p uint64) uint64 {
	var s uint64
	for i := range u {
		s = modular.Add(s, modular.Mul(u[i], v[i], p), p)
	}
	return s
}

// KroneckerRequest is the pair A, B of A ⊗ B.
type KroneckerRequest struct {
	Left  core.Matrix `json:"left" jsonschema:"A, m×n"`
	Right core.Matrix `json:"right" jsonschema:"B, p×q"`
}

// UnmarshalJSON decodes the request in one pass (readRequest), naming a
// ragged matrix's bad row.
func (q *KroneckerRequest) UnmarshalJSON(data []byte) error {
	type plain KroneckerRequest
	return decodeRequest(q, (*plain)(q), data, matrixField("left", &q.Left), matrixField("right", &q.Right))
}

// KroneckerResult is A ⊗ B.
type KroneckerResult struct {
	Product core.Matrix `json:"product"`
}

// MaxKroneckerDimension bounds the rows and the columns of A ⊗ B.
const MaxKroneckerDimension = 400

// kroneckerOperation computes A ⊗ B.
//
// Canonical form: the (m·p)×(n·q) block matrix whose block (i, j) is
// aᵢⱼ·B, entries reduced; an empty factor (no rows or no columns) gives
// the empty product [].
func kroneckerOperation() core.Operation[KroneckerRequest, KroneckerResult] {
	probe := func(rows, cols int) string {
		return fmt.Sprintf(`{"left":%s,"right":%s}`, zeroMatrixJSON(rows, cols), zeroMatrixJSON(20, 20))
	}
	return core.Operation[KroneckerRequest, KroneckerResult]{
		ID:         "matrix.kronecker_product.compute",
		Title:      "Kronecker product",
		Summary:    "Exact Kronecker (tensor) product A ⊗ B of two matrices of integers or rationals: the block matrix of the products aᵢⱼ·B.",
		Keywords:   []string{"kronecker product", "tensor product", "matkronecker", "outer product", "block matrix", "direct product"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		Bounds:     matrixBounds(MaxKroneckerDimension, "left", "right"),
		InputKinds: []string{"matrix"},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{raggedRefusal("left", `,"right":[["1"]]`), raggedRefusal("right", `,"left":[["1"]]`)}
		},
		Limits: []core.Limit{
			{
				Name: "product_dimension", Max: MaxKroneckerDimension, Unit: "rows or columns",
				Description: fmt.Sprintf("A ⊗ B has at most %d rows and %d columns (rows(A)·rows(B) and columns(A)·columns(B))", MaxKroneckerDimension, MaxKroneckerDimension),
				At:          func() string { return probe(20, 20) },
				Beyond:      func() string { return probe(21, 20) },
			},
			entryLimit("left", fixed(`,"right":[["1"]]`)),
		},
		Preflight: func(ctx context.Context, q KroneckerRequest) error {
			if err := checkEntries("the left matrix", q.Left); err != nil {
				return err
			}
			if err := checkEntries("the right matrix", q.Right); err != nil {
				return err
			}
			ar, ac := q.Left.Dims()
			br, bc := q.Right.Dims()
			if ar*br > MaxKroneckerDimension || ac*bc > MaxKroneckerDimension {
				return core.Refusef("A ⊗ B would be %d×%d; at most %d rows and %d columns are allowed", ar*br, ac*bc, MaxKroneckerDimension, MaxKroneckerDimension)
			}
			return nil
		},
		Run: func(ctx context.Context, q KroneckerRequest) (KroneckerResult, error) {
			p, err := kronecker(ctx, q.Left, q.Right)
			return KroneckerResult{p}, err
		},
		Postcondition: func(ctx context.Context, q KroneckerRequest, r KroneckerResult) error {
			ar, ac := q.Left.Dims()
			br, bc := q.Right.Dims()
			if ar*br == 0 || ac*bc == 0 {
				if len(r.Product) != 0 {
					return fmt.Errorf("an empty factor gives the empty product, not %s", shape(r.Product))
				}
				return nil
			}
			if pr, pc := r.Product.Dims(); pr != ar*br || pc != ac*bc {
				return fmt.Errorf("the product is %d×%d, want %d×%d", pr, pc, ar*br, ac*bc)
			}
			return withPrime(checkRNG(q), func(p uint64) (bool, error) {
				a, ok1 := image(q.Left, p)
				b, ok2 := image(q.Right, p)
				k, ok3 := image(r.Product, p)
				if !ok1 || !ok2 || !ok3 {
					return false, nil
				}
				rng := checkRNG(r)
				x, y := randomWords(rng, ac, p), randomWords(rng, bc, p)
				xy := make([]uint64, 0, ac*bc)
				for _, xi := range x {
					for _, yj := range y {
						xy = append(xy, modular.Mul(xi, yj, p))
					}
				}
				ax, by := modular.MulVector(a, x, p), modular.MulVector(b, y, p)
				want := make([]uint64, 0, ar*br)
				for _, u := range ax {
					for _, v := range by {
						want = append(want, modular.Mul(u, v, p))
					}
				}
				if !equalWords(modular.MulVector(k, xy, p), want) {
					return true, fmt.Errorf("(A ⊗ B)·(x ⊗ y) ≠ (A·x) ⊗ (B·y) modulo %d", p)
				}
				return true, nil
			})
		},
		Examples: []core.Example{
			// SymPy 1.14: kronecker_product(Matrix([[1,2],[3,4]]), Matrix([[0,1],[1,0]])).
			{Title: "2×2 by 2×2", Payload: json.RawMessage(`{"left":[["1","2"],["3","4"]],"right":[["0","1"],["1","0"]]}`),
				Result: json.RawMessage(`{"product":[["0","1","0","2"],["1","0","2","0"],["0","3","0","4"],["3","0","4","0"]]}`)},
			{Title: "row by column", Payload: json.RawMessage(`{"left":[["1/2","3"]],"right":[["2"],["-1"]]}`),
				Result: json.RawMessage(`{"product":[["1","6"],["-1/2","-3"]]}`)},
			{Title: "an empty factor", Payload: json.RawMessage(`{"left":[],"right":[["1"]]}`), Result: json.RawMessage(`{"product":[]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) KroneckerRequest {
			return KroneckerRequest{randomMatrix(rng, rng.IntN(4), rng.IntN(4)+1), randomMatrix(rng, rng.IntN(4), rng.IntN(4)+1)}
		},
	}
}

// kronecker returns a ⊗ b.
func kronecker(ctx context.Context, a, b core.Matrix) (core.Matrix, error) {
	ar, ac := a.Dims()
	br, bc := b.Dims()
	if ar*br == 0 || ac*bc == 0 {
		return core.Matrix{}, nil
	}
	out := make(core.Matrix, ar*br)
	for i := 0; i < ar; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for k := 0; k < br; k++ {
			row := make([]core.Rational, 0, ac*bc)
			for j := 0; j < ac; j++ {
				for l := 0; l < bc; l++ {
					row = append(row, core.Rat(new(big.Rat).Mul(a[i][j].Rat(), b[k][l].Rat())))
				}
			}
			out[i*br+k] = row
		}
	}
	return out, nil
}

// PowerRequest is A and the exponent k of A^k.
type PowerRequest struct {
	Matrix   core.Matrix `json:"matrix" jsonschema:"a square matrix A"`
	Exponent int64       `json:"exponent" jsonschema:"the integer k; negative k asks for (A⁻¹)^|k|"`
}

// UnmarshalJSON decodes the request in one pass (readRequest), naming a
// ragged matrix's bad row.
func (q *PowerRequest) UnmarshalJSON(data []byte) error {
	type plain PowerRequest
	return decodeRequest(q, (*plain)(q), data, matrixField("matrix", &q.Matrix), valueField("exponent", &q.Exponent))
}

// PowerResult is A^k.
type PowerResult struct {
	Power core.Matrix `json:"power"`
}

// Limits of matrix.power.compute.
const (
	MaxPowerDimension = 100
	MaxPowerExponent  = 1 << 20
	// MaxPowerBits bounds the estimated size of A^k: n²·|k|·(b + ⌈log₂ n⌉)
	// bits for cleared entries of b bits, 2^28 bits (32 MiB), as for the
	// eliminations.
	MaxPowerBits = 1 << 28
	// MaxPowerEntryBits bounds the estimated bits of one entry of A^k,
	// |k|·(b + log₂ n), so that every entry stays within the digits a
	// rational string may have (core.MaxDigits, about 332,000 bits).
	MaxPowerEntryBits = 300_000
)

// powerBits estimates the bits of A^k, n² entries of powerEntryBits.
func powerBits(q PowerRequest) int64 {
	n := int64(len(q.Matrix))
	return n * n * powerEntryBits(q)
}

// powerEntryBits estimates the bits of an entry of A^k: an entry of B^k,
// B = d·A the integer matrix with common denominator d, is at most
// (n·max|b|)^k, so |k|·(b + ⌈log₂ n⌉) bits for entries of b bits (and the
// common denominator's power, which clearing already counts in b).
func powerEntryBits(q PowerRequest) int64 {
	n := int64(len(q.Matrix))
	var b int64
	for _, x := range clearedRowBits(q.Matrix, true) {
		b = max(b, int64(x))
	}
	logn := int64(bits.Len64(uint64(max(n-1, 0))))
	k := q.Exponent
	if k < 0 {
		// The inverse's entries are minors over det: n·(b + log n) bits.
		b, k = n*(b+logn), -k
	}
	return k * (b + logn)
}

// powerOperation computes A^k by repeated squaring.
//
// Canonical form: the n×n matrix A^k with reduced entries; A⁰ = I (also
// for singular A), and for k < 0 the power (A⁻¹)^|k|, a DOMAIN_ERROR at
// /payload/matrix when A is singular. The 0×0 matrix's powers are [].
//
// Algorithm: binary exponentiation, ⌊log₂|k|⌋ squarings and at most as
// many products (multiply.go), on A⁻¹ (inverse.go) when k < 0.
func powerOperation() core.Operation[PowerRequest, PowerResult] {
	return core.Operation[PowerRequest, PowerResult]{
		ID:         "matrix.power.compute",
		Title:      "Matrix power",
		Summary:    "Exact integer power A^k of a square rational matrix by repeated squaring; negative k gives powers of the inverse.",
		Keywords:   []string{"matrix power", "power", "exponent", "repeated squaring", "A^k", "matpow", "iterate", "inverse power"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		Bounds:     core.Bounds{"/matrix": MaxPowerDimension, "/matrix/*": MaxPowerDimension, "/exponent": MaxPowerExponent},
		InputKinds: []string{"matrix", "integer"},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				raggedRefusal("matrix", `,"exponent":2`),
				nonSquareRefusal(`,"exponent":2`),
				{Title: "a negative power of a singular matrix", Payload: `{"matrix":[["1","2"],["2","4"]],"exponent":-1}`, Code: core.DomainError, Path: "/payload/matrix"},
			}
		},
		Limits: []core.Limit{
			dimensionLimit("matrix", MaxPowerDimension, fixed(`,"exponent":1`)),
			entryLimit("matrix", fixed(`,"exponent":1`)),
			{
				Name: "exponent", Max: MaxPowerExponent, Unit: "absolute value",
				Description: fmt.Sprintf("|exponent| ≤ %d", MaxPowerExponent),
				At:          func() string { return fmt.Sprintf(`{"matrix":[["0"]],"exponent":%d}`, MaxPowerExponent) },
				Beyond:      func() string { return fmt.Sprintf(`{"matrix":[["0"]],"exponent":%d}`, MaxPowerExponent+1) },
			},
			{
				Name: "result_bits", Max: MaxPowerBits, Unit: "bits",
				Description: "estimated size of A^k: n²·|k|·(b + log₂ n) bits, b the bits of the longest entry after clearing the common denominator",
				At: func() string {
					return identityPower(MaxPowerDimension, powerBoundary(MaxPowerDimension, powerBits, MaxPowerBits))
				},
				Beyond: func() string {
					return identityPower(MaxPowerDimension, powerBoundary(MaxPowerDimension, powerBits, MaxPowerBits)+1)
				},
			},
			{
				Name: "entry_bits", Max: MaxPowerEntryBits, Unit: "bits",
				Description: "estimated size of one entry of A^k: |k|·(b + log₂ n) bits",
				At:          func() string { return identityPower(1, powerBoundary(1, powerEntryBits, MaxPowerEntryBits)) },
				Beyond:      func() string { return identityPower(1, powerBoundary(1, powerEntryBits, MaxPowerEntryBits)+1) },
			},
		},
		Preflight: func(ctx context.Context, q PowerRequest) error {
			if err := checkSize("the matrix", q.Matrix, MaxPowerDimension); err != nil {
				return err
			}
			if err := requireSquare("a matrix power", "matrix", q.Matrix); err != nil {
				return err
			}
			if q.Exponent > MaxPowerExponent || q.Exponent < -MaxPowerExponent {
				return core.Refusef("the exponent is %d; at most %d in absolute value is allowed", q.Exponent, MaxPowerExponent)
			}
			if e := powerEntryBits(q); e > MaxPowerEntryBits {
				return core.Refusef("an entry of A^%d could have about %d bits (|k|·entry bits); at most %d are allowed: send a smaller exponent", q.Exponent, e, MaxPowerEntryBits)
			}
			if e := powerBits(q); e > MaxPowerBits {
				return core.Refusef("A^%d would hold about %d MiB of integers (n²·|k|·entry bits); at most %d MiB are allowed: send a smaller exponent or matrix", q.Exponent, e>>23, MaxPowerBits>>23)
			}
			return nil
		},
		Run: func(ctx context.Context, q PowerRequest) (PowerResult, error) {
			p, err := power(ctx, q.Matrix, q.Exponent)
			return PowerResult{p}, err
		},
		Postcondition: checkPower,
		Examples: []core.Example{
			// PARI/GP 2.15.2: [1,1;1,0]^10 = [89,55;55,34], [2,1;1,1]^-2 = [2,-3;-3,5].
			{Title: "Fibonacci matrix to the 10th", Payload: json.RawMessage(`{"matrix":[["1","1"],["1","0"]],"exponent":10}`), Result: json.RawMessage(`{"power":[["89","55"],["55","34"]]}`)},
			{Title: "a negative power", Payload: json.RawMessage(`{"matrix":[["2","1"],["1","1"]],"exponent":-2}`), Result: json.RawMessage(`{"power":[["2","-3"],["-3","5"]]}`)},
			{Title: "the 0th power is the identity", Payload: json.RawMessage(`{"matrix":[["0","0"],["0","0"]],"exponent":0}`), Result: json.RawMessage(`{"power":[["1","0"],["0","1"]]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) PowerRequest {
			n := rng.IntN(5)
			return PowerRequest{randomMatrix(rng, n, n), rng.Int64N(9)}
		},
		Slow: func() string {
			// 60×60 with three-digit entries to the 4000th: the last
			// squarings multiply entries of tens of thousands of bits.
			return fmt.Sprintf(`{"matrix":%s,"exponent":%d}`, strings.TrimSuffix(strings.TrimPrefix(slowIntegers("m", 60, 3), `{"m":`), "}"), 4000)
		},
	}
}

// identityPower is the payload of the n×n identity matrix times 2 to the
// k (entries of two bits, so the estimates are not trivial).
func identityPower(n int, k int64) string {
	m := make([][]string, n)
	for i := range m {
		m[i] = make([]string, n)
		for j := range m[i] {
			m[i][j] = "0"
		}
		m[i][i] = "2"
	}
	b, _ := json.Marshal(m)
	return fmt.Sprintf(`{"matrix":%s,"exponent":%d}`, b, k)
}

// powerBoundary is the largest k ≤ MaxPowerExponent with the estimate of
// 2·I_n to the k within max.
func powerBoundary(n int, estimate func(PowerRequest) int64, max int64) int64 {
	m := make(core.Matrix, n)
	for i := range m {
		m[i] = make([]core.Rational, n)
		for j := range m[i] {
			m[i][j] = ratInt64(0)
		}
		m[i][i] = ratInt64(2)
	}
	lo, hi := int64(0), int64(MaxPowerExponent)+1
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if estimate(PowerRequest{m, mid}) <= max {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// power returns a^k by repeated squaring.
func power(ctx context.Context, a core.Matrix, k int64) (core.Matrix, error) {
	n := len(a)
	if n == 0 {
		return core.Matrix{}, nil
	}
	base := a
	if k < 0 {
		inv, err := inverse(ctx, a)
		if err != nil {
			return nil, err
		}
		if inv == nil {
			return nil, core.DomainErrorAt("/payload/matrix", "the matrix is singular, so it has no negative powers")
		}
		base, k = inv, -k
	}
	result := core.Matrix(identity(n))
	first := true
	for ; k > 0; k >>= 1 {
		var err error
		if k&1 == 1 {
			if first {
				result, first = base, false
			} else if result, err = multiply(ctx, result, base); err != nil {
				return nil, err
			}
		}
		if k > 1 {
			if base, err = multiply(ctx, base, base); err != nil {
				return nil, err
			}
		}
	}
	return result, nil
}

// checkPower compares P with A^k modulo a random prime.
func checkPower(ctx context.Context, q PowerRequest, r PowerResult) error {
	n := len(q.Matrix)
	if pr, pc := r.Power.Dims(); pr != n || pc != n {
		return fmt.Errorf("the power is %s for a %d×%d matrix", shape(r.Power), n, n)
	}
	if n == 0 {
		return nil
	}
	return withPrime(checkRNG(q), func(p uint64) (bool, error) {
		a, ok := image(q.Matrix, p)
		got, ok2 := image(r.Power, p)
		if !ok || !ok2 {
			return false, nil
		}
		k := q.Exponent
		if k < 0 {
			inv, invertible := inverseModP(a, p)
			if !invertible {
				return false, nil // singular modulo p only: try another prime
			}
			a, k = inv, -k
		}
		want := make(modular.Matrix, n)
		for i := range want {
			want[i] = make([]uint64, n)
			want[i][i] = 1
		}
		for ; k > 0; k >>= 1 {
			if k&1 == 1 {
				want = modular.MulMatrix(want, a, p)
			}
			a = modular.MulMatrix(a, a, p)
		}
		for i := range want {
			if !equalWords(want[i], got[i]) {
				return true, fmt.Errorf("row %d of the power differs from A^%d modulo %d", i, q.Exponent, p)
			}
		}
		return true, nil
	})
}

// inverseModP returns a⁻¹ over GF(p) from the reduced echelon form of
// [a | I], or false when a is singular modulo p.
func inverseModP(a modular.Matrix, p uint64) (modular.Matrix, bool) {
	n := len(a)
	aug := make(modular.Matrix, n)
	for i := range aug {
		aug[i] = make([]uint64, 2*n)
		copy(aug[i], a[i])
		aug[i][n+i] = 1
	}
	red, pivots := modular.ReducedRowEchelon(aug, n, p)
	if len(pivots) < n {
		return nil, false
	}
	inv := make(modular.Matrix, n)
	for i := range inv {
		inv[i] = red[i][n:]
	}
	return inv, true
}
