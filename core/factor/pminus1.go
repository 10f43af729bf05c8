package factor

// Pollard's p − 1 method, stage 1 (J. M. Pollard, "Theorems on
// factorization and primality testing", Proc. Cambridge Philos. Soc. 76
// (1974) 521–528).
//
// If a prime p | n has p − 1 dividing E = ∏ q^⌊log_q B⌋ over primes q ≤ B,
// then 2^E ≡ 1 (mod p) by Fermat, and p divides gcd(2^E − 1, n). This finds
// factors whose p − 1 is B-smooth, however large p is, at a cost of about
// 1.44·B modular squarings; rho's cost grows with √p instead. The two are
// complementary, so p − 1 runs once on each composite before rho when the
// budget can afford it several times over. E is applied in chunks of about
// a thousand bits, with a gcd after each so a factor is seen early, and
// each chunk's bits are charged to the iteration budget as squarings.

import (
	"math/big"
	"sync"
)

// pm1Bound is B, the smoothness bound of stage 1.
const pm1Bound = 1 << 16

// pm1Chunks is E split into products of about 1024 bits, built once.
var pm1Chunks = sync.OnceValue(func() []*big.Int {
	var chunks []*big.Int
	cur := big.NewInt(1)
	for _, q := range SmallPrimes(pm1Bound) {
		qk := q
		for qk*q <= pm1Bound {
			qk *= q
		}
		cur.Mul(cur, new(big.Int).SetUint64(qk))
		if cur.BitLen() >= 1024 {
			chunks = append(chunks, cur)
			cur = big.NewInt(1)
		}
	}
	return append(chunks, cur)
})

// pm1Cost is the number of squarings stage 1 takes.
var pm1Cost = sync.OnceValue(func() int64 {
	total := int64(0)
	for _, c := range pm1Chunks() {
		total += int64(c.BitLen())
	}
	return total
})

// PM1 runs stage 1 on the odd composite n. It returns a proper factor, or
// nil when none appeared (or every prime of n appeared at once), or when
// the remaining budget is under four times the stage's cost, leaving it to
// rho.
func (f *Factorizer) PM1(n *big.Int) (*big.Int, error) {
	if f.budget < 4*pm1Cost() {
		return nil, nil
	}
	a := big.NewInt(2)
	one := big.NewInt(1)
	g, t := new(big.Int), new(big.Int)
	digits := decimalDigits(n)
	for _, e := range pm1Chunks() {
		if err := f.spend(int64(e.BitLen()), digits); err != nil {
			return nil, err
		}
		a.Exp(a, e, n)
		g.GCD(nil, nil, t.Sub(a, one), n)
		switch {
		case g.Cmp(n) == 0:
			return nil, nil
		case g.Cmp(one) != 0:
			return g, nil
		}
	}
	return nil, nil
}
