package core

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unsafe"

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
	// At builds a payload exactly at this limit, which preflight must
	// accept: a limit is exact at its boundary. Conformance runs it under
	// a short deadline and accepts a completion or a timeout, never a
	// refusal. Like Beyond it is built only when asked for.
	At func() string `json:"-"`
}

// RefusalExample is a request the operation must fail, with the code and
// the path of the one field at fault. Conformance runs each and checks both:
// a failure caused by one field names it.
type RefusalExample struct {
	Title   string
	Payload string
	Code    Code
	// Path is the JSON pointer of the field at fault, under /payload.
	Path string
}

// Bounds bound request fields in the request schema, by the field's JSON
// pointer inside the payload; the token "*" stands for every item of an
// array. An array's bound is its maxItems, a string's its maxLength, an
// integer's its maximum:
//
//	core.Bounds{"/matrix": MaxDim, "/matrix/*": MaxDim}
//
// They are the operation's declared limits written into the schema it
// publishes, so that every input dimension has a limit a caller can read
// (the bounded_requests rule), and a request past one is refused as
// RESOURCE_REFUSED before it is decoded.
type Bounds map[string]int64

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
	// Bounds write the limits of request fields into the request schema.
	Bounds Bounds
	// RefusalExamples builds requests that must fail, each with its code
	// and path. Like Limit.Beyond it is built only when conformance asks.
	RefusalExamples func() []RefusalExample
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
	ID          string    `json:"capability_id"`
	Title       string    `json:"title"`
	Summary     string    `json:"summary"`
	Keywords    []string  `json:"keywords,omitempty"`
	Kind        Kind      `json:"kind"`
	Effect      Effect    `json:"effect"`
	InputKinds  []string  `json:"input_kinds"`
	InputPorts  []Port    `json:"input_ports,omitempty"`
	OutputPorts []Port    `json:"output_ports,omitempty"`
	Limits      []Limit   `json:"limits"`
	Examples    []Example `json:"examples"`
	Provider    Provider  `json:"provider"`

	// Slow builds the declared cancellation probe payload, if any.
	Slow func() string `json:"-"`
	// RefusalExamples builds the declared refusal examples, if any.
	RefusalExamples func() []RefusalExample `json:"-"`

	// inferred infers the request and result schemas on first use, and
	// schemas compiles them and checks the rules that need them.
	inferred func() inferredPair
	// streamResult says results can be checked by validateStream.
	streamResult func() bool
	// streamRequest says payloads can be checked by validateStream.
	streamRequest func() bool
	schemas       func() (compiledPair, error)
	checker       bool // the result type embeds CheckResult
	bound         bool // the result type embeds Bindings of the request type
	hasPreflight  bool
	decode        func([]byte) (any, error)
	// quickParse is the quick pass of a flat request type (quickPlan):
	// the request and the payload's shape, or false for the full parse.
	// Integers of a word take their room from the arena while it lasts.
	quickParse func([]byte, *wordArena) (any, payloadShape, bool)
	// quickResult checks the results of a flat result schema in one pass
	// (quickPlan), or is nil.
	quickResult func() *quickPlan
	// encode writes a result's JSON, as json.Marshal does. direct says the
	// bytes are a MarshalJSON's own, taken without json.Marshal's
	// validating compaction because they are already as it leaves them
	// (compactPlain) if they are JSON at all; the caller validates them
	// and, on a refusal, encodes with json.Marshal after all.
	// buf is room the flat encoder may write into (flatEncoder.encode).
	// valid says the bytes are a result of the result schema by
	// construction: a struct of integers each of a word, written by
	// appendIntegers for a schema that wordsConform.
	encode func(res any, echoes []echo, buf []byte) (value []byte, direct, valid bool, err error)
	// flatOut is the result type's flat encoder, or nil; conform says
	// whether its words are valid by construction (wordsConform).
	resultType    reflect.Type
	flatOut       *flatEncoder
	conform       func() bool
	preflight     func(context.Context, any) error
	execute       func(context.Context, any) (any, error)
	postcondition func(context.Context, any, any) error
	generate      func(context.Context, *rand.Rand) ([]byte, error)
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
	if d.schemas == nil {
		return errors.New("declaration was not built by core.Add")
	}
	shape, err := d.scan(context.Background(), payload)
	if err != nil {
		return err
	}
	_, err = d.parse(payload, shape)
	return err
}

// ValidateResult checks a result value against the result schema.
func (d *Declaration) ValidateResult(value []byte) error {
	if d.schemas == nil {
		return errors.New("declaration was not built by core.Add")
	}
	c, err := d.schemas()
	if err != nil {
		return err
	}
	inst, err := validator.UnmarshalJSON(bytes.NewReader(value))
	if err != nil {
		return err
	}
	return c.result.validate(inst, "/value")
}

