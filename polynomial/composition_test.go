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

// composeNaive is the reference: Σ f_i·g^i with the powers built one by
// one.
func composeNaive(f, g qpoly) qpoly {
	out := qpoly{}
	pow := toQ(zpoly{bigOf(1)})
	for i, c := range f {
		if i > 0 {
			pow, _ = qmul(bg, pow, g)
		}
		out = qadd(out, qscale(pow, c))
	}
	return qtrim(out)
}

func TestComposeAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 4))
	for trial := range 300 {
		f, g := randomQ(rng, rng.IntN(40), 30), randomQ(rng, rng.IntN(8), 30)
		h, err := compose(bg, f, g)
		if err != nil {
			t.Fatal(err)
		}
		if want := composeNaive(f, g); !h.equal(want) {
			t.Fatalf("trial %d: f(g) by divide and conquer differs from Σ f_i·g^i", trial)
		}
		F, G := zpolyOf(f), zpolyOf(g)
		if len(F) > 0 && f.isIntegral() && g.isIntegral() {
			hz, _ := composeHorner(bg, F, G)
			dz, _ := composeZ(bg, F, G, powersOf(G, len(F)))
			if !hz.equal(dz) {
				t.Fatalf("trial %d: composeZ differs from composeHorner", trial)
			}
		}
		q := CompositionRequest{Outer: polyInputOf("x", f), Inner: polyInputOf("x", g)}
		if err := checkComposition(bg, q, CompositionResult{polyOf("x", h)}); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		// A wrong answer fails the postcondition.
		if len(h) > 0 {
			bad := h.clone()
			bad[0] = ratOf(1, 3).Add(bad[0], ratOf(1, 3))
			if checkComposition(bg, q, CompositionResult{polyOf("x", bad)}) == nil {
				t.Fatalf("trial %d: the postcondition accepts a wrong constant term", trial)
			}
		}
	}
}

// TestReferenceComposition compares with PARI/GP's subst
// (testdata/composition.json, from gen_composition.py).
func TestReferenceComposition(t *testing.T) {
	b, err := os.ReadFile("testdata/composition.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		PARIVersion string `json:"pari_gp"`
		Cases       []struct {
			Outer, Inner, Composition []string
		}
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.PARIVersion == "" {
		t.Fatal("composition.json names no PARI/GP version")
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "composition", 50, ref.Cases) {
		var r CompositionResult
		payload := fmt.Sprintf(`{"outer":%s,"inner":%s}`, coeffJSON(c.Outer), coeffJSON(c.Inner))
		if completed(t, rt, "polynomial.composition.compute", payload, &r) && !sameCoeffs(coeffStrings(r.Composition), c.Composition) {
			t.Errorf("case %d: %v, PARI/GP's subst gives %v", i, coeffStrings(r.Composition), c.Composition)
		}
	}
}

func BenchmarkComposition(b *testing.B) {
	for _, n := range []int{10, 50, 70} {
		rng := rand.New(rand.NewPCG(uint64(n), 18))
		f, g := toQ(randomZ(rng, n, 32)), toQ(randomZ(rng, n, 32))
		b.Run(fmt.Sprintf("deg=%d∘%d", n, n), func(b *testing.B) {
			for b.Loop() {
				if _, err := compose(bg, f, g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func bigOf(x int64) *big.Int    { return big.NewInt(x) }
func ratOf(a, b int64) *big.Rat { return big.NewRat(a, b) }

func powersOf(g zpoly, n int) []zpoly {
	out := []zpoly{g}
	for m := 2; m < n; m *= 2 {
		sq, _ := zmul(bg, out[len(out)-1], out[len(out)-1])
		out = append(out, sq)
	}
	return out
}
