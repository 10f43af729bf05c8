package integer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"

	"github.com/google/jsonschema-go/jsonschema"
	"jacobian.dev/core"
	"jacobian.dev/core/factor"
	"jacobian.dev/core/primality"
)

// FactorRequest asks for the prime factorization of n ≠ 0. MaxIterations
// bounds the work of the whole run in iterations, each two modular
// multiplications: a rho iteration, a p − 1 squaring, half an ECM curve's
// multiplications, factor.SIQSPositions positions of the quadratic sieve
// (factor.SIQSDLPPositions with two large primes) (default:
// defaultFactorBudget: DefaultFactorIterations, or less when n is so large
// that its estimated cost would pass the deadline, or more in the sieve's
// range when its projected work fits the deadline).
type FactorRequest struct {
	N             core.Integer `json:"n"`
	MaxIterations *int64       `json:"max_iterations,omitempty" jsonschema:"bound on the work of the whole run, in iterations of two modular multiplications (a Pollard rho iteration; a p − 1 squaring counts as one, an ECM curve as half its multiplications); default the largest budget whose measured cost for n's size fits half the default deadline (93750000 up to 512 bits, 8875739 at 500 digits), or in the quadratic sieve's range (24 to 102 digits), when the projected work of the sieve fits the whole deadline, that work and a fifth more within it, at most 4294967296; 0 means trial division and perfect powers only"`
}

// FactorResult is n = sign · ∏ prime^exponent · ∏ composite^exponent.
// Factors are ascending by prime; unfactored composites (present only when
// Status is INCOMPLETE) are ascending and coprime to every listed prime and
// to each other.
type FactorResult struct {
	Sign       int              `json:"sign" jsonschema:"1 or -1, the sign of n"`
	Factors    []PrimeFactor    `json:"factors"`
	Status     FactorStatus     `json:"status"`
	Unfactored []UnfactoredPart `json:"unfactored,omitempty" jsonschema:"composites the budget did not split, ascending; present only when status is INCOMPLETE"`

	// certificates backs every "proven" prime above the deterministic
	// Miller–Rabin range; the postcondition re-verifies them.
	certificates map[string][]PocklingtonStep
}

// PrimeFactor is one prime power of the factorization.
type PrimeFactor struct {
	Prime     core.Integer `json:"prime"`
	Exponent  int          `json:"exponent"`
	Primality Primality    `json:"primality"`
}

// UnfactoredPart is a composite the run could not split within its budget.
type UnfactoredPart struct {
	Composite core.Integer `json:"composite"`
	Exponent  int          `json:"exponent"`
}

// Primality says whether a listed prime is proven or only probable.
type Primality string

// The primality levels of a factor.
const (
	Proven   Primality = "proven"
	Probable Primality = "probable"
)

// JSONSchema restricts the primality levels.
func (Primality) JSONSchema() *jsonschema.Schema {
	return core.Enum("proven: primality proven (deterministic Miller–Rabin below 3.3e24, else a verified Pocklington certificate); probable: passed Baillie–PSW, no proof reached", string(Proven), string(Probable))
}

// FactorStatus says whether the factorization is complete.
type FactorStatus string

// The factorization statuses.
const (
	Complete   FactorStatus = "COMPLETE"
	Incomplete FactorStatus = "INCOMPLETE"
)

// JSONSchema restricts the statuses.
func (FactorStatus) JSONSchema() *jsonschema.Schema {
	return core.Enum("COMPLETE: every factor is prime (proven or probable); INCOMPLETE: the iteration budget ran out and the composites in unfactored remain", string(Complete), string(Incomplete))
}

// Limits of prime_factorization.
const (
	MaxFactorDigits         = 500
	DefaultFactorIterations = 1 << 27
	MaxFactorIterations     = 1 << 32
)

