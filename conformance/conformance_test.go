package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"

	"jacobian.dev/core"
)

// patient is a cancellation bound for operations that honour cancellation
// at once, loose enough that scheduling on a loaded machine cannot fail
// them.
const patient = 5 * time.Second

// TestSoundDomain: a correct domain passes every clause; the only skip is
// the cancellation clause of the one operation without a Slow payload.
func TestSoundDomain(t *testing.T) {
	reg, err := core.NewRegistryWith(registerSound)
	if err != nil {
		t.Fatal(err)
	}
	// The sound operations return microseconds after cancellation; the
	// generous bound keeps a busy machine from failing them.
	rep := Check(context.Background(), reg, Options{Seed: 7, CancelWithin: patient})
	if got, want := len(rep.Results), reg.Len()*len(clauses); got != want {
		t.Fatalf("%d results, want one per declaration and clause (%d)", got, want)
	}
	for _, r := range rep.Results {
		wantSkip := r.CapabilityID == "sound.mean.compute" && r.Clause == "cancellation"
		switch {
		case r.Status == Fail:
			t.Errorf("%s/%s failed: %s", r.CapabilityID, r.Clause, r.Message)
		case r.Status == Skip && !wantSkip:
			t.Errorf("%s/%s skipped: %s", r.CapabilityID, r.Clause, r.Message)
		case r.Status != Skip && wantSkip:
			t.Errorf("%s/%s: want a skip for the missing Slow payload, got %s", r.CapabilityID, r.Clause, r.Status)
		}
	}
	if f := rep.Failed(); len(f) != 0 {
		t.Errorf("Failed() = %v, want none", f)
	}
}

// TestBrokenDomain: each defect fails exactly the clause aimed at it, with a
// message that names what went wrong.
func TestBrokenDomain(t *testing.T) {
	reg, err := core.NewRegistryWith(registerBroken)
	if err != nil {
		t.Fatal(err)
	}
	rep := Check(context.Background(), reg, Options{Seed: 7})
	for _, r := range rep.Results {
		want := slices.Contains(wantBroken[r.CapabilityID], r.Clause)
		if got := r.Status == Fail; got != want {
			t.Errorf("%s/%s: status %s (%s), want failing %v", r.CapabilityID, r.Clause, r.Status, r.Message, want)
		}
	}
	want := 0
	for _, cs := range wantBroken {
		want += len(cs)
	}
	if got := len(rep.Failed()); got != want || want < 12 {
		t.Errorf("Failed() has %d results, want %d", got, want)
	}
	messages := map[string][]string{
		"broken.example.compute/examples_run":                  {`example 1 (three) returned {"double":"6"}`, `{"double":"5"}`},
		"broken.postcondition.compute/postcondition_generated": {"POSTCONDITION_FAILED", "seed 7", "is not twice"},
		"broken.panic.compute/postcondition_generated":         {"INTERNAL_ERROR", "panic"},
		"broken.preflight.compute/preflight_limits":            {`limit "n_digits"`, "RESOURCE_REFUSED", "completed"},
		"broken.deaf.compute/cancellation":                     {"had not returned 500ms after cancellation", "completed"},
		"broken.flip.compute/determinism":                      {"different values", `{"double":"4","triple":"6"}`, `{"triple":"6","double":"4"}`},
		"broken.withheld.compute/results_validate":             {"withheld", "JSON number"},
		"broken.fragile.compute/postcondition_generated":       {"INTERNAL_ERROR", "recovered panic", "negative n"},
		"broken.lingering.compute/cancellation":                {"first attempt: returned ", "second attempt: returned ", "must return within 500ms"},
		"broken.unseeded.compute/determinism":                  {"generator is not reproducible", "seed 7"},
		"broken.quick.compute/cancellation":                    {"before it could be cancelled", "completed"},
		"broken.slow_refused.compute/cancellation":             {"never reaches execution", "RESOURCE_REFUSED"},
		"broken.off_by_one.compute/preflight_limits":           {"At payload, exactly at the limit", "RESOURCE_REFUSED", "about 4 digits"},
		"broken.pathless.compute/refusal_examples":             {`failed with DOMAIN_ERROR at ""`, `"/payload/n"`},
		"broken.parity.check/verdict_bindings":                 {"exactly one of subject and subject_digest"},
	}
	seen := 0
	for _, r := range rep.Results {
		wants, ok := messages[r.CapabilityID+"/"+r.Clause]
		if ok {
			seen++
		}
		for _, want := range wants {
			if !strings.Contains(r.Message, want) {
				t.Errorf("%s/%s: message %q lacks %q", r.CapabilityID, r.Clause, r.Message, want)
			}
		}
	}
	if seen != len(messages) {
		t.Errorf("%d of the %d expected messages belong to no result; a renamed operation or clause?", len(messages)-seen, len(messages))
	}
}

