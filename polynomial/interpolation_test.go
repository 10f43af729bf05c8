package polynomial

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// lagrange is the reference: Σ y_i·∏_{j≠i} (x − x_j)/(x_i − x_j).
func lagrange(ps []InterpolationPoint) qpoly {
	out := qpoly{}
	for i, pi := range ps {
		term := qpoly{new(big.Rat).Set(pi.Y.Rat())}
		for j, pj := range ps {
			if j == i {
				continue
			}
			d := new(big.Rat).Sub(pi.X.Rat(), pj.X.Rat())
			lin := qpoly{new(big.Rat).Quo(new(big.Rat).Neg(pj.X.Rat()), d), new(big.Rat).Inv(d)}
			term, _ = qmul(bg, term, lin)
		}
		out = qadd(out, term)
	}
	return qtrim(out)
}

func randomPoints(rng *rand.Rand, n int) []InterpolationPoint {
	seen := map[string]bool{}
	var ps []InterpolationPoint
	for len(ps) < n {
		x := big.NewRat(rng.Int64N(401)-200, rng.Int64N(9)+1)
		if seen[x.RatString()] {
			continue
		}
		seen[x.RatString()] = true
		ps = append(ps, InterpolationPoint{core.Rat(x), core.Rat(big.NewRat(rng.Int64N(1<<40)-1<<39, rng.Int64N(100)+1))})
	}
	return ps
}

func TestInterpolationAgainstLagrange(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 5))
	for trial := range 200 {
		ps := randomPoints(rng, rng.IntN(20))
		got, err := interpolate(bg, ps)
		if err != nil {
			t.Fatal(err)
		}
		if !got.equal(lagrange(ps)) {
			t.Fatalf("trial %d: interpolate differs from Lagrange's formula over Q", trial)
		}
		newton, err := interpolateNewton(bg, ps)
		if err != nil {
			t.Fatal(err)
		}
		if !got.equal(newton) {
			t.Fatalf("trial %d: interpolate differs from Newton's divided differences", trial)
		}
		q := InterpolationRequest{Points: ps}
		if err := checkInterpolation(bg, q, InterpolationResult{polyOf("x", got)}); err != nil {
			t.Fatal(err)
		}
		if len(got) > 0 {
			bad := got.clone()
			bad[0].Add(bad[0], big.NewRat(1, 7))
			if checkInterpolation(bg, q, InterpolationResult{polyOf("x", bad)}) == nil {
				t.Fatalf("trial %d: the postcondition accepts a wrong interpolant", trial)
			}
		}
	}
}

// TestInterpolationRecovers samples a known polynomial of degree d at
// d + 1 + k points and gets it back.
func TestInterpolationRecovers(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 6))
	for trial := range 100 {
		f := randomQ(rng, rng.IntN(15), 40)
		ps := randomPoints(rng, len(f)+rng.IntN(4))
		for i := range ps {
			v, _ := qeval(bg, f, ps[i].X.Rat())
			ps[i].Y = core.Rat(v)
		}
		got, err := interpolate(bg, ps)
		if err != nil {
			t.Fatal(err)
		}
		if !got.equal(f) {
			t.Fatalf("trial %d: sampled %v, interpolated %v", trial, f, got)
		}
	}
}

// TestReferenceInterpolation compares with PARI/GP's polinterpolate
// (testdata/interpolation.json, from gen_interpolation.py).
func TestReferenceInterpolation(t *testing.T) {
	b, err := os.ReadFile("testdata/interpolation.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		PARIVersion string `json:"pari_gp"`
		Cases       []struct {
			X, Y, Interpolant []string
		}
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.PARIVersion == "" {
		t.Fatal("interpolation.json names no PARI/GP version")
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "interpolation", 50, ref.Cases) {
		var pts []string
		for j := range c.X {
			pts = append(pts, fmt.Sprintf(`{"x":%q,"y":%q}`, c.X[j], c.Y[j]))
		}
		var r InterpolationResult
		if completed(t, rt, "polynomial.interpolation.compute", `{"points":[`+strings.Join(pts, ",")+`]}`, &r) && !sameCoeffs(coeffStrings(r.Interpolant), c.Interpolant) {
			t.Errorf("case %d: %v, PARI/GP's polinterpolate gives %v", i, coeffStrings(r.Interpolant), c.Interpolant)
		}
	}
}

func BenchmarkInterpolation(b *testing.B) {
	for _, n := range []int{50, 100, 200} {
		ps := randomPoints(rand.New(rand.NewPCG(uint64(n), 19)), n)
		b.Run(fmt.Sprintf("points=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := interpolate(bg, ps); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
