package polynomial

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

var bg = context.Background()

func mustZmul(t testing.TB, a, b zpoly) zpoly {
	t.Helper()
	p, err := zmul(bg, a, b)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustQmul(t testing.TB, a, b qpoly) qpoly {
	t.Helper()
	p, err := qmul(bg, a, b)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// monicQ is the monic associate of a nonzero integer polynomial.
func monicQ(a zpoly) qpoly {
	q := toQ(a)
	return qscale(q, new(big.Rat).Inv(q.lc()))
}

// TestGCDAlgorithmsAgree compares the modular gcd with the subresultant
// PRS and with Euclid over Q on seeded random inputs with planted common
// factors, including small coefficients where unlucky primes and content
// are likelier.
func TestGCDAlgorithmsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 300; i++ {
		bits := []int{2, 8, 40, 100}[i%4]
		g := randomZ(rng, rng.IntN(6), bits)
		a := mustZmul(t, g, randomZ(rng, rng.IntN(8), bits))
		b := mustZmul(t, g, randomZ(rng, rng.IntN(8), bits))
		if i%5 == 0 {
			// A repeated factor shared with a different multiplicity.
			a = mustZmul(t, a, g)
		}
		_, pa := bgPrimitive(a)
		_, pb := bgPrimitive(b)
		mod, err := gcdModular(bg, pa, pb)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := gcdSubresultant(bg, pa, pb)
		if err != nil {
			t.Fatal(err)
		}
		euc, err := gcdEuclidQ(bg, toQ(a), toQ(b))
		if err != nil {
			t.Fatal(err)
		}
		old, err := gcdModularEuclid(bg, pa, pb)
		if err != nil {
			t.Fatal(err)
		}
		if !mod.equal(sub) || !monicQ(mod).equal(euc) || !old.equal(mod) {
			t.Fatalf("case %d: gcd(%v, %v): modular %v, subresultant %v, Euclid over Q %v", i, a, b, mod, sub, euc)
		}
		if mod.lc().Sign() <= 0 || bgContent(mod).Cmp(big.NewInt(1)) != 0 {
			t.Fatalf("case %d: modular gcd %v is not primitive with positive leading coefficient", i, mod)
		}
		// The gcd divides both, and the planted factor divides the gcd.
		for _, f := range []zpoly{a, b} {
			if _, ok, _ := zdivExact(bg, f, mod); !ok {
				t.Fatalf("case %d: gcd %v does not divide %v", i, mod, f)
			}
		}
		if _, pg := bgPrimitive(g); len(pg) > 0 {
			if _, ok, _ := zdivExact(bg, mod, pg); !ok {
				t.Fatalf("case %d: planted factor %v does not divide the gcd %v", i, pg, mod)
			}
		}
	}
}

// TestGCDModularLarge compares the modular gcd with its trial-division
// reference at degrees where each prime's gcd runs Euclid or the half-gcd
// and where the coefficients need several primes.
func TestGCDModularLarge(t *testing.T) {
	type shape struct{ deg, bits int }
	shapes := []shape{{60, 300}, {200, 32}, {150, 1000}}
	if !testing.Short() {
		shapes = append(shapes, shape{1000, 32}, shape{5200, 4})
	}
	for i, s := range shapes {
		rng := rand.New(rand.NewPCG(uint64(i), 12))
		g := randomZ(rng, s.deg/2, s.bits)
		a := mustZmul(t, g, randomZ(rng, s.deg-s.deg/2, s.bits))
		b := mustZmul(t, g, randomZ(rng, s.deg-s.deg/2, s.bits))
		_, pa := bgPrimitive(a)
		_, pb := bgPrimitive(b)
		mod, err := gcdModular(bg, pa, pb)
		if err != nil {
			t.Fatal(err)
		}
		if s.deg > 2000 {
			// The reference's trial division is too slow here; check
			// that the gcd divides both and has the planted degree.
			for _, f := range []zpoly{pa, pb} {
				if _, ok, _ := zdivExact(bg, f, mod); !ok {
					t.Fatalf("%v: gcd does not divide an input", s)
				}
			}
			if mod.deg() < g.deg() {
				t.Fatalf("%v: gcd of degree %d below the planted %d", s, mod.deg(), g.deg())
			}
			continue
		}
		old, err := gcdModularEuclid(bg, pa, pb)
		if err != nil {
			t.Fatal(err)
		}
		if !mod.equal(old) {
			t.Fatalf("%v: modular gcd of degree %d, reference of degree %d", s, mod.deg(), old.deg())
		}
	}
}

// TestGCDZ checks the content rule on small cases worked by hand:
// gcd over Z = gcd of contents · primitive gcd.
func TestGCDZ(t *testing.T) {
	z := func(c ...int64) zpoly {
		out := make(zpoly, len(c))
		for i, x := range c {
			out[i] = big.NewInt(x)
		}
		return ztrim(out)
	}
	tests := []struct{ a, b, want zpoly }{
		{z(-6, 0, 6), z(4, 8, 4), z(2, 2)},      // 6(x−1)(x+1), 4(x+1)^2
		{z(3, 6), z(), z(3, 6)},                 // gcd(f, 0) = f normalised
		{z(-3, -6), z(), z(3, 6)},               //
		{z(), z(), z()},                         // gcd(0, 0) = 0
		{z(4), z(6, 0, 2), z(2)},                // constants: gcd of contents
		{z(1, 1), z(-1, 1), z(1)},               // coprime
		{z(-2, 0, 2), z(-2, 0, 0, 2), z(-2, 2)}, // 2(x−1)(x+1), 2(x−1)(x²+x+1)
	}
	for _, tc := range tests {
		got, err := gcdZ(bg, tc.a, tc.b)
		if err != nil {
			t.Fatal(err)
		}
		if !got.equal(tc.want) {
			t.Errorf("gcdZ(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestResultantAgainstSylvester compares the modular resultant with the
// Sylvester determinant over Q and with the subresultant PRS, including
// zero, constant and non-coprime inputs and rational coefficients.
func TestResultantAgainstSylvester(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	for i := 0; i < 400; i++ {
		a := randomQ(rng, rng.IntN(9), 12)
		b := randomQ(rng, rng.IntN(9), 12)
		if i%6 == 0 && len(b) > 1 {
			a = mustQmul(t, a, b[:2]) // share a factor when b[:2] is linear
			b = mustQmul(t, b, b[:2])
		}
		got, err := resultantQ(bg, a, b)
		if err != nil {
			t.Fatal(err)
		}
		if want := sylvesterResultant(a, b); got.Cmp(want) != 0 {
			t.Fatalf("case %d: res(%v, %v) = %s, Sylvester determinant %s", i, a, b, got.RatString(), want.RatString())
		}
		za := bgCleared(a)
		zb := bgCleared(b)
		mod, err := resultantModular(bg, za, zb)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := resultantSubresultant(bg, za, zb)
		if err != nil {
			t.Fatal(err)
		}
		old, err := resultantModularEuclid(bg, za, zb)
		if err != nil {
			t.Fatal(err)
		}
		if mod.Cmp(sub) != 0 || old.Cmp(mod) != 0 {
			t.Fatalf("case %d: res(%v, %v): modular %s, subresultant %s, modular reference %s", i, za, zb, mod, sub, old)
		}
	}
}

// TestResultantIdentities: res(f, g) = (−1)^(deg f·deg g) res(g, f) and
// res(f, g·h) = res(f, g)·res(f, h).
func TestResultantIdentities(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	for i := 0; i < 150; i++ {
		f := randomQ(rng, rng.IntN(8)+1, 20)
		g := randomQ(rng, rng.IntN(8)+1, 20)
		h := randomQ(rng, rng.IntN(6)+1, 20)
		if len(f) == 0 || len(g) == 0 || len(h) == 0 {
			continue
		}
		fg, _ := resultantQ(bg, f, g)
		gf, _ := resultantQ(bg, g, f)
		if f.deg()*g.deg()%2 == 1 {
			gf.Neg(gf)
		}
		if fg.Cmp(gf) != 0 {
			t.Fatalf("case %d: res(f,g) = %s but (−1)^(mn) res(g,f) = %s", i, fg.RatString(), gf.RatString())
		}
		fh, _ := resultantQ(bg, f, h)
		fgh, _ := resultantQ(bg, f, mustQmul(t, g, h))
		if prod := new(big.Rat).Mul(fg, fh); prod.Cmp(fgh) != 0 {
			t.Fatalf("case %d: res(f, gh) = %s, res(f,g)·res(f,h) = %s", i, fgh.RatString(), prod.RatString())
		}
	}
}

// TestDiscriminantOfQuadratics: disc(ax² + bx + c) = b² − 4ac.
func TestDiscriminantOfQuadratics(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	for i := 0; i < 100; i++ {
		f := randomQ(rng, 3, 30)
		if f.deg() != 2 {
			continue
		}
		got, err := discriminantQ(bg, f)
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Rat).Mul(f[1], f[1])
		want.Sub(want, new(big.Rat).Mul(big.NewRat(4, 1), new(big.Rat).Mul(f[2], f[0])))
		if got.Cmp(want) != 0 {
			t.Fatalf("disc(%v) = %s, b²−4ac = %s", f, got.RatString(), want.RatString())
		}
	}
}

// TestDivRemIdentity: f = q·g + r with deg r < deg g, exactly, and the
// fraction-free division agrees with rational long division.
func TestDivRemIdentity(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for i := 0; i < 200; i++ {
		f := randomQ(rng, rng.IntN(12), 30)
		g := randomQ(rng, rng.IntN(6)+1, 30)
		if len(g) == 0 {
			continue
		}
		q, r, err := qdivrem(bg, f, g)
		if err != nil {
			t.Fatal(err)
		}
		if r.deg() >= g.deg() {
			t.Fatalf("deg r = %d ≥ deg g = %d", r.deg(), g.deg())
		}
		if back := qadd(mustQmul(t, q, g), r); !back.equal(f) {
			t.Fatalf("q·g + r ≠ f for f = %v, g = %v", f, g)
		}
		lq, lr, err := qdivremLong(bg, f, g)
		if err != nil {
			t.Fatal(err)
		}
		if !lq.equal(q) || !lr.equal(r) {
			t.Fatalf("divrem(%v, %v): pseudo-division gives %v, %v; long division %v, %v", f, g, q, r, lq, lr)
		}
	}
}

// TestProductRule: (f·g)′ = f′·g + f·g′, and the k-th derivative equals k
// first derivatives.
func TestProductRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	for i := 0; i < 200; i++ {
		f := randomQ(rng, rng.IntN(10), 30)
		g := randomQ(rng, rng.IntN(10), 30)
		lhs := qderiv(mustQmul(t, f, g))
		rhs := qadd(mustQmul(t, qderiv(f), g), mustQmul(t, f, qderiv(g)))
		if !lhs.equal(rhs) {
			t.Fatalf("product rule fails for %v, %v", f, g)
		}
		k := rng.IntN(6)
		dk, err := qderivK(bg, f, k)
		if err != nil {
			t.Fatal(err)
		}
		iter := f
		for j := 0; j < k; j++ {
			iter = qderiv(iter)
		}
		if !dk.equal(iter) {
			t.Fatalf("order-%d derivative of %v: %v, iterated %v", k, f, dk, iter)
		}
	}
}

// TestEvaluateAgainstNaive compares integer Horner with the sum of
// c_i·x^i in big.Rat arithmetic.
func TestEvaluateAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	for i := 0; i < 200; i++ {
		f := randomQ(rng, rng.IntN(15), 40)
		x := new(big.Rat).SetFrac64(rng.Int64N(2001)-1000, rng.Int64N(50)+1)
		got, err := qeval(bg, f, x)
		if err != nil {
			t.Fatal(err)
		}
		want, pow := new(big.Rat), big.NewRat(1, 1)
		for _, c := range f {
			want.Add(want, new(big.Rat).Mul(c, pow))
			pow.Mul(pow, x)
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("f(%s) = %s, naive %s", x.RatString(), got.RatString(), want.RatString())
		}
	}
}

// TestSquareFreeReconstructs: c·∏ a_i^i = f exactly, multiplicities
// ascend, and each a_i is square-free by Euclid's algorithm over Q.
func TestSquareFreeReconstructs(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 15))
	for i := 0; i < 150; i++ {
		f := randomRepeated(context.Background(), rng)
		c, fs, err := squareFree(bg, f)
		if err != nil {
			t.Fatal(err)
		}
		prod := qpoly{c}
		for j, x := range fs {
			if j > 0 && x.multiplicity <= fs[j-1].multiplicity {
				t.Fatalf("multiplicities not ascending: %v", fs)
			}
			p, _ := qpow(bg, toQ(x.factor), int64(x.multiplicity))
			prod = mustQmul(t, prod, p)
			// a_i is square-free: gcd(a_i, a_i′) = 1.
			if x.factor.deg() > 1 {
				g, _ := gcdEuclidQ(bg, toQ(x.factor), qderiv(toQ(x.factor)))
				if g.deg() != 0 {
					t.Fatalf("factor %v is not square-free", x.factor)
				}
			}
		}
		if !prod.equal(f) {
			t.Fatalf("case %d: decomposition of %v does not reconstruct it", i, f)
		}
	}
}

