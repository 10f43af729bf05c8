package gaussian

// Factoring in Z[i].
//
// The primes of Z[i], up to units, are (Hardy and Wright, Theorem 252):
//
//   - 1 + i, of norm 2; 2 = −i(1 + i)², so 2 ramifies;
//   - the rational primes p ≡ 3 mod 4, of norm p², which stay prime (inert);
//   - for each rational prime p ≡ 1 mod 4, two non-associate conjugates π
//     and π̄ of norm p, with p = ππ̄ (split).
//
// So z is factored through its norm. Every rational prime power p^e ‖ N(z)
// comes from the Gaussian primes above p: (1 + i)^e for p = 2, p^(e/2) for
// p ≡ 3 mod 4 (e is even), and π^a·π̄^b with a + b = e for p ≡ 1 mod 4,
// where a and b are found by dividing z by π and by π̄ while the division is
// exact. To find π for p ≡ 1 mod 4, take x with x² ≡ −1 mod p: p divides
// x² + 1 = (x + i)(x − i) but neither factor, so π = gcd(p, x + i) is a
// proper divisor of p, of norm p. This is the Hermite–Serret algorithm for
// writing p as a sum of two squares (C. Hermite, J. Math. Pures Appl. 13
// (1848) 15; J. A. Serret, ibid. 12), which Cornacchia's algorithm
// generalises. x = c^((p−1)/4) mod p for any quadratic non-residue c, found
// by trying c = 2, 3, 5, ... (Euler's criterion).
//
// Whatever is left of z after removing every prime found is a unit when the
// norm was fully factored, and otherwise a cofactor whose norm is the
// product of the composites the budget did not split.
//
// The norm is factored over Z with jacobian.dev/core/factor, the public
// factoring package every domain may import: trial division, perfect
// powers, Pollard's p − 1 stage 1 and Pollard–Brent rho, within one
// iteration budget, with the composites it did not split reported rather
// than guessed at.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
	"jacobian.dev/core"
	"jacobian.dev/core/factor"
	"jacobian.dev/core/primality"
)

// Limits of gaussian.factorization.compute.
const (
	MaxFactorDigits         = 40
	DefaultFactorIterations = 1 << 22
	MaxFactorIterations     = 1 << 32
)

// FactorRequest asks for the factorization of z ≠ 0 into Gaussian primes.
// MaxIterations bounds the Pollard rho iterations and p − 1 squarings
// spent on the norm (default DefaultFactorIterations).
type FactorRequest struct {
	Z             Gaussian `json:"z"`
	MaxIterations *int64   `json:"max_iterations,omitempty"`
}

// FactorResult is z = unit · ∏ prime^exponent (· unfactored, when the
// status is INCOMPLETE).
type FactorResult struct {
	Unit    Gaussian         `json:"unit"`
	Factors []GaussianFactor `json:"factors"`
	Status  FactorStatus     `json:"status"`
	// Unfactored is the part of z whose norm is a composite the budget did
	// not split, in its canonical associate; present only when INCOMPLETE.
	Unfactored *Gaussian `json:"unfactored,omitempty"`
}

// GaussianFactor is one prime power of the factorization.
type GaussianFactor struct {
	Prime     Gaussian     `json:"prime"`
	Exponent  int          `json:"exponent"`
	Norm      core.Integer `json:"norm"`
	Primality Primality    `json:"primality"`
}

// Primality says how far a factor's primality is established.
type Primality string

// The primality levels.
const (
	Proven   Primality = "proven"
	Probable Primality = "probable"
)

// JSONSchema restricts the primality levels.
func (Primality) JSONSchema() *jsonschema.Schema {
	return core.Enum("proven: the rational prime below the factor is proven prime (deterministic Miller–Rabin below 3.3e24); probable: it passed Baillie–PSW above that bound", string(Proven), string(Probable))
}

// FactorStatus says whether the factorization is complete.
type FactorStatus string

// The statuses.
const (
	Complete   FactorStatus = "COMPLETE"
	Incomplete FactorStatus = "INCOMPLETE"
)

// JSONSchema restricts the statuses.
func (FactorStatus) JSONSchema() *jsonschema.Schema {
	return core.Enum("COMPLETE: every factor is a Gaussian prime; INCOMPLETE: the iteration budget ran out and the part of z in unfactored remains", string(Complete), string(Incomplete))
}

