package polynomial

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// sturmIsolate is the reference isolation: bisection of (−B, B], B a
// power of two above every root's absolute value (Cauchy's bound
// 1 + max|a_i/a_n|), counting roots with the Sturm sequence until each
// interval holds one. It returns half-open intervals (lo, hi], in
// ascending order.
func sturmIsolate(t *testing.T, g zpoly) [][2]*big.Rat {
	t.Helper()
	seq, err := sturmSequence(bg, g)
	if err != nil {
		t.Fatal(err)
	}
	m := 0
	for _, c := range g[:len(g)-1] {
		m = max(m, c.BitLen())
	}
	// 1 + max|a_i/a_n| ≤ 1 + 2^(m − len(a_n) + 1) ≤ 2^(max(m − len(a_n) + 1, 0) + 1).
	b := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(max(m-g.lc().BitLen()+1, 0)+1)))
	var out [][2]*big.Rat
	var walk func(lo, hi *big.Rat)
	walk = func(lo, hi *big.Rat) {
		switch n := sturmCount(seq, lo, hi); {
		case n == 0:
		case n == 1:
			out = append(out, [2]*big.Rat{lo, hi})
		default:
			mid := new(big.Rat).Add(lo, hi)
			mid.Quo(mid, big.NewRat(2, 1))
			walk(lo, mid)
			walk(mid, hi)
		}
	}
	walk(new(big.Rat).Neg(b), b)
	return out
}

// TestIsolationAgainstSturm compares the Descartes isolation with the
// Sturm reference: the same number of roots, the i-th interval of each
// holding the same root (their closures meet, and the root is unique in
// both).
func TestIsolationAgainstSturm(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	for trial := range 300 {
		f := randomRootsPoly(bg, rng)
		if f.deg() < 1 {
			continue
		}
		g, got := isolateSquareFreePart(t, f)
		got, err := tidy(bg, g, got)
		if err != nil {
			t.Fatal(err)
		}
		want := sturmIsolate(t, g)
		if len(got) != len(want) {
			t.Fatalf("trial %d: %v: %d roots, the Sturm reference finds %d", trial, f, len(got), len(want))
		}
		for i := range got {
			if got[i].hi.Cmp(want[i][0]) < 0 || want[i][1].Cmp(got[i].lo) < 0 {
				t.Fatalf("trial %d: root %d: (%s, %s) and the reference's (%s, %s] are apart", trial, i,
					got[i].lo.RatString(), got[i].hi.RatString(), want[i][0].RatString(), want[i][1].RatString())
			}
		}
	}
}

// TestRealRootsExhaustive runs every polynomial of degree at most 3 with
// coefficients in [−3, 3] through the operation, whose postcondition
// recounts the roots by Sturm's theorem, and compares the number of
// distinct roots with the Sturm reference.
func TestRealRootsExhaustive(t *testing.T) {
	cs := []int64{-3, -2, -1, 0, 1, 2, 3}
	n := 0
	for deg := 1; deg <= 3; deg++ {
		total := 1
		for range deg + 1 {
			total *= len(cs)
		}
		for k := range total {
			f := make(qpoly, deg+1)
			x := k
			for i := range f {
				f[i] = big.NewRat(cs[x%len(cs)], 1)
				x /= len(cs)
			}
			if f.lc().Sign() == 0 {
				continue
			}
			q := RealRootsRequest{Polynomial: polyInputOf("x", f)}
			r, err := runRealRoots(bg, q)
			if err != nil {
				t.Fatal(err)
			}
			if err := checkRealRoots(bg, q, r); err != nil {
				t.Fatalf("%v: %v", f, err)
			}
			_, pf, _ := qprimitive(bg, f)
			g, _ := squareFreePart(bg, pf)
			if want := len(sturmIsolate(t, g)); r.Distinct != want {
				t.Fatalf("%v: %d distinct roots, Sturm counts %d", f, r.Distinct, want)
			}
			n++
		}
	}
	if n < 2000 {
		t.Fatalf("only %d polynomials tried", n)
	}
}

