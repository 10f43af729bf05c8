// Package modular is arithmetic on machine words modulo a prime p < 2^63:
// multiplication through the 128-bit product of math/bits, inverses by the
// extended Euclidean algorithm, random word-size primes drawn from a seeded
// source, Chinese remaindering with Garner's mixed-radix scheme, rational
// reconstruction, and Gaussian elimination over GF(p).
//
// Domains use it to check exact results cheaply through a modular image (a
// determinant modulo a random 62-bit prime agrees with the exact one unless
// the prime divides their difference, which for a random prime of that size
// happens with negligible probability) and to compute exact results by
// multi-modular methods.
//
// Every function takes residues already reduced into [0, p); results are in
// [0, p). Moduli must be odd primes below 2^63 unless a function says
// otherwise, so that a + b never overflows.
package modular

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
)

// Mul returns a·b mod p, through the full 128-bit product.
func Mul(a, b, p uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi%p, lo, p)
	return r
}

// ShoupConstant precomputes ⌊w·2^64/p⌋ for MulShoup; w < p.
func ShoupConstant(w, p uint64) uint64 {
	q, _ := bits.Div64(w, 0, p)
	return q
}

// MulShoup returns x·w mod p given wp = ShoupConstant(w, p), with two
// multiplications and no division (Shoup's precomputed-quotient method, as
// in NTL's MulModPrecon; see Harvey, "Faster arithmetic for number-theoretic
// transforms", J. Symb. Comp. 60 (2014), Algorithm 2). It pays off when one
// w multiplies many x, as in a row operation. p < 2^63, x < p.
func MulShoup(x, w, wp, p uint64) uint64 {
	q, _ := bits.Mul64(x, wp)
	r := x*w - q*p
	if r >= p {
		r -= p
	}
	return r
}

// Add returns a + b mod p for p < 2^63.
func Add(a, b, p uint64) uint64 {
	s := a + b
	if s >= p {
		s -= p
	}
	return s
}

// Sub returns a − b mod p.
func Sub(a, b, p uint64) uint64 {
	if a >= b {
		return a - b
	}
	return a + (p - b)
}

// Neg returns −a mod p.
func Neg(a, p uint64) uint64 {
	if a == 0 {
		return 0
	}
	return p - a
}

// Pow returns a^e mod p by binary exponentiation.
func Pow(a, e, p uint64) uint64 {
	r := uint64(1) % p
	a %= p
	for e > 0 {
		if e&1 == 1 {
			r = Mul(r, a, p)
		}
		a = Mul(a, a, p)
		e >>= 1
	}
	return r
}

// Inverse returns a⁻¹ mod m and true, or 0 and false when gcd(a, m) ≠ 1.
// m need not be prime.
func Inverse(a, m uint64) (uint64, bool) {
	if m == 0 {
		return 0, false
	}
	if m < 1<<63 {
		return inverseSigned(a%m, m)
	}
	// Extended Euclid on (m, a) with the cofactor of a tracked modulo m, so
	// no signed arithmetic is needed: invariant r_i ≡ t_i·a (mod m).
	r0, r1 := m, a%m
	t0, t1 := uint64(0), uint64(1)
	for r1 != 0 {
		q := r0 / r1
		r0, r1 = r1, r0-q*r1
		t0, t1 = t1, Sub(t0, Mul(q%m, t1, m), m)
	}
	if r0 != 1 {
		return 0, false
	}
	return t0, true
}

// RandomPrime returns a uniformly chosen prime with exactly the given number
// of bits (2 ≤ bitLen ≤ 63), drawn from rng. By the prime number theorem
// about one in 0.7·bitLen odd candidates is prime, so the loop is short.
func RandomPrime(rng *rand.Rand, bitLen int) uint64 {
	if bitLen < 2 || bitLen > 63 {
		panic("modular.RandomPrime: bit length must be in [2, 63]")
	}
	top := uint64(1) << (bitLen - 1)
	for {
		n := top | rng.Uint64N(top)
		if bitLen > 2 {
			n |= 1
		}
		if IsPrime(n) {
			return n
		}
	}
}

// PrimeBits is the size of the primes the domains use for modular images:
// 62 bits leaves headroom below 2^63 for Add.
const PrimeBits = 62

