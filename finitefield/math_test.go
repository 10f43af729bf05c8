package finitefield

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

var ctx = context.Background()

// testFields is a spread of fields: tiny, word-size, beyond a word, and
// extensions in characteristic 2, 3 and large p.
func testFields(t *testing.T, rng *rand.Rand) []*gf {
	t.Helper()
	fs := []*gf{
		newGF(big.NewInt(2), 1, nil),
		newGF(big.NewInt(7), 1, nil),
		newGF(new(big.Int).SetUint64(1<<61-1), 1, nil),
		newGF(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 127), big.NewInt(1)), 1, nil),
	}
	for _, pk := range [][2]int64{{2, 8}, {3, 5}, {5, 3}, {1<<31 - 1, 4}, {65537, 2}} {
		B := newGF(big.NewInt(pk[0]), 1, nil)
		fs = append(fs, newGF(B.p, int(pk[1]), randomIrreducible(context.Background(), rng, B, int(pk[1]))))
	}
	for _, F := range fs {
		if _, err := F.certify(ctx); err != nil {
			t.Fatalf("GF(%s): %v", F.qString(), err)
		}
	}
	return fs
}

// TestFieldIdentities checks the field axioms that pin the arithmetic down
// on random elements: inverses, Lagrange (a^(q−1) = 1), the Frobenius map
// being additive and multiplicative, distributivity, and the encoding
// round trip.
func TestFieldIdentities(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, F := range testFields(t, rng) {
		for range 40 {
			a, b, c := F.random(rng), F.random(rng), F.random(rng)
			if !isZero(a) {
				if !isOne(F.mul(a, F.inv(a))) {
					t.Fatalf("GF(%s): a·a⁻¹ ≠ 1", F.qString())
				}
				if !isOne(F.pow(a, F.qm1)) {
					t.Fatalf("GF(%s): a^(q−1) ≠ 1", F.qString())
				}
			}
			if !equal(F.frobeniusElem(F.add(a, b)), F.add(F.frobeniusElem(a), F.frobeniusElem(b))) {
				t.Fatalf("GF(%s): (a+b)^p ≠ a^p + b^p", F.qString())
			}
			if !equal(F.frobeniusElem(F.mul(a, b)), F.mul(F.frobeniusElem(a), F.frobeniusElem(b))) {
				t.Fatalf("GF(%s): (ab)^p ≠ a^p b^p", F.qString())
			}
			if !equal(F.pow(a, F.q), a) {
				t.Fatalf("GF(%s): a^q ≠ a", F.qString())
			}
			if !equal(F.mul(a, F.add(b, c)), F.add(F.mul(a, b), F.mul(a, c))) {
				t.Fatalf("GF(%s): a(b+c) ≠ ab + ac", F.qString())
			}
			if !equal(F.sub(F.add(a, b), b), a) {
				t.Fatalf("GF(%s): (a+b)−b ≠ a", F.qString())
			}
			if !equal(F.decode(F.encode(a)), a) {
				t.Fatalf("GF(%s): decode(encode(a)) ≠ a", F.qString())
			}
			if !equal(F.pow(a, big.NewInt(37)), F.powRightToLeft(a, big.NewInt(37))) {
				t.Fatalf("GF(%s): the two exponentiations disagree", F.qString())
			}
		}
	}
}

// TestPolynomialIdentities checks division with remainder, gcd dividing
// both arguments, and modular inverses on random polynomials.
func TestPolynomialIdentities(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, F := range testFields(t, rng) {
		for range 10 {
			a := randomPoly(rng, F, rng.IntN(12))
			b := randomPoly(rng, F, 1+rng.IntN(6))
			q, r := F.pdivmod(a, b)
			if deg(r) >= deg(b) || !polyEqual(F.padd(F.pmul(q, b), r), a) {
				t.Fatalf("GF(%s): a ≠ qb + r", F.qString())
			}
			c := randomPoly(rng, F, 1+rng.IntN(3))
			g := F.pgcd(F.pmul(a, c), F.pmul(b, c))
			if _, r := F.pdivmod(g, F.pmonic(c)); len(r) != 0 {
				t.Fatalf("GF(%s): the common factor does not divide the gcd", F.qString())
			}
			for _, x := range []poly{F.pmul(a, c), F.pmul(b, c)} {
				if _, r := F.pdivmod(x, g); len(r) != 0 {
					t.Fatalf("GF(%s): the gcd does not divide an argument", F.qString())
				}
			}
			if inv, ok := F.pinvmod(a, b); ok && deg(b) > 0 {
				if got := F.pmulmod(inv, a, b); len(got) != 1 || !isOne(got[0]) {
					t.Fatalf("GF(%s): a·a⁻¹ ≢ 1 mod b", F.qString())
				}
			}
		}
	}
}

