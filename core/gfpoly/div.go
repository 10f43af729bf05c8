package gfpoly

// Division with remainder.
//
// For a of degree n and b of degree m ≤ n, the quotient q of degree
// k − 1 = n − m is determined by the top k coefficients: with rev_d(f) =
// x^d f(1/x), rev_n(a) = rev_k−1(q)·rev_m(b) + x^k·(…), so
// rev(q) = rev(a)·rev(b)⁻¹ mod x^k. The power series inverse comes from
// Newton's iteration g ← g·(2 − rev(b)·g), which doubles the precision
// each step for a few multiplications of the current size, and the
// remainder is a − q·b (von zur Gathen and Gerhard, Modern Computer
// Algebra, 3rd ed., §9.1, Algorithms 9.3 and 9.5). The whole costs a
// small constant number of multiplications of size k and m. Below the
// crossover, the classical division (MCA Algorithm 2.5) takes k·m
// multiply-adds, each with Shoup's precomputed quotient for the step's
// multiplier.

import (
	"context"
	"math/big"

	"jacobian.dev/core/modular"
)

// divNewtonMin: the classical division is faster while the quotient or
// the divisor is shorter than this (BenchmarkDivRemAlgorithms, 2n by n,
// p = 2^60 − 93: classical 222 µs against Newton 486 µs at n = 400, 2.6 ms
// against 1.1 ms at n = 800).
const divNewtonMin = 600

// DivRem returns q and r with a = q·b + r and deg r < deg b. It panics if b
// is zero.
//
// Algorithm: the classical division while min(deg a − deg b + 1, deg b)
// < 600, Newton iteration for the reversed divisor's inverse beyond.
func (f *Field) DivRem(a, b []uint64) (q, r []uint64) {
	if len(b) == 0 {
		panic("gfpoly: division by the zero polynomial")
	}
	if len(a) < len(b) {
		return nil, clone(a)
	}
	k := len(a) - len(b) + 1
	if min(k, len(b)) < divNewtonMin {
		return f.divRemClassical(a, b)
	}
	inv := f.seriesInverse(reverse(b), k)
	return f.divRemWithInverse(a, b, inv)
}

// Rem returns a mod b.
func (f *Field) Rem(a, b []uint64) []uint64 {
	_, r := f.DivRem(a, b)
	return r
}

// divRemClassical is MCA Algorithm 2.5.
func (f *Field) divRemClassical(a, b []uint64) (q, r []uint64) {
	p := f.p
	m := len(b) - 1
	r = clone(a)
	q = make([]uint64, len(a)-m)
	inv := f.inverse(b[m])
	invp := modular.ShoupConstant(inv, p)
	lower := b[:m]
	for i := len(a) - 1; i >= m; i-- {
		c := f.mulShoup(r[i], inv, invp)
		q[i-m] = c
		if c == 0 {
			continue
		}
		nc := p - c
		f.addScaled(r[i-m:i], lower, nc, modular.ShoupConstant(nc, p))
	}
	return trim(q), trim(r[:m])
}

// reverse returns the coefficients of a in reverse order, untrimmed.
func reverse(a []uint64) []uint64 {
	out := make([]uint64, len(a))
	for i, x := range a {
		out[len(a)-1-i] = x
	}
	return out
}

// lowPart returns a mod x^n without trimming beyond what is needed.
func lowPart(a []uint64, n int) []uint64 {
	if len(a) > n {
		a = a[:n]
	}
	return trim(a)
}

// seriesInverse returns g with g·s ≡ 1 mod x^n, s(0) ≠ 0, as a slice of
// length n (untrimmed), by Newton iteration (MCA Algorithm 9.3).
func (f *Field) seriesInverse(s []uint64, n int) []uint64 {
	p := f.p
	g := []uint64{f.inverse(s[0])}
	for k := 1; k < n; {
		k2 := min(2*k, n)
		// e = s·g mod x^k2 = 1 + x^k·h.
		e := f.Mul(lowPart(s, k2), trim(g))
		var h []uint64
		if len(e) > k {
			h = lowPart(e[k:], k2-k)
		}
		t := lowPart(f.Mul(trim(g), h), k2-k)
		next := make([]uint64, k2)
		copy(next, g)
		for i, x := range t {
			next[k+i] = modular.Neg(x, p)
		}
		g, k = next, k2
	}
	return g
}

