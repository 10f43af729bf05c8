package modular

// Chinese remaindering and multi-modular reduction by product trees.
//
// With k primes of one word each, Garner's incremental scheme (CRTBasis)
// costs O(k²) word operations per value. The tree scheme of von zur Gathen
// and Gerhard (Modern Computer Algebra, 3rd ed., §10.3, Algorithms 10.14
// and 10.16) costs O(M(k)·log k), M the cost of multiplying k-word
// integers, which math/big does by Karatsuba's method:
//
//   - Product tree. The primes are grouped into leaves of leafPrimes
//     primes; each node holds the product of its leaves' moduli, the root
//     M = ∏ p_i. Built once per set of primes and shared by every value.
//   - Remainder tree (Reduce). x mod M at the root, then x mod each child
//     from its parent's remainder, down to the leaves, where one pass of
//     word divisions gives x mod p_i. Bernstein's scaled remainder trees
//     ("Scaled remainder trees", 2004) would replace the divisions by
//     multiplications; here the divisions are those of math/big, already
//     subquadratic, and the tree is used once per input entry.
//   - Linear combination (Combine). x = Σ_b s_b·(M/M_b) mod M over the
//     leaves b with moduli M_b, where s_b ≡ x·(M/M_b)⁻¹ (mod M_b). Up the
//     tree, a node's value is v_L·N_R + v_R·N_L from its children (values
//     v, moduli N), so the root holds Σ_b s_b·M/M_b < (leaves)·M, and one
//     division with small quotient ends it. Inside a leaf, s_b is found by
//     Garner's mixed-radix scheme on words, from the residues scaled by
//     the precomputed (M/M_b)⁻¹ mod p_i; those constants come from one
//     remainder tree of M modulo the squares of the nodes, since
//     M mod M_b² = M_b·((M/M_b) mod M_b).
//
// Results are in the symmetric range (−M/2, M/2], the canonical choice for
// signed integers recovered from their residues.

import (
	"context"
	"math/big"
	"math/bits"
	"runtime"
	"sync"
)

// leafPrimes is the number of primes per leaf of the product tree: Garner
// inside a leaf costs leafPrimes/2 word operations per prime, against two
// allocating big.Int operations per tree node above it.
const leafPrimes = 16

// CRTTree reconstructs integers from residues modulo a fixed set of
// distinct primes below 2^63, and reduces integers modulo all of them. It
// is read-only after NewCRTTree, so one tree serves concurrent callers.
type CRTTree struct {
	primes  []uint64
	leaves  []crtLeaf
	levels  [][]*big.Int // levels[0] are the leaf moduli, the last is {M}
	modulus *big.Int
	half    *big.Int // ⌊M/2⌋
}

// crtLeaf holds the constants of one leaf of at most leafPrimes primes.
type crtLeaf struct {
	primes []uint64
	mods   []Modulus
	// scale[i] = (M/M_b)⁻¹ mod primes[i], with its Shoup constant.
	scale, scaleShoup []uint64
	// inv[i] = (primes[0]···primes[i−1])⁻¹ mod primes[i], with its Shoup
	// constant.
	inv, invShoup []uint64
	// radix[i][j] = primes[j] mod primes[i] for j < i, with Shoup
	// constants, for Garner's Horner step without division.
	radix, radixShoup [][]uint64
}

// NewCRTTree prepares reconstruction modulo the given distinct primes
// (each below 2^63; the list may be empty, M = 1). It costs one product
// tree and one remainder tree, O(M(k)·log k).
func NewCRTTree(primes []uint64) *CRTTree {
	t := &CRTTree{primes: append([]uint64(nil), primes...)}
	for start := 0; start < len(primes); start += leafPrimes {
		t.leaves = append(t.leaves, newCRTLeaf(t.primes[start:min(start+leafPrimes, len(primes))]))
	}
	level := make([]*big.Int, len(t.leaves))
	for b, leaf := range t.leaves {
		level[b] = productOf(leaf.primes)
	}
	t.levels = [][]*big.Int{level}
	for len(level) > 1 {
		up := make([]*big.Int, (len(level)+1)/2)
		for i := range up {
			if 2*i+1 < len(level) {
				up[i] = new(big.Int).Mul(level[2*i], level[2*i+1])
			} else {
				up[i] = level[2*i]
			}
		}
		t.levels = append(t.levels, up)
		level = up
	}
	if len(level) == 1 {
		t.modulus = level[0]
	} else {
		t.modulus = big.NewInt(1)
	}
	t.half = new(big.Int).Rsh(t.modulus, 1)
	t.prepareScales()
	return t
}

