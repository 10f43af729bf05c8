package integer

import (
	"math/big"
	"math/bits"

	"jacobian.dev/core/bignum"
)

// powerCmpMinBits is the size of x^k below which powerCmp computes the
// power exactly: the bounds pay off only once products are large.
const powerCmpMinBits = 1 << 12

// powerCmp returns the sign of x^k − n for k ≥ 1.
//
// For x ≠ 0 it brackets |x|^k between a lower and an upper bound m·2^e
// computed with every product cut to its top bits(x) + 64 bits, rounded
// down for the one and up for the other (truncatedPower), so
// lower ≤ |x|^k ≤ upper rigorously, with a relative gap below
// 4k·2^(−bits(x)−64) (at most 2·log₂k products, each off by one unit in
// the last place). The products are of bits(x) + 64 bits instead of up to
// k·bits(x). Only when n lies inside the bracket, which happens for
// x^k = n or when n is within about 2^(−64) of a unit of x in the last
// place, is x^k computed exactly. ⌊n^(1/k)⌋ = r is settled by r^k ≤ n and
// (r + 1)^k > n; since (r + 1)^k − r^k ≥ k·r^(k−1), the bracket decides
// both for all but a 2^(−60) or so fraction of n.
func powerCmp(x *big.Int, k int, n *big.Int) int {
	if x.Sign() < 0 {
		ax := new(big.Int).Neg(x)
		if k%2 == 0 {
			return powerCmp(ax, k, n)
		}
		return -powerCmp(ax, k, new(big.Int).Neg(n)) // x^k − n = −(|x|^k − (−n))
	}
	if x.Sign() == 0 || n.Sign() <= 0 || k == 1 || x.BitLen()*k < powerCmpMinBits {
		return powerBig(x, k).Cmp(n)
	}
	prec := x.BitLen() + 64
	m, e := truncatedPower(x, k, prec, false)
	q := new(big.Int).Rsh(n, uint(e))
	if m.Cmp(q) > 0 { // x^k ≥ m·2^e > n
		return 1
	}
	m, e = truncatedPower(x, k, prec, true)
	q.Rsh(n, uint(e))
	if c := m.Cmp(q); c < 0 || c == 0 && n.TrailingZeroBits() < uint(e) { // x^k ≤ m·2^e < n
		return -1
	}
	return powerBig(x, k).Cmp(n)
}

// truncatedPower is a lower (up false) or upper (up true) bound m·2^e on
// x^k, x > 0, k ≥ 1, by binary powering on core/bignum's products, each
// product cut to its top prec bits, rounded down or up.
func truncatedPower(x *big.Int, k, prec int, up bool) (*big.Int, int) {
	m, e := new(big.Int).Set(x), 0
	cut := func() {
		if s := m.BitLen() - prec; s > 0 {
			inexact := m.TrailingZeroBits() < uint(s)
			m.Rsh(m, uint(s))
			if up && inexact {
				m.Add(m, big.NewInt(1))
			}
			e += s
		}
	}
	for i := bits.Len(uint(k)) - 2; i >= 0; i-- {
		bignum.Sqr(m, m)
		e *= 2
		cut()
		if k>>i&1 == 1 {
			bignum.Mul(m, m, x)
			cut()
		}
	}
	return m, e
}