// divRemWithInverse divides by b given inv = rev(b)⁻¹ mod x^k' for some
// k' ≥ deg a − deg b + 1.
func (f *Field) divRemWithInverse(a, b, inv []uint64) (q, r []uint64) {
	m := len(b) - 1
	if len(a) <= m {
		return nil, clone(a)
	}
	k := len(a) - m
	ra := reverse(a)
	qr := lowPart(f.Mul(lowPart(ra, k), lowPart(inv, k)), k)
	qrev := make([]uint64, k)
	copy(qrev, qr)
	q = trim(reverse(qrev))
	if m == 0 {
		return q, nil
	}
	qb := f.Mul(lowPart(q, m), lowPart(b, m))
	r = make([]uint64, m)
	copy(r, a[:m])
	for i := 0; i < m && i < len(qb); i++ {
		r[i] = modular.Sub(r[i], qb[i], f.p)
	}
	return q, trim(r)
}

// modulus is a divisor prepared for repeated reduction of polynomials of
// degree up to 2·deg b.
type modulus struct {
	b   []uint64
	inv []uint64    // rev(b)⁻¹ mod x^(deg b + 1), when Newton division pays
	ntt *nttReducer // prepared transforms (prepared.go), for a Modulus
}

func (f *Field) newModulus(b []uint64) *modulus {
	if len(b) == 0 {
		panic("gfpoly: reduction modulo the zero polynomial")
	}
	md := &modulus{b: b}
	if len(b)-1 >= divNewtonMin {
		md.inv = f.seriesInverse(reverse(b), len(b))
	}
	return md
}

// reduce returns a mod b: with the prepared inverse for deg a ≤ 2·deg b,
// by DivRem beyond.
func (f *Field) reduce(md *modulus, a []uint64) []uint64 {
	if len(a) < len(md.b) {
		return a
	}
	if md.ntt != nil && len(a) <= 2*md.ntt.n-1 {
		return f.reduceNTT(md.ntt, a)
	}
	if md.inv == nil {
		_, r := f.divRemClassical(a, md.b)
		return r
	}
	if len(a)-len(md.b)+1 > len(md.inv) {
		return f.Rem(a, md.b)
	}
	_, r := f.divRemWithInverse(a, md.b, md.inv)
	return r
}

// Modulus is a nonzero divisor prepared once for many reductions (its
// reversed inverse computed when Newton division pays), for callers that
// multiply modulo the same polynomial again and again: Frobenius
// matrices, the norms of equal-degree splitting. MulMod alone prepares the
// divisor on every call. A Modulus is immutable and safe for concurrent
// use with the Field that made it.
type Modulus struct{ md *modulus }

// NewModulus prepares m, which must be nonzero (it panics otherwise).
// From degree preparedNTTMin on, its reversed inverse and the transforms
// of prepared.go are computed, lower than for a single division because
// they are paid for once; products modulo m then reduce by those
// transforms.
func (f *Field) NewModulus(m []uint64) *Modulus {
	md := f.newModulus(clone(m))
	if len(m)-1 >= preparedNTTMin {
		if md.inv == nil {
			md.inv = f.seriesInverse(reverse(md.b), len(md.b))
		}
		md.ntt = f.newNTTReducer(md.b, md.inv)
	}
	return &Modulus{md}
}

// Polynomial returns the divisor (read-only).
func (m *Modulus) Polynomial() []uint64 { return m.md.b }

// MulModBy returns a·b mod m, like MulMod with the divisor prepared.
func (f *Field) MulModBy(a, b []uint64, m *Modulus) []uint64 {
	if len(a) >= len(m.md.b) {
		a = f.Rem(a, m.md.b)
	}
	if len(b) >= len(m.md.b) {
		b = f.Rem(b, m.md.b)
	}
	return clone(f.reduce(m.md, f.Mul(a, b)))
}

// RemBy returns a mod m, like Rem with the divisor prepared.
func (f *Field) RemBy(a []uint64, m *Modulus) []uint64 {
	if len(a) < len(m.md.b) {
		return clone(a)
	}
	if m.md.inv == nil || len(a)-len(m.md.b)+1 > len(m.md.inv) {
		return f.Rem(a, m.md.b)
	}
	return clone(f.reduce(m.md, a))
}

// MulMod returns a·b mod m (operands of degree deg m or more are reduced
// first). It panics if m is zero.
func (f *Field) MulMod(a, b, m []uint64) []uint64 {
	if len(a) >= len(m) {
		a = f.Rem(a, m)
	}
	if len(b) >= len(m) {
		b = f.Rem(b, m)
	}
	return clone(f.reduce(f.newModulus(m), f.Mul(a, b)))
}

// PowMod returns a^e mod m for e ≥ 0; it panics if m is zero or e < 0.
// It is PowModContext without cancellation.
func (f *Field) PowMod(a []uint64, e *big.Int, m []uint64) []uint64 {
	r, _ := f.PowModContext(context.Background(), a, e, m)
	return r
}

