//go:build !amd64 || purego

package primality

// mulFixed is montgomery_amd64.s's product; elsewhere every length takes
// mulGeneric.
func mulFixed(z, x, y, m []uint64, minv uint64) (ok bool) { return false }
