package finitefield

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core/gfpoly"
)

// pariFactorCases is testdata/pari_factor.json, written by
// testdata/gen_pari_factor.py from PARI/GP 2.15.2 (factor(P) and
// pollead(P); see the script).
type pariFactorCases struct {
	PariVersion   string `json:"pari_version"`
	Factorization []struct {
		Request json.RawMessage `json:"request"`
		Unit    json.RawMessage `json:"unit"`
		Factors []struct {
			Coefficients json.RawMessage `json:"coefficients"`
			Multiplicity int             `json:"multiplicity"`
		} `json:"factors"`
	} `json:"factorization"`
}

func TestPariFactorization(t *testing.T) {
	b, err := os.ReadFile("testdata/pari_factor.json")
	if err != nil {
		t.Fatal(err)
	}
	var c pariFactorCases
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if c.PariVersion != "2.15.2" {
		t.Fatalf("reference data from PARI/GP %s, expected 2.15.2", c.PariVersion)
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "factorization", 50, c.Factorization) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, factorID, string(c.Request))
			completed(t, o)
			var r FactorizationResult
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			if got, want := mustJSON(r.Unit), compactJSON(t, c.Unit); got != want {
				t.Errorf("unit %s, PARI/GP %s", got, want)
			}
			if len(r.Factors) != len(c.Factors) {
				t.Fatalf("%d factors, PARI/GP %d: %s", len(r.Factors), len(c.Factors), o.Value)
			}
			for j, f := range r.Factors {
				if got, want := mustJSON(f.Factor.Coefficients), compactJSON(t, c.Factors[j].Coefficients); got != want || f.Multiplicity != c.Factors[j].Multiplicity {
					t.Errorf("factor %d: %s^%d, PARI/GP %s^%d", j, got, f.Multiplicity, want, c.Factors[j].Multiplicity)
				}
			}
		})
	}
}

// TestFactorWordsAgainstGeneric holds the machine-word factorization to
// the generic one, the reference, on random polynomials over prime fields
// of word size: the same factors in the same order.
func TestFactorWordsAgainstGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	ctx := context.Background()
	primes := []uint64{2, 3, 5, 7, 31, 10007, 1<<31 - 1, 1<<61 - 1, 1<<63 - 25, 1<<64 - 59}
	for i := range 120 {
		p := primes[i%len(primes)]
		F := newGF(new(big.Int).SetUint64(p), 1, nil)
		f := F.pmonic(randomFactored(rng, F, 30))
		if deg(f) < 1 {
			continue
		}
		words, err := F.factorizeWords(ctx, f, seededRand(F.fingerprint(f)))
		if err != nil {
			t.Fatal(err)
		}
		generic, err := F.factorizeGeneric(ctx, f, seededRand(F.fingerprint(f)))
		if err != nil {
			t.Fatal(err)
		}
		same := slices.EqualFunc(words, generic, func(a, b factorPart) bool { return a.mult == b.mult && polyEqual(a.f, b.f) })
		if !same {
			t.Fatalf("GF(%d), f = %v: words %v, generic %v", p, F.toWords(f), words, generic)
		}
	}
}

