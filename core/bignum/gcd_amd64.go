//go:build amd64 && !purego

package bignum

import "math/big"

// subMulPairWords is subMulPairAsm (gcd_amd64.s), for len(x) ≥ 1 and y
// at least as long.
func subMulPairWords(x, y []big.Word, a, b, c, d uint64) { subMulPairAsm(x, y, a, b, c, d) }

//go:noescape
func subMulPairAsm(x, y []big.Word, a, b, c, d uint64)

// addMulPairWords is addMulPairAsm (gcd_amd64.s), for len(u) ≥ 1 and v
// at least as long.
func addMulPairWords(u, v []big.Word, w [4]uint64) { addMulPairAsm(u, v, w[0], w[1], w[2], w[3]) }

//go:noescape
func addMulPairAsm(u, v []big.Word, w0, w1, w2, w3 uint64)
