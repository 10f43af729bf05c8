package modmat

// Block-recursive PLE decomposition over GF(p).
//
// For an m×n matrix A of rank r, P·A = L·E with P a row permutation, L an
// m×r unit lower trapezoidal matrix and E an r×n row echelon matrix whose
// row i has its first nonzero entry (the pivot) in column q_i, q_0 < q_1 <
// …. Pivots are the first nonzero entry of their column at or below the
// current row, so the pivot columns are A's column rank profile and P, L,
// E are those of ordinary Gaussian elimination with that rule.
//
// The recursion splits the columns, A = [A₀ | A₁], as in the PLE of
// Jeannerod, Pernet and Storjohann ("Rank-profile revealing Gaussian
// elimination and the CUP matrix decomposition", J. Symb. Comp. 56 (2013),
// §4) and FLINT's nmod_mat_lu_recursive:
//
//  1. P₁·A₀ = L₁·E₁ recursively, rank r₁;
//  2. the first r₁ rows of P₁·A₁ become L₁₁⁻¹·(them) (a unit triangular
//     solve) and the others lose L₂₁ times those rows (one product, the
//     Schur complement);
//  3. the Schur complement, rows r₁… of the right half, is decomposed
//     recursively, rank r₂, and its row permutation applied to L₁'s rows;
//  4. L₂'s columns move left next to L₁'s when r₁ < n₁ (compaction).
//
// Every step is a product or a triangular solve that recurses onto
// products, so the decomposition costs O(m·n·r^(ω−2)) operations with the
// products of mul.go. The storage is in place: after the call, entry (i, j)
// for j < min(i, r) holds L[i][j], rows i < r hold E[i][j] for j ≥ i
// (explicit zeros before the pivot), and rows i ≥ r are zero from column r
// on. Row swaps exchange whole rows, so columns outside the range being
// decomposed follow the permutation, as LAPACK's row interchanges do.

import (
	"context"

	"jacobian.dev/core/modular"
)

// pleBase is the column width at which the recursion stops and classical
// elimination with Shoup row operations takes over, and trsmBase the order
// of the triangular blocks solved by substitution. Measured as CPU time of
// DeterminantInPlace on one core (n = 200 / n = 400): pleBase 8, 4.09 /
// 24.7 ms; 16, 4.16 / 24.6 ms; 32, 4.98 / 26.9 ms (trsmBase 16); then
// trsmBase 8, 3.93 / 23.4 ms; 16, about 4.0 / 24.8 ms; 32, 4.68 / 25.3 ms;
// 64, 5.54 / 30.0 ms.
const (
	pleBase  = 16
	trsmBase = 8
)

// pollEvery is the column width from which a recursive step polls its
// context: a step of width 64 on a few hundred rows is about a millisecond.
const pollEvery = 64

// ple decomposes columns [c0, c1) of a in place (see the file comment),
// swapping whole rows of a and the matching entries of perm. With
// stopShort it returns early (the rank then is only a lower bound) as soon
// as a column without pivot shows that the rank is below c1 − c0; the
// determinant uses it. pivots receives the pivot columns relative to c0.
func ple(ctx context.Context, a Matrix, c0, c1 int, m modular.Modulus, perm []int, pivots []int, stopShort bool) (int, []int, error) {
	width := c1 - c0
	if width >= pollEvery {
		if err := ctx.Err(); err != nil {
			return 0, pivots, err
		}
	}
	if width <= pleBase || a.rows <= pleBase {
		return pleClassical(a, c0, c1, m, perm, pivots, stopShort)
	}
	n1 := width / 2
	mid := c0 + n1
	r1, pivots, err := ple(ctx, a, c0, mid, m, perm, pivots, stopShort)
	if err != nil {
		return 0, pivots, err
	}
	if stopShort && r1 < n1 {
		return r1, pivots, nil
	}
	if r1 > 0 {
		l11 := a.Slice(0, r1, c0, c0+r1)
		x := a.Slice(0, r1, mid, c1)
		if err := trsmLowerUnit(ctx, l11, x, m); err != nil {
			return 0, pivots, err
		}
		if r1 < a.rows {
			if err := mulInto(ctx, a.Slice(r1, a.rows, mid, c1), a.Slice(r1, a.rows, c0, c0+r1), x, m, opSub); err != nil {
				return 0, pivots, err
			}
		}
	}
	lower := a.Slice(r1, a.rows, 0, a.cols)
	first := len(pivots)
	r2, pivots, err := ple(ctx, lower, mid, c1, m, perm[r1:], pivots, stopShort)
	if err != nil {
		return 0, pivots, err
	}
	for k := first; k < len(pivots); k++ {
		pivots[k] += n1
	}
	if r1 < n1 && r2 > 0 {
		// Compaction: L₂ from columns mid… to columns c0+r1…, and the
		// vacated entries, which belong to E or to the zero part, cleared.
		for t := 0; t < lower.rows; t++ {
			row := lower.Row(t)
			k := min(t, r2)
			copy(row[c0+r1:c0+r1+k], row[mid:mid+k])
			clear(row[max(mid, c0+r1+k) : mid+k])
		}
	}
	return r1 + r2, pivots, nil
}

