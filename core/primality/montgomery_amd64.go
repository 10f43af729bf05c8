//go:build amd64 && !purego

package primality

// mulFixed sets z = x·y·R⁻¹ mod m for moduli of 2 to 8 words, by
// mulADX where the processor has BMI2 and ADX and it takes the length,
// by mulAsmK (montgomery_amd64.s) otherwise; ok is false for other
// lengths. z may alias x or y.
func mulFixed(z, x, y, m []uint64, minv uint64) (ok bool) {
	// mulADX's cases, written out here: its call was a tenth of
	// Baillie–PSW's instructions at 333 bits.
	if hasADX {
		switch len(m) {
		case 2:
			mulADX2((*[2]uint64)(z), (*[2]uint64)(x), (*[2]uint64)(y), (*[2]uint64)(m), minv)
			return true
		case 3:
			mulADX3((*[3]uint64)(z), (*[3]uint64)(x), (*[3]uint64)(y), (*[3]uint64)(m), minv)
			return true
		case 4:
			mulADX4((*[4]uint64)(z), (*[4]uint64)(x), (*[4]uint64)(y), (*[4]uint64)(m), minv)
			return true
		case 5:
			mulADX5((*[5]uint64)(z), (*[5]uint64)(x), (*[5]uint64)(y), (*[5]uint64)(m), minv)
			return true
		case 6:
			mulADX6((*[6]uint64)(z), (*[6]uint64)(x), (*[6]uint64)(y), (*[6]uint64)(m), minv)
			return true
		}
	}
	switch len(m) {
	case 2:
		mulAsm2((*[2]uint64)(z), (*[2]uint64)(x), (*[2]uint64)(y), (*[2]uint64)(m), minv)
	case 3:
		mulAsm3((*[3]uint64)(z), (*[3]uint64)(x), (*[3]uint64)(y), (*[3]uint64)(m), minv)
	case 4:
		mulAsm4((*[4]uint64)(z), (*[4]uint64)(x), (*[4]uint64)(y), (*[4]uint64)(m), minv)
	case 5:
		mulAsm5((*[5]uint64)(z), (*[5]uint64)(x), (*[5]uint64)(y), (*[5]uint64)(m), minv)
	case 6:
		mulAsm6((*[6]uint64)(z), (*[6]uint64)(x), (*[6]uint64)(y), (*[6]uint64)(m), minv)
	case 7:
		mulAsm7((*[7]uint64)(z), (*[7]uint64)(x), (*[7]uint64)(y), (*[7]uint64)(m), minv)
	case 8:
		mulAsm8((*[8]uint64)(z), (*[8]uint64)(x), (*[8]uint64)(y), (*[8]uint64)(m), minv)
	default:
		return false
	}
	return true
}

//go:noescape
func mulAsm2(z, x, y, m *[2]uint64, minv uint64)

//go:noescape
func mulAsm3(z, x, y, m *[3]uint64, minv uint64)

//go:noescape
func mulAsm4(z, x, y, m *[4]uint64, minv uint64)

//go:noescape
func mulAsm5(z, x, y, m *[5]uint64, minv uint64)

//go:noescape
func mulAsm6(z, x, y, m *[6]uint64, minv uint64)

//go:noescape
func mulAsm7(z, x, y, m *[7]uint64, minv uint64)

//go:noescape
func mulAsm8(z, x, y, m *[8]uint64, minv uint64)

