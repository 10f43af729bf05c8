package polynomial

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
	"jacobian.dev/core/gfpoly"
)

type factorCase struct {
	Polynomial []string
	Content    string
	Factors    []struct {
		Factor       []string
		Multiplicity int
	}
}

func factorReference(t *testing.T) []factorCase {
	t.Helper()
	b, err := os.ReadFile("testdata/factor.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		PARIVersion string `json:"pari_gp"`
		Cases       []factorCase
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.PARIVersion == "" {
		t.Fatal("factor.json names no PARI/GP version")
	}
	return conformance.AtLeast(t, "factorizations", 50, ref.Cases)
}

// TestReferenceFactor compares with PARI/GP's factor
// (testdata/factor.json, from gen_factor.py).
func TestReferenceFactor(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range factorReference(t) {
		var r FactorizationResult
		if !completed(t, rt, "polynomial.factorization.compute", fmt.Sprintf(`{"polynomial":%s}`, coeffJSON(c.Polynomial)), &r) {
			continue
		}
		if r.Content.String() != c.Content {
			t.Errorf("case %d: content %s, PARI/GP gives %s", i, r.Content, c.Content)
		}
		if len(r.Factors) != len(c.Factors) {
			t.Errorf("case %d: %d factors, PARI/GP gives %d", i, len(r.Factors), len(c.Factors))
			continue
		}
		for j, want := range c.Factors {
			got := r.Factors[j]
			if !slices.Equal(coeffStrings(got.Factor), want.Factor) || got.Multiplicity != want.Multiplicity {
				t.Errorf("case %d: factor %d is %v^%d, PARI/GP gives %v^%d", i, j, coeffStrings(got.Factor), got.Multiplicity, want.Factor, want.Multiplicity)
			}
		}
	}
}

// TestReferenceIrreducibility checks the verdicts against the same PARI/GP
// factorizations: irreducible exactly when there is one factor, once.
func TestReferenceIrreducibility(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range factorReference(t) {
		var r IrreducibilityResult
		if !completed(t, rt, "polynomial.irreducibility.check", fmt.Sprintf(`{"polynomial":%s}`, coeffJSON(c.Polynomial)), &r) {
			continue
		}
		want := core.Rejected
		if len(c.Factors) == 1 && c.Factors[0].Multiplicity == 1 {
			want = core.Accepted
		}
		if r.Verdict != want {
			t.Errorf("case %d: %s, PARI/GP's factorization has %d factors", i, r.Verdict, len(c.Factors))
		}
		if want == core.Rejected && r.Witness != nil && !slices.Equal(coeffStrings(*r.Witness), c.Factors[0].Factor) {
			t.Errorf("case %d: witness %v, PARI/GP's first factor in canonical order is %v", i, coeffStrings(*r.Witness), c.Factors[0].Factor)
		}
	}
}

// factorModPBrute is the reference for factorModP on small fields: the
// monic irreducible factors of the monic square-free a, found by trial
// division by every monic polynomial of increasing degree.
func factorModPBrute(F *gfpoly.Field, a []uint64) [][]uint64 {
	p := F.Modulus()
	var out [][]uint64
	for d := 1; gfpoly.Degree(a) > 0; d++ {
		if 2*d > gfpoly.Degree(a) {
			out = append(out, a)
			break
		}
		total := uint64(1)
		for range d {
			total *= p
		}
		for k := uint64(0); k < total; k++ {
			c := make([]uint64, d+1)
			c[d] = 1
			for i, x := 0, k; i < d; i, x = i+1, x/p {
				c[i] = x % p
			}
			if q, r := F.DivRem(a, c); len(r) == 0 {
				out = append(out, c)
				a = q
			}
		}
	}
	slices.SortFunc(out, compareModP)
	return out
}

// TestFactorModP compares the distinct- and equal-degree factorization
// with trial division by every monic polynomial, for random square-free
// polynomials of degree up to 7 over GF(3), GF(5) and GF(7).
func TestFactorModP(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	n := 0
	for _, p := range []uint64{3, 5, 7} {
		F := gfpoly.NewField(p)
		for range 150 {
			a, ok := randomSquareFreeMonic(rng, F, 7)
			if !ok {
				continue
			}
			parts, err := distinctDegree(bg, F, a)
			if err != nil {
				t.Fatal(err)
			}
			got, err := factorModP(bg, F, parts)
			if err != nil {
				t.Fatal(err)
			}
			want := factorModPBrute(F, a)
			if len(got) != len(want) {
				t.Fatalf("GF(%d), %v: %d factors, trial division finds %d", p, a, len(got), len(want))
			}
			for i := range got {
				if !gfpoly.Equal(got[i], want[i]) {
					t.Fatalf("GF(%d), %v: factor %d is %v, trial division finds %v", p, a, i, got[i], want[i])
				}
			}
			n++
		}
	}
	if n < 200 {
		t.Fatalf("only %d polynomials tried", n)
	}
}

// distinctDegreeReference is distinctDegree by repeated exponentiation,
// h ← h^p mod a, the test's reference.
func distinctDegreeReference(ctx context.Context, F *gfpoly.Field, a []uint64) ([]ddfPart, error) {
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

// TestDistinctDegreeMatchesReference compares the Frobenius-matrix
// distinct-degree factorization with repeated exponentiation, for seeded
// random square-free polynomials of degree up to 40 over small primes
// (rows of Q by multiplication by x) and large ones (by modular products).
func TestDistinctDegreeMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2))
	n := 0
	for _, p := range []uint64{3, 5, 7, 31, 101, 65537, 1<<61 - 1} {
		F := gfpoly.NewField(p)
		for range 30 {
			a, ok := randomSquareFreeMonic(rng, F, 40)
			if !ok {
				continue
			}
			got, err := distinctDegree(bg, F, a)
			if err != nil {
				t.Fatal(err)
			}
			want, err := distinctDegreeReference(bg, F, a)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("GF(%d), %v: %v, by exponentiation %v", p, a, got, want)
			}
			n++
		}
	}
	if n < 100 {
		t.Fatalf("only %d polynomials tried", n)
	}
}

