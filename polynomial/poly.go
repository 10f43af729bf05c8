package polynomial

import (
	"context"
	"math/big"
	"math/bits"
)

// qpoly is a dense polynomial over Q, constant term first, with no
// trailing zeros; the zero polynomial is empty. Operations never modify
// their arguments.
type qpoly []*big.Rat

// zpoly is a dense polynomial over Z with the same conventions.
type zpoly []*big.Int

// pollEvery is how many inner steps long loops take between context polls.
const pollEvery = 64

func (a qpoly) deg() int { return len(a) - 1 }
func (a zpoly) deg() int { return len(a) - 1 }

func (a qpoly) lc() *big.Rat { return a[len(a)-1] }
func (a zpoly) lc() *big.Int { return a[len(a)-1] }

func qtrim(a qpoly) qpoly {
	n := len(a)
	for n > 0 && a[n-1].Sign() == 0 {
		n--
	}
	return a[:n]
}

func ztrim(a zpoly) zpoly {
	n := len(a)
	for n > 0 && a[n-1].Sign() == 0 {
		n--
	}
	return a[:n]
}

func qzeros(n int) qpoly {
	out := make(qpoly, n)
	for i := range out {
		out[i] = new(big.Rat)
	}
	return out
}

func zzeros(n int) zpoly {
	out := make(zpoly, n)
	for i := range out {
		out[i] = new(big.Int)
	}
	return out
}

func (a qpoly) clone() qpoly {
	out := make(qpoly, len(a))
	for i, x := range a {
		out[i] = new(big.Rat).Set(x)
	}
	return out
}

func (a zpoly) clone() zpoly {
	out := make(zpoly, len(a))
	for i, x := range a {
		out[i] = new(big.Int).Set(x)
	}
	return out
}

func (a qpoly) equal(b qpoly) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Cmp(b[i]) != 0 {
			return false
		}
	}
	return true
}

func (a zpoly) equal(b zpoly) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Cmp(b[i]) != 0 {
			return false
		}
	}
	return true
}

func qadd(a, b qpoly) qpoly {
	out := qzeros(max(len(a), len(b)))
	for i := range out {
		if i < len(a) {
			out[i].Set(a[i])
		}
		if i < len(b) {
			out[i].Add(out[i], b[i])
		}
	}
	return qtrim(out)
}

func qsub(a, b qpoly) qpoly {
	out := qzeros(max(len(a), len(b)))
	for i := range out {
		if i < len(a) {
			out[i].Set(a[i])
		}
		if i < len(b) {
			out[i].Sub(out[i], b[i])
		}
	}
	return qtrim(out)
}

// qmul multiplies over Q by clearing denominators and multiplying over Z,
// which avoids a gcd per coefficient product.
func qmul(ctx context.Context, a, b qpoly) (qpoly, error) {
	za, da, err := clearDenominators(ctx, a)
	if err != nil {
		return nil, err
	}
	zb, db, err := clearDenominators(ctx, b)
	if err != nil {
		return nil, err
	}
	p, err := zmul(ctx, za, zb)
	if err != nil {
		return nil, err
	}
	return zpolyOver(p, new(big.Int).Mul(da, db)), nil
}

// kroneckerThreshold is the shorter operand length from which zmul packs
// polynomials into integers instead of multiplying term by term.
const kroneckerThreshold = 24

// zmul multiplies in Z[x]: schoolbook for short operands, otherwise by
// Kronecker substitution (see zmulKronecker).
func zmul(ctx context.Context, a, b zpoly) (zpoly, error) {
	if min(len(a), len(b)) >= kroneckerThreshold {
		return zmulKronecker(ctx, a, b)
	}
	return zmulSchoolbook(ctx, a, b)
}

// zmulSchoolbook is the quadratic product, polling ctx row by row; it is
// also the reference for zmulKronecker.
func zmulSchoolbook(ctx context.Context, a, b zpoly) (zpoly, error) {
	if len(a) == 0 || len(b) == 0 {
		return nil, nil
	}
	out := zzeros(len(a) + len(b) - 1)
	var t big.Int
	for i, x := range a {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if x.Sign() == 0 {
			continue
		}
		for j, y := range b {
			out[i+j].Add(out[i+j], t.Mul(x, y))
		}
	}
	return ztrim(out), nil
}