// sqrFixed sets z = x²·R⁻¹ mod m by sqrADXK where mulFixed takes
// mulADXK and m's top bit is clear, else by sqrAsmK, montgomery_amd64.s,
// for moduli of 2 to 8 words; ok is false for other lengths. z may alias
// x.
func sqrFixed(z, x, m []uint64, minv uint64) (ok bool) {
	// sqrADX's cases, written out as in mulFixed.
	if hasADX && len(m) > 0 && m[len(m)-1]>>63 == 0 {
		switch len(m) {
		case 2:
			sqrADX2((*[2]uint64)(z), (*[2]uint64)(x), (*[2]uint64)(m), minv)
			return true
		case 3:
			sqrADX3((*[3]uint64)(z), (*[3]uint64)(x), (*[3]uint64)(m), minv)
			return true
		case 4:
			sqrADX4((*[4]uint64)(z), (*[4]uint64)(x), (*[4]uint64)(m), minv)
			return true
		case 5:
			sqrADX5((*[5]uint64)(z), (*[5]uint64)(x), (*[5]uint64)(m), minv)
			return true
		case 6:
			sqrADX6((*[6]uint64)(z), (*[6]uint64)(x), (*[6]uint64)(m), minv)
			return true
		}
	}
	switch len(m) {
	case 2:
		sqrAsm2((*[2]uint64)(z), (*[2]uint64)(x), (*[2]uint64)(m), minv)
	case 3:
		sqrAsm3((*[3]uint64)(z), (*[3]uint64)(x), (*[3]uint64)(m), minv)
	case 4:
		sqrAsm4((*[4]uint64)(z), (*[4]uint64)(x), (*[4]uint64)(m), minv)
	case 5:
		sqrAsm5((*[5]uint64)(z), (*[5]uint64)(x), (*[5]uint64)(m), minv)
	case 6:
		sqrAsm6((*[6]uint64)(z), (*[6]uint64)(x), (*[6]uint64)(m), minv)
	case 7:
		sqrAsm7((*[7]uint64)(z), (*[7]uint64)(x), (*[7]uint64)(m), minv)
	case 8:
		sqrAsm8((*[8]uint64)(z), (*[8]uint64)(x), (*[8]uint64)(m), minv)
	default:
		return false
	}
	return true
}

//go:noescape
func sqrAsm2(z, x, m *[2]uint64, minv uint64)

//go:noescape
func sqrAsm3(z, x, m *[3]uint64, minv uint64)

//go:noescape
func sqrAsm4(z, x, m *[4]uint64, minv uint64)

//go:noescape
func sqrAsm5(z, x, m *[5]uint64, minv uint64)

//go:noescape
func sqrAsm6(z, x, m *[6]uint64, minv uint64)

//go:noescape
func sqrAsm7(z, x, m *[7]uint64, minv uint64)

//go:noescape
func sqrAsm8(z, x, m *[8]uint64, minv uint64)

// hasADX reports the BMI2 and ADX instructions (CPUID leaf 7, EBX bits 8
// and 19) that mulADX and sqrADX need. Leaf 7 is read only where leaf 0
// says it exists: past the highest leaf a processor may answer with
// another leaf's bits.
var hasADX = func() bool {
	if top, _ := cpuid(0); top < 7 {
		return false
	}
	_, ebx := cpuid(7)
	return ebx&(1<<8|1<<19) == 1<<8|1<<19
}()

// cpuid returns EAX and EBX of CPUID for leaf and subleaf 0.
func cpuid(leaf uint32) (eax, ebx uint32)

// mulADX sets z = x·y·R⁻¹ mod m by mulADXK, montgomery_adx_amd64.s, for
// moduli of 2 to 6 words on a processor with BMI2 and ADX; ok is false
// for other lengths.
func mulADX(z, x, y, m []uint64, minv uint64) (ok bool) {
	switch len(m) {
	case 2:
		mulADX2((*[2]uint64)(z), (*[2]uint64)(x), (*[2]uint64)(y), (*[2]uint64)(m), minv)
	case 3:
		mulADX3((*[3]uint64)(z), (*[3]uint64)(x), (*[3]uint64)(y), (*[3]uint64)(m), minv)
	case 4:
		mulADX4((*[4]uint64)(z), (*[4]uint64)(x), (*[4]uint64)(y), (*[4]uint64)(m), minv)
	case 5:
		mulADX5((*[5]uint64)(z), (*[5]uint64)(x), (*[5]uint64)(y), (*[5]uint64)(m), minv)
	case 6:
		mulADX6((*[6]uint64)(z), (*[6]uint64)(x), (*[6]uint64)(y), (*[6]uint64)(m), minv)
	default:
		return false
	}
	return true
}

//go:noescape
func mulADX2(z, x, y, m *[2]uint64, minv uint64)

