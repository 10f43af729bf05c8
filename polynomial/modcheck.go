package polynomial

// Postconditions check results through images modulo word-size primes:
// two different polynomials of degree at most n agree at a point of GF(p)
// with probability at most n/p, which for p ≈ 2^61 and n ≤ 10^4 is below
// 10^-14 per check. The primes and points come from a fixed sequence,
// below the 2^62 range the modular gcd uses, so a check never reuses the
// computation it checks. The gcd's certificate (certifyGCD) instead draws
// its primes at random, so that its bound holds for every wrong answer.

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"

	"jacobian.dev/core/gfpoly"
	"jacobian.dev/core/modular"
)

// checkPrimes yields primes below 2^61 in decreasing order.
func checkPrimes() *primes { return &primes{next: 1<<61 - 1} }

// checkPoint is the evaluation point used with prime p: a fixed odd
// constant (the 64-bit golden ratio) reduced modulo p.
func checkPoint(p uint64) uint64 { return 0x9E3779B97F4A7C15 % p }

// reduceQMod maps a rational polynomial into GF(p)[x] without trimming,
// or reports false when p divides a denominator.
func reduceQMod(a qpoly, p uint64) ([]uint64, bool) {
	out := make([]uint64, len(a))
	for i, c := range a {
		v, ok := modular.ReduceRat(c, p)
		if !ok {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

func evalMod(a []uint64, t, p uint64) uint64 {
	var acc uint64
	for i := len(a) - 1; i >= 0; i-- {
		acc = modular.Add(modular.Mul(acc, t, p), a[i], p)
	}
	return acc
}

// modImages reduces rational polynomials modulo p; ok is false when p
// divides a denominator and another prime is needed.
func modImages(p uint64, polys []qpoly) ([][]uint64, bool) {
	out := make([][]uint64, len(polys))
	for i, a := range polys {
		img, ok := reduceQMod(a, p)
		if !ok {
			return nil, false
		}
		out[i] = img
	}
	return out, true
}

// withImages finds the first check prime for which every polynomial
// reduces (no denominator vanishes) and calls f with the images. Only a
// handful of primes can divide the denominators, so the loop is short.
func withImages(polys []qpoly, f func(p uint64, imgs [][]uint64) error) error {
	ps := checkPrimes()
	for {
		p := ps.take()
		if imgs, ok := modImages(p, polys); ok {
			return f(p, imgs)
		}
	}
}

// resultantMod is res(a, b) in GF(p) for a, b of the given formal degrees
// whose leading coefficients are nonzero mod p, by Euclid's algorithm
// (Geddes, Czapor and Labahn, §9.3): res(a, b) = (−1)^(nm) lc(b)^(n−k)
// res(b, a mod b) with k = deg(a mod b), res(a, b) = lc(b)^n when
// deg b = 0, and 0 when a remainder vanishes.
func resultantMod(a, b []uint64, p uint64) uint64 {
	a, b = trimMod(append([]uint64(nil), a...)), trimMod(append([]uint64(nil), b...))
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	acc := uint64(1)
	for {
		n, m := len(a)-1, len(b)-1
		if m == 0 {
			return modular.Mul(acc, modular.Pow(b[0], uint64(n), p), p)
		}
		r := remMod(append([]uint64(nil), a...), b, p)
		if len(r) == 0 {
			return 0
		}
		k := len(r) - 1
		if n%2 == 1 && m%2 == 1 {
			acc = modular.Neg(acc, p)
		}
		acc = modular.Mul(acc, modular.Pow(b[m], uint64(n-k), p), p)
		a, b = b, r
	}
}

// gcdDegreeMod is deg gcd(a, b) in GF(p)[x] (−1 if both are zero).
func gcdDegreeMod(a, b []uint64, p uint64) int {
	g := gcdMod(trimMod(append([]uint64(nil), a...)), trimMod(append([]uint64(nil), b...)), p)
	return len(g) - 1
}

// coprimeOverQ proves gcd(a, b) = 1 in Q[x] for nonzero a, b of positive
// degree: if some prime p divides neither leading coefficient nor a
// denominator and the images are coprime mod p, they are coprime over Q,
// because the image of a common factor would divide both images. A few
// primes are tried before reporting false.
func coprimeOverQ(a, b qpoly) bool {
	ps := checkPrimes()
	for tries := 0; tries < 4; {
		p := ps.take()
		imgs, ok := modImages(p, []qpoly{a, b})
		if !ok || imgs[0][len(imgs[0])-1] == 0 || imgs[1][len(imgs[1])-1] == 0 {
			continue
		}
		tries++
		if gcdDegreeMod(imgs[0], imgs[1], p) == 0 {
			return true
		}
	}
	return false
}

// zdivModular returns f/g and true when g (nonzero) divides f in Z[x],
// nil and false otherwise: exact division by images. Modulo each check
// prime p ∤ lc g the classical division of f̄ by ḡ either leaves a nonzero
// remainder, which proves g ∤ f (an exact quotient over Z would reduce to
// one modulo p), or gives q̄ with ḡ·q̄ = f̄. The quotient images are
// combined in the symmetric range into Q modulo M = ∏ p, with g·Q ≡ f
// (mod M); once min(len g, len Q)·‖g‖∞·‖Q‖∞ < M/2 and ‖f‖∞ < M/2, every
// coefficient of g·Q − f is a multiple of M below M in absolute value, so
// g·Q = f. A true quotient obeys the Landau–Mignotte bound
// ‖Q‖∞ ≤ ‖Q‖₂ ≤ 2^deg Q·‖f‖₂ (Mignotte, "Some useful bounds", 1982), so
// when M exceeds twice that bound times len g·‖g‖∞ and the test still
// fails, g does not divide f. The cost is a few word-size divisions where
// the division in Z[x] takes deg Q·deg g big-number products.
func zdivModular(ctx context.Context, f, g zpoly) (zpoly, bool, error) {
	switch {
	case len(g) == 0 || len(f) > 0 && len(f) < len(g):
		return nil, false, nil
	case len(f) == 0:
		return nil, true, nil
	}
	fBits, gBits := zmaxBits(f), zmaxBits(g)
	lenBits := bits.Len(uint(len(f)))
	// bits of 2^deg Q·‖f‖₂ ≤ deg Q + fBits + lenBits/2 + 1.
	qBound := len(f) - len(g) + fBits + lenBits/2 + 1
	give := lenBits + gBits + qBound + 2
	ps := checkPrimes()
	var (
		primes []uint64
		quos   [][]uint64
		mbits  int
	)
	for nextTry := 1; ; {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		p := ps.take()
		gp := reduceMod(g, p)
		if len(gp) != len(g) {
			continue
		}
		q, ok := exactQuoMod(reduceMod(f, p), gp, p)
		if !ok {
			return nil, false, nil
		}
		primes, quos = append(primes, p), append(quos, q)
		mbits += 60 // every check prime exceeds 2^60
		if len(primes) < nextTry && mbits <= give {
			continue
		}
		nextTry = max(nextTry+1, nextTry*3/2)
		basis := modular.NewCRTBasis(primes)
		quo := ztrim(crtPoly(basis, quos, len(f)-len(g)+1))
		if fBits <= mbits-2 && bits.Len(uint(min(len(g), len(quo))))+gBits+zmaxBits(quo) <= mbits-2 {
			return quo, true, nil
		}
		if mbits > give {
			return nil, false, nil
		}
	}
}

// exactQuoMod divides a by b in GF(p)[x] (lc b ≠ 0) by the classical
// algorithm and returns the quotient, untrimmed to len(a) − len(b) + 1,
// and whether the remainder is zero.
func exactQuoMod(a, b []uint64, p uint64) ([]uint64, bool) {
	a = append([]uint64(nil), a...)
	k := len(a) - len(b) + 1
	if k <= 0 {
		return nil, len(trimMod(a)) == 0
	}
	q := make([]uint64, k)
	inv, _ := modular.Inverse(b[len(b)-1], p)
	for i := k - 1; i >= 0; i-- {
		c := modular.Mul(a[i+len(b)-1], inv, p)
		q[i] = c
		if c == 0 {
			continue
		}
		nc := modular.Neg(c, p)
		ncp := modular.ShoupConstant(nc, p)
		for j, y := range b {
			a[i+j] = modular.Add(a[i+j], modular.MulShoup(y, nc, ncp, p), p)
		}
	}
	return q, len(trimMod(a)) == 0
}

// randomCheckPrime draws a prime uniformly from [2^60, 2^61) by rejection
// sampling: uniform odd numbers of the range until one is prime (about 21
// draws on average). The source is math/rand/v2's runtime-seeded
// generator, so the prime is unknown to the computation being checked.
func randomCheckPrime() uint64 {
	for {
		n := 1<<60 | rand.Uint64()&(1<<60-1) | 1
		if modular.IsPrime(n) {
			return n
		}
	}
}

// divisibilityPrimes is how many independent random primes of
// [2^60, 2^61) make the chance that a g of the given size which does not
// divide an f of the given size passes every test of certifyGCD below
// 2^-64 (see there).
func divisibilityPrimes(fBits, n, gBits, m int) int {
	// A nonzero pseudo-remainder coefficient has at most rBits bits, so at
	// most rBits/60 prime factors in the range, which holds more than
	// 2^60·(2/ln 2^61 − 1.25506/ln 2^60) > 2^54 primes (Rosser and
	// Schoenfeld's bounds on π(x)): one prime passes with chance below
	// 2^-e.
	rBits := fBits + (n-m+1)*(gBits+1)
	e := max(54-bits.Len(uint(rBits/60+1)), 1)
	return (64 + e - 1) / e
}

// certifyGCD proves, up to a chance below 2^-64 for a wrong g, that a
// nonzero g is a gcd of a and b in Q[x] (not both zero): g divides both,
// and the cofactors a/g and b/g are coprime (or a/g is a unit when b = 0).
// Only the inputs and g are used, never the algorithm's images, and the
// primes are drawn at random from [2^60, 2^61), away from the 2^62 range
// of the modular gcd.
//
// Divisibility: modulo k random primes p ∤ lc g (divisibilityPrimes) the
// remainder of ā by ḡ must vanish. If g does not divide a of degree n,
// the pseudo-remainder R with lc(g)^(n−m+1)·a = Q·g + R is nonzero, and
// ā mod ḡ = lc(g)^−(n−m+1)·R̄, so p must divide a nonzero coefficient of
// R. Each pseudo-division step r ← lc(g)·r − lc(r)·x^j·g at most
// multiplies ‖r‖∞ by 2‖g‖∞, so ‖R‖∞ ≤ ‖a‖∞·(2‖g‖∞)^(n−m+1): the
// coefficient has few prime factors in the range, and a non-divisor
// passes k independent primes with chance below 2^-64.
//
// Coprimality: given g | a, the image of a/g modulo a prime p ∤ lc g is
// the exact quotient ā/ḡ, and when p ∤ lc a and p ∤ lc b the images of
// the cofactors keep their degrees. Then gcd(ā/ḡ, b̄/ḡ) = 1 in GF(p)[x]
// (core/gfpoly's gcd) proves the cofactors coprime over Q, since the image
// of a common factor of positive degree would divide both. This part is
// deterministic: a g missing a factor h of the true gcd leaves h̄ in both
// image cofactors at every such prime and is always rejected. A true
// gcd fails it only at primes dividing res(a/g, b/g), so a few primes are
// tried before reporting failure.
func certifyGCD(ctx context.Context, g, a, b zpoly) error {
	var fs []zpoly
	for _, f := range []zpoly{a, b} {
		if len(f) > 0 {
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		return errors.New("nonzero gcd of two zero inputs")
	}
	for _, f := range fs {
		if f.deg() < g.deg() {
			return errors.New("gcd does not divide an input")
		}
	}
	if len(fs) == 1 && fs[0].deg() != g.deg() {
		return errors.New("gcd with zero is not the other input up to a unit")
	}
	k := 0
	for _, f := range fs {
		k = max(k, divisibilityPrimes(zmaxBits(f), f.deg(), zmaxBits(g), g.deg()))
	}
	coprime := len(fs) == 1 || fs[0].deg() == g.deg() || fs[1].deg() == g.deg()
	for proved, tries := 0, 0; proved < k || !coprime; {
		if err := ctx.Err(); err != nil {
			return err
		}
		p := randomCheckPrime()
		gp := reduceMod(g, p)
		if len(gp) < len(g) {
			continue
		}
		fd := gfpoly.NewField(p)
		cofs := make([][]uint64, len(fs))
		keepDegrees := true
		for i, f := range fs {
			fp := reduceMod(f, p)
			q, r := fd.DivRem(fp, gp)
			if len(r) != 0 {
				return errors.New("gcd does not divide an input")
			}
			keepDegrees = keepDegrees && len(fp) == len(f)
			cofs[i] = q
		}
		proved++
		if coprime || !keepDegrees {
			continue
		}
		c, err := fd.GCDContext(ctx, cofs[0], cofs[1])
		if err != nil {
			return err
		}
		if tries++; len(c) == 1 {
			coprime = true
		} else if tries == 3 {
			return errors.New("the cofactors are not coprime")
		}
	}
	return nil
}
