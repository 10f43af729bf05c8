package factor

// Pollard–Brent rho in up to eight machine words.
//
// Between 2^127 and 2^512 the rho iteration uses word-by-word Montgomery
// multiplication, the CIOS method of Koç, Acar and Kaliski ("Analyzing and
// comparing Montgomery multiplication algorithms", IEEE Micro 16 (1996)),
// with R = 2^(64·s) for an s-word modulus, in fixed-size arrays that never
// allocate. As in mont128.go the sequence stays in Montgomery form
// throughout, which only changes the polynomial's constant.

import (
	"jacobian.dev/core/modular"
	"math/big"
	"math/bits"
)

// maxLimbs is the largest modulus, in 64-bit words, that montN handles.
const maxLimbs = 8

type limbs [maxLimbs]uint64

// montN is Montgomery arithmetic modulo an odd n of s words.
type montN struct {
	s     int
	n     limbs
	nInv0 uint64 // −n⁻¹ mod 2^64
}

func newMontN(n *big.Int) montN {
	m := montN{s: (n.BitLen() + 63) / 64, n: toLimbs(n)}
	m.nInv0 = -modular.WordInverse(m.n[0])
	return m
}

// mul returns a·b·R⁻¹ mod n for a, b < n.
func (m *montN) mul(a, b *limbs) limbs {
	var t [maxLimbs + 2]uint64
	s := m.s
	for i := 0; i < s; i++ {
		// t += a·b[i]; each partial product plus two words fits 128 bits.
		var c, k uint64
		bi := b[i]
		for j := 0; j < s; j++ {
			hi, lo := bits.Mul64(a[j], bi)
			lo, k = bits.Add64(lo, t[j], 0)
			hi += k
			lo, k = bits.Add64(lo, c, 0)
			hi += k
			t[j], c = lo, hi
		}
		t[s], k = bits.Add64(t[s], c, 0)
		t[s+1] = k
		// t = (t + q·n) / 2^64 with q chosen so the low word cancels.
		q := t[0] * m.nInv0
		hi, lo := bits.Mul64(q, m.n[0])
		_, k = bits.Add64(lo, t[0], 0)
		c = hi + k
		for j := 1; j < s; j++ {
			hi, lo := bits.Mul64(q, m.n[j])
			lo, k = bits.Add64(lo, t[j], 0)
			hi += k
			lo, k = bits.Add64(lo, c, 0)
			hi += k
			t[j-1], c = lo, hi
		}
		t[s-1], k = bits.Add64(t[s], c, 0)
		t[s] = t[s+1] + k
	}
	var out limbs
	copy(out[:s], t[:s])
	if t[s] != 0 || !m.less(&out, &m.n) {
		m.subInPlace(&out, &m.n)
	}
	return out
}

func (m *montN) less(a, b *limbs) bool {
	for i := m.s - 1; i >= 0; i-- {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// subInPlace sets a = a − b mod 2^(64s).
func (m *montN) subInPlace(a, b *limbs) {
	var borrow uint64
	for i := 0; i < m.s; i++ {
		a[i], borrow = bits.Sub64(a[i], b[i], borrow)
	}
}

// addSmall returns v + c mod n for v < n and a one-word c < n.
func (m *montN) addSmall(v limbs, c uint64) limbs {
	carry := c
	for i := 0; i < m.s && carry != 0; i++ {
		v[i], carry = bits.Add64(v[i], carry, 0)
	}
	if carry != 0 || !m.less(&v, &m.n) {
		m.subInPlace(&v, &m.n)
	}
	return v
}

func (m *montN) absDiff(a, b limbs) limbs {
	if m.less(&a, &b) {
		a, b = b, a
	}
	m.subInPlace(&a, &b)
	return a
}

func toLimbs(x *big.Int) limbs {
	var out limbs
	t := new(big.Int).Set(x)
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := range out {
		out[i] = new(big.Int).And(t, mask).Uint64()
		t.Rsh(t, 64)
	}
	return out
}

func (m *montN) toBig(a *limbs) *big.Int {
	x := new(big.Int)
	for i := m.s - 1; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(a[i]))
	}
	return x
}

// brentN is brent for odd n below 2^512 in Montgomery form.
func (f *Factorizer) brentN(n *big.Int, c uint64) (*big.Int, error) {
	m := newMontN(n)
	step := func(v limbs) limbs {
		v = m.mul(&v, &v)
		return m.addSmall(v, c)
	}
	var y, x, ys, q limbs
	y[0], q[0] = 2, 1
	g := big.NewInt(1)
	one := big.NewInt(1)
	digits := decimalDigits(n)
	for r := int64(1); g.Cmp(one) == 0; r *= 2 {
		x = y
		for i := int64(0); i < r; i += rhoBatch {
			k := min(rhoBatch, r-i)
			if err := f.spend(k, digits); err != nil {
				return nil, err
			}
			for range k {
				y = step(y)
			}
		}
		for k := int64(0); k < r && g.Cmp(one) == 0; k += rhoBatch {
			ys = y
			b := min(rhoBatch, r-k)
			if err := f.spend(b, digits); err != nil {
				return nil, err
			}
			for range b {
				y = step(y)
				d := m.absDiff(x, y)
				q = m.mul(&q, &d)
			}
			g.GCD(nil, nil, m.toBig(&q), n)
		}
	}
	if g.Cmp(n) == 0 {
		for {
			ys = step(ys)
			d := m.absDiff(x, ys)
			g.GCD(nil, nil, m.toBig(&d), n)
			if g.Cmp(one) != 0 {
				break
			}
		}
	}
	if g.Cmp(n) == 0 {
		return nil, nil
	}
	return g, nil
}