//go:noescape
func mulADX3(z, x, y, m *[3]uint64, minv uint64)

//go:noescape
func mulADX4(z, x, y, m *[4]uint64, minv uint64)

//go:noescape
func mulADX5(z, x, y, m *[5]uint64, minv uint64)

//go:noescape
func mulADX6(z, x, y, m *[6]uint64, minv uint64)

// sqrADX sets z = x²·R⁻¹ mod m by sqrADXK, montgomery_adx_amd64.s, for
// moduli of 2 to 6 words below 2^(64·len(m)−1) (a 100-digit modulus, of
// 333 bits in 6 words, is) on a processor with BMI2 and ADX; ok is false
// for other moduli. z may alias x.
func sqrADX(z, x, m []uint64, minv uint64) (ok bool) {
	if len(m) == 0 || m[len(m)-1]>>63 != 0 {
		return false
	}
	switch len(m) {
	case 2:
		sqrADX2((*[2]uint64)(z), (*[2]uint64)(x), (*[2]uint64)(m), minv)
	case 3:
		sqrADX3((*[3]uint64)(z), (*[3]uint64)(x), (*[3]uint64)(m), minv)
	case 4:
		sqrADX4((*[4]uint64)(z), (*[4]uint64)(x), (*[4]uint64)(m), minv)
	case 5:
		sqrADX5((*[5]uint64)(z), (*[5]uint64)(x), (*[5]uint64)(m), minv)
	case 6:
		sqrADX6((*[6]uint64)(z), (*[6]uint64)(x), (*[6]uint64)(m), minv)
	default:
		return false
	}
	return true
}

//go:noescape
func sqrADX2(z, x, m *[2]uint64, minv uint64)

//go:noescape
func sqrADX3(z, x, m *[3]uint64, minv uint64)

//go:noescape
func sqrADX4(z, x, m *[4]uint64, minv uint64)

//go:noescape
func sqrADX5(z, x, m *[5]uint64, minv uint64)

//go:noescape
func sqrADX6(z, x, m *[6]uint64, minv uint64)

// mulSubFixed sets z = x·y·R⁻¹ − c mod m, for c < m, by mulSubADXK
// (montgomery_adx_amd64.s: mulADXK with the subtraction done on the
// result's words in registers) for moduli of 2 to 6 words on a processor
// with BMI2 and ADX; ok is false otherwise. z may alias x or y, not c,
// which is read after z is written.
func mulSubFixed(z, x, y, c, m []uint64, minv uint64) (ok bool) {
	if !hasADX {
		return false
	}
	switch len(m) {
	case 2:
		mulSubADX2((*[2]uint64)(z), (*[2]uint64)(x), (*[2]uint64)(y), (*[2]uint64)(m), minv, (*[2]uint64)(c))
	case 3:
		mulSubADX3((*[3]uint64)(z), (*[3]uint64)(x), (*[3]uint64)(y), (*[3]uint64)(m), minv, (*[3]uint64)(c))
	case 4:
		mulSubADX4((*[4]uint64)(z), (*[4]uint64)(x), (*[4]uint64)(y), (*[4]uint64)(m), minv, (*[4]uint64)(c))
	case 5:
		mulSubADX5((*[5]uint64)(z), (*[5]uint64)(x), (*[5]uint64)(y), (*[5]uint64)(m), minv, (*[5]uint64)(c))
	case 6:
		mulSubADX6((*[6]uint64)(z), (*[6]uint64)(x), (*[6]uint64)(y), (*[6]uint64)(m), minv, (*[6]uint64)(c))
	default:
		return false
	}
	return true
}

//go:noescape
func mulSubADX2(z, x, y, m *[2]uint64, minv uint64, c *[2]uint64)

//go:noescape
func mulSubADX3(z, x, y, m *[3]uint64, minv uint64, c *[3]uint64)

//go:noescape
func mulSubADX4(z, x, y, m *[4]uint64, minv uint64, c *[4]uint64)

//go:noescape
func mulSubADX5(z, x, y, m *[5]uint64, minv uint64, c *[5]uint64)