// TestFactorBruteForce factors every monic polynomial of degree ≤ 7 over
// GF(2) and degree ≤ 4 over GF(3) and compares with trial division by the
// monic irreducibles, found by sieving: a monic polynomial of degree d is
// irreducible exactly when no product of two monic polynomials of lower
// degree equals it.
func TestFactorBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ p, maxDeg int }{{2, 7}, {3, 4}} {
		F := newGF(big.NewInt(int64(c.p)), 1, nil)
		all := func(d int) []poly { // monic, degree d
			var out []poly
			n := 1
			for range d {
				n *= c.p
			}
			for code := range n {
				f := make(poly, d+1)
				for i := range d {
					f[i] = F.fromInt(big.NewInt(int64(code % c.p)))
					code /= c.p
				}
				f[d] = F.one()
				out = append(out, trimPoly(f))
			}
			return out
		}
		reducible := map[string]bool{}
		for d1 := 1; d1 <= c.maxDeg; d1++ {
			for d2 := 1; d1+d2 <= c.maxDeg; d2++ {
				for _, a := range all(d1) {
					for _, b := range all(d2) {
						reducible[fmt.Sprint(F.toWords(F.pmul(a, b)))] = true
					}
				}
			}
		}
		var irreducibles []poly
		for d := 1; d <= c.maxDeg; d++ {
			for _, f := range all(d) {
				if !reducible[fmt.Sprint(F.toWords(f))] {
					irreducibles = append(irreducibles, f)
				}
			}
		}
		for d := 1; d <= c.maxDeg; d++ {
			for _, f := range all(d) {
				var want []factorPart
				rest := f
				for _, g := range irreducibles {
					m := 0
					for {
						q, r := F.pdivmod(rest, g)
						if len(r) != 0 {
							break
						}
						rest, m = q, m+1
					}
					if m > 0 {
						want = append(want, factorPart{g, m})
					}
				}
				F.sortFactors(want)
				for _, path := range []func(context.Context, poly, *rand.Rand) ([]factorPart, error){F.factorizeWords, F.factorizeGeneric} {
					got, err := path(ctx, f, seededRand(F.fingerprint(f)))
					if err != nil {
						t.Fatal(err)
					}
					if !slices.EqualFunc(got, want, func(a, b factorPart) bool { return a.mult == b.mult && polyEqual(a.f, b.f) }) {
						t.Fatalf("GF(%d): %v factors as %v, trial division gives %v", c.p, F.toWords(f), got, want)
					}
				}
			}
		}
	}
}

// TestFactorBSGSAgainstGeneric holds the baby-step giant-step
// distinct-degree factorization, forced on from degree 2, to the generic
// factorization on random polynomials with factors of many degrees.
func TestFactorBSGSAgainstGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	ctx := context.Background()
	primes := []uint64{2, 3, 7, 10007, 1<<61 - 1, 1<<63 - 25, 1<<64 - 59}
	for i := range 60 {
		p := primes[i%len(primes)]
		F := newGF(new(big.Int).SetUint64(p), 1, nil)
		f := poly{F.one()}
		for deg(f) < 20+i {
			f = F.pmul(f, randomPoly(rng, F, 1+rng.IntN(12)))
		}
		f = F.pmonic(f)
		w := newWordFactorer(p)
		w.bsgsFrom = 2
		fs, err := w.factor(ctx, F.toWords(f), seededRand(F.fingerprint(f)))
		if err != nil {
			t.Fatal(err)
		}
		got := make([]factorPart, len(fs))
		for j, g := range fs {
			got[j] = factorPart{fromWords(g.f), g.mult}
		}
		F.sortFactors(got)
		want, err := F.factorizeGeneric(ctx, f, seededRand(F.fingerprint(f)))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(got, want, func(a, b factorPart) bool { return a.mult == b.mult && polyEqual(a.f, b.f) }) {
			t.Fatalf("GF(%d), f = %v: baby-step giant-step %v, generic %v", p, F.toWords(f), got, want)
		}
	}
}

