package primality

// Baillie–PSW on multi-word odd n, in Montgomery arithmetic.
//
// The Baillie–PSW test (Baillie and Wagstaff, "Lucas pseudoprimes",
// Math. Comp. 35 (1980); Pomerance, Selfridge and Wagstaff, "The
// pseudoprimes to 25·10^9", Math. Comp. 35 (1980)) is a strong Fermat test
// to base 2 followed by a Lucas test. The Lucas half here is the "almost
// extra strong" test with Baillie's parameters (OEIS A217719, method C:
// the least P ≥ 3 with Jacobi(P² − 4, n) = −1, Q = 1; Grantham, "Frobenius
// pseudoprimes", Math. Comp. 70 (2001), Theorem 2.3), checked with the
// U_s ≡ 0 condition recovered from V_s and V_{s+1} (Crandall and
// Pomerance, Prime Numbers, equation 3.13): the same test as math/big's
// ProbablyPrime(0), which remains its reference (TestBPSWAgainstMathBig).
//
// math/big reduces each product by a long division; here every product is
// a Montgomery product (Montgomery, "Modular multiplication without trial
// division", Math. Comp. 44 (1985)) by finely integrated product
// scanning (Koç, Acar and Kaliski, "Analyzing and comparing Montgomery
// multiplication algorithms", IEEE Micro 16 (1996)), and the base-2 Fermat
// test multiplies by 2 with a doubling, so a 333-bit test costs about a
// quarter of math/big's.

import (
	"math/big"
	"math/bits"

	"jacobian.dev/core/modular"
)

//go:generate go run montgomery_gen.go
//go:generate go run montgomery_adx_gen.go

// maxMontWords bounds the moduli montgomery takes; larger ones use math/big,
// whose products are subquadratic.
const maxMontWords = 32

// montgomery is arithmetic modulo an odd m of at least two words, on
// residues x·R mod m, R = 2^(64·len(m)), as little-endian words.
type montgomery struct {
	m    []uint64
	minv uint64   // −m⁻¹ mod 2^64
	one  []uint64 // R mod m
	r2   []uint64 // R² mod m
	u    []uint64 // mul's multipliers, len(m) words
	pow2 []uint64 // 2^d, d the odd part of m − 1, once strongProbablePrime2 ran
	kern kernels
}

// kernels are montgomery's products, bound to the modulus when it is made:
// on amd64 with BMI2 and ADX, moduli of 2 to 6 words call the assembly
// of their length directly (adxKernels), where the dispatch by length on
// every product (mulAny and the others, the routes for every other
// modulus) was a sixth of modular_sqrt's instructions at 100 digits.
type kernels struct {
	mul    func(z, x, y []uint64)
	sqr    func(z, x []uint64)
	mulSub func(z, x, y, c []uint64)
	sqrSub func(z, x, c []uint64)
	sqrDbl func(z, x []uint64)
}

func newMontgomery(n *big.Int) *montgomery {
	m := words(n, 0)
	k := len(m)
	inv := modular.WordInverse(m[0])
	R := new(big.Int).Lsh(big.NewInt(1), uint(64*k))
	one := new(big.Int).Mod(R, n)
	r2 := new(big.Int).Mul(one, one)
	r2.Mod(r2, n)
	mg := &montgomery{m: m, minv: -inv, one: words(one, k), r2: words(r2, k), u: make([]uint64, k)}
	var ok bool
	if mg.kern, ok = adxKernels(mg); !ok {
		mg.kern = kernels{mul: mg.mulAny, sqr: mg.sqrAny, mulSub: mg.mulSubAny, sqrSub: mg.sqrSubAny, sqrDbl: mg.sqrDblAny}
	}
	return mg
}

// words is x's little-endian 64-bit words, at least k of them.
func words(x *big.Int, k int) []uint64 {
	w := make([]uint64, max(k, (x.BitLen()+63)/64))
	for i, b := range x.Bits() {
		if bits.UintSize == 64 {
			w[i] = uint64(b)
		} else {
			w[i/2] |= uint64(b) << (32 * (i % 2))
		}
	}
	return w
}