// compiledPair is a declaration's request and result schemas, compiled.
type compiledPair struct{ request, result *compiledSchema }

// inferredPair is a declaration's request and result schemas as inferred
// from its Go types, with the problems inference met.
type inferredPair struct {
	request, result *jsonschema.Schema
	problems        []string
}

// RequestSchema returns the request's JSON Schema, inferred from the Go
// type on first use. The same schema is returned on every call.
func (d *Declaration) RequestSchema() *jsonschema.Schema {
	if d.inferred == nil {
		return nil
	}
	return d.inferred().request
}

// ResultSchema returns the result's JSON Schema, inferred on first use.
func (d *Declaration) ResultSchema() *jsonschema.Schema {
	if d.inferred == nil {
		return nil
	}
	return d.inferred().result
}

// Declare builds op's Declaration and validates it against every
// declaration rule. The declaration is returned even when it breaks rules,
// so that a tool (the conformance suite) can report on it; Add installs
// only valid ones.
//
// Declaring is cheap, so a process answers in milliseconds however large
// its catalog: the schemas are inferred from the Go types and compiled only
// when the declaration is first used, the rules that read them are checked
// then (and by conformance), and the conformance-only payloads
// (Limit.Beyond, Slow) are built only when asked for.
func Declare[Req, Res any](op Operation[Req, Res]) (*Declaration, error) {
	d := &Declaration{
		ID: op.ID, Title: op.Title, Summary: op.Summary, Keywords: op.Keywords,
		Kind: op.Kind, Effect: op.Effect, InputKinds: op.InputKinds,
		InputPorts: op.InputPorts, OutputPorts: op.OutputPorts,
		Limits: op.Limits, Examples: op.Examples, Slow: op.Slow,
		RefusalExamples: op.RefusalExamples,
		Provider:        providerOf(op.Run),
		hasPreflight:    op.Preflight != nil,
	}
	_, d.checker = any(*new(Res)).(Checked)
	if b, ok := any(*new(Res)).(boundSubject); ok {
		d.bound = b.subjectType() == reflect.TypeFor[Req]()
	}
	d.inferred = sync.OnceValue(func() inferredPair {
		var p inferredPair
		var err error
		if p.request, err = schemaOf(reflect.TypeFor[Req]()); err != nil {
			p.problems = append(p.problems, fmt.Sprintf("request type %s has no JSON Schema: %v", reflect.TypeFor[Req](), err))
		} else {
			p.problems = append(p.problems, applyBounds(p.request, op.Bounds)...)
		}
		if p.result, err = schemaOf(reflect.TypeFor[Res]()); err != nil {
			p.problems = append(p.problems, fmt.Sprintf("result type %s has no JSON Schema: %v", reflect.TypeFor[Res](), err))
		}
		return p
	})
	d.streamResult = sync.OnceValue(func() bool { return d.ResultSchema() != nil && streamable(d.ResultSchema()) })
	d.streamRequest = sync.OnceValue(func() bool { return d.RequestSchema() != nil && streamable(d.RequestSchema()) })
	d.schemas = sync.OnceValues(func() (compiledPair, error) {
		var c compiledPair
		problems := d.inferred().problems
		for _, r := range DeclarationRules() {
			if r.Schemas {
				problems = append(problems, r.Check(d)...)
			}
		}
		if len(problems) > 0 {
			return c, &Error{Code: InternalError, Message: (&DeclarationError{ID: d.ID, Problems: problems}).Error()}
		}
		var err error
		if c.request, err = compileSchema("request", d.RequestSchema()); err != nil {
			return c, &Error{Code: InternalError, Message: fmt.Sprintf("operation %s: the request schema does not compile: %v", d.ID, err)}
		}
		if c.result, err = compileSchema("result", d.ResultSchema()); err != nil {
			return c, &Error{Code: InternalError, Message: fmt.Sprintf("operation %s: the result schema does not compile: %v", d.ID, err)}
		}
		return c, nil
	})
	flat := newFlatDecoder(reflect.TypeFor[Req]())
	d.decode = func(b []byte) (any, error) {
		// The payload has passed the request schema, whose objects are
		// all closed (checkClosedSchemas), so no unknown field reaches
		// here; Unmarshal decodes in place, where a Decoder would first
		// copy the payload into a buffer of its own.
		var req Req
		if flat != nil {
			if flat.decode(b, &req) {
				return req, nil
			}
			req = *new(Req) // a partial fill is discarded
		}
		if u, ok := any(&req).(json.Unmarshaler); ok {
			// The scan and the schema have found b to be one well-formed
			// JSON object. encoding/json would scan it twice more (its
			// validity, then its extent) only to pass the same bytes,
			// without the white space around them, to this method and
			// return its error unchanged; a matrix request spends a
			// quarter of its decoding there.
			if err := u.UnmarshalJSON(bytes.Trim(b, " \t\r\n")); err != nil {
				return nil, err
			}
			return req, nil
		}
		if err := json.Unmarshal(b, &req); err != nil {
			return nil, err
		}
		return req, nil
	}
	d.quickResult = sync.OnceValue(func() *quickPlan {
		if !d.streamResult() {
			return nil
		}
		return newQuickPlan(nil, d.ResultSchema())
	})
	quick := sync.OnceValue(func() *quickPlan {
		if flat == nil || !d.streamRequest() {
			return nil
		}
		return newQuickPlan(flat, d.RequestSchema())
	})
	d.quickParse = func(b []byte, words *wordArena) (any, payloadShape, bool) {
		if _, err := d.schemas(); err != nil {
			return nil, payloadShape{}, false // the full parse reports it
		}
		q := quick()
		if q == nil {
			return nil, payloadShape{}, false
		}
		req, shape, ok := quickDecode[Req](q, b, words)
		if !ok {
			return nil, payloadShape{}, false
		}
		return req, shape, true
	}
	resType := reflect.TypeFor[Res]()
	flatOut := newFlatEncoder(resType)
	// A result type with its own MarshalJSON (not a pointer or interface,
	// whose nil json.Marshal writes as null without calling it).
	ownJSON := resType.Kind() != reflect.Pointer && resType.Kind() != reflect.Interface && resType.Implements(marshalerType)
	// Whether the words appendIntegers writes conform is settled with the
	// result schema, on first use.
	conform := sync.OnceValue(func() bool { return wordsConform(flatOut, d.quickResult()) })
	d.resultType, d.flatOut, d.conform = resType, flatOut, conform
	d.encode = func(res any, echoes []echo, buf []byte) ([]byte, bool, bool, error) {
		if flatOut != nil && flatOut.integers != nil {
			// A Res in an interface, read at its fields' offsets from a
			// copy: no reflection.
			if r, ok := res.(Res); ok {
				b, words := flatOut.appendIntegers(buf[:0], unsafe.Pointer(&r), echoes)
				return b, false, words && conform(), nil
			}
		}
		if flatOut != nil {
			if v := reflect.ValueOf(res); v.IsValid() && v.Type() == resType {
				if b, ok := flatOut.encode(buf, v, echoes); ok {
					return b, false, false, nil
				}
			}
		}
		if ownJSON {
			if m, ok := res.(CompactMarshaler); ok && reflect.TypeOf(res) == resType {
				if b, err := m.MarshalCompactJSON(); err == nil {
					return b, true, false, nil // compact and fresh by its contract
				}
			}
			if m, ok := res.(json.Marshaler); ok && reflect.TypeOf(res) == resType {
				if b, err := m.MarshalJSON(); err == nil && compactPlain(b) {
					return bytes.Clone(b), true, false, nil
				}
			}
		}
		b, err := json.Marshal(res)
		return b, false, false, err
	}
	d.preflight = func(ctx context.Context, req any) error {
		if op.Preflight == nil {
			return nil
		}
		return op.Preflight(ctx, req.(Req))
	}
	if op.Run != nil {
		d.execute = func(ctx context.Context, req any) (any, error) { return op.Run(ctx, req.(Req)) }
	}
	if op.Postcondition != nil {
		d.postcondition = func(ctx context.Context, req, res any) error {
			return op.Postcondition(ctx, req.(Req), res.(Res))
		}
	}
	if op.Generate != nil {
		d.generate = func(ctx context.Context, rng *rand.Rand) ([]byte, error) {
			return json.Marshal(op.Generate(ctx, rng))
		}
	}
	return d, validate(d, false)
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
// The scan (scan.go) comes first and has refused malformed JSON, duplicate
// keys and oversized arrays before anything is built.
func (d *Declaration) parse(payload []byte, shape payloadShape) (any, error) {
	c, err := d.schemas()
	if err != nil {
		return nil, err
	}
	// A payload the streaming validator accepts is valid, and costs no
	// tree; one it refuses, or cannot decide, goes to the general
	// validator, whose messages say what to send instead.
	if !d.streamRequest() || validateStream(payload, d.RequestSchema(), "/payload") != nil {
		inst, err := validationTree(payload, shape.arrays)
		if err != nil {
			return nil, &Error{Code: InvalidPayload, Path: "/payload", Message: err.Error()}
		}
		if err := c.request.validate(inst, "/payload"); err != nil {
			return nil, err
		}
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

// scan runs the structural pass over a payload against the request schema.
func (d *Declaration) scan(ctx context.Context, payload []byte) (payloadShape, error) {
	if _, err := d.schemas(); err != nil {
		return payloadShape{}, err
	}
	return scanPayload(ctx, payload, d.RequestSchema(), "/payload")
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
