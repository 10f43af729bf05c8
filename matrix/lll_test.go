package matrix

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// TestPARILLL compares with PARI/GP's qflll (testdata/lll_reference.json,
// written by testdata/lll_reference.py with PARI/GP 2.15.2). Reduced bases
// are not unique, so for each case: the rank agrees; the checker accepts
// PARI's basis and ours for the input's lattice; and the two bases have
// the same Hermite normal form.
func TestPARILLL(t *testing.T) {
	b, err := os.ReadFile("testdata/lll_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Version string `json:"pari_gp_version"`
		Cases   []struct {
			Matrix IntegerMatrix `json:"matrix"`
			Basis  IntegerMatrix `json:"basis"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.Version == "" {
		t.Fatal("reference file names no PARI/GP version")
	}
	rt := newRuntime(t)
	same := 0
	for i, c := range conformance.AtLeast(t, "lll", 50, ref.Cases) {
		got := runValue[LLLResult](t, rt, "matrix.lattice.lll.compute", LLLRequest{Matrix: c.Matrix})
		if got.Rank != len(c.Basis) {
			t.Errorf("case %d: rank %d, PARI/GP %d", i, got.Rank, len(c.Basis))
			continue
		}
		for who, basis := range map[string]IntegerMatrix{"ours": got.Basis, "PARI/GP's": c.Basis} {
			v := runValue[LLLCheckResult](t, rt, "matrix.lattice.lll_reduced.check", LLLCheckRequest{Matrix: c.Matrix, Basis: basis})
			if v.Verdict != core.Accepted {
				t.Errorf("case %d: the checker does not accept %s basis %v: %s", i, who, basis, v.Reason)
			}
		}
		if fmt.Sprint(got.Basis) == fmt.Sprint(c.Basis) {
			same++
		}
	}
	t.Logf("%d of %d bases equal PARI/GP's entry for entry", same, len(ref.Cases))
}

// TestLLLCheckRejects: mutations of a reduced basis are rejected for the
// right reason.
func TestLLLCheckRejects(t *testing.T) {
	rt := newRuntime(t)
	m := IntegerMatrix{{core.Int64(1), core.Int64(1), core.Int64(1)}, {core.Int64(-1), core.Int64(0), core.Int64(2)}, {core.Int64(3), core.Int64(5), core.Int64(6)}}
	good := runValue[LLLResult](t, rt, "matrix.lattice.lll.compute", LLLRequest{Matrix: m})
	mutate := func(f func(b [][]*big.Int)) IntegerMatrix {
		b := good.Basis.big()
		f(b)
		return integerMatrix(b)
	}
	tests := []struct {
		name  string
		basis IntegerMatrix
		kind  string
	}{
		{"not size-reduced", mutate(func(b [][]*big.Int) {
			for j := range b[2] {
				b[2][j].Add(b[2][j], new(big.Int).Mul(big.NewInt(3), b[0][j]))
			}
		}), "size"},
		{"dependent", mutate(func(b [][]*big.Int) { b[2] = b[0] }), "dependent"},
		{"a sublattice, itself reduced", mutate(func(b [][]*big.Int) {
			for i := range b {
				for j := range b[i] {
					b[i][j].Mul(b[i][j], big.NewInt(2))
				}
			}
		}), ""},
	}
	for _, tc := range tests {
		v := runValue[LLLCheckResult](t, rt, "matrix.lattice.lll_reduced.check", LLLCheckRequest{Matrix: m, Basis: tc.basis})
		if v.Verdict != core.Rejected {
			t.Errorf("%s: verdict %s (%s)", tc.name, v.Verdict, v.Reason)
			continue
		}
		if kind := ""; v.Violation != nil {
			kind = v.Violation.Kind
			if kind != tc.kind {
				t.Errorf("%s: violation %q, want %q", tc.name, kind, tc.kind)
			}
		} else if tc.kind != "" {
			t.Errorf("%s: no violation, want %q (%s)", tc.name, tc.kind, v.Reason)
		}
	}
}
