package polynomial

// Postconditions check results through images modulo word-size primes:
// two different polynomials of degree at most n agree at a point of GF(p)
// with probability at most n/p, which for p ≈ 2^61 and n ≤ 10^4 is below
// 10^-14 per check. The primes and points come from a fixed sequence,
// below the 2^62 range the modular gcd uses, so a check never reuses the
// computation it checks.

import (
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
