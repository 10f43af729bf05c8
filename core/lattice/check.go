package lattice

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
)

// Violation is the first condition of LLL-reducedness a basis fails, in
// the order IsReduced tests them (row by row).
type Violation struct {
	// Kind is "dependent" (row Row is in the span of the rows before it),
	// "size" (|μ_{Row,Column}| > η) or "lovasz" (Lovász's condition fails
	// between rows Row−1 and Row).
	Kind   string
	Row    int
	Column int
	// Value is the offending quantity as an exact rational: μ for "size",
	// and for "lovasz" the ratio (‖b*_k‖² + μ²·‖b*_{k−1}‖²)/‖b*_{k−1}‖²,
	// which must be at least δ.
	Value *big.Rat
}

func (v *Violation) String() string {
	switch v.Kind {
	case "dependent":
		return fmt.Sprintf("row %d is linearly dependent on the rows before it", v.Row)
	case "size":
		return fmt.Sprintf("μ[%d][%d] = %s exceeds eta in absolute value", v.Row, v.Column, v.Value.RatString())
	default:
		return fmt.Sprintf("Lovász's condition fails at row %d: (‖b*_k‖² + μ²‖b*_{k−1}‖²)/‖b*_{k−1}‖² = %s is below delta", v.Row, v.Value.RatString())
	}
}

// IsReduced decides exactly whether the rows of b are a (δ, η)-LLL-reduced
// basis (linearly independent, size-reduced, Lovász's condition), and
// returns the first violation if not (nil if reduced). The parameters are
// taken as the exact binary values of the float64s.
func IsReduced(ctx context.Context, b [][]*big.Int, p Params) (*Violation, error) {
	return IsReducedRat(ctx, b, new(big.Rat).SetFloat64(p.Delta), new(big.Rat).SetFloat64(p.Eta))
}

// IsReducedRat is IsReduced with δ and η given as exact rationals.
func IsReducedRat(ctx context.Context, b [][]*big.Int, delta, eta *big.Rat) (*Violation, error) {
	d := len(b)
	g, ok := gramWords(b)
	if !ok {
		g = make([][]*big.Int, d)
		for i := range g {
			g[i] = make([]*big.Int, i+1)
			for j := 0; j <= i; j++ {
				g[i][j] = dot(b[i], b[j])
			}
		}
	}
	return check(ctx, g, d, delta, eta)
}

// gramWords is the lower triangle of the Gram matrix of b in int64
// arithmetic, ok when every entry is below 2^31 in absolute value and
// every dot product's partial sums provably stay below 2^63 (n·M² < 2^62
// for n columns and entries of absolute value at most M): the reduced
// bases the heuristic pass returns, whose exact check would otherwise
// spend half its time in math/big products of small numbers.
func gramWords(b [][]*big.Int) ([][]*big.Int, bool) {
	if len(b) == 0 {
		return nil, true
	}
	n := len(b[0])
	w := make([][]int64, len(b))
	var top uint64
	for i, row := range b {
		if len(row) != n {
			return nil, false
		}
		w[i] = make([]int64, n)
		for j, x := range row {
			if !x.IsInt64() {
				return nil, false
			}
			v := x.Int64()
			a := absInt64(v)
			if a >= 1<<31 {
				return nil, false
			}
			top = max(top, a)
			w[i][j] = v
		}
	}
	if hi, lo := bits.Mul64(top*top, uint64(n)); hi != 0 || lo >= 1<<62 {
		return nil, false
	}
	g := make([][]*big.Int, len(b))
	for i := range g {
		g[i] = make([]*big.Int, i+1)
		x := w[i]
		for j := 0; j <= i; j++ {
			y := w[j][:len(x)]
			var s int64
			for c, v := range x {
				s += v * y[c]
			}
			g[i][j] = big.NewInt(s)
		}
	}
	return g, true
}

// Checked records that IsReduced accepted a basis: a private copy of the
// rows it accepted, and the parameters. Only this package makes one, and
// only from an acceptance (certify), so holding one is as good as having
// run the exact test on those rows; Covers lets a caller that must check
// a basis reuse that run instead of repeating it. The test it records is
// IsReduced on the rows alone, never on a reduction's working state.
type Checked struct {
	rows   [][]*big.Int
	params Params
}

