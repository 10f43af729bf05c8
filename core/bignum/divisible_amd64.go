//go:build amd64 && !purego

package bignum

import "math/big"

// subMulWords is subMulAsm (divisible_amd64.s), for len(x) ≥ 1 and z at
// least as long.
func subMulWords(z, x []big.Word, y uint64) uint64 { return subMulAsm(z, x, y) }

//go:noescape
func subMulAsm(z, x []big.Word, y uint64) uint64
