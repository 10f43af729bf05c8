package polynomial

// Reduced Gröbner bases over GF(p) by Faugère's F4.
//
// # The algorithm
//
// F4 (J.-C. Faugère, "A new efficient algorithm for computing Gröbner
// bases (F4)", J. Pure Appl. Algebra 139 (1999) 61–88) reduces many
// S-polynomials at once by linear algebra. Each step takes every critical
// pair of the least sugar (the normal strategy, with the sugar of Giovini
// et al. so that lex and elimination orders behave too), writes the two
// multiples u_i·g_i and u_j·g_j of each pair as rows, and runs symbolic
// preprocessing: for every monomial m of the rows that a leading monomial
// of the basis divides, the multiple (m/LM(g))·g of such a g joins the
// rows, its leading monomial m becoming a pivot. The columns of this
// Macaulay matrix are the monomials, greatest first. One row per distinct
// leading monomial is a known pivot (every multiple is monic); the other
// rows are reduced by the pivots in column order on a dense vector of
// machine words, each new nonzero row becoming a pivot itself. The leading
// monomials of the new rows are divisible by no leading monomial of the
// basis (symbolic preprocessing gave every such column a pivot), so each
// is a new basis element, added with the Gebauer–Möller update that
// Buchberger's algorithm uses (pairSet). The input polynomials enter the
// same way, as single rows in the step of their degree.
//
// When no pair is left the basis is a Gröbner basis; the minimal one
// (pairSet drops elements whose leading monomial a later one divides) is
// made reduced by one more matrix: its elements with their reducers, each
// pivot row reduced by the pivots below it, smallest leading monomial
// first (a reduced row echelon form).
//
// Arithmetic is in machine words modulo a prime below 2^62: a row
// operation multiplies one scalar into many entries, which Shoup's
// precomputed quotient (modular.MulShoup) makes two multiplications and a
// subtraction each.
//
// groebnerModular (groebner_modular.go) runs this modulo several primes
// and reconstructs the basis over Q.

import (
	"context"
	"encoding/binary"
	"slices"

	"jacobian.dev/core/modular"
)

// fpoly is a polynomial over GF(p): monomials strictly descending,
// coefficients in [0, p), monic when nonzero, with its sugar degree.
type fpoly struct {
	m     [][]int32
	c     []uint64
	sugar int32
	mask  uint64 // divMask of the leading monomial
}

// f4Engine holds the order, the prime and the polynomials of one run.
type f4Engine struct {
	o     monoOrder
	n     int
	p     uint64
	polys []*fpoly
	pairs *pairSet
}

// f4Row is a row of a Macaulay matrix: the multiple u·polys[g] while
// being built, then its columns ascending (greatest monomial first) with
// their coefficients.
type f4Row struct {
	cols []int32
	vals []uint64
}

// macaulay is the matrix of one step: its monomials (column ids in order
// of discovery until sortColumns), their index, and the rows.
type macaulay struct {
	e      *f4Engine
	monos  [][]int32
	index  map[string]int32
	key    []byte
	rows   []f4Row
	pivot  []int32 // per column, the row of its known pivot or −1
	queued int     // monomials examined by symbolic preprocessing
}

func newMacaulay(e *f4Engine) *macaulay {
	return &macaulay{e: e, index: map[string]int32{}}
}

// column is the column id of the monomial u·m, added when new.
func (a *macaulay) column(u, m []int32) int32 {
	a.key = a.key[:0]
	for i := 1; i < len(m); i++ {
		a.key = binary.AppendUvarint(a.key, uint64(u[i]+m[i]))
	}
	if c, ok := a.index[string(a.key)]; ok {
		return c
	}
	c := int32(len(a.monos))
	a.index[string(a.key)] = c
	a.monos = append(a.monos, monoMul(u, m))
	a.pivot = append(a.pivot, -1)
	return c
}

// addRow adds the row u·f; as a known pivot it becomes its leading
// column's pivot. It reports the row's index.
func (a *macaulay) addRow(u []int32, f *fpoly, known bool) int {
	r := f4Row{cols: make([]int32, len(f.m)), vals: f.c}
	for k, m := range f.m {
		r.cols[k] = a.column(u, m)
	}
	a.rows = append(a.rows, r)
	i := len(a.rows) - 1
	if known {
		a.pivot[r.cols[0]] = int32(i)
	}
	return i
}

