package finitefield

// Machine-word arithmetic for extension fields GF(p^k), k > 1, p < 2^32:
// an element is its k coordinates as uint64, products of coordinates stay
// below 2^64 and accumulate in a modular.ProductSum, and each accumulated
// coefficient is reduced modulo p and then modulo f once. This is the fast
// path behind mul, pmul, pdivmod and the Frobenius map for such fields;
// the math/big path stays as the reference (wordext_test.go).

import (
	"math/big"

	"jacobian.dev/core/modular"
)

// extWordLimit keeps coordinate products below 2^64.
const extWordLimit = 32

// wordExt holds the modulus on machine words.
type wordExt struct {
	p    uint64
	k    int
	negF []uint64 // p − f_j (mod p) for j < k
}

func newWordExt(p *big.Int, k int, f []*big.Int) *wordExt {
	if k == 1 || p.BitLen() > extWordLimit {
		return nil
	}
	w := &wordExt{p: p.Uint64(), k: k, negF: make([]uint64, k)}
	for j := range k {
		w.negF[j] = modular.Neg(f[j].Uint64(), w.p)
	}
	return w
}

func (w *wordExt) toWords(a elem) []uint64 {
	out := make([]uint64, w.k)
	for i, c := range a {
		out[i] = c.Uint64()
	}
	return out
}

func (w *wordExt) fromWords(a []uint64) elem {
	out := make(elem, len(a))
	for i, c := range a {
		out[i] = new(big.Int).SetUint64(c)
	}
	return trimElem(out)
}

// mulAcc adds a·b (coordinate vectors of length k) into z (length 2k − 1).
func (w *wordExt) mulAcc(z []modular.ProductSum, a, b []uint64) {
	for i, x := range a {
		if x == 0 {
			continue
		}
		for j, y := range b {
			if y != 0 {
				z[i+j].AddMul(x, y)
			}
		}
	}
}

// reduce turns an accumulated product into the coordinates of an element.
func (w *wordExt) reduce(z []modular.ProductSum) []uint64 {
	v := make([]uint64, len(z))
	for i := range z {
		v[i] = z[i].Reduce(w.p)
	}
	for i := len(v) - 1; i >= w.k; i-- {
		c := v[i]
		if c == 0 {
			continue
		}
		for j := range w.k {
			if w.negF[j] != 0 {
				v[i-w.k+j] = modular.Add(v[i-w.k+j], modular.Mul(c, w.negF[j], w.p), w.p)
			}
		}
	}
	return v[:w.k]
}

func (w *wordExt) mul(a, b []uint64) []uint64 {
	z := make([]modular.ProductSum, 2*w.k-1)
	w.mulAcc(z, a, b)
	return w.reduce(z)
}

func (w *wordExt) neg(a []uint64) []uint64 {
	out := make([]uint64, len(a))
	for i, c := range a {
		out[i] = modular.Neg(c, w.p)
	}
	return out
}

func (w *wordExt) polyToWords(a poly) [][]uint64 {
	out := make([][]uint64, len(a))
	for i, c := range a {
		out[i] = w.toWords(c)
	}
	return out
}

func (w *wordExt) polyFromWords(a [][]uint64) poly {
	out := make(poly, len(a))
	for i, c := range a {
		out[i] = w.fromWords(c)
	}
	return trimPoly(out)
}

func (w *wordExt) pmul(a, b [][]uint64) [][]uint64 {
	z := make([][]uint64, len(a)+len(b)-1)
	s := make([]modular.ProductSum, 2*w.k-1)
	for n := range z {
		clear(s)
		for i := max(0, n-len(b)+1); i <= min(n, len(a)-1); i++ {
			w.mulAcc(s, a[i], b[n-i])
		}
		z[n] = w.reduce(s)
	}
	return z
}

// pdivmod divides by b whose leading coefficient has inverse lcInv.
func (w *wordExt) pdivmod(a, b [][]uint64, lcInv []uint64) (quo, rem [][]uint64) {
	db := len(b) - 1
	negB := make([][]uint64, db)
	for j := range negB {
		negB[j] = w.neg(b[j])
	}
	r := make([][]modular.ProductSum, len(a))
	for i, c := range a {
		r[i] = make([]modular.ProductSum, 2*w.k-1)
		for j, x := range c {
			r[i][j].Add(x)
		}
	}
	quo = make([][]uint64, len(a)-db)
	for top := len(a) - 1; top >= db; top-- {
		c := w.reduce(r[top])
		c = w.mul(c, lcInv)
		quo[top-db] = c
		for j := range db {
			w.mulAcc(r[top-db+j], c, negB[j])
		}
	}
	rem = make([][]uint64, db)
	for i := range rem {
		rem[i] = w.reduce(r[i])
	}
	return quo, rem
}

func (w *wordExt) apply(h [][]uint64, rows [][][]uint64, n int) [][]uint64 {
	out := make([][]uint64, n)
	s := make([]modular.ProductSum, 2*w.k-1)
	for j := range n {
		clear(s)
		for i, c := range h {
			if j < len(rows[i]) {
				w.mulAcc(s, c, rows[i][j])
			}
		}
		out[j] = w.reduce(s)
	}
	return out
}
