//go:build !amd64 || purego

package bignum

import "math/big"

// subMulPairWords is subMulPairGo where gcd_amd64.s is not built.
func subMulPairWords(x, y []big.Word, a, b, c, d uint64) { subMulPairGo(x, y, a, b, c, d) }

// addMulPairWords is addMulPairGo where gcd_amd64.s is not built.
func addMulPairWords(u, v []big.Word, w [4]uint64) { addMulPairGo(u, v, w) }
