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
// For x ≠ 0 it brackets |x|^k as m·2^e ≤ |x|^k < (m + 8k)·2^e, where m
// comes from binary powering with every product cut to its top
// p = bits(x) + 64 bits, rounded down (truncatedPower). Each cut keeps
// at least 2^(p−1), so it divides by less than 1 + ε, ε = 2^(1−p); a
// squaring doubles the exponent of (1 + ε) so far and adds one, a product
// by x adds one, so after reaching x^j the exponent is at most 2j − 2
// (induction on the two steps). Hence |x|^k < m·2^e·(1 + ε)^(2k) ≤
// m·2^e·(1 + 4kε) (as 2kε ≤ 1), and m < 2^p makes that less than
// (m + 8k)·2^e. One power of products of bits(x) + 64 bits decides both
// sides, instead of products up to k·bits(x); only when n lies inside the
// bracket, which happens for x^k = n or when n is within 8k units of
// 2^e of x^k, is x^k computed exactly. ⌊n^(1/k)⌋ = r is settled by
// r^k ≤ n and (r + 1)^k > n; since (r + 1)^k − r^k ≥ k·r^(k−1), the
// bracket decides both for all but a 2^(−55) or so fraction of n.
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
	m, e := truncatedPower(x, k, x.BitLen()+64)
	q := new(big.Int).Rsh(n, uint(e))
	if m.Cmp(q) > 0 { // x^k ≥ m·2^e ≥ (⌊n/2^e⌋ + 1)·2^e > n
		return 1
	}
	if m.Add(m, big.NewInt(int64(8*k))).Cmp(q) <= 0 { // x^k < (m + 8k)·2^e ≤ n
		return -1
	}
	return powerBig(x, k).Cmp(n)
}

// truncatedPower is m and e with m·2^e ≤ x^k < (m + 8k)·2^e and m < 2^prec
// (powerCmp's comment has the bound), for x > 0, 1 ≤ k ≤ 2^(prec−4),
// by binary powering on core/bignum's products, each product cut to its
// top prec bits, rounded down.
func truncatedPower(x *big.Int, k, prec int) (*big.Int, int) {
	m, e := new(big.Int).Set(x), 0
	cut := func() {
		if s := m.BitLen() - prec; s > 0 {
			m.Rsh(m, uint(s))
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

// floorRootCmp returns powerCmp(r, k, n), the sign of r^k − n, and
// whether (r + 1)^k > n: the two comparisons that settle r = ⌊n^(1/k)⌋,
// for k ≥ 1.
//
// For r > 0 and large powers, the bracket m·2^e ≤ r^k of the first
// comparison also bounds (r + 1)^k from below, without a second power:
// (r + 1)^k ≥ r^k + k·r^(k−1) = r^k·(1 + k/r) by the binomial theorem,
// and with r < t·2^s for t = ⌊r/2^s⌋ + 1, s = bits(r) − 64,
// (r + 1)^k ≥ m·2^e + ⌊k·m/t⌋·2^(e−s) = B. So n < B proves
// (r + 1)^k > n at the cost of a division by a two-word t; as
// (r + 1)^k − r^k ≈ k·r^(k−1) is most of the gap between consecutive
// powers and B falls short of it by a relative 2^−60 or so, only n within
// that of (r + 1)^k is left to powerCmp.
func floorRootCmp(r *big.Int, k int, n *big.Int) (c int, nextAbove bool) {
	if r.Sign() <= 0 || n.Sign() <= 0 || k < 2 || r.BitLen()*k < powerCmpMinBits || r.BitLen() <= 128 {
		return powerCmp(r, k, n), powerCmp(new(big.Int).Add(r, big.NewInt(1)), k, n) > 0
	}
	m, e := truncatedPower(r, k, r.BitLen()+64)
	qn := new(big.Int).Rsh(n, uint(e))
	switch {
	case m.Cmp(qn) > 0: // r^k > n, so (r + 1)^k > n too
		return 1, true
	case new(big.Int).Add(m, big.NewInt(int64(8*k))).Cmp(qn) <= 0: // r^k < n
		c = -1
	default:
		c = powerBig(r, k).Cmp(n)
	}
	if nextAboveBound(r, k, n, m, e) {
		return c, true
	}
	return c, powerCmp(new(big.Int).Add(r, big.NewInt(1)), k, n) > 0
}

// nextAboveBound reports n < B, B of floorRootCmp's comment, for r of
// more than 64 bits and m·2^e ≤ r^k; false means undecided.
func nextAboveBound(r *big.Int, k int, n, m *big.Int, e int) bool {
	s := r.BitLen() - 64
	if s < 1 || e < s {
		return false
	}
	t := new(big.Int).Rsh(r, uint(s))
	t.Add(t, big.NewInt(1))
	q := new(big.Int).Mul(m, big.NewInt(int64(k)))
	q.Quo(q, t)
	b := new(big.Int).Lsh(m, uint(s))
	b.Add(b, q)                                      // B / 2^(e−s)
	return b.Cmp(new(big.Int).Rsh(n, uint(e-s))) > 0 // B ≥ (⌊n/2^(e−s)⌋ + 1)·2^(e−s) > n
}
