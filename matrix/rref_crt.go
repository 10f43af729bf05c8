package matrix

// Multi-modular reduced row echelon form.
//
// For an integer matrix B (m×N, pivots sought in its first pc columns) with
// rank profile J (pivot columns) and a set I of rows with S = B[I, J]
// nonsingular, the nonzero rows of the RREF are X = S⁻¹·B[I, :], and
// D·X is integral for D = det S (Cramer's rule): each entry is an r×r minor
// of B[I, :], so Hadamard's inequality over those rows bounds all of them.
// D and D·X are recovered by Chinese remaindering from their images
// modulo 62-bit primes, computed in parallel: modulo p, the RREF of B[I, :]
// is S_p⁻¹·B[I, :]_p when p divides neither D nor the structure, and a
// prime whose pivots differ from J is skipped as unlucky.
//
// J and I come from one elimination modulo a random prime, so nobody
// crafting an input can aim at it; if that prime was unlucky the answer
// below fails its certificate and the fraction-free method (eliminate.go)
// runs instead. The certificate is exact and cheap next to the
// elimination, because B's entries are short:
//
//   - X has the shape of an RREF: the identity on J and zeros left of each
//     row's pivot;
//   - every row of B is the combination of X's rows given by its entries
//     in the columns J: D·B[i][j] = Σ_k B[i][J_k]·(D·X)[k][j].
//
// Together with det S ≠ 0 these prove rowspace(B) = rowspace(X), hence X is
// the RREF. For augmented columns j ≥ pc (right-hand sides) the same
// identity holds exactly when column j is consistent: if b_j = A·y for some
// y, the solution read off X satisfies the rows I, and every other row of A
// is a combination of those, with b_j following the same combination.

import (
	"context"
	"math/big"
	"slices"

	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// rrefMultimodularThreshold is the size (min of rows and pivot columns)
// from which the multi-modular method beats fraction-free elimination
// (measured: BenchmarkRREFPaths).
const rrefMultimodularThreshold = 24

// reduceMultimodular computes the RREF of b as described above; ok is false
// when the certificate fails or too many primes are unlucky, and the
// caller then falls back to fraction-free elimination.
// p0 is the prime that fixes the rank profile.
func reduceMultimodular(ctx context.Context, b [][]*big.Int, pc int, p0 uint64) (*reduced, bool, error) {
	m := len(b)
	if m == 0 {
		return nil, false, nil
	}
	n := len(b[0])
	profile, err := modmat.Decompose(ctx, reduceModmat(b, p0), pc, modular.NewModulus(p0))
	if err != nil {
		return nil, false, err
	}
	pivots, rows := profile.Pivots(), profile.RowOrder()[:profile.Rank()]
	r := len(pivots)
	if r == 0 {
		return nil, false, nil
	}
	top := make([][]*big.Int, r)
	for k, i := range rows {
		top[k] = b[i]
	}
	h, err := hadamardBits(ctx, top)
	if err != nil {
		return nil, false, err
	}
	vals, ok, err := reconstructSkipping(ctx, h+1, 1+r*n, 8, "reduced row echelon form modulo primes", func(p uint64) []uint64 {
		m := modular.NewModulus(p)
		img := reduceModmat(top, p)
		red, piv, err := modmat.ReducedRowEchelon(ctx, img, pc, m)
		if err != nil || !slices.Equal(piv, pivots) {
			return nil // cancelled (the caller sees ctx.Err()) or unlucky
		}
		s := modmat.New(r, r)
		for k := range r {
			for l, c := range pivots {
				s.Set(k, l, img.At(k, c))
			}
		}
		d, err := modmat.DeterminantInPlace(ctx, s, m)
		if err != nil {
			return nil
		}
		out := make([]uint64, 1, 1+r*n)
		out[0] = d
		for k := range r {
			for _, x := range red.Row(k) {
				out = append(out, m.Mul(d, x))
			}
		}
		return out
	})
	if err != nil || !ok {
		return nil, false, err
	}
	d := vals[0]
	if d.Sign() == 0 {
		return nil, false, nil
	}
	dx := make([][]*big.Int, m)
	for k := range dx {
		if k < r {
			dx[k] = vals[1+k*n : 1+(k+1)*n]
			continue
		}
		dx[k] = make([]*big.Int, n)
		for j := range dx[k] {
			dx[k][j] = new(big.Int)
		}
	}
	red := &reduced{a: dx, last: d, pivots: pivots, inconsistent: make([]bool, n-pc)}
	if !rrefShape(red, pc) {
		return nil, false, nil
	}
	inTop := make([]bool, m)
	for _, i := range rows {
		inTop[i] = true
	}
	certified, err := certify(ctx, b, red, pc, inTop)
	if err != nil || !certified {
		return nil, false, err
	}
	return red, true, nil
}

// rrefShape checks the first r rows of D·X against the shape of an RREF
// over the first pc columns: D on its own pivot, 0 on the other pivots and
// left of its pivot.
func rrefShape(red *reduced, pc int) bool {
	for k, c := range red.pivots {
		row := red.a[k]
		for j := 0; j < c; j++ {
			if row[j].Sign() != 0 {
				return false
			}
		}
		for l, c2 := range red.pivots {
			if (l == k) != (row[c2].Cmp(red.last) == 0) || (l != k && row[c2].Sign() != 0) {
				return false
			}
		}
	}
	return true
}

// certify checks D·B[i][j] = Σ_k B[i][J_k]·(D·X)[k][j] for every entry of
// the rows not in I (skip[i] set for those in I): it must hold in the
// first pc columns (else the answer is refused) and decides consistency of
// each column after them. The rows in I satisfy it by construction:
// X = S⁻¹·B[I, :] exactly, because every image was checked to have the
// pivots J and the primes' product exceeds twice Hadamard's bound on D·X.
func certify(ctx context.Context, b [][]*big.Int, red *reduced, pc int, skip []bool) (bool, error) {
	var lhs, rhs, t big.Int
	for i, row := range b {
		if skip != nil && skip[i] {
			continue
		}
		if err := ctx.Err(); err != nil {
			return false, err
		}
		for j, x := range row {
			if j >= pc && red.inconsistent[j-pc] {
				continue
			}
			lhs.Mul(red.last, x)
			rhs.SetInt64(0)
			for k, c := range red.pivots {
				if f := row[c]; f.Sign() != 0 {
					rhs.Add(&rhs, t.Mul(f, red.a[k][j]))
				}
			}
			if lhs.Cmp(&rhs) != 0 {
				if j < pc {
					return false, nil
				}
				red.inconsistent[j-pc] = true
			}
		}
	}
	return true, nil
}