// TestGeneratedFailuresAreCapped: a postcondition that fails often is
// reported by its first few requests and a count, not twenty paragraphs.
func TestGeneratedFailuresAreCapped(t *testing.T) {
	reg, err := core.NewRegistryWith(registerBroken)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := reg.Lookup("broken.panic.compute")
	sub := newSuite(reg, Options{Seed: 7, Generated: 40}).subject(d)
	res := sub.check(context.Background(), clauseNamed(t, "postcondition_generated"))
	if res.Status != Fail || strings.Count(res.Message, "generated request #") != maxListed || !strings.Contains(res.Message, "more of the 40 generated requests") {
		t.Errorf("got %s: %s", res.Status, res.Message)
	}
}

// TestGeneratedReproduce: the same seed gives the same report, a different
// seed different requests.
func TestGeneratedReproduce(t *testing.T) {
	reg, err := core.NewRegistryWith(registerBroken)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := reg.Lookup("broken.postcondition.compute")
	msg := func(seed uint64) string {
		sub := newSuite(reg, Options{Seed: seed}).subject(d)
		return sub.check(context.Background(), clauseNamed(t, "postcondition_generated")).Message
	}
	if a, b := msg(3), msg(3); a != b {
		t.Errorf("seed 3 gave two reports:\n%s\n%s", a, b)
	}
	if a, b := msg(3), msg(4); a == b {
		t.Errorf("seeds 3 and 4 gave the same report %s", a)
	}
}

func clauseNamed(t *testing.T, name string) clause {
	t.Helper()
	for _, c := range clauses {
		if c.name == name {
			return c
		}
	}
	t.Fatalf("no clause %q", name)
	return clause{}
}

// handBuilt returns a well-formed declaration that no registry holds, for
// the clauses core.Add makes unreachable: Add refuses a declaration that
// breaks them, so only a hand-built value can show that they fail.
func handBuilt[Req, Res any](t *testing.T, id string, kind core.Kind, ex core.Example) *core.Declaration {
	t.Helper()
	d, _ := core.Declare(core.Operation[Req, Res]{
		ID: id, Title: "Number of divisors", Summary: "Counts the positive divisors of a nonzero integer.",
		Kind: kind, Effect: core.Pure, InputKinds: []string{"integer"},
		Run:           func(context.Context, Req) (Res, error) { return *new(Res), nil },
		Postcondition: func(context.Context, Req, Res) error { return nil },
		Examples:      []core.Example{ex},
	})
	return d
}

type openRequest struct {
	Weights map[string]core.Integer `json:"weights"`
}

type nestedRequest struct {
	Inner struct {
		N core.Integer `json:"n"`
	} `json:"inner"`
}

