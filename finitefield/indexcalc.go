package finitefield

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"

	"jacobian.dev/core/modular"
)

// Index calculus for the logarithm modulo a large prime ℓ of p − 1 in
// GF(p)*, p < 2^64 (Odlyzko, "Discrete logarithms in finite fields and
// their cryptographic significance", EUROCRYPT 1984, §4; Pomerance,
// "Fast, rigorous factorization and discrete logarithm algorithms", 1987;
// Crandall and Pomerance, Prime Numbers, §6.4).
//
// Baby-step giant-step needs √ℓ products and as many table slots, out of
// reach for ℓ of 50 bits and more; index calculus costs a function of p
// alone, L_p[1/2]. It computes the homomorphism
//
//	φ: GF(p)* → Z/ℓ,  φ(x) = log_γ x^((p−1)/ℓ),  γ = g^((p−1)/ℓ),
//
// defined on the whole group (ℓ odd, ℓ ∥ p − 1, and ℓ divides the
// order of g, so γ has order ℓ), with φ(g) = 1 and φ(−1) = 0 ((p − 1)/ℓ
// is even). For h in ⟨g⟩ with h = g^x, φ(h) = x mod ℓ: the Pohlig–Hellman
// digit of the prime ℓ.
//
// 1. Factor base: the primes q < B, B about L_p[1/2]^0.6 (icBound).
// 2. Relations: for k = k0, k0 + 1, …, the residue y = g^k is written as
// a/b mod p with |a|, |b| ≤ √p by the extended Euclidean algorithm stopped
// half-way (the rational-reconstruction idea of Pomerance's "two halves";
// Crandall–Pomerance, Exercise 6.17). When a and b both factor over the
// base (trial division by exact multiplication with q⁻¹ mod 2^64,
// Granlund and Montgomery 1994, §9; with Pomerance's early abort),
// Σ e_q φ(q) = k mod ℓ. The walk multiplies by a fixed random power g^s:
// steps by g itself would give relations differing by one prime (g's). Two 32-bit
// numbers smooth together are far likelier than one 64-bit number. Both
// cores search, each from its own k0.
// 3. Linear algebra modulo ℓ: structured Gaussian elimination (LaMacchia
// and Odlyzko, 1990) in its simplest form: the columns are eliminated
// sparsest first, which keeps the fill-in low, and a prime whose value
// the relations do not determine is left unknown.
// 4. The individual logarithm: y = h·g^k written as a/b and factored over
// the primes of known φ gives φ(h) = Σ f_q φ(q) − k.
//
// The answer is checked: γ^φ(h) = h^((p−1)/ℓ) before it is returned.
// Every loop polls its context.

// icEntry is one prime of a relation: the factor base index and the
// exponent (negative for the denominator).
type icEntry struct {
	col int32
	exp int32
}

// icRelation is Σ exp·φ(q_col) = rhs mod ℓ.
type icRelation struct {
	entries []icEntry
	rhs     uint64 // mod ℓ
}

// factorBase holds the primes q < B with q⁻¹ mod 2^64 and ⌊(2^64 − 1)/q⌋,
// so that q | a exactly when a·q⁻¹ mod 2^64 ≤ ⌊(2^64 − 1)/q⌋, and index[q]
// gives the position of the prime q.
type factorBase struct {
	q, inv, lim []uint64
	index       []int32
	// Early abort (Pomerance 1982): at the prime index checkpoint, a
	// cofactor above abortAbove is given up on.
	checkpoint int
	abortAbove uint64
}

func newFactorBase(bound int) *factorBase {
	composite := make([]bool, bound)
	fb := &factorBase{index: make([]int32, bound)}
	for i := 2; i < bound; i++ {
		fb.index[i] = -1
		if composite[i] {
			continue
		}
		for j := i * i; j < bound; j += i {
			composite[j] = true
		}
		q := uint64(i)
		inv := modular.WordInverse(q)
		fb.index[i] = int32(len(fb.q))
		fb.q = append(fb.q, q)
		fb.inv = append(fb.inv, inv)
		fb.lim = append(fb.lim, math.MaxUint64/q)
	}
	return fb
}

