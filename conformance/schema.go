package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	validator "github.com/santhosh-tekuri/jsonschema/v6"
)

const draft2020 = "https://json-schema.org/draft/2020-12/schema"

// compiledSchemas are a declaration's published request and result schemas,
// compiled here from what inspect shows rather than taken from core, so the
// clauses check the schemas a caller actually sees.
type compiledSchemas struct {
	request, result *validator.Schema
}

func (sub *subject) compiled() (*compiledSchemas, error) {
	if sub.schemas == nil && sub.schemasErr == nil {
		var errs []error
		req, err := compile("request", sub.d.RequestSchema)
		if err != nil {
			errs = append(errs, fmt.Errorf("request schema: %w", err))
		}
		res, err := compile("result", sub.d.ResultSchema)
		if err != nil {
			errs = append(errs, fmt.Errorf("result schema: %w", err))
		}
		if len(errs) > 0 {
			sub.schemasErr = errors.Join(errs...)
		} else {
			sub.schemas = &compiledSchemas{request: req, result: res}
		}
	}
	return sub.schemas, sub.schemasErr
}

// compile compiles s as JSON Schema 2020-12 with the validator the runtime
// uses.
func compile(name string, s *jsonschema.Schema) (*validator.Schema, error) {
	if s == nil {
		return nil, errors.New("missing")
	}
	if s.Schema != "" && s.Schema != draft2020 {
		return nil, fmt.Errorf("declares $schema %q; the contract is JSON Schema 2020-12 (%s)", s.Schema, draft2020)
	}
	doc, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("does not encode as JSON: %w", err)
	}
	tree, err := validator.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return nil, err
	}
	c := validator.NewCompiler()
	c.DefaultDraft(validator.Draft2020)
	url := "mem:///" + name + ".json"
	if err := c.AddResource(url, tree); err != nil {
		return nil, err
	}
	return c.Compile(url)
}

// validate checks a JSON document against a compiled schema. Numbers are
// kept exact (validator.UnmarshalJSON decodes them as json.Number).
func validate(s *validator.Schema, doc []byte) error {
	inst, err := validator.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return fmt.Errorf("not valid JSON: %w", err)
	}
	if err := s.Validate(inst); err != nil {
		var ve *validator.ValidationError
		if errors.As(err, &ve) {
			return errors.New(firstLeaf(ve))
		}
		return err
	}
	return nil
}

// firstLeaf names one concrete violation, which reads better than the
// validator's whole tree.
func firstLeaf(ve *validator.ValidationError) string {
	for len(ve.Causes) > 0 {
		ve = ve.Causes[0]
	}
	at := "/" + strings.Join(ve.InstanceLocation, "/")
	return fmt.Sprintf("at %s: %s", at, ve.Error())
}

// located is a subschema with its JSON pointer inside the root schema.
type located struct {
	at string
	s  *jsonschema.Schema
}

// subschemas lists s and every schema nested in it, in a fixed order.
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
			keys := make([]string, 0, len(m))
			for k := range m {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				visit(at+"/"+key+"/"+escape(k), m[k])
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

func escape(token string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(token)
}

// isObject reports whether a schema describes JSON objects.
func isObject(s *jsonschema.Schema) bool {
	return s.Type == "object" || slices.Contains(s.Types, "object") || s.Properties != nil || s.PatternProperties != nil
}

// isFalse reports whether s is the schema false, which admits nothing.
func isFalse(s *jsonschema.Schema) bool {
	if s == nil {
		return false
	}
	b, err := json.Marshal(s)
	return err == nil && string(b) == "false"
}

// openObjects lists the pointers of object schemas that do not have
// additionalProperties false.
func openObjects(s *jsonschema.Schema) []string {
	var open []string
	for _, l := range subschemas(s) {
		if isObject(l.s) && !isFalse(l.s.AdditionalProperties) {
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
		len(s.OneOf) == 0 && s.Not == nil && s.If == nil && !isObject(s)
}
