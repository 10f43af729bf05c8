package gfpoly

// Linear combinations Σ_k c_k·B_k mod m of fixed residues B_k with
// residue coefficients c_k, summed in the transform domain.
//
// Products modulo m by a prepared operand cost two long and two short
// transforms each (prepared.go), most of it the reduction. A sum of K
// such products need not reduce each: the products c_k·B_k, each of
// degree at most 2n − 2, add up in the long transform (one forward
// transform of c_k and a pointwise product with B_k's kept transform a
// term), one inverse transform gives the exact sum, and one reduction
// (reduceNTT) ends it, so that the sum costs K forward transforms and
// one product's worth instead of K products. This is the outer sum of
// Brent and Kung's modular composition, Σ_k F_k(a)·(a^t)^k, with the
// giant powers (a^t)^k kept instead of Horner's rule's n/t products by
// a^t (the baby-step giant-step form of the evaluation; von zur Gathen
// and Gerhard, Modern Computer Algebra, 3rd ed., §12.2), which pays once
// the same composition table serves several compositions.

// Combination is residues B_0, …, B_(K−1) modulo a Modulus prepared for
// linear combinations. Like a Modulus it is immutable and safe for
// concurrent use.
type Combination struct {
	m    *Modulus
	b    [][]uint64
	spec []spectrum // each B_k's transform at the long length; nil without prepared transforms
	// With a split quotient (splitQuotient) the sums are taken at the
	// short length instead, spec holding the transforms there, and their
	// wrap wrapped-around top coefficients from the products of the top
	// wrap coefficients of each term (topSpec, at length 2^logTop ≥
	// 2·wrap − 1); see LinearCombination.
	topSpec []spectrum
	wrap    int
	logTop  int
	// group is the number of terms whose exact sum the transform primes
	// hold: each product's coefficients are below n·(p − 1)² + 1.
	group int
}

// NewCombination prepares the residues bs modulo m (each reduced first).
func (f *Field) NewCombination(bs [][]uint64, m *Modulus) *Combination {
	c := &Combination{m: m, b: make([][]uint64, len(bs))}
	for k, b := range bs {
		c.b[k] = f.RemBy(b, m)
	}
	r := m.md.ntt
	if r == nil {
		return c
	}
	c.spec = make([]spectrum, len(bs))
	logN := r.logN1
	if r.split {
		logN = r.logN2
		c.wrap = 2*r.n - 1 - (1 << r.logN2)
		c.logTop = max(log2Ceil(2*c.wrap-1), 1)
		c.topSpec = make([]spectrum, len(bs))
	}
	for k, b := range c.b {
		if len(b) > 0 {
			c.spec[k] = f.forwardAll(r, b, logN)
			if c.topSpec != nil {
				c.topSpec[k] = f.forwardAll(r, c.topOf(b), c.logTop)
			}
		}
	}
	c.group = sumGroup(f.p, r, len(bs))
	return c
}

// Len returns the number of prepared residues.
func (c *Combination) Len() int { return len(c.b) }

// topOf returns the top wrap of the n coefficients of a residue a
// (zeros beyond its length).
func (c *Combination) topOf(a []uint64) []uint64 {
	n := c.m.md.ntt.n
	out := make([]uint64, c.wrap)
	for j := range out {
		if i := n - c.wrap + j; i < len(a) {
			out[j] = a[i]
		}
	}
	return out
}

// LinearCombination returns Σ_k cs[k]·B_k mod m, trimmed, for residues
// cs[k] modulo m (len(cs) ≤ Len(); missing and empty ones are zero).
//
// With a split quotient the sum S (2n − 1 coefficients) is taken modulo
// x^N2 − 1, N2 = 2^logN2, whose slot i holds S_i + S_(N2+i), and its top
// w = 2n − 1 − N2 coefficients S_(N2+j) are the top half of the sum of
// the products of the terms' top w coefficients: with those beginning at
// n − w, the product's coefficient w − 1 + j is S_(N2+j), and a cyclic
// length of 2w − 1 holds the product whole. So each term
// costs a forward transform of length N2 and one of at most about N2/2
// instead of one of 2N2 (the wrap-around correction of mulNTT).
func (f *Field) LinearCombination(cs [][]uint64, c *Combination) []uint64 {
	if len(cs) > len(c.b) {
		panic("gfpoly: more coefficients than prepared residues")
	}
	md := c.m.md
	r := md.ntt
	if r == nil {
		return f.linearCombinationReference(cs, c)
	}
	logN := r.logN1
	if c.topSpec != nil {
		logN = r.logN2
	}
	return f.sumOfTerms(c, len(cs), c.group, func(k int) (x, y, xt, yt spectrum, done func()) {
		a := cs[k]
		if len(a) >= len(md.b) {
			a = f.Rem(a, md.b)
		}
		if len(a) == 0 || c.spec[k] == nil {
			return nil, nil, nil, nil, nil
		}
		x = f.forwardAll(r, a, logN)
		if c.topSpec != nil {
			xt, yt = f.forwardAll(r, c.topOf(a), c.logTop), c.topSpec[k]
		}
		return x, c.spec[k], xt, yt, func() {
			releaseSpectrum(x)
			releaseSpectrum(xt)
		}
	})
}

