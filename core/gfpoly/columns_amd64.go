//go:build amd64 && !purego

package gfpoly

// dotThreeWord2 sets out to the exact sums Σ_i a[i]·col[i] and
// Σ_i b[i]·col[i] over i < len(col), a multiple of four (a and b at
// least as long), as triple words, low word first: out[0:3] for a,
// out[3:6] for b. It is Columns.threeWord2's inner loop in
// columns_amd64.s, four pairs of MULQ a pass with the six words of the
// sums in registers (the Go loop keeps spilling them to the stack around
// MULQ's fixed registers); dotThreeWord2Go is the reference it is tested
// against.
//
//go:noescape
func dotThreeWord2(col, a, b []uint64, out *[6]uint64)