func TestPseudoRemainder(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 17))
	for i := 0; i < 100; i++ {
		a := randomZ(rng, rng.IntN(10), 20)
		b := randomZ(rng, rng.IntN(5)+1, 20)
		r, err := zprem(bg, a, b)
		if err != nil {
			t.Fatal(err)
		}
		// prem(a, b) = lc(b)^(deg a − deg b + 1)·(a mod b) over Q.
		_, rq, _ := qdivrem(bg, toQ(a), toQ(b))
		e := max(a.deg()-b.deg()+1, 0)
		scale := new(big.Rat).SetInt(new(big.Int).Exp(b.lc(), big.NewInt(int64(e)), nil))
		if len(a) < len(b) {
			scale.SetInt64(1)
		}
		if !toQ(r).equal(qscale(rq, scale)) {
			t.Fatalf("prem(%v, %v) = %v", a, b, r)
		}
	}
}

// TestKroneckerAgainstSchoolbook compares the two multiplications on
// seeded random operands of mixed signs, sizes and lengths.
func TestKroneckerAgainstSchoolbook(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 19))
	for i := 0; i < 300; i++ {
		a := randomZ(rng, rng.IntN(80), []int{1, 5, 64, 200}[rng.IntN(4)])
		b := randomZ(rng, rng.IntN(80), []int{1, 5, 64, 200}[rng.IntN(4)])
		switch i % 5 {
		case 0: // all non-negative
			for _, x := range a {
				x.Abs(x)
			}
		case 1: // all negative
			for _, x := range b {
				x.Neg(x.Abs(x))
				if x.Sign() == 0 {
					x.SetInt64(-1)
				}
			}
		}
		want, err := zmulSchoolbook(bg, a, b)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := zmulKronecker(bg, a, b); !got.equal(want) {
			t.Fatalf("case %d: Kronecker product of %v and %v = %v, schoolbook %v", i, a, b, got, want)
		}
	}
}

