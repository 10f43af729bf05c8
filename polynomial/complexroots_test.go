package polynomial

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/cmplx"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"jacobian.dev/conformance"
)

// durandKerner is the reference approximation: the Weierstrass (Durand–
// Kerner) iteration z_i ← z_i − p(z_i)/(lc·∏_{j≠i}(z_i − z_j)) in
// complex128 from the points 0.4 + 0.9i raised to successive powers,
// scaled by a root bound, for a square-free p of small degree.
func durandKerner(p zpoly) []complex128 {
	n := p.deg()
	c := make([]complex128, n+1)
	for i, a := range p {
		f, _ := new(big.Float).SetInt(a).Float64()
		c[i] = complex(f, 0)
	}
	bound := 0.0
	for _, a := range c[:n] {
		bound = max(bound, cmplx.Abs(a/c[n]))
	}
	bound++
	z := make([]complex128, n)
	w := complex(0.4, 0.9)
	for i := range z {
		z[i] = complex(bound, 0) * cmplx.Pow(w, complex(float64(i), 0)) / complex(cmplx.Abs(cmplx.Pow(w, complex(float64(i), 0))), 0)
	}
	eval := func(x complex128) complex128 {
		var v complex128
		for k := n; k >= 0; k-- {
			v = v*x + c[k]
		}
		return v
	}
	for range 2000 {
		moved := 0.0
		for i := range z {
			d := c[n]
			for j := range z {
				if j != i {
					d *= z[i] - z[j]
				}
			}
			step := eval(z[i]) / d
			z[i] -= step
			moved = max(moved, cmplx.Abs(step))
		}
		if moved < 1e-15 {
			break
		}
	}
	return z
}

// centerOf reads a root's center as complex128 and as exact rationals.
func centerOf(t *testing.T, r ComplexRoot) (complex128, *big.Rat, *big.Rat, *big.Rat) {
	t.Helper()
	re, ok1 := new(big.Rat).SetString(r.Real)
	im, ok2 := new(big.Rat).SetString(r.Imaginary)
	rho, err := parseRadius(r.Radius)
	if !ok1 || !ok2 || err != nil {
		t.Fatalf("root %+v does not parse", r)
	}
	fr, _ := re.Float64()
	fi, _ := im.Float64()
	return complex(fr, fi), re, im, rho
}

// TestComplexRootsAgainstDurandKerner compares, on random square-free
// polynomials of degree up to 12, each certified disc with the
// Durand–Kerner reference: every reference root within 1e-8 of exactly one
// center.
func TestComplexRootsAgainstDurandKerner(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1))
	for trial := range 150 {
		p := randomZ(rng, rng.IntN(12)+1, 12)
		_, p, _ = primitive(bg, p)
		s, err := squareFreePart(bg, p)
		if err != nil {
			t.Fatal(err)
		}
		d := 15
		q := ComplexRootsRequest{Polynomial: polyInputOf("x", toQ(s)), Digits: &d}
		r, err := runComplexRoots(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkComplexRoots(bg, q, r); err != nil {
			t.Fatalf("trial %d: %v: %v", trial, s, err)
		}
		ref := durandKerner(s)
		if len(ref) != len(r.Roots) {
			t.Fatalf("trial %d: %d roots, the reference has %d", trial, len(r.Roots), len(ref))
		}
		for _, z := range ref {
			hits := 0
			for _, x := range r.Roots {
				c, _, _, _ := centerOf(t, x)
				if cmplx.Abs(c-z) < 1e-8*max(1, cmplx.Abs(z)) {
					hits++
				}
			}
			if hits != 1 {
				t.Fatalf("trial %d: %v: the reference root %v is near %d centers: %+v", trial, s, z, hits, r.Roots)
			}
		}
	}
}

// gaussianRoot is a known root a + b·i with a multiplicity.
type gaussianRoot struct {
	re, im *big.Rat
	m      int
}

