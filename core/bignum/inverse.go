package bignum

import (
	"context"
	"errors"
	"math/big"
)

// inverseThresholdBits is the size in bits of the modulus from which
// ModInverse runs Euclid's algorithm by reduceAbove (Lehmer passes on
// two-word leading parts, the half-gcd above them) instead of
// big.Int.ModInverse (math/big's extended Lehmer gcd). Instructions per
// inverse of a random unit (callgrind, GOMAXPROCS=1, BenchmarkModInverse),
// Euclid against math/big: 128 bits 35.8 against 11.0 thousand, 512 bits
// 62.6 against 42.9, 704 bits 74.8 against 60.5, 1024 bits 98.6 against
// 95.7, 3320 bits 346 against 474.
const inverseThresholdBits = 1024

// ModInverse sets z to x⁻¹ mod m, the u in [0, m) with u·x ≡ 1 (mod m),
// and returns z and true, or returns false (z unchanged) when gcd(x, m) ≠
// 1. m must be positive; modulo 1 every x has the inverse 0. x may be
// negative or at least m.
//
// The inverse is the cofactor of x at the remainder 1 of Euclid's
// algorithm on (m, x mod m): every remainder is r_i ≡ t_i·x (mod m), the
// remainders fall strictly to gcd(m, x) and then 0, so the first
// remainder at or below 1 is 1 exactly when x is a unit, and then t_i is
// its inverse (Knuth, TAOCP vol. 2, §4.5.2, Algorithm X; von zur Gathen
// and Gerhard, Modern Computer Algebra, Theorem 4.1). That remainder is
// EuclidBelowCofactor's with the bound 1: Lehmer passes on two-word
// leading parts that keep only the cofactors of x (lehmer2.go), and the
// half-gcd reduction for long moduli, in O(M(n) log n). Below
// inverseThresholdBits it is big.Int.ModInverse, which is the reference
// (TestModInverse).
func ModInverse(z, x, m *big.Int) (*big.Int, bool) {
	u, ok, _ := ModInverseContext(context.Background(), z, x, m)
	return u, ok
}

// ModInverseContext is ModInverse that stops with ctx.Err() once ctx is
// done. m ≤ 0 is an error.
func ModInverseContext(ctx context.Context, z, x, m *big.Int) (*big.Int, bool, error) {
	if m.Sign() <= 0 {
		return nil, false, errors.New("bignum: ModInverse needs a positive modulus")
	}
	if m.BitLen() < inverseThresholdBits {
		if m.Cmp(big.NewInt(1)) == 0 {
			return z.SetInt64(0), true, nil
		}
		if z.ModInverse(x, m) == nil {
			return z, false, nil
		}
		return z, true, nil
	}
	xr := x
	if x.Sign() < 0 || x.Cmp(m) >= 0 {
		xr = new(big.Int).Mod(x, m)
	}
	r, t, err := EuclidBelowCofactor(ctx, m, xr, big.NewInt(1))
	if err != nil {
		return nil, false, err
	}
	if r.Cmp(big.NewInt(1)) != 0 {
		return z, false, nil
	}
	if t.Sign() < 0 {
		t.Add(t, m)
	}
	return z.Set(t), true, nil
}
