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
// square-free a of positive degree over F. The powers x^(p^d) are taken
// modulo the input a throughout, by its Frobenius matrix Q (row i is
// x^(i·p) mod a, Berlekamp's matrix; MCA §14.8): h(x)^p = h(x^p) = Σ h_i·Q_i
// costs deg(a)² products instead of a modular exponentiation, and Q costs
// about p·deg(a)² for the small primes factoring uses (rows by repeated
// multiplication by x, one reduction step each) or deg(a) modular
// products for large p. Reducing modulo the input rather than the
// shrinking a is valid, since the latter divides it.
func distinctDegree(ctx context.Context, F *gfpoly.Field, a []uint64) ([]ddfPart, error) {
	q, err := frobeniusMatrix(ctx, F, a)
	if err != nil {
		return nil, err
	}
	x := []uint64{0, 1}
	h := x
	var out []ddfPart
	for d := 1; 2*d <= gfpoly.Degree(a); d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		h = frobenius(F, q, h)
		g := F.GCD(a, F.Sub(h, x))
		if gfpoly.Degree(g) > 0 {
			out = append(out, ddfPart{g, d})
			a = F.DivExact(a, g)
		}
	}
	if gfpoly.Degree(a) > 0 {
		out = append(out, ddfPart{a, gfpoly.Degree(a)})
	}
	return out, nil
}

// frobeniusMatrix is Q for the monic a of degree n: n rows, row i the
// coefficients of x^(i·p) mod a (padded to n).
func frobeniusMatrix(ctx context.Context, F *gfpoly.Field, a []uint64) ([][]uint64, error) {
	n, p := gfpoly.Degree(a), F.Modulus()
	q := make([][]uint64, n)
	row := func(v []uint64) []uint64 {
		r := make([]uint64, n)
		copy(r, v)
		return r
	}
	q[0] = row([]uint64{1})
	if n == 1 {
		return q, nil
	}
	if p <= uint64(2*n) && float64(n)*float64(p)*float64(p)*float64(p) < 1<<63 {
		// x^j mod a for j = 0, 1, …, (n−1)·p, one multiplication by x
		// (a shift and one reduction step) at a time, with the
		// coefficients left unreduced: each step adds below p² to each,
		// and the bound above keeps all (n−1)·p steps within a word.
		neg := make([]uint64, n)
		for i := range n {
			neg[i] = (p - a[i]) % p
		}
		cur := make([]uint64, n)
		cur[0] = 1
		for j := uint64(1); j <= uint64(n-1)*p; j++ {
			if j%1024 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			// x^n ≡ −(a_0 + … + a_{n−1}·x^{n−1}).
			top := cur[n-1] % p
			for i := n - 1; i > 0; i-- {
				cur[i] = cur[i-1] + top*neg[i]
			}
			cur[0] = top * neg[0]
			if j%p == 0 {
				r := make([]uint64, n)
				for i, c := range cur {
					r[i] = c % p
				}
				q[j/p] = r
			}
		}
		return q, nil
	}
	xp, err := F.PowModContext(ctx, []uint64{0, 1}, new(big.Int).SetUint64(p), a)
	if err != nil {
		return nil, err
	}
	m := F.NewModulus(a)
	cur := xp
	q[1] = row(xp)
	for i := 2; i < n; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cur = F.MulModBy(cur, xp, m)
		q[i] = row(cur)
	}
	return q, nil
}

// frobenius is h^p mod a = Σ h_i·Q_i for h reduced modulo a.
func frobenius(F *gfpoly.Field, q [][]uint64, h []uint64) []uint64 {
	return gfpoly.CombineRows(h, q, len(q), F.Modulus())
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
