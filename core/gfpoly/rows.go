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
		for i, c := range coefs {
			if c == 0 {
				continue
			}
			for j, r := range rows[i] {
				out[j] += c * r
			}
		}
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