// certify runs IsReduced on b and records its acceptance: nil when b is
// not reduced.
func certify(ctx context.Context, b [][]*big.Int, p Params) (*Checked, error) {
	v, err := IsReduced(ctx, b, p)
	if err != nil || v != nil {
		return nil, err
	}
	rows := make([][]*big.Int, len(b))
	for i, row := range b {
		rows[i] = make([]*big.Int, len(row))
		for j, x := range row {
			rows[i][j] = new(big.Int).Set(x)
		}
	}
	return &Checked{rows: rows, params: p}, nil
}

// Covers reports whether c proves the rows of b (δ, η)-LLL-reduced, that
// is, whether IsReducedRat(b, δ, η) would accept: b is entry by entry the
// basis IsReduced accepted, at δ' ≥ δ and η' ≤ η. The conditions only
// weaken as δ falls and η grows (δ·x ≤ δ'·x ≤ y for x ≥ 0, and
// |μ| ≤ η' ≤ η), so a (δ', η')-reduced basis is (δ, η)-reduced. A nil c
// covers nothing.
func (c *Checked) Covers(b [][]*big.Int, delta, eta *big.Rat) bool {
	if c == nil || len(b) != len(c.rows) {
		return false
	}
	if new(big.Rat).SetFloat64(c.params.Delta).Cmp(delta) < 0 || new(big.Rat).SetFloat64(c.params.Eta).Cmp(eta) > 0 {
		return false
	}
	for i, row := range b {
		if len(row) != len(c.rows[i]) {
			return false
		}
		for j, x := range row {
			if x.Cmp(c.rows[i][j]) != 0 {
				return false
			}
		}
	}
	return true
}

// check runs IsReduced on a Gram matrix whose rows hold at least the
// entries g[i][j] for j ≤ i: by residues (checkModular), or when that
// declines, by checkReference.
func check(ctx context.Context, g [][]*big.Int, n int, delta, eta *big.Rat) (*Violation, error) {
	v, ok, err := checkModular(ctx, g, n, delta, eta)
	if err != nil || ok {
		return v, err
	}
	return checkReference(ctx, g, n, delta, eta)
}

// checkReference is check in exact integers. It uses de Weger's integral Gram–Schmidt
// (Cohen, Algorithm 2.6.7, step 3): with d_0 = 1,
//
//	u ← g_kj; u ← (d_{i+1}·u − λ_ki·λ_ji)/d_i for i < j (exact),
//
// gives λ_kj for j < k and d_{k+1} for j = k.
func checkReference(ctx context.Context, g [][]*big.Int, n int, delta, eta *big.Rat) (*Violation, error) {
	// dd[i] is d_i, the Gram determinant of the first i rows.
	dd := make([]*big.Int, n+1)
	dd[0] = big.NewInt(1)
	lambda := make([][]*big.Int, n)
	var t, u2 big.Int
	for k := 0; k < n; k++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		lambda[k] = make([]*big.Int, k)
		for j := 0; j <= k; j++ {
			if j%16 == 15 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			u := new(big.Int).Set(g[k][j])
			for i := 0; i < j; i++ {
				u.Mul(u, dd[i+1])
				u.Sub(u, t.Mul(lambda[k][i], lambda[j][i]))
				u.Quo(u, dd[i])
			}
			if j < k {
				lambda[k][j] = u
			} else {
				dd[k+1] = u
			}
		}
		if dd[k+1].Sign() <= 0 {
			return &Violation{Kind: "dependent", Row: k}, nil
		}
		// Size: |λ_kj| ≤ η·d_{j+1}.
		for j := 0; j < k; j++ {
			mu := new(big.Rat).SetFrac(lambda[k][j], dd[j+1])
			if new(big.Rat).Abs(mu).Cmp(eta) > 0 {
				return &Violation{Kind: "size", Row: k, Column: j, Value: mu}, nil
			}
		}
		// Lovász: δ·d_k² ≤ d_{k+1}·d_{k−1} + λ²_{k,k−1}, in the ratio
		// form (d_{k+1}·d_{k−1} + λ²)/d_k² ≥ δ.
		if k >= 1 {
			num := new(big.Int).Mul(dd[k+1], dd[k-1])
			num.Add(num, u2.Mul(lambda[k][k-1], lambda[k][k-1]))
			ratio := new(big.Rat).SetFrac(num, new(big.Int).Mul(dd[k], dd[k]))
			if ratio.Cmp(delta) < 0 {
				return &Violation{Kind: "lovasz", Row: k, Value: ratio}, nil
			}
		}
	}
	return nil, nil
}