// TestIrreducibleComposedAgainstPowers holds the composed Rabin test to
// the one that steps x^(q^i) a powering at a time, on random polynomials
// of degree composeRabinFrom to 90 (mostly reducible), on their factors
// (irreducible) and on squares of irreducibles (x^(q^n) ≡ x fails).
func TestIrreducibleComposedAgainstPowers(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	ctx := context.Background()
	primes := []uint64{2, 3, 10007, 1<<61 - 1, 1<<64 - 59}
	checked, accepted := 0, 0
	for i := range 24 {
		p := primes[i%len(primes)]
		w := newWordFactorer(p)
		f := make([]uint64, composeRabinFrom+rng.IntN(60)+1)
		for j := range f {
			f[j] = rng.Uint64N(p)
		}
		f[len(f)-1] = 1
		candidates := [][]uint64{f}
		fs, err := w.factor(ctx, f, rand.New(rand.NewPCG(1, 1)))
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range fs {
			candidates = append(candidates, g.f)
			if len(g.f)-1 >= composeRabinFrom/2 {
				candidates = append(candidates, w.fld.Mul(g.f, g.f))
			}
		}
		for _, g := range candidates {
			if len(g)-1 < composeRabinFrom {
				continue
			}
			fast, err := w.irreducible(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			slow, err := w.irreducibleByPowers(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			if fast != slow {
				t.Fatalf("GF(%d), g = %v: composed %v, by powers %v", p, g, fast, slow)
			}
			checked++
			if fast {
				accepted++
			}
		}
	}
	t.Logf("%d polynomials, %d irreducible", checked, accepted)
	if accepted < 5 || checked-accepted < 5 {
		t.Fatalf("%d polynomials, %d irreducible: too few of one kind", checked, accepted)
	}
}

// TestFactorPreparedAgainstFrobenius holds the baby-step giant-step
// stage at the degrees where core/gfpoly reduces by prepared transforms
// (from 128 on: prepared Brent–Kung tables, baby steps composed with x^q,
// giant steps sharing gcds) to the word stage that steps x^(q^i) by the
// Frobenius matrix, the reference path below bsgsFrom, on seeded random
// products of factors of degree up to 150, over small primes, a prime with
// its own transform and a 61-bit one (three transform primes); and the
// composed Rabin test to the one that steps a powering at a time on
// random polynomials of degree 128 to 200, their factors of degree 128
// or more and the squares of those.
func TestFactorPreparedAgainstFrobenius(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	ctx := context.Background()
	primes := []uint64{3, 10007, 998244353, 1<<61 - 1, 1<<64 - 59}
	rabin := 0
	for i := range 12 {
		p := primes[i%len(primes)]
		F := newGF(new(big.Int).SetUint64(p), 1, nil)
		target := 200 + rng.IntN(250)
		f := poly{F.one()}
		for deg(f) < target {
			f = F.pmul(f, randomPoly(rng, F, 1+rng.IntN(150)))
		}
		fw := F.toWords(F.pmonic(f))
		fast, _ := factorWordsFrom(t, F, p, f, fw, 2)
		slow, _ := factorWordsFrom(t, F, p, f, fw, 1<<30)
		if !slices.EqualFunc(fast, slow, func(a, b wordPart) bool { return a.mult == b.mult && gfpoly.Equal(a.f, b.f) }) {
			t.Fatalf("GF(%d), degree %d: baby-step giant-step and Frobenius stepping differ", p, deg(f))
		}
		// The interval products by groups of three baby steps, which
		// groupSize takes only from about degree 1000.
		w := newWordFactorer(p)
		w.bsgsFrom, w.groups = 2, 3
		grouped, err := w.factor(ctx, fw, seededRand(F.fingerprint(f)))
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(grouped, func(a, b wordPart) int { return F.polyCompare(fromWords(a.f), fromWords(b.f)) })
		if !slices.EqualFunc(grouped, slow, func(a, b wordPart) bool { return a.mult == b.mult && gfpoly.Equal(a.f, b.f) }) {
			t.Fatalf("GF(%d), degree %d: grouped interval products and Frobenius stepping differ", p, deg(f))
		}
		// Rabin's test on a random polynomial of degree 128 to 200, its
		// factors in that range and their squares (over the 61-bit prime
		// once: stepping by powers costs 90 products a step there).
		if p > 1<<32 && i >= len(primes) {
			continue
		}
		w = newWordFactorer(p)
		r := make([]uint64, 129+rng.IntN(72))
		for j := range r {
			r[j] = rng.Uint64N(p)
		}
		r[len(r)-1] = 1
		candidates := [][]uint64{r}
		fs, err := w.factor(ctx, r, rand.New(rand.NewPCG(1, 1)))
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range fs {
			if len(g.f)-1 >= 128 {
				candidates = append(candidates, g.f, w.fld.Mul(g.f, g.f))
			}
		}
		for _, h := range candidates {
			composed, err := w.irreducible(ctx, h)
			if err != nil {
				t.Fatal(err)
			}
			byPowers, err := w.irreducibleByPowers(ctx, h)
			if err != nil {
				t.Fatal(err)
			}
			if composed != byPowers {
				t.Fatalf("GF(%d), degree %d: composed Rabin %v, by powers %v", p, len(h)-1, composed, byPowers)
			}
			if composed {
				rabin++
			}
		}
	}
	if rabin < 2 {
		t.Fatalf("only %d irreducible polynomials among the Rabin comparisons at the prepared degrees", rabin)
	}
}

// TestFactorBSGSRebuild holds ddfBSGS through a move to a smaller
// modulus that only rebuildPays asks for (what is left shrinks by less
// than a third) to Frobenius stepping: 100 linear factors, found at the
// first giant step, times a random polynomial of degree 1000, so that
// the rest of the stage runs modulo a divisor of degree about 1000,
// where a product takes transforms of 2048 and 1024 words instead of the
// split quotient's at 1100. And rebuildPays itself at degree 10,000
// over GF(2^64 − 59), on the drops of issue 14's measurement.
func TestFactorBSGSRebuild(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 4))
	for _, p := range []uint64{10007, 1<<64 - 59} {
		F := newGF(new(big.Int).SetUint64(p), 1, nil)
		f := randomPoly(rng, F, 1000)
		f = F.pmonic(f)
		for c := range int64(100) {
			f = F.pmul(f, poly{F.neg(F.fromInt(big.NewInt(c + 1))), F.one()})
		}
		fw := F.toWords(f)
		fast, rebuilds := factorWordsFrom(t, F, p, f, fw, 2)
		if rebuilds == 0 {
			t.Fatalf("GF(%d): ddfBSGS kept its first modulus", p)
		}
		slow, _ := factorWordsFrom(t, F, p, f, fw, 1<<30)
		if !slices.EqualFunc(fast, slow, func(a, b wordPart) bool { return a.mult == b.mult && gfpoly.Equal(a.f, b.f) }) {
			t.Fatalf("GF(%d): baby-step giant-step with a rebuilt modulus and Frobenius stepping differ", p)
		}
	}
	w := newWordFactorer(1<<64 - 59)
	if !w.rebuildPays(10_000, 8112, 71, 19) {
		t.Error("10,000 to 8112 with 19 giant steps left: no rebuild")
	}
	if w.rebuildPays(10_000, 9897, 71, 40) {
		t.Error("10,000 to 9897: a rebuild that saves only the word products")
	}
}

