package polynomial

// Van Hoeij's recombination (M. van Hoeij, "Factoring polynomials and the
// knapsack problem", J. Number Theory 95, 2002), with power sums as the
// knapsack data and the lattice grown a few columns at a time, as in
// Belabas, van Hoeij, Klüners and Steel, "Factoring polynomials over
// global fields", J. Théor. Nombres Bordeaux 21 (2009), §2.
//
// Let a have leading coefficient ℓ and lifted monic factors g_1, …, g_r
// modulo M = p^k. Each true factor g of a is, modulo M, lc(g)·∏_{i∈S} g_i
// for one subset S, and the indicator vectors χ_S of the true factors
// span a lattice W ⊆ Z^r whose reduced echelon basis is exactly those
// indicators. For the power sums p_j(h) = Σ α^j over the roots α of h,
// p_j is additive over products, and ℓ·α is an algebraic integer for
// every root α of a, so ℓ^j·p_j(g) is an integer of absolute value at
// most n·(ℓR)^j for a root bound R of a (Fujiwara's). Hence for v = χ_S
//
//	Σ_i v_i·T_ij ≡ ℓ^j·p_j(g)   (mod M),   T_ij = ℓ^j·p_j(g_i) mod M,
//
// is small, while for most other integer vectors it is of the size of M.
// The lattice spanned by the rows (2^c·e_i | ⌊T_ij/2^s_j⌋) and
// (0 | ⌊M/2^s_j⌋), with 2^c ≥ 2r and 2^(s_j + c) ≥ n·(ℓR)^j, contains
// (2^c·χ_S | …) with the j-th entry below 2^(c+1) (2^c for ℓ^j·p_j(g), at
// most 1.5·|S| + 1 for the floors); only the top bits of M are kept,
// ⌊M/2^s_j⌋ of latticeMargin + c bits, since the lower ones would only
// lengthen the reduction. After LLL reduction the rows whose Gram–Schmidt norm exceeds
// the bound on ‖χ_S‖ are dropped (no vector of that length lies outside
// the span of the others), which keeps W inside and shrinks the rest.
// Columns are added until the kept rows have as many distinct columns in
// their first r coordinates as rows: then they are W's basis up to a
// unimodular change, equal columns name the factors of one subset, and
// each subset's product is tried by exact division. One row left proves
// a irreducible. When the precision runs out before that, a is lifted
// further and the search restarts.

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"jacobian.dev/core/gfpoly"
	"jacobian.dev/core/lattice"
)

// vanHoeijColumns is how many power sums join the lattice per reduction.
const vanHoeijColumns = 3

// maxRelifts bounds how often the precision is raised, by half each time.
const maxRelifts = 12

// recombineVanHoeij recombines the factors of a modulo p by van Hoeij's
// lattice alone, lifting as far as the power sums need: the lattice
// stage of recombine, tested on its own against the subset search.
func recombineVanHoeij(ctx context.Context, F *gfpoly.Field, a zpoly, modp [][]uint64) ([]zpoly, error) {
	lifted := make([]zpoly, len(modp))
	for i, g := range modp {
		lifted[i] = toZ(g)
	}
	return vanHoeijLifted(ctx, F, a, lifted, new(big.Int).SetUint64(F.Modulus()))
}

// vanHoeijLifted recombines the lifted monic factors of a modulo m (a
// power of p) by van Hoeij's lattice, first lifting them further, from
// their residues modulo p, when m is below the precision the
// recombination's trial divisions and its first power sums need, and
// again, by half as many bits each time, when the lattice runs out of
// precision.
func vanHoeijLifted(ctx context.Context, F *gfpoly.Field, a zpoly, lifted []zpoly, m *big.Int) ([]zpoly, error) {
	r := len(lifted)
	rb := rootBits(a)
	bits := vanHoeijBits(a, r)
	var modp [][]uint64
	for relift := 0; relift <= maxRelifts; relift++ {
		if m.BitLen() <= bits {
			if modp == nil {
				modp = make([][]uint64, r)
				for i, g := range lifted {
					modp[i] = fromZ(g, F.Modulus())
				}
			}
			var err error
			if lifted, m, err = henselLift(ctx, F, a, modp, exponentFor(F.Modulus(), bits)); err != nil {
				return nil, err
			}
		}
		out, ok, err := vanHoeij(ctx, a, lifted, m, rb)
		if err != nil || ok {
			return out, err
		}
		bits = max(bits, m.BitLen()) + bits/2
	}
	return nil, fmt.Errorf("van Hoeij recombination of %d modular factors did not finish at %d bits of p-adic precision", r, bits)
}

