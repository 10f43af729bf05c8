package bignum

// Division with remainder by Newton's reciprocal (Brent and Zimmermann,
// Modern Computer Arithmetic, §3.4.1 and Algorithm 3.5 for the iteration,
// §1.4.3 for the correction): for a divisor d of n bits the reciprocal
// v ≈ 2^(2n)/d is computed from the reciprocal of d's top half, shifted, by
// one Newton step v ← v + v·(2^(2n) − d·v)/2^(2n), which doubles the number
// of correct bits, so the whole reciprocal costs a few products of n bits.
// A dividend of up to 2n bits then has quotient q ≈ a·v/2^(2n), within a
// few units, and the remainder a − q·d corrects it. A longer dividend is
// divided in chunks of the divisor's word length, from the top, reusing v.
// A short quotient is estimated from the top bits of both operands instead,
// as in schoolbook division.

import (
	"context"
	"math/big"
)

// divThreshold is the word length of both divisor and quotient from which
// QuoRem uses the reciprocal; below it big.Int.QuoRem (recursive division,
// Burnikel–Ziegler, on Karatsuba products). It is also the length below
// which the reciprocal's recursion divides exactly. Measured with
// BenchmarkQuoRem (2d-digit by d-digit operands, loaded 2-core amd64; the
// baseline varied up to 2× between runs): d = 100,000 (5,200 words)
// 10.8 ms against 6.9 ms, d = 300,000 (15,600 words) 21 ms against 26 ms,
// d = 1,000,000 111 ms against 387 ms.
const divThreshold = 8192

// QuoRem sets q to the quotient x/y truncated toward zero and r to the
// remainder x − y·q, with the sign of x (|r| < |y|), and returns (q, r),
// exactly as big.Int.QuoRem. It panics if y is 0. q and r must be distinct
// and may alias x or y.
func QuoRem(q, r, x, y *big.Int) (*big.Int, *big.Int) {
	q, r, _ = QuoRemContext(context.Background(), q, r, x, y)
	return q, r
}

// QuoRemContext is QuoRem that stops with ctx.Err() once ctx is done,
// polled between chunks of a long dividend.
func QuoRemContext(ctx context.Context, q, r, x, y *big.Int) (*big.Int, *big.Int, error) {
	if y.Sign() == 0 {
		panic("bignum: division by zero")
	}
	qWords := len(x.Bits()) - len(y.Bits()) + 1
	if len(y.Bits()) < divThreshold || qWords < divThreshold {
		q.QuoRem(x, y, r)
		return q, r, nil
	}
	xs, ys := x.Sign(), y.Sign()
	a, d := new(big.Int).Abs(x), new(big.Int).Abs(y)
	quo, rem, err := divide(ctx, a, d, divThreshold)
	if err != nil {
		return nil, nil, err
	}
	q.Set(quo)
	r.Set(rem)
	if xs != ys {
		q.Neg(q)
	}
	if xs < 0 {
		r.Neg(r)
	}
	return q, r, nil
}

// divide returns ⌊a/d⌋ and a mod d for a ≥ 0, d > 0, with reciprocals
// computed exactly below base words.
func divide(ctx context.Context, a, d *big.Int, base int) (*big.Int, *big.Int, error) {
	n := d.BitLen()
	if a.BitLen() <= 2*n {
		v := reciprocal(d, base)
		q, r := divideShort(a, d, v, n)
		return q, r, nil
	}
	// Chunks of dw words from the top, with d shifted to exactly k = 64·dw
	// bits, so that each step r·2^k + chunk < 2^(2k) is a 2k-by-k division.
	dw := len(d.Bits())
	k := 64 * dw
	shift := uint(k - n)
	dn := new(big.Int).Lsh(d, shift)
	an := new(big.Int).Lsh(a, shift)
	v := reciprocal(dn, base)
	words := an.Bits()
	chunks := (len(words) + dw - 1) / dw
	qw := make([]big.Word, chunks*dw)
	r := new(big.Int)
	for i := chunks - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		lo, hi := i*dw, min(len(words), (i+1)*dw)
		chunk := new(big.Int).SetBits(append([]big.Word(nil), words[lo:hi]...))
		t := new(big.Int).Lsh(r, uint(k))
		t.Add(t, chunk)
		var qi *big.Int
		qi, r = divideShort(t, dn, v, k)
		copy(qw[lo:], qi.Bits())
	}
	return new(big.Int).SetBits(qw), r.Rsh(r, shift), nil
}

// divideShort returns ⌊a/d⌋ and a mod d for 0 ≤ a < 2^(2n), d of n bits,
// v ≈ 2^(2n)/d.
func divideShort(a, d, v *big.Int, n int) (*big.Int, *big.Int) {
	// q ≈ ⌊a/2^n⌋·v/2^n: dropping a's low n bits moves the estimate by
	// less than 2, and v's error by less than its own.
	q := new(big.Int).Rsh(a, uint(n))
	Mul(q, q, v)
	q.Rsh(q, uint(n))
	r := Mul(new(big.Int), q, d)
	r.Sub(a, r)
	correctQuotient(q, r, d)
	return q, r
}

// correctQuotient corrects an estimate q of a quotient by d whose remainder r is
// off by a few multiples of d: it steps q and r until 0 ≤ r < d.
func correctQuotient(q, r, d *big.Int) {
	one := big.NewInt(1)
	for r.Sign() < 0 {
		q.Sub(q, one)
		r.Add(r, d)
	}
	for r.Cmp(d) >= 0 {
		q.Add(q, one)
		r.Sub(r, d)
	}
}

// reciprocal returns v with |v − 2^(2n)/d| within a few units, for d > 0 of
// n bits, dividing exactly below base words.
func reciprocal(d *big.Int, base int) *big.Int {
	n := d.BitLen()
	if len(d.Bits()) < base {
		v := new(big.Int).Lsh(big.NewInt(1), uint(2*n))
		return v.Quo(v, d)
	}
	// The top h bits give 2^(2h)/dh ≈ 2^(2n)/d / 2^(n−h), good to about h
	// bits; one Newton step takes it to about 2h ≥ n bits.
	h := n/2 + 1
	dh := new(big.Int).Rsh(d, uint(n-h))
	vh := reciprocal(dh, base)
	// With v = vh·2^(n−h): e = 2^(2n) − d·v, and v ← v + v·e/2^(2n). Only
	// the top h + 64 bits of e, about 2^(2n−h), matter to the correction,
	// whose size is about 2^(n−h).
	e := Mul(new(big.Int), d, vh)
	e.Lsh(e, uint(n-h))
	e.Sub(new(big.Int).Lsh(big.NewInt(1), uint(2*n)), e)
	t := max(0, e.BitLen()-(h+64))
	e.Rsh(e, uint(t)) // arithmetic shift: floor, also for e < 0
	c := Mul(new(big.Int), vh, e)
	c.Rsh(c, uint(n+h-t))
	v := vh.Lsh(vh, uint(n-h))
	return v.Add(v, c)
}
