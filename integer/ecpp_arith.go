package integer

// Arithmetic modulo a probable prime n for ECPP: square roots, the
// modified Cornacchia algorithm, and a root of a polynomial that splits
// into linear factors modulo n (Cantor–Zassenhaus). Everything here runs
// on n that is only probably prime; a step that shows otherwise (a
// non-invertible element, a square root that does not square back)
// returns errNotField, and the search moves on or gives up. Nothing
// found here is trusted: the certificate is checked on its own.

import (
	"context"
	"errors"
	"math/big"
)

// errNotField: an inconsistency shows n is not prime, or an input does
// not have the structure the caller assumed.
var errNotField = errors.New("arithmetic modulo n is inconsistent")

// sqrtModProbablePrime is a square root of a modulo odd n by Tonelli–Shanks
// (Cohen, Algorithm 1.5.1) with every loop bounded by the 2-adic
// valuation of n − 1, so a composite n cannot make it run forever. The
// root is checked; an a that is not a square gives errNotField.
func sqrtModProbablePrime(a, n *big.Int) (*big.Int, error) {
	a = new(big.Int).Mod(a, n)
	if a.Sign() == 0 {
		return new(big.Int), nil
	}
	one := big.NewInt(1)
	nm1 := new(big.Int).Sub(n, one)
	var x *big.Int
	if n.Bit(1) == 1 { // n ≡ 3 (mod 4)
		e := new(big.Int).Add(n, one)
		x = new(big.Int).Exp(a, e.Rsh(e, 2), n)
	} else {
		s := nm1.TrailingZeroBits()
		q := new(big.Int).Rsh(nm1, s)
		// A non-residue z: the least with Jacobi symbol −1.
		z := big.NewInt(2)
		for big.Jacobi(z, n) != -1 {
			z.Add(z, one)
			if z.BitLen() > 20 {
				return nil, errNotField
			}
		}
		c := new(big.Int).Exp(z, q, n)
		e := new(big.Int).Add(q, one)
		x = new(big.Int).Exp(a, e.Rsh(e, 1), n)
		t := new(big.Int).Exp(a, q, n)
		m := s
		for t.Cmp(one) != 0 {
			i, t2 := uint(0), new(big.Int).Set(t)
			for t2.Cmp(one) != 0 {
				t2.Mul(t2, t2).Mod(t2, n)
				i++
				if i >= m {
					return nil, errNotField
				}
			}
			b := new(big.Int).Set(c)
			for range m - i - 1 {
				b.Mul(b, b).Mod(b, n)
			}
			m = i
			c.Mul(b, b).Mod(c, n)
			x.Mul(x, b).Mod(x, n)
			t.Mul(t, c).Mod(t, n)
		}
	}
	if new(big.Int).Mod(new(big.Int).Mul(x, x), n).Cmp(a) != 0 {
		return nil, errNotField
	}
	return x, nil
}

// cornacchia4 solves 4n = t² + D·s² for the discriminant −D (D ≡ 0, 3
// mod 4, D < 4n) by the modified Cornacchia algorithm (Cohen, Algorithm
// 1.5.3), given r with r² ≡ −D (mod n). It reports false when there is
// no solution (n is then not a norm from the order of discriminant −D).
func cornacchia4(n *big.Int, D int64, r *big.Int) (t, s *big.Int, ok bool) {
	x := new(big.Int).Set(r)
	if x.Bit(0) != uint(D&1) {
		x.Sub(n, x)
	}
	a := new(big.Int).Lsh(n, 1)
	b := x
	l := new(big.Int).Sqrt(new(big.Int).Lsh(n, 2)) // ⌊2√n⌋
	for b.Cmp(l) > 0 {
		a, b = b, new(big.Int).Mod(a, b)
	}
	rest := new(big.Int).Lsh(n, 2)
	rest.Sub(rest, new(big.Int).Mul(b, b))
	dd := big.NewInt(D)
	c, m := new(big.Int).QuoRem(rest, dd, new(big.Int))
	if m.Sign() != 0 || c.Sign() < 0 {
		return nil, nil, false
	}
	sq := new(big.Int).Sqrt(c)
	if new(big.Int).Mul(sq, sq).Cmp(c) != 0 {
		return nil, nil, false
	}
	return b, sq, true
}

// polyMod is arithmetic in (Z/n)[x] modulo a monic f of degree ≥ 1;
// polynomials are coefficient slices, constant term first.
type polyMod struct {
	n *big.Int
	f []*big.Int
}

// mulMod is a·b mod f, a and b of degree below deg f.
func (p polyMod) mulMod(a, b []*big.Int) []*big.Int {
	d := len(p.f) - 1
	prod := make([]*big.Int, len(a)+len(b)-1)
	for i := range prod {
		prod[i] = new(big.Int)
	}
	t := new(big.Int)
	for i, x := range a {
		if x.Sign() == 0 {
			continue
		}
		for j, y := range b {
			prod[i+j].Add(prod[i+j], t.Mul(x, y))
		}
	}
	return p.reduce(prod, d, t)
}

// reduce takes prod modulo f and n, top coefficient first.
func (p polyMod) reduce(prod []*big.Int, d int, t *big.Int) []*big.Int {
	for i := len(prod) - 1; i >= d; i-- {
		c := prod[i].Mod(prod[i], p.n)
		if c.Sign() == 0 {
			continue
		}
		for j := range d {
			prod[i-d+j].Sub(prod[i-d+j], t.Mul(c, p.f[j]))
		}
	}
	out := prod[:min(d, len(prod))]
	for _, c := range out {
		c.Mod(c, p.n)
	}
	for len(out) < d {
		out = append(out, new(big.Int))
	}
	return out
}

