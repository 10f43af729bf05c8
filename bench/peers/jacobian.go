package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"

	"jacobian.dev/core"
	"jacobian.dev/finitefield"
	"jacobian.dev/integer"
	"jacobian.dev/matrix"
	"jacobian.dev/polynomial"
)

// newRuntime is the runtime the catalog cases run through: the four
// standard domains, as the jacobian binary installs them. Results stay
// inline however large, so no case depends on an artifact store, and the
// deadline is the peers' (peerTimeout) rather than the default minute, so
// that a loaded machine slows a case down instead of failing it.
func newRuntime() (*core.Runtime, error) {
	reg, err := core.NewRegistryWith(integer.Register, matrix.Register, finitefield.Register, polynomial.Register)
	if err != nil {
		return nil, err
	}
	return core.NewRuntime(reg, core.RuntimeOptions{InlineLimit: 1 << 30, Timeout: peerTimeout}), nil
}

// jacobianSide is how Jacobian computes a case. prepare turns the inputs
// into the timed call (untimed: building a payload or Go values); the timed
// call does the work and returns the conversion of its result to answer
// lines, which runs after the clock stops.
type jacobianSide struct {
	prepare func(in []Input) (timedCall, error)
}

type timedCall func(ctx context.Context, rt *core.Runtime) (answer func() ([]string, error), err error)

// operation times the catalog operation id through Runtime.Run, the
// pipeline every surface uses: payload decoding, preflight, execution,
// postcondition and result encoding are all inside the clock. payload
// builds the request from the inputs; answer reads the answer lines from
// the result value.
func operation(id string, payload func(in []Input) any, answer func(value json.RawMessage) ([]string, error)) jacobianSide {
	return jacobianSide{prepare: func(in []Input) (timedCall, error) {
		raw, err := json.Marshal(payload(in))
		if err != nil {
			return nil, err
		}
		req := core.RunRequest{CapabilityID: id, Payload: raw}
		return func(ctx context.Context, rt *core.Runtime) (func() ([]string, error), error) {
			out := rt.Run(ctx, req)
			if out.Outcome != core.OutcomeCompleted {
				return nil, fmt.Errorf("%s: %s %s%s: %s%s", id, out.Outcome, out.Code, out.Reason, out.Message, out.Detail)
			}
			if len(out.Value) == 0 {
				return nil, fmt.Errorf("%s: the result was not carried inline", id)
			}
			// The closure holds the value alone: holding the outcome
			// would move all of it to the heap on every call, a cost of
			// the harness that the clock would count as Jacobian's.
			value := out.Value
			return func() ([]string, error) { return answer(value) }, nil
		}, nil
	}}
}

// kernel times a bare Go call: prepare converts the inputs, call is the
// timed work, answer gives its answer lines.
func kernel[P, R any](prepare func(in []Input) P, call func(P) R, answer func(R) []string) jacobianSide {
	return jacobianSide{prepare: func(in []Input) (timedCall, error) {
		p := prepare(in)
		return func(context.Context, *core.Runtime) (func() ([]string, error), error) {
			r := call(p)
			return func() ([]string, error) { return answer(r), nil }, nil
		}, nil
	}}
}

// Payloads and answers of the catalog operations.

func decimals(xs []*big.Int) []string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = x.String()
	}
	return s
}

type coefficientForm struct {
	Coefficients []string `json:"coefficients"`
}

func polyPayload(p []*big.Int) coefficientForm { return coefficientForm{decimals(p)} }

func matrixPayload(rows [][]*big.Int) [][]string {
	m := make([][]string, len(rows))
	for i, r := range rows {
		m[i] = decimals(r)
	}
	return m
}

// stringAnswer reads the string field name of the result as one line.
func stringAnswer(name string) func(json.RawMessage) ([]string, error) {
	return func(v json.RawMessage) ([]string, error) {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(v, &fields); err != nil {
			return nil, err
		}
		var s string
		if err := json.Unmarshal(fields[name], &s); err != nil {
			return nil, fmt.Errorf("result field %q: %v", name, err)
		}
		return []string{s}, nil
	}
}

// polyAnswer reads the polynomial field name of the result as its
// coefficient lines.
func polyAnswer(name string) func(json.RawMessage) ([]string, error) {
	return func(v json.RawMessage) ([]string, error) {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(v, &fields); err != nil {
			return nil, err
		}
		var p coefficientForm
		if err := json.Unmarshal(fields[name], &p); err != nil {
			return nil, fmt.Errorf("result field %q: %v", name, err)
		}
		if len(p.Coefficients) == 0 {
			return []string{"0"}, nil
		}
		return p.Coefficients, nil
	}
}

// Answers of the kernels.

func intLines(x *big.Int) []string { return []string{x.String()} }

// polyLines is the canonical answer of a polynomial: its coefficients
// constant term first without trailing zeros, the zero polynomial as 0.
func polyLines(p []*big.Int) []string {
	n := len(p)
	for n > 0 && p[n-1].Sign() == 0 {
		n--
	}
	if n == 0 {
		return []string{"0"}
	}
	return decimals(p[:n])
}