// pleClassical is the same decomposition by classical elimination.
func pleClassical(a Matrix, c0, c1 int, m modular.Modulus, perm []int, pivots []int, stopShort bool) (int, []int, error) {
	p := m.P
	r := 0
	var shoupBuf [pleBase]uint64
	shoupScratch := shoupBuf[:]
	if c1-c0 > pleBase {
		shoupScratch = make([]uint64, c1-c0)
	}
	for c := c0; c < c1 && r < a.rows; c++ {
		piv := -1
		for i := r; i < a.rows; i++ {
			if a.At(i, c) != 0 {
				piv = i
				break
			}
		}
		if piv < 0 {
			if stopShort {
				return r, pivots, nil
			}
			continue
		}
		if piv != r {
			swapRows(a, piv, r)
			perm[piv], perm[r] = perm[r], perm[piv]
		}
		top := a.Row(r)[c+1 : c1]
		inv, _ := m.Inverse(a.At(r, c))
		invp := modular.ShoupConstant(inv, p)
		// The pivot row multiplies every row below, so its entries get
		// the Shoup constants (one division each), not the multipliers.
		topShoup := shoupScratch[:len(top)]
		for j, v := range top {
			topShoup[j] = modular.ShoupConstant(v, p)
		}
		for i := r + 1; i < a.rows; i++ {
			row := a.Row(i)
			x := row[c]
			if x == 0 {
				continue
			}
			f := modular.MulShoup(x, inv, invp, p)
			row[c] = 0
			row[c0+r] = f
			subMulShoup(row[c+1:c1], top, topShoup, f, p)
		}
		pivots = append(pivots, c-c0)
		r++
	}
	return r, pivots, nil
}

// axpySub sets dst −= f·src.
func axpySub(dst, src []uint64, f, p uint64) {
	subMulConst(dst, src[:len(dst)], f, modular.ShoupConstant(f, p), p)
}

func swapRows(a Matrix, i, j int) {
	ri, rj := a.Row(i), a.Row(j)
	for k := range ri {
		ri[k], rj[k] = rj[k], ri[k]
	}
}

// trsmLowerUnit overwrites X with L⁻¹·X for a unit lower triangular L
// (its diagonal and upper part are ignored), recursively on products.
func trsmLowerUnit(ctx context.Context, l, x Matrix, m modular.Modulus) error {
	r := l.rows
	if r <= trsmBase {
		for i := 1; i < r; i++ {
			xi := x.Row(i)
			for j, f := range l.Row(i)[:i] {
				if f != 0 {
					axpySub(xi, x.Row(j), f, m.P)
				}
			}
		}
		return nil
	}
	h := r / 2
	x0, x1 := x.Slice(0, h, 0, x.cols), x.Slice(h, r, 0, x.cols)
	if err := trsmLowerUnit(ctx, l.Slice(0, h, 0, h), x0, m); err != nil {
		return err
	}
	if err := mulInto(ctx, x1, l.Slice(h, r, 0, h), x0, m, opSub); err != nil {
		return err
	}
	return trsmLowerUnit(ctx, l.Slice(h, r, h, r), x1, m)
}

// trsmUpper overwrites X with U⁻¹·X for an upper triangular U with
// nonzero diagonal (its lower part is ignored), recursively on products.
func trsmUpper(ctx context.Context, u, x Matrix, m modular.Modulus) error {
	r := u.rows
	if r <= trsmBase {
		p := m.P
		for i := r - 1; i >= 0; i-- {
			xi := x.Row(i)
			for j := i + 1; j < r; j++ {
				if f := u.At(i, j); f != 0 {
					axpySub(xi, x.Row(j), f, p)
				}
			}
			inv, _ := m.Inverse(u.At(i, i))
			invp := modular.ShoupConstant(inv, p)
			for j, v := range xi {
				xi[j] = modular.MulShoup(v, inv, invp, p)
			}
		}
		return nil
	}
	h := r / 2
	x0, x1 := x.Slice(0, h, 0, x.cols), x.Slice(h, r, 0, x.cols)
	if err := trsmUpper(ctx, u.Slice(h, r, h, r), x1, m); err != nil {
		return err
	}
	if err := mulInto(ctx, x0, u.Slice(0, h, h, r), x1, m, opSub); err != nil {
		return err
	}
	return trsmUpper(ctx, u.Slice(0, h, 0, h), x0, m)
}

