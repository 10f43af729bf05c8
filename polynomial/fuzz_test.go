package polynomial

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"jacobian.dev/core"
)

// fuzzOperation feeds arbitrary payload bytes to one operation through the
// runtime. Whatever the bytes, the outcome is completed, failed with a
// caller-facing code, or a non-conclusion: never a recovered panic
// (INTERNAL_ERROR) and never a withheld wrong result (POSTCONDITION_FAILED).
func fuzzOperation(f *testing.F, id string, seeds ...string) {
	rt := newRuntime(f)
	d, ok := rt.Registry().Lookup(id)
	if !ok {
		f.Fatalf("%s is not registered", id)
	}
	for _, ex := range d.Examples {
		f.Add(string(ex.Payload))
	}
	for _, l := range d.Limits {
		f.Add(l.Beyond())
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, payload string) {
		out := rt.Run(context.Background(), core.RunRequest{CapabilityID: id, Payload: json.RawMessage(payload), Timeout: 2 * time.Second})
		if out.Outcome == core.OutcomeFailed && (out.Code == core.InternalError || out.Code == core.PostconditionFailed) {
			t.Fatalf("%s on %q: %s %s", id, payload, out.Code, out.Message)
		}
	})
}

func FuzzArithmetic(f *testing.F) {
	fuzzOperation(f, "polynomial.arithmetic.compute",
		`{"op":"divide","left":{"expression":"x^5 - 1"},"right":{"expression":"x - x"}}`,
		`{"op":"power","left":{"expression":"0"},"exponent":0}`,
		`{"op":"subtract","left":{"variable":"q","coefficients":["1/3"]},"right":{"expression":"q^2"}}`)
}

func FuzzEvaluate(f *testing.F) {
	fuzzOperation(f, "polynomial.evaluate.compute",
		`{"polynomial":{"expression":"1/2*x^3 - x"},"at":"-7/3"}`)
}

func FuzzDerivative(f *testing.F) {
	fuzzOperation(f, "polynomial.derivative.compute",
		`{"polynomial":{"expression":"(x+1)^5"},"order":0}`)
}

func FuzzGCD(f *testing.F) {
	fuzzOperation(f, "polynomial.gcd.compute",
		`{"left":{"expression":"0"},"right":{"expression":"0"},"ring":"Z"}`,
		`{"left":{"expression":"(x-1)^3*(x+2)"},"right":{"expression":"(x-1)^2*(x-3)"}}`)
}

func FuzzSquareFree(f *testing.F) {
	fuzzOperation(f, "polynomial.square_free_decomposition.compute",
		`{"polynomial":{"expression":"x - x"}}`,
		`{"polynomial":{"expression":"-3/4*(x^2-2)^3*(x+1)"}}`)
}

func FuzzResultant(f *testing.F) {
	fuzzOperation(f, "polynomial.resultant.compute",
		`{"left":{"expression":"0"},"right":{"expression":"x"}}`,
		`{"left":{"expression":"5"},"right":{"expression":"7"}}`)
}

func FuzzDiscriminant(f *testing.F) {
	fuzzOperation(f, "polynomial.discriminant.compute",
		`{"polynomial":{"expression":"x - x + 3"}}`,
		`{"polynomial":{"expression":"1/3*x + 2"}}`)
}
