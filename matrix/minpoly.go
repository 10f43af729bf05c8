package matrix

// The minimal polynomial: the monic μ of least degree with μ(A) = 0.
//
// Algorithm (successive Krylov spaces; see e.g. Cohen, A Course in
// Computational Algebraic Number Theory, §2.2.4, for the vector version):
// the minimal polynomial μ_v of a vector v is found from the first linear
// dependency among v, A·v, A²·v, …, by Gaussian elimination over Q as the
// sequence grows. With L the lcm of μ_{e_1}, …, μ_{e_{j−1}}, the minimal
// polynomial q of L(A)·e_j is μ_{e_j}/gcd(L, μ_{e_j}), so L·q is the lcm of
// L and μ_{e_j}; after all n unit vectors L is μ_A. Each step costs the
// evaluation L(A)·e_j (deg L matrix–vector products) and one Krylov
// elimination of at most n − deg L + 1 vectors.
//
// The simple reference in the tests is the definition: the first power
// A^k that is a combination of I, A, …, A^{k−1}, by elimination on the
// flattened powers.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// MinpolyResult is the minimal polynomial.
type MinpolyResult struct {
	Polynomial core.Polynomial[core.Rational] `json:"minimal_polynomial"`
}

// MaxMinpolyDimension bounds the order of a minimal polynomial.
const MaxMinpolyDimension = 50

// estimateMinpoly is the estimated time in nanoseconds on one core,
// fitted to BenchmarkMinpoly (entries below 100: n = 20 in 0.13 s, n = 40
// in 8.2 s, so growth as n⁶ as the Krylov vectors' rationals lengthen) and
// taken quadratic in the cleared entry bits b: 0.13 s·(n/20)⁶·((b+8)/15)².
func estimateMinpoly(rows [][]core.Rational) float64 {
	n := float64(len(rows))
	b := 0
	for _, x := range clearedRowBits(rows, false) {
		b = max(b, x)
	}
	r := n / 20
	f := float64(b+8) / 15
	return 0.13e9 * r * r * r * r * r * r * f * f
}

