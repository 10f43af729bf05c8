package core

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	validator "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// SchemaProvider is implemented by value types that define their own JSON
// Schema (Integer, Rational, Matrix, enumerations). Schema inference uses it
// wherever the type appears, so each encoding is defined once.
type SchemaProvider interface {
	JSONSchema() *jsonschema.Schema
}

// Enum returns a string schema restricted to the given values; enumeration
// types return it from their JSONSchema method.
func Enum(description string, values ...string) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "string", Description: description}
	for _, v := range values {
		s.Enum = append(s.Enum, v)
	}
	return s
}

var providerType = reflect.TypeFor[SchemaProvider]()

// SchemaFor infers the JSON Schema 2020-12 of T from its Go type: structs
// become closed objects, fields without omitempty/omitzero are required, and
// every type that implements SchemaProvider contributes its own schema.
// Pointers mean "optional", never "may be null".
func SchemaFor[T any]() (*jsonschema.Schema, error) { return schemaOf(reflect.TypeFor[T]()) }

func schemaOf(t reflect.Type) (*jsonschema.Schema, error) {
	overrides := map[reflect.Type]*jsonschema.Schema{}
	collectProviders(t, overrides, map[reflect.Type]bool{})
	s, err := jsonschema.ForType(t, &jsonschema.ForOptions{TypeSchemas: overrides})
	if err != nil {
		return nil, err
	}
	for sub := range walkSchema(s) {
		// A pointer to a schema without a type (an anyOf, say) is inferred
		// as type ["null"], which would refuse every real value.
		if len(sub.Types) == 1 && sub.Types[0] == "null" && (len(sub.AnyOf) > 0 || len(sub.OneOf) > 0 || sub.Ref != "") {
			sub.Types = nil
		}
		if len(sub.Types) == 2 && slices.Contains(sub.Types, "null") {
			sub.Type = sub.Types[slices.IndexFunc(sub.Types, func(x string) bool { return x != "null" })]
			sub.Types = nil
		}
	}
	s.Schema = "https://json-schema.org/draft/2020-12/schema"
	return s, nil
}

func collectProviders(t reflect.Type, out map[reflect.Type]*jsonschema.Schema, seen map[reflect.Type]bool) {
	if seen[t] {
		return
	}
	seen[t] = true
	if t.Kind() == reflect.Pointer {
		collectProviders(t.Elem(), out, seen)
		return
	}
	if t.Implements(providerType) {
		out[t] = reflect.Zero(t).Interface().(SchemaProvider).JSONSchema()
		return
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		collectProviders(t.Elem(), out, seen)
	case reflect.Struct:
		for f := range t.Fields() {
			if f.IsExported() || f.Anonymous {
				collectProviders(f.Type, out, seen)
			}
		}
	}
}

// walkSchema yields s and every schema nested in it.
func walkSchema(s *jsonschema.Schema) func(func(*jsonschema.Schema) bool) {
	return func(yield func(*jsonschema.Schema) bool) {
		var visit func(*jsonschema.Schema) bool
		visit = func(s *jsonschema.Schema) bool {
			if s == nil {
				return true
			}
			if !yield(s) {
				return false
			}
			kids := []*jsonschema.Schema{s.Items, s.AdditionalProperties, s.Not, s.If, s.Then, s.Else, s.Contains, s.PropertyNames, s.UnevaluatedItems, s.UnevaluatedProperties}
			kids = append(kids, s.PrefixItems...)
			kids = append(kids, s.AllOf...)
			kids = append(kids, s.AnyOf...)
			kids = append(kids, s.OneOf...)
			for _, m := range []map[string]*jsonschema.Schema{s.Properties, s.PatternProperties, s.Defs, s.Definitions, s.DependentSchemas} {
				for _, k := range slices.Sorted(maps.Keys(m)) {
					kids = append(kids, m[k])
				}
			}
			for _, k := range kids {
				if !visit(k) {
					return false
				}
			}
			return true
		}
		visit(s)
	}
}

// compiledSchema is a schema compiled once for validation, with its JSON
// document kept for looking up what a failing location expected.
type compiledSchema struct {
	doc      []byte
	tree     any
	compiled *validator.Schema
}

func compileSchema(name string, s *jsonschema.Schema) (*compiledSchema, error) {
	doc, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	tree, err := validator.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return nil, err
	}
	c := validator.NewCompiler()
	c.DefaultDraft(validator.Draft2020)
	c.UseRegexpEngine(decimalPatterns)
	url := "mem:///" + name + ".json"
	if err := c.AddResource(url, tree); err != nil {
		return nil, err
	}
	compiled, err := c.Compile(url)
	if err != nil {
		return nil, err
	}
	return &compiledSchema{doc: doc, tree: tree, compiled: compiled}, nil
}

