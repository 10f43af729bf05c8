package core

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	validator "github.com/santhosh-tekuri/jsonschema/v6"
)

// Kind says whether an operation computes a value or checks a claim.
type Kind string

const (
	// Compute operations return a value.
	Compute Kind = "compute"
	// Check operations return a verdict with exact bindings.
	Check Kind = "check"
)

// Effect is catalog metadata about what running the operation touches.
type Effect string

const (
	// Pure operations read their request and nothing else.
	Pure Effect = "pure"
	// WritesArtifact operations write a durable artifact.
	WritesArtifact Effect = "writes_artifact"
)

// Verbs are the ID segments that name what an operation does. Exactly one
// segment of an ID is a verb; "check" marks a checker.
var Verbs = []string{"compute", "solve", "check"}

// Port is a named input or output of an operation through which values pass
// between calls by reference. Field is the top-level request field (input
// ports) or result field (output ports) the port carries.
type Port struct {
	Name          string   `json:"name"`
	Field         string   `json:"field"`
	ArtifactTypes []string `json:"artifact_types"`
	Description   string   `json:"description,omitempty"`
}

// Limit is a declared bound on requests, published by inspect and enforced
// by the operation's preflight before work starts.
type Limit struct {
	Name        string `json:"name"`
	Max         int64  `json:"max"`
	Unit        string `json:"unit"`
	Description string `json:"description"`
	// Beyond builds a payload just past this limit; conformance checks
	// that preflight refuses it with RESOURCE_REFUSED. It is a function so
	// that a process which never runs conformance never builds it.
	Beyond func() string `json:"-"`
}

// Example is a bounded request with its exact expected result value.
// Conformance validates, runs and compares every example.
type Example struct {
	Title   string          `json:"title"`
	Payload json.RawMessage `json:"payload"`
	Result  json.RawMessage `json:"result"`
}

// Checked is implemented by checker results: the verdict the runtime lifts
// into the outcome. Embed CheckResult to get it.
type Checked interface{ CheckVerdict() Verdict }

// CheckResult is embedded in every checker's result type.
type CheckResult struct {
	Verdict Verdict `json:"verdict"`
}

// CheckVerdict implements Checked.
func (c CheckResult) CheckVerdict() Verdict { return c.Verdict }

// JSONSchema restricts verdicts to the three words.
func (Verdict) JSONSchema() *jsonschema.Schema {
	return Enum("checker verdict", string(Accepted), string(Rejected), string(Inconclusive))
}

// Operation declares one typed operation. Add turns it into a Declaration.
type Operation[Req, Res any] struct {
	// ID is lowercase dotted segments: the domain namespace first, exactly
	// one verb segment (compute, solve or check).
	ID       string
	Title    string
	Summary  string
	Keywords []string
	Kind     Kind
	Effect   Effect
	// InputKinds are the value kinds the request takes ("integer",
	// "matrix", ...), used by search to judge applicability.
	InputKinds  []string
	InputPorts  []Port
	OutputPorts []Port
	Limits      []Limit
	// Preflight refuses a request beyond the declared limits (return
	// Refusef) or outside the domain (DomainErrorf), before any work. It
	// runs under the request's deadline.
	Preflight func(ctx context.Context, req Req) error
	// Run computes the result. It must poll ctx in every long loop.
	Run func(ctx context.Context, req Req) (Res, error)
	// Postcondition independently checks a result before it is published.
	// It runs under the request's deadline and must poll ctx in every long
	// loop: an interrupted check publishes nothing and concludes nothing.
	Postcondition func(ctx context.Context, req Req, res Res) error
	Examples      []Example
	// Generate makes a random valid request within the limits, for
	// conformance's postcondition and determinism checks.
	Generate func(ctx context.Context, rng *rand.Rand) Req
	// Slow builds a payload within the limits that runs long enough (a
	// second or more) for conformance to check that cancellation is
	// prompt. Like Limit.Beyond it is built only when conformance asks.
	Slow func() string
}

