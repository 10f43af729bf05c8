package integer

// Bernoulli numbers from ζ(n), the method of PARI's bernfrac.
//
// For even n ≥ 2, Euler's evaluation of ζ(n) gives
//
//	|B_n| = 2·n!·ζ(n)/(2π)^n,  sign (−1)^(n/2+1),
//
// and the von Staudt–Clausen theorem gives the denominator exactly:
// D_n = ∏ p over the primes with (p − 1) | n (Ireland and Rosen, A
// Classical Introduction to Modern Number Theory, §15.2). So the numerator
// N = |B_n|·D_n is an integer known once it is approximated within 1/2:
//
//	N = 2·n!·D_n / ((2π)^n · ∏_{p ≤ P} (1 − p^(−n))),
//
// with ζ(n)'s Euler product truncated at the least P with
// (n − 1)·log₂P ≥ wp + 2 (Brent and Harvey, "Fast computation of
// Bernoulli, Tangent and Secant numbers", 2013, §2; Fillebrown, "Faster
// computation of Bernoulli numbers", J. Algorithms 13 (1992)).
//
// Precision. Let L ≥ log₂N (from lgamma, with a bit of margin) and
// wp = L + ⌈log₂n⌉ + 12. Every quantity is formed at wp bits; relative
// errors, in units u = 2^(−wp):
//   - π^(−n) is a product of cached powers (inversePiPower), within
//     (n·2^(−29) + 2⌈log₂n⌉)·u ≤ 3n·u; 2^(−n) is exact.
//   - 2·n!·D_n is an exact integer, rounded once: u.
//   - ζ(n) = ∏_{p ≤ P} (1 + 1/(p^n − 1)) truncated is a fixed-point
//     integer Z ≈ 2^wp·ζ(n) (eulerZeta): Z starts at 2^wp, and each prime
//     adds ⌊(Z >> s)/m⌋ where m·2^s is p^n − 1 from powerMinusOne to
//     prec ≥ wp − n·log₂p + ⌈log₂n⌉ + 23 bits, within 5n·2^(−prec) of
//     it relatively. The term, below 2^(wp + 2 − n·log₂p), so errs by
//     less than 1 from the shift, 1 from the floor and
//     2^(wp + 2 − n·log₂p)·5n·2^(−prec) < 1 from m: 3 units of 2^0,
//     against Z ≥ 2^wp, so 3u relatively, and the earlier errors are
//     carried by a factor 1 + 1/(p^n − 1) < 1 + 2^(−39). Primes with
//     p^(−n) < 2^(−wp−7) are left out (u/128 each), and with fewer than
//     n/8 primes (P < n/8 at this precision) Z is within 3n/8·u. From
//     bernoulliParallelFrom on, the primes are split in two runs of that
//     loop (eulerSplit), and fixedProduct joins the two parts within 2
//     units more: Z is within (3n/8 + 2)·u ≤ n/2·u. The primes beyond P
//     change the product by a factor within 1 ± 2·Σ_{m > P} m^(−n) ⊂
//     1 ± u. Below bernoulliParallelFrom, Z starts instead at the
//     mantissa M ∈ [2^(wp−1), 2^wp) of the numerator 2·n!·D_n·(2π)^(−n)
//     (eulerProduct), so that the last product is not formed: the same 3
//     units a prime count against Z ≥ 2^(wp−1), 6u, and Z is within
//     3n/4·u of M·ζ(n).
//   - the two final products, 2u (one below bernoulliParallelFrom).
//
// So the product N ≈ 2·n!·D_n·ζ(n)·(2π)^(−n) is within
// (3n + 3n/4 + 4)·u ≤ 5n·u ≤ 2^(⌈log₂n⌉ + 3 − wp) relatively, and
// within 2^(L + ⌈log₂n⌉ + 3 − wp) = 2^(−9) < 1/2 of N, which is
// therefore the nearest integer.
// bernoulliZeta checks that the computed value lies within 2^(−9) of
// that integer before returning it.
//
// The work is n! (n·log₂n bits), π and (2π)^n at about n·log₂(n/2πe)
// bits, and the Euler product, whose factors shrink in precision; against
// the O(n²) small products of the tangent numbers it wins from small n on.

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"runtime"
	"sync"
)

// bernoulliParallelFrom is the working precision, in bits, from which
// bernoulliZeta splits its work over two goroutines (n ≳ 4000): the
// Euler product's small primes on one, its other primes and n!·π^(−n) on
// the other (eulerSplit). At n = 10,000 (92,000 bits) the two halves
// take 7.2 and 8.5 ms on one core, and 100 calls took 1.79 s of wall
// time against 1.93 s unsplit (BenchmarkBernoulli at GOMAXPROCS=2, least
// of three alternations, loaded 2-core machine); at n = 1000 (6,000
// bits) the split lost to the goroutine's handoff.
const bernoulliParallelFrom = 32768

