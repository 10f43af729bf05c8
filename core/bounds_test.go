package core

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

type boundedRequest struct {
	Rows   [][]Integer `json:"rows"`
	Other  [][]Integer `json:"other"`
	Name   string      `json:"name"`
	Degree int         `json:"degree"`
}

type boundedResult struct {
	Size Integer `json:"size"`
}

func boundedOperation(bounds Bounds) Operation[boundedRequest, boundedResult] {
	return Operation[boundedRequest, boundedResult]{
		ID: "test.bounded.compute", Title: "Bounded", Summary: "Counts the rows of a bounded request.",
		Kind: Compute, Effect: Pure, InputKinds: []string{"matrix"}, Bounds: bounds,
		Run: func(_ context.Context, q boundedRequest) (boundedResult, error) {
			if q.Degree == 7 {
				return boundedResult{}, DomainErrorAt(PayloadPath("degree"), "degree 7 is outside the domain")
			}
			return boundedResult{Int64(int64(len(q.Rows)))}, nil
		},
		Postcondition: func(context.Context, boundedRequest, boundedResult) error { return nil },
		Examples:      []Example{{Title: "one row", Payload: json.RawMessage(`{"rows":[["1"]],"other":[],"name":"x","degree":1}`), Result: json.RawMessage(`{"size":"1"}`)}},
	}
}

var fullBounds = Bounds{"/rows": 2, "/rows/*": 3, "/other": 4, "/other/*": 4, "/name": 1, "/degree": 10}

func TestBoundsReachTheSchema(t *testing.T) {
	d, err := Declare(boundedOperation(fullBounds))
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(d); err != nil {
		t.Fatal(err)
	}
	s := d.RequestSchema()
	rows, other := s.Properties["rows"], s.Properties["other"]
	if *rows.MaxItems != 2 || *rows.Items.MaxItems != 3 || *other.Items.MaxItems != 4 {
		t.Fatalf("array bounds %v %v %v", *rows.MaxItems, *rows.Items.MaxItems, *other.Items.MaxItems)
	}
	if *s.Properties["name"].MaxLength != 1 || *s.Properties["degree"].Maximum != 10 {
		t.Fatal("string or integer bound missing")
	}
	if got := *rows.Items.Items.MaxLength; got != MaxDigits+1 {
		t.Fatalf("an Integer's own bound is %d, want MaxDigits+1", got)
	}
	// The Integer schema shared by inference is not changed by a bound.
	if l := (Integer{}).JSONSchema().MaxLength; l == nil || *l != MaxDigits+1 {
		t.Fatal("Integer schema changed")
	}
}

func TestBoundedRequestsRule(t *testing.T) {
	d, _ := Declare(boundedOperation(Bounds{"/rows": 2, "/rows/*": 3}))
	err := error(nil)
	if p := checkBoundedRequests(d); len(p) > 0 {
		err = &DeclarationError{ID: d.ID, Problems: p}
	}
	if err == nil {
		t.Fatal("unbounded fields passed")
	}
	for _, want := range []string{"array at /properties/other has no maxItems", "array at /properties/other/items has no maxItems", "string at /properties/name has no maxLength", "integer at /properties/degree has no maximum"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in %v", want, err)
		}
	}
	if strings.Contains(err.Error(), "/properties/rows") {
		t.Errorf("bounded rows reported: %v", err)
	}
	d, _ = Declare(boundedOperation(Bounds{"/rows/x": 2, "/name/*": 1, "nope": 1}))
	err = Validate(d)
	for _, want := range []string{`Bounds names "/rows/x"`, `Bounds names "/name/*"`, `Bounds names "nope"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in %v", want, err)
		}
	}
}

func TestBoundViolationIsRefused(t *testing.T) {
	r := NewRegistry()
	if err := Add(r, boundedOperation(fullBounds)); err != nil {
		t.Fatal(err)
	}
	rt := NewRuntime(r, RuntimeOptions{})
	run := func(payload string) Outcome {
		return rt.Run(context.Background(), RunRequest{CapabilityID: "test.bounded.compute", Payload: json.RawMessage(payload)})
	}
	for _, tc := range []struct{ name, payload, msg string }{
		{"rows", `{"rows":[[],[],[]],"other":[],"name":"x","degree":1}`, "/payload/rows has more than 2 items; at most 2"},
		{"row length", `{"rows":[["1","2","3","4"]],"other":[],"name":"x","degree":1}`, "/payload/rows/0 has more than 3 items; at most 3"},
		{"name", `{"rows":[],"other":[],"name":"xy","degree":1}`, "at most 1"},
		{"degree", `{"rows":[],"other":[],"name":"x","degree":11}`, "/payload/degree is 11; at most 10"},
	} {
		o := run(tc.payload)
		if o.Reason != ResourceRefused || !strings.Contains(o.Detail, tc.msg) {
			t.Errorf("%s: got %v, want RESOURCE_REFUSED with %q", tc.name, o, tc.msg)
		}
	}
	// At the bound, everything is accepted.
	if o := run(`{"rows":[["1","2","3"],[]],"other":[],"name":"x","degree":10}`); o.Outcome != OutcomeCompleted {
		t.Errorf("at the bounds: %v", o)
	}
	if o := run(`{"rows":[],"other":[],"name":"x","degree":7}`); o.Code != DomainError || o.Path != "/payload/degree" {
		t.Errorf("DomainErrorAt: got %v at %q", o, o.Path)
	}
}

func TestBind(t *testing.T) {
	small := Bind(addRequest{Int64(2), Int64(3)})
	if small.Subject == nil || small.SubjectDigest != "" {
		t.Fatalf("small request not inlined: %+v", small)
	}
	big := boundedRequest{Name: strings.Repeat("x", MaxInlineSubject)}
	b := Bind(big)
	canonical, _ := json.Marshal(big)
	if b.Subject != nil || b.SubjectDigest != SubjectDigest(canonical) || !strings.HasPrefix(b.SubjectDigest, "sha256:") || len(b.SubjectDigest) != 7+64 {
		t.Fatalf("large request: %+v", b)
	}
	// sha256("") from coreutils sha256sum.
	if SubjectDigest(nil) != "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" {
		t.Fatal(SubjectDigest(nil))
	}
}

type unboundVerdict struct {
	CheckResult
}

type otherBoundVerdict struct {
	CheckResult
	Bindings[spinRequest]
}

func TestCheckerMustBeBound(t *testing.T) {
	op := func() Operation[addRequest, unboundVerdict] {
		return Operation[addRequest, unboundVerdict]{ID: "test.unbound.check", Kind: Check}
	}
	if _, err := Declare(op()); err == nil || !strings.Contains(err.Error(), "embed core.Bindings[Req]") {
		t.Errorf("unbound checker: %v", err)
	}
	other := Operation[addRequest, otherBoundVerdict]{ID: "test.misbound.check", Kind: Check}
	if _, err := Declare(other); err == nil || !strings.Contains(err.Error(), "embed core.Bindings[Req]") {
		t.Errorf("checker bound to another request type: %v", err)
	}
}
