package finitefield

// Complete factorization of univariate polynomials over GF(q), in the three
// classical stages (von zur Gathen and Gerhard, Modern Computer Algebra,
// 3rd ed., chapter 14; Knuth, TAOCP vol. 2, §4.6.2):
//
//  1. Square-free factorization. For monic f, c = gcd(f, f′) holds every
//     repeated factor; w = f/c is the product of the distinct factors, and
//     peeling y = gcd(w, c) off w step by step (w/y is the product of the
//     factors of multiplicity exactly i) gives f = ∏ g_i^i for the part of
//     f whose multiplicities are prime to p (Yun's algorithm, adapted to
//     characteristic p as in MCA Algorithm 14.21 and Exercise 14.30). What
//     is left, c, has c′ = 0, so c(x) = d(x^p) with d = c^(1/p): its
//     coefficients are those of c at the powers x^(jp), each raised to
//     1/p, which in GF(p^k) is the power p^(k−1). d is factored the same
//     way and its multiplicities multiplied by p.
//  2. Distinct-degree factorization of each square-free g. The polynomial
//     x^(q^i) − x is the product of all monic irreducibles whose degree
//     divides i, so for i = 1, 2, … the gcd of x^(q^i) − x with what is
//     left of g is the product of the factors of degree exactly i; once
//     2i exceeds the degree of what is left, that is irreducible (MCA
//     Algorithm 14.3).
//  3. Equal-degree splitting of each product of factors of one degree d
//     by Cantor–Zassenhaus (Math. Comp. 36 (1981)): for a random residue
//     a, gcd(a^((q^d−1)/2) − 1, g) is a proper factor with probability
//     about 1/2 when q is odd; in characteristic 2 the half power is
//     replaced by the trace a + a^2 + … + a^(2^(md−1)), q = 2^m (MCA
//     Algorithm 14.8 and Exercise 14.16). The random residues come from a
//     generator seeded by the input (see seededRand), so every run splits
//     the same way.
//
// Two implementations. Over prime fields with p < 2^64 the work is on
// machine words with core/gfpoly's fast kernels (transform products,
// Newton division with prepared divisors, half-gcd). Below degree 300 the
// distinct-degree stage steps x^(q^i) by the word Frobenius matrix of g
// (n² word products a step) and shares one gcd among 16 steps (Shoup's
// blocking); from degree 300 on it is the baby-step giant-step method of
// von zur Gathen and Shoup as Kaltofen and Shoup present it (ddfBSGS),
// with Brent–Kung modular composition for the giant steps, about 3n
// products modulo g and √(n/2) compositions of n² word products instead of
// n/2 matrix steps. Its products modulo g are by operands prepared once
// (gfpoly.Multiplier: the transforms of the baby steps, of the powers'
// base in a Brent–Kung table, of the Horner multiplier), so that a factor
// H − h_j of the interval products costs no transform of its own, or,
// from about degree 1000 on where it is cheaper, the interval products
// are the values at H of the polynomials ∏ (Y − h_j) over groups of
// baby steps, computed once, their inner sums in the transform domain
// (intervalGroups, groupSize); the baby steps are compositions with x^q
// whenever that is cheaper than powering (composeBabySteps), and four
// giant steps share one gcd. A table serving many compositions keeps its
// giant powers and sums each composition's outer sum in the transform domain (sumCheaper); a table
// of 32 powers or more takes them four at a time from one operand's
// transforms (powerBlock). When what is left of g shrinks enough that
// its products pay for a rebuild, the stage moves to working modulo it
// (rebuildPays). The compositions' n² word products are one matrix
// product a composition (gfpoly.Columns), and from degree 1000 on, with
// two cores, the composition giving each giant step runs beside the
// interval product of the step before. Equal-degree splitting takes its
// norms through the Frobenius matrix too. The postcondition's Rabin test
// takes its Frobenius powers in one pass of composition tables
// (frobeniusPowers), or by a walk of compositions at one point when that
// is cheaper (rabinWalk), the factors on two goroutines from 1000 degrees
// in all (checkIrreducible). Over GF(p^k) and large p the generic
// arithmetic of this package is used, with x^(q^i) from the Frobenius
// matrix of g (frobeniusMap, n² field operations a step, O(n³) in all).
// The generic path is also the reference the tests hold the word paths to.
// Not done here: Kaltofen–Shoup's own equal-degree refinement and the fast
// (Kedlaya–Umans style) composition, which matter above a few thousand.

import (
	"context"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"

	"jacobian.dev/core"
	"jacobian.dev/core/gfpoly"
	"jacobian.dev/core/parallel"
)

// factorPart is a polynomial with a multiplicity: a square-free part of f
// with the multiplicity of its factors, or an irreducible factor.
type factorPart struct {
	f    poly
	mult int
}

// gfpolyLimit: core/gfpoly takes every prime below 2^64.
const gfpolyLimit = 64

// onWords reports whether F takes the machine-word path.
func (F *gf) onWords() bool { return F.k == 1 && F.p.BitLen() <= gfpolyLimit }

// factorize returns the monic irreducible factors of the monic f of degree
// ≥ 1 with their multiplicities, in canonical order (see sortFactors).
func (F *gf) factorize(ctx context.Context, f poly, rng *rand.Rand) ([]factorPart, error) {
	if F.onWords() {
		return F.factorizeWords(ctx, f, rng)
	}
	return F.factorizeGeneric(ctx, f, rng)
}

// sortFactors puts factors in the canonical order: ascending degree, then
// ascending coefficients from the leading one down, each compared by its
// integer encoding (polyCompare).
func (F *gf) sortFactors(fs []factorPart) {
	slices.SortFunc(fs, func(a, b factorPart) int { return F.polyCompare(a.f, b.f) })
}

// factorizeGeneric is the three stages on the generic arithmetic.
func (F *gf) factorizeGeneric(ctx context.Context, f poly, rng *rand.Rand) ([]factorPart, error) {
	parts, err := F.squarefree(ctx, f)
	if err != nil {
		return nil, err
	}
	var out []factorPart
	for _, sq := range parts {
		blocks, err := F.ddfGeneric(ctx, sq.f)
		if err != nil {
			return nil, err
		}
		for _, b := range blocks {
			irr, err := F.edf(ctx, rng, b.f, b.mult)
			if err != nil {
				return nil, err
			}
			for _, g := range irr {
				out = append(out, factorPart{g, sq.mult})
			}
		}
	}
	F.sortFactors(out)
	return out, nil
}

// squarefree returns the square-free factorization of the monic f: pairwise
// coprime monic square-free g of degree ≥ 1 with f = ∏ g^mult.
func (F *gf) squarefree(ctx context.Context, f poly) ([]factorPart, error) {
	var out []factorPart
	c := F.pgcd(f, F.pderiv(f))
	w, _ := F.pdivmod(f, c)
	for i := 1; deg(w) > 0; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		y := F.pgcd(w, c)
		if g, _ := F.pdivmod(w, y); deg(g) > 0 {
			out = append(out, factorPart{g, i})
		}
		w = y
		c, _ = F.pdivmod(c, y)
	}
	if deg(c) > 0 {
		root, err := F.pthRoot(ctx, c)
		if err != nil {
			return nil, err
		}
		inner, err := F.squarefree(ctx, root)
		if err != nil {
			return nil, err
		}
		p := int(F.p.Int64()) // c has degree ≥ p, so p is an int
		for _, g := range inner {
			out = append(out, factorPart{g.f, g.mult * p})
		}
	}
	return out, nil
}

// pthRoot returns d with d(x)^p = c(x) for c with c′ = 0: the coefficients
// of c at x^(jp), each to the power 1/p = p^(k−1) in GF(p^k).
func (F *gf) pthRoot(ctx context.Context, c poly) (poly, error) {
	p := int(F.p.Int64())
	e := new(big.Int).Exp(F.p, big.NewInt(int64(F.k-1)), nil)
	out := make(poly, deg(c)/p+1)
	for j := range out {
		a := c[j*p]
		if F.k > 1 && !isZero(a) {
			var err error
			if a, err = F.powCtx(ctx, a, e); err != nil {
				return nil, err
			}
		}
		out[j] = a
	}
	return trimPoly(out), nil
}

// ddfGeneric splits the monic square-free g into blocks: products of all
// its irreducible factors of one degree, with that degree as mult.
func (F *gf) ddfGeneric(ctx context.Context, g poly) ([]factorPart, error) {
	if deg(g) == 1 {
		return []factorPart{{g, 1}}, nil
	}
	fr, err := F.newFrobeniusMap(ctx, g)
	if err != nil {
		return nil, err
	}
	var out []factorPart
	x := F.xPoly()
	h := x
	for i := 1; 2*i <= deg(g); i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		core.ReportProgress(ctx, float64(2*i), float64(deg(g)), "distinct-degree factorization")
		// h stays reduced modulo the first g, which the later ones divide.
		h = fr.apply(h)
		if d := F.pgcd(F.psub(h, x), g); deg(d) > 0 {
			out = append(out, factorPart{d, i})
			g, _ = F.pdivmod(g, d)
		}
	}
	if deg(g) > 0 {
		out = append(out, factorPart{g, deg(g)})
	}
	return out, nil
}

