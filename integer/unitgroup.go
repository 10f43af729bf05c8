package integer

// The unit group (Z/nZ)*: multiplicative orders, primitive roots and
// discrete logarithms.
//
// All three rest on the exponent of the group, Carmichael's λ(n), and its
// factorization. n is factored (core/factor, prime_factorization's default
// budget), λ(n) = lcm λ(p^e) with λ(p^e) = p^(e−1)(p − 1) (and 2^(e−2) for
// 2^e, e ≥ 3), and its primes are those p with e ≥ 2 and the primes of
// each p − 1, factored in turn. When either factorization stops at its
// budget the result is INCOMPLETE.
//
// The order of a unit a is found by starting from λ(n) and dividing out
// each prime q of λ while a^(o/q) ≡ 1 (Cohen, A Course in Computational
// Algebraic Number Theory, Algorithm 1.4.3). A primitive root exists
// exactly for n = 1, 2, 4, p^k and 2p^k with p an odd prime (Gauss;
// Ireland and Rosen, A Classical Introduction to Modern Number Theory,
// Theorem 4.2.2 and §4.1), and then g is one iff g^(λ/q) ≢ 1 for every
// prime q | λ (Cohen, Algorithm 1.4.4); the least one is searched for.
// Discrete logarithms use the Pohlig–Hellman reduction (Pohlig and
// Hellman, IEEE Trans. Inform. Theory 24 (1978)) over the primes of the
// base's order, each digit found by Shanks's baby-step giant-step in the
// subgroup of prime order q (Cohen, Algorithm 5.4.1), on two-word
// Montgomery residues when n is odd and below 2^127 (bsgsWords), so the
// work is about Σ e·√q; the answer is then checked by one exponentiation, which
// also decides that no logarithm exists when the value lies outside the
// base's subgroup ((Z/nZ)* need not be cyclic).

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/factor"
	"jacobian.dev/core/primality"
)

// Limits of the unit-group operations.
const (
	// MaxUnitGroupDigits bounds the modulus, which is factored, and so is
	// each p − 1.
	MaxUnitGroupDigits = 100
	// MaxLogPrimeBits bounds the primes of the base's order that
	// baby-step giant-step will take on: √q ≤ 2^18 steps and a table of
	// that many entries each.
	MaxLogPrimeBits = 36
)

// unitGroup is what the operations need to know about (Z/nZ)*.
type unitGroup struct {
	n            *big.Int
	primes       []factor.PrimePower // of n
	lambda       *big.Int
	lambdaPrimes []factor.PrimePower // of λ(n)
}

// unitGroupOf factors n ≥ 1 and λ(n). unfactored is non-nil when one of
// the factorizations stopped at its budget.
func unitGroupOf(ctx context.Context, n *big.Int) (unitGroup, []core.Integer, error) {
	g := unitGroup{n: n, lambda: big.NewInt(1)}
	primes, un, err := factorForFunctions(ctx, n)
	if err != nil || un != nil {
		return g, un, err
	}
	g.primes = primes
	g.lambda = arithmeticOf(primes, 0).Carmichael.Big()
	var lp []factor.PrimePower
	one := big.NewInt(1)
	for _, pp := range primes {
		if pp.Base.Cmp(big.NewInt(2)) == 0 {
			continue // λ(2^e) is a power of 2, counted below
		}
		if pp.Exponent > 1 {
			lp = append(lp, factor.PrimePower{Base: pp.Base, Exponent: 1})
		}
		pm1 := new(big.Int).Sub(pp.Base, one)
		fs, un, err := factorForFunctions(ctx, pm1)
		if err != nil || un != nil {
			return g, un, err
		}
		lp = append(lp, fs...)
	}
	if g.lambda.Bit(0) == 0 {
		lp = append(lp, factor.PrimePower{Base: big.NewInt(2), Exponent: 1})
	}
	// Keep each prime once with its exponent in λ.
	for _, pp := range factor.Merge(lp) {
		e := 0
		for t := new(big.Int).Set(g.lambda); new(big.Int).Rem(t, pp.Base).Sign() == 0; t.Quo(t, pp.Base) {
			e++
		}
		g.lambdaPrimes = append(g.lambdaPrimes, factor.PrimePower{Base: pp.Base, Exponent: e})
	}
	return g, nil, nil
}

// order is the multiplicative order of the unit a modulo g.n.
func (g unitGroup) order(a *big.Int) *big.Int {
	o := new(big.Int).Set(g.lambda)
	t, q := new(big.Int), new(big.Int)
	for _, pp := range g.lambdaPrimes {
		for range pp.Exponent {
			q.Quo(o, pp.Base)
			if t.Exp(a, q, g.n).Cmp(big.NewInt(1)) != 0 {
				break
			}
			o.Set(q)
		}
	}
	return o
}