// TestRealRootsKnownRoots builds polynomials from known rational roots and
// multiplicities and checks that each root is found with its multiplicity.
func TestRealRootsKnownRoots(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2))
	for trial := range 200 {
		type known struct {
			r *big.Rat
			m int
		}
		var roots []known
		f := qpoly{big.NewRat(rng.Int64N(7)+1, rng.Int64N(3)+1)}
		for range rng.IntN(5) + 1 {
			r := big.NewRat(rng.Int64N(201)-100, rng.Int64N(9)+1)
			if slices.ContainsFunc(roots, func(k known) bool { return k.r.Cmp(r) == 0 }) {
				continue
			}
			m := rng.IntN(3) + 1
			roots = append(roots, known{r, m})
			lin := qpoly{new(big.Rat).Neg(r), big.NewRat(1, 1)}
			p, _ := qpow(bg, lin, int64(m))
			f, _ = qmul(bg, f, p)
		}
		// An irreducible quadratic factor adds no real roots.
		f, _ = qmul(bg, f, qpoly{big.NewRat(rng.Int64N(9)+1, 1), big.NewRat(0, 1), big.NewRat(1, 1)})
		slices.SortFunc(roots, func(a, b known) int { return a.r.Cmp(b.r) })
		q := RealRootsRequest{Polynomial: polyInputOf("x", f)}
		r, err := runRealRoots(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Roots) != len(roots) {
			t.Fatalf("trial %d: %d roots, built with %d", trial, len(r.Roots), len(roots))
		}
		for i, k := range roots {
			got := r.Roots[i]
			if got.Multiplicity != k.m || got.Lower.Rat().Cmp(k.r) > 0 || got.Upper.Rat().Cmp(k.r) < 0 {
				t.Fatalf("trial %d: root %d is %s of multiplicity %d; got [%s, %s] of multiplicity %d", trial, i, k.r.RatString(), k.m, got.Lower, got.Upper, got.Multiplicity)
			}
		}
	}
}

// TestRealRootsCheckerRejects spoils correct answers and expects the
// checker to reject each one.
func TestRealRootsCheckerRejects(t *testing.T) {
	rt := newRuntime(t)
	f := `{"expression":"(x - 1)^2*(x + 2)*(x^2 - 3)"}`
	var r RealRootsResult
	if !completed(t, rt, "polynomial.real_roots.compute", `{"polynomial":`+f+`}`, &r) {
		return
	}
	claims := func(mut func([]map[string]any) []map[string]any) string {
		var cs []map[string]any
		for _, x := range r.Roots {
			cs = append(cs, map[string]any{"lower": x.Lower.String(), "upper": x.Upper.String(), "multiplicity": x.Multiplicity})
		}
		b, _ := json.Marshal(mut(cs))
		return `{"polynomial":` + f + `,"roots":` + string(b) + `}`
	}
	var ok RealRootsCheckResult
	if completed(t, rt, "polynomial.real_roots.check", claims(func(c []map[string]any) []map[string]any { return c }), &ok) && ok.Verdict != core.Accepted {
		t.Fatalf("the operation's own answer is %s: %s", ok.Verdict, ok.Reason)
	}
	spoilers := map[string]func([]map[string]any) []map[string]any{
		"a root dropped":       func(c []map[string]any) []map[string]any { return c[1:] },
		"order reversed":       func(c []map[string]any) []map[string]any { slices.Reverse(c); return c },
		"a root listed twice":  func(c []map[string]any) []map[string]any { return append(c, c[len(c)-1]) },
		"a wrong multiplicity": func(c []map[string]any) []map[string]any { c[0]["multiplicity"] = 2; return c },
		"a point off the root": func(c []map[string]any) []map[string]any {
			c[0]["lower"], c[0]["upper"] = "-5/2", "-5/2"
			return c
		},
		"an interval widened over two roots": func(c []map[string]any) []map[string]any {
			c[len(c)-1]["lower"] = "0"
			return c
		},
	}
	for name, spoil := range spoilers {
		var v RealRootsCheckResult
		if completed(t, rt, "polynomial.real_roots.check", claims(spoil), &v) && v.Verdict != core.Rejected {
			t.Errorf("%s: verdict %s (%s), want rejected", name, v.Verdict, v.Reason)
		}
	}
}