func TestStaticClauses(t *testing.T) {
	twelve := core.Example{Title: "twelve", Payload: json.RawMessage(`{"n":"12"}`), Result: json.RawMessage(`{"count":"6"}`)}
	prime := core.Example{Title: "97", Payload: json.RawMessage(`{"n":"97"}`), Result: json.RawMessage(`{"verdict":"accepted"}`)}
	compute := func(t *testing.T) *core.Declaration {
		return handBuilt[soundNRequest, soundCountResult](t, "sound.divisor_count.compute", core.Compute, twelve)
	}
	checker := func(t *testing.T) *core.Declaration {
		return handBuilt[soundNRequest, soundPrimalityResult](t, "sound.primality.check", core.Check, prime)
	}
	tests := []struct {
		name   string
		clause string
		decl   func(*testing.T) *core.Declaration
		edit   func(*core.Declaration)
		// want is a fragment of the failure message; "" wants a pass.
		want string
	}{
		{name: "good compute ID", clause: "id_grammar", decl: compute},
		{name: "fixed finite field ID", clause: "id_grammar", decl: compute, edit: func(d *core.Declaration) { d.ID = "finite_field.polynomial_map.fibers.compute" }},
		{name: "integer verb order", clause: "id_grammar", decl: compute, edit: func(d *core.Declaration) { d.ID = "integer.compute.gcd" }},
		{name: "uppercase", clause: "id_grammar", decl: compute, edit: func(d *core.Declaration) { d.ID = "Sound.divisors.compute" }, want: `segment 1 ("Sound")`},
		{name: "no verb", clause: "id_grammar", decl: compute, edit: func(d *core.Declaration) { d.ID = "sound.divisors" }, want: "exactly one verb segment"},
		{name: "two verbs", clause: "id_grammar", decl: compute, edit: func(d *core.Declaration) { d.ID = "sound.compute.check" }, want: "found 2"},
		{name: "verb first", clause: "id_grammar", decl: compute, edit: func(d *core.Declaration) { d.ID = "compute.sound.divisors" }, want: "must start with its domain namespace"},
		{name: "empty segment", clause: "id_grammar", decl: compute, edit: func(d *core.Declaration) { d.ID = "sound..compute" }, want: `segment 2 ("")`},
		{name: "one segment", clause: "id_grammar", decl: compute, edit: func(d *core.Declaration) { d.ID = "compute" }, want: "has 1 segment"},
		{name: "digit first", clause: "id_grammar", decl: compute, edit: func(d *core.Declaration) { d.ID = "sound.2x.compute" }, want: `segment 2 ("2x")`},
		{name: "hyphen", clause: "id_grammar", decl: compute, edit: func(d *core.Declaration) { d.ID = "sound.divisor-count.compute" }, want: "lowercase letters, digits and underscores"},

		{name: "compute agrees", clause: "kind_verb", decl: compute},
		{name: "checker agrees", clause: "kind_verb", decl: checker},
		{name: "check verb, compute kind", clause: "kind_verb", decl: checker, edit: func(d *core.Declaration) { d.Kind = core.Compute }, want: `uses the verb "check" but Kind is "compute"`},
		{name: "check kind, compute verb", clause: "kind_verb", decl: checker, edit: func(d *core.Declaration) { d.ID = "sound.primality.compute" }, want: `does not use the verb "check"`},
		{name: "checker without verdict", clause: "kind_verb", decl: compute, edit: func(d *core.Declaration) { d.ID, d.Kind = "sound.divisor_count.check", core.Check }, want: "embed core.CheckResult"},
		{name: "computation with verdict", clause: "kind_verb", decl: checker, edit: func(d *core.Declaration) { d.ID, d.Kind = "sound.primality.compute", core.Compute }, want: "never both"},
		{name: "unknown kind", clause: "kind_verb", decl: compute, edit: func(d *core.Declaration) { d.Kind = "estimate" }, want: `Kind is "estimate"`},
		{name: "verdict not required", clause: "closed_schemas", decl: checker, edit: func(d *core.Declaration) { d.ResultSchema().Required = nil }, want: "must be required"},
		{name: "verdict not an enumeration", clause: "closed_schemas", decl: checker, edit: func(d *core.Declaration) { d.ResultSchema().Properties["verdict"].Enum = []any{"yes", "no"} }, want: "must be the enumeration"},

		{name: "closed", clause: "closed_schemas", decl: compute},
		{name: "map field", clause: "closed_schemas", decl: func(t *testing.T) *core.Declaration {
			return handBuilt[openRequest, soundCountResult](t, "sound.weights.compute", core.Compute, twelve)
		}, want: "the request schema's object at /properties/weights does not have additionalProperties: false"},
		{name: "nested object left open", clause: "closed_schemas", decl: func(t *testing.T) *core.Declaration {
			return handBuilt[nestedRequest, soundCountResult](t, "sound.nested.compute", core.Compute, twelve)
		}, edit: func(d *core.Declaration) { d.RequestSchema().Properties["inner"].AdditionalProperties = nil }, want: "object at /properties/inner"},
		{name: "top level open", clause: "closed_schemas", decl: compute, edit: func(d *core.Declaration) { d.ResultSchema().AdditionalProperties = nil }, want: "the result schema's object at the top level"},
		{name: "any value", clause: "closed_schemas", decl: func(t *testing.T) *core.Declaration {
			return handBuilt[numberRequest, soundCountResult](t, "sound.any.compute", core.Compute, twelve)
		}, want: "the request schema at /properties/n admits any JSON value"},
		{name: "described but untyped", clause: "closed_schemas", decl: compute, edit: func(d *core.Declaration) {
			d.ResultSchema().Properties["count"] = &jsonschema.Schema{Description: "a count"}
		}, want: "the result schema at /properties/count admits any JSON value"},
		{name: "closed checker", clause: "closed_schemas", decl: checker},
		{name: "not an object", clause: "closed_schemas", decl: func(t *testing.T) *core.Declaration {
			return handBuilt[core.Integer, soundCountResult](t, "sound.bare.compute", core.Compute, twelve)
		}, want: `must describe a JSON object (a Go struct), not "string"`},

		{name: "compiles", clause: "schemas_compile", decl: checker},
		{name: "dangling reference", clause: "schemas_compile", decl: compute, edit: func(d *core.Declaration) { d.RequestSchema().Properties["n"].Ref = "#/$defs/missing" }, want: "request schema"},
		{name: "bad pattern", clause: "schemas_compile", decl: compute, edit: func(d *core.Declaration) { d.ResultSchema().Properties["count"].Pattern = "([0-9]" }, want: "result schema"},
		{name: "older draft", clause: "schemas_compile", decl: compute, edit: func(d *core.Declaration) { d.RequestSchema().Schema = "http://json-schema.org/draft-07/schema#" }, want: "JSON Schema 2020-12"},

		{name: "complete metadata", clause: "catalog_metadata", decl: compute},
		{name: "no title", clause: "catalog_metadata", decl: compute, edit: func(d *core.Declaration) { d.Title = " " }, want: "Title is empty"},
		{name: "no summary", clause: "catalog_metadata", decl: compute, edit: func(d *core.Declaration) { d.Summary = "" }, want: "Summary must say in a sentence"},
		{name: "no input kinds", clause: "catalog_metadata", decl: compute, edit: func(d *core.Declaration) { d.InputKinds = nil }, want: "InputKinds is empty"},
		{name: "unknown provider", clause: "catalog_metadata", decl: compute, edit: func(d *core.Declaration) { d.Provider.Module = "unknown" }, want: "provider module"},
		{name: "no effect", clause: "catalog_metadata", decl: compute, edit: func(d *core.Declaration) { d.Effect = "" }, want: "Effect"},
		{name: "no examples", clause: "catalog_metadata", decl: compute, edit: func(d *core.Declaration) { d.Examples = nil }, want: "Examples is empty"},
		{name: "limit without unit", clause: "catalog_metadata", decl: compute, edit: func(d *core.Declaration) {
			d.Limits = []core.Limit{{Name: "n_digits", Max: 24, Description: "digits of n", Beyond: func() string {
				return `{"n":"1"}`
			}}}
		}, want: `limit 0 ("n_digits") needs a name, a positive max, a unit and a description`},
		{name: "limit without max", clause: "catalog_metadata", decl: compute, edit: func(d *core.Declaration) {
			d.Limits = []core.Limit{{Name: "n_digits", Unit: "digits", Description: "digits of n", Beyond: func() string {
				return `{"n":"1"}`
			}}}
		}, want: `limit 0 ("n_digits")`},
		{name: "untitled example", clause: "catalog_metadata", decl: compute, edit: func(d *core.Declaration) { d.Examples[0].Title = "" }, want: "example 0 has no title"},

		{name: "valid examples", clause: "examples_validate", decl: checker},
		{name: "number for a string", clause: "examples_validate", decl: compute, edit: func(d *core.Declaration) { d.Examples[0].Payload = json.RawMessage(`{"n":12}`) }, want: "payload does not match the request schema at /n"},
		{name: "missing field", clause: "examples_validate", decl: compute, edit: func(d *core.Declaration) { d.Examples[0].Payload = json.RawMessage(`{}`) }, want: "payload does not match"},
		{name: "extra field", clause: "examples_validate", decl: compute, edit: func(d *core.Declaration) { d.Examples[0].Payload = json.RawMessage(`{"n":"12","m":"1"}`) }, want: "payload does not match"},
		{name: "result not an integer", clause: "examples_validate", decl: compute, edit: func(d *core.Declaration) { d.Examples[0].Result = json.RawMessage(`{"count":"6.0"}`) }, want: "expected result does not match the result schema at /count"},
		{name: "verdict misspelled", clause: "examples_validate", decl: checker, edit: func(d *core.Declaration) { d.Examples[0].Result = json.RawMessage(`{"verdict":"accept"}`) }, want: "expected result does not match"},
		{name: "malformed payload", clause: "examples_validate", decl: compute, edit: func(d *core.Declaration) { d.Examples[0].Payload = json.RawMessage(`{"n":`) }, want: "not valid JSON"},
	}
	for _, tc := range tests {
		t.Run(tc.clause+"/"+tc.name, func(t *testing.T) {
			d := tc.decl(t)
			if tc.edit != nil {
				tc.edit(d)
			}
			sub := newSuite(core.NewRegistry(), Options{}).subject(d)
			res := sub.check(context.Background(), clauseNamed(t, tc.clause))
			if tc.want == "" {
				if res.Status != Pass {
					t.Fatalf("got %s: %s", res.Status, res.Message)
				}
				return
			}
			if res.Status != Fail || !strings.Contains(res.Message, tc.want) {
				t.Fatalf("got %s %q, want a failure naming %q", res.Status, res.Message, tc.want)
			}
		})
	}
}

