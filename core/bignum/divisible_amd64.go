//go:build amd64 && !purego

package bignum

import "math/big"

// subMulWords is subMulMulx (divisible_amd64.s) where the processor has
// BMI2, else subMulAsm, for len(x) ≥ 1 and z at least as long.
func subMulWords(z, x []big.Word, y uint64) uint64 {
	if hasBMI2 {
		return subMulMulx(z, x, y)
	}
	return subMulAsm(z, x, y)
}

//go:noescape
func subMulAsm(z, x []big.Word, y uint64) uint64

//go:noescape
func subMulMulx(z, x []big.Word, y uint64) uint64
