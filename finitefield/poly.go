package finitefield

import (
	"context"
	"math/big"
)

// poly is a univariate polynomial over a field gf: coefficients constant
// first, no trailing zeros (the zero polynomial is empty). Like elem, a poly
// is never modified after construction.
type poly []elem

func trimPoly(a poly) poly {
	n := len(a)
	for n > 0 && isZero(a[n-1]) {
		n--
	}
	if n == 0 {
		return nil
	}
	return a[:n]
}

// deg is the degree, −1 for the zero polynomial.
func deg(a poly) int { return len(a) - 1 }

func polyEqual(a, b poly) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// xPoly is the polynomial x.
func (F *gf) xPoly() poly { return poly{nil, F.one()} }

func (F *gf) padd(a, b poly) poly {
	if len(a) < len(b) {
		a, b = b, a
	}
	z := make(poly, len(a))
	for i := range a {
		if i < len(b) {
			z[i] = F.add(a[i], b[i])
		} else {
			z[i] = a[i]
		}
	}
	return trimPoly(z)
}

func (F *gf) pneg(a poly) poly {
	z := make(poly, len(a))
	for i := range a {
		z[i] = F.neg(a[i])
	}
	return z
}

func (F *gf) psub(a, b poly) poly { return F.padd(a, F.pneg(b)) }

func (F *gf) pscale(c elem, a poly) poly {
	z := make(poly, len(a))
	for i := range a {
		z[i] = F.mul(c, a[i])
	}
	return trimPoly(z)
}

// pmonic divides a nonzero a by its leading coefficient.
func (F *gf) pmonic(a poly) poly {
	lc := a[len(a)-1]
	if isOne(lc) {
		return a
	}
	return F.pscale(F.inv(lc), a)
}

// pmul is schoolbook multiplication with one reduction per coefficient.
func (F *gf) pmul(a, b poly) poly {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	if F.word != 0 {
		return fromWords(wordMul(F.toWords(a), F.toWords(b), F.word))
	}
	if w := F.wext; w != nil {
		return w.polyFromWords(w.pmul(w.polyToWords(a), w.polyToWords(b)))
	}
	t := new(big.Int)
	z := make(poly, len(a)+len(b)-1)
	s := F.newAcc()
	for n := range z {
		s.clear()
		for i := max(0, n-len(b)+1); i <= min(n, len(a)-1); i++ {
			s.mulAdd(a[i], b[n-i], false, t)
		}
		z[n] = F.reduce(s)
	}
	return trimPoly(z)
}

// pdivmod returns the quotient and remainder of a by a nonzero b. The
// remainder's coefficients accumulate unreduced and each is reduced exactly
// when long division reaches it.
func (F *gf) pdivmod(a, b poly) (quo, rem poly) {
	db := deg(b)
	if deg(a) < db {
		return nil, a
	}
	if F.word != 0 {
		q, r := wordDivMod(F.toWords(a), F.toWords(b), F.word)
		return fromWords(q), fromWords(r)
	}
	lcInv := F.one()
	if lc := b[db]; !isOne(lc) {
		lcInv = F.inv(lc)
	}
	if w := F.wext; w != nil {
		q, r := w.pdivmod(w.polyToWords(a), w.polyToWords(b), w.toWords(lcInv))
		return w.polyFromWords(q), w.polyFromWords(r)
	}
	t := new(big.Int)
	r := make([]acc, len(a))
	for i := range a {
		r[i] = F.newAcc()
		r[i].addElem(a[i], false)
	}
	quo = make(poly, len(a)-db)
	for top := len(a) - 1; top >= db; top-- {
		c := F.reduce(r[top])
		if isZero(c) {
			continue
		}
		c = F.mul(c, lcInv)
		quo[top-db] = c
		for j := 0; j < db; j++ {
			r[top-db+j].mulAdd(c, b[j], true, t)
		}
	}
	rem = make(poly, db)
	for i := range rem {
		rem[i] = F.reduce(r[i])
	}
	return trimPoly(quo), trimPoly(rem)
}

func (F *gf) pmod(a, m poly) poly {
	if deg(a) < deg(m) {
		return a
	}
	_, r := F.pdivmod(a, m)
	return r
}

func (F *gf) pmulmod(a, b, m poly) poly {
	if F.word != 0 {
		return fromWords(wordMulMod(F.toWords(a), F.toWords(b), F.toWords(m), F.word))
	}
	return F.pmod(F.pmul(a, b), m)
}

// pgcd returns the monic gcd of a and b (zero when both are zero).
func (F *gf) pgcd(a, b poly) poly {
	if F.word != 0 {
		return fromWords(wordGCD(F.toWords(a), F.toWords(b), F.word))
	}
	for len(b) > 0 {
		a, b = b, F.pmod(a, b)
	}
	if len(a) == 0 {
		return nil
	}
	return F.pmonic(a)
}

// pinvmod returns a⁻¹ mod m by the extended Euclidean algorithm, and false
// when gcd(a, m) ≠ 1.
func (F *gf) pinvmod(a, m poly) (poly, bool) {
	r0, r1 := m, F.pmod(a, m)
	s0, s1 := poly(nil), poly{F.one()}
	for len(r1) > 0 {
		q, r := F.pdivmod(r0, r1)
		r0, r1 = r1, r
		s0, s1 = s1, F.psub(s0, F.pmul(q, s1))
	}
	if deg(r0) != 0 {
		return nil, false
	}
	return F.pmod(F.pscale(F.inv(r0[0]), s0), m), true
}

