package gfpoly

import "jacobian.dev/core/modular"

// EvaluateGeometric returns a(1), a(g), a(g^2), …, a(g^(n−1)) for a
// nonzero g, by the chirp-z transform (Rabiner, Schafer and Rader, "The
// chirp z-transform algorithm", IEEE Trans. Audio Electroacoustics 17,
// 1969, in Bluestein's form without square roots): with
// w_k = g^(k(k−1)/2), the identity ij = C(i+j, 2) − C(i, 2) − C(j, 2)
// gives a(g^j) = w_j^(−1)·Σ_i (a_i/w_i)·w_(i+j), the coefficients of one
// product of the reversed scaled a and the chirp w_0 … w_(m+n−2). Over
// GF(p) with g a primitive root and n = p − 1 this is the discrete
// Fourier transform on GF(p)*, one product of lengths m and m + n − 1
// instead of a subproduct tree. It panics if g ≡ 0.
func (f *Field) EvaluateGeometric(a []uint64, g uint64, n int) []uint64 {
	p := f.p
	g %= p
	if g == 0 {
		panic("gfpoly: EvaluateGeometric needs a nonzero ratio")
	}
	out := make([]uint64, n)
	a = trim(a)
	m := len(a)
	if m == 0 || n == 0 {
		return out
	}
	ginv := f.inverse(g)
	// w[k] = g^C(k,2) and winv[k] = g^(−C(k,2)), stepping C(k+1,2) = C(k,2) + k.
	l := m + n - 1
	w := make([]uint64, l)
	winv := make([]uint64, max(m, n))
	gk, gkinv := uint64(1), uint64(1) // g^k, g^(−k)
	wk, wkinv := uint64(1), uint64(1)
	gp, ginvp := modular.ShoupConstant(g, p), modular.ShoupConstant(ginv, p)
	for k := range l {
		w[k] = wk
		if k < len(winv) {
			winv[k] = wkinv
		}
		wk = modular.Mul(wk, gk, p)
		wkinv = modular.Mul(wkinv, gkinv, p)
		gk = f.mulShoup(gk, g, gp)
		gkinv = f.mulShoup(gkinv, ginv, ginvp)
	}
	u := make([]uint64, m) // reversed: u[m−1−i] = a_i / w_i
	for i, c := range a {
		u[m-1-i] = modular.Mul(c, winv[i], p)
	}
	prod := f.Mul(u, w)
	for j := range out {
		if k := m - 1 + j; k < len(prod) {
			out[j] = modular.Mul(prod[k], winv[j], p)
		}
	}
	return out
}
