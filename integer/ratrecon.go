package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/bignum"
	"jacobian.dev/core/modular"
)

// MaxReconstructionDigits bounds the modulus of rational_reconstruction.
const MaxReconstructionDigits = 10_000

// RationalReconstructionRequest asks for p/q ≡ value (mod modulus) with
// small p and q.
type RationalReconstructionRequest struct {
	Value   core.Integer `json:"value"`
	Modulus core.Integer `json:"modulus" jsonschema:"m ≥ 2"`
}

// RationalReconstructionResult is the reconstructed rational, or that
// none exists within the bound.
type RationalReconstructionResult struct {
	Found    bool           `json:"found"`
	Rational *core.Rational `json:"rational,omitempty" jsonschema:"p/q with q·value ≡ p (mod m), |p| ≤ B, 0 < q ≤ B, gcd(q, m) = 1; absent when none exists"`
	Bound    core.Integer   `json:"bound" jsonschema:"B = ⌊√(m/2)⌋"`
	// inverse is the run's certificate that the rational is in lowest
	// terms, u with u·p ≡ 1 (mod q); it is not part of the published
	// result, and a result without it (decoded from JSON) is checked by a
	// gcd instead.
	inverse *big.Int
}

// rationalReconstructionOperation finds p/q with q·a ≡ p (mod m),
// |p| ≤ B and 0 < q ≤ B for B = ⌊√(m/2)⌋. When 2B² < m such a p/q is
// unique (two would give p q' ≡ p' q with |p q' − p' q| < m); when
// m = 2B² exactly, the one returned is Euclid's. It is found by the
// extended Euclidean algorithm on (m, a mod m), stopped at the first
// remainder r_i ≤ B: the answer, if any, is r_i/t_i with t_i the
// cofactor of a (Wang, Guy, Davenport, "p-adic reconstruction of
// rational numbers", SIGSAM Bull. 16 (1982); von zur Gathen and Gerhard,
// Modern Computer Algebra, §5.10). This is PARI's bestappr(Mod(a, m)).
// The remainder is reached by bignum.EuclidBelowCofactor, the half-gcd
// reduction above the bound and a few Euclidean steps, in O(M(n) log n),
// tracking only a's cofactor;
// rationalReconstructionEuclid, one division at a time, is the
// reference. The run decides whether r/t is in lowest terms by inverting
// p modulo q (bignum.ModInverse: Euclid's algorithm on numbers below √m,
// with p's cofactor alone), and that inverse u is the certificate the
// postcondition checks: u·p ≡ 1 (mod q) makes every common divisor of p
// and q divide 1, one product and one exact-division test where a second
// gcd would run Euclid's algorithm again. The postcondition checks a
// found p/q directly, its congruences by bignum.Divisible (Hensel's exact
// division, without big.Int.Rem's quotient estimates); a "none" is
// checked, for m below 10^12, by trying every q ≤ B.
//
// Canonical result: the rational in lowest terms with q > 0; found is
// false, without a rational, when none exists. m < 2 is a DOMAIN_ERROR.
func rationalReconstructionOperation() core.Operation[RationalReconstructionRequest, RationalReconstructionResult] {
	return core.Operation[RationalReconstructionRequest, RationalReconstructionResult]{
		ID:         "integer.compute.rational_reconstruction",
		Title:      "Rational reconstruction",
		Summary:    "Given a mod m, the fraction p/q ≡ a (mod m) with |p|, q ≤ √(m/2), or the statement that none exists, by the half extended Euclidean algorithm.",
		Keywords:   []string{"rational reconstruction", "bestappr", "fraction from residue", "modular to rational", "wang", "lift rational"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{{
			Name: "digits", Max: MaxReconstructionDigits, Unit: "digits",
			Description: "the value and the modulus have at most this many digits each",
			Beyond: func() string {
				return fmt.Sprintf(`{"value":"3","modulus":"1%s"}`, repeatDigit('0', MaxReconstructionDigits))
			},
			At: func() string {
				return fmt.Sprintf(`{"value":"-%s","modulus":"%s"}`, repeatDigit('7', MaxReconstructionDigits), repeatDigit('9', MaxReconstructionDigits))
			},
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "modulus 1", Payload: `{"value":"0","modulus":"1"}`, Code: core.DomainError, Path: "/payload/modulus"},
			}
		},
		Preflight: func(ctx context.Context, q RationalReconstructionRequest) error {
			for _, x := range []*big.Int{q.Value.Big(), q.Modulus.Big()} {
				if d, over := digitsOver(x, MaxReconstructionDigits); over {
					return core.Refusef("an operand has %d digits; at most %d are allowed", d, MaxReconstructionDigits)
				}
			}
			if q.Modulus.Big().Cmp(big.NewInt(2)) < 0 {
				return core.DomainErrorAt(core.PayloadPath("modulus"), "the modulus is %v; send m ≥ 2", clipped(q.Modulus.Big()))
			}
			return nil
		},
		Run: func(ctx context.Context, q RationalReconstructionRequest) (RationalReconstructionResult, error) {
			r, inv, bound, err := rationalReconstructionCertified(ctx, q.Value.Big(), q.Modulus.Big())
			if err != nil {
				return RationalReconstructionResult{}, err
			}
			res := RationalReconstructionResult{Found: r != nil, Bound: core.Int(bound), inverse: inv}
			if r != nil {
				v := core.Rat(r)
				res.Rational = &v
			}
			return res, nil
		},
		Postcondition: func(ctx context.Context, q RationalReconstructionRequest, r RationalReconstructionResult) error {
			return checkReconstruction(ctx, q.Value.Big(), q.Modulus.Big(), r)
		},
		Examples: []core.Example{
			// PARI/GP 2.15: bestappr(Mod(142858, 1000003)) = 3/7
			{Title: "3/7 mod 1000003", Payload: json.RawMessage(`{"value":"142858","modulus":"1000003"}`), Result: json.RawMessage(`{"found":true,"rational":"3/7","bound":"707"}`)},
			// PARI/GP 2.15: bestappr(Mod(123456, 1000003)) = -94/81
			{Title: "a negative numerator", Payload: json.RawMessage(`{"value":"123456","modulus":"1000003"}`), Result: json.RawMessage(`{"found":true,"rational":"-94/81","bound":"707"}`)},
			// PARI/GP 2.15: bestappr(Mod(2, 5)) = []
			{Title: "none exists", Payload: json.RawMessage(`{"value":"2","modulus":"5"}`), Result: json.RawMessage(`{"found":false,"bound":"1"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) RationalReconstructionRequest {
			m := new(big.Int).Abs(randomInt(rng, 80))
			m.Add(m, big.NewInt(2))
			return RationalReconstructionRequest{core.Int(randomInt(rng, 90)), core.Int(m)}
		},
	}
}

// reconstructionBound is ⌊√(m/2)⌋, by sqrtFloor.
func reconstructionBound(m *big.Int) *big.Int {
	return sqrtFloor(new(big.Int).Rsh(m, 1))
}

// sqrtFloor is ⌊√n⌋ for n ≥ 0 by Zimmermann's Karatsuba square root
// (Zimmermann, "Karatsuba square root", INRIA RR-3805, 1999; Brent and
// Zimmermann, Modern Computer Arithmetic, §1.5.2, Algorithm 1.12
// SqrtRem): n, shifted left by an even amount so that its top quarter
// is normalised, splits as a₃β³ + a₂β² + a₁β + a₀ with β = 2^k, and
// from s', r' = SqrtRem(a₃β + a₂) one division of half the size,
// q, u = DivRem(r'β + a₁, 2s'), and one square, s = s'β + q, r = uβ + a₀
// − q², corrected once when r < 0, give the square root and remainder.
// The cost is a few products of half n's size, where Newton's iteration
// from above took two or three divisions of n by its square root.
// big.Int.Sqrt is the reference.
func sqrtFloor(n *big.Int) *big.Int {
	s, _ := sqrtRootRem(n, false)
	return s
}

// lowBits returns x mod 2^k for x ≥ 0, copying only the words it keeps
// (no mask is built).
func lowBits(x *big.Int, k uint) *big.Int {
	w := x.Bits()
	n := min(int((k+bits.UintSize-1)/bits.UintSize), len(w))
	z := make([]big.Word, n)
	copy(z, w[:n])
	if r := k % bits.UintSize; r != 0 && n == int((k+bits.UintSize-1)/bits.UintSize) {
		z[n-1] &= 1<<r - 1
	}
	return new(big.Int).SetBits(z)
}

// sqrtRem returns s = ⌊√n⌋ and r = n − s² for n ≥ 0.
func sqrtRem(n *big.Int) (*big.Int, *big.Int) { return sqrtRootRem(n, true) }

// sqrtRootRem is sqrtRem; without rem, the remainder of the root of an n
// that was shifted to be normalised is not recomputed (a square of half
// n's size, which sqrtFloor does not need) and r is nil then.
func sqrtRootRem(n *big.Int, rem bool) (*big.Int, *big.Int) {
	bl := n.BitLen()
	if bl <= 64 {
		x := n.Uint64()
		s := modular.Sqrt64(x)
		return new(big.Int).SetUint64(s), new(big.Int).SetUint64(x - s*s)
	}
	// k = ⌈bl/4⌉ and n·4^t with 4k − 1 ≤ its length ≤ 4k, so that
	// a₃ ≥ β/4.
	k := (bl + 3) / 4
	t := (4*k - bl) / 2
	m := new(big.Int).Lsh(n, uint(2*t))
	a1 := lowBits(m, uint(2*k))
	a1.Rsh(a1, uint(k))
	a0 := lowBits(m, uint(k))
	sp, rp := sqrtRem(m.Rsh(m, uint(2*k)))
	// q, u = DivRem(r'β + a₁, 2s').
	num := rp.Lsh(rp, uint(k))
	num.Or(num, a1)
	q, u := new(big.Int).QuoRem(num, new(big.Int).Lsh(sp, 1), new(big.Int))
	s := sp.Lsh(sp, uint(k))
	s.Add(s, q)
	r := u.Lsh(u, uint(k))
	r.Or(r, a0)
	r.Sub(r, bignum.Mul(q, q, q))
	if r.Sign() < 0 {
		// r + 2s − 1 = (s − 1)'s remainder.
		r.Add(r, s).Add(r, s).Sub(r, big.NewInt(1))
		s.Sub(s, big.NewInt(1))
	}
	if t == 0 {
		return s, r
	}
	// ⌊√n⌋ = ⌊⌊√(n·4^t)⌋/2^t⌋. t ≤ 1 (4k − bl ≤ 3), so the root S of
	// n·4 is 2s + b with b its low bit, and 4n = S² + R = 4s² + 4sb + b
	// + R gives n − s² = (R + 4sb + b)/4, exact: no square of s (GMP's
	// mpn_sqrtrem unnormalises its remainder the same way).
	low := s.Bit(0)
	s.Rsh(s, 1)
	if !rem {
		return s, nil
	}
	if low == 1 {
		r.Add(r, new(big.Int).Lsh(s, 2))
		r.Add(r, big.NewInt(1))
	}
	return s, r.Rsh(r, 2)
}

// rationalReconstruction returns p/q ≡ a (mod m) with |p|, q ≤ B, or nil,
// and B.
func rationalReconstruction(a, m *big.Int) (*big.Rat, *big.Int) {
	r, bound, _ := rationalReconstructionContext(context.Background(), a, m)
	return r, bound
}

// rationalReconstructionContext is rationalReconstruction by
// bignum.EuclidBelowCofactor, stopping with ctx.Err() once ctx is done.
func rationalReconstructionContext(ctx context.Context, a, m *big.Int) (*big.Rat, *big.Int, error) {
	x, _, bound, err := rationalReconstructionCertified(ctx, a, m)
	return x, bound, err
}

// rationalReconstructionCertified is rationalReconstructionContext that
// also returns, with a rational p/q, the certificate of its lowest terms:
// u with u·p ≡ 1 (mod q).
func rationalReconstructionCertified(ctx context.Context, a, m *big.Int) (*big.Rat, *big.Int, *big.Int, error) {
	bound := reconstructionBound(m)
	// r ≡ t·a (mod m) for the first remainder r ≤ B.
	r, t, err := bignum.EuclidBelowCofactor(ctx, m, new(big.Int).Mod(a, m), bound)
	if err != nil {
		return nil, nil, nil, err
	}
	x, inv, err := reconstructedFraction(ctx, r, t, m, bound)
	return x, inv, bound, err
}

// rationalReconstructionEuclid is the reference: the extended Euclidean
// algorithm one division at a time.
func rationalReconstructionEuclid(a, m *big.Int) (*big.Rat, *big.Int) {
	bound := reconstructionBound(m)
	// Remainders r and cofactors t of a: r_i ≡ t_i·a (mod m).
	r0, r1 := new(big.Int).Set(m), new(big.Int).Mod(a, m)
	t0, t1 := new(big.Int), big.NewInt(1)
	quo, tmp := new(big.Int), new(big.Int)
	for r1.Cmp(bound) > 0 {
		quo.QuoRem(r0, r1, tmp)
		r0, r1 = r1, new(big.Int).Set(tmp)
		tmp.Mul(quo, t1)
		t0, t1 = t1, new(big.Int).Sub(t0, tmp)
	}
	p, q := r1, t1
	if q.Sign() < 0 {
		p, q = new(big.Int).Neg(p), new(big.Int).Neg(q)
	}
	if q.Sign() == 0 || q.Cmp(bound) > 0 || new(big.Int).GCD(nil, nil, q, m).Cmp(big.NewInt(1)) != 0 {
		return nil, bound
	}
	if p.Sign() == 0 {
		return new(big.Rat), bound
	}
	if new(big.Int).GCD(nil, nil, new(big.Int).Abs(p), q).Cmp(big.NewInt(1)) != 0 {
		return nil, bound
	}
	return new(big.Rat).SetFrac(p, q), bound
}

// reconstructedFraction is p/q from the remainder r = s·m + t·a of
// Euclid's algorithm: r/t with the sign on p, or nil when q is 0 or above
// the bound or shares a factor with m; with p/q, u with u·p ≡ 1 (mod q).
// For Euclid's cofactors gcd(s, t) = 1, so gcd(r, t) divides s·m and
// hence m, and gcd(t, m) divides r: so gcd(t, m) = gcd(r, t), a question
// about numbers below √m instead of one of m's size. It is answered by
// inverting p modulo q, which succeeds exactly when gcd(p, q) = 1; then
// r/t is in lowest terms, built without a normalising gcd, and the
// inverse is the certificate of it.
func reconstructedFraction(ctx context.Context, r, t, m, bound *big.Int) (*big.Rat, *big.Int, error) {
	p, q := r, t
	if q.Sign() < 0 {
		p, q = new(big.Int).Neg(p), new(big.Int).Neg(q)
	}
	if q.Sign() == 0 || q.Cmp(bound) > 0 {
		return nil, nil, nil
	}
	u, ok, err := bignum.ModInverseContext(ctx, new(big.Int), p, q)
	if err != nil || !ok {
		return nil, nil, err
	}
	// Num and Denom are references into a Rat whose denominator is set.
	x := new(big.Rat).SetInt64(1)
	x.Num().Set(p)
	x.Denom().Set(q)
	return x, u, nil
}

// checkReconstruction is rational_reconstruction's postcondition.
func checkReconstruction(ctx context.Context, a, m *big.Int, r RationalReconstructionResult) error {
	// B = ⌊√(m/2)⌋ exactly when B ≥ 0 and B² ≤ ⌊m/2⌋ < (B + 1)², that
	// is, 0 ≤ ⌊m/2⌋ − B² ≤ 2B: one squaring instead of a square root.
	bound, half := r.Bound.Big(), new(big.Int).Rsh(m, 1)
	gap := bignum.Mul(new(big.Int), bound, bound)
	gap.Sub(half, gap)
	if bound.Sign() < 0 || gap.Sign() < 0 || gap.Cmp(new(big.Int).Lsh(bound, 1)) > 0 {
		return fmt.Errorf("the bound %v is not ⌊√(m/2)⌋", clipped(bound))
	}
	if r.Found != (r.Rational != nil) {
		return fmt.Errorf("found and the rational disagree")
	}
	if r.Found {
		x := r.Rational.Rat()
		p, q := x.Num(), x.Denom()
		if new(big.Int).Abs(p).Cmp(bound) > 0 || q.Cmp(bound) > 0 {
			return fmt.Errorf("%s exceeds the bound %v", x.RatString(), bound)
		}
		// A common factor of q and m divides p = q·value − k·m, so
		// once the congruence holds, gcd(p, q) = 1 (lowest terms, a
		// question below √m) proves gcd(q, m) = 1 too.
		d := bignum.Mul(new(big.Int), q, a)
		if !bignum.Divisible(d.Sub(d, p), m) {
			return fmt.Errorf("q·value − p is not divisible by m")
		}
		if q.Sign() <= 0 || !lowestTerms(p, q, r.inverse) {
			return fmt.Errorf("%s is not in lowest terms with q > 0, so q may not be a unit mod m", x.RatString())
		}
		return nil
	}
	if m.Cmp(big.NewInt(1_000_000_000_000)) >= 0 {
		return nil
	}
	// No p/q: every q ≤ B leaves q·a mod m, taken in (−m/2, m/2], above
	// B in size, or q is not a unit, or p/q is not in lowest terms (then
	// p/q reduces to a smaller solution, which was tried before).
	mm, b, aa := m.Int64(), bound.Int64(), new(big.Int).Mod(a, m).Int64()
	for q := int64(1); q <= b; q++ {
		if q%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		p := new(big.Int).Mul(big.NewInt(q), big.NewInt(aa))
		pv := p.Mod(p, big.NewInt(mm)).Int64()
		if pv > mm/2 {
			pv -= mm
		}
		if absInt64(pv) <= b && gcd64(q, mm) == 1 && gcd64(absInt64(pv), q) == 1 {
			return fmt.Errorf("%d/%d satisfies the bound, yet none was reported", pv, q)
		}
	}
	return nil
}

// lowestTerms reports gcd(p, q) = 1 for q > 0: by the certificate u,
// when there is one, as u·p ≡ 1 (mod q), which any common divisor of p
// and q would divide; else by bignum.GCD.
func lowestTerms(p, q, u *big.Int) bool {
	if u == nil {
		return bignum.GCD(new(big.Int), p, q).Cmp(big.NewInt(1)) == 0
	}
	d := bignum.Mul(new(big.Int), u, p)
	return bignum.Divisible(d.Sub(d, big.NewInt(1)), q)
}

func absInt64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
