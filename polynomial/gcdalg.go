package polynomial

// Greatest common divisors in Z[x] and Q[x].
//
// The fast path is the dense modular algorithm of Brown ("On Euclid's
// algorithm and the computation of polynomial greatest common divisors",
// J. ACM 18, 1971) and Collins, as presented by Geddes, Czapor and Labahn,
// Algorithms for Computer Algebra (1992), §7.4, Algorithm 7.1 (MGCD), with
// cofactors and a norm test in place of trial division (as in von zur
// Gathen and Gerhard, Modern Computer Algebra, 3rd ed., §6.7, Algorithm
// 6.38, and FLINT's fmpz_poly_gcd_modular). For primitive a, b with
// γ = gcd(lc a, lc b) and a prime p dividing neither leading coefficient,
// deg gcd(ā, b̄) ≥ deg gcd(a, b), with equality for all but finitely many
// ("lucky") primes. Modulo each prime the algorithm computes the monic gcd
// ḡ (core/gfpoly: Euclid below degree 4000, the half-gcd beyond), the
// cofactors ū = ā/ḡ and v̄ = b̄/ḡ, and h̄ = γ·ḡ, so that h̄·ū ≡ γ·a and
// h̄·v̄ ≡ γ·b. It keeps only the images of the least degree seen (a
// smaller degree proves the earlier primes unlucky) and combines them by
// Chinese remaindering in the symmetric range into H, U, V modulo
// M = ∏ p. Then H·U ≡ γ·a (mod M), and once
//
//	min(len H, len U)·‖H‖∞·‖U‖∞ < M/2 and ‖γ·a‖∞ < M/2
//
// (and likewise for V and b), every coefficient of H·U − γ·a is a
// multiple of M smaller than M in absolute value, so H·U = γ·a exactly,
// and H·V = γ·b. By Gauss's lemma pp(H) divides the primitive a and b,
// and its degree is at least that of the gcd: it is the gcd. The test
// costs a few big-number comparisons where trial division costs
// deg a·deg g big-number products. The primes are taken in batches of
// one per core, each prime's images computed in parallel; the combined
// images are tested after 1, 2, 3, 4, 6, 8, … primes, so the Chinese
// remaindering, O(k²) word operations per coefficient for k primes, stays
// within a constant factor of its final cost.
//
// The earlier version of the modular algorithm, with Euclid's algorithm
// modulo each prime and trial division once the images stop changing, is
// kept as gcdModularEuclid and tested against the fast one.
//
// Beside them are two slower algorithms kept as references and tested
// against them: the subresultant PRS (Collins, "Subresultants and reduced
// polynomial remainder sequences", J. ACM 14, 1967; Brown and Traub, J. ACM
// 18, 1971; in the form of Cohen, A Course in Computational Algebraic
// Number Theory, Algorithm 3.3.1), whose coefficients grow only linearly,
// and Euclid's algorithm over Q with monic remainders, the textbook
// definition whose rational coefficients can grow exponentially.

import (
	"context"
	"math/big"
	"runtime"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/gfpoly"
	"jacobian.dev/core/modular"
)

// reduceMod maps a to GF(p)[x], trimmed.
func reduceMod(a zpoly, p uint64) []uint64 {
	out := make([]uint64, len(a))
	for i, x := range a {
		out[i] = modular.ReduceWords(x, p)
	}
	return trimMod(out)
}

func trimMod(a []uint64) []uint64 {
	n := len(a)
	for n > 0 && a[n-1] == 0 {
		n--
	}
	return a[:n]
}

// remMod replaces a with a mod b in GF(p)[x] (b nonzero) and returns it.
// Each step's multiplier has its Shoup constant computed once for the
// whole row.
func remMod(a, b []uint64, p uint64) []uint64 {
	inv, _ := modular.Inverse(b[len(b)-1], p)
	for len(a) >= len(b) {
		c := modular.Mul(a[len(a)-1], inv, p)
		shift := len(a) - len(b)
		if c != 0 {
			cp := modular.ShoupConstant(c, p)
			for j, y := range b {
				a[shift+j] = modular.Sub(a[shift+j], modular.MulShoup(y, c, cp, p), p)
			}
		}
		a = trimMod(a[:len(a)-1])
	}
	return a
}

// gcdMod is the monic gcd in GF(p)[x] by Euclid's algorithm; it consumes
// its arguments.
func gcdMod(a, b []uint64, p uint64) []uint64 {
	for len(b) > 0 {
		a, b = b, remMod(a, b, p)
	}
	if len(a) == 0 {
		return a
	}
	inv, _ := modular.Inverse(a[len(a)-1], p)
	for i := range a {
		a[i] = modular.Mul(a[i], inv, p)
	}
	return a
}

