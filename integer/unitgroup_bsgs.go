package integer

import (
	"context"
	"math/big"
	"math/bits"

	"jacobian.dev/core/modular"
)

// bsgsWords is bsgs for an odd modulus n below 2^127, in two machine
// words: the products are core/modular's Montgomery products (R = 2^128)
// instead of math/big's multiply and divide, and the baby steps γ^j, j < m
// = ⌊√q⌋ + 1, are kept as their exponents j alone in an open-addressing
// table (linear probing, a power of two at least twice m, indexed by a
// multiplicative hash of the residue, each entry tagged with 32 more bits
// of that hash), so a probe reads one word, and a matching tag is
// confirmed by computing γ^j (a false match has probability 2^−32 a
// probe); the table is reused across the subgroups of one logarithm
// (scratch), and a step allocates nothing. Montgomery form is a bijection
// of the residues, so the table matches γ^j·R with h·γ^(−mi)·R exactly
// when γ^j ≡ h·γ^(−mi). The answer d = m·i + j (mod q) is the same as
// bsgs's: the least i, then the only j, since γ^j for j < m ≤ q are
// distinct. ok is false when n is outside the range, and the caller uses
// bsgs.
func bsgsWords(ctx context.Context, gamma, h, n, q *big.Int, scratch *bsgsScratch) (d *big.Int, found, ok bool, err error) {
	t, ok, err := newBSGSTable(ctx, gamma, n, q, scratch)
	if !ok || err != nil {
		return nil, false, ok, err
	}
	d, found, err = t.log(ctx, h)
	return d, found, true, err
}

// bsgsTable is bsgsWords's baby steps for one γ of order q modulo n, for
// the logarithms of several h: the digits of a logarithm modulo q^e
// (logPrimePower) share γ, and look their giant steps up in one table.
type bsgsTable struct {
	mont     modular.Mont128
	g, giant modular.U128 // γ and γ^(−m), in Montgomery form
	m, q     *big.Int
	steps    int
	shift    uint
	mask     int
	table    []uint64
}

// newBSGSTable takes bsgsWords's baby steps; ok is false when n is
// outside its range.
func newBSGSTable(ctx context.Context, gamma, n, q *big.Int, scratch *bsgsScratch) (t *bsgsTable, ok bool, err error) {
	mont, ok := modular.NewMont128(n)
	if !ok {
		return nil, false, nil
	}
	m := new(big.Int).Sqrt(q)
	m.Add(m, big.NewInt(1))
	steps := int(m.Int64())
	size := 1 << bits.Len(uint(2*steps))
	t = &bsgsTable{mont: mont, m: m, q: q, steps: steps,
		shift: 64 - uint(bits.Len(uint(size-1))), mask: size - 1, table: scratch.get(size)}
	t.g = mont.To(gamma)
	cur := mont.One()
	for j := range steps {
		if j%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, true, err
			}
		}
		hv := bsgsHash(cur)
		s := int(hv >> t.shift)
		for t.table[s] != 0 {
			s = (s + 1) & t.mask
		}
		t.table[s] = hv<<32 | uint64(j+1)
		cur = mont.Mul(cur, t.g)
	}
	t.giant = mont.To(new(big.Int).ModInverse(new(big.Int).Exp(gamma, m, n), n))
	return t, true, nil
}

// log is bsgsWords's giant steps: d in [0, q) with γ^d ≡ h, found or not.
func (t *bsgsTable) log(ctx context.Context, h *big.Int) (*big.Int, bool, error) {
	y := t.mont.To(h)
	for i := 0; i <= t.steps; i++ {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
		}
		hv := bsgsHash(y)
		tag := hv << 32
		for s := int(hv >> t.shift); t.table[s] != 0; s = (s + 1) & t.mask {
			if e := t.table[s]; e&^(1<<32-1) == tag {
				if j := int(uint32(e)) - 1; montPow(&t.mont, t.g, uint64(j)) == y {
					d := new(big.Int).Mul(big.NewInt(int64(i)), t.m)
					d.Add(d, big.NewInt(int64(j))).Mod(d, t.q)
					return d, true, nil
				}
			}
		}
		y = t.mont.Mul(y, t.giant)
	}
	return nil, false, nil
}

// bsgsHash mixes a residue's two words into a word whose top bits index
// the table and whose low 32 bits tag its entry.
func bsgsHash(x modular.U128) uint64 {
	return (x.Lo ^ x.Hi*0x9e3779b97f4a7c15) * 0xff51afd7ed558ccd
}

// montPow is g^e in Montgomery form, by binary powering.
func montPow(m *modular.Mont128, g modular.U128, e uint64) modular.U128 {
	r := m.One()
	for i := bits.Len64(e) - 1; i >= 0; i-- {
		r = m.Mul(r, r)
		if e>>uint(i)&1 == 1 {
			r = m.Mul(r, g)
		}
	}
	return r
}

// bsgsScratch keeps bsgsWords's table between the subgroups of one
// discrete logarithm; the zero value is ready.
type bsgsScratch struct{ table []uint64 }

// get returns an empty table of size entries.
func (s *bsgsScratch) get(size int) []uint64 {
	if cap(s.table) < size {
		s.table = make([]uint64, size)
	}
	t := s.table[:size]
	clear(t)
	return t
}
