package polynomial

// Factoring square-free polynomials over GF(p), p an odd word-size prime,
// the first stage of factoring over Z (see factor_zx.go): the
// distinct-degree factorization (von zur Gathen and Gerhard, Modern
// Computer Algebra, 3rd ed., Algorithm 14.3) splits a monic square-free a
// into the products a_d of its irreducible factors of each degree d, from
// gcd(a, x^(p^d) − x); the equal-degree factorization of Cantor and
// Zassenhaus ("A new algorithm for factoring polynomials over finite
// fields", Math. Comp. 36, 1981; MCA Algorithm 14.8) splits each a_d by
// gcd(a_d, c^((p^d − 1)/2) − 1) for random c, which separates each pair of
// its irreducible factors with probability about 1/2. The random choices
// come from a fixed seed, and the factors are returned sorted, so the
// result is deterministic.

import (
	"context"
	"math/big"
	"math/rand/v2"
	"slices"

	"jacobian.dev/core/gfpoly"
)

// ddfPart is the product of the irreducible factors of one degree.
type ddfPart struct {
	poly   []uint64
	degree int
}

// distinctDegree is the distinct-degree factorization of the monic
// square-free a of positive degree over F.
func distinctDegree(ctx context.Context, F *gfpoly.Field, a []uint64) ([]ddfPart, error) {
	p := new(big.Int).SetUint64(F.Modulus())
	x := []uint64{0, 1}
	h := x
	var out []ddfPart
	for d := 1; 2*d <= gfpoly.Degree(a); d++ {
		var err error
		if h, err = F.PowModContext(ctx, h, p, a); err != nil {
			return nil, err
		}
		g := F.GCD(a, F.Sub(h, x))
		if gfpoly.Degree(g) > 0 {
			out = append(out, ddfPart{g, d})
			a = F.DivExact(a, g)
			h = F.Rem(h, a)
		}
	}
	if gfpoly.Degree(a) > 0 {
		out = append(out, ddfPart{a, gfpoly.Degree(a)})
	}
	return out, nil
}

// countFactors is the number of irreducible factors a distinct-degree
// factorization stands for.
func countFactors(parts []ddfPart) int {
	n := 0
	for _, q := range parts {
		n += gfpoly.Degree(q.poly) / q.degree
	}
	return n
}

// equalDegree splits the monic a, a product of distinct irreducible
// polynomials of degree d over F (p odd), into them, by Cantor and
// Zassenhaus's random splitting.
func equalDegree(ctx context.Context, F *gfpoly.Field, a []uint64, d int, rng *rand.Rand) ([][]uint64, error) {
	n := gfpoly.Degree(a)
	if n == d {
		return [][]uint64{a}, nil
	}
	p := new(big.Int).SetUint64(F.Modulus())
	e := new(big.Int).Exp(p, big.NewInt(int64(d)), nil)
	e.Sub(e, big.NewInt(1)).Rsh(e, 1)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		c := make([]uint64, n)
		for i := range c {
			c[i] = rng.Uint64N(F.Modulus())
		}
		c = F.Normalize(c)
		if gfpoly.Degree(c) < 1 {
			continue
		}
		b, err := F.PowModContext(ctx, c, e, a)
		if err != nil {
			return nil, err
		}
		g := F.GCD(a, F.Sub(b, []uint64{1}))
		if k := gfpoly.Degree(g); k <= 0 || k == n {
			continue
		}
		left, err := equalDegree(ctx, F, g, d, rng)
		if err != nil {
			return nil, err
		}
		right, err := equalDegree(ctx, F, F.DivExact(a, g), d, rng)
		if err != nil {
			return nil, err
		}
		return append(left, right...), nil
	}
}

// factorModP returns the monic irreducible factors of the monic
// square-free a over F, p odd, sorted by degree then coefficients, from
// its distinct-degree factorization.
func factorModP(ctx context.Context, F *gfpoly.Field, parts []ddfPart) ([][]uint64, error) {
	rng := rand.New(rand.NewPCG(uint64(F.Modulus()), 0x9E3779B97F4A7C15))
	var out [][]uint64
	for _, q := range parts {
		fs, err := equalDegree(ctx, F, q.poly, q.degree, rng)
		if err != nil {
			return nil, err
		}
		out = append(out, fs...)
	}
	slices.SortFunc(out, compareModP)
	return out, nil
}

func compareModP(a, b []uint64) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}