func productOf(primes []uint64) *big.Int {
	m := big.NewInt(1)
	var w big.Int
	for _, p := range primes {
		m.Mul(m, w.SetUint64(p))
	}
	return m
}

func newCRTLeaf(primes []uint64) crtLeaf {
	g := len(primes)
	leaf := crtLeaf{
		primes: primes, mods: make([]Modulus, g),
		scale: make([]uint64, g), scaleShoup: make([]uint64, g),
		inv: make([]uint64, g), invShoup: make([]uint64, g), radix: make([][]uint64, g), radixShoup: make([][]uint64, g),
	}
	for i, p := range primes {
		leaf.mods[i] = NewModulus(p)
		prod := uint64(1) % p
		leaf.radix[i] = make([]uint64, i)
		leaf.radixShoup[i] = make([]uint64, i)
		for j := range i {
			r := primes[j] % p
			leaf.radix[i][j] = r
			leaf.radixShoup[i][j] = ShoupConstant(r, p)
			prod = leaf.mods[i].Mul(prod, r)
		}
		leaf.inv[i], _ = Inverse(prod, p)
		leaf.invShoup[i] = ShoupConstant(leaf.inv[i], p)
	}
	return leaf
}

// prepareScales computes (M/M_b)⁻¹ mod p_i for every leaf b and prime p_i
// in it, by the remainder tree of M modulo the squared node moduli.
func (t *CRTTree) prepareScales() {
	if len(t.leaves) == 0 {
		return
	}
	top := len(t.levels) - 1
	rems := []*big.Int{new(big.Int).Set(t.modulus)} // M mod M²
	for l := top - 1; l >= 0; l-- {
		level := t.levels[l]
		down := make([]*big.Int, len(level))
		var sq big.Int
		for i, n := range level {
			sq.Mul(n, n)
			down[i] = new(big.Int).Mod(rems[i/2], &sq)
		}
		rems = down
	}
	var cof big.Int
	for b := range t.leaves {
		leaf := &t.leaves[b]
		cof.Quo(rems[b], t.levels[0][b]) // (M/M_b) mod M_b
		words := intWords(&cof)
		for i, m := range leaf.mods {
			inv, _ := m.Inverse(m.reduceWords(words))
			leaf.scale[i] = inv
			leaf.scaleShoup[i] = ShoupConstant(inv, m.P)
		}
	}
}

// Len returns the number of primes.
func (t *CRTTree) Len() int { return len(t.primes) }

// Primes returns the primes (a copy).
func (t *CRTTree) Primes() []uint64 { return append([]uint64(nil), t.primes...) }

// Modulus returns M, the product of the primes (a copy).
func (t *CRTTree) Modulus() *big.Int { return new(big.Int).Set(t.modulus) }

// crtScratch is per-goroutine working memory for Combine.
type crtScratch struct {
	digits, words []uint64
	vals          []*big.Int
	tmp           big.Int
}

func (t *CRTTree) newScratch() *crtScratch {
	s := &crtScratch{digits: make([]uint64, leafPrimes), words: make([]uint64, leafPrimes+1), vals: make([]*big.Int, len(t.leaves))}
	for i := range s.vals {
		s.vals[i] = new(big.Int)
	}
	return s
}

// Combine returns the integer in (−M/2, M/2] congruent to residues[i]
// modulo primes[i] for every i (residues need not be reduced).
func (t *CRTTree) Combine(residues []uint64) *big.Int {
	return t.combine(residues, nil, 0, t.newScratch())
}