// TestHenselLift checks the lifted factorization: monic, congruent to the
// factors modulo p, and with product f/lc(f) modulo p^k.
func TestHenselLift(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2))
	for range 30 {
		f := randomZ(rng, rng.IntN(30)+2, 40)
		f[len(f)-1].SetInt64(int64(rng.IntN(1000) + 1))
		F, parts, irreducible, err := choosePrime(bg, f)
		if err != nil {
			t.Fatal(err)
		}
		if irreducible || F == nil {
			continue
		}
		modp, err := factorModP(bg, F, parts)
		if err != nil {
			t.Fatal(err)
		}
		k := rng.IntN(20) + 2
		lifted, m, err := henselLift(bg, F, f, modp, k)
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range lifted {
			if g.lc().Cmp(big.NewInt(1)) != 0 || !gfpoly.Equal(fromZ(g, F.Modulus()), modp[i]) {
				t.Fatalf("lifted factor %d is not monic or not congruent to its factor modulo %d", i, F.Modulus())
			}
		}
		prod, err := productModM(bg, lifted, m)
		if err != nil {
			t.Fatal(err)
		}
		want := modPoly(zscale(prod, f.lc()), m)
		if !want.equal(modPoly(f, m)) {
			t.Fatalf("lc(f)·∏ G_i ≢ f modulo %d^%d", F.Modulus(), k)
		}
		// Monic lifts are unique: the word steps give the reference's.
		ref, _, err := henselLiftBig(bg, F, f, modp, k)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ref {
			if !ref[i].equal(lifted[i]) {
				t.Fatalf("lifted factor %d differs from the lift in big integers alone", i)
			}
		}
	}
}

// randomProduct multiplies count random factors of degree 1 to maxDeg.
func randomProduct(rng *rand.Rand, count, maxDeg, bits int) zpoly {
	f := zpoly{big.NewInt(1)}
	for range count {
		g := randomZ(rng, rng.IntN(maxDeg)+1, bits)
		f, _ = zmul(bg, f, g)
	}
	return f
}

