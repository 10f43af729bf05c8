package finitefield

// The discrete Fourier transform over GF(q)*, q = p^k ≤ 2^16, k > 1:
// v_j = Σ_i y_i·g^(σij) for 0 ≤ i, j < n = q − 1, σ = ±1 and g the
// primitive element of the logarithm tables (smallfield.go). Interpolation
// over GF(p^k) is the transform with σ = −1 of the value table
// (interpolate.go); the transform with σ = 1 of a polynomial's
// coefficients is its values at the powers of g, which its check uses.
//
// Summed directly on the logarithm and Zech tables it costs n² table
// steps, 4.3·10^9 at q = 2^16: minutes. fourierChirp instead uses
// Bluestein's chirp-z transform (L. I. Bluestein, "A linear filtering
// approach to the computation of discrete Fourier transform", IEEE Trans.
// Audio Electroacoustics 18, 1970; Rabiner, Schafer and Rader, "The chirp
// z-transform algorithm", ibid. 17, 1969) in the form without square
// roots, which holds in every characteristic: the identity
// ij = C(i+j, 2) − C(i, 2) − C(j, 2) gives, with h = g^(−σ),
//
//	v_j = h^C(j,2) · Σ_i (y_i·h^C(i,2)) · h^(−C(i+j,2)),
//
// a correlation of the scaled values a_i = y_i·h^C(i,2) with the chirp
// b_m = h^(−C(m,2)), 0 ≤ m ≤ 2n − 2: the coefficients n − 1 … 2n − 2 of
// the product of a reversed and b, of lengths n and 2n − 1 over GF(q).
// (core/gfpoly's EvaluateGeometric is the same transform over GF(p).)
//
// The product over GF(q) = GF(p)[t]/(m(t)) is done over GF(p) by Kronecker
// substitution (von zur Gathen and Gerhard, Modern Computer Algebra,
// §8.4): an entry is a polynomial of degree below k in t, a product of two
// entries has degree at most 2k − 2, so with the entries packed at stride
// 2k − 1 into one polynomial over GF(p) the sums of products of each block
// do not overlap. One product by core/gfpoly's number-theoretic transform
// (lengths about 2kn and 4kn: for GF(2^16), 2.0·10^6 and 4.1·10^6
// coefficients, whose sums of products one transform prime holds), then
// each block of 2k − 1 coefficients reduced modulo m(t), costs
// O(kn·log(kn)) operations on words in place of n² table steps.
// fourierDirect, the n² sum, is the reference the tests hold it to.

import (
	"context"

	"jacobian.dev/core"
	"jacobian.dev/core/gfpoly"
)

// fourierDirect returns v_j = Σ_i y_i·g^(σij), 0 ≤ j < n = q − 1, for the
// encodings y_i and σ = ±1, as n² logarithm and Zech table steps.
func (s *smallField) fourierDirect(ctx context.Context, y []int, sigma int) ([]int, error) {
	n := s.q - 1
	logs := make([]int, n)
	for i, a := range y {
		if a != 0 {
			logs[i] = int(s.log[a])
		} else {
			logs[i] = -1
		}
	}
	v := make([]int, n)
	for j := range n {
		if j%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			core.ReportProgress(ctx, float64(j), float64(n), "interpolation transform")
		}
		acc := 0
		step := j // σ·j modulo q − 1
		if sigma < 0 {
			step = (n - j) % n
		}
		e := 0 // σ·i·j modulo q − 1
		for _, l := range logs {
			if l >= 0 {
				k := l + e
				if k >= n {
					k -= n
				}
				acc = s.add(acc, int(s.exp[k]))
			}
			e += step
			if e >= n {
				e -= n
			}
		}
		v[j] = acc
	}
	return v, nil
}

// fourierChirp is fourierDirect by Bluestein's chirp-z transform, with the
// product over GF(q) done over GF(p) by Kronecker substitution (see the
// top of the file).
func (s *smallField) fourierChirp(ctx context.Context, y []int, sigma int) ([]int, error) {
	n, k, p := s.q-1, s.k, s.p
	stride := 2*k - 1
	// h^C(m,2) = g^e[m]: e[m] = −σ·C(m, 2) mod n, stepping
	// C(m+1, 2) = C(m, 2) + m.
	e := make([]int, 2*n-1)
	for m := 1; m < len(e); m++ {
		e[m] = (e[m-1] + m - 1) % n
	}
	if sigma > 0 {
		for m, em := range e {
			e[m] = (n - em) % n
		}
	}
	pack := func(dst []uint64, a int) {
		for d := 0; a != 0; d++ {
			dst[d] = uint64(a % p)
			a /= p
		}
	}
	// u holds a_i = y_i·h^C(i,2) reversed, b the chirp h^(−C(m,2)).
	u := make([]uint64, n*stride)
	for i, a := range y {
		if a != 0 {
			l := int(s.log[a]) + e[i]
			if l >= n {
				l -= n
			}
			pack(u[(n-1-i)*stride:], int(s.exp[l]))
		}
	}
	b := make([]uint64, len(e)*stride)
	for m, em := range e {
		pack(b[m*stride:], int(s.exp[(n-em)%n]))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	core.ReportProgress(ctx, 1, 3, "interpolation transform: product over GF(p)")
	prod := gfpoly.NewField(uint64(p)).Mul(u, b)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	core.ReportProgress(ctx, 2, 3, "interpolation transform: reduction modulo the field's polynomial")
	// −m(t) below its leading 1, to fold t^(k+d) = t^d·(−m(t) + t^k).
	negf := make([]int, k)
	for d := range negf {
		negf[d] = (p - s.f[d]%p) % p
	}
	v := make([]int, n)
	r := make([]int, stride)
	for j := range v {
		if j%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		lo := (n - 1 + j) * stride
		clear(r)
		for d := range r {
			if lo+d < len(prod) {
				r[d] = int(prod[lo+d])
			}
		}
		// Sums stay below p + k·p² < 2^31: one reduction per degree.
		for d := stride - 1; d >= k; d-- {
			c := r[d] % p
			if c == 0 {
				continue
			}
			for i, f := range negf {
				r[d-k+i] += c * f
			}
		}
		a := 0
		for d := k - 1; d >= 0; d-- {
			a = a*p + r[d]%p
		}
		if a != 0 {
			l := int(s.log[a]) + e[j]
			if l >= n {
				l -= n
			}
			v[j] = int(s.exp[l])
		}
	}
	return v, nil
}
