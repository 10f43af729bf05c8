package polynomial

// Greatest common divisors in Z[x] and Q[x].
//
// The fast path is the dense modular algorithm of Brown ("On Euclid's
// algorithm and the computation of polynomial greatest common divisors",
// J. ACM 18, 1971) and Collins, as presented by Geddes, Czapor and Labahn,
// Algorithms for Computer Algebra (1992), §7.4, Algorithm 7.1 (MGCD). For
// primitive a, b with γ = gcd(lc a, lc b), the gcd g divides γ·g's monic
// image modulo every prime p ∤ γ, and deg gcd(ā, b̄) ≥ deg g with equality
// for all but finitely many ("lucky") primes. So the algorithm computes
// monic gcds modulo 62-bit primes, scales them by γ, keeps only images of
// the least degree seen (a smaller degree proves the earlier primes
// unlucky), and combines them by Chinese remaindering in the symmetric
// range. When one more prime leaves the combined image unchanged, its
// primitive part is tried by exact division of a and b; success proves it
// is the gcd (it divides both, and its degree is at most that of the true
// gcd because p ∤ lc of it). Failure only means more primes are needed.
//
// Beside it are two slower algorithms kept as references and tested
// against it: the subresultant PRS (Collins, "Subresultants and reduced
// polynomial remainder sequences", J. ACM 14, 1967; Brown and Traub, J. ACM
// 18, 1971; in the form of Cohen, A Course in Computational Algebraic
// Number Theory, Algorithm 3.3.1), whose coefficients grow only linearly,
// and Euclid's algorithm over Q with monic remainders, the textbook
// definition whose rational coefficients can grow exponentially.

import (
	"context"
	"math/big"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// primes yields the primes below 2^62 in decreasing order, deterministically.
type primes struct{ next uint64 }

func newPrimes() *primes { return &primes{next: 1<<62 - 1} }

func (ps *primes) take() uint64 {
	for {
		n := ps.next
		ps.next -= 2
		if modular.IsPrime(n) {
			return n
		}
	}
}

// reduceMod maps a to GF(p)[x], trimmed.
func reduceMod(a zpoly, p uint64) []uint64 {
	out := make([]uint64, len(a))
	for i, x := range a {
		out[i] = modular.Reduce(x, p)
	}
	return trimMod(out)
}

func trimMod(a []uint64) []uint64 {
	n := len(a)
	for n > 0 && a[n-1] == 0 {
		n--
	}
	return a[:n]
}

// remMod replaces a with a mod b in GF(p)[x] (b nonzero) and returns it.
func remMod(a, b []uint64, p uint64) []uint64 {
	inv, _ := modular.Inverse(b[len(b)-1], p)
	for len(a) >= len(b) {
		c := modular.Mul(a[len(a)-1], inv, p)
		shift := len(a) - len(b)
		if c != 0 {
			for j, y := range b {
				a[shift+j] = modular.Sub(a[shift+j], modular.Mul(c, y, p), p)
			}
		}
		a = trimMod(a[:len(a)-1])
	}
	return a
}

// gcdMod is the monic gcd in GF(p)[x] by Euclid's algorithm; it consumes
// its arguments.
func gcdMod(a, b []uint64, p uint64) []uint64 {
	for len(b) > 0 {
		a, b = b, remMod(a, b, p)
	}
	if len(a) == 0 {
		return a
	}
	inv, _ := modular.Inverse(a[len(a)-1], p)
	for i := range a {
		a[i] = modular.Mul(a[i], inv, p)
	}
	return a
}

// gcdModular returns the gcd of nonzero primitive a and b, primitive with
// positive leading coefficient (Algorithm MGCD above).
func gcdModular(ctx context.Context, a, b zpoly) (zpoly, error) {
	if a.deg() == 0 || b.deg() == 0 {
		return zpoly{big.NewInt(1)}, nil
	}
	gamma := new(big.Int).GCD(nil, nil, new(big.Int).Abs(a.lc()), new(big.Int).Abs(b.lc()))
	ps := newPrimes()
	var (
		h      zpoly    // combined image, symmetric residues modulo m
		m      *big.Int // product of the primes combined into h
		rounds int
	)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := ps.take()
		gp := modular.Reduce(gamma, p)
		if gp == 0 {
			continue
		}
		rounds++
		if rounds%8 == 0 {
			core.ReportProgress(ctx, float64(rounds), 0, "primes used for the modular gcd")
		}
		g := gcdMod(reduceMod(a, p), reduceMod(b, p), p)
		if len(g) == 1 {
			return zpoly{big.NewInt(1)}, nil
		}
		for i := range g {
			g[i] = modular.Mul(g[i], gp, p)
		}
		switch {
		case h == nil || len(g) < len(h):
			h = make(zpoly, len(g))
			for i, x := range g {
				h[i] = symmetric(x, p)
			}
			m = new(big.Int).SetUint64(p)
			continue
		case len(g) > len(h):
			continue // p is unlucky
		}
		if !crtCombine(h, m, g, p) {
			continue
		}
		// The image did not change: try it.
		_, cand, err := primitive(ctx, ztrim(h.clone()))
		if err != nil {
			return nil, err
		}
		if len(cand) != len(h) {
			continue
		}
		if _, ok, err := zdivExact(ctx, a, cand); err != nil {
			return nil, err
		} else if !ok {
			continue
		}
		if _, ok, err := zdivExact(ctx, b, cand); err != nil {
			return nil, err
		} else if ok {
			return cand, nil
		}
	}
}

