package integer

// Elliptic curve arithmetic modulo n for ECPP, in Jacobian coordinates
// (X : Y : Z) ↔ (X/Z², Y/Z³) on y² = x³ + ax + b, with the base point
// affine. The formulas are the standard doubling (dbl-2007-bl without
// the a = −3 shortcut) and mixed addition (madd-2004-hmv) of the
// Explicit-Formulas Database (Bernstein and Lange; Hankerson, Menezes
// and Vanstone, Guide to Elliptic Curve Cryptography, §3.2.2).
//
// Why a unit Z is enough, modulo a composite n too: doubling sets
// Z₃ = 2·Y₁·Z₁ and the mixed addition Z₃ = Z₁·H with H = x₂·Z₁² − X₁, so
// every Z of a scalar multiplication is a multiple of all earlier ones.
// If the final Z is a unit modulo n, then for every prime p | n no step
// doubled a point of order ≤ 2 (Y₁ ≢ 0), started from the identity
// (Z₁ ≢ 0) or added points with equal x (H ≢ 0), which are exactly the
// cases where these formulas do not follow the group law modulo p. So
// the result reduces modulo every p to the true multiple of the point
// over F_p, and it is not the identity there.

import (
	"context"
	"math/big"
)

// curveMod is y² = x³ + ax + b over Z/n.
type curveMod struct {
	n, a, b *big.Int
}

// jacobian is a point (X : Y : Z).
type jacobian struct{ x, y, z *big.Int }

func (c curveMod) mod(x *big.Int) *big.Int { return x.Mod(x, c.n) }

// double is 2P.
func (c curveMod) double(p jacobian) jacobian {
	xx := c.mod(new(big.Int).Mul(p.x, p.x))
	yy := c.mod(new(big.Int).Mul(p.y, p.y))
	zz := c.mod(new(big.Int).Mul(p.z, p.z))
	s := c.mod(new(big.Int).Mul(p.x, yy))
	s.Lsh(s, 2)
	m := new(big.Int).Mul(zz, zz)
	m = c.mod(m.Mul(c.mod(m), c.a))
	m.Add(m, new(big.Int).Mul(xx, big.NewInt(3)))
	m = c.mod(m)
	x3 := new(big.Int).Mul(m, m)
	x3 = c.mod(x3.Sub(x3, new(big.Int).Lsh(s, 1)))
	yyyy := c.mod(new(big.Int).Mul(yy, yy))
	y3 := new(big.Int).Mul(m, new(big.Int).Sub(s, x3))
	y3 = c.mod(y3.Sub(y3, yyyy.Lsh(yyyy, 3)))
	z3 := new(big.Int).Mul(p.y, p.z)
	z3 = c.mod(z3.Lsh(z3, 1))
	return jacobian{x3, y3, z3}
}

// addAffine is P + (x₂, y₂).
func (c curveMod) addAffine(p jacobian, x2, y2 *big.Int) jacobian {
	z1z1 := c.mod(new(big.Int).Mul(p.z, p.z))
	u2 := c.mod(new(big.Int).Mul(x2, z1z1))
	s2 := c.mod(new(big.Int).Mul(y2, c.mod(new(big.Int).Mul(p.z, z1z1))))
	h := c.mod(new(big.Int).Sub(u2, p.x))
	r := c.mod(new(big.Int).Sub(s2, p.y))
	hh := c.mod(new(big.Int).Mul(h, h))
	hhh := c.mod(new(big.Int).Mul(h, hh))
	v := c.mod(new(big.Int).Mul(p.x, hh))
	x3 := new(big.Int).Mul(r, r)
	x3.Sub(x3, hhh)
	x3 = c.mod(x3.Sub(x3, new(big.Int).Lsh(v, 1)))
	y3 := new(big.Int).Mul(r, new(big.Int).Sub(v, x3))
	y3 = c.mod(y3.Sub(y3, new(big.Int).Mul(p.y, hhh)))
	z3 := c.mod(new(big.Int).Mul(p.z, h))
	return jacobian{x3, y3, z3}
}