//go:noescape
func mulSubADX6(z, x, y, m *[6]uint64, minv uint64, c *[6]uint64)

// sqrSubFixed sets z = x²·R⁻¹ − c mod m, for c < m, by sqrSubADXK where
// sqrADX takes the modulus; ok is false otherwise. z may alias x, not c.
func sqrSubFixed(z, x, c, m []uint64, minv uint64) (ok bool) {
	if !hasADX || len(m) == 0 || m[len(m)-1]>>63 != 0 {
		return false
	}
	switch len(m) {
	case 2:
		sqrSubADX2((*[2]uint64)(z), (*[2]uint64)(x), (*[2]uint64)(m), minv, (*[2]uint64)(c))
	case 3:
		sqrSubADX3((*[3]uint64)(z), (*[3]uint64)(x), (*[3]uint64)(m), minv, (*[3]uint64)(c))
	case 4:
		sqrSubADX4((*[4]uint64)(z), (*[4]uint64)(x), (*[4]uint64)(m), minv, (*[4]uint64)(c))
	case 5:
		sqrSubADX5((*[5]uint64)(z), (*[5]uint64)(x), (*[5]uint64)(m), minv, (*[5]uint64)(c))
	case 6:
		sqrSubADX6((*[6]uint64)(z), (*[6]uint64)(x), (*[6]uint64)(m), minv, (*[6]uint64)(c))
	default:
		return false
	}
	return true
}

//go:noescape
func sqrSubADX2(z, x, m *[2]uint64, minv uint64, c *[2]uint64)

//go:noescape
func sqrSubADX3(z, x, m *[3]uint64, minv uint64, c *[3]uint64)

//go:noescape
func sqrSubADX4(z, x, m *[4]uint64, minv uint64, c *[4]uint64)

//go:noescape
func sqrSubADX5(z, x, m *[5]uint64, minv uint64, c *[5]uint64)

//go:noescape
func sqrSubADX6(z, x, m *[6]uint64, minv uint64, c *[6]uint64)

