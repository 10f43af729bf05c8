package matrix

import (
	"encoding/json"
	"errors"

	"jacobian.dev/core"
)

// Request decoding that names the row at fault.
//
// core.Matrix refuses ragged rows while it decodes, but it cannot know
// where it sits in the request, so its error has no path. Each request
// type decodes itself, and when that fails on a ragged matrix locateRagged
// finds the first bad row of the named matrix fields and fails with its
// path (/payload/matrix/3). Only the failing path pays for the search.

// decodeStrict decodes data into v in place. The runtime decodes only
// payloads that passed the request schema, whose objects are closed, so no
// unknown field reaches here; a Decoder would first copy the payload.
func decodeStrict(data []byte, v any) error {
	return json.Unmarshal(data, v)
}

// locateRagged returns err, or, when err is a pathless payload error and
// one of the fields of the JSON object data is an array of rows of
// differing lengths, the same error at the path of the first row whose
// length differs from row 0's.
func locateRagged(data []byte, err error, fields ...string) error {
	var pe *core.PayloadError
	if !errors.As(err, &pe) || pe.Path != "" {
		return err
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(data, &obj) != nil {
		return err
	}
	for _, f := range fields {
		var rows []json.RawMessage
		if json.Unmarshal(obj[f], &rows) != nil {
			continue
		}
		width := 0
		for k, r := range rows {
			var items []json.RawMessage
			if json.Unmarshal(r, &items) != nil {
				break // a vector, not a matrix
			}
			switch {
			case k == 0:
				width = len(items)
			case len(items) != width:
				return &core.PayloadError{Path: core.PayloadPath(f, k), Message: pe.Message}
			}
		}
	}
	return err
}

// UnmarshalJSON decodes the request, naming a ragged matrix's bad row.
func (q *DeterminantRequest) UnmarshalJSON(data []byte) error {
	type plain DeterminantRequest
	return locateRagged(data, decodeStrict(data, (*plain)(q)), "matrix")
}

// UnmarshalJSON decodes the request, naming a ragged matrix's bad row.
func (q *MatrixRequest) UnmarshalJSON(data []byte) error {
	type plain MatrixRequest
	return locateRagged(data, decodeStrict(data, (*plain)(q)), "matrix")
}

// UnmarshalJSON decodes the request, naming a ragged matrix's bad row.
func (q *SolveRequest) UnmarshalJSON(data []byte) error {
	type plain SolveRequest
	return locateRagged(data, decodeStrict(data, (*plain)(q)), "matrix", "rhs")
}

// UnmarshalJSON decodes the request, naming a ragged matrix's bad row.
func (q *MultiplyRequest) UnmarshalJSON(data []byte) error {
	type plain MultiplyRequest
	return locateRagged(data, decodeStrict(data, (*plain)(q)), "left", "right")
}

// UnmarshalJSON decodes the request, naming a ragged matrix's bad row.
func (q *InverseCheckRequest) UnmarshalJSON(data []byte) error {
	type plain InverseCheckRequest
	return locateRagged(data, decodeStrict(data, (*plain)(q)), "matrix", "candidate")
}

// raggedRefusal is the refusal example of a ragged matrix in field, whose
// third row is short; rest completes the request.
func raggedRefusal(field, rest string) core.RefusalExample {
	return core.RefusalExample{
		Title:   "a ragged " + field,
		Payload: `{"` + field + `":[["1","2"],["3","4"],["5"]]` + rest + `}`,
		Code:    core.InvalidPayload,
		Path:    core.PayloadPath(field, 2),
	}
}

// nonSquareRefusal is the refusal example of a non-square matrix where a
// square one is required; rest completes the request.
func nonSquareRefusal(rest string) core.RefusalExample {
	return core.RefusalExample{
		Title:   "a non-square matrix",
		Payload: `{"matrix":[["1","2","3"],["4","5","6"]]` + rest + `}`,
		Code:    core.DomainError,
		Path:    core.PayloadPath("matrix"),
	}
}

// squareRefusals are the refusal examples of an operation on one square
// matrix.
func squareRefusals() []core.RefusalExample {
	return []core.RefusalExample{raggedRefusal("matrix", ""), nonSquareRefusal("")}
}

// matrixRefusals are the refusal examples of an operation on one matrix of
// any shape.
func matrixRefusals() []core.RefusalExample {
	return []core.RefusalExample{raggedRefusal("matrix", "")}
}
