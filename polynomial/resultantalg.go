package polynomial

// Resultants by the subresultant algorithm of Collins (1967) and Brown and
// Traub (1971), in the form of Cohen, A Course in Computational Algebraic
// Number Theory (1993), Algorithm 3.3.7: pseudo-remainders divided by the
// predicted factor g·h^δ stay in Z[x] with coefficients that grow only
// linearly in the step count, and the last step yields res(a, b) up to
// the tracked sign and contents. The reference is the determinant of the
// Sylvester matrix over Q, computed by Gaussian elimination.
//
// Conventions (those of PARI/GP's polresultant): res(a, b) = 0 if a or b
// is the zero polynomial; res(c, b) = c^deg b for a nonzero constant c, so
// the resultant of two nonzero constants is 1.

import (
	"context"
	"math/big"
)

// resultantZ is res(a, b) for a, b in Z[x].
func resultantZ(ctx context.Context, a, b zpoly) (*big.Int, error) {
	if len(a) == 0 || len(b) == 0 {
		return new(big.Int), nil
	}
	ca, a := primitive(a)
	cb, b := primitive(b)
	// t = ca^deg b · cb^deg a
	t := new(big.Int).Exp(ca, big.NewInt(int64(b.deg())), nil)
	t.Mul(t, new(big.Int).Exp(cb, big.NewInt(int64(a.deg())), nil))
	s := 1
	if a.deg() < b.deg() {
		a, b = b, a
		if a.deg()%2 == 1 && b.deg()%2 == 1 {
			s = -1
		}
	}
	g, h := big.NewInt(1), big.NewInt(1)
	for b.deg() > 0 {
		delta := a.deg() - b.deg()
		if a.deg()%2 == 1 && b.deg()%2 == 1 {
			s = -s
		}
		r, err := zprem(ctx, a, b)
		if err != nil {
			return nil, err
		}
		if len(r) == 0 {
			return new(big.Int), nil
		}
		den := new(big.Int).Mul(g, new(big.Int).Exp(h, big.NewInt(int64(delta)), nil))
		for _, x := range r {
			x.Quo(x, den)
		}
		a, b = b, r
		g = new(big.Int).Set(a.lc())
		num := new(big.Int).Exp(g, big.NewInt(int64(delta)), nil)
		if delta == 0 {
			h = new(big.Int).Mul(h, num)
		} else {
			h = num.Quo(num, new(big.Int).Exp(h, big.NewInt(int64(delta-1)), nil))
		}
	}
	// h ← lc(b)^deg a / h^(deg a − 1)
	n := a.deg()
	res := new(big.Int).Exp(b.lc(), big.NewInt(int64(n)), nil)
	if n == 0 {
		res.Mul(res, h)
	} else {
		res.Quo(res, new(big.Int).Exp(h, big.NewInt(int64(n-1)), nil))
	}
	res.Mul(res, t)
	if s < 0 {
		res.Neg(res)
	}
	return res, nil
}

// resultantQ is res(a, b) over Q: with a = A/d, b = B/e for integral A, B,
// res(a, b) = res(A, B) / (d^deg b · e^deg a).
func resultantQ(ctx context.Context, a, b qpoly) (*big.Rat, error) {
	if len(a) == 0 || len(b) == 0 {
		return new(big.Rat), nil
	}
	za, d := clearDenominators(a)
	zb, e := clearDenominators(b)
	r, err := resultantZ(ctx, za, zb)
	if err != nil {
		return nil, err
	}
	den := new(big.Int).Exp(d, big.NewInt(int64(b.deg())), nil)
	den.Mul(den, new(big.Int).Exp(e, big.NewInt(int64(a.deg())), nil))
	return new(big.Rat).SetFrac(r, den), nil
}

// discriminantQ is (−1)^(n(n−1)/2) res(f, f′) / lc(f) for deg f = n ≥ 1.
func discriminantQ(ctx context.Context, f qpoly) (*big.Rat, error) {
	r, err := resultantQ(ctx, f, qderiv(f))
	if err != nil {
		return nil, err
	}
	n := f.deg()
	r.Quo(r, f.lc())
	if (n*(n-1)/2)%2 == 1 {
		r.Neg(r)
	}
	return r, nil
}

// sylvesterResultant is the reference: det of the (m+n)×(m+n) Sylvester
// matrix of a (degree n) and b (degree m), by Gaussian elimination over Q.
func sylvesterResultant(a, b qpoly) *big.Rat {
	if len(a) == 0 || len(b) == 0 {
		return new(big.Rat)
	}
	n, m := a.deg(), b.deg()
	size := n + m
	mat := make([][]*big.Rat, size)
	for i := range mat {
		mat[i] = make([]*big.Rat, size)
		for j := range mat[i] {
			mat[i][j] = new(big.Rat)
		}
	}
	// m shifted rows of a, then n shifted rows of b, leading coefficient first.
	for i := 0; i < m; i++ {
		for k := 0; k <= n; k++ {
			mat[i][i+k].Set(a[n-k])
		}
	}
	for i := 0; i < n; i++ {
		for k := 0; k <= m; k++ {
			mat[m+i][i+k].Set(b[m-k])
		}
	}
	det := big.NewRat(1, 1)
	var t big.Rat
	for col := 0; col < size; col++ {
		pivot := -1
		for r := col; r < size; r++ {
			if mat[r][col].Sign() != 0 {
				pivot = r
				break
			}
		}
		if pivot < 0 {
			return new(big.Rat)
		}
		if pivot != col {
			mat[pivot], mat[col] = mat[col], mat[pivot]
			det.Neg(det)
		}
		det.Mul(det, mat[col][col])
		for r := col + 1; r < size; r++ {
			if mat[r][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(mat[r][col], mat[col][col])
			for c := col; c < size; c++ {
				mat[r][c].Sub(mat[r][c], t.Mul(f, mat[col][c]))
			}
		}
	}
	return det
}
