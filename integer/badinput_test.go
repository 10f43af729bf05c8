package integer

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"jacobian.dev/core"
)

// TestBadInput: each malformed or out-of-domain request fails with its
// stable code and a message that says what to change.
func TestBadInput(t *testing.T) {
	rt := newRuntime(t)
	tests := []struct {
		name, id, payload string
		code              core.Code
		msg               string
	}{
		{"json number", "integer.compute.gcd", `{"left":84,"right":"30"}`, core.InvalidPayload, "decimal string"},
		{"json number in lcm", "integer.compute.lcm", `{"left":"4","right":6}`, core.InvalidPayload, "decimal string"},
		{"json number modulus", "integer.compute.modular_inverse", `{"value":"3","modulus":11}`, core.InvalidPayload, "decimal string"},
		{"json number n", "integer.compute.prime_factorization", `{"n":360}`, core.InvalidPayload, "decimal string"},
		{"json number primality", "integer.check.primality", `{"n":97}`, core.InvalidPayload, "decimal string"},
		{"unknown field", "integer.compute.extended_gcd", `{"left":"1","right":"2","third":"3"}`, core.UnknownField, `"left", "right"`},
		{"unknown field power", "integer.compute.modular_power", `{"base":"2","exponent":"3","modulus":"5","mod":"5"}`, core.UnknownField, "mod"},
		{"unknown field factor", "integer.compute.prime_factorization", `{"n":"12","budget":5}`, core.UnknownField, "max_iterations"},
		{"missing field", "integer.compute.modular_power", `{"base":"2","exponent":"3"}`, core.InvalidPayload, "modulus"},
		{"leading zero", "integer.compute.lcm", `{"left":"012","right":"3"}`, core.InvalidPayload, "leading zeros"},
		{"zero modulus", "integer.compute.modular_inverse", `{"value":"3","modulus":"0"}`, core.DomainError, "positive"},
		{"negative modulus", "integer.compute.modular_inverse", `{"value":"3","modulus":"-7"}`, core.DomainError, "positive"},
		{"non-unit", "integer.compute.modular_inverse", `{"value":"6","modulus":"15"}`, core.DomainError, "gcd(6, 15) = 3 ≠ 1"},
		{"zero modulus power", "integer.compute.modular_power", `{"base":"3","exponent":"2","modulus":"0"}`, core.DomainError, "positive"},
		{"negative modulus power", "integer.compute.modular_power", `{"base":"3","exponent":"2","modulus":"-5"}`, core.DomainError, "positive"},
		{"negative exponent non-unit", "integer.compute.modular_power", `{"base":"4","exponent":"-1","modulus":"6"}`, core.DomainError, "gcd(4, 6) = 2 ≠ 1"},
		{"factor zero", "integer.compute.prime_factorization", `{"n":"0"}`, core.DomainError, "nonzero"},
		{"fractional budget", "integer.compute.prime_factorization", `{"n":"12","max_iterations":1.5}`, core.InvalidPayload, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := run(t, rt, tc.id, tc.payload)
			if o.Outcome != core.OutcomeFailed || o.Code != tc.code {
				t.Fatalf("got %s %s %s", o.Outcome, o.Code, o.Message)
			}
			if !strings.Contains(o.Message, tc.msg) {
				t.Errorf("message %q lacks %q", o.Message, tc.msg)
			}
		})
	}
}

// FuzzRun sends arbitrary payload bytes to every integer operation: the
// runtime must never panic, and every outcome is one of the three kinds
// with its code or reason set.
func FuzzRun(f *testing.F) {
	reg, err := core.NewRegistryWith(Register)
	if err != nil {
		f.Fatal(err)
	}
	rt := core.NewRuntime(reg, core.RuntimeOptions{Slots: 2, Timeout: time.Second})
	decls := reg.Declarations()
	for i, d := range decls {
		for _, ex := range d.Examples {
			f.Add(uint8(i), []byte(ex.Payload))
		}
	}
	f.Add(uint8(0), []byte(`{"left":84,"right":"30"}`))
	f.Add(uint8(3), []byte(`{"value":"6","modulus":"-15"}`))
	f.Add(uint8(5), []byte(`{"n":"0","max_iterations":0}`))
	f.Add(uint8(1), []byte(`{"n":"-0"}`))
	f.Add(uint8(2), []byte(`[1,2,3]`))
	f.Add(uint8(4), []byte(`{"base":"2","exponent":"-99999999999999999999","modulus":"1"}`))
	f.Fuzz(func(t *testing.T, which uint8, payload []byte) {
		d := decls[int(which)%len(decls)]
		o := rt.Run(context.Background(), core.RunRequest{CapabilityID: d.ID, Payload: json.RawMessage(payload)})
		switch o.Outcome {
		case core.OutcomeCompleted:
			if len(o.Value) == 0 {
				t.Fatalf("%s: completed without a value", d.ID)
			}
			if o.Code == core.InternalError {
				t.Fatalf("%s: internal error", d.ID)
			}
		case core.OutcomeFailed:
			if o.Code == "" || o.Message == "" {
				t.Fatalf("%s: failed without code or message: %+v", d.ID, o)
			}
			if o.Code == core.InternalError || o.Code == core.PostconditionFailed {
				t.Fatalf("%s %q: %s %s", d.ID, payload, o.Code, o.Message)
			}
		case core.OutcomeNonConclusion:
			if o.Reason == "" || o.Detail == "" {
				t.Fatalf("%s: non-conclusion without reason: %+v", d.ID, o)
			}
		default:
			t.Fatalf("%s: outcome %q", d.ID, o.Outcome)
		}
	})
}