// validate checks an instance decoded with validator.UnmarshalJSON (numbers
// kept exact as json.Number) and turns the first meaningful violation into
// an *Error with a code, a path under prefix, and a message that says what
// to send instead.
func (c *compiledSchema) validate(instance any, prefix string) error {
	err := c.compiled.Validate(instance)
	if err == nil {
		return nil
	}
	var ve *validator.ValidationError
	if !errors.As(err, &ve) {
		return &Error{Code: InvalidPayload, Path: prefix, Message: err.Error()}
	}
	leaf := bestLeaf(ve)
	path := prefix + pointer(leaf.InstanceLocation)
	return c.describe(leaf, path)
}

var english = message.NewPrinter(language.English)

// bestLeaf picks the most actionable leaf violation: an unknown field first,
// then a wrong type, then anything else; among equals, the first by
// schema keyword, then by instance location.
func bestLeaf(ve *validator.ValidationError) *validator.ValidationError {
	var leaves []*validator.ValidationError
	var walk func(*validator.ValidationError)
	walk = func(e *validator.ValidationError) {
		if len(e.Causes) == 0 {
			leaves = append(leaves, e)
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	rank := func(e *validator.ValidationError) int {
		switch e.ErrorKind.(type) {
		case *kind.AdditionalProperties:
			return 0
		case *kind.Required:
			return 1
		case *kind.Type:
			return 2
		case *kind.MaxItems, *kind.MaxLength, *kind.Maximum:
			// A value past a bound may also be malformed; the malformation
			// is what the caller must fix first.
			return 4
		}
		return 3
	}
	// A type mismatch inside a union branch usually means the caller meant
	// another branch, whose own complaint is the useful one ("must be
	// string" from the branch not meant is not), so it goes last.
	key := func(e *validator.ValidationError) int {
		if _, ok := e.ErrorKind.(*kind.Type); ok && isUnion(e) {
			return 5
		}
		return rank(e)
	}
	// The validator walks properties in map order, so leaves of one rank
	// are ordered by the schema keyword that failed (a union's first
	// branch before its second, sibling properties by name), then by
	// where they are (an array's items in order), for the same answer on
	// every run.
	slices.SortStableFunc(leaves, func(a, b *validator.ValidationError) int {
		if d := key(a) - key(b); d != 0 {
			return d
		}
		if d := strings.Compare(a.SchemaURL, b.SchemaURL); d != 0 {
			return d
		}
		return slices.Compare(a.InstanceLocation, b.InstanceLocation)
	})
	return leaves[0]
}

// isUnion reports whether a violation was found inside an anyOf or oneOf
// branch.
func isUnion(e *validator.ValidationError) bool {
	return strings.Contains(e.SchemaURL, "/anyOf/") || strings.Contains(e.SchemaURL, "/oneOf/")
}

func (c *compiledSchema) describe(e *validator.ValidationError, path string) error {
	where := path
	if where == "" {
		where = "/"
	}
	switch k := e.ErrorKind.(type) {
	case *kind.AdditionalProperties:
		// The validator lists them in map order; sorted, the message and
		// the path are the same on every run.
		unknown := slices.Sorted(slices.Values(k.Properties))
		msg := fmt.Sprintf("unknown field %s at %s", quoteAll(unknown), where)
		if allowed := c.propertiesAt(e.SchemaURL); len(allowed) > 0 {
			msg += "; the fields allowed here are " + quoteAll(allowed)
		}
		return &Error{Code: UnknownField, Path: path + pointer(unknown[:1]), Message: msg}
	case *kind.Type:
		if (k.Got == "number" || k.Got == "integer") && slices.Contains(k.Want, "string") {
			return &Error{Code: InvalidPayload, Path: path, Message: fmt.Sprintf("%s is a JSON number; send exact values as decimal strings, e.g. \"84\" or \"-3/4\", because JSON numbers lose precision", where)}
		}
		return &Error{Code: InvalidPayload, Path: path, Message: fmt.Sprintf("%s must be %s, got %s", where, strings.Join(k.Want, " or "), k.Got)}
	case *kind.Required:
		return &Error{Code: InvalidPayload, Path: path, Message: fmt.Sprintf("missing required field %s at %s", quoteAll(slices.Sorted(slices.Values(k.Missing))), where)}
	case *kind.Pattern:
		desc := c.descriptionAt(e.SchemaURL)
		if desc == "" {
			desc = "a string matching " + k.Want
		}
		return &Error{Code: InvalidPayload, Path: path, Message: fmt.Sprintf("%s is %q, which is not %s (no leading zeros, no '+', no spaces)", where, clip(k.Got), desc)}
	case *kind.OneOf:
		if len(k.Subschemas) > 1 {
			return &Error{Code: InvalidPayload, Path: path, Message: fmt.Sprintf("%s fits more than one of its alternative forms; give exactly one form (inspect the operation for its schema)", where)}
		}
	case *kind.Not:
		return &Error{Code: InvalidPayload, Path: path, Message: fmt.Sprintf("%s has a form this field excludes (inspect the operation for its schema)", where)}
	case *kind.Enum:
		return &Error{Code: InvalidPayload, Path: path, Message: fmt.Sprintf("%s must be one of %s", where, enumList(k.Want))}
	case *kind.MaxItems:
		return &Refusal{Message: fmt.Sprintf("%s has %d items; at most %d are allowed", where, k.Got, k.Want)}
	case *kind.MaxLength:
		return &Refusal{Message: fmt.Sprintf("%s is %d characters long; at most %d are allowed", where, k.Got, k.Want)}
	case *kind.Maximum:
		return &Refusal{Message: fmt.Sprintf("%s is %s; at most %s is allowed", where, k.Got.RatString(), k.Want.RatString())}
	}
	return &Error{Code: InvalidPayload, Path: path, Message: fmt.Sprintf("%s: %s", where, e.ErrorKind.LocalizedString(english))}
}

// nodeAt follows the fragment of a schema URL ("mem:///x.json#/properties/a")
// into the schema document.
func (c *compiledSchema) nodeAt(schemaURL string) map[string]any {
	_, frag, _ := strings.Cut(schemaURL, "#")
	node := c.tree
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if tok == "" {
			continue
		}
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch n := node.(type) {
		case map[string]any:
			node = n[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n) {
				return nil
			}
			node = n[i]
		default:
			return nil
		}
	}
	m, _ := node.(map[string]any)
	return m
}

func (c *compiledSchema) propertiesAt(schemaURL string) []string {
	// The URL names the additionalProperties keyword; its parent object
	// holds the declared properties.
	parent := strings.TrimSuffix(schemaURL, "/additionalProperties")
	props, _ := c.nodeAt(parent)["properties"].(map[string]any)
	return slices.Sorted(maps.Keys(props))
}

func (c *compiledSchema) descriptionAt(schemaURL string) string {
	parent := strings.TrimSuffix(schemaURL, "/pattern")
	d, _ := c.nodeAt(parent)["description"].(string)
	return d
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(PointerToken(t))
	}
	return b.String()
}