// TestComplexRootsKnownRoots builds polynomials from known rational and
// Gaussian rational roots with multiplicities and checks that each lies,
// exactly, in the one disc that has its multiplicity.
func TestComplexRootsKnownRoots(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2))
	for trial := range 120 {
		f := qpoly{big.NewRat(rng.Int64N(7)+1, rng.Int64N(3)+1)}
		var known []gaussianRoot
		for range rng.IntN(4) + 1 {
			a := big.NewRat(rng.Int64N(41)-20, rng.Int64N(4)+1)
			b := big.NewRat(rng.Int64N(21)-10, rng.Int64N(4)+1)
			if slices.ContainsFunc(known, func(k gaussianRoot) bool {
				return k.re.Cmp(a) == 0 && new(big.Rat).Abs(k.im).Cmp(new(big.Rat).Abs(b)) == 0
			}) {
				continue
			}
			m := rng.IntN(3) + 1
			var base qpoly
			if b.Sign() == 0 {
				base = qpoly{new(big.Rat).Neg(a), big.NewRat(1, 1)}
				known = append(known, gaussianRoot{a, b, m})
			} else {
				// (x − a)² + b².
				n := new(big.Rat).Mul(a, a)
				n.Add(n, new(big.Rat).Mul(b, b))
				base = qpoly{n, new(big.Rat).Mul(a, big.NewRat(-2, 1)), big.NewRat(1, 1)}
				known = append(known, gaussianRoot{a, new(big.Rat).Abs(b), m}, gaussianRoot{a, new(big.Rat).Neg(new(big.Rat).Abs(b)), m})
			}
			p, _ := qpow(bg, base, int64(m))
			f, _ = qmul(bg, f, p)
		}
		d := rng.IntN(25)
		q := ComplexRootsRequest{Polynomial: polyInputOf("x", f), Digits: &d}
		r, err := runComplexRoots(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkComplexRoots(bg, q, r); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if len(r.Roots) != len(known) {
			t.Fatalf("trial %d: %d roots, built with %d", trial, len(r.Roots), len(known))
		}
		for _, k := range known {
			hits := 0
			for _, x := range r.Roots {
				_, re, im, rho := centerOf(t, x)
				dr, di := new(big.Rat).Sub(re, k.re), new(big.Rat).Sub(im, k.im)
				d2 := new(big.Rat).Add(new(big.Rat).Mul(dr, dr), new(big.Rat).Mul(di, di))
				if d2.Cmp(new(big.Rat).Mul(rho, rho)) <= 0 {
					hits++
					if x.Multiplicity != k.m {
						t.Fatalf("trial %d: root %s + %s·i has multiplicity %d, found %d", trial, k.re.RatString(), k.im.RatString(), k.m, x.Multiplicity)
					}
					if x.IsReal != (k.im.Sign() == 0) {
						t.Fatalf("trial %d: root %s + %s·i reported is_real %v", trial, k.re.RatString(), k.im.RatString(), x.IsReal)
					}
				}
			}
			if hits != 1 {
				t.Fatalf("trial %d: root %s + %s·i is in %d discs", trial, k.re.RatString(), k.im.RatString(), hits)
			}
		}
	}
}

// TestComplexRootsExhaustive runs every polynomial of degree at most 3
// with coefficients in [−2, 2] through the operation and its
// postcondition, and checks the number of real roots against Sturm's
// count.
func TestComplexRootsExhaustive(t *testing.T) {
	cs := []int64{-2, -1, 0, 1, 2}
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
			d := 8
			q := ComplexRootsRequest{Polynomial: polyInputOf("x", f), Digits: &d}
			r, err := runComplexRoots(bg, q)
			if err != nil {
				t.Fatal(err)
			}
			if err := checkComplexRoots(bg, q, r); err != nil {
				t.Fatalf("%v: %v", f, err)
			}
			_, pf, _ := qprimitive(bg, f)
			g, _ := squareFreePart(bg, pf)
			seq, _ := sturmSequence(bg, g)
			reals := 0
			for _, x := range r.Roots {
				if x.IsReal {
					reals++
				}
			}
			if want := sturmCount(seq, nil, nil); reals != want {
				t.Fatalf("%v: %d roots certified real, Sturm counts %d", f, reals, want)
			}
			n++
		}
	}
	if n < 500 {
		t.Fatalf("only %d polynomials tried", n)
	}
}

