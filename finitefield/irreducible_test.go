package finitefield

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"testing"

	"jacobian.dev/core"
)

const irreducibleID = "finite_field.irreducible_polynomial.compute"

// TestPariIrreduciblePolynomial checks the operation against
// testdata/pari_irreducible.json, written by
// testdata/gen_pari_irreducible.py from PARI/GP 2.15.2 (the first
// candidate in the canonical order that polisirreducible, and fforder for
// the primitive ones, accept; factor(p^n − 1)).
func TestPariIrreduciblePolynomial(t *testing.T) {
	cases := pariReference[struct {
		Request            json.RawMessage `json:"request"`
		Coefficients       []string        `json:"coefficients"`
		GroupFactorization []PrimePower    `json:"group_factorization"`
	}](t, "pari_irreducible.json", "irreducible_polynomial", 50)
	rt := newRuntime(t)
	for i, c := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, irreducibleID, string(c.Request))
			completed(t, o)
			var r IrreduciblePolynomialResult
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			if got, want := mustJSON(r.Polynomial.Coefficients), mustJSON(c.Coefficients); got != want {
				t.Errorf("%s: %s, PARI/GP %s", c.Request, got, want)
			}
			// An empty factorization (p^n − 1 = 1) is omitted from the result.
			if len(r.GroupFactorization) == 0 && len(c.GroupFactorization) == 0 {
				return
			}
			if got, want := mustJSON(r.GroupFactorization), mustJSON(c.GroupFactorization); got != want {
				t.Errorf("%s: group factorization %s, PARI/GP %s", c.Request, got, want)
			}
		})
	}
}

// TestLeastIrreducibleBruteForce holds the search to the definition on
// small fields: over GF(2) to degree 10 and GF(3) to degree 6, the result
// is the first polynomial in the canonical order that trial division by
// every monic polynomial of degree 1 to n/2 does not divide (and, for the
// primitive one, whose root has order p^n − 1 by repeated multiplication).
func TestLeastIrreducibleBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		p      uint64
		maxDeg int
	}{{2, 10}, {3, 6}, {5, 4}} {
		w := newWordFactorer(c.p)
		fl := w.fld
		for n := 1; n <= c.maxDeg; n++ {
			var want, wantPrim []uint64
			for f := range monicWords(c.p, n) {
				if !irreducibleByTrialDivision(fl, c.p, f) {
					continue
				}
				if want == nil {
					want = slices.Clone(f)
				}
				if wantPrim == nil && orderOfX(fl, f) == pow(c.p, n)-1 {
					wantPrim = slices.Clone(f)
				}
				if wantPrim != nil {
					break
				}
			}
			got, err := leastIrreducible(ctx, c.p, n, nil)
			if err != nil {
				t.Fatal(err)
			}
			qm1 := new(big.Int).SetUint64(pow(c.p, n) - 1)
			fs, err := provenFactorization(ctx, qm1)
			if err != nil {
				t.Fatal(err)
			}
			gotPrim, err := leastIrreducible(ctx, c.p, n, fs)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) || !slices.Equal(gotPrim, wantPrim) {
				t.Fatalf("GF(%d), degree %d: %v and primitive %v, brute force %v and %v", c.p, n, got, gotPrim, want, wantPrim)
			}
		}
	}
}

func pow(p uint64, n int) uint64 {
	r := uint64(1)
	for range n {
		r *= p
	}
	return r
}

// monicWords yields the monic polynomials of degree n over GF(p) in
// ascending integer encoding (the yielded slice is reused).
func monicWords(p uint64, n int) func(func([]uint64) bool) {
	return func(yield func([]uint64) bool) {
		f := make([]uint64, n+1)
		f[n] = 1
		for {
			if !yield(f) {
				return
			}
			i := 0
			for ; i < n && f[i] == p-1; i++ {
				f[i] = 0
			}
			if i == n {
				return
			}
			f[i]++
		}
	}
}

func irreducibleByTrialDivision(fl interface {
	Rem(a, b []uint64) []uint64
}, p uint64, f []uint64) bool {
	n := len(f) - 1
	for d := 1; 2*d <= n; d++ {
		for g := range monicWords(p, d) {
			if len(fl.Rem(f, g)) == 0 {
				return false
			}
		}
	}
	return true
}

// orderOfX is the multiplicative order of x modulo f (0 when x ≡ 0), by
// repeated multiplication.
func orderOfX(fl interface {
	MulMod(a, b, m []uint64) []uint64
	Rem(a, b []uint64) []uint64
}, f []uint64) uint64 {
	x := fl.Rem([]uint64{0, 1}, f)
	if len(x) == 0 {
		return 0
	}
	h := x
	for k := uint64(1); ; k++ {
		if len(h) == 1 && h[0] == 1 {
			return k
		}
		h = fl.MulMod(h, x, f)
	}
}

// TestIrreducibleRefusals checks the limits' messages name what to change.
func TestIrreducibleRefusals(t *testing.T) {
	rt := newRuntime(t)
	o := run(t, rt, irreducibleID, `{"characteristic":"2","degree":81,"primitive":true}`)
	if o.Outcome != core.OutcomeNonConclusion || o.Reason != core.ResourceRefused {
		t.Fatalf("primitive of degree 81 over GF(2): %s", o)
	}
	o = run(t, rt, irreducibleID, `{"characteristic":"2","degree":81}`)
	completed(t, o)
}
