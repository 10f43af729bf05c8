package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"time"

	"jacobian.dev/core"
)

// The broken domain gets past core.Add but breaks the contract, one defect
// per operation, each aimed at one clause that only running the operation
// can reveal. Every operation doubles an integer; the defects are the
// point.
//
// Two branches cannot be reached this way, because core.Add and the
// runtime already enforce them: an added field always meets a closed
// top-level schema, so the UNKNOWN_FIELD half of unknown_fields cannot
// fail; and Add parses every example, so the runtime-parse half of
// examples_validate cannot either. The static clauses that Add guards are
// shown to fail on hand-built declarations in TestStaticClauses.

type brokenRequest struct {
	N core.Integer `json:"n"`
}

type brokenResult struct {
	Double core.Integer `json:"double"`
}

func double(n *big.Int) core.Integer { return core.Int(new(big.Int).Lsh(n, 1)) }

func doubles(_ context.Context, q brokenRequest, r brokenResult) error {
	if new(big.Int).Lsh(q.N.Big(), 1).Cmp(r.Double.Big()) != 0 {
		return fmt.Errorf("%s is not twice %s", r.Double, q.N)
	}
	return nil
}

func doubleRun(_ context.Context, q brokenRequest) (brokenResult, error) {
	return brokenResult{double(q.N.Big())}, nil
}

func smallInteger(_ context.Context, rng *rand.Rand) brokenRequest {
	return brokenRequest{core.Int64(rng.Int64N(2001) - 1000)}
}

// brokenOp is a sound doubling operation that each defect below alters.
func brokenOp(id string) core.Operation[brokenRequest, brokenResult] {
	return core.Operation[brokenRequest, brokenResult]{
		ID: id, Title: "Double", Summary: "Doubles an integer, for testing conformance.",
		Kind: core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
		Run: doubleRun, Postcondition: doubles,
		Examples: []core.Example{
			{Title: "two", Payload: json.RawMessage(`{"n":"2"}`), Result: json.RawMessage(`{"double":"4"}`)},
		},
		Generate: smallInteger,
	}
}

// wantBroken is every clause the broken domain must fail, and nothing else.
var wantBroken = map[string][]string{
	"broken.example.compute":       {"examples_run"},
	"broken.postcondition.compute": {"postcondition_generated"},
	"broken.panic.compute":         {"postcondition_generated"},
	"broken.preflight.compute":     {"preflight_limits"},
	"broken.deaf.compute":          {"cancellation"},
	"broken.flip.compute":          {"determinism"},
	"broken.withheld.compute":      {"examples_run", "results_validate"},
	"broken.quick.compute":         {"cancellation"},
	"broken.slow_refused.compute":  {"cancellation"},
	"broken.unseeded.compute":      {"determinism"},
	"broken.fragile.compute":       {"postcondition_generated"},
	"broken.lingering.compute":     {"cancellation"},
	"broken.off_by_one.compute":    {"preflight_limits"},
	"broken.pathless.compute":      {"refusal_examples"},
	"broken.parity.check":          {"verdict_bindings"},
}

