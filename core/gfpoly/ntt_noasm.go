//go:build !amd64 || purego

package gfpoly

// difBlock4 is difBlock4Go where there is no assembly kernel.
func difBlock4(a, tw []uint64, q uint64) { difBlock4Go(a, tw, q) }

// ditBlock4 is ditBlock4Go where there is no assembly kernel.
func ditBlock4(a, tw []uint64, q uint64) { ditBlock4Go(a, tw, q) }