// TestNotInstalled: clauses that run the operation skip a declaration the
// registry does not hold, rather than failing it for the wrong reason.
func TestNotInstalled(t *testing.T) {
	d := handBuilt[soundNRequest, soundCountResult](t, "sound.divisor_count.compute", core.Compute,
		core.Example{Title: "twelve", Payload: json.RawMessage(`{"n":"12"}`), Result: json.RawMessage(`{"count":"6"}`)})
	reg, err := core.NewRegistryWith(registerSound)
	if err != nil {
		t.Fatal(err)
	}
	sub := newSuite(reg, Options{}).subject(d)
	for _, c := range clauses {
		res := sub.check(context.Background(), c)
		want := Pass
		if c.needsRuntime {
			want = Skip
		}
		if res.Status != want {
			t.Errorf("%s: got %s (%s), want %s", c.name, res.Status, res.Message, want)
		}
	}
}

// TestAbandoned: an operation that ignores its context past the deadline is
// reported and left behind instead of hanging the run. The operation holds
// until the test ends (or ten seconds pass), so a run that waited for it
// would complete instead of being abandoned.
func TestAbandoned(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	reg := core.NewRegistry()
	op := brokenOp("broken.sleep.compute")
	op.Run = func(ctx context.Context, q brokenRequest) (brokenResult, error) {
		select {
		case <-release:
		case <-time.After(10 * time.Second):
		}
		return doubleRun(ctx, q)
	}
	if err := core.Add(reg, op); err != nil {
		t.Fatal(err)
	}
	s := newSuite(reg, Options{})
	s.budget, s.grace = 50*time.Millisecond, 50*time.Millisecond
	d, _ := reg.Lookup("broken.sleep.compute")
	res := s.subject(d).check(context.Background(), clauseNamed(t, "examples_run"))
	if res.Status != Fail || !strings.Contains(res.Message, "abandoned") {
		t.Errorf("got %s: %s", res.Status, res.Message)
	}
}