// PLE is the decomposition P·A = L·E of a matrix over GF(p) (see the
// file comment), kept in compact form.
type PLE struct {
	lu      Matrix // L below the diagonal, E on and above it
	perm    []int  // row i of P·A is row perm[i] of A
	pivots  []int  // pivot columns, increasing
	rank    int
	modulus modular.Modulus
}

// Decompose computes the PLE decomposition of a (which is not modified),
// searching the first pivotCols columns for pivots; pass a.Cols() to
// search them all. The other columns are carried along: in the result
// they hold L⁻¹ applied to them, as an augmented matrix [A | B] reduced
// with respect to A alone. p < 2^62.
func Decompose(ctx context.Context, a Matrix, pivotCols int, m modular.Modulus) (*PLE, error) {
	mustModulus(m)
	if pivotCols < 0 || pivotCols > a.cols {
		panic("modmat.Decompose: pivot columns out of range")
	}
	f := &PLE{lu: a.Clone(), perm: identityPerm(a.rows), modulus: m}
	r, pivots, err := ple(ctx, f.lu, 0, pivotCols, m, f.perm, nil, false)
	if err != nil {
		return nil, err
	}
	f.rank, f.pivots = r, pivots
	if pivotCols < a.cols && r > 0 {
		// The carried columns: the first r rows get L₁₁⁻¹, the others the
		// Schur complement.
		x := f.lu.Slice(0, r, pivotCols, a.cols)
		if err := trsmLowerUnit(ctx, f.lu.Slice(0, r, 0, r), x, m); err != nil {
			return nil, err
		}
		if r < a.rows {
			if err := mulInto(ctx, f.lu.Slice(r, a.rows, pivotCols, a.cols), f.lu.Slice(r, a.rows, 0, r), x, m, opSub); err != nil {
				return nil, err
			}
		}
	}
	return f, nil
}

func identityPerm(n int) []int {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	return perm
}

// Rank returns the rank over GF(p) (within the pivot columns).
func (f *PLE) Rank() int { return f.rank }

// Pivots returns the pivot columns, increasing.
func (f *PLE) Pivots() []int { return append([]int(nil), f.pivots...) }

// RowOrder returns the original indices of the rows in P·A; the first
// Rank of them supply the pivots, and those rows restricted to the pivot
// columns form a nonsingular submatrix.
func (f *PLE) RowOrder() []int { return append([]int(nil), f.perm...) }

// Echelon returns E padded with zero rows to the shape of A: the row
// echelon form of P·A, in the carried columns as well.
func (f *PLE) Echelon() Matrix {
	e := New(f.lu.rows, f.lu.cols)
	for i := range f.rank {
		copy(e.Row(i)[i:], f.lu.Row(i)[i:])
	}
	for i := f.rank; i < f.lu.rows; i++ {
		copy(e.Row(i)[f.rank:], f.lu.Row(i)[f.rank:])
	}
	return e
}

// Determinant returns det A for a square A decomposed over all its
// columns: 0 unless the rank is full, else the sign of P times the
// product of the pivots.
func (f *PLE) Determinant() uint64 {
	n := f.lu.rows
	if f.lu.cols != n {
		panic("modmat.PLE.Determinant: matrix not square")
	}
	if f.rank < n {
		return 0
	}
	return signedDiagonal(f.lu, f.perm, f.modulus)
}

func signedDiagonal(lu Matrix, perm []int, m modular.Modulus) uint64 {
	d := uint64(1) % m.P
	for i := range lu.rows {
		d = m.Mul(d, lu.At(i, i))
	}
	if permutationOdd(perm) {
		d = modular.Neg(d, m.P)
	}
	return d
}

// permutationOdd reports whether perm is an odd permutation, by counting
// the cycles.
func permutationOdd(perm []int) bool {
	seen := make([]bool, len(perm))
	odd := false
	for i := range perm {
		if seen[i] {
			continue
		}
		length := 0
		for j := i; !seen[j]; j = perm[j] {
			seen[j] = true
			length++
		}
		if length%2 == 0 {
			odd = !odd
		}
	}
	return odd
}

