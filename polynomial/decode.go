package polynomial

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"jacobian.dev/core"
)

// decodeObject decodes a request object field by field, so that an error
// inside a polynomial names the field it came from ("/payload/left/expression").
// The request schema has already checked which fields exist.
func decodeObject(b []byte, fields map[string]any) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	names := make([]string, 0, len(raw))
	for name := range raw {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		target, ok := fields[name]
		if !ok {
			return &core.PayloadError{Path: "/payload/" + name, Message: fmt.Sprintf("unknown field %q", name)}
		}
		if err := json.Unmarshal(raw[name], target); err != nil {
			var pe *core.PayloadError
			if errors.As(err, &pe) {
				return &core.PayloadError{Path: "/payload/" + name + pe.Path, Message: name + ": " + pe.Message}
			}
			// Codec refusals (a number beyond core.MaxDigits) keep their
			// own classification.
			return err
		}
	}
	return nil
}