// multiply is [k]P for k ≥ 1 and an affine P, left to right, polling
// ctx every 64 bits.
func (c curveMod) multiply(ctx context.Context, x, y, k *big.Int) (jacobian, error) {
	r := jacobian{new(big.Int).Set(x), new(big.Int).Set(y), big.NewInt(1)}
	for i := k.BitLen() - 2; i >= 0; i-- {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return jacobian{}, err
			}
		}
		r = c.double(r)
		if k.Bit(i) == 1 {
			r = c.addAffine(r, x, y)
		}
	}
	return r, nil
}

// affine is (X/Z², Y/Z³), or false when Z is not a unit modulo n.
func (c curveMod) affine(p jacobian) (x, y *big.Int, ok bool) {
	zi := new(big.Int).ModInverse(p.z, c.n)
	if zi == nil {
		return nil, nil, false
	}
	zi2 := c.mod(new(big.Int).Mul(zi, zi))
	x = c.mod(new(big.Int).Mul(p.x, zi2))
	y = c.mod(new(big.Int).Mul(p.y, c.mod(zi2.Mul(zi2, zi))))
	return x, y, true
}

// onCurve reports whether y² ≡ x³ + ax + b.
func (c curveMod) onCurve(x, y *big.Int) bool {
	lhs := c.mod(new(big.Int).Mul(y, y))
	rhs := new(big.Int).Mul(x, x)
	rhs.Add(c.mod(rhs), c.a)
	rhs.Mul(rhs, x).Add(rhs, c.b)
	return lhs.Cmp(c.mod(rhs)) == 0
}

// nonsingular reports whether gcd(4a³ + 27b², n) = 1.
func (c curveMod) nonsingular() bool {
	d := new(big.Int).Exp(c.a, big.NewInt(3), nil)
	d.Lsh(d, 2)
	d.Add(d, new(big.Int).Mul(big.NewInt(27), new(big.Int).Mul(c.b, c.b)))
	return new(big.Int).GCD(nil, nil, c.mod(d), c.n).Cmp(big.NewInt(1)) == 0
}

// orderCondition is the Goldwasser–Kilian condition for P = (x, y) and
// m = k·q: Q = [k]P has a unit Z (so Q ≠ O modulo every prime of n),
// and R = [q − 1]Q has a unit Z and equals −Q, so [q]Q = O modulo every
// prime of n. It reports "" when both hold, or which part fails.
func (c curveMod) orderCondition(ctx context.Context, x, y, k, q *big.Int) (string, error) {
	qx, qy := x, y
	if k.Cmp(big.NewInt(1)) > 0 {
		p, err := c.multiply(ctx, x, y, k)
		if err != nil {
			return "", err
		}
		var ok bool
		if qx, qy, ok = c.affine(p); !ok {
			return "[m/q]P is the identity modulo a prime of N (its Z is not a unit)", nil
		}
	}
	if q.Cmp(big.NewInt(2)) <= 0 {
		return "q ≤ 2", nil
	}
	r, err := c.multiply(ctx, qx, qy, new(big.Int).Sub(q, big.NewInt(1)))
	if err != nil {
		return "", err
	}
	zi := new(big.Int).GCD(nil, nil, r.z, c.n)
	if zi.Cmp(big.NewInt(1)) != 0 {
		return "[q − 1]·[m/q]P has a Z that is not a unit", nil
	}
	z2 := c.mod(new(big.Int).Mul(r.z, r.z))
	z3 := c.mod(new(big.Int).Mul(z2, r.z))
	if c.mod(new(big.Int).Mul(qx, z2)).Cmp(r.x) != 0 || c.mod(new(big.Int).Add(new(big.Int).Mul(qy, z3), r.y)).Sign() != 0 {
		return whyNotIdentity, nil
	}
	return "", nil
}

// whyNotIdentity is orderCondition's answer when [m]P ≠ O.
const whyNotIdentity = "[m]P is not the identity"