// TestCheckFactorizationRejectsReducible hands the postcondition
// factorizations whose product is right but one of whose factors is
// x + 1 times something, so reducible, at total degrees on either side of
// composeParallelFrom (the irreducibility tests in turn and on two
// goroutines): each must be refused as reducible.
func TestCheckFactorizationRejectsReducible(t *testing.T) {
	F := newGF(big.NewInt(10007), 1, nil)
	rng := rand.New(rand.NewPCG(31, 14))
	op := factorizationOperation()
	for _, degs := range [][2]int{{20, 30}, {500, 600}} {
		monic := func(n int) poly { return F.pmonic(randomPoly(rng, F, n)) }
		other := monic(degs[0])
		bad := F.pmul(poly{F.one(), F.one()}, monic(degs[1]-1)) // (x + 1)·s
		f := F.pmul(other, bad)
		req := PolynomialRequest{Field: F.toField(), Polynomial: F.toPoly(f, "")}
		res := FactorizationResult{Unit: F.toElement(F.one()), CharacteristicPrimality: "proven"}
		for _, g := range []poly{other, bad} {
			res.Factors = append(res.Factors, PolynomialFactor{Factor: F.toRendered(g, "x", generatorName(req.Field, "x")), Multiplicity: 1})
		}
		err := op.Postcondition(context.Background(), req, res)
		if err == nil || !strings.Contains(err.Error(), "reducible") {
			t.Errorf("degrees %v: postcondition gives %v, want a reducible factor", degs, err)
		}
	}
}

