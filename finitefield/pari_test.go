package finitefield

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// pariCases is testdata/pari_cases.json, written by testdata/gen_pari.py
// from PARI/GP 2.15.2 (znorder, fforder, polisirreducible, factor over
// ffgen fields, Mod arithmetic; see the script for the exact calls).
type pariCases struct {
	PariVersion string `json:"pari_version"`
	Arithmetic  []struct {
		Request json.RawMessage `json:"request"`
		Value   json.RawMessage `json:"value"`
	} `json:"arithmetic"`
	Order []struct {
		Request json.RawMessage `json:"request"`
		Order   string          `json:"order"`
	} `json:"order"`
	Irreducibility []struct {
		Request     json.RawMessage `json:"request"`
		Irreducible bool            `json:"irreducible"`
	} `json:"irreducibility"`
	Roots []struct {
		Request json.RawMessage `json:"request"`
		Roots   json.RawMessage `json:"roots"`
	} `json:"roots"`
	Table []struct {
		Request json.RawMessage `json:"request"`
		Outputs []Element       `json:"outputs"`
	} `json:"table"`
}

func loadPari(t *testing.T) pariCases {
	t.Helper()
	b, err := os.ReadFile("testdata/pari_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var c pariCases
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if c.PariVersion != "2.15.2" {
		t.Fatalf("reference data from PARI/GP %s, expected 2.15.2", c.PariVersion)
	}
	return c
}

func completed(t *testing.T, o core.Outcome) {
	t.Helper()
	if o.Outcome != core.OutcomeCompleted {
		t.Fatalf("got %s", o)
	}
}

func TestPariArithmetic(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "arithmetic", 100, loadPari(t).Arithmetic) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, "finite_field.element.arithmetic.compute", string(c.Request))
			completed(t, o)
			var r struct {
				Value json.RawMessage `json:"value"`
			}
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			if compactJSON(t, r.Value) != compactJSON(t, c.Value) {
				t.Errorf("%s: got %s, PARI/GP %s", c.Request, r.Value, c.Value)
			}
		})
	}
}

func TestPariOrder(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "order", 50, loadPari(t).Order) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, "finite_field.element.order.compute", string(c.Request))
			completed(t, o)
			var r OrderResult
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			if r.Order.String() != c.Order {
				t.Errorf("%s: got %s, PARI/GP %s", c.Request, r.Order, c.Order)
			}
		})
	}
}

func TestPariIrreducibility(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "irreducibility", 50, loadPari(t).Irreducibility) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, "finite_field.polynomial.irreducibility.check", string(c.Request))
			completed(t, o)
			if want := map[bool]core.Verdict{true: core.Accepted, false: core.Rejected}[c.Irreducible]; o.Verdict != want {
				t.Errorf("%s: got %s, PARI/GP says irreducible=%v", c.Request, o.Verdict, c.Irreducible)
			}
		})
	}
}

func TestPariRoots(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "roots", 50, loadPari(t).Roots) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, "finite_field.polynomial.roots.compute", string(c.Request))
			completed(t, o)
			var r struct {
				Roots json.RawMessage `json:"roots"`
			}
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			if compactJSON(t, r.Roots) != compactJSON(t, c.Roots) {
				t.Errorf("%s: got %s, PARI/GP %s", c.Request, r.Roots, c.Roots)
			}
		})
	}
}

// TestPariTableAndFibers checks the table against PARI/GP's values, then
// feeds that table to the fibers operation and checks the fibers against a
// grouping of PARI/GP's values done here by brute force.
func TestPariTableAndFibers(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "table", 50, loadPari(t).Table) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, "finite_field.polynomial_map.table.compute", string(c.Request))
			completed(t, o)
			var r struct {
				Table json.RawMessage `json:"table"`
			}
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			var tab ValueTable
			if err := json.Unmarshal(r.Table, &tab); err != nil {
				t.Fatal(err)
			}
			if got, want := mustJSON(tab.Outputs), mustJSON(c.Outputs); got != want {
				t.Fatalf("outputs %s, PARI/GP %s", got, want)
			}

			o = run(t, rt, "finite_field.polynomial_map.fibers.compute", `{"table":`+string(r.Table)+`}`)
			completed(t, o)
			var fr FibersResult
			if err := json.Unmarshal(o.Value, &fr); err != nil {
				t.Fatal(err)
			}
			p, _ := new(big.Int).SetString(tab.Field.Characteristic.String(), 10)
			enc := func(e Element) int64 {
				if !e.list {
					return e.scalar.Big().Int64()
				}
				n := new(big.Int)
				for j := len(e.coeffs) - 1; j >= 0; j-- {
					n.Mul(n, p).Add(n, e.coeffs[j].Big())
				}
				return n.Int64()
			}
			// Reference grouping: value encoding → input encodings, in the
			// canonical input order PARI/GP's outputs follow.
			want := map[int64][]int64{}
			for x, y := range c.Outputs {
				want[enc(y)] = append(want[enc(y)], int64(x))
			}
			values := make([]int64, 0, len(want))
			for v := range want {
				values = append(values, v)
			}
			slices.Sort(values)
			if fr.ImageSize != len(values) || fr.IsPermutation != (len(values) == len(c.Outputs)) || len(fr.Fibers) != len(values) {
				t.Fatalf("image size %d (permutation %v), reference %d of %d", fr.ImageSize, fr.IsPermutation, len(values), len(c.Outputs))
			}
			for j, fb := range fr.Fibers {
				if enc(fb.Value) != values[j] {
					t.Fatalf("fiber %d has value %d, reference %d", j, enc(fb.Value), values[j])
				}
				got := make([]int64, len(fb.Preimages))
				for m, x := range fb.Preimages {
					got[m] = enc(x)
				}
				if !slices.Equal(got, want[values[j]]) {
					t.Fatalf("fiber of %d: %v, reference %v", values[j], got, want[values[j]])
				}
			}
		})
	}
}

// pariVersion is the PARI/GP release the reference files were made with.
const pariVersion = "2.15.2"

// pariReference reads the cases under key from a committed PARI/GP reference
// file in testdata, checking the release it was made with and that it
// holds at least min cases.
func pariReference[C any](t *testing.T, file, key string, min int) []C {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var version string
	if err := json.Unmarshal(doc["pari_version"], &version); err != nil || version != pariVersion {
		t.Fatalf("%s: reference data from PARI/GP %q, expected %s", file, version, pariVersion)
	}
	var cases []C
	if err := json.Unmarshal(doc[key], &cases); err != nil {
		t.Fatalf("%s: %s: %v", file, key, err)
	}
	return conformance.AtLeast(t, key, min, cases)
}