// TestVanHoeijMatchesZassenhaus recombines the same lifted factors both
// ways, for square-free products with 9 to 14 factors modulo the chosen
// prime, where the subset search is still affordable.
func TestVanHoeijMatchesZassenhaus(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	tried := 0
	for tried < 12 {
		f := randomProduct(rng, rng.IntN(3)+2, 8, 6)
		_, f, _ = primitive(bg, f)
		if !coprimeOverQ(toQ(f), qderiv(toQ(f))) || f[0].Sign() == 0 {
			continue
		}
		F, parts, irreducible, err := choosePrime(bg, f)
		if err != nil {
			t.Fatal(err)
		}
		if irreducible || countFactors(parts) <= zassenhausMax || countFactors(parts) > 14 {
			continue
		}
		modp, err := factorModP(bg, F, parts)
		if err != nil {
			t.Fatal(err)
		}
		vh, err := recombineVanHoeij(bg, F, f, modp)
		if err != nil {
			t.Fatal(err)
		}
		zs, err := recombineZassenhaus(bg, F, f, modp)
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(vh, compareFactors)
		slices.SortFunc(zs, compareFactors)
		if !slices.EqualFunc(vh, zs, zpoly.equal) {
			t.Fatalf("%v: van Hoeij gives %v, Zassenhaus %v", f, vh, zs)
		}
		tried++
	}
}

// subsetSearchReference is the plain subset search, the reference for
// the staged recombination: the factors lifted past the Landau–Mignotte
// bound 2^n·‖a‖₂ for factors of any degree, and every subset's product
// tried by exact division, the smaller subsets first, without screening.
func subsetSearchReference(ctx context.Context, F *gfpoly.Field, a zpoly, modp [][]uint64) ([]zpoly, error) {
	lifted, m, err := henselLift(ctx, F, a, modp, exponentFor(F.Modulus(), a.deg()+norm2Bits(a)+2))
	if err != nil {
		return nil, err
	}
	var out []zpoly
	rest, left := a, lifted
	for s := 1; 2*s <= len(left); s++ {
		for found := true; found && 2*s <= len(left); {
			found = false
			for subset := range subsets(len(left), s) {
				var gs, keep []zpoly
				for j, g := range left {
					if slices.Contains(subset, j) {
						gs = append(gs, g)
					} else {
						keep = append(keep, g)
					}
				}
				g, err := candidate(ctx, rest.lc(), gs, m)
				if err != nil {
					return nil, err
				}
				if g.deg() < 1 {
					continue
				}
				if q, ok, err := zdivExact(ctx, rest, g); err != nil {
					return nil, err
				} else if ok {
					out, rest, left, found = append(out, g), q, keep, true
					break
				}
			}
		}
	}
	return append(out, rest), nil
}

// TestRecombineMatchesReference compares the staged recombination
// (screened subset search, then the lattice for what is left) with the
// plain subset search, for seeded random products with few factors of
// high degree and many of low degree, on both sides of zassenhausMax.
func TestRecombineMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 5))
	few, many := 0, 0
	for range 600 {
		var f zpoly
		if rng.IntN(3) == 0 {
			f = randomProduct(rng, rng.IntN(2)+2, 16, rng.IntN(30)+4)
		} else {
			f = randomProduct(rng, rng.IntN(4)+5, 4, rng.IntN(12)+3)
		}
		_, f, _ = primitive(bg, f)
		if f.deg() < 2 || f[0].Sign() == 0 || !coprimeOverQ(toQ(f), qderiv(toQ(f))) {
			continue
		}
		F, parts, irreducible, err := choosePrime(bg, f)
		if err != nil {
			t.Fatal(err)
		}
		r := countFactors(parts)
		if irreducible || r > 13 {
			continue
		}
		modp, err := factorModP(bg, F, parts)
		if err != nil {
			t.Fatal(err)
		}
		got, err := recombine(bg, F, f, modp)
		if err != nil {
			t.Fatal(err)
		}
		want, err := subsetSearchReference(bg, F, f, modp)
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(got, compareFactors)
		slices.SortFunc(want, compareFactors)
		if !slices.EqualFunc(got, want, zpoly.equal) {
			t.Fatalf("%v: staged recombination gives %v, the plain subset search %v", f, got, want)
		}
		if r > zassenhausMax {
			many++
		} else {
			few++
		}
	}
	t.Logf("%d products with at most %d modular factors, %d with more", few, zassenhausMax, many)
	if few < 100 || many < 20 {
		t.Fatalf("only %d products with at most %d modular factors and %d with more", few, zassenhausMax, many)
	}
}