// realRootsReference is testdata/realroots.json, written by
// testdata/gen_realroots.py from PARI/GP 2.15.2 (polsturm, polrootsreal at
// 60 digits).
type realRootsReference struct {
	PARIVersion string `json:"pari_gp"`
	Cases       []struct {
		Polynomial []string
		Distinct   int
		Roots      []string
	}
}

// TestReferenceRealRoots compares, to 40 digits, each root and its
// multiplicity with PARI/GP's polrootsreal, and the number of distinct
// roots with polsturm.
func TestReferenceRealRoots(t *testing.T) {
	b, err := os.ReadFile("testdata/realroots.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref realRootsReference
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.PARIVersion == "" {
		t.Fatal("realroots.json names no PARI/GP version")
	}
	rt := newRuntime(t)
	const digits = 40
	tol := new(big.Rat).SetFrac(big.NewInt(2), new(big.Int).Exp(big.NewInt(10), big.NewInt(digits), nil))
	for i, c := range conformance.AtLeast(t, "real roots", 50, ref.Cases) {
		var r RealRootsResult
		if !completed(t, rt, "polynomial.real_roots.compute", fmt.Sprintf(`{"polynomial":%s,"digits":%d}`, coeffJSON(c.Polynomial), digits), &r) {
			continue
		}
		if r.Distinct != c.Distinct {
			t.Errorf("case %d: %d distinct roots, polsturm says %d", i, r.Distinct, c.Distinct)
			continue
		}
		var expanded []string
		for _, x := range r.Roots {
			for range x.Multiplicity {
				expanded = append(expanded, x.Approximation)
			}
		}
		if len(expanded) != len(c.Roots) {
			t.Errorf("case %d: %d roots with multiplicity, polrootsreal gives %d", i, len(expanded), len(c.Roots))
			continue
		}
		for j, want := range c.Roots {
			w, _ := new(big.Rat).SetString(want)
			g, _ := new(big.Rat).SetString(expanded[j])
			if d := new(big.Rat).Sub(w, g); d.Abs(d).Cmp(tol) > 0 {
				t.Errorf("case %d root %d: %s, polrootsreal gives %s", i, j, expanded[j], want)
			}
		}
	}
}

func TestDecimalRound(t *testing.T) {
	for _, tc := range []struct {
		x    string
		d    int
		want string
	}{
		{"1/3", 3, "0.333"}, {"2/3", 3, "0.667"}, {"-2/3", 2, "-0.67"}, {"5/2", 0, "3"},
		{"-5/2", 0, "-3"}, {"1/200", 2, "0.01"}, {"-1/300", 2, "0.00"}, {"7", 2, "7.00"},
	} {
		x, _ := new(big.Rat).SetString(tc.x)
		if got := decimalRound(x, tc.d); got != tc.want {
			t.Errorf("decimalRound(%s, %d) = %s, want %s", tc.x, tc.d, got, tc.want)
		}
	}
	if !strings.HasPrefix(decimalRound(big.NewRat(-1, 300), 2), "0") {
		t.Error("a value that rounds to zero is written without a sign")
	}
}

// TestChebyshevRoots checks T_n's n roots cos((2k−1)π/(2n)) are found, all
// simple and inside (−1, 1), for several n.
func TestChebyshevRoots(t *testing.T) {
	for _, n := range []int{1, 2, 7, 20, 50} {
		q := RealRootsRequest{Polynomial: polyInputOf("x", toQ(chebyshevT(n)))}
		r, err := runRealRoots(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkRealRoots(bg, q, r); err != nil {
			t.Fatal(err)
		}
		if r.Distinct != n || r.Total != n {
			t.Fatalf("T_%d: %d distinct roots, %d in all", n, r.Distinct, r.Total)
		}
	}
}

// TestIntervalVariations checks Descartes' bound on intervals and
// half-lines against known roots: on products of distinct linear factors
// with roots k/2 and irreducible quadratics, the variations over a random
// interval, and over the half-lines above its lower and below its upper
// end, with endpoints that are not roots, are at least the number of
// roots inside and of the same parity.
func TestIntervalVariations(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 5))
	for trial := range 400 {
		f := zpoly{big.NewInt(1)}
		var roots []*big.Rat
		used := map[int64]bool{}
		for range rng.IntN(7) + 1 {
			if rng.IntN(4) == 0 {
				c := rng.Int64N(5) + 1
				f, _ = zmul(bg, f, zpoly{big.NewInt(c), big.NewInt(0), big.NewInt(1)})
				continue
			}
			k := rng.Int64N(31) - 15
			if used[k] {
				continue
			}
			used[k] = true
			roots = append(roots, big.NewRat(k, 2))
			f, _ = zmul(bg, f, zpoly{big.NewInt(-k), big.NewInt(2)})
		}
		if f.deg() < 1 {
			continue
		}
		// Endpoints (2j+1)/4 and (2j'+1)/12 are never multiples of 1/2.
		a := big.NewRat(2*rng.Int64N(40)-39, 4)
		b := new(big.Rat).Add(a, big.NewRat(2*rng.Int64N(60)+1, 12))
		inside := 0
		for _, r := range roots {
			if r.Cmp(a) > 0 && r.Cmp(b) < 0 {
				inside++
			}
		}
		v := intervalVariations(f, a, b)
		if w := intervalVariationsCommon(f, a, b); w != v {
			t.Fatalf("trial %d: %v on (%s, %s): %d variations, %d over the common denominator", trial, f, a.RatString(), b.RatString(), v, w)
		}
		if v < inside || (v-inside)%2 != 0 {
			t.Fatalf("trial %d: %v on (%s, %s): %d variations, %d roots", trial, f, a.RatString(), b.RatString(), v, inside)
		}
		above, below := 0, 0
		for _, r := range roots {
			if r.Cmp(a) > 0 {
				above++
			}
			if r.Cmp(b) < 0 {
				below++
			}
		}
		if v := halfLineVariations(f, a, true); v < above || (v-above)%2 != 0 {
			t.Fatalf("trial %d: %v above %s: %d variations, %d roots", trial, f, a.RatString(), v, above)
		}
		if v := halfLineVariations(f, b, false); v < below || (v-below)%2 != 0 {
			t.Fatalf("trial %d: %v below %s: %d variations, %d roots", trial, f, b.RatString(), v, below)
		}
	}
}