// vonStaudtDenominator is ∏ p over the primes p with (p − 1) | n, n even
// and positive: the denominator of B_n.
func vonStaudtDenominator(n int) *big.Int {
	d := big.NewInt(1)
	for a := 1; a*a <= n; a++ {
		if n%a != 0 {
			continue
		}
		for _, e := range []int{a, n / a} {
			if trialDivisionPrime(uint64(e + 1)) {
				d.Mul(d, big.NewInt(int64(e+1)))
			}
			if a*a == n {
				break
			}
		}
	}
	return d
}

// bernoulliZeta is B_n for even n ≥ 2 by ζ(n), as described at the top of
// this file.
func bernoulliZeta(ctx context.Context, n int) (*big.Rat, error) {
	if n < bernoulliZetaFrom || n%2 == 1 {
		// The truncation point P of the Euler product grows like 2^(64/n).
		return nil, fmt.Errorf("bernoulliZeta takes even n ≥ %d, not %d", bernoulliZetaFrom, n)
	}
	den := vonStaudtDenominator(n)
	fn := float64(n)
	lg, _ := math.Lgamma(fn + 1)
	lgDen := float64(den.BitLen())
	L := 1 + lg/math.Ln2 + lgDen - fn*math.Log2(2*math.Pi) + 1
	logN := uint(bits.Len(uint(n)))
	wp := uint(max(64, math.Ceil(L))) + logN + 12

	// 2·n!·D_n, exact, then at wp bits, and (2π)^n = 2^n·π^n.
	var num *big.Float
	numerator := func() {
		fact := factorialTree(n)
		fact.Mul(fact, den)
		fact.Lsh(fact, 1)
		num = new(big.Float).SetPrec(wp).SetInt(fact)
		num.Mul(num, inversePiPower(uint64(n), wp))
		num.SetMantExp(num, -n)
	}
	var z *big.Int
	var err error
	if wp >= bernoulliParallelFrom && runtime.GOMAXPROCS(0) >= 2 {
		// The small primes on this goroutine, the numerator and the
		// other primes on a second, and ζ the product of the two parts.
		split := eulerSplit(n, wp)
		var tail *big.Int
		var tailErr error
		var wg sync.WaitGroup
		wg.Go(func() {
			numerator()
			tail, tailErr = eulerZeta(ctx, n, wp, split, 0)
		})
		z, err = eulerZeta(ctx, n, wp, 2, split)
		wg.Wait()
		if err == nil {
			err = tailErr
		}
		if err == nil {
			z = fixedProduct(z, tail, wp)
		}
		if err != nil {
			return nil, err
		}
		zeta := new(big.Float).SetInt(z) // exact: the precision is z's length
		num.Mul(num, zeta.SetMantExp(zeta, -int(wp)))
	} else {
		// The Euler product's factors multiply the numerator's mantissa
		// M ∈ [2^(wp−1), 2^wp) directly: no ζ of its own and no product
		// by it.
		numerator()
		mant := new(big.Float)
		exp := num.MantExp(mant)
		m, _ := mant.SetMantExp(mant, int(wp)).Int(nil)
		if m, err = eulerProduct(ctx, m, n, wp, 2, 0); err != nil {
			return nil, err
		}
		num = new(big.Float).SetInt(m) // exact: the precision is m's length
		num.SetMantExp(num, exp-int(wp))
	}

	// Round to nearest and check the distance.
	r := new(big.Float).SetPrec(wp).Add(num, big.NewFloat(0.5))
	ni, _ := r.Int(nil)
	d := new(big.Float).SetPrec(wp).SetInt(ni)
	d.Sub(d, num)
	if dist, _ := d.Float64(); math.Abs(dist) > 1.0/512 {
		return nil, fmt.Errorf("the ζ(%d) evaluation of B_%d lands %.3g from an integer, beyond its error bound 2^-9", n, n, dist)
	}
	if n%4 == 0 {
		ni.Neg(ni)
	}
	// N/D_n is in lowest terms (D_n is B_n's denominator), so the
	// denominator is set in place, by the reference Denom returns,
	// without SetFrac's gcd (5 µs of B_1000's 85). checkBernoulli's
	// von Staudt–Clausen test refuses a numerator sharing a prime with
	// D_n.
	b := new(big.Rat).SetInt(ni)
	b.Denom().Set(den)
	return b, nil
}

var intOne = big.NewInt(1)

