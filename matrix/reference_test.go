package matrix

// Simple reference algorithms, kept deliberately naive so that they share
// nothing with the fraction-free engine they check.

import (
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
)

// cofactorDeterminant expands along the first row (Laplace), O(n!).
func cofactorDeterminant(m [][]*big.Rat) *big.Rat {
	n := len(m)
	if n == 0 {
		return big.NewRat(1, 1)
	}
	total := new(big.Rat)
	for j := 0; j < n; j++ {
		if m[0][j].Sign() == 0 {
			continue
		}
		minor := make([][]*big.Rat, n-1)
		for i := 1; i < n; i++ {
			row := make([]*big.Rat, 0, n-1)
			row = append(row, m[i][:j]...)
			minor[i-1] = append(row, m[i][j+1:]...)
		}
		t := new(big.Rat).Mul(m[0][j], cofactorDeterminant(minor))
		if j%2 == 1 {
			t.Neg(t)
		}
		total.Add(total, t)
	}
	return total
}

// ratRREF is textbook Gauss–Jordan elimination over big.Rat: scale the
// pivot row to 1, clear the column everywhere else. It returns the RREF,
// its pivot columns, and the determinant when m is square.
func ratRREF(m [][]*big.Rat) ([][]*big.Rat, []int, *big.Rat) {
	a := make([][]*big.Rat, len(m))
	for i, row := range m {
		a[i] = make([]*big.Rat, len(row))
		for j, x := range row {
			a[i][j] = new(big.Rat).Set(x)
		}
	}
	rows, cols := len(a), 0
	if rows > 0 {
		cols = len(a[0])
	}
	det := big.NewRat(1, 1)
	var pivots []int
	r := 0
	for c := 0; c < cols && r < rows; c++ {
		piv := -1
		for i := r; i < rows; i++ {
			if a[i][c].Sign() != 0 {
				piv = i
				break
			}
		}
		if piv < 0 {
			det.SetInt64(0)
			continue
		}
		if piv != r {
			a[piv], a[r] = a[r], a[piv]
			det.Neg(det)
		}
		det.Mul(det, a[r][c])
		inv := new(big.Rat).Inv(a[r][c])
		for j := range a[r] {
			a[r][j].Mul(a[r][j], inv)
		}
		for i := 0; i < rows; i++ {
			if i == r || a[i][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(a[i][c])
			for j := range a[i] {
				a[i][j].Sub(a[i][j], new(big.Rat).Mul(f, a[r][j]))
			}
		}
		pivots = append(pivots, c)
		r++
	}
	if r < rows {
		det.SetInt64(0)
	}
	return a, pivots, det
}

// ratMul is the schoolbook product over big.Rat.
func ratMul(a, b [][]*big.Rat, inner, cols int) [][]*big.Rat {
	out := make([][]*big.Rat, len(a))
	for i := range a {
		out[i] = make([]*big.Rat, cols)
		for j := 0; j < cols; j++ {
			s := new(big.Rat)
			for k := 0; k < inner; k++ {
				s.Add(s, new(big.Rat).Mul(a[i][k], b[k][j]))
			}
			out[i][j] = s
		}
	}
	return out
}

// intMatrix returns an r×c matrix with integer entries in [−bound, bound].
func intMatrix(rng *rand.Rand, r, c int, bound int64) core.Matrix {
	m := make(core.Matrix, r)
	for i := range m {
		m[i] = make([]core.Rational, c)
		for j := range m[i] {
			m[i][j] = ratInt64(rng.Int64N(2*bound+1) - bound)
		}
	}
	return m
}

func equalRat(a, b [][]*big.Rat) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j].Cmp(b[i][j]) != 0 {
				return false
			}
		}
	}
	return true
}
