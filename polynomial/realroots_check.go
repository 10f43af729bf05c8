package polynomial

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync/atomic"

	"jacobian.dev/core"
)

// Limits of polynomial.real_roots.check: the Sturm sequence it builds
// has coefficients growing with degree times bits.
const (
	RealRootsCheckMaxDegree = 200
	RealRootsCheckMaxBits   = 1024
	// RealRootsCheckMaxEndpointBits bounds numerator plus denominator bits
	// of each endpoint (an interval refined to 1000 digits has about
	// 3330).
	RealRootsCheckMaxEndpointBits = 8192
)

var realRootsCheckLimits = sizeLimits{maxDegree: RealRootsCheckMaxDegree, maxBits: RealRootsCheckMaxBits}

// ClaimedRoot is one claimed real root: the point lower when lower =
// upper, otherwise the open interval (lower, upper); multiplicity is
// checked when given.
type ClaimedRoot struct {
	Lower        core.Rational `json:"lower"`
	Upper        core.Rational `json:"upper"`
	Multiplicity *int          `json:"multiplicity,omitempty" jsonschema:"the root's multiplicity, checked when given"`
}

// RealRootsCheckRequest is a polynomial and a claimed complete list of
// isolating intervals of its real roots, in ascending order.
type RealRootsCheckRequest struct {
	Polynomial PolyInput     `json:"polynomial"`
	Roots      []ClaimedRoot `json:"roots"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *RealRootsCheckRequest) UnmarshalJSON(b []byte) error {
	if err := decodeObject(b, map[string]any{"polynomial": &q.Polynomial, "roots": &q.Roots}); err != nil {
		return err
	}
	for i, r := range q.Roots {
		if r.Multiplicity != nil && *r.Multiplicity < 1 {
			return &core.PayloadError{Path: fmt.Sprintf("/payload/roots/%d/multiplicity", i), Message: "a multiplicity is a positive integer"}
		}
	}
	return nil
}

// RealRootsCheckResult is the verdict with its evidence: the number of
// distinct real roots by Sturm's theorem, and for a rejection the first
// fault found.
type RealRootsCheckResult struct {
	core.CheckResult
	core.Bindings[RealRootsCheckRequest]
	DistinctRealRoots int    `json:"distinct_real_roots" jsonschema:"the number of distinct real roots, by the Sturm sequence of the square-free part"`
	Reason            string `json:"reason" jsonschema:"why the verdict was reached"`
}

// realRootsCheckOperation verifies a claimed list of isolating intervals.
//
// Accepted exactly when the claims, in ascending order and pairwise
// disjoint (open intervals may share an endpoint), are every distinct
// real root of the nonzero polynomial f: each point claim a root, each
// open interval (lower, upper) with endpoints that are not roots and
// exactly one root inside, and as many claims as real roots; a given
// multiplicity must be the root's. Otherwise rejected with the first
// fault. Never inconclusive: the counts are exact.
//
// Method: s = f/gcd(f, f′) has the distinct roots of f; a sign change of
// s across each interval shows a root in it, and an upper bound on the
// number of real roots of s shows no other: Descartes' rule, on the whole
// line or on the pieces between the claims (see descartesCertifies), or
// else the Sturm sequence of s (Sturm 1829; Basu, Pollack and Roy,
// Theorem 2.50), which also gives the count reported; multiplicities go through
// the square-free parts of gcd(f, f′, …, f^(k−1)) (see verifyIsolation).
// The postcondition recounts an accepted list with the Descartes method
// of polynomial.real_roots.compute.
func realRootsCheckOperation() core.Operation[RealRootsCheckRequest, RealRootsCheckResult] {
	return core.Operation[RealRootsCheckRequest, RealRootsCheckResult]{
		ID:         "polynomial.real_roots.check",
		Title:      "Check isolating intervals of real roots",
		Summary:    "Checks that a list of rational points and open intervals isolates every real root of a polynomial over Q exactly once, with optional multiplicities, by sign changes and Sturm counts.",
		Keywords:   []string{"polynomial", "real roots", "isolating intervals", "verify", "certificate", "sturm", "polsturm", "root count"},
		Kind:       core.Check,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial", "rational"},
		Bounds: func() core.Bounds {
			b := polyBounds(RealRootsCheckMaxDegree, "polynomial")
			b["/roots"] = RealRootsCheckMaxDegree
			b["/roots/*/multiplicity"] = RealRootsCheckMaxDegree
			return b
		}(),
		Limits: append(realRootsCheckLimits.declare(func(poly string) string { return `{"polynomial":` + poly + `,"roots":[]}` }),
			clearedLimit(2*RealRootsCheckMaxBits, func(poly string) string { return `{"polynomial":` + poly + `,"roots":[]}` }, 40),
			core.Limit{Name: "endpoint_bits", Max: RealRootsCheckMaxEndpointBits, Unit: "bits", Description: "each endpoint's numerator and denominator together have at most this many bits",
				Beyond: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x - 3"},"roots":[{"lower":"1","upper":"%s"}]}`, powerOfTwo(RealRootsCheckMaxEndpointBits))
				},
				At: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x - 3"},"roots":[{"lower":"1","upper":"%s"}]}`, allOnes(RealRootsCheckMaxEndpointBits))
				}},
		),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "the zero polynomial", Payload: `{"polynomial":{"coefficients":[]},"roots":[]}`, Code: core.DomainError, Path: "/payload/polynomial"},
				{Title: "a zero multiplicity", Payload: `{"polynomial":{"expression":"x"},"roots":[{"lower":"0","upper":"0","multiplicity":0}]}`, Code: core.InvalidPayload, Path: "/payload/roots/0/multiplicity"},
			}
		},
		Preflight: func(ctx context.Context, q RealRootsCheckRequest) error {
			if err := realRootsCheckLimits.check("polynomial", q.Polynomial); err != nil {
				return err
			}
			if err := checkCleared("polynomial", q.Polynomial, 2*RealRootsCheckMaxBits); err != nil {
				return err
			}
			for i, r := range q.Roots {
				if b := maxBits(qpoly{r.Lower.Rat(), r.Upper.Rat()}); b > RealRootsCheckMaxEndpointBits {
					return core.Refusef("roots/%d has an endpoint of %d bits; at most %d are accepted", i, b, RealRootsCheckMaxEndpointBits)
				}
			}
			if q.Polynomial.expr == nil && len(q.Polynomial.coeffs) == 0 {
				return zeroRealRootsCheck()
			}
			return nil
		},
		Run:           runRealRootsCheck,
		Postcondition: checkRealRootsCheck,
		Examples: []core.Example{
			{Title: "the roots of x^3 - 2x", Payload: json.RawMessage(`{"polynomial":{"expression":"x^3 - 2*x"},"roots":[{"lower":"-2","upper":"-1"},{"lower":"0","upper":"0","multiplicity":1},{"lower":"1","upper":"3/2"}]}`),
				Result: json.RawMessage(`{"verdict":"accepted","subject":{"polynomial":{"expression":"x^3 - 2*x"},"roots":[{"lower":"-2","upper":"-1"},{"lower":"0","upper":"0","multiplicity":1},{"lower":"1","upper":"3/2"}]},"distinct_real_roots":3,"reason":"every real root is isolated exactly once"}`)},
			{Title: "a root missing", Payload: json.RawMessage(`{"polynomial":{"expression":"x^2 - 2"},"roots":[{"lower":"1","upper":"2"}]}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"polynomial":{"expression":"x^2 - 2"},"roots":[{"lower":"1","upper":"2"}]},"distinct_real_roots":2,"reason":"the polynomial has 2 distinct real roots, 1 are listed"}`)},
			{Title: "an interval holding two roots", Payload: json.RawMessage(`{"polynomial":{"expression":"x^2 - 2"},"roots":[{"lower":"-2","upper":"2"}]}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"polynomial":{"expression":"x^2 - 2"},"roots":[{"lower":"-2","upper":"2"}]},"distinct_real_roots":2,"reason":"root 0: the square-free part does not change sign across the interval"}`)},
			{Title: "a wrong multiplicity", Payload: json.RawMessage(`{"polynomial":{"expression":"(x - 1)^2*(x + 1)"},"roots":[{"lower":"-1","upper":"-1","multiplicity":1},{"lower":"1/2","upper":"2","multiplicity":1}]}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"polynomial":{"expression":"(x - 1)^2*(x + 1)"},"roots":[{"lower":"-1","upper":"-1","multiplicity":1},{"lower":"1/2","upper":"2","multiplicity":1}]},"distinct_real_roots":2,"reason":"root 1 does not have multiplicity 1"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) RealRootsCheckRequest {
			f := randomRootsPoly(ctx, rng)
			for f.deg() > RealRootsCheckMaxDegree/4 {
				f = randomRootsPoly(ctx, rng)
			}
			q := RealRootsCheckRequest{Polynomial: polyInputOf("x", f), Roots: []ClaimedRoot{}}
			r, err := runRealRoots(ctx, RealRootsRequest{Polynomial: q.Polynomial})
			if err != nil {
				return q
			}
			for _, x := range r.Roots {
				m := x.Multiplicity
				q.Roots = append(q.Roots, ClaimedRoot{Lower: x.Lower, Upper: x.Upper, Multiplicity: &m})
			}
			// One request in three is spoiled: a root dropped, a
			// multiplicity changed or an interval widened.
			if n := len(q.Roots); n > 0 {
				i := rng.IntN(n)
				switch rng.IntN(6) {
				case 0:
					q.Roots = append(q.Roots[:i], q.Roots[i+1:]...)
				case 1:
					m := *q.Roots[i].Multiplicity + 1
					q.Roots[i].Multiplicity = &m
				case 2:
					q.Roots[i].Upper = core.Rat(new(big.Rat).Add(q.Roots[i].Upper.Rat(), big.NewRat(1000, 1)))
				}
			}
			return q
		},
		Slow: func() string {
			return `{"polynomial":{"expression":"(2^800 + 1)*x^200 - (3^450 - 1)*(x^3 - x + 1)^66 - 7^280"},"roots":[]}`
		},
	}
}

func zeroRealRootsCheck() error {
	return core.DomainErrorAt(core.PayloadPath("polynomial"), "the zero polynomial vanishes everywhere; no list of intervals isolates its roots")
}

const acceptedRealRoots = "every real root is isolated exactly once"

func runRealRootsCheck(ctx context.Context, q RealRootsCheckRequest) (RealRootsCheckResult, error) {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return RealRootsCheckResult{}, err
	}
	if len(f) == 0 {
		return RealRootsCheckResult{}, zeroRealRootsCheck()
	}
	out := RealRootsCheckResult{Bindings: core.Bind(q)}
	claims := make([]rootClaim, len(q.Roots))
	for i, r := range q.Roots {
		claims[i] = rootClaim{lo: r.Lower.Rat(), hi: r.Upper.Rat()}
		if r.Multiplicity != nil {
			claims[i].multiplicity = *r.Multiplicity
		}
	}
	if f.deg() == 0 {
		out.Verdict, out.Reason = core.Accepted, acceptedRealRoots
		if len(claims) > 0 {
			out.Verdict, out.Reason = core.Rejected, "a nonzero constant has no roots"
		}
		return out, nil
	}
	_, pf, err := qprimitive(ctx, f)
	if err != nil {
		return RealRootsCheckResult{}, err
	}
	s, err := squareFreePart(ctx, pf)
	if err != nil {
		return RealRootsCheckResult{}, err
	}
	seq, err := sturmSequence(ctx, s)
	if err != nil {
		return RealRootsCheckResult{}, err
	}
	out.DistinctRealRoots = sturmCount(seq, nil, nil)
	reason, err := verifyIsolation(ctx, pf, claims, RealRootsCheckMaxDegree)
	if err != nil {
		return RealRootsCheckResult{}, err
	}
	out.Verdict, out.Reason = core.Accepted, acceptedRealRoots
	if reason != "" {
		out.Verdict, out.Reason = core.Rejected, reason
	}
	return out, nil
}

// squareFreePart is f/gcd(f, f′) for a primitive f of positive degree.
func squareFreePart(ctx context.Context, f zpoly) (zpoly, error) {
	g, err := gcdZ(ctx, f, zderiv(f))
	if err != nil {
		return nil, err
	}
	return divExact(ctx, f, g)
}

// checkRealRootsCheck recounts by the Descartes method: an accepted list
// has as many claims as isolateRealRoots finds roots of the square-free
// part, and a rejection names its fault.
func checkRealRootsCheck(ctx context.Context, q RealRootsCheckRequest, r RealRootsCheckResult) error {
	if r.Verdict == core.Rejected {
		if strings.TrimSpace(r.Reason) == "" {
			return errors.New("a rejection without a reason")
		}
		return nil
	}
	if r.Verdict != core.Accepted {
		return errors.New("the check is never inconclusive")
	}
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return err
	}
	if f.deg() == 0 {
		if len(q.Roots) != 0 {
			return errors.New("accepted roots of a constant")
		}
		return nil
	}
	_, pf, err := qprimitive(ctx, f)
	if err != nil {
		return err
	}
	s, err := squareFreePart(ctx, pf)
	if err != nil {
		return err
	}
	rs, err := isolateRealRoots(ctx, s)
	if err != nil {
		return err
	}
	if len(rs) != len(q.Roots) || r.DistinctRealRoots != len(rs) {
		return fmt.Errorf("accepted %d roots, but the Descartes method isolates %d", len(q.Roots), len(rs))
	}
	return nil
}

// descartesCertifies reports whether Descartes' rule proves that the
// square-free s has no more real roots than the claims, which are
// disjoint, in ascending order, and already checked to hold a root each
// (exact claims are roots, open claims have a sign change of s and
// endpoints that are not roots). The real line is cut once in each gap
// between successive claims, at a point that is neither a root nor a
// claim (cutPoint: the simplest dyadic number of the gap, often an
// integer, or the gap itself when two claims touch); each piece between
// cuts then holds one claim and must show at most one sign variation in
// the count of intervalVariations, which bounds the roots in the open
// interval. The two unbounded ends are counted on half-lines by
// halfLineVariations: when the first claim lies at or below −1, the
// half-line below its upper end must show at most one variation (its
// root, and none below it), and the first cut is that end; else the
// half-line below its lower end none; the same mirrored above the last
// claim. (A half-line avoids the large shifts of a claim that reaches
// out to the root bound, and on random polynomials the half-line beyond
// an extreme claim at or past ±1 measured to show that claim's one
// variation alone.) When a half-line shows more and starts inside
// (−1, 1), it is cut at ±1 (the roots of a random polynomial crowd around
// the unit circle, so the half-line beyond ±1 and the piece up to it
// usually show none, and ±1 itself must not be a root); failing that,
// the bounded piece out to ±2^(K+1) beyond every root (K from
// positiveRootBound on s(x) and s(−x)) is counted instead. A piece whose
// count is too high is bisected (a half must then show one variation,
// the other none, by the sign at the midpoint), up to a budget of
// bisections; false means the rule did not conclude, not that the claims
// are wrong. The intervals are transformed from s each on its own, not
// by the bisection tree of the isolation (realrootalg.go), and so the
// pieces are counted concurrently, sharing the budget.
func descartesCertifies(ctx context.Context, s zpoly, claims []rootClaim) bool {
	if len(claims) == 0 || s.deg() < 1 {
		return false
	}
	power := func(k int) *big.Rat { return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(k+1))) }
	var budget atomic.Int64
	budget.Store(int64(32 + 4*len(claims)))
	var certify func(ctx context.Context, a, b *big.Rat, target int) bool
	certify = func(ctx context.Context, a, b *big.Rat, target int) bool {
		if ctx.Err() != nil {
			return false
		}
		if intervalVariations(s, a, b) <= target {
			return true
		}
		if budget.Add(-1) < 0 {
			return false
		}
		m := new(big.Rat).Add(a, b)
		m.Quo(m, big.NewRat(2, 1))
		sm := signAt(s, m)
		switch {
		case target == 0:
			return sm != 0 && certify(ctx, a, m, 0) && certify(ctx, m, b, 0)
		case sm == 0:
			return certify(ctx, a, m, 0) && certify(ctx, m, b, 0)
		case sm != signAt(s, a):
			return certify(ctx, a, m, 1) && certify(ctx, m, b, 0)
		default:
			return certify(ctx, a, m, 0) && certify(ctx, m, b, 1)
		}
	}
	one := big.NewRat(1, 1)
	minusOne := big.NewRat(-1, 1)
	first, last := claims[0], claims[len(claims)-1]
	// An extreme open claim out at ±1 or beyond may be counted with its
	// half-line; the task of that end then counts the claim too when the
	// half-line does not conclude.
	firstMergeable := first.lo.Cmp(first.hi) != 0 && first.hi.Cmp(minusOne) <= 0
	lastMergeable := last.lo.Cmp(last.hi) != 0 && last.lo.Cmp(one) >= 0
	lowerEnd := func(ctx context.Context) bool {
		if firstMergeable {
			if halfLineVariations(s, first.hi, false) <= 1 {
				return true
			}
			if !certify(ctx, first.lo, first.hi, 1) {
				return false
			}
		}
		switch {
		case halfLineVariations(s, first.lo, false) == 0:
			return true
		case first.lo.Cmp(minusOne) > 0 && signAt(s, minusOne) != 0 && halfLineVariations(s, minusOne, false) == 0 && certify(ctx, minusOne, first.lo, 0):
			return true
		}
		lower := new(big.Rat).Neg(power(positiveRootBound(reflect(s))))
		return lower.Cmp(first.lo) < 0 && certify(ctx, lower, first.lo, 0)
	}
	upperEnd := func(ctx context.Context) bool {
		if lastMergeable {
			if halfLineVariations(s, last.lo, true) <= 1 {
				return true
			}
			if !certify(ctx, last.lo, last.hi, 1) {
				return false
			}
		}
		switch {
		case halfLineVariations(s, last.hi, true) == 0:
			return true
		case last.hi.Cmp(one) < 0 && signAt(s, one) != 0 && halfLineVariations(s, one, true) == 0 && certify(ctx, last.hi, one, 0):
			return true
		}
		upper := power(positiveRootBound(s))
		return upper.Cmp(last.hi) > 0 && certify(ctx, last.hi, upper, 0)
	}
	// Between the ends the line is cut once in each gap between claims,
	// at the simplest point of the gap that is not a root (cutPoint),
	// so that each claim is counted on one piece with its gaps, of
	// simpler endpoints than its own, rather than on two pieces; a
	// mergeable claim's end counts up to its inner endpoint, where the
	// next piece starts.
	cuts := make([]*big.Rat, len(claims)+1)
	for i := 1; i < len(claims); i++ {
		prev, next := claims[i-1], claims[i]
		switch {
		case i == 1 && firstMergeable:
			cuts[i] = prev.hi
		case i == len(claims)-1 && lastMergeable:
			cuts[i] = next.lo
		default:
			cuts[i] = cutPoint(s, prev, next)
			if cuts[i] == nil {
				return false
			}
		}
	}
	type piece struct {
		a, b   *big.Rat
		target int
	}
	var pieces []piece
	if len(claims) == 2 && firstMergeable && lastMergeable && first.hi.Cmp(last.lo) < 0 {
		pieces = append(pieces, piece{first.hi, last.lo, 0})
	}
	for i, c := range claims {
		if i == 0 && firstMergeable || i == len(claims)-1 && lastMergeable {
			continue
		}
		a, b := first.lo, last.hi
		if i > 0 {
			a = cuts[i]
		}
		if i < len(claims)-1 {
			b = cuts[i+1]
		}
		// An exact claim at the outer end of the first or last piece
		// lies on its boundary, not inside.
		target := 1
		if c.lo.Cmp(c.hi) == 0 && (a.Cmp(c.lo) == 0 || b.Cmp(c.lo) == 0) {
			target = 0
		}
		if a.Cmp(b) < 0 {
			pieces = append(pieces, piece{a, b, target})
		}
	}
	// Task 0 and 1 are the ends, task 2 + i piece i.
	ok, err := parallelUntil(ctx, 2+len(pieces), func(ctx context.Context, k int) (bool, error) {
		switch k {
		case 0:
			return lowerEnd(ctx), nil
		case 1:
			return upperEnd(ctx), nil
		}
		pc := pieces[k-2]
		return certify(ctx, pc.a, pc.b, pc.target), nil
	})
	return ok && err == nil
}

// cutPoint is a point of the closed gap [prev.hi, next.lo] between two
// successive claims that is not a root of s nor an exact claim: the
// dyadic number of least denominator there (an integer when the gap
// holds one), nearest to 0, else an endpoint of an open claim (checked
// not a root before), else the midpoint; nil when that is a root too.
// Simple endpoints keep the transforms of intervalVariations short.
func cutPoint(s zpoly, prev, next rootClaim) *big.Rat {
	lo, hi := prev.hi, next.lo
	prevExact, nextExact := prev.lo.Cmp(prev.hi) == 0, next.lo.Cmp(next.hi) == 0
	usable := func(x *big.Rat) bool {
		return !(prevExact && x.Cmp(lo) == 0) && !(nextExact && x.Cmp(hi) == 0) && signAt(s, x) != 0
	}
	if lo.Cmp(hi) == 0 {
		return lo // two open claims touching, at a point that is not a root
	}
	for e := uint(0); e <= 64; e++ {
		scale := new(big.Int).Lsh(big.NewInt(1), e)
		// k/2^e in [lo, hi]: k from ⌈lo·2^e⌉ to ⌊hi·2^e⌋.
		kLo := ceilRat(new(big.Rat).Mul(lo, new(big.Rat).SetInt(scale)))
		kHi := floorRat(new(big.Rat).Mul(hi, new(big.Rat).SetInt(scale)))
		if kLo.Cmp(kHi) > 0 {
			continue
		}
		k := new(big.Int)
		switch {
		case kLo.Sign() > 0:
			k.Set(kLo)
		case kHi.Sign() < 0:
			k.Set(kHi)
		}
		if x := new(big.Rat).SetFrac(k, scale); usable(x) {
			return x
		}
		break
	}
	if !prevExact {
		return lo
	}
	if !nextExact {
		return hi
	}
	m := new(big.Rat).Add(lo, hi)
	m.Quo(m, big.NewRat(2, 1))
	if signAt(s, m) != 0 {
		return m
	}
	return nil
}

// floorRat is ⌊x⌋; ceilRat is ⌈x⌉.
func floorRat(x *big.Rat) *big.Int {
	q, r := new(big.Int).QuoRem(x.Num(), x.Denom(), new(big.Int))
	if r.Sign() < 0 {
		q.Sub(q, big.NewInt(1))
	}
	return q
}

func ceilRat(x *big.Rat) *big.Int {
	q := floorRat(new(big.Rat).Neg(x))
	return q.Neg(q)
}

// scaledShift returns R(y + u) for integers d ≥ 1 and u, with R(y) =
// d^n·p(y/d) = Σ p_i·d^(n−i)·y^i: an integer polynomial whose roots are
// d·z − u for the roots z of p. The shift runs in machine words when u is
// a machine word (realroottaylor.go).
func scaledShift(p zpoly, d, u *big.Int) zpoly {
	if d.Cmp(big.NewInt(1)) == 0 {
		r := p
		if u.IsInt64() {
			return taylorShiftBy(r, u.Int64())
		}
		return taylorShiftClassical(r, u)
	}
	n := p.deg()
	r := make(zpoly, n+1)
	dpow := big.NewInt(1)
	for i := n; i >= 0; i-- {
		r[i] = new(big.Int).Mul(p[i], dpow)
		if i > 0 {
			dpow.Mul(dpow, d)
		}
	}
	if u.IsInt64() {
		return taylorShiftBy(r, u.Int64())
	}
	return taylorShiftClassical(r, u)
}

// scaleBy replaces p(x) by p(c·x) in place: coefficient i times c^i,
// by shifts when |c| is a power of two (as the bisections' widths
// are), which spares the growing powers.
func scaleBy(p zpoly, c *big.Int) {
	neg := c.Sign() < 0
	abs := new(big.Int).Abs(c)
	if k := abs.TrailingZeroBits(); abs.BitLen() == int(k)+1 {
		for i := 1; i < len(p); i++ {
			p[i].Lsh(p[i], uint(i)*k)
			if neg && i%2 == 1 {
				p[i].Neg(p[i])
			}
		}
		return
	}
	pow := big.NewInt(1)
	for i := 1; i < len(p); i++ {
		pow.Mul(pow, c)
		p[i].Mul(p[i], pow)
	}
}

// halfLineVariations bounds the number of roots of p in (a, ∞), when
// above, or in (−∞, a) by Descartes' rule: the sign variations of
// p(a + x), or of p(a − x), whose positive roots are the roots' distances
// from a. With a = u/d, p(a + x) is d^(−n)·R(d·x + u) in the notation of
// scaledShift, which has the variations of R(y + u); p(a − x) is p̃(−a + x)
// with p̃(x) = p(−x).
func halfLineVariations(p zpoly, a *big.Rat, above bool) int {
	if !above {
		p, a = reflect(p), new(big.Rat).Neg(a)
	}
	return countVariations(scaledShift(p, a.Denom(), a.Num()))
}

// intervalVariations bounds the number of roots of p in the open interval
// (a, b), a ≠ b, by Descartes' rule: the sign variations of
// (1 + x)^n·T(1/(1 + x)) for T(z) = p(a + (b − a)·z), whose positive roots
// are the images of those roots. With a = u/d in lowest terms and
// R(y) = d^n·p(y/d), R(y + u) = d^n·p(a + y/d) (scaledShift), and
// T(z) = d^(−n)·R(h·z + u) for h = d·(b − a) = r/t, whose coefficients
// are those of R(y + u) times r^i·t^(n−i), up to the positive factor
// t^n·d^n; the reversal and the shift by one are in
// unitIntervalVariations. Exchanging a and b gives the transform at
// x ↦ 1/x, the same coefficients reversed, with the same variations, so
// the shift is taken at the end of smaller denominator (then numerator),
// an integer when there is one: the shift by a machine word is the
// costly step, and the scaling by h costs n products.
func intervalVariations(p zpoly, a, b *big.Rat) int {
	if cmp := b.Denom().BitLen() - a.Denom().BitLen(); cmp < 0 || cmp == 0 && b.Num().BitLen() < a.Num().BitLen() {
		a, b = b, a
	}
	r := scaledShift(p, a.Denom(), a.Num())
	h := new(big.Rat).Sub(b, a)
	h.Mul(h, new(big.Rat).SetInt(a.Denom()))
	scaleBy(r, h.Num())
	if t := h.Denom(); t.Cmp(big.NewInt(1)) != 0 {
		// Coefficient i times t^(n−i).
		reverseInPlace(r)
		scaleBy(r, t)
		reverseInPlace(r)
	}
	return unitIntervalVariations(r, -1)
}

// reverseInPlace reverses the coefficients of p.
func reverseInPlace(p zpoly) {
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
}