// TestFactorWorkLimits pins the degrees the work limit admits, the figures
// factorWork's comment and the declared limit give: MaxFactorDegree for
// every prime below 2^64, those of 55 bits and more with three transform
// primes a prepared product included, and 796 for the least prime past
// them, off machine words.
func TestFactorWorkLimits(t *testing.T) {
	for _, c := range []struct {
		p    string
		want int
	}{
		{"65521", 10_000},
		{"2147483647", 10_000},           // 2^31 − 1
		{"4294967291", 10_000},           // 2^32 − 5
		{"18014398509481951", 10_000},    // 2^54 − 33
		{"36028797018963913", 10_000},    // 2^55 − 55
		{"72057594037927931", 10_000},    // 2^56 − 5
		{"2305843009213693951", 10_000},  // 2^61 − 1
		{"4611686018427387847", 10_000},  // 2^62 − 57
		{"4611686018427388039", 10_000},  // 2^62 + 135, the least wide prime
		{"9223372036854775783", 10_000},  // 2^63 − 25
		{"18446744073709551557", 10_000}, // 2^64 − 59
		{"18446744073709551629", 796},    // 2^64 + 13, off machine words
	} {
		p, _ := new(big.Int).SetString(c.p, 10)
		if !p.ProbablyPrime(20) {
			t.Fatalf("%s is not prime", c.p)
		}
		F := newGF(p, 1, nil)
		n := 1
		for n < MaxFactorDegree && factorWork(n+1, F) <= MaxFactorWork {
			n++
		}
		if n != c.want {
			t.Errorf("p = %s: degree %d admitted, want %d", c.p, n, c.want)
		}
	}
}

// TestRabinWalk holds rabinWalk, Rabin's test by one composition table at
// H_e, to irreducibleByPowers: at degrees with two or more prime divisors
// on seeded random irreducibles (found by the reference), on products of
// two distinct irreducibles of degree n/2, which pass x^(q^n) ≡ x and fail
// only the gcd at n/2, and of degrees n/3 and 2n/3, which fail the gcd
// at n/3, and on random monic polynomials; at prime powers and a prime
// on an irreducible, a product with a factor of degree n/r and random
// ones; from every divisor e of n/∏r.
func TestRabinWalk(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(67, 68))
	chains := 0
	defer func() {
		if chains == 0 {
			t.Error("no walk reached H_e by a chain of walks: walkPlan's chains went untested")
		}
	}()
	for _, p := range []uint64{3, 10007, 1<<61 - 1} {
		w := newWordFactorer(p)
		irreducible := func(d int) []uint64 {
			for {
				g := randomMonic(rng, p, d)
				if ok, err := w.irreducibleByPowers(ctx, g); err != nil {
					t.Fatal(err)
				} else if ok {
					return g
				}
			}
		}
		for _, n := range []int{6, 12, 18, 30, 36, 8, 9, 25, 13} {
			var cases [][]uint64
			if n%6 == 0 {
				a, b := irreducible(n/2), irreducible(n/2)
				for gfpoly.Equal(a, b) {
					b = irreducible(n / 2)
				}
				cases = [][]uint64{irreducible(n), w.fld.Mul(a, b), w.fld.Mul(irreducible(n/3), irreducible(2*n/3)), randomMonic(rng, p, n)}
			} else {
				// A prime power or a prime: the second case splits off
				// a factor of degree n/r (n − 1 and 1 for a prime).
				r := primeDivisors(n)[0]
				split := w.fld.Mul(irreducible(n/r), irreducible(n-n/r))
				if n == r {
					split = w.fld.Mul(irreducible(n-1), irreducible(1))
				}
				cases = [][]uint64{irreducible(n), split, split, randomMonic(rng, p, n)}
			}
			for k, g := range cases {
				rs := primeDivisors(n)
				md := w.fld.NewModulus(g)
				x1, err := w.fld.PowModByContext(ctx, []uint64{0, 1}, w.q, md)
				if err != nil {
					t.Fatal(err)
				}
				want, err := w.irreducibleByPowers(ctx, g)
				if err != nil {
					t.Fatal(err)
				}
				if (k == 0) != want && k < 3 {
					t.Fatalf("GF(%d), degree %d, case %d: by powers %v", p, n, k, want)
				}
				// From every divisor e of n/∏r, by the bit pass or a
				// chain of walks to H_e (walkPlan).
				for e := 1; e <= n/radical(rs); e++ {
					if n%(e*radical(rs)) != 0 {
						continue
					}
					if _, chain := walkPlan(n, e); chain != nil {
						chains++
					}
					walk, err := w.rabinWalk(ctx, md, x1, e, rs)
					if err != nil {
						t.Fatal(err)
					}
					if walk != want {
						t.Fatalf("GF(%d), degree %d, case %d, walk from H_%d: %v, by powers %v", p, n, k, e, walk, want)
					}
				}
			}
		}
	}
}