// ppowmod returns a^e mod m for e ≥ 0, polling ctx once per bit.
func (F *gf) ppowmod(ctx context.Context, a poly, e *big.Int, m poly) (poly, error) {
	a = F.pmod(a, m)
	if F.word != 0 {
		return F.wordPowMod(ctx, F.toWords(a), e, m, false)
	}
	return squareAndMultiply(ctx, e, F.pmod(poly{F.one()}, m), 1,
		func(z poly) poly { return F.pmulmod(z, z, m) },
		func(z poly) poly { return F.pmulmod(z, a, m) })
}

// pxpowmod returns x^e mod m (deg m ≥ 1): like ppowmod, but multiplying by
// x is a shift and one reduction step instead of a full product.
func (F *gf) pxpowmod(ctx context.Context, e *big.Int, m poly) (poly, error) {
	if F.word != 0 {
		return F.wordPowMod(ctx, nil, e, m, true)
	}
	return squareAndMultiply(ctx, e, F.pmod(poly{F.one()}, m), 1,
		func(z poly) poly { return F.pmulmod(z, z, m) },
		func(z poly) poly { return F.pmod(trimPoly(append(poly{nil}, z...)), m) })
}

// wordPowMod is ppowmod (or pxpowmod when byX) on machine words.
func (F *gf) wordPowMod(ctx context.Context, a []uint64, e *big.Int, m poly, byX bool) (poly, error) {
	p, mw := F.word, F.toWords(m)
	_, one := wordDivMod([]uint64{1}, mw, p)
	times := func(z []uint64) []uint64 { return wordMulMod(z, a, mw, p) }
	if byX {
		times = func(z []uint64) []uint64 {
			_, r := wordDivMod(append([]uint64{0}, z...), mw, p)
			return trimWords(r)
		}
	}
	z, err := squareAndMultiply(ctx, e, trimWords(one), 1,
		func(z []uint64) []uint64 { return wordMulMod(z, z, mw, p) }, times)
	if err != nil {
		return nil, err
	}
	return fromWords(z), nil
}

// squareAndMultiply returns z·b^e, where square(y) = y·y and times(y) =
// y·b in the caller's ring: left-to-right binary exponentiation (Knuth,
// TAOCP vol. 2, §4.6.3), polling ctx every pollBits bits of e. z is the
// ring's one for b^e. Field elements (powCtx) and polynomials modulo m
// (ppowmod, pxpowmod, wordPowMod) share it.
func squareAndMultiply[T any](ctx context.Context, e *big.Int, z T, pollBits int, square, times func(T) T) (T, error) {
	for i := e.BitLen() - 1; i >= 0; i-- {
		if i%pollBits == 0 {
			if err := ctx.Err(); err != nil {
				var zero T
				return zero, err
			}
		}
		z = square(z)
		if e.Bit(i) == 1 {
			z = times(z)
		}
	}
	return z, nil
}

func (F *gf) pderiv(a poly) poly {
	if len(a) <= 1 {
		return nil
	}
	z := make(poly, len(a)-1)
	for i := 1; i < len(a); i++ {
		z[i-1] = F.mul(F.fromInt(big.NewInt(int64(i))), a[i])
	}
	return trimPoly(z)
}

// peval evaluates a at x by Horner's rule.
func (F *gf) peval(a poly, x elem) elem {
	var v elem
	for i := len(a) - 1; i >= 0; i-- {
		v = F.add(F.mul(v, x), a[i])
	}
	return v
}

// frobeniusMap is the q-power map h ↦ h^q on GF(q)[x]/(m). It is
// GF(q)-linear, so once the rows x^(iq) mod m are known each application is
// a vector–matrix product of n² field operations instead of log q modular
// squarings (von zur Gathen and Gerhard, Modern Computer Algebra, §14.7, the
// "Frobenius matrix" also at the heart of Berlekamp's algorithm).
type frobeniusMap struct {
	F     *gf
	m     poly
	rows  []poly
	words [][]uint64   // rows on machine words, when F.word != 0
	ext   [][][]uint64 // rows on machine words, when F.wext != nil
}

func (F *gf) newFrobeniusMap(ctx context.Context, m poly) (*frobeniusMap, error) {
	n := deg(m)
	xq, err := F.pxpowmod(ctx, F.q, m)
	if err != nil {
		return nil, err
	}
	rows := make([]poly, n)
	rows[0] = F.pmod(poly{F.one()}, m)
	for i := 1; i < n; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rows[i] = F.pmulmod(rows[i-1], xq, m)
	}
	fr := &frobeniusMap{F: F, m: m, rows: rows}
	if F.word != 0 {
		fr.words = make([][]uint64, n)
		for i, r := range rows {
			fr.words[i] = F.toWords(r)
		}
	}
	if F.wext != nil {
		fr.ext = make([][][]uint64, n)
		for i, r := range rows {
			fr.ext[i] = F.wext.polyToWords(r)
		}
	}
	return fr, nil
}

// apply returns h^q mod m for h reduced modulo m.
func (fr *frobeniusMap) apply(h poly) poly {
	F := fr.F
	n := deg(fr.m)
	if F.word != 0 {
		return fromWords(wordApply(F.toWords(h), fr.words, n, F.word))
	}
	if w := F.wext; w != nil {
		return w.polyFromWords(w.apply(w.polyToWords(h), fr.ext, n))
	}
	t := new(big.Int)
	out := make(poly, n)
	s := F.newAcc()
	for j := range n {
		s.clear()
		for i := range h {
			if j < len(fr.rows[i]) {
				s.mulAdd(h[i], fr.rows[i][j], false, t)
			}
		}
		out[j] = F.reduce(s)
	}
	return trimPoly(out)
}
