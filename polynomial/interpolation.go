package polynomial

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"

	"jacobian.dev/core"
)

// Limits of polynomial.interpolation.compute.
const (
	InterpolationMaxPoints = 200
	// InterpolationMaxBits bounds numerator plus denominator bits of each
	// coordinate.
	InterpolationMaxBits = 256
	// InterpolationMaxResultBits bounds n·b_y + n²·(2·b_x + 1) for n
	// points whose abscissae have at most b_x bits and ordinates b_y: a
	// bound on the bits of the interpolant's common denominator (a
	// divisor of the product of the ordinates' denominators and of the
	// differences x_i − x_j), and so on the size of each coefficient.
	InterpolationMaxResultBits = 1 << 20
)

// InterpolationPoint is one point (x, y).
type InterpolationPoint struct {
	X core.Rational `json:"x"`
	Y core.Rational `json:"y"`
}

// InterpolationRequest is points with distinct x and the variable of the
// result (default x).
type InterpolationRequest struct {
	Points   []InterpolationPoint `json:"points"`
	Variable Variable             `json:"variable,omitempty"`
}

// InterpolationResult is the interpolating polynomial.
type InterpolationResult struct {
	Interpolant core.Polynomial[core.Rational] `json:"interpolant"`
}

// interpolationOperation computes the interpolating polynomial over Q.
//
// Canonical form: the unique polynomial p of degree less than the number
// n of points with p(x_i) = y_i for every point, reduced rational
// coefficients, constant term first, no trailing zeros (so its degree is
// below n − 1 when the points allow; no points give the zero polynomial).
// Two points with the same x are a domain error naming the second.
//
// Algorithm: Lagrange's formula with the denominators cleared, O(n²)
// integer operations and one gcd per coefficient at the end (see
// interpolate); Newton's divided differences (Knuth, TAOCP vol. 2,
// §4.6.4, equations (42) to (45)) are the reference it is tested against.
// The answer is exact, so the guarantee is p(x_i) = y_i with no rounding;
// the postcondition evaluates p exactly at every point.
func interpolationOperation() core.Operation[InterpolationRequest, InterpolationResult] {
	points := func(n int, coord string) string {
		var b strings.Builder
		b.WriteString(`{"points":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"x":"%d","y":"%s"}`, i, coord)
		}
		b.WriteString("]}")
		return b.String()
	}
	return core.Operation[InterpolationRequest, InterpolationResult]{
		ID:         "polynomial.interpolation.compute",
		Title:      "Polynomial interpolation over Q",
		Summary:    "The unique polynomial of least degree through given points with rational coordinates, exactly, by Lagrange's formula over the integers.",
		Keywords:   []string{"polynomial", "interpolation", "interpolate", "polinterpolate", "lagrange", "newton", "divided differences", "fit", "points"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"rational"},
		Bounds:     core.Bounds{"/points": InterpolationMaxPoints},
		Limits: []core.Limit{
			{Name: "points", Max: InterpolationMaxPoints, Unit: "points", Description: "at most this many points",
				Beyond: func() string { return points(InterpolationMaxPoints+1, "1") },
				At:     func() string { return points(InterpolationMaxPoints, "1") }},
			{Name: "coordinate_bits", Max: InterpolationMaxBits, Unit: "bits", Description: "each coordinate's numerator and denominator together have at most this many bits",
				Beyond: func() string { return points(3, powerOfTwo(InterpolationMaxBits).String()) },
				At:     func() string { return points(3, allOnes(InterpolationMaxBits).String()) }},
			{Name: "result_bits", Max: InterpolationMaxResultBits, Unit: "bits", Description: "n·b_y + n²·(2·b_x + 1), for n points with abscissae of at most b_x bits and ordinates of at most b_y (numerator plus denominator), a bound on each coefficient's size, is at most this",
				// 128 points x = 2^30 + i (31 bits) with 128-bit ordinates:
				// 128·128 + 128²·63 = 2^20.
				Beyond: func() string { return spreadPoints(128, 31, allOnes(129)) },
				At:     func() string { return spreadPoints(128, 31, allOnes(128)) }},
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "two points with the same x", Payload: `{"points":[{"x":"1","y":"2"},{"x":"3","y":"4"},{"x":"1","y":"5"}]}`, Code: core.DomainError, Path: "/payload/points/2/x"},
				{Title: "a coordinate sent as a JSON number", Payload: `{"points":[{"x":1,"y":"2"}]}`, Code: core.InvalidPayload, Path: "/payload/points/0/x"},
			}
		},
		Preflight: func(ctx context.Context, q InterpolationRequest) error {
			if len(q.Points) > InterpolationMaxPoints {
				return core.Refusef("%d points; at most %d are accepted", len(q.Points), InterpolationMaxPoints)
			}
			for i, p := range q.Points {
				if b := maxBits(qpoly{p.X.Rat(), p.Y.Rat()}); b > InterpolationMaxBits {
					return core.Refusef("point %d has a coordinate of %d bits; at most %d are accepted", i, b, InterpolationMaxBits)
				}
			}
			if b := interpolationResultBits(q.Points); b > InterpolationMaxResultBits {
				return core.Refusef("the interpolant's coefficients may take up to %d bits (n·b_y + n²·(2·b_x + 1)), beyond the limit of %d", b, InterpolationMaxResultBits)
			}
			return distinctAbscissae(q.Points)
		},
		Run: func(ctx context.Context, q InterpolationRequest) (InterpolationResult, error) {
			p, err := interpolate(ctx, q.Points)
			if err != nil {
				return InterpolationResult{}, err
			}
			return InterpolationResult{polyOf(q.variable(), p)}, nil
		},
		Postcondition: checkInterpolation,
		Examples: []core.Example{
			// PARI/GP 2.15.2: polinterpolate([0, 1, 2], [1, 3, 7]) = x^2 + x + 1
			{Title: "three points", Payload: json.RawMessage(`{"points":[{"x":"0","y":"1"},{"x":"1","y":"3"},{"x":"2","y":"7"}]}`),
				Result: json.RawMessage(`{"interpolant":{"variable":"x","coefficients":["1","1","1"],"expression":"x^2 + x + 1"}}`)},
			// PARI/GP 2.15.2: polinterpolate([1/2, -1, 3], [0, 2/3, 5]) = 11/18*x^2 - 5/36*x - 1/12
			{Title: "rational points", Payload: json.RawMessage(`{"points":[{"x":"1/2","y":"0"},{"x":"-1","y":"2/3"},{"x":"3","y":"5"}],"variable":"t"}`),
				Result: json.RawMessage(`{"interpolant":{"variable":"t","coefficients":["-1/12","-5/36","11/18"],"expression":"11/18*t^2 - 5/36*t - 1/12"}}`)},
			{Title: "collinear points give a line", Payload: json.RawMessage(`{"points":[{"x":"0","y":"1"},{"x":"1","y":"3"},{"x":"2","y":"5"},{"x":"5","y":"11"}]}`),
				Result: json.RawMessage(`{"interpolant":{"variable":"x","coefficients":["1","2"],"expression":"2*x + 1"}}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) InterpolationRequest {
			n := rng.IntN(12)
			q := InterpolationRequest{Points: []InterpolationPoint{}}
			seen := map[string]bool{}
			for len(q.Points) < n {
				x := big.NewRat(rng.Int64N(201)-100, rng.Int64N(6)+1)
				if seen[x.RatString()] {
					continue
				}
				seen[x.RatString()] = true
				q.Points = append(q.Points, InterpolationPoint{core.Rat(x), core.Rat(big.NewRat(rng.Int64N(2001)-1000, rng.Int64N(9)+1))})
			}
			return q
		},
		Slow: func() string {
			var b strings.Builder
			b.WriteString(`{"points":[`)
			// 60 points with seeded random 64-bit rational coordinates:
			// coefficients of about 180,000 bits, a second or more.
			rng := rand.New(rand.NewPCG(60, 64))
			seen := map[string]bool{}
			for len(seen) < 60 {
				x := new(big.Rat).SetFrac64(int64(rng.Uint32()), int64(rng.Uint32()|1))
				if seen[x.RatString()] {
					continue
				}
				if len(seen) > 0 {
					b.WriteByte(',')
				}
				seen[x.RatString()] = true
				fmt.Fprintf(&b, `{"x":"%s","y":"%d/%d"}`, x.RatString(), rng.Uint32(), rng.Uint32()|1)
			}
			b.WriteString("]}")
			return b.String()
		},
	}
}

func (q InterpolationRequest) variable() string {
	if q.Variable == "" {
		return "x"
	}
	return string(q.Variable)
}

// interpolationResultBits is n·b_y + n²·(2·b_x + 1) (see
// InterpolationMaxResultBits).
func interpolationResultBits(ps []InterpolationPoint) int64 {
	var bx, by int64
	for _, p := range ps {
		bx = max(bx, maxBits(qpoly{p.X.Rat()}))
		by = max(by, maxBits(qpoly{p.Y.Rat()}))
	}
	n := int64(len(ps))
	return n*by + n*n*(2*bx+1)
}

// spreadPoints is n points x = 2^(b−1) + i (b bits) with ordinate y.
func spreadPoints(n, b int, y *big.Int) string {
	var s strings.Builder
	s.WriteString(`{"points":[`)
	base := powerOfTwo(int64(b - 1))
	for i := range n {
		if i > 0 {
			s.WriteByte(',')
		}
		fmt.Fprintf(&s, `{"x":"%s","y":"%s"}`, new(big.Int).Add(base, big.NewInt(int64(i))), y)
	}
	s.WriteString("]}")
	return s.String()
}

// distinctAbscissae refuses two points with the same x, naming the second.
func distinctAbscissae(ps []InterpolationPoint) error {
	seen := make(map[string]int, len(ps))
	for i, p := range ps {
		k := p.X.String()
		if j, dup := seen[k]; dup {
			return core.DomainErrorAt(core.PayloadPath("points", i, "x"), "points %d and %d have the same x = %s; an interpolating polynomial needs distinct abscissae", j, i, k)
		}
		seen[k] = i
	}
	return nil
}

// interpolateNewton is Newton's divided differences, then the Newton form
// expanded by Horner's rule: the reference for interpolate, simple but
// slow, because every one of its n² rational operations reduces by a gcd
// of numbers as long as the answer's denominators.
func interpolateNewton(ctx context.Context, ps []InterpolationPoint) (qpoly, error) {
	n := len(ps)
	if n == 0 {
		return qpoly{}, nil
	}
	xs := make([]*big.Rat, n)
	c := make([]*big.Rat, n)
	for i, p := range ps {
		xs[i] = p.X.Rat()
		c[i] = new(big.Rat).Set(p.Y.Rat())
	}
	var num, den big.Rat
	for k := 1; k < n; k++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for i := n - 1; i >= k; i-- {
			num.Sub(c[i], c[i-1])
			if den.Sub(xs[i], xs[i-k]).Sign() == 0 {
				return nil, core.DomainErrorAt(core.PayloadPath("points", i, "x"), "two points have the same x")
			}
			c[i].Quo(&num, &den)
		}
	}
	p := qpoly{new(big.Rat).Set(c[n-1])}
	for k := n - 2; k >= 0; k-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// p ← p·(x − x_k) + c_k
		next := qzeros(len(p) + 1)
		var t big.Rat
		for i, a := range p {
			next[i+1].Add(next[i+1], a)
			next[i].Sub(next[i], t.Mul(a, xs[k]))
		}
		next[0].Add(next[0], c[k])
		p = next
	}
	return qtrim(p), nil
}

// interpolate is Lagrange's formula over Z. With x_i = a_i/b_i and
// M(x) = ∏_j (b_j·x − a_j) ∈ Z[x],
//
//	p(x) = Σ_i w_i·Q_i(x),  Q_i = M/(b_i·x − a_i) ∈ Z[x],  w_i = y_i·b_i/M′(x_i),
//
// because M′(x_i) = b_i·∏_{j≠i} (b_j·x_i − a_j). With D the lcm of the
// denominators of the w_i, D·p = Σ (D·w_i)·Q_i is a sum of integer
// polynomials, and p is read off by one reduction per coefficient: the
// gcds are taken once, at the end, instead of at every step.
func interpolate(ctx context.Context, ps []InterpolationPoint) (qpoly, error) {
	n := len(ps)
	if n == 0 {
		return qpoly{}, nil
	}
	M := zpoly{big.NewInt(1)}
	for _, p := range ps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		x := p.X.Rat()
		M = mulLinear(M, x.Denom(), x.Num())
	}
	dM := zderiv(M)
	ws := make([]*big.Rat, n)
	D := big.NewInt(1)
	var g big.Int
	for i, p := range ps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		x := p.X.Rat()
		d, err := qeval(ctx, toQ(dM), x)
		if err != nil {
			return nil, err
		}
		if d.Sign() == 0 {
			return nil, core.DomainErrorAt(core.PayloadPath("points", i, "x"), "two points have the same x")
		}
		ws[i] = new(big.Rat).Mul(p.Y.Rat(), new(big.Rat).SetInt(x.Denom()))
		ws[i].Quo(ws[i], d)
		D.Mul(D, new(big.Int).Quo(ws[i].Denom(), g.GCD(nil, nil, D, ws[i].Denom())))
	}
	sum := zzeros(n)
	var t, c big.Int
	for i, p := range ps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if ws[i].Sign() == 0 {
			continue
		}
		x := p.X.Rat()
		Q := divLinear(M, x.Denom(), x.Num())
		c.Mul(ws[i].Num(), t.Quo(D, ws[i].Denom()))
		for k, q := range Q {
			sum[k].Add(sum[k], t.Mul(&c, q))
		}
	}
	return zpolyOver(sum, D), nil
}

// mulLinear returns a·(b·x − c).
func mulLinear(a zpoly, b, c *big.Int) zpoly {
	out := zzeros(len(a) + 1)
	var t big.Int
	for i, x := range a {
		out[i+1].Add(out[i+1], t.Mul(x, b))
		out[i].Sub(out[i], t.Mul(x, c))
	}
	return out
}

// divLinear returns a/(b·x − c) for a divisible by it, by synthetic
// division from the top: a = (b·x − c)·q gives q_{k−1} = (a_k + c·q_k)/b.
func divLinear(a zpoly, b, c *big.Int) zpoly {
	n := a.deg()
	q := zzeros(n)
	var acc big.Int
	for k := n; k >= 1; k-- {
		acc.Set(a[k])
		if k < n {
			acc.Add(&acc, new(big.Int).Mul(c, q[k]))
		}
		q[k-1].Quo(&acc, b)
	}
	return q
}

// checkInterpolation evaluates the result exactly at every point.
func checkInterpolation(ctx context.Context, q InterpolationRequest, r InterpolationResult) error {
	if err := wellFormed(r.Interpolant); err != nil {
		return err
	}
	p := qOf(r.Interpolant)
	if p.deg() >= max(len(q.Points), 0) && len(p) > 0 {
		return fmt.Errorf("the interpolant has degree %d, not below the %d points", p.deg(), len(q.Points))
	}
	// p = P/d over Z, cleared once: p(u/v) = y is Σ P_k u^k v^(n−k) = d·y·v^n.
	P, d, err := clearDenominators(ctx, p)
	if err != nil {
		return err
	}
	for i, pt := range q.Points {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !evaluatesTo(P, d, pt.X.Rat(), pt.Y.Rat()) {
			return fmt.Errorf("the interpolant misses point %d", i)
		}
	}
	if len(q.Points) == 0 && len(p) != 0 {
		return errors.New("no points give the zero polynomial")
	}
	return nil
}

// evaluatesTo reports whether P(x)/d = y, by Horner's rule over Z.
func evaluatesTo(P zpoly, d *big.Int, x, y *big.Rat) bool {
	if len(P) == 0 {
		return y.Sign() == 0
	}
	u, v := x.Num(), x.Denom()
	acc := new(big.Int).Set(P[len(P)-1])
	vpow := big.NewInt(1)
	var t big.Int
	for k := len(P) - 2; k >= 0; k-- {
		vpow.Mul(vpow, v)
		acc.Mul(acc, u)
		acc.Add(acc, t.Mul(P[k], vpow))
	}
	// acc/(d·v^n) = y.Num()/y.Denom()
	l := new(big.Int).Mul(acc, y.Denom())
	r := new(big.Int).Mul(y.Num(), d)
	return l.Cmp(r.Mul(r, vpow)) == 0
}