// preprocess is symbolic preprocessing: every monomial of the rows
// without a pivot that a leading monomial of G divides gets the
// multiple of that element as its pivot row.
func (a *macaulay) preprocess(ctx context.Context, G []*fpoly) error {
	for ; a.queued < len(a.monos); a.queued++ {
		c := a.queued
		if c%1024 == 1023 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if a.pivot[c] >= 0 {
			continue
		}
		m := a.monos[c]
		mask := divMask(m)
		for _, g := range G {
			if g.mask&^mask == 0 && monoDivides(g.m[0], m) {
				a.addRow(monoQuo(m, g.m[0]), g, true)
				break
			}
		}
	}
	return nil
}

// sortColumns renumbers the columns greatest monomial first; rows keep
// their columns ascending, the order being multiplicative.
func (a *macaulay) sortColumns() {
	order := make([]int32, len(a.monos))
	for i := range order {
		order[i] = int32(i)
	}
	o := a.e.o
	slices.SortFunc(order, func(x, y int32) int { return o.cmp(a.monos[y], a.monos[x]) })
	newOf := make([]int32, len(order))
	monos := make([][]int32, len(order))
	pivot := make([]int32, len(order))
	for k, old := range order {
		newOf[old] = int32(k)
		monos[k] = a.monos[old]
		pivot[k] = a.pivot[old]
	}
	for _, r := range a.rows {
		for k, c := range r.cols {
			r.cols[k] = newOf[c]
		}
	}
	a.monos, a.pivot = monos, pivot
}

// reduceRow reduces row r by the pivots, in column order on the dense
// scratch vector, and returns the remainder, monic, or an empty row.
// Pivot rows are monic.
func (a *macaulay) reduceRow(r f4Row, dense []uint64) f4Row {
	p := a.e.p
	for k, c := range r.cols {
		dense[c] = r.vals[k]
	}
	first := int(r.cols[0])
	var out f4Row
	for c := first; c < len(dense); c++ {
		x := dense[c]
		if x == 0 {
			continue
		}
		dense[c] = 0
		if pv := a.pivot[c]; pv >= 0 {
			// dense −= x·pivot row.
			row := a.rows[pv]
			xp := modular.ShoupConstant(x, p)
			for k := 1; k < len(row.cols); k++ {
				j := row.cols[k]
				dense[j] = modular.Sub(dense[j], modular.MulShoup(row.vals[k], x, xp, p), p)
			}
			continue
		}
		out.cols = append(out.cols, int32(c))
		out.vals = append(out.vals, x)
	}
	if len(out.vals) > 0 && out.vals[0] != 1 {
		inv, _ := modular.Inverse(out.vals[0], p)
		ip := modular.ShoupConstant(inv, p)
		for k := range out.vals {
			out.vals[k] = modular.MulShoup(out.vals[k], inv, ip, p)
		}
	}
	return out
}

// polyOf is the row as a polynomial.
func (a *macaulay) polyOf(r f4Row, sugar int32) *fpoly {
	f := &fpoly{m: make([][]int32, len(r.cols)), c: r.vals, sugar: sugar}
	for k, c := range r.cols {
		f.m[k] = a.monos[c]
	}
	f.mask = divMask(f.m[0])
	return f
}

// active is the current basis.
func (e *f4Engine) active() []*fpoly {
	out := make([]*fpoly, len(e.pairs.G))
	for k, g := range e.pairs.G {
		out[k] = e.polys[g]
	}
	return out
}

