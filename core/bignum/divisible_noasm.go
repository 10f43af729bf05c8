//go:build !amd64 || purego

package bignum

import "math/big"

// subMulWords is subMulGo where divisible_amd64.s is not built.
func subMulWords(z, x []big.Word, y uint64) uint64 { return subMulGo(z, x, y) }