// TestResultantLargeDegrees compares the two resultant algorithms above
// the degree where resultantZ switches, with and without a common factor.
func TestResultantLargeDegrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 21))
	for i := 0; i < 8; i++ {
		a := randomZ(rng, 41+rng.IntN(30), 64)
		b := randomZ(rng, 41+rng.IntN(30), 64)
		if i%4 == 0 {
			c := randomZ(rng, 1, 8)
			a, b = mustZmul(t, a, c), mustZmul(t, b, c)
		}
		mod, err := resultantModular(bg, a, b)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := resultantSubresultant(bg, a, b)
		if err != nil {
			t.Fatal(err)
		}
		old, err := resultantModularEuclid(bg, a, b)
		if err != nil {
			t.Fatal(err)
		}
		if mod.Cmp(sub) != 0 || old.Cmp(mod) != 0 {
			t.Fatalf("case %d (degrees %d, %d): modular %s, subresultant %s, modular reference %s", i, a.deg(), b.deg(), mod, sub, old)
		}
		if i%4 == 0 && mod.Sign() != 0 {
			t.Fatalf("case %d: inputs with a common factor have a nonzero resultant", i)
		}
	}
}

// TestResultantCheckCatchesErrors: the postcondition accepts the true
// resultant and rejects it off by one, on both of its paths (Sylvester
// determinant mod p for small degrees, Euclid mod p for large).
func TestResultantCheckCatchesErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 23))
	for _, deg := range []int{5, 60, 150} {
		a, b := randomQ(rng, deg+1, 30), randomQ(rng, deg, 30)
		r, err := resultantQ(bg, a, b)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkResultantMod(a, b, r, "resultant"); err != nil {
			t.Errorf("degree %d: true resultant refused: %v", deg, err)
		}
		wrong := new(big.Rat).Add(r, big.NewRat(1, 1))
		if err := checkResultantMod(a, b, wrong, "resultant"); err == nil {
			t.Errorf("degree %d: resultant + 1 accepted", deg)
		}
	}
}

// TestZdivModularAgainstExact compares the postcondition's division by
// images with the division in Z[x], on exact multiples, on multiples
// perturbed by one unit, and on quotients that are rational but not
// integral (g = 2·h divides h·x² over Q only).
func TestZdivModularAgainstExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 31))
	for i := 0; i < 120; i++ {
		bits := []int{1, 8, 64, 200}[i%4]
		g := randomZ(rng, rng.IntN(12), bits)
		q := randomZ(rng, rng.IntN(40), bits)
		f := mustZmul(t, g, q)
		switch i % 3 {
		case 1:
			f = f.clone()
			j := rng.IntN(len(f))
			f[j].Add(f[j], big.NewInt(1))
			f = ztrim(f)
		case 2:
			g = zscale(g, big.NewInt(2))
		}
		got, gotOK, err := zdivModular(bg, f, g)
		if err != nil {
			t.Fatal(err)
		}
		want, wantOK, _ := zdivExact(bg, f, g)
		if gotOK != wantOK || gotOK && !got.equal(want) {
			t.Fatalf("case %d: %v / %v: modular (%v, %v), exact (%v, %v)", i, f, g, got, gotOK, want, wantOK)
		}
	}
}
