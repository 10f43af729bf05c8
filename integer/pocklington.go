package integer

// Primality certificates by the Pocklington–Lehmer theorem.
//
// Theorem (Brillhart, Lehmer and Selfridge, "New primality criteria and
// factorizations of 2^m ± 1", Math. Comp. 29 (1975) 620–647, Theorem 4,
// generalizing Pocklington 1914): let n − 1 = F·R where the prime
// factorization of F is known. If for every prime q | F there is an a_q with
//
//	a_q^(n−1) ≡ 1 (mod n)  and  gcd(a_q^((n−1)/q) − 1, n) = 1,
//
// then every prime p | n satisfies p ≡ 1 (mod F). (The order of a_q modulo p
// divides n − 1 but not (n − 1)/q, so the full power of q in n − 1 divides
// p − 1.) If moreover F > √n, n has no prime factor ≤ √n and is prime.
//
// A third of n − 1 is enough with the refinement of the same paper
// (Theorem 5; Crandall and Pomerance, Prime Numbers, 2nd ed., Theorem
// 4.1.5): if F ≥ n^(1/3), write n = c2·F² + c1·F + 1 with 0 ≤ c1 < F; then
// n is prime if c1² − 4·c2 is not a square. (A composite n would be
// (aF + 1)(bF + 1) with ab < F, and then c1 = a + b, c2 = ab and
// c1² − 4c2 = (a − b)².) Each step names which of the two criteria it uses.
//
// A certificate is therefore a list of steps, one per number proven this
// way: n, the factored part F of n − 1 with its primes and a witness a_q for
// each, and, for each q too large for deterministic Miller–Rabin, a later
// step proving q in turn. Verifying it costs a few modular exponentiations
// per step, far less than finding it.
//
// Finding it means factoring n − 1 far enough. Trial division, Pollard's
// p − 1, Pollard–Brent rho and the elliptic curve method (core/factor) peel
// off primes; a large
// cofactor that is a probable prime is certified recursively (it is smaller
// than n, so the recursion ends), which covers the common shape
// n − 1 = (smooth) × (one large prime). Every rho iteration, at every
// depth, draws on one budget, so the attempt ends deterministically; when
// F stays ≤ √n the number is left a
// probable prime.

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
	"jacobian.dev/core"
	"jacobian.dev/core/factor"
	"jacobian.dev/core/primality"
)

// Proof methods for the primes of a certificate's factored part.
const (
	// ProofTrialDivision: the prime is below 2^28 and free of smaller
	// prime factors, checkable by trial division.
	ProofTrialDivision = "trial_division"
	// ProofMillerRabin: below 3.3·10^24, Miller–Rabin to the thirteen prime
	// bases 2..41 is a proof (Sorenson and Webster 2017).
	ProofMillerRabin = "deterministic_miller_rabin"
	// ProofPocklington: a later step of the same certificate proves it.
	ProofPocklington = "pocklington"
)

// PocklingtonStep proves N prime: N − 1 = FactoredPart·Cofactor, the primes
// of FactoredPart are listed with witnesses, and FactoredPart is above √N,
// or at least ∛N with the Brillhart–Lehmer–Selfridge condition, as
// Criterion says.
type PocklingtonStep struct {
	N            core.Integer     `json:"n"`
	FactoredPart core.Integer     `json:"factored_part"`
	Cofactor     core.Integer     `json:"cofactor"`
	Criterion    Criterion        `json:"criterion"`
	Factors      []CertifiedPrime `json:"factors"`
}

// Criterion names the size condition a step uses.
type Criterion string

// The criteria of a certificate step.
const (
	// AboveSquareRoot: F² > N (Pocklington).
	AboveSquareRoot Criterion = "factored_part_above_square_root"
	// AboveCubeRoot: F³ ≥ N and c1² − 4c2 is not a square, where
	// N = c2·F² + c1·F + 1, 0 ≤ c1 < F (Brillhart–Lehmer–Selfridge).
	AboveCubeRoot Criterion = "factored_part_above_cube_root"
)

