package core

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// The declaration contract, written once. The conformance suite reports
// these rules as its static clauses by calling DeclarationRules, and core
// enforces the same functions: Add refuses a declaration that breaks a
// rule judged from the declaration alone, and the rules that read the
// inferred schemas are judged when the declaration is first used (its run
// then fails with INTERNAL_ERROR naming every problem), because inferring
// every schema at registration would cost each process a fraction of a
// millisecond per declaration before it answers anything. What needs a
// compiled schema or a run (examples that validate and match, limits that
// preflight enforces, cancellation) is conformance's alone.

// verbs are the ID segments that name what an operation does. Exactly one
// segment of an ID is a verb; "check" marks a checker.
var verbs = []string{"compute", "solve", "check"}

// Verbs returns the ID segments that name what an operation does: exactly
// one segment of an ID is one of them, and "check" marks a checker.
func Verbs() []string { return slices.Clone(verbs) }

// DeclarationRule is one clause of the declaration contract that can be
// judged from the declaration alone. Check returns every problem found, in
// words that tell the domain author what to fix; none means it holds.
type DeclarationRule struct {
	Name  string
	Check func(*Declaration) []string
	// Schemas says the rule reads the inferred schemas, so Add leaves it
	// to the declaration's first use.
	Schemas bool
}

// DeclarationRules returns the rules Add enforces, in the order a report
// reads them: the ID, the kind, the schemas, the catalog metadata, the
// ports.
func DeclarationRules() []DeclarationRule {
	return []DeclarationRule{
		{Name: "id_grammar", Check: checkIDGrammar},
		{Name: "kind_verb", Check: checkKindVerb},
		{Name: "catalog_metadata", Check: checkCatalogMetadata},
		{Name: "closed_schemas", Check: checkClosedSchemas, Schemas: true},
		{Name: "ports", Check: checkPorts, Schemas: true},
		{Name: "bounded_requests", Check: checkBoundedRequests, Schemas: true},
	}
}

// Validate applies every declaration rule to d, inferring its schemas, and
// reports all problems at once as a *DeclarationError, or nil.
func Validate(d *Declaration) error { return validate(d, true) }

func validate(d *Declaration, withSchemas bool) error {
	var problems []string
	if withSchemas && d.inferred != nil {
		problems = append(problems, d.inferred().problems...)
	}
	for _, r := range DeclarationRules() {
		if withSchemas || !r.Schemas {
			problems = append(problems, r.Check(d)...)
		}
	}
	if len(problems) == 0 {
		return nil
	}
	name := d.ID
	if name == "" {
		name = "(no ID)"
	}
	return &DeclarationError{ID: name, Problems: problems}
}

var (
	segmentPattern = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	portPattern    = segmentPattern
	artifactFormat = regexp.MustCompile(`^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$`)
)

// verbOf returns the ID's verb segment, or "" unless there is exactly one.
func verbOf(id string) string {
	found := ""
	for _, s := range strings.Split(id, ".") {
		if slices.Contains(verbs, s) {
			if found != "" {
				return ""
			}
			found = s
		}
	}
	return found
}

// checkIDGrammar: lowercase dotted segments, the domain namespace first,
// exactly one verb segment.
func checkIDGrammar(d *Declaration) []string {
	var p []string
	id := d.ID
	segs := strings.Split(id, ".")
	if len(segs) < 2 {
		p = append(p, fmt.Sprintf("ID %q has %d segment; it needs the domain namespace and a verb, dot-separated", id, len(segs)))
	}
	for i, s := range segs {
		if !segmentPattern.MatchString(s) {
			p = append(p, fmt.Sprintf("segment %d (%q) of ID %q must be lowercase letters, digits and underscores, starting with a letter", i+1, s, id))
		}
	}
	n := 0
	for _, s := range segs {
		if slices.Contains(verbs, s) {
			n++
		}
	}
	if n != 1 {
		p = append(p, fmt.Sprintf("ID %q must contain exactly one verb segment (one of %s), found %d", id, strings.Join(verbs, ", "), n))
	}
	if slices.Contains(verbs, segs[0]) {
		p = append(p, fmt.Sprintf("ID %q must start with its domain namespace, not the verb %q", id, segs[0]))
	}
	return p
}

