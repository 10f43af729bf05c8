package matrix

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"jacobian.dev/core"
)

func newRuntime(t testing.TB) *core.Runtime {
	t.Helper()
	reg, err := core.NewRegistryWith(Register)
	if err != nil {
		t.Fatal(err)
	}
	return core.NewRuntime(reg, core.RuntimeOptions{Slots: 4})
}

func run(t testing.TB, rt *core.Runtime, id, payload string) core.Outcome {
	t.Helper()
	return rt.Run(context.Background(), core.RunRequest{CapabilityID: id, Payload: json.RawMessage(payload)})
}

// canonicalJSON re-encodes a JSON document with sorted keys.
func canonicalJSON(t testing.TB, b []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("bad JSON %s: %v", b, err)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// TestExamples runs every declared example through the runtime and
// compares the value exactly.
func TestExamples(t *testing.T) {
	rt := newRuntime(t)
	for _, d := range rt.Registry().Declarations() {
		for _, ex := range d.Examples {
			t.Run(d.ID+"/"+ex.Title, func(t *testing.T) {
				o := run(t, rt, d.ID, string(ex.Payload))
				if o.Outcome != core.OutcomeCompleted {
					t.Fatalf("outcome %s", o)
				}
				if got, want := canonicalJSON(t, o.Value), canonicalJSON(t, ex.Result); got != want {
					t.Fatalf("got  %s\nwant %s", got, want)
				}
			})
		}
	}
}

// TestGeneratedRequestsPassPostconditions runs seeded random requests of
// every operation through the full pipeline, postconditions included.
func TestGeneratedRequestsPassPostconditions(t *testing.T) {
	rt := newRuntime(t)
	rng := rand.New(rand.NewPCG(21, 22))
	for _, d := range rt.Registry().Declarations() {
		for range 60 {
			payload, err := d.GeneratePayload(context.Background(), rng)
			if err != nil {
				t.Fatal(err)
			}
			if o := run(t, rt, d.ID, string(payload)); o.Outcome != core.OutcomeCompleted {
				t.Fatalf("%s on %s: %s", d.ID, payload, o)
			}
		}
	}
}

// TestFailures checks that bad requests end as failed outcomes with the
// stable code and a message that names the problem.
func TestFailures(t *testing.T) {
	rt := newRuntime(t)
	tests := []struct {
		name, id, payload string
		code              core.Code
		mention, path     string
	}{
		{"ragged rows", "matrix.determinant.compute", `{"matrix":[["1","2"],["3"]]}`, core.InvalidPayload, "rows differ in length", "/payload/matrix/1"},
		{"ragged rows in rank", "matrix.rank.compute", `{"matrix":[["1"],["2"],["3","4"]]}`, core.InvalidPayload, "rows differ in length", "/payload/matrix/2"},
		{"ragged right-hand side", "matrix.linear_system.solve", `{"matrix":[["1"],["2"]],"rhs":[["1"],["2","3"]]}`, core.InvalidPayload, "rows differ in length", "/payload/rhs/1"},
		{"ragged right factor", "matrix.multiply.compute", `{"left":[["1"]],"right":[["1","2"],["3"]]}`, core.InvalidPayload, "rows differ in length", "/payload/right/1"},
		{"ragged candidate", "matrix.inverse.check", `{"matrix":[["1"]],"candidate":[[],["1"]]}`, core.InvalidPayload, "rows differ in length", "/payload/candidate/1"},
		{"JSON number entry", "matrix.determinant.compute", `{"matrix":[[1]]}`, core.InvalidPayload, "JSON number", "/payload/matrix/0/0"},
		{"non-square determinant", "matrix.determinant.compute", `{"matrix":[["1","2"]]}`, core.DomainError, "1×2", "/payload/matrix"},
		{"non-square inverse", "matrix.inverse.compute", `{"matrix":[["1","2"]]}`, core.DomainError, "square", "/payload/matrix"},
		{"non-square charpoly", "matrix.characteristic_polynomial.compute", `{"matrix":[["1"],["2"]]}`, core.DomainError, "2×1", "/payload/matrix"},
		{"non-square inverse check", "matrix.inverse.check", `{"matrix":[["1","2"]],"candidate":[["1"],["0"]]}`, core.DomainError, "square", "/payload/matrix"},
		{"shape mismatch", "matrix.multiply.compute", `{"left":[["1","2"]],"right":[["1","2"]]}`, core.DomainError, "1×2 matrix by a 1×2", "/payload/right"},
		{"rhs length", "matrix.linear_system.solve", `{"matrix":[["1","2"]],"rhs":["1","2"]}`, core.DomainError, "1 rows", "/payload/rhs"},
		{"unknown field", "matrix.rank.compute", `{"matrix":[],"extra":1}`, core.UnknownField, "extra", "/payload/extra"},
		{"zero denominator", "matrix.rank.compute", `{"matrix":[["1/0"]]}`, core.InvalidPayload, "1/0", "/payload/matrix/0/0"},
		{"mixed right-hand side", "matrix.linear_system.solve", `{"matrix":[["1"],["2"]],"rhs":["1",["2"]]}`, core.InvalidPayload, "", "/payload/rhs/1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := run(t, rt, tc.id, tc.payload)
			if o.Outcome != core.OutcomeFailed || o.Code != tc.code {
				t.Fatalf("got %s, want failed %s", o, tc.code)
			}
			if !strings.Contains(o.Message, tc.mention) {
				t.Fatalf("message %q does not mention %q", o.Message, tc.mention)
			}
			if o.Path != tc.path {
				t.Fatalf("path %q, want %q", o.Path, tc.path)
			}
		})
	}
}

