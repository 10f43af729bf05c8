package gfpoly

import "jacobian.dev/core/modular"

// Crossovers between the multiplication algorithms, by the length of the
// shorter operand (balanced products), from BenchmarkMulAlgorithms on this
// machine (AMD EPYC, 2 cores, minima of 2 runs): for p = 2^60 − 93,
// schoolbook 5.3 µs against Karatsuba 6.3 µs at n = 64 and 17 against
// 8.5 µs at n = 100. For p = 998244353, which has its own transform, the
// transform wins from n = 64 (2.8 µs against 5.0 µs schoolbook; at n =
// 32, 1.4 against 1.2 µs). With the radix-4 transforms (CPU time on the
// shared machine, so rough): for p = 10007, whose products one transform
// prime holds, the transform 3.0 µs against Karatsuba 7.2 µs at n = 64
// and 5.8 against 23.6 µs at n = 128; for p = 2^60 − 93 (three primes)
// Karatsuba 7.5 µs against 10.1 µs at n = 64, the transform 19.3 against
// 26.8 µs at n = 128.
const (
	karatsubaMinLen = 64
	nttMinLen       = 128 // two or three transform primes
	nttOneMinLen    = 64  // one transform prime
	nttSelfMinLen   = 48
)

// Mul returns a·b.
//
// Algorithm, by the length m of the shorter operand: schoolbook below 64
// coefficients, Karatsuba below 128 (none when one transform prime holds
// the products' coefficients at that length, and from 48 on the transform
// when p − 1 is divisible by 2^10, so that p has its own), the
// number-theoretic transform (ntt.go) above. Very unbalanced products are cut into pieces of the
// shorter operand's length.
func (f *Field) Mul(a, b []uint64) []uint64 {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	m := len(b)
	switch {
	case m < karatsubaMinLen:
		return trim(f.mulSchoolbook(a, b))
	case m < f.nttCrossover():
		if len(a) > 2*m {
			return f.mulUnbalanced(a, b)
		}
		out := make([]uint64, len(a)+m-1)
		f.karatsuba(out, a, b)
		return trim(out)
	}
	if len(a) > 4*m {
		return f.mulUnbalanced(a, b)
	}
	return f.mulNTT(a, b)
}

// Sqr returns a², with one forward transform instead of two above the
// transform crossover.
func (f *Field) Sqr(a []uint64) []uint64 {
	if len(a) == 0 {
		return nil
	}
	if len(a) < f.nttCrossover() {
		return f.Mul(a, a)
	}
	return f.mulNTT(a, nil)
}

func (f *Field) nttCrossover() int { return f.nttMin }

// mulUnbalanced multiplies len(a) > len(b) by cutting a into pieces of
// len(b) coefficients.
func (f *Field) mulUnbalanced(a, b []uint64) []uint64 {
	m := len(b)
	out := make([]uint64, len(a)+m-1)
	for s := 0; s < len(a); s += m {
		piece := trim(a[s:min(s+m, len(a))])
		if len(piece) == 0 {
			continue
		}
		prod := f.Mul(piece, b)
		for i, x := range prod {
			out[s+i] = addMod(out[s+i], x, f.p)
		}
	}
	return trim(out)
}

// shortOperand: products with an operand of at most this many
// coefficients scale rows (BenchmarkMulShort, 5000 by m coefficients:
// 49 µs against 56 µs at m = 2, 52 against 55 at m = 4, 75 against 61 at
// m = 6).
const shortOperand = 4

// mulSchoolbook returns the untrimmed product of nonzero a and b by the
// definition, each coefficient accumulated exactly in three words and
// reduced once.
func (f *Field) mulSchoolbook(a, b []uint64) []uint64 {
	if len(a) < len(b) {
		a, b = b, a
	}
	out := make([]uint64, len(a)+len(b)-1)
	if len(b) <= shortOperand {
		// Each output coefficient would cost two word divisions in
		// reduce3 for only len(b) products: scale rows instead, with
		// Shoup's precomputed quotient for each coefficient of b.
		p := f.p
		for j, c := range b {
			if c == 0 {
				continue
			}
			f.addScaled(out[j:j+len(a)], a, c, modular.ShoupConstant(c, p))
		}
		return out
	}
	f.accumulate(out, a, b)
	return out
}

// accumulate writes the product of a and b into out coefficient by
// coefficient, each accumulated exactly in three words and reduced once.
func (f *Field) accumulate(out, a, b []uint64) {
	for k := range out {
		lo := max(0, k-len(b)+1)
		hi := min(k, len(a)-1)
		var s modular.ProductSum
		for i := lo; i <= hi; i++ {
			s.AddMul(a[i], b[k-i])
		}
		out[k] = s.Reduce(f.p)
	}
}

// mulSchoolbookAccumulate is mulSchoolbook without the row path, for
// BenchmarkMulShort.
func (f *Field) mulSchoolbookAccumulate(a, b []uint64) []uint64 {
	out := make([]uint64, len(a)+len(b)-1)
	f.accumulate(out, a, b)
	return out
}

// karatsuba adds nothing: it writes a·b into out (length len(a)+len(b)−1,
// zeroed), for len(b) ≤ len(a) ≤ 2·len(b). Karatsuba and Ofman (1962);
// von zur Gathen and Gerhard, Modern Computer Algebra, §8.1.
func (f *Field) karatsuba(out, a, b []uint64) {
	if len(b) < karatsubaMinLen {
		prod := f.mulSchoolbook(a, b)
		copy(out, prod)
		return
	}
	p := f.p
	h := (len(a) + 1) / 2
	if len(b) <= h {
		// Too unbalanced to split both: a = a0 + x^h a1, each times b.
		f.karatsubaInto(out[:h+len(b)-1], a[:h], b)
		upper := make([]uint64, len(a)-h+len(b)-1)
		f.karatsubaInto(upper, a[h:], b)
		for i, x := range upper {
			out[h+i] = addMod(out[h+i], x, p)
		}
		return
	}
	a0, a1 := a[:h], a[h:]
	b0, b1 := b[:h], b[h:]
	// z0 = a0·b0, z2 = a1·b1, z1 = (a0+a1)(b0+b1) − z0 − z2.
	z0 := out[:2*h-1]
	f.karatsubaInto(z0, a0, b0)
	z2 := out[2*h : 2*h+len(a1)+len(b1)-1]
	f.karatsubaInto(z2, a1, b1)
	sa := make([]uint64, h)
	copy(sa, a0)
	for i, x := range a1 {
		sa[i] = addMod(sa[i], x, p)
	}
	sb := make([]uint64, h)
	copy(sb, b0)
	for i, x := range b1 {
		sb[i] = addMod(sb[i], x, p)
	}
	z1 := make([]uint64, 2*h-1)
	f.karatsubaInto(z1, sa, sb)
	for i, x := range z0 {
		z1[i] = modular.Sub(z1[i], x, p)
	}
	for i, x := range z2 {
		z1[i] = modular.Sub(z1[i], x, p)
	}
	for i, x := range z1 {
		out[h+i] = addMod(out[h+i], x, p)
	}
}

// karatsubaInto writes the product of a and b (either order, possibly with
// zero high coefficients) into dst, which it zeroes first.
func (f *Field) karatsubaInto(dst, a, b []uint64) {
	clear(dst)
	if len(a) == 0 || len(b) == 0 {
		return
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	f.karatsuba(dst[:len(a)+len(b)-1], a, b)
}