// JSONSchema restricts the criteria.
func (Criterion) JSONSchema() *jsonschema.Schema {
	return core.Enum("factored_part_above_square_root: F² exceeds N; factored_part_above_cube_root: F³ ≥ N and, with N = c2·F² + c1·F + 1 (0 ≤ c1 < F), c1² − 4·c2 is not a square", string(AboveSquareRoot), string(AboveCubeRoot))
}

// criterionMet reports which criterion F meets for n, if any.
func criterionMet(n, f *big.Int) (Criterion, bool) {
	f2 := new(big.Int).Mul(f, f)
	if f2.Cmp(n) > 0 {
		return AboveSquareRoot, true
	}
	if new(big.Int).Mul(f2, f).Cmp(n) < 0 {
		return "", false
	}
	if cubeRootConditionHolds(n, f) {
		return AboveCubeRoot, true
	}
	return "", false
}

// cubeRootConditionHolds reports whether c1² − 4·c2 is not a perfect
// square, with n − 1 = c2·F² + c1·F, 0 ≤ c1 < F.
func cubeRootConditionHolds(n, f *big.Int) bool {
	m := new(big.Int).Sub(n, big.NewInt(1))
	c2, c1 := new(big.Int).QuoRem(new(big.Int).Quo(m, f), f, new(big.Int))
	d := new(big.Int).Mul(c1, c1)
	d.Sub(d, new(big.Int).Lsh(c2, 2))
	if d.Sign() < 0 {
		return true
	}
	r := new(big.Int).Sqrt(d)
	return r.Mul(r, r).Cmp(d) != 0
}

// CertifiedPrime is a prime power q^e dividing the factored part, the
// witness a with a^(N−1) ≡ 1 and gcd(a^((N−1)/q) − 1, N) = 1, and how q
// itself is proven prime.
type CertifiedPrime struct {
	Prime    core.Integer `json:"prime"`
	Exponent int          `json:"exponent"`
	Witness  core.Integer `json:"witness"`
	Proof    ProofMethod  `json:"proof"`
}

// ProofMethod names how a prime in a certificate is proven.
type ProofMethod string

// JSONSchema restricts proof methods to the three names.
func (ProofMethod) JSONSchema() *jsonschema.Schema {
	return core.Enum("how this prime is proven", ProofTrialDivision, ProofMillerRabin, ProofPocklington)
}

// certBudget bounds the factoring work (rho iterations, p − 1 squarings
// and ECM curves, core/factor) of one certification attempt for n, all
// depths together. Cofactors of n − 1 up to 512 bits run on Montgomery
// arithmetic in words, rho for their small factors, ECM for factors of
// about 12 to 20 digits and the quadratic sieve for whole cofactors of up
// to about 45 digits (a few hundred milliseconds at most); above 512
// bits rho on math/big is many times slower per iteration and gets less.
func certBudget(n *big.Int) int64 {
	switch b := n.BitLen(); {
	case b <= factor.WordBits:
		return 1 << 22
	}
	return 1 << 17
}

// maxWitnessTries bounds the bases tried per prime q. For a prime n a base
// fails only if it is a q-th power residue, a fraction 1/q of all bases.
const maxWitnessTries = 200

// composite is returned by certify when n turns out composite, with the
// evidence: a factor or a Fermat (hence Miller–Rabin) witness.
type composite struct {
	factor, witness *big.Int
}

func (c *composite) Error() string { return "composite" }

// certifier searches for one certificate, all depths drawing on one
// Factorizer's budget.
type certifier struct {
	ctx context.Context
	f   *factor.Factorizer
}

// newCertifier prepares a search for a certificate of n with
// certBudget(n).
func newCertifier(ctx context.Context, n *big.Int) *certifier {
	return &certifier{ctx: ctx, f: factor.New(ctx, certBudget(n))}
}