// Provider names the module that supplied an operation.
type Provider struct {
	Module  string `json:"module"`
	Version string `json:"version"`
}

// Declaration is a validated, type-erased operation in a Registry.
type Declaration struct {
	ID            string             `json:"capability_id"`
	Title         string             `json:"title"`
	Summary       string             `json:"summary"`
	Keywords      []string           `json:"keywords,omitempty"`
	Kind          Kind               `json:"kind"`
	Effect        Effect             `json:"effect"`
	InputKinds    []string           `json:"input_kinds"`
	InputPorts    []Port             `json:"input_ports,omitempty"`
	OutputPorts   []Port             `json:"output_ports,omitempty"`
	Limits        []Limit            `json:"limits"`
	Examples      []Example          `json:"examples"`
	Provider      Provider           `json:"provider"`
	RequestSchema *jsonschema.Schema `json:"request_schema"`
	ResultSchema  *jsonschema.Schema `json:"result_schema"`

	// Slow builds the declared cancellation probe payload, if any.
	Slow func() string `json:"-"`

	request, result *compiledSchema
	decode          func([]byte) (any, error)
	preflight       func(context.Context, any) error
	execute         func(context.Context, any) (any, error)
	postcondition   func(context.Context, any, any) error
	generate        func(context.Context, *rand.Rand) ([]byte, error)
}

// AcceptedArtifactTypes lists the artifact types the input ports take.
func (d *Declaration) AcceptedArtifactTypes() []string { return portTypes(d.InputPorts) }

// ProducedArtifactTypes lists the artifact types the output ports publish.
func (d *Declaration) ProducedArtifactTypes() []string { return portTypes(d.OutputPorts) }