// adxKernels binds mg's products to the ADX kernels of its length (2 to
// 6 words, on a processor with BMI2 and ADX; the squares, and
// sqrDblADXK's doubled squares, for moduli below 2^(64k−1)), the rest to
// the routes by length; ok is false when
// no ADX kernel takes mg's modulus.
func adxKernels(mg *montgomery) (kn kernels, ok bool) {
	k := len(mg.m)
	if !hasADX || k < 2 || k > 6 {
		return kernels{}, false
	}
	minv := mg.minv
	square := mg.m[k-1]>>63 == 0
	switch k {
	case 2:
		m := (*[2]uint64)(mg.m)
		kn = kernels{
			mul: func(z, x, y []uint64) { mulADX2((*[2]uint64)(z), (*[2]uint64)(x), (*[2]uint64)(y), m, minv) },
			mulSub: func(z, x, y, c []uint64) {
				mulSubADX2((*[2]uint64)(z), (*[2]uint64)(x), (*[2]uint64)(y), m, minv, (*[2]uint64)(c))
			},
		}
		if square {
			kn.sqr = func(z, x []uint64) { sqrADX2((*[2]uint64)(z), (*[2]uint64)(x), m, minv) }
			kn.sqrSub = func(z, x, c []uint64) { sqrSubADX2((*[2]uint64)(z), (*[2]uint64)(x), m, minv, (*[2]uint64)(c)) }
			kn.sqrDbl = func(z, x []uint64) { sqrDblADX2((*[2]uint64)(z), (*[2]uint64)(x), m, minv) }
		}
	case 3:
		m := (*[3]uint64)(mg.m)
		kn = kernels{
			mul: func(z, x, y []uint64) { mulADX3((*[3]uint64)(z), (*[3]uint64)(x), (*[3]uint64)(y), m, minv) },
			mulSub: func(z, x, y, c []uint64) {
				mulSubADX3((*[3]uint64)(z), (*[3]uint64)(x), (*[3]uint64)(y), m, minv, (*[3]uint64)(c))
			},
		}
		if square {
			kn.sqr = func(z, x []uint64) { sqrADX3((*[3]uint64)(z), (*[3]uint64)(x), m, minv) }
			kn.sqrSub = func(z, x, c []uint64) { sqrSubADX3((*[3]uint64)(z), (*[3]uint64)(x), m, minv, (*[3]uint64)(c)) }
			kn.sqrDbl = func(z, x []uint64) { sqrDblADX3((*[3]uint64)(z), (*[3]uint64)(x), m, minv) }
		}
	case 4:
		m := (*[4]uint64)(mg.m)
		kn = kernels{
			mul: func(z, x, y []uint64) { mulADX4((*[4]uint64)(z), (*[4]uint64)(x), (*[4]uint64)(y), m, minv) },
			mulSub: func(z, x, y, c []uint64) {
				mulSubADX4((*[4]uint64)(z), (*[4]uint64)(x), (*[4]uint64)(y), m, minv, (*[4]uint64)(c))
			},
		}
		if square {
			kn.sqr = func(z, x []uint64) { sqrADX4((*[4]uint64)(z), (*[4]uint64)(x), m, minv) }
			kn.sqrSub = func(z, x, c []uint64) { sqrSubADX4((*[4]uint64)(z), (*[4]uint64)(x), m, minv, (*[4]uint64)(c)) }
			kn.sqrDbl = func(z, x []uint64) { sqrDblADX4((*[4]uint64)(z), (*[4]uint64)(x), m, minv) }
		}
	case 5:
		m := (*[5]uint64)(mg.m)
		kn = kernels{
			mul: func(z, x, y []uint64) { mulADX5((*[5]uint64)(z), (*[5]uint64)(x), (*[5]uint64)(y), m, minv) },
			mulSub: func(z, x, y, c []uint64) {
				mulSubADX5((*[5]uint64)(z), (*[5]uint64)(x), (*[5]uint64)(y), m, minv, (*[5]uint64)(c))
			},
		}
		if square {
			kn.sqr = func(z, x []uint64) { sqrADX5((*[5]uint64)(z), (*[5]uint64)(x), m, minv) }
			kn.sqrSub = func(z, x, c []uint64) { sqrSubADX5((*[5]uint64)(z), (*[5]uint64)(x), m, minv, (*[5]uint64)(c)) }
			kn.sqrDbl = func(z, x []uint64) { sqrDblADX5((*[5]uint64)(z), (*[5]uint64)(x), m, minv) }
		}
	case 6:
		m := (*[6]uint64)(mg.m)
		kn = kernels{
			mul: func(z, x, y []uint64) { mulADX6((*[6]uint64)(z), (*[6]uint64)(x), (*[6]uint64)(y), m, minv) },
			mulSub: func(z, x, y, c []uint64) {
				mulSubADX6((*[6]uint64)(z), (*[6]uint64)(x), (*[6]uint64)(y), m, minv, (*[6]uint64)(c))
			},
		}
		if square {
			kn.sqr = func(z, x []uint64) { sqrADX6((*[6]uint64)(z), (*[6]uint64)(x), m, minv) }
			kn.sqrSub = func(z, x, c []uint64) { sqrSubADX6((*[6]uint64)(z), (*[6]uint64)(x), m, minv, (*[6]uint64)(c)) }
			kn.sqrDbl = func(z, x []uint64) { sqrDblADX6((*[6]uint64)(z), (*[6]uint64)(x), m, minv) }
		}
	}
	if kn.sqr == nil {
		kn.sqr, kn.sqrSub, kn.sqrDbl = mg.sqrAny, mg.sqrSubAny, mg.sqrDblAny
	}
	return kn, true
}

//go:noescape
func sqrDblADX2(z, x, m *[2]uint64, minv uint64)

//go:noescape
func sqrDblADX3(z, x, m *[3]uint64, minv uint64)

//go:noescape
func sqrDblADX4(z, x, m *[4]uint64, minv uint64)

//go:noescape
func sqrDblADX5(z, x, m *[5]uint64, minv uint64)

//go:noescape
func sqrDblADX6(z, x, m *[6]uint64, minv uint64)