// allElements lists GF(q) in canonical order.
func allElements(F *gf) []elem {
	n := int(F.q.Int64())
	out := make([]elem, n)
	for i := range out {
		out[i] = F.decode(big.NewInt(int64(i)))
	}
	return out
}

// smallTestFields are fields small enough to enumerate.
func smallTestFields(t *testing.T) []*gf {
	rng := rand.New(rand.NewPCG(5, 6))
	var fs []*gf
	for _, pk := range [][2]int64{{2, 1}, {3, 1}, {5, 1}, {13, 1}, {2, 2}, {2, 3}, {2, 5}, {3, 2}, {3, 3}, {5, 2}, {7, 2}} {
		B := newGF(big.NewInt(pk[0]), 1, nil)
		if pk[1] == 1 {
			fs = append(fs, B)
		} else {
			fs = append(fs, newGF(B.p, int(pk[1]), randomIrreducible(context.Background(), rng, B, int(pk[1]))))
		}
	}
	_ = t
	return fs
}

// TestRootsBruteForce compares roots and multiplicities with evaluation at
// every element and repeated division by (x − r).
func TestRootsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, F := range smallTestFields(t) {
		elems := allElements(F)
		for range 15 {
			f := randomPoly(rng, F, 1+rng.IntN(9))
			if rng.IntN(2) == 0 {
				r := F.random(rng)
				f = F.pmul(f, F.pmul(poly{F.neg(r), F.one()}, poly{F.neg(r), F.one()}))
			}
			var want []elem
			var wantMult []int
			for _, x := range elems {
				if isZero(F.peval(f, x)) {
					want = append(want, x)
					m, g := 0, f
					lin := poly{F.neg(x), F.one()}
					for {
						q, r := F.pdivmod(g, lin)
						if len(r) != 0 {
							break
						}
						g, m = q, m+1
					}
					wantMult = append(wantMult, m)
				}
			}
			got, err := F.rootsOf(ctx, f, rng)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("GF(%s) f=%s: %d roots, brute force %d", F.qString(), renderPoly(F, f, "x", "t"), len(got), len(want))
			}
			for i := range got {
				if !equal(got[i], want[i]) || F.multiplicity(f, got[i]) != wantMult[i] {
					t.Fatalf("GF(%s) f=%s: root %d differs from brute force", F.qString(), renderPoly(F, f, "x", "t"), i)
				}
			}
		}
	}
}

// monicPolys lists every monic polynomial of degree d over F in
// polyCompare order.
func monicPolys(F *gf, d int) []poly {
	elems := allElements(F)
	qn := len(elems)
	total := 1
	for range d {
		total *= qn
	}
	out := make([]poly, 0, total)
	for idx := range total {
		f := make(poly, d+1)
		f[d] = F.one()
		// The top coefficient below the leading one varies slowest.
		n := idx
		for i := 0; i < d; i++ {
			f[i] = elems[n%qn]
			n /= qn
		}
		out = append(out, f)
	}
	return out
}