// certify tries to prove the probable prime n ≥ factor.TrialBound² prime.
// It returns the certificate's steps (n's first), nil if the budget or the
// witness search ran out, or a *composite error if n is composite, or the
// context's error.
func (c *certifier) certify(n *big.Int) ([]PocklingtonStep, error) {
	steps := map[string]PocklingtonStep{}
	ok, err := c.certifyInto(n, steps)
	if err != nil || !ok {
		return nil, err
	}
	// Keep only the steps n's proof uses: a step proven for a cofactor
	// whose own parent then failed is not part of it.
	var out []PocklingtonStep
	used := map[string]bool{}
	queue := []string{n.String()}
	for len(queue) > 0 {
		key := queue[0]
		queue = queue[1:]
		if used[key] {
			continue
		}
		used[key] = true
		s := steps[key]
		out = append(out, s)
		for _, q := range s.Factors {
			if q.Proof == ProofPocklington {
				queue = append(queue, q.Prime.String())
			}
		}
	}
	slices.SortFunc(out, func(a, b PocklingtonStep) int { return b.N.Big().Cmp(a.N.Big()) })
	return out, nil
}

func (c *certifier) certifyInto(n *big.Int, steps map[string]PocklingtonStep) (bool, error) {
	if _, done := steps[n.String()]; done {
		return true, nil
	}
	c.f.Report(fmt.Sprintf("factoring n − 1 for a Pocklington certificate of a %d-digit number", decimalDigits(n)))
	one := big.NewInt(1)
	nm1 := new(big.Int).Sub(n, one)
	rest := new(big.Int).Set(nm1)
	var found []CertifiedPrime
	fPart := big.NewInt(1)
	enough := func() bool { _, ok := criterionMet(n, fPart); return ok }
	add := func(q *big.Int, e int, proof ProofMethod) {
		found = append(found, CertifiedPrime{Prime: core.Int(q), Exponent: e, Proof: proof})
		for range e {
			fPart.Mul(fPart, q)
			rest.Quo(rest, q)
		}
	}
	for _, pp := range c.f.TrialDivide(new(big.Int).Set(nm1)) {
		add(pp.Base, pp.Exponent, ProofTrialDivision)
	}
	work := []factor.PrimePower{{Base: new(big.Int).Set(rest), Exponent: 1}}
	bound2 := big.NewInt(factor.TrialBound * factor.TrialBound)
	for len(work) > 0 && !enough() {
		// Smallest first: cheapest to finish, and rho finds small factors.
		slices.SortFunc(work, func(a, b factor.PrimePower) int { return b.Base.Cmp(a.Base) })
		w := work[len(work)-1]
		work = work[:len(work)-1]
		if w.Base.Cmp(one) == 0 {
			continue
		}
		if w.Base.Cmp(bound2) < 0 {
			add(w.Base, w.Exponent, ProofTrialDivision)
			continue
		}
		switch st, _ := primality.Test(w.Base); st {
		case primality.Prime:
			add(w.Base, w.Exponent, ProofMillerRabin)
			continue
		case primality.ProbablePrime:
			ok, err := c.certifyInto(w.Base, steps)
			var comp *composite
			if err != nil && !errors.As(err, &comp) {
				return false, err
			}
			if ok {
				add(w.Base, w.Exponent, ProofPocklington)
			}
			continue
		}
		if r, k := factor.PerfectPower(w.Base); k > 1 {
			work = append(work, factor.PrimePower{Base: r, Exponent: w.Exponent * k})
			continue
		}
		d, err := c.f.FindFactor(w.Base)
		if errors.Is(err, factor.ErrBudget) {
			break
		}
		if err != nil {
			return false, err
		}
		work = append(work, factor.PrimePower{Base: d, Exponent: w.Exponent}, factor.PrimePower{Base: new(big.Int).Quo(w.Base, d), Exponent: w.Exponent})
	}
	if !enough() {
		return false, nil
	}
	found = mergeCertified(found)
	for i := range found {
		a, err := c.pocklingtonWitness(n, found[i].Prime.Big())
		if err != nil || a == nil {
			return false, err
		}
		found[i].Witness = core.Int(a)
	}
	crit, _ := criterionMet(n, fPart)
	steps[n.String()] = PocklingtonStep{N: core.Int(new(big.Int).Set(n)), FactoredPart: core.Int(fPart), Cofactor: core.Int(rest), Criterion: crit, Factors: found}
	return true, nil
}