// zmulKronecker multiplies by Kronecker substitution (von zur Gathen and
// Gerhard, Modern Computer Algebra, §8.4): a polynomial with non-negative
// coefficients below 2^k is the integer a(2^k), one big multiplication
// (Karatsuba or better in math/big) gives (ab)(2^k), and its k-bit slots
// are the product's coefficients as long as they stay below 2^k. Signs
// are handled by splitting a = a⁺ − a⁻ and b = b⁺ − b⁻ into non-negative
// parts: ab = (a⁺b⁺ + a⁻b⁻) − (a⁺b⁻ + a⁻b⁺), each bracket with
// non-negative coefficients below 2·min(len a, len b)·max|a|·max|b|.
// ctx is polled between the (at most four) big multiplications, none of
// which can be interrupted.
func zmulKronecker(ctx context.Context, a, b zpoly) (zpoly, error) {
	if len(a) == 0 || len(b) == 0 {
		return nil, nil
	}
	maxBits := func(p zpoly) int {
		m := 0
		for _, x := range p {
			m = max(m, x.BitLen())
		}
		return m
	}
	k := maxBits(a) + maxBits(b) + bits.Len(uint(min(len(a), len(b)))) + 2
	ap, an := packSigned(a, k)
	bp, bn := packSigned(b, k)
	var err error
	mul := func(x, y *big.Int) *big.Int {
		if x == nil || y == nil || err != nil {
			return nil
		}
		if err = ctx.Err(); err != nil {
			return nil
		}
		return new(big.Int).Mul(x, y)
	}
	sum := func(x, y *big.Int) *big.Int {
		switch {
		case x == nil:
			return y
		case y == nil:
			return x
		}
		return x.Add(x, y)
	}
	n := len(a) + len(b) - 1
	p, q := sum(mul(ap, bp), mul(an, bn)), sum(mul(ap, bn), mul(an, bp))
	if err != nil {
		return nil, err
	}
	pos, neg := unpack(p, n, k), unpack(q, n, k)
	for i := range pos {
		pos[i].Sub(pos[i], neg[i])
	}
	return ztrim(pos), nil
}

// packSigned returns a⁺(2^k) and a⁻(2^k), nil where a part is zero.
func packSigned(a zpoly, k int) (pos, neg *big.Int) {
	var pw, nw []big.Word
	size := (len(a)*k)/bits.UintSize + (k+bits.UintSize-1)/bits.UintSize + 2
	for i, x := range a {
		switch x.Sign() {
		case 1:
			if pw == nil {
				pw = make([]big.Word, size)
			}
			orShifted(pw, x.Bits(), i*k)
		case -1:
			if nw == nil {
				nw = make([]big.Word, size)
			}
			orShifted(nw, x.Bits(), i*k)
		}
	}
	if pw != nil {
		pos = new(big.Int).SetBits(pw)
	}
	if nw != nil {
		neg = new(big.Int).SetBits(nw)
	}
	return pos, neg
}

// orShifted ORs src·2^off into dst, which is long enough.
func orShifted(dst, src []big.Word, off int) {
	w, s := off/bits.UintSize, uint(off%bits.UintSize)
	for j, v := range src {
		dst[w+j] |= v << s
		if s > 0 {
			dst[w+j+1] |= v >> (bits.UintSize - s)
		}
	}
}

// unpack reads n slots of k bits from x (nil meaning 0).
func unpack(x *big.Int, n, k int) zpoly {
	out := zzeros(n)
	if x == nil {
		return out
	}
	src := x.Bits()
	words := (k + bits.UintSize - 1) / bits.UintSize
	for i := range out {
		off := i * k
		w, s := off/bits.UintSize, uint(off%bits.UintSize)
		if w >= len(src) {
			break
		}
		buf := make([]big.Word, words+1)
		for j := range buf {
			if w+j < len(src) {
				buf[j] = src[w+j] >> s
				if s > 0 && w+j+1 < len(src) {
					buf[j] |= src[w+j+1] << (bits.UintSize - s)
				}
			}
		}
		// Keep the low k bits.
		top := k % bits.UintSize
		buf = buf[:words]
		if top > 0 {
			buf[words-1] &= big.Word(1)<<uint(top) - 1
		}
		out[i].SetBits(buf)
	}
	return out
}

func qscale(a qpoly, c *big.Rat) qpoly {
	if c.Sign() == 0 {
		return nil
	}
	out := make(qpoly, len(a))
	for i, x := range a {
		out[i] = new(big.Rat).Mul(x, c)
	}
	return out
}