// TestCancellationTimedFromExecution: time the runtime spends before the
// operation starts (here a slow preflight) is not held against the
// operation, but is mentioned.
func TestCancellationTimedFromExecution(t *testing.T) {
	reg := core.NewRegistry()
	op := brokenOp("sound.slow_preflight.compute")
	op.Preflight = func(_ context.Context, q brokenRequest) error {
		if q.N.Big().BitLen() > 64 {
			time.Sleep(1500 * time.Millisecond)
		}
		return nil
	}
	op.Run = func(ctx context.Context, q brokenRequest) (brokenResult, error) {
		if q.N.Big().BitLen() > 64 {
			<-ctx.Done()
			return brokenResult{}, ctx.Err()
		}
		return doubleRun(ctx, q)
	}
	op.Slow = func() string { return `{"n":"100000000000000000000000"}` }
	if err := core.Add(reg, op); err != nil {
		t.Fatal(err)
	}
	d, _ := reg.Lookup("sound.slow_preflight.compute")
	// Timed from the start of the run, the operation would be 1.45s late
	// against a bound of 1s; timed from execution it is microseconds late.
	res := newSuite(reg, Options{CancelWithin: time.Second}).subject(d).check(context.Background(), clauseNamed(t, "cancellation"))
	if res.Status != Pass || !strings.Contains(res.Message, "parsing and preflighting") {
		t.Errorf("got %s: %s", res.Status, res.Message)
	}
}

