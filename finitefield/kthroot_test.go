package finitefield

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestPariRoot checks the operation against testdata/pari_kthroot.json,
// written by testdata/gen_pari_kthroot.py from PARI/GP 2.15.2 (the linear
// factors of factor(y^k − a)).
func TestPariRoot(t *testing.T) {
	cases := pariReference[struct {
		Request json.RawMessage `json:"request"`
		Roots   json.RawMessage `json:"roots"`
	}](t, "pari_kthroot.json", "root", 50)
	rt := newRuntime(t)
	for i, c := range cases {
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
