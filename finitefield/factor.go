package finitefield

// Irreducibility, distinct-degree and equal-degree factorization, and roots
// of univariate polynomials over GF(q).
//
// Rabin's test (M. O. Rabin, "Probabilistic algorithms in finite fields",
// SIAM J. Comput. 9 (1980)): a monic f of degree n over GF(q) is
// irreducible exactly when x^(q^n) ≡ x (mod f) and gcd(x^(q^(n/r)) − x, f) = 1
// for every prime r dividing n. The first condition says every irreducible
// factor of f has degree dividing n; the gcds rule out factors of degree
// dividing a maximal proper divisor n/r. The test is deterministic: the
// "probabilistic" in the title refers to finding irreducible polynomials.
//
// Distinct-degree factorization rests on x^(q^i) − x being the product of
// all monic irreducibles of degree dividing i, each once. So for i = 1, 2, …
// the first nontrivial gcd(x^(q^i) − x, f) is the product of the distinct
// irreducible factors of f of degree exactly i — even when f is not
// squarefree, because x^(q^i) − x is. A reducible f of degree n has such a
// factor with i ≤ n/2.
//
// Equal-degree splitting (D. G. Cantor and H. Zassenhaus, "A new algorithm
// for factoring polynomials over finite fields", Math. Comp. 36 (1981)):
// when g is a product of distinct irreducibles of degree d and a is a random
// residue modulo g, gcd(a^((q^d−1)/2) − 1, g) is a proper factor with
// probability about 1/2 for odd q. In characteristic 2 the half-power is
// replaced by the absolute trace a + a^2 + a^4 + … + a^(2^(md−1)), q = 2^m
// (von zur Gathen and Gerhard, Modern Computer Algebra, §14.3 and
// Exercise 14.16). The random residues come from a generator seeded by the
// input, so every run on the same input splits the same way.
//
// All the powers x^(q^i) mod f come from the Frobenius matrix of f
// (frobeniusMap), so the cost is O(n³) field operations plus one
// exponentiation to the power q.

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"slices"

	"jacobian.dev/core"
)

// primeDivisors lists the distinct primes dividing n ≥ 1, ascending.
func primeDivisors(n int) []int {
	var out []int
	for r := 2; r*r <= n; r++ {
		if n%r == 0 {
			out = append(out, r)
			for n%r == 0 {
				n /= r
			}
		}
	}
	if n > 1 {
		out = append(out, n)
	}
	return out
}

// rabin reports whether the monic f of degree ≥ 1 is irreducible over F.
func (F *gf) rabin(ctx context.Context, f poly) (bool, error) {
	if deg(f) == 1 {
		return true, nil
	}
	fr, err := F.newFrobeniusMap(ctx, f)
	if err != nil {
		return false, err
	}
	return F.rabinWith(ctx, fr)
}

// rabinWith is rabin with the Frobenius map of f (degree ≥ 2) given, so a
// rejection can hand the map on to leastFactorWith.
func (F *gf) rabinWith(ctx context.Context, fr *frobeniusMap) (bool, error) {
	f, n := fr.m, deg(fr.m)
	checkAt := map[int]bool{}
	for _, r := range primeDivisors(n) {
		checkAt[n/r] = true
	}
	x := F.xPoly()
	h := x
	for i := 1; i <= n; i++ {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		core.ReportProgress(ctx, float64(i), float64(n), "Rabin's test: x^(q^i) mod f")
		h = fr.apply(h)
		if checkAt[i] && deg(F.pgcd(F.psub(h, x), f)) > 0 {
			return false, nil
		}
	}
	return polyEqual(h, x), nil
}

// leastFactor returns the least monic irreducible factor of the monic f —
// least degree first, then least in polyCompare order — or nil when f is
// irreducible (or of degree < 2).
func (F *gf) leastFactor(ctx context.Context, f poly, rng *rand.Rand) (poly, error) {
	if deg(f) < 2 {
		return nil, nil
	}
	fr, err := F.newFrobeniusMap(ctx, f)
	if err != nil {
		return nil, err
	}
	return F.leastFactorWith(ctx, fr, rng)
}

// leastFactorWith is leastFactor with the Frobenius map of f given.
func (F *gf) leastFactorWith(ctx context.Context, fr *frobeniusMap, rng *rand.Rand) (poly, error) {
	f, n := fr.m, deg(fr.m)
	x := F.xPoly()
	h := x
	for i := 1; 2*i <= n; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		core.ReportProgress(ctx, float64(i), float64(n/2), "distinct-degree search for the least factor")
		h = fr.apply(h)
		g := F.pgcd(F.psub(h, x), f)
		if deg(g) > 0 {
			parts, err := F.edf(ctx, rng, g, i)
			if err != nil {
				return nil, err
			}
			slices.SortFunc(parts, F.polyCompare)
			return parts[0], nil
		}
	}
	return nil, nil
}

// polyCompare orders polynomials by degree, then by coefficients from the
// leading one down, each compared by its integer encoding.
func (F *gf) polyCompare(a, b poly) int {
	if c := cmp.Compare(len(a), len(b)); c != 0 {
		return c
	}
	for i := len(a) - 1; i >= 0; i-- {
		if c := F.encode(a[i]).Cmp(F.encode(b[i])); c != 0 {
			return c
		}
	}
	return 0
}

