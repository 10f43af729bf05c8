package polynomial

// Reduced Gröbner bases over Q by Buchberger's algorithm.
//
// # The algorithm
//
// Buchberger's algorithm (Buchberger 1965; Becker and Weispfenning,
// "Gröbner Bases", §5.5) keeps a set G of polynomials and a set B of
// critical pairs; it takes a pair, reduces its S-polynomial modulo G and,
// when the remainder h is nonzero, adds h to G together with the new
// pairs. It stops when B is empty, G then being a Gröbner basis. Two
// choices decide its speed:
//
//   - Which pairs to keep. Most S-polynomials reduce to zero, and
//     Gebauer and Möller's criteria ("On an installation of Buchberger's
//     algorithm", J. Symbolic Computation 6 (1988) 275–286; the UPDATE
//     procedure of Becker–Weispfenning, p. 230) discard most of them
//     before any reduction: the product criterion (coprime leading
//     monomials) and the chain criterion (a pair whose lcm is divisible
//     by the leading monomial of a third polynomial, with both other
//     lcms different, is redundant), applied each time a polynomial is
//     added, keeping the set of pairs minimal in the sense of the paper.
//
//   - Which pair to take next. The sugar strategy (Giovini, Mora,
//     Niesi, Robbiano and Traverso, "One sugar cube, please", ISSAC 1991)
//     gives every polynomial a phantom degree, its "sugar": the total
//     degree for an input, and for f − c·u·g the larger of sugar(f) and
//     deg u + sugar(g). The pair of least sugar (then of least lcm in the
//     order) is taken first, which mimics the degree-by-degree behaviour
//     of a homogeneous computation even in lex and elimination orders.
//
// # Arithmetic
//
// Coefficients stay in Z: every polynomial is kept primitive with a
// positive leading coefficient, and a reduction step
// f ← (b/d)·f − (a/d)·u·g, d = gcd(a, b), is fraction free; the content of
// the partial remainder is divided out every few steps. Over Q with
// big.Rat, every step would pay a gcd per coefficient. The final basis is
// inter-reduced (each tail reduced modulo the others) and made monic over
// Q, which makes it the unique reduced Gröbner basis of the ideal and
// order (Cox–Little–O'Shea, §2.7, Theorem 5).
//
// The same engine runs over GF(p) for a word-size prime p (coefficients
// in [0, p), every polynomial monic): the postcondition recomputes the
// basis of the generators' images that way, independently of the F4 code
// the operation runs, and compares it with the image of the published
// basis. The operation's fast path is the modular computation
// (groebner_modular.go: F4 modulo primes, rational reconstruction,
// verification over Q); this algorithm over Q is its fallback and the
// reference its tests compare with.
//
// buchbergerNaive (all pairs, no criteria, reduction over Q) is the
// reference the tests compare with.

import (
	"context"
	"math/big"
	"slices"

	"jacobian.dev/core/modular"
)

// zterm is a term with an integer coefficient; zmpoly a polynomial over Z,
// terms strictly descending, with its sugar degree.
type zterm struct {
	m []int32
	c *big.Int
}

type zmpoly struct {
	t     []zterm
	sugar int32
	mask  uint64 // divisibility mask of the leading monomial
}

// divMask has bit i set when variable i (of the first 64) occurs: a
// necessary condition for divisibility is mask(a) &^ mask(b) == 0.
func divMask(m []int32) uint64 {
	var x uint64
	for i := 1; i < len(m) && i <= 64; i++ {
		if m[i] > 0 {
			x |= 1 << (i - 1)
		}
	}
	return x
}

// primitiveZ clears denominators of p and divides by the content, with a
// positive leading coefficient; the sugar is the total degree.
func primitiveZ(p mpoly) zmpoly {
	den := big.NewInt(1)
	for _, t := range p {
		d := t.c.Denom()
		g := new(big.Int).GCD(nil, nil, den, d)
		den.Mul(den, new(big.Int).Quo(d, g))
	}
	out := zmpoly{t: make([]zterm, len(p))}
	for i, t := range p {
		c := new(big.Int).Mul(t.c.Num(), new(big.Int).Quo(den, t.c.Denom()))
		out.t[i] = zterm{t.m, c}
		out.sugar = max(out.sugar, t.m[0])
	}
	out.normalize(nil)
	return out
}