// checkKindVerb: the verb is "check" exactly when Kind is Check, exactly
// when the result carries a verdict the runtime can lift.
func checkKindVerb(d *Declaration) []string {
	var p []string
	if d.Kind != Compute && d.Kind != Check {
		p = append(p, fmt.Sprintf("Kind is %q; it must be core.Compute or core.Check", d.Kind))
	}
	isCheckVerb := verbOf(d.ID) == "check"
	isCheckKind := d.Kind == Check
	switch {
	case isCheckVerb && !isCheckKind:
		p = append(p, fmt.Sprintf("ID %q uses the verb \"check\" but Kind is %q; a checker declares Kind: core.Check", d.ID, d.Kind))
	case !isCheckVerb && isCheckKind:
		p = append(p, fmt.Sprintf("Kind is check but ID %q does not use the verb \"check\"", d.ID))
	}
	switch {
	case isCheckKind && !d.checker:
		p = append(p, "a checker's result must carry the verdict: embed core.CheckResult in the result type")
	case !isCheckKind && d.checker:
		p = append(p, fmt.Sprintf("the result carries a verdict but Kind is %q: an operation computes a value or checks a claim, never both", d.Kind))
	}
	if isCheckKind && !d.bound {
		p = append(p, "a checker's verdict names what it is about: embed core.Bindings[Req] of the checker's own request type in the result type and fill it with core.Bind(req)")
	}
	return p
}

// checkClosedSchemas: both schemas describe objects, every object in them
// refuses properties it does not declare, and a checker's verdict is the
// required enumeration of the three words.
func checkClosedSchemas(d *Declaration) []string {
	var p []string
	if res := d.ResultSchema(); res != nil {
		verdict := res.Properties["verdict"]
		switch {
		case d.Kind == Check && verdict == nil:
			p = append(p, "a checker's result schema must have a \"verdict\" property; embed core.CheckResult in the result type")
		case d.Kind != Check && verdict != nil:
			p = append(p, fmt.Sprintf("the result schema has a \"verdict\" property but Kind is %q: an operation computes a value or checks a claim, never both", d.Kind))
		}
		if d.Kind == Check && verdict != nil {
			want := []any{string(Accepted), string(Rejected), string(Inconclusive)}
			if len(verdict.Enum) != len(want) || slices.ContainsFunc(verdict.Enum, func(v any) bool { return !slices.Contains(want, v) }) {
				p = append(p, fmt.Sprintf("the verdict property must be the enumeration %v, got %v", want, verdict.Enum))
			}
			if !slices.Contains(res.Required, "verdict") {
				p = append(p, "the verdict property must be required")
			}
		}
	}
	for _, side := range []struct {
		name   string
		schema *jsonschema.Schema
	}{{"request", d.RequestSchema()}, {"result", d.ResultSchema()}} {
		if side.schema == nil {
			p = append(p, fmt.Sprintf("the %s schema is missing", side.name))
			continue
		}
		if side.schema.Type != "object" {
			p = append(p, fmt.Sprintf("the %s schema must describe a JSON object (a Go struct), not %q", side.name, side.schema.Type))
		}
		for _, at := range openObjects(side.schema) {
			p = append(p, fmt.Sprintf("the %s schema's object at %s does not have additionalProperties: false; every object must be closed", side.name, at))
		}
		for _, at := range unconstrainedValues(side.schema) {
			p = append(p, fmt.Sprintf("the %s schema at %s admits any JSON value, including objects with undeclared fields (a Go field of type any?); give it a definite type", side.name, at))
		}
	}
	return p
}

// checkCatalogMetadata: what search, the catalog and inspect show is
// present, and every part the pipeline calls is declared.
func checkCatalogMetadata(d *Declaration) []string {
	var p []string
	add := func(format string, args ...any) { p = append(p, fmt.Sprintf(format, args...)) }
	if strings.TrimSpace(d.Title) == "" {
		add("Title is empty")
	}
	if len(strings.Fields(d.Summary)) < 4 {
		add("Summary must say in a sentence what the operation computes")
	}
	if len(d.InputKinds) == 0 {
		add("InputKinds is empty; name the kinds of value the request takes (\"integer\", \"matrix\", ...)")
	}
	for i, k := range d.InputKinds {
		if strings.TrimSpace(k) == "" {
			add("input kind %d is blank", i)
		}
	}
	if d.Effect != Pure && d.Effect != WritesArtifact {
		add("Effect is %q; it must be core.Pure or core.WritesArtifact", d.Effect)
	}
	if d.Provider.Module == "" || d.Provider.Module == "unknown" {
		add("the provider module is %q; the catalog must name the module that supplies the operation (is Run nil?)", d.Provider.Module)
	}
	if d.Provider.Version == "" {
		add("the provider version is empty")
	}
	if d.execute == nil {
		add("Run is nil")
	}
	if d.postcondition == nil {
		add("Postcondition is nil; every result needs an independent check before it is published")
	}
	for i, l := range d.Limits {
		if strings.TrimSpace(l.Name) == "" || strings.TrimSpace(l.Unit) == "" || strings.TrimSpace(l.Description) == "" || l.Max <= 0 {
			add("limit %d (%q) needs a name, a positive max, a unit and a description; inspect publishes them", i, l.Name)
		}
		if l.Beyond == nil {
			add("limit %q needs a Beyond payload that preflight must refuse", l.Name)
		} else if !d.hasPreflight {
			add("limit %q is declared but Preflight is nil", l.Name)
		}
	}
	if len(d.Examples) == 0 {
		add("Examples is empty; give at least one bounded example with its exact result")
	}
	for i, ex := range d.Examples {
		if strings.TrimSpace(ex.Title) == "" {
			add("example %d has no title", i)
		}
		if !json.Valid(ex.Payload) || !json.Valid(ex.Result) {
			add("example %d (%s): the payload and the result must each be one JSON document", i, ex.Title)
		}
	}
	return p
}

