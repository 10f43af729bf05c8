package integer

import (
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
// instructions, the residues from the text are about 10 thousand
// (callgrind).

// digitModuli are the moduli of n mod p² for the odd primes p ≤ 47, in
// two words below 2^63: 3²·5²·…·23² and 29²·31²·…·47² (squaresTo29,
// the grouping of the binary residues, is above 2^63), with the
// constants of their Montgomery reduction (digitResidues).
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
	inv := m // m·m ≡ 1 (mod 8): three bits, doubled by each Newton step
	for range 5 {
		inv *= 2 - m*inv
	}
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

// digitResidues returns n mod 2^64 and n mod digitModuli[i].m for the
// decimal digits of n ≥ 0, by Horner's rule over chunks c of 19 digits,
// read once: r ← r·10^19 + c, wrapping for 2^64, and for the moduli in
// Montgomery's form, u = r·R⁻¹ and u ← redc(u·base + c), whose argument
// is below m² + R ≤ m·R; r = redc(u·r2) at the end.
func digitResidues(digits string) (low uint64, res [2]uint64) {
	d0, d1 := &digitModuli[0], &digitModuli[1]
	var u0, u1 uint64
	head := len(digits) % 19
	if head == 0 {
		head = 19
	}
	for s := digits; len(s) > 0; head = 19 {
		c := bignum.ParseWord(s[:head])
		s = s[head:]
		low = low*tenTo19 + c
		hi, lo := bits.Mul64(u0, d0.base)
		lo, carry := bits.Add64(lo, c, 0)
		u0 = d0.redc(hi+carry, lo)
		hi, lo = bits.Mul64(u1, d1.base)
		lo, carry = bits.Add64(lo, c, 0)
		u1 = d1.redc(hi+carry, lo)
	}
	return low, [2]uint64{d0.redc(bits.Mul64(u0, d0.r2)), d1.redc(bits.Mul64(u1, d1.r2))}
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
	low, res := digitResidues(digits)
	if low == 0 {
		return false
	}
	if bits.TrailingZeros64(low) == 1 {
		return true
	}
	for i := range digitModuli {
		for _, p := range digitModuli[i].primes {
			if r := res[i]; r%p == 0 && r%(p*p) != 0 {
				return true
			}
		}
	}
	return false
}