func registerBroken(r *core.Registry) error {
	// An example whose expected result is wrong: 2·3 is 6, not 5.
	wrongExample := brokenOp("broken.example.compute")
	wrongExample.Examples = append(wrongExample.Examples,
		core.Example{Title: "three", Payload: json.RawMessage(`{"n":"3"}`), Result: json.RawMessage(`{"double":"5"}`)})

	// Adds one to odd inputs; the examples are even, the postcondition
	// catches it on generated inputs.
	offByOne := brokenOp("broken.postcondition.compute")
	offByOne.Run = func(_ context.Context, q brokenRequest) (brokenResult, error) {
		d := double(q.N.Big()).Big()
		if q.N.Big().Bit(0) == 1 {
			d.Add(d, big.NewInt(1))
		}
		return brokenResult{core.Int(d)}, nil
	}

	// Indexes past a slice for negative inputs.
	panics := brokenOp("broken.panic.compute")
	panics.Run = func(_ context.Context, q brokenRequest) (brokenResult, error) {
		table := []int64{0, 2, 4}
		if q.N.Big().Sign() < 0 {
			return brokenResult{core.Int64(table[q.N.Big().Sign()])}, nil
		}
		return brokenResult{double(q.N.Big())}, nil
	}

	// Declares a limit that preflight does not enforce.
	unenforced := brokenOp("broken.preflight.compute")
	unenforced.Limits = []core.Limit{{
		Name: "n_digits", Max: 10, Unit: "decimal digits", Description: "n has at most ten digits",
		Beyond: func() string {
			return `{"n":"` + strings.Repeat("9", 11) + `"}`
		},
		At: func() string { return `{"n":"` + strings.Repeat("9", 10) + `"}` },
	}}
	unenforced.Preflight = func(context.Context, brokenRequest) error { return nil }

	// Sleeps a second on the Slow payload without looking at ctx.
	deaf := brokenOp("broken.deaf.compute")
	deaf.Run = func(ctx context.Context, q brokenRequest) (brokenResult, error) {
		if q.N.Big().Cmp(big.NewInt(1_000_000)) > 0 {
			time.Sleep(time.Second)
		}
		return doubleRun(ctx, q)
	}
	deaf.Slow = func() string { return `{"n":"1000000000"}` }

	// Declares a Slow payload that finishes at once.
	quick := brokenOp("broken.quick.compute")
	quick.Slow = func() string { return `{"n":"1000000000"}` }

	// Declares a Slow payload beyond its own limit.
	slowRefused := brokenOp("broken.slow_refused.compute")
	slowRefused.Limits = []core.Limit{{
		Name: "n_digits", Max: 3, Unit: "decimal digits", Description: "n has at most three digits",
		Beyond: func() string {
			return `{"n":"1000"}`
		},
		At: func() string { return `{"n":"999"}` },
	}}
	slowRefused.Preflight = func(_ context.Context, q brokenRequest) error {
		if len(q.N.Big().String()) > 3 {
			return core.Refusef("n has more than three digits")
		}
		return nil
	}
	slowRefused.Generate = func(_ context.Context, rng *rand.Rand) brokenRequest {
		return brokenRequest{core.Int64(rng.Int64N(100))}
	}
	slowRefused.Slow = func() string { return `{"n":"1000000000"}` }

	// Refuses its own limit: a request exactly at the bound.
	atRefused := brokenOp("broken.off_by_one.compute")
	atRefused.Limits = []core.Limit{{
		Name: "n_digits", Max: 3, Unit: "decimal digits", Description: "n has at most three digits",
		Beyond: func() string { return `{"n":"1000"}` },
		At:     func() string { return `{"n":"999"}` },
	}}
	atRefused.Preflight = func(_ context.Context, q brokenRequest) error {
		if len(q.N.Big().String()) >= 3 {
			return core.Refusef("n has about 4 digits")
		}
		return nil
	}
	atRefused.Generate = func(_ context.Context, rng *rand.Rand) brokenRequest {
		return brokenRequest{core.Int64(rng.Int64N(100))}
	}

	// Fails its refusal example without naming the field at fault.
	pathless := brokenOp("broken.pathless.compute")
	pathless.Run = func(ctx context.Context, q brokenRequest) (brokenResult, error) {
		if q.N.Big().Sign() == 0 {
			return brokenResult{}, core.DomainErrorf("n must not be zero")
		}
		return doubleRun(ctx, q)
	}
	pathless.RefusalExamples = func() []core.RefusalExample {
		return []core.RefusalExample{{Title: "zero", Payload: `{"n":"0"}`, Code: core.DomainError, Path: "/payload/n"}}
	}

	// Draws its random requests from the global source, not the one it is
	// given, so the seed does not reproduce them.
	unseeded := brokenOp("broken.unseeded.compute")
	unseeded.Generate = func(context.Context, *rand.Rand) brokenRequest {
		return brokenRequest{core.Int64(rand.Int64N(1_000_000_000))}
	}

	// Panics while decoding a negative n: the runtime must recover it as
	// INTERNAL_ERROR, which the postcondition clause reports.
	fragile := core.Operation[fragileRequest, brokenResult]{
		ID: "broken.fragile.compute", Title: "Double", Summary: "Doubles a non-negative integer, for testing conformance.",
		Kind: core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
		Run: func(ctx context.Context, q fragileRequest) (brokenResult, error) {
			return doubleRun(ctx, brokenRequest(q))
		},
		Postcondition: func(ctx context.Context, q fragileRequest, r brokenResult) error {
			return doubles(ctx, brokenRequest(q), r)
		},
		Examples: []core.Example{{Title: "two", Payload: json.RawMessage(`{"n":"2"}`), Result: json.RawMessage(`{"double":"4"}`)}},
		Generate: func(ctx context.Context, rng *rand.Rand) fragileRequest {
			return fragileRequest(smallInteger(ctx, rng))
		},
	}

	// Sees the cancellation but takes 800ms to wind down, every time.
	lingering := brokenOp("broken.lingering.compute")
	lingering.Run = lingerOnSlow(func() time.Duration { return 800 * time.Millisecond })
	lingering.Slow = func() string { return `{"n":"1000000000"}` }

	// Encodes its fields in an order that alternates from call to call: the
	// values are equal as JSON, the bytes are not.
	var calls atomic.Int64
	flip := core.Operation[brokenRequest, flipResult]{
		ID: "broken.flip.compute", Title: "Double and triple", Summary: "Doubles and triples an integer, for testing conformance.",
		Kind: core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
		Run: func(_ context.Context, q brokenRequest) (flipResult, error) {
			return flipResult{Double: double(q.N.Big()), Triple: core.Int(new(big.Int).Mul(q.N.Big(), big.NewInt(3))), flip: calls.Add(1)%2 == 0}, nil
		},
		Postcondition: func(ctx context.Context, q brokenRequest, r flipResult) error {
			if new(big.Int).Sub(r.Triple.Big(), r.Double.Big()).Cmp(q.N.Big()) != 0 {
				return errors.New("triple - double != n")
			}
			return nil
		},
		Examples: []core.Example{{Title: "two", Payload: json.RawMessage(`{"n":"2"}`), Result: json.RawMessage(`{"double":"4","triple":"6"}`)}},
	}

	// Encodes its integer as a JSON number, against its own schema, so
	// the runtime withholds every result.
	withheld := core.Operation[brokenRequest, numericResult]{
		ID: "broken.withheld.compute", Title: "Double", Summary: "Doubles an integer, for testing conformance.",
		Kind: core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
		Run: func(_ context.Context, q brokenRequest) (numericResult, error) {
			return numericResult{double(q.N.Big())}, nil
		},
		Postcondition: func(context.Context, brokenRequest, numericResult) error { return nil },
		Examples:      []core.Example{{Title: "two", Payload: json.RawMessage(`{"n":"2"}`), Result: json.RawMessage(`{"double":"4"}`)}},
	}

	// A checker whose verdict does not say what it is about.
	unbound := core.Operation[brokenRequest, brokenVerdict]{
		ID: "broken.parity.check", Title: "Evenness", Summary: "Checks that an integer is even, for testing conformance.",
		Kind: core.Check, Effect: core.Pure, InputKinds: []string{"integer"},
		Run: func(_ context.Context, q brokenRequest) (brokenVerdict, error) {
			v := core.Rejected
			if q.N.Big().Bit(0) == 0 {
				v = core.Accepted
			}
			return brokenVerdict{CheckResult: core.CheckResult{Verdict: v}}, nil
		},
		Postcondition: func(context.Context, brokenRequest, brokenVerdict) error { return nil },
		Examples:      []core.Example{{Title: "two", Payload: json.RawMessage(`{"n":"2"}`), Result: json.RawMessage(`{"verdict":"accepted"}`)}},
	}

	return errors.Join(
		core.Add(r, wrongExample),
		core.Add(r, offByOne),
		core.Add(r, panics),
		core.Add(r, unenforced),
		core.Add(r, deaf),
		core.Add(r, flip),
		core.Add(r, withheld),
		core.Add(r, quick),
		core.Add(r, slowRefused),
		core.Add(r, unseeded),
		core.Add(r, atRefused),
		core.Add(r, pathless),
		core.Add(r, unbound),
		core.Add(r, fragile),
		core.Add(r, lingering),
	)
}