// TestCancellationSecondAttempt: an operation late once, with the right
// outcome, is given a second attempt, and passes if that one is prompt.
func TestCancellationSecondAttempt(t *testing.T) {
	var calls atomic.Int64
	op := brokenOp("broken.late_once.compute")
	op.Run = lingerOnSlow(func() time.Duration {
		if calls.Add(1) == 1 {
			return 1500 * time.Millisecond
		}
		return 0
	})
	op.Slow = func() string { return `{"n":"1000000000"}` }
	reg := core.NewRegistry()
	if err := core.Add(reg, op); err != nil {
		t.Fatal(err)
	}
	d, _ := reg.Lookup("broken.late_once.compute")
	res := newSuite(reg, Options{CancelWithin: 700 * time.Millisecond}).subject(d).check(context.Background(), clauseNamed(t, "cancellation"))
	if res.Status != Pass || !strings.Contains(res.Message, "on a second attempt (the first returned 1.") || !strings.Contains(res.Message, "it must return within 700ms") {
		t.Errorf("got %s: %s", res.Status, res.Message)
	}
}

// TestCheckCancelled: a cancelled conformance run skips what it did not
// check instead of failing it.
func TestCheckCancelled(t *testing.T) {
	reg, err := core.NewRegistryWith(registerSound)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep := Check(ctx, reg, Options{})
	for _, r := range rep.Results {
		if r.Status != Skip || !strings.Contains(r.Message, "cancelled") {
			t.Fatalf("%s/%s: got %s (%s)", r.CapabilityID, r.Clause, r.Status, r.Message)
		}
	}
	if len(rep.Results) != reg.Len()*len(clauses) {
		t.Errorf("%d results", len(rep.Results))
	}
}