// PowModContext returns a^e mod m by left-to-right binary powering, each
// step a squaring (and a multiplication) followed by reduction with the
// divisor's reversed inverse computed once; it polls ctx every step.
// a^0 mod m = 1 mod m (zero when deg m = 0).
func (f *Field) PowModContext(ctx context.Context, a []uint64, e *big.Int, m []uint64) ([]uint64, error) {
	if e.Sign() < 0 {
		panic("gfpoly: negative exponent")
	}
	// The divisor serves every step, so it is prepared as for a Modulus.
	return f.PowModByContext(ctx, a, e, f.NewModulus(m))
}

// PowModByContext is PowModContext modulo a prepared divisor, for callers
// that power modulo the same polynomial again and again (the baby steps
// of a distinct-degree factorization), which then prepare it once.
func (f *Field) PowModByContext(ctx context.Context, a []uint64, e *big.Int, prepared *Modulus) ([]uint64, error) {
	if e.Sign() < 0 {
		panic("gfpoly: negative exponent")
	}
	md := prepared.md
	m := md.b
	base := a
	if len(base) >= len(m) {
		base = f.RemBy(base, prepared)
	}
	r := f.reduce(md, []uint64{1})
	if len(m) == 1 {
		return nil, nil
	}
	// For the base x (the powers x^q of factoring and of Rabin's test) a
	// multiplication is a shift and one elimination step, not a product.
	byX := len(base) == 2 && base[0] == 0 && base[1] == 1
	var mu *Multiplier
	if md.ntt != nil && !byX {
		mu = f.NewMultiplier(base, prepared)
	}
	for i := e.BitLen() - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r = f.reduce(md, f.Sqr(r))
		if e.Bit(i) == 1 {
			switch {
			case byX:
				r = f.mulXMod(r, m)
			case mu != nil:
				r = f.MulModPrepared(r, mu)
			default:
				r = f.reduce(md, f.Mul(r, base))
			}
		}
	}
	return clone(r), nil
}

// mulXMod returns x·r mod m for r reduced modulo m (len(r) < len(m),
// deg m ≥ 1): the shift, less c·m for the c that clears its coefficient
// at x^(deg m).
func (f *Field) mulXMod(r, m []uint64) []uint64 {
	n := len(m) - 1
	out := make([]uint64, n+1)
	copy(out[1:], r)
	if c := out[n]; c != 0 {
		nc := f.p - modular.Mul(c, f.inverse(m[n]), f.p)
		f.addScaled(out[:n], m[:n], nc, modular.ShoupConstant(nc, f.p))
	}
	return trim(out[:n])
}

// DivExact returns a/b for a b that divides a; the result for a b that
// does not divide a is unspecified (it is the quotient that the top
// deg a − deg b + 1 coefficients of a determine). It panics if b is zero.
//
// An exact quotient depends only on the top coefficients of a and b
// (Jebelean's observation for exact integer division, "An algorithm for
// exact division", J. Symb. Comp. 15, 1993, in its polynomial form): for
// a quotient of k coefficients, the classical algorithm updates only the
// k − 1 coefficients below the current one, k·min(k, deg b + 1) steps
// at most and about half of DivRem's when k ≈ deg b; from 600 quotient
// coefficients on it is rev(a)·rev(b)⁻¹ mod x^k by Newton iteration,
// without the remainder's product.
func (f *Field) DivExact(a, b []uint64) []uint64 {
	if len(b) == 0 {
		panic("gfpoly: division by the zero polynomial")
	}
	if len(a) < len(b) {
		return nil
	}
	k := len(a) - len(b) + 1
	if k >= divNewtonMin && len(b) >= divNewtonMin {
		inv := f.seriesInverse(reverse(lowTop(b, k)), k)
		qr := lowPart(f.Mul(lowPart(reverse(a), k), lowPart(inv, k)), k)
		qrev := make([]uint64, k)
		copy(qrev, qr)
		return trim(reverse(qrev))
	}
	p := f.p
	m := len(b) - 1
	// Only the top k coefficients of a are read or updated.
	r := clone(a[len(a)-k:])
	q := make([]uint64, k)
	inv := f.inverse(b[m])
	invp := modular.ShoupConstant(inv, p)
	for i := k - 1; i >= 0; i-- {
		c := f.mulShoup(r[i], inv, invp)
		q[i] = c
		if c == 0 {
			continue
		}
		nc := p - c
		// r[i−j] −= c·b[m−j] for 1 ≤ j ≤ l = min(i, m).
		l := min(i, m)
		f.addScaled(r[i-l:i], b[m-l:m], nc, modular.ShoupConstant(nc, p))
	}
	return trim(q)
}

// lowTop returns the top n coefficients of a (all of a when shorter),
// which are all that rev(a) mod x^n depends on.
func lowTop(a []uint64, n int) []uint64 {
	if len(a) > n {
		return a[len(a)-n:]
	}
	return a
}