// primitiveModP is p modulo the prime m, monic, with its sugar; false
// when m divides a denominator.
func primitiveModP(p mpoly, m *big.Int) (zmpoly, bool) {
	out := zmpoly{t: make([]zterm, 0, len(p))}
	for _, t := range p {
		c, ok := modular.ReduceRat(t.c, m.Uint64())
		if !ok {
			return zmpoly{}, false
		}
		out.sugar = max(out.sugar, t.m[0])
		if c != 0 {
			out.t = append(out.t, zterm{t.m, new(big.Int).SetUint64(c)})
		}
	}
	out.normalize(m)
	return out, true
}

// normalize divides by the content and makes the leading coefficient
// positive; modulo a prime m it makes the polynomial monic instead.
func (p *zmpoly) normalize(m *big.Int) {
	if len(p.t) == 0 {
		return
	}
	if m != nil {
		inv := new(big.Int).ModInverse(p.t[0].c, m)
		for k := range p.t {
			x := new(big.Int).Mul(p.t[k].c, inv)
			p.t[k].c = x.Mod(x, m)
		}
		p.mask = divMask(p.t[0].m)
		return
	}
	g := contentZ(p.t)
	if p.t[0].c.Sign() < 0 {
		g.Neg(g)
	}
	if g.Cmp(bigOne) != 0 {
		// Terms may share their coefficients with other polynomials.
		for k := range p.t {
			p.t[k].c = new(big.Int).Quo(p.t[k].c, g)
		}
	}
	p.mask = divMask(p.t[0].m)
}

var bigOne = big.NewInt(1)

func contentZ(ts []zterm) *big.Int {
	g := new(big.Int)
	for _, t := range ts {
		g.GCD(nil, nil, g, t.c)
		if g.Cmp(bigOne) == 0 {
			break
		}
	}
	if g.Sign() < 0 {
		g.Neg(g)
	}
	return g
}

// toQ is p with rational coefficients, made monic.
func (p zmpoly) monicQ() mpoly {
	out := make(mpoly, len(p.t))
	for i, t := range p.t {
		out[i] = qterm{t.m, new(big.Rat).SetFrac(t.c, p.t[0].c)}
	}
	return out
}

// gbEngine holds the order and scratch state of one computation.
type gbEngine struct {
	o monoOrder
	n int
	// p, when set, is a prime: the computation is then over GF(p), with
	// coefficients in [0, p) and every polynomial monic.
	p *big.Int
}

// combine is ca·a[ai:] − cb·u·b[bi:], merged in descending order; the
// terms of a are reused when ca = 1.
func (e *gbEngine) combine(ca *big.Int, a []zterm, cb *big.Int, u []int32, b []zterm) []zterm {
	out := make([]zterm, 0, len(a)+len(b))
	i, j := 0, 0
	var bm []int32
	nextB := func() {
		if j < len(b) {
			bm = monoMul(u, b[j].m)
		}
	}
	nextB()
	for i < len(a) || j < len(b) {
		var c int
		switch {
		case i == len(a):
			c = -1
		case j == len(b):
			c = 1
		default:
			c = e.o.cmp(a[i].m, bm)
		}
		switch {
		case c > 0:
			x := a[i].c
			if ca != nil {
				x = new(big.Int).Mul(x, ca)
				if e.p != nil {
					x.Mod(x, e.p)
				}
			}
			out = append(out, zterm{a[i].m, x})
			i++
		case c < 0:
			x := new(big.Int).Mul(b[j].c, cb)
			x.Neg(x)
			if e.p != nil {
				x.Mod(x, e.p)
			}
			out = append(out, zterm{bm, x})
			j++
			nextB()
		default:
			x := new(big.Int).Mul(b[j].c, cb)
			if ca != nil {
				x.Sub(new(big.Int).Mul(a[i].c, ca), x)
			} else {
				x.Sub(a[i].c, x)
			}
			if e.p != nil {
				x.Mod(x, e.p)
			}
			if x.Sign() != 0 {
				out = append(out, zterm{a[i].m, x})
			}
			i++
			j++
			nextB()
		}
	}
	return out
}

// divisor returns the first polynomial of G whose leading monomial
// divides m, or nil.
func divisor(G []*zmpoly, m []int32) *zmpoly {
	mask := divMask(m)
	for _, g := range G {
		if g.mask&^mask == 0 && monoDivides(g.t[0].m, m) {
			return g
		}
	}
	return nil
}