// OrderRequest asks for the order of a modulo n.
type OrderRequest struct {
	A       core.Integer `json:"a"`
	Modulus core.Integer `json:"modulus"`
}

// OrderResult is the least k ≥ 1 with a^k ≡ 1 (mod n).
type OrderResult struct {
	Status     FactorStatus   `json:"status"`
	Order      *core.Integer  `json:"order,omitempty" jsonschema:"the least k ≥ 1 with a^k ≡ 1 modulo the modulus (status COMPLETE)"`
	Unfactored []core.Integer `json:"unfactored,omitempty" jsonschema:"what could not be factored within the budget: a part of the modulus, or of p − 1 for one of its primes p (status INCOMPLETE)"`
}

func unitGroupLimit(payload func(n string) string) core.Limit {
	return core.Limit{
		Name: "modulus_digits", Max: MaxUnitGroupDigits, Unit: "decimal digits",
		Description: "the modulus has at most this many decimal digits (it is factored, and so is p − 1 for each of its primes)",
		Beyond:      func() string { return payload(repeatDigit('9', MaxUnitGroupDigits+1)) },
		// 10^100 = 2^100·5^100: λ = 2^98·5^99 factors at once.
		At: func() string { return payload("1" + repeatDigit('0', MaxUnitGroupDigits-1)) },
	}
}

func preflightUnitModulus(m *big.Int) error {
	if d, over := digitsOver(m, MaxUnitGroupDigits); over {
		return core.Refusef("the modulus has %d digits; at most %d are allowed", d, MaxUnitGroupDigits)
	}
	return checkModulus(m)
}