// factor appends the factorization of a > 0 over the base (the exponents
// times sign) to out and reports whether a is smooth. Once q² exceeds what
// is left, the rest is 1 or a prime, in the base when below B.
func (fb *factorBase) factor(a uint64, sign int32, out []icEntry) ([]icEntry, bool) {
	if tz := bits.TrailingZeros64(a); tz > 0 {
		out = append(out, icEntry{0, sign * int32(tz)})
		a >>= tz
	}
	for i := 1; i < len(fb.q); i++ {
		q := fb.q[i]
		if q*q > a {
			break
		}
		if i == fb.checkpoint && a > fb.abortAbove {
			return out, false
		}
		if t := a * fb.inv[i]; t <= fb.lim[i] {
			e := int32(1)
			a = t
			for {
				t = a * fb.inv[i]
				if t > fb.lim[i] {
					break
				}
				a = t
				e++
			}
			out = append(out, icEntry{int32(i), sign * e})
		}
	}
	if a == 1 {
		return out, true
	}
	if a < uint64(len(fb.index)) && fb.index[a] >= 0 {
		return append(out, icEntry{fb.index[a], sign}), true
	}
	return out, false
}

// halfGCD returns a, b ≤ √p with y ≡ ±a/b (mod p), for 0 < y < p: the
// extended Euclidean algorithm on (p, y) keeps r_i ≡ t_i·y and stops at
// the first remainder below √p, where |t_i| ≤ p/r_(i−1) ≤ √p.
func halfGCD(p, sqrtP, y uint64) (a, b uint64) {
	r0, r1 := p, y
	var t0, t1 int64 = 0, 1
	for r1 > sqrtP {
		q := r0 / r1
		r0, r1 = r1, r0-q*r1
		t0, t1 = t1, t0-int64(q)*t1
	}
	if t1 < 0 {
		t1 = -t1
	}
	return r1, uint64(t1)
}

// smoothPair factors y ≡ ±a/b over the base: the entries of a with
// exponent +e, of b with −e.
func (fb *factorBase) smoothPair(p, sqrtP, y uint64, out []icEntry) ([]icEntry, bool) {
	a, b := halfGCD(p, sqrtP, y)
	if a == 0 {
		return out, false
	}
	out, ok := fb.factor(a, 1, out[:0])
	if !ok {
		return out, false
	}
	return fb.factor(b, -1, out)
}

// icBound is the factor base bound B for p of the given bit length,
// measured on 48- and 64-bit primes: L_p[1/2]^0.6, a little above the
// L^(1/2) of the theory, since the relation search dominates and the
// elimination of a few hundred sparse columns costs little.
func icBound(pBits int) int {
	lnp := float64(pBits) * math.Ln2
	L := math.Exp(math.Sqrt(lnp * math.Log(lnp)))
	return max(64, int(math.Pow(L, 0.6)))
}

// indexCalculusWords returns φ(h) (see the essay above) for g, h in
// Montgomery form modulo the odd prime p < 2^64, ℓ an odd prime with
// ℓ ∥ p − 1 dividing the order of g, and h in ⟨g⟩. The seed fixes the walk.
func indexCalculusWords(ctx context.Context, m mont, g, h, ell uint64, seed uint64) (uint64, error) {
	p := m.p
	pBits := bits.Len64(p)
	fb := newFactorBase(icBound(pBits))
	fb.checkpoint, fb.abortAbove = len(fb.q)/6, 1<<(pBits*11/32)
	sqrtP := modular.Sqrt64(p)
	lm := newMont(ell)
	rng := rand.New(rand.NewPCG(seed, p))

	// Relations, from both cores until the target count; when they leave
	// more than a quarter of the base undetermined (the largest primes
	// are rare), a quarter more is collected, at most icRounds times.
	nb := len(fb.q)
	var (
		rels  []icRelation
		logs  []uint64
		known []bool
	)
	for round, target := 0, nb+nb/16+8; ; round, target = round+1, nb/4+1 {
		more, err := icRelations(ctx, m, fb, sqrtP, g, ell, target, rng)
		if err != nil {
			return 0, err
		}
		rels = append(rels, more...)
		if logs, known, err = icSolve(ctx, lm, nb, rels); err != nil {
			return 0, err
		}
		if round == icRounds || 4*countTrue(known) >= 3*nb {
			break
		}
	}
	// The individual logarithm.
	x, err := icDescent(ctx, m, lm, fb, sqrtP, g, h, ell, logs, known, rng)
	if err != nil {
		return 0, err
	}
	gamma := m.pow(g, (p-1)/ell)
	if m.pow(gamma, x) != m.pow(h, (p-1)/ell) {
		return 0, errors.New("index calculus: the logarithm found fails its check")
	}
	return x, nil
}