// groebnerF4 is the reduced Gröbner basis of the ideal the nonzero monic
// polynomials in generate over GF(p), sorted greatest leading monomial
// first.
func groebnerF4(ctx context.Context, in []*fpoly, o monoOrder, n int, p uint64) ([]*fpoly, error) {
	e := &f4Engine{o: o, n: n, p: p}
	e.pairs = &pairSet{lm: func(i int) []int32 { return e.polys[i].m[0] }, sugar: func(i int) int32 { return e.polys[i].sugar }}
	pending := slices.Clone(in) // inputs not yet in a matrix
	one := monoOne(n)
	for len(e.pairs.B) > 0 || len(pending) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// The least sugar among the pairs and the pending inputs.
		d := int32(-1)
		for _, q := range e.pairs.B {
			if d < 0 || q.sugar < d {
				d = q.sugar
			}
		}
		for _, f := range pending {
			if d < 0 || f.sugar < d {
				d = f.sugar
			}
		}
		a := newMacaulay(e)
		var toReduce []int
		// A multiple enters once: for each polynomial, the multipliers
		// already used.
		seen := map[[2]int32]bool{}
		rest := e.pairs.B[:0]
		selected := []critPair{}
		for _, q := range e.pairs.B {
			if q.sugar == d {
				selected = append(selected, q)
			} else {
				rest = append(rest, q)
			}
		}
		e.pairs.B = rest
		for _, q := range selected {
			for _, i := range []int{q.i, q.j} {
				f := e.polys[i]
				u := monoQuo(q.lcm, f.m[0])
				c := a.column(u, f.m[0])
				if seen[[2]int32{int32(i), c}] {
					continue
				}
				seen[[2]int32{int32(i), c}] = true
				known := a.pivot[c] < 0
				r := a.addRow(u, f, known)
				if !known {
					toReduce = append(toReduce, r)
				}
			}
		}
		keep := pending[:0]
		for _, f := range pending {
			if f.sugar != d {
				keep = append(keep, f)
				continue
			}
			toReduce = append(toReduce, a.addRow(one, f, false))
		}
		pending = keep
		if err := a.preprocess(ctx, e.active()); err != nil {
			return nil, err
		}
		a.sortColumns()
		dense := make([]uint64, len(a.monos))
		for k, r := range toReduce {
			if k%16 == 15 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			h := a.reduceRow(a.rows[r], dense)
			if len(h.cols) == 0 {
				continue
			}
			a.rows = append(a.rows, h)
			a.pivot[h.cols[0]] = int32(len(a.rows) - 1)
			e.polys = append(e.polys, a.polyOf(h, d))
			e.pairs.add(len(e.polys) - 1)
		}
	}
	return e.interreduce(ctx, e.active())
}

// interreduce is the reduced basis of a Gröbner basis G: G made minimal
// (the new rows of one step may have leading monomials that divide one
// another), then the matrix of G and the multiples that reduce its
// tails, brought to reduced row echelon form from the smallest leading
// monomial up.
func (e *f4Engine) interreduce(ctx context.Context, all []*fpoly) ([]*fpoly, error) {
	var G []*fpoly
	for i, g := range all {
		redundant := false
		for j, h := range all {
			if i != j && monoDivides(h.m[0], g.m[0]) && (!monoEqual(h.m[0], g.m[0]) || j < i) {
				redundant = true
				break
			}
		}
		if !redundant {
			G = append(G, g)
		}
	}
	a := newMacaulay(e)
	one := monoOne(e.n)
	basisRows := make([]int, len(G))
	for k, g := range G {
		basisRows[k] = a.addRow(one, g, true)
	}
	if err := a.preprocess(ctx, G); err != nil {
		return nil, err
	}
	a.sortColumns()
	// Pivot rows from the last column to the first: each is reduced by
	// pivots whose leading monomials are smaller, already reduced, so
	// one pass leaves only non-pivot columns in its tail.
	dense := make([]uint64, len(a.monos))
	reduced := 0
	for c := len(a.pivot) - 1; c >= 0; c-- {
		pv := a.pivot[c]
		if pv < 0 {
			continue
		}
		if reduced++; reduced%16 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		row := a.rows[pv]
		a.pivot[c] = -1 // the row must not reduce itself
		h := a.reduceRow(row, dense)
		a.rows[pv] = h
		a.pivot[c] = pv
	}
	out := make([]*fpoly, len(G))
	for k, r := range basisRows {
		out[k] = a.polyOf(a.rows[r], G[k].sugar)
	}
	slices.SortFunc(out, func(x, y *fpoly) int { return e.o.cmp(y.m[0], x.m[0]) })
	return out, nil
}