// orderOperation computes multiplicative orders (see the top of this
// file). Canonical result: COMPLETE with the order (1 modulo 1), or
// INCOMPLETE naming what could not be factored. A modulus below 1 and a
// not prime to the modulus are DOMAIN_ERRORs.
func orderOperation() core.Operation[OrderRequest, OrderResult] {
	return core.Operation[OrderRequest, OrderResult]{
		ID:         "integer.compute.multiplicative_order",
		Title:      "Multiplicative order modulo n",
		Summary:    "The multiplicative order of a unit a modulo n, the least k ≥ 1 with a^k ≡ 1, from the factorization of Carmichael's λ(n).",
		Keywords:   []string{"multiplicative order", "order modulo", "znorder", "order of an element", "carmichael lambda", "period"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits:     []core.Limit{unitGroupLimit(func(n string) string { return fmt.Sprintf(`{"a":"3","modulus":"%s"}`, n) })},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{{Title: "modulus 0", Payload: `{"a":"3","modulus":"0"}`, Code: core.DomainError, Path: "/payload/modulus"}}
		},
		Preflight: func(ctx context.Context, q OrderRequest) error {
			if err := refuseDigits(q.A.Big()); err != nil {
				return err
			}
			if err := preflightUnitModulus(q.Modulus.Big()); err != nil {
				return err
			}
			return requireUnit(q.A.Big(), q.Modulus.Big(), "a")
		},
		Run: func(ctx context.Context, q OrderRequest) (OrderResult, error) {
			g, un, err := unitGroupOf(ctx, q.Modulus.Big())
			if err != nil || un != nil {
				return OrderResult{Status: Incomplete, Unfactored: un}, err
			}
			o := core.Int(g.order(new(big.Int).Mod(q.A.Big(), g.n)))
			return OrderResult{Status: Complete, Order: &o}, nil
		},
		// a^o ≡ 1, and a^(o/q) ≢ 1 for each prime q | o makes o the least;
		// the primes of o are found by factoring o afresh, independently
		// of λ.
		Postcondition: func(ctx context.Context, q OrderRequest, r OrderResult) error {
			n := q.Modulus.Big()
			if r.Status == Incomplete {
				if r.Order != nil || len(r.Unfactored) == 0 {
					return fmt.Errorf("an INCOMPLETE result names what is unfactored and gives no order")
				}
				return nil
			}
			if r.Order == nil {
				return fmt.Errorf("a COMPLETE result has an order")
			}
			return checkOrder(ctx, q.A.Big(), r.Order.Big(), n)
		},
		Examples: []core.Example{
			// PARI/GP 2.15: znorder(Mod(2, 7)) = 3
			{Title: "2 modulo 7", Payload: json.RawMessage(`{"a":"2","modulus":"7"}`), Result: json.RawMessage(`{"status":"COMPLETE","order":"3"}`)},
			// PARI/GP 2.15: znorder(Mod(3, 100)) = 20
			{Title: "3 modulo 100", Payload: json.RawMessage(`{"a":"3","modulus":"100"}`), Result: json.RawMessage(`{"status":"COMPLETE","order":"20"}`)},
			{Title: "modulo 1 every order is 1", Payload: json.RawMessage(`{"a":"5","modulus":"1"}`), Result: json.RawMessage(`{"status":"COMPLETE","order":"1"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) OrderRequest {
			n := randomUnitModulus(rng)
			return OrderRequest{core.Int(randomUnit(rng, n)), core.Int(n)}
		},
	}
}

// requireUnit refuses a not prime to n, naming the field.
func requireUnit(a, n *big.Int, field string) error {
	if g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(a), n); g.Cmp(big.NewInt(1)) != 0 && n.Cmp(big.NewInt(1)) != 0 {
		return core.DomainErrorAt(core.PayloadPath(field), "%s = %v is not a unit modulo %v: gcd = %v; send a value prime to the modulus", field, clipped(a), clipped(n), clipped(g))
	}
	return nil
}

// checkFactorBudget is what a postcondition may spend factoring a
// claimed order afresh: a small fraction of a run's default budget.
const checkFactorBudget = 1 << 20

// checkOrder checks that o is the order of a modulo n: a^o ≡ 1 and, when o
// factors within checkFactorBudget, a^(o/q) ≢ 1 for each prime q of o,
// which it factors itself.
func checkOrder(ctx context.Context, a, o, n *big.Int) error {
	one := new(big.Int).Mod(big.NewInt(1), n)
	if o.Sign() <= 0 || new(big.Int).Exp(a, o, n).Cmp(one) != 0 {
		return fmt.Errorf("a^order ≢ 1")
	}
	primes, un, err := factorRhoFirst(ctx, o, checkFactorBudget)
	if err != nil {
		return err
	}
	if len(un) > 0 {
		return nil // minimality not checkable within the check's budget
	}
	for _, pp := range primes {
		if new(big.Int).Exp(a, new(big.Int).Quo(o, pp.Base), n).Cmp(one) == 0 {
			return fmt.Errorf("a^(order/%v) ≡ 1: the order is not the least", pp.Base)
		}
	}
	return nil
}

// checkOrderFactored checks that o ≥ 1 is the order of a modulo n given
// the primes of o: a^o ≡ 1 and a^(o/q) ≢ 1 for each prime q of o.
func checkOrderFactored(a, o, n *big.Int, primes []*big.Int) error {
	one := new(big.Int).Mod(big.NewInt(1), n)
	if o.Sign() <= 0 || new(big.Int).Exp(a, o, n).Cmp(one) != 0 {
		return fmt.Errorf("a^order ≢ 1")
	}
	for _, q := range primes {
		if new(big.Int).Exp(a, new(big.Int).Quo(o, q), n).Cmp(one) == 0 {
			return fmt.Errorf("a^(order/%v) ≡ 1: the order is not the least", q)
		}
	}
	return nil
}

// checkOrderPrimes checks a claimed factorization of o ≥ 1: primes
// strictly ascending, each passing primality.Test (Baillie–PSW, a proof
// below primality.DeterministicBound), exponents at least 1, and the
// product o. It returns the primes.
func checkOrderPrimes(o *big.Int, fs []OrderPrime) ([]*big.Int, error) {
	prod := big.NewInt(1)
	var primes []*big.Int
	for i, f := range fs {
		q := f.Prime.Big()
		if i > 0 && q.Cmp(primes[i-1]) <= 0 {
			return nil, fmt.Errorf("the primes of the order do not ascend")
		}
		if f.Exponent < 1 || f.Exponent > o.BitLen() {
			return nil, fmt.Errorf("exponent %d of %v in the order", f.Exponent, clipped(q))
		}
		if st, _ := primality.Test(q); st == primality.Composite {
			return nil, fmt.Errorf("%v, listed among the primes of the order, is not prime", clipped(q))
		}
		prod.Mul(prod, new(big.Int).Exp(q, big.NewInt(int64(f.Exponent)), nil))
		primes = append(primes, q)
	}
	if prod.Cmp(o) != 0 {
		return nil, fmt.Errorf("the primes of the order multiply to %v, not the order", clipped(prod))
	}
	return primes, nil
}

// randomUnitModulus is a random modulus with small factors, sometimes a
// prime, sometimes a prime power times 2.
func randomUnitModulus(rng *rand.Rand) *big.Int {
	switch rng.IntN(3) {
	case 0:
		return randomPrime(rng, rng.IntN(60)+3)
	case 1:
		p := randomPrime(rng, rng.IntN(20)+3)
		for p.Cmp(big.NewInt(2)) == 0 {
			p = randomPrime(rng, rng.IntN(20)+3)
		}
		n := new(big.Int).Exp(p, big.NewInt(int64(rng.IntN(3)+1)), nil)
		if rng.IntN(2) == 0 {
			n.Lsh(n, 1)
		}
		return n
	}
	for {
		if n := new(big.Int).Abs(randomSmooth(rng)); n.BitLen() <= 300 {
			return n // within MaxUnitGroupDigits
		}
	}
}

// randomUnit is a random unit modulo n, possibly negative or above n.
func randomUnit(rng *rand.Rand, n *big.Int) *big.Int {
	a := randomInt(rng, n.BitLen()+8)
	for new(big.Int).GCD(nil, nil, a, n).Cmp(big.NewInt(1)) != 0 {
		a.Add(a, big.NewInt(1))
	}
	if rng.IntN(4) == 0 {
		a.Neg(a)
	}
	return a
}

// PrimitiveRootRequest asks for a generator of (Z/nZ)*.
type PrimitiveRootRequest struct {
	Modulus core.Integer `json:"modulus"`
}

// PrimitiveRootResult is the least primitive root, when one exists.
type PrimitiveRootResult struct {
	Status      FactorStatus   `json:"status"`
	Exists      *bool          `json:"exists,omitempty" jsonschema:"whether (Z/nZ)* is cyclic: n is 1, 2, 4, p^k or 2p^k for an odd prime p (status COMPLETE)"`
	Root        *core.Integer  `json:"root,omitempty" jsonschema:"the least primitive root g in [0, n) (when one exists)"`
	Order       *core.Integer  `json:"order,omitempty" jsonschema:"φ(n), the order of every primitive root (when one exists)"`
	OrderPrimes []OrderPrime   `json:"order_primes,omitempty" jsonschema:"the prime factorization of the order φ(n), primes ascending (when one exists and φ(n) > 1); each prime passed Baillie–PSW, which proves it below 3.3e24"`
	Unfactored  []core.Integer `json:"unfactored,omitempty" jsonschema:"what could not be factored within the budget (status INCOMPLETE)"`
}

// OrderPrime is one prime power of a group order's factorization.
type OrderPrime struct {
	Prime    core.Integer `json:"prime"`
	Exponent int          `json:"exponent"`
}

// primitiveRootOperation finds the least primitive root (see the top of
// this file). Canonical result: COMPLETE with exists and, when true, the
// least root g (0 for n = 1, whose unit group is {0}), its order φ(n)
// and the prime factorization of φ(n), primes ascending; exists false for non-cyclic groups; or INCOMPLETE naming what could not
// be factored. A modulus below 1 is a DOMAIN_ERROR.
func primitiveRootOperation() core.Operation[PrimitiveRootRequest, PrimitiveRootResult] {
	return core.Operation[PrimitiveRootRequest, PrimitiveRootResult]{
		ID:         "integer.compute.primitive_root",
		Title:      "Primitive root",
		Summary:    "The least generator of the unit group (Z/nZ)* when that group is cyclic, that is for n = 1, 2, 4, p^k or 2p^k; otherwise says that none exists.",
		Keywords:   []string{"primitive root", "generator", "znprimroot", "cyclic group", "unit group", "multiplicative group"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits:     []core.Limit{unitGroupLimit(func(n string) string { return fmt.Sprintf(`{"modulus":"%s"}`, n) })},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{{Title: "modulus 0", Payload: `{"modulus":"0"}`, Code: core.DomainError, Path: "/payload/modulus"}}
		},
		Preflight: func(ctx context.Context, q PrimitiveRootRequest) error {
			return preflightUnitModulus(q.Modulus.Big())
		},
		Run: func(ctx context.Context, q PrimitiveRootRequest) (PrimitiveRootResult, error) {
			n := q.Modulus.Big()
			g, un, err := unitGroupOf(ctx, n)
			if err != nil || un != nil {
				return PrimitiveRootResult{Status: Incomplete, Unfactored: un}, err
			}
			cyclic := isCyclic(g.primes)
			res := PrimitiveRootResult{Status: Complete, Exists: &cyclic}
			if !cyclic {
				return res, nil
			}
			root, err := g.leastPrimitiveRoot(ctx)
			if err != nil {
				return PrimitiveRootResult{}, err
			}
			r, o := core.Int(root), core.Int(g.lambda)
			res.Root, res.Order = &r, &o
			for _, pp := range g.lambdaPrimes {
				res.OrderPrimes = append(res.OrderPrimes, OrderPrime{core.Int(pp.Base), pp.Exponent})
			}
			return res, nil
		},
		// The root's order is φ(n), computed from n's factorization afresh;
		// the claimed factorization of φ(n) is checked (its product is
		// φ(n), its primes ascend and pass core/primality's Baillie–PSW
		// test on their own) rather than found again, and then
		// g^(φ/q) ≢ 1 for each of its primes q; a non-cyclic verdict is
		// checked by the shape of n; that no smaller root exists is
		// checked by trial for n ≤ 2^12.
		Postcondition: func(ctx context.Context, q PrimitiveRootRequest, r PrimitiveRootResult) error {
			n := q.Modulus.Big()
			if r.Status == Incomplete {
				if r.Exists != nil || len(r.Unfactored) == 0 {
					return fmt.Errorf("an INCOMPLETE result names what is unfactored and nothing else")
				}
				return nil
			}
			if r.Exists == nil || *r.Exists != (r.Root != nil) || (r.Root != nil) != (r.Order != nil) {
				return fmt.Errorf("exists, root and order disagree")
			}
			primes, un, err := factorRhoFirst(ctx, n, checkFactorBudget)
			if err != nil {
				return err
			}
			if len(un) == 0 && isCyclic(primes) != *r.Exists {
				return fmt.Errorf("exists is %v for a modulus whose shape says otherwise", *r.Exists)
			}
			if !*r.Exists {
				return nil
			}
			g := r.Root.Big()
			if g.Sign() < 0 || g.Cmp(n) >= 0 {
				return fmt.Errorf("the root is outside [0, n)")
			}
			if len(un) == 0 && arithmeticOf(primes, 0).Phi.Big().Cmp(r.Order.Big()) != 0 {
				return fmt.Errorf("order %v is not φ(n)", r.Order)
			}
			orderPrimes, err := checkOrderPrimes(r.Order.Big(), r.OrderPrimes)
			if err != nil {
				return err
			}
			if err := checkOrderFactored(g, r.Order.Big(), n, orderPrimes); err != nil {
				return err
			}
			if n.IsInt64() && n.Int64() <= 1<<12 {
				for x := int64(1); x < g.Int64(); x++ {
					if gcdInt64(x, n.Int64()) == 1 && checkOrder(ctx, big.NewInt(x), r.Order.Big(), n) == nil {
						return fmt.Errorf("%d < %v is a primitive root too", x, g)
					}
				}
			}
			return nil
		},
		Examples: []core.Example{
			// PARI/GP 2.15: znprimroot(7) = Mod(3, 7)
			{Title: "modulo 7", Payload: json.RawMessage(`{"modulus":"7"}`), Result: json.RawMessage(`{"status":"COMPLETE","exists":true,"root":"3","order":"6","order_primes":[{"prime":"2","exponent":1},{"prime":"3","exponent":1}]}`)},
			// PARI/GP 2.15: znorder(Mod(3, 50)) = 20 = eulerphi(50), and 1 is not a root;
			// PARI's znprimroot(50) returns 27, not the least
			{Title: "modulo 2·5²", Payload: json.RawMessage(`{"modulus":"50"}`), Result: json.RawMessage(`{"status":"COMPLETE","exists":true,"root":"3","order":"20","order_primes":[{"prime":"2","exponent":2},{"prime":"5","exponent":1}]}`)},
			{Title: "none modulo 8", Payload: json.RawMessage(`{"modulus":"8"}`), Result: json.RawMessage(`{"status":"COMPLETE","exists":false}`)},
			{Title: "modulo 1", Payload: json.RawMessage(`{"modulus":"1"}`), Result: json.RawMessage(`{"status":"COMPLETE","exists":true,"root":"0","order":"1"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) PrimitiveRootRequest {
			return PrimitiveRootRequest{core.Int(randomUnitModulus(rng))}
		},
	}
}

// isCyclic reports whether n = ∏ p^e is 1, 2, 4, p^k or 2p^k, p odd.
func isCyclic(primes []factor.PrimePower) bool {
	two := big.NewInt(2)
	switch {
	case len(primes) == 0:
		return true
	case len(primes) == 1:
		return primes[0].Base.Cmp(two) != 0 || primes[0].Exponent <= 2
	case len(primes) == 2:
		return primes[0].Base.Cmp(two) == 0 && primes[0].Exponent == 1
	}
	return false
}

// leastPrimitiveRoot searches g = 1, 2, ... for the first unit whose order
// is λ(n) = φ(n). The group is cyclic.
func (g unitGroup) leastPrimitiveRoot(ctx context.Context) (*big.Int, error) {
	if g.n.Cmp(big.NewInt(1)) == 0 {
		return new(big.Int), nil
	}
	t, e := new(big.Int), new(big.Int)
	one := big.NewInt(1)
	for x := big.NewInt(1); x.Cmp(g.n) < 0; x.Add(x, one) {
		if x.Int64()%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if t.GCD(nil, nil, x, g.n).Cmp(one) != 0 {
			continue
		}
		primitive := true
		for _, pp := range g.lambdaPrimes {
			if t.Exp(x, e.Quo(g.lambda, pp.Base), g.n).Cmp(one) == 0 {
				primitive = false
				break
			}
		}
		if primitive {
			return x, nil
		}
	}
	return nil, fmt.Errorf("no primitive root below %v, though the group is cyclic", clipped(g.n))
}

// DiscreteLogRequest asks for x with base^x ≡ value (mod modulus).
type DiscreteLogRequest struct {
	Base    core.Integer `json:"base"`
	Value   core.Integer `json:"value"`
	Modulus core.Integer `json:"modulus"`
}

// DiscreteLogResult is the least non-negative logarithm, if any: the
// solutions are then exactly logarithm + k·order.
type DiscreteLogResult struct {
	Status     FactorStatus   `json:"status"`
	Exists     *bool          `json:"exists,omitempty" jsonschema:"whether some x ≥ 0 has base^x ≡ value (status COMPLETE)"`
	Logarithm  *core.Integer  `json:"logarithm,omitempty" jsonschema:"the least such x, in [0, order) (when one exists)"`
	Order      *core.Integer  `json:"order,omitempty" jsonschema:"the multiplicative order of the base: every solution is logarithm + k·order (status COMPLETE)"`
	OutOfReach *core.Integer  `json:"out_of_reach,omitempty" jsonschema:"a prime of the base's order above 2^36, beyond baby-step giant-step's reach (status INCOMPLETE)"`
	Unfactored []core.Integer `json:"unfactored,omitempty" jsonschema:"what could not be factored within the budget (status INCOMPLETE)"`
}

// discreteLogOperation solves base^x ≡ value (mod n) by Pohlig–Hellman and
// baby-step giant-step (see the top of this file). Canonical result:
// COMPLETE with the base's order and exists, with the least logarithm in
// [0, order) when it exists (a value not prime to n has none); or
// INCOMPLETE naming what could not be factored, or the prime of the order
// out of reach. A base not prime to n and a modulus below 1 are
// DOMAIN_ERRORs naming their field.
func discreteLogOperation() core.Operation[DiscreteLogRequest, DiscreteLogResult] {
	return core.Operation[DiscreteLogRequest, DiscreteLogResult]{
		ID:         "integer.compute.discrete_log",
		Title:      "Discrete logarithm modulo n",
		Summary:    "The least x ≥ 0 with base^x ≡ value (mod n) for a unit base, by Pohlig–Hellman and baby-step giant-step, or a completed answer that none exists.",
		Keywords:   []string{"discrete logarithm", "discrete log", "znlog", "pohlig hellman", "baby step giant step", "bsgs", "index"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits:     []core.Limit{unitGroupLimit(func(n string) string { return fmt.Sprintf(`{"base":"3","value":"7","modulus":"%s"}`, n) })},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "modulus 0", Payload: `{"base":"3","value":"7","modulus":"0"}`, Code: core.DomainError, Path: "/payload/modulus"},
				{Title: "base not a unit", Payload: `{"base":"6","value":"4","modulus":"9"}`, Code: core.DomainError, Path: "/payload/base"},
			}
		},
		Preflight: func(ctx context.Context, q DiscreteLogRequest) error {
			if err := refuseDigits(q.Base.Big(), q.Value.Big()); err != nil {
				return err
			}
			if err := preflightUnitModulus(q.Modulus.Big()); err != nil {
				return err
			}
			return requireUnit(q.Base.Big(), q.Modulus.Big(), "base")
		},
		Run:           discreteLog,
		Postcondition: checkDiscreteLog,
		Examples: []core.Example{
			// PARI/GP 2.15: znlog(13, Mod(3, 17)) = 4 (3^4 = 81 = 4·17 + 13)
			{Title: "3^x ≡ 13 (mod 17)", Payload: json.RawMessage(`{"base":"3","value":"13","modulus":"17"}`), Result: json.RawMessage(`{"status":"COMPLETE","exists":true,"logarithm":"4","order":"16"}`)},
			// 2 has order 3 modulo 7, so 3 ∉ ⟨2⟩.
			{Title: "no logarithm: 2^x ≡ 3 (mod 7)", Payload: json.RawMessage(`{"base":"2","value":"3","modulus":"7"}`), Result: json.RawMessage(`{"status":"COMPLETE","exists":false,"order":"3"}`)},
			// PARI/GP 2.15: znlog(7, Mod(3, 100)) = 15, znorder(Mod(3, 100)) = 20
			{Title: "3^x ≡ 7 (mod 100), a non-cyclic group", Payload: json.RawMessage(`{"base":"3","value":"7","modulus":"100"}`), Result: json.RawMessage(`{"status":"COMPLETE","exists":true,"logarithm":"15","order":"20"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) DiscreteLogRequest {
			n := randomUnitModulus(rng)
			b := randomUnit(rng, n)
			v := new(big.Int).Exp(b, randomInt(rng, 40), n)
			if rng.IntN(3) == 0 {
				v = randomUnit(rng, n)
			}
			return DiscreteLogRequest{core.Int(b), core.Int(v), core.Int(n)}
		},
	}
}

func discreteLog(ctx context.Context, q DiscreteLogRequest) (DiscreteLogResult, error) {
	n := q.Modulus.Big()
	g, un, err := unitGroupOf(ctx, n)
	if err != nil || un != nil {
		return DiscreteLogResult{Status: Incomplete, Unfactored: un}, err
	}
	b := new(big.Int).Mod(q.Base.Big(), n)
	v := new(big.Int).Mod(q.Value.Big(), n)
	ord := g.order(b)
	o := core.Int(ord)
	no := false
	res := DiscreteLogResult{Status: Complete, Order: &o, Exists: &no}
	if new(big.Int).GCD(nil, nil, v, n).Cmp(big.NewInt(1)) != 0 && n.Cmp(big.NewInt(1)) != 0 {
		return res, nil
	}
	// The primes of the order, with their exponents.
	var parts []factor.PrimePower
	for _, pp := range g.lambdaPrimes {
		e := 0
		for t := new(big.Int).Set(ord); new(big.Int).Rem(t, pp.Base).Sign() == 0; t.Quo(t, pp.Base) {
			e++
		}
		if e == 0 {
			continue
		}
		if pp.Base.BitLen() > MaxLogPrimeBits {
			p := core.Int(pp.Base)
			return DiscreteLogResult{Status: Incomplete, OutOfReach: &p}, nil
		}
		parts = append(parts, factor.PrimePower{Base: pp.Base, Exponent: e})
	}
	x, m := new(big.Int), big.NewInt(1)
	var scratch bsgsScratch
	for _, pp := range parts {
		xq, ok, err := logPrimePower(ctx, b, v, n, ord, pp.Base, pp.Exponent, &scratch)
		if err != nil {
			return DiscreteLogResult{}, err
		}
		if !ok {
			return res, nil
		}
		qe := new(big.Int).Exp(pp.Base, big.NewInt(int64(pp.Exponent)), nil)
		// x ≡ x (mod m), x ≡ xq (mod qe); m and qe are coprime.
		t := new(big.Int).Sub(xq, x)
		t.Mul(t, new(big.Int).ModInverse(new(big.Int).Mod(m, qe), qe)).Mod(t, qe)
		x.Add(x, t.Mul(t, m))
		m.Mul(m, qe)
	}
	if new(big.Int).Exp(b, x, n).Cmp(v) != 0 {
		return res, nil // value lies outside the base's subgroup
	}
	yes := true
	l := core.Int(x)
	res.Exists, res.Logarithm = &yes, &l
	return res, nil
}

// logPrimePower finds x mod q^e with (b^(ord/q^e))^x ≡ v^(ord/q^e), digit
// by digit in base q (Pohlig–Hellman), or reports that some digit has no
// solution.
func logPrimePower(ctx context.Context, b, v, n, ord, q *big.Int, e int, scratch *bsgsScratch) (*big.Int, bool, error) {
	qe := new(big.Int).Exp(q, big.NewInt(int64(e)), nil)
	cof := new(big.Int).Quo(ord, qe)
	bq := new(big.Int).Exp(b, cof, n) // order q^e
	h := new(big.Int).Exp(v, cof, n)
	gamma := new(big.Int).Exp(bq, new(big.Int).Exp(q, big.NewInt(int64(e-1)), nil), n) // order q
	bqInv := new(big.Int).ModInverse(bq, n)
	// The digits share γ, so the two-word baby steps are taken once.
	table, words, err := newBSGSTable(ctx, gamma, n, q, scratch)
	if err != nil {
		return nil, false, err
	}
	x := new(big.Int)
	qk := big.NewInt(1)
	for k := range e {
		// h_k = (h·bq^(−x))^(q^(e−1−k)).
		t := new(big.Int).Exp(bqInv, x, n)
		t.Mul(t, h).Mod(t, n)
		t.Exp(t, new(big.Int).Exp(q, big.NewInt(int64(e-1-k)), nil), n)
		var d *big.Int
		var ok bool
		if words {
			d, ok, err = table.log(ctx, t)
		} else {
			d, ok, err = bsgs(ctx, gamma, t, n, q)
		}
		if err != nil || !ok {
			return nil, false, err
		}
		x.Add(x, new(big.Int).Mul(d, qk))
		qk.Mul(qk, q)
	}
	return x, true, nil
}

// bsgs finds d in [0, q) with γ^d ≡ h (mod n), γ of order q, by Shanks's
// baby-step giant-step: γ^j for j < m = ⌈√q⌉ in a table keyed by the
// residue's low word (the exponent j alone is kept; the few keys two
// residues share keep all their exponents beside), then h·γ^(−mi) for
// i ≤ m looked up in it; a hit is confirmed on the full residue, γ^j
// recomputed. The products reuse their storage (QuoRem into a kept
// quotient), so a step allocates nothing.
func bsgs(ctx context.Context, gamma, h, n, q *big.Int) (*big.Int, bool, error) {
	m := new(big.Int).Sqrt(q)
	m.Add(m, big.NewInt(1))
	steps := m.Int64()
	key := func(x *big.Int) uint64 {
		if w := x.Bits(); len(w) > 0 {
			return uint64(w[0])
		}
		return 0
	}
	table := make(map[uint64]int64, steps)
	shared := map[uint64][]int64{}
	cur, quo, prod := big.NewInt(1), new(big.Int), new(big.Int)
	mulMod := func(z, x *big.Int) {
		prod.Mul(z, x)
		quo.QuoRem(prod, n, z)
	}
	for j := range steps {
		if j%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
		}
		k := key(cur)
		if first, ok := table[k]; ok {
			if shared[k] == nil {
				shared[k] = []int64{first}
			}
			shared[k] = append(shared[k], j)
		} else {
			table[k] = j
		}
		mulMod(cur, gamma)
	}
	giant := new(big.Int).ModInverse(new(big.Int).Exp(gamma, m, n), n)
	y := new(big.Int).Set(h)
	t := new(big.Int)
	for i := int64(0); i <= steps; i++ {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
		}
		k := key(y)
		if first, ok := table[k]; ok {
			cands := shared[k]
			if cands == nil {
				cands = []int64{first}
			}
			for _, j := range cands {
				if t.Exp(gamma, big.NewInt(j), n).Cmp(y) == 0 {
					d := new(big.Int).Mul(big.NewInt(i), m)
					d.Add(d, big.NewInt(j)).Mod(d, q)
					return d, true, nil
				}
			}
		}
		mulMod(y, giant)
	}
	return nil, false, nil
}

// checkDiscreteLog: a logarithm satisfies base^x ≡ value with x below the
// order, which checkOrder confirms; "none" is confirmed by value not being
// a unit, by value^order ≢ 1 (outside every subgroup of that order), or for
// small orders by trying every x.
func checkDiscreteLog(ctx context.Context, q DiscreteLogRequest, r DiscreteLogResult) error {
	n := q.Modulus.Big()
	if r.Status == Incomplete {
		if r.Exists != nil || (len(r.Unfactored) == 0) == (r.OutOfReach == nil) {
			return fmt.Errorf("an INCOMPLETE result names one obstacle and gives no answer")
		}
		return nil
	}
	if r.Exists == nil || r.Order == nil || *r.Exists != (r.Logarithm != nil) {
		return fmt.Errorf("exists, logarithm and order disagree")
	}
	b := new(big.Int).Mod(q.Base.Big(), n)
	v := new(big.Int).Mod(q.Value.Big(), n)
	o := r.Order.Big()
	if err := checkOrder(ctx, b, o, n); err != nil {
		return err
	}
	if *r.Exists {
		x := r.Logarithm.Big()
		if x.Sign() < 0 || x.Cmp(o) >= 0 || new(big.Int).Exp(b, x, n).Cmp(v) != 0 {
			return fmt.Errorf("the logarithm is outside [0, order) or base^logarithm ≢ value")
		}
		return nil
	}
	if new(big.Int).GCD(nil, nil, v, n).Cmp(big.NewInt(1)) != 0 || new(big.Int).Exp(v, o, n).Cmp(new(big.Int).Mod(big.NewInt(1), n)) != 0 {
		return nil
	}
	if o.IsInt64() && o.Int64() <= 1<<16 {
		t := new(big.Int).Mod(big.NewInt(1), n)
		for x := int64(0); x < o.Int64(); x++ {
			if t.Cmp(v) == 0 {
				return fmt.Errorf("base^%d ≡ value, yet no logarithm is reported", x)
			}
			t.Mul(t, b).Mod(t, n)
		}
	}
	return nil
}
