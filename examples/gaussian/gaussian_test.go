package gaussian

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

func newRuntime(t testing.TB) *core.Runtime {
	t.Helper()
	reg, err := core.NewRegistryWith(Register)
	if err != nil {
		t.Fatal(err)
	}
	return core.NewRuntime(reg, core.RuntimeOptions{Slots: 2})
}

func run(rt *core.Runtime, id, payload string) core.Outcome {
	return rt.Run(context.Background(), core.RunRequest{CapabilityID: id, Payload: json.RawMessage(payload)})
}

func g(re, im int64) gint { return newGint(re, im) }

// referenceGCD is the plain Euclidean algorithm with the rounding quotient,
// without Bézout coefficients.
func referenceGCD(a, b gint) gint {
	for !b.isZero() {
		a, b = b, sub(a, mul(quoRound(a, b), b))
	}
	c, _ := canonical(a)
	return c
}

// TestGCDBruteForce compares the gcd with the common divisor of largest
// norm found by trying every Gaussian integer of small norm, for all pairs
// with parts in [−4, 4].
func TestGCDBruteForce(t *testing.T) {
	const r = 4
	divides := func(d, z gint) bool { _, ok := divExact(z, d); return ok }
	for a0 := -r; a0 <= r; a0++ {
		for a1 := -r; a1 <= r; a1++ {
			for b0 := -r; b0 <= r; b0++ {
				for b1 := -r; b1 <= r; b1++ {
					a, b := g(int64(a0), int64(a1)), g(int64(b0), int64(b1))
					got, x, y, err := extendedGCD(context.Background(), a, b)
					if err != nil {
						t.Fatal(err)
					}
					if a.isZero() && b.isZero() {
						if !got.isZero() {
							t.Fatalf("gcd(0, 0) = %v", got)
						}
						continue
					}
					// The gcd's norm is at most min(N(a), N(b)) over the nonzero ones: 2r².
					best := int64(0)
					for d0 := int64(0); d0 <= 2*r; d0++ {
						for d1 := int64(0); d1 <= 2*r; d1++ {
							d := g(d0, d1)
							if d.isZero() || !divides(d, a) || !divides(d, b) {
								continue
							}
							best = max(best, d.norm().Int64())
						}
					}
					if got.norm().Int64() != best || !isCanonical(got) {
						t.Fatalf("gcd(%v, %v) = %v; the largest common divisor has norm %d", a, b, got, best)
					}
					if !add(mul(a, x), mul(b, y)).equal(got) {
						t.Fatalf("gcd(%v, %v): Bézout coefficients %v, %v do not give %v", a, b, x, y, got)
					}
				}
			}
		}
	}
}

// TestGCDIdentities checks gcd(ka, kb) = k̂·gcd(a, b) with k̂ the canonical
// associate of k times a unit, that the gcd agrees with referenceGCD, and
// that N is multiplicative, on random operands.
func TestGCDIdentities(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	ctx := context.Background()
	for i := 0; i < 300; i++ {
		a, b, k := randomGint(rng, 200), randomGint(rng, 200), randomGint(rng, 100)
		gab, _, _, err := extendedGCD(ctx, a, b)
		if err != nil {
			t.Fatal(err)
		}
		if ref := referenceGCD(a, b); !ref.equal(gab) {
			t.Fatalf("gcd(%v, %v) = %v, reference %v", a, b, gab, ref)
		}
		gk, _, _, _ := extendedGCD(ctx, mul(k, a), mul(k, b))
		want, _ := canonical(mul(k, gab))
		if !gk.equal(want) {
			t.Fatalf("gcd(ka, kb) = %v, want the associate of k·gcd(a, b) = %v", gk, want)
		}
		if n := mul(a, b).norm(); n.Cmp(new(big.Int).Mul(a.norm(), b.norm())) != 0 {
			t.Fatalf("N(ab) ≠ N(a)N(b) for %v, %v", a, b)
		}
	}
}

