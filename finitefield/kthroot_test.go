package finitefield

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"jacobian.dev/conformance"
)

// TestPariRoot checks the operation against testdata/pari_kthroot.json,
// written by testdata/gen_pari_kthroot.py from PARI/GP 2.15.2 (the linear
// factors of factor(y^k − a)).
func TestPariRoot(t *testing.T) {
	b, err := os.ReadFile("testdata/pari_kthroot.json")
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		PariVersion string `json:"pari_version"`
		Cases       []struct {
			Request json.RawMessage `json:"request"`
			Roots   json.RawMessage `json:"roots"`
		} `json:"root"`
	}
	if err := json.Unmarshal(b, &data); err != nil {
		t.Fatal(err)
	}
	if data.PariVersion != "2.15.2" {
		t.Fatalf("reference data from PARI/GP %s, expected 2.15.2", data.PariVersion)
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "root", 50, data.Cases) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, rootID, string(c.Request))
			completed(t, o)
			var r RootResult
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			if got, want := mustJSON(r.Roots), compactJSON(t, c.Roots); got != want {
				t.Errorf("%s: %s, PARI/GP %s", c.Request, got, want)
			}
		})
	}
}
