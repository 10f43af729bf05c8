package core

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"
)

type addRequest struct {
	Left  Integer `json:"left"`
	Right Integer `json:"right"`
}

type addResult struct {
	Sum Integer `json:"sum"`
}

type parityResult struct {
	CheckResult
	Bindings[addRequest]
	Witness *Integer `json:"witness,omitempty"`
}

type spinVerdict struct {
	CheckResult
	Bindings[spinRequest]
}

type spinRequest struct {
	Iterations int `json:"iterations"`
}

// testRegistry installs small operations whose answers are checked by hand.
func testRegistry(t testing.TB) *Registry {
	t.Helper()
	r := NewRegistry()
	err := errors.Join(
		Add(r, Operation[addRequest, addResult]{
			ID: "test.sum.compute", Title: "Sum of two integers", Summary: "Adds two integers exactly.",
			Kind: Compute, Effect: Pure, InputKinds: []string{"integer"},
			Limits: []Limit{{Name: "bits", Max: 64, Unit: "bits", Description: "operand size", Beyond: func() string {
				return `{"left":"18446744073709551616","right":"0"}`
			}}},
			Preflight: func(ctx context.Context, q addRequest) error {
				if q.Left.Big().BitLen() > 64 || q.Right.Big().BitLen() > 64 {
					return Refusef("operands above 64 bits")
				}
				return nil
			},
			Run: func(_ context.Context, q addRequest) (addResult, error) {
				if q.Left.Big().Sign() < 0 && q.Right.Big().Sign() < 0 {
					panic("both negative")
				}
				return addResult{Int(new(big.Int).Add(q.Left.Big(), q.Right.Big()))}, nil
			},
			Postcondition: func(ctx context.Context, q addRequest, s addResult) error {
				if s.Sum.Big().Sign() == 0 && q.Left.Big().Sign() != 0 {
					panic("the check itself fails on a zero sum")
				}
				if new(big.Int).Sub(s.Sum.Big(), q.Left.Big()).Cmp(q.Right.Big()) != 0 {
					return errors.New("sum - left != right")
				}
				return nil
			},
			Examples: []Example{{Title: "small", Payload: json.RawMessage(`{"left":"2","right":"3"}`), Result: json.RawMessage(`{"sum":"5"}`)}},
		}),
		Add(r, Operation[addRequest, parityResult]{
			ID: "test.even.check", Title: "Evenness of a sum", Summary: "Checks that the sum of two integers is even.",
			Kind: Check, Effect: Pure, InputKinds: []string{"integer"},
			Run: func(_ context.Context, q addRequest) (parityResult, error) {
				s := new(big.Int).Add(q.Left.Big(), q.Right.Big())
				if s.Bit(0) == 0 {
					return parityResult{CheckResult: CheckResult{Accepted}, Bindings: Bind(q)}, nil
				}
				w := Int(s)
				return parityResult{CheckResult{Rejected}, Bind(q), &w}, nil
			},
			Postcondition: func(context.Context, addRequest, parityResult) error { return nil },
			Examples:      []Example{{Title: "odd", Payload: json.RawMessage(`{"left":"2","right":"3"}`), Result: json.RawMessage(`{"verdict":"rejected","subject":{"left":"2","right":"3"},"witness":"5"}`)}},
		}),
		Add(r, Operation[spinRequest, addResult]{
			ID: "test.spin.compute", Title: "Spin", Summary: "Loops until cancelled or done.",
			Kind: Compute, Effect: Pure, InputKinds: []string{"integer"},
			Bounds: Bounds{"/iterations": 1 << 20},
			Run: func(ctx context.Context, q spinRequest) (addResult, error) {
				for i := 0; i < q.Iterations; i++ {
					if err := ctx.Err(); err != nil {
						return addResult{}, err
					}
					time.Sleep(time.Millisecond)
				}
				return addResult{Int64(int64(q.Iterations))}, nil
			},
			Postcondition: func(context.Context, spinRequest, addResult) error { return nil },
			Examples:      []Example{{Title: "one", Payload: json.RawMessage(`{"iterations":1}`), Result: json.RawMessage(`{"sum":"1"}`)}},
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRunOutcomes(t *testing.T) {
	rt := NewRuntime(testRegistry(t), RuntimeOptions{})
	tests := []struct {
		name, id, payload string
		outcome           string
		code              Code
		reason            Reason
		value             string
		msg               string
	}{
		{name: "completed", id: "test.sum.compute", payload: `{"left":"2","right":"-7"}`, outcome: OutcomeCompleted, value: `{"sum":"-5"}`},
		{name: "checker rejected", id: "test.even.check", payload: `{"left":"2","right":"3"}`, outcome: OutcomeCompleted, value: `{"verdict":"rejected","subject":{"left":"2","right":"3"},"witness":"5"}`},
		{name: "json number", id: "test.sum.compute", payload: `{"left":84,"right":"3"}`, outcome: OutcomeFailed, code: InvalidPayload, msg: "decimal string"},
		{name: "unknown field", id: "test.sum.compute", payload: `{"left":"1","right":"3","extra":1}`, outcome: OutcomeFailed, code: UnknownField, msg: `"left", "right"`},
		{name: "missing field", id: "test.sum.compute", payload: `{"left":"1"}`, outcome: OutcomeFailed, code: InvalidPayload, msg: "right"},
		{name: "leading zero", id: "test.sum.compute", payload: `{"left":"01","right":"3"}`, outcome: OutcomeFailed, code: InvalidPayload, msg: "exact integer"},
		{name: "plus sign", id: "test.sum.compute", payload: `{"left":"+1","right":"3"}`, outcome: OutcomeFailed, code: InvalidPayload},
		{name: "malformed json", id: "test.sum.compute", payload: "{\"left\":\n\"1\",", outcome: OutcomeFailed, code: InvalidPayload, msg: "line 2"},
		{name: "unknown id", id: "test.sums.compute", payload: `{}`, outcome: OutcomeFailed, code: UnknownCapability, msg: "test.sum.compute"},
		{name: "refused", id: "test.sum.compute", payload: `{"left":"18446744073709551616","right":"0"}`, outcome: OutcomeNonConclusion, reason: ResourceRefused},
		{name: "panic", id: "test.sum.compute", payload: `{"left":"-1","right":"-1"}`, outcome: OutcomeFailed, code: InternalError},
		{name: "panic in postcondition", id: "test.sum.compute", payload: `{"left":"7","right":"-7"}`, outcome: OutcomeFailed, code: InternalError},
		{name: "too many digits", id: "test.sum.compute", payload: `{"left":"1` + strings.Repeat("0", MaxDigits) + `","right":"0"}`, outcome: OutcomeNonConclusion, reason: ResourceRefused},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := rt.Run(context.Background(), RunRequest{CapabilityID: tc.id, Payload: json.RawMessage(tc.payload)})
			if o.Outcome != tc.outcome || o.Code != tc.code || o.Reason != tc.reason {
				t.Fatalf("got %s", o)
			}
			if tc.value != "" && string(o.Value) != tc.value {
				t.Errorf("value %s, want %s", o.Value, tc.value)
			}
			if !strings.Contains(o.Message, tc.msg) {
				t.Errorf("message %q lacks %q", o.Message, tc.msg)
			}
		})
	}
}

func TestRunTimeoutAndCancel(t *testing.T) {
	rt := NewRuntime(testRegistry(t), RuntimeOptions{Slots: 1})
	o := rt.Run(context.Background(), RunRequest{CapabilityID: "test.spin.compute", Payload: json.RawMessage(`{"iterations":100000}`), Timeout: 20 * time.Millisecond})
	if o.Reason != Timeout {
		t.Fatalf("got %s", o)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan Outcome)
	go func() {
		done <- rt.Run(ctx, RunRequest{CapabilityID: "test.spin.compute", Payload: json.RawMessage(`{"iterations":100000}`)})
	}()
	time.Sleep(20 * time.Millisecond)
	if o := rt.Run(context.Background(), RunRequest{CapabilityID: "test.spin.compute", Payload: json.RawMessage(`{"iterations":1}`)}); o.Reason != ResourceRefused {
		t.Errorf("saturated executor: got %s", o)
	}
	cancel()
	if o := <-done; o.Reason != Cancelled {
		t.Fatalf("got %s", o)
	}
	if o := rt.Run(context.Background(), RunRequest{CapabilityID: "test.spin.compute", Payload: json.RawMessage(`{"iterations":1}`)}); o.Outcome != OutcomeCompleted {
		t.Errorf("slot not freed: got %s", o)
	}
}

func TestSyntaxErrorPositionCountsLeadingBlankLines(t *testing.T) {
	rt := NewRuntime(testRegistry(t), RuntimeOptions{})
	o := rt.Run(context.Background(), RunRequest{CapabilityID: "test.sum.compute", Payload: json.RawMessage("\n\n\n{\"left\": \"1\",, }")})
	if o.Code != InvalidPayload || !strings.Contains(o.Message, "line 4") {
		t.Fatalf("got %s", o)
	}
}

func TestPackageOf(t *testing.T) {
	for symbol, want := range map[string]string{
		"jacobian.dev/integer.Register.func1": "jacobian.dev/integer",
		"gopkg.in/yaml%2ev3.Register":         "gopkg.in/yaml.v3",
		"example.com/a/b.(*T).Run":            "example.com/a/b",
		"main.main":                           "main",
	} {
		if got := packageOf(symbol); got != want {
			t.Errorf("packageOf(%q) = %q, want %q", symbol, got, want)
		}
	}
}

// slowCheckRegistry has a compute operation and a checker whose
// postconditions run until their context ends, or report a refutation when
// it never does: an interrupted check must never become a verdict or a
// POSTCONDITION_FAILED.
func slowCheckRegistry(t *testing.T) *Registry {
	t.Helper()
	waitThenRefute := func(ctx context.Context, q spinRequest) error {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(q.Iterations) * time.Millisecond):
			return errors.New("refuted")
		}
	}
	r := NewRegistry()
	err := errors.Join(
		Add(r, Operation[spinRequest, addResult]{
			ID: "test.slowcheck.compute", Title: "Slow check", Summary: "Returns at once; its check takes long.",
			Kind: Compute, Effect: Pure, InputKinds: []string{"integer"},
			Bounds: Bounds{"/iterations": 1 << 20},
			Run:    func(context.Context, spinRequest) (addResult, error) { return addResult{Int64(1)}, nil },
			Postcondition: func(ctx context.Context, q spinRequest, _ addResult) error {
				return waitThenRefute(ctx, q)
			},
			Examples: []Example{{Title: "one", Payload: json.RawMessage(`{"iterations":0}`), Result: json.RawMessage(`{"sum":"1"}`)}},
		}),
		Add(r, Operation[spinRequest, spinVerdict]{
			ID: "test.slowcheck.check", Title: "Slow checker", Summary: "Accepts at once; its check takes long.",
			Kind: Check, Effect: Pure, InputKinds: []string{"integer"},
			Bounds: Bounds{"/iterations": 1 << 20},
			Run: func(_ context.Context, q spinRequest) (spinVerdict, error) {
				return spinVerdict{CheckResult{Accepted}, Bind(q)}, nil
			},
			Postcondition: func(ctx context.Context, q spinRequest, _ spinVerdict) error {
				return waitThenRefute(ctx, q)
			},
			Examples: []Example{{Title: "one", Payload: json.RawMessage(`{"iterations":0}`), Result: json.RawMessage(`{"verdict":"accepted","subject":{"iterations":0}}`)}},
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestInterruptedPostconditionConcludesNothing(t *testing.T) {
	rt := NewRuntime(slowCheckRegistry(t), RuntimeOptions{})
	slow := json.RawMessage(`{"iterations":60000}`)
	tests := []struct {
		name   string
		id     string
		cancel bool
		reason Reason
	}{
		{"compute, deadline", "test.slowcheck.compute", false, Timeout},
		{"compute, cancelled", "test.slowcheck.compute", true, Cancelled},
		{"checker, deadline", "test.slowcheck.check", false, CheckerInterrupted},
		{"checker, cancelled", "test.slowcheck.check", true, CheckerInterrupted},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			req := RunRequest{CapabilityID: tc.id, Payload: slow, Timeout: 30 * time.Millisecond}
			if tc.cancel {
				req.Timeout = 0
				time.AfterFunc(30*time.Millisecond, cancel)
			}
			start := time.Now()
			o := rt.Run(ctx, req)
			if o.Outcome != OutcomeNonConclusion || o.Reason != tc.reason || o.Verdict != "" || len(o.Value) != 0 {
				t.Fatalf("got %s, want non_conclusion %s with no verdict or value", o, tc.reason)
			}
			if el := time.Since(start); el > 5*time.Second {
				t.Errorf("the interrupted check took %v to end", el)
			}
		})
	}
	// The same check left to finish refutes the result: the withheld
	// outcome above was the interruption, not the check's answer.
	o := rt.Run(t.Context(), RunRequest{CapabilityID: "test.slowcheck.compute", Payload: json.RawMessage(`{"iterations":1}`)})
	if o.Code != PostconditionFailed {
		t.Fatalf("an uninterrupted refutation: got %s", o)
	}
}

// TestRunEndedBeforeDecodeIsInterrupted: a run cancelled, or out of time,
// before its payload is decoded ends interrupted and never executes,
// whether the quick pass decodes the payload and whether the preflight
// would accept or refuse it.
func TestRunEndedBeforeDecodeIsInterrupted(t *testing.T) {
	reg := testRegistry(t)
	rt := NewRuntime(reg, RuntimeOptions{})
	d, _ := reg.Lookup("test.sum.compute")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name, id, payload string
		ctx               context.Context
		timeout           time.Duration
		quick             bool
		reason            Reason
	}{
		{"cancelled, accepted", "test.sum.compute", `{"left":"2","right":"3"}`, cancelled, 0, true, Cancelled},
		{"cancelled, refused by the preflight", "test.sum.compute", `{"left":"18446744073709551616","right":"3"}`, cancelled, 0, true, Cancelled},
		{"cancelled, the full parse", "test.sum.compute", ` {"left" : "2", "right" : "\u0033"}`, cancelled, 0, false, Cancelled},
		{"cancelled, a check", "test.even.check", `{"left":"2","right":"3"}`, cancelled, 0, true, CheckerInterrupted},
		{"out of time, accepted", "test.sum.compute", `{"left":"2","right":"3"}`, context.Background(), time.Nanosecond, true, Timeout},
		{"out of time, refused by the preflight", "test.sum.compute", `{"left":"18446744073709551616","right":"3"}`, context.Background(), time.Nanosecond, true, Timeout},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.id == d.ID {
				if _, _, quick := d.quickParse([]byte(c.payload), nil); quick != c.quick {
					t.Fatalf("the quick pass takes the payload: %v, want %v", quick, c.quick)
				}
			}
			executed := false
			ctx := OnExecute(c.ctx, func() { executed = true })
			o := rt.Run(ctx, RunRequest{CapabilityID: c.id, Payload: json.RawMessage(c.payload), Timeout: c.timeout})
			if o.Outcome != OutcomeNonConclusion || o.Reason != c.reason || executed {
				t.Errorf("got %s (executed: %v), want %s", o, executed, c.reason)
			}
		})
	}
}

// TestRunLookupAcrossOperations alternates operations, with unknown and
// near-miss IDs between them, on one runtime: each run reaches its own
// declaration whatever the run before looked up (Runtime.lookup).
func TestRunLookupAcrossOperations(t *testing.T) {
	rt := NewRuntime(testRegistry(t), RuntimeOptions{})
	payload := json.RawMessage(`{"left":"2","right":"3"}`)
	for range 3 {
		for _, c := range []struct {
			id, want string
			code     Code
		}{
			{"test.sum.compute", `{"sum":"5"}`, ""},
			{"test.sum.computee", "", UnknownCapability},
			{"test.even.check", `{"verdict":"rejected","subject":{"left":"2","right":"3"},"witness":"5"}`, ""},
			{"test.even.check", `{"verdict":"rejected","subject":{"left":"2","right":"3"},"witness":"5"}`, ""},
			{"", "", UnknownCapability},
			{"test.sum.compute", `{"sum":"5"}`, ""},
		} {
			o := rt.Run(context.Background(), RunRequest{CapabilityID: c.id, Payload: payload})
			if o.CapabilityID != c.id || o.Code != c.code || string(o.Value) != c.want {
				t.Fatalf("%q: got %s", c.id, o)
			}
		}
	}
}
