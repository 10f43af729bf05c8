package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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
		req, err := compile("request", sub.d.RequestSchema())
		if err != nil {
			errs = append(errs, fmt.Errorf("request schema: %w", err))
		}
		res, err := compile("result", sub.d.ResultSchema())
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
