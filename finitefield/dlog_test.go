package finitefield

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestPariDiscreteLog checks the operation against testdata/pari_dlog.json,
// written by testdata/gen_pari_dlog.py from PARI/GP 2.15.2 (znlog, fflog).
func TestPariDiscreteLog(t *testing.T) {
	cases := pariReference[struct {
		Request   json.RawMessage `json:"request"`
		Logarithm *string         `json:"logarithm"`
	}](t, "pari_dlog.json", "discrete_logarithm", 50)
	rt := newRuntime(t)
	for i, c := range cases {
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