// inversePiPowers caches powers of 1/π at a common precision, constants
// of bernoulliZeta like π itself: π^(−2^k), k = 0, 1, …, and the products
// π^(−d·8^j) for the octal digits d of the exponents asked for so far, so
// that (2π)^(−n) is a product of one factor an octal digit of n (three
// for n = 1000, against six set bits and a binary powering's ten
// squarings more).
var inversePiPowers struct {
	sync.Mutex
	prec   uint
	binary []*big.Float          // π^(−2^k)
	octal  map[uint64]*big.Float // π^(−d·8^j) by d·8^j
}

// inversePiPower is π^(−e), e ≥ 1, at prec bits, within relative error
// (e·2^(−29) + 2·bits.Len(e))·2^(−prec). The cached powers are formed at
// wc ≥ prec + 32 bits: 1/π from π at wc + 8 bits, within 2·2^(−wc);
// π^(−2^k) by k squarings, within 2^k·(2 + 1)·2^(−wc), each squaring
// doubling the error and adding a rounding; π^(−d·8^j) as a product of
// at most three of those, adding two roundings. The factors of e's octal
// digits sum those to at most (3e + 2·bits.Len(e))·2^(−wc) ≤
// e·2^(−29)·2^(−prec), and a rounding to prec bits a factor and one a
// product add fewer than 2·bits.Len(e) units of 2^(−prec).
func inversePiPower(e uint64, prec uint) *big.Float {
	var factors []*big.Float
	c := &inversePiPowers
	c.Lock()
	if c.prec < prec+32 {
		c.prec = max(prec+64, c.prec)
		x := new(big.Float).SetPrec(c.prec).SetInt64(1)
		x.Quo(x, cachedPi(c.prec+8))
		c.binary = []*big.Float{x}
		c.octal = map[uint64]*big.Float{}
	}
	for len(c.binary) < bits.Len64(e) {
		last := c.binary[len(c.binary)-1]
		c.binary = append(c.binary, new(big.Float).SetPrec(c.prec).Mul(last, last))
	}
	for j := 0; e>>uint(j) != 0; j += 3 {
		m := e >> uint(j) & 7 << uint(j)
		if m == 0 {
			continue
		}
		f := c.octal[m]
		if f == nil {
			for k := j; k < j+3; k++ {
				switch {
				case m>>uint(k)&1 == 0:
				case f == nil:
					f = c.binary[k]
				default:
					f = new(big.Float).SetPrec(c.prec).Mul(f, c.binary[k])
				}
			}
			c.octal[m] = f
		}
		factors = append(factors, new(big.Float).SetPrec(prec).Set(f))
	}
	c.Unlock()
	z := factors[0]
	for _, f := range factors[1:] {
		z.Mul(z, f)
	}
	return z
}

// eulerZeta is 2^wp·∏_{lo ≤ p < hi} (1 + 1/(p^n − 1)), n ≥ 40, over the
// primes up to the truncation point P described at the top of this file
// (hi = 0: all of them from lo on), as a fixed-point integer: Z starts at
// 2^wp, and each prime adds ⌊(Z >> s)/m⌋ for its power p^n − 1 ≈ m·2^s
// at the precision of its own term. The integers are reused from prime
// to prime, so the loop allocates only while its buffers grow.
func eulerZeta(ctx context.Context, n int, wp uint, lo, hi uint64) (*big.Int, error) {
	return eulerProduct(ctx, new(big.Int).Lsh(intOne, wp), n, wp, lo, hi)
}

