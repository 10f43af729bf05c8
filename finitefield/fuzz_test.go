package finitefield

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"jacobian.dev/core"
)

// fuzzOperation feeds arbitrary payload bytes to one operation through the
// runtime: whatever the input, the outcome is never an internal error (a
// recovered panic) or a withheld result, and the run ends within its
// deadline.
func fuzzOperation(f *testing.F, id string, extra ...string) {
	reg := core.NewRegistry()
	if err := Register(reg); err != nil {
		f.Fatal(err)
	}
	rt := core.NewRuntime(reg, core.RuntimeOptions{Slots: 1})
	d, _ := reg.Lookup(id)
	for _, ex := range d.Examples {
		f.Add([]byte(ex.Payload))
	}
	rng := rand.New(rand.NewPCG(17, 18))
	for range 4 {
		p, err := d.GeneratePayload(context.Background(), rng)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(p)
	}
	for _, l := range d.Limits {
		f.Add([]byte(l.Beyond()))
	}
	for _, e := range extra {
		f.Add([]byte(e))
	}
	f.Fuzz(func(t *testing.T, payload []byte) {
		o := rt.Run(context.Background(), core.RunRequest{CapabilityID: id, Payload: json.RawMessage(payload), Timeout: 2 * time.Second})
		if o.Code == core.InternalError || o.Code == core.PostconditionFailed {
			t.Fatalf("%s on %q", o, payload)
		}
	})
}

func FuzzArithmetic(f *testing.F) {
	fuzzOperation(f, arithID,
		`{"field":{"characteristic":"4","degree":1},"op":"inverse","left":"2"}`,
		`{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["0","0","1"]}},"op":"inverse","left":["0","1"]}`,
		`{"field":{"characteristic":"7","degree":1},"op":"power","left":"0","exponent":"-3"}`)
}

func FuzzOrder(f *testing.F) {
	fuzzOperation(f, orderID, `{"field":{"characteristic":"3","degree":2,"modulus":{"coefficients":["1","0","1"]}},"element":[]}`)
}

func FuzzIrreducibility(f *testing.F) {
	fuzzOperation(f, irredID, `{"field":{"characteristic":"2","degree":1},"polynomial":{"coefficients":["0","0","1"]}}`)
}

func FuzzRoots(f *testing.F) {
	fuzzOperation(f, rootsID, `{"field":{"characteristic":"3","degree":1},"polynomial":{"coefficients":["0","0","0","1"]}}`)
}

func FuzzTable(f *testing.F) {
	fuzzOperation(f, tableID, `{"field":{"characteristic":"2","degree":1},"polynomial":{"coefficients":[]}}`)
}

func FuzzFibers(f *testing.F) {
	fuzzOperation(f, fiberID, `{"table":{"field":{"characteristic":"2","degree":1},"inputs":["1","1"],"outputs":["0","1"]}}`)
}

// FuzzCoordinates checks the fast reader of coordinate lists against the
// generic decoder: whatever it accepts, encoding/json reads to the same
// integers.
func FuzzCoordinates(f *testing.F) {
	for _, s := range []string{`[]`, `["0","1"]`, `[ "12" , "255","256", "-3" ]`, `["01"]`, `["1",]`, `["\\u0031"]`, `[""]`, `["1"]x`, `["99999999999999999999999"]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 || b[0] != '[' {
			return
		}
		got, ok := scanCoordinates(b)
		if !ok {
			return
		}
		var want []core.Integer
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatalf("%q: the fast reader accepts what the decoder refuses: %v", b, err)
		}
		if len(got) != len(want) {
			t.Fatalf("%q: %d coordinates, the decoder reads %d", b, len(got), len(want))
		}
		for i := range got {
			if got[i].Big().Cmp(want[i].Big()) != 0 {
				t.Fatalf("%q: coordinate %d is %v, the decoder reads %v", b, i, got[i], want[i])
			}
		}
	})
}