// gcdModularEuclid returns the gcd of nonzero primitive a and b, primitive
// with positive leading coefficient, by Algorithm MGCD with Euclid's
// algorithm modulo each prime and trial division: the reference for
// gcdModular.
func gcdModularEuclid(ctx context.Context, a, b zpoly) (zpoly, error) {
	if a.deg() == 0 || b.deg() == 0 {
		return zpoly{big.NewInt(1)}, nil
	}
	gamma := new(big.Int).GCD(nil, nil, new(big.Int).Abs(a.lc()), new(big.Int).Abs(b.lc()))
	ps := newPrimes()
	var (
		h      zpoly    // combined image, symmetric residues modulo m
		m      *big.Int // product of the primes combined into h
		rounds int
	)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := ps.take()
		gp := modular.Reduce(gamma, p)
		if gp == 0 {
			continue
		}
		rounds++
		if rounds%8 == 0 {
			core.ReportProgress(ctx, float64(rounds), 0, "primes used for the modular gcd")
		}
		g := gcdMod(reduceMod(a, p), reduceMod(b, p), p)
		if len(g) == 1 {
			return zpoly{big.NewInt(1)}, nil
		}
		for i := range g {
			g[i] = modular.Mul(g[i], gp, p)
		}
		switch {
		case h == nil || len(g) < len(h):
			h = make(zpoly, len(g))
			for i, x := range g {
				h[i] = symmetric(x, p)
			}
			m = new(big.Int).SetUint64(p)
			continue
		case len(g) > len(h):
			continue // p is unlucky
		}
		if !crtCombine(h, m, g, p) {
			continue
		}
		// The image did not change: try it.
		_, cand, err := primitive(ctx, ztrim(h.clone()))
		if err != nil {
			return nil, err
		}
		if len(cand) != len(h) {
			continue
		}
		if _, ok, err := zdivExact(ctx, a, cand); err != nil {
			return nil, err
		} else if !ok {
			continue
		}
		if _, ok, err := zdivExact(ctx, b, cand); err != nil {
			return nil, err
		} else if ok {
			return cand, nil
		}
	}
}

// gcdImage is one prime's contribution to gcdModular: h̄ = γ·ḡ and the
// cofactors ū = ā/ḡ, v̄ = b̄/ḡ.
type gcdImage struct {
	p       uint64
	h, u, v []uint64
}

// gcdImageMod computes the images modulo p (p divides neither leading
// coefficient nor γ).
func gcdImageMod(ctx context.Context, a, b zpoly, gamma *big.Int, p uint64, f *gfpoly.Field) (gcdImage, error) {
	ai, bi := reduceMod(a, p), reduceMod(b, p)
	g, err := f.GCDContext(ctx, ai, bi)
	if err != nil {
		return gcdImage{}, err
	}
	img := gcdImage{p: p, h: f.Scale(g, modular.ReduceWords(gamma, p))}
	if len(g) > 1 {
		img.u = f.DivExact(ai, g)
		img.v = f.DivExact(bi, g)
	}
	return img, nil
}