func portTypes(ports []Port) []string {
	var out []string
	for _, p := range ports {
		for _, t := range p.ArtifactTypes {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// Generates reports whether the declaration can make random requests.
func (d *Declaration) Generates() bool { return d.generate != nil }

// GeneratePayload makes a random valid request payload.
func (d *Declaration) GeneratePayload(ctx context.Context, rng *rand.Rand) ([]byte, error) {
	if d.generate == nil {
		return nil, errors.New("no generator declared")
	}
	return d.generate(ctx, rng)
}

// ParsePayload runs the pipeline's single parse of a payload (schema
// validation, then strict decoding) without running anything. Errors are
// *Error values with a stable code.
func (d *Declaration) ParsePayload(payload []byte) error {
	if d.request == nil {
		return errors.New("declaration was not built by core.Add")
	}
	_, err := d.parse(payload)
	return err
}

// ValidateResult checks a result value against the result schema.
func (d *Declaration) ValidateResult(value []byte) error {
	if d.result == nil {
		return errors.New("declaration was not built by core.Add")
	}
	inst, err := validator.UnmarshalJSON(bytes.NewReader(value))
	if err != nil {
		return err
	}
	return d.result.validate(inst, "/value")
}

var (
	idPattern      = regexp.MustCompile(`^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$`)
	portPattern    = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	artifactFormat = regexp.MustCompile(`^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$`)
)

// declare validates op, reporting every problem at once, and builds its
// Declaration.
func declare[Req, Res any](op Operation[Req, Res]) (*Declaration, error) {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	name := op.ID
	if name == "" {
		name = "(no ID)"
	}
	if !idPattern.MatchString(op.ID) {
		bad("ID %q must be lowercase dotted segments of [a-z0-9_], each starting with a letter, at least two", op.ID)
	}
	segs := strings.Split(op.ID, ".")
	var verbs []string
	for _, s := range segs {
		if slices.Contains(Verbs, s) {
			verbs = append(verbs, s)
		}
	}
	switch {
	case len(verbs) != 1:
		bad("ID %q must contain exactly one verb segment (one of %v), found %d", op.ID, Verbs, len(verbs))
	case slices.Contains(Verbs, segs[0]):
		bad("ID %q must start with its domain namespace, not the verb %q", op.ID, segs[0])
	case op.Kind == Check && verbs[0] != "check":
		bad("a checker's ID must use the verb \"check\"; %q uses %q", op.ID, verbs[0])
	case op.Kind == Compute && verbs[0] == "check":
		bad("ID %q uses the verb \"check\" but Kind is compute; declare Kind: core.Check", op.ID)
	}
	if op.Kind != Compute && op.Kind != Check {
		bad("Kind must be core.Compute or core.Check, got %q", op.Kind)
	}
	if op.Effect != Pure && op.Effect != WritesArtifact {
		bad("Effect must be core.Pure or core.WritesArtifact, got %q", op.Effect)
	}
	_, isChecker := any(*new(Res)).(Checked)
	if op.Kind == Check && !isChecker {
		bad("checker result type %s must embed core.CheckResult", reflect.TypeFor[Res]())
	}
	if op.Kind == Compute && isChecker {
		bad("result type %s carries a verdict but Kind is compute: an operation is never both", reflect.TypeFor[Res]())
	}
	if strings.TrimSpace(op.Title) == "" {
		bad("Title is empty")
	}
	if len(strings.Fields(op.Summary)) < 4 {
		bad("Summary must say in a sentence what the operation computes")
	}
	if len(op.InputKinds) == 0 {
		bad("InputKinds is empty; name the kinds of value the request takes")
	}
	if op.Run == nil {
		bad("Run is nil")
	}
	if op.Postcondition == nil {
		bad("Postcondition is nil; every result needs an independent check before it is published")
	}
	if len(op.Examples) == 0 {
		bad("Examples is empty; give at least one bounded example with its exact result")
	}
	for i, l := range op.Limits {
		if l.Name == "" || l.Unit == "" || l.Description == "" || l.Max <= 0 {
			bad("limit %d needs a name, a positive max, a unit and a description", i)
		}
		if l.Beyond == nil {
			bad("limit %q needs a Beyond payload that preflight must refuse", l.Name)
		} else if op.Preflight == nil {
			bad("limit %q is declared but Preflight is nil", l.Name)
		}
	}

	reqSchema, err := schemaOf(reflect.TypeFor[Req]())
	if err != nil {
		bad("request schema: %v", err)
	}
	resSchema, err := schemaOf(reflect.TypeFor[Res]())
	if err != nil {
		bad("result schema: %v", err)
	}
	d := &Declaration{
		ID: op.ID, Title: op.Title, Summary: op.Summary, Keywords: op.Keywords,
		Kind: op.Kind, Effect: op.Effect, InputKinds: op.InputKinds,
		InputPorts: op.InputPorts, OutputPorts: op.OutputPorts,
		Limits: op.Limits, Examples: op.Examples,
		RequestSchema: reqSchema, ResultSchema: resSchema, Slow: op.Slow,
		Provider: providerOf(op.Run),
	}
	if reqSchema != nil {
		if reqSchema.Type != "object" {
			bad("request type %s must be a struct (a JSON object)", reflect.TypeFor[Req]())
		}
		for _, o := range openObjects(reqSchema) {
			bad("request schema has an open %s; every object must be closed", o)
		}
		if d.request, err = compileSchema("request", reqSchema); err != nil {
			bad("request schema does not compile: %v", err)
		}
	}
	if resSchema != nil {
		if resSchema.Type != "object" {
			bad("result type %s must be a struct (a JSON object)", reflect.TypeFor[Res]())
		}
		for _, o := range openObjects(resSchema) {
			bad("result schema has an open %s; every object must be closed", o)
		}
		if d.result, err = compileSchema("result", resSchema); err != nil {
			bad("result schema does not compile: %v", err)
		}
	}
	checkPorts := func(kind string, ports []Port, s *jsonschema.Schema) {
		seen := map[string]bool{}
		for _, p := range ports {
			if !portPattern.MatchString(p.Name) || seen[p.Name] {
				bad("%s port %q needs a unique lowercase name", kind, p.Name)
			}
			seen[p.Name] = true
			if s != nil && s.Properties[p.Field] == nil {
				bad("%s port %q carries field %q, which the schema does not have", kind, p.Name, p.Field)
			}
			if len(p.ArtifactTypes) == 0 {
				bad("%s port %q declares no artifact type", kind, p.Name)
			}
			for _, t := range p.ArtifactTypes {
				if !artifactFormat.MatchString(t) {
					bad("%s port %q: artifact type %q must be lowercase dotted words", kind, p.Name, t)
				}
			}
		}
	}
	checkPorts("input", op.InputPorts, reqSchema)
	checkPorts("output", op.OutputPorts, resSchema)

	d.decode = func(b []byte) (any, error) {
		var req Req
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			return nil, err
		}
		return req, nil
	}
	d.preflight = func(ctx context.Context, req any) error {
		if op.Preflight == nil {
			return nil
		}
		return op.Preflight(ctx, req.(Req))
	}
	d.execute = func(ctx context.Context, req any) (any, error) { return op.Run(ctx, req.(Req)) }
	d.postcondition = func(ctx context.Context, req, res any) error {
		return op.Postcondition(ctx, req.(Req), res.(Res))
	}
	if op.Generate != nil {
		d.generate = func(ctx context.Context, rng *rand.Rand) ([]byte, error) {
			return json.Marshal(op.Generate(ctx, rng))
		}
	}

	if d.request != nil {
		for i, ex := range op.Examples {
			if _, err := d.parse(ex.Payload); err != nil {
				bad("example %d (%s): payload does not parse: %v", i, ex.Title, err)
			}
		}
	}
	if d.result != nil {
		for i, ex := range op.Examples {
			if err := d.ValidateResult(ex.Result); err != nil {
				bad("example %d (%s): result does not match the result schema: %v", i, ex.Title, err)
			}
		}
	}
	if len(problems) > 0 {
		return nil, &DeclarationError{ID: name, Problems: problems}
	}
	return d, nil
}

// DeclarationError lists every problem found in one declaration.
type DeclarationError struct {
	ID       string
	Problems []string
}

func (e *DeclarationError) Error() string {
	return fmt.Sprintf("operation %s is not valid:\n  - %s", e.ID, strings.Join(e.Problems, "\n  - "))
}

// parse is the single parse of a payload: JSON Schema validation first, then
// strict decoding into the request type. Errors are *Error, *PayloadError or
// a codec refusal, all classified by the runtime.
func (d *Declaration) parse(payload []byte) (any, error) {
	if err := syntaxCheck(payload, "/payload"); err != nil {
		return nil, err
	}
	inst, err := validator.UnmarshalJSON(bytes.NewReader(payload))
	if err != nil {
		return nil, &Error{Code: InvalidPayload, Path: "/payload", Message: err.Error()}
	}
	if err := d.request.validate(inst, "/payload"); err != nil {
		return nil, err
	}
	req, err := d.decode(payload)
	if err != nil {
		var pe *PayloadError
		var tl *tooLargeError
		var re *Refusal
		var ce *Error
		if errors.As(err, &pe) || errors.As(err, &tl) || errors.As(err, &re) || errors.As(err, &ce) {
			return nil, err
		}
		return nil, &Error{Code: InvalidPayload, Path: "/payload", Message: err.Error()}
	}
	return req, nil
}

// syntaxCheck reports malformed JSON with its line and column.
func syntaxCheck(b []byte, path string) error {
	if json.Valid(b) {
		return nil
	}
	var v any
	err := json.Unmarshal(b, &v)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := position(b, se.Offset)
		return &Error{Code: InvalidPayload, Path: path, Message: fmt.Sprintf("malformed JSON at line %d, column %d (byte %d): %s", line, col, se.Offset, se.Error())}
	}
	return &Error{Code: InvalidPayload, Path: path, Message: fmt.Sprintf("malformed JSON: %v", err)}
}

func position(b []byte, offset int64) (line, col int) {
	line, col = 1, 1
	for i := int64(0); i < offset-1 && i < int64(len(b)); i++ {
		if b[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