// TestRecombineLatticeStage: in SD(5)·(3x − 7)·(x + 5)·(2x² + 3) the
// subset search within its budget finds the small factors and leaves the
// 16 modular factors of the Swinnerton-Dyer polynomial to the lattice,
// which proves their product irreducible.
func TestRecombineLatticeStage(t *testing.T) {
	small := []zpoly{{big.NewInt(-7), big.NewInt(3)}, {big.NewInt(5), big.NewInt(1)}, {big.NewInt(3), big.NewInt(0), big.NewInt(2)}}
	sd := swinnertonDyer(5)
	f, err := productZ(bg, append([]zpoly{sd}, small...))
	if err != nil {
		t.Fatal(err)
	}
	F, parts, irreducible, err := choosePrime(bg, f)
	if err != nil || irreducible {
		t.Fatalf("choosePrime: %v, irreducible %v", err, irreducible)
	}
	modp, err := factorModP(bg, F, parts)
	if err != nil {
		t.Fatal(err)
	}
	lifted, m, err := henselLift(bg, F, f, modp, exponentFor(F.Modulus(), mignotteBits(f)))
	if err != nil {
		t.Fatal(err)
	}
	found, _, left, _, err := zassenhaus(bg, f, lifted, m, subsetBudget)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != len(small) || len(left) <= zassenhausMax {
		t.Fatalf("the budgeted subset search found %d factors and left %d modular factors, want %d and more than %d", len(found), len(left), len(small), zassenhausMax)
	}
	got, err := recombine(bg, F, f, modp)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(got, compareFactors)
	want := []zpoly{small[1], small[0], small[2], sd}
	if !slices.EqualFunc(got, want, zpoly.equal) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

// TestFactorSwinnertonDyer: the Swinnerton-Dyer polynomials are
// irreducible, and products of them split into them.
func TestFactorSwinnertonDyer(t *testing.T) {
	for k := 1; k <= 6; k++ {
		f := swinnertonDyer(k)
		gs, err := factorSquareFree(bg, f)
		if err != nil {
			t.Fatal(err)
		}
		if len(gs) != 1 || !gs[0].equal(f) {
			t.Fatalf("SD(%d) of degree %d: %d factors", k, f.deg(), len(gs))
		}
	}
	a, b, c := swinnertonDyer(3), swinnertonDyer(4), zpoly{big.NewInt(-7), big.NewInt(0), big.NewInt(3)}
	ab, _ := zmul(bg, a, b)
	f, _ := zmul(bg, ab, c)
	gs, err := factorSquareFree(bg, f)
	if err != nil {
		t.Fatal(err)
	}
	want := []zpoly{c, a, b}
	if !slices.EqualFunc(gs, want, zpoly.equal) {
		t.Fatalf("SD(3)·SD(4)·(3x² − 7): %v", gs)
	}
}

// TestFactorRandom factors random products with repeated factors and
// checks each result with the postcondition, and that there are at least
// as many factors (with multiplicity) as the product was made of.
func TestFactorRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 4))
	for range 60 {
		count := rng.IntN(5) + 1
		f := qpoly{big.NewRat(rng.Int64N(9)+1, rng.Int64N(9)+1)}
		for range count {
			g := toQ(randomZ(rng, rng.IntN(8)+1, rng.IntN(60)+2))
			f, _ = qmul(bg, f, g)
			if rng.IntN(4) == 0 {
				f, _ = qmul(bg, f, g)
				count++
			}
		}
		q := FactorizationRequest{Polynomial: polyInputOf("x", f)}
		r, err := runFactorization(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkFactorization(bg, q, r); err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		total := 0
		for _, x := range r.Factors {
			total += x.Multiplicity
		}
		if total < count {
			t.Fatalf("%v: %d factors with multiplicity, made of %d", f, total, count)
		}
	}
}

