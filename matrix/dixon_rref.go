package matrix

// The reduced row echelon form by Dixon lifting.
//
// For an m×N integer matrix B of rank r with column rank profile J (the
// pivot columns) and rows I with S = B[I, J] nonsingular, the nonzero rows
// of the RREF are X = S⁻¹·B[I, :] (rref_crt.go): the identity on J and,
// on the other columns, the solution of S·Z = B[I, J̄], a nonsingular
// system for Dixon lifting (dixon.go). J and I come from one elimination
// modulo a random prime; if that prime was unlucky, X fails the shape of
// an RREF or the certificate of rref_crt.go (every row of B outside I is
// the combination of X's rows given by its entries in J), and the
// multi-modular method runs instead. With det S ≠ 0 (S is nonsingular
// modulo the lifting prime) the certificate proves rowspace(B) =
// rowspace(X), so X is the RREF.
//
// Where the multi-modular method reconstructs every entry of D·X from
// images modulo primes up to Hadamard's bound on the r-minors of B[I, :],
// lifting needs the precision of L·Z alone, with L the common denominator
// of Z, and solves only for the N − r non-pivot columns.

import (
	"context"
	"math/big"

	"jacobian.dev/core"
	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// reduceRREF is reduce for a plain RREF (pivots in every column): Dixon
// lifting from rrefMultimodularThreshold rows and columns, the
// multi-modular or fraction-free methods otherwise or when it declines.
func reduceRREF(ctx context.Context, rows [][]core.Rational) (*reduced, error) {
	cols := 0
	if len(rows) > 0 {
		cols = len(rows[0])
	}
	if min(len(rows), cols) >= rrefMultimodularThreshold {
		b, _ := ints(rows...)
		red, ok, err := reduceDixon(ctx, b, modular.RandomPrime(matrixRNG(rows), modular.PrimeBits))
		if err != nil || ok {
			return red, err
		}
	}
	return reduce(ctx, rows, cols)
}

// reduceDixon computes the RREF of the integer rows b (pivots in every
// column) as described above; p0 is the prime that fixes the rank
// profile. ok is false when lifting does not apply or the certificate
// fails.
func reduceDixon(ctx context.Context, b [][]*big.Int, p0 uint64) (*reduced, bool, error) {
	m, cols := len(b), len(b[0])
	profile, err := modmat.Decompose(ctx, reduceModmat(b, p0), cols, modular.NewModulus(p0))
	if err != nil {
		return nil, false, err
	}
	pivots, rowsI := profile.Pivots(), profile.RowOrder()[:profile.Rank()]
	r := len(pivots)
	if r == 0 || r == cols {
		// All zero, or the identity: nothing to lift.
		return nil, false, nil
	}
	isPivot := make([]bool, cols)
	for _, c := range pivots {
		isPivot[c] = true
	}
	var free []int
	for c := range cols {
		if !isPivot[c] {
			free = append(free, c)
		}
	}
	// [S | B[I, J̄]] as the rows of one system.
	sys := make([][]*big.Int, r)
	for k, i := range rowsI {
		sys[k] = make([]*big.Int, 0, cols)
		for _, c := range pivots {
			sys[k] = append(sys[k], b[i][c])
		}
		for _, c := range free {
			sys[k] = append(sys[k], b[i][c])
		}
	}
	z, ok, err := dixonSolve(ctx, sys, r)
	if err != nil || !ok {
		return nil, false, err
	}
	// D·X with D the lcm of Z's denominators, zero rows below the rank.
	d := big.NewInt(1)
	var g big.Int
	for _, row := range z {
		for _, x := range row {
			den := denominator(x.Rat())
			if new(big.Int).Rem(d, den).Sign() != 0 {
				g.GCD(nil, nil, d, den)
				d.Mul(d, new(big.Int).Quo(den, &g))
			}
		}
	}
	dx := make([][]*big.Int, m)
	for k := range dx {
		dx[k] = make([]*big.Int, cols)
		for j := range dx[k] {
			dx[k][j] = new(big.Int)
		}
		if k >= r {
			continue
		}
		dx[k][pivots[k]].Set(d)
		for l, c := range free {
			x := z[k][l].Rat()
			v := dx[k][c].Quo(d, x.Denom())
			v.Mul(v, x.Num())
		}
	}
	red := &reduced{a: dx, last: d, pivots: pivots, inconsistent: []bool{}, fractions: make([][]core.Rational, r)}
	zero, one := ratInt64(0), ratInt64(1)
	for k := range red.fractions {
		row := make([]core.Rational, cols)
		for j := range row {
			row[j] = zero
		}
		row[pivots[k]] = one
		for l, c := range free {
			row[c] = z[k][l]
		}
		red.fractions[k] = row
	}
	if !rrefShape(red, cols) {
		return nil, false, nil
	}
	inTop := make([]bool, m)
	for _, i := range rowsI {
		inTop[i] = true
	}
	certified, err := certify(ctx, b, red, cols, inTop)
	if err != nil || !certified {
		return nil, false, err
	}
	return red, true, nil
}