// TestDescartesCertifies runs the certificate on the isolations of random
// polynomials, where it must conclude for most, and on the same claims
// with one root left out, where it must never conclude (a missing root
// would pass unnoticed).
func TestDescartesCertifies(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 6))
	certified, tried := 0, 0
	for trial := range 200 {
		f := randomRootsPoly(bg, rng)
		if trial%2 == 0 {
			f = toQ(randomZ(rng, rng.IntN(40)+1, rng.IntN(30)+1))
		}
		if f.deg() < 1 {
			continue
		}
		g, rs := isolateSquareFreePart(t, f)
		rs, err := tidy(bg, g, rs)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) == 0 {
			continue
		}
		claims := make([]rootClaim, len(rs))
		for i, r := range rs {
			claims[i] = rootClaim{lo: r.lo, hi: r.hi}
		}
		tried++
		if descartesCertifies(bg, g, claims) {
			certified++
		}
		drop := rng.IntN(len(claims))
		if short := slices.Delete(slices.Clone(claims), drop, drop+1); descartesCertifies(bg, g, short) {
			t.Fatalf("trial %d: %v: certified with root %d of %d left out", trial, g, drop, len(claims))
		}
	}
	if certified < tried*3/4 {
		t.Fatalf("the certificate concluded on %d of %d isolations", certified, tried)
	}
	t.Logf("certified %d of %d", certified, tried)
}

