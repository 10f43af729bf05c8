package integer

// Square roots modulo n.
//
// The roots of x² ≡ a (mod n) are found prime power by prime power and
// combined by the Chinese remainder theorem, so n is factored first
// (core/factor, the budget of prime_factorization's default run; a
// modulus that passes core/primality's test is taken whole). Each prime
// is proven below 3.3·10^24 and a Baillie–PSW probable prime above (no
// composite is known to pass); the roots listed always satisfy
// x² ≡ a (mod n), and the count rests on those primes.
//
// Modulo p^e, write a ≡ p^v·b with p ∤ b. If a ≡ 0 (mod p^e), the roots
// are the multiples of p^⌈e/2⌉, p^⌊e/2⌋ of them. Otherwise x² ≡ a needs v
// even, and then x = p^(v/2)·y with y² ≡ b (mod p^f), f = e − v; y is
// determined modulo p^f but x modulo p^e only needs y modulo p^(e − v/2),
// so each root y₀ modulo p^f gives the p^(v/2) roots
// x = p^(v/2)·(y₀ + t·p^f), 0 ≤ t < p^(v/2).
//
// For odd p, y² ≡ b (mod p) has two roots or none (Euler's criterion); one
// is big.Int.ModSqrt's (Tonelli–Shanks, or the direct formulas for
// p ≡ 3 mod 4 and p ≡ 5 mod 8; Cohen, A Course in Computational Algebraic
// Number Theory, Algorithm 1.5.1), lifted to p^f by Hensel's lemma in the
// Newton form y ← y − (y² − b)/(2y), which doubles the precision at each
// step. For p = 2 and odd b: one root modulo 2, two modulo 4 when
// b ≡ 1 (mod 4), four modulo 2^f (f ≥ 3) when b ≡ 1 (mod 8), namely
// ±r and ±r + 2^(f−1), with r lifted one bit at a time (if r² ≢ b modulo
// 2^(k+1), r += 2^(k−1)).

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

// Limits of modular_sqrt.
const (
	// MaxSqrtModulusDigits bounds the modulus, which is factored.
	MaxSqrtModulusDigits = MaxFactorDigits
	// MaxListedRoots bounds the roots listed; more are counted only.
	MaxListedRoots = 10_000
)

// ModSqrtRequest asks for every x in [0, modulus) with x² ≡ a.
type ModSqrtRequest struct {
	A       core.Integer `json:"a"`
	Modulus core.Integer `json:"modulus"`
}

// ModSqrtResult lists the square roots of a modulo the modulus.
type ModSqrtResult struct {
	Status     RootsStatus    `json:"status"`
	Count      *core.Integer  `json:"count,omitempty" jsonschema:"the number of roots in [0, modulus) (status COMPLETE)"`
	Roots      []core.Integer `json:"roots,omitempty" jsonschema:"every root in [0, modulus), ascending, when count is at most 10000; absent when there are none or too many to list"`
	Unfactored []core.Integer `json:"unfactored,omitempty" jsonschema:"the composite parts of the modulus left unfactored within the budget (status INCOMPLETE)"`
}

// RootsStatus says whether the roots are known.
type RootsStatus string

// The statuses of modular_sqrt.
const (
	RootsComplete   RootsStatus = "COMPLETE"
	RootsIncomplete RootsStatus = "INCOMPLETE"
)

// JSONSchema restricts the statuses.
func (RootsStatus) JSONSchema() *jsonschema.Schema {
	return core.Enum("COMPLETE: count is the exact number of roots, all listed when at most 10000; INCOMPLETE: the modulus could not be factored within the budget, and unfactored names what is left", string(RootsComplete), string(RootsIncomplete))
}

