package finitefield

import (
	"context"
	"errors"
	"jacobian.dev/core/modular"
	"math/big"
	"math/bits"
	"sync"
	"sync/atomic"
)

// Discrete logarithms in GF(p)* for odd p < 2^64 on machine words: the
// same Pohlig–Hellman reduction as discreteLog, with each digit found by
// baby-step giant-step in Montgomery arithmetic (Montgomery, Math. Comp.
// 44 (1985)) and a table of 64-bit slots instead of a map of encodings.
// The baby steps are computed on both cores, each from its own starting
// power, and so are the giant steps, each core scanning half of them.
// discreteLog, on the generic arithmetic, is the reference the tests hold
// this to.

// mont is arithmetic modulo an odd p < 2^64 in Montgomery form
// x·2^64 mod p.
type mont struct {
	p, pinv uint64 // pinv = −p⁻¹ mod 2^64
	r2      uint64 // 2^128 mod p
	one     uint64 // 2^64 mod p
}

func newMont(p uint64) mont {
	one := (-p) % p // 2^64 mod p
	_, r2 := bits.Div64(one, 0, p)
	return mont{p: p, pinv: -modular.WordInverse(p), r2: r2, one: one}
}

// mul returns x·y·2^−64 mod p for x, y < p (Montgomery's REDC: x·y < p·2^64,
// so the result is the high word minus at most p).
func (m mont) mul(x, y uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	u := lo * m.pinv
	uh, ul := bits.Mul64(u, m.p)
	_, c := bits.Add64(lo, ul, 0) // lo + ul ≡ 0 mod 2^64: the carry is 1 unless lo = 0
	r, c2 := bits.Add64(hi, uh, c)
	if c2 != 0 || r >= m.p {
		r -= m.p
	}
	return r
}

func (m mont) to(x uint64) uint64 { return m.mul(x, m.r2) }

// pow returns x^e in Montgomery form for x in Montgomery form.
func (m mont) pow(x uint64, e uint64) uint64 {
	r := m.one
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = m.mul(r, x)
		}
		x = m.mul(x, x)
	}
	return r
}

// onWordLog reports whether discreteLogWords serves F: GF(p), p odd and
// below 2^64.
func (F *gf) onWordLog() bool { return F.k == 1 && F.p.BitLen() <= 64 && F.p.Bit(0) == 1 }

// discreteLogWords is discreteLog on machine words (see onWordLog).
func (F *gf) discreteLogWords(ctx context.Context, g, h elem, n *big.Int, nf []PrimePower) (*big.Int, error) {
	m := newMont(F.p.Uint64())
	word := func(a elem) uint64 {
		if len(a) == 0 {
			return 0
		}
		return m.to(a[0].Uint64())
	}
	gw, hw, nw := word(g), word(h), n.Uint64() // n | p − 1 < 2^64
	if m.pow(hw, nw) != m.one {
		return nil, nil
	}
	x, mod := new(big.Int), big.NewInt(1)
	for _, pp := range nf {
		r := pp.Prime.Big().Uint64()
		re := uint64(1)
		for range pp.Exponent {
			re *= r
		}
		cof := nw / re
		gr, hr := m.pow(gw, cof), m.pow(hw, cof)
		xr, err := pohligHellmanDigits(ctx, m, gw, hw, gr, hr, r, re, pp.Exponent)
		if err != nil {
			return nil, err
		}
		// x ≡ xr (mod r^e), by CRT with the moduli so far (coprime).
		reB := new(big.Int).SetUint64(re)
		inv := new(big.Int).ModInverse(mod, reB)
		diff := new(big.Int).Sub(new(big.Int).SetUint64(xr), x)
		diff.Mul(diff, inv).Mod(diff, reB)
		x.Add(x, diff.Mul(diff, mod))
		mod.Mul(mod, reB)
	}
	return x.Mod(x, n), nil
}