// mul sets z = x·y·R⁻¹ mod m by finely integrated product scanning
// (Koç, Acar and Kaliski, 1996): column by column, the products x_j·y_(i−j)
// and u_j·m_(i−j) go into one three-word accumulator, u_i chosen to clear
// the column's low word, so each word product costs one multiplication
// and one three-word addition, where coarsely integrated operand scanning
// (mulCIOS in the tests, the reference) carries two separate words
// through each row: Test takes 12% less CPU time at 333 bits and 15–20%
// less at 1024. z may alias x or y: column i ≥ k writes word i − k after
// the last read of x and y at that index.
//
// On amd64, moduli of 2 to 8 words take mulFixed, the same scan unrolled
// in assembly by montgomery_gen.go (about twice as fast at 6 words, where
// Go's compiler, unrolling, spills the accumulator and the operands), or
// on processors with BMI2 and ADX, up to 6 words, montgomery_adx_gen.go's
// operand scanning with two carry chains (a fifth faster again);
// mulGeneric, the loop, is their reference (TestFixedAgainstGeneric,
// TestADXAgainstGeneric).
func (mg *montgomery) mul(z, x, y []uint64) { mg.kern.mul(z, x, y) }

// mulAny is mul by mulFixed or mulGeneric.
func (mg *montgomery) mulAny(z, x, y []uint64) {
	k := len(mg.m)
	if len(z) < k || len(x) < k || len(y) < k {
		panic("primality: montgomery operand shorter than the modulus")
	}
	if !mulFixed(z[:k], x[:k], y[:k], mg.m, mg.minv) {
		mg.mulGeneric(z, x, y)
	}
}

// sqr sets z = x²·R⁻¹ mod m; z may alias x. sqrFixed forms each cross
// product x_i·x_j, i ≠ j, once, where mul forms it twice; on processors
// with BMI2 and ADX, moduli of 2 to 6 words below 2^(64k−1) take
// montgomery_adx_gen.go's square, operand scanning with two carry chains
// (some 7% less time than the product scan at 333 bits, a 100-digit
// modulus; TestSqrADXAgainstGeneric).
func (mg *montgomery) sqr(z, x []uint64) { mg.kern.sqr(z, x) }

// sqrAny is sqr by sqrFixed or mulGeneric.
func (mg *montgomery) sqrAny(z, x []uint64) {
	k := len(mg.m)
	if len(z) < k || len(x) < k {
		panic("primality: montgomery operand shorter than the modulus")
	}
	if !sqrFixed(z[:k], x[:k], mg.m, mg.minv) {
		mg.mulGeneric(z, x, x)
	}
}

// mulSub sets z = x·y·R⁻¹ − c mod m for c < m; z may alias x or y, not
// c. The Lucas test's ladder subtracts P or 2 after every product: on
// amd64 with BMI2 and ADX, moduli of 2 to 6 words take mulSubADXK, which
// subtracts on the product's words before they leave the registers,
// where mul and sub, the reference (TestMulSubAgainstMulThenSub), spent a
// sixth of the 333-bit test's instructions in sub's two loops over
// memory. Operands shorter than the modulus panic in the conversions to
// arrays or in mul.
func (mg *montgomery) mulSub(z, x, y, c []uint64) { mg.kern.mulSub(z, x, y, c) }

// mulSubAny is mulSub by mulSubFixed or mul and sub.
func (mg *montgomery) mulSubAny(z, x, y, c []uint64) {
	if !mulSubFixed(z, x, y, c, mg.m, mg.minv) {
		mg.mulThenSub(z, x, y, c)
	}
}

// mulThenSub is mulSub by mul and sub.
func (mg *montgomery) mulThenSub(z, x, y, c []uint64) {
	mg.mul(z, x, y)
	mg.sub(z, z, c)
}

// sqrSub sets z = x²·R⁻¹ − c mod m for c < m, as mulSub does for
// products; z may alias x, not c.
func (mg *montgomery) sqrSub(z, x, c []uint64) { mg.kern.sqrSub(z, x, c) }

// sqrSubAny is sqrSub by sqrSubFixed or sqr and sub.
func (mg *montgomery) sqrSubAny(z, x, c []uint64) {
	if !sqrSubFixed(z, x, c, mg.m, mg.minv) {
		mg.sqr(z, x)
		mg.sub(z, z, c)
	}
}

// sqrDbl sets z = 2·x²·R⁻¹ mod m, the base-2 Fermat test's step for a
// set bit of the exponent; z may alias x. Moduli that take the ADX
// squares double in the same call (sqrDblADXK), where sqr and add, the
// reference (TestMulSubAgainstMulThenSub), were two calls and add's two
// loops over memory.
func (mg *montgomery) sqrDbl(z, x []uint64) { mg.kern.sqrDbl(z, x) }

// sqrDblAny is sqrDbl by sqr and add.
func (mg *montgomery) sqrDblAny(z, x []uint64) {
	mg.sqr(z, x)
	mg.add(z, z, z)
}

