package integer

// Divisors and the classical multiplicative functions.
//
// Both operations factor n first (core/factor with prime_factorization's
// default budget) and read everything off n = ∏ p^e (Hardy and Wright, An
// Introduction to the Theory of Numbers, §16.7, §16.3, §16.6 and §6.8 for
// λ): τ(n) = ∏ (e + 1); σ_k(n) = ∏ (p^(k(e+1)) − 1)/(p^k − 1) for k ≥ 1,
// σ_0 = τ; φ(n) = ∏ p^(e−1)(p − 1); Carmichael's λ(n) = lcm λ(p^e) with
// λ(p^e) = φ(p^e) except λ(2^e) = 2^(e−2) for e ≥ 3; μ(n) = (−1)^ω(n) for
// squarefree n and 0 otherwise; ω(n) the number of primes, Ω(n) = Σ e, and
// the radical ∏ p. The divisors are the products ∏ p^(f_p), 0 ≤ f_p ≤ e_p,
// built prime by prime and sorted. When n cannot be factored within the
// budget the result is INCOMPLETE and names the composites left.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"

	"jacobian.dev/core"
	"jacobian.dev/core/factor"
	"jacobian.dev/core/primality"
)

// Limits of divisors and arithmetic_functions.
const (
	// MaxListedDivisors bounds the divisors listed; more are counted only.
	MaxListedDivisors = 10_000
	// MaxSigmaIndex bounds k in σ_k, so σ_k(n) of a 500-digit n stays
	// within 50,000 digits.
	MaxSigmaIndex = 100
)

// DivisorsRequest asks for the positive divisors of n ≠ 0.
type DivisorsRequest struct {
	N core.Integer `json:"n"`
}

// DivisorsResult is the positive divisors of |n|.
type DivisorsResult struct {
	Status     FactorStatus   `json:"status"`
	Count      *core.Integer  `json:"count,omitempty" jsonschema:"τ(|n|), the number of positive divisors (status COMPLETE)"`
	Divisors   []core.Integer `json:"divisors,omitempty" jsonschema:"every positive divisor of |n|, ascending, when count is at most 10000"`
	Unfactored []core.Integer `json:"unfactored,omitempty" jsonschema:"the composite parts of n left unfactored within the budget (status INCOMPLETE)"`
}

// ArithmeticRequest asks for the multiplicative functions of n ≥ 1.
type ArithmeticRequest struct {
	N          core.Integer `json:"n"`
	SigmaIndex *int         `json:"sigma_index,omitempty" jsonschema:"k in σ_k(n), the sum of the k-th powers of the divisors; default 1, at most 100"`
}

// ArithmeticResult holds the functions of n when it could be factored.
type ArithmeticResult struct {
	Status     FactorStatus   `json:"status"`
	Functions  *Arithmetic    `json:"functions,omitempty" jsonschema:"the functions of n (status COMPLETE)"`
	Unfactored []core.Integer `json:"unfactored,omitempty" jsonschema:"the composite parts of n left unfactored within the budget (status INCOMPLETE)"`
}

// Arithmetic is the classical functions of n.
type Arithmetic struct {
	SigmaIndex int          `json:"sigma_index" jsonschema:"the k of sigma"`
	Sigma      core.Integer `json:"sigma" jsonschema:"σ_k(n), the sum of d^k over the divisors d of n"`
	Tau        core.Integer `json:"tau" jsonschema:"τ(n), the number of divisors"`
	Phi        core.Integer `json:"phi" jsonschema:"Euler's φ(n), the units modulo n"`
	Carmichael core.Integer `json:"carmichael" jsonschema:"Carmichael's λ(n), the exponent of the unit group modulo n"`
	Mobius     int          `json:"mobius" jsonschema:"Möbius μ(n): 0 unless n is squarefree, else (−1)^ω(n)"`
	Omega      int          `json:"omega" jsonschema:"ω(n), the number of distinct primes dividing n"`
	BigOmega   int          `json:"big_omega" jsonschema:"Ω(n), the number of prime factors counted with multiplicity"`
	Radical    core.Integer `json:"radical" jsonschema:"the product of the distinct primes dividing n"`
}

