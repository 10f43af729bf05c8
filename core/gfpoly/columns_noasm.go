//go:build !amd64 || purego

package gfpoly

// dotThreeWord2 is dotThreeWord2Go where there is no assembly kernel.
func dotThreeWord2(col, a, b []uint64, out *[6]uint64) { dotThreeWord2Go(col, a, b, out) }