// mulGeneric is mul as a loop over the columns, for any length.
func (mg *montgomery) mulGeneric(z, x, y []uint64) {
	m := mg.m
	k := len(m)
	u := mg.u[:k]
	x, y = x[:k], y[:k]
	minv := mg.minv
	var c0, c1, c2 uint64
	for i := range k {
		for j := range i {
			hi, lo := bits.Mul64(x[j], y[i-j])
			var cc uint64
			c0, cc = bits.Add64(c0, lo, 0)
			c1, cc = bits.Add64(c1, hi, cc)
			c2 += cc
			hi, lo = bits.Mul64(u[j], m[i-j])
			c0, cc = bits.Add64(c0, lo, 0)
			c1, cc = bits.Add64(c1, hi, cc)
			c2 += cc
		}
		hi, lo := bits.Mul64(x[i], y[0])
		var cc uint64
		c0, cc = bits.Add64(c0, lo, 0)
		c1, cc = bits.Add64(c1, hi, cc)
		c2 += cc
		ui := c0 * minv
		u[i] = ui
		hi, lo = bits.Mul64(ui, m[0])
		_, cc = bits.Add64(c0, lo, 0)
		c1, cc = bits.Add64(c1, hi, cc)
		c2 += cc
		c0, c1, c2 = c1, c2, 0
	}
	z = z[:k]
	for i := k; i < 2*k; i++ {
		for j := i - k + 1; j < k; j++ {
			hi, lo := bits.Mul64(x[j], y[i-j])
			var cc uint64
			c0, cc = bits.Add64(c0, lo, 0)
			c1, cc = bits.Add64(c1, hi, cc)
			c2 += cc
			hi, lo = bits.Mul64(u[j], m[i-j])
			c0, cc = bits.Add64(c0, lo, 0)
			c1, cc = bits.Add64(c1, hi, cc)
			c2 += cc
		}
		z[i-k] = c0
		c0, c1, c2 = c1, c2, 0
	}
	if c0 != 0 || !less(z, m) {
		var b uint64
		for j := range k {
			z[j], b = bits.Sub64(z[j], m[j], b)
		}
	}
}

func less(x, y []uint64) bool {
	for i := len(x) - 1; i >= 0; i-- {
		if x[i] != y[i] {
			return x[i] < y[i]
		}
	}
	return false
}