// TestFactorPostconditionCatches spoils results and watches the
// postcondition refuse them.
func TestFactorPostconditionCatches(t *testing.T) {
	q := FactorizationRequest{Polynomial: polyInputOf("x", toQ(zpoly{big.NewInt(-4), big.NewInt(0), big.NewInt(0), big.NewInt(0), big.NewInt(1)}))}
	r, err := runFactorization(bg, q) // x^4 − 4 = (x² − 2)(x² + 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkFactorization(bg, q, r); err != nil {
		t.Fatal(err)
	}
	spoil := []func(r *FactorizationResult){
		func(r *FactorizationResult) { r.Factors[0], r.Factors[1] = r.Factors[1], r.Factors[0] },
		func(r *FactorizationResult) { r.Factors[0].Multiplicity = 2 },
		func(r *FactorizationResult) { r.Content = core.Rat(big.NewRat(2, 1)) },
	}
	for i, f := range spoil {
		s := r
		s.Factors = slices.Clone(r.Factors)
		f(&s)
		if err := checkFactorization(bg, q, s); err == nil {
			t.Errorf("spoiled result %d passed the postcondition", i)
		}
	}
	// A reducible quadratic listed as irreducible is caught.
	q2 := FactorizationRequest{Polynomial: polyInputOf("x", toQ(zpoly{big.NewInt(-1), big.NewInt(0), big.NewInt(1)}))}
	bad := FactorizationResult{Content: core.Rat(big.NewRat(1, 1)), Factors: []IrreducibleFactor{{polyOfZ("x", zpoly{big.NewInt(-1), big.NewInt(0), big.NewInt(1)}), 1}}}
	if err := checkFactorization(bg, q2, bad); err == nil {
		t.Error("x² − 1 passed as irreducible")
	}
}

