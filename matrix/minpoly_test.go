package matrix

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"os"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// TestPARIMinpoly compares with PARI/GP's minpoly
// (testdata/minpoly_reference.json, written by
// testdata/minpoly_reference.py with PARI/GP 2.15.2).
func TestPARIMinpoly(t *testing.T) {
	b, err := os.ReadFile("testdata/minpoly_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Version string `json:"pari_gp_version"`
		Cases   []struct {
			Matrix       core.Matrix     `json:"matrix"`
			Coefficients []core.Rational `json:"coefficients"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.Version == "" {
		t.Fatal("reference file names no PARI/GP version")
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "minpoly", 50, ref.Cases) {
		got := runValue[MinpolyResult](t, rt, "matrix.minimal_polynomial.compute", MatrixRequest{c.Matrix})
		if !sameRationals(got.Polynomial.Coefficients, c.Coefficients) {
			t.Errorf("case %d: %v, PARI/GP %v", i, got.Polynomial.Coefficients, c.Coefficients)
		}
	}
}

// minpolyByDefinition is the reference: the first power A^k that is a
// combination of I, …, A^{k−1}, found by reducing the flattened powers.
func minpolyByDefinition(t *testing.T, a core.Matrix) []*big.Rat {
	n := len(a)
	var flats [][]core.Rational
	p := core.Matrix(identity(n))
	for k := 0; k <= n; k++ {
		var flat []core.Rational
		for _, row := range p {
			flat = append(flat, row...)
		}
		flats = append(flats, flat)
		// Columns are the powers; the kernel vector of [I … A^k] with
		// last entry 1 gives μ once the rank stops growing.
		cols := transpose(core.Matrix(flats))
		red, err := reduce(bg, cols, k+1)
		if err != nil {
			t.Fatal(err)
		}
		if len(red.pivots) == k {
			// A^k = Σ c_i A^i with c read from the RREF's last column.
			out := make([]*big.Rat, k+1)
			for i := range out {
				out[i] = new(big.Rat)
			}
			for r, pc := range red.pivots {
				out[pc].Neg(red.at(r, k).Rat())
			}
			out[k].SetInt64(1)
			return out
		}
		p = mustMultiply(t, p, a)
	}
	t.Fatalf("no dependency among the powers of %v", a)
	return nil
}

// TestMinpolyMatchesDefinition holds the Krylov method to the definition
// on random small matrices, half of them with repeated eigenvalues.
func TestMinpolyMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 4))
	for trial := 0; trial < 80; trial++ {
		n := 1 + rng.IntN(5)
		a := randomMatrix(rng, n, n)
		if trial%2 == 0 {
			for i := range a {
				for j := range a[i] {
					a[i][j] = ratInt64(0)
				}
				a[i][i] = ratInt64(rng.Int64N(2))
				if i > 0 && rng.IntN(2) == 0 {
					a[i-1][i] = ratInt64(1)
				}
			}
		}
		got, err := minpoly(bg, a)
		if err != nil {
			t.Fatal(err)
		}
		want := minpolyByDefinition(t, a)
		if len(got) != len(want) {
			t.Fatalf("%v: Krylov %v, definition %v", a, got, want)
		}
		for i := range got {
			if got[i].Rat().Cmp(want[i]) != 0 {
				t.Fatalf("%v: Krylov %v, definition %v", a, got, want)
			}
		}
	}
}