// pohligHellmanDigits returns log_g h modulo r^e, from g_r = g^cof and
// h_r = h^cof of order dividing r^e: by index calculus for a large prime
// r with e = 1 (see useIndexCalculus), otherwise digit by digit, each by
// baby-step giant-step in the subgroup of order r.
func pohligHellmanDigits(ctx context.Context, m mont, gw, hw, gr, hr, r, re uint64, e int) (uint64, error) {
	if e == 1 && useIndexCalculus(m.p, r) {
		return indexCalculusWords(ctx, m, gw, hw, r, gw^hw)
	}
	gamma := m.pow(gr, re/r) // order r
	grInv := m.pow(gr, re-1) // gr has order dividing r^e
	var xr uint64
	rj := uint64(1)
	for j := range e {
		// (g_r^(−x_r)·h_r)^(r^(e−1−j)) lies in <gamma>.
		t := m.mul(m.pow(grInv, xr), hr)
		lift := uint64(1)
		for range e - 1 - j {
			lift *= r
		}
		d, err := bsgsWords(ctx, m, gamma, m.pow(t, lift), r)
		if err != nil {
			return 0, err
		}
		xr += d * rj
		rj *= r
	}
	return xr, nil
}

// parallelLogSteps: below this many baby steps one core does the search.
const parallelLogSteps = 1 << 14

// bsgsWords returns d in [0, r) with gamma^d = t, gamma (Montgomery form)
// of prime order r and t in <gamma>. The m = ⌈√r⌉ baby steps gamma^j sit
// in an open-addressing table of 64-bit slots: the high 32 bits of the
// value as a fingerprint, j + 1 below (0 marks an empty slot), at the
// slot the low bits of the value choose (linear probing); a fingerprint
// match is confirmed by recomputing gamma^d. The giant steps are t·gamma^(−mi), i ≤ m.
func bsgsWords(ctx context.Context, m mont, gamma, t uint64, r uint64) (uint64, error) {
	if r <= 3 {
		c := m.one
		for d := range r {
			if c == t {
				return d, nil
			}
			c = m.mul(c, gamma)
		}
		return 0, errors.New("baby-step giant-step found no logarithm in the subgroup")
	}
	steps := uint64(1)
	for steps*steps < r {
		steps++
	}
	size := uint64(1) << bits.Len64(2*steps)
	mask := size - 1
	table := make([]uint64, size)
	workers := uint64(1)
	if steps >= parallelLogSteps {
		workers = 2
	}
	// Baby steps: each worker fills its share of powers, then one
	// inserts them (the table is written by one goroutine only).
	baby := make([]uint64, steps)
	chunk := (steps + workers - 1) / workers
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := w*chunk, min((w+1)*chunk, steps)
		wg.Go(func() {
			c := m.pow(gamma, lo)
			for j := lo; j < hi; j++ {
				if j%4096 == 0 && ctx.Err() != nil {
					return
				}
				baby[j] = c
				c = m.mul(c, gamma)
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	for j, v := range baby {
		s := v & mask
		for table[s] != 0 {
			s = (s + 1) & mask
		}
		table[s] = v>>32<<32 | uint64(j+1)
	}
	// Giant steps, the range i ∈ [0, steps] split between the workers;
	// the first to confirm a logarithm stops the others.
	giant := m.pow(m.pow(gamma, r-1), steps) // gamma^(−steps)
	var found atomic.Bool
	var answer uint64
	var once sync.Once
	span := (steps + 1 + workers - 1) / workers
	for w := range workers {
		lo, hi := w*span, min((w+1)*span, steps+1)
		wg.Go(func() {
			c := m.mul(t, m.pow(giant, lo))
			for i := lo; i < hi; i++ {
				if i%4096 == 0 && (found.Load() || ctx.Err() != nil) {
					return
				}
				for s := c & mask; table[s] != 0; s = (s + 1) & mask {
					if table[s]>>32 != c>>32 {
						continue
					}
					d := (i*steps + (table[s]&0xffffffff - 1)) % r
					if m.pow(gamma, d) == t {
						once.Do(func() { answer = d })
						found.Store(true)
						return
					}
				}
				c = m.mul(c, giant)
			}
		})
	}
	wg.Wait()
	if found.Load() {
		return answer, nil
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return 0, errors.New("baby-step giant-step found no logarithm in the subgroup")
}
