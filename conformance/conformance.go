package conformance

import (
	"context"
	"time"

	"jacobian.dev/core"
)

// Options tune a conformance run. Zero values take the defaults.
type Options struct {
	// Seed drives every generated request; the same seed reproduces the
	// same requests for the same registry.
	Seed uint64
	// Generated is how many random requests each operation with a
	// generator receives. Default 20.
	Generated int
	// CancelWithin is how soon after cancellation an operation's Slow
	// payload must come back. Default 500ms.
	CancelWithin time.Duration
}

func (o Options) withDefaults() Options {
	if o.Generated <= 0 {
		o.Generated = 20
	}
	if o.CancelWithin <= 0 {
		o.CancelWithin = 500 * time.Millisecond
	}
	return o
}

// Status is the result of one clause for one declaration.
type Status string

// The statuses. A skip says why the clause had nothing to check (for
// example, no Slow payload was declared); it is not a pass.
const (
	Pass Status = "pass"
	Fail Status = "fail"
	Skip Status = "skip"
)

// Result is one clause checked against one declaration.
type Result struct {
	CapabilityID string `json:"capability_id"`
	Clause       string `json:"clause"`
	Status       Status `json:"status"`
	Message      string `json:"message,omitempty"`
}

// Report lists every result, ordered by capability ID and then by clause in
// the order of Clauses.
type Report struct {
	Results []Result `json:"results"`
}

// Failed returns the failing results.
func (r Report) Failed() []Result {
	var out []Result
	for _, res := range r.Results {
		if res.Status == Fail {
			out = append(out, res)
		}
	}
	return out
}

// Clauses names the clauses in the order they run. Each is described in
// the package documentation.
func Clauses() []string {
	names := make([]string, len(clauses))
	for i, c := range clauses {
		names[i] = c.name
	}
	return names
}

// Check runs every clause against every declaration of reg and returns the
// report. It stops early, reporting the remaining clauses as skipped, when
// ctx ends.
func Check(ctx context.Context, reg *core.Registry, opts Options) Report {
	var rep Report
	if reg == nil {
		return rep
	}
	s := newSuite(reg, opts)
	defer s.rt.Close()
	for _, d := range reg.Declarations() {
		sub := s.subject(d)
		for _, c := range clauses {
			rep.Results = append(rep.Results, sub.check(ctx, c))
		}
	}
	return rep
}