// The cost model of prime_factorization, in one place. Rho's work is its
// iteration budget times the cost of one iteration, two modular
// multiplications of n's size: quadratic in n's words. Measured on this
// machine (2 cores, go test, a 1661-bit semiprime, 65,536 iterations):
// 182 ms, 2.8 µs an iteration, 4.1 ns per word²; 800 bits: 1.2 µs an
// iteration. The model charges half of that (2 ns per word², at least 8
// words), so it refuses only what clearly cannot finish: 2^32 iterations on
// 500 digits estimate about 97 minutes. The default budget is sized by the
// measured cost instead (defaultFactorBudget).
const (
	factorNanosPerWord2 = 2
	factorMinWords      = 8
	// MaxFactorCostMS is the estimated cost preflight accepts: the default
	// run deadline.
	MaxFactorCostMS = 60_000
)

// factorCostNS estimates, in nanoseconds, the rho work of factoring an n
// of the given bit length within the given iteration budget. Rho splits n
// after about √p ≤ n^(1/4) iterations (Pollard 1975), so a small n never
// spends a large budget: the estimate charges at most 2^(bits/4 + 3)
// iterations, eight times the expected count.
func factorCostNS(bits int, iterations int64) int64 {
	if e := bits/4 + 3; e < 62 {
		iterations = min(iterations, int64(1)<<e)
	}
	words := int64(max((bits+63)/64, factorMinWords))
	perIteration := words * words * factorNanosPerWord2
	if iterations > math.MaxInt64/perIteration {
		return math.MaxInt64
	}
	return iterations * perIteration
}

// factorIterationsAt is the largest budget whose estimate for bits is
// within MaxFactorCostMS.
func factorIterationsAt(bits int) int64 {
	words := int64(max((bits+63)/64, factorMinWords))
	return MaxFactorCostMS * 1_000_000 / (words * words * factorNanosPerWord2)
}

// factorRunNanosPerWord2 is what a rho iteration costs per word² as
// measured (4.1 ns), with a margin: the default budget is sized by it, so
// that a run without max_iterations ends, complete or INCOMPLETE, well
// within the deadline instead of holding its slot until it times out.
const factorRunNanosPerWord2 = 5

// defaultFactorBudget is the budget of a request that gives none:
// DefaultFactorIterations, or the largest budget that the measured cost
// (factorRunNanosPerWord2) fits in half of MaxFactorCostMS, whichever is
// smaller. It depends on n's size alone, so a result does not depend on
// the machine's speed; a 500-digit semiprime gets about 8.9 million
// iterations, some 25 s, and comes back INCOMPLETE. In the quadratic
// sieve's range, where the work to split n is foreseeable
// (factor.SIQSWork), a run projected to need more than that but to finish
// within MaxFactorCostMS gets its projection and a fifth to spare, as far
// as the deadline allows: it completes rather than stopping at half the
// deadline, and one projected past the deadline still stops there.
func defaultFactorBudget(bits int) int64 {
	words := int64(max((bits+63)/64, factorMinWords))
	perIteration := words * words * factorRunNanosPerWord2
	budget := min(DefaultFactorIterations, MaxFactorCostMS/2*1_000_000/perIteration)
	deadline := MaxFactorCostMS * 1_000_000 / perIteration
	if w := factor.SIQSWork(bits); w > budget && w <= deadline {
		budget = min(w+w/5, deadline)
	}
	return budget
}

func bitsOf(decimal string) int {
	n, _ := new(big.Int).SetString(decimal, 10)
	return n.BitLen()
}