// TestIsolationAgainstBisection compares isolateRealRoots (continued
// fractions, and the even case) with the bisection reference: the same
// number of roots, and each interval meeting the reference's. The inputs
// are random polynomials, products of known factors, and even ones p(x²)
// and x·p(x²) built from both.
func TestIsolationAgainstBisection(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 7))
	for trial := range 300 {
		var f qpoly
		switch trial % 3 {
		case 0:
			f = randomRootsPoly(bg, rng)
		case 1:
			f = toQ(randomZ(rng, rng.IntN(30)+1, rng.IntN(40)+1))
		default:
			f = toQ(mignotte(rng.IntN(20)+3, rng.Int64N(30)+2))
		}
		if trial%2 == 1 && f.deg() >= 1 {
			// f(x²), times x every other time.
			even := qzeros(2*len(f) - 1 + trial%4/2)
			for i, c := range f {
				even[2*i+trial%4/2].Set(c)
			}
			f = even
		}
		if f.deg() < 1 {
			continue
		}
		g, got := isolateSquareFreePart(t, f)
		want, err := isolateRealRootsReference(bg, g)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("trial %d: %v: %d roots, the bisection finds %d", trial, g, len(got), len(want))
		}
		for i := range got {
			if got[i].hi.Cmp(want[i].lo) < 0 || want[i].hi.Cmp(got[i].lo) < 0 {
				t.Fatalf("trial %d: %v: root %d: (%s, %s) and the reference's (%s, %s) are apart", trial, g, i,
					got[i].lo.RatString(), got[i].hi.RatString(), want[i].lo.RatString(), want[i].hi.RatString())
			}
		}
		// The operation's postcondition rechecks the results.
		if trial%3 == 0 {
			q := RealRootsRequest{Polynomial: polyInputOf("x", f)}
			r, err := runRealRoots(bg, q)
			if err != nil {
				t.Fatal(err)
			}
			if err := checkRealRoots(bg, q, r); err != nil {
				t.Fatalf("trial %d: %v", trial, err)
			}
		}
	}
}

// TestSignAt compares signAt, dyadic and general points, with the exact
// rational value qeval.
func TestSignAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 8))
	for trial := range 2000 {
		p := randomZ(rng, rng.IntN(12), rng.IntN(20)+1)
		den := big.NewInt(rng.Int64N(50) + 1)
		if trial%2 == 0 {
			den.Lsh(big.NewInt(1), uint(rng.IntN(40)))
		}
		x := new(big.Rat).SetFrac(big.NewInt(rng.Int64N(201)-100), den)
		want := 0
		if len(p) > 0 {
			v, err := qeval(bg, toQ(p), x)
			if err != nil {
				t.Fatal(err)
			}
			want = v.Sign()
		}
		if got := signAt(p, x); got != want {
			t.Fatalf("trial %d: sign of %v at %s is %d, want %d", trial, p, x.RatString(), got, want)
		}
	}
}

// TestRealRootsCheckerSquareFreeMultiplicity claims multiplicity 2 for a
// root of the square-free x³ − 2x (roots 0, ±√2, each simple) and expects
// the checker to reject it, and to accept multiplicity 1.
func TestRealRootsCheckerSquareFreeMultiplicity(t *testing.T) {
	rt := newRuntime(t)
	f := `{"expression":"x^3 - 2*x"}`
	for _, m := range []int{1, 2, 3} {
		in := fmt.Sprintf(`{"polynomial":%s,"roots":[{"lower":"-2","upper":"-1","multiplicity":1},{"lower":"0","upper":"0","multiplicity":%d},{"lower":"1","upper":"2","multiplicity":1}]}`, f, m)
		var v RealRootsCheckResult
		want := core.Rejected
		if m == 1 {
			want = core.Accepted
		}
		if completed(t, rt, "polynomial.real_roots.check", in, &v) && v.Verdict != want {
			t.Errorf("multiplicity %d: verdict %s (%s), want %s", m, v.Verdict, v.Reason, want)
		}
	}
}

