package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"time"

	"jacobian.dev/core"
)

// The fixture domain holds operations whose behaviour the CLI tests need
// and no mathematical domain should offer: one that runs until cancelled,
// reporting progress, one that panics, and a checker.

type stepsRequest struct {
	Steps int `json:"steps"`
}

type stepsResult struct {
	Steps int `json:"steps"`
}

type evenRequest struct {
	N core.Integer `json:"n"`
}

type evenResult struct {
	core.CheckResult
	core.Bindings[evenRequest]
	Remainder core.Integer `json:"remainder"`
}

func registerFixtures(r *core.Registry) error {
	return errors.Join(registerWait(r), registerPanic(r), registerParity(r))
}

// maxSteps bounds the fixtures' step counts: ten days of waiting.
const maxSteps = 100_000_000

func registerWait(r *core.Registry) error {
	return core.Add(r, core.Operation[stepsRequest, stepsResult]{
		ID: "fixture.compute.wait", Title: "Wait", Summary: "Sleeps ten milliseconds per step, reporting progress.",
		Kind: core.Compute, Effect: core.Pure, InputKinds: []string{"fixture_steps"},
		Bounds: core.Bounds{"/steps": maxSteps},
		Run: func(ctx context.Context, q stepsRequest) (stepsResult, error) {
			for i := range q.Steps {
				core.ReportProgress(ctx, float64(i), float64(q.Steps), fmt.Sprintf("step %d", i))
				select {
				case <-ctx.Done():
					return stepsResult{}, ctx.Err()
				case <-time.After(10 * time.Millisecond):
				}
			}
			return stepsResult(q), nil
		},
		Postcondition: func(ctx context.Context, q stepsRequest, r stepsResult) error {
			if q.Steps != r.Steps {
				return errors.New("step count differs")
			}
			return nil
		},
		Examples: []core.Example{
			{Title: "no steps", Payload: json.RawMessage(`{"steps":0}`), Result: json.RawMessage(`{"steps":0}`)},
			{Title: "two steps", Payload: json.RawMessage(`{"steps":2}`), Result: json.RawMessage(`{"steps":2}`)},
		},
		Slow: func() string {
			return `{"steps":500}`
		},
	})
}

func registerPanic(r *core.Registry) error {
	return core.Add(r, core.Operation[stepsRequest, stepsResult]{
		ID: "fixture.compute.panic", Title: "Panic", Summary: "Panics, to exercise internal error handling.",
		Kind: core.Compute, Effect: core.Pure, InputKinds: []string{"fixture_steps"},
		Bounds:        core.Bounds{"/steps": maxSteps},
		Run:           func(context.Context, stepsRequest) (stepsResult, error) { panic("fixture panic") },
		Postcondition: func(context.Context, stepsRequest, stepsResult) error { return nil },
		Examples:      []core.Example{{Title: "panics", Payload: json.RawMessage(`{"steps":0}`), Result: json.RawMessage(`{"steps":0}`)}},
	})
}

func registerParity(r *core.Registry) error {
	return core.Add(r, core.Operation[evenRequest, evenResult]{
		ID: "fixture.parity.check", Title: "Evenness", Summary: "Checks whether an integer is even, with its remainder.",
		Kind: core.Check, Effect: core.Pure, InputKinds: []string{"integer"},
		InputPorts: []core.Port{{Name: "n", Field: "n", ArtifactTypes: []string{"integer"}}},
		Run: func(_ context.Context, q evenRequest) (evenResult, error) {
			rem := new(big.Int).Mod(q.N.Big(), big.NewInt(2))
			v := core.Accepted
			if rem.Sign() != 0 {
				v = core.Rejected
			}
			return evenResult{core.CheckResult{Verdict: v}, core.Bind(q), core.Int(rem)}, nil
		},
		Postcondition: func(context.Context, evenRequest, evenResult) error { return nil },
		Examples:      []core.Example{{Title: "4 is even", Payload: json.RawMessage(`{"n":"4"}`), Result: json.RawMessage(`{"verdict":"accepted","subject":{"n":"4"},"remainder":"0"}`)}},
	})
}