// gcdImages computes the images for each prime, on all cores.
func gcdImages(ctx context.Context, a, b zpoly, gamma *big.Int, ps []uint64, fs []*gfpoly.Field) ([]gcdImage, error) {
	imgs := make([]gcdImage, len(ps))
	errs := make([]error, len(ps))
	var wg sync.WaitGroup
	for i, p := range ps {
		wg.Go(func() { imgs[i], errs[i] = gcdImageMod(ctx, a, b, gamma, p, fs[i]) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return imgs, nil
}

// maxBits is the bit length of the largest absolute value among a's
// coefficients.
func zmaxBits(a zpoly) int {
	m := 0
	for _, x := range a {
		m = max(m, x.BitLen())
	}
	return m
}

// crtPoly combines the i-th coefficient images of each prime (missing high
// coefficients are zero) into the symmetric range modulo their product.
func crtPoly(basis *modular.CRTBasis, imgs [][]uint64, n int) zpoly {
	out := make(zpoly, n)
	res := make([]uint64, len(imgs))
	digits := make([]uint64, len(imgs))
	for i := range out {
		for j, img := range imgs {
			res[j] = 0
			if i < len(img) {
				res[j] = img[i]
			}
		}
		out[i] = basis.Symmetric(res, digits)
	}
	return out
}

// gcdModular returns the gcd of nonzero primitive a and b, primitive with
// positive leading coefficient, by the algorithm at the top of the file.
func gcdModular(ctx context.Context, a, b zpoly) (zpoly, error) {
	if a.deg() == 0 || b.deg() == 0 {
		return zpoly{big.NewInt(1)}, nil
	}
	gamma := new(big.Int).GCD(nil, nil, new(big.Int).Abs(a.lc()), new(big.Int).Abs(b.lc()))
	// ‖γ·a‖ and ‖γ·b‖ in bits, rounded up.
	gaBits := gamma.BitLen() + zmaxBits(a)
	gbBits := gamma.BitLen() + zmaxBits(b)
	ps := newPrimes()
	workers := runtime.GOMAXPROCS(0)
	var (
		kept    []gcdImage // images of the least degree seen
		nextTry = 1
	)
	for rounds := 0; ; rounds++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		batch := make([]uint64, 0, workers)
		fields := make([]*gfpoly.Field, 0, workers)
		for len(batch) < workers {
			p, f := ps.takeField()
			if modular.ReduceWords(a.lc(), p) != 0 && modular.ReduceWords(b.lc(), p) != 0 {
				batch, fields = append(batch, p), append(fields, f)
			}
		}
		imgs, err := gcdImages(ctx, a, b, gamma, batch, fields)
		if err != nil {
			return nil, err
		}
		for _, img := range imgs {
			switch {
			case len(img.h) == 1:
				return zpoly{big.NewInt(1)}, nil
			case len(kept) == 0 || len(img.h) < len(kept[0].h):
				kept = append(kept[:0], img)
				nextTry = 1
			case len(img.h) == len(kept[0].h):
				kept = append(kept, img)
			} // a larger degree: p is unlucky
		}
		if rounds%4 == 3 {
			core.ReportProgress(ctx, float64(len(kept)), 0, "primes used for the modular gcd")
		}
		if len(kept) < nextTry {
			continue
		}
		nextTry = max(nextTry+1, nextTry*3/2)
		if g, ok := gcdFromImages(kept, gaBits, gbBits); ok {
			_, pp, err := primitive(ctx, g)
			if err != nil {
				return nil, err
			}
			if pp.lc().Sign() < 0 {
				pp = zscale(pp, big.NewInt(-1))
			}
			return pp, nil
		}
	}
}

// gcdFromImages combines the images and returns H when the norm test at
// the top of the file proves H·U = γ·a and H·V = γ·b.
func gcdFromImages(kept []gcdImage, gaBits, gbBits int) (zpoly, bool) {
	primes := make([]uint64, len(kept))
	hs, us, vs := make([][]uint64, len(kept)), make([][]uint64, len(kept)), make([][]uint64, len(kept))
	for i, img := range kept {
		primes[i], hs[i], us[i], vs[i] = img.p, img.h, img.u, img.v
	}
	basis := modular.NewCRTBasis(primes)
	// M/2 > 2^(bits(M) − 2).
	limit := 0
	{
		m := new(big.Int).SetInt64(1)
		for _, p := range primes {
			m.Mul(m, new(big.Int).SetUint64(p))
		}
		limit = m.BitLen() - 2
	}
	if gaBits > limit || gbBits > limit {
		return nil, false
	}
	h := crtPoly(basis, hs, len(kept[0].h))
	hBits := zmaxBits(h)
	// n·‖H‖·‖U‖ < 2^(bits(n) + hBits + uBits) ≤ 2^limit.
	for _, cof := range [][][]uint64{us, vs} {
		u := crtPoly(basis, cof, len(cof[0]))
		n := min(len(h), len(u))
		if big.NewInt(int64(n)).BitLen()+hBits+zmaxBits(u) > limit {
			return nil, false
		}
	}
	return h, true
}

// crtCombine folds the image g modulo p into h modulo m, both in
// symmetric range, and multiplies m by p. It reports whether h was
// unchanged, the signal that the images have stabilised.
func crtCombine(h zpoly, m *big.Int, g []uint64, p uint64) bool {
	mInv, _ := modular.Inverse(modular.Reduce(m, p), p)
	mp := new(big.Int).Mul(m, new(big.Int).SetUint64(p))
	half := new(big.Int).Rsh(mp, 1)
	unchanged := true
	var step big.Int
	for i := range h {
		t := modular.Mul(modular.Sub(g[i], modular.Reduce(h[i], p), p), mInv, p)
		if t == 0 {
			continue
		}
		unchanged = false
		step.Mul(m, symmetric(t, p))
		h[i].Add(h[i], &step)
		if h[i].Cmp(half) > 0 {
			h[i].Sub(h[i], mp)
		} else if h[i].CmpAbs(half) > 0 {
			h[i].Add(h[i], mp)
		}
	}
	m.Set(mp)
	return unchanged
}

func symmetric(x, p uint64) *big.Int {
	if x > p/2 {
		return new(big.Int).Neg(new(big.Int).SetUint64(p - x))
	}
	return new(big.Int).SetUint64(x)
}

// gcdSubresultant is the subresultant PRS gcd of nonzero primitive a and
// b (Cohen, Algorithm 3.3.1), primitive with positive leading coefficient.
func gcdSubresultant(ctx context.Context, a, b zpoly) (zpoly, error) {
	if a.deg() < b.deg() {
		a, b = b, a
	}
	g, h := big.NewInt(1), big.NewInt(1)
	for {
		delta := a.deg() - b.deg()
		r, err := zprem(ctx, a, b)
		if err != nil {
			return nil, err
		}
		switch {
		case len(r) == 0:
			_, pp, err := primitive(ctx, b)
			return pp, err
		case r.deg() == 0:
			return zpoly{big.NewInt(1)}, nil
		}
		// b ← r / (g·h^δ), exact by the subresultant theorem.
		den := new(big.Int).Mul(g, new(big.Int).Exp(h, big.NewInt(int64(delta)), nil))
		for _, x := range r {
			x.Quo(x, den)
		}
		a, b = b, r
		g = new(big.Int).Set(a.lc())
		// h ← g^δ / h^(δ−1).
		num := new(big.Int).Exp(g, big.NewInt(int64(delta)), nil)
		if delta == 0 {
			h = new(big.Int).Mul(h, num) // h^1·g^0
		} else {
			h = num.Quo(num, new(big.Int).Exp(h, big.NewInt(int64(delta-1)), nil))
		}
	}
}

// gcdEuclidQ is the monic gcd over Q by Euclid's algorithm, the simple
// reference. gcd(0, 0) = 0.
func gcdEuclidQ(ctx context.Context, a, b qpoly) (qpoly, error) {
	for len(b) > 0 {
		_, r, err := qdivrem(ctx, a, b)
		if err != nil {
			return nil, err
		}
		a, b = b, r
	}
	if len(a) == 0 {
		return nil, nil
	}
	return qscale(a, new(big.Rat).Inv(a.lc())), nil
}

// gcdZ is the gcd in Z[x] of any a, b: gcd of the contents times the
// primitive gcd with positive leading coefficient; gcd(0, 0) = 0.
func gcdZ(ctx context.Context, a, b zpoly) (zpoly, error) {
	switch {
	case len(a) == 0 && len(b) == 0:
		return nil, nil
	case len(a) == 0:
		c, pp, err := primitive(ctx, b)
		if err != nil {
			return nil, err
		}
		return zscale(pp, c.Abs(c)), nil
	case len(b) == 0:
		c, pp, err := primitive(ctx, a)
		if err != nil {
			return nil, err
		}
		return zscale(pp, c.Abs(c)), nil
	}
	ca, pa, err := primitive(ctx, a)
	if err != nil {
		return nil, err
	}
	cb, pb, err := primitive(ctx, b)
	if err != nil {
		return nil, err
	}
	g, err := gcdModular(ctx, pa, pb)
	if err != nil {
		return nil, err
	}
	return zscale(g, new(big.Int).GCD(nil, nil, ca.Abs(ca), cb.Abs(cb))), nil
}

// coprimeAtOnePrime reports whether the image of gcd(a, b) modulo the
// first word prime dividing neither leading coefficient is constant,
// which proves a and b coprime over Q: a common factor of positive
// degree has a leading coefficient dividing lc(a), so its image keeps
// its degree and divides both images. False says nothing; it spares
// gcdZ's batch of images (one per core) for the inputs, usually
// square-free, whose square-free test is gcd(f, f′) = 1.
func coprimeAtOnePrime(ctx context.Context, a, b zpoly) (bool, error) {
	if len(a) == 0 || len(b) == 0 {
		return false, nil
	}
	ps := newPrimes()
	for range 8 {
		p, f := ps.takeField()
		ap, bp := reduceMod(a, p), reduceMod(b, p)
		if len(ap) != len(a) || len(bp) != len(b) {
			continue
		}
		g, err := f.GCDContext(ctx, ap, bp)
		return err == nil && len(g) == 1, err
	}
	return false, nil
}

func zscale(a zpoly, c *big.Int) zpoly {
	if c.Sign() == 0 {
		return nil
	}
	out := make(zpoly, len(a))
	for i, x := range a {
		out[i] = new(big.Int).Mul(x, c)
	}
	return out
}
