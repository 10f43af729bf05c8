//go:build !amd64 || purego

package primality

// mulFixed and sqrFixed are montgomery_amd64.s's product and square;
// elsewhere every length takes mulGeneric.
func mulFixed(z, x, y, m []uint64, minv uint64) (ok bool) { return false }

func sqrFixed(z, x, m []uint64, minv uint64) (ok bool) { return false }