// mergeCertified sorts by prime and merges repeated primes (a prime can be
// found both by trial division of a piece and as a repeated rho factor).
func mergeCertified(cs []CertifiedPrime) []CertifiedPrime {
	slices.SortFunc(cs, func(a, b CertifiedPrime) int { return a.Prime.Big().Cmp(b.Prime.Big()) })
	var out []CertifiedPrime
	for _, c := range cs {
		if k := len(out); k > 0 && out[k-1].Prime.Big().Cmp(c.Prime.Big()) == 0 {
			out[k-1].Exponent += c.Exponent
			continue
		}
		out = append(out, c)
	}
	return out
}

// pocklingtonWitness finds the smallest a ≥ 2 with a^(n−1) ≡ 1 and
// gcd(a^((n−1)/q) − 1, n) = 1. It returns a *composite error if some base
// shows n composite, and nil, nil if none of maxWitnessTries bases works.
func (c *certifier) pocklingtonWitness(n, q *big.Int) (*big.Int, error) {
	one := big.NewInt(1)
	nm1 := new(big.Int).Sub(n, one)
	e := new(big.Int).Quo(nm1, q)
	for a := int64(2); a < 2+maxWitnessTries; a++ {
		if err := c.ctx.Err(); err != nil {
			return nil, err
		}
		ba := big.NewInt(a)
		if new(big.Int).Exp(ba, nm1, n).Cmp(one) != 0 {
			return nil, &composite{witness: ba}
		}
		t := new(big.Int).Exp(ba, e, n)
		t.Sub(t, one)
		g := new(big.Int).GCD(nil, nil, t, n)
		switch {
		case g.Cmp(one) == 0:
			return ba, nil
		case g.Cmp(n) != 0:
			return nil, &composite{factor: g}
		}
	}
	return nil, nil
}

// verifyCertificate checks a certificate for n from scratch: every step's
// arithmetic, F² > N, the witness conditions, and that every prime is proven
// by trial division, by deterministic Miller–Rabin below its bound, or by a
// step of the same certificate. It shares no code with certify.
func verifyCertificate(n *big.Int, steps []PocklingtonStep) error {
	return verifyCertificateContext(context.Background(), n, steps)
}

// verifyCertificateContext is verifyCertificate polling ctx before each
// listed prime's two exponentiations; an ended context returns its error.
func verifyCertificateContext(ctx context.Context, n *big.Int, steps []PocklingtonStep) error {
	if len(steps) == 0 {
		return fmt.Errorf("empty certificate")
	}
	if steps[0].N.Big().Cmp(n) != 0 {
		return stepErrorf(0, "the first step proves %v, not n", steps[0].N)
	}
	proven := map[string]bool{}
	// Steps are ordered largest first; check from the end so every
	// referenced step is verified before it is relied on.
	for i := len(steps) - 1; i >= 0; i-- {
		s := steps[i]
		N, F, R := s.N.Big(), s.FactoredPart.Big(), s.Cofactor.Big()
		one := big.NewInt(1)
		nm1 := new(big.Int).Sub(N, one)
		if N.Cmp(big.NewInt(2)) <= 0 || new(big.Int).Mul(F, R).Cmp(nm1) != 0 {
			return stepErrorf(i, "factored part × cofactor ≠ N − 1")
		}
		switch F2 := new(big.Int).Mul(F, F); s.Criterion {
		case AboveSquareRoot:
			if F2.Cmp(N) <= 0 {
				return stepErrorf(i, "factored part is not above √N")
			}
		case AboveCubeRoot:
			if F2.Mul(F2, F).Cmp(N) < 0 {
				return stepErrorf(i, "factored part is below ∛N")
			}
			// n − 1 = c2·F² + c1·F by long division of R = (N − 1)/F by F.
			c2, c1 := new(big.Int).QuoRem(R, F, new(big.Int))
			d := new(big.Int).Sub(new(big.Int).Mul(c1, c1), new(big.Int).Mul(big.NewInt(4), c2))
			if d.Sign() >= 0 {
				if r := new(big.Int).Sqrt(d); new(big.Int).Mul(r, r).Cmp(d) == 0 {
					return stepErrorf(i, "c1² − 4c2 = %v is a square", d)
				}
			}
		default:
			return stepErrorf(i, "unknown criterion %q", s.Criterion)
		}
		prod := big.NewInt(1)
		fermat := map[string]bool{}
		for _, c := range s.Factors {
			if err := ctx.Err(); err != nil {
				return err
			}
			q, a := c.Prime.Big(), c.Witness.Big()
			if c.Exponent < 1 {
				return stepErrorf(i, "exponent %d", c.Exponent)
			}
			prod.Mul(prod, new(big.Int).Exp(q, big.NewInt(int64(c.Exponent)), nil))
			switch c.Proof {
			case ProofTrialDivision:
				if q.BitLen() > 28 || !trialDivisionPrime(q.Uint64()) {
					return stepErrorf(i, "%v is not a prime checkable by trial division", q)
				}
			case ProofMillerRabin:
				if q.Cmp(primality.DeterministicBound) >= 0 || !passesDeterministicMR(q) {
					return stepErrorf(i, "%v fails deterministic Miller–Rabin", q)
				}
			case ProofPocklington:
				if !proven[q.String()] {
					return stepErrorf(i, "no later step proves %v", q)
				}
			default:
				return stepErrorf(i, "unknown proof %q", c.Proof)
			}
			// a^(N−1) ≡ 1 is checked once per distinct witness of the step.
			if !fermat[a.String()] {
				if new(big.Int).Exp(a, nm1, N).Cmp(one) != 0 {
					return stepErrorf(i, "%v^(N−1) ≢ 1", a)
				}
				fermat[a.String()] = true
			}
			t := new(big.Int).Exp(a, new(big.Int).Quo(nm1, q), N)
			if new(big.Int).GCD(nil, nil, t.Sub(t, one), N).Cmp(one) != 0 {
				return stepErrorf(i, "gcd(%v^((N−1)/%v) − 1, N) ≠ 1", a, q)
			}
		}
		if prod.Cmp(F) != 0 {
			return stepErrorf(i, "the listed prime powers multiply to %v, not the factored part", prod)
		}
		proven[N.String()] = true
	}
	return nil
}

