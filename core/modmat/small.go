package modmat

// Determinant modulo a prime below 2^26 by Crout–Doolittle elimination.
//
// Below 2^26 a product of two residues is below 2^52, so 4096 of them add
// up in a uint64 without overflow: every entry of L and U is one inner
// product of machine words reduced once (delayed reduction), with no
// 128-bit multiplication. The Doolittle order (Golub and Van Loan, Matrix
// Computations, 4th ed., §3.2.9, with the row pivoting of §3.4) forms, at
// step k, column k of the remaining rows, A[i][k] − Σ_{t<k} L[i][t]·U[t][k],
// picks the first nonzero one as the pivot, and then row k of U,
// A[k][j] − Σ_{t<k} L[k][t]·U[t][j]; U is kept transposed so both inner
// products read contiguous rows. The cost is n³/3 multiply-adds, as for
// Gaussian elimination, at a fraction of the cost of the 62-bit kernel.

import (
	"context"

	"jacobian.dev/core/modular"
)

// SmallPrimeLimit bounds the moduli of DeterminantSmall: p < 2^26.
const SmallPrimeLimit = 1 << 26

// smallChunk is the number of products of residues below 2^26 summed
// before one reduction: 4096·(2^26 − 1)² < 2^64.
const smallChunk = 4096

// DeterminantSmall returns det a mod p for a square matrix of words and
// a prime p < SmallPrimeLimit (the 0×0 determinant is 1). It panics on a
// non-square matrix or an out-of-range p, and polls ctx once per pivot.
func DeterminantSmall(ctx context.Context, a [][]int64, p uint64) (uint64, error) {
	n := len(a)
	if p < 2 || p >= SmallPrimeLimit {
		panic("modmat.DeterminantSmall: modulus out of range")
	}
	w := make([][]uint64, n) // rows of A mod p; L replaces them left of the diagonal
	buf := make([]uint64, 2*n*n)
	for i, row := range a {
		if len(row) != n {
			panic("modmat.DeterminantSmall: matrix not square")
		}
		w[i] = buf[i*n : (i+1)*n : (i+1)*n]
		for j, x := range row {
			r := x % int64(p)
			if r < 0 {
				r += int64(p)
			}
			w[i][j] = uint64(r)
		}
	}
	ut := make([][]uint64, n) // ut[j][t] = U[t][j]
	for j := range ut {
		ut[j] = buf[(n+j)*n : (n+j+1)*n : (n+j+1)*n]
	}
	det := uint64(1) % p
	for k := range n {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		uk := ut[k][:k]
		piv := -1
		for i := k; i < n; i++ {
			v := subDotSmall(w[i][k], w[i][:k], uk, p)
			w[i][k] = v
			if v != 0 && piv < 0 {
				piv = i
			}
		}
		if piv < 0 {
			return 0, nil
		}
		if piv != k {
			w[k], w[piv] = w[piv], w[k]
			det = p - det
			if det == p {
				det = 0
			}
		}
		ukk := w[k][k]
		det = det * ukk % p
		inv, _ := modular.Inverse(ukk, p)
		ut[k][k] = ukk
		for i := k + 1; i < n; i++ {
			w[i][k] = w[i][k] * inv % p
		}
		lk := w[k][:k]
		for j := k + 1; j < n; j++ {
			ut[j][k] = subDotSmall(w[k][j], lk, ut[j][:k], p)
		}
	}
	return det, nil
}

// subDotSmall returns (x − Σ u[t]·v[t]) mod p for residues below p < 2^26
// (x < p), reducing once per smallChunk products.
func subDotSmall(x uint64, u, v []uint64, p uint64) uint64 {
	var s uint64
	for t0 := 0; t0 < len(u); t0 += smallChunk {
		t1 := min(t0+smallChunk, len(u))
		uu, vv := u[t0:t1], v[t0:t1]
		vv = vv[:len(uu)]
		var s0, s1 uint64
		t := 0
		for ; t+2 <= len(uu); t += 2 {
			s0 += uu[t] * vv[t]
			s1 += uu[t+1] * vv[t+1]
		}
		if t < len(uu) {
			s0 += uu[t] * vv[t]
		}
		s = (s + s0%p + s1%p) % p
	}
	return (x + p - s) % p
}