// modSqrtOperation computes every square root of a modulo n (see the top
// of this file). Canonical result: status COMPLETE with count and, when
// count ≤ MaxListedRoots, the roots ascending in [0, n); no roots (count
// 0) when a is not a square modulo n; or INCOMPLETE with the unfactored
// composites when n could not be factored. Modulus 1 has the one root 0;
// a modulus below 1 is a DOMAIN_ERROR naming it.
func modSqrtOperation() core.Operation[ModSqrtRequest, ModSqrtResult] {
	return core.Operation[ModSqrtRequest, ModSqrtResult]{
		ID:         "integer.compute.modular_sqrt",
		Title:      "Modular square roots",
		Summary:    "Every x in [0, n) with x² ≡ a (mod n), for any n ≥ 1: n is factored, then Tonelli–Shanks, Hensel lifting and the Chinese remainder theorem.",
		Keywords:   []string{"modular square root", "sqrt mod", "square root modulo", "tonelli shanks", "quadratic residue", "hensel lifting", "quadratic congruence", "sqrtmod"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{
			{
				Name: "modulus_digits", Max: MaxSqrtModulusDigits, Unit: "decimal digits",
				Description: "the modulus has at most this many decimal digits (it is factored)",
				Beyond: func() string {
					return fmt.Sprintf(`{"a":"4","modulus":"%s"}`, repeatDigit('9', MaxSqrtModulusDigits+1))
				},
				At: func() string {
					// 10^500 = 2^500·5^500: factored by trial division.
					return fmt.Sprintf(`{"a":"%s","modulus":"1%s"}`, repeatDigit('9', MaxOperandDigits), repeatDigit('0', MaxSqrtModulusDigits-1))
				},
			},
			{
				Name: "a_digits", Max: MaxOperandDigits, Unit: "decimal digits",
				Description: "a has at most this many decimal digits",
				Beyond: func() string {
					return fmt.Sprintf(`{"a":"%s","modulus":"7"}`, repeatDigit('9', MaxOperandDigits+1))
				},
				At: func() string {
					return fmt.Sprintf(`{"a":"-%s","modulus":"7"}`, repeatDigit('9', MaxOperandDigits))
				},
			},
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "modulus 0", Payload: `{"a":"4","modulus":"0"}`, Code: core.DomainError, Path: "/payload/modulus"},
				{Title: "negative modulus", Payload: `{"a":"4","modulus":"-7"}`, Code: core.DomainError, Path: "/payload/modulus"},
			}
		},
		Preflight: func(ctx context.Context, q ModSqrtRequest) error {
			if d, over := digitsOver(q.Modulus.Big(), MaxSqrtModulusDigits); over {
				return core.Refusef("the modulus has %d digits; at most %d are allowed", d, MaxSqrtModulusDigits)
			}
			if err := refuseDigits(q.A.Big()); err != nil {
				return err
			}
			return checkModulus(q.Modulus.Big())
		},
		Run: func(ctx context.Context, q ModSqrtRequest) (ModSqrtResult, error) {
			return modSqrt(ctx, q.A.Big(), q.Modulus.Big())
		},
		Postcondition: checkModSqrt,
		Examples: []core.Example{
			// PARI/GP 2.15: sqrt(Mod(2, 7)) = Mod(4, 7); the roots are ±4.
			{Title: "square roots of 2 modulo 7", Payload: json.RawMessage(`{"a":"2","modulus":"7"}`), Result: json.RawMessage(`{"status":"COMPLETE","count":"2","roots":["3","4"]}`)},
			{Title: "3 is not a square modulo 7", Payload: json.RawMessage(`{"a":"3","modulus":"7"}`), Result: json.RawMessage(`{"status":"COMPLETE","count":"0"}`)},
			// PARI/GP 2.15: [x | x <- [0..14], Mod(x,15)^2 == 4] = [2, 7, 8, 13]
			{Title: "four roots of 4 modulo 15", Payload: json.RawMessage(`{"a":"4","modulus":"15"}`), Result: json.RawMessage(`{"status":"COMPLETE","count":"4","roots":["2","7","8","13"]}`)},
			// PARI/GP 2.15: [x | x <- [0..31], Mod(x,32)^2 == 17] = [7, 9, 23, 25]
			{Title: "modulo a power of 2", Payload: json.RawMessage(`{"a":"17","modulus":"32"}`), Result: json.RawMessage(`{"status":"COMPLETE","count":"4","roots":["7","9","23","25"]}`)},
			{Title: "a divisible by the prime: 0 modulo 9", Payload: json.RawMessage(`{"a":"0","modulus":"9"}`), Result: json.RawMessage(`{"status":"COMPLETE","count":"3","roots":["0","3","6"]}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) ModSqrtRequest {
			m := big.NewInt(1)
			for range rng.IntN(4) + 1 {
				p := randomPrime(rng, rng.IntN(40)+2)
				m.Mul(m, new(big.Int).Exp(p, big.NewInt(int64(rng.IntN(3)+1)), nil))
			}
			a := randomInt(rng, 100)
			if rng.IntN(2) == 0 { // a square, so there are roots
				a.Mul(a, a)
			}
			if rng.IntN(4) == 0 {
				a.Neg(a)
			}
			return ModSqrtRequest{core.Int(a), core.Int(m)}
		},
	}
}

// residueSet is the roots modulo one prime power, as a modulus q and
// either the explicit roots or, when there are too many, their count.
type residueSet struct {
	q     *big.Int
	roots []*big.Int
	count *big.Int
}

// modSqrt factors n and combines the roots modulo its prime powers.
func modSqrt(ctx context.Context, a, n *big.Int) (ModSqrtResult, error) {
	var primes, unfactored []factor.PrimePower
	var mont *primality.Montgomery // modulo n when n is prime
	if st, _, m := primality.TestMontgomery(n); st != primality.Composite {
		// A prime modulus needs no trial division; one test costs a
		// fraction of it, and Tonelli–Shanks goes on in its arithmetic.
		primes = []factor.PrimePower{{Base: n, Exponent: 1}}
		mont = m
	} else {
		var err error
		primes, unfactored, err = factor.Factor(ctx, n, defaultFactorBudget(n.BitLen()))
		if err != nil {
			return ModSqrtResult{}, err
		}
	}
	if len(unfactored) > 0 {
		res := ModSqrtResult{Status: RootsIncomplete}
		for _, u := range unfactored {
			res.Unfactored = append(res.Unfactored, core.Int(new(big.Int).Exp(u.Base, big.NewInt(int64(u.Exponent)), nil)))
		}
		return res, nil
	}
	var sets []residueSet
	total := big.NewInt(1)
	for _, pp := range primes {
		s := sqrtPrimePower(a, pp.Base, pp.Exponent, mont)
		sets = append(sets, s)
		total.Mul(total, s.count)
	}
	count := core.Int(total)
	res := ModSqrtResult{Status: RootsComplete, Count: &count}
	if total.Sign() == 0 || total.Cmp(big.NewInt(MaxListedRoots)) > 0 {
		return res, nil
	}
	roots, err := combineRoots(ctx, sets, n)
	if err != nil {
		return ModSqrtResult{}, err
	}
	for _, r := range roots {
		res.Roots = append(res.Roots, core.Int(r))
	}
	return res, nil
}

// sqrtPrimePower is the set of roots of x² ≡ a modulo p^e, listed when
// there are at most MaxListedRoots; m is nil or the Montgomery arithmetic
// modulo p (see sqrtModPrime). A prime modulus, e = 1, is sqrtPrime's.
func sqrtPrimePower(a, p *big.Int, e int, m *primality.Montgomery) residueSet {
	if e == 1 {
		return sqrtPrime(a, p, m)
	}
	return sqrtPrimePowerAny(a, p, e, m)
}

// sqrtPrime is sqrtPrimePower for e = 1, without the powers of p and the
// search for v that p^e needs: 0 is the one root of a ≡ 0, and a unit
// has sqrtModPrime's root and its negative, or none (for p = 2, the
// root 1). sqrtPrimePowerAny is the reference (TestSqrtPrimeAgainstAny).
func sqrtPrime(a, p *big.Int, m *primality.Montgomery) residueSet {
	ar := new(big.Int).Mod(a, p)
	if ar.Sign() == 0 {
		return residueSet{q: p, roots: []*big.Int{ar}, count: big.NewInt(1)}
	}
	if p.Cmp(big.NewInt(2)) == 0 {
		return residueSet{q: p, roots: []*big.Int{ar}, count: big.NewInt(1)}
	}
	r := sqrtModPrime(ar, p, m)
	if r == nil {
		return residueSet{q: p, count: new(big.Int)}
	}
	neg := new(big.Int).Sub(p, r)
	if neg.Cmp(r) < 0 {
		r, neg = neg, r
	}
	return residueSet{q: p, roots: []*big.Int{r, neg}, count: big.NewInt(2)}
}

// sqrtPrimePowerAny is sqrtPrimePower for any e ≥ 1.
func sqrtPrimePowerAny(a, p *big.Int, e int, m *primality.Montgomery) residueSet {
	q := new(big.Int).Exp(p, big.NewInt(int64(e)), nil)
	s := residueSet{q: q}
	ar := new(big.Int).Mod(a, q)
	if ar.Sign() == 0 {
		// The multiples of p^⌈e/2⌉.
		step := new(big.Int).Exp(p, big.NewInt(int64((e+1)/2)), nil)
		s.count = new(big.Int).Exp(p, big.NewInt(int64(e/2)), nil)
		if s.count.Cmp(big.NewInt(MaxListedRoots)) <= 0 {
			for x := new(big.Int); x.Cmp(q) < 0; x = new(big.Int).Add(x, step) {
				s.roots = append(s.roots, x)
			}
		}
		return s
	}
	v := 0
	b := new(big.Int).Set(ar)
	rem := new(big.Int)
	for {
		quo, r := new(big.Int).QuoRem(b, p, rem)
		if r.Sign() != 0 {
			break
		}
		b = quo
		v++
	}
	if v%2 == 1 {
		s.count = new(big.Int)
		return s
	}
	f := e - v
	pf := new(big.Int).Exp(p, big.NewInt(int64(f)), nil)
	ys := sqrtUnitPrimePower(b.Mod(b, pf), p, f, m)
	spread := new(big.Int).Exp(p, big.NewInt(int64(v/2)), nil) // p^(v/2)
	s.count = new(big.Int).Mul(big.NewInt(int64(len(ys))), spread)
	if len(ys) == 0 || s.count.Cmp(big.NewInt(MaxListedRoots)) > 0 {
		return s
	}
	for _, y0 := range ys {
		for t := new(big.Int); t.Cmp(spread) < 0; t.Add(t, big.NewInt(1)) {
			x := new(big.Int).Mul(t, pf)
			x.Add(x, y0).Mul(x, spread).Mod(x, q)
			s.roots = append(s.roots, x)
		}
	}
	slices.SortFunc(s.roots, (*big.Int).Cmp)
	return s
}

// sqrtUnitPrimePower returns the roots of y² ≡ b modulo p^f for b prime
// to p, f ≥ 1: none or two for odd p, up to four for p = 2; m is nil or
// the Montgomery arithmetic modulo p.
func sqrtUnitPrimePower(b, p *big.Int, f int, m *primality.Montgomery) []*big.Int {
	pf := new(big.Int).Exp(p, big.NewInt(int64(f)), nil)
	if p.Cmp(big.NewInt(2)) == 0 {
		return sqrtUnitPowerOfTwo(b, f, pf)
	}
	r := sqrtModPrime(new(big.Int).Mod(b, p), p, m)
	if r == nil {
		return nil
	}
	// Hensel: r ← r − (r² − b)·(2r)⁻¹ modulo p^k, doubling k up to f.
	pk := new(big.Int).Set(p)
	for k := 1; k < f; {
		k = min(2*k, f)
		pk.Exp(p, big.NewInt(int64(k)), nil)
		num := new(big.Int).Mul(r, r)
		num.Sub(num, b)
		inv := new(big.Int).ModInverse(new(big.Int).Lsh(r, 1), pk)
		r.Sub(r, num.Mul(num, inv)).Mod(r, pk)
	}
	neg := new(big.Int).Sub(pf, r)
	if neg.Cmp(r) < 0 {
		return []*big.Int{neg, r}
	}
	return []*big.Int{r, neg}
}

// sqrtModPrime returns a square root of a modulo the odd prime p, 0 < a
// < p, or nil when a is no square. For p of two to 32 words it runs
// Tonelli–Shanks (Cohen, Algorithm 1.5.1) in core/primality's Montgomery
// arithmetic: with p − 1 = 2^e·q, q odd, w = a^((q−1)/2) gives
// x = a·w, a root of a·b for b = a·w² = a^q, whose order divides
// 2^(e−1) when a is a square; the loop corrects x and b by powers of
// y = z^q for a non-residue z (needed only when b ≠ 1 and a is a
// square, so never for p ≡ 3 mod 4 nor for a non-square, whose b has
// order 2^e), squaring b to find its order at each step. So a root
// costs one power of a and, for p ≡ 1 mod 8, at most one of z, where
// big.Int.ModSqrt, the reference (TestSqrtModPrimeAgainstMathBig) and
// the route for other p, takes three with a Jacobi symbol first; for
// p ≡ 5 mod 8, z = 2 and y = 2^q is the base-2 round's power
// (primality.Montgomery.PowTwoOdd) when m came from the test. The root
// is not checked again: x² ≡ a·b holds at the start and after every
// correction (x·t and b·t² keep it) modulo any odd p, prime or not, so
// the x returned when b reaches 1 squares to a (TestTonelliShanksSquares
// runs composite moduli too). A non-residue z not found below 2^16
// leaves a to big.Int.ModSqrt. m is the Montgomery arithmetic modulo p
// that primality.TestMontgomery gave, or nil to prepare it.
func sqrtModPrime(a, p *big.Int, m *primality.Montgomery) *big.Int {
	if m == nil {
		var ok bool
		if m, ok = primality.NewMontgomery(p); !ok {
			return new(big.Int).ModSqrt(a, p)
		}
	}
	root, ok := tonelliShanks(m, a, p)
	if !ok {
		return new(big.Int).ModSqrt(a, p)
	}
	return root
}

// tonelliShanks is sqrtModPrime's Montgomery route: a root, or nil when
// a is no square modulo the prime p of m; ok is false when no
// non-residue was found (nonResidue).
func tonelliShanks(m *primality.Montgomery, a, p *big.Int) (root *big.Int, ok bool) {
	k := m.Words()
	q := new(big.Int).Sub(p, big.NewInt(1))
	e := int(q.TrailingZeroBits())
	q.Rsh(q, uint(e))
	am := m.To(a)
	w := make([]uint64, k)
	m.Exp(w, am, new(big.Int).Rsh(q, 1)) // a^((q−1)/2)
	x := make([]uint64, k)
	m.Mul(x, am, w) // a^((q+1)/2)
	b := make([]uint64, k)
	m.Mul(b, x, w) // a^q
	one := m.One()
	if m.Equal(b, one) {
		return m.From(x), true
	}
	if e == 1 {
		return nil, true // b = −1: a is no square
	}
	var y []uint64 // z^q, of order 2^e, made when first needed
	t := make([]uint64, k)
	for r := e; !m.Equal(b, one); {
		// The order of b is 2^i, i < r when a is a square.
		i := 0
		for copy(t, b); !m.Equal(t, one); i++ {
			if i+1 >= r {
				return nil, true // b's order is 2^r: a is no square
			}
			m.Sqr(t, t)
		}
		if y == nil {
			if y, ok = sylowGenerator(m, p, q, e); !ok {
				return nil, false
			}
		}
		copy(t, y)
		for range r - i - 1 {
			m.Sqr(t, t)
		}
		m.Sqr(y, t)
		m.Mul(x, x, t)
		m.Mul(b, b, y)
		r = i
	}
	return m.From(x), true
}

// sylowGenerator returns y = z^q modulo p = 2^e·q + 1, e ≥ 2, for a
// non-residue z, which generates the subgroup of order 2^e when p is
// prime: z = 2 for p ≡ 5 mod 8 (e = 2), where y is the base-2 round's
// power when m came from the test, else nonResidue's; ok is false when
// nonResidue found none.
func sylowGenerator(m *primality.Montgomery, p, q *big.Int, e int) (y []uint64, ok bool) {
	if e == 2 {
		if y, ok = m.PowTwoOdd(); ok {
			return y, true
		}
	}
	z := big.NewInt(2)
	if e != 2 {
		if z, ok = nonResidue(p); !ok {
			return nil, false
		}
	}
	y = m.To(z)
	m.Exp(y, y, q)
	return y, true
}

// nonResidue returns the least z ≥ 2 with Jacobi(z, p) = −1, searched up
// to 2^16; ok is false past it. The least non-residue is below 2·ln²p
// under the generalised Riemann hypothesis (Bach, "Explicit bounds for
// primality testing", Math. Comp. 55 (1990)) and a small prime for all
// but a vanishing share of p; sqrtModPrime leaves the rare p past 2^16
// to big.Int.ModSqrt.
func nonResidue(p *big.Int) (*big.Int, bool) {
	z := new(big.Int)
	for c := int64(2); c < 1<<16; c++ {
		if big.Jacobi(z.SetInt64(c), p) == -1 {
			return z, true
		}
	}
	return nil, false
}

// sqrtUnitPowerOfTwo returns the roots of y² ≡ b modulo 2^f for odd b.
func sqrtUnitPowerOfTwo(b *big.Int, f int, pf *big.Int) []*big.Int {
	b8 := new(big.Int).And(b, big.NewInt(7)).Int64()
	switch {
	case f == 1:
		return []*big.Int{big.NewInt(1)}
	case f == 2:
		if b8%4 != 1 {
			return nil
		}
		return []*big.Int{big.NewInt(1), big.NewInt(3)}
	case b8 != 1:
		return nil
	}
	r := big.NewInt(1)
	t := new(big.Int)
	for k := 3; k < f; k++ {
		// r² ≡ b (mod 2^k); make it hold modulo 2^(k+1).
		t.Mul(r, r).Sub(t, b)
		if t.Bit(k) != 0 {
			r.Add(r, new(big.Int).Lsh(big.NewInt(1), uint(k-1)))
		}
	}
	half := new(big.Int).Rsh(pf, 1)
	out := []*big.Int{r, new(big.Int).Sub(pf, r), new(big.Int).Add(r, half), new(big.Int).Sub(pf, r)}
	out[3].Add(out[3], half).Mod(out[3], pf)
	out[2].Mod(out[2], pf)
	slices.SortFunc(out, (*big.Int).Cmp)
	return slices.CompactFunc(out, func(x, y *big.Int) bool { return x.Cmp(y) == 0 })
}

// combineRoots forms every combination of the per-prime-power roots by the
// Chinese remainder theorem, x = Σ r_i·e_i mod n with e_i ≡ 1 modulo q_i
// and 0 modulo the others, and returns them ascending. A prime power n
// has one set, whose roots (below q = n, ascending) are the answer: its
// basis, 1, is not computed (a quotient, a remainder and an inverse were
// an eighth of the time outside the primality test for a 100-digit
// prime).
func combineRoots(ctx context.Context, sets []residueSet, n *big.Int) ([]*big.Int, error) {
	if len(sets) == 1 {
		return sets[0].roots, nil
	}
	return combineRootsCRT(ctx, sets, n)
}

// combineRootsCRT is combineRoots for any number of sets, the reference
// for one (TestCombineRootsOneSet).
func combineRootsCRT(ctx context.Context, sets []residueSet, n *big.Int) ([]*big.Int, error) {
	basis := make([]*big.Int, len(sets))
	for i, s := range sets {
		c := new(big.Int).Quo(n, s.q)
		inv := new(big.Int).ModInverse(new(big.Int).Mod(c, s.q), s.q)
		if inv == nil { // q = 1 cannot happen; n = 1 has no sets
			inv = new(big.Int)
		}
		basis[i] = c.Mul(c, inv)
	}
	roots := []*big.Int{new(big.Int)}
	for i, s := range sets {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		next := make([]*big.Int, 0, len(roots)*len(s.roots))
		for _, x := range roots {
			for _, r := range s.roots {
				y := new(big.Int).Mul(r, basis[i])
				next = append(next, y.Add(y, x))
			}
		}
		roots = next
	}
	for _, x := range roots {
		x.Mod(x, n)
	}
	slices.SortFunc(roots, (*big.Int).Cmp)
	return roots, nil
}

// checkModSqrt: every listed root is in [0, n), ascending, with x² ≡ a
// (squared for the lower half, the rest following by the pairing);
// the list is closed under x ↦ n − x (pairing its ends); its length is
// the count; and for n ≤ 2^16 the count is checked by trying every
// residue.
func checkModSqrt(ctx context.Context, q ModSqrtRequest, r ModSqrtResult) error {
	a, n := q.A.Big(), q.Modulus.Big()
	if r.Status == RootsIncomplete {
		if len(r.Unfactored) == 0 || r.Count != nil || r.Roots != nil {
			return fmt.Errorf("an INCOMPLETE result names its unfactored parts and no roots")
		}
		prod := big.NewInt(1)
		for _, u := range r.Unfactored {
			prod.Mul(prod, u.Big())
		}
		if new(big.Int).Rem(n, prod).Sign() != 0 {
			return fmt.Errorf("the unfactored parts do not divide the modulus")
		}
		return nil
	}
	if r.Count == nil || r.Unfactored != nil {
		return fmt.Errorf("a COMPLETE result has a count and no unfactored parts")
	}
	count := r.Count.Big()
	listed := count.Sign() > 0 && count.Cmp(big.NewInt(MaxListedRoots)) <= 0
	if listed != (len(r.Roots) > 0) || (listed && count.Cmp(big.NewInt(int64(len(r.Roots)))) != 0) {
		return fmt.Errorf("count %v with %d roots listed", count, len(r.Roots))
	}
	prev := big.NewInt(-1)
	for i, x := range r.Roots {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		xv := x.Big()
		if xv.Cmp(prev) <= 0 || xv.Cmp(n) >= 0 {
			return fmt.Errorf("roots are not strictly ascending in [0, modulus)")
		}
		prev = xv
	}
	// x ↦ n − x reverses the order of the non-zero residues and fixes 0,
	// so an ascending list closed under it pairs its non-zero roots from
	// both ends.
	t := new(big.Int)
	nonzero := r.Roots
	if len(nonzero) > 0 && nonzero[0].Big().Sign() == 0 {
		nonzero = nonzero[1:]
	}
	for i, x := range nonzero {
		if t.Add(x.Big(), nonzero[len(nonzero)-1-i].Big()).Cmp(n) != 0 {
			return fmt.Errorf("%v is listed but not −%v", clipped(x.Big()), clipped(x.Big()))
		}
	}
	// (n − x)² ≡ x², so the roots up to the middle of the list (0, the
	// lower half of the pairs, and a middle x = n − x) square to a when
	// they all do.
	for i, x := range r.Roots[:len(r.Roots)-len(nonzero)/2] {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		xv := x.Big()
		t.Mul(xv, xv).Sub(t, a)
		if t.Mod(t, n).Sign() != 0 {
			return fmt.Errorf("%v² ≢ a", clipped(xv))
		}
	}
	if n.IsInt64() && n.Int64() <= 1<<16 {
		m := n.Int64()
		ar := new(big.Int).Mod(a, n).Int64()
		found := int64(0)
		for x := int64(0); x < m; x++ {
			if x*x%m == ar {
				found++
			}
		}
		if count.Cmp(big.NewInt(found)) != 0 {
			return fmt.Errorf("count %v, but %d residues square to a", count, found)
		}
	}
	return nil
}
