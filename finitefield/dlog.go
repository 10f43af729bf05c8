package finitefield

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
	"jacobian.dev/core/primality"
)

// DiscreteLogRequest asks for x with base^x = element in GF(q)*.
type DiscreteLogRequest struct {
	Field   Field   `json:"field"`
	Base    Element `json:"base"`
	Element Element `json:"element"`
}

// DiscreteLogResult: when the element lies in the subgroup the base
// generates, Exists is true and Logarithm is the least x ≥ 0 with
// base^x = element (so x < the base's order); otherwise Exists is false
// and Logarithm is absent, a completed answer that no logarithm exists.
// BaseOrder is the order n of the base with its factorization (primes
// ascending), the evidence for both answers: a logarithm exists exactly
// when element^n = 1, GF(q)* being cyclic.
type DiscreteLogResult struct {
	Exists                  bool          `json:"exists"`
	Logarithm               *core.Integer `json:"logarithm,omitempty"`
	BaseOrder               core.Integer  `json:"base_order"`
	BaseOrderFactorization  []PrimePower  `json:"base_order_factorization"`
	CharacteristicPrimality Primality     `json:"characteristic_primality"`
}

// MaxLogPrimeBits bounds the prime factors of q − 1 except for GF(p) with
// odd p < 2^64: the baby-step giant-step search in a subgroup of prime
// order r keeps √r elements, 2^20 at the bound. Modulo a prime p < 2^64
// index calculus (indexcalc.go) serves the large primes, and every prime
// of p − 1 is accepted.
const MaxLogPrimeBits = 40

// parseDiscreteLog checks the field, both elements and, by factoring
// q − 1 (q ≤ 2^80, a few milliseconds), that every prime of q − 1 has at
// most MaxLogPrimeBits bits unless the field is served on words.
func parseDiscreteLog(ctx context.Context, q DiscreteLogRequest) (*gf, elem, elem, []PrimePower, error) {
	F, err := parseOrderField(q.Field)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	g, err := F.parseElement(q.Base, "/payload/base")
	if err != nil {
		return nil, nil, nil, nil, err
	}
	h, err := F.parseElement(q.Element, "/payload/element")
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if isZero(g) {
		return nil, nil, nil, nil, core.DomainErrorAt("/payload/base", "the base must be a nonzero element (of the multiplicative group)")
	}
	if isZero(h) {
		return nil, nil, nil, nil, core.DomainErrorAt("/payload/element", "0 is not a power of any element; give a nonzero element")
	}
	fs, err := F.groupFactorization(ctx)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	for _, f := range fs {
		if b := f.Prime.Big().BitLen(); b > MaxLogPrimeBits && !F.onWordLog() {
			return nil, nil, nil, nil, core.Refusef("q − 1 has the prime factor %s of %d bits; discrete logarithms are limited to groups whose primes have at most %d bits", f.Prime, b, MaxLogPrimeBits)
		}
	}
	return F, g, h, fs, nil
}

// discreteLog returns log_g h modulo the order n of g (with the
// factorization nf of n), or nil when h is not in <g>: Pohlig–Hellman
// (IEEE Trans. Inf. Theory 24 (1978)) reduces to the subgroups of prime
// order r | n, digit by digit of each prime power, where baby-step
// giant-step (Shanks 1971) finds the digit in O(√r) products; the
// residues are combined by the Chinese remainder theorem (Cohen, A Course
// in Computational Algebraic Number Theory, §5.1, Algorithm 5.1.3 is the
// BSGS; Menezes et al., Handbook of Applied Cryptography, Algorithm 3.63,
// Pohlig–Hellman).
func (F *gf) discreteLog(ctx context.Context, g, h elem, n *big.Int, nf []PrimePower) (*big.Int, error) {
	hn, err := F.powCtx(ctx, h, n)
	if err != nil {
		return nil, err
	}
	if !isOne(hn) {
		return nil, nil
	}
	x, mod := new(big.Int), big.NewInt(1)
	for _, pp := range nf {
		r := pp.Prime.Big()
		re := new(big.Int).Exp(r, big.NewInt(int64(pp.Exponent)), nil)
		cof := new(big.Int).Quo(n, re)
		gr, err := F.powCtx(ctx, g, cof)
		if err != nil {
			return nil, err
		}
		hr, err := F.powCtx(ctx, h, cof)
		if err != nil {
			return nil, err
		}
		gamma, err := F.powCtx(ctx, gr, new(big.Int).Quo(re, r)) // order r
		if err != nil {
			return nil, err
		}
		grInv := F.inv(gr)
		xr := new(big.Int)
		rj := big.NewInt(1)
		for j := range pp.Exponent {
			// (g_r^(−x_r)·h_r)^(r^(e−1−j)) lies in <gamma>.
			t, err := F.powCtx(ctx, grInv, xr)
			if err != nil {
				return nil, err
			}
			t = F.mul(t, hr)
			t, err = F.powCtx(ctx, t, new(big.Int).Exp(r, big.NewInt(int64(pp.Exponent-1-j)), nil))
			if err != nil {
				return nil, err
			}
			d, err := F.bsgs(ctx, gamma, t, r)
			if err != nil {
				return nil, err
			}
			xr.Add(xr, new(big.Int).Mul(d, rj))
			rj.Mul(rj, r)
		}
		// x ≡ xr (mod r^e), by CRT with the moduli so far (coprime).
		inv := new(big.Int).ModInverse(mod, re)
		diff := new(big.Int).Sub(xr, x)
		diff.Mul(diff, inv).Mod(diff, re)
		x.Add(x, diff.Mul(diff, mod))
		mod.Mul(mod, re)
	}
	return x.Mod(x, n), nil
}