// icRounds bounds the extra rounds of relations.
const icRounds = 4

func countTrue(b []bool) int {
	n := 0
	for _, v := range b {
		if v {
			n++
		}
	}
	return n
}

// icRelations collects target relations g^k ≡ ±a/b with a, b smooth, two
// walks k0, k0 + 1, … (one per core) from random starts below p − 1.
func icRelations(ctx context.Context, m mont, fb *factorBase, sqrtP, g, ell uint64, target int, rng *rand.Rand) ([]icRelation, error) {
	const workers = 2
	var (
		mu   sync.Mutex
		rels []icRelation
		done bool
		wg   sync.WaitGroup
	)
	for range workers {
		k0, step := rng.Uint64N(m.p-1), 1+rng.Uint64N(m.p-2)
		wg.Go(func() {
			y, gs := m.pow(g, k0), m.pow(g, step)
			kl, sl := k0%ell, step%ell
			var buf []icEntry
			for i := 0; ; i++ {
				if i%1024 == 0 {
					mu.Lock()
					stop := done
					mu.Unlock()
					if stop || ctx.Err() != nil {
						return
					}
				}
				plain := m.mul(y, 1)
				var ok bool
				if buf, ok = fb.smoothPair(m.p, sqrtP, plain, buf); ok {
					r := icRelation{entries: slices.Clone(buf), rhs: kl}
					mu.Lock()
					if !done {
						rels = append(rels, r)
						done = len(rels) >= target
					}
					stop := done
					mu.Unlock()
					if stop {
						return
					}
				}
				y = m.mul(y, gs)
				kl = addMod(kl, sl, ell)
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return rels, nil
}

// icSolve solves the relations modulo ℓ for the n unknowns φ(q): Gaussian
// elimination over the dense rows (Montgomery form modulo ℓ), the columns
// taken sparsest first and each pivot row chosen lightest, then back
// substitution. known[c] reports whether the relations determine φ(q_c)
// (its pivot row refers only to determined unknowns).
func icSolve(ctx context.Context, lm mont, n int, rels []icRelation) ([]uint64, []bool, error) {
	ell := lm.p
	rows := make([][]uint64, len(rels))
	weight := make([]int, n)
	for i, r := range rels {
		row := make([]uint64, n+1)
		for _, e := range r.entries {
			v := uint64(e.exp)
			if e.exp < 0 {
				v = ell - uint64(-e.exp)
			}
			row[e.col] = addMod(row[e.col], v%ell, ell)
		}
		for c := range n {
			if row[c] != 0 {
				weight[c]++
				row[c] = lm.to(row[c])
			}
		}
		row[n] = lm.to(r.rhs)
		rows[i] = row
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return weight[a] - weight[b] })

	rowW := make([]int, len(rows))
	for i, row := range rows {
		for _, v := range row[:n] {
			if v != 0 {
				rowW[i]++
			}
		}
	}
	used := make([]bool, len(rows))
	pivotOf := make([]int, n) // row index, −1 when none
	support := make([][]int, n)
	for c := range pivotOf {
		pivotOf[c] = -1
	}
	for step, c := range order {
		if step%16 == 0 && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		best, bestW := -1, n+2
		for i, row := range rows {
			if used[i] || row[c] == 0 {
				continue
			}
			if rowW[i] < bestW {
				best, bestW = i, rowW[i]
			}
		}
		if best < 0 {
			continue
		}
		used[best] = true
		pivotOf[c] = best
		prow := rows[best]
		inv := montInverse(lm, prow[c])
		var sup []int
		for j, v := range prow {
			if v != 0 {
				prow[j] = lm.mul(v, inv)
				sup = append(sup, j)
			}
		}
		support[c] = sup
		for i, row := range rows {
			if used[i] || row[c] == 0 {
				continue
			}
			f := ell - row[c]
			for _, j := range sup {
				was := row[j] != 0
				row[j] = addMod(row[j], lm.mul(f, prow[j]), ell)
				if j < n && was != (row[j] != 0) {
					if was {
						rowW[i]--
					} else {
						rowW[i]++
					}
				}
			}
		}
	}
	logs := make([]uint64, n)
	known := make([]bool, n)
	for k := n - 1; k >= 0; k-- {
		c := order[k]
		r := pivotOf[c]
		if r < 0 {
			continue
		}
		row := rows[r]
		v, ok := row[n], true
		for _, j := range support[c] {
			if j == c || j == n {
				continue
			}
			if !known[j] {
				ok = false
				break
			}
			v = addMod(v, ell-lm.mul(row[j], logs[j]), ell)
		}
		if ok {
			logs[c], known[c] = v, true
		}
	}
	for c := range logs {
		if known[c] {
			logs[c] = lm.mul(logs[c], 1) // out of Montgomery form
		}
	}
	return logs, known, nil
}

// montInverse returns the Montgomery form of a⁻¹ for a in Montgomery form
// modulo the prime lm.p: (aR)⁻¹·R² = a⁻¹R, by Fermat's little theorem.
func montInverse(lm mont, aR uint64) uint64 {
	// pow works in Montgomery form: pow(aR, ℓ−2) = a^(ℓ−2)·R.
	return lm.pow(aR, lm.p-2)
}

func addMod(a, b, m uint64) uint64 {
	s, c := bits.Add64(a, b, 0)
	if c != 0 || s >= m {
		s -= m
	}
	return s
}

// icDescent finds k with h·g^k ≡ ±a/b, a and b smooth over the primes of
// known φ, and returns φ(h) = Σ f_q φ(q) − k mod ℓ.
func icDescent(ctx context.Context, m mont, lm mont, fb *factorBase, sqrtP, g, h, ell uint64, logs []uint64, known []bool, rng *rand.Rand) (uint64, error) {
	k, step := rng.Uint64N(m.p-1), 1+rng.Uint64N(m.p-2)
	y, gs := m.mul(h, m.pow(g, k)), m.pow(g, step)
	kl, sl := k%ell, step%ell
	var buf []icEntry
	for i := 0; ; i++ {
		if i%1024 == 0 && ctx.Err() != nil {
			return 0, ctx.Err()
		}
		var ok bool
		if buf, ok = fb.smoothPair(m.p, sqrtP, m.mul(y, 1), buf); ok {
			v := ell - kl
			if v == ell {
				v = 0
			}
			for _, e := range buf {
				if !known[e.col] {
					ok = false
					break
				}
				ev := uint64(e.exp)
				if e.exp < 0 {
					ev = ell - uint64(-e.exp)
				}
				v = addMod(v, lm.mul(lm.to(ev), logs[e.col]), ell)
			}
			if ok {
				return v, nil
			}
		}
		y = m.mul(y, gs)
		kl = addMod(kl, sl, ell)
	}
}

// useIndexCalculus reports whether the digit modulo the prime r | p − 1
// is cheaper by index calculus than by baby-step giant-step, by the cost
// model of BenchmarkIndexCalculus and BenchmarkBSGSWords: baby-step
// giant-step takes 2√r steps; index calculus modulo a 64-bit prime costs
// about 2^21 of them, and its cost scales as L_p[1/2]^1.5. Index calculus
// works modulo r only when r ∥ p − 1 (its relations and its final check
// raise to the power (p − 1)/r, which must leave an element of order r),
// so r² | p − 1 is refused here whatever the cost.
func useIndexCalculus(p, r uint64) bool {
	if r < 1<<24 || r%2 == 0 || ((p-1)/r)%r == 0 {
		return false
	}
	return 2*math.Sqrt(float64(r)) > icWork(bits.Len64(p))
}

// icWork is the cost of index calculus modulo a prime of pBits bits in
// baby-step giant-step steps.
func icWork(pBits int) float64 {
	L := func(b int) float64 {
		lnp := float64(b) * math.Ln2
		return math.Exp(math.Sqrt(lnp * math.Log(lnp)))
	}
	return math.Exp2(21) * math.Pow(L(pBits)/L(64), 1.5)
}
