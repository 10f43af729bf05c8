package integer

// Elliptic curve arithmetic modulo n for ECPP, in Jacobian coordinates
// (X : Y : Z) ↔ (X/Z², Y/Z³) on y² = x³ + ax + b, with the base point
// affine. The formulas are the standard doubling (dbl-2007-bl without
// the a = −3 shortcut) and mixed addition (madd-2004-hmv) of the
// Explicit-Formulas Database (Bernstein and Lange; Hankerson, Menezes
// and Vanstone, Guide to Elliptic Curve Cryptography, §3.2.2).
//
// The window table's odd multiples are affine, each addition dividing by
// a unit (checked), so they are the true multiples modulo every prime of
// n; the mixed additions below use them as their affine operand.
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

// scratch holds the temporaries of in-place point arithmetic, so that a
// scalar multiplication allocates nothing per step.
type scratch struct {
	n, a                        *big.Int
	quo, t1, t2, t3, t4, t5, t6 *big.Int
}

func newScratch(c curveMod) *scratch {
	s := &scratch{n: c.n, a: c.a}
	for _, p := range []**big.Int{&s.quo, &s.t1, &s.t2, &s.t3, &s.t4, &s.t5, &s.t6} {
		*p = new(big.Int)
	}
	return s
}

// red reduces z into [0, n) in place.
func (s *scratch) red(z *big.Int) {
	s.quo.QuoRem(z, s.n, z)
	if z.Sign() < 0 {
		z.Add(z, s.n)
	}
}

// mulRed is z = x·y mod n.
func (s *scratch) mulRed(z, x, y *big.Int) {
	z.Mul(x, y)
	s.red(z)
}

// double sets p to 2p (dbl-2007-bl with general a).
func (s *scratch) double(p jacobian) {
	xx, yy, zz, st, m, t := s.t1, s.t2, s.t3, s.t4, s.t5, s.t6
	s.mulRed(xx, p.x, p.x)
	s.mulRed(yy, p.y, p.y)
	s.mulRed(zz, p.z, p.z)
	s.mulRed(st, p.x, yy)
	st.Lsh(st, 2) // S = 4·X·Y²
	s.mulRed(m, zz, zz)
	s.mulRed(m, m, s.a)
	m.Add(m, t.Mul(xx, big.NewInt(3)))
	s.red(m) // M = 3X² + a·Z⁴
	s.mulRed(p.z, p.y, p.z)
	p.z.Lsh(p.z, 1)
	s.red(p.z) // Z₃ = 2·Y·Z
	p.x.Mul(m, m)
	p.x.Sub(p.x, t.Lsh(st, 1))
	s.red(p.x) // X₃ = M² − 2S
	s.mulRed(t, yy, yy)
	p.y.Sub(st, p.x)
	p.y.Mul(p.y, m)
	p.y.Sub(p.y, t.Lsh(t, 3))
	s.red(p.y) // Y₃ = M(S − X₃) − 8Y⁴
}

// addAffine sets p to p + (x₂, y₂) (madd-2004-hmv).
func (s *scratch) addAffine(p jacobian, x2, y2 *big.Int) {
	z1z1, h, r, hh, hhh, v := s.t1, s.t2, s.t3, s.t4, s.t5, s.t6
	s.mulRed(z1z1, p.z, p.z)
	s.mulRed(h, x2, z1z1)
	h.Sub(h, p.x)
	s.red(h) // H = x₂Z² − X
	s.mulRed(r, p.z, z1z1)
	s.mulRed(r, r, y2)
	r.Sub(r, p.y)
	s.red(r) // R = y₂Z³ − Y
	s.mulRed(hh, h, h)
	s.mulRed(hhh, h, hh)
	s.mulRed(v, p.x, hh)
	s.mulRed(p.z, p.z, h) // Z₃ = Z·H
	p.x.Mul(r, r)
	p.x.Sub(p.x, hhh)
	p.x.Sub(p.x, z1z1.Lsh(v, 1))
	s.red(p.x) // X₃ = R² − H³ − 2V
	s.mulRed(hhh, hhh, p.y)
	p.y.Sub(v, p.x)
	p.y.Mul(p.y, r)
	p.y.Sub(p.y, hhh)
	s.red(p.y) // Y₃ = R(V − X₃) − Y·H³
}

// multiply is [k]P for k ≥ 1 and an affine P by a sliding window of
// ecppWindow bits over the odd multiples [1]P, [3]P, ..., computed in
// affine coordinates. Each of those additions divides by a difference
// of x's (or by 2y for [2]P) that must be a unit modulo n, so the table
// is the true multiples modulo every prime of n; when one is not,
// multiply reports false (n is then composite, or P has tiny order).
// The doublings and additions run in Montgomery form (ecpp_mont.go) for
// an odd n, on big.Int otherwise (multiplyBig, also the reference the
// tests hold the Montgomery path to). The loop polls ctx every 64 bits.
func (c curveMod) multiply(ctx context.Context, x, y, k *big.Int) (jacobian, bool, error) {
	table, ok := c.oddMultiples(x, y, min(1<<(ecppWindow-1), (k.BitLen()+1)/2+1))
	if !ok {
		return jacobian{}, false, nil
	}
	m, ok := newMontMod(c.n)
	if !ok {
		r, err := c.multiplyBig(ctx, table, k)
		return r, err == nil, err
	}
	mc := &montCurve{m: m}
	m.set(&mc.a, c.a)
	m.set(&mc.one, big.NewInt(1))
	mt := make([][2]felem, len(table))
	for i, t := range table {
		m.set(&mt[i][0], t[0])
		m.set(&mt[i][1], t[1])
	}
	var r montPoint
	err := slidingWindow(ctx, k, len(table), func(v int) {
		mc.setAffine(&r, &mt[v][0], &mt[v][1])
	}, func() { mc.double(&r) }, func(v int) { mc.addAffine(&r, &mt[v][0], &mt[v][1]) })
	if err != nil {
		return jacobian{}, false, err
	}
	return jacobian{m.big(&r.x), m.big(&r.y), m.big(&r.z)}, true, nil
}