// factorWordsFrom factors fw, the words of f over F = GF(p), with the
// baby-step giant-step stage from degree from, and returns the factors in
// F's order and the number of times the stage changed its modulus.
func factorWordsFrom(t *testing.T, F *gf, p uint64, f poly, fw []uint64, from int) ([]wordPart, int) {
	t.Helper()
	w := newWordFactorer(p)
	w.bsgsFrom = from
	fs, err := w.factor(context.Background(), fw, seededRand(F.fingerprint(f)))
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(fs, func(a, b wordPart) int { return F.polyCompare(fromWords(a.f), fromWords(b.f)) })
	return fs, w.rebuilds
}

// TestIntervalGroups holds the interval product by groups of baby steps
// (intervalGroups) to the product of the differences H − h_j
// (intervalProduct) on seeded random residues, for group sizes from 2 to
// all l baby steps in one group, over a small prime, one with its own
// transform and 61- and 64-bit primes (three transform primes), at
// degrees below and above gfpoly's prepared transforms and where the
// quotient splits; and again after rebase to a divisor of the modulus.
func TestIntervalGroups(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 10))
	for _, p := range []uint64{10007, 998244353, 1<<61 - 1, 1<<64 - 59} {
		fl := gfpoly.NewField(p)
		random := func(n int) []uint64 {
			a := make([]uint64, n)
			for i := range a {
				a[i] = rng.Uint64N(p)
			}
			return fl.Normalize(a)
		}
		for _, n := range []int{20, 100, 300, 600} {
			half := random(n/2 + 1)
			half[n/2] = 1
			rest := random(n - n/2 + 1)
			rest[n-n/2] = 1
			g := fl.Mul(half, rest)
			md := fl.NewModulus(g)
			l := 3 + rng.IntN(20)
			baby := make([]*gfpoly.Multiplier, l)
			for j := range baby {
				baby[j] = fl.NewMultiplier(random(n), md)
			}
			for _, s := range []int{2, 3, 5, l} {
				ig := newIntervalGroups(fl, md, baby, s)
				byH := fl.NewMultiplier(random(n), md)
				for _, two := range []bool{false, true} {
					want := intervalProduct(fl, md, byH, baby, two)
					if got := ig.product(fl, md, byH, two); !gfpoly.Equal(got, want) {
						t.Fatalf("p = %d, n = %d, l = %d, s = %d: groups differ from the differences", p, n, l, s)
					}
				}
				// Modulo the divisor half: the groups rebased, the
				// baby steps reduced and prepared again.
				mh := fl.NewModulus(half)
				ig.rebase(fl, mh)
				bh := make([]*gfpoly.Multiplier, l)
				for j := range bh {
					bh[j] = fl.NewMultiplier(baby[j].Residue(), mh)
				}
				byHh := fl.NewMultiplier(byH.Residue(), mh)
				if got, want := ig.product(fl, mh, byHh, false), intervalProduct(fl, mh, byHh, bh, false); !gfpoly.Equal(got, want) {
					t.Fatalf("p = %d, n = %d, l = %d, s = %d: rebased groups differ from the differences", p, n, l, s)
				}
			}
		}
	}
}

