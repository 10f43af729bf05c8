package integer

import (
	"jacobian.dev/core/modular"
	"math/bits"

	"jacobian.dev/core/bignum"
)

// A request's n arrives as decimal text, and a random n is ruled out by
// stage 1 of largestPower from its residues alone: v_2(n) = 1, or an odd
// prime p ≤ 47 with v_p(n) = 1, seen in n mod 2^64 and n mod p², about
// seven n in ten. notPowerByDigits reads those residues straight from the
// digits, by Horner's rule over chunks of 19 digits, so that such an n is
// answered (n itself, exponent 1) without its conversion to binary: at
// 2,000 digits the conversion was 59 of the run's 90 thousand
// instructions, and the residues from the text are under 10 thousand a
// pass, of which the chunks are 5.6 (callgrind). The chunks are read
// once into an array and each modulus takes its own pass, the second
// only when the first finds no prime of valuation 1: one pass with all
// three per chunk took 14.5 thousand.

// digitModuli are the moduli of n mod p² for the odd primes p ≤ 47, in
// two words below 2^63: 3²·5²·…·23² and 29²·31²·…·47² (squaresTo29,
// the grouping of the binary residues, is above 2^63), with the
// constants of their Montgomery reduction (residue).
var digitModuli = [2]digitModulus{
	newDigitModulus(squaresTo29/841, []uint64{3, 5, 7, 11, 13, 17, 19, 23}),
	newDigitModulus(841*squares31To47, []uint64{29, 31, 37, 41, 43, 47}),
}

// tenTo19 is 10^19, the base of the chunks.
const tenTo19 = 10_000_000_000_000_000_000

// digitModulus is an odd modulus m < 2^63 and, for R = 2^64, neg = −m⁻¹
// mod R, base = 10^19·R mod m and r2 = R² mod m.
type digitModulus struct {
	m, neg, base, r2 uint64
	primes           []uint64 // the primes p whose p² divides m
}

func newDigitModulus(m uint64, primes []uint64) digitModulus {
	inv := modular.WordInverse(m)
	_, base := bits.Div64(tenTo19%m, 0, m)
	r1 := -m % m // R mod m
	hi, lo := bits.Mul64(r1, r1)
	_, r2 := bits.Div64(hi, lo, m)
	return digitModulus{m: m, neg: -inv, base: base, r2: r2, primes: primes}
}

// redc is Montgomery's reduction of hi·R + lo < m·R: (hi·R + lo)·R⁻¹
// mod m, below m (Montgomery, "Modular multiplication without trial
// division", Math. Comp. 44 (1985)).
func (d *digitModulus) redc(hi, lo uint64) uint64 {
	h, _ := bits.Mul64(lo*d.neg, d.m)
	// lo plus the low word of the product is 0 mod R, with a carry
	// unless lo is 0.
	var carry uint64
	if lo != 0 {
		carry = 1
	}
	t := hi + h + carry // below 2m < 2^64
	if t >= d.m {
		t -= d.m
	}
	return t
}

// residue returns n mod d.m for the chunks of n ≥ 0 in base 10^19, most
// significant first (bignum.DecimalChunks), by Horner's rule in
// Montgomery's form: with u = r·R⁻¹, r ← r·10^19 + c is u ← redc(u·base
// + c), whose argument is below m² + R ≤ m·R; r = redc(u·r2) at the end.
func (d *digitModulus) residue(chunks []uint64) uint64 {
	var u uint64
	for _, c := range chunks {
		hi, lo := bits.Mul64(u, d.base)
		lo, carry := bits.Add64(lo, c, 0)
		u = d.redc(hi+carry, lo)
	}
	return d.redc(bits.Mul64(u, d.r2))
}

// lowWord returns n mod 2^64 for the chunks of n in base 10^19.
func lowWord(chunks []uint64) uint64 {
	var low uint64
	for _, c := range chunks {
		low = low*tenTo19 + c
	}
	return low
}

// notPowerByDigits reports that the integer n of the canonical decimal
// digits (an optional '-', no leading zero), |n| ≥ 2, is certainly no
// perfect power: v_2(n) = 1 or v_p(n) = 1 for an odd prime p ≤ 47, while
// every exponent k of a perfect power divides every valuation. false
// means "maybe", as when 2^64 divides n and its low word says nothing.
// notPowerByValuations, on the binary value, is the reference
// (TestNotPowerByDigits).
func notPowerByDigits(digits string) bool {
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	var room [(MaxPerfectPowerDigits + 18) / 19]uint64
	chunks := bignum.DecimalChunks(room[:0], digits)
	low := lowWord(chunks)
	if low == 0 {
		return false
	}
	if bits.TrailingZeros64(low) == 1 {
		return true
	}
	// The second modulus only when the first has no prime of valuation
	// 1: about half the integers that come this far stop at it.
	for i := range digitModuli {
		d := &digitModuli[i]
		r := d.residue(chunks)
		for _, p := range d.primes {
			if r%p == 0 && r%(p*p) != 0 {
				return true
			}
		}
	}
	return false
}