// edf splits g, a monic product of distinct irreducibles of degree d, into
// those irreducibles (Cantor–Zassenhaus).
func (F *gf) edf(ctx context.Context, rng *rand.Rand, g poly, d int) ([]poly, error) {
	n := deg(g)
	if n <= d {
		return []poly{g}, nil
	}
	two := F.p.Cmp(big.NewInt(2)) == 0
	var e *big.Int
	if !two {
		e = new(big.Int).Exp(F.q, big.NewInt(int64(d)), nil)
		e.Sub(e, big.NewInt(1)).Rsh(e, 1)
	}
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		a := make(poly, n)
		for i := range a {
			a[i] = F.random(rng)
		}
		a = trimPoly(a)
		if deg(a) < 1 {
			continue
		}
		var b poly
		if two {
			t, s := a, a
			for i := 1; i < F.k*d; i++ {
				t = F.pmulmod(t, t, g)
				s = F.padd(s, t)
			}
			b = s
		} else {
			pw, err := F.ppowmod(ctx, a, e, g)
			if err != nil {
				return nil, err
			}
			b = F.psub(pw, poly{F.one()})
		}
		h := F.pgcd(b, g)
		if deg(h) <= 0 || deg(h) >= n {
			continue
		}
		left, err := F.edf(ctx, rng, h, d)
		if err != nil {
			return nil, err
		}
		quo, _ := F.pdivmod(g, h)
		right, err := F.edf(ctx, rng, quo, d)
		if err != nil {
			return nil, err
		}
		return append(left, right...), nil
	}
}

// rootsOf returns the distinct roots in GF(q) of the nonzero f, ascending by
// encoding: the linear factors of g = gcd(x^q − x, f), split by
// Cantor–Zassenhaus. Over GF(p), p < 2^64, on the word factoring core
// (rootsWords); otherwise, and as the reference, on the generic
// arithmetic.
func (F *gf) rootsOf(ctx context.Context, f poly, rng *rand.Rand) ([]elem, error) {
	if deg(f) < 1 {
		return nil, nil
	}
	if F.onWords() {
		return F.rootsWords(ctx, f, rng)
	}
	fm := F.pmonic(f)
	xq, err := F.pxpowmod(ctx, F.q, fm)
	if err != nil {
		return nil, err
	}
	g := F.pgcd(F.psub(xq, F.xPoly()), fm)
	if deg(g) < 1 {
		return nil, nil
	}
	linear, err := F.edf(ctx, rng, g, 1)
	if err != nil {
		return nil, err
	}
	roots := make([]elem, len(linear))
	for i, l := range linear {
		roots[i] = F.neg(l[0])
	}
	F.sortElems(roots)
	return roots, nil
}

// rootsWords is rootsOf on core/gfpoly: x^p mod f by powering with the
// prepared divisor, the half-gcd, and the word equal-degree splitting of
// the factorization (wordFactorer.edf with d = 1).
func (F *gf) rootsWords(ctx context.Context, f poly, rng *rand.Rand) ([]elem, error) {
	w := newWordFactorer(F.p.Uint64())
	fl := w.fld
	fm := F.toWords(F.pmonic(f))
	x := []uint64{0, 1}
	xq, err := fl.PowModContext(ctx, x, w.q, fm)
	if err != nil {
		return nil, err
	}
	g, err := fl.GCDContext(ctx, fl.Sub(xq, x), fm)
	if err != nil {
		return nil, err
	}
	if len(g) < 2 {
		return nil, nil
	}
	linear, err := w.edf(ctx, rng, g, 1)
	if err != nil {
		return nil, err
	}
	roots := make([]elem, len(linear))
	for i, l := range linear {
		if r := (w.p - l[0]) % w.p; r != 0 {
			roots[i] = elem{new(big.Int).SetUint64(r)}
		} else {
			roots[i] = elem{}
		}
	}
	F.sortElems(roots)
	return roots, nil
}

func (F *gf) sortElems(xs []elem) {
	slices.SortFunc(xs, func(a, b elem) int { return F.encode(a).Cmp(F.encode(b)) })
}

// deflate divides f by (x − r) synthetically, returning the quotient and
// the remainder f(r).
func (F *gf) deflate(f poly, r elem) (poly, elem) {
	if len(f) == 0 {
		return nil, nil
	}
	quo := make(poly, len(f)-1)
	var carry elem
	for i := len(f) - 1; i >= 1; i-- {
		carry = F.add(f[i], F.mul(r, carry))
		quo[i-1] = carry
	}
	return trimPoly(quo), F.add(f[0], F.mul(r, carry))
}

// multiplicity counts how many times (x − r) divides the nonzero f.
func (F *gf) multiplicity(f poly, r elem) int {
	m := 0
	for deg(f) >= 1 {
		q, rem := F.deflate(f, r)
		if !isZero(rem) {
			break
		}
		f, m = q, m+1
	}
	return m
}

// seededRand returns a generator seeded by the SHA-256 of the given parts,
// so randomized algorithms are deterministic functions of their input.
func seededRand(parts ...[]byte) *rand.Rand {
	h := sha256.New()
	for _, p := range parts {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		h.Write(p)
	}
	sum := h.Sum(nil)
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:16])))
}

// fingerprint serializes a field and polynomial for seeding.
func (F *gf) fingerprint(f poly) []byte {
	var b []byte
	b = append(b, F.p.String()...)
	for _, c := range F.f {
		b = append(b, ',')
		b = append(b, c.String()...)
	}
	for _, c := range f {
		b = append(b, ';')
		b = append(b, F.encode(c).String()...)
	}
	return b
}
