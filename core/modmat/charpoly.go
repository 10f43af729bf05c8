package modmat

// Characteristic polynomial over GF(p) through Hessenberg form.
//
// A similarity transformation H ← L⁻¹·H·L with L = I + u·e_kᵀ (u zero in
// rows 0…k) clears column k−1 below the subdiagonal (Cohen, A Course in
// Computational Algebraic Number Theory, Algorithm 2.2.9): the row
// operations rowᵢ −= uᵢ·row_k (i > k) form L⁻¹·H, and the column operation
// col_k += Σᵢ uᵢ·colᵢ then multiplies by L. Done in that order, the column
// operation is one matrix–vector product, each entry an inner product of a
// contiguous row with u reduced once (modular.Modulus.Dot), where
// interleaving it with the row operations, as modular.CharPoly does,
// touches the matrix by columns and reduces every multiply-add. The row
// operations use Shoup constants of the pivot row, shared by all rows.
// Costs: n³/3 row multiply-adds, n³/2 column ones.
//
// From the Hessenberg matrix H, the characteristic polynomials p_k of its
// leading k×k blocks satisfy (Cohen, §2.2.4)
//
//	p_k = (x − h_{k−1,k−1})·p_{k−1} − Σ_{i<k−1} h_{i,k−1}·(∏_{i<j<k} h_{j,j−1})·p_i,
//
// about n³/6 more multiply-adds, each factor a constant of its inner loop
// (Shoup's method again).

import (
	"context"
	"math/bits"

	"jacobian.dev/core/modular"
)

// CharPoly returns det(x·I − A) over GF(p) for a square A (not modified),
// coefficients constant term first, monic of degree n (the 0×0 matrix
// gives [1]). p < 2^62. It polls ctx every few columns.
func CharPoly(ctx context.Context, a Matrix, m modular.Modulus) ([]uint64, error) {
	if a.rows != a.cols {
		panic("modmat.CharPoly: matrix not square")
	}
	mustModulus(m)
	h := a.Clone()
	if err := hessenberg(ctx, h, m); err != nil {
		return nil, err
	}
	return hessenbergCharPoly(ctx, h, m)
}

// hessenberg reduces h in place to upper Hessenberg form by similarity
// (see the file comment).
func hessenberg(ctx context.Context, h Matrix, m modular.Modulus) error {
	n := h.rows
	p := m.P
	u := make([]uint64, n)
	shoup := make([]uint64, n)
	for k := 1; k < n-1; k++ {
		if k%16 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		piv := -1
		for i := k; i < n; i++ {
			if h.At(i, k-1) != 0 {
				piv = i
				break
			}
		}
		if piv < 0 {
			continue
		}
		if piv != k {
			swapRows(h, piv, k)
			for r := range n {
				row := h.Row(r)
				row[piv], row[k] = row[k], row[piv]
			}
		}
		inv, _ := m.Inverse(h.At(k, k-1))
		invp := modular.ShoupConstant(inv, p)
		clear(u[:k+1])
		nonzero := false
		for i := k + 1; i < n; i++ {
			row := h.Row(i)
			u[i] = 0
			if x := row[k-1]; x != 0 {
				u[i] = modular.MulShoup(x, inv, invp, p)
				row[k-1] = 0
				nonzero = true
			}
		}
		if !nonzero {
			continue
		}
		top := h.Row(k)[k:]
		ts := shoup[:len(top)]
		for j, v := range top {
			ts[j] = modular.ShoupConstant(v, p)
		}
		for i := k + 1; i < n; i++ {
			f := u[i]
			if f == 0 {
				continue
			}
			subMulShoup(h.Row(i)[k:], top, ts, f, p)
		}
		uk := u[k+1:]
		for r := range n {
			row := h.Row(r)
			row[k] = m.Add(row[k], m.Dot(row[k+1:], uk))
		}
	}
	return nil
}

// hessenbergCharPoly returns the characteristic polynomial of an upper
// Hessenberg matrix by the recurrence of the file comment. The
// polynomials p_i are kept transposed, coefficient j of every p_i in one
// row, so that coefficient j of Σ_i f_i·p_i is one contiguous inner
// product reduced once.
func hessenbergCharPoly(ctx context.Context, h Matrix, m modular.Modulus) ([]uint64, error) {
	n := h.rows
	p := m.P
	stride := n + 1
	// pt[j·stride + i] is coefficient j of p_i, the characteristic
	// polynomial of the leading i×i block (zero for j > i).
	pt := make([]uint64, stride*stride)
	pt[0] = 1 % p
	f := make([]uint64, n)
	for k := 1; k <= n; k++ {
		if k%16 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		// f[i−1] = h_{i−1,k−1}·∏_{i≤j<k} h_{j,j−1}, zero once the product
		// vanishes.
		clear(f[:k-1])
		t := uint64(1) % p
		for i := k - 1; i >= 1; i-- {
			t = m.Mul(t, h.At(i, i-1))
			if t == 0 {
				break
			}
			f[i-1] = m.Mul(h.At(i-1, k-1), t)
		}
		d := h.At(k-1, k-1)
		dp := modular.ShoupConstant(d, p)
		for j := 0; j <= k; j++ {
			row := pt[j*stride : j*stride+stride]
			// (x − d)·p_{k−1}, coefficient j.
			var c uint64
			if j > 0 {
				c = pt[(j-1)*stride+k-1]
			}
			if j < k {
				c = m.Sub(c, modular.MulShoup(row[k-1], d, dp, p))
			}
			if j < k-1 {
				c = m.Sub(c, m.Dot(f[j:k-1], row[j:k-1]))
			}
			row[k] = c
		}
	}
	out := make([]uint64, n+1)
	for j := range out {
		out[j] = pt[j*stride+n]
	}
	return out, nil
}

// subMulShoup sets dst[j] = dst[j] − f·src[j] mod p for src's Shoup
// constants srcShoup (modular.ShoupConstant), written so that both
// conditional corrections compile to conditional moves: on random
// residues the borrow of the subtraction is a coin toss that a branch
// would mispredict half the time.
func subMulShoup(dst, src, srcShoup []uint64, f, p uint64) {
	src = src[:len(dst)]
	srcShoup = srcShoup[:len(dst)]
	for j, v := range src {
		q, _ := bits.Mul64(f, srcShoup[j])
		r := f*v - q*p
		if r >= p {
			r -= p
		}
		x := dst[j]
		d := x - r
		if x < r {
			d += p
		}
		dst[j] = d
	}
}

// subMulConst sets dst[j] = dst[j] − f·src[j] mod p for one multiplier f
// with Shoup constant fp, branch-free as subMulShoup.
func subMulConst(dst, src []uint64, f, fp, p uint64) {
	dst = dst[:len(src)]
	for j, v := range src {
		q, _ := bits.Mul64(v, fp)
		r := v*f - q*p
		if r >= p {
			r -= p
		}
		x := dst[j]
		d := x - r
		if x < r {
			d += p
		}
		dst[j] = d
	}
}
