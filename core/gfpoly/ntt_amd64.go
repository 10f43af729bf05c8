//go:build amd64 && !purego

package gfpoly

// difBlock4 is difBlock4Go, the forward transform's two-level pass over
// one block of four quarters, in ntt_amd64.s: the same arithmetic with
// every value in registers (the Go loop spills about a dozen words to
// the stack each index, with MULQ's fixed registers taken).
//
//go:noescape
func difBlock4(a, tw []uint64, q uint64)

// ditBlock4 is ditBlock4Go, the inverse transform's two-level pass over
// one block of four quarters, in ntt_amd64.s like difBlock4.
//
//go:noescape
func ditBlock4(a, tw []uint64, q uint64)
