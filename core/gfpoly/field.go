// Package gfpoly is dense univariate polynomial arithmetic over GF(p) for
// word-size primes p < 2^64: multiplication by number-theoretic transforms,
// division by Newton iteration, multipoint evaluation and interpolation by
// subproduct trees, and gcds by the half-gcd algorithm, each with the
// classical algorithm below a measured crossover.
//
// A polynomial is a []uint64 of coefficients in [0, p), constant term
// first, with no trailing zeros; the zero polynomial is the empty slice
// (nil or length 0). Every function takes polynomials in that form, leaves
// its arguments unchanged, and returns freshly allocated results in that
// form. Results never alias arguments.
//
// All operations hang off a *Field, which holds p and its precomputations
// (whether p itself admits a transform of the needed length, the constants
// for reducing products modulo p). A Field is immutable after NewField and
// safe for concurrent use.
//
// Operations whose cost grows faster than the input (powering, multipoint
// evaluation, interpolation, gcds, resultants) have Context variants that
// poll the context between coarse steps (each a few milliseconds of work
// at most) and return its error when it is done; the variants without a
// context run to completion.
package gfpoly

import (
	"fmt"
	"math/bits"

	"jacobian.dev/core/modular"
)

// Field is GF(p) for a prime p < 2^64 together with its precomputations.
type Field struct {
	p uint64
	// wide is p ≥ 2^62, without the two bits of headroom the narrow
	// arithmetic assumes (wide.go).
	wide bool
	// self is p's own transform when 2^nttMinLog divides p − 1, so that
	// products of moderate length need one transform instead of three.
	self *nttPrime
	// nttMin is the operand length from which products are by transforms
	// (mul.go).
	nttMin int
}

// NewField returns GF(p). It panics unless p is prime.
func NewField(p uint64) *Field {
	if !modular.IsPrime(p) {
		panic(fmt.Sprintf("gfpoly.NewField: %d is not prime", p))
	}
	f := &Field{p: p, wide: p >= wideFrom, nttMin: nttMinLen}
	switch {
	case f.wide:
	case p > 2 && bits.TrailingZeros64(p-1) >= nttMinLog:
		f.self = newNTTPrime(p)
		f.nttMin = nttSelfMinLen
	case primesNeeded(2*nttMinLen, p) == 1:
		f.nttMin = nttOneMinLen
	}
	return f
}

// Modulus returns p.
func (f *Field) Modulus() uint64 { return f.p }

// Normalize reduces every coefficient of a modulo p in place, trims
// trailing zeros and returns the result: the way to bring arbitrary words
// into the canonical form.
func (f *Field) Normalize(a []uint64) []uint64 {
	for i, x := range a {
		if x >= f.p {
			a[i] = x % f.p
		}
	}
	return trim(a)
}

// Degree returns the degree of a, −1 for the zero polynomial.
func Degree(a []uint64) int { return len(a) - 1 }

// Equal reports whether a and b are the same polynomial.
func Equal(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func trim(a []uint64) []uint64 {
	n := len(a)
	for n > 0 && a[n-1] == 0 {
		n--
	}
	return a[:n]
}

func clone(a []uint64) []uint64 {
	if len(a) == 0 {
		return nil
	}
	return append([]uint64(nil), a...)
}

// Add returns a + b.
func (f *Field) Add(a, b []uint64) []uint64 {
	if len(a) < len(b) {
		a, b = b, a
	}
	out := clone(a)
	for i, y := range b {
		out[i] = addMod(out[i], y, f.p)
	}
	return trim(out)
}

// Sub returns a − b.
func (f *Field) Sub(a, b []uint64) []uint64 {
	n := max(len(a), len(b))
	out := make([]uint64, n)
	copy(out, a)
	for i, y := range b {
		out[i] = modular.Sub(out[i], y, f.p)
	}
	return trim(out)
}

// Neg returns −a.
func (f *Field) Neg(a []uint64) []uint64 {
	out := make([]uint64, len(a))
	for i, x := range a {
		out[i] = modular.Neg(x, f.p)
	}
	return trim(out)
}

// Scale returns c·a for c in [0, p).
func (f *Field) Scale(a []uint64, c uint64) []uint64 {
	if c == 0 || len(a) == 0 {
		return nil
	}
	out := make([]uint64, len(a))
	f.scaleInto(out, a, c)
	return out
}

func (f *Field) scaleInto(dst, a []uint64, c uint64) {
	cp := modular.ShoupConstant(c, f.p)
	if f.wide {
		for i, x := range a {
			dst[i] = mulShoupWide(x, c, cp, f.p)
		}
		return
	}
	for i, x := range a {
		dst[i] = modular.MulShoup(x, c, cp, f.p)
	}
}

// Monic returns a divided by its leading coefficient (nil for zero).
func (f *Field) Monic(a []uint64) []uint64 {
	if len(a) == 0 {
		return nil
	}
	return f.Scale(a, f.inverse(a[len(a)-1]))
}

func (f *Field) inverse(c uint64) uint64 {
	inv, ok := modular.Inverse(c, f.p)
	if !ok {
		panic("gfpoly: inverse of zero")
	}
	return inv
}

// Evaluate returns a(x) by Horner's rule.
func (f *Field) Evaluate(a []uint64, x uint64) uint64 {
	var v uint64
	xp := modular.ShoupConstant(x%f.p, f.p)
	x %= f.p
	for i := len(a) - 1; i >= 0; i-- {
		v = addMod(f.mulShoup(v, x, xp), a[i], f.p)
	}
	return v
}

// Derivative returns a′.
func (f *Field) Derivative(a []uint64) []uint64 {
	if len(a) <= 1 {
		return nil
	}
	out := make([]uint64, len(a)-1)
	for i := 1; i < len(a); i++ {
		out[i-1] = modular.Mul(a[i], uint64(i)%f.p, f.p)
	}
	return trim(out)
}