// factorOperation factors an integer with core/factor: trial division
// below 2^14, perfect power detection, stage 1 of Pollard's p − 1 method
// (Pollard 1974), Pollard–Brent rho with batched gcds (Brent 1980), and for
// cofactors of 80 to 512 bits Lenstra's elliptic curve method (Montgomery
// curves with Suyama's parametrisation, a stage 1 ladder over the
// precomputed prime-power product and a baby-step giant-step stage 2, B₁
// rising through GMP-ECM's levels, curves on every core; core/factor/ecm.go),
// and for cofactors of 80 to 340 bits (24 to 102 digits) a short ECM pass
// (factors of up to a quarter of the digits) followed by the
// self-initialising quadratic sieve (Contini 1997; Knuth–Schroeppel
// multiplier, small- and large-prime variations, two large primes from
// about 75 digits with their cycles found by union–find, sieving in 32 KiB
// blocks, the factor-base primes from 2^13 on added straight into the
// whole interval and the hits of those above 2M listed, the loops as
// amd64 assembly kernels (AVX2 where the processor has it), candidates
// confirmed by their roots and by resieving, on every core;
// singleton filtering, merging of weight-two columns and Gaussian
// elimination over GF(2);
// core/factor/siqs.go), recursing on the factors found. Rho finds factors
// to about ten digits, ECM those to about 20 on larger cofactors, and the
// sieve splits a cofactor whatever the size of its factors: a 40-digit
// product of two 20-digit primes in some tens of milliseconds, a 60-digit
// one in a few seconds. Each prime factor is proven where in reach: below 3.3·10^24
// deterministic Miller–Rabin is a proof, above it a Pocklington certificate
// is attempted (pocklington.go) with a fixed budget of its own, independent
// of max_iterations; otherwise it is marked probable. When the budget runs
// out the result is INCOMPLETE and names the composites left. Progress is
// reported by phase (rho iterations; ECM curves with their B₁; SIQS
// relations found out of those needed).
//
// Canonical result: sign 1 or −1; factors strictly ascending by prime, each
// with its exponent and primality level; status COMPLETE, or INCOMPLETE
// with the unfactored composites ascending, coprime to each other and to
// the listed primes. Special cases: n = 0 is a DOMAIN_ERROR (every prime
// divides it); n = ±1 has no factors; max_iterations = 0 means trial
// division and perfect powers only.
func factorOperation() core.Operation[FactorRequest, FactorResult] {
	return core.Operation[FactorRequest, FactorResult]{
		ID:         "integer.compute.prime_factorization",
		Title:      "Prime factorization",
		Summary:    "Factors a nonzero integer into prime powers in ascending order, each prime marked proven or probable, by trial division, Pollard p − 1 and rho, the elliptic curve method (ECM) and the self-initialising quadratic sieve (SIQS); reports the composites left when the iteration budget runs out.",
		Keywords:   []string{"factor", "factorization", "factorisation", "prime factors", "prime decomposition", "pollard rho", "brent", "ecm", "elliptic curve method", "lenstra", "quadratic sieve", "siqs", "mpqs", "semiprime", "divisors"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds:     core.Bounds{"/max_iterations": MaxFactorIterations},
		Limits: []core.Limit{
			{
				Name: "digits", Max: MaxFactorDigits, Unit: "decimal digits",
				Description: "n has at most this many decimal digits",
				Beyond: func() string {
					return fmt.Sprintf(`{"n":"%s"}`, repeatDigit('9', MaxFactorDigits+2))
				},
				At: func() string {
					return fmt.Sprintf(`{"n":"%s","max_iterations":0}`, repeatDigit('9', MaxFactorDigits))
				},
			},
			{
				Name: "max_iterations", Max: MaxFactorIterations, Unit: "rho iterations",
				Description: fmt.Sprintf("max_iterations is at most this (default %d, less for large n, more where the quadratic sieve's projected work fits the deadline); an iteration is two modular multiplications: a rho iteration, a p − 1 squaring, half an ECM curve's multiplications, %d positions of the quadratic sieve (%d with two large primes)", DefaultFactorIterations, factor.SIQSPositions, factor.SIQSDLPPositions),
				Beyond: func() string {
					return fmt.Sprintf(`{"n":"15","max_iterations":%d}`, int64(MaxFactorIterations)+1)
				},
				At: func() string {
					return fmt.Sprintf(`{"n":"15","max_iterations":%d}`, int64(MaxFactorIterations))
				},
			},
			{
				Name: "estimated_cost", Max: MaxFactorCostMS, Unit: "milliseconds (estimated)",
				Description: "the rho budget (at most 2^(bits/4 + 3), eight times what rho expects to need) times the cost of an iteration at n's size (2 ns per 64-bit word squared, at least 8 words) is at most this",
				Beyond: func() string {
					n := repeatDigit('9', MaxFactorDigits)
					return fmt.Sprintf(`{"n":"%s","max_iterations":%d}`, n, factorIterationsAt(bitsOf(n))+1)
				},
				At: func() string {
					n := repeatDigit('9', MaxFactorDigits)
					return fmt.Sprintf(`{"n":"%s","max_iterations":%d}`, n, factorIterationsAt(bitsOf(n)))
				},
			},
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "zero", Payload: `{"n":"0"}`, Code: core.DomainError, Path: "/payload/n"},
				{Title: "a negative budget", Payload: `{"n":"15","max_iterations":-1}`, Code: core.DomainError, Path: "/payload/max_iterations"},
			}
		},
		Preflight: func(ctx context.Context, q FactorRequest) error {
			if d := exactDigits(q.N.Big()); d > MaxFactorDigits {
				return core.Refusef("n has %d digits; at most %d are allowed", d, MaxFactorDigits)
			}
			if q.MaxIterations != nil {
				bits := q.N.Big().BitLen()
				if c := factorCostNS(bits, *q.MaxIterations); c > MaxFactorCostMS*1_000_000 {
					return core.Refusef("%d rho iterations on a %d-bit n are estimated at %d ms; at most %d ms are accepted (lower max_iterations to %d or less)", *q.MaxIterations, bits, c/1_000_000, MaxFactorCostMS, factorIterationsAt(bits))
				}
			}
			if q.MaxIterations != nil {
				if *q.MaxIterations > MaxFactorIterations {
					return core.Refusef("max_iterations is %d; at most %d are allowed", *q.MaxIterations, int64(MaxFactorIterations))
				}
				if *q.MaxIterations < 0 {
					return core.DomainErrorAt(core.PayloadPath("max_iterations"), "max_iterations is %d; it must be a non-negative number of iterations", *q.MaxIterations)
				}
			}
			if q.N.Big().Sign() == 0 {
				return core.DomainErrorAt(core.PayloadPath("n"), "0 has no prime factorization (every prime divides it); send a nonzero integer")
			}
			return nil
		},
		Run: func(ctx context.Context, q FactorRequest) (FactorResult, error) {
			budget := defaultFactorBudget(q.N.Big().BitLen())
			if q.MaxIterations != nil {
				budget = *q.MaxIterations
			}
			return factorize(ctx, q.N.Big(), budget)
		},
		Postcondition: checkFactorization,
		Examples: []core.Example{
			{Title: "360", Payload: json.RawMessage(`{"n":"360"}`), Result: json.RawMessage(`{"sign":1,"factors":[{"prime":"2","exponent":3,"primality":"proven"},{"prime":"3","exponent":2,"primality":"proven"},{"prime":"5","exponent":1,"primality":"proven"}],"status":"COMPLETE"}`)},
			{Title: "negative n carries the sign", Payload: json.RawMessage(`{"n":"-84"}`), Result: json.RawMessage(`{"sign":-1,"factors":[{"prime":"2","exponent":2,"primality":"proven"},{"prime":"3","exponent":1,"primality":"proven"},{"prime":"7","exponent":1,"primality":"proven"}],"status":"COMPLETE"}`)},
			{Title: "1 has no prime factors", Payload: json.RawMessage(`{"n":"1"}`), Result: json.RawMessage(`{"sign":1,"factors":[],"status":"COMPLETE"}`)},
			// PARI/GP 2.15: factor(2^64+1) = [274177, 1; 67280421310721, 1]
			{Title: "Fermat number F6 = 2^64 + 1", Payload: json.RawMessage(`{"n":"18446744073709551617"}`), Result: json.RawMessage(`{"sign":1,"factors":[{"prime":"274177","exponent":1,"primality":"proven"},{"prime":"67280421310721","exponent":1,"primality":"proven"}],"status":"COMPLETE"}`)},
			// PARI/GP 2.15: p = nextprime(10^30) = 10^30 + 57, factor(12*p) = [2, 2; 3, 1; p, 1];
			// p is above the deterministic Miller–Rabin range and proven by a
			// Pocklington certificate (p − 1 = 2^3·3·79043·3998741·290240017·454197539).
			{Title: "a 31-digit prime factor proven by certificate", Payload: json.RawMessage(`{"n":"12000000000000000000000000000684"}`), Result: json.RawMessage(`{"sign":1,"factors":[{"prime":"2","exponent":2,"primality":"proven"},{"prime":"3","exponent":1,"primality":"proven"},{"prime":"1000000000000000000000000000057","exponent":1,"primality":"proven"}],"status":"COMPLETE"}`)},
			// PARI/GP 2.15 (testdata/ecm.txt): factor(1000992358089780330514528237684312750619)
			// = [10009923522503, 1; 100000000583369125387119373, 1]; rho would need
			// about 10^7 iterations for the 14-digit prime, ECM's first level finds it.
			{Title: "ECM finds a 14-digit factor of a 40-digit n", Payload: json.RawMessage(`{"n":"1000992358089780330514528237684312750619"}`), Result: json.RawMessage(`{"sign":1,"factors":[{"prime":"10009923522503","exponent":1,"primality":"proven"},{"prime":"100000000583369125387119373","exponent":1,"primality":"proven"}],"status":"COMPLETE"}`)},
			// PARI/GP 2.15 (core/factor/testdata/siqs.txt):
			// factor(2375263202262842323231939341585240780661)
			// = [25112083479825884753, 1; 94586464885362481637, 1]; ECM
			// would need hundreds of curves, the quadratic sieve some tens
			// of milliseconds.
			{Title: "SIQS splits a 40-digit product of two 20-digit primes", Payload: json.RawMessage(`{"n":"2375263202262842323231939341585240780661"}`), Result: json.RawMessage(`{"sign":1,"factors":[{"prime":"25112083479825884753","exponent":1,"primality":"proven"},{"prime":"94586464885362481637","exponent":1,"primality":"proven"}],"status":"COMPLETE"}`)},
			{Title: "budget too small: the semiprime 1000003 · 1000033 is left unfactored", Payload: json.RawMessage(`{"n":"1000036000099","max_iterations":100}`), Result: json.RawMessage(`{"sign":1,"factors":[],"status":"INCOMPLETE","unfactored":[{"composite":"1000036000099","exponent":1}]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) FactorRequest {
			// Products of small and medium primes, so every run completes.
			n := big.NewInt(1)
			for range rng.IntN(6) + 1 {
				p := randomPrime(rng, rng.IntN(30)+2)
				n.Mul(n, p)
			}
			if rng.IntN(3) == 0 {
				n.Neg(n)
			}
			return FactorRequest{N: core.Int(n)}
		},
		// A product of two 30-digit primes: ~10^15 rho iterations, and
		// some seconds of sieving on two cores.
		Slow: func() string {
			return fmt.Sprintf(`{"n":"%s","max_iterations":%d}`, slowSemiprime, factorIterationsAt(bitsOf(slowSemiprime)))
		},
	}
}

// slowSemiprime = p·q with p = nextprime(10^29) = 10^29 + 319 and
// q = nextprime(p + 10^10) (PARI/GP 2.15).
const slowSemiprime = "10000000000000000001000000070000000000000000003190000121539"

// factorize runs the whole factorization of n ≠ 0: core/factor splits it,
// and each prime factor found is proven where in reach.
func factorize(ctx context.Context, n *big.Int, budget int64) (FactorResult, error) {
	res := FactorResult{Sign: n.Sign(), Factors: []PrimeFactor{}, Status: Complete}
	primes, unfactored, err := factor.Factor(ctx, n, budget)
	if err != nil {
		return FactorResult{}, err
	}
	for _, pp := range primes {
		level, cert, err := prove(ctx, pp.Base)
		if err != nil {
			return FactorResult{}, err
		}
		if cert != nil {
			if res.certificates == nil {
				res.certificates = map[string][]PocklingtonStep{}
			}
			res.certificates[pp.Base.String()] = cert
		}
		res.Factors = append(res.Factors, PrimeFactor{core.Int(pp.Base), pp.Exponent, level})
	}
	for _, u := range unfactored {
		res.Unfactored = append(res.Unfactored, UnfactoredPart{core.Int(u.Base), u.Exponent})
	}
	if len(res.Unfactored) > 0 {
		res.Status = Incomplete
	}
	return res, nil
}

// prove decides how far the primality of a factor is established: below
// the deterministic Miller–Rabin bound it is proven, above it a
// certificate is attempted with a budget of its own.
func prove(ctx context.Context, p *big.Int) (Primality, []PocklingtonStep, error) {
	if p.Cmp(primality.DeterministicBound) < 0 {
		return Proven, nil, nil
	}
	cert, err := newCertifier(ctx, p).certify(p)
	var comp *composite
	switch {
	case errors.As(err, &comp):
		// p passed Baillie–PSW, yet the certificate search proved it
		// composite: a counterexample to BPSW, of which none is known.
		// Publishing p as a prime, even a probable one, would be false, so
		// the run fails and names the evidence instead.
		evidence := fmt.Sprintf("Fermat witness %v", comp.witness)
		if comp.factor != nil {
			evidence = fmt.Sprintf("factor %v", comp.factor)
		}
		return "", nil, fmt.Errorf("%v passes Baillie–PSW but is composite (%s): a Baillie–PSW pseudoprime; please report it", p, evidence)
	case err != nil:
		return "", nil, err
	case cert == nil:
		return Probable, nil, nil
	}
	return Proven, cert, nil
}

// checkFactorization is the independent check: the product of the prime
// powers and unfactored composites is |n|, primes ascend and pass the
// primality test (proven ones below 3.3·10^24 pass it deterministically,
// above it their certificates verify), and the unfactored parts are
// composite.
func checkFactorization(ctx context.Context, q FactorRequest, r FactorResult) error {
	n := q.N.Big()
	if r.Sign != n.Sign() {
		return fmt.Errorf("sign %d for n of sign %d", r.Sign, n.Sign())
	}
	if (r.Status == Complete) != (len(r.Unfactored) == 0) {
		return fmt.Errorf("status %s with %d unfactored parts", r.Status, len(r.Unfactored))
	}
	prod := big.NewInt(1)
	prev := big.NewInt(1)
	for _, pf := range r.Factors {
		p := pf.Prime.Big()
		if p.Cmp(prev) <= 0 || pf.Exponent < 1 {
			return fmt.Errorf("factors are not strictly ascending with positive exponents at %v", p)
		}
		prev = p
		st, _ := primality.Test(p)
		switch {
		case st == primality.Composite:
			return fmt.Errorf("listed prime %v is composite", p)
		case pf.Primality == Proven && st == primality.ProbablePrime:
			if err := verifyCertificate(p, r.certificates[p.String()]); err != nil {
				return fmt.Errorf("%v is marked proven but its certificate fails: %v", p, err)
			}
		}
		prod.Mul(prod, new(big.Int).Exp(p, big.NewInt(int64(pf.Exponent)), nil))
	}
	prev = big.NewInt(1)
	for _, u := range r.Unfactored {
		c := u.Composite.Big()
		if c.Cmp(prev) <= 0 || u.Exponent < 1 {
			return fmt.Errorf("unfactored parts are not strictly ascending with positive exponents")
		}
		prev = c
		if st, _ := primality.Test(c); st != primality.Composite {
			return fmt.Errorf("unfactored part %v is not composite", c)
		}
		prod.Mul(prod, new(big.Int).Exp(c, big.NewInt(int64(u.Exponent)), nil))
	}
	if prod.CmpAbs(n) != 0 {
		return fmt.Errorf("the factors multiply to %v, not |n|", prod)
	}
	return nil
}

// exactDigits is the number of decimal digits of |x| when it may exceed
// the factorization limit; below the limit the cheap upper bound is enough
// and decimal conversion is skipped.
func exactDigits(x *big.Int) int {
	d, _ := digitsOver(x, MaxFactorDigits)
	return d
}

// randomPrime returns a random prime of about the given number of bits,
// using math/big's ProbablyPrime, which is exact below 2^64.
func randomPrime(rng *rand.Rand, bits int) *big.Int {
	p := new(big.Int)
	for i := 0; i < bits-1; i++ {
		p.SetBit(p, i, uint(rng.IntN(2)))
	}
	p.SetBit(p, bits-1, 1)
	for !p.ProbablyPrime(20) {
		p.Add(p, big.NewInt(1))
	}
	return p
}