// factorizeWords is the three stages on machine words.
func (F *gf) factorizeWords(ctx context.Context, f poly, rng *rand.Rand) ([]factorPart, error) {
	w := newWordFactorer(F.p.Uint64())
	fs, err := w.factor(ctx, F.toWords(f), rng)
	if err != nil {
		return nil, err
	}
	out := make([]factorPart, len(fs))
	for i, g := range fs {
		out[i] = factorPart{fromWords(g.f), g.mult}
	}
	F.sortFactors(out)
	return out, nil
}

// wordFactorer factors over GF(p), p < 2^64, on core/gfpoly.
type wordFactorer struct {
	fld *gfpoly.Field
	p   uint64
	q   *big.Int
	// bsgsFrom is the least square-free degree for ddfBSGS (bsgsFrom,
	// lowered by the tests to hold it to ddf).
	bsgsFrom int
	// rebuilds counts ddfBSGS's moves to a smaller modulus, for the
	// tests that hold the rebuilt path to the reference.
	rebuilds int
	// groups, when positive, is the group size of ddfBSGS's interval
	// products (intervalGroups) in place of groupSize's choice, for the
	// tests that hold the grouped path to the reference at small degrees.
	groups int
}

type wordPart struct {
	f    []uint64
	mult int
}

func newWordFactorer(p uint64) *wordFactorer {
	return &wordFactorer{fld: gfpoly.NewField(p), p: p, q: new(big.Int).SetUint64(p), bsgsFrom: bsgsFrom}
}

func (w *wordFactorer) factor(ctx context.Context, f []uint64, rng *rand.Rand) ([]wordPart, error) {
	parts, err := w.squarefree(ctx, f)
	if err != nil {
		return nil, err
	}
	var out []wordPart
	for _, sq := range parts {
		ddf := w.ddf
		if len(sq.f)-1 >= w.bsgsFrom {
			ddf = w.ddfBSGS
		}
		blocks, err := ddf(ctx, sq.f)
		if err != nil {
			return nil, err
		}
		for _, b := range blocks {
			irr, err := w.edf(ctx, rng, b.f, b.mult)
			if err != nil {
				return nil, err
			}
			for _, g := range irr {
				out = append(out, wordPart{g, sq.mult})
			}
		}
	}
	return out, nil
}

func (w *wordFactorer) squarefree(ctx context.Context, f []uint64) ([]wordPart, error) {
	fl := w.fld
	var out []wordPart
	c, err := fl.GCDContext(ctx, f, fl.Derivative(f))
	if err != nil {
		return nil, err
	}
	v := fl.DivExact(f, c)
	for i := 1; len(v) > 1; i++ {
		y, err := fl.GCDContext(ctx, v, c)
		if err != nil {
			return nil, err
		}
		if g := fl.DivExact(v, y); len(g) > 1 {
			out = append(out, wordPart{g, i})
		}
		v = y
		c = fl.DivExact(c, y)
	}
	if len(c) > 1 {
		// Over GF(p) the p-th root of a coefficient is itself.
		p := int(w.p)
		root := make([]uint64, (len(c)-1)/p+1)
		for j := range root {
			root[j] = c[j*p]
		}
		inner, err := w.squarefree(ctx, root)
		if err != nil {
			return nil, err
		}
		for _, g := range inner {
			out = append(out, wordPart{g.f, g.mult * p})
		}
	}
	return out, nil
}

// ddf is ddfGeneric on words: x^(q^i) from x^(q^(i−1)) by the word
// Frobenius matrix of g while g is small enough to hold it (rebuilt for
// what is left of g once that has shrunk by a third), by modular powering
// beyond. The gcds are taken in batches of ddfBatch steps (Shoup,
// J. Symb. Comp. 20 (1995), §3): one gcd of ∏ (x^(q^i) − x) mod g per
// batch, and only when it is not 1 one gcd per step of the batch, each
// with what is left of that gcd, which splits it by degree.
func (w *wordFactorer) ddf(ctx context.Context, g []uint64) ([]wordPart, error) {
	fl := w.fld
	var out []wordPart
	x := []uint64{0, 1}
	h := x
	md := fl.NewModulus(g)
	var fr *wordFrobenius
	for i := 1; 2*i <= len(g)-1; {
		core.ReportProgress(ctx, float64(2*i), float64(len(g)-1), "distinct-degree factorization")
		n := len(g) - 1
		if n <= maxWordFrobenius && (fr == nil || 3*n < 2*fr.n) {
			var err error
			if fr, err = w.frobenius(ctx, md); err != nil {
				return nil, err
			}
			h = fl.RemBy(h, md)
		}
		start := i
		var steps [][]uint64
		product := []uint64{1}
		for ; len(steps) < ddfBatch && 2*i <= n; i++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if fr != nil {
				h = fl.RemBy(fr.apply(h), md)
			} else {
				var err error
				if h, err = fl.PowModByContext(ctx, h, w.q, md); err != nil {
					return nil, err
				}
			}
			step := fl.Sub(h, x)
			steps = append(steps, step)
			product = fl.MulModBy(product, step, md)
		}
		d, err := fl.GCDContext(ctx, product, g)
		if err != nil {
			return nil, err
		}
		if len(d) <= 1 {
			continue
		}
		for k, step := range steps {
			if len(d) <= 1 {
				break
			}
			e, err := fl.GCDContext(ctx, step, d)
			if err != nil {
				return nil, err
			}
			if len(e) > 1 {
				out = append(out, wordPart{e, start + k})
				d = fl.DivExact(d, e)
				g = fl.DivExact(g, e)
			}
		}
		md = fl.NewModulus(g)
		h = fl.RemBy(h, md)
	}
	if len(g) > 1 {
		out = append(out, wordPart{g, len(g) - 1})
	}
	return out, nil
}

// ddfBatch is the number of distinct-degree steps that share one gcd.
const ddfBatch = 16

// maxWordFrobenius bounds the degree of the word Frobenius matrices: n²
// words, 72 MB at the bound.
const maxWordFrobenius = 3000

// wordFrobenius is the q-power map h ↦ h^q on GF(p)[x]/(g) as the matrix
// of its rows x^(iq) mod g, on words (see frobeniusMap): an application
// costs n² word products instead of about 1.5·log2 q products modulo g.
type wordFrobenius struct {
	rows [][]uint64
	n    int
	p    uint64
}

func (w *wordFactorer) frobenius(ctx context.Context, md *gfpoly.Modulus) (*wordFrobenius, error) {
	fl := w.fld
	g := md.Polynomial()
	n := len(g) - 1
	xq, err := fl.PowModContext(ctx, []uint64{0, 1}, w.q, g)
	if err != nil {
		return nil, err
	}
	rows := make([][]uint64, n)
	rows[0] = []uint64{1}
	byXq := fl.NewMultiplier(xq, md)
	for i := 1; i < n; i++ {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		rows[i] = fl.MulModPrepared(rows[i-1], byXq)
	}
	return &wordFrobenius{rows: rows, n: n, p: w.p}, nil
}

// apply returns h^q mod g for h reduced modulo g, row by row so that the
// matrix is read in memory order.
func (fr *wordFrobenius) apply(h []uint64) []uint64 {
	return gfpoly.CombineRows(h, fr.rows, fr.n, fr.p)
}

// edf splits g, a monic product of distinct irreducibles of degree d, into
// them (Cantor–Zassenhaus; the trace map for p = 2). For odd p the half
// power a^((q^d−1)/2) is taken as N^((q−1)/2) with N = a·a^q·…·a^(q^(d−1)).
// Up to degree maxWordFrobenius, for d below composeConjugatesFrom, the
// powers a^(q^j) come from the Frobenius matrix of g (MCA §14.3), d
// matrix applications instead of d·log2 q modular squarings, and the
// pieces g splits into reuse that matrix, reducing its images modulo
// themselves; otherwise N, and for p = 2 the trace, come from about
// 2·log2 d modular compositions (conjugateFold).
func (w *wordFactorer) edf(ctx context.Context, rng *rand.Rand, g []uint64, d int) ([][]uint64, error) {
	var fr *wordFrobenius
	if w.p != 2 && d > 1 && d < composeConjugatesFrom && len(g)-1 > d && len(g)-1 <= maxWordFrobenius {
		var err error
		if fr, err = w.frobenius(ctx, w.fld.NewModulus(g)); err != nil {
			return nil, err
		}
	}
	return w.split(ctx, rng, g, d, fr)
}

