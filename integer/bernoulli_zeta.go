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
//   - π is within u; π^n by binary powering within 3n·u: π's own error
//     times n, plus the roundings of the powering, each multiplied by the
//     power still to be taken, which sum below 2n. 2^n is exact.
//   - 2·n!·D_n is an exact integer, rounded once: u.
//   - each factor 1 − p^(−n) is within 2u (p^(−n) is needed only to
//     wp − n·log₂p + 16 bits of its own, and primes with p^(−n) < 2^(−wp−7)
//     are left out), and the product of the fewer than n/8 factors
//     (P < n/8 at this precision) is within n·u. The primes beyond P change
//     the product by a factor within 1 ± 2·Σ_{m > P} m^(−n) ⊂ 1 ± u.
//   - the final product and quotient, 2u.
//
// So the quotient is within 5n·u ≤ 2^(⌈log₂n⌉ + 3 − wp) relatively, and
// within 2^(L + ⌈log₂n⌉ + 3 − wp) = 2^(−9) < 1/2 of N, which is therefore
// the nearest integer. bernoulliZeta checks that the computed quotient
// lies within 2^(−9) of that integer before returning it.
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
// bernoulliZeta computes n! and (2π)^n beside the Euler product (n ≳ 4000).
// Measured with BenchmarkBernoulli (wall-clock minima of 10 interleaved
// runs, loaded 2-core machine): at n = 10,000 (92,000 bits) 21.6 → 15.7
// ms; at n = 1000 (6,000 bits) no gain, 179 against 181 µs.
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

	// 2·n!·D_n, exact, then at wp bits, and (2π)^n = 2^n·π^n: on a
	// goroutine of their own beside the Euler product, which costs two to
	// three times as much, when there is a second processor and enough
	// work to pay for the handoff.
	var num, pow *big.Float
	numerator := func() {
		fact := factorialTree(n)
		fact.Mul(fact, den)
		fact.Lsh(fact, 1)
		num = new(big.Float).SetPrec(wp).SetInt(fact)
		pow = powFloat(cachedPi(wp), uint64(n), wp)
		pow.SetMantExp(pow, n)
	}
	var wg sync.WaitGroup
	if wp >= bernoulliParallelFrom && runtime.GOMAXPROCS(0) >= 2 {
		wg.Go(numerator)
	} else {
		numerator()
	}
	defer wg.Wait()

	// 1/ζ(n) truncated: ∏_{p ≤ P} (1 − p^(−n)).
	limit := math.Exp2(float64(wp+2) / (fn - 1))
	inv := new(big.Float).SetPrec(wp).SetInt64(1)
	for p := uint64(2); float64(p) <= limit; p++ {
		if !trialDivisionPrime(p) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// p^(−n) ≥ 2^(−wp−2) matters to wp − n·log₂p + 8 bits.
		own := float64(wp) - fn*math.Log2(float64(p)) + 8
		if own < 1 {
			continue
		}
		// inv·(1 − p^(−n)) = inv − inv/p^n, the quotient at q bits; p^n
		// exactly while it is shorter than q bits.
		q := uint(own) + 8
		var pp *big.Float
		if fn*math.Log2(float64(p)) < float64(q) {
			pi := new(big.Int).Exp(new(big.Int).SetUint64(p), big.NewInt(int64(n)), nil)
			pp = new(big.Float).SetPrec(uint(pi.BitLen())).SetInt(pi)
		} else {
			pp = powFloat(new(big.Float).SetPrec(q+logN+8).SetUint64(p), uint64(n), q+logN+8)
		}
		t := new(big.Float).SetPrec(q).Set(inv)
		t.Quo(t, pp)
		inv.Sub(inv, t)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	wg.Wait()
	pow.Mul(pow, inv)
	num.Quo(num, pow)

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
	return new(big.Rat).SetFrac(ni, den), nil
}

// powFloat is x^e, e ≥ 1, at prec bits by left-to-right binary
// powering: relative error below 2e·2^(−prec) beyond e times x's own.
func powFloat(x *big.Float, e uint64, prec uint) *big.Float {
	z := new(big.Float).SetPrec(prec).Set(x)
	t := new(big.Float).SetPrec(prec)
	for i := bits.Len64(e) - 2; i >= 0; i-- {
		t.Mul(z, z) // not in place: an aliased product allocates
		z, t = t, z
		if e>>uint(i)&1 == 1 {
			z.Mul(z, x)
		}
	}
	return z
}

// factorialTree is n! as wordProduct's tree over words, each packing as
// many consecutive factors as fit in 62 bits.
func factorialTree(n int) *big.Int {
	var words []uint64
	acc := uint64(1)
	for k := uint64(2); k <= uint64(n); k++ {
		if hi, lo := bits.Mul64(acc, k); hi != 0 || lo>>62 != 0 {
			words = append(words, acc)
			acc = k
		} else {
			acc = lo
		}
	}
	return wordProduct(append(words, acc))
}