// InnerProduct returns Σ_k A_k·B_k mod m, trimmed, for k below the lesser
// of a.Len() and b.Len(), the residues of two Combinations modulo the
// same Modulus. With both operands' transforms kept, a term costs one
// pointwise product and the sum one inverse transform and one reduction
// (for every group of terms whose exact sum the transform primes hold):
// the inner sums Σ_v c_v·H^v of a polynomial in H with residue
// coefficients, the c_v fixed and the powers H^v shared by many such
// sums, as ddfBSGS's interval products take them.
func (f *Field) InnerProduct(a, b *Combination) []uint64 {
	if a.m.md != b.m.md {
		panic("gfpoly: InnerProduct of Combinations modulo different divisors")
	}
	terms := min(len(a.b), len(b.b))
	r := a.m.md.ntt
	if r == nil {
		return f.innerProductReference(a, b)
	}
	return f.sumOfTerms(a, terms, sumGroup(f.p, r, terms), func(k int) (x, y, xt, yt spectrum, done func()) {
		if a.spec[k] == nil || b.spec[k] == nil {
			return nil, nil, nil, nil, nil
		}
		if a.topSpec != nil {
			xt, yt = a.topSpec[k], b.topSpec[k]
		}
		return a.spec[k], b.spec[k], xt, yt, func() {}
	})
}

// innerProductReference is InnerProduct by one product and reduction a
// term.
func (f *Field) innerProductReference(a, b *Combination) []uint64 {
	var out []uint64
	for k := range min(len(a.b), len(b.b)) {
		out = f.Add(out, f.MulModBy(a.b[k], b.b[k], a.m))
	}
	return out
}

// sumGroup is the number of terms, at most terms, whose exact sum the
// transform primes of r hold: each product's coefficients are below
// n·(p − 1)² + 1.
func sumGroup(p uint64, r *nttReducer, terms int) int {
	if r.self {
		return max(terms, 1)
	}
	g := 1
	for g < terms && primesNeeded(2*g*r.n, p) <= len(r.primes) {
		g *= 2
	}
	return g
}

// sumOfTerms returns Σ_k x_k·y_k mod m for k < count, summed in the
// transform domain at c's lengths (see LinearCombination), group terms
// at a time: term(k) gives the two operands' transforms, and with a
// split quotient those of their top coefficients (nil x for a zero
// term), and done to call once they are added in.
func (f *Field) sumOfTerms(c *Combination, count, group int, term func(k int) (x, y, xt, yt spectrum, done func())) []uint64 {
	r := c.m.md.ntt
	p := f.p
	logN := r.logN1
	if c.topSpec != nil {
		logN = r.logN2
	}
	size := 1 << logN
	var total []uint64
	acc := make(spectrum, len(r.primes))
	var accTop spectrum
	for i := range acc {
		acc[i] = getBuffer(logN)
	}
	if c.topSpec != nil {
		accTop = make(spectrum, len(r.primes))
		for i := range accTop {
			accTop[i] = getBuffer(c.logTop)
		}
	}
	for start := 0; start < count; start += group {
		for i := range acc {
			clear(acc[i])
		}
		for i := range accTop {
			clear(accTop[i])
		}
		terms := 0
		for k := start; k < min(count, start+group); k++ {
			x, y, xt, yt, done := term(k)
			if x == nil {
				continue
			}
			terms++
			r.eachPrime(logN, func(i int) {
				pr := r.primes[i]
				pr.accumulate(acc[i][:size], x[i], y[i])
				if xt != nil {
					pr.accumulate(accTop[i], xt[i], yt[i])
				}
			})
			done()
		}
		if terms == 0 {
			continue
		}
		sum := make([]uint64, 2*r.n-1)
		// The low len(low) coefficients of the sum, the whole of it
		// without a split.
		low := sum
		if accTop != nil {
			low = sum[:size]
		}
		r.eachPrime(logN, func(i int) {
			pr := r.primes[i]
			pr.inverse(acc[i], logN)
			pr.finish(acc[i][:len(low)], logN)
			if accTop == nil {
				return
			}
			// Slot j < w holds S_j + S_(N2+j); the top sum's
			// coefficient w − 1 + j is S_(N2+j), left after the slots.
			w := c.wrap
			pr.inverse(accTop[i], c.logTop)
			hi := accTop[i][w-1 : 2*w-1]
			pr.finish(hi, c.logTop)
			lo := acc[i][:w]
			for j, v := range hi {
				lo[j] = subMod(lo[j], v, pr.q)
			}
		})
		ends := make(spectrum, len(acc))
		for i := range acc {
			ends[i] = acc[i][:len(low)]
		}
		var part []uint64
		if r.self {
			part = ends[0]
		} else {
			part = f.garner(ends)
		}
		copy(sum, part)
		if accTop != nil {
			for i := range ends {
				ends[i] = accTop[i][c.wrap-1 : 2*c.wrap-1]
			}
			if r.self {
				part = ends[0]
			} else {
				part = f.garner(ends)
			}
			copy(sum[size:], part)
		}
		if total == nil {
			total = sum
		} else {
			for i, x := range sum {
				total[i] = addMod(total[i], x, p)
			}
		}
	}
	releaseSpectrum(acc)
	releaseSpectrum(accTop)
	if total == nil {
		return nil
	}
	return f.reduceNTT(r, trim(total))
}

// accumulate adds x·y·2^−64 mod q entrywise into s (entries < 2q in x
// and y, < q in s, kept below q).
func (t *nttPrime) accumulate(s, x, y []uint64) {
	q := t.q
	x, y = x[:len(s)], y[:len(s)]
	for j, v := range x {
		w := s[j] + t.montMul(v, y[j])
		if w >= q {
			w -= q
		}
		s[j] = w
	}
}

// linearCombinationReference is Σ_k cs[k]·B_k mod m by one product and
// reduction a term, the reference LinearCombination is tested against.
func (f *Field) linearCombinationReference(cs [][]uint64, c *Combination) []uint64 {
	var out []uint64
	for k, a := range cs {
		out = f.Add(out, f.MulModBy(a, c.b[k], c.m))
	}
	return out
}