func (w *wordFactorer) split(ctx context.Context, rng *rand.Rand, g []uint64, d int, fr *wordFrobenius) ([][]uint64, error) {
	fl := w.fld
	n := len(g) - 1
	if n <= d {
		return [][]uint64{g}, nil
	}
	half := new(big.Int).SetUint64((w.p - 1) / 2)
	composed := fr == nil && (w.p != 2 || d >= composeConjugatesFrom)
	var md *gfpoly.Modulus
	if composed || fr != nil {
		md = fl.NewModulus(g)
	}
	var chain *conjugateChain // g's, for every attempt
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		a := make([]uint64, n)
		for i := range a {
			a[i] = rng.Uint64N(w.p)
		}
		a = fl.Normalize(a)
		if len(a) < 2 {
			continue
		}
		// b is the trace of a for p = 2, its norm N otherwise.
		var b []uint64
		switch {
		case composed:
			if chain == nil {
				var err error
				if chain, err = w.newConjugateChain(ctx, md, d, conjugateAttempts); err != nil {
					return nil, err
				}
			}
			var err error
			if b, err = chain.fold(ctx, a, w.p == 2); err != nil {
				return nil, err
			}
		case w.p == 2:
			t, s := a, a
			for range d - 1 {
				t = fl.MulMod(t, t, g)
				s = fl.Add(s, t)
			}
			b = s
		default: // fr != nil
			t, norm := a, a
			for range d - 1 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				t = fl.RemBy(fr.apply(t), md)
				norm = fl.MulModBy(norm, t, md)
			}
			b = norm
		}
		if w.p != 2 {
			pw, err := fl.PowModContext(ctx, b, half, g)
			if err != nil {
				return nil, err
			}
			b = fl.Sub(pw, []uint64{1})
		}
		h, err := fl.GCDContext(ctx, b, g)
		if err != nil {
			return nil, err
		}
		if len(h) <= 1 || len(h) > n {
			continue
		}
		left, err := w.split(ctx, rng, h, d, fr)
		if err != nil {
			return nil, err
		}
		right, err := w.split(ctx, rng, fl.DivExact(g, h), d, fr)
		if err != nil {
			return nil, err
		}
		return append(left, right...), nil
	}
}

// composeConjugatesFrom is the degree d of the factors from which edf
// takes the conjugates of a by modular composition (conjugateFold), about
// 2·log2 d compositions of n² word products each, rather than by d
// applications of the Frobenius matrix (odd p) or d − 1 modular squarings
// (p = 2).
const composeConjugatesFrom = 64

// conjugateFold returns, for a reduced modulo the monic g of md, the
// product of its d conjugates a, a^q, …, a^(q^(d−1)) modulo g, or their
// sum (the trace) when sum is set: conjugateChain's fold for one residue.
// conjugatesByPowers is the reference the tests hold it to.
func (w *wordFactorer) conjugateFold(ctx context.Context, md *gfpoly.Modulus, a []uint64, d int, sum bool) ([]uint64, error) {
	c, err := w.newConjugateChain(ctx, md, d, 1)
	if err != nil {
		return nil, err
	}
	return c.fold(ctx, a, sum)
}

// conjugateAttempts is the number of residues a conjugateChain's tables
// are sized for in edf: a product of two factors splits at a residue
// with probability 1/2, so two attempts are expected, and more factors
// split sooner.
const conjugateAttempts = 2

// conjugateChain folds the d conjugates of residues modulo g by modular
// composition. With X_k = x^(q^k) mod g, the k-th power of the Frobenius
// map is h ↦ h^(q^k) = h(X_k) on GF(p)[x]/(g), so the fold F_k of the
// first k conjugates of a doubles as F_2k = F_k ∘ F_k(X_k) and steps as
// F_(k+1) = a ∘ F_k(X_1), ∘ the product or the sum, while X_2k = X_k(X_k)
// and X_(k+1) = X_k(X_1): d's bits from the top, a composition table at
// X_k for each doubling and one at X_1 for all the steps (von zur Gathen
// and Shoup, Computational Complexity 2 (1992), the iterated Frobenius
// and trace maps, Algorithms 5.2 and 5.3; MCA §14.3). The X_k and their
// tables depend on g and d alone: made once, they serve every residue
// edf tries, each fold then about log2 d + popcount(d) compositions.
type conjugateChain struct {
	fl     *gfpoly.Field
	md     *gfpoly.Modulus
	d      int
	byX1   *composer   // nil when d is a power of 2
	levels []*composer // the tables at the X_k doubled, d's bits from the second highest down
}

// newConjugateChain makes the chain for d ≥ 1 modulo md, its tables sized
// for folds residues.
func (w *wordFactorer) newConjugateChain(ctx context.Context, md *gfpoly.Modulus, d, folds int) (*conjugateChain, error) {
	fl := w.fld
	x1, err := fl.PowModContext(ctx, []uint64{0, 1}, w.q, md.Polynomial())
	if err != nil {
		return nil, err
	}
	top := bits.Len(uint(d)) - 1
	c := &conjugateChain{fl: fl, md: md, d: d}
	// The steps' compositions at X_1: the folds', and X's but at the last bit.
	steps := 0
	for j := top - 1; j >= 0; j-- {
		if d>>j&1 == 1 {
			steps += folds
			if j > 0 {
				steps++
			}
		}
	}
	if steps > 0 {
		if c.byX1, err = w.newComposer(ctx, x1, md, steps); err != nil {
			return nil, err
		}
	}
	xk := x1
	for j := top - 1; j >= 0; j-- {
		uses := folds
		if j > 0 {
			uses++
		}
		lc, err := w.newComposer(ctx, xk, md, uses)
		if err != nil {
			return nil, err
		}
		c.levels = append(c.levels, lc)
		if j == 0 {
			break
		}
		if xk, err = lc.compose(ctx, xk); err != nil {
			return nil, err
		}
		if d>>j&1 == 1 {
			if xk, err = c.byX1.compose(ctx, xk); err != nil {
				return nil, err
			}
		}
	}
	return c, nil
}

// fold returns the product of the d conjugates of a, reduced modulo g, or
// their sum when sum is set.
func (c *conjugateChain) fold(ctx context.Context, a []uint64, sum bool) ([]uint64, error) {
	fold := func(u, v []uint64) []uint64 {
		if sum {
			return c.fl.Add(u, v)
		}
		return c.fl.MulModBy(u, v, c.md)
	}
	acc := a
	top := bits.Len(uint(c.d)) - 1
	for i, lc := range c.levels {
		moved, err := lc.compose(ctx, acc)
		if err != nil {
			return nil, err
		}
		acc = fold(acc, moved)
		if c.d>>(top-1-i)&1 == 1 {
			if moved, err = c.byX1.compose(ctx, acc); err != nil {
				return nil, err
			}
			acc = fold(a, moved)
		}
	}
	return acc, nil
}

// irreducible is Rabin's test on words for the monic g of degree ≥ 1, kept
// apart from the factoring stages for the postcondition: x^(q^n) ≡ x and
// gcd(x^(q^(n/r)) − x, g) = 1 for every prime r dividing n = deg g. From
// degree composeRabinFrom on, the powers x^(q^m) mod g come from the
// iterated Frobenius map of von zur Gathen and Shoup (Computational
// Complexity 2 (1992), Algorithm 5.2; MCA Algorithm 14.26's use of
// modular composition), all of them in one pass (frobeniusPowers); below,
// and as the simple reference the tests hold it to, irreducibleByPowers.
func (w *wordFactorer) irreducible(ctx context.Context, g []uint64) (bool, error) {
	if len(g)-1 < composeRabinFrom {
		return w.irreducibleByPowers(ctx, g)
	}
	return w.irreducibleComposed(ctx, g)
}

