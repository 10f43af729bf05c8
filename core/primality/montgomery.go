package primality

import "math/big"

// Montgomery is arithmetic modulo an odd multi-word n, the arithmetic of
// the Baillie–PSW test (bpsw.go), for algorithms that go on working
// modulo a prime the test passed: residues are x·R mod n, R =
// 2^(64·Words()), as little-endian words of length Words(). A Montgomery
// is not safe for concurrent use (its products share scratch space).
type Montgomery struct {
	mg *montgomery
}

// NewMontgomery prepares arithmetic modulo n; ok is false unless n is odd
// and of two to 32 words (the sizes Test runs in Montgomery arithmetic;
// smaller and larger moduli are math/big's).
func NewMontgomery(n *big.Int) (m *Montgomery, ok bool) {
	if n.Sign() <= 0 || n.Bit(0) == 0 || n.BitLen() <= 64 || n.BitLen() > 64*maxMontWords {
		return nil, false
	}
	return &Montgomery{newMontgomery(n)}, true
}

// Words is the length of a residue.
func (m *Montgomery) Words() int { return len(m.mg.m) }

// To returns x mod n in Montgomery form, for any x.
func (m *Montgomery) To(x *big.Int) []uint64 {
	n := m.N()
	if x.Sign() < 0 || x.Cmp(n) >= 0 {
		x = new(big.Int).Mod(x, n)
	}
	return m.mg.toMont(x)
}

// N returns the modulus.
func (m *Montgomery) N() *big.Int {
	return new(big.Int).SetBits(wordsToBig(m.mg.m))
}

// From returns the integer in [0, n) that the residue x stands for.
func (m *Montgomery) From(x []uint64) *big.Int {
	one := make([]uint64, m.Words())
	one[0] = 1
	z := make([]uint64, m.Words())
	m.mg.mul(z, x, one)
	return new(big.Int).SetBits(wordsToBig(z))
}

// PowTwoOdd returns a new residue 2^d, d the odd part of n − 1, when the
// Montgomery came from TestMontgomery, whose base-2 round computed it;
// ok is false otherwise. Modulo a prime n ≡ 5 mod 8, 2 is a quadratic
// non-residue (the second supplement to quadratic reciprocity) and 2^d,
// d = (n − 1)/4, is the generator of the 2-Sylow subgroup that
// Tonelli–Shanks needs, an exponentiation saved.
func (m *Montgomery) PowTwoOdd() (z []uint64, ok bool) {
	if m.mg.pow2 == nil {
		return nil, false
	}
	return append([]uint64(nil), m.mg.pow2...), true
}

// One returns a new residue 1.
func (m *Montgomery) One() []uint64 { return append([]uint64(nil), m.mg.one...) }

// Mul sets z = x·y; z may alias x or y.
func (m *Montgomery) Mul(z, x, y []uint64) { m.mg.mul(z, x, y) }

// Sqr sets z = x², cheaper than Mul(z, x, x); z may alias x.
func (m *Montgomery) Sqr(z, x []uint64) { m.mg.sqr(z, x) }

// Neg sets z = −x for x ≠ 0.
func (m *Montgomery) Neg(z, x []uint64) { m.mg.neg(z, x) }

// Equal reports x = y.
func (m *Montgomery) Equal(x, y []uint64) bool { return equal(x, y) }

// Exp sets z = x^e for e ≥ 0, by left-to-right sliding windows of up to
// four bits (Menezes, van Oorschot and Vanstone, Handbook of Applied
// Cryptography, Algorithm 14.85): one squaring a bit of e and one product
// by a precomputed odd power x, x³, …, x^15 a window, about bits/5. The
// first window's power is copied, not squared up from 1, and the bits
// are read from e's words. z may alias x.
func (m *Montgomery) Exp(z, x []uint64, e *big.Int) {
	n := e.BitLen()
	if n == 0 {
		copy(z, m.mg.one)
		return
	}
	k := m.Words()
	// The table and x² share one allocation: nine were a tenth of
	// modular_sqrt's allocations at 100 digits.
	buf := make([]uint64, 9*k)
	var odd [8][]uint64
	for i := range odd {
		odd[i] = buf[i*k : (i+1)*k : (i+1)*k]
	}
	copy(odd[0], x)
	x2 := buf[8*k:]
	m.mg.sqr(x2, x)
	for i := 1; i < len(odd); i++ {
		m.mg.mul(odd[i], odd[i-1], x2)
	}
	words := e.Bits()
	bit := func(i int) int { return int(wordBit(words, i)) }
	first := true
	for i := n - 1; i >= 0; {
		if bit(i) == 0 {
			m.mg.sqr(z, z)
			i--
			continue
		}
		// The window e[i..j] of at most four bits ends in a 1.
		j := max(i-3, 0)
		for bit(j) == 0 {
			j++
		}
		w := 0
		for b := i; b >= j; b-- {
			if !first {
				m.mg.sqr(z, z)
			}
			w = w<<1 | bit(b)
		}
		if first {
			copy(z, odd[w>>1])
			first = false
		} else {
			m.mg.mul(z, z, odd[w>>1])
		}
		i = j - 1
	}
}

// wordBit is bit i of the magnitude whose words are w, i < 64·len(w):
// big.Int.Bit without its call and sign handling, for the exponent loops.
func wordBit(w []big.Word, i int) uint {
	return uint(w[i/wordBits]>>uint(i%wordBits)) & 1
}

// wordsToBig is x as math/big's words.
func wordsToBig(x []uint64) []big.Word {
	w := make([]big.Word, 0, len(x)*2)
	for _, v := range x {
		if wordBits == 64 {
			w = append(w, big.Word(v))
		} else {
			w = append(w, big.Word(uint32(v)), big.Word(v>>32))
		}
	}
	return w
}

const wordBits = 32 << (^big.Word(0) >> 63)
