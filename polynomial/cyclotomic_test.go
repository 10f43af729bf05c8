package polynomial

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"slices"
	"testing"

	"jacobian.dev/conformance"
)

// TestReferenceCyclotomic compares with PARI/GP's polcyclo
// (testdata/cyclotomic.json, from gen_cyclotomic.py).
func TestReferenceCyclotomic(t *testing.T) {
	b, err := os.ReadFile("testdata/cyclotomic.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		PARIVersion string `json:"pari_gp"`
		Cases       []struct {
			N            int
			Coefficients []string
		}
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.PARIVersion == "" {
		t.Fatal("cyclotomic.json names no PARI/GP version")
	}
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "cyclotomic", 50, ref.Cases) {
		var r CyclotomicResult
		if completed(t, rt, "polynomial.cyclotomic.compute", fmt.Sprintf(`{"n":%d}`, c.N), &r) && !slices.Equal(coeffStrings(r.Cyclotomic), c.Coefficients) {
			t.Errorf("Φ_%d = %s, PARI/GP's polcyclo differs", c.N, r.Cyclotomic.Expression)
		}
	}
}

// TestCyclotomicProduct checks x^n − 1 = ∏_{d | n} Φ_d for n ≤ 150.
func TestCyclotomicProduct(t *testing.T) {
	for n := 1; n <= 150; n++ {
		prod := zpoly{big.NewInt(1)}
		for d := 1; d <= n; d++ {
			if n%d != 0 {
				continue
			}
			c, err := cyclotomic(bg, d)
			if err != nil {
				t.Fatal(err)
			}
			if prod, err = zmul(bg, prod, c); err != nil {
				t.Fatal(err)
			}
		}
		want := zzeros(n + 1)
		want[0].SetInt64(-1)
		want[n].SetInt64(1)
		if !prod.equal(want) {
			t.Fatalf("the product of Φ_d over d | %d is not x^%d − 1", n, n)
		}
	}
}

// TestCyclotomicPostconditionRejects feeds the postcondition near misses.
func TestCyclotomicPostconditionRejects(t *testing.T) {
	for _, n := range []int{6, 12, 15, 105} {
		c, _ := cyclotomic(bg, n)
		// Φ_n with its coefficient of x changed is no longer a factor of
		// x^n − 1; Φ_n·Φ_1 is one, of the wrong degree.
		bad := c.clone()
		bad[1].Add(bad[1], big.NewInt(1))
		if err := checkCyclotomic(bg, CyclotomicRequest{N: n}, CyclotomicResult{Cyclotomic: polyOfZ("x", bad), Degree: bad.deg()}); err == nil {
			t.Errorf("n = %d: the postcondition accepts %v", n, bad)
		}
		m, _ := zmul(bg, c, zpoly{big.NewInt(-1), big.NewInt(1)})
		if err := checkCyclotomic(bg, CyclotomicRequest{N: n}, CyclotomicResult{Cyclotomic: polyOfZ("x", m), Degree: m.deg()}); err == nil {
			t.Errorf("n = %d: the postcondition accepts Φ_n·Φ_1", n)
		}
	}
}

func BenchmarkCyclotomic(b *testing.B) {
	for _, n := range []int{105, 3003, 9699} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := cyclotomic(bg, n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