// qdivrem divides a by a nonzero b over Q: a = q·b + r with deg r < deg b.
// Rational long division takes a gcd per coefficient operation and its
// denominators grow at every step, so it works on integers instead: with
// a = A/d and b = B/e, the pseudo-division lc(B)^k·A = Q·B + R (k =
// deg A − deg B + 1) gives q = e·Q/(d·lc(B)^k) and r = R/(d·lc(B)^k), with
// one reduction per coefficient at the end.
func qdivrem(ctx context.Context, a, b qpoly) (q, r qpoly, err error) {
	if len(a) < len(b) {
		return nil, a.clone(), nil
	}
	za, d, err := clearDenominators(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	zb, e, err := clearDenominators(ctx, b)
	if err != nil {
		return nil, nil, err
	}
	zq, zr, err := zpdivrem(ctx, za, zb)
	if err != nil {
		return nil, nil, err
	}
	scale := new(big.Int).Exp(zb.lc(), big.NewInt(int64(len(a)-len(b)+1)), nil)
	scale.Mul(scale, d)
	q = make(qpoly, len(zq))
	for i, x := range zq {
		q[i] = new(big.Rat).SetFrac(new(big.Int).Mul(x, e), scale)
	}
	r = make(qpoly, len(zr))
	for i, x := range zr {
		r[i] = new(big.Rat).SetFrac(x, scale)
	}
	return qtrim(q), qtrim(r), nil
}

// zpdivrem is pseudo-division (Knuth, TAOCP vol. 2, §4.6.1, Algorithm R
// with the quotient kept): lc(b)^(deg a − deg b + 1)·a = q·b + r with
// deg r < deg b, for len(a) ≥ len(b) > 0.
func zpdivrem(ctx context.Context, a, b zpoly) (q, r zpoly, err error) {
	r = a.clone()
	q = zzeros(len(a) - len(b) + 1)
	lb := b.lc()
	unit := lb.IsInt64() && lb.Int64() == 1
	m := b.deg()
	var t big.Int
	for k := len(a) - len(b); k >= 0; k-- {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		c := new(big.Int).Set(r[k+m])
		if !unit {
			for i := 0; i < k+m; i++ {
				r[i].Mul(r[i], lb)
			}
			for i := k + 1; i < len(q); i++ {
				q[i].Mul(q[i], lb)
			}
		}
		q[k].Set(c)
		for j := 0; j < m; j++ {
			r[k+j].Sub(r[k+j], t.Mul(c, b[j]))
		}
		r[k+m].SetInt64(0)
	}
	return ztrim(q), ztrim(r[:m]), nil
}

// qdivremLong is rational long division, the simple reference for qdivrem.
func qdivremLong(ctx context.Context, a, b qpoly) (q, r qpoly, err error) {
	if len(a) < len(b) {
		return nil, a.clone(), nil
	}
	r = a.clone()
	q = qzeros(len(a) - len(b) + 1)
	inv := new(big.Rat).Inv(b.lc())
	var t big.Rat
	for k := len(a) - len(b); k >= 0; k-- {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		c := r[k+len(b)-1]
		if c.Sign() == 0 {
			continue
		}
		q[k].Mul(c, inv)
		for j, y := range b {
			r[k+j].Sub(r[k+j], t.Mul(q[k], y))
		}
	}
	return qtrim(q), qtrim(r[:len(b)-1]), nil
}

func qderiv(a qpoly) qpoly {
	if len(a) <= 1 {
		return nil
	}
	out := make(qpoly, len(a)-1)
	for i := range out {
		out[i] = new(big.Rat).Mul(a[i+1], new(big.Rat).SetInt64(int64(i+1)))
	}
	return qtrim(out)
}

func zderiv(a zpoly) zpoly {
	if len(a) <= 1 {
		return nil
	}
	out := make(zpoly, len(a)-1)
	for i := range out {
		out[i] = new(big.Int).Mul(a[i+1], big.NewInt(int64(i+1)))
	}
	return ztrim(out)
}

// clearDenominators writes a = p/d with p integral and d > 0 the lcm of
// the denominators. Every step multiplies numbers as long as the lcm, which
// preflight bounds (checkCleared) but which may still be thousands of bits
// over thousands of coefficients, so it polls ctx.
func clearDenominators(ctx context.Context, a qpoly) (zpoly, *big.Int, error) {
	d := big.NewInt(1)
	var g big.Int
	for i, x := range a {
		if i%pollEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		if x.IsInt() {
			continue
		}
		g.GCD(nil, nil, d, x.Denom())
		d.Mul(d, new(big.Int).Quo(x.Denom(), &g))
	}
	out := make(zpoly, len(a))
	for i, x := range a {
		if i%pollEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		out[i] = new(big.Int).Mul(x.Num(), new(big.Int).Quo(d, x.Denom()))
	}
	return out, d, nil
}

// zpolyOver returns p/d as a polynomial over Q.
func zpolyOver(p zpoly, d *big.Int) qpoly {
	out := make(qpoly, len(p))
	for i, x := range p {
		out[i] = new(big.Rat).SetFrac(x, d)
	}
	return qtrim(out)
}

func toQ(p zpoly) qpoly { return zpolyOver(p, big.NewInt(1)) }

// isIntegral reports whether every coefficient is an integer.
func (a qpoly) isIntegral() bool {
	for _, x := range a {
		if !x.IsInt() {
			return false
		}
	}
	return true
}

// content is the gcd of the coefficients, ≥ 0; 0 for the zero polynomial.
// It polls ctx, since each step is a gcd of long integers.
func content(ctx context.Context, a zpoly) (*big.Int, error) {
	g := new(big.Int)
	var abs big.Int
	for i, x := range a {
		if i%pollEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		g.GCD(nil, nil, g, abs.Abs(x))
		if g.IsInt64() && g.Int64() == 1 {
			break
		}
	}
	return g, nil
}

// primitive splits a nonzero a into its content with the sign of the
// leading coefficient and a primitive part with positive leading
// coefficient: a = c·pp. It polls ctx between divisions.
func primitive(ctx context.Context, a zpoly) (*big.Int, zpoly, error) {
	c, err := content(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	if c.Sign() == 0 {
		return c, nil, nil
	}
	if a.lc().Sign() < 0 {
		c.Neg(c)
	}
	out := make(zpoly, len(a))
	for i, x := range a {
		if i%pollEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		out[i] = new(big.Int).Quo(x, c)
	}
	return c, out, nil
}

// qprimitive writes a nonzero a over Q as c·pp with c rational and pp
// primitive in Z[x] with positive leading coefficient.
func qprimitive(ctx context.Context, a qpoly) (*big.Rat, zpoly, error) {
	z, d, err := clearDenominators(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	c, pp, err := primitive(ctx, z)
	if err != nil {
		return nil, nil, err
	}
	return new(big.Rat).SetFrac(c, d), pp, nil
}

// zdivExact returns a/b when b divides a in Z[x], and false otherwise. It
// stops at the first leading coefficient that does not divide.
func zdivExact(ctx context.Context, a, b zpoly) (zpoly, bool, error) {
	if len(b) == 0 {
		return nil, false, nil
	}
	if len(a) == 0 {
		return nil, true, nil
	}
	if len(a) < len(b) {
		return nil, false, nil
	}
	r := a.clone()
	q := zzeros(len(a) - len(b) + 1)
	var t, m big.Int
	lb := b.lc()
	for k := len(a) - len(b); k >= 0; k-- {
		if k%pollEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
		}
		c := r[k+len(b)-1]
		if c.Sign() == 0 {
			continue
		}
		q[k].QuoRem(c, lb, &m)
		if m.Sign() != 0 {
			return nil, false, nil
		}
		for j, y := range b {
			r[k+j].Sub(r[k+j], t.Mul(q[k], y))
		}
	}
	for _, x := range r[:len(b)-1] {
		if x.Sign() != 0 {
			return nil, false, nil
		}
	}
	return ztrim(q), true, nil
}

// zprem is the pseudo-remainder: lc(b)^(deg a − deg b + 1)·a mod b, computed
// over Z without fractions (Knuth, TAOCP vol. 2, §4.6.1, Algorithm R).
func zprem(ctx context.Context, a, b zpoly) (zpoly, error) {
	if len(a) < len(b) {
		return a.clone(), nil
	}
	r := a.clone()
	lb := b.lc()
	n, m := a.deg(), b.deg()
	var t big.Int
	for k := n - m; k >= 0; k-- {
		if k%pollEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		c := new(big.Int).Set(r[k+m])
		for i := 0; i < k+m; i++ {
			r[i].Mul(r[i], lb)
		}
		for j := 0; j < m; j++ {
			r[k+j].Sub(r[k+j], t.Mul(c, b[j]))
		}
		r[k+m].SetInt64(0)
	}
	return ztrim(r[:m]), nil
}

// qeval is Horner's rule over Z: with a = p/d and x = u/v it accumulates
// Σ p_i u^i v^(n−i) and divides by d·v^n once, so no gcd is taken inside
// the loop.
func qeval(ctx context.Context, a qpoly, x *big.Rat) (*big.Rat, error) {
	if len(a) == 0 {
		return new(big.Rat), nil
	}
	p, d, err := clearDenominators(ctx, a)
	if err != nil {
		return nil, err
	}
	u, v := x.Num(), x.Denom()
	acc := new(big.Int).Set(p[len(p)-1])
	vpow := big.NewInt(1)
	for i := len(p) - 2; i >= 0; i-- {
		if i%pollEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		vpow.Mul(vpow, v)
		acc.Mul(acc, u)
		acc.Add(acc, new(big.Int).Mul(p[i], vpow))
	}
	return new(big.Rat).SetFrac(acc, new(big.Int).Mul(d, vpow)), nil
}

// zpolyOf returns the numerators of an integral polynomial.
func zpolyOf(a qpoly) zpoly {
	out := make(zpoly, len(a))
	for i, x := range a {
		out[i] = new(big.Int).Set(x.Num())
	}
	return out
}
