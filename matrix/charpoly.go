package matrix

// The characteristic polynomial by Berkowitz's algorithm.
//
// Berkowitz ("On computing the determinant in small parallel time using a
// small number of processors", Inform. Process. Lett. 18 (1984) 147–150)
// obtains det(x·I − A) without any division, so it runs over Z (indeed over
// any commutative ring). Write the leading (r+1)×(r+1) block of A as
//
//	A_{r+1} = [ A_r  S ]
//	          [ R    a ]
//
// with S a column, R a row and a a scalar. Then, with coefficient vectors
// listed from the highest degree down, charpoly(A_{r+1}) = T · charpoly(A_r)
// where T is the (r+2)×(r+1) lower-triangular Toeplitz matrix whose first
// column is (1, −a, −R·S, −R·A_r·S, …, −R·A_r^{r−1}·S). Building the
// column costs r matrix–vector products with A_r, so the whole run is
// O(n⁴) ring operations; Abdeljaoued and Lombardi, "Méthodes matricielles:
// introduction à la complexité algébrique" (Springer 2004), §7.2, give this
// sequential form and its correctness proof.
//
// A rational matrix A = B/d, with d the lcm of all denominators and B
// integral, has det(x·I − A) = d^{−n}·det(d·x·I − B), so the coefficient of
// x^k is that of B divided by d^{n−k}.

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"

	"jacobian.dev/core"
	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// MaxCharpolyDimension bounds the order of the matrix.
const MaxCharpolyDimension = 200

// CharpolyResult is det(x·I − A), its coefficients with the expression
// they render to (core.Polynomial).
type CharpolyResult struct {
	Polynomial core.Polynomial[core.Rational] `json:"characteristic_polynomial"`
}