func TestCheckNilRegistry(t *testing.T) {
	if rep := Check(context.Background(), nil, Options{}); len(rep.Results) != 0 {
		t.Errorf("got %v", rep)
	}
}

// recorder is a tester that records instead of failing.
type recorder struct {
	name   string
	events *[]event
	failed bool
}

type event struct{ test, kind, message string }

func newRecorder() *recorder { return &recorder{events: &[]event{}} }

func (r *recorder) Helper()                  {}
func (r *recorder) Context() context.Context { return context.Background() }
func (r *recorder) record(kind, format string, args []any) {
	*r.events = append(*r.events, event{r.name, kind, sprintf(format, args...)})
}
func (r *recorder) Errorf(format string, args ...any) {
	r.failed = true
	r.record("error", format, args)
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = true
	r.record("fatal", format, args)
}
func (r *recorder) Skipf(format string, args ...any) { r.record("skip", format, args) }
func (r *recorder) Logf(format string, args ...any)  { r.record("log", format, args) }
func (r *recorder) Run(name string, f func(tester)) bool {
	child := &recorder{name: strings.TrimPrefix(r.name+"/"+name, "/"), events: r.events}
	*r.events = append(*r.events, event{child.name, "run", ""})
	f(child)
	if child.failed {
		r.failed = true
	}
	return !child.failed
}

func (r *recorder) of(kind string) []event {
	var out []event
	for _, e := range *r.events {
		if e.kind == kind {
			out = append(out, e)
		}
	}
	return out
}

// TestRunSubtests: Run makes one subtest per declaration and clause and
// reports a clean domain cleanly.
func TestRunSubtests(t *testing.T) {
	rec := newRecorder()
	run(rec, Options{Seed: RunSeed, Generated: 5, CancelWithin: patient}, registerSound)
	var names []string
	for _, e := range rec.of("run") {
		if strings.Contains(e.test, "/") {
			names = append(names, e.test)
		}
	}
	if got, want := len(names), 3*len(clauses); got != want {
		t.Fatalf("%d clause subtests, want %d", got, want)
	}
	if !slices.Contains(names, "sound.primality.check/cancellation") {
		t.Errorf("no subtest sound.primality.check/cancellation among %v", names)
	}
	if rec.failed || len(rec.of("error")) > 0 {
		t.Errorf("a sound domain failed: %v", rec.of("error"))
	}
	if skips := rec.of("skip"); len(skips) != 1 || skips[0].test != "sound.mean.compute/cancellation" {
		t.Errorf("skips: %v", skips)
	}
}

// TestRunReportsFailures: each failing clause fails its own subtest.
func TestRunReportsFailures(t *testing.T) {
	rec := newRecorder()
	run(rec, Options{Seed: RunSeed, Generated: 5}, registerBroken)
	var failed []string
	for _, e := range rec.of("error") {
		failed = append(failed, e.test)
	}
	var want []string
	for id, cs := range wantBroken {
		for _, c := range cs {
			want = append(want, id+"/"+c)
		}
	}
	slices.Sort(failed)
	slices.Sort(want)
	if !slices.Equal(failed, want) {
		t.Errorf("failing subtests %v, want %v", failed, want)
	}
}