// checkPorts: port names are unique lowercase words, each carries a field
// its schema has, and each names well-formed artifact types.
func checkPorts(d *Declaration) []string {
	var p []string
	check := func(kind string, ports []Port, s *jsonschema.Schema) {
		seen := map[string]bool{}
		for _, port := range ports {
			if !portPattern.MatchString(port.Name) || seen[port.Name] {
				p = append(p, fmt.Sprintf("%s port %q needs a unique lowercase name", kind, port.Name))
			}
			seen[port.Name] = true
			if s != nil && s.Properties[port.Field] == nil {
				p = append(p, fmt.Sprintf("%s port %q carries field %q, which the schema does not have", kind, port.Name, port.Field))
			}
			if len(port.ArtifactTypes) == 0 {
				p = append(p, fmt.Sprintf("%s port %q declares no artifact type", kind, port.Name))
			}
			for _, t := range port.ArtifactTypes {
				if !artifactFormat.MatchString(t) {
					p = append(p, fmt.Sprintf("%s port %q: artifact type %q must be lowercase dotted words", kind, port.Name, t))
				}
			}
		}
	}
	if len(d.InputPorts) > 0 {
		check("input", d.InputPorts, d.RequestSchema())
	}
	if len(d.OutputPorts) > 0 {
		check("output", d.OutputPorts, d.ResultSchema())
	}
	return p
}

// located is a subschema with its JSON pointer inside the root schema.
type located struct {
	at string
	s  *jsonschema.Schema
}

// subschemas lists s and every schema nested in it, in a fixed order, each
// with its JSON pointer.
func subschemas(s *jsonschema.Schema) []located {
	var out []located
	var visit func(at string, s *jsonschema.Schema)
	visit = func(at string, s *jsonschema.Schema) {
		if s == nil {
			return
		}
		out = append(out, located{at, s})
		one := func(key string, k *jsonschema.Schema) { visit(at+"/"+key, k) }
		list := func(key string, ks []*jsonschema.Schema) {
			for i, k := range ks {
				visit(at+"/"+key+"/"+strconv.Itoa(i), k)
			}
		}
		dict := func(key string, m map[string]*jsonschema.Schema) {
			for _, k := range slices.Sorted(maps.Keys(m)) {
				visit(at+"/"+key+"/"+PointerToken(k), m[k])
			}
		}
		one("items", s.Items)
		list("items", s.ItemsArray)
		list("prefixItems", s.PrefixItems)
		one("additionalItems", s.AdditionalItems)
		one("contains", s.Contains)
		one("unevaluatedItems", s.UnevaluatedItems)
		dict("properties", s.Properties)
		dict("patternProperties", s.PatternProperties)
		one("additionalProperties", s.AdditionalProperties)
		one("propertyNames", s.PropertyNames)
		one("unevaluatedProperties", s.UnevaluatedProperties)
		list("allOf", s.AllOf)
		list("anyOf", s.AnyOf)
		list("oneOf", s.OneOf)
		one("not", s.Not)
		one("if", s.If)
		one("then", s.Then)
		one("else", s.Else)
		dict("dependentSchemas", s.DependentSchemas)
		dict("dependencies", s.DependencySchemas)
		one("contentSchema", s.ContentSchema)
		dict("$defs", s.Defs)
		dict("definitions", s.Definitions)
	}
	visit("", s)
	return out
}

// PointerToken escapes one reference token of a JSON pointer (RFC 6901):
// "~" becomes "~0" and "/" becomes "~1".
func PointerToken(token string) string { return pointerEscaper.Replace(token) }

var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// isObjectSchema reports whether a schema describes JSON objects.
func isObjectSchema(s *jsonschema.Schema) bool {
	return s.Type == "object" || slices.Contains(s.Types, "object") || s.Properties != nil || s.PatternProperties != nil
}

// isFalseSchema reports whether s is the schema false, which admits
// nothing; jsonschema-go writes it as {"not": {}}.
func isFalseSchema(s *jsonschema.Schema) bool {
	if s == nil || s.Not == nil {
		return false
	}
	// Every closed object asks this of its additionalProperties on every
	// payload the streaming validator reads; the comparison is by
	// reflection, so its answer is kept per schema (schemas do not change
	// once inferred).
	if v, ok := falseSchemas.Load(s); ok {
		return v.(bool)
	}
	is := reflect.DeepEqual(*s.Not, jsonschema.Schema{}) && reflect.DeepEqual(*s, jsonschema.Schema{Not: s.Not})
	falseSchemas.Store(s, is)
	return is
}