// irreducibleComposed is Rabin's test with the powers x^(q^m) mod g by
// frobeniusPowers, for g of degree ≥ 2, x^(q^n) by r − 1 compositions at
// x^(q^(n/r)) for the least prime r dividing n when frobeniusCost finds
// that cheaper than a bit pass reaching n. Degree 4821 = 3·1607 over
// GF(2^64 − 59), a random polynomial, CPU time at GOMAXPROCS=1 on the
// shared machine, alternated with the bit pass to n: 4.7 and 5.2 s
// against 5.7 and 5.8 s (two compositions at x^(q^1607) in place of two
// more bit levels and five compositions).
func (w *wordFactorer) irreducibleComposed(ctx context.Context, g []uint64) (bool, error) {
	n := len(g) - 1
	fl := w.fld
	md := fl.NewModulus(g)
	x1, err := fl.PowModByContext(ctx, []uint64{0, 1}, w.q, md)
	if err != nil {
		return false, err
	}
	rs := primeDivisors(n)
	ms := make([]int, len(rs), len(rs)+1)
	for k, r := range rs {
		ms[k] = n / r
	}
	// x^(q^n) is x^(q^(n/r)) composed with itself r times for the least
	// prime r dividing n: r − 1 compositions at one table (lastWalk),
	// where the pass over the bits of n would take a composition for each
	// set bit of n but the lowest, and doublings to reach its top bit when
	// that is above n/r's.
	passCost := frobeniusCost(n, append(slices.Clone(ms), n))
	lastWalk := 0
	if r := rs[0]; r-1 <= maxRabinWalk {
		if c := frobeniusCost(n, ms) + walkCost(n, r-1); c < passCost {
			passCost, lastWalk = c, r-1
		}
	}
	{
		// The walk may start from any divisor of e = n/∏r.
		best, bestCost := 0, passCost
		for e := n / radical(rs); e >= 1; e-- {
			if n%(e*radical(rs)) != 0 || n/e-1 > maxRabinWalk {
				continue
			}
			if c, _ := walkPlan(n, e); c+walkCost(n, n/e-1) < bestCost {
				best, bestCost = e, c+walkCost(n, n/e-1)
			}
		}
		if best > 0 {
			return w.rabinWalk(ctx, md, x1, best, rs)
		}
	}
	if lastWalk == 0 {
		ms = append(ms, n)
	}
	core.ReportProgress(ctx, 0, 1, "Rabin's test: composed Frobenius powers x^(q^(n/r)) and x^(q^n) mod f")
	hs, err := w.frobeniusPowers(ctx, md, x1, ms)
	if err != nil {
		return false, err
	}
	if lastWalk > 0 {
		// rs[0] is the least prime r, so hs[0] = x^(q^(n/r)).
		c, err := w.newComposer(ctx, hs[0], md, lastWalk)
		if err != nil {
			return false, err
		}
		top := hs[0]
		for range lastWalk {
			if top, err = c.compose(ctx, top); err != nil {
				return false, err
			}
		}
		hs = append(hs, top)
	}
	x := []uint64{0, 1}
	for k := range rs {
		d, err := fl.GCDContext(ctx, fl.Sub(hs[k], x), g)
		if err != nil {
			return false, err
		}
		if len(d) > 1 {
			return false, nil
		}
	}
	return gfpoly.Equal(hs[len(rs)], x), nil
}

// maxRabinWalk bounds the compositions of rabinWalk's walk.
const maxRabinWalk = 64

// radical is the product of the primes rs.
func radical(rs []int) int {
	r := 1
	for _, x := range rs {
		r *= x
	}
	return r
}

// frobeniusCost counts the products modulo g of degree n that
// frobeniusPowers takes for the exponents ms: a composition table a bit
// of the largest, serving the doubling and the exponents with that bit
// set and lower ones too (composeCost), and the n² word products of each
// composition, about n/(11·log2 2n) products (see composeBabySteps).
func frobeniusCost(n int, ms []int) float64 {
	top := slices.Max(ms)
	perCompose := float64(n) / (11 * math.Log2(2*float64(n)))
	cost := 0.0
	for j := 0; 1<<j <= top; j++ {
		uses := 0
		if 1<<(j+1) <= top {
			uses++
		}
		for _, m := range ms {
			if m>>j&1 == 1 && m&(1<<j-1) != 0 {
				uses++
			}
		}
		if uses > 0 {
			_, _, c := composeCost(n, uses)
			cost += c + float64(uses)*perCompose
		}
	}
	return cost
}

// walkCost counts the products modulo g of degree n of a walk of uses
// compositions at one point: its table and compositions (composeCost)
// and their n² word products (as frobeniusCost counts them).
func walkCost(n, uses int) float64 {
	_, _, c := composeCost(n, uses)
	return c + float64(uses)*float64(n)/(11*math.Log2(2*float64(n)))
}

// walkPlan returns the least count of products modulo g of degree n to
// reach H_e from H_1 and how: chain nil for frobeniusPowers' bit pass,
// or factors k_1, k_2, … of e, each a walk of k − 1 compositions at
// the last point (H_m to H_(k·m)), when that is cheaper: 48 = 2^4·3 as
// four doublings and a walk of two at H_16 instead of six bit levels.
func walkPlan(n, e int) (float64, []int) {
	if e == 1 {
		return 0, nil
	}
	memo := map[int]float64{1: 0}
	next := map[int]int{}
	var cost func(m int) float64
	cost = func(m int) float64 {
		if c, ok := memo[m]; ok {
			return c
		}
		best := math.Inf(1)
		for k := 2; k <= m && k-1 <= maxRabinWalk; k++ {
			if m%k == 0 {
				if c := cost(m/k) + walkCost(n, k-1); c < best {
					best, next[m] = c, k
				}
			}
		}
		memo[m] = best
		return best
	}
	bits := frobeniusCost(n, []int{e})
	if c := cost(e); c < bits {
		var chain []int
		for m := e; m > 1; m /= next[m] {
			chain = append(chain, next[m])
		}
		slices.Reverse(chain)
		return c, chain
	}
	return bits, nil
}

// rabinWalk is Rabin's test for g of degree n with prime divisors rs
// by a walk: every exponent n/r, and n, is a multiple of
// any divisor e of n/∏r, so with H_e (walkPlan), one composition table
// at H_e gives H_(i·e) = H_((i−1)e)(H_e) for i up to n/e, n/e − 1
// compositions at one point, instead of one more bit pass for the
// exponents. At degree 288 = 2^5·3^2 (e = 48): five compositions at H_48
// instead of the compositions for 96 and 144 and a table for 288.
func (w *wordFactorer) rabinWalk(ctx context.Context, md *gfpoly.Modulus, x1 []uint64, e int, rs []int) (bool, error) {
	fl := w.fld
	g := md.Polynomial()
	n := len(g) - 1
	core.ReportProgress(ctx, 0, 1, "Rabin's test: composed Frobenius powers x^(q^(n/r)) and x^(q^n) mod f")
	h := x1
	if _, chain := walkPlan(n, e); chain == nil && e > 1 {
		hs, err := w.frobeniusPowers(ctx, md, x1, []int{e})
		if err != nil {
			return false, err
		}
		h = hs[0]
	} else {
		for _, k := range chain {
			c, err := w.newComposer(ctx, h, md, k-1)
			if err != nil {
				return false, err
			}
			step := h
			for range k - 1 {
				if step, err = c.compose(ctx, step); err != nil {
					return false, err
				}
			}
			h = step
		}
	}
	c, err := w.newComposer(ctx, h, md, n/e-1)
	if err != nil {
		return false, err
	}
	x := []uint64{0, 1}
	for i := 1; ; i++ {
		for _, r := range rs {
			if n/r == i*e {
				d, err := fl.GCDContext(ctx, fl.Sub(h, x), g)
				if err != nil {
					return false, err
				}
				if len(d) > 1 {
					return false, nil
				}
			}
		}
		if i*e == n {
			return gfpoly.Equal(h, x), nil
		}
		if h, err = c.compose(ctx, h); err != nil {
			return false, err
		}
	}
}

// composeRabinFrom is the degree from which irreducible composes
// Frobenius powers instead of stepping them one powering at a time: from
// degree 2 on over GF(10007), CPU time on the shared machine, 11 µs
// against 37 µs at degree 4, 466 µs against 3.4 ms at degree 31.
const composeRabinFrom = 2