// eulerProduct is eulerZeta with Z starting at z ∈ [2^(wp−1), 2^(wp+1))
// rather than 2^wp, in place: z·∏_{lo ≤ p < hi} (1 + 1/(p^n − 1)), each
// prime adding 3 units of 2^0 as in eulerZeta, against Z ≥ 2^(wp−1).
func eulerProduct(ctx context.Context, z *big.Int, n int, wp uint, lo, hi uint64) (*big.Int, error) {
	logN := uint(bits.Len(uint(n)))
	var pow cutPower
	var shifted, term, rem big.Int
	for p := range eulerPrimes(n, wp) {
		if p < lo || hi != 0 && p >= hi {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		m, s := pow.powerMinusOne(p, uint64(n), eulerOwn(n, wp, p)+logN+16)
		shifted.Rsh(z, uint(s))
		term.QuoRem(&shifted, m, &rem)
		z.Add(z, &term)
	}
	return z, ctx.Err()
}

// eulerPrimes yields the primes p ≤ P whose terms p^(−n) ≥ 2^(−wp−7)
// the Euler product of ζ(n) keeps.
func eulerPrimes(n int, wp uint) func(yield func(uint64) bool) {
	return func(yield func(uint64) bool) {
		limit := math.Exp2(float64(wp+2) / float64(n-1))
		for p := uint64(2); float64(p) <= limit; p++ {
			if trialDivisionPrime(p) && eulerOwn(n, wp, p) >= 1 && !yield(p) {
				return
			}
		}
	}
}

// eulerOwn is the precision p^(−n) ≥ 2^(−wp−7) matters to, wp − n·log₂p
// + 8 bits, or 0 below 1.
func eulerOwn(n int, wp uint, p uint64) uint {
	own := float64(wp) - float64(n)*math.Log2(float64(p)) + 8
	if own < 1 {
		return 0
	}
	return uint(own)
}

// eulerSplit is the prime from which bernoulliZeta's second goroutine
// takes the Euler product, so that the first gets eulerShare of its cost
// and the second the rest and the numerator. A prime's power and
// division cost about (own + m)·m^0.585 with m = min(own, n·log₂p): a
// quotient of own bits by a divisor of m, blocks of Karatsuba products
// at these lengths, and a power of m bits (measured prime by prime at
// n = 4400, 10,000 and 30,000, this puts the split within 0.05 of the
// measured share).
func eulerSplit(n int, wp uint) uint64 {
	cost := func(p uint64) float64 {
		own := float64(eulerOwn(n, wp, p))
		m := min(own, float64(n)*math.Log2(float64(p)))
		return (own + m) * math.Pow(m, math.Log2(3)-1)
	}
	total := 0.0
	for p := range eulerPrimes(n, wp) {
		total += cost(p)
	}
	sum := 0.0
	for p := range eulerPrimes(n, wp) {
		if sum += cost(p); sum >= eulerShare*total {
			return p + 1
		}
	}
	return 2
}

// eulerShare is the part of the Euler product's cost eulerSplit gives the
// first goroutine, against the numerator's (n!, π^(−n) and their
// product) 0.2 to 0.3 of the product's: at n = 10,000, 7.2 ms on the
// first goroutine and 8.5 on the second (GOMAXPROCS=1, each part alone).
const eulerShare = 0.65

// fixedProduct is ⌊a·b/2^wp⌋ within 2, for the fixed-point a, b ≥ 2^wp
// of eulerZeta, b − 2^wp = δ ≥ 0 short: a + ⌊(a >> c)·δ/2^(wp−c)⌋ with
// c = wp − len(δ), whose truncations cost less than 1 each, so that the
// product is only as long as δ.
func fixedProduct(a, b *big.Int, wp uint) *big.Int {
	d := new(big.Int).Sub(b, new(big.Int).Lsh(intOne, wp))
	c := wp - min(wp, uint(d.BitLen()))
	d.Mul(d, new(big.Int).Rsh(a, c))
	d.Rsh(d, wp-c)
	return d.Add(d, a)
}

// cutPower holds powerMinusOne's integers, reused from call to call.
type cutPower struct{ x, z, t big.Int }

// powerMinusOne is p^e − 1 ≈ m·2^s, e ≥ 1, p ≥ 2, by left-to-right binary
// powering on integers cut to their top prec bits whenever longer: exact
// (s = 0) while p^e fits in prec bits, else within relative error
// 5e·2^(−prec) of p^e, and so of p^e − 1 (each cut errs by less than
// 2^(1−prec) and each later squaring doubles what came before, which sums
// below 4e·2^(−prec); the 1 left out is below 2^(−prec) of p^e). Powering
// a big.Float instead would square the exact small powers at full length,
// their mantissas keeping zero low words; here each product is only as
// long as its value. m is c's own, valid until c's next call.
func (c *cutPower) powerMinusOne(p, e uint64, prec uint) (m *big.Int, s int) {
	x, z, t := &c.x, &c.z, &c.t
	x.SetUint64(p)
	z.Set(x)
	for i := bits.Len64(e) - 2; i >= 0; i-- {
		t.Mul(z, z) // not in place: an aliased product allocates
		z, t = t, z
		s *= 2
		if e>>uint(i)&1 == 1 {
			t.Mul(z, x)
			z, t = t, z
		}
		if l := uint(z.BitLen()); l > prec {
			z.Rsh(z, l-prec)
			s += int(l - prec)
		}
	}
	if s == 0 {
		z.Sub(z, intOne)
	}
	return z, s
}

// factorialTree is n! as wordProduct's tree over words, each packing as
// many consecutive factors as fit in one (packWord).
func factorialTree(n int) *big.Int {
	var words []uint64
	acc := uint64(1)
	for k := uint64(2); k <= uint64(n); k++ {
		words, acc = packWord(words, acc, k)
	}
	return wordProduct(append(words, acc))
}