// falseSchemas caches isFalseSchema: *jsonschema.Schema → bool.
var falseSchemas sync.Map

// openObjects lists the pointers of object schemas that do not have
// additionalProperties false.
func openObjects(s *jsonschema.Schema) []string {
	var open []string
	for _, l := range subschemas(s) {
		if isObjectSchema(l.s) && !isFalseSchema(l.s.AdditionalProperties) {
			at := l.at
			if at == "" {
				at = "the top level"
			}
			open = append(open, at)
		}
	}
	return open
}

// unconstrainedValues lists the pointers of value positions (properties,
// items, $defs) whose schema admits any JSON value: a Go field of type any
// infers to the schema true. Such a value may be an object with any fields,
// so the closed-schema rule is broken there even though no object schema
// is in sight. Subschemas under "not" are exempt: false is written
// {"not": {}}.
func unconstrainedValues(s *jsonschema.Schema) []string {
	var out []string
	for _, l := range subschemas(s) {
		if l.at == "" || strings.Contains(l.at+"/", "/not/") || !valuePosition(l.at) {
			continue
		}
		if admitsAnything(l.s) {
			out = append(out, l.at)
		}
	}
	return out
}

// valuePosition reports whether the last keyword of a pointer holds the
// schema of a value rather than a condition or a name.
func valuePosition(at string) bool {
	tokens := strings.Split(at, "/")
	last := tokens[len(tokens)-1]
	if last == "items" || last == "additionalProperties" {
		return true
	}
	if len(tokens) >= 2 {
		switch tokens[len(tokens)-2] {
		case "properties", "patternProperties", "prefixItems", "$defs", "definitions":
			return true
		case "items":
			return len(tokens) >= 3 // items as an array of schemas
		}
	}
	return false
}

func admitsAnything(s *jsonschema.Schema) bool {
	return s.Type == "" && len(s.Types) == 0 && s.Ref == "" && s.DynamicRef == "" &&
		s.Enum == nil && s.Const == nil && len(s.AllOf) == 0 && len(s.AnyOf) == 0 &&
		len(s.OneOf) == 0 && s.Not == nil && s.If == nil && !isObjectSchema(s)
}

// checkBoundedRequests: every position of the request schema that could
// carry an unbounded amount of input declares its bound, so that no input
// dimension escapes the limits (a polynomial of four million terms, a
// variable name of 300,000 characters). An array needs maxItems; a string
// needs maxLength, an enum or a const; an integer or number needs
// maximum (or exclusiveMaximum, an enum or a const).
//
// The bounds are never written by hand into a schema. Core's value types
// carry the codec's own bounds in their JSONSchema methods (an Integer has
// at most MaxDigits digits, so its string at most MaxDigits+1 characters);
// a domain value type with a JSONSchema method carries its own, from the
// same constants its preflight reads; and an operation writes its declared
// limits onto its request's fields with Operation.Bounds, by JSON pointer
// ("/matrix/*": MaxDim), from the constants its Limits and Preflight use.
// The schema then publishes every bound (inspect shows it), and the
// runtime refuses a request past one as RESOURCE_REFUSED before decoding,
// like any declared limit; preflight keeps the limits that need
// arithmetic (bits, estimated cost).
func checkBoundedRequests(d *Declaration) []string {
	s := d.RequestSchema()
	if s == nil {
		return nil
	}
	var p []string
	for _, l := range subschemas(s) {
		if l.at != "" && !valuePosition(l.at) {
			continue
		}
		at := l.at
		if at == "" {
			at = "the top level"
		}
		x := l.s
		if x.Enum != nil || x.Const != nil {
			continue
		}
		types := x.Types
		if x.Type != "" {
			types = []string{x.Type}
		}
		for _, t := range types {
			switch t {
			case "array":
				if x.MaxItems == nil && len(x.PrefixItems) == 0 {
					p = append(p, fmt.Sprintf("the request schema's array at %s has no maxItems; bound it with the operation's limit (Operation.Bounds, or the value type's JSONSchema)", at))
				}
			case "string":
				if x.MaxLength == nil {
					p = append(p, fmt.Sprintf("the request schema's string at %s has no maxLength (nor an enum); bound it (Operation.Bounds, or the value type's JSONSchema), or give it an enum", at))
				}
			case "integer", "number":
				if x.Maximum == nil && x.ExclusiveMaximum == nil {
					p = append(p, fmt.Sprintf("the request schema's %s at %s has no maximum; bound it with the operation's limit (Operation.Bounds)", t, at))
				}
			}
		}
	}
	return p
}