// crtCombine folds the image g modulo p into h modulo m, both in
// symmetric range, and multiplies m by p. It reports whether h was
// unchanged, the signal that the images have stabilised.
func crtCombine(h zpoly, m *big.Int, g []uint64, p uint64) bool {
	mInv, _ := modular.Inverse(modular.Reduce(m, p), p)
	mp := new(big.Int).Mul(m, new(big.Int).SetUint64(p))
	half := new(big.Int).Rsh(mp, 1)
	unchanged := true
	var step big.Int
	for i := range h {
		t := modular.Mul(modular.Sub(g[i], modular.Reduce(h[i], p), p), mInv, p)
		if t == 0 {
			continue
		}
		unchanged = false
		step.Mul(m, symmetric(t, p))
		h[i].Add(h[i], &step)
		if h[i].Cmp(half) > 0 {
			h[i].Sub(h[i], mp)
		} else if h[i].CmpAbs(half) > 0 {
			h[i].Add(h[i], mp)
		}
	}
	m.Set(mp)
	return unchanged
}

func symmetric(x, p uint64) *big.Int {
	if x > p/2 {
		return new(big.Int).Neg(new(big.Int).SetUint64(p - x))
	}
	return new(big.Int).SetUint64(x)
}

// gcdSubresultant is the subresultant PRS gcd of nonzero primitive a and
// b (Cohen, Algorithm 3.3.1), primitive with positive leading coefficient.
func gcdSubresultant(ctx context.Context, a, b zpoly) (zpoly, error) {
	if a.deg() < b.deg() {
		a, b = b, a
	}
	g, h := big.NewInt(1), big.NewInt(1)
	for {
		delta := a.deg() - b.deg()
		r, err := zprem(ctx, a, b)
		if err != nil {
			return nil, err
		}
		switch {
		case len(r) == 0:
			_, pp, err := primitive(ctx, b)
			return pp, err
		case r.deg() == 0:
			return zpoly{big.NewInt(1)}, nil
		}
		// b ← r / (g·h^δ), exact by the subresultant theorem.
		den := new(big.Int).Mul(g, new(big.Int).Exp(h, big.NewInt(int64(delta)), nil))
		for _, x := range r {
			x.Quo(x, den)
		}
		a, b = b, r
		g = new(big.Int).Set(a.lc())
		// h ← g^δ / h^(δ−1).
		num := new(big.Int).Exp(g, big.NewInt(int64(delta)), nil)
		if delta == 0 {
			h = new(big.Int).Mul(h, num) // h^1·g^0
		} else {
			h = num.Quo(num, new(big.Int).Exp(h, big.NewInt(int64(delta-1)), nil))
		}
	}
}

// gcdEuclidQ is the monic gcd over Q by Euclid's algorithm, the simple
// reference. gcd(0, 0) = 0.
func gcdEuclidQ(ctx context.Context, a, b qpoly) (qpoly, error) {
	for len(b) > 0 {
		_, r, err := qdivrem(ctx, a, b)
		if err != nil {
			return nil, err
		}
		a, b = b, r
	}
	if len(a) == 0 {
		return nil, nil
	}
	return qscale(a, new(big.Rat).Inv(a.lc())), nil
}

// gcdZ is the gcd in Z[x] of any a, b: gcd of the contents times the
// primitive gcd with positive leading coefficient; gcd(0, 0) = 0.
func gcdZ(ctx context.Context, a, b zpoly) (zpoly, error) {
	switch {
	case len(a) == 0 && len(b) == 0:
		return nil, nil
	case len(a) == 0:
		c, pp, err := primitive(ctx, b)
		if err != nil {
			return nil, err
		}
		return zscale(pp, c.Abs(c)), nil
	case len(b) == 0:
		c, pp, err := primitive(ctx, a)
		if err != nil {
			return nil, err
		}
		return zscale(pp, c.Abs(c)), nil
	}
	ca, pa, err := primitive(ctx, a)
	if err != nil {
		return nil, err
	}
	cb, pb, err := primitive(ctx, b)
	if err != nil {
		return nil, err
	}
	g, err := gcdModular(ctx, pa, pb)
	if err != nil {
		return nil, err
	}
	return zscale(g, new(big.Int).GCD(nil, nil, ca.Abs(ca), cb.Abs(cb))), nil
}

func zscale(a zpoly, c *big.Int) zpoly {
	if c.Sign() == 0 {
		return nil
	}
	out := make(zpoly, len(a))
	for i, x := range a {
		out[i] = new(big.Int).Mul(x, c)
	}
	return out
}