// Reduce returns x mod p in [0, p) for any sign of x.
func Reduce(x *big.Int, p uint64) uint64 {
	if x.IsInt64() && p < 1<<63 {
		r := x.Int64() % int64(p)
		if r < 0 {
			r += int64(p)
		}
		return uint64(r)
	}
	var m big.Int
	m.Mod(x, new(big.Int).SetUint64(p))
	return m.Uint64()
}

// ReduceRat returns num·den⁻¹ mod p, or false when p divides the
// denominator.
func ReduceRat(x *big.Rat, p uint64) (uint64, bool) {
	if x.IsInt() {
		return Reduce(x.Num(), p), p > 1
	}
	d := Reduce(x.Denom(), p)
	inv, ok := Inverse(d, p)
	if !ok {
		return 0, false
	}
	return Mul(Reduce(x.Num(), p), inv, p), true
}

// CRT accumulates a residue modulo a growing product of pairwise coprime
// moduli (Garner's incremental scheme: Knuth, TAOCP vol. 2, §4.3.2). The
// zero value is the residue 0 modulo 1.
type CRT struct {
	value   big.Int // in [0, modulus)
	modulus big.Int
	started bool
}

// Add folds in x ≡ a (mod p). p must be coprime to every modulus added so
// far; it reports false (and changes nothing) when it is not.
func (c *CRT) Add(a, p uint64) bool {
	if !c.started {
		c.value.SetUint64(a % p)
		c.modulus.SetUint64(p)
		c.started = true
		return true
	}
	// x = v + M·t with t ≡ (a − v)·M⁻¹ (mod p).
	mInv, ok := Inverse(Reduce(&c.modulus, p), p)
	if !ok {
		return false
	}
	t := Mul(Sub(a%p, Reduce(&c.value, p), p), mInv, p)
	var step big.Int
	step.Mul(&c.modulus, new(big.Int).SetUint64(t))
	c.value.Add(&c.value, &step)
	c.modulus.Mul(&c.modulus, new(big.Int).SetUint64(p))
	return true
}

// Modulus returns the product of the moduli added so far (1 before any).
func (c *CRT) Modulus() *big.Int {
	if !c.started {
		return big.NewInt(1)
	}
	return new(big.Int).Set(&c.modulus)
}

// Value returns the residue in [0, M).
func (c *CRT) Value() *big.Int { return new(big.Int).Set(&c.value) }

// Symmetric returns the residue in (−M/2, M/2]: the integer of least
// absolute value with the accumulated residues.
func (c *CRT) Symmetric() *big.Int {
	v := c.Value()
	m := c.Modulus()
	half := new(big.Int).Rsh(m, 1)
	if v.Cmp(half) > 0 {
		v.Sub(v, m)
	}
	return v
}

// RationalReconstruct finds n/d with |n| ≤ bound, 0 < d ≤ bound,
// gcd(d, m) = 1 and n ≡ a·d (mod m), if one exists; it is unique when
// 2·bound² < m. The half-extended Euclidean algorithm stops at the first
// remainder not above bound (Wang, "A p-adic algorithm for univariate
// partial fractions", SYMSAC 1981; von zur Gathen and Gerhard, Modern
// Computer Algebra, §5.10).
func RationalReconstruct(a, m, bound *big.Int) (*big.Rat, bool) {
	if m.Sign() <= 0 || bound.Sign() <= 0 {
		return nil, false
	}
	r0, r1 := new(big.Int).Set(m), new(big.Int).Mod(a, m)
	t0, t1 := big.NewInt(0), big.NewInt(1)
	q, tmp := new(big.Int), new(big.Int)
	for r1.CmpAbs(bound) > 0 {
		q.Quo(r0, r1)
		tmp.Mul(q, r1)
		r0.Sub(r0, tmp)
		r0, r1 = r1, r0
		tmp.Mul(q, t1)
		t0.Sub(t0, tmp)
		t0, t1 = t1, t0
	}
	if t1.Sign() == 0 || t1.CmpAbs(bound) > 0 {
		return nil, false
	}
	if new(big.Int).GCD(nil, nil, new(big.Int).Abs(t1), m).Cmp(big.NewInt(1)) != 0 {
		return nil, false
	}
	return new(big.Rat).SetFrac(r1, t1), true
}