// Determinant returns det A mod p for a square A (not modified); the 0×0
// determinant is 1. The block-recursive PLE stops at the first column
// without pivot, so a singular matrix costs no more than its regular part.
func Determinant(ctx context.Context, a Matrix, m modular.Modulus) (uint64, error) {
	if a.rows != a.cols {
		panic("modmat.Determinant: matrix not square")
	}
	mustModulus(m)
	return DeterminantInPlace(ctx, a.Clone(), m)
}

// DeterminantInPlace is Determinant on a matrix it overwrites.
func DeterminantInPlace(ctx context.Context, a Matrix, m modular.Modulus) (uint64, error) {
	perm := identityPerm(a.rows)
	r, _, err := ple(ctx, a, 0, a.cols, m, perm, nil, true)
	if err != nil {
		return 0, err
	}
	if r < a.rows {
		return 0, nil
	}
	return signedDiagonal(a, perm, m), nil
}

// Rank returns the rank of A over GF(p).
func Rank(ctx context.Context, a Matrix, m modular.Modulus) (int, error) {
	mustModulus(m)
	perm := identityPerm(a.rows)
	r, _, err := ple(ctx, a.Clone(), 0, a.cols, m, perm, nil, false)
	return r, err
}

// ReducedRowEchelon returns the reduced row echelon form of A over GF(p)
// and its pivot columns, searching the first pivotCols columns for pivots
// (pass a.Cols() for all), like modular.ReducedRowEchelon: the rows of the
// result are those of Gaussian elimination with first-nonzero pivoting,
// the zero rows (zero in the pivot columns, reduced in the others) last.
// From the PLE decomposition, the nonzero rows are U⁻¹·E for U the pivot
// columns of E, one triangular solve on products.
func ReducedRowEchelon(ctx context.Context, a Matrix, pivotCols int, m modular.Modulus) (Matrix, []int, error) {
	f, err := Decompose(ctx, a, pivotCols, m)
	if err != nil {
		return Matrix{}, nil, err
	}
	e := f.Echelon()
	r := f.rank
	if r == 0 {
		return e, f.pivots, nil
	}
	u := New(r, r)
	for i := range r {
		for k, c := range f.pivots {
			u.Set(i, k, e.At(i, c))
		}
	}
	if err := trsmUpper(ctx, u, e.Slice(0, r, 0, e.cols), m); err != nil {
		return Matrix{}, nil, err
	}
	return e, f.pivots, nil
}

// Solver solves A·x = b modulo p for one square nonsingular A and many
// right-hand sides, from its PLE decomposition: each solve is two
// triangular substitutions whose inner products are reduced once.
type Solver struct {
	lu      Matrix
	perm    []int
	diagInv []uint64
	modulus modular.Modulus
	det     uint64
}

// NewSolver decomposes A (not modified); ok is false when A is singular
// modulo p.
func NewSolver(ctx context.Context, a Matrix, m modular.Modulus) (s *Solver, ok bool, err error) {
	if a.rows != a.cols {
		panic("modmat.NewSolver: matrix not square")
	}
	mustModulus(m)
	lu := a.Clone()
	perm := identityPerm(a.rows)
	r, _, err := ple(ctx, lu, 0, a.cols, m, perm, nil, true)
	if err != nil || r < a.rows {
		return nil, false, err
	}
	s = &Solver{lu: lu, perm: perm, modulus: m, diagInv: make([]uint64, a.rows)}
	for i := range s.diagInv {
		s.diagInv[i], _ = m.Inverse(lu.At(i, i))
	}
	s.det = signedDiagonal(lu, perm, m)
	return s, true, nil
}

// Determinant returns det A mod p.
func (s *Solver) Determinant() uint64 { return s.det }

// Solve writes A⁻¹·b into x (len n each; x and b may not alias).
func (s *Solver) Solve(x, b []uint64) {
	m := s.modulus
	n := len(s.perm)
	// L·y = P·b, y in x.
	for i := range n {
		v := b[s.perm[i]]
		x[i] = m.Sub(v, m.Dot(s.lu.Row(i)[:i], x[:i]))
	}
	// U·x = y.
	for i := n - 1; i >= 0; i-- {
		row := s.lu.Row(i)
		v := m.Sub(x[i], m.Dot(row[i+1:], x[i+1:n]))
		x[i] = m.Mul(v, s.diagInv[i])
	}
}