// bsgs returns d in [0, r) with gamma^d = t, gamma of prime order r and t
// in <gamma>: the baby steps gamma^j, j < m = ⌈√r⌉, in a table by
// encoding, the giant steps t·gamma^(−mi).
func (F *gf) bsgs(ctx context.Context, gamma, t elem, r *big.Int) (*big.Int, error) {
	m := new(big.Int).Sqrt(r)
	if new(big.Int).Mul(m, m).Cmp(r) < 0 {
		m.Add(m, big.NewInt(1))
	}
	mi := int(m.Int64())
	key := func(a elem) string { return string(F.encode(a).Bytes()) }
	baby := make(map[string]int, mi)
	cur := F.one()
	for j := range mi {
		if j%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if _, ok := baby[key(cur)]; !ok {
			baby[key(cur)] = j
		}
		cur = F.mul(cur, gamma)
	}
	giant, err := F.powCtx(ctx, F.inv(gamma), m)
	if err != nil {
		return nil, err
	}
	cur = t
	for i := 0; i <= mi; i++ {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if j, ok := baby[key(cur)]; ok {
			d := new(big.Int).Mul(big.NewInt(int64(i)), m)
			return d.Add(d, big.NewInt(int64(j))).Mod(d, r), nil
		}
		cur = F.mul(cur, giant)
	}
	return nil, errors.New("baby-step giant-step found no logarithm in the subgroup")
}