// vanHoeijBits is the precision the lattice starts from with r modular
// factors of a: enough for the recombination's trial divisions and for a
// few power sums above the lattice's margin.
func vanHoeijBits(a zpoly, r int) int {
	return max(mignotteBits(a), latticeMargin(r)+scaleBits(r)+boundBits(a.deg(), vanHoeijColumns, rootBits(a)))
}

// rootBits bounds log2(ℓ·R) for ℓ = lc(a) and Fujiwara's root bound
// R = 2·max_i |a_{n−i}/a_n|^(1/i).
func rootBits(a zpoly) float64 {
	n := a.deg()
	lcBits := a.lc().BitLen()
	logR := math.Inf(-1)
	for i := 1; i <= n; i++ {
		if c := a[n-i]; c.Sign() != 0 {
			logR = max(logR, float64(c.BitLen()-lcBits+1)/float64(i))
		}
	}
	return float64(lcBits) + 1 + max(logR, 0)
}

// boundBits is s with 2^s ≥ n·(ℓR)^j.
func boundBits(n, j int, rb float64) int {
	return big.NewInt(int64(n)).BitLen() + int(math.Ceil(float64(j)*rb))
}

// latticeMargin is how many bits ⌊M/2^s⌋ must keep for the reduction to
// separate the short vectors: about half the dimension, as LLL's
// approximation factor, and a constant.
func latticeMargin(r int) int { return r/2 + 20 }

// scaleBits is the scale of the identity part, with 2^scale ≥ 2r.
func scaleBits(r int) int { return big.NewInt(int64(2 * r)).BitLen() }

// powerSums extends sums (p_1, …, p_{len}) of the monic g modulo m to
// p_1, …, p_k by Newton's identities.
func powerSums(g zpoly, sums []*big.Int, k int, m *big.Int) []*big.Int {
	d := g.deg()
	var t big.Int
	for j := len(sums) + 1; j <= k; j++ {
		s := new(big.Int)
		if j <= d {
			s.Mul(big.NewInt(int64(j)), g[d-j])
		}
		for i := 1; i < j && i <= d; i++ {
			s.Add(s, t.Mul(g[d-i], sums[j-i-1]))
		}
		s.Neg(s).Mod(s, m)
		sums = append(sums, s)
	}
	return sums
}

// vanHoeij runs the lattice recombination at modulus m; ok is false when
// the precision runs out first.
func vanHoeij(ctx context.Context, a zpoly, lifted []zpoly, m *big.Int, rb float64) ([]zpoly, bool, error) {
	r, n := len(lifted), a.deg()
	lc := a.lc()
	half := new(big.Int).Rsh(m, 1)
	// The identity part is scaled by 2^scale ≥ 2r, and the entries are
	// kept scale bits lower, so that the rounding error (below 1.5r + 1
	// per column) stays under 2^scale and ‖χ_S‖² ≤ 4^scale·(r + 4·columns).
	scale := scaleBits(r)
	sums := make([][]*big.Int, r)
	basis := make([][]*big.Int, r)
	for i := range basis {
		basis[i] = make([]*big.Int, r)
		for j := range basis[i] {
			basis[i][j] = big.NewInt(0)
		}
		basis[i][i].Lsh(big.NewInt(1), uint(scale))
	}
	columns := 0
	for j := 1; ; {
		added := 0
		for ; added < vanHoeijColumns; j++ {
			s := boundBits(n, j, rb)
			if m.BitLen()-s < latticeMargin(r) {
				break
			}
			// Only the top latticeMargin bits of each entry are kept: the
			// lower ones only lengthen the reduction.
			s = m.BitLen() - latticeMargin(r) - scale
			lj := new(big.Int).Exp(lc, big.NewInt(int64(j)), m)
			col := make([]*big.Int, r)
			for i := range lifted {
				sums[i] = powerSums(lifted[i], sums[i], j, m)
				t := new(big.Int).Mul(sums[i][j-1], lj)
				t.Mod(t, m)
				if t.Cmp(half) > 0 {
					t.Sub(t, m)
				}
				col[i] = t.Rsh(t, uint(s)) // floor
			}
			// Every row, the earlier rows ⌊M/2^s⌋ included (their first
			// r coordinates are zero), gets the new column.
			for k := range basis {
				v := new(big.Int)
				var prod, c big.Int
				for i := range r {
					if basis[k][i].Sign() != 0 {
						// The first r coordinates are multiples of 2^scale.
						v.Add(v, prod.Mul(c.Rsh(basis[k][i], uint(scale)), col[i]))
					}
				}
				basis[k] = append(basis[k], v)
			}
			extra := make([]*big.Int, r+columns+1)
			for i := range extra {
				extra[i] = new(big.Int)
			}
			extra[r+columns].Rsh(m, uint(s))
			basis = append(basis, extra)
			columns++
			added++
		}
		if added == 0 {
			return nil, false, nil
		}
		// δ = 3/4, Lenstra–Lenstra–Lovász's own: the pruning argument holds
		// for any reduced basis, and the weaker reduction is about half
		// the cost of δ = 0.99 on the Swinnerton-Dyer lattices.
		res, err := lattice.ReduceBasis(ctx, basis, lattice.Params{Delta: 0.75, Eta: 0.51})
		if err != nil {
			return nil, false, err
		}
		basis = res.Basis
		// A factor 2 over the bound on ‖χ_S‖² covers the floating-point
		// Gram–Schmidt norms.
		bound := 2 * math.Ldexp(float64(r+4*columns), 2*scale)
		gs := gramSchmidtNorms(basis)
		for len(basis) > 0 && gs[len(basis)-1] > bound {
			basis = basis[:len(basis)-1]
		}
		switch len(basis) {
		case 0:
			return nil, false, fmt.Errorf("van Hoeij recombination: every vector was pruned, below the bound on the factors' vectors")
		case 1:
			return []zpoly{a}, true, nil
		}
		groups, ok := columnGroups(basis, r)
		if !ok {
			continue
		}
		if out, ok, err := tryGroups(ctx, a, lifted, m, groups); err != nil || ok {
			return out, ok, err
		}
	}
}

