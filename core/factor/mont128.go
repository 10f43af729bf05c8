package factor

// Pollard–Brent rho in two machine words.
//
// For n below 2^127 the rho iteration runs on a pair of 64-bit words with
// Montgomery multiplication (P. L. Montgomery, "Modular multiplication
// without trial division", Math. Comp. 44 (1985) 519–521), R = 2^128. A
// step costs a few word multiplications instead of math/big's general
// multiply and divide, an order of magnitude less.
//
// The iteration is carried out on Montgomery representatives ỹ = y·R mod n
// without converting in or out: ỹ ← REDC(ỹ²) + c is the map y ← y² + c/R,
// another polynomial of the same family, and gcd(x̃ − ỹ, n) = gcd(x − y, n)
// because R is a unit modulo odd n. So the search, the batching and the
// backtracking are exactly those of brent in rho.go.
//
// The arithmetic is core/modular's Mont128 (moduli below 2^127). The
// differences are taken modulo n: x − y mod n is ±(x − y) modulo n, so
// the gcds are the same.

import (
	"fmt"
	"math/big"

	"jacobian.dev/core/modular"
)

// brent128 is brent for odd n < 2^127 in Montgomery form.
func (f *Factorizer) brent128(n *big.Int, c uint64) (*big.Int, error) {
	m, ok := modular.NewMont128(n)
	if !ok {
		return nil, fmt.Errorf("factor: brent128 needs an odd modulus below 2^127, got %d bits", n.BitLen())
	}
	// c and 2 as they are, not converted (see the file's comment), reduced
	// for Add when n is a word.
	raw := func(v uint64) modular.U128 {
		if n.BitLen() <= 64 {
			v %= n.Uint64()
		}
		return modular.U128{Lo: v}
	}
	cc := raw(c)
	step := func(v modular.U128) modular.U128 { return m.Add(m.Mul(v, v), cc) }
	y, x, ys := raw(2), modular.U128{}, modular.U128{}
	q := raw(1)
	g := big.NewInt(1)
	one := big.NewInt(1)
	digits := decimalDigits(n)
	for r := int64(1); g.Cmp(one) == 0; r *= 2 {
		x = y
		for i := int64(0); i < r; i += rhoBatch {
			k := min(rhoBatch, r-i)
			if err := f.spend(k, digits); err != nil {
				return nil, err
			}
			for range k {
				y = step(y)
			}
		}
		for k := int64(0); k < r && g.Cmp(one) == 0; k += rhoBatch {
			ys = y
			b := min(rhoBatch, r-k)
			if err := f.spend(b, digits); err != nil {
				return nil, err
			}
			for range b {
				y = step(y)
				q = m.Mul(q, m.Sub(x, y))
			}
			g.GCD(nil, nil, q.Big(), n)
		}
	}
	if g.Cmp(n) == 0 {
		for {
			ys = step(ys)
			g.GCD(nil, nil, m.Sub(x, ys).Big(), n)
			if g.Cmp(one) != 0 {
				break
			}
		}
	}
	if g.Cmp(n) == 0 {
		return nil, nil
	}
	return g, nil
}
