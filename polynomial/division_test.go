package polynomial

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"testing"

	"jacobian.dev/conformance"
)

// TestPseudoDivideAgainstEuclid checks the pseudo-division against the
// Euclidean division over Q scaled by lc^k, and against zprem.
func TestPseudoDivideAgainstEuclid(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 7))
	for trial := range 300 {
		a, b := randomZ(rng, rng.IntN(20), 50), randomZ(rng, rng.IntN(10), 50)
		if len(b) == 0 {
			continue
		}
		q, r, m, err := pseudoDivide(bg, a, b)
		if err != nil {
			t.Fatal(err)
		}
		eq, er, _ := qdivrem(bg, toQ(a), toQ(b))
		mr := new(big.Rat).SetInt(m)
		if !toQ(q).equal(qscale(eq, mr)) || !toQ(r).equal(qscale(er, mr)) {
			t.Fatalf("trial %d: pseudo-division is not lc^k times Euclidean division", trial)
		}
		if a.deg() >= b.deg() {
			if pr, _ := zprem(bg, a, b); !pr.equal(r) {
				t.Fatalf("trial %d: pseudo-remainder differs from zprem", trial)
			}
		}
	}
}

// TestReferenceDivision compares with PARI/GP's divrem and SymPy's pdiv
// (testdata/division.json, from gen_division.py).
func TestReferenceDivision(t *testing.T) {
	b, err := os.ReadFile("testdata/division.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		PARIVersion string `json:"pari_gp"`
		SymPy       string `json:"sympy"`
		Cases       []struct {
			Dividend, Divisor, Quotient, Remainder []string
			PseudoQuotient                         []string `json:"pseudo_quotient"`
			PseudoRemainder                        []string `json:"pseudo_remainder"`
		}
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.PARIVersion == "" || ref.SymPy == "" {
		t.Fatal("division.json names no PARI/GP or SymPy version")
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "division", 50, ref.Cases) {
		for _, kind := range []string{"euclidean", "pseudo"} {
			var r DivisionResult
			payload := fmt.Sprintf(`{"dividend":%s,"divisor":%s,"kind":%q}`, coeffJSON(c.Dividend), coeffJSON(c.Divisor), kind)
			if !completed(t, rt, "polynomial.division.compute", payload, &r) {
				continue
			}
			wq, wr := c.Quotient, c.Remainder
			if kind == "pseudo" {
				wq, wr = c.PseudoQuotient, c.PseudoRemainder
			}
			if !sameCoeffs(coeffStrings(r.Quotient), wq) || !sameCoeffs(coeffStrings(r.Remainder), wr) {
				t.Errorf("case %d (%s): quotient %v remainder %v, the reference gives %v and %v", i, kind, coeffStrings(r.Quotient), coeffStrings(r.Remainder), wq, wr)
			}
		}
	}
}

func BenchmarkPseudoDivide(b *testing.B) {
	for _, n := range []int{100, 1000} {
		rng := rand.New(rand.NewPCG(uint64(n), 20))
		x, y := randomZ(rng, n, 64), randomZ(rng, n/2, 64)
		b.Run(fmt.Sprintf("deg=%d/%d", n, n/2), func(b *testing.B) {
			for b.Loop() {
				if _, _, _, err := pseudoDivide(bg, x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
