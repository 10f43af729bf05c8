package polynomial

// Change of monomial order for zero-dimensional ideals by FGLM.
//
// # The algorithm
//
// Lex and elimination bases are the ones that solve and eliminate, and
// the costliest to compute directly: their intermediate polynomials
// have high degree in the last variables. A grevlex basis is cheap, and
// when the ideal is zero-dimensional (the quotient ring R/I has finite
// dimension D, which holds exactly when every variable has a pure power
// among the leading monomials) the basis in any other order follows from
// it by linear algebra in R/I alone: the algorithm of Faugère, Gianni,
// Lazard and Mora ("Efficient computation of zero-dimensional Gröbner
// bases by change of ordering", J. Symbolic Computation 16 (1993)
// 329–344).
//
// The standard monomials b_1 < … < b_D of the grevlex basis G (those no
// leading monomial divides) are a basis of R/I. First the multiplication
// matrices: for each variable x_i and each b_l the normal form of x_i·b_l
// as a vector over the b's, taken in increasing grevlex order of x_i·b_l.
// Such a monomial is standard (a unit vector), or a leading monomial of G
// (minus the tail of that element, standard since G is reduced), or
// otherwise x_k·(x_i·b_m) for a variable x_k dividing b_l = x_k·b_m with
// x_i·b_m not standard: its normal form is x_k times the earlier one of
// x_i·b_m, a combination of the normal forms of x_k·b_r, all smaller and
// so already known (the border basis construction of the paper, §4).
//
// Then the monomials are walked in increasing target order, from 1, each
// next one the least x_i·s over the standard monomials s found so far
// that no new leading monomial divides. Its normal form, x_i applied to
// that of s, is reduced against the echelon form of the normal forms of
// the s's (tracking the combination that produced each echelon row): a
// nonzero remainder makes it a new standard monomial; a zero one is a
// linear relation m − Σ c_s·s in I, a new element of the basis, its
// leading monomial m. The relations found are the reduced Gröbner basis
// in the target order (the paper, Proposition 3.1): each leading monomial
// is minimal, each tail standard. It costs O(n·D³) operations on words.
//
// groebnerModular (groebner_modular.go) computes its images modulo each
// prime this way for zero-dimensional ideals in lex and elimination
// orders; their reconstruction and verification over Q are unchanged.

import (
	"container/heap"
	"context"
	"slices"

	"jacobian.dev/core/modular"
)

// fglmMaxDim bounds the dimension of R/I for the change of order: its
// multiplication matrices hold n·D² words (56 MB in 7 variables at
// D = 1024). Beyond it the basis is computed in the target order
// directly.
const fglmMaxDim = 1024

// staircase is the standard monomials of a basis with the given leading
// monomials, ascending in the order o; false when one variable has no
// pure power among the leading monomials (the ideal is not
// zero-dimensional) or when there are more than limit of them.
func staircase(ctx context.Context, leads [][]int32, o monoOrder, n, limit int) ([][]int32, bool) {
	standard := func(m []int32) bool {
		for _, l := range leads {
			if monoDivides(l, m) {
				return false
			}
		}
		return true
	}
	for i := 1; i <= n; i++ {
		pure := false
		for _, l := range leads {
			if int(l[0]) == int(l[i]) {
				pure = true
				break
			}
		}
		if !pure {
			return nil, false
		}
	}
	one := monoOne(n)
	if !standard(one) {
		return nil, true
	}
	// Every divisor of a standard monomial is standard, so multiplying
	// by one variable at a time from 1 reaches them all.
	out := [][]int32{one}
	seen := map[string]bool{monoKey(one): true}
	for k := 0; k < len(out); k++ {
		if k%256 == 255 && ctx.Err() != nil {
			return nil, false
		}
		for i := 1; i <= n; i++ {
			m := monoTimesVar(out[k], i)
			if key := monoKey(m); !seen[key] && standard(m) {
				seen[key] = true
				if out = append(out, m); len(out) > limit {
					return nil, false
				}
			}
		}
	}
	slices.SortFunc(out, o.cmp)
	return out, true
}

// monoTimesVar is x_i·m for the variable i (1-based, as the exponent
// index).
func monoTimesVar(m []int32, i int) []int32 {
	out := slices.Clone(m)
	out[i]++
	out[0]++
	return out
}