// TestLimitsAreRefused runs every declared Beyond payload.
func TestLimitsAreRefused(t *testing.T) {
	rt := newRuntime(t)
	for _, d := range rt.Registry().Declarations() {
		for _, l := range d.Limits {
			t.Run(d.ID+"/"+l.Name, func(t *testing.T) {
				o := run(t, rt, d.ID, l.Beyond())
				if o.Outcome != core.OutcomeNonConclusion || o.Reason != core.ResourceRefused {
					t.Fatalf("got %s, want RESOURCE_REFUSED", o)
				}
			})
		}
	}
}

// TestSlowPayloadsCancel checks that each declared slow payload is within
// the limits and stops promptly when its deadline passes.
func TestSlowPayloadsCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and parses large payloads")
	}
	rt := newRuntime(t)
	for _, d := range rt.Registry().Declarations() {
		if d.Slow == nil {
			continue
		}
		t.Run(d.ID, func(t *testing.T) {
			start := time.Now()
			o := rt.Run(context.Background(), core.RunRequest{CapabilityID: d.ID, Payload: json.RawMessage(d.Slow()), Timeout: 300 * time.Millisecond})
			if o.Outcome != core.OutcomeNonConclusion || (o.Reason != core.Timeout && o.Reason != core.CheckerInterrupted) {
				t.Fatalf("got %s, want a timeout", o)
			}
			t.Logf("stopped after %v", time.Since(start))
			if elapsed := time.Since(start); elapsed > 5*time.Second {
				t.Fatalf("took %v to stop", elapsed)
			}
		})
	}
}

// TestLargerRequestsPassPostconditions sends matrices of order 24 to 40,
// which take the multi-modular paths, through the whole pipeline: square
// and rectangular, full and deficient rank, integer and rational.
func TestLargerRequestsPassPostconditions(t *testing.T) {
	rt := newRuntime(t)
	rng := rand.New(rand.NewPCG(71, 72))
	for trial := range 6 {
		n := 24 + 3*trial
		var sq, rect core.Matrix
		if trial%2 == 0 {
			sq, rect = intMatrix(rng, n, n, 99), lowRank(rng, n+2, n-1, n/2, 9)
		} else {
			sq, rect = randomMatrix(rng, n, n), randomMatrix(rng, n-3, n+4)
		}
		sqJSON, _ := json.Marshal(sq)
		rectJSON, _ := json.Marshal(rect)
		rhsJSON, _ := json.Marshal(intMatrix(rng, len(rect), 2, 9))
		inv, _ := inverse(bg, sq)
		invJSON, _ := json.Marshal(inv)
		requests := map[string]string{
			"matrix.determinant.compute":               `{"matrix":` + string(sqJSON) + `}`,
			"matrix.characteristic_polynomial.compute": `{"matrix":` + string(sqJSON) + `}`,
			"matrix.inverse.compute":                   `{"matrix":` + string(sqJSON) + `}`,
			"matrix.rank.compute":                      `{"matrix":` + string(rectJSON) + `}`,
			"matrix.normal_form.rref.compute":          `{"matrix":` + string(rectJSON) + `}`,
			"matrix.nullspace.compute":                 `{"matrix":` + string(rectJSON) + `}`,
			"matrix.linear_system.solve":               `{"matrix":` + string(rectJSON) + `,"rhs":` + string(rhsJSON) + `}`,
			"matrix.multiply.compute":                  `{"left":` + string(sqJSON) + `,"right":` + string(sqJSON) + `}`,
		}
		if inv != nil {
			requests["matrix.inverse.check"] = `{"matrix":` + string(sqJSON) + `,"candidate":` + string(invJSON) + `}`
		}
		for id, payload := range requests {
			o := run(t, rt, id, payload)
			if o.Outcome != core.OutcomeCompleted {
				t.Fatalf("n=%d %s: %s", n, id, o)
			}
			if id == "matrix.inverse.check" && o.Verdict != core.Accepted {
				t.Fatalf("n=%d: the computed inverse was %s", n, o.Verdict)
			}
		}
	}
}

// TestProgressIsReported runs long operations with a progress listener.
func TestProgressIsReported(t *testing.T) {
	rt := newRuntime(t)
	// Order 100 needs about 17 primes in the multi-modular paths, enough
	// for progress to be worth reporting.
	m, _ := json.Marshal(intMatrix(rand.New(rand.NewPCG(73, 74)), 100, 100, 99))
	for _, id := range []string{"matrix.determinant.compute", "matrix.normal_form.rref.compute", "matrix.characteristic_polynomial.compute", "matrix.multiply.compute"} {
		payload := `{"matrix":` + string(m) + `}`
		if id == "matrix.multiply.compute" {
			payload = `{"left":` + string(m) + `,"right":` + string(m) + `}`
		}
		reports := 0
		ctx := core.WithProgress(context.Background(), func(done, total float64, message string) {
			if done > total || message == "" {
				t.Errorf("%s: bad report %v/%v %q", id, done, total, message)
			}
			reports++
		})
		o := rt.Run(ctx, core.RunRequest{CapabilityID: id, Payload: json.RawMessage(payload)})
		if o.Outcome != core.OutcomeCompleted || reports == 0 {
			t.Fatalf("%s: %s with %d progress reports", id, o.Outcome, reports)
		}
	}
}