type brokenVerdict struct {
	core.CheckResult
	core.Bindings[brokenRequest]
}

type flipResult struct {
	Double core.Integer `json:"double"`
	Triple core.Integer `json:"triple"`
	flip   bool
}

func (r flipResult) MarshalJSON() ([]byte, error) {
	if r.flip {
		return fmt.Appendf(nil, `{"triple":"%s","double":"%s"}`, r.Triple, r.Double), nil
	}
	return fmt.Appendf(nil, `{"double":"%s","triple":"%s"}`, r.Double, r.Triple), nil
}

type numberRequest struct {
	N any `json:"n"`
}

type numericResult struct {
	Double core.Integer `json:"double"`
}

func (r numericResult) MarshalJSON() ([]byte, error) {
	return fmt.Appendf(nil, `{"double":%s}`, r.Double), nil
}

type fragileRequest brokenRequest

func (q *fragileRequest) UnmarshalJSON(b []byte) error {
	var r brokenRequest
	if err := json.Unmarshal(b, &r); err != nil {
		return err
	}
	if r.N.Big().Sign() < 0 {
		panic("negative n")
	}
	*q = fragileRequest(r)
	return nil
}

// lingerOnSlow is a Run that, for n above a million, waits for
// cancellation and then takes linger() more before returning ctx.Err().
func lingerOnSlow(linger func() time.Duration) func(context.Context, brokenRequest) (brokenResult, error) {
	return func(ctx context.Context, q brokenRequest) (brokenResult, error) {
		if q.N.Big().Cmp(big.NewInt(1_000_000)) > 0 {
			<-ctx.Done()
			time.Sleep(linger())
			return brokenResult{}, ctx.Err()
		}
		return doubleRun(ctx, q)
	}
}