// reduce is the normal form of f modulo G, up to a positive rational
// factor: a primitive polynomial none of whose terms is divisible by a
// leading monomial of G (with full = false, only the leading term is
// reduced). The sugar follows the reduction.
func (e *gbEngine) reduce(ctx context.Context, f zmpoly, G []*zmpoly, full bool) (zmpoly, error) {
	var done []zterm // irreducible terms, already final up to a factor
	cur := f.t
	sugar := f.sugar
	sinceContent := 0
	for len(cur) > 0 {
		// One step can merge thousands of terms with large coefficients
		// (lex tails), so every step polls.
		if err := ctx.Err(); err != nil {
			return zmpoly{}, err
		}
		g := divisor(G, cur[0].m)
		if g == nil {
			if !full {
				break
			}
			done = append(done, cur[0])
			cur = cur[1:]
			continue
		}
		u := monoQuo(cur[0].m, g.t[0].m)
		a, b := cur[0].c, g.t[0].c
		if e.p != nil {
			// g is monic: cur − a·u·g.
			cur = e.combine(nil, cur[1:], a, u, g.t[1:])
			sugar = max(sugar, u[0]+g.sugar)
			continue
		}
		d := new(big.Int).GCD(nil, nil, a, b)
		var ca *big.Int
		cb := a
		if d.CmpAbs(b) != 0 || b.Sign() < 0 {
			ca = new(big.Int).Quo(b, d)
			cb = new(big.Int).Quo(a, d)
			if ca.Sign() < 0 {
				ca.Neg(ca)
				cb.Neg(cb)
			}
			if ca.Cmp(bigOne) == 0 {
				ca = nil
			}
		} else {
			cb = new(big.Int).Quo(a, b)
		}
		cur = e.combine(ca, cur[1:], cb, u, g.t[1:])
		if ca != nil {
			for k := range done {
				done[k].c = new(big.Int).Mul(done[k].c, ca)
			}
		}
		sugar = max(sugar, u[0]+g.sugar)
		sinceContent++
		if sinceContent >= 8 && len(cur) > 0 {
			sinceContent = 0
			all := contentZ(cur)
			if all.Cmp(bigOne) != 0 {
				all.GCD(nil, nil, all, contentZ(done))
				if all.Cmp(bigOne) != 0 {
					for k := range cur {
						cur[k].c = new(big.Int).Quo(cur[k].c, all)
					}
					for k := range done {
						done[k].c = new(big.Int).Quo(done[k].c, all)
					}
				}
			}
		}
	}
	out := zmpoly{t: append(done, cur...), sugar: sugar}
	out.normalize(e.p)
	return out, nil
}

// spoly is the S-polynomial of f and g, with its sugar.
func (e *gbEngine) spoly(f, g *zmpoly) zmpoly {
	l := monoLCM(f.t[0].m, g.t[0].m)
	uf, ug := monoQuo(l, f.t[0].m), monoQuo(l, g.t[0].m)
	a, b := f.t[0].c, g.t[0].c
	d := new(big.Int).GCD(nil, nil, a, b)
	ca, cb := new(big.Int).Quo(b, d), new(big.Int).Quo(a, d)
	// ca·uf·f − cb·ug·g, the leading terms cancelling.
	ft := make([]zterm, len(f.t)-1)
	for i, t := range f.t[1:] {
		ft[i] = zterm{monoMul(uf, t.m), t.c}
	}
	t := e.combine(ca, ft, cb, ug, g.t[1:])
	return zmpoly{t: t, sugar: max(f.sugar+uf[0], g.sugar+ug[0])}
}

// critPair is a pair of polynomials (indices into the engine's list) with
// the lcm of their leading monomials and its sugar.
type critPair struct {
	i, j  int
	lcm   []int32
	sugar int32
}

// pairSet is a basis G, as indices into a list of polynomials, and its
// critical pairs B, kept minimal by the Gebauer–Möller update; lm and
// sugar give each polynomial's leading monomial and sugar.
type pairSet struct {
	lm    func(i int) []int32
	sugar func(i int) int32
	G     []int
	B     []critPair
}

// add adds polynomial h, whose leading monomial no element of G divides,
// to G and its pairs to B: the UPDATE procedure of Becker–Weispfenning
// (p. 230), which drops the pairs the product and chain criteria show
// redundant and the elements of G whose leading monomial h's divides.
func (s *pairSet) add(h int) {
	lm := s.lm
	hm := lm(h)
	var C []critPair
	for _, g := range s.G {
		C = append(C, critPair{i: h, j: g, lcm: monoLCM(hm, lm(g))})
	}
	var D []critPair
	for k, p := range C {
		keep := monoCoprime(hm, lm(p.j))
		if !keep {
			keep = true
			for l, q := range C {
				if l > k && monoDivides(q.lcm, p.lcm) {
					keep = false
					break
				}
			}
			if keep {
				for _, q := range D {
					if monoDivides(q.lcm, p.lcm) {
						keep = false
						break
					}
				}
			}
		}
		if keep {
			D = append(D, p)
		}
	}
	var E []critPair
	for _, p := range D {
		if !monoCoprime(hm, lm(p.j)) {
			p.sugar = max(s.sugar(p.i)+p.lcm[0]-lm(p.i)[0], s.sugar(p.j)+p.lcm[0]-lm(p.j)[0])
			E = append(E, p)
		}
	}
	kept := s.B[:0]
	for _, p := range s.B {
		if monoDivides(hm, p.lcm) && !monoEqual(monoLCM(lm(p.i), hm), p.lcm) && !monoEqual(monoLCM(hm, lm(p.j)), p.lcm) {
			continue
		}
		kept = append(kept, p)
	}
	s.B = append(kept, E...)
	keptG := s.G[:0]
	for _, g := range s.G {
		if !monoDivides(hm, lm(g)) {
			keptG = append(keptG, g)
		}
	}
	s.G = append(keptG, h)
}