// TestRunRegistrationErrors: a registration error fails the test with text
// that names every refused operation.
func TestRunRegistrationErrors(t *testing.T) {
	malformed := func(r *core.Registry) error {
		op := brokenOp("Broken.Double")
		return core.Add(r, op)
	}
	duplicate := func(r *core.Registry) error {
		return errors.Join(core.Add(r, soundMean()), core.Add(r, soundMean()))
	}
	rec := newRecorder()
	run(rec, Options{}, malformed, duplicate)
	fatal := rec.of("fatal")
	if len(fatal) != 1 {
		t.Fatalf("fatal events %v, want one", fatal)
	}
	for _, want := range []string{`"Broken.Double"`, "verb", "sound.mean.compute is declared twice"} {
		if !strings.Contains(fatal[0].message, want) {
			t.Errorf("registration failure %q does not name %q", fatal[0].message, want)
		}
	}
	if len(rec.of("run")) != 0 {
		t.Errorf("ran subtests despite the registration failure")
	}

	rec = newRecorder()
	run(rec, Options{}, func(*core.Registry) error { panic("half-built table") })
	if fatal := rec.of("fatal"); len(fatal) != 1 || !strings.Contains(fatal[0].message, "half-built table") {
		t.Errorf("panicking registrar: %v", fatal)
	}

	rec = newRecorder()
	run(rec, Options{}, func(*core.Registry) error { return nil })
	if fatal := rec.of("fatal"); len(fatal) != 1 || !strings.Contains(fatal[0].message, "no operations") {
		t.Errorf("empty registry: %v", fatal)
	}
}

func TestSameJSON(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{`{"a":"1","b":["2","3"]}`, `{ "b": ["2","3"], "a": "1" }`, true},
		{`{"a":"1"}`, `{"a":"2"}`, false},
		{`{"a":["1","2"]}`, `{"a":["2","1"]}`, false},
		// 2^53 and 2^53+1 are one float64; exact comparison tells them apart.
		{`{"d":9007199254740992}`, `{"d":9007199254740993}`, false},
		{`{"d":3}`, `{"d":3}`, true},
		{`{"a":"1"}`, `{"a":"1","b":null}`, false},
	}
	for _, tc := range tests {
		got, err := SameJSON([]byte(tc.a), []byte(tc.b))
		if err != nil || got != tc.want {
			t.Errorf("SameJSON(%s, %s) = %v, %v; want %v", tc.a, tc.b, got, err, tc.want)
		}
	}
	if _, err := SameJSON([]byte(`{"a":"1"} {}`), []byte(`{"a":"1"}`)); err == nil {
		t.Error("trailing data accepted")
	}
}

func TestNumberInPlaceOfString(t *testing.T) {
	tests := []struct {
		in, out, path string
	}{
		{`"-42"`, `-42`, ""},
		{`"3/4"`, `3`, ""},
		{`"` + strings.Repeat("9", 400) + `/7"`, strings.Repeat("9", 400), ""},
		{`[["x","2"],["3","4"]]`, `[["x",2],["3","4"]]`, "/0/1"},
		{`{"variable":"x","coefficients":["1","-1/2"]}`, `{"coefficients":[1,"-1/2"],"variable":"x"}`, "/coefficients/0"},
		{`"x"`, "", ""},
		{`"007"`, "", ""},
		{`7`, "", ""},
	}
	for _, tc := range tests {
		v, err := decodeExact([]byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		got, path, ok := numberInPlaceOfString(v)
		if tc.out == "" {
			if ok {
				t.Errorf("%s: replaced with %v", tc.in, got)
			}
			continue
		}
		if b := string(mustMarshal(got)); !ok || b != tc.out || path != tc.path {
			t.Errorf("%s: got %s at %q (%v), want %s at %q", tc.in, b, path, ok, tc.out, tc.path)
		}
	}
}

func TestClauses(t *testing.T) {
	want := []string{"id_grammar", "kind_verb", "catalog_metadata", "closed_schemas", "ports", "bounded_requests",
		"schemas_compile", "examples_validate", "result_construction", "compact_results", "examples_run", "results_validate", "postcondition_generated",
		"preflight_limits", "refusal_examples", "verdict_bindings", "unknown_fields", "determinism", "cancellation"}
	if got := Clauses(); !slices.Equal(got, want) {
		t.Errorf("Clauses() = %v", got)
	}
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// TestRun is the public entry point as a domain's go test calls it, on an
// operation without a Slow payload so that no clock is involved.
func TestRun(t *testing.T) {
	Run(t, func(r *core.Registry) error { return core.Add(r, soundMean()) })
}