// factorizationOperation factors a nonzero Gaussian integer into Gaussian
// primes. The answer is z = unit · ∏ π^e with each π in its canonical
// associate (real part > 0, imaginary part ≥ 0) and the unit one of 1, i,
// −1, −i; factors are ordered by norm, then by real part, so 1 + 2i comes
// before 2 + i. The norm is factored over Z by core/factor (trial
// division, perfect powers, Pollard p − 1 and rho) within max_iterations,
// as the integer domain does; each rational prime is then lifted
// to Z[i] as described at the top of this file. A unit has no prime
// factors; 0 is refused.
func factorizationOperation() core.Operation[FactorRequest, FactorResult] {
	return core.Operation[FactorRequest, FactorResult]{
		ID:         "gaussian.factorization.compute",
		Title:      "Factorization into Gaussian primes",
		Summary:    "Factors a nonzero Gaussian integer into a unit times Gaussian primes with exponents, canonical associates ordered by norm; reports the part left when the iteration budget runs out.",
		Keywords:   []string{"gaussian integer", "factor", "factorization", "gaussian prime", "z[i]", "sum of two squares", "split prime", "cornacchia", "hermite serret"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"gaussian_integer"},
		Bounds:     core.Bounds{"/max_iterations": MaxFactorIterations},
		Limits: []core.Limit{
			{
				Name: "part_digits", Max: MaxFactorDigits, Unit: "decimal digits",
				Description: "each of re and im has at most this many decimal digits",
				Beyond: func() string {
					return fmt.Sprintf(`{"z":{"re":"%s","im":"0"}}`, repeatDigit('9', MaxFactorDigits+1))
				},
			},
			{
				Name: "max_iterations", Max: MaxFactorIterations, Unit: "rho iterations",
				Description: fmt.Sprintf("max_iterations is at most this (default %d); a rho iteration is two modular multiplications of the norm, a p − 1 squaring counts as one", DefaultFactorIterations),
				Beyond: func() string {
					return fmt.Sprintf(`{"z":{"re":"3","im":"4"},"max_iterations":%d}`, int64(MaxFactorIterations)+1)
				},
			},
		},
		Preflight: func(ctx context.Context, q FactorRequest) error {
			if err := preflightParts(MaxFactorDigits, q.Z); err != nil {
				return err
			}
			if q.MaxIterations != nil {
				if *q.MaxIterations > MaxFactorIterations {
					return core.Refusef("max_iterations is %d; at most %d are allowed", *q.MaxIterations, int64(MaxFactorIterations))
				}
				if *q.MaxIterations < 0 {
					return core.DomainErrorf("max_iterations is %d; send a non-negative number of iterations", *q.MaxIterations)
				}
			}
			if fromWire(q.Z).isZero() {
				return core.DomainErrorf("0 has no factorization (every prime divides it); send a nonzero Gaussian integer")
			}
			return nil
		},
		Run: func(ctx context.Context, q FactorRequest) (FactorResult, error) {
			budget := int64(DefaultFactorIterations)
			if q.MaxIterations != nil {
				budget = *q.MaxIterations
			}
			return factorGaussian(ctx, fromWire(q.Z), budget)
		},
		Postcondition: checkFactorization,
		Examples: []core.Example{
			// PARI/GP 2.15: factor(3+4*I) = [2 + I, 2]
			{Title: "3 + 4i = (2 + i)²", Payload: json.RawMessage(`{"z":{"re":"3","im":"4"}}`), Result: json.RawMessage(`{"unit":{"re":"1","im":"0"},"factors":[{"prime":{"re":"2","im":"1"},"exponent":2,"norm":"5","primality":"proven"}],"status":"COMPLETE"}`)},
			// PARI/GP 2.15: factor(5*I) = [2 + I, 1; 1 + 2*I, 1], so 5 = −i(1 + 2i)(2 + i).
			{Title: "the rational prime 5 splits", Payload: json.RawMessage(`{"z":{"re":"5","im":"0"}}`), Result: json.RawMessage(`{"unit":{"re":"0","im":"-1"},"factors":[{"prime":{"re":"1","im":"2"},"exponent":1,"norm":"5","primality":"proven"},{"prime":{"re":"2","im":"1"},"exponent":1,"norm":"5","primality":"proven"}],"status":"COMPLETE"}`)},
			// PARI/GP 2.15: factor(2023+1729*I) = [-I, 1; 7, 1; 1 + I, 1; 2 + I, 1; 9 + 4*I, 1; 10 + 7*I, 1]
			{Title: "ramified, inert and split primes together", Payload: json.RawMessage(`{"z":{"re":"2023","im":"1729"}}`), Result: json.RawMessage(`{"unit":{"re":"0","im":"-1"},"factors":[{"prime":{"re":"1","im":"1"},"exponent":1,"norm":"2","primality":"proven"},{"prime":{"re":"2","im":"1"},"exponent":1,"norm":"5","primality":"proven"},{"prime":{"re":"7","im":"0"},"exponent":1,"norm":"49","primality":"proven"},{"prime":{"re":"9","im":"4"},"exponent":1,"norm":"97","primality":"proven"},{"prime":{"re":"10","im":"7"},"exponent":1,"norm":"149","primality":"proven"}],"status":"COMPLETE"}`)},
			{Title: "a unit has no prime factors", Payload: json.RawMessage(`{"z":{"re":"0","im":"1"}}`), Result: json.RawMessage(`{"unit":{"re":"0","im":"1"},"factors":[],"status":"COMPLETE"}`)},
			// PARI/GP 2.15: factor(748629+1199854*I) = [913 + 408*I, 1; 1173 + 790*I, 1],
			// norm 2000095000957 = 1000033 · 2000029.
			{Title: "budget too small: the part of norm 1000033 · 2000029 is left", Payload: json.RawMessage(`{"z":{"re":"748629","im":"1199854"},"max_iterations":10}`), Result: json.RawMessage(`{"unit":{"re":"1","im":"0"},"factors":[],"status":"INCOMPLETE","unfactored":{"re":"748629","im":"1199854"}}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) FactorRequest {
			// Parts below 2^30 keep the norm below 2^61, which rho splits
			// well within the default budget.
			for {
				z := randomGint(rng, 30)
				if !z.isZero() {
					return FactorRequest{Z: z.wire()}
				}
			}
		},
		// The norm is p·q for the 31-digit primes p = 10^30 + 57 and
		// q = 10^30 + 10^10 + 249, both ≡ 1 mod 4 (PARI/GP 2.15); rho would
		// need about 10^15 iterations, and neither p − 1 nor q − 1 is
		// 2^16-smooth (factor(10^30+56) has 79043, factor(10^30+10^10+248) a
		// 28-digit prime), so p − 1 misses too and with the largest budget
		// it runs until cancelled.
		Slow: func() string {
			return fmt.Sprintf(`{"z":{"re":"90094869088627072260923607887","im":"995933187801221508260566903132"},"max_iterations":%d}`, int64(MaxFactorIterations))
		},
	}
}

// factorGaussian factors z ≠ 0 with an iteration budget for its norm.
func factorGaussian(ctx context.Context, z gint, budget int64) (FactorResult, error) {
	primes, unfactored, err := factor.Factor(ctx, z.norm(), budget)
	if err != nil {
		return FactorResult{}, err
	}
	res := FactorResult{Factors: []GaussianFactor{}, Status: Complete}
	w := z
	// divideOut removes π from w as often as it divides, returning the count.
	divideOut := func(pi gint, max int) int {
		k := 0
		for k < max {
			q, ok := divExact(w, pi)
			if !ok {
				break
			}
			w, k = q, k+1
		}
		return k
	}
	for _, pp := range primes {
		level := Proven
		if st, _ := primality.Test(pp.Base); st == primality.ProbablePrime {
			level = Probable
		}
		record := func(pi gint, e int) {
			if e > 0 {
				res.Factors = append(res.Factors, GaussianFactor{pi.wire(), e, core.Int(pi.norm()), level})
			}
		}
		switch {
		case pp.Base.Cmp(big.NewInt(2)) == 0:
			pi := newGint(1, 1)
			if divideOut(pi, pp.Exponent) != pp.Exponent {
				return FactorResult{}, fmt.Errorf("(1 + i)^%d should divide %v", pp.Exponent, z)
			}
			record(pi, pp.Exponent)
		case pp.Base.Bit(1) == 1: // p ≡ 3 mod 4: inert
			if pp.Exponent%2 != 0 {
				return FactorResult{}, fmt.Errorf("the prime %v ≡ 3 mod 4 divides N(%v) to the odd power %d", pp.Base, z, pp.Exponent)
			}
			pi := gint{new(big.Int).Set(pp.Base), new(big.Int)}
			if divideOut(pi, pp.Exponent/2) != pp.Exponent/2 {
				return FactorResult{}, fmt.Errorf("%v^%d should divide %v", pp.Base, pp.Exponent/2, z)
			}
			record(pi, pp.Exponent/2)
		default: // p ≡ 1 mod 4: split
			pi, err := splitPrime(ctx, pp.Base)
			if err != nil {
				return FactorResult{}, err
			}
			piBar, _ := canonical(pi.conj())
			a := divideOut(pi, pp.Exponent)
			b := divideOut(piBar, pp.Exponent-a)
			if a+b != pp.Exponent {
				return FactorResult{}, fmt.Errorf("the primes above %v divide %v only %d times, not %d", pp.Base, z, a+b, pp.Exponent)
			}
			record(pi, a)
			record(piBar, b)
		}
	}
	slices.SortFunc(res.Factors, compareFactors)
	if len(unfactored) == 0 {
		if !isUnit(w) {
			return FactorResult{}, fmt.Errorf("%v is left after removing every prime of a fully factored norm", w)
		}
		res.Unit = w.wire()
		return res, nil
	}
	c, u := canonical(w)
	cw := c.wire()
	res.Status = Incomplete
	res.Unfactored = &cw
	res.Unit = u.conj().wire() // w = u⁻¹·c and u⁻¹ = ū for a unit
	return res, nil
}

// splitPrime returns the canonical Gaussian prime π = gcd(p, x + i) of norm
// p, for a prime p ≡ 1 mod 4, where x² ≡ −1 mod p.
func splitPrime(ctx context.Context, p *big.Int) (gint, error) {
	e := new(big.Int).Rsh(p, 2) // (p − 1)/4
	minusOne := new(big.Int).Sub(p, big.NewInt(1))
	// Under GRH the least non-residue is below 2·ln²p (E. Bach, Math.
	// Comp. 55 (1990) 355–380); in practice it is almost always below 10.
	lnp := float64(p.BitLen()) * 0.6931471805599453
	bound := int64(2*lnp*lnp) + 2
	for c := int64(2); c <= bound; c++ {
		if c%64 == 0 {
			if err := ctx.Err(); err != nil {
				return gint{}, err
			}
		}
		x := new(big.Int).Exp(big.NewInt(c), e, p)
		if sq := new(big.Int).Mul(x, x); sq.Mod(sq, p).Cmp(minusOne) != 0 {
			continue
		}
		pi, _, _, err := extendedGCD(ctx, gint{new(big.Int).Set(p), new(big.Int)}, gint{x, big.NewInt(1)})
		if err != nil {
			return gint{}, err
		}
		if pi.norm().Cmp(p) != 0 {
			return gint{}, fmt.Errorf("gcd(%v, %v + i) has norm %v, not %v", p, x, pi.norm(), p)
		}
		return pi, nil
	}
	return gint{}, fmt.Errorf("no quadratic non-residue up to %d modulo %v: it is not prime", bound, p)
}

// compareFactors orders factors by norm, then real part.
func compareFactors(a, b GaussianFactor) int {
	if c := a.Norm.Big().Cmp(b.Norm.Big()); c != 0 {
		return c
	}
	return a.Prime.Re.Big().Cmp(b.Prime.Re.Big())
}

// checkFactorization is the independent check: the unit is a unit, each
// factor is a canonical Gaussian prime (its norm is a rational prime, or
// it is a rational prime ≡ 3 mod 4) with its stated norm, the factors are
// strictly ordered, an unfactored part is canonical of composite norm and
// present exactly when INCOMPLETE, and the product is z.
func checkFactorization(ctx context.Context, q FactorRequest, r FactorResult) error {
	z := fromWire(q.Z)
	unit := fromWire(r.Unit)
	if !isUnit(unit) {
		return fmt.Errorf("unit %v is not one of 1, i, −1, −i", unit)
	}
	if (r.Status == Complete) != (r.Unfactored == nil) {
		return fmt.Errorf("status %s with unfactored part %v", r.Status, r.Unfactored)
	}
	prod := unit
	for i, f := range r.Factors {
		pi := fromWire(f.Prime)
		if !isCanonical(pi) {
			return fmt.Errorf("factor %v is not the associate with re > 0, im ≥ 0", pi)
		}
		if f.Exponent < 1 {
			return fmt.Errorf("factor %v has exponent %d", pi, f.Exponent)
		}
		if pi.norm().Cmp(f.Norm.Big()) != 0 {
			return fmt.Errorf("factor %v is said to have norm %v", pi, f.Norm.Big())
		}
		if err := checkGaussianPrime(pi); err != nil {
			return err
		}
		if i > 0 && compareFactors(r.Factors[i-1], f) >= 0 {
			return fmt.Errorf("factors are not strictly ordered by norm, then real part, at %v", pi)
		}
		prod = mul(prod, pow(pi, f.Exponent))
	}
	if r.Unfactored != nil {
		c := fromWire(*r.Unfactored)
		if !isCanonical(c) {
			return fmt.Errorf("unfactored part %v is not in its canonical associate", c)
		}
		if st, _ := primality.Test(c.norm()); st != primality.Composite {
			return fmt.Errorf("unfactored part %v has norm %v, which is not composite", c, c.norm())
		}
		prod = mul(prod, c)
	}
	if !prod.equal(z) {
		return fmt.Errorf("the factors multiply to %v, not %v", prod, z)
	}
	return nil
}

// checkGaussianPrime applies Hardy and Wright's Theorem 252 to a canonical
// π: its norm is a rational prime, or π is a rational prime p ≡ 3 mod 4.
func checkGaussianPrime(pi gint) error {
	if st, _ := primality.Test(pi.norm()); st != primality.Composite {
		return nil
	}
	if pi.im.Sign() == 0 && pi.re.Bit(0) == 1 && pi.re.Bit(1) == 1 {
		if st, _ := primality.Test(pi.re); st != primality.Composite {
			return nil
		}
	}
	return fmt.Errorf("factor %v is not a Gaussian prime", pi)
}
