package finitefield

// Polynomial arithmetic over GF(p) for p < 2^63 on machine words: the fast
// path behind pmul, pdivmod and the Frobenius map when the field is a prime
// field of word size. Coefficients are uint64 in [0, p); sums of products
// accumulate in three words (192 bits, room for 2^64 products below 2^126)
// and are reduced once per output coefficient with two 128-by-64-bit
// divisions. The math/big path stays as the reference implementation and
// the tests compare the two (wordpoly_test.go).

import (
	"math/big"
	"math/bits"
)

// wordLimit: p below 2^63 keeps every product below 2^126.
const wordLimit = 63

// wordModulus returns p when F is a prime field with p < 2^63, else 0.
func wordModulus(p *big.Int, k int) uint64 {
	if k == 1 && p.BitLen() <= wordLimit {
		return p.Uint64()
	}
	return 0
}

// acc3 is a 192-bit accumulator.
type acc3 struct{ lo, mid, hi uint64 }

func (a *acc3) addMul(x, y uint64) {
	h, l := bits.Mul64(x, y)
	var c uint64
	a.lo, c = bits.Add64(a.lo, l, 0)
	a.mid, c = bits.Add64(a.mid, h, c)
	a.hi += c
}

func (a *acc3) reduce(p uint64) uint64 {
	r := a.hi % p
	_, r = bits.Div64(r, a.mid, p)
	_, r = bits.Div64(r, a.lo, p)
	return r
}

func mulModWord(x, y, p uint64) uint64 {
	h, l := bits.Mul64(x, y)
	_, r := bits.Div64(h, l, p)
	return r
}

func (F *gf) toWords(a poly) []uint64 {
	out := make([]uint64, len(a))
	for i, c := range a {
		if len(c) > 0 {
			out[i] = c[0].Uint64()
		}
	}
	return out
}

func fromWords(a []uint64) poly {
	out := make(poly, len(a))
	for i, c := range a {
		if c != 0 {
			out[i] = elem{new(big.Int).SetUint64(c)}
		}
	}
	return trimPoly(out)
}

// wordMul is schoolbook multiplication.
func wordMul(a, b []uint64, p uint64) []uint64 {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	z := make([]uint64, len(a)+len(b)-1)
	for n := range z {
		var s acc3
		for i := max(0, n-len(b)+1); i <= min(n, len(a)-1); i++ {
			s.addMul(a[i], b[n-i])
		}
		z[n] = s.reduce(p)
	}
	return z
}

// wordDivMod is long division by b with nonzero leading coefficient.
// Subtracting c·b_j is adding c·(p − b_j), so the accumulators only grow.
func wordDivMod(a, b []uint64, p uint64) (quo, rem []uint64) {
	db := len(b) - 1
	if len(a)-1 < db {
		return nil, a
	}
	lcInv := new(big.Int).ModInverse(new(big.Int).SetUint64(b[db]), new(big.Int).SetUint64(p)).Uint64()
	negB := make([]uint64, db)
	for j := range negB {
		if b[j] != 0 {
			negB[j] = p - b[j]
		}
	}
	r := make([]acc3, len(a))
	for i, c := range a {
		r[i].lo = c
	}
	quo = make([]uint64, len(a)-db)
	for top := len(a) - 1; top >= db; top-- {
		c := r[top].reduce(p)
		if c == 0 {
			continue
		}
		c = mulModWord(c, lcInv, p)
		quo[top-db] = c
		for j := range db {
			r[top-db+j].addMul(c, negB[j])
		}
	}
	rem = make([]uint64, db)
	for i := range rem {
		rem[i] = r[i].reduce(p)
	}
	return quo, rem
}

// wordApply is the Frobenius vector–matrix product on word rows.
func wordApply(h []uint64, rows [][]uint64, n int, p uint64) []uint64 {
	out := make([]uint64, n)
	for j := range n {
		var s acc3
		for i, c := range h {
			if c != 0 && j < len(rows[i]) {
				s.addMul(c, rows[i][j])
			}
		}
		out[j] = s.reduce(p)
	}
	return out
}

func trimWords(a []uint64) []uint64 {
	n := len(a)
	for n > 0 && a[n-1] == 0 {
		n--
	}
	return a[:n]
}

// wordMulMod returns a·b mod m, all trimmed.
func wordMulMod(a, b, m []uint64, p uint64) []uint64 {
	_, r := wordDivMod(wordMul(a, b, p), m, p)
	return trimWords(r)
}

// wordGCD returns the monic gcd of a and b.
func wordGCD(a, b []uint64, p uint64) []uint64 {
	a, b = trimWords(a), trimWords(b)
	for len(b) > 0 {
		_, r := wordDivMod(a, b, p)
		a, b = b, trimWords(r)
	}
	if len(a) == 0 {
		return nil
	}
	inv := new(big.Int).ModInverse(new(big.Int).SetUint64(a[len(a)-1]), new(big.Int).SetUint64(p)).Uint64()
	out := make([]uint64, len(a))
	for i, c := range a {
		out[i] = mulModWord(c, inv, p)
	}
	return out
}
