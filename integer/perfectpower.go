package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/factor"
	"jacobian.dev/core/modular"
)

// MaxPerfectPowerDigits bounds n for perfect_power: a k-th root is tried
// for every prime k up to n's bit length.
const MaxPerfectPowerDigits = 2_000

// PerfectPowerRequest asks how n is a perfect power. n is kept as its
// decimal text where the runtime can (core:"text"): most non-powers are
// answered from residues read off the digits (notPowerByDigits).
type PerfectPowerRequest struct {
	N core.Integer `json:"n" core:"text"`
}

// PerfectPowerResult is n = base^exponent with the exponent as large as
// possible.
type PerfectPowerResult struct {
	Base        core.Integer `json:"base"`
	Exponent    int          `json:"exponent" jsonschema:"the largest k with n = base^k; 1 when n is not a perfect power"`
	AnyExponent bool         `json:"any_exponent" jsonschema:"true for n = −1, 0, 1, which are n^k for every odd k ≥ 1 (every k ≥ 1 for 0 and 1); base is n and exponent 1"`
}

// perfectPowerOperation detects perfect powers: for |n| ≥ 2 the k-th root
// is tried for each prime k up to the bit length (k-th roots by Newton's
// iteration, core/factor.PerfectPower), and a found root is tried again,
// so exponents multiply up to the largest (Bernstein, "Detecting perfect
// powers in essentially linear time", Math. Comp. 67 (1998), takes the
// same primes). For n < 0 only odd exponents are possible: with
// |n| = r^k, n = (−r^(k/k'))^k' for k' the odd part of k.
//
// Canonical result: base and the largest exponent (exponent 1 and base n
// when n is no perfect power); base negative exactly when n is; for
// n ∈ {−1, 0, 1} any_exponent is true with base n, exponent 1.
func perfectPowerOperation() core.Operation[PerfectPowerRequest, PerfectPowerResult] {
	return core.Operation[PerfectPowerRequest, PerfectPowerResult]{
		ID:         "integer.compute.perfect_power",
		Title:      "Perfect power detection",
		Summary:    "Writes an integer as base^k with k as large as possible (k = 1 when it is not a perfect power); negative integers take odd k.",
		Keywords:   []string{"perfect power", "ispower", "is perfect square", "is perfect cube", "ispowerful", "power detection", "nth power"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{{
			Name: "digits", Max: MaxPerfectPowerDigits, Unit: "decimal digits",
			Description: "n has at most this many decimal digits",
			Beyond:      func() string { return fmt.Sprintf(`{"n":"%s"}`, repeatDigit('9', MaxPerfectPowerDigits+1)) },
			At:          func() string { return fmt.Sprintf(`{"n":"-%s"}`, repeatDigit('9', MaxPerfectPowerDigits)) },
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{{Title: "a JSON number", Payload: `{"n":64}`, Code: core.InvalidPayload, Path: "/payload/n"}}
		},
		Preflight: func(ctx context.Context, q PerfectPowerRequest) error {
			if digits, ok := q.N.Digits(); ok {
				// Canonical: its length, less a sign, is the count.
				if d := len(strings.TrimPrefix(digits, "-")); d > MaxPerfectPowerDigits {
					return core.Refusef("n has %d digits; at most %d are allowed", d, MaxPerfectPowerDigits)
				}
				return nil
			}
			if d, over := digitsOver(q.N.Big(), MaxPerfectPowerDigits); over {
				return core.Refusef("n has %d digits; at most %d are allowed", d, MaxPerfectPowerDigits)
			}
			return nil
		},
		Run: func(ctx context.Context, q PerfectPowerRequest) (PerfectPowerResult, error) {
			// n kept as text is long (|n| ≥ 10^18), so not −1, 0 or 1.
			if digits, ok := q.N.Digits(); ok && notPowerByDigits(digits) {
				return PerfectPowerResult{Base: q.N, Exponent: 1}, nil
			}
			return perfectPower(ctx, q.N.Big())
		},
		// base^exponent = n, and base is no perfect power of an exponent
		// n allows, checked by notPowerCertified: a prime dividing the
		// base to a power coprime to the exponent, or a prime p ≡ 1
		// (mod k) modulo which the base is no k-th power (the odd primes
		// to 47 first, from the residues the valuations read), with
		// floorRoot (Newton's iteration in this package) where neither
		// is found.
		Postcondition: func(ctx context.Context, q PerfectPowerRequest, r PerfectPowerResult) error {
			// A base of the same canonical digits as n is n, and
			// notPowerByDigits' valuation of 1 shows it is no power;
			// both long, so any_exponent must be false.
			if nd, ok := q.N.Digits(); ok && r.Exponent == 1 && !r.AnyExponent {
				if bd, ok := r.Base.Digits(); ok && bd == nd && notPowerByDigits(bd) {
					return nil
				}
			}
			n, b := q.N.Big(), r.Base.Big()
			// b^1 is b, compared without the copy Exp makes of it.
			if r.Exponent < 1 || r.Exponent == 1 && b.Cmp(n) != 0 ||
				r.Exponent > 1 && new(big.Int).Exp(b, big.NewInt(int64(r.Exponent)), nil).Cmp(n) != 0 {
				return fmt.Errorf("base^exponent ≠ n")
			}
			if r.AnyExponent != (n.CmpAbs(big.NewInt(1)) <= 0) {
				return fmt.Errorf("any_exponent is %v for n = %v", r.AnyExponent, clipped(n))
			}
			if r.AnyExponent {
				return nil
			}
			ab := absView(b)
			all, res := powerExponentCandidatesWith(ab)
			var ks []uint64
			for _, k := range all {
				if (n.Sign() > 0 || k != 2) && !notKthPowerBySmallPrimes(ab, res, k) {
					ks = append(ks, k)
				}
			}
			first := newFirstResidues(ab, ks)
			for i, k := range ks {
				if err := ctx.Err(); err != nil {
					return err
				}
				if notKthPowerCertifiedWith(ab, k, first.primes[i], first.residues[i]) {
					continue
				}
				root, err := floorRoot(ctx, ab, int(k))
				if err != nil {
					return err
				}
				if new(big.Int).Exp(root, big.NewInt(int64(k)), nil).Cmp(ab) == 0 {
					return fmt.Errorf("the base is itself a %d-th power: the exponent is not the largest", k)
				}
			}
			return nil
		},
		Examples: []core.Example{
			// PARI/GP 2.15: ispower(2^60) = 60
			{Title: "2^60", Payload: json.RawMessage(`{"n":"1152921504606846976"}`), Result: json.RawMessage(`{"base":"2","exponent":60,"any_exponent":false}`)},
			// PARI/GP 2.15: ispower(-64) = 3, (-4)^3 = -64
			{Title: "−64 = (−4)³: only odd exponents", Payload: json.RawMessage(`{"n":"-64"}`), Result: json.RawMessage(`{"base":"-4","exponent":3,"any_exponent":false}`)},
			{Title: "72 is no perfect power", Payload: json.RawMessage(`{"n":"72"}`), Result: json.RawMessage(`{"base":"72","exponent":1,"any_exponent":false}`)},
			{Title: "1 is a power of every exponent", Payload: json.RawMessage(`{"n":"1"}`), Result: json.RawMessage(`{"base":"1","exponent":1,"any_exponent":true}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) PerfectPowerRequest {
			k := int64(rng.IntN(20) + 1)
			n := new(big.Int).Exp(randomInt(rng, 40), big.NewInt(k), nil)
			if rng.IntN(4) == 0 {
				n.Add(n, big.NewInt(1))
			}
			if rng.IntN(3) == 0 && k%2 == 1 {
				n.Neg(n)
			}
			return PerfectPowerRequest{core.Int(n)}
		},
	}
}

// perfectPower writes n as base^k with k largest.
func perfectPower(ctx context.Context, n *big.Int) (PerfectPowerResult, error) {
	if n.CmpAbs(big.NewInt(1)) <= 0 {
		return PerfectPowerResult{Base: core.Int(new(big.Int).Set(n)), Exponent: 1, AnyExponent: true}, nil
	}
	m := absView(n)
	r, k, err := largestPower(ctx, m)
	if err != nil {
		return PerfectPowerResult{}, err
	}
	if n.Sign() > 0 {
		return PerfectPowerResult{Base: core.Int(r), Exponent: k}, nil
	}
	odd := k
	for odd%2 == 0 {
		odd /= 2
	}
	b := new(big.Int).Exp(r, big.NewInt(int64(k/odd)), nil)
	return PerfectPowerResult{Base: core.Int(b.Neg(b)), Exponent: odd}, nil
}

// Perfect power detection.
//
// largestPower finds n = r^k with k largest for n ≥ 2 in three stages,
// after Bernstein, "Detecting perfect powers in essentially linear time",
// Math. Comp. 67 (1998), and Cohen, A Course in Computational Algebraic
// Number Theory, §1.7:
//
//  1. Valuations. If a prime p ≤ 47 divides n, every exponent k of n
//     divides v_p(n), so only the primes of g = gcd of those valuations
//     are candidates (none when g = 1, the common case of a random n);
//     when no such p divides n, the root is at least 53 and
//     k < log₂ n / log₂ 53.
//  2. For a candidate k whose root has at most 44 bits, the root is the
//     nearest integer c to 2^(log₂ n / k), computed in floating point
//     with a relative error below 10⁻¹⁴ (so that c is the root whenever
//     there is one); c^k ≢ n modulo the prime 2^61 − 1 rules k out in
//     a few word products.
//  3. For a larger root, a prime p ≡ 1 (mod k) modulo which n is no
//     k-th power (n^((p−1)/k) ≢ 1) rules k out: first the odd primes to
//     47, whose residues stage 1 has read (notKthPowerBySmallPrimes),
//     before stage 2, then larger ones (notKthPowerCertified);
//     only a k-th power residue modulo every prime tried, about one n in
//     k^6 when n is no power, goes on to floorRoot.
//
// A root found is searched again, so that the exponents multiply to the
// largest. The reference is core/factor.PerfectPower, which tries every
// prime exponent with a residue sieve and a full root
// (TestLargestPowerAgainstReference).

// squaresTo29 is 3²·5²·…·29², below 2^64, and squares31To47 is
// 31²·37²·41²·43²·47², below 2^54: n modulo them gives n mod p² for
// every odd prime p ≤ 47, so a p dividing n exactly once, which settles
// a random n at once (v_p(n) = 1, no exponent k > 1 divides it), is
// seen without a division of n by a power of p (valuation).
const (
	squaresTo29   = 9 * 25 * 49 * 121 * 169 * 289 * 361 * 529 * 841
	squares31To47 = 961 * 1369 * 1681 * 1849 * 2209
)

// mersenne61 is the prime 2^61 − 1.
const mersenne61 = 1<<61 - 1

// floatRootBits is the largest root, in bits, that floatRoot gives
// exactly: its relative error below 10⁻¹⁴ is under 0.2 at 2^44.
const floatRootBits = 44

// certificatePrimeTries is how many primes p ≡ 1 (mod k) are tried
// before a full root.
const certificatePrimeTries = 6

// powerTablePrimes are the primes below 8192, beyond the bit length of
// any n perfect_power takes (MaxPerfectPowerDigits digits are under
// 6645 bits).
var powerTablePrimes = sync.OnceValue(func() []uint64 { return factor.SmallPrimes(8192) })

// powerPrimesUpTo is the primes ≤ n.
func powerPrimesUpTo(n int) []uint64 {
	ps := powerTablePrimes()
	if n >= 8192 {
		return factor.SmallPrimes(n + 1)
	}
	i, _ := slices.BinarySearch(ps, uint64(n)+1)
	return ps[:i]
}

// largestPower returns r and the largest k with m = r^k, for m ≥ 2.
//
// The candidates that pass the residue tests (mayBeKthPower) are nearly
// always exponents of m, and every exponent of m divides the largest, so
// when two or more pass, one root of their product K is tried first: for
// m = r^21 that is a 21st root in place of a cube root of m and then a
// 7th root of the cube root, each as long as the 21st root or longer.
// Where it is not exact, the candidates are tried one at a time.
func largestPower(ctx context.Context, m *big.Int) (*big.Int, int, error) {
	all, res := powerExponentCandidatesWith(m)
	bits := m.BitLen()
	// The residues the valuations read rule out most small exponents
	// before m is reduced again (notKthPowerBySmallPrimes).
	var candidates []uint64
	for _, k := range all {
		if k < uint64(bits) && !notKthPowerBySmallPrimes(m, res, k) {
			candidates = append(candidates, k)
		}
	}
	if len(candidates) == 0 {
		return m, 1, nil // most integers: a prime ≤ 47 divides them once
	}
	top := topBitsOf(m)
	m61 := modular.ReduceLong(m, mersenne61)
	// The candidates whose root is too long for the floating-point test
	// go to the certificate primes, whose first residues are reduced
	// together (firstResidues).
	var wide []uint64
	for _, k := range candidates {
		if k < uint64(bits) && (bits+int(k)-1)/int(k) > floatRootBits {
			wide = append(wide, k)
		}
	}
	first := newFirstResidues(m, wide)
	var ks []uint64
	product := uint64(1)
	for _, k := range candidates {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		var p0, r0 uint64
		if len(wide) > 0 && wide[0] == k {
			p0, r0 = first.primes[0], first.residues[0]
			wide, first.primes, first.residues = wide[1:], first.primes[1:], first.residues[1:]
		}
		if mayBeKthPowerWith(m, top, m61, k, p0, r0) {
			ks = append(ks, k)
			product = min(product*k, uint64(m.BitLen())) // 2^K > m past it
		}
	}
	if len(ks) >= 2 && product < uint64(m.BitLen()) {
		r, err := exactRoot(ctx, m, top, m61, product)
		if err != nil {
			return nil, 0, err
		}
		if r != nil {
			b, e, err := largestPower(ctx, r)
			return b, e * int(product), err
		}
	}
	for _, k := range ks {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		r, err := exactRoot(ctx, m, top, m61, k)
		if err != nil {
			return nil, 0, err
		}
		if r != nil {
			b, e, err := largestPower(ctx, r)
			return b, e * int(k), err
		}
	}
	return m, 1, nil
}

// absView returns |n| sharing n's words, without the copy Abs makes (two
// of them were a third of a 2,000-digit non-power's run). It and what is
// built on it are read, never written: the base of a non-power is the
// view itself.
func absView(n *big.Int) *big.Int { return new(big.Int).SetBits(n.Bits()) }

// powerExponentCandidates is the primes k, ascending, for which m ≥ 2 may
// be a k-th power, from the valuations of m at the primes ≤ 47 (stage 1).
// The primes are read from m mod p², two reductions of m at most
// (squaresTo29), before any valuation is taken: about seven random m in
// ten have 2 or an odd prime ≤ 29 to the first power, and take one
// reduction at most.
// powerExponentCandidatesByDivision is the reference.
func powerExponentCandidates(m *big.Int) []uint64 {
	ks, _ := powerExponentCandidatesWith(m)
	return ks
}

// powerExponentCandidatesWith is powerExponentCandidates that also
// returns m's residues modulo the squares of the odd primes ≤ 47, valid
// whenever a candidate is returned.
func powerExponentCandidatesWith(m *big.Int) ([]uint64, smallResidues) {
	var res smallResidues
	g := uint64(m.TrailingZeroBits())
	if g == 1 {
		return nil, res
	}
	// squared lists the primes whose square divides m, each of
	// valuation ≥ 2 taken after all have been read.
	var squared [14]uint64
	ns := 0
	for i, group := range [2]struct {
		product uint64
		primes  []uint64
	}{
		{squaresTo29, []uint64{3, 5, 7, 11, 13, 17, 19, 23, 29}},
		{squares31To47, []uint64{31, 37, 41, 43, 47}},
	} {
		rem := modular.ReduceLong(m, group.product)
		res[i] = rem
		for _, p := range group.primes {
			switch {
			case rem%p != 0:
			case rem%(p*p) != 0:
				return nil, res // v_p(m) = 1
			default:
				squared[ns] = p
				ns++
			}
		}
	}
	q, pb := new(big.Int), new(big.Int)
	for _, p := range squared[:ns] {
		if g = gcdWord(g, valuation(m, p, q, pb)); g == 1 {
			return nil, res
		}
	}
	switch {
	case g == 1:
		return nil, res
	case g > 1:
		var ks []uint64
		for _, k := range powerPrimesUpTo(int(min(g, 1<<20))) {
			if g%k == 0 {
				ks = append(ks, k)
			}
		}
		return ks, res
	}
	// No prime ≤ 47 divides m: the root is ≥ 53, so 53^k ≤ m < 2^bits
	// and k < bits/log₂ 53 (log₂ 53 > 5.727).
	return powerPrimesUpTo(m.BitLen() * 1000 / 5727), res
}

// smallResidues is m mod squaresTo29 and m mod squares31To47, which give
// m mod p for every odd prime p ≤ 47 without another pass over m.
type smallResidues [2]uint64

// smallOddPrimes are the odd primes whose residues smallResidues holds.
var smallOddPrimes = [...]uint64{3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47}

// mod is m mod p for an odd prime p ≤ 47.
func (r smallResidues) mod(p uint64) uint64 {
	if p <= 29 {
		return r[0] % p
	}
	return r[1] % p
}

// notKthPowerBySmallPrimes reports that m ≥ 1 is certainly no k-th power,
// k prime, from its residues r: m mod 64 is no square (k = 2), or an odd
// prime p ≤ 47 with k | p − 1 and p ∤ m has m^((p−1)/k) ≢ 1 (mod p), by
// Fermat as in notKthPowerCertified (for k = 2, Euler's criterion, with
// every odd prime). The residues are those the valuations already read
// (powerExponentCandidatesWith): on a 2,000-digit m with v_2(m) = 4 and
// no odd prime ≤ 47 dividing it, the residues settled k = 2 where
// maybeSquare and the certificate primes took two more passes over m,
// and m mod (2^61 − 1) a third. false means "maybe".
func notKthPowerBySmallPrimes(m *big.Int, r smallResidues, k uint64) bool {
	if k == 2 && len(m.Bits()) > 0 && !squareResidues()[0][uint64(m.Bits()[0])%64] {
		return true
	}
	if k > 23 {
		return false // p − 1 ≤ 46 has no prime factor above 23
	}
	for _, p := range smallOddPrimes {
		if (p-1)%k != 0 {
			continue
		}
		if mp := r.mod(p); mp != 0 && modular.Pow(mp, (p-1)/k, p) != 1 {
			return true
		}
	}
	return false
}

// valuation returns v_p(m) for a prime p ≤ 47 dividing m ≥ 1. With p^t
// the largest power of p in a word, r = m mod p^t, taken without
// allocating (modular.ReduceLong), is m's residue with the same
// valuation when it is not zero, found in machine words; m is divided by
// p^t only while r is zero (rarely even once). So a 21st power of a
// multiple of 5, or a random multiple of 7, takes one remainder of m.
// q and pb are scratch.
func valuation(m *big.Int, p uint64, q, pb *big.Int) uint64 {
	pt, t := p, uint64(1)
	for pt <= math.MaxUint64/p {
		pt *= p
		t++
	}
	v := uint64(0)
	x := m
	r := modular.ReduceLong(x, pt)
	for ; r == 0; r = modular.ReduceLong(x, pt) {
		x = q.Quo(x, pb.SetUint64(pt))
		v += t
	}
	for r%p == 0 {
		r /= p
		v++
	}
	return v
}

func gcdWord(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// mayBeKthPower is false when m ≥ 2 is certainly no k-th power, k ≥ 2,
// for top = topBitsOf(m) and m61 = m mod (2^61 − 1): 2^k > m, or the
// nearest integer c to m^(1/k), when below 2^44, has c^k ≢ m modulo
// 2^61 − 1, or for a larger root the residue tests of maybeSquare and
// notKthPowerCertified (whose primes p ≡ 1 mod k serve composite k as
// well: x^(p−1) ≡ 1).
func mayBeKthPower(m *big.Int, top topBits, m61, k uint64) bool {
	return mayBeKthPowerWith(m, top, m61, k, 0, 0)
}

// mayBeKthPowerWith is mayBeKthPower given m mod p0 = r0 for the first
// prime of notKthPowerCertified (p0 = 0: none is given).
func mayBeKthPowerWith(m *big.Int, top topBits, m61, k, p0, r0 uint64) bool {
	bits := m.BitLen()
	if k >= uint64(bits) {
		return false // 2^k > m
	}
	if (bits+int(k)-1)/int(k) <= floatRootBits {
		c := top.root(k)
		return c >= 2 && powMod61(c%mersenne61, k) == m61
	}
	return !(k == 2 && !maybeSquare(m) || notKthPowerCertifiedWith(m, k, p0, r0))
}

// exactRoot returns r with r^k = m, or nil when m is no k-th power, for
// k ≥ 2, top = topBitsOf(m) and m61 = m mod (2^61 − 1). The candidate is
// the nearest integer to the floating-point root when the root is below
// 2^44, above it rootTwoAdic's for odd k and floorRoot's (Newton's
// iteration) for even k; it is compared with m modulo 2^61 − 1, then
// raised to the k-th power and compared with m.
func exactRoot(ctx context.Context, m *big.Int, top topBits, m61, k uint64) (*big.Int, error) {
	bits := m.BitLen()
	if k >= uint64(bits) {
		return nil, nil // 2^k > m
	}
	var r *big.Int
	switch {
	case (bits+int(k)-1)/int(k) <= floatRootBits:
		r = new(big.Int).SetUint64(top.root(k))
	case k%2 == 1:
		if r = rootTwoAdic(m, k); r == nil {
			return nil, nil
		}
	default:
		var err error
		if r, err = floorRoot(ctx, m, int(k)); err != nil {
			return nil, err
		}
	}
	if powMod61(modular.ReduceLong(r, mersenne61), k) != m61 {
		return nil, nil
	}
	if powerBig(r, int(k)).Cmp(m) != 0 {
		return nil, nil
	}
	return r, nil
}

// rootTwoAdic returns the only r < 2^B, B = ⌈bits(m)/k⌉ + 1, that can be
// the k-th root of m ≥ 1 for odd k ≥ 3, or nil when m is certainly no
// k-th power; r^k = m is left to the caller. With m = 2^v·a, a odd, a
// k-th power has k | v and root 2^(v/k)·x, x the odd k-th root of a
// modulo 2^B, unique because x ↦ x^k permutes the odd residues modulo a
// power of 2 for odd k. x = a·y^(k−1) for y = a^(−1/k), found by the
// 2-adic Newton iteration y ← y + y·(1 − a·y^k)/k, which doubles the
// correct low bits from y = 1 (Bernstein, "Detecting perfect powers in
// essentially linear time", Math. Comp. 67 (1998), §5; Brent and
// Zimmermann, Modern Computer Arithmetic, §2.4.2 on 2-adic Newton). For
// m = r^21 of 6600 bits this is a few products of 320 bits, where
// floorRoot's real Newton iteration divides m by y^20 at each step.
func rootTwoAdic(m *big.Int, k uint64) *big.Int {
	v := m.TrailingZeroBits()
	if uint64(v)%k != 0 {
		return nil
	}
	B := (m.BitLen()-int(v)+int(k)-1)/int(k) + 1
	mask := new(big.Int).Lsh(big.NewInt(1), uint(B))
	mask.Sub(mask, big.NewInt(1))
	// a = the odd part of m modulo 2^B, all the iteration reads of it.
	a := new(big.Int).Lsh(mask, v)
	a.And(a, m).Rsh(a, v)
	kinv := inverseTwoAdic(k, mask)
	t, at, pm := new(big.Int), new(big.Int), new(big.Int)
	y := big.NewInt(1)
	for prec := 1; prec < B; {
		prec = min(2*prec, B)
		pm.Rsh(mask, uint(B-prec)) // 2^prec − 1
		powMasked(t, y, k, pm)
		t.Mul(t, at.And(a, pm)).And(t, pm) // a·y^k
		t.Sub(big.NewInt(1), t).Mul(t, y).And(t, pm)
		t.Mul(t, at.And(kinv, pm)).And(t, pm)
		y.Add(y, t).And(y, pm)
	}
	x := powMasked(new(big.Int), y, k-1, mask)
	x.Mul(x, a).And(x, mask)
	return x.Lsh(x, v/uint(k))
}

// inverseTwoAdic is k⁻¹ modulo 2^B for odd k, mask = 2^B − 1, by the
// Newton iteration i ← i·(2 − k·i), which doubles the correct low bits
// from the 64 of the word inverse.
func inverseTwoAdic(k uint64, mask *big.Int) *big.Int {
	inv := k // k·k ≡ 1 (mod 8)
	for range 5 {
		inv *= 2 - k*inv
	}
	i := new(big.Int).SetUint64(inv)
	i.And(i, mask)
	kb, t := new(big.Int).SetUint64(k), new(big.Int)
	for prec := 64; prec < mask.BitLen(); prec *= 2 {
		t.Mul(kb, i).And(t, mask)
		t.Sub(big.NewInt(2), t)
		i.Mul(i, t).And(i, mask)
	}
	return i
}

// powMasked sets z = x^e mod 2^B, mask = 2^B − 1, e ≥ 1, by left-to-right
// binary powering with each product cut to B bits, and returns z.
func powMasked(z, x *big.Int, e uint64, mask *big.Int) *big.Int {
	b := new(big.Int).Set(x)
	z.And(b, mask)
	for i := bits.Len64(e) - 2; i >= 0; i-- {
		z.Mul(z, z).And(z, mask)
		if e>>i&1 == 1 {
			z.Mul(z, b).And(z, mask)
		}
	}
	return z
}

// topBits is m ≥ 1 as t·2^shift, t its top 64 bits (all of them when
// m < 2^64), with log₂ t.
type topBits struct {
	shift int
	log2t float64
}

func topBitsOf(m *big.Int) topBits {
	shift := max(m.BitLen()-64, 0)
	words := m.Bits()
	var t uint64
	switch i, o := shift/64, uint(shift%64); {
	case len(words) == 0:
	case o == 0 || i+1 >= len(words):
		t = uint64(words[i]) >> o
	default:
		t = uint64(words[i])>>o | uint64(words[i+1])<<(64-o)
	}
	return topBits{shift, math.Log2(float64(t))}
}

// root is the nearest integer to m^(1/k), k ≥ 2, exact up to a relative
// error below 10⁻¹⁴ when the root is below 2^44: log₂ m is the exact
// shift plus log₂ t, and the exponent (shift + log₂ t)/k is split as
// ⌊shift/k⌋ + ((shift mod k) + log₂ t)/k so that the fraction loses
// nothing to the shift's magnitude.
func (b topBits) root(k uint64) uint64 {
	q, rem := uint64(b.shift)/k, uint64(b.shift)%k
	est := math.Ldexp(math.Exp2((float64(rem)+b.log2t)/float64(k)), int(q))
	if est >= 1<<63 {
		return 1 << 63
	}
	return uint64(math.Round(est))
}

// floatRoot is topBitsOf(m).root(k).
func floatRoot(m *big.Int, k uint64) uint64 { return topBitsOf(m).root(k) }

// mulMod61 is a·b mod 2^61 − 1 for a, b < 2^61 − 1.
func mulMod61(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	r := lo&mersenne61 + (lo>>61 | hi<<3)
	r = r&mersenne61 + r>>61
	if r >= mersenne61 {
		r -= mersenne61
	}
	return r
}

// powMod61 is b^e mod 2^61 − 1 for b < 2^61 − 1.
func powMod61(b, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = mulMod61(r, b)
		}
		b = mulMod61(b, b)
	}
	return r
}

// squareResidues64, 63, 65 and 11 mark the squares modulo 64, 63, 65
// and 11: a square is one modulo each, about one integer in 70 passes
// all four (Cohen, Algorithm 1.7.3).
var squareResidues = sync.OnceValue(func() [4][]bool {
	var t [4][]bool
	for i, q := range []int{64, 63, 65, 11} {
		t[i] = make([]bool, q)
		for x := range q {
			t[i][x*x%q] = true
		}
	}
	return t
})

// maybeSquare is false when m ≥ 0 is certainly no square.
func maybeSquare(m *big.Int) bool {
	t := squareResidues()
	if len(m.Bits()) > 0 && !t[0][uint64(m.Bits()[0])%64] {
		return false
	}
	r := modular.ReduceLong(m, 63*65*11)
	return t[1][r%63] && t[2][r%65] && t[3][r%11]
}

// notKthPowerCertified reports that m ≥ 1 is certainly no k-th power, k
// prime, by a prime p = 2ik + 1 < 2^32 with p ∤ m and
// m^((p−1)/k) ≢ 1 (mod p): for m = x^k, m^((p−1)/k) = x^(p−1) ≡ 1 by
// Fermat. Up to certificatePrimeTries primes are tried; false means
// "maybe".
func notKthPowerCertified(m *big.Int, k uint64) bool {
	return notKthPowerCertifiedWith(m, k, 0, 0)
}

// notKthPowerCertifiedWith is notKthPowerCertified given m mod p0 = r0
// for a prime p0 (p0 = 0: none is given), which it takes instead of
// reducing m again when p0 is one of its primes.
func notKthPowerCertifiedWith(m *big.Int, k, p0, r0 uint64) bool {
	tried := 0
	for p := 2*k + 1; p < 1<<32 && tried < certificatePrimeTries; p += 2 * k {
		if !wordPrimeByTable(p) {
			continue
		}
		tried++
		mp := r0
		if p != p0 {
			mp = modular.ReduceLong(m, p)
		}
		if mp != 0 && modular.Pow(mp, (p-1)/k, p) != 1 {
			return true
		}
	}
	return false
}

// firstCertificatePrime is the first prime p = 2ik + 1 below 2^32, the
// first notKthPowerCertified tries, or 0 when there is none.
func firstCertificatePrime(k uint64) uint64 {
	for p := 2*k + 1; p < 1<<32; p += 2 * k {
		if wordPrimeByTable(p) {
			return p
		}
	}
	return 0
}

// firstResidues holds, for each exponent k of a list, the first prime
// p_k that notKthPowerCertified tries and m mod p_k. The primes are a few
// thousand at most, so m is reduced once modulo the product of as many
// of them as fit in a word, four or five, and each residue taken from
// that: a non-power with no prime factor up to 47 has some 190 candidate
// exponents at 2,000 digits, whose postcondition reduced m 190 times.
// p_k almost always settles k (m^((p_k − 1)/k) ≡ 1 one time in k).
type firstResidues struct {
	primes, residues []uint64
}

func newFirstResidues(m *big.Int, ks []uint64) firstResidues {
	f := firstResidues{primes: make([]uint64, len(ks)), residues: make([]uint64, len(ks))}
	start, product := 0, uint64(1)
	flush := func(end int) {
		if end > start {
			x := modular.ReduceLong(m, product)
			for i := start; i < end; i++ {
				if f.primes[i] != 0 {
					f.residues[i] = x % f.primes[i]
				}
			}
		}
		start, product = end, 1
	}
	for i, k := range ks {
		p := firstCertificatePrime(k)
		f.primes[i] = p
		if p == 0 {
			continue
		}
		if hi, _ := bits.Mul64(product, p); hi != 0 {
			flush(i)
		}
		product *= p
	}
	flush(len(ks))
	return f
}

// wordPrimeByTable is trial division of p < 2^26 by the primes below
// 8192, and of a larger p by every integer up to its square root.
func wordPrimeByTable(p uint64) bool {
	if p < 2 {
		return false
	}
	if p >= 1<<26 {
		for d := uint64(2); d*d <= p; d++ {
			if p%d == 0 {
				return false
			}
		}
		return true
	}
	for _, d := range powerTablePrimes() {
		if d*d > p {
			break
		}
		if p%d == 0 {
			return false
		}
	}
	return true
}