// gramSchmidtNorms returns ‖b*_i‖² in floating point.
func gramSchmidtNorms(b [][]*big.Int) []float64 {
	d := len(b)
	vs := make([][]float64, d)
	out := make([]float64, d)
	for i, row := range b {
		v := make([]float64, len(row))
		for k, x := range row {
			v[k], _ = new(big.Float).SetInt(x).Float64()
		}
		for j := range i {
			if out[j] == 0 {
				continue
			}
			mu := dotF(v, vs[j]) / out[j]
			for k := range v {
				v[k] -= mu * vs[j][k]
			}
		}
		vs[i], out[i] = v, dotF(v, v)
	}
	return out
}

func dotF(x, y []float64) float64 {
	s := 0.0
	for i := range x {
		s += x[i] * y[i]
	}
	return s
}

// columnGroups groups the indices 0..r−1 by equal columns of the first r
// coordinates of b; ok when there are as many groups as rows and no
// column is zero.
func columnGroups(b [][]*big.Int, r int) ([][]int, bool) {
	index := map[string]int{}
	var groups [][]int
	for i := range r {
		var key strings.Builder
		zero := true
		for _, row := range b {
			key.WriteString(row[i].String())
			key.WriteByte(',')
			zero = zero && row[i].Sign() == 0
		}
		if zero {
			return nil, false
		}
		k, seen := index[key.String()]
		if !seen {
			k = len(groups)
			index[key.String()] = k
			groups = append(groups, nil)
		}
		groups[k] = append(groups[k], i)
	}
	return groups, len(groups) == len(b)
}

// tryGroups tries each group's product as a factor; ok when all divide.
func tryGroups(ctx context.Context, a zpoly, lifted []zpoly, m *big.Int, groups [][]int) ([]zpoly, bool, error) {
	// The largest group is the cofactor, found by division.
	slices.SortFunc(groups, func(x, y []int) int { return groupDegree(lifted, x) - groupDegree(lifted, y) })
	rest := a
	var out []zpoly
	for _, grp := range groups[:len(groups)-1] {
		gs := make([]zpoly, len(grp))
		for i, k := range grp {
			gs[i] = lifted[k]
		}
		g, err := candidate(ctx, a.lc(), gs, m)
		if err != nil {
			return nil, false, err
		}
		if len(g) == 0 || g.deg() != groupDegree(lifted, grp) {
			return nil, false, nil
		}
		q, ok, err := divides(ctx, rest, g)
		if err != nil || !ok {
			return nil, false, err
		}
		out, rest = append(out, g), q
	}
	if rest.lc().Sign() < 0 {
		rest = zscale(rest, big.NewInt(-1))
	}
	return append(out, rest), true, nil
}

func groupDegree(lifted []zpoly, grp []int) int {
	d := 0
	for _, k := range grp {
		d += lifted[k].deg()
	}
	return d
}
