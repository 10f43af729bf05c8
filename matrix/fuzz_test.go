package matrix

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"jacobian.dev/core"
)

// FuzzRun feeds arbitrary payload bytes to every matrix operation through
// the runtime. Whatever the bytes, the run must end in one of the three
// outcomes with its fields set, never a panic (which the runtime would
// report as INTERNAL_ERROR) or a result that fails its postcondition.
//
//	go test -run '^$' -fuzz FuzzRun -fuzztime 60s
func FuzzRun(f *testing.F) {
	reg, err := core.NewRegistryWith(Register)
	if err != nil {
		f.Fatal(err)
	}
	decls := reg.Declarations()
	for i, d := range decls {
		for _, ex := range d.Examples {
			f.Add(uint8(i), []byte(ex.Payload))
		}
	}
	seeds := []string{
		`{"matrix":[["1","2"],["3"]]}`, `{"matrix":[[]]}`, `{"matrix":[[],[]]}`, `{"matrix":null}`,
		`{"matrix":[["0/1","-0"]]}`, `{"matrix":[["1/2","1/3"],["2/4","2/6"]],"rhs":[]}`,
		`{"left":[[]],"right":[]}`, `{"left":[],"right":[[]]}`, `{"matrix":[],"rhs":[[]]}`,
		`{"matrix":[["1"]],"candidate":[]}`, `{"matrix":[["1"]],"rhs":[[],["1"]]}`,
	}
	for i := range decls {
		for _, s := range seeds {
			f.Add(uint8(i), []byte(s))
		}
	}
	rt := core.NewRuntime(reg, core.RuntimeOptions{Slots: 1})
	f.Fuzz(func(t *testing.T, op uint8, payload []byte) {
		d := decls[int(op)%len(decls)]
		o := rt.Run(context.Background(), core.RunRequest{CapabilityID: d.ID, Payload: json.RawMessage(payload), Timeout: 2 * time.Second})
		switch o.Outcome {
		case core.OutcomeCompleted:
			if len(o.Value) == 0 {
				t.Fatalf("%s: completed without a value", d.ID)
			}
		case core.OutcomeFailed:
			if o.Code == core.InternalError || o.Code == core.PostconditionFailed {
				t.Fatalf("%s on %q: %s", d.ID, payload, o)
			}
		case core.OutcomeNonConclusion:
		default:
			t.Fatalf("%s: unknown outcome %q", d.ID, o.Outcome)
		}
	})
}

// FuzzReadRequest checks the one-pass request reader against the
// encoding/json path it replaces on arbitrary bytes: the same value or
// the same error (TestReadRequestAgainstJSON's comparison).
//
//	go test -run '^$' -fuzz FuzzReadRequest -fuzztime 60s
func FuzzReadRequest(f *testing.F) {
	codecs := requestCodecs()
	for _, s := range []string{
		`{"matrix":[["1","-2"],["3/4","0"]]}`, `{"matrix":[["1"]],"ring":{"modulus":"7"}}`,
		`{"matrix":[["1"],["2"]],"rhs":["1","2"]}`, `{"left":[["1"]],"right":[["1","2"],["3"]]}`,
		`{"matrix":[["1"]],"exponent":3}`, `{"matrix":[["-0","01"]]}`, `{"Matrix":[["1"]],"matrix":[]}`,
	} {
		for i := range codecs {
			f.Add(uint8(i), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, k uint8, data []byte) {
		sameDecoding(t, codecs[int(k)%len(codecs)], data)
	})
}