// conjugatesByPowers is conjugateFold's reference: the d conjugates of a
// modulo g, each the q-th power of the last, multiplied (or summed).
func conjugatesByPowers(t *testing.T, w *wordFactorer, g, a []uint64, d int, sum bool) []uint64 {
	t.Helper()
	fl := w.fld
	c, acc := a, a
	for range d - 1 {
		var err error
		if c, err = fl.PowModContext(context.Background(), c, w.q, g); err != nil {
			t.Fatal(err)
		}
		if sum {
			acc = fl.Add(acc, c)
		} else {
			acc = fl.MulMod(acc, c, g)
		}
	}
	return acc
}

// TestConjugateFold holds the fold of the conjugates by compositions
// (conjugateFold) to the one by powers on seeded random residues modulo
// random monic polynomials, reducible or not (the Frobenius map is a ring
// endomorphism of GF(p)[x]/(g) either way), for products and traces,
// over GF(2), a small prime, and 61- and 64-bit primes, with d of one to
// seven bits, set and unset.
func TestConjugateFold(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(70, 71))
	for _, p := range []uint64{2, 3, 10007, 1<<61 - 1, 1<<64 - 59} {
		w := newWordFactorer(p)
		for _, n := range []int{5, 40, 70} {
			g := randomMonic(rng, p, n)
			md := w.fld.NewModulus(g)
			for _, d := range []int{1, 2, 3, 5, 8, 13, 64, 100} {
				a := make([]uint64, n)
				for i := range a {
					a[i] = rng.Uint64N(p)
				}
				a = w.fld.Normalize(a)
				for _, sum := range []bool{false, true} {
					got, err := w.conjugateFold(ctx, md, a, d, sum)
					if err != nil {
						t.Fatal(err)
					}
					if want := conjugatesByPowers(t, w, g, a, d, sum); !gfpoly.Equal(w.fld.Normalize(got), w.fld.Normalize(want)) {
						t.Fatalf("GF(%d), degree %d, d = %d, sum %v: fold by compositions differs from the powers'", p, n, d, sum)
					}
				}
			}
		}
	}
}

// TestEDFComposed splits products of three distinct irreducibles of
// degree composeConjugatesFrom and more: over GF(2) seeded random ones
// found by the reference Rabin test; over GF(10009) and GF(2^64 − 59),
// both ≡ 1 (mod 4), the shifts (x + c)^d − a of x^d − a for d a power of
// 2 and a a non-square, irreducible by Lidl and Niederreiter, Finite
// Fields, Theorem 3.75. The equal-degree stage by compositions must give
// back exactly the three.
func TestEDFComposed(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(72, 73))
	for _, p := range []uint64{2, 10009, 1<<64 - 59} {
		w := newWordFactorer(p)
		fl := w.fld
		nonSquare := uint64(2)
		for p > 2 && new(big.Int).Exp(new(big.Int).SetUint64(nonSquare), new(big.Int).SetUint64((p-1)/2), new(big.Int).SetUint64(p)).Uint64() != p-1 {
			nonSquare++
		}
		for _, d := range []int{composeConjugatesFrom, 128} {
			var fs [][]uint64
			for c := uint64(1); len(fs) < 3; c++ {
				var g []uint64
				if p == 2 {
					g = randomMonic(rng, p, d)
					if ok, err := w.irreducibleByPowers(ctx, g); err != nil {
						t.Fatal(err)
					} else if !ok || slices.ContainsFunc(fs, func(f []uint64) bool { return gfpoly.Equal(f, g) }) {
						continue
					}
				} else {
					// (x + c)^d − a by Horner's rule on x^d − a.
					g = []uint64{1}
					for range d {
						g = fl.Mul(g, []uint64{c, 1})
					}
					g[0] = (g[0] + p - nonSquare) % p
				}
				fs = append(fs, g)
			}
			got, err := w.edf(ctx, rand.New(rand.NewPCG(uint64(d), p)), fl.Mul(fl.Mul(fs[0], fs[1]), fs[2]), d)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 3 {
				t.Fatalf("GF(%d), d = %d: %d factors, want 3", p, d, len(got))
			}
			for _, f := range fs {
				if !slices.ContainsFunc(got, func(g []uint64) bool { return gfpoly.Equal(f, g) }) {
					t.Fatalf("GF(%d), d = %d: a factor is missing from the split", p, d)
				}
			}
		}
	}
}