func enumList(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		b, _ := json.Marshal(v)
		parts[i] = string(b)
	}
	return strings.Join(parts, ", ")
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// applyBounds writes each bound into the request schema s at its pointer
// (see Bounds) and returns the problems met: a pointer the schema does not
// have, or a position that is neither an array, a string nor an integer.
// Each schema on the way to a bound is copied before it is changed,
// because inference may share one value type's schema between fields.
func applyBounds(s *jsonschema.Schema, bounds Bounds) []string {
	var problems []string
	for _, at := range slices.Sorted(maps.Keys(bounds)) {
		if !strings.HasPrefix(at, "/") {
			problems = append(problems, fmt.Sprintf("Bounds names %q; write a JSON pointer into the payload, such as \"/matrix\"", at))
			continue
		}
		bounded, err := withBound(s, strings.Split(at[1:], "/"), bounds[at])
		if err != nil {
			problems = append(problems, fmt.Sprintf("Bounds names %q: %v", at, err))
			continue
		}
		*s = *bounded
	}
	return problems
}

// withBound returns a copy of s with max applied at the path tokens.
func withBound(s *jsonschema.Schema, tokens []string, max int64) (*jsonschema.Schema, error) {
	c := *s
	if len(tokens) == 0 {
		types := c.Types
		if c.Type != "" {
			types = []string{c.Type}
		}
		applied := false
		for _, t := range types {
			switch t {
			case "array":
				c.MaxItems, applied = Ptr(int(max)), true
			case "string":
				c.MaxLength, applied = Ptr(int(max)), true
			case "integer":
				c.Maximum, applied = Ptr(float64(max)), true
			}
		}
		if !applied {
			return nil, errors.New("its schema is neither an array, a string nor an integer")
		}
		return &c, nil
	}
	tok, rest := tokens[0], tokens[1:]
	if tok == "*" {
		if c.Items == nil {
			return nil, errors.New("\"*\" stands where the schema has no array")
		}
		items, err := withBound(c.Items, rest, max)
		if err != nil {
			return nil, err
		}
		c.Items = items
		return &c, nil
	}
	key := strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
	child := c.Properties[key]
	if child == nil {
		return nil, fmt.Errorf("the request schema has no field %q there", key)
	}
	bounded, err := withBound(child, rest, max)
	if err != nil {
		return nil, err
	}
	c.Properties = maps.Clone(c.Properties)
	c.Properties[key] = bounded
	return &c, nil
}

// Ptr returns a pointer to v.
func Ptr[T any](v T) *T { return &v }

// decimalPatterns matches the patterns of the shared integer and rational
// schemas by hand (as the streaming validator does): they are checked on
// every exact value of every payload, where a regular expression costs
// more than the rest of the validation. Any other pattern goes to the
// standard library's regexp, as the validator's default engine does.
func decimalPatterns(pattern string) (validator.Regexp, error) {
	switch pattern {
	case integerPattern, rationalPattern:
		return decimalMatcher(pattern), nil
	}
	return regexp.Compile(pattern)
}

// decimalMatcher is integerPattern or rationalPattern.
type decimalMatcher string

func (m decimalMatcher) String() string { return string(m) }

func (m decimalMatcher) MatchString(s string) bool {
	if m == integerPattern {
		return isDecimalInteger(s)
	}
	num, den, found := strings.Cut(s, "/")
	return isDecimalInteger(num) && (!found || isPositiveDecimal(den))
}
