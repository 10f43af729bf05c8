package finitefield

// Polynomial arithmetic over GF(p) for p < 2^63 on machine words: the fast
// path behind pmul, pdivmod and the Frobenius map when the field is a prime
// field of word size. Coefficients are uint64 in [0, p); the products
// summed into an output coefficient accumulate in a modular.ProductSum and
// are reduced once, and single products, inverses and negations are
// core/modular's. The math/big path stays as the reference implementation
// and the tests compare the two (wordpoly_test.go).

import (
	"math/big"

	"jacobian.dev/core/modular"
)

// wordLimit: core/modular's word arithmetic is for moduli below 2^63.
const wordLimit = 63

// wordModulus returns p when F is a prime field with p < 2^63, else 0.
func wordModulus(p *big.Int, k int) uint64 {
	if k == 1 && p.BitLen() <= wordLimit {
		return p.Uint64()
	}
	return 0
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
		var s modular.ProductSum
		for i := max(0, n-len(b)+1); i <= min(n, len(a)-1); i++ {
			s.AddMul(a[i], b[n-i])
		}
		z[n] = s.Reduce(p)
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
	lcInv, _ := modular.Inverse(b[db], p)
	negB := make([]uint64, db)
	for j := range negB {
		negB[j] = modular.Neg(b[j], p)
	}
	r := make([]modular.ProductSum, len(a))
	for i, c := range a {
		r[i].Add(c)
	}
	quo = make([]uint64, len(a)-db)
	for top := len(a) - 1; top >= db; top-- {
		c := r[top].Reduce(p)
		if c == 0 {
			continue
		}
		c = modular.Mul(c, lcInv, p)
		quo[top-db] = c
		for j := range db {
			r[top-db+j].AddMul(c, negB[j])
		}
	}
	rem = make([]uint64, db)
	for i := range rem {
		rem[i] = r[i].Reduce(p)
	}
	return quo, rem
}

// wordApply is the Frobenius vector–matrix product on word rows.
func wordApply(h []uint64, rows [][]uint64, n int, p uint64) []uint64 {
	out := make([]uint64, n)
	for j := range n {
		var s modular.ProductSum
		for i, c := range h {
			if c != 0 && j < len(rows[i]) {
				s.AddMul(c, rows[i][j])
			}
		}
		out[j] = s.Reduce(p)
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
	inv, _ := modular.Inverse(a[len(a)-1], p)
	out := make([]uint64, len(a))
	for i, c := range a {
		out[i] = modular.Mul(c, inv, p)
	}
	return out
}
