package modular

import "math/bits"

// base2Limit bounds the n that PrimeTest64 settles with one Miller–Rabin
// round: below it, a composite n passes the round to base 2 only if it is
// one of the base2Pseudoprimes.
const base2Limit = 1 << 24

// primeBelow24 decides primality of an odd n with 43² ≤ n < base2Limit,
// as millerRabin32 does, in one Miller–Rabin round instead of three: a
// composite n below 2^24 that the round to base 2 does not prove
// composite is a strong pseudoprime to base 2 (Pomerance, Selfridge and
// Wagstaff, "The pseudoprimes to 25·10^9", Math. Comp. 35 (1980)), and
// those are the 210 of base2Pseudoprimes, which TestBase2Pseudoprimes
// recounts from the sieve of Eratosthenes. It is the idea of Forišek and
// Jančina ("Fast primality testing for integers that fit into a machine
// word", 2015) of one round settling a word, with the exceptions listed
// where they hash a base. Those exceptions go to millerRabin32, whose
// bases 7 and 61 find their witness; the answer and the witness are
// millerRabin32's (TestWordBaseSets, exhaustively below 2^24).
func primeBelow24(n uint32) (bool, uint64) {
	if !strongBase2(n) {
		return false, 2
	}
	if isBase2Pseudoprime(n) {
		return millerRabin32(n)
	}
	return true, 0
}