// charpolyOperation computes the characteristic polynomial det(x·I − A).
//
// Canonical form: the monic polynomial of degree n in the variable x, as
// reduced rational coefficients constant term first (so the last is 1),
// with the expression core.RenderPolynomial writes from the highest degree
// down, e.g. "x^2 - 5*x - 2" (coefficients ±1 are omitted before x,
// rational coefficients print as "1/2*x"). The 0×0 matrix has characteristic
// polynomial 1. A non-square matrix is a DOMAIN_ERROR; a matrix whose
// entries times the bits of their common denominator exceed MaxScaledBits
// is refused before any work (RESOURCE_REFUSED).
//
// Algorithm: after clearing denominators (see the top of charpoly.go),
// Berkowitz's division-free algorithm over Z below order 12; from order 12
// up, Chinese remaindering of characteristic polynomials over GF(p)
// computed in parallel through Hessenberg form (core/modmat), with enough
// 62-bit primes for a Hadamard-type bound on the sums of principal minors
// (charpolyMultimodular; Berkowitz stays as the reference the tests
// compare it with). Over GF(p) the same Hessenberg reduction runs once. Postcondition: the
// coefficient of x^{n−1} is −trace(A) exactly; modulo a random 62-bit
// prime p (core/modular elimination) the constant term is (−1)^n·det(A)
// and the polynomial's value at a random point t equals det(t·I − A),
// which a wrong coefficient anywhere fails with probability ≥ 1 − n/p.
func charpolyOperation() core.Operation[RingMatrixRequest, CharpolyResult] {
	return core.Operation[RingMatrixRequest, CharpolyResult]{
		ID:              "matrix.characteristic_polynomial.compute",
		Title:           "Characteristic polynomial",
		Summary:         "Characteristic polynomial det(x·I − A) of a square rational matrix, monic, by Berkowitz's algorithm or multi-modular Hessenberg reduction.",
		Keywords:        []string{"characteristic polynomial", "charpoly", "eigenvalues", "det(xI-A)", "berkowitz", "trace", "cayley-hamilton"},
		Kind:            core.Compute,
		Effect:          core.Pure,
		Bounds:          ringBounds(matrixBounds(MaxCharpolyDimension, "matrix")),
		InputKinds:      []string{"matrix"},
		RefusalExamples: func() []core.RefusalExample { return append(squareRefusals(), ringRefusals("matrix", "")...) },
		Limits: append(matrixLimits(MaxCharpolyDimension),
			estimateLimit(MaxCharpolyDimension, estimateCharpoly), ringLimit("matrix", "")),
		Preflight: func(ctx context.Context, q RingMatrixRequest) error {
			if err := checkSize("the matrix", q.Matrix, MaxCharpolyDimension); err != nil {
				return err
			}
			if err := requireSquare("the characteristic polynomial", "matrix", q.Matrix); err != nil {
				return err
			}
			if q.Ring != nil {
				_, _, err := q.image()
				return err
			}
			if err := checkScaledBits(q.Matrix, true); err != nil {
				return err
			}
			return checkEstimate("this characteristic polynomial", estimateCharpoly(q.Matrix))
		},
		Run: func(ctx context.Context, q RingMatrixRequest) (CharpolyResult, error) {
			if q.Ring != nil {
				p, a, err := q.image()
				if err != nil {
					return CharpolyResult{}, err
				}
				coeffs := []core.Rational{wordRat(1)}
				if len(a) > 0 {
					cp, err := modmat.CharPoly(ctx, modmat.FromRows(a), modular.NewModulus(p))
					if err != nil {
						return CharpolyResult{}, err
					}
					coeffs = nil
					for _, c := range cp {
						coeffs = append(coeffs, wordRat(c))
					}
				}
				return CharpolyResult{Polynomial: core.NewPolynomial("x", coeffs, core.Rational.String)}, nil
			}
			coeffs, err := charpoly(ctx, q.Matrix)
			if err != nil {
				return CharpolyResult{}, err
			}
			return CharpolyResult{Polynomial: core.NewPolynomial("x", coeffs, core.Rational.String)}, nil
		},
		Postcondition: func(ctx context.Context, q RingMatrixRequest, r CharpolyResult) error {
			n := len(q.Matrix)
			if err := r.Polynomial.Check(core.Rational.String); err != nil {
				return err
			}
			if q.Ring != nil {
				return checkCharpolyRing(ctx, q, r)
			}
			c := r.Polynomial.Coefficients
			if len(c) != n+1 || c[n].Rat().Cmp(big.NewRat(1, 1)) != 0 {
				return fmt.Errorf("not a monic polynomial of degree %d", n)
			}
			if n == 0 {
				return nil
			}
			trace := new(big.Rat)
			for i := 0; i < n; i++ {
				trace.Add(trace, q.Matrix[i][i].Rat())
			}
			if new(big.Rat).Add(trace, c[n-1].Rat()).Sign() != 0 {
				return fmt.Errorf("the coefficient of x^%d is %s, but the trace is %s", n-1, c[n-1], trace.RatString())
			}
			rng := matrixRNG(q.Matrix)
			return withPrime(rng, func(p uint64) (bool, error) {
				a, ok := image(q.Matrix, p)
				if !ok {
					return false, nil
				}
				cp := make([]uint64, n+1)
				for k := range cp {
					if cp[k], ok = modular.ReduceRat(c[k].Rat(), p); !ok {
						return false, nil
					}
				}
				want := modular.Determinant(a, p)
				if n%2 == 1 {
					want = modular.Neg(want, p)
				}
				if cp[0] != want {
					return true, fmt.Errorf("the constant term is %d modulo %d, but (−1)^n·det is %d", cp[0], p, want)
				}
				// A polynomial of degree n that differs from det(x·I − A)
				// agrees with it modulo p at no more than n of the p
				// points, so a random point exposes any wrong coefficient.
				x := rng.Uint64N(p)
				got := uint64(0)
				for k := n; k >= 0; k-- {
					got = modular.Add(modular.Mul(got, x, p), cp[k], p)
				}
				for i := range a {
					for j := range a[i] {
						a[i][j] = modular.Neg(a[i][j], p)
					}
					a[i][i] = modular.Add(a[i][i], x, p)
				}
				if want := modular.Determinant(a, p); got != want {
					return true, fmt.Errorf("the polynomial at x = %d is %d modulo %d, but det(x·I − A) is %d", x, got, p, want)
				}
				return true, nil
			})
		},
		Examples: []core.Example{
			// PARI/GP 2.15.2: charpoly([1,2;3,4]) = x^2 - 5*x - 2.
			{Title: "2×2 integer matrix", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]]}`),
				Result: json.RawMessage(`{"characteristic_polynomial":{"variable":"x","coefficients":["-2","-5","1"],"expression":"x^2 - 5*x - 2"}}`)},
			// PARI/GP 2.15.2: charpoly([1/2,0,0;0,1,1;0,0,1]) = x^3 - 5/2*x^2 + 2*x - 1/2.
			{Title: "rational upper triangular", Payload: json.RawMessage(`{"matrix":[["1/2","0","0"],["0","1","1"],["0","0","1"]]}`),
				Result: json.RawMessage(`{"characteristic_polynomial":{"variable":"x","coefficients":["-1/2","2","-5/2","1"],"expression":"x^3 - 5/2*x^2 + 2*x - 1/2"}}`)},
			// PARI/GP 2.15.2: lift(charpoly(Mod([1,2;3,4],7))) = x^2 + 2*x + 5.
			{Title: "over GF(7)", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]],"ring":{"modulus":"7"}}`),
				Result: json.RawMessage(`{"characteristic_polynomial":{"variable":"x","coefficients":["5","2","1"],"expression":"x^2 + 2*x + 5"}}`)},
			{Title: "0×0 matrix", Payload: json.RawMessage(`{"matrix":[]}`),
				Result: json.RawMessage(`{"characteristic_polynomial":{"variable":"x","coefficients":["1"],"expression":"1"}}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) RingMatrixRequest {
			n := rng.IntN(8)
			q := RingMatrixRequest{Matrix: randomMatrix(rng, n, n)}
			if rng.IntN(4) == 0 {
				q.Ring = &Ring{core.Int64([]int64{7, 11, 1_000_003, 4611686018427387847}[rng.IntN(4)])}
			}
			return q
		},
		// At the dimension limit: 2.7 s on this machine (100×100, 0.32 s,
		// came within the cancellation test's 300 ms deadline).
		Slow: func() string {
			return slowIntegers("matrix", MaxCharpolyDimension, 40)
		},
	}
}

// charpoly returns the coefficients of det(x·I − A), constant term first.
func charpoly(ctx context.Context, a core.Matrix) ([]core.Rational, error) {
	n := len(a)
	// One common denominator d for the whole matrix: B = d·A.
	d := big.NewInt(1)
	var g big.Int
	for _, row := range a {
		// The lcm and the entries of B may be long (preflight bounds them
		// by MaxScaledBits): poll once per row.
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, x := range row {
			if den := denominator(x.Rat()); den.BitLen() > 1 {
				g.GCD(nil, nil, d, den)
				d.Mul(d, new(big.Int).Quo(den, &g))
			}
		}
	}
	b := make([][]*big.Int, n)
	for i, row := range a {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		b[i] = make([]*big.Int, n)
		for j, x := range row {
			v := new(big.Int).Quo(d, denominator(x.Rat()))
			b[i][j] = v.Mul(v, x.Rat().Num())
		}
	}
	var c []*big.Int
	var err error
	ok := false
	if n >= charpolyMultimodularThreshold {
		c, ok, err = charpolyMultimodular(ctx, b)
	}
	if !ok && err == nil {
		c, err = berkowitz(ctx, b)
	}
	if err != nil {
		return nil, err
	}
	// c[i] is the coefficient of x^(n−i) for B; divide it by d^i.
	out := make([]core.Rational, n+1)
	power := big.NewInt(1)
	for i := 0; i <= n; i++ {
		out[n-i] = quotient(c[i], power)
		power = new(big.Int).Mul(power, d)
	}
	return out, nil
}

// charpolyMultimodularThreshold is the order from which images modulo
// primes beat Berkowitz (measured: BenchmarkCharpolyPaths).
const charpolyMultimodularThreshold = 12

// charpolyMultimodular returns det(x·I − B) for an integer matrix,
// coefficients from the highest degree down, by Chinese remaindering of
// its images modulo 62-bit primes (modmat.CharPoly, Hessenberg form over
// GF(p), O(n³) each), computed in parallel.
//
// The coefficient of x^(n−k) is ± the sum of the C(n, k) principal k×k
// minors, and by Hadamard's inequality a minor on the rows S is at most
// ∏_{i∈S} ‖rowᵢ‖ (a zero row makes it zero; other integer rows have norm
// at least 1). So every coefficient is at most max_k C(n, k)·(product of
// the k largest row norms), and the same holds with columns
// (charpolyBits). For random entries the maximum sits at k = n or next
// to it, about Hadamard's bound itself, where the cruder 2^n·∏ ‖rowᵢ‖
// costs n more bits (three primes of 27 at n = 150). Matrices with
// entries beyond words keep that cruder bound (hadamardBits + n).
//
// ok is false when that would take more than maxPrimes primes.
func charpolyMultimodular(ctx context.Context, b [][]*big.Int) ([]*big.Int, bool, error) {
	n := len(b)
	a, words := wordMatrix(b)
	var bound int
	if words {
		bound = charpolyBits(a)
	} else {
		h, err := hadamardBits(ctx, b)
		if err != nil {
			return nil, false, err
		}
		bound = h + n
	}
	vals, ok, err := reconstructSkipping(ctx, bound+1, n+1, 0, "characteristic polynomial modulo primes", func(p uint64) []uint64 {
		m := modular.NewModulus(p)
		var img modmat.Matrix
		if words {
			img = reduceWords(a, m)
		} else {
			img = reduceModmat(b, p)
		}
		c, err := modmat.CharPoly(ctx, img, m)
		if err != nil {
			return make([]uint64, n+1) // cancelled: the caller sees ctx.Err()
		}
		return c
	})
	if err != nil || !ok {
		return nil, false, err
	}
	// modmat.CharPoly lists the constant term first; berkowitz's order is
	// the reverse.
	slices.Reverse(vals)
	return vals, true, nil
}

// charpolyBits returns B with every coefficient of det(x·I − A) below 2^B
// in absolute value, for a word matrix: the bound of charpolyMultimodular
// from the rows and from the columns, the smaller of the two, summed in
// floating point with the margin of bitsAbove (log₂ C(n, k) from
// math.Lgamma, whose error is far below that margin).
func charpolyBits(a [][]int64) int {
	n := len(a)
	rows := make([]float64, n)
	cols := make([]float64, n)
	line := make([]int64, n)
	for i := range n {
		rows[i] = max(0, log2Norm(a[i]))
		for j := range n {
			line[j] = a[j][i]
		}
		cols[i] = max(0, log2Norm(line))
	}
	lgN, _ := math.Lgamma(float64(n + 1))
	best := func(norms []float64) float64 {
		slices.SortFunc(norms, func(x, y float64) int { return cmp.Compare(y, x) })
		top, sum := 0.0, 0.0 // k = 0: the leading coefficient 1
		for k := 1; k <= n; k++ {
			sum += norms[k-1]
			lgK, _ := math.Lgamma(float64(k + 1))
			lgNK, _ := math.Lgamma(float64(n - k + 1))
			top = max(top, (lgN-lgK-lgNK)/math.Ln2+sum)
		}
		return top
	}
	return bitsAbove(min(best(rows), best(cols))+1e-6, n)
}

// berkowitz returns det(x·I − B) for an integer matrix, coefficients from
// the highest degree down.
func berkowitz(ctx context.Context, b [][]*big.Int) ([]*big.Int, error) {
	n := len(b)
	if n == 0 {
		return []*big.Int{big.NewInt(1)}, nil
	}
	v := []*big.Int{big.NewInt(1), new(big.Int).Neg(b[0][0])}
	var t big.Int
	for r := 1; r < n; r++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		reportEvery(ctx, r, n, "building the Berkowitz column")
		col := make([]*big.Int, r+2)
		col[0] = big.NewInt(1)
		col[1] = new(big.Int).Neg(b[r][r])
		w := make([]*big.Int, r)
		for i := range w {
			w[i] = new(big.Int).Set(b[i][r])
		}
		next := make([]*big.Int, r)
		for i := range next {
			next[i] = new(big.Int)
		}
		for k := 2; k < r+2; k++ {
			s := new(big.Int)
			for i := 0; i < r; i++ {
				if b[r][i].Sign() != 0 && w[i].Sign() != 0 {
					s.Add(s, t.Mul(b[r][i], w[i]))
				}
			}
			col[k] = s.Neg(s)
			if k == r+1 {
				break
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			for i := 0; i < r; i++ {
				if i%8 == 7 {
					if err := ctx.Err(); err != nil {
						return nil, err
					}
				}
				acc := next[i].SetInt64(0)
				row := b[i]
				for j := 0; j < r; j++ {
					if row[j].Sign() != 0 && w[j].Sign() != 0 {
						acc.Add(acc, t.Mul(row[j], w[j]))
					}
				}
			}
			w, next = next, w
		}
		nv := make([]*big.Int, r+2)
		for i := range nv {
			s := new(big.Int)
			for j := 0; j <= i && j <= r; j++ {
				if col[i-j].Sign() != 0 && v[j].Sign() != 0 {
					s.Add(s, t.Mul(col[i-j], v[j]))
				}
			}
			nv[i] = s
		}
		v = nv
	}
	return v, nil
}

// checkCharpolyRing checks a characteristic polynomial over GF(p) against
// core/modmat's PLE determinant, independent of the Hessenberg reduction
// that computed it: monic of degree n, the constant term (−1)^n·det A,
// and the value at a random point x equal to det(x·I − A).
func checkCharpolyRing(ctx context.Context, q RingMatrixRequest, r CharpolyResult) error {
	p, a, err := q.image()
	if err != nil {
		return err
	}
	n := len(a)
	c, err := residues(core.Matrix{r.Polynomial.Coefficients}, p)
	if err != nil {
		return err
	}
	cp := c[0]
	if len(cp) != n+1 || cp[n] != 1 {
		return fmt.Errorf("not a monic polynomial of degree %d over GF(%d)", n, p)
	}
	if n == 0 {
		return nil
	}
	m := modular.NewModulus(p)
	det := func(x modular.Matrix) (uint64, error) { return modmat.Determinant(ctx, modmat.FromRows(x), m) }
	d, err := det(a)
	if err != nil {
		return err
	}
	if n%2 == 1 {
		d = modular.Neg(d, p)
	}
	if cp[0] != d {
		return fmt.Errorf("the constant term is %d, but (−1)^n·det A is %d over GF(%d)", cp[0], d, p)
	}
	x := checkRNG(q).Uint64N(p)
	got := uint64(0)
	for k := n; k >= 0; k-- {
		got = modular.Add(modular.Mul(got, x, p), cp[k], p)
	}
	xa := make(modular.Matrix, n)
	for i := range a {
		xa[i] = make([]uint64, n)
		for j := range a[i] {
			xa[i][j] = modular.Neg(a[i][j], p)
		}
		xa[i][i] = modular.Add(xa[i][i], x, p)
	}
	want, err := det(xa)
	if err != nil {
		return err
	}
	if got != want {
		return fmt.Errorf("the polynomial at x = %d is %d, but det(x·I − A) is %d over GF(%d)", x, got, want, p)
	}
	return nil
}