func equal(x, y []uint64) bool {
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

func isZero(x []uint64) bool {
	for _, w := range x {
		if w != 0 {
			return false
		}
	}
	return true
}

// add sets z = x + y mod m for x, y < m; z may alias x or y.
func (mg *montgomery) add(z, x, y []uint64) {
	m := mg.m
	k := len(m)
	z, x, y = z[:k], x[:k], y[:k]
	var c uint64
	for j := range k {
		z[j], c = bits.Add64(x[j], y[j], c)
	}
	if c != 0 || !less(z, m) {
		var b uint64
		for j := range k {
			z[j], b = bits.Sub64(z[j], m[j], b)
		}
	}
}

// sub sets z = x − y mod m for x, y < m, adding m back under a mask
// instead of a branch, which would be mispredicted: V_k − 2 in the Lucas
// test borrows as often as not. z may alias x or y.
func (mg *montgomery) sub(z, x, y []uint64) {
	m := mg.m
	k := len(m)
	z, x, y = z[:k], x[:k], y[:k]
	var b, c uint64
	for j := range k {
		z[j], b = bits.Sub64(x[j], y[j], b)
	}
	mask := -b
	for j := range k {
		z[j], c = bits.Add64(z[j], m[j]&mask, c)
	}
}

// neg sets z = m − x for 0 < x < m.
func (mg *montgomery) neg(z, x []uint64) {
	var b uint64
	for j := range z {
		z[j], b = bits.Sub64(mg.m[j], x[j], b)
	}
}

// toMont is x·R mod m for 0 ≤ x < m.
func (mg *montgomery) toMont(x *big.Int) []uint64 {
	z := words(x, len(mg.m))
	mg.mul(z, z, mg.r2)
	return z
}

// strongProbablePrime2 reports whether the odd n ≥ 3 of at least two words
// is a strong probable prime to base 2: with n − 1 = 2^s·d, d odd,
// 2^d ≡ 1 or 2^(2^r·d) ≡ −1 for some 0 ≤ r < s (mod n). It keeps 2^d in
// mg.pow2, which a square root modulo a prime n ≡ 5 mod 8 needs
// (Montgomery.PowTwoOdd).
func strongProbablePrime2(mg *montgomery, n *big.Int) bool {
	k := len(mg.m)
	nm1 := new(big.Int).Sub(n, big.NewInt(1))
	s := nm1.TrailingZeroBits()
	d := new(big.Int).Rsh(nm1, s)
	x := append([]uint64(nil), mg.one...)
	dw := d.Bits()
	for i := d.BitLen() - 1; i >= 0; i-- {
		if wordBit(dw, i) != 0 {
			mg.sqrDbl(x, x) // ·2 is a doubling
		} else {
			mg.sqr(x, x)
		}
	}
	mg.pow2 = x
	minus1 := make([]uint64, k)
	mg.neg(minus1, mg.one)
	if equal(x, mg.one) || equal(x, minus1) {
		return true
	}
	x = append([]uint64(nil), x...)
	for r := uint(1); r < s; r++ {
		mg.sqr(x, x)
		if equal(x, minus1) {
			return true
		}
		if equal(x, mg.one) {
			return false
		}
	}
	return false
}

// lucasProbablePrime reports whether the odd n of at least two words,
// not divisible by 2..41, is an almost extra strong Lucas probable prime
// with Baillie's parameters (see the top of this file).
func lucasProbablePrime(mg *montgomery, n *big.Int) bool {
	k := len(mg.m)
	var p int64
	n8 := uint64(n.Bits()[0]) & 7
	for p = 3; ; p++ {
		switch jacobiSmall(uint64(p*p-4), n, n8) {
		case -1:
		case 0:
			// p² − 4 = (p − 2)(p + 2) shares a factor with n, and n,
			// being of two words or more, is not p + 2.
			return false
		default:
			// No D works for a square; a non-square finds one within a
			// few tries.
			if p == 40 {
				if r := new(big.Int).Sqrt(n); r.Mul(r, r).Cmp(n) == 0 {
					return false
				}
			}
			continue
		}
		break
	}
	s := new(big.Int).Add(n, big.NewInt(1))
	r := s.TrailingZeroBits()
	s.Rsh(s, r)

	two := make([]uint64, k)
	mg.add(two, mg.one, mg.one)
	P := mg.toMont(big.NewInt(p))
	vk := append([]uint64(nil), two...) // V_0 = 2
	vk1 := append([]uint64(nil), P...)  // V_1 = P
	// V_2k = V_k² − 2, V_2k+1 = V_k·V_k+1 − P.
	sw := s.Bits()
	for i := s.BitLen() - 1; i >= 0; i-- {
		if wordBit(sw, i) != 0 {
			mg.mulSub(vk, vk, vk1, P)
			mg.sqrSub(vk1, vk1, two)
		} else {
			mg.mulSub(vk1, vk, vk1, P)
			mg.sqrSub(vk, vk, two)
		}
	}
	minus2 := make([]uint64, k)
	mg.neg(minus2, two)
	if equal(vk, two) || equal(vk, minus2) {
		// U_s ≡ 0 iff P·V_s ≡ 2·V_s+1.
		pv := make([]uint64, k)
		mg.mul(pv, P, vk)
		mg.add(vk1, vk1, vk1)
		if equal(pv, vk1) {
			return true
		}
	}
	for t := uint(0); t+1 < r; t++ {
		if isZero(vk) {
			return true
		}
		if equal(vk, two) {
			return false // a fixed point of V ↦ V² − 2
		}
		mg.sqrSub(vk, vk, two)
	}
	return false
}

// jacobiSmall is the Jacobi symbol (d/n) for 0 < d < 2^32 and odd n > d
// whose residue modulo 8 is n8: the factors 2 of d by the second
// supplement ((2/n) = −1 for n ≡ ±3 mod 8), then reciprocity for the odd
// part d′, (d′/n) = (n mod d′ / d′)·(−1)^((d′−1)/2·(n−1)/2), which leaves
// a symbol of words (jacobi64; Cohen, A Course in Computational Algebraic
// Number Theory, Algorithm 1.4.10). The Lucas test's search for D took
// one big.Jacobi, the reference (TestJacobiSmallAgainstMathBig), a try,
// a long division of n at each step of its Euclid.
func jacobiSmall(d uint64, n *big.Int, n8 uint64) int {
	j := 1
	for d%2 == 0 {
		d /= 2
		if n8 == 3 || n8 == 5 {
			j = -j
		}
	}
	if d == 1 {
		return j
	}
	if d%4 == 3 && n8%4 == 3 {
		j = -j
	}
	return j * jacobi64(modular.ReduceWords(n, d), d)
}

// jacobi64 is the Jacobi symbol (a/n) for odd n, by Cohen's Algorithm
// 1.4.10: remove the factors 2 of a, swap by reciprocity, reduce.
func jacobi64(a, n uint64) int {
	a %= n
	j := 1
	for a != 0 {
		for a%2 == 0 {
			a /= 2
			if r := n % 8; r == 3 || r == 5 {
				j = -j
			}
		}
		a, n = n, a
		if a%4 == 3 && n%4 == 3 {
			j = -j
		}
		a %= n
	}
	if n != 1 {
		return 0
	}
	return j
}
