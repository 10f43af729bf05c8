package main

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// BenchmarkRuntime times a case's Jacobian side as bench-peers does, through
// core.Runtime.Run, in process: int_nthprime_1e6 is almost all per-call
// overhead of the runtime, int_gcd_100000_digits a long integer each way
// (the payload too large for the quick pass), rref_60x80 a large result
// through it, gf_interpolate_table_65521 a large request (a 65,521-entry
// value table); gcd_2_digits is no catalog row but the smallest of
// requests, all pipeline.
func BenchmarkRuntime(b *testing.B) {
	rt, err := newRuntime()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("gcd_2_digits", func(b *testing.B) {
		req := core.RunRequest{CapabilityID: "integer.compute.gcd", Payload: json.RawMessage(`{"left":"84","right":"35"}`)}
		b.ReportAllocs()
		for b.Loop() {
			if out := rt.Run(context.Background(), req); out.Outcome != core.OutcomeCompleted || string(out.Value) != `{"gcd":"7"}` {
				b.Fatalf("%s %s: %s", out.Outcome, out.Code, out.Value)
			}
		}
	})
	for _, name := range []string{"int_nthprime_1e6", "int_gcd_100000_digits", "rref_60x80", "gf_interpolate_table_65521"} {
		var c *Case
		for _, k := range caseTable() {
			if k.Name == name {
				c = &k
				break
			}
		}
		if c == nil {
			b.Fatalf("no case %s", name)
		}
		in, err := c.Inputs(rand.New(rand.NewPCG(1, 2)), c.Size)
		if err != nil {
			b.Fatal(err)
		}
		call, err := c.Jacobian.prepare(in)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := call(context.Background(), rt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
