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
	for k, b := range c.b {
		if len(b) > 0 {
			c.spec[k] = f.forwardAll(r, b, r.logN1)
		}
	}
	c.group = len(bs)
	if !r.self {
		c.group = 1
		for c.group < len(bs) && primesNeeded(2*c.group*r.n, f.p) <= len(r.primes) {
			c.group *= 2
		}
	}
	return c
}

// Len returns the number of prepared residues.
func (c *Combination) Len() int { return len(c.b) }

// LinearCombination returns Σ_k cs[k]·B_k mod m, trimmed, for residues
// cs[k] modulo m (len(cs) ≤ Len(); missing and empty ones are zero).
func (f *Field) LinearCombination(cs [][]uint64, c *Combination) []uint64 {
	if len(cs) > len(c.b) {
		panic("gfpoly: more coefficients than prepared residues")
	}
	md := c.m.md
	r := md.ntt
	if r == nil {
		return f.linearCombinationReference(cs, c)
	}
	p := f.p
	size := 1 << r.logN1
	var total []uint64
	acc := make(spectrum, len(r.primes))
	for i := range acc {
		acc[i] = getBuffer(r.logN1)
	}
	for start := 0; start < len(cs); start += c.group {
		for i := range acc {
			clear(acc[i])
		}
		terms := 0
		for k := start; k < min(len(cs), start+c.group); k++ {
			a := cs[k]
			if len(a) >= len(md.b) {
				a = f.Rem(a, md.b)
			}
			if len(a) == 0 || c.spec[k] == nil {
				continue
			}
			terms++
			sa := f.forwardAll(r, a, r.logN1)
			r.eachPrime(r.logN1, func(i int) {
				pr := r.primes[i]
				q := pr.q
				x, y, s := sa[i][:size], c.spec[k][i][:size], acc[i][:size]
				for j, v := range x {
					// Montgomery products below q, sums kept below q.
					w := s[j] + pr.montMul(v, y[j])
					if w >= q {
						w -= q
					}
					s[j] = w
				}
			})
			releaseSpectrum(sa)
		}
		if terms == 0 {
			continue
		}
		sum := make([]uint64, 2*r.n-1)
		r.eachPrime(r.logN1, func(i int) {
			pr := r.primes[i]
			pr.inverse(acc[i], r.logN1)
			pr.finish(acc[i][:len(sum)], r.logN1)
		})
		var part []uint64
		if r.self {
			part = acc[0][:len(sum)]
		} else {
			ends := make(spectrum, len(acc))
			for i := range acc {
				ends[i] = acc[i][:len(sum)]
			}
			part = f.garner(ends)
		}
		copy(sum, part)
		if total == nil {
			total = sum
		} else {
			for i, x := range sum {
				total[i] = addMod(total[i], x, p)
			}
		}
	}
	releaseSpectrum(acc)
	if total == nil {
		return nil
	}
	return f.reduceNTT(r, trim(total))
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