// fglmEngine holds the multiplication matrices of R/I modulo p:
// cols[i][l] is the normal form of x_{i+1}·b_l over the standard
// monomials b.
type fglmEngine struct {
	p    uint64
	n    int
	b    [][]int32
	cols [][][]uint64
	acc  []modular.ProductSum
}

// times is x_{i+1}·v, for v a normal form.
func (e *fglmEngine) times(i int, v []uint64) []uint64 {
	acc := e.acc
	clear(acc)
	for l, c := range v {
		if c == 0 {
			continue
		}
		for r, x := range e.cols[i][l] {
			if x != 0 {
				acc[r].AddMul(c, x)
			}
		}
	}
	out := make([]uint64, len(acc))
	for r := range acc {
		out[r] = acc[r].Reduce(e.p)
	}
	return out
}

// newFGLMEngine builds the multiplication matrices from the reduced
// grevlex basis G and its staircase b (ascending in grevlex); nil when
// G is not a reduced basis with that staircase.
func newFGLMEngine(ctx context.Context, G []*fpoly, b [][]int32, n int, p uint64) (*fglmEngine, error) {
	grevlex := monoOrder{kind: OrderGrevlex}
	D := len(b)
	e := &fglmEngine{p: p, n: n, b: b, acc: make([]modular.ProductSum, D)}
	index := make(map[string]int, D)
	for l, m := range b {
		index[monoKey(m)] = l
	}
	leads := make(map[string]*fpoly, len(G))
	for _, g := range G {
		leads[monoKey(g.m[0])] = g
	}
	type entry struct {
		i, l int
		m    []int32
	}
	var todo []entry
	for i := range n {
		for l, m := range b {
			todo = append(todo, entry{i, l, monoTimesVar(m, i+1)})
		}
	}
	slices.SortFunc(todo, func(x, y entry) int { return grevlex.cmp(x.m, y.m) })
	e.cols = make([][][]uint64, n)
	for i := range e.cols {
		e.cols[i] = make([][]uint64, D)
	}
	known := make(map[string][]uint64, len(todo))
	for k, t := range todo {
		if k%64 == 63 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		key := monoKey(t.m)
		v, ok := known[key]
		if !ok {
			if l, standard := index[key]; standard {
				v = make([]uint64, D)
				v[l] = 1
			} else if g := leads[key]; g != nil {
				v = make([]uint64, D)
				for j, m := range g.m[1:] {
					l, standard := index[monoKey(m)]
					if !standard {
						return nil, nil // G is not reduced
					}
					v[l] = modular.Sub(0, g.c[j+1], p)
				}
			} else if v = e.border(t.i, t.l, index); v == nil {
				return nil, nil
			}
			known[key] = v
		}
		e.cols[t.i][t.l] = v
	}
	return e, nil
}

// border is the normal form of x_{i+1}·b_l, a monomial neither standard
// nor leading: x_k·(x_{i+1}·b_m) for b_l = x_k·b_m with x_{i+1}·b_m not
// standard, whose normal form, and those of x_k·b_r for every b_r in it,
// come earlier in grevlex; nil when there is no such k.
func (e *fglmEngine) border(i, l int, index map[string]int) []uint64 {
	bl := e.b[l]
	for k := 1; k <= e.n; k++ {
		if k == i+1 || bl[k] == 0 {
			continue
		}
		bm := slices.Clone(bl)
		bm[k]--
		bm[0]--
		if _, standard := index[monoKey(monoTimesVar(bm, i+1))]; standard {
			continue
		}
		return e.times(k-1, e.cols[i][index[monoKey(bm)]])
	}
	// Not for a reduced basis and its staircase: a monomial divisible by
	// a leading monomial other than itself has such a k.
	return nil
}

// walkStep is a monomial x_{i+1}·s of the walk, s the index of a
// standard monomial found, or the monomial 1 (s < 0).
type walkStep struct {
	m    []int32
	i, s int
}

type walkHeap struct {
	o  monoOrder
	cs []walkStep
}

func (h *walkHeap) Len() int           { return len(h.cs) }
func (h *walkHeap) Less(a, b int) bool { return h.o.cmp(h.cs[a].m, h.cs[b].m) < 0 }
func (h *walkHeap) Swap(a, b int)      { h.cs[a], h.cs[b] = h.cs[b], h.cs[a] }
func (h *walkHeap) Push(x any)         { h.cs = append(h.cs, x.(walkStep)) }
func (h *walkHeap) Pop() any {
	x := h.cs[len(h.cs)-1]
	h.cs = h.cs[:len(h.cs)-1]
	return x
}