func factorDigitsLimit(payload func(digits string) string) core.Limit {
	return core.Limit{
		Name: "digits", Max: MaxFactorDigits, Unit: "decimal digits",
		Description: "n has at most this many decimal digits (it is factored)",
		Beyond:      func() string { return payload(repeatDigit('9', MaxFactorDigits+1)) },
		// 10^500 − 1 at the limit: 3²·11·… leaves large composites, so
		// the run ends at its budget or the deadline, never refused.
		At: func() string { return payload(repeatDigit('9', MaxFactorDigits)) },
	}
}

// divisorsOperation lists the positive divisors of n (see the top of this
// file). Canonical result: COMPLETE with count = τ(|n|) and, when count ≤
// MaxListedDivisors, the divisors ascending (1 first, |n| last); or
// INCOMPLETE with the composites left. n = 0 is a DOMAIN_ERROR (every
// integer divides it); the sign of n is ignored.
func divisorsOperation() core.Operation[DivisorsRequest, DivisorsResult] {
	return core.Operation[DivisorsRequest, DivisorsResult]{
		ID:         "integer.compute.divisors",
		Title:      "Divisors",
		Summary:    "The positive divisors of a nonzero integer in ascending order, with their number τ(n); n is factored first.",
		Keywords:   []string{"divisors", "factors", "divisor list", "tau", "number of divisors", "divisor function", "aliquot"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits:     []core.Limit{factorDigitsLimit(func(d string) string { return fmt.Sprintf(`{"n":"%s"}`, d) })},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{{Title: "zero", Payload: `{"n":"0"}`, Code: core.DomainError, Path: "/payload/n"}}
		},
		Preflight: func(ctx context.Context, q DivisorsRequest) error {
			if d := exactDigits(q.N.Big()); d > MaxFactorDigits {
				return core.Refusef("n has %d digits; at most %d are allowed", d, MaxFactorDigits)
			}
			if q.N.Big().Sign() == 0 {
				return core.DomainErrorAt(core.PayloadPath("n"), "every integer divides 0; send a nonzero n")
			}
			return nil
		},
		Run: func(ctx context.Context, q DivisorsRequest) (DivisorsResult, error) {
			primes, un, err := factorForFunctions(ctx, q.N.Big())
			if err != nil || un != nil {
				return DivisorsResult{Status: Incomplete, Unfactored: un}, err
			}
			tau := big.NewInt(1)
			for _, p := range primes {
				tau.Mul(tau, big.NewInt(int64(p.Exponent+1)))
			}
			count := core.Int(tau)
			res := DivisorsResult{Status: Complete, Count: &count}
			if tau.Cmp(big.NewInt(MaxListedDivisors)) > 0 {
				return res, nil
			}
			ds := divisorsOf(primes)
			res.Divisors = make([]core.Integer, len(ds))
			for i, d := range ds {
				res.Divisors[i] = core.Int(d)
			}
			return res, nil
		},
		// Each listed d divides |n|, they ascend strictly, d_i·d_(τ−1−i) =
		// |n| (divisors pair up), and for |n| ≤ 2^20 the list is every
		// divisor found by trial.
		Postcondition: func(ctx context.Context, q DivisorsRequest, r DivisorsResult) error {
			n := new(big.Int).Abs(q.N.Big())
			if r.Status == Incomplete {
				return checkUnfactored(n, r.Unfactored, r.Count != nil || r.Divisors != nil)
			}
			if r.Count == nil || r.Unfactored != nil {
				return fmt.Errorf("a COMPLETE result has a count and nothing unfactored")
			}
			ds := r.Divisors
			if len(ds) == 0 {
				if r.Count.Big().Cmp(big.NewInt(MaxListedDivisors)) <= 0 {
					return fmt.Errorf("count %v but no divisors listed", r.Count)
				}
				return nil
			}
			if r.Count.Big().Cmp(big.NewInt(int64(len(ds)))) != 0 {
				return fmt.Errorf("count %v with %d divisors listed", r.Count, len(ds))
			}
			if err := checkDivisorPairs(ds, n); err != nil {
				return err
			}
			if n.IsInt64() && n.Int64() <= 1<<20 {
				found := 0
				for d := int64(1); d <= n.Int64(); d++ {
					if n.Int64()%d == 0 {
						found++
					}
				}
				if found != len(ds) {
					return fmt.Errorf("%d divisors listed, trial division finds %d", len(ds), found)
				}
			}
			return nil
		},
		Examples: []core.Example{
			// PARI/GP 2.15: divisors(60) = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60]
			{Title: "divisors of 60", Payload: json.RawMessage(`{"n":"60"}`), Result: json.RawMessage(`{"status":"COMPLETE","count":"12","divisors":["1","2","3","4","5","6","10","12","15","20","30","60"]}`)},
			{Title: "the sign is ignored", Payload: json.RawMessage(`{"n":"-9"}`), Result: json.RawMessage(`{"status":"COMPLETE","count":"3","divisors":["1","3","9"]}`)},
			// PARI/GP 2.15: numdiv(2^800 * 3^100) = 80901
			{Title: "too many to list: 2^800·3^100 is counted only", Payload: json.RawMessage(`{"n":"` + new(big.Int).Mul(new(big.Int).Lsh(big.NewInt(1), 800), new(big.Int).Exp(big.NewInt(3), big.NewInt(100), nil)).String() + `"}`), Result: json.RawMessage(`{"status":"COMPLETE","count":"80901"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) DivisorsRequest {
			return DivisorsRequest{core.Int(randomSmooth(rng))}
		},
	}
}

// arithmeticOperation computes σ_k, τ, φ, λ, μ, ω, Ω and the radical of
// n ≥ 1 from its factorization (see the top of this file). Canonical
// result: COMPLETE with every function, or INCOMPLETE with the composites
// left. n = 1 has σ_k = τ = φ = λ = μ = radical = 1, ω = Ω = 0. n ≤ 0 is a
// DOMAIN_ERROR.
func arithmeticOperation() core.Operation[ArithmeticRequest, ArithmeticResult] {
	return core.Operation[ArithmeticRequest, ArithmeticResult]{
		ID:         "integer.compute.arithmetic_functions",
		Title:      "Arithmetic functions: σ_k, τ, φ, λ, μ, ω, Ω, radical",
		Summary:    "The divisor sum σ_k(n), the divisor count τ(n), Euler's totient φ(n), Carmichael's λ(n), Möbius μ(n), ω(n), Ω(n) and the radical of a positive integer, from its factorization.",
		Keywords:   []string{"euler phi", "totient", "eulerphi", "sigma", "sum of divisors", "divisor function", "tau", "numdiv", "carmichael lambda", "mobius", "möbius", "moebius", "omega", "bigomega", "radical", "squarefree", "multiplicative function"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds:     core.Bounds{"/sigma_index": MaxSigmaIndex},
		Limits: []core.Limit{
			factorDigitsLimit(func(d string) string { return fmt.Sprintf(`{"n":"%s"}`, d) }),
			{
				Name: "sigma_index", Max: MaxSigmaIndex, Unit: "exponent",
				Description: "sigma_index (k in σ_k) is at most this",
				Beyond:      func() string { return fmt.Sprintf(`{"n":"12","sigma_index":%d}`, MaxSigmaIndex+1) },
				At:          func() string { return fmt.Sprintf(`{"n":"12","sigma_index":%d}`, MaxSigmaIndex) },
			},
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "zero", Payload: `{"n":"0"}`, Code: core.DomainError, Path: "/payload/n"},
				{Title: "negative n", Payload: `{"n":"-6"}`, Code: core.DomainError, Path: "/payload/n"},
				{Title: "negative sigma_index", Payload: `{"n":"6","sigma_index":-1}`, Code: core.DomainError, Path: "/payload/sigma_index"},
			}
		},
		Preflight: func(ctx context.Context, q ArithmeticRequest) error {
			if d := exactDigits(q.N.Big()); d > MaxFactorDigits {
				return core.Refusef("n has %d digits; at most %d are allowed", d, MaxFactorDigits)
			}
			if q.SigmaIndex != nil && *q.SigmaIndex > MaxSigmaIndex {
				return core.Refusef("sigma_index is %d; at most %d is allowed", *q.SigmaIndex, MaxSigmaIndex)
			}
			if q.SigmaIndex != nil && *q.SigmaIndex < 0 {
				return core.DomainErrorAt(core.PayloadPath("sigma_index"), "sigma_index is %d; it must be at least 0", *q.SigmaIndex)
			}
			if q.N.Big().Sign() <= 0 {
				return core.DomainErrorAt(core.PayloadPath("n"), "n is %v; the arithmetic functions are defined here for n ≥ 1", clipped(q.N.Big()))
			}
			return nil
		},
		Run: func(ctx context.Context, q ArithmeticRequest) (ArithmeticResult, error) {
			k := 1
			if q.SigmaIndex != nil {
				k = *q.SigmaIndex
			}
			primes, un, err := factorForFunctions(ctx, q.N.Big())
			if err != nil || un != nil {
				return ArithmeticResult{Status: Incomplete, Unfactored: un}, err
			}
			f := arithmeticOf(primes, k)
			return ArithmeticResult{Status: Complete, Functions: &f}, nil
		},
		Postcondition: checkArithmetic,
		Examples: []core.Example{
			// PARI/GP 2.15: sigma(360) = 1170, numdiv(360) = 24, eulerphi(360) = 96,
			// lcm(znstar(360).cyc) = 12, moebius(360) = 0, omega(360) = 3,
			// bigomega(360) = 6, factorback(factor(360)[,1]) = 30
			{Title: "360 = 2³·3²·5", Payload: json.RawMessage(`{"n":"360"}`), Result: json.RawMessage(`{"status":"COMPLETE","functions":{"sigma_index":1,"sigma":"1170","tau":"24","phi":"96","carmichael":"12","mobius":0,"omega":3,"big_omega":6,"radical":"30"}}`)},
			// PARI/GP 2.15: sigma(30, 2) = 1300, moebius(30) = -1
			{Title: "σ₂ of the squarefree 30", Payload: json.RawMessage(`{"n":"30","sigma_index":2}`), Result: json.RawMessage(`{"status":"COMPLETE","functions":{"sigma_index":2,"sigma":"1300","tau":"8","phi":"8","carmichael":"4","mobius":-1,"omega":3,"big_omega":3,"radical":"30"}}`)},
			{Title: "n = 1", Payload: json.RawMessage(`{"n":"1","sigma_index":0}`), Result: json.RawMessage(`{"status":"COMPLETE","functions":{"sigma_index":0,"sigma":"1","tau":"1","phi":"1","carmichael":"1","mobius":1,"omega":0,"big_omega":0,"radical":"1"}}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) ArithmeticRequest {
			k := rng.IntN(4)
			return ArithmeticRequest{N: core.Int(new(big.Int).Abs(randomSmooth(rng))), SigmaIndex: &k}
		},
	}
}

// randomSmooth is a product of up to six prime powers below 2^30, ±.
func randomSmooth(rng *rand.Rand) *big.Int {
	n := big.NewInt(1)
	for range rng.IntN(6) + 1 {
		p := randomPrime(rng, rng.IntN(29)+2)
		n.Mul(n, new(big.Int).Exp(p, big.NewInt(int64(rng.IntN(4)+1)), nil))
	}
	if rng.IntN(3) == 0 {
		n.Neg(n)
	}
	return n
}

// factorForFunctions factors |n| ≠ 0 with prime_factorization's default
// budget; unfactored is non-nil when that was not enough.
func factorForFunctions(ctx context.Context, n *big.Int) ([]factor.PrimePower, []core.Integer, error) {
	primes, unfactored, err := factorRhoFirst(ctx, n, defaultFactorBudget(n.BitLen()))
	if err != nil {
		return nil, nil, err
	}
	if len(unfactored) == 0 {
		return primes, nil, nil
	}
	var un []core.Integer
	for _, u := range unfactored {
		un = append(un, core.Int(new(big.Int).Exp(u.Base, big.NewInt(int64(u.Exponent)), nil)))
	}
	return nil, un, nil
}

// rhoPrepassIterations is what factorRhoFirst's Pollard–Brent pass may
// spend on all cofactors of an n whose part free of small primes has the
// given bit length: 2^(bits/7) between 2^12 and 2^18. It is what the
// pass may waste when that part has no factor of up to about 32 bits
// (rho needs about √q iterations for a prime q), so it follows the cost
// of what factor.Factor would do instead: the quadratic sieve takes a few
// milliseconds at 97 bits (a 2^13 pass costs under one) but a hundred or
// more at 121 bits (a 2^17 pass, a few), and a 2^18 pass serves the
// products of many 20- to 30-bit primes of the divisor functions.
func rhoPrepassIterations(bits int) int64 {
	return int64(1) << min(max(bits/7, 12), 18)
}

// factorRhoFirst is factor.Factor(ctx, n, budget) with a first pass of
// Pollard–Brent rho (core/factor's Factorizer.Rho, on Montgomery words
// below 2^512) over the composite cofactors left by trial division, within
// rhoPrepassIterations in all. The orders and group exponents of the unit
// group factor p − 1 for a random prime p, whose cofactors are typically a
// few factors of 20 to 40 bits and one large prime: rho splits off the
// small ones in about √q iterations each and Baillie–PSW settles the rest,
// where factor.Factor would sieve a 100- to 130-bit cofactor (the
// quadratic sieve takes over from rho after a few thousand iterations
// there). The composites the pass leaves go to factor.Factor one by one;
// if one of them is not factored completely, n goes to factor.Factor
// whole, so the result always has factor.Factor's form: primes ascending,
// each passing Baillie–PSW, and unfactored composites coprime to them and
// each other.
func factorRhoFirst(ctx context.Context, n *big.Int, budget int64) (primes, unfactored []factor.PrimePower, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if n.Sign() == 0 {
		return factor.Factor(ctx, n, budget)
	}
	m := new(big.Int).Abs(n)
	primes = factor.New(ctx, budget).TrialDivide(m)
	rho := factor.New(ctx, rhoPrepassIterations(m.BitLen()))
	bound2 := big.NewInt(factor.TrialBound * factor.TrialBound)
	work := []factor.PrimePower{{Base: m, Exponent: 1}}
	var rest []factor.PrimePower
	for len(work) > 0 {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		switch {
		case c.Base.Cmp(big.NewInt(1)) == 0:
			continue
		case c.Base.Cmp(bound2) < 0:
			primes = append(primes, c) // no factor below TrialBound ≥ its square root
			continue
		}
		if st, _ := primality.Test(c.Base); st != primality.Composite {
			primes = append(primes, c)
			continue
		}
		r, k, err := largestPower(ctx, c.Base)
		if err != nil {
			return nil, nil, err
		}
		if k > 1 {
			work = append(work, factor.PrimePower{Base: r, Exponent: c.Exponent * k})
			continue
		}
		d, err := rho.Rho(c.Base)
		switch {
		case err == nil:
			work = append(work, factor.PrimePower{Base: d, Exponent: c.Exponent},
				factor.PrimePower{Base: new(big.Int).Quo(c.Base, d), Exponent: c.Exponent})
		case errors.Is(err, factor.ErrBudget):
			rest = append(rest, c)
		default:
			return nil, nil, err
		}
	}
	for _, c := range rest {
		ps, un, err := factor.Factor(ctx, c.Base, budget)
		if err != nil {
			return nil, nil, err
		}
		if len(un) > 0 {
			return factor.Factor(ctx, n, budget)
		}
		for _, p := range ps {
			primes = append(primes, factor.PrimePower{Base: p.Base, Exponent: p.Exponent * c.Exponent})
		}
	}
	// Factors split off separately may be equal (p² | c gives p twice):
	// Merge adds their exponents.
	return factor.Merge(primes), nil, nil
}

// checkUnfactored checks an INCOMPLETE result: parts named, dividing n,
// and no value given.
func checkUnfactored(n *big.Int, un []core.Integer, hasValue bool) error {
	if len(un) == 0 || hasValue {
		return fmt.Errorf("an INCOMPLETE result names its unfactored parts and gives no value")
	}
	prod := big.NewInt(1)
	for _, u := range un {
		prod.Mul(prod, u.Big())
	}
	if new(big.Int).Rem(n, prod).Sign() != 0 {
		return fmt.Errorf("the unfactored parts do not divide n")
	}
	return nil
}

// checkDivisorPairs checks that ds ascends strictly and that
// ds[i]·ds[τ−1−i] = n for every i; in words when n < 2^64.
func checkDivisorPairs(ds []core.Integer, n *big.Int) error {
	if n.IsUint64() {
		nw := n.Uint64()
		prev := uint64(0)
		for i, d := range ds {
			db, eb := d.Big(), ds[len(ds)-1-i].Big()
			if !db.IsUint64() || !eb.IsUint64() {
				return fmt.Errorf("divisor %d exceeds |n|", i)
			}
			x := db.Uint64()
			if x <= prev {
				return fmt.Errorf("divisors are not strictly ascending")
			}
			prev = x
			if hi, lo := bits.Mul64(x, eb.Uint64()); hi != 0 || lo != nw {
				return fmt.Errorf("divisor %d times its partner is not |n|", i)
			}
		}
		return nil
	}
	prod := new(big.Int)
	for i, d := range ds {
		if i > 0 && d.Big().Cmp(ds[i-1].Big()) <= 0 {
			return fmt.Errorf("divisors are not strictly ascending")
		}
		if prod.Mul(d.Big(), ds[len(ds)-1-i].Big()).Cmp(n) != 0 {
			return fmt.Errorf("divisor %d times its partner is not |n|", i)
		}
	}
	return nil
}

// divisorsOf lists the divisors of ∏ p^e ascending: in machine words
// when ∏ p^e < 2^64 (divisorsOfWords), else divisorsOfBig. The word
// divisors share one backing array of words (big.Int.SetBits) instead
// of one allocation each.
func divisorsOf(primes []factor.PrimePower) []*big.Int {
	ws, ok := divisorsOfWords(primes)
	if !ok {
		return divisorsOfBig(primes)
	}
	vals := make([]big.Int, len(ws))
	ds := make([]*big.Int, len(ws))
	digits := make([]big.Word, len(ws)*(64/bits.UintSize))
	for i, w := range ws {
		if bits.UintSize == 64 {
			digits[i] = big.Word(w)
			ds[i] = vals[i].SetBits(digits[i : i+1 : i+1])
		} else {
			ds[i] = vals[i].SetUint64(w)
		}
	}
	return ds
}

// divisorsOfWords lists the divisors of n = ∏ p^e ascending as words; ok
// is false when n ≥ 2^64 (its divisors need not fit). The list stays
// sorted throughout, so no sort is needed: with L the divisors of the
// primes so far, those with p^0, …, p^j are M_j = L ∪ p·M_(j−1), one
// merge of two ascending lists a step (M_0 = L). At 8064 divisors this
// takes a third of the time of building the products and sorting them.
func divisorsOfWords(primes []factor.PrimePower) (ds []uint64, ok bool) {
	n, count := uint64(1), 1
	for _, pp := range primes {
		if !pp.Base.IsUint64() {
			return nil, false
		}
		for range pp.Exponent {
			hi, lo := bits.Mul64(n, pp.Base.Uint64())
			if hi != 0 {
				return nil, false
			}
			n = lo
		}
		count *= pp.Exponent + 1
	}
	ds = make([]uint64, 1, count)
	ds[0] = 1
	prev := make([]uint64, 0, count) // M_(j−1), then the L of the next prime
	next := make([]uint64, 0, count)
	for _, pp := range primes {
		p := pp.Base.Uint64()
		base := ds
		prev = append(prev[:0], base...)
		for range pp.Exponent {
			next = mergeScaled(next[:0], base, prev, p) // every product divides n < 2^64
			prev, next = next, prev
		}
		ds = append(ds[:0], prev...)
	}
	return ds, true
}

// mergeScaled appends to out the ascending merge of a and p·b, both
// ascending, whose elements are distinct.
func mergeScaled(out, a, b []uint64, p uint64) []uint64 {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if x, y := a[i], b[j]*p; x < y {
			out = append(out, x)
			i++
		} else {
			out = append(out, y)
			j++
		}
	}
	out = append(out, a[i:]...)
	for _, y := range b[j:] {
		out = append(out, y*p)
	}
	return out
}

// divisorsOfBig lists the divisors of ∏ p^e ascending in big.Int: the
// reference of divisorsOfWords, and the route for n ≥ 2^64.
func divisorsOfBig(primes []factor.PrimePower) []*big.Int {
	ds := []*big.Int{big.NewInt(1)}
	for _, pp := range primes {
		base := len(ds)
		pk := big.NewInt(1)
		for range pp.Exponent {
			pk = new(big.Int).Mul(pk, pp.Base)
			for _, d := range ds[:base] {
				ds = append(ds, new(big.Int).Mul(d, pk))
			}
		}
	}
	slices.SortFunc(ds, (*big.Int).Cmp)
	return ds
}

// arithmeticOf evaluates the functions on ∏ p^e.
func arithmeticOf(primes []factor.PrimePower, k int) Arithmetic {
	sigma, tau, phi, lambda, rad := big.NewInt(1), big.NewInt(1), big.NewInt(1), big.NewInt(1), big.NewInt(1)
	mu, bigOmega := 1, 0
	one := big.NewInt(1)
	for _, pp := range primes {
		p, e := pp.Base, pp.Exponent
		tau.Mul(tau, big.NewInt(int64(e+1)))
		if k == 0 {
			sigma.Mul(sigma, big.NewInt(int64(e+1)))
		} else {
			pk := new(big.Int).Exp(p, big.NewInt(int64(k)), nil)
			num := new(big.Int).Exp(pk, big.NewInt(int64(e+1)), nil)
			num.Sub(num, one)
			sigma.Mul(sigma, num.Quo(num, new(big.Int).Sub(pk, one)))
		}
		pe1 := new(big.Int).Exp(p, big.NewInt(int64(e-1)), nil)
		phiPE := new(big.Int).Mul(pe1, new(big.Int).Sub(p, one))
		phi.Mul(phi, phiPE)
		lamPE := phiPE
		if p.Cmp(big.NewInt(2)) == 0 && e >= 3 {
			lamPE = new(big.Int).Lsh(one, uint(e-2))
		}
		g := new(big.Int).GCD(nil, nil, lambda, lamPE)
		lambda.Mul(lambda, lamPE).Quo(lambda, g)
		rad.Mul(rad, p)
		if e > 1 {
			mu = 0
		}
		bigOmega += e
	}
	if mu != 0 && len(primes)%2 == 1 {
		mu = -1
	}
	return Arithmetic{
		SigmaIndex: k, Sigma: core.Int(sigma), Tau: core.Int(tau), Phi: core.Int(phi),
		Carmichael: core.Int(lambda), Mobius: mu, Omega: len(primes), BigOmega: bigOmega,
		Radical: core.Int(rad),
	}
}

// checkArithmetic: identities that hold for every n (rad | n, λ | φ,
// μ ≠ 0 exactly when n = rad, ω ≤ Ω, rad's and n's primes agree by
// n | rad^Ω), and for n ≤ 2^16 every function recomputed from its
// definition by trial.
func checkArithmetic(ctx context.Context, q ArithmeticRequest, r ArithmeticResult) error {
	n := q.N.Big()
	if r.Status == Incomplete {
		return checkUnfactored(n, r.Unfactored, r.Functions != nil)
	}
	f := r.Functions
	if f == nil || r.Unfactored != nil {
		return fmt.Errorf("a COMPLETE result has the functions and nothing unfactored")
	}
	rad, phi, lam := f.Radical.Big(), f.Phi.Big(), f.Carmichael.Big()
	zero := new(big.Int)
	switch {
	case rad.Sign() <= 0 || new(big.Int).Rem(n, rad).Cmp(zero) != 0:
		return fmt.Errorf("the radical does not divide n")
	case lam.Sign() <= 0 || new(big.Int).Rem(phi, lam).Cmp(zero) != 0:
		return fmt.Errorf("λ(n) does not divide φ(n)")
	case (f.Mobius != 0) != (rad.Cmp(n) == 0):
		return fmt.Errorf("μ(n) = %d but n squarefree is %v", f.Mobius, rad.Cmp(n) == 0)
	case f.Omega > f.BigOmega || f.BigOmega > n.BitLen():
		return fmt.Errorf("ω = %d, Ω = %d out of range", f.Omega, f.BigOmega)
	case new(big.Int).Rem(new(big.Int).Exp(rad, big.NewInt(int64(f.BigOmega)), nil), n).Sign() != 0:
		return fmt.Errorf("n does not divide rad(n)^Ω(n): the radical misses a prime")
	}
	if !n.IsInt64() || n.Int64() > 1<<16 {
		return nil
	}
	m := n.Int64()
	sigma, tau, phiN := new(big.Int), int64(0), int64(0)
	for d := int64(1); d <= m; d++ {
		if m%d == 0 {
			tau++
			sigma.Add(sigma, new(big.Int).Exp(big.NewInt(d), big.NewInt(int64(f.SigmaIndex)), nil))
		}
		if gcdInt64(d, m) == 1 {
			phiN++
		}
	}
	if sigma.Cmp(f.Sigma.Big()) != 0 || f.Tau.Big().Int64() != tau || phi.Int64() != phiN {
		return fmt.Errorf("σ, τ or φ differs from the count by trial")
	}
	return nil
}

func gcdInt64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
