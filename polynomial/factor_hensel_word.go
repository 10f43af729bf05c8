package polynomial

// The Hensel steps whose modulus fits a machine word. The quadratic lift
// to p^a (factor_hensel.go) passes through the moduli p^2, p^3, …, p^⌈a/2⌉,
// and the smaller ones are below 2^62 (three of the five steps of a
// 133-bit lift with p = 47). There the lifting tree is kept in words:
// products by the schoolbook method with 192-bit accumulation and one
// reduction per coefficient, which for the degrees factoring admits (at
// most FactorMaxDegree) costs less than the allocation and division of
// math/big at the same sizes. The steps above 2^62 continue on the same
// tree in big integers; the lifted factors are the same either way, since
// monic Hensel lifts are unique.

import (
	"context"
	"math/bits"
)

// wordModulusBits bounds the moduli of the word steps: residues below
// 2^62 leave sums of two of them below 2^63.
const wordModulusBits = 62

// fitsWord reports whether p^e < 2^62, so that residues modulo p^e fit
// the word steps.
func fitsWord(p uint64, e int) bool {
	m := uint64(1)
	for range e {
		hi, lo := bits.Mul64(m, p)
		if hi != 0 || lo >= 1<<wordModulusBits {
			return false
		}
		m = lo
	}
	return true
}

// wpow is p^e for p^e < 2^62.
func wpow(p uint64, e int) uint64 {
	m := uint64(1)
	for range e {
		m *= p
	}
	return m
}

// wreduce is (t2·2^128 + t1·2^64 + t0) mod m.
func wreduce(t2, t1, t0, m uint64) uint64 {
	return bits.Rem64(bits.Rem64(t2, t1, m), t0, m)
}

// wtrim drops trailing zeros.
func wtrim(a []uint64) []uint64 {
	n := len(a)
	for n > 0 && a[n-1] == 0 {
		n--
	}
	return a[:n]
}

// wmul is a·b modulo m, coefficients in [0, m). Each output coefficient is
// summed exactly in three words and reduced once.
func wmul(a, b []uint64, m uint64) []uint64 {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	out := make([]uint64, len(a)+len(b)-1)
	for k := range out {
		var t0, t1, t2 uint64
		for i := max(0, k-len(b)+1); i <= min(k, len(a)-1); i++ {
			hi, lo := bits.Mul64(a[i], b[k-i])
			var c uint64
			t0, c = bits.Add64(t0, lo, 0)
			t1, c = bits.Add64(t1, hi, c)
			t2 += c
		}
		out[k] = wreduce(t2, t1, t0, m)
	}
	return wtrim(out)
}

// wdivRemMonic divides a by the monic b modulo m. The quotient's
// coefficients come from the top down, each from an exact sum of a's
// coefficient and the products already known with −b, reduced once.
func wdivRemMonic(a, b []uint64, m uint64) (q, r []uint64) {
	db := len(b) - 1
	if len(a) <= db {
		return nil, a
	}
	nb := make([]uint64, db)
	for j, x := range b[:db] {
		if x != 0 {
			nb[j] = m - x
		}
	}
	nq := len(a) - db
	q = make([]uint64, nq)
	r = make([]uint64, db)
	for i := len(a) - 1; i >= 0; i-- {
		// c_i = a_i − Σ q_{i−j}·b_j over the quotient coefficients known.
		t0, t1, t2 := a[i], uint64(0), uint64(0)
		for j := max(0, i-nq+1); j < db && j <= i; j++ {
			hi, lo := bits.Mul64(q[i-j], nb[j])
			var c uint64
			t0, c = bits.Add64(t0, lo, 0)
			t1, c = bits.Add64(t1, hi, c)
			t2 += c
		}
		c := wreduce(t2, t1, t0, m)
		if i >= db {
			q[i-db] = c
		} else {
			r[i] = c
		}
	}
	return wtrim(q), wtrim(r)
}

// wadd is a + b modulo m.
func wadd(a, b []uint64, m uint64) []uint64 {
	if len(a) < len(b) {
		a, b = b, a
	}
	out := make([]uint64, len(a))
	copy(out, a)
	for i, y := range b {
		if out[i] += y; out[i] >= m {
			out[i] -= m
		}
	}
	return wtrim(out)
}

// wsub is a − b modulo m.
func wsub(a, b []uint64, m uint64) []uint64 {
	out := make([]uint64, max(len(a), len(b)))
	copy(out, a)
	for i, y := range b {
		if out[i] >= y {
			out[i] -= y
		} else {
			out[i] += m - y
		}
	}
	return wtrim(out)
}

// liftWord is lift (factor_hensel.go) with every polynomial of the
// subtree in words, modulo m2 < 2^62.
func (n *henselNode) liftWord(ctx context.Context, f []uint64, m2 uint64, liftST bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	n.wpoly = f
	if n.left == nil {
		return nil
	}
	g, h := n.left.wpoly, n.right.wpoly
	e := wsub(f, wmul(g, h, m2), m2)
	q, r := wdivRemMonic(wmul(n.ws, e, m2), h, m2)
	gs := wadd(wadd(wmul(n.wt, e, m2), g, m2), wmul(q, g, m2), m2)
	hs := wadd(r, h, m2)
	if liftST {
		one := []uint64{1}
		b := wsub(wadd(wmul(n.ws, gs, m2), wmul(n.wt, hs, m2), m2), one, m2)
		c, d := wdivRemMonic(wmul(n.ws, b, m2), hs, m2)
		n.ws = wsub(n.ws, d, m2)
		n.wt = wsub(wsub(n.wt, wmul(n.wt, b, m2), m2), wmul(c, gs, m2), m2)
	}
	if err := n.left.liftWord(ctx, gs, m2, liftST); err != nil {
		return err
	}
	return n.right.liftWord(ctx, hs, m2, liftST)
}

// toBig moves the subtree from words to big integers.
func (n *henselNode) toBig() {
	n.poly, n.wpoly = toZ(n.wpoly), nil
	if n.left == nil {
		return
	}
	n.s, n.t, n.ws, n.wt = toZ(n.ws), toZ(n.wt), nil, nil
	n.left.toBig()
	n.right.toBig()
}