// discreteLogOperation: discrete logarithms in GF(q)*, q ≤ 2^80, by
// Pohlig–Hellman and baby-step giant-step (see discreteLog), on machine
// words for GF(p) with odd p < 2^64 (see discreteLogWords), where index
// calculus takes the digit of a large prime of p − 1 (indexcalc.go).
func discreteLogOperation() core.Operation[DiscreteLogRequest, DiscreteLogResult] {
	wrap := func(f string, k int) string {
		return `{"field":` + f + `,"base":` + oneIn(k) + `,"element":` + oneIn(k) + `}`
	}
	// PARI/GP 2.15: r = 1099511626793 = precprime(2^40) down to the first
	// r with 2r + 1 prime, and r = 1099511627933 the first above 2^40.
	return core.Operation[DiscreteLogRequest, DiscreteLogResult]{
		ID:         "finite_field.element.discrete_logarithm.compute",
		Title:      "Discrete logarithm in a finite field",
		Summary:    "The least x ≥ 0 with base^x = element in the multiplicative group of GF(p) or GF(p^k), or the answer that none exists, with the base's order as evidence.",
		Keywords:   []string{"discrete logarithm", "discrete log", "znlog", "fflog", "pohlig hellman", "baby step giant step", "index calculus", "index", "finite field"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field", "finite_field_element"},
		Limits: append(orderLimits(wrap), core.Limit{
			Name: "prime_bits", Max: MaxLogPrimeBits, Unit: "bits",
			Description: "every prime factor of q − 1 has at most this many bits, unless q is a prime below 2^64 (index calculus: then any)",
			// PARI/GP 2.15: nextprime(2^64) − 1 = 2^2·7·658812288346769701.
			Beyond: func() string { return wrap(`{"characteristic":"18446744073709551629","degree":1}`, 1) },
			At: func() string {
				return `{"field":{"characteristic":"2199023253587","degree":1},"base":"2","element":"3"}`
			},
		}),
		Bounds: fieldBoundsWithin("/field", MaxDegree, 25),
		RefusalExamples: func() []core.RefusalExample {
			f7 := `{"characteristic":"7","degree":1}`
			return []core.RefusalExample{
				{Title: "a zero base", Payload: `{"field":` + f7 + `,"base":"0","element":"3"}`, Code: core.DomainError, Path: "/payload/base"},
				{Title: "a zero element", Payload: `{"field":` + f7 + `,"base":"3","element":"0"}`, Code: core.DomainError, Path: "/payload/element"},
				{Title: "an element outside [0, p)", Payload: `{"field":` + f7 + `,"base":"3","element":"7"}`, Code: core.InvalidPayload, Path: "/payload/element"},
			}
		},
		Preflight: func(ctx context.Context, q DiscreteLogRequest) error {
			_, _, _, _, err := parseDiscreteLog(ctx, q)
			return err
		},
		Run: func(ctx context.Context, q DiscreteLogRequest) (DiscreteLogResult, error) {
			F, g, h, _, err := parseDiscreteLog(ctx, q)
			if err != nil {
				return DiscreteLogResult{}, err
			}
			pr, err := F.certify(ctx)
			if err != nil {
				return DiscreteLogResult{}, err
			}
			n, nf, err := F.order(ctx, g)
			if err != nil {
				return DiscreteLogResult{}, err
			}
			log := F.discreteLog
			if F.onWordLog() {
				log = F.discreteLogWords
			}
			x, err := log(ctx, g, h, n, nf)
			if err != nil {
				return DiscreteLogResult{}, err
			}
			res := DiscreteLogResult{Exists: x != nil, BaseOrder: core.Int(n), BaseOrderFactorization: nf, CharacteristicPrimality: Primality(pr)}
			if x != nil {
				xi := core.Int(x)
				res.Logarithm = &xi
			}
			return res, nil
		},
		Postcondition: checkDiscreteLog,
		Slow:          func() string { return slowDiscreteLog },
		Examples: []core.Example{
			// PARI/GP 2.15: znlog(Mod(6,7), Mod(3,7)) = 3.
			{Title: "log base 3 of 6 in GF(7)", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"base":"3","element":"6"}`),
				Result: json.RawMessage(`{"exists":true,"logarithm":"3","base_order":"6","base_order_factorization":[{"prime":"2","exponent":1},{"prime":"3","exponent":1}],"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: znlog(Mod(2,7), Mod(6,7)) = []: 6 has order 2.
			{Title: "2 is not a power of 6 in GF(7)", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"base":"6","element":"2"}`),
				Result: json.RawMessage(`{"exists":false,"base_order":"2","base_order_factorization":[{"prime":"2","exponent":1}],"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: znlog(Mod(5,1000003), Mod(2,1000003)) = 292379.
			{Title: "log base 2 of 5 modulo the prime 1000003", Payload: json.RawMessage(`{"field":{"characteristic":"1000003","degree":1},"base":"2","element":"5"}`),
				Result: json.RawMessage(`{"exists":true,"logarithm":"292379","base_order":"1000002","base_order_factorization":[{"prime":"2","exponent":1},{"prime":"3","exponent":1},{"prime":"166667","exponent":1}],"characteristic_primality":"proven"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) DiscreteLogRequest {
			for {
				F := randomField(ctx, rng, 20, 2)
				if rng.IntN(4) == 0 {
					// A prime of 40 to 64 bits: index calculus where p − 1 has a large prime.
					F = newGF(new(big.Int).SetUint64(modular.RandomPrime(rng, 40+rng.IntN(25))), 1, nil)
				}
				g := F.random(rng)
				if isZero(g) {
					continue
				}
				h := F.random(rng)
				if rng.IntN(2) == 0 {
					h = F.powRightToLeft(g, randomBelow(rng, F.q))
				}
				if isZero(h) {
					h = F.one()
				}
				return DiscreteLogRequest{Field: F.toField(), Base: F.toElement(g), Element: F.toElement(h)}
			}
		},
	}
}

// checkDiscreteLog verifies the base's order (base^n = 1 and
// base^(n/r) ≠ 1 for every proven prime r | n, n | q − 1) and then either
// base^x = element with 0 ≤ x < n, which makes x the least logarithm, or
// element^n ≠ 1, which shows that the element is not in the subgroup the
// base generates.
func checkDiscreteLog(ctx context.Context, q DiscreteLogRequest, r DiscreteLogResult) error {
	F, g, h, _, err := parseDiscreteLog(ctx, q)
	if err != nil {
		return err
	}
	n := r.BaseOrder.Big()
	if n.Sign() <= 0 || new(big.Int).Mod(F.qm1, n).Sign() != 0 {
		return errors.New("the base order does not divide q − 1")
	}
	prod := big.NewInt(1)
	for _, pp := range r.BaseOrderFactorization {
		p := pp.Prime.Big()
		if st, _ := primality.Test(p); st != primality.Prime || pp.Exponent < 1 {
			return fmt.Errorf("%s^%d is not a proven prime power", p, pp.Exponent)
		}
		prod.Mul(prod, new(big.Int).Exp(p, big.NewInt(int64(pp.Exponent)), nil))
		if isOne(F.powRightToLeft(g, new(big.Int).Quo(n, p))) {
			return errors.New("the base order is not minimal")
		}
	}
	if prod.Cmp(n) != 0 || !isOne(F.powRightToLeft(g, n)) {
		return errors.New("the base order is wrong")
	}
	if r.Exists {
		if r.Logarithm == nil {
			return errors.New("a logarithm that exists must be given")
		}
		x := r.Logarithm.Big()
		if x.Sign() < 0 || x.Cmp(n) >= 0 || !equal(F.powRightToLeft(g, x), h) {
			return errors.New("base^logarithm is not the element, or the logarithm is not below the order")
		}
		return nil
	}
	if r.Logarithm != nil || isOne(F.powRightToLeft(h, n)) {
		return errors.New("no logarithm is claimed, but the element lies in the base's subgroup")
	}
	return nil
}
