package gfpoly

import (
	"math/bits"

	"jacobian.dev/core/modular"
)

// CombineRows returns Σ_i coefs[i]·rows[i] mod p, a vector of n words
// with its trailing zeros trimmed: a linear map applied through the rows
// of its matrix, read in memory order, as the Frobenius matrix x^(iq) mod
// g of distinct-degree factorization or the powers a^j mod g of Brent–Kung
// composition. The coefficients and the rows' entries are residues below
// p, and no row is longer than n. While len(coefs)·(p − 1)² fits a word
// the sums accumulate in one word; otherwise in double words
// (modular.ProductSum) reduced once at the end.
func CombineRows(coefs []uint64, rows [][]uint64, n int, p uint64) []uint64 {
	out := make([]uint64, n)
	hi, sq := bits.Mul64(p-1, p-1)
	if wide, _ := bits.Mul64(sq, uint64(len(coefs))); hi == 0 && wide == 0 {
		// Eight rows of equal length a pass, then four, so that out is
		// loaded and stored once for eight or four products; the rest one
		// at a time. Eight rather than only four: 195 against 270 µs of
		// CPU for 248 rows of 2000 words over GF(10007), the table of a
		// Brent–Kung composition at degree 2000 (BenchmarkCombineRows,
		// GOMAXPROCS=1, least of three).
		i := 0
		for ; i+7 < len(coefs); i += 8 {
			r0 := rows[i]
			if !sameLength(rows[i+1:i+8], len(r0)) {
				addRows(out, coefs[i:i+8], rows[i:i+8])
				continue
			}
			o := out[:len(r0)]
			r1, r2, r3 := rows[i+1][:len(o)], rows[i+2][:len(o)], rows[i+3][:len(o)]
			r4, r5, r6, r7 := rows[i+4][:len(o)], rows[i+5][:len(o)], rows[i+6][:len(o)], rows[i+7][:len(o)]
			c0, c1, c2, c3 := coefs[i], coefs[i+1], coefs[i+2], coefs[i+3]
			c4, c5, c6, c7 := coefs[i+4], coefs[i+5], coefs[i+6], coefs[i+7]
			for j, x := range r0 {
				o[j] += c0*x + c1*r1[j] + c2*r2[j] + c3*r3[j] + c4*r4[j] + c5*r5[j] + c6*r6[j] + c7*r7[j]
			}
		}
		for ; i+3 < len(coefs); i += 4 {
			r0 := rows[i]
			r1, r2, r3 := rows[i+1], rows[i+2], rows[i+3]
			if len(r1) != len(r0) || len(r2) != len(r0) || len(r3) != len(r0) {
				addRows(out, coefs[i:i+4], rows[i:i+4])
				continue
			}
			c0, c1, c2, c3 := coefs[i], coefs[i+1], coefs[i+2], coefs[i+3]
			o := out[:len(r0)]
			r1, r2, r3 = r1[:len(o)], r2[:len(o)], r3[:len(o)]
			for j, x := range r0 {
				o[j] += c0*x + c1*r1[j] + c2*r2[j] + c3*r3[j]
			}
		}
		addRows(out, coefs[i:], rows[i:])
		for j := range out {
			out[j] %= p
		}
		return trim(out)
	}
	acc := make([]modular.ProductSum, n)
	for i, c := range coefs {
		if c == 0 {
			continue
		}
		for j, r := range rows[i] {
			acc[j].AddMul(c, r)
		}
	}
	for j := range out {
		out[j] = acc[j].Reduce(p)
	}
	return trim(out)
}

// addRows adds c·row to out for each coefficient and row, in one word.
func addRows(out, coefs []uint64, rows [][]uint64) {
	for i, c := range coefs {
		if c == 0 {
			continue
		}
		for j, r := range rows[i] {
			out[j] += c * r
		}
	}
}

// sameLength reports whether every row has length n.
func sameLength(rows [][]uint64, n int) bool {
	for _, r := range rows {
		if len(r) != n {
			return false
		}
	}
	return true
}