// groebnerBuchberger is the reduced Gröbner basis of the ideal the
// polynomials generate, monic over Q and sorted by leading monomial,
// greatest first. The zero ideal has the empty basis.
func groebnerBuchberger(ctx context.Context, gens []mpoly, o monoOrder, n int) ([]mpoly, error) {
	var in []zmpoly
	for _, f := range gens {
		if len(f) > 0 {
			in = append(in, primitiveZ(f))
		}
	}
	return buchberger(ctx, &gbEngine{o: o, n: n}, in)
}

// groebnerModP is the reduced Gröbner basis of the ideal's image modulo
// the prime p, coefficients in [0, p); false when p divides a
// denominator of a generator.
func groebnerModP(ctx context.Context, gens []mpoly, o monoOrder, n int, p uint64) ([]mpoly, bool, error) {
	m := new(big.Int).SetUint64(p)
	var in []zmpoly
	for _, f := range gens {
		z, ok := primitiveModP(f, m)
		if !ok {
			return nil, false, nil
		}
		if len(z.t) > 0 {
			in = append(in, z)
		}
	}
	G, err := buchberger(ctx, &gbEngine{o: o, n: n, p: m}, in)
	return G, err == nil, err
}

// buchberger runs the algorithm on nonzero normalized inputs.
func buchberger(ctx context.Context, e *gbEngine, in []zmpoly) ([]mpoly, error) {
	o := e.o
	// Full reduction of every remainder pays in grevlex (katsura-6 in
	// half the time); in lex and elimination orders the tails swell, and
	// reducing only the leading term, leaving the tails to the final
	// inter-reduction, is two orders of magnitude faster (katsura-3 in
	// lex: 0.13 s against 11 s).
	full := o.kind == OrderGrevlex
	var polys []*zmpoly
	ps := &pairSet{lm: func(i int) []int32 { return polys[i].t[0].m }, sugar: func(i int) int32 { return polys[i].sugar }}
	active := func() []*zmpoly {
		out := make([]*zmpoly, len(ps.G))
		for k, g := range ps.G {
			out[k] = polys[g]
		}
		return out
	}
	// Inputs: sorted by leading monomial, smallest first, each reduced
	// modulo those before it.
	slices.SortStableFunc(in, func(a, b zmpoly) int { return o.cmp(a.t[0].m, b.t[0].m) })
	for _, f := range in {
		h, err := e.reduce(ctx, f, active(), full)
		if err != nil {
			return nil, err
		}
		if len(h.t) == 0 {
			continue
		}
		h.sugar = max(h.sugar, f.sugar)
		polys = append(polys, &h)
		ps.add(len(polys) - 1)
	}
	for len(ps.B) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		B := ps.B
		best := 0
		for k := 1; k < len(B); k++ {
			if B[k].sugar < B[best].sugar || B[k].sugar == B[best].sugar && o.cmp(B[k].lcm, B[best].lcm) < 0 {
				best = k
			}
		}
		p := B[best]
		ps.B = slices.Delete(B, best, best+1)
		s := e.spoly(polys[p.i], polys[p.j])
		h, err := e.reduce(ctx, s, active(), full)
		if err != nil {
			return nil, err
		}
		if len(h.t) == 0 {
			continue
		}
		polys = append(polys, &h)
		ps.add(len(polys) - 1)
	}
	return e.interreduce(ctx, active())
}

