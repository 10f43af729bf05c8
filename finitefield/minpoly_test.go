package finitefield

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestPariMinimalPolynomial checks the operation against
// testdata/pari_minpoly.json, written by testdata/gen_pari_minpoly.py from
// PARI/GP 2.15.2 (minpoly, trace and norm of ffgen elements).
func TestPariMinimalPolynomial(t *testing.T) {
	cases := pariReference[struct {
		Request           json.RawMessage `json:"request"`
		MinimalPolynomial []string        `json:"minimal_polynomial"`
		Trace             string          `json:"trace"`
		Norm              string          `json:"norm"`
	}](t, "pari_minpoly.json", "minimal_polynomial", 50)
	rt := newRuntime(t)
	for i, c := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, minpolyID, string(c.Request))
			completed(t, o)
			var r MinimalPolynomialResult
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			if got, want := mustJSON(r.MinimalPolynomial.Coefficients), mustJSON(c.MinimalPolynomial); got != want {
				t.Errorf("minimal polynomial %s, PARI/GP %s", got, want)
			}
			if r.Trace.String() != c.Trace || r.Norm.String() != c.Norm {
				t.Errorf("trace %s and norm %s, PARI/GP %s and %s", r.Trace, r.Norm, c.Trace, c.Norm)
			}
		})
	}
}
