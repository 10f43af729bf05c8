package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"jacobian.dev/core"
)

// The server's tests install their own small domain so that the server
// module never imports a real one.

type pairRequest struct {
	Left  core.Integer `json:"left"`
	Right core.Integer `json:"right"`
}

type gcdResult struct {
	GCD core.Integer `json:"gcd"`
}

type squareRequest struct {
	N core.Integer `json:"n"`
}

type squareResult struct {
	Square core.Integer `json:"square"`
}

type faultRequest struct {
	// Fault is "none", "postcondition" or "panic".
	Fault string `json:"fault"`
}

type slowRequest struct {
	// Millis is how long to work before answering.
	Millis int `json:"millis"`
	// Quiet work reports no progress of its own.
	Quiet bool `json:"quiet,omitempty"`
}

type slowResult struct {
	// WaitedMS is the requested wait, so the answer does not depend on the
	// machine's speed.
	WaitedMS core.Integer `json:"waited_ms"`
}

// Euclid's algorithm, written out so that the test domain does not share
// code with what checks it.
func euclid(a, b *big.Int) *big.Int {
	a, b = new(big.Int).Abs(a), new(big.Int).Abs(b)
	for b.Sign() != 0 {
		a, b = b, new(big.Int).Mod(a, b)
	}
	return a
}

func testRegistry(t testing.TB) *core.Registry {
	t.Helper()
	r := core.NewRegistry()
	err := errors.Join(
		core.Add(r, core.Operation[pairRequest, gcdResult]{
			ID: "test.compute.gcd", Title: "Greatest common divisor (test)",
			Summary:  "Greatest common divisor of two integers, non-negative, for the server's tests.",
			Keywords: []string{"gcd", "greatest common divisor"},
			Kind:     core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
			InputPorts: []core.Port{
				{Name: "left", Field: "left", ArtifactTypes: []string{"test.integer"}},
				{Name: "right", Field: "right", ArtifactTypes: []string{"test.integer"}},
			},
			Limits: []core.Limit{{Name: "operand_bits", Max: 4096, Unit: "bits", Description: "each operand has at most this many bits", Beyond: func() string {
				return fmt.Sprintf(`{"left":"%s","right":"1"}`, new(big.Int).Lsh(big.NewInt(1), 4096))
			}}},
			Preflight: func(ctx context.Context, q pairRequest) error {
				if q.Left.Big().BitLen() > 4096 || q.Right.Big().BitLen() > 4096 {
					return core.Refusef("operands above 4096 bits")
				}
				return nil
			},
			Run: func(_ context.Context, q pairRequest) (gcdResult, error) {
				if q.Left.Big().Sign() == 0 && q.Right.Big().Sign() == 0 {
					return gcdResult{}, core.DomainErrorf("gcd(0, 0) is not defined by this test operation; give a nonzero operand")
				}
				return gcdResult{core.Int(euclid(q.Left.Big(), q.Right.Big()))}, nil
			},
			Postcondition: func(ctx context.Context, q pairRequest, r gcdResult) error {
				g := r.GCD.Big()
				if g.Sign() <= 0 || new(big.Int).Rem(q.Left.Big(), g).Sign() != 0 || new(big.Int).Rem(q.Right.Big(), g).Sign() != 0 {
					return errors.New("gcd does not divide both operands")
				}
				return nil
			},
			Examples: []core.Example{{Title: "84 and 30", Payload: json.RawMessage(`{"left":"84","right":"30"}`), Result: json.RawMessage(`{"gcd":"6"}`)}},
			Generate: func(ctx context.Context, rng *rand.Rand) pairRequest {
				return pairRequest{core.Int64(rng.Int64N(1e12) + 1), core.Int64(rng.Int64N(1e12))}
			},
		}),
		core.Add(r, core.Operation[squareRequest, squareResult]{
			ID: "test.compute.square", Title: "Square (test)",
			Summary: "Squares an integer and publishes the square on an output port.",
			Kind:    core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
			InputPorts:  []core.Port{{Name: "n", Field: "n", ArtifactTypes: []string{"test.natural"}}},
			OutputPorts: []core.Port{{Name: "square", Field: "square", ArtifactTypes: []string{"test.integer"}}},
			Run: func(_ context.Context, q squareRequest) (squareResult, error) {
				return squareResult{core.Int(new(big.Int).Mul(q.N.Big(), q.N.Big()))}, nil
			},
			Postcondition: func(ctx context.Context, q squareRequest, r squareResult) error {
				if new(big.Int).Sqrt(r.Square.Big()).Cmp(new(big.Int).Abs(q.N.Big())) != 0 {
					return errors.New("the square root of the result is not |n|")
				}
				return nil
			},
			Examples: []core.Example{{Title: "12", Payload: json.RawMessage(`{"n":"12"}`), Result: json.RawMessage(`{"square":"144"}`)}},
		}),
		core.Add(r, core.Operation[faultRequest, squareResult]{
			ID: "test.compute.fault", Title: "Faulty operation (test)",
			Summary: "Fails on purpose: a wrong answer caught by the postcondition, or a panic.",
			Kind:    core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
			Bounds: core.Bounds{"/fault": 16},
			Run: func(_ context.Context, q faultRequest) (squareResult, error) {
				if q.Fault == "panic" {
					panic("deliberate fault")
				}
				return squareResult{core.Int64(-1)}, nil
			},
			Postcondition: func(ctx context.Context, q faultRequest, r squareResult) error {
				if q.Fault == "none" {
					return nil
				}
				return errors.New("a square is never negative")
			},
			Examples: []core.Example{{Title: "no fault", Payload: json.RawMessage(`{"fault":"none"}`), Result: json.RawMessage(`{"square":"-1"}`)}},
		}),
		core.Add(r, core.Operation[slowRequest, slowResult]{
			ID: "test.compute.slow", Title: "Slow count (test)",
			Summary:  "Waits the requested number of milliseconds, polling its context and reporting progress.",
			Keywords: []string{"slow", "wait"},
			Kind:     core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
			Bounds: core.Bounds{"/millis": 3_600_000},
			Run: func(ctx context.Context, q slowRequest) (slowResult, error) {
				deadline := time.Now().Add(time.Duration(q.Millis) * time.Millisecond)
				steps := int64(0)
				for time.Now().Before(deadline) {
					if err := ctx.Err(); err != nil {
						return slowResult{}, err
					}
					time.Sleep(time.Millisecond)
					steps++
					if steps%100 == 0 && !q.Quiet {
						core.ReportProgress(ctx, float64(steps), float64(q.Millis), "counting")
					}
				}
				return slowResult{core.Int64(int64(q.Millis))}, nil
			},
			Postcondition: func(ctx context.Context, q slowRequest, r slowResult) error {
				if r.WaitedMS.Big().Cmp(big.NewInt(int64(q.Millis))) != 0 {
					return errors.New("the result is not the requested wait")
				}
				return nil
			},
			Examples: []core.Example{{Title: "no wait", Payload: json.RawMessage(`{"millis":0}`), Result: json.RawMessage(`{"waited_ms":"0"}`)}},
			Slow: func() string {
				return `{"millis":60000}`
			},
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
