package integer

// Elliptic curve primality proving (Atkin–Morain).
//
// Theorem (Goldwasser and Kilian 1986; Atkin and Morain, "Elliptic curves
// and primality proving", Math. Comp. 61 (1993) 29–68, Theorem 5.2;
// Crandall and Pomerance, Prime Numbers, 2nd ed., Theorem 7.6.1): let
// N > 1 with gcd(N, 6) = 1, E: y² = x³ + ax + b with gcd(4a³ + 27b², N) = 1,
// m = k·q with q prime and q > (N^(1/4) + 1)², and P a point of E modulo N
// with [m]P = O and [k]P ≠ O modulo every prime p | N. Then N is prime.
// (Modulo p the order of [k]P is q, so q ≤ #E(F_p) ≤ (√p + 1)²; a prime
// p ≤ √N would make that at most (N^(1/4) + 1)² < q.)
//
// A certificate is a chain of such steps: N₀ = n, each step's q is the
// next step's N, and the last q is below ψ13 ≈ 3.3·10^24, where
// deterministic Miller–Rabin (or trial division below 2^28) proves it.
// Each step records (N, a, b, x, y, m, q); the checker
// (verifyECPPContext) recomputes everything from these alone: the
// conditions above, [k]P with a unit Z, and [q − 1]([k]P) = −[k]P, which
// is [m]P = O (ecpp_curve.go explains why unit Z's make this hold
// modulo every prime of N). It costs two scalar multiplications per step
// and no search.
//
// Finding a step (Atkin–Morain, §§4–8 of the paper): the curves with
// complex multiplication by the order of discriminant −D have group
// orders m = N + 1 ± t over F_N (and four or six orders for D = 4 and
// D = 3), where 4N = t² + D·s²; Cornacchia's algorithm finds t and s
// from a square root of −D modulo N, when (−D/N) = 1 and N is a norm.
// For discriminants in order of class number (ecpp_class.go) each order
// is cleared of primes below a trial bound; a cofactor q above the bound
// that is a Baillie–PSW probable prime is the next N. The curve is then
// built from a root j of the Hilbert class polynomial H_D modulo N
// (Cantor–Zassenhaus): y² = x³ + 3k·x + 2k with k = j/(1728 − j), or
// its quadratic twist, whichever has a point with [m]P = O; for D = 3
// and 4 (j = 0 and 1728) the sextic and quartic twists y² = x³ + g and
// y² = x³ − g·x are tried for g = 1, 2, ....
//
// Cores and determinism: discriminants are tried in batches of
// ecppBatch on parallel goroutines, and the lowest discriminant of a
// batch that yields a probable prime q is taken, so the certificate is
// the same on every machine; points are the least x with x³ + ax + b a
// square. Every loop polls the context; each step reports progress.
//
// Scope: the discriminant table (D ≤ 40000, class number ≤ 24) gives
// some two hundred candidate orders per step, enough at the sizes this
// checker accepts; a number for which no discriminant succeeds is left a
// probable prime.

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/factor"
	"jacobian.dev/core/primality"
)

// ECPPStep is one step of an elliptic curve certificate: the curve
// y² = x³ + ax + b modulo N, the point P = (x, y) on it, and m = k·q with
// [m]P = O, [k]P ≠ O and q > (⌊N^(1/4)⌋ + 2)² (which exceeds
// (N^(1/4) + 1)²). q is the next step's N, or, for the last step, below
// ψ13 and proven by deterministic Miller–Rabin.
type ECPPStep struct {
	N core.Integer `json:"n"`
	A core.Integer `json:"a" jsonschema:"the curve's coefficient a in [0, N)"`
	B core.Integer `json:"b" jsonschema:"the curve's coefficient b in [0, N)"`
	X core.Integer `json:"x" jsonschema:"the point's x in [0, N)"`
	Y core.Integer `json:"y" jsonschema:"the point's y in [0, N)"`
	M core.Integer `json:"m" jsonschema:"a multiple of the point's order, m = k·q"`
	Q core.Integer `json:"q" jsonschema:"the prime q dividing m, proven by the next step"`
}

// ecppBatch is how many discriminants are tried together.
const ecppBatch = 8

// ecppProver searches for an ECPP certificate.
type ecppProver struct {
	ctx   context.Context
	top   int // bits of the number being proven, for progress
	roots *partRoots
}

// newECPPProver prepares a search.
func newECPPProver(ctx context.Context) *ecppProver {
	return &ecppProver{ctx: ctx}
}