// multiplyBig is the scalar multiplication of multiply on big.Int, with
// the odd multiples of P given.
func (c curveMod) multiplyBig(ctx context.Context, table [][2]*big.Int, k *big.Int) (jacobian, error) {
	var r jacobian
	sc := newScratch(c)
	err := slidingWindow(ctx, k, len(table), func(v int) {
		r = jacobian{new(big.Int).Set(table[v][0]), new(big.Int).Set(table[v][1]), big.NewInt(1)}
	}, func() { sc.double(r) }, func(v int) { sc.addAffine(r, table[v][0], table[v][1]) })
	return r, err
}

// slidingWindow walks k ≥ 1 from the top bit by windows of at most
// ecppWindow bits ending in 1, with odd multiples [2v + 1]P for v below
// size: start(v) loads the first window's multiple, double doubles, and
// add(v) adds [2v + 1]P after the window's doublings. It polls ctx every
// 64 bits.
func slidingWindow(ctx context.Context, k *big.Int, size int, start func(v int), double func(), add func(v int)) error {
	started := false
	for i := k.BitLen() - 1; i >= 0; {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if k.Bit(i) == 0 {
			double()
			i--
			continue
		}
		// The longest window k[i..j], at most ecppWindow bits, ending in 1.
		j := max(i-ecppWindow+1, 0)
		for k.Bit(j) == 0 {
			j++
		}
		v := 0
		for b := i; b >= j; b-- {
			v = v<<1 | int(k.Bit(b))
		}
		if v/2 >= size {
			// A table cut short for a small k: one bit at a time.
			j, v = i, 1
		}
		if !started {
			start(v / 2)
			started = true
		} else {
			for range i - j + 1 {
				double()
			}
			add(v / 2)
		}
		i = j - 1
	}
	return nil
}

// ecppWindow is the sliding window's width in bits.
const ecppWindow = 5

// oddMultiples is [1]P, [3]P, ..., [2·count − 1]P in affine coordinates,
// or false when a denominator is not a unit.
func (c curveMod) oddMultiples(x, y *big.Int, count int) ([][2]*big.Int, bool) {
	out := [][2]*big.Int{{x, y}}
	if count <= 1 {
		return out, true
	}
	// [2]P: λ = (3x² + a)/(2y).
	num := new(big.Int).Mul(x, x)
	num.Mul(num, big.NewInt(3)).Add(num, c.a)
	den := new(big.Int).Lsh(y, 1)
	x2, y2, ok := c.affineStep(x, y, x, num, den)
	if !ok {
		return nil, false
	}
	for len(out) < count {
		p := out[len(out)-1]
		// P + [2]P: λ = (y₂ − y₁)/(x₂ − x₁).
		nx, ny, ok := c.affineStep(p[0], p[1], x2, new(big.Int).Sub(y2, p[1]), new(big.Int).Sub(x2, p[0]))
		if !ok {
			return nil, false
		}
		out = append(out, [2]*big.Int{nx, ny})
	}
	return out, true
}

// affineStep is the sum with slope λ = num/den of (x₁, y₁) and a point
// with x-coordinate x₂: x₃ = λ² − x₁ − x₂, y₃ = λ(x₁ − x₃) − y₁.
func (c curveMod) affineStep(x1, y1, x2, num, den *big.Int) (x3, y3 *big.Int, ok bool) {
	inv := new(big.Int).ModInverse(c.mod(den), c.n)
	if inv == nil {
		return nil, nil, false
	}
	l := c.mod(inv.Mul(inv, num))
	x3 = new(big.Int).Mul(l, l)
	x3 = c.mod(x3.Sub(x3, x1).Sub(x3, x2))
	y3 = new(big.Int).Mul(l, new(big.Int).Sub(x1, x3))
	y3 = c.mod(y3.Sub(y3, y1))
	return x3, y3, true
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
		p, ok, err := c.multiply(ctx, x, y, k)
		if err != nil {
			return "", err
		}
		if !ok {
			return "a multiple of P in the window table has a denominator that is not a unit", nil
		}
		if qx, qy, ok = c.affine(p); !ok {
			return "[m/q]P is the identity modulo a prime of N (its Z is not a unit)", nil
		}
	}
	if q.Cmp(big.NewInt(2)) <= 0 {
		return "q ≤ 2", nil
	}
	r, ok, err := c.multiply(ctx, qx, qy, new(big.Int).Sub(q, big.NewInt(1)))
	if err != nil {
		return "", err
	}
	if !ok {
		return "a multiple of [m/q]P in the window table has a denominator that is not a unit", nil
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