// minpolyOperation computes the minimal polynomial of a square matrix.
//
// Canonical form: the monic polynomial in x, constant term first, with
// reduced rational coefficients; the 0×0 matrix has μ = 1. A non-square
// matrix is a DOMAIN_ERROR at /payload/matrix.
//
// Postcondition, independent of the Krylov method: modulo a random 62-bit
// prime p, μ(A) ≡ 0 (Horner's rule on matrices over GF(p)), and I, A, …,
// A^{d−1} are linearly independent over GF(p), d = deg μ, which implies
// that they are over Q: no polynomial of lower degree annihilates A.
func minpolyOperation() core.Operation[MatrixRequest, MinpolyResult] {
	return core.Operation[MatrixRequest, MinpolyResult]{
		ID:              "matrix.minimal_polynomial.compute",
		Title:           "Minimal polynomial",
		Summary:         "Minimal polynomial of a square rational matrix: the monic polynomial of least degree that annihilates it, by successive Krylov spaces.",
		Keywords:        []string{"minimal polynomial", "minpoly", "annihilating polynomial", "krylov", "cayley-hamilton", "jordan", "diagonalizable"},
		Kind:            core.Compute,
		Effect:          core.Pure,
		Bounds:          matrixBounds(MaxMinpolyDimension, "matrix"),
		InputKinds:      []string{"matrix"},
		RefusalExamples: squareRefusals,
		Limits: []core.Limit{
			dimensionLimit("matrix", MaxMinpolyDimension, fixed("")),
			entryLimit("matrix", fixed("")),
			estimateLimit(MaxMinpolyDimension, estimateMinpoly),
		},
		Preflight: func(ctx context.Context, q MatrixRequest) error {
			if err := checkSize("the matrix", q.Matrix, MaxMinpolyDimension); err != nil {
				return err
			}
			if err := requireSquare("the minimal polynomial", "matrix", q.Matrix); err != nil {
				return err
			}
			// Within the estimate the Krylov elimination's intermediate
			// size, about 2n³·(b + log n) bits as for [A | I], stays below
			// MaxEliminationBits (at most about 5·10⁶ bits for n ≤ 50), so
			// the estimate is the one size limit.
			return checkEstimate("this minimal polynomial", estimateMinpoly(q.Matrix))
		},
		Run: func(ctx context.Context, q MatrixRequest) (MinpolyResult, error) {
			c, err := minpoly(ctx, q.Matrix)
			if err != nil {
				return MinpolyResult{}, err
			}
			return MinpolyResult{core.NewPolynomial("x", c, core.Rational.String)}, nil
		},
		Postcondition: checkMinpoly,
		Examples: []core.Example{
			// PARI/GP 2.15.2: minpoly([2,0;0,2]) = x - 2, minpoly([1,1;0,1])
			// = x^2 - 2*x + 1, minpoly([0,1;-1,0]) = x^2 + 1.
			{Title: "a scalar matrix", Payload: json.RawMessage(`{"matrix":[["2","0"],["0","2"]]}`),
				Result: json.RawMessage(`{"minimal_polynomial":{"variable":"x","coefficients":["-2","1"],"expression":"x - 2"}}`)},
			{Title: "a Jordan block", Payload: json.RawMessage(`{"matrix":[["1","1"],["0","1"]]}`),
				Result: json.RawMessage(`{"minimal_polynomial":{"variable":"x","coefficients":["1","-2","1"],"expression":"x^2 - 2*x + 1"}}`)},
			{Title: "a rotation", Payload: json.RawMessage(`{"matrix":[["0","1"],["-1","0"]]}`),
				Result: json.RawMessage(`{"minimal_polynomial":{"variable":"x","coefficients":["1","0","1"],"expression":"x^2 + 1"}}`)},
			{Title: "the 0×0 matrix", Payload: json.RawMessage(`{"matrix":[]}`),
				Result: json.RawMessage(`{"minimal_polynomial":{"variable":"x","coefficients":["1"],"expression":"1"}}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) MatrixRequest {
			n := rng.IntN(6)
			m := randomMatrix(rng, n, n)
			if n >= 2 && rng.IntN(3) == 0 {
				// Repeated eigenvalues make μ a proper divisor of χ.
				for i := range m {
					for j := range m[i] {
						m[i][j] = ratInt64(0)
					}
					m[i][i] = ratInt64(rng.Int64N(3))
				}
			}
			return MatrixRequest{m}
		},
		Slow: func() string {
			// About 8 s (BenchmarkMinpoly/n=40).
			return slowIntegers("matrix", 40, 2)
		},
	}
}

// minpoly returns the coefficients of μ_A, constant term first.
func minpoly(ctx context.Context, a core.Matrix) ([]core.Rational, error) {
	n := len(a)
	m := ratMatrix(a)
	l := []*big.Rat{big.NewRat(1, 1)} // L = 1
	for j := 0; j < n && len(l)-1 < n; j++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		reportEvery(ctx, j, n, "Krylov spaces of the unit vectors")
		e := make([]*big.Rat, n)
		for i := range e {
			e[i] = new(big.Rat)
		}
		e[j].SetInt64(1)
		w, err := evalAt(ctx, m, l, e)
		if err != nil {
			return nil, err
		}
		if isZero(w) {
			continue
		}
		q, err := vectorMinpoly(ctx, m, w)
		if err != nil {
			return nil, err
		}
		l = mulPoly(l, q)
	}
	out := make([]core.Rational, len(l))
	for i, c := range l {
		out[i] = core.Rat(c)
	}
	return out, nil
}

func isZero(v []*big.Rat) bool {
	for _, x := range v {
		if x.Sign() != 0 {
			return false
		}
	}
	return true
}

// matVec returns m·v; it polls ctx once per row, since the entries may
// be long.
func matVec(ctx context.Context, m [][]*big.Rat, v []*big.Rat) ([]*big.Rat, error) {
	out := make([]*big.Rat, len(m))
	var t big.Rat
	for i, row := range m {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s := new(big.Rat)
		for k, x := range row {
			if x.Sign() != 0 && v[k].Sign() != 0 {
				s.Add(s, t.Mul(x, v[k]))
			}
		}
		out[i] = s
	}
	return out, nil
}

// evalAt returns p(M)·v by Horner's rule (p constant term first).
func evalAt(ctx context.Context, m [][]*big.Rat, p []*big.Rat, v []*big.Rat) ([]*big.Rat, error) {
	acc := make([]*big.Rat, len(v))
	for i := range acc {
		acc[i] = new(big.Rat)
	}
	for d := len(p) - 1; d >= 0; d-- {
		var err error
		if acc, err = matVec(ctx, m, acc); err != nil {
			return nil, err
		}
		if p[d].Sign() != 0 {
			for i := range acc {
				acc[i].Add(acc[i], new(big.Rat).Mul(p[d], v[i]))
			}
		}
	}
	return acc, nil
}

func mulPoly(a, b []*big.Rat) []*big.Rat {
	out := make([]*big.Rat, len(a)+len(b)-1)
	for i := range out {
		out[i] = new(big.Rat)
	}
	for i, x := range a {
		for j, y := range b {
			out[i+j].Add(out[i+j], new(big.Rat).Mul(x, y))
		}
	}
	return out
}

// vectorMinpoly returns the minimal polynomial of w ≠ 0 with respect to
// m: Krylov vectors w, m·w, … are reduced against the echelon basis of the
// earlier ones, each carrying its expression in the Krylov vectors, until
// one reduces to zero; that expression is the polynomial (made monic).
func vectorMinpoly(ctx context.Context, m [][]*big.Rat, w []*big.Rat) ([]*big.Rat, error) {
	n := len(w)
	type reduced struct {
		v     []*big.Rat // echelon vector, pivot entry 1
		pivot int
		expr  []*big.Rat // v = Σ expr[i]·A^i·w
	}
	var basis []reduced
	cur := w
	var t big.Rat
	for k := 0; k <= n; k++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		v := make([]*big.Rat, n)
		for i := range v {
			v[i] = new(big.Rat).Set(cur[i])
		}
		expr := make([]*big.Rat, k+1)
		for i := range expr {
			expr[i] = new(big.Rat)
		}
		expr[k].SetInt64(1)
		for _, b := range basis {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if f := v[b.pivot]; f.Sign() != 0 {
				f := new(big.Rat).Set(f)
				for i := range v {
					if b.v[i].Sign() != 0 {
						v[i].Sub(v[i], t.Mul(f, b.v[i]))
					}
				}
				for i := range b.expr {
					expr[i].Sub(expr[i], t.Mul(f, b.expr[i]))
				}
			}
		}
		pivot := -1
		for i, x := range v {
			if x.Sign() != 0 {
				pivot = i
				break
			}
		}
		if pivot < 0 {
			// A^k·w is a combination of the earlier vectors: expr is the
			// monic minimal polynomial (its leading coefficient is 1).
			return expr, nil
		}
		inv := new(big.Rat).Inv(v[pivot])
		for i := range v {
			v[i].Mul(v[i], inv)
		}
		for i := range expr {
			expr[i].Mul(expr[i], inv)
		}
		basis = append(basis, reduced{v, pivot, expr})
		var err error
		if cur, err = matVec(ctx, m, cur); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("no dependency among %d Krylov vectors in dimension %d", n+1, n)
}

// checkMinpoly is the postcondition of minpolyOperation.
func checkMinpoly(ctx context.Context, q MatrixRequest, r MinpolyResult) error {
	if err := r.Polynomial.Check(core.Rational.String); err != nil {
		return err
	}
	c := r.Polynomial.Coefficients
	n := len(q.Matrix)
	d := len(c) - 1
	if d < 0 || d > n || c[d].Rat().Cmp(big.NewRat(1, 1)) != 0 {
		return fmt.Errorf("not a monic polynomial of degree at most %d", n)
	}
	if n == 0 {
		if d != 0 {
			return fmt.Errorf("the 0×0 matrix has minimal polynomial 1")
		}
		return nil
	}
	return withPrime(checkRNG(q), func(p uint64) (bool, error) {
		a, ok := image(q.Matrix, p)
		if !ok {
			return false, nil
		}
		cp := make([]uint64, d+1)
		for k := range cp {
			if cp[k], ok = modular.ReduceRat(c[k].Rat(), p); !ok {
				return false, nil
			}
		}
		// Powers I, A, …, A^{d−1} flattened, and μ(A) by Horner.
		powers := make(modular.Matrix, 0, d)
		pw := make(modular.Matrix, n)
		acc := make(modular.Matrix, n)
		for i := range pw {
			pw[i] = make([]uint64, n)
			pw[i][i] = 1
			acc[i] = make([]uint64, n)
		}
		for k := 0; k < d; k++ {
			flat := make([]uint64, 0, n*n)
			for _, row := range pw {
				flat = append(flat, row...)
			}
			powers = append(powers, flat)
			pw = modular.MulMatrix(pw, a, p)
		}
		for k := d; k >= 0; k-- {
			acc = modular.MulMatrix(acc, a, p)
			for i := range acc {
				acc[i][i] = modular.Add(acc[i][i], cp[k], p)
			}
		}
		for i := range acc {
			for j, x := range acc[i] {
				if x != 0 {
					return true, fmt.Errorf("μ(A) is nonzero modulo %d at (%d, %d)", p, i, j)
				}
			}
		}
		if d > 0 && modular.Rank(powers, p) < d {
			// I, …, A^{d−1} dependent modulo p: either μ is not minimal or
			// p is unlucky; another prime decides.
			return false, nil
		}
		return true, nil
	})
}