// isolateSquareFreePart is the primitive square-free part g of f and the
// isolating intervals isolateRealRoots gives for it.
func isolateSquareFreePart(t *testing.T, f qpoly) (zpoly, []rootInterval) {
	t.Helper()
	_, pf, _ := qprimitive(bg, f)
	g, err := squareFreePart(bg, pf)
	if err != nil {
		t.Fatal(err)
	}
	got, err := isolateRealRoots(bg, g)
	if err != nil {
		t.Fatal(err)
	}
	return g, got
}

// TestDescartesHalfLines runs the certificate's half-line counts at both
// ends of the line on products of known linear factors (and x² + 1):
// the complete claims must be certified, and claims with the first or
// last root left out, or with three roots in the first or last interval
// (a sign change all the same), never; the check then rejects them by
// the Sturm count.
func TestDescartesHalfLines(t *testing.T) {
	product := func(roots ...int64) zpoly {
		f := zpoly{big.NewInt(1), big.NewInt(0), big.NewInt(1)}
		for _, r := range roots { // 2x − r for the root r/2
			f, _ = zmul(bg, f, zpoly{big.NewInt(-r), big.NewInt(2)})
		}
		return f
	}
	open := func(lo, hi int64) rootClaim { return rootClaim{lo: big.NewRat(lo, 2), hi: big.NewRat(hi, 2)} }
	for _, tc := range []struct {
		name   string
		f      zpoly
		claims []rootClaim
		want   bool
	}{
		{"far roots, complete", product(-10, -6, 2), []rootClaim{open(-12, -8), open(-8, -4), open(0, 4)}, true},
		{"far roots, the first left out", product(-10, -6, 2), []rootClaim{open(-8, -4), open(0, 4)}, false},
		{"far roots, the last left out", product(-10, -6, 9, 14), []rootClaim{open(-12, -8), open(-8, -4), open(8, 11)}, false},
		{"three roots in the first claim", product(-6, -5, -4, 1), []rootClaim{open(-8, -2), open(0, 2)}, false},
		{"three roots in the last claim", product(-1, 4, 5, 6), []rootClaim{open(-2, 0), open(2, 8)}, false},
		{"three roots in the only claim", product(4, 5, 6), []rootClaim{open(2, 8)}, false},
		{"near roots, complete", product(-1, 1), []rootClaim{open(-2, 0), open(0, 2)}, true},
		{"near roots, the last left out", product(-1, 1, 3), []rootClaim{open(-2, 0), open(0, 2)}, false},
	} {
		if got := descartesCertifies(bg, tc.f, tc.claims); got != tc.want {
			t.Errorf("%s: certified %v, want %v", tc.name, got, tc.want)
		}
		reason, err := verifyIsolation(bg, tc.f, tc.claims, sturmCheckMaxDegree)
		if err != nil {
			t.Fatal(err)
		}
		if (reason == "") != tc.want {
			t.Errorf("%s: verifyIsolation says %q", tc.name, reason)
		}
	}
}

// intervalVariationsCommon is intervalVariations by the transform over
// the common denominator d of a = u/d and b = w/d, (1 + x)^n·R(w + (u −
// w)/(1 + x)) with R(y) = d^n·p(y/d), always shifted at b: the reference,
// whose variations are the same (the transform differs by a positive
// factor and the reversal x ↦ 1/x).
func intervalVariationsCommon(p zpoly, a, b *big.Rat) int {
	d := new(big.Int).Mul(a.Denom(), b.Denom())
	d.Quo(d, new(big.Int).GCD(nil, nil, a.Denom(), b.Denom()))
	u := new(big.Int).Mul(a.Num(), new(big.Int).Quo(d, a.Denom()))
	w := new(big.Int).Mul(b.Num(), new(big.Int).Quo(d, b.Denom()))
	n := p.deg()
	r := scaledShift(p, d, w)
	scale := new(big.Int).Sub(u, w)
	pow := big.NewInt(1)
	for i := 1; i <= n; i++ {
		pow.Mul(pow, scale)
		r[i].Mul(r[i], pow)
	}
	return unitIntervalVariations(r, -1)
}