// frobeniusPowers returns x^(q^m) mod g for each m ≥ 1 of ms, given x1 =
// x^q mod g. Write H_m = x^(q^m) mod g; H_a(H_b) = H_(a+b), since the
// coefficients are fixed by the q-th power. The pass walks the bits j of
// the exponents once: P_j = H_(2^j), P_(j+1) = P_j(P_j), and every H_m
// whose bit j is set is composed once more at P_j, so one Brent–Kung
// table at P_j (sized for all its uses) serves the doubling and every
// exponent, instead of one chain of compositions per exponent.
func (w *wordFactorer) frobeniusPowers(ctx context.Context, md *gfpoly.Modulus, x1 []uint64, ms []int) ([][]uint64, error) {
	out := make([][]uint64, len(ms))
	top := slices.Max(ms)
	P := x1
	for j := 0; 1<<j <= top; j++ {
		next := 1<<(j+1) <= top
		uses := 0
		if next {
			uses++
		}
		for _, m := range ms {
			if m>>j&1 == 1 && m&(1<<j-1) != 0 {
				uses++
			}
		}
		var c *composer
		if uses > 0 {
			var err error
			if c, err = w.newComposer(ctx, P, md, uses); err != nil {
				return nil, err
			}
		}
		for i, m := range ms {
			if m>>j&1 == 0 {
				continue
			}
			if m&(1<<j-1) == 0 {
				out[i] = P
				continue
			}
			var err error
			if out[i], err = c.compose(ctx, out[i]); err != nil {
				return nil, err
			}
		}
		if next {
			var err error
			if P, err = c.compose(ctx, P); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// irreducibleByPowers is Rabin's test with x^(q^i) mod g for i = 1, …, n,
// each the q-th power of the last.
func (w *wordFactorer) irreducibleByPowers(ctx context.Context, g []uint64) (bool, error) {
	fl := w.fld
	n := len(g) - 1
	if n == 1 {
		return true, nil
	}
	checkAt := map[int]bool{}
	for _, r := range primeDivisors(n) {
		checkAt[n/r] = true
	}
	x := []uint64{0, 1}
	h := x
	for i := 1; i <= n; i++ {
		core.ReportProgress(ctx, float64(i), float64(n), "Rabin's test: x^(q^i) mod f")
		var err error
		if h, err = fl.PowModContext(ctx, h, w.q, g); err != nil {
			return false, err
		}
		if checkAt[i] {
			d, err := fl.GCDContext(ctx, fl.Sub(h, x), g)
			if err != nil {
				return false, err
			}
			if len(d) > 1 {
				return false, nil
			}
		}
	}
	return gfpoly.Equal(h, x), nil
}

// bsgsFrom is the degree from which the word distinct-degree
// factorization takes the baby-step giant-step method instead of one
// Frobenius step at a time.
const bsgsFrom = 300

// ddfBSGS is the distinct-degree factorization of von zur Gathen and
// Shoup (Computational Complexity 2 (1992), §4, in the form of Kaltofen
// and Shoup, Math. Comp. 67 (1998), §2.2) for the monic
// square-free g of degree n. With l = ⌈√(n/2)⌉, the baby steps are
// h_j = x^(q^j) mod g for j < l, and the giant steps H_i = x^(q^(li)), each
// from the last by modular composition, H_(i+1) = H_i(H_1) mod g (the
// coefficients are in GF(q), so raising to q^l commutes with them). The
// product ∏_j (H_i − h_j) mod g is divisible by exactly the factors whose
// degree lies in (l(i−1), li], and one gcd per giant step finds them; the
// gcds with H_i − h_j for j = l − 1 down to 0 then sort them by degree
// li − j. About √(2n) compositions and n/2 products modulo g replace the
// n/2 Frobenius steps of ddf.
func (w *wordFactorer) ddfBSGS(ctx context.Context, g []uint64) ([]wordPart, error) {
	fl := w.fld
	var out []wordPart
	n := len(g) - 1
	l := 1
	for 2*l*l < n {
		l++
	}
	md := fl.NewModulus(g)
	baby := make([][]uint64, l)
	baby[0] = []uint64{0, 1}
	h := baby[0]
	// Each baby step is a powering to the power q, some 2.5·log2 q
	// products modulo g, or a composition with x^q (h_(j+1) = h_j(x^q)): with one
	// Brent–Kung table for all l of them, about 2·√(nl) products modulo g
	// in all and n² word products a step (composeBabySteps).
	composeBaby := composeBabySteps(n, l, w.q)
	var frob *composer
	for j := 1; j <= l; j++ {
		var err error
		switch {
		case frob != nil:
			h, err = frob.compose(ctx, h)
		default:
			h, err = fl.PowModByContext(ctx, h, w.q, md)
			if err == nil && composeBaby {
				frob, err = w.newComposer(ctx, h, md, l)
			}
		}
		if err != nil {
			return nil, err
		}
		if j < l {
			baby[j] = h
		}
	}
	giant1 := h
	// lastGiant is the last giant step while what is left of g has
	// degree d: the loop below stops once 2(l(i − 1) + 1) > d. The giant
	// steps' composer is sized for the compositions that remain, one
	// fewer than the steps, as the last step needs no successor.
	lastGiant := func(d int) int { return (d/2-1)/l + 1 }
	comp, err := w.newComposer(ctx, giant1, md, lastGiant(n)-1)
	if err != nil {
		return nil, err
	}
	// The products are taken modulo md, the g of the last rebuild, which
	// what is left of g divides; the baby steps are prepared for it, so
	// that each factor H − h_j costs no transform of its own.
	prepareBaby := func() []*gfpoly.Multiplier {
		mus := make([]*gfpoly.Multiplier, l)
		for j, b := range baby {
			mus[j] = fl.NewMultiplier(b, md)
		}
		return mus
	}
	babyMu := prepareBaby()
	// The interval products by groups of baby steps when that is cheaper
	// for the giant steps the composer is sized for (intervalGroups).
	var groups *intervalGroups
	s := groupSize(n, l, lastGiant(n))
	if w.groups > 0 {
		s = w.groups
	}
	if s > 0 {
		groups = newIntervalGroups(fl, md, babyMu, s)
	}
	// The gcds are shared by ddfGiantBatch giant steps (Shoup's blocking
	// again, J. Symb. Comp. 20 (1995), §3): one gcd of the batch's
	// combined product with g, and only when it is not 1 the gcds that
	// sort it by giant step and then by degree. Until a batch is done g
	// may still hold factors it has passed, so the loop may run a giant
	// step or two longer; when it stops, every factor of degree ≤ l·i is
	// out and what is left has no two factors of degree > l·i.
	type giantStep struct {
		i          int
		H, product []uint64
	}
	var batch []giantStep
	combined := []uint64{1}
	// sortSteps sorts G, whose factors have degrees in (l(i − 1), li], by
	// the baby steps j in [lo, hi): a factor of degree li − j divides
	// H − h_j, and one of a degree dividing li − j, smaller, belongs to a
	// larger j. The larger half of the steps first, the gcd of G with
	// the product of their differences modulo G; at one step what is
	// left has the degree li − j. About log2 l gcds at the degree of G
	// and l·log2 l products modulo its pieces where a scan of the steps
	// took up to l gcds (3.9 s of the factorization of a product of two
	// irreducibles of degree 5,000 over GF(2^64 − 95), 30 gcds).
	var sortSteps func(H, G []uint64, i, lo, hi int) error
	sortSteps = func(H, G []uint64, i, lo, hi int) error {
		if len(G) <= 1 {
			return nil
		}
		if hi-lo == 1 {
			out = append(out, wordPart{G, l*i - lo})
			g = fl.DivExact(g, G)
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		mid := (lo + hi) / 2
		mg := fl.NewModulus(G)
		H = fl.RemBy(H, mg)
		P := []uint64{1}
		for j := mid; j < hi; j++ {
			P = fl.MulModBy(P, fl.RemBy(fl.Sub(H, baby[j]), mg), mg)
		}
		upper, err := fl.GCDContext(ctx, P, G)
		if err != nil {
			return err
		}
		if err := sortSteps(H, upper, i, mid, hi); err != nil {
			return err
		}
		return sortSteps(H, fl.DivExact(G, upper), i, lo, mid)
	}
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		G, err := fl.GCDContext(ctx, combined, g)
		if err != nil {
			return err
		}
		for _, st := range batch {
			if len(G) <= 1 {
				break
			}
			Gi, err := fl.GCDContext(ctx, fl.Rem(st.product, G), G)
			if err != nil {
				return err
			}
			G = fl.DivExact(G, Gi)
			// Gi's factors have degrees in (l(i − 1), li]: below twice
			// the least of them there is room for only one, so that Gi
			// is irreducible and the gcds that sort it are not needed.
			if d := len(Gi) - 1; d > 0 && d < 2*(l*(st.i-1)+1) {
				out = append(out, wordPart{Gi, d})
				g = fl.DivExact(g, Gi)
				continue
			}
			if err := sortSteps(st.H, Gi, st.i, 0, l); err != nil {
				return err
			}
		}
		batch, combined = batch[:0], []uint64{1}
		return nil
	}
	H := giant1
	for i := 1; 2*(l*(i-1)+1) <= len(g)-1; i++ {
		core.ReportProgress(ctx, float64(2*l*i), float64(len(g)-1), "distinct-degree factorization (baby-step giant-step)")
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if d := len(g) - 1; d > 64 && (3*d < 2*comp.n || w.rebuildPays(comp.n, d, l, lastGiant(d)-i)) {
			// What is left of g has shrunk by a third, or enough to
			// make its products cheaper than the rebuild: work modulo
			// it.
			w.rebuilds++
			md = fl.NewModulus(g)
			giant1, H = fl.RemBy(giant1, md), fl.RemBy(H, md)
			for j := range baby {
				baby[j] = fl.RemBy(baby[j], md)
			}
			if comp, err = w.newComposer(ctx, giant1, md, lastGiant(len(g)-1)-i); err != nil {
				return nil, err
			}
			babyMu = prepareBaby()
			if groups != nil {
				groups.rebase(fl, md)
			}
		}
		// The next giant step H(H_1) does not depend on this one's
		// interval product: from degree composeParallelFrom on, with two
		// cores, they are taken side by side, each some hundreds of
		// products modulo g, pieces coarser than the halves inside each
		// (which then run in turn unless the other core is idle). The
		// next step is wasted when the gcd below leaves too little of g
		// to need it.
		more := 2*(l*i+1) <= len(g)-1
		var next []uint64
		interval := func() error {
			two := len(g)-1 >= composeParallelFrom
			var product []uint64
			if groups != nil {
				product = groups.product(fl, md, fl.NewMultiplier(H, md), two)
			} else {
				product = intervalProduct(fl, md, fl.NewMultiplier(H, md), babyMu, two)
			}
			batch = append(batch, giantStep{i, H, product})
			combined = fl.MulModBy(combined, product, md)
			return nil
		}
		step := func() (err error) {
			if more {
				next, err = comp.compose(ctx, H)
			}
			return err
		}
		if more && len(g)-1 >= composeParallelFrom && parallel.Worth() {
			err = both(interval, step)
		} else if err = interval(); err == nil {
			err = step()
		}
		if err != nil {
			return nil, err
		}
		if len(batch) == ddfGiantBatch || i == 1 {
			if err := flush(); err != nil {
				return nil, err
			}
		}
		if !more || 2*(l*i+1) > len(g)-1 {
			break
		}
		H = next
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(g) > 1 {
		out = append(out, wordPart{g, len(g) - 1})
	}
	return out, nil
}

// intervalProduct returns ∏_j (H − h_j) mod g for the prepared giant
// step H and baby steps h_j, with two cores in two halves multiplied at
// the end when two is set.
func intervalProduct(fl *gfpoly.Field, md *gfpoly.Modulus, byH *gfpoly.Multiplier, baby []*gfpoly.Multiplier, two bool) []uint64 {
	run := func(bs []*gfpoly.Multiplier) []uint64 {
		// One slice for the running product, the whole way.
		product := append(make([]uint64, 0, len(md.Polynomial())), 1)
		for _, b := range bs {
			product = fl.MulModDifferenceTo(product, product, byH, b)
		}
		return product
	}
	if !two || len(baby) < 4 || !parallel.Worth() {
		return run(baby)
	}
	var lo, hi []uint64
	both(func() error { lo = run(baby[:len(baby)/2]); return nil }, func() error { hi = run(baby[len(baby)/2:]); return nil })
	return fl.MulModBy(lo, hi, md)
}

// intervalGroups holds the baby steps of ddfBSGS in groups for interval
// products by evaluation. With Q_k(Y) = ∏_(j in group k) (Y − h_j) =
// Y^s_k + Σ_(v<s_k) c_(k,v)·Y^v, a polynomial over GF(q)[x]/(g) whose
// coefficients are computed once (about s/2 products modulo g a baby
// step), the interval product is ∏_k Q_k(H): the powers H, …, H^s (s − 1
// products), each transformed once for all groups (a Combination), then
// a group's inner sum Σ_v c_(k,v)·H^v is pointwise products of kept
// transforms and one reduction (gfpoly.InnerProduct), and the groups'
// values are multiplied together, one unprepared product each. That is
// about 2s + 4·l/s products' worth a giant step where the differences
// H − h_j take l products (Kaltofen and Shoup, Math. Comp. 67 (1998),
// §2.2, evaluate the same interval polynomials; the grouping is the
// baby-step giant-step evaluation of a polynomial at a residue, MCA
// §12.2, with the polynomial's coefficients residues themselves).
type intervalGroups struct {
	s     int
	sizes []int        // s_k: s, the last group fewer when s does not divide l
	low   [][]uint64   // c_(k,0)
	coefs [][][]uint64 // c_(k,1), …, c_(k,s_k−1)
	comb  []*gfpoly.Combination
}

// newIntervalGroups builds the groups of s baby steps, given prepared
// modulo md, multiplying Q_k by one Y − h_j at a time.
func newIntervalGroups(fl *gfpoly.Field, md *gfpoly.Modulus, baby []*gfpoly.Multiplier, s int) *intervalGroups {
	ig := &intervalGroups{s: s}
	for lo := 0; lo < len(baby); lo += s {
		hi := min(len(baby), lo+s)
		// c holds the coefficients below Q's leading 1.
		c := [][]uint64{fl.Neg(baby[lo].Residue())}
		for j := lo + 1; j < hi; j++ {
			d := len(c)
			next := make([][]uint64, d+1)
			next[0] = fl.Neg(fl.MulModPrepared(c[0], baby[j]))
			for v := 1; v < d; v++ {
				next[v] = fl.Sub(c[v-1], fl.MulModPrepared(c[v], baby[j]))
			}
			next[d] = fl.Sub(c[d-1], baby[j].Residue())
			c = next
		}
		ig.sizes = append(ig.sizes, hi-lo)
		ig.low = append(ig.low, c[0])
		ig.coefs = append(ig.coefs, c[1:])
	}
	ig.rebase(fl, md)
	return ig
}

// rebase reduces the groups' coefficients modulo md, which divides the
// modulus they were computed for, and prepares them for it.
func (ig *intervalGroups) rebase(fl *gfpoly.Field, md *gfpoly.Modulus) {
	ig.comb = make([]*gfpoly.Combination, len(ig.coefs))
	for k := range ig.coefs {
		ig.low[k] = fl.RemBy(ig.low[k], md)
		ig.comb[k] = fl.NewCombination(ig.coefs[k], md)
	}
}

// product returns ∏_j (H − h_j) mod md as ∏_k Q_k(H), the groups in two
// halves on two cores when two is set.
func (ig *intervalGroups) product(fl *gfpoly.Field, md *gfpoly.Modulus, byH *gfpoly.Multiplier, two bool) []uint64 {
	pw := make([][]uint64, ig.s+1)
	pw[1] = byH.Residue()
	for v := 2; v <= ig.s; v++ {
		pw[v] = fl.MulModPrepared(pw[v-1], byH)
	}
	powers := fl.NewCombination(pw[1:ig.s], md) // H, …, H^(s−1)
	value := func(k int) []uint64 {
		// Σ_(1≤v<s_k) c_(k,v)·H^v + c_(k,0) + H^(s_k).
		v := fl.InnerProduct(powers, ig.comb[k])
		return fl.Add(fl.Add(v, ig.low[k]), pw[ig.sizes[k]])
	}
	run := func(lo, hi int) []uint64 {
		acc := value(lo)
		for k := lo + 1; k < hi; k++ {
			acc = fl.MulModBy(acc, value(k), md)
		}
		return acc
	}
	if !two || len(ig.sizes) < 4 || !parallel.Worth() {
		return run(0, len(ig.sizes))
	}
	h := len(ig.sizes) / 2
	var lo, hi []uint64
	both(func() error { lo = run(0, h); return nil }, func() error { hi = run(h, len(ig.sizes)); return nil })
	return fl.MulModBy(lo, hi, md)
}

// groupSize returns the group size s of intervalGroups for l baby steps
// modulo a polynomial of degree n and about steps giant steps, or 0 when
// the differences H − h_j, l prepared products a step, cost less. Counted
// in transform work (gfpoly.PreparedProductCost, gfpoly.ProductCosts):
// the groups' polynomials once, Σ_k s_k(s_k − 1)/2 prepared products and
// l − 1 terms prepared; a step s − 1 prepared products for the powers
// and s − 1 terms prepared, then for each group a sum and, but for the
// first, an unprepared product.
func groupSize(n, l, steps int) int {
	prepared := gfpoly.PreparedProductCost(n)
	term, sum, product := gfpoly.ProductCosts(n)
	best, bestCost := 0, float64(steps)*float64(l)*prepared
	for s := 2; s <= l; s++ {
		groups := (l + s - 1) / s
		once := 0.0
		for k := range groups {
			sk := min(s, l-k*s)
			once += float64(sk*(sk-1)/2)*prepared + float64(sk-1)*term
		}
		each := float64(s-1)*(prepared+term) + float64(groups)*sum + float64(groups-1)*product
		if c := once + float64(steps)*each; c < bestCost {
			best, bestCost = s, c
		}
	}
	return best
}

// rebuildPays reports whether ddfBSGS, working modulo a divisor of
// degree old with what is left of g of degree d < old and about steps
// giant steps to go, spends less by working modulo g from now on: the
// rebuild (the Modulus, the l baby steps reduced and prepared again,
// the giant steps' composition table for the steps left) against each
// step's l interval products, composition products and n² word products
// at both degrees. The products' cost falls in steps, not with n
// (gfpoly.PreparedProductCost): from 10,000 to 8112 it drops by 40%, as
// the quotient no longer needs the split length's correction and the
// remainder's transforms halve, where the shrink-by-a-third rule waits
// for 6666. Counted in transform words (L·log2 L a transform, on the
// gfpoly.PreparedPrimes of the modulus), about 1 ns each on the shared machine, and
// word products weighed as composeWeight at 0.55 ns each.
func (w *wordFactorer) rebuildPays(old, d, l, steps int) bool {
	if steps < 1 || d >= old {
		return false
	}
	pBits := bits.Len64(w.p)
	product := func(n int) float64 {
		return float64(gfpoly.PreparedPrimes(n, w.p)) * gfpoly.PreparedProductCost(n)
	}
	words := func(n int) float64 { return float64(n) * float64(n) * composeWeight(pBits, n) / 2 }
	fs, fl := float64(steps), float64(l)
	_, eachOld := composeShares(old, steps)
	table, eachNew := composeShares(d, steps)
	keep := fs * ((fl+eachOld)*product(old) + words(old))
	rebuild := (2*fl+6+table)*product(d) + fs*((fl+eachNew)*product(d)+words(d))
	return rebuild < keep
}

// composeShares splits composeCost's count into the table's products
// and each composition's.
func composeShares(n, uses int) (table, each float64) {
	sum, t, _ := composeCost(n, uses)
	fn, ft := float64(n), float64(t)
	k := math.Ceil(fn / ft)
	if sum {
		return ft + 4*k/3, k/3 + 4.0/3
	}
	return ft, k
}

// ddfGiantBatch is the number of giant steps of ddfBSGS that share one
// gcd with what is left of g (the first giant step has its own, as it
// finds the many small factors).
const ddfGiantBatch = 4

// composeBabySteps reports whether l baby steps modulo a polynomial of
// degree n over GF(q) are cheaper as compositions with x^q than as
// powerings. Counted in products by a prepared Multiplier: a composition
// table and its Horner steps are 2·√(nl) of them, and each of the l
// compositions adds n² word products, about n/(11·log2 2n) of them while
// their sums fit a word and n/(17·log2 2n) beyond, where a product takes
// two or three transform primes and a word product of gfpoly.Columns
// 1.3 to 2 times as long (0.71 ns for p = 2^31 − 1, 1.08 ns for
// 2^61 − 1, against 0.55 ns in one word); a powering is log2 q squarings,
// each an unprepared product and its reduction of about twice the cost,
// and a prepared product for each bit set in q. Over GF(10007) at n =
// 2000 (CPU time on the shared machine): 130–160 µs a prepared product,
// 245–285 µs an unprepared one, 44–57 µs for 45 rows of CombineRows. With
// 1.5·log2 q and n/(24·log2 2n), the weights before, degree 2000 over
// GF(10007) powered its 32 baby steps, for some 6% more CPU time in all
// (1.74 against 1.63 s, go test -bench 'Factorization/q=10007/n=2000$'
// -benchtime 3x with GOMAXPROCS=1, the least of three).
func composeBabySteps(n, l int, q *big.Int) bool {
	fn, fl := float64(n), float64(l)
	qBits := q.BitLen()
	words := 11.0
	if 2*qBits+bits.Len(uint(n)) > 64 {
		words = 17
	}
	ones := 0
	for _, w := range q.Bits() {
		ones += bits.OnesCount(uint(w))
	}
	compose := 2*math.Sqrt(fn*fl) + fl*fn/(words*math.Log2(2*fn))
	return compose < float64(2*qBits+ones)*fl
}

// composer evaluates polynomials at a fixed residue a modulo g by the
// method of Brent and Kung (J. ACM 25 (1978), Algorithm 2.1; MCA §12.2):
// with the powers a^0, …, a^t mod g computed once, f(a) = Σ_k
// F_k(a)·(a^t)^k for the chunks F_k of t coefficients of f; the inner sums
// are one product of a (n/t)×t by a t×n matrix, n² word products whatever
// t (gfpoly.Columns: dot products by columns, reduced once, beyond one-word
// sums), and the outer sum is Horner's rule, n/t products modulo g. For uses
// compositions at the same a, t = √(n·uses) balances the t products of
// the powers against the uses·n/t of Horner's rule (Brent and Kung take
// t = √n for one use).
//
// From degree composeParallelFrom on, with two cores, the work is shared
// by two goroutines: the powers as two chains a^(2i) and a^(2i+1), each
// stepping by a^2, and a composition as two Horner chains, the chunks
// below split and those from split on, the second shifted by far =
// (a^t)^split at the end, one product modulo g more for half the work.
//
// When one table serves many compositions, the outer sum is instead taken
// whole (gfpoly.LinearCombination) with the giant powers (a^t)^k, k <
// n/t, prepared once: a composition then costs n/t forward transforms
// and one product modulo g's worth, about a third of Horner's rule's n/t
// products, for n/t more products in the table (sumCheaper). With two
// cores the chunks are then summed in two halves, one a goroutine, each
// reduced on its own.
type composer struct {
	fl     *gfpoly.Field
	md     *gfpoly.Modulus
	powers *gfpoly.Columns     // a^0 … a^(t−1)
	top    *gfpoly.Multiplier  // a^t
	split  int                 // 0 when compositions run on one goroutine
	far    *gfpoly.Multiplier  // (a^t)^split
	giant  *gfpoly.Combination // (a^t)^k for 1 ≤ k < ⌈n/t⌉, or nil for Horner's rule
	two    bool                // the giant powers' sums in two halves, one a goroutine
	// outer is (a^t)^v for 1 ≤ v < s and outerTop (a^t)^s, for Horner's
	// rule over groups of s values (horner, outerGroup); nil for plain
	// Horner's rule.
	outer    *gfpoly.Combination
	outerTop *gfpoly.Multiplier
	s        int
	t, n     int
	p        uint64
}

// sumCheaper reports whether uses compositions modulo a polynomial of
// degree n are cheaper with the giant powers kept (composer.giant) than
// by Horner's rule, and the table size t for the cheaper. Counted in
// products modulo g, with a forward transform a third of one (a product
// is two long and two short transforms): by Horner's rule t products
// for the table and uses·n/t for the compositions, least at t = √(n·uses);
// with the giant powers t + 4/3·n/t for the table and its giant powers
// with their transforms, and uses·(n/(3t) + 4/3) for the compositions,
// least at t = √(n·(4 + uses)/3). The n² word products of a composition
// are the same either way. At degree 500 and 16 uses, 179 against 137.
func sumCheaper(n, uses int) (bool, int) {
	sum, t, _ := composeCost(n, uses)
	return sum, t
}

// composeCost is sumCheaper's count with its cost: the products modulo
// g of a composition table serving uses compositions, and of the
// compositions, by the cheaper way.
func composeCost(n, uses int) (sum bool, t int, cost float64) {
	fn, fu := float64(n), float64(max(uses, 1))
	th := math.Ceil(math.Sqrt(fn * fu))
	horner := th + fu*math.Ceil(fn/th)
	ts := math.Ceil(math.Sqrt(fn * (4 + fu) / 3))
	k := math.Ceil(fn / ts)
	byGiant := ts + 4*k/3 + fu*(k/3+4.0/3)
	if byGiant < horner {
		return true, int(min(ts, fn)), byGiant
	}
	return false, int(min(th, fn)), horner
}

// powerBlock and powerBlocksFrom: a composer's table of t ≥
// powerBlocksFrom powers takes them in blocks, a^(j+1), …, a^(j+4) from
// a^j by the prepared a, …, a^4 (gfpoly.MulModPreparedMany), so that
// a^j's transforms serve four products: each product after the first
// saves the forward transform of a^j, about a fifth of a product (one of
// four transforms and one of the split quotient's two short ones), for
// three Multipliers prepared once, about four products' worth. That
// pays from about 24 powers.
const (
	powerBlock      = 4
	powerBlocksFrom = 32
)

// composeParallelFrom is the degree of g from which a composer, and the
// interval products of ddfBSGS, share their work between two goroutines.
// Wall time on the two shared cores at load averages of 3 to 10 is a
// coin toss from run to run; the least of 3 to 6 runs, two goroutines
// against one: degree 2000 over GF(10007), the factorization alone, 312
// against 459 ms at load 5 and 566 against 510 ms at load 4; through
// the catalog with its postcondition, 483 against 686 ms. At degree 500
// they lost more often than not (55 against 37 ms, 62 against 45 ms;
// won 23.5 against 26.3 ms), so below 1000 the work stays on one.
const composeParallelFrom = 1000

func (w *wordFactorer) newComposer(ctx context.Context, a []uint64, md *gfpoly.Modulus, uses int) (*composer, error) {
	fl := w.fld
	n := len(md.Polynomial()) - 1
	two := n >= composeParallelFrom && parallel.Worth()
	sum, t := sumCheaper(n, uses)
	c := &composer{fl: fl, md: md, t: t, n: n, p: w.p, two: two && sum}
	two = two && t >= 4
	all := make([][]uint64, t+1) // a^0 … a^t
	all[0] = fl.RemBy([]uint64{1}, md)
	byA := fl.NewMultiplier(a, md)
	all[1] = byA.Residue()
	if t >= powerBlocksFrom {
		// Blocks: a^(j+1), …, a^(j+k) from a^j, sharing its transforms.
		mus := []*gfpoly.Multiplier{byA}
		for j := 2; j <= powerBlock; j++ {
			all[j] = fl.MulModPrepared(all[j-1], byA)
			mus = append(mus, fl.NewMultiplier(all[j], md))
		}
		for j := powerBlock; j < t; j += powerBlock {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			copy(all[j+1:], fl.MulModPreparedMany(all[j], mus[:min(powerBlock, t-j)], two))
		}
	} else if !two {
		for j := 2; j <= t; j++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			all[j] = fl.MulModPrepared(all[j-1], byA)
		}
	} else {
		all[2] = fl.MulModPrepared(all[1], byA)
		by2 := fl.NewMultiplier(all[2], md)
		chain := func(from int) error {
			for j := from; j <= t; j += 2 {
				if err := ctx.Err(); err != nil {
					return err
				}
				all[j] = fl.MulModPrepared(all[j-2], by2)
			}
			return nil
		}
		if err := both(func() error { return chain(3) }, func() error { return chain(4) }); err != nil {
			return nil, err
		}
	}
	c.powers = gfpoly.NewColumns(all[:t], n, w.p)
	c.top = fl.NewMultiplier(all[t], md)
	if chunks := (n + t - 1) / t; sum && chunks >= 2 {
		giant := make([][]uint64, chunks-1)
		giant[0] = all[t]
		for k := 1; k < len(giant); k++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			giant[k] = fl.MulModPrepared(giant[k-1], c.top)
		}
		c.giant = fl.NewCombination(giant, md)
	}
	if chunks := (n + t - 1) / t; two && !sum && chunks >= 2 {
		c.split = (chunks + 1) / 2
		far, err := fl.PowModByContext(ctx, all[t], big.NewInt(int64(c.split)), md)
		if err != nil {
			return nil, err
		}
		c.far = fl.NewMultiplier(far, md)
	}
	if chunks := (n + t - 1) / t; !sum {
		if c.split > 0 {
			chunks = c.split
		}
		if s := outerGroup(n, chunks, uses); s > 0 {
			// The powers (a^t)^v, v < s, as terms, and (a^t)^s.
			pw := make([][]uint64, s+1)
			pw[1] = all[t]
			for v := 2; v <= s; v++ {
				pw[v] = fl.MulModPrepared(pw[v-1], c.top)
			}
			c.outer = fl.NewCombination(pw[1:s], md)
			c.outerTop = fl.NewMultiplier(pw[s], md)
			c.s = s
		}
	}
	return c, nil
}

// outerGroup returns the group size s for Horner's rule over chunks
// values in groups (composer.horner), or 0 when plain Horner's rule is
// cheaper for uses compositions modulo a polynomial of degree n. Counted
// in transform work (gfpoly.PreparedProductCost, gfpoly.ProductCosts):
// the powers (a^t)^2, …, (a^t)^s, s − 1 terms and a Multiplier (about
// two terms' worth) once; a composition then takes for each of its
// ⌈chunks/s⌉ groups a sum and a product by (a^t)^s, and each value but
// the groups' first as a term, against chunks products.
func outerGroup(n, chunks, uses int) int {
	prepared := gfpoly.PreparedProductCost(n)
	term, sum, _ := gfpoly.ProductCosts(n)
	fu := float64(max(uses, 1))
	best, bestCost := 0, fu*float64(chunks)*prepared
	for s := 2; s < chunks; s++ {
		groups := (chunks + s - 1) / s
		once := float64(s-1)*(prepared+term) + 2*term
		each := float64(chunks-groups)*term + float64(groups)*(sum+prepared)
		if c := once + fu*each; c < bestCost {
			best, bestCost = s, c
		}
	}
	return best
}

// both runs f and g, g on the spare core when there is one
// (core/parallel), and returns the first of their errors.
func both(f, g func() error) error {
	var errF, errG error
	parallel.Do(func() { errF = f() }, func() { errG = g() })
	if errF != nil {
		return errF
	}
	return errG
}

// compose returns f(a) mod g for f reduced modulo g.
func (c *composer) compose(ctx context.Context, f []uint64) ([]uint64, error) {
	chunks := make([][]uint64, (len(f)+c.t-1)/c.t)
	for k := range chunks {
		chunks[k] = c.powers.Chunk(f[k*c.t : min(len(f), (k+1)*c.t)])
	}
	if c.giant != nil && len(chunks) >= 2 && len(chunks)-1 <= c.giant.Len() {
		if !c.two || len(chunks) < 4 {
			values := c.powers.Combine(chunks)
			return c.fl.Add(values[0], c.fl.LinearCombination(values[1:], c.giant)), nil
		}
		// Two halves of the chunks, each summed and reduced on its own
		// goroutine: one reduction more for half the transforms each.
		h := len(chunks) / 2
		var lo, hi []uint64
		both(func() error {
			values := c.powers.Combine(chunks[:h])
			lo = c.fl.Add(values[0], c.fl.LinearCombination(values[1:], c.giant))
			return nil
		}, func() error {
			cs := make([][]uint64, len(chunks)-1)
			copy(cs[h-1:], c.powers.Combine(chunks[h:]))
			hi = c.fl.LinearCombination(cs, c.giant)
			return nil
		})
		return c.fl.Add(lo, hi), nil
	}
	if c.split == 0 || len(chunks) <= c.split {
		return c.horner(ctx, c.powers.Combine(chunks))
	}
	var lo, hi []uint64
	err := both(func() (err error) {
		lo, err = c.horner(ctx, c.powers.Combine(chunks[:c.split]))
		return err
	}, func() (err error) {
		hi, err = c.horner(ctx, c.powers.Combine(chunks[c.split:]))
		return err
	})
	if err != nil {
		return nil, err
	}
	return c.fl.Add(lo, c.fl.MulModPrepared(hi, c.far)), nil
}

// horner returns Σ_k F_k(a)·(a^t)^k mod g given the chunks' values F_k(a).
//
// With outer set, Horner's rule runs over groups of s values instead,
// each group's Σ_v F_(us+v)·(a^t)^v one LinearCombination with the
// powers (a^t)^v kept (the baby-step giant-step evaluation of MCA §12.2
// on the outer sum): a term and ⌈1/s⌉ of a product and a sum a value
// instead of a product. Rabin's test at degree 4821, a composition
// table of 70 powers for one use: 69 products become groups of 10.
// Rabin's test on random polynomials over GF(2^64 − 59), GOMAXPROCS=1,
// alternated with plain Horner's rule on the loaded machine: degree 4821
// 4.5 and 4.7 s against 5.9 and 5.1 s, degree 9492 16.5 and 16.0 s
// against 18.8 and 17.8 s.
func (c *composer) horner(ctx context.Context, values [][]uint64) ([]uint64, error) {
	if c.outer != nil {
		var r []uint64
		for lo := (len(values) - 1) / c.s * c.s; lo >= 0; lo -= c.s {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			hi := min(len(values), lo+c.s)
			v := c.fl.Add(values[lo], c.fl.LinearCombination(values[lo+1:hi], c.outer))
			r = c.fl.Add(c.fl.MulModPrepared(r, c.outerTop), v)
		}
		return r, nil
	}
	// One slice for the running sum, the whole way.
	r := make([]uint64, 0, c.n)
	for k := len(values) - 1; k >= 0; k-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r = addInto(c.fl.MulModPreparedTo(r, r, c.top), values[k], c.p)
	}
	return r, nil
}

// addInto returns a + b, trimmed, in a's storage (grown if b is longer),
// for residues a and b modulo p.
func addInto(a, b []uint64, p uint64) []uint64 {
	if len(b) > len(a) {
		a = append(a, make([]uint64, len(b)-len(a))...)
	}
	for i, y := range b {
		s := a[i] + y
		if s >= p || s < y {
			s -= p
		}
		a[i] = s
	}
	n := len(a)
	for n > 0 && a[n-1] == 0 {
		n--
	}
	return a[:n]
}
