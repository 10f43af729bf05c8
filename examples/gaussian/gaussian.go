// Package gaussian is a Jacobian domain for the Gaussian integers
// Z[i] = {a + bi : a, b ∈ Z}, written as a third-party module: it imports
// jacobian.dev/core alone and is installed into a binary by passing
// gaussian.Register to cli.Main (or to jacobian-build's manifest).
//
// A Gaussian integer travels as {"re": "3", "im": "-4"}, each part an exact
// integer string (core.Integer).
//
// Z[i] is a Euclidean domain under the norm N(a + bi) = a² + b²; its units
// are 1, i, −1 and −i. Every nonzero z has exactly one associate u·z with
// real part > 0 and imaginary part ≥ 0 (the first quadrant, the positive
// imaginary axis excluded). Results that are defined only up to a unit (a
// gcd, the primes of a factorization) are given in that canonical
// associate.
//
// Reference: G. H. Hardy and E. M. Wright, An Introduction to the Theory of
// Numbers, 6th ed., §12.2–12.9 (Z[i], its Euclidean algorithm and its
// primes).
package gaussian

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
)

// Register adds the Gaussian integer operations to r.
func Register(r *core.Registry) error {
	return errors.Join(
		core.Add(r, normOperation()),
		core.Add(r, gcdOperation()),
		core.Add(r, factorizationOperation()),
	)
}

// Gaussian is the wire form of a + bi.
type Gaussian struct {
	Re core.Integer `json:"re"`
	Im core.Integer `json:"im"`
}

// gint is a Gaussian integer for arithmetic. Values are treated as
// immutable: every operation allocates its result.
type gint struct{ re, im *big.Int }

func fromWire(z Gaussian) gint { return gint{z.Re.Big(), z.Im.Big()} }

func (z gint) wire() Gaussian { return Gaussian{core.Int(z.re), core.Int(z.im)} }

func newGint(re, im int64) gint { return gint{big.NewInt(re), big.NewInt(im)} }

func (z gint) String() string {
	return fmt.Sprintf("(%v%+vi)", z.re, z.im)
}

func (z gint) isZero() bool { return z.re.Sign() == 0 && z.im.Sign() == 0 }

func (z gint) equal(w gint) bool { return z.re.Cmp(w.re) == 0 && z.im.Cmp(w.im) == 0 }

func (z gint) norm() *big.Int {
	n := new(big.Int).Mul(z.re, z.re)
	return n.Add(n, new(big.Int).Mul(z.im, z.im))
}

func (z gint) conj() gint { return gint{new(big.Int).Set(z.re), new(big.Int).Neg(z.im)} }

func add(z, w gint) gint {
	return gint{new(big.Int).Add(z.re, w.re), new(big.Int).Add(z.im, w.im)}
}

func sub(z, w gint) gint {
	return gint{new(big.Int).Sub(z.re, w.re), new(big.Int).Sub(z.im, w.im)}
}

// mul is (a + bi)(c + di) = (ac − bd) + (ad + bc)i.
func mul(z, w gint) gint {
	ac := new(big.Int).Mul(z.re, w.re)
	bd := new(big.Int).Mul(z.im, w.im)
	ad := new(big.Int).Mul(z.re, w.im)
	bc := new(big.Int).Mul(z.im, w.re)
	return gint{ac.Sub(ac, bd), ad.Add(ad, bc)}
}

func pow(z gint, e int) gint {
	out := newGint(1, 0)
	for range e {
		out = mul(out, z)
	}
	return out
}

// timesI is z·i, a quarter turn: (a + bi)i = −b + ai.
func timesI(z gint) gint { return gint{new(big.Int).Neg(z.im), new(big.Int).Set(z.re)} }

// isUnit reports whether z is one of 1, i, −1, −i.
func isUnit(z gint) bool { return z.norm().Cmp(big.NewInt(1)) == 0 }

// canonical returns the associate c = u·z with re(c) > 0 and im(c) ≥ 0 and
// the unit u. For z = 0 it returns 0 and the unit 1.
func canonical(z gint) (c, u gint) {
	c, u = z, newGint(1, 0)
	if z.isZero() {
		return c, u
	}
	for range 4 {
		if c.re.Sign() > 0 && c.im.Sign() >= 0 {
			return c, u
		}
		c, u = timesI(c), timesI(u)
	}
	panic("unreachable: some quarter turn of a nonzero z lies in the first quadrant")
}

func isCanonical(z gint) bool { return z.re.Sign() > 0 && z.im.Sign() >= 0 }

// quoRound is the Euclidean quotient of z by w ≠ 0: z·conj(w)/N(w) with
// each part rounded to the nearest integer (halves rounded up), so the
// remainder z − qw has norm at most N(w)/2 (Hardy and Wright, Theorem 246).
func quoRound(z, w gint) gint {
	n := w.norm()
	t := mul(z, w.conj())
	return gint{roundDiv(t.re, n), roundDiv(t.im, n)}
}

// roundDiv is ⌊x/n + 1/2⌋ = ⌊(2x + n)/(2n)⌋ for n > 0.
func roundDiv(x, n *big.Int) *big.Int {
	num := new(big.Int).Lsh(x, 1)
	num.Add(num, n)
	den := new(big.Int).Lsh(n, 1)
	return num.Div(num, den) // Euclidean division: floor for den > 0
}

// divExact returns z/w when w ≠ 0 divides z in Z[i].
func divExact(z, w gint) (gint, bool) {
	n := w.norm()
	if n.Sign() == 0 {
		return gint{}, false
	}
	t := mul(z, w.conj())
	re, rr := new(big.Int).QuoRem(t.re, n, new(big.Int))
	im, ri := new(big.Int).QuoRem(t.im, n, new(big.Int))
	if rr.Sign() != 0 || ri.Sign() != 0 {
		return gint{}, false
	}
	return gint{re, im}, true
}

// digitsExceed reports whether |x| has more than max decimal digits, that
// is |x| ≥ 10^max, without converting x to decimal.
func digitsExceed(x *big.Int, max int) bool {
	// 10^max has more than 3.32·max bits; anything shorter is below it.
	if x.BitLen() <= 3*max {
		return false
	}
	bound := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max)), nil)
	return x.CmpAbs(bound) >= 0
}

func repeatDigit(c byte, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = c
	}
	return string(b)
}

// randomInt returns a uniformly random integer of up to maxBits bits with a
// random sign.
func randomInt(rng *rand.Rand, maxBits int) *big.Int {
	bits := rng.IntN(maxBits) + 1
	x := new(big.Int)
	for i := 0; i < bits; i++ {
		if rng.IntN(2) == 1 {
			x.SetBit(x, i, 1)
		}
	}
	if rng.IntN(2) == 0 {
		x.Neg(x)
	}
	return x
}

func randomGint(rng *rand.Rand, maxBits int) gint {
	return gint{randomInt(rng, maxBits), randomInt(rng, maxBits)}
}