// isBase2Pseudoprime reports whether n is one of base2Pseudoprimes: most
// n are not, which base2Filter tells in a few instructions (it marks the
// hash of each listed number in 4,096 bits, a twentieth of them), and the
// rest are looked up by bisection. slices.BinarySearch is its reference
// (TestIsBase2Pseudoprime).
func isBase2Pseudoprime(n uint32) bool {
	if h := base2Hash(n); base2Filter[h/64]>>(h%64)&1 == 0 {
		return false
	}
	lo, hi := 0, len(base2Pseudoprimes)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if base2Pseudoprimes[mid] < n {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo < len(base2Pseudoprimes) && base2Pseudoprimes[lo] == n
}

// base2Hash is the top 12 bits of n times 2^32/φ (Fibonacci hashing).
func base2Hash(n uint32) uint32 { return n * 0x9e3779b9 >> 20 }

// base2Filter has the bit base2Hash(n) set for each n of
// base2Pseudoprimes.
var base2Filter = func() (f [64]uint64) {
	for _, n := range base2Pseudoprimes {
		h := base2Hash(n)
		f[h/64] |= 1 << (h % 64)
	}
	return f
}()

// strongBase2 is the Miller–Rabin round to base 2 for an odd n,
// 2 < n < 2^24: it reports whether 2 finds no witness. millerRabinWitness64
// (the plain round, 128-bit products divided by n) is its reference
// (TestStrongBase2).
func strongBase2(n uint32) bool {
	m := newMont24(n)
	nm1 := n - 1
	s := bits.TrailingZeros32(nm1)
	d := nm1 >> s
	// Left to right from the top bit of d; a multiplication by 2 is a
	// doubling.
	x := m.double(m.one)
	for bit := bits.Len32(d) - 2; bit >= 0; bit-- {
		x = m.mul(x, x)
		if d>>bit&1 == 1 {
			x = m.double(x)
		}
	}
	// x = 2^d; the round passes on x ≡ ±1, or on −1 among its next s − 1
	// squares.
	minus := n - m.one
	if x = m.reduce(x); x == m.one || x == minus {
		return true
	}
	for range s - 1 {
		if x = m.reduce(m.mul(x, x)); x == minus {
			return true
		}
		if x == m.one {
			return false
		}
	}
	return false
}

// mont24 is Montgomery arithmetic modulo an odd n < 2^24 with R = 2^32,
// whose residues lie in [0, 2n) rather than [0, n) (lazy reduction):
// for a, b < 2n and q = −a·b·n^(−1) mod R, a·b + q·n < 4n² + R·n < 2^57
// is divisible by R, and (a·b + q·n)/R < n·(4n/R + 1) < 2n as 4n < R, so
// a product needs neither a 128-bit product nor a final subtraction,
// which mont32.mul makes on half its products.
type mont24 struct {
	n    uint32
	nneg uint32 // −n^(−1) mod 2^32
	one  uint32 // R mod n
}

func newMont24(n uint32) mont24 {
	return mont24{n: n, nneg: -uint32(WordInverse(uint64(n))), one: -n % n}
}

// mul is a·b·R^(−1) modulo n, in [0, 2n), for a, b < 2n.
func (m mont24) mul(a, b uint32) uint32 {
	t := uint64(a) * uint64(b)
	q := uint32(t) * m.nneg
	return uint32((t + uint64(q)*uint64(m.n)) >> 32)
}

// double is 2x modulo n, in [0, 2n), for x < 2n.
func (m mont24) double(x uint32) uint32 {
	if x <<= 1; x >= 2*m.n {
		x -= 2 * m.n
	}
	return x
}

// reduce is x mod n for x < 2n.
func (m mont24) reduce(x uint32) uint32 {
	if x >= m.n {
		x -= m.n
	}
	return x
}

// base2Pseudoprimes are the strong pseudoprimes to base 2 below 2^24, in
// increasing order: the odd composites n for which 2^d ≡ 1 or
// 2^(2^r·d) ≡ −1 (mod n) for some 0 ≤ r < s, where n − 1 = 2^s·d, d odd
// (OEIS A001262).
var base2Pseudoprimes = [...]uint32{
	2047, 3277, 4033, 4681, 8321, 15841, 29341, 42799, 49141, 52633, 65281,
	74665, 80581, 85489, 88357, 90751, 104653, 130561, 196093, 220729, 233017,
	252601, 253241, 256999, 271951, 280601, 314821, 357761, 390937, 458989,
	476971, 486737, 489997, 514447, 580337, 635401, 647089, 741751, 800605,
	818201, 838861, 873181, 877099, 916327, 976873, 983401, 1004653, 1016801,
	1023121, 1082401, 1145257, 1194649, 1207361, 1251949, 1252697, 1302451,
	1325843, 1357441, 1373653, 1397419, 1441091, 1493857, 1507963, 1509709,
	1530787, 1678541, 1730977, 1811573, 1876393, 1907851, 1909001, 1969417,
	1987021, 2004403, 2081713, 2181961, 2205967, 2264369, 2269093, 2284453,
	2304167, 2387797, 2419385, 2510569, 2746477, 2748023, 2757241, 2811271,
	2909197, 2953711, 2976487, 3090091, 3116107, 3125281, 3375041, 3400013,
	3429037, 3539101, 3567481, 3581761, 3605429, 3898129, 4181921, 4188889,
	4335241, 4360621, 4469471, 4502485, 4513841, 4682833, 4835209, 4863127,
	5016191, 5044033, 5049001, 5173169, 5173601, 5256091, 5310721, 5444489,
	5489641, 5590621, 5599765, 5672041, 5681809, 5919187, 6140161, 6226193,
	6233977, 6334351, 6368689, 6386993, 6787327, 6836233, 6952037, 7177105,
	7306261, 7306561, 7462001, 7674967, 7759937, 7820201, 7883731, 8036033,
	8095447, 8384513, 8388607, 8534233, 8725753, 8727391, 9006401, 9056501,
	9069229, 9073513, 9371251, 9564169, 9567673, 9588151, 9729301, 9774181,
	9863461, 9995671, 10323769, 10386241, 10425511, 10610063, 10655905,
	10712857, 10763653, 10974881, 11081459, 11335501, 11473885, 11541307,
	11585293, 11777599, 12263131, 12327121, 13057787, 13216141, 13338371,
	13421773, 13446253, 13500313, 13635289, 13694761, 13747361, 14179537,
	14324473, 14709241, 14794081, 14865121, 15101893, 15139199, 15188557,
	15220951, 15247621, 15479777, 15510041, 15603391, 15698431, 15802681,
	15976747, 15978007, 16070429, 16132321, 16324001, 16360381, 16705021,
	16773121,
}
