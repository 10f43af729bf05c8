package finitefield

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"jacobian.dev/conformance"
)

// TestPariDiscreteLog checks the operation against testdata/pari_dlog.json,
// written by testdata/gen_pari_dlog.py from PARI/GP 2.15.2 (znlog, fflog).
func TestPariDiscreteLog(t *testing.T) {
	b, err := os.ReadFile("testdata/pari_dlog.json")
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		PariVersion string `json:"pari_version"`
		Cases       []struct {
			Request   json.RawMessage `json:"request"`
			Logarithm *string         `json:"logarithm"`
		} `json:"discrete_logarithm"`
	}
	if err := json.Unmarshal(b, &data); err != nil {
		t.Fatal(err)
	}
	if data.PariVersion != "2.15.2" {
		t.Fatalf("reference data from PARI/GP %s, expected 2.15.2", data.PariVersion)
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "discrete_logarithm", 50, data.Cases) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, dlogID, string(c.Request))
			completed(t, o)
			var r DiscreteLogResult
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			switch {
			case c.Logarithm == nil && (r.Exists || r.Logarithm != nil):
				t.Errorf("%s: logarithm %v, PARI/GP none", c.Request, r.Logarithm)
			case c.Logarithm != nil && (!r.Exists || r.Logarithm == nil || r.Logarithm.String() != *c.Logarithm):
				t.Errorf("%s: logarithm %v (exists %v), PARI/GP %s", c.Request, r.Logarithm, r.Exists, *c.Logarithm)
			}
		})
	}
}