// fglmModP is the reduced Gröbner basis in the order o of the
// zero-dimensional ideal whose reduced grevlex basis modulo p is G,
// sorted greatest leading monomial first; false when the ideal is not
// zero-dimensional or R/I has dimension beyond fglmMaxDim.
func fglmModP(ctx context.Context, G []*fpoly, o monoOrder, n int, p uint64) ([]*fpoly, bool, error) {
	leads := make([][]int32, len(G))
	for k, g := range G {
		leads[k] = g.m[0]
	}
	b, ok := staircase(ctx, leads, monoOrder{kind: OrderGrevlex}, n, fglmMaxDim)
	if !ok {
		return nil, false, ctx.Err()
	}
	if len(b) == 0 { // the whole ring
		return []*fpoly{{m: [][]int32{monoOne(n)}, c: []uint64{1}, mask: divMask(monoOne(n))}}, true, nil
	}
	e, err := newFGLMEngine(ctx, G, b, n, p)
	if e == nil {
		return nil, false, err
	}
	D := len(b)
	var (
		std    [][]int32  // the standard monomials in o, in the order found
		nf     [][]uint64 // their normal forms
		rows   [][]uint64 // echelon rows, each with its pivot made 1
		pivots []int
		combs  [][]uint64 // rows[r] = Σ_s combs[r][s]·nf[s]
		out    []*fpoly
	)
	h := &walkHeap{o: o}
	heap.Push(h, walkStep{m: monoOne(n), s: -1})
	seen := map[string]bool{monoKey(monoOne(n)): true}
	for steps := 0; h.Len() > 0; steps++ {
		if steps%16 == 15 {
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
		}
		c := heap.Pop(h).(walkStep)
		multiple := false
		for _, g := range out {
			if monoDivides(g.m[0], c.m) {
				multiple = true
				break
			}
		}
		if multiple {
			continue
		}
		var v []uint64
		if c.s < 0 {
			v = make([]uint64, D)
			v[0] = 1 // b[0] is 1, the least monomial
		} else {
			v = e.times(c.i, nf[c.s])
		}
		w := slices.Clone(v)
		comb := make([]uint64, len(std)+1) // over std, then c.m itself
		comb[len(std)] = 1
		for r, row := range rows {
			a := w[pivots[r]]
			if a == 0 {
				continue
			}
			na := p - a
			naS := modular.ShoupConstant(na, p)
			for j := pivots[r]; j < D; j++ {
				if x := row[j]; x != 0 {
					w[j] = modular.Add(w[j], modular.MulShoup(x, na, naS, p), p)
				}
			}
			for s, x := range combs[r] {
				if x != 0 {
					comb[s] = modular.Add(comb[s], modular.MulShoup(x, na, naS, p), p)
				}
			}
		}
		pv := slices.IndexFunc(w, func(x uint64) bool { return x != 0 })
		if pv < 0 {
			// c.m + Σ comb[s]·std[s] lies in I.
			g := &fpoly{m: [][]int32{c.m}, c: []uint64{1}, sugar: c.m[0]}
			var tail []int
			for s, x := range comb[:len(std)] {
				if x != 0 {
					tail = append(tail, s)
				}
			}
			slices.SortFunc(tail, func(x, y int) int { return o.cmp(std[y], std[x]) })
			for _, s := range tail {
				g.m = append(g.m, std[s])
				g.c = append(g.c, comb[s])
			}
			g.mask = divMask(c.m)
			out = append(out, g)
			continue
		}
		inv, _ := modular.Inverse(w[pv], p)
		for j := range w {
			w[j] = modular.Mul(w[j], inv, p)
		}
		for s := range comb {
			comb[s] = modular.Mul(comb[s], inv, p)
		}
		rows, pivots, combs = append(rows, w), append(pivots, pv), append(combs, comb)
		std, nf = append(std, c.m), append(nf, v)
		if len(std) > D {
			return nil, false, nil // cannot happen: R/I has dimension D
		}
		for i := range n {
			m := monoTimesVar(c.m, i+1)
			if key := monoKey(m); !seen[key] {
				seen[key] = true
				heap.Push(h, walkStep{m: m, i: i, s: len(std) - 1})
			}
		}
	}
	if len(std) != D {
		return nil, false, nil
	}
	slices.SortFunc(out, func(x, y *fpoly) int { return o.cmp(y.m[0], x.m[0]) })
	return out, true, nil
}