// TestIrreducibilityBruteForce decides irreducibility of every monic
// polynomial of small degree by trial division by all monic polynomials of
// degree ≤ n/2, and checks both Rabin's test and the least factor.
func TestIrreducibilityBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	cases := []struct {
		F    *gf
		maxN int
	}{
		{newGF(big.NewInt(2), 1, nil), 8},
		{newGF(big.NewInt(3), 1, nil), 5},
		{newGF(big.NewInt(5), 1, nil), 4},
	}
	B := newGF(big.NewInt(2), 1, nil)
	cases = append(cases, struct {
		F    *gf
		maxN int
	}{newGF(B.p, 2, randomIrreducible(context.Background(), rng, B, 2)), 4})
	for _, c := range cases {
		F := c.F
		divisors := map[int][]poly{}
		for d := 1; 2*d <= c.maxN; d++ {
			divisors[d] = monicPolys(F, d)
		}
		for n := 1; n <= c.maxN; n++ {
			for _, f := range monicPolys(F, n) {
				var least poly
			search:
				for d := 1; 2*d <= n; d++ {
					for _, g := range divisors[d] {
						if _, r := F.pdivmod(f, g); len(r) == 0 {
							least = g
							break search
						}
					}
				}
				ok, err := F.rabin(ctx, f)
				if err != nil {
					t.Fatal(err)
				}
				if ok != (least == nil) {
					t.Fatalf("GF(%s) %s: Rabin says irreducible=%v, trial division %v", F.qString(), renderPoly(F, f, "x", "t"), ok, least == nil)
				}
				got, err := F.leastFactor(ctx, f, rng)
				if err != nil {
					t.Fatal(err)
				}
				if !polyEqual(got, least) {
					t.Fatalf("GF(%s) %s: least factor %s, trial division %s", F.qString(), renderPoly(F, f, "x", "t"), renderPoly(F, got, "x", "t"), renderPoly(F, least, "x", "t"))
				}
			}
		}
	}
}

// TestOrderBruteForce compares orders with repeated multiplication.
func TestOrderBruteForce(t *testing.T) {
	for _, F := range smallTestFields(t) {
		for _, a := range allElements(F)[1:] {
			want, x := 1, a
			for !isOne(x) {
				x, want = F.mul(x, a), want+1
			}
			got, fac, err := F.order(ctx, a)
			if err != nil {
				t.Fatal(err)
			}
			if got.Int64() != int64(want) {
				t.Fatalf("GF(%s): order of %v is %s, repeated multiplication %d", F.qString(), a, got, want)
			}
			prod := big.NewInt(1)
			for _, pp := range fac {
				prod.Mul(prod, new(big.Int).Exp(pp.Prime.Big(), big.NewInt(int64(pp.Exponent)), nil))
			}
			if prod.Cmp(got) != 0 {
				t.Fatalf("factorization of the order does not multiply to it")
			}
		}
	}
}

// TestSmallFieldAgainstGeneral checks the Zech-logarithm arithmetic against
// the general field arithmetic on every pair of a few fields, and the table
// evaluation on random polynomials.
func TestSmallFieldAgainstGeneral(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, F := range smallTestFields(t) {
		s, err := newSmallField(ctx, F)
		if err != nil {
			t.Fatal(err)
		}
		elems := allElements(F)
		for i, a := range elems {
			for j, b := range elems {
				if s.add(i, j) != int(F.encode(F.add(a, b)).Int64()) || s.mul(i, j) != int(F.encode(F.mul(a, b)).Int64()) {
					t.Fatalf("GF(%s): small-field arithmetic differs at (%d, %d)", F.qString(), i, j)
				}
			}
		}
		f := randomPoly(rng, F, 2*len(elems)+3) // above q, so the reduction mod x^q − x is exercised
		cs := F.smallCoeffs(f)
		for i, x := range elems {
			if s.eval(cs, i) != int(F.encode(F.peval(f, x)).Int64()) {
				t.Fatalf("GF(%s): table value at %d differs", F.qString(), i)
			}
		}
	}
}

// pow is powCtx for tests, whose inputs are small.
func (F *gf) pow(a elem, e *big.Int) elem {
	z, err := F.powCtx(context.Background(), a, e)
	if err != nil {
		panic(err)
	}
	return z
}

// frobeniusElem returns a^p.
func (F *gf) frobeniusElem(a elem) elem { return F.pow(a, F.p) }