// CombineVector reconstructs many values sharing the primes: residues[i]
// holds the images of all values modulo primes[i], and out[j] receives
// value j (len(out) values, each residues[i] at least that long). The
// values are split across the cores; ctx is polled between values.
func (t *CRTTree) CombineVector(ctx context.Context, residues [][]uint64, out []*big.Int) error {
	if len(residues) != len(t.primes) {
		panic("modular.CRTTree.CombineVector: one residue vector per prime needed")
	}
	workers := min(runtime.GOMAXPROCS(0), max(1, len(out)/4))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := t.newScratch()
			for j := w; j < len(out); j += workers {
				if j%64 < workers {
					if err := ctx.Err(); err != nil {
						errs[w] = err
						return
					}
				}
				out[j] = t.combine(nil, residues, j, s)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// combine reconstructs one value: from residues, or else from column j
// of the per-prime vectors.
func (t *CRTTree) combine(residues []uint64, vectors [][]uint64, j int, s *crtScratch) *big.Int {
	if len(t.primes) == 0 {
		return new(big.Int)
	}
	base := 0
	for b := range t.leaves {
		leaf := &t.leaves[b]
		g := len(leaf.primes)
		d := s.digits[:g]
		for i, p := range leaf.primes {
			var r uint64
			if vectors != nil {
				r = vectors[base+i][j]
			} else {
				r = residues[base+i]
			}
			if r >= p {
				r %= p
			}
			y := MulShoup(r, leaf.scale[i], leaf.scaleShoup[i], p)
			// Garner: the value of the digits so far, modulo p, by
			// Horner from the top digit.
			var v uint64
			for k := i - 1; k >= 0; k-- {
				dk := d[k]
				if dk >= p {
					dk %= p
				}
				v = Add(MulShoup(v, leaf.radix[i][k], leaf.radixShoup[i][k], p), dk, p)
			}
			d[i] = MulShoup(Sub(y, v, p), leaf.inv[i], leaf.invShoup[i], p)
		}
		// s_b = d_0 + p_0·(d_1 + p_1·(…)) in words.
		w := s.words[:1]
		w[0] = d[g-1]
		for k := g - 2; k >= 0; k-- {
			w = mulAddWords(w, leaf.primes[k], d[k])
		}
		setWords(s.vals[b], w)
		s.words = w[:cap(w)]
		base += g
	}
	vals := s.vals
	for l := 0; l+1 < len(t.levels); l++ {
		level := t.levels[l]
		n := (len(level) + 1) / 2
		for i := range n {
			if 2*i+1 >= len(level) {
				vals[i].Set(vals[2*i])
				continue
			}
			left, right := vals[2*i], vals[2*i+1]
			s.tmp.Mul(left, level[2*i+1])
			right.Mul(right, level[2*i])
			vals[i].Add(&s.tmp, right)
		}
	}
	x := new(big.Int).Mod(vals[0], t.modulus)
	if x.Cmp(t.half) > 0 {
		x.Sub(x, t.modulus)
	}
	return x
}

// Reduce writes x mod primes[i] into out[i] for every prime, by the
// remainder tree; x may be negative.
func (t *CRTTree) Reduce(x *big.Int, out []uint64) {
	if len(t.primes) == 0 {
		return
	}
	top := len(t.levels) - 1
	rems := []*big.Int{new(big.Int).Mod(x, t.modulus)}
	for l := top - 1; l >= 0; l-- {
		level := t.levels[l]
		down := make([]*big.Int, len(level))
		for i, n := range level {
			parent := rems[i/2]
			if parent.Cmp(n) < 0 {
				down[i] = parent
			} else {
				down[i] = new(big.Int).Mod(parent, n)
			}
		}
		rems = down
	}
	base := 0
	for b := range t.leaves {
		words := intWords(rems[b])
		for i, m := range t.leaves[b].mods {
			out[base+i] = m.reduceWords(words)
		}
		base += len(t.leaves[b].mods)
	}
}

// reduceWords returns the little-endian multiword integer w mod p.
func (m Modulus) reduceWords(w []uint64) uint64 {
	var r uint64
	for k := len(w) - 1; k >= 0; k-- {
		r = m.Reduce128(r, w[k])
	}
	return r
}

// mulAddWords returns w·q + d for a little-endian multiword w, growing it
// by a word when needed (in place when capacity allows).
func mulAddWords(w []uint64, q, d uint64) []uint64 {
	carry := d
	for k, x := range w {
		hi, lo := bits.Mul64(x, q)
		var c uint64
		lo, c = bits.Add64(lo, carry, 0)
		w[k] = lo
		carry = hi + c
	}
	if carry != 0 {
		w = append(w, carry)
	}
	return w
}

// intWords returns |x| as little-endian 64-bit words.
func intWords(x *big.Int) []uint64 {
	if bits.UintSize == 64 {
		ws := x.Bits()
		out := make([]uint64, len(ws))
		for i, v := range ws {
			out[i] = uint64(v)
		}
		return out
	}
	b := new(big.Int).Abs(x).Bytes()
	out := make([]uint64, (len(b)+7)/8)
	for i, v := range b {
		k := len(b) - 1 - i
		out[k/8] |= uint64(v) << (8 * (k % 8))
	}
	return out
}

// setWords sets z to the little-endian multiword w (non-negative).
func setWords(z *big.Int, w []uint64) {
	if bits.UintSize == 64 {
		ws := z.Bits()
		if cap(ws) < len(w) {
			ws = make([]big.Word, len(w))
		}
		ws = ws[:len(w)]
		for i, v := range w {
			ws[i] = big.Word(v)
		}
		z.SetBits(ws)
		return
	}
	z.SetInt64(0)
	var t big.Int
	for k := len(w) - 1; k >= 0; k-- {
		z.Lsh(z, 64)
		z.Or(z, t.SetUint64(w[k]))
	}
}

// RationalReconstructBounds finds n/d ≡ a (mod m) with |n| ≤ numBound,
// 0 < d ≤ denBound and gcd(n, d) = gcd(d, m) = 1, when one exists; when
// 2·numBound·denBound < m it is unique. This is Wang's half-extended
// Euclidean algorithm with separate bounds (Wang, Guy and Davenport,
// "P-adic reconstruction of rational numbers", SIGSAM Bull. 16 (1982);
// von zur Gathen and Gerhard, Modern Computer Algebra, §5.10, Theorem
// 5.26): the remainders r_i = s_i·m + t_i·a decrease, and the answer is
// r_i/t_i at the first r_i ≤ numBound, if |t_i| ≤ denBound there.
func RationalReconstructBounds(a, m, numBound, denBound *big.Int) (n, d *big.Int, ok bool) {
	if m.Sign() <= 0 || numBound.Sign() < 0 || denBound.Sign() <= 0 {
		return nil, nil, false
	}
	r0, r1 := new(big.Int).Set(m), new(big.Int).Mod(a, m)
	t0, t1 := big.NewInt(0), big.NewInt(1)
	q, tmp := new(big.Int), new(big.Int)
	for r1.Cmp(numBound) > 0 {
		q.QuoRem(r0, r1, tmp)
		r0, r1, tmp = r1, tmp, r0
		tmp.Mul(q, t1)
		t0.Sub(t0, tmp)
		t0, t1 = t1, t0
	}
	if t1.Sign() == 0 || t1.CmpAbs(denBound) > 0 {
		return nil, nil, false
	}
	var g big.Int
	if g.GCD(nil, nil, new(big.Int).Abs(t1), m).Cmp(big.NewInt(1)) != 0 {
		return nil, nil, false
	}
	if g.GCD(nil, nil, new(big.Int).Abs(t1), new(big.Int).Abs(r1)).Cmp(big.NewInt(1)) != 0 {
		return nil, nil, false
	}
	n, d = new(big.Int).Set(r1), new(big.Int).Set(t1)
	if d.Sign() < 0 {
		n.Neg(n)
		d.Neg(d)
	}
	return n, d, true
}
