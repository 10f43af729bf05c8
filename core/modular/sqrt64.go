package modular

import "math"

// Sqrt64 is ⌊√x⌋ for any word x: the floating-point root, corrected by a
// step or two either way (it is off by at most one) without leaving
// [0, 2^32 − 1], where r² cannot overflow.
func Sqrt64(x uint64) uint64 {
	r := min(uint64(math.Sqrt(float64(x))), 1<<32-1)
	for r*r > x {
		r--
	}
	for r < 1<<32-1 && (r+1)*(r+1) <= x {
		r++
	}
	return r
}