// unregistrable are declarations whose shape breaks a declaration rule, so
// core.Add refuses them and only the static clauses can report on them.
func unregistrable() []declared {
	// Has an example without a title, which the catalog cannot show.
	untitled := brokenOp("broken.untitled.compute")
	untitled.Examples[0].Title = ""

	// Takes n as any JSON value, so a JSON number gets through and is
	// silently rounded to a float64, and an object with any fields would
	// too.
	number := core.Operation[numberRequest, brokenResult]{
		ID: "broken.number.compute", Title: "Double", Summary: "Doubles an integer given as a string or a number.",
		Kind: core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
		Run: func(_ context.Context, q numberRequest) (brokenResult, error) {
			var n *big.Int
			switch v := q.N.(type) {
			case string:
				x, err := core.ParseInteger(v)
				if err != nil {
					return brokenResult{}, core.DomainErrorf("%v", err)
				}
				n = x
			case float64:
				n, _ = big.NewFloat(v).Int(nil)
			default:
				return brokenResult{}, core.DomainErrorf("n must be an integer")
			}
			return brokenResult{double(n)}, nil
		},
		Postcondition: func(context.Context, numberRequest, brokenResult) error { return nil },
		Examples:      []core.Example{{Title: "two", Payload: json.RawMessage(`{"n":"2"}`), Result: json.RawMessage(`{"double":"4"}`)}},
	}

	return []declared{declare("untitled example", untitled), declare("number or string", number)}
}
