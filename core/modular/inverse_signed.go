package modular

// inverseSigned is Inverse for m < 2^63 and a < m: extended Euclid with
// the cofactor of a kept as a signed word. The cofactors of the Euclidean
// remainder sequence of (m, a) are bounded by m in absolute value (Knuth,
// TAOCP vol. 2, §4.5.2, exercise 3 / the proof of Lamé's bound), so they
// fit an int64 exactly and each step costs one word division instead of
// a reduction modulo m.
func inverseSigned(a, m uint64) (uint64, bool) {
	r0, r1 := m, a
	t0, t1 := int64(0), int64(1)
	for r1 != 0 {
		q := r0 / r1
		r0, r1 = r1, r0-q*r1
		t0, t1 = t1, t0-int64(q)*t1
	}
	if r0 != 1 {
		return 0, false
	}
	if t0 < 0 {
		return uint64(t0 + int64(m)), true
	}
	return uint64(t0), true
}