// referenceFactor factors z ≠ 0 by trial division with every Gaussian
// integer in the first quadrant, smallest norm (then real part) first: the
// first non-unit divisor found is always prime.
func referenceFactor(z gint) (gint, []GaussianFactor) {
	var out []GaussianFactor
	w := z
	n := w.norm().Int64()
	var cands []gint
	for a := int64(1); a*a <= n; a++ {
		for b := int64(0); a*a+b*b <= n; b++ {
			if a*a+b*b > 1 {
				cands = append(cands, g(a, b))
			}
		}
	}
	slices.SortFunc(cands, func(x, y gint) int {
		if c := x.norm().Cmp(y.norm()); c != 0 {
			return c
		}
		return x.re.Cmp(y.re)
	})
	for _, d := range cands {
		e := 0
		for {
			q, ok := divExact(w, d)
			if !ok {
				break
			}
			w, e = q, e+1
		}
		if e > 0 {
			out = append(out, GaussianFactor{Prime: d.wire(), Exponent: e, Norm: core.Int(d.norm()), Primality: Proven})
		}
		if isUnit(w) {
			break
		}
	}
	return w, out
}

// TestFactorBruteForce compares the factorization with referenceFactor for
// every z with parts in [−16, 16].
func TestFactorBruteForce(t *testing.T) {
	const r = 16
	for a := int64(-r); a <= r; a++ {
		for b := int64(-r); b <= r; b++ {
			z := g(a, b)
			if z.isZero() {
				continue
			}
			got, err := factorGaussian(context.Background(), z, DefaultFactorIterations)
			if err != nil {
				t.Fatal(err)
			}
			unit, want := referenceFactor(z)
			if want == nil {
				want = []GaussianFactor{}
			}
			if !reflect.DeepEqual(wireJSON(t, got.Factors), wireJSON(t, want)) || !fromWire(got.Unit).equal(unit) || got.Status != Complete {
				t.Fatalf("factor(%v) = %s·%s, reference %v·%s", z, wireJSON(t, got.Unit), wireJSON(t, got.Factors), unit, wireJSON(t, want))
			}
			if err := checkFactorization(context.Background(), FactorRequest{Z: z.wire()}, got); err != nil {
				t.Fatalf("factor(%v): %v", z, err)
			}
		}
	}
}

func wireJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPostconditionsReject feeds wrong results to the postconditions.
func TestPostconditionsReject(t *testing.T) {
	five := g(5, 0).wire()
	cases := []struct {
		name string
		err  error
	}{
		{"norm off by one", checkNorm(context.Background(), NormRequest{g(3, 4).wire()}, NormResult{core.Int64(26)})},
		{"norm of nonzero is 0", checkNorm(context.Background(), NormRequest{g(0, 1).wire()}, NormResult{core.Int64(0)})},
		{"gcd not canonical", checkGCD(context.Background(), GCDRequest{g(0, 2).wire(), g(0, 0).wire()}, GCDResult{GCD: g(0, 2).wire(), x: g(-1, 0), y: g(0, 0)})},
		{"gcd does not divide", checkGCD(context.Background(), GCDRequest{g(5, 0).wire(), g(3, 0).wire()}, GCDResult{GCD: g(2, 1).wire(), x: g(0, 0), y: g(0, 0)})},
		{"common divisor without certificate", checkGCD(context.Background(), GCDRequest{g(10, 0).wire(), g(0, 5).wire()}, GCDResult{GCD: g(2, 1).wire(), x: g(1, 0), y: g(0, 0)})},
		{"factor product wrong", checkFactorization(context.Background(), FactorRequest{Z: five}, FactorResult{Unit: g(1, 0).wire(), Factors: []GaussianFactor{{g(1, 2).wire(), 1, core.Int64(5), Proven}, {g(2, 1).wire(), 1, core.Int64(5), Proven}}, Status: Complete})},
		{"composite factor", checkFactorization(context.Background(), FactorRequest{Z: five}, FactorResult{Unit: g(1, 0).wire(), Factors: []GaussianFactor{{five, 1, core.Int64(25), Proven}}, Status: Complete})},
		{"factors out of order", checkFactorization(context.Background(), FactorRequest{Z: five}, FactorResult{Unit: g(0, -1).wire(), Factors: []GaussianFactor{{g(2, 1).wire(), 1, core.Int64(5), Proven}, {g(1, 2).wire(), 1, core.Int64(5), Proven}}, Status: Complete})},
		{"incomplete with a prime left", checkFactorization(context.Background(), FactorRequest{Z: five}, FactorResult{Unit: g(1, 0).wire(), Factors: []GaussianFactor{{g(1, 2).wire(), 1, core.Int64(5), Proven}}, Status: Incomplete, Unfactored: ptr(g(2, -1).wire())})},
	}
	for _, c := range cases {
		if c.err == nil {
			t.Errorf("%s: the postcondition accepted a wrong result", c.name)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestPARIReference compares norms, gcds and factorizations with PARI/GP.
// testdata/reference.txt is the output of testdata/reference.gp
// (PARI/GP 2.15): one case a line, tagged N (norm), G (gcd) or F
// (factorization).
func TestPARIReference(t *testing.T) {
	tables := readReference(t)
	ctx := context.Background()
	pair := func(ints []*big.Int, i int) gint { return gint{ints[i], ints[i+1]} }
	for _, c := range conformance.AtLeast(t, "N", 50, tables["N"]) {
		if got := pair(c, 0).norm(); got.Cmp(c[2]) != 0 {
			t.Errorf("N%v = %v, PARI %v", pair(c, 0), got, c[2])
		}
	}
	for _, c := range conformance.AtLeast(t, "G", 30, tables["G"]) {
		got, _, _, err := extendedGCD(ctx, pair(c, 0), pair(c, 2))
		if err != nil || !got.equal(pair(c, 4)) {
			t.Errorf("gcd(%v, %v) = %v (%v), PARI %v", pair(c, 0), pair(c, 2), got, err, pair(c, 4))
		}
	}
	for _, c := range conformance.AtLeast(t, "F", 50, tables["F"]) {
		z := pair(c, 0)
		res, err := factorGaussian(ctx, z, DefaultFactorIterations)
		if err != nil {
			t.Fatal(err)
		}
		want := []GaussianFactor{}
		for i := 4; i+2 < len(c); i += 3 {
			pi := pair(c, i)
			want = append(want, GaussianFactor{pi.wire(), int(c[i+2].Int64()), core.Int(pi.norm()), Proven})
		}
		slices.SortFunc(want, compareFactors)
		if res.Status != Complete || !fromWire(res.Unit).equal(pair(c, 2)) || wireJSON(t, res.Factors) != wireJSON(t, want) {
			t.Errorf("factor(%v) = %s·%s, PARI %v·%s", z, wireJSON(t, res.Unit), wireJSON(t, res.Factors), pair(c, 2), wireJSON(t, want))
		}
	}
}

// readReference reads testdata/reference.txt into its tables, by tag.
func readReference(t *testing.T) map[string][][]*big.Int {
	t.Helper()
	f, err := os.Open("testdata/reference.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tables := map[string][][]*big.Int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			continue
		}
		if !slices.Contains([]string{"N", "G", "F"}, fs[0]) {
			t.Fatalf("line %q has an unknown tag", sc.Text())
		}
		ints := make([]*big.Int, len(fs)-1)
		for i, s := range fs[1:] {
			var ok bool
			if ints[i], ok = new(big.Int).SetString(s, 10); !ok {
				t.Fatalf("bad line %q", sc.Text())
			}
		}
		tables[fs[0]] = append(tables[fs[0]], ints)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return tables
}

// TestExamples runs every declared example through the runtime.
func TestExamples(t *testing.T) {
	rt := newRuntime(t)
	for _, d := range rt.Registry().Declarations() {
		for _, ex := range d.Examples {
			o := run(rt, d.ID, string(ex.Payload))
			if o.Outcome != core.OutcomeCompleted {
				t.Errorf("%s %s: %v", d.ID, ex.Title, o)
				continue
			}
			var got, want any
			_ = json.Unmarshal(o.Value, &got)
			_ = json.Unmarshal(ex.Result, &want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s:\n got  %s\n want %s", d.ID, ex.Title, o.Value, ex.Result)
			}
		}
	}
}

// TestRefusals covers the domain errors and refusals at the limits.
func TestRefusals(t *testing.T) {
	rt := newRuntime(t)
	cases := []struct {
		id, payload, want string
	}{
		{"gaussian.factorization.compute", `{"z":{"re":"0","im":"0"}}`, string(core.DomainError)},
		{"gaussian.factorization.compute", `{"z":{"re":"1","im":"1"},"max_iterations":-1}`, string(core.DomainError)},
		{"gaussian.factorization.compute", fmt.Sprintf(`{"z":{"re":"1","im":"%s"}}`, "1"+strings.Repeat("0", MaxFactorDigits)), string(core.ResourceRefused)},
		{"gaussian.gcd.compute", `{"left":{"re":3,"im":"0"},"right":{"re":"1","im":"0"}}`, string(core.InvalidPayload)},
		{"gaussian.norm.compute", `{"z":{"re":"1","im":"0","k":"2"}}`, string(core.UnknownField)},
	}
	for _, c := range cases {
		o := run(rt, c.id, c.payload)
		if string(o.Code) != c.want && string(o.Reason) != c.want {
			t.Errorf("%s %s: got %v, want %s", c.id, c.payload, o, c.want)
		}
	}
	// Exactly MaxFactorDigits digits is within the limit.
	o := run(rt, "gaussian.factorization.compute", fmt.Sprintf(`{"z":{"re":"%s","im":"0"},"max_iterations":1000}`, strings.Repeat("9", MaxFactorDigits)))
	if o.Outcome != core.OutcomeCompleted {
		t.Errorf("a %d-digit part was not accepted: %v", MaxFactorDigits, o)
	}
}

// FuzzPayloads runs arbitrary payloads through each operation: bad input
// must fail cleanly, never as an internal error or a withheld result.
func FuzzPayloads(f *testing.F) {
	f.Add(0, `{"z":{"re":"3","im":"4"}}`)
	f.Add(1, `{"left":{"re":"11","im":"3"},"right":{"re":"1","im":"8"}}`)
	f.Add(2, `{"z":{"re":"-7","im":"0"},"max_iterations":5}`)
	f.Add(2, `{"z":{"re":"1","im":"-0"}}`)
	rt := newRuntime(f)
	ids := []string{"gaussian.norm.compute", "gaussian.gcd.compute", "gaussian.factorization.compute"}
	f.Fuzz(func(t *testing.T, which int, payload string) {
		id := ids[(which%3+3)%3]
		o := run(rt, id, payload)
		if o.Code == core.InternalError || o.Code == core.PostconditionFailed {
			t.Fatalf("%s %q: %v", id, payload, o)
		}
	})
}

func BenchmarkNorm(b *testing.B) {
	for _, digits := range []int{100, 10_000} {
		b.Run("digits="+strconv.Itoa(digits), func(b *testing.B) {
			z := decimalGint(digits)
			for b.Loop() {
				z.norm()
			}
		})
	}
}

func BenchmarkGCD(b *testing.B) {
	for _, digits := range []int{20, 200, 2_000} {
		b.Run("digits="+strconv.Itoa(digits), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, uint64(digits)))
			bits := digits * 10 / 3
			x, y := randomGint(rng, bits), randomGint(rng, bits)
			for b.Loop() {
				if _, _, _, err := extendedGCD(context.Background(), x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkFactorization(b *testing.B) {
	// Products of two split primes, so the norm is a semiprime and rho does
	// the work: p, q ≈ 10^(digits/2) with p ≡ q ≡ 1 mod 4.
	for _, digits := range []int{12, 16, 20} {
		b.Run("norm_digits="+strconv.Itoa(digits), func(b *testing.B) {
			ctx := context.Background()
			half := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits/2)), nil)
			p := nextPrime1Mod4(half)
			q := nextPrime1Mod4(new(big.Int).Add(p, half))
			pi, _ := splitPrime(ctx, p)
			rho, _ := splitPrime(ctx, q)
			z := mul(pi, rho)
			for b.Loop() {
				if _, err := factorGaussian(ctx, z, MaxFactorIterations); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func nextPrime1Mod4(x *big.Int) *big.Int {
	p := new(big.Int).Add(x, big.NewInt(1))
	for p.Bit(0) == 0 || p.Bit(1) == 1 || !p.ProbablyPrime(20) {
		p.Add(p, big.NewInt(1))
	}
	return p
}

func decimalGint(digits int) gint {
	re, _ := new(big.Int).SetString(strings.Repeat("7", digits), 10)
	im, _ := new(big.Int).SetString(strings.Repeat("3", digits), 10)
	return gint{re, im}
}