// powLinear is (x + δ)^e mod f, left to right: square, then multiply by
// the linear x + δ (a shift and a scalar product).
func (p polyMod) powLinear(ctx context.Context, delta, e *big.Int) ([]*big.Int, error) {
	d := len(p.f) - 1
	res := make([]*big.Int, d)
	for i := range res {
		res[i] = new(big.Int)
	}
	res[0].SetInt64(1)
	t := new(big.Int)
	for i := e.BitLen() - 1; i >= 0; i-- {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		res = p.mulMod(res, res)
		if e.Bit(i) == 1 {
			shifted := make([]*big.Int, d+1)
			shifted[0] = new(big.Int)
			for j := range d {
				shifted[j+1] = new(big.Int).Set(res[j])
				shifted[j].Add(shifted[j], t.Mul(res[j], delta))
			}
			res = p.reduce(shifted, d, t)
		}
	}
	return res, nil
}

// trimPoly drops zero top coefficients.
func trimPoly(a []*big.Int) []*big.Int {
	for len(a) > 0 && a[len(a)-1].Sign() == 0 {
		a = a[:len(a)-1]
	}
	return a
}

// gcdPolyMod is the monic gcd of a and b in (Z/n)[x], or errNotField when
// a leading coefficient is not invertible.
func gcdPolyMod(a, b []*big.Int, n *big.Int) ([]*big.Int, error) {
	a, b = clonePoly(trimPoly(a)), clonePoly(trimPoly(b))
	for len(b) > 0 {
		inv := new(big.Int).ModInverse(b[len(b)-1], n)
		if inv == nil {
			return nil, errNotField
		}
		// a ← a mod b
		t := new(big.Int)
		for len(a) >= len(b) {
			c := t.Mul(a[len(a)-1], inv)
			c = new(big.Int).Mod(c, n)
			shift := len(a) - len(b)
			for j, y := range b {
				a[shift+j].Sub(a[shift+j], new(big.Int).Mul(c, y))
				a[shift+j].Mod(a[shift+j], n)
			}
			a = trimPoly(a)
		}
		a, b = b, a
	}
	if len(a) == 0 {
		return a, nil
	}
	inv := new(big.Int).ModInverse(a[len(a)-1], n)
	if inv == nil {
		return nil, errNotField
	}
	for _, c := range a {
		c.Mul(c, inv).Mod(c, n)
	}
	return a, nil
}

// divPolyMod is the quotient of a by the monic b in (Z/n)[x].
func divPolyMod(a, b []*big.Int, n *big.Int) []*big.Int {
	a = clonePoly(a)
	q := make([]*big.Int, len(a)-len(b)+1)
	for len(a) >= len(b) {
		c := new(big.Int).Mod(a[len(a)-1], n)
		shift := len(a) - len(b)
		q[shift] = c
		for j, y := range b {
			a[shift+j].Sub(a[shift+j], new(big.Int).Mul(c, y))
			a[shift+j].Mod(a[shift+j], n)
		}
		a = a[:len(a)-1]
	}
	return q
}

func clonePoly(a []*big.Int) []*big.Int {
	out := make([]*big.Int, len(a))
	for i, c := range a {
		out[i] = new(big.Int).Set(c)
	}
	return out
}

// splitRoot finds a root modulo n of the monic f (coefficients reduced
// modulo n), which must split into distinct linear factors, by
// Cantor–Zassenhaus equal-degree splitting (Cohen, Algorithm 1.6.1 with
// the degree-1 case): gcd((x + δ)^((n−1)/2) − 1, f) for δ = 1, 2, ...
// separates the roots r with r + δ a square from the others; the smaller
// side is split again until one root is left.
func splitRoot(ctx context.Context, f []*big.Int, n *big.Int) (*big.Int, error) {
	half := new(big.Int).Rsh(new(big.Int).Sub(n, big.NewInt(1)), 1)
	delta := int64(0)
	for {
		d := len(f) - 1
		switch d {
		case 0:
			return nil, errNotField
		case 1:
			return new(big.Int).Mod(new(big.Int).Neg(f[0]), n), nil
		case 2:
			// (−c1 ± √(c1² − 4c0)) / 2
			disc := new(big.Int).Mul(f[1], f[1])
			disc.Sub(disc, new(big.Int).Lsh(f[0], 2))
			r, err := sqrtModProbablePrime(disc, n)
			if err != nil {
				return nil, err
			}
			r.Sub(r, f[1])
			inv2 := new(big.Int).Rsh(new(big.Int).Add(n, big.NewInt(1)), 1)
			return r.Mul(r, inv2).Mod(r, n), nil
		}
		var g []*big.Int
		for {
			delta++
			if delta > 64 {
				return nil, errNotField
			}
			pw, err := polyMod{n, f}.powLinear(ctx, big.NewInt(delta), half)
			if err != nil {
				return nil, err
			}
			pw[0].Sub(pw[0], big.NewInt(1)).Mod(pw[0], n)
			g, err = gcdPolyMod(f, pw, n)
			if err != nil {
				return nil, err
			}
			if len(g) > 1 && len(g) < len(f) {
				break
			}
		}
		if h := divPolyMod(f, g, n); len(h) < len(g) {
			g = h
		}
		f = g
	}
}