// stepError is a certificate condition that fails at one step.
type stepError struct {
	step int
	msg  string
}

func (e *stepError) Error() string { return fmt.Sprintf("step %d: %s", e.step, e.msg) }

func stepErrorf(step int, format string, args ...any) error {
	return &stepError{step, fmt.Sprintf(format, args...)}
}

// trialDivisionPrime is the reference primality test: no d in [2, √n]
// divides n.
func trialDivisionPrime(n uint64) bool {
	if n < 2 {
		return false
	}
	for d := uint64(2); d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}

// passesDeterministicMR reruns Miller–Rabin to the thirteen bases with
// strongProbablePrime, an implementation independent of core/primality.
func passesDeterministicMR(n *big.Int) bool {
	if n.Cmp(big.NewInt(41)) <= 0 {
		return trialDivisionPrime(n.Uint64())
	}
	if n.Bit(0) == 0 {
		return false
	}
	for _, a := range primality.DeterministicBases {
		if !strongProbablePrime(n, big.NewInt(a)) {
			return false
		}
	}
	return true
}

// strongProbablePrime reports whether odd n > 2 is a strong probable prime
// to base a: with n − 1 = 2^s·d, the sequence a^d, a^(2d), ..., a^(2^s·d)
// either starts at 1 or reaches −1 before its last term (Crandall and
// Pomerance, Prime Numbers, 2nd ed., Algorithm 3.5.2). The whole sequence
// is computed, unlike the early-exit loop in core/primality.
func strongProbablePrime(n, a *big.Int) bool {
	one := big.NewInt(1)
	nm1 := new(big.Int).Sub(n, one)
	s := 0
	d := new(big.Int).Set(nm1)
	for d.Bit(0) == 0 {
		d.Rsh(d, 1)
		s++
	}
	seq := []*big.Int{new(big.Int).Exp(new(big.Int).Mod(a, n), d, n)}
	for i := 1; i <= s; i++ {
		prev := seq[i-1]
		seq = append(seq, new(big.Int).Mod(new(big.Int).Mul(prev, prev), n))
	}
	if seq[0].Cmp(one) == 0 {
		return true
	}
	for i := 0; i < s; i++ {
		if seq[i].Cmp(nm1) == 0 {
			return true
		}
	}
	return false
}
