package matrix

// Fraction-free elimination.
//
// The determinant, rank, RREF, inverse, nullspace and linear systems of
// small matrices run through one routine, which is also the reference and
// the fallback of the multi-modular methods used for larger ones
// (determinant_crt.go, rref_crt.go): Gaussian elimination over Z in which
// no fraction ever appears. Bareiss ("Sylvester's identity
// and multistep integer-preserving Gaussian elimination", Math. Comp. 22
// (1968) 565–578) observed that after k pivot steps every entry of the
// working matrix is a (k+1)×(k+1) minor of the input: with p the current
// pivot and d the previous one,
//
//	a[i][j] ← (p·a[i][j] − a[i][c]·a[r][j]) / d
//
// divides exactly (Sylvester's determinant identity), so entries grow only
// linearly in k instead of doubling each step as they would with plain
// cross-multiplication, and no gcd is ever taken.
//
// Applied to the rows below the pivot only, this is Bareiss's one-step
// method and the last pivot is the determinant (up to the sign of the row
// swaps). Applied to every other row as well, it is the fraction-free
// Gauss–Jordan reduction (Nakos, Turner and Williams, "Fraction-free
// algorithms for linear and polynomial equations", SIGSAM Bull. 31 (1997)):
// the rows above the pivot are updated by the same formula, every pivot
// entry ends equal to the last pivot D, and the working matrix is D times
// the reduced row echelon form. Dividing by D once at the end gives the
// RREF, the inverse (from [A | I]) and the solutions of linear systems
// (from [A | b]).
//
// Rational input is first made integral row by row: multiplying a row by
// the lcm of its denominators changes neither the row space (so neither the
// RREF, the rank, the kernel nor the solution set of an augmented system)
// and scales the determinant by a known factor.
//
// Pivots are chosen as the first nonzero entry at or below the current row
// in the current column, so the result (including which rows are swapped)
// is deterministic. Columns without a pivot are skipped, which keeps the
// invariant: the entries remain minors built on the pivot columns chosen
// so far.

import (
	"context"
	"math/big"
)

// echelon is the outcome of fraction-free elimination.
type echelon struct {
	// a is the working matrix after elimination, rows permuted so that
	// pivot k sits in row k.
	a [][]*big.Int
	// pivots are the pivot columns, increasing.
	pivots []int
	// last is the last pivot (1 if there was none): the common multiplier
	// of the RREF after full reduction, the determinant up to sign after
	// forward elimination of a nonsingular square matrix.
	last *big.Int
	// swaps counts the row transpositions performed.
	swaps int
}

// eliminate runs fraction-free elimination on a in place, searching the
// first pivotCols columns for pivots. With full set, the rows above each
// pivot are reduced too (Gauss–Jordan); otherwise only the rows below
// (Bareiss). It polls ctx once per pivot step and reports progress.
func eliminate(ctx context.Context, a [][]*big.Int, pivotCols int, full bool) (*echelon, error) {
	rows := len(a)
	prev := big.NewInt(1)
	var t, u big.Int
	e := &echelon{a: a}
	r := 0
	for c := 0; c < pivotCols && r < rows; c++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		reportEvery(ctx, c, pivotCols, "eliminating column")
		piv := -1
		for i := r; i < rows; i++ {
			if a[i][c].Sign() != 0 {
				piv = i
				break
			}
		}
		if piv < 0 {
			continue
		}
		if piv != r {
			a[piv], a[r] = a[r], a[piv]
			e.swaps++
		}
		p := a[r][c]
		pivotRow := a[r]
		for i := 0; i < rows; i++ {
			if i == r || (!full && i < r) {
				continue
			}
			// A row update on long entries can take milliseconds; poll per
			// row so cancellation is prompt.
			if i%8 == 7 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			row := a[i]
			f := row[c]
			// Rows below the pivot are zero in every column before c
			// (pivot columns were cleared, skipped columns were zero from
			// row r down), so their update starts at c+1. Rows above may
			// hold nonzero entries in skipped columns before c, which the
			// identity scales by p/d.
			start := c + 1
			if i < r {
				start = 0
			}
			for j := start; j < len(row); j++ {
				if j == c {
					continue
				}
				x := row[j]
				y := pivotRow[j]
				if f.Sign() == 0 || y.Sign() == 0 {
					if x.Sign() == 0 {
						continue
					}
					t.Mul(p, x)
				} else {
					t.Mul(p, x)
					u.Mul(f, y)
					t.Sub(&t, &u)
				}
				if prev.BitLen() > 1 || prev.Sign() < 0 {
					x.Quo(&t, prev)
				} else {
					x.Set(&t)
				}
			}
			f.SetInt64(0)
		}
		e.pivots = append(e.pivots, c)
		// Copy: in full reduction the pivot entry itself is rescaled by
		// later steps, while it must keep serving as their divisor.
		prev = new(big.Int).Set(p)
		r++
	}
	e.last = prev
	return e, nil
}

// reportEvery reports progress on long loops without flooding the
// listener: at most about 32 reports per run, none for short loops.
func reportEvery(ctx context.Context, done, total int, message string) {
	if total >= 16 && done%(total/32+1) == 0 {
		reportProgress(ctx, done, total, message)
	}
}