// ecppTrialBound: group orders are cleared of the primes below it.
const ecppTrialBound = 1 << 18

// errECPPNoStep: no discriminant of the table gave a step.
var errECPPNoStep = errors.New("no discriminant gave an ECPP step")

// prove returns the certificate of the probable prime n ≥ ψ13, nil when
// no step could be found for some N of the chain, a *composite error
// when n (or a q) turns out composite (only n's is reported), or the
// context's error.
func (e *ecppProver) prove(n *big.Int) ([]ECPPStep, error) {
	e.top = n.BitLen()
	var steps []ECPPStep
	// Backtracking (Atkin and Morain, §8.4): when no discriminant works
	// for some q, the previous step is redone without that q.
	exclude := map[string]bool{}
	backtracks := 0
	cur := new(big.Int).Set(n)
	for cur.Cmp(primality.DeterministicBound) >= 0 {
		core.ReportProgress(e.ctx, float64(e.top-cur.BitLen()), float64(e.top), fmt.Sprintf("ECPP step %d: proving a %d-bit number", len(steps)+1, cur.BitLen()))
		e.roots = newPartRoots(cur)
		s, err := e.step(cur, exclude)
		if errors.Is(err, errECPPNoStep) {
			if len(steps) == 0 || backtracks == ecppMaxBacktracks {
				return nil, nil
			}
			backtracks++
			exclude[cur.String()] = true
			steps = steps[:len(steps)-1]
			cur = n
			if len(steps) > 0 {
				cur = steps[len(steps)-1].Q.Big()
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		steps = append(steps, s)
		cur = s.Q.Big()
	}
	return steps, nil
}

// ecppMaxBacktracks bounds the steps redone in one proof.
const ecppMaxBacktracks = 16

// candidate is a probable prime q from one order of one discriminant.
type candidate struct {
	idx  int
	m, q *big.Int
	d    discriminant
}

// step finds one certificate step for the probable prime n.
func (e *ecppProver) step(n *big.Int, exclude map[string]bool) (ECPPStep, error) {
	discs := ecppDiscriminants()
	r := fourthRoot(n)
	bound := r.Add(r, big.NewInt(2))
	bound.Mul(bound, bound)
	for start := 0; start < len(discs); start += ecppBatch {
		if err := e.ctx.Err(); err != nil {
			return ECPPStep{}, err
		}
		end := min(start+ecppBatch, len(discs))
		found := make([][]candidate, end-start)
		var wg sync.WaitGroup
		for i := start; i < end; i++ {
			wg.Go(func() { found[i-start] = e.orders(n, bound, discs[i], i) })
		}
		wg.Wait()
		// Smallest q first: the next step is then the cheapest. Ties
		// (and so the whole order) do not depend on the goroutines.
		var all []candidate
		for _, cs := range found {
			all = append(all, cs...)
		}
		slices.SortStableFunc(all, func(x, y candidate) int { return x.q.Cmp(y.q) })
		for _, c := range all {
			if exclude[c.q.String()] {
				continue
			}
			if s, ok, err := e.curveFor(n, c); err != nil {
				return ECPPStep{}, err
			} else if ok {
				return s, nil
			}
		}
	}
	return ECPPStep{}, errECPPNoStep
}

// orders lists the candidates of discriminant d for n: each group order
// m whose part free of trial primes, q, is above bound and a probable
// prime.
func (e *ecppProver) orders(n, bound *big.Int, d discriminant, idx int) []candidate {
	if e.ctx.Err() != nil {
		return nil
	}
	negD := new(big.Int).Neg(big.NewInt(d.D))
	if big.Jacobi(new(big.Int).Mod(negD, n), n) != 1 {
		return nil
	}
	root, err := e.roots.sqrtNegD(d)
	if err != nil {
		return nil
	}
	t, s, ok := cornacchia4(n, d.D, root)
	if !ok {
		return nil
	}
	var traces []*big.Int
	switch d.D {
	case 3:
		// The six units of Z[ζ₃] give traces ±t, ±(t ± 3s)/2.
		s3 := new(big.Int).Mul(s, big.NewInt(3))
		traces = []*big.Int{t, new(big.Int).Rsh(new(big.Int).Add(t, s3), 1), new(big.Int).Rsh(new(big.Int).Sub(t, s3), 1)}
	case 4:
		// 4N = t² + 4s², so the traces are ±t and ±2s.
		traces = []*big.Int{t, new(big.Int).Lsh(s, 1)}
	default:
		traces = []*big.Int{t}
	}
	one := big.NewInt(1)
	var out []candidate
	for _, tr := range traces {
		for _, sign := range []int{1, -1} {
			m := new(big.Int).Add(n, one)
			if sign > 0 {
				m.Add(m, tr)
			} else {
				m.Sub(m, tr)
			}
			q := e.clear(m)
			// q < N, so that the chain ends.
			if q.Cmp(bound) <= 0 || q.Cmp(n) >= 0 {
				continue
			}
			if st, _ := primality.Test(q); st == primality.Composite {
				continue
			}
			out = append(out, candidate{idx: idx, m: m, q: q, d: d})
		}
	}
	return out
}

// clear divides out of m every trial prime, returning the rest.
func (e *ecppProver) clear(m *big.Int) *big.Int {
	q := new(big.Int).Set(m)
	if tz := q.TrailingZeroBits(); tz > 0 {
		q.Rsh(q, tz)
	}
	limbs := q.Bits()
	// One remainder per word-sized product of primes, then each prime's
	// from it; a hit is rare, so big.Int divides only then.
	var hits []uint64
	for _, g := range ecppTrialGroups() {
		var rem uint64
		for i := len(limbs) - 1; i >= 0; i-- {
			_, rem = bits.Div64(rem, uint64(limbs[i]), g.product)
		}
		for _, p := range g.primes {
			if rem%p == 0 {
				hits = append(hits, p)
			}
		}
	}
	bp, r := new(big.Int), new(big.Int)
	for _, p := range hits {
		bp.SetUint64(p)
		for {
			quo, rr := new(big.Int).QuoRem(q, bp, r)
			if rr.Sign() != 0 {
				break
			}
			q = quo
		}
	}
	return q
}

// trialGroup is odd trial primes whose product fits a word.
type trialGroup struct {
	product uint64
	primes  []uint64
}

var ecppTrialGroups = sync.OnceValue(func() []trialGroup {
	var out []trialGroup
	g := trialGroup{product: 1}
	for _, p := range factor.SmallPrimes(ecppTrialBound)[1:] {
		if hi, _ := bits.Mul64(g.product, p); hi != 0 {
			out = append(out, g)
			g = trialGroup{product: 1}
		}
		g.product *= p
		g.primes = append(g.primes, p)
	}
	return append(out, g)
})

// curveFor builds the curve of candidate c and a point of it with
// [m]P = O and [k]P ≠ O, reporting false when none is found.
func (e *ecppProver) curveFor(n *big.Int, c candidate) (ECPPStep, bool, error) {
	k := new(big.Int).Quo(c.m, c.q)
	var tries []curveMod
	switch c.d.D {
	case 3:
		for g := int64(1); g <= 40; g++ {
			tries = append(tries, curveMod{n, new(big.Int), big.NewInt(g)})
		}
	case 4:
		for g := int64(1); g <= 40; g++ {
			tries = append(tries, curveMod{n, new(big.Int).Sub(n, big.NewInt(g)), new(big.Int)})
		}
	default:
		h := hilbertPolynomial(c.d)
		if h == nil {
			return ECPPStep{}, false, nil
		}
		f := make([]*big.Int, len(h))
		for i, x := range h {
			f[i] = new(big.Int).Mod(x, n)
		}
		j, err := splitRoot(e.ctx, f, n)
		if errors.Is(err, errNotField) {
			return ECPPStep{}, false, nil
		}
		if err != nil {
			return ECPPStep{}, false, err
		}
		den := new(big.Int).Sub(big.NewInt(1728), j)
		inv := new(big.Int).ModInverse(den.Mod(den, n), n)
		if j.Sign() == 0 || inv == nil {
			return ECPPStep{}, false, nil
		}
		kk := new(big.Int).Mod(new(big.Int).Mul(j, inv), n)
		a := new(big.Int).Mod(new(big.Int).Mul(kk, big.NewInt(3)), n)
		b := new(big.Int).Mod(new(big.Int).Mul(kk, big.NewInt(2)), n)
		tries = append(tries, curveMod{n, a, b})
		// The twist by the least non-residue g: (a·g², b·g³).
		g := big.NewInt(2)
		for big.Jacobi(g, n) != -1 {
			g.Add(g, big.NewInt(1))
		}
		g2 := new(big.Int).Mul(g, g)
		tries = append(tries, curveMod{n, new(big.Int).Mod(new(big.Int).Mul(a, g2), n), new(big.Int).Mod(new(big.Int).Mul(b, g2.Mul(g2, g)), n)})
	}
	// The curves are tried two at a time on parallel goroutines; the
	// first in order that works is taken.
	for start := 0; start < len(tries); start += 2 {
		end := min(start+2, len(tries))
		res := make([]*ECPPStep, end-start)
		errs := make([]error, end-start)
		var wg sync.WaitGroup
		for i := start; i < end; i++ {
			wg.Go(func() { res[i-start], errs[i-start] = e.pointFor(tries[i], k, c) })
		}
		wg.Wait()
		for i := range res {
			if errs[i] != nil {
				return ECPPStep{}, false, errs[i]
			}
			if res[i] != nil {
				return *res[i], true, nil
			}
		}
	}
	return ECPPStep{}, false, nil
}

// pointFor finds on cv a point P with [m]P = O and [k]P ≠ O, or nil.
func (e *ecppProver) pointFor(cv curveMod, k *big.Int, c candidate) (*ECPPStep, error) {
	if !cv.nonsingular() {
		return nil, nil
	}
	n := cv.n
	// A point whose order divides k fails [k]P ≠ O and the next point
	// is tried; [m]P ≠ O means the wrong twist, and the curve is left.
	for x, tried := int64(0), 0; x < 200 && tried < 4; x++ {
		bx := big.NewInt(x)
		rhs := new(big.Int).Mul(bx, bx)
		rhs.Add(rhs, cv.a).Mul(rhs, bx).Add(rhs, cv.b).Mod(rhs, n)
		if rhs.Sign() == 0 || big.Jacobi(rhs, n) != 1 {
			continue
		}
		y, err := sqrtModProbablePrime(rhs, n)
		if err != nil {
			return nil, nil
		}
		tried++
		why, err := cv.orderCondition(e.ctx, bx, y, k, c.q)
		switch {
		case err != nil:
			return nil, err
		case why == "":
			return &ECPPStep{N: core.Int(new(big.Int).Set(n)), A: core.Int(cv.a), B: core.Int(cv.b), X: core.Int(bx), Y: core.Int(y), M: core.Int(c.m), Q: core.Int(c.q)}, nil
		case why == whyNotIdentity:
			return nil, nil
		}
	}
	return nil, nil
}

// MaxECPPSteps bounds the steps of an ECPP certificate. The prover's
// steps remove some twenty bits each (the primes below ecppTrialBound of
// m, with the smallest q of a batch preferred).
const MaxECPPSteps = 512

// verifyECPP checks an ECPP certificate for n from scratch (see the top
// of this file); it shares with the prover only the curve formulas,
// whose soundness modulo a composite N ecpp_curve.go argues.
func verifyECPP(n *big.Int, steps []ECPPStep) error {
	return verifyECPPContext(context.Background(), n, steps)
}

// verifyECPPContext is verifyECPP polling ctx.
func verifyECPPContext(ctx context.Context, n *big.Int, steps []ECPPStep) error {
	if len(steps) == 0 {
		return fmt.Errorf("empty ECPP certificate")
	}
	if steps[0].N.Big().Cmp(n) != 0 {
		return stepErrorf(0, "the first ECPP step proves %v, not n", steps[0].N)
	}
	for i := 1; i < len(steps); i++ {
		if steps[i].N.Big().Cmp(steps[i-1].Q.Big()) != 0 {
			return stepErrorf(i, "N is not the previous step's q")
		}
	}
	// The steps are independent once chained: they are checked on
	// parallel goroutines, and the first failing step (lowest index) is
	// reported, whatever the number of cores.
	errs := make([]error, len(steps))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(steps)) {
		wg.Go(func() {
			for i := range next {
				errs[i] = verifyECPPStep(ctx, i, steps[i])
			}
		})
	}
	for i := range steps {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	last := len(steps) - 1
	q := steps[last].Q.Big()
	if q.Cmp(primality.DeterministicBound) >= 0 || !passesDeterministicMR(q) {
		return stepErrorf(last, "the last q is not below %v and a strong probable prime to the thirteen bases", primality.DeterministicBound)
	}
	return nil
}

// verifyECPPStep checks the conditions of one step (the chain is the
// caller's): N coprime to 6, a, b, x, y in [0, N), the curve nonsingular
// and P on it, (⌊N^(1/4)⌋ + 2)² < q < N, q | m, [m/q]P ≠ O and [m]P = O.
func verifyECPPStep(ctx context.Context, i int, s ECPPStep) error {
	N, a, b, x, y, m, q := s.N.Big(), s.A.Big(), s.B.Big(), s.X.Big(), s.Y.Big(), s.M.Big(), s.Q.Big()
	if N.Cmp(big.NewInt(5)) < 0 || N.Bit(0) == 0 || new(big.Int).Rem(N, big.NewInt(3)).Sign() == 0 {
		return stepErrorf(i, "N is not coprime to 6 and above 4")
	}
	for _, v := range []*big.Int{a, b, x, y} {
		if v.Sign() < 0 || v.Cmp(N) >= 0 {
			return stepErrorf(i, "a, b, x and y must lie in [0, N)")
		}
	}
	c := curveMod{N, a, b}
	if !c.nonsingular() {
		return stepErrorf(i, "gcd(4a³ + 27b², N) ≠ 1")
	}
	if !c.onCurve(x, y) {
		return stepErrorf(i, "the point is not on the curve")
	}
	r := fourthRoot(N)
	r.Add(r, big.NewInt(2))
	if q.Cmp(r.Mul(r, r)) <= 0 {
		return stepErrorf(i, "q ≤ (⌊N^(1/4)⌋ + 2)²")
	}
	if q.Cmp(N) >= 0 {
		return stepErrorf(i, "q ≥ N")
	}
	k, rem := new(big.Int).QuoRem(m, q, new(big.Int))
	if rem.Sign() != 0 || k.Sign() <= 0 {
		return stepErrorf(i, "q does not divide m")
	}
	why, err := c.orderCondition(ctx, x, y, k, q)
	if err != nil {
		return err
	}
	if why != "" {
		return stepErrorf(i, "%s", why)
	}
	return nil
}

// fourthRoot is ⌊N^(1/4)⌋.
func fourthRoot(n *big.Int) *big.Int {
	return new(big.Int).Sqrt(new(big.Int).Sqrt(n))
}

// partRoots caches, for one N, a square root of each prime discriminant
// p* (when p* is a square modulo N) or of g·p* (when it is not), g the
// least non-residue, so that √−D is a product of cached roots over the
// parts of −D divided by g^(e/2), e the number of non-residue parts
// (Atkin and Morain 1993, §8.2). Discriminants share their small prime
// parts, so most of the square roots a step needs cost a few
// multiplications instead of an exponentiation.
type partRoots struct {
	n, gInv *big.Int
	mu      sync.Mutex
	entries map[int64]*partRoot
}

type partRoot struct {
	once    sync.Once
	root    *big.Int // nil when no root was found
	residue bool
}

func newPartRoots(n *big.Int) *partRoots {
	g := big.NewInt(2)
	for big.Jacobi(g, n) != -1 && g.BitLen() < 20 {
		g.Add(g, big.NewInt(1))
	}
	return &partRoots{n: n, gInv: new(big.Int).ModInverse(g, n), entries: map[int64]*partRoot{}}
}

// get is the cached root for the part p.
func (c *partRoots) get(p int64) *partRoot {
	c.mu.Lock()
	en, ok := c.entries[p]
	if !ok {
		en = &partRoot{}
		c.entries[p] = en
	}
	c.mu.Unlock()
	en.once.Do(func() {
		x := new(big.Int).Mod(big.NewInt(p), c.n)
		en.residue = big.Jacobi(x, c.n) == 1
		if !en.residue {
			g := new(big.Int).ModInverse(c.gInv, c.n)
			x.Mul(x, g).Mod(x, c.n)
		}
		en.root, _ = sqrtModProbablePrime(x, c.n)
	})
	return en
}

// sqrtNegD is a square root of −D modulo N, checked.
func (c *partRoots) sqrtNegD(d discriminant) (*big.Int, error) {
	if c.gInv == nil {
		return nil, errNotField
	}
	r := big.NewInt(1)
	odd := 0
	for _, p := range d.parts {
		en := c.get(p)
		if en.root == nil {
			return nil, errNotField
		}
		if !en.residue {
			odd++
		}
		r.Mul(r, en.root).Mod(r, c.n)
	}
	for range odd / 2 {
		r.Mul(r, c.gInv).Mod(r, c.n)
	}
	want := new(big.Int).Mod(big.NewInt(-d.D), c.n)
	if odd%2 != 0 || new(big.Int).Mod(new(big.Int).Mul(r, r), c.n).Cmp(want) != 0 {
		return nil, errNotField
	}
	return r, nil
}