func BenchmarkFactor(b *testing.B) {
	rng := rand.New(rand.NewPCG(60, 1))
	product60 := randomProduct(rng, 6, 1, 1)
	for product60.deg() != 60 {
		// Six random factors of degree 10 with 16-bit coefficients.
		product60 = zpoly{big.NewInt(1)}
		for range 6 {
			product60, _ = zmul(bg, product60, randomZ(rng, 10, 16))
		}
	}
	// The same with every coefficient of full 16-bit size, as in the peer
	// benchmark: the leading coefficient of about 96 bits makes the
	// lattice's power sums need twice the precision of the subset search.
	full60 := zpoly{big.NewInt(1)}
	for range 6 {
		g := make(zpoly, 11)
		for i := range g {
			g[i] = big.NewInt(1<<15 | rng.Int64N(1<<15))
			if i < 10 && rng.IntN(2) == 0 {
				g[i].Neg(g[i])
			}
		}
		full60, _ = zmul(bg, full60, g)
	}
	cases := []struct {
		name string
		f    zpoly
	}{
		{"product_deg=60", product60},
		{"product_deg=60_bits=16", full60},
		{"swinnerton_dyer_deg=32", swinnertonDyer(5)},
		{"swinnerton_dyer_deg=64", swinnertonDyer(6)},
		{"swinnerton_dyer_deg=128", swinnertonDyer(7)},
	}
	for _, c := range cases {
		q := toQ(c.f)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := factorQ(bg, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// randomSquareFreeMonic draws a monic polynomial of degree 1 to maxDeg
// over F with random lower coefficients; false when it is not square-free.
func randomSquareFreeMonic(rng *rand.Rand, F *gfpoly.Field, maxDeg int) ([]uint64, bool) {
	d := rng.IntN(maxDeg) + 1
	a := make([]uint64, d+1)
	for i := range a {
		a[i] = rng.Uint64N(F.Modulus())
	}
	a[d] = 1
	return a, gfpoly.Degree(F.GCD(a, F.Derivative(a))) == 0
}

// TestWordArithmetic checks the word-size products and divisions of the
// Hensel steps against math/big, with moduli up to 2^62 so that the
// three-word sums carry.
func TestWordArithmetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	for range 200 {
		m := rng.Uint64N(1<<wordModulusBits-2) + 2
		if rng.IntN(2) == 0 {
			m = 1<<wordModulusBits - uint64(rng.IntN(1000)) - 1
		}
		M := new(big.Int).SetUint64(m)
		draw := func(n int) []uint64 {
			a := make([]uint64, n)
			for i := range a {
				a[i] = rng.Uint64N(m)
			}
			return wtrim(a)
		}
		a, b := draw(rng.IntN(260)), draw(rng.IntN(260)+1)
		b = append(b, 1) // monic
		prod := wmul(a, b, m)
		ab, err := zmulSchoolbook(bg, toZ(a), toZ(b))
		if err != nil {
			t.Fatal(err)
		}
		want := modPoly(ab, M)
		if !toZ(prod).equal(want) {
			t.Fatalf("wmul modulo %d differs from math/big", m)
		}
		q, r := wdivRemMonic(a, b, m)
		// a = q·b + r with deg r < deg b.
		if len(r) >= len(b) {
			t.Fatalf("remainder of degree %d for a divisor of degree %d", len(r)-1, len(b)-1)
		}
		qb, err := zmulSchoolbook(bg, toZ(q), toZ(b))
		if err != nil {
			t.Fatal(err)
		}
		back := modPoly(zadd(qb, toZ(r)), M)
		if !back.equal(toZ(a)) {
			t.Fatalf("q·b + r ≠ a modulo %d", m)
		}
		if !toZ(wsub(wadd(a, b, m), b, m)).equal(toZ(a)) {
			t.Fatalf("(a + b) − b ≠ a modulo %d", m)
		}
	}
}

// TestZassenhausSureBelowBound runs the subset search at every precision
// from p to past the Mignotte bound: whenever it reports itself sure, its
// factors must be those of the search at the bound. Factors with large
// leading coefficients make the low precisions cut true factors short.
func TestZassenhausSureBelowBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 30))
	sure, unsure := 0, 0
	for tried := 0; tried < 25; {
		f := zpoly{big.NewInt(1)}
		for range rng.IntN(3) + 2 {
			g := randomZ(rng, rng.IntN(5)+1, rng.IntN(20)+2)
			g[len(g)-1].SetInt64(rng.Int64N(1<<20) + 1)
			f, _ = zmul(bg, f, g)
		}
		_, f, _ = primitive(bg, f)
		if !coprimeOverQ(toQ(f), qderiv(toQ(f))) || f[0].Sign() == 0 {
			continue
		}
		F, parts, irreducible, err := choosePrime(bg, f)
		if err != nil {
			t.Fatal(err)
		}
		if irreducible || countFactors(parts) > zassenhausMax {
			continue
		}
		tried++
		modp, err := factorModP(bg, F, parts)
		if err != nil {
			t.Fatal(err)
		}
		want, err := recombineZassenhaus(bg, F, f, modp)
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(want, compareFactors)
		for k := 1; k <= exponentFor(F.Modulus(), mignotteBits(f)); k++ {
			lifted, m, err := henselLift(bg, F, f, modp, k)
			if err != nil {
				t.Fatal(err)
			}
			got, _, _, ok, err := zassenhaus(bg, f, lifted, m, subsetBudget)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				unsure++
				continue
			}
			sure++
			slices.SortFunc(got, compareFactors)
			if !slices.EqualFunc(got, want, zpoly.equal) {
				t.Fatalf("%v at %d^%d: sure of %v, want %v", f, F.Modulus(), k, got, want)
			}
		}
	}
	if sure == 0 || unsure == 0 {
		t.Fatalf("%d sure and %d unsure searches: the test exercises only one side", sure, unsure)
	}
}

// TestCoprimeAtOnePrime checks the one-image coprimality test against
// coprimeOverQ: never true for a pair with a common factor, true for
// most coprime pairs.
func TestCoprimeAtOnePrime(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 31))
	yes := 0
	for trial := range 300 {
		a, b := randomZ(rng, rng.IntN(12)+1, 70), randomZ(rng, rng.IntN(12)+1, 70)
		if trial%3 == 0 {
			g := randomZ(rng, rng.IntN(3)+1, 4)
			a, _ = zmul(bg, a, g)
			b, _ = zmul(bg, b, g)
		}
		got, err := coprimeAtOnePrime(bg, a, b)
		if err != nil {
			t.Fatal(err)
		}
		if got && !coprimeOverQ(toQ(a), toQ(b)) {
			t.Fatalf("trial %d: %v and %v reported coprime", trial, a, b)
		}
		if got {
			yes++
		}
	}
	if yes < 100 {
		t.Fatalf("only %d of 300 pairs reported coprime", yes)
	}
}
