package modular

import (
	"math/big"
	"math/bits"
)

// ReduceWords returns x mod p in [0, p) for any sign of x, as Reduce does,
// but without allocating: Horner's rule over the 64-bit words of |x|, one
// 128-by-64-bit division per word. It is the inner step of reducing many
// multi-word coefficients modulo many primes. p must be nonzero.
func ReduceWords(x *big.Int, p uint64) uint64 {
	if bits.UintSize != 64 {
		return Reduce(x, p)
	}
	var r uint64
	w := x.Bits()
	for i := len(w) - 1; i >= 0; i-- {
		_, r = bits.Div64(r, uint64(w[i]), p)
	}
	if x.Sign() < 0 && r != 0 {
		r = p - r
	}
	return r
}