// TestComplexRootsPostconditionRejects spoils a correct answer in turn
// and expects the postcondition to reject each.
func TestComplexRootsPostconditionRejects(t *testing.T) {
	d := 12
	q := ComplexRootsRequest{Polynomial: polyInputOf("x", mustPoly(t, "(x - 1)^2*(x^2 + 2)*(x^3 - 3)")), Digits: &d}
	good, err := runComplexRoots(bg, q)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkComplexRoots(bg, q, good); err != nil {
		t.Fatalf("the operation's own answer: %v", err)
	}
	clone := func() ComplexRootsResult {
		b, _ := json.Marshal(good)
		var r ComplexRootsResult
		_ = json.Unmarshal(b, &r)
		return r
	}
	shift := func(s string, digit int) string {
		b := []byte(s)
		i := len(b) - 1 - digit
		if b[i] == '9' {
			b[i] = '0'
		} else {
			b[i]++
		}
		return string(b)
	}
	spoilers := map[string]func(r *ComplexRootsResult){
		"a root dropped":       func(r *ComplexRootsResult) { r.Roots = r.Roots[1:]; r.Distinct--; r.Total-- },
		"order reversed":       func(r *ComplexRootsResult) { slices.Reverse(r.Roots) },
		"a wrong multiplicity": func(r *ComplexRootsResult) { r.Roots[0].Multiplicity++; r.Total++ },
		"multiplicities swapped": func(r *ComplexRootsResult) {
			i := slices.IndexFunc(r.Roots, func(x ComplexRoot) bool { return x.Multiplicity == 2 })
			j := slices.IndexFunc(r.Roots, func(x ComplexRoot) bool { return x.Multiplicity == 1 })
			r.Roots[i].Multiplicity, r.Roots[j].Multiplicity = 1, 2
		},
		"a center moved":    func(r *ComplexRootsResult) { r.Roots[1].Real = shift(r.Roots[1].Real, 2) },
		"a radius shrunk":   func(r *ComplexRootsResult) { r.Roots[0].Radius = "1.0e-30" },
		"a radius too wide": func(r *ComplexRootsResult) { r.Roots[0].Radius = "1.0e-5" },
		"a complex root claimed real": func(r *ComplexRootsResult) {
			for i, x := range r.Roots {
				if !x.IsReal {
					r.Roots[i].IsReal, r.Roots[i].Imaginary = true, "0"
					return
				}
			}
		},
		"fewer decimals": func(r *ComplexRootsResult) { r.Decimals = d - 1 },
	}
	for name, spoil := range spoilers {
		r := clone()
		spoil(&r)
		if err := checkComplexRoots(bg, q, r); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func mustPoly(t *testing.T, expr string) qpoly {
	t.Helper()
	var in PolyInput
	if err := json.Unmarshal([]byte(fmt.Sprintf(`{"expression":%q}`, expr)), &in); err != nil {
		t.Fatal(err)
	}
	f, err := in.poly(bg)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestRadiusUp checks the written radius is the two-digit decimal just
// above the square root, on squares and near-squares.
func TestRadiusUp(t *testing.T) {
	for _, tc := range []struct {
		r2   float64
		want string
	}{{0, "0"}, {1, "1.0e0"}, {1.0000001, "1.1e0"}, {0.0144, "1.2e-1"}, {2, "1.5e0"}, {1e-60, "1.0e-30"}, {9.9e9 * 9.9e9, "9.9e9"}, {9.91e9 * 9.91e9, "1.0e10"}} {
		_, got := radiusUp(new(big.Float).SetFloat64(tc.r2))
		if got != tc.want {
			t.Errorf("radiusUp(%g) = %s, want %s", tc.r2, got, tc.want)
		}
	}
	// Far outside float64's range.
	r2 := new(big.Float).SetMantExp(big.NewFloat(1), -20000)
	v, s := radiusUp(r2)
	want := new(big.Rat)
	r2.Rat(want)
	if new(big.Rat).Mul(v, v).Cmp(want) < 0 || new(big.Rat).Mul(v, v).Cmp(new(big.Rat).Mul(want, big.NewRat(2, 1))) > 0 {
		t.Errorf("radiusUp(2^-20000) = %s", s)
	}
}

// complexRootsReference is testdata/complexroots.json, written by
// testdata/gen_complexroots.py from PARI/GP 2.15.2 (polroots at
// realprecision 250).
type complexRootsReference struct {
	PARIVersion string `json:"pari_gp"`
	Cases       []struct {
		Polynomial []string
		Roots      [][2]string
	}
}

// TestReferenceComplexRoots computes every case to 40 digits and checks
// that each disc holds exactly as many of PARI/GP's roots as its
// multiplicity (within 10^-60, far below the radius, for polroots' own
// error), and that the real roots are PARI's with zero imaginary part.
func TestReferenceComplexRoots(t *testing.T) {
	b, err := os.ReadFile("testdata/complexroots.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref complexRootsReference
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.PARIVersion == "" {
		t.Fatal("complexroots.json names no PARI/GP version")
	}
	rt := newRuntime(t)
	const digits = 40
	slack := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(60), nil))
	for i, c := range conformance.AtLeast(t, "complex roots", 50, ref.Cases) {
		var r ComplexRootsResult
		if !completed(t, rt, "polynomial.complex_roots.compute", fmt.Sprintf(`{"polynomial":%s,"digits":%d}`, coeffJSON(c.Polynomial), digits), &r) {
			continue
		}
		if r.Total != len(c.Roots) {
			t.Errorf("case %d: %d roots with multiplicity, polroots gives %d", i, r.Total, len(c.Roots))
			continue
		}
		pari := make([][2]*big.Rat, len(c.Roots))
		for j, z := range c.Roots {
			pari[j][0], _ = new(big.Rat).SetString(z[0])
			pari[j][1], _ = new(big.Rat).SetString(z[1])
		}
		for j, x := range r.Roots {
			_, re, im, rho := centerOf(t, x)
			lim := new(big.Rat).Add(rho, slack)
			lim.Mul(lim, lim)
			hits := 0
			for _, z := range pari {
				dr, di := new(big.Rat).Sub(re, z[0]), new(big.Rat).Sub(im, z[1])
				if new(big.Rat).Add(new(big.Rat).Mul(dr, dr), new(big.Rat).Mul(di, di)).Cmp(lim) <= 0 {
					hits++
					if x.IsReal && new(big.Rat).Abs(z[1]).Cmp(slack) > 0 {
						t.Errorf("case %d root %d: certified real, polroots gives imaginary part %s", i, j, z[1].FloatString(70))
					}
				}
			}
			if hits != x.Multiplicity {
				t.Errorf("case %d root %d (%s + %s·i ± %s): holds %d of polroots' roots, multiplicity %d", i, j, x.Real, x.Imaginary, x.Radius, hits, x.Multiplicity)
			}
		}
	}
}

// TestComplexRootsWideRange checks roots of very different sizes and a
// polynomial whose coefficients leave float64's range, where the float64
// pass is skipped.
func TestComplexRootsWideRange(t *testing.T) {
	for _, expr := range []string{
		"(x - 10^30)*(x - 1/10^30)*(x^2 + 1)",
		"x^3 - 2^1000",
		"(2^600*x - 1)*(x^2 - 2)",
		"x^20 + 1/10^100",
		"x*(x^2 + 1/10^40)",
	} {
		d := 10
		q := ComplexRootsRequest{Polynomial: polyInputOf("x", mustPoly(t, expr)), Digits: &d}
		r, err := runComplexRoots(bg, q)
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		if err := checkComplexRoots(bg, q, r); err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
	}
}

// TestComplexRootsCloseRoots separates pairs of roots 10^-k apart, real
// and complex, beside a high multiplicity, for k up to 60: the discs must
// shrink below the separation (more decimals than asked for).
func TestComplexRootsCloseRoots(t *testing.T) {
	for _, k := range []int{5, 20, 40, 60} {
		for _, expr := range []string{
			"(3*x - 1)*(3*x - 1 - 3*1/10^%d)*(x^2 + 1)",
			"((x - 1)^2 + 1)*((x - 1 - 1/10^%d)^2 + 1)*(x + 2)^4",
		} {
			e := fmt.Sprintf(expr, k)
			d := 10
			q := ComplexRootsRequest{Polynomial: polyInputOf("x", mustPoly(t, e)), Digits: &d}
			r, err := runComplexRoots(bg, q)
			if err != nil {
				t.Fatalf("%s: %v", e, err)
			}
			if err := checkComplexRoots(bg, q, r); err != nil {
				t.Fatalf("%s: %v", e, err)
			}
			if r.Decimals < k {
				t.Fatalf("%s: %d decimals cannot tell roots 10^-%d apart", e, r.Decimals, k)
			}
		}
	}
}
