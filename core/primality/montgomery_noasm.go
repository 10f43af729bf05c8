//go:build !amd64 || purego

package primality

// mulFixed and sqrFixed are montgomery_amd64.s's product and square,
// mulSubFixed and sqrSubFixed montgomery_adx_amd64.s's; elsewhere every
// length takes mulGeneric (and a separate subtraction).
func mulFixed(z, x, y, m []uint64, minv uint64) (ok bool) { return false }

func sqrFixed(z, x, m []uint64, minv uint64) (ok bool) { return false }

func mulSubFixed(z, x, y, c, m []uint64, minv uint64) (ok bool) { return false }

func sqrSubFixed(z, x, c, m []uint64, minv uint64) (ok bool) { return false }

func adxKernels(mg *montgomery) (kn kernels, ok bool) { return kernels{}, false }