// interreduce turns a minimal Gröbner basis (no leading monomial divides
// another) into the reduced one: each tail reduced modulo the others, then
// monic over Q, sorted greatest leading monomial first.
func (e *gbEngine) interreduce(ctx context.Context, G []*zmpoly) ([]mpoly, error) {
	// A basis from update is minimal; drop any duplicate leading monomial
	// defensively.
	var minimal []*zmpoly
	for i, g := range G {
		redundant := false
		for j, h := range G {
			if i != j && monoDivides(h.t[0].m, g.t[0].m) && (!monoEqual(h.t[0].m, g.t[0].m) || j < i) {
				redundant = true
				break
			}
		}
		if !redundant {
			minimal = append(minimal, g)
		}
	}
	out := make([]mpoly, len(minimal))
	for i, g := range minimal {
		others := make([]*zmpoly, 0, len(minimal)-1)
		for j, h := range minimal {
			if j != i {
				others = append(others, h)
			}
		}
		// The leading term is irreducible modulo the others, so the full
		// reduction keeps it and reduces the tail.
		r, err := e.reduce(ctx, zmpoly{t: g.t, sugar: g.sugar}, others, true)
		if err != nil {
			return nil, err
		}
		out[i] = r.monicQ()
	}
	slices.SortFunc(out, func(a, b mpoly) int { return e.o.cmp(b[0].m, a[0].m) })
	return out, nil
}

// Reference algorithms over Q, for the tests and the postconditions.

// normalFormQ is the remainder of f on division by G over Q, the
// textbook division algorithm (Cox–Little–O'Shea, §2.3): the first
// divisor whose leading monomial divides the current leading term is
// used, and an irreducible leading term moves to the remainder.
func normalFormQ(ctx context.Context, o monoOrder, f mpoly, G []mpoly) (mpoly, error) {
	var rem mpoly
	cur := f
	for len(cur) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		lt := cur[0]
		var g mpoly
		for _, h := range G {
			if len(h) > 0 && monoDivides(h[0].m, lt.m) {
				g = h
				break
			}
		}
		if g == nil {
			rem = append(rem, lt)
			cur = cur[1:]
			continue
		}
		u := monoQuo(lt.m, g[0].m)
		c := new(big.Rat).Quo(lt.c, g[0].c)
		sub := make(mpoly, len(g)-1)
		for i, t := range g[1:] {
			sub[i] = qterm{monoMul(u, t.m), new(big.Rat).Mul(c, t.c)}
		}
		cur = o.addScaled(cur[1:], sub, true)
	}
	if rem == nil {
		rem = mpoly{}
	}
	return rem, nil
}

// spolyQ is the S-polynomial of f and g over Q.
func spolyQ(o monoOrder, f, g mpoly) mpoly {
	l := monoLCM(f[0].m, g[0].m)
	scale := func(p mpoly) mpoly {
		u := monoQuo(l, p[0].m)
		inv := new(big.Rat).Inv(p[0].c)
		out := make(mpoly, len(p))
		for i, t := range p {
			out[i] = qterm{monoMul(u, t.m), new(big.Rat).Mul(t.c, inv)}
		}
		return out
	}
	return o.addScaled(scale(f)[1:], scale(g)[1:], true)
}

// buchbergerNaive is Buchberger's algorithm in its first form: every pair
// is reduced, no criterion, over Q; then the basis is minimised and
// inter-reduced. Slow, and the reference for groebnerBuchberger.
func buchbergerNaive(ctx context.Context, gens []mpoly, o monoOrder) ([]mpoly, error) {
	var G []mpoly
	for _, f := range gens {
		if len(f) > 0 {
			G = append(G, f.monic())
		}
	}
	type pair struct{ i, j int }
	var B []pair
	for j := range G {
		for i := range j {
			B = append(B, pair{i, j})
		}
	}
	for len(B) > 0 {
		p := B[0]
		B = B[1:]
		r, err := normalFormQ(ctx, o, spolyQ(o, G[p.i], G[p.j]), G)
		if err != nil {
			return nil, err
		}
		if len(r) == 0 {
			continue
		}
		G = append(G, r.monic())
		for i := range len(G) - 1 {
			B = append(B, pair{i, len(G) - 1})
		}
	}
	// Minimise, then reduce each element modulo the others.
	var min []mpoly
	for i, g := range G {
		drop := false
		for j, h := range G {
			if i != j && monoDivides(h[0].m, g[0].m) && (!monoEqual(h[0].m, g[0].m) || j < i) {
				drop = true
				break
			}
		}
		if !drop {
			min = append(min, g)
		}
	}
	out := make([]mpoly, len(min))
	for i, g := range min {
		var others []mpoly
		for j, h := range min {
			if j != i {
				others = append(others, h)
			}
		}
		r, err := normalFormQ(ctx, o, g, others)
		if err != nil {
			return nil, err
		}
		out[i] = r.monic()
	}
	slices.SortFunc(out, func(a, b mpoly) int { return o.cmp(b[0].m, a[0].m) })
	return out, nil
}
