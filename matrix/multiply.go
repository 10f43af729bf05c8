package matrix

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// MaxMultiplyDimension bounds every dimension of a product.
const MaxMultiplyDimension = 400

// MultiplyRequest is a pair of matrices to multiply, left·right.
type MultiplyRequest struct {
	Left  core.Matrix `json:"left"`
	Right core.Matrix `json:"right"`
	Ring  *Ring       `json:"ring,omitempty" jsonschema:"compute over GF(p) instead of Q (see ring.go)"`
}

// MultiplyResult is the exact product.
type MultiplyResult struct {
	Product core.Matrix `json:"product"`
}

// multiplyOperation computes A·B over Q.
//
// Canonical form: the m×p product with reduced rational entries. A's
// column count must equal B's row count (else DOMAIN_ERROR naming both
// shapes). The 0×0 matrix multiplies only with matrices of zero rows.
//
// Algorithm: the schoolbook product, with A's rows and B's columns first
// cleared of denominators, so that each entry is one integer inner product
// divided once by the two scales. Postcondition: Freivalds's check
// (Freivalds, "Probabilistic machines can use less running time", IFIP
// 1977): C·v = A·(B·v) modulo a random 62-bit prime for two random vectors
// v, in O(n²) instead of O(n³).
func multiplyOperation() core.Operation[MultiplyRequest, MultiplyResult] {
	right := func(rows int) string { return `,"right":` + zeroMatrixJSON(rows, 1) }
	return core.Operation[MultiplyRequest, MultiplyResult]{
		ID:       "matrix.multiply.compute",
		Title:    "Matrix product",
		Summary:  "Exact product of two matrices of integers or rationals with compatible shapes.",
		Keywords: []string{"multiply", "product", "matrix multiplication", "matmul", "times", "compose"},
		Kind:     core.Compute,
		Effect:   core.Pure,
		Bounds:   ringBounds(matrixBounds(MaxMultiplyDimension, "left", "right")),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				raggedRefusal("left", `,"right":[["1"],["2"]]`),
				raggedRefusal("right", `,"left":[["1","2","3"]]`),
				{Title: "incompatible shapes", Payload: `{"left":[["1","2"]],"right":[["1","2"]]}`, Code: core.DomainError, Path: "/payload/right"},
				ringRefusals("left", `,"right":[["1"]]`)[0],
				ringRefusals("left", `,"right":[["1"],["1"]]`)[1],
			}
		},
		InputKinds: []string{"matrix"},
		Limits:     append(productLimits("left", right), ringLimit("left", `,"right":[["1"]]`)),
		Preflight: func(ctx context.Context, q MultiplyRequest) error {
			if err := checkFactors("the left matrix", q.Left, "the right matrix", q.Right); err != nil {
				return err
			}
			if _, c := q.Left.Dims(); c != len(q.Right) {
				return core.DomainErrorAt(core.PayloadPath("right"), "cannot multiply a %s matrix by a %s matrix: the left matrix's column count (%d) must equal the right matrix's row count (%d)", shape(q.Left), shape(q.Right), c, len(q.Right))
			}
			if q.Ring != nil {
				_, _, _, err := q.ringImages()
				return err
			}
			return nil
		},
		Run: func(ctx context.Context, q MultiplyRequest) (MultiplyResult, error) {
			if q.Ring != nil {
				return multiplyRing(ctx, q)
			}
			c, err := multiply(ctx, q.Left, q.Right)
			return MultiplyResult{c}, err
		},
		Postcondition: func(ctx context.Context, q MultiplyRequest, r MultiplyResult) error {
			m, _ := q.Left.Dims()
			_, cols := q.Right.Dims()
			if gr, gc := r.Product.Dims(); gr != m || (m > 0 && gc != cols) {
				return fmt.Errorf("product is %d×%d, want %d×%d", gr, gc, m, cols)
			}
			if q.Ring != nil {
				return checkMultiplyRing(q, r)
			}
			rng := checkRNG(q)
			return withPrime(rng, func(p uint64) (bool, error) {
				a, ok1 := image(q.Left, p)
				b, ok2 := image(q.Right, p)
				c, ok3 := image(r.Product, p)
				if !ok1 || !ok2 || !ok3 {
					return false, nil
				}
				for range 2 {
					v := make([]uint64, cols)
					for i := range v {
						v[i] = rng.Uint64N(p)
					}
					want := modular.MulVector(a, modular.MulVector(b, v, p), p)
					got := modular.MulVector(c, v, p)
					for i := range want {
						if want[i] != got[i] {
							return true, fmt.Errorf("the Freivalds check modulo %d fails in row %d", p, i)
						}
					}
				}
				return true, nil
			})
		},
		Examples: []core.Example{
			{Title: "2×2 times 2×2", Payload: json.RawMessage(`{"left":[["1","2"],["3","4"]],"right":[["5","6"],["7","8"]]}`),
				Result: json.RawMessage(`{"product":[["19","22"],["43","50"]]}`)},
			{Title: "row times column", Payload: json.RawMessage(`{"left":[["1/2","1/3"]],"right":[["2"],["3"]]}`), Result: json.RawMessage(`{"product":[["2"]]}`)},
			{Title: "column times row", Payload: json.RawMessage(`{"left":[["1"],["-2"]],"right":[["3","1/4"]]}`),
				Result: json.RawMessage(`{"product":[["3","1/4"],["-6","-1/2"]]}`)},
			// PARI/GP 2.15.2: Mod([1,2;3,4],5)*Mod([5,6;7,8],5) = Mod([4,2;3,0],5).
			{Title: "over GF(5)", Payload: json.RawMessage(`{"left":[["1","2"],["3","4"]],"right":[["5","6"],["7","8"]],"ring":{"modulus":"5"}}`),
				Result: json.RawMessage(`{"product":[["4","2"],["3","0"]]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) MultiplyRequest {
			m, k, n := rng.IntN(6)+1, rng.IntN(6)+1, rng.IntN(6)+1
			q := MultiplyRequest{Left: randomMatrix(rng, m, k), Right: randomMatrix(rng, k, n)}
			if rng.IntN(4) == 0 {
				q.Ring = &Ring{core.Int64([]int64{7, 11, 1_000_003, 4611686018427387847}[rng.IntN(4)])}
			}
			return q
		},
		Slow: func() string {
			return slowProduct()
		},
	}
}

// productLimits are the declared limits of an operation whose cost is a
// product (multiply, and the inverse check, which forms A·B): the operand
// named first, completed by rest into a payload, is bounded like a factor.
func productLimits(operand string, rest completion) []core.Limit {
	return []core.Limit{
		dimensionLimit(operand, MaxMultiplyDimension, rest),
		entryLimit(operand, rest),
	}
}

// checkFactors refuses factors of a product beyond MaxMultiplyDimension or
// MaxEntryDigits, naming the one at fault.
func checkFactors(leftName string, left core.Matrix, rightName string, right core.Matrix) error {
	if err := checkSize(leftName, left, MaxMultiplyDimension); err != nil {
		return err
	}
	return checkSize(rightName, right, MaxMultiplyDimension)
}

// multiply computes a·b with integer inner products.
func multiply(ctx context.Context, a, b core.Matrix) (core.Matrix, error) {
	m, _ := a.Dims()
	out := make(core.Matrix, m)
	err := productRows(ctx, a, b, func(i int, row []core.Rational) bool {
		out[i] = row
		return true
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// productRows forms a·b row by row, A's rows and B's columns cleared of
// denominators once, and hands each row of the product to use, in order,
// until use returns false. It polls ctx before each row.
func productRows(ctx context.Context, a, b core.Matrix, use func(i int, row []core.Rational) bool) error {
	m, k := a.Dims()
	right := prepareRight(b, k)
	ai, rowScale := ints(a...)
	for i := range m {
		if err := ctx.Err(); err != nil {
			return err
		}
		reportEvery(ctx, i, m, "multiplying rows")
		if !use(i, right.times(newIntRow(ai[i]), rowScale[i])) {
			return nil
		}
	}
	return nil
}

// intRow is a vector of integers with, when every entry fits in 62 bits, a
// machine-word copy for inner products that cannot overflow.
type intRow struct {
	big   []*big.Int
	small []int64 // nil unless every entry has at most 62 bits
	bits  int     // the largest bit length
}

func newIntRow(v []*big.Int) intRow {
	r := intRow{big: v}
	for _, x := range v {
		r.bits = max(r.bits, x.BitLen())
	}
	if r.bits <= 62 {
		r.small = make([]int64, len(v))
		for i, x := range v {
			r.small[i] = x.Int64()
		}
	}
	return r
}

// dot returns the inner product of two rows into s. When both have word
// copies and the sum cannot overflow (|x·y| < 2^(bx+by) per term, so
// k terms stay below 2^(bx+by+len(k)) ≤ 2^63), it runs on machine words.
func (r intRow) dot(o intRow, s, t *big.Int) *big.Int {
	if r.small != nil && o.small != nil && r.bits+o.bits+bits.Len(uint(len(r.small))) <= 63 {
		var acc int64
		for l, x := range r.small {
			acc += x * o.small[l]
		}
		return s.SetInt64(acc)
	}
	s.SetInt64(0)
	for l, x := range r.big {
		if y := o.big[l]; x.Sign() != 0 && y.Sign() != 0 {
			s.Add(s, t.Mul(x, y))
		}
	}
	return s
}

// rightOperand is the right factor of a product with each column cleared
// of denominators: column j is cols[j]/scale[j].
type rightOperand struct {
	cols  []intRow
	scale []*big.Int
}

// prepareRight clears the columns of the k-row matrix b.
func prepareRight(b core.Matrix, k int) *rightOperand {
	_, n := b.Dims()
	bt := make([][]core.Rational, n)
	for j := range bt {
		bt[j] = make([]core.Rational, k)
		for l := range bt[j] {
			bt[j][l] = b[l][j]
		}
	}
	cols, scale := ints(bt...)
	r := &rightOperand{cols: make([]intRow, n), scale: scale}
	for j, c := range cols {
		r.cols[j] = newIntRow(c)
	}
	return r
}

// times returns the row (row/rowScale)·B as reduced rationals.
func (r *rightOperand) times(row intRow, rowScale *big.Int) []core.Rational {
	out := make([]core.Rational, len(r.cols))
	var s, t big.Int
	for j, col := range r.cols {
		row.dot(col, &s, &t)
		out[j] = quotient(&s, new(big.Int).Mul(rowScale, r.scale[j]))
	}
	return out
}

// slowProduct is a cancellation probe: two 100×100 matrices of 10-digit
// fractions (see slowSquare).
func slowProduct() string {
	left := slowSquare("left", 100, "")
	right := slowSquare("right", 100, "")
	return left[:len(left)-1] + "," + right[1:]
}

// ringImages returns the prime and both factors modulo it.
func (q MultiplyRequest) ringImages() (uint64, modular.Matrix, modular.Matrix, error) {
	p, err := q.Ring.prime()
	if err != nil {
		return 0, nil, nil, err
	}
	a, err := reduceRing(q.Left, p, "left")
	if err != nil {
		return 0, nil, nil, err
	}
	b, err := reduceRing(q.Right, p, "right")
	return p, a, b, err
}

// multiplyRing is the product over GF(p) on core/modmat (Strassen above
// its crossover).
func multiplyRing(ctx context.Context, q MultiplyRequest) (MultiplyResult, error) {
	p, a, b, err := q.ringImages()
	if err != nil {
		return MultiplyResult{}, err
	}
	m, k := q.Left.Dims()
	_, n := q.Right.Dims()
	if m == 0 {
		return MultiplyResult{core.Matrix{}}, nil
	}
	if k == 0 || n == 0 {
		out := make([][]uint64, m)
		for i := range out {
			out[i] = make([]uint64, n)
		}
		return MultiplyResult{wordsMatrix(out)}, nil
	}
	c, err := modmat.Mul(ctx, modmat.FromRows(a), modmat.FromRows(b), modular.NewModulus(p))
	if err != nil {
		return MultiplyResult{}, err
	}
	return MultiplyResult{wordsMatrix(c.ToRows())}, nil
}

// checkMultiplyRing compares the product over GF(p) with core/modular's
// classical product, entry by entry.
func checkMultiplyRing(q MultiplyRequest, r MultiplyResult) error {
	p, a, b, err := q.ringImages()
	if err != nil {
		return err
	}
	got, err := residues(r.Product, p)
	if err != nil {
		return err
	}
	if len(a) == 0 {
		if len(got) != 0 {
			return fmt.Errorf("the product of an empty matrix is empty")
		}
		return nil
	}
	var want modular.Matrix
	if len(b) == 0 || len(b[0]) == 0 {
		want = make(modular.Matrix, len(a))
		for i := range want {
			want[i] = make([]uint64, 0)
			if len(b) > 0 {
				want[i] = make([]uint64, len(b[0]))
			}
		}
	} else {
		want = modular.MulMatrix(a, b, p)
	}
	if len(got) != len(want) {
		return fmt.Errorf("the product has %d rows, want %d", len(got), len(want))
	}
	for i := range want {
		if !equalWords(got[i], want[i]) {
			return fmt.Errorf("row %d of the product over GF(%d) differs from the classical product", i, p)
		}
	}
	return nil
}
