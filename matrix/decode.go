package matrix

import (
	"encoding/json"
	"errors"
	"math/big"
	"slices"

	"jacobian.dev/core"
)

// Request decoding in one pass, naming the row at fault.
//
// A request object of matrices and small fields is read by readRequest in
// one pass over its bytes: each matrix entry that is a short integer (at
// most 18 digits, nearly every entry of a typical request) is parsed
// straight into a machine word. Entries of at most smallEntries in
// absolute value share one read-only big.Rat per value within the
// matrix; the other short integers of a row share one allocation of
// big.Rat headers and one of words (the numerator of entry k aliases
// word k, capacity 1, so that writing it elsewhere copies). A 100×100
// matrix of two-digit entries is then about a thousand allocations
// instead of 30 000 (BenchmarkRuntime, the determinant at n = 100: 0.9 MB
// allocated a run against 1.8 MB), and
// encoding/json, which would scan the payload twice (validity, then the
// field's extent) before core.Matrix even ran, reads only the small
// fields. Longer integers and true rationals go through
// core.ParseRational. The determinant also keeps the entries' signed
// words (wordMatrixField), so that its preflight, divisor path and
// postcondition need not read the big.Rats again.
//
// Whatever readRequest does not accept in full — an unknown, duplicate
// or differently cased key, a string with an escape or a character other
// than digits, '-' and '/', an entry ParseRational refuses, a ragged
// matrix, null, numbers, malformed or trailing bytes — is decoded again
// from the start by encoding/json (decodeStrict), as before, which words
// every error; so the two readers agree on every input that readRequest
// accepts (TestReadRequestAgainstJSON), and errors are unchanged.
//
// core.Matrix refuses ragged rows while it decodes, but it cannot know
// where it sits in the request, so its error has no path. When decoding
// fails on a ragged matrix, locateRagged finds the first bad row of the
// named matrix fields and fails with its path (/payload/matrix/3). Only
// the failing path pays for the search.

// decodeStrict decodes data into v in place. The runtime decodes only
// payloads that passed the request schema, whose objects are closed, so no
// unknown field reaches here; a Decoder would first copy the payload.
func decodeStrict(data []byte, v any) error {
	return json.Unmarshal(data, v)
}

// requestField is one field of a request object: a matrix, read by
// reader.matrix, or any other value, read by encoding/json.
type requestField struct {
	name   string
	matrix *core.Matrix
	words  *[][]int64 // the matrix's entries, when all are short integers
	value  any
	rows   bool // locateRagged searches the field
}

// matrixField is the matrix field name stored at m.
func matrixField(name string, m *core.Matrix) requestField {
	return requestField{name: name, matrix: m}
}

// wordMatrixField is matrixField that also stores at words the matrix's
// entries as words when every one is an integer of at most 18 digits,
// and nil otherwise (DeterminantRequest.words).
func wordMatrixField(name string, m *core.Matrix, words *[][]int64) requestField {
	return requestField{name: name, matrix: m, words: words}
}

// valueField is the field name decoded by encoding/json into v.
func valueField(name string, v any) requestField {
	return requestField{name: name, value: v}
}

// rowsField is valueField for a value that may be an array of rows (a
// right-hand side), whose ragged rows locateRagged names.
func rowsField(name string, v any) requestField {
	return requestField{name: name, value: v, rows: true}
}

// decodeRequest decodes data into *q by readRequest, or, when it declines,
// into plain (q as its type without this method) by encoding/json, with
// *q restored first, so that a declined fast read leaves no trace.
func decodeRequest[T any](q *T, plain any, data []byte, fields ...requestField) error {
	saved := *q
	if readRequest(data, fields) {
		return nil
	}
	*q = saved
	var matrices []string
	for _, f := range fields {
		if f.matrix != nil || f.rows {
			matrices = append(matrices, f.name)
		}
	}
	return locateRagged(data, decodeStrict(data, plain), matrices...)
}

// readRequest reads data, a JSON object of the given fields (each at most
// once, none required), into them; false when data is outside the form it
// reads (see the essay above), the fields then partly set.
func readRequest(data []byte, fields []requestField) bool {
	r := reader{b: data}
	if !r.next('{') {
		return false
	}
	seen := make([]bool, len(fields))
	if !r.next('}') {
		for {
			key, ok := r.plainString()
			if !ok || !r.next(':') {
				return false
			}
			k := slices.IndexFunc(fields, func(f requestField) bool { return f.name == string(key) })
			if k < 0 || seen[k] {
				return false
			}
			seen[k] = true
			if f := fields[k]; f.matrix != nil {
				m, words, ok := r.matrix()
				if !ok {
					return false
				}
				*f.matrix = m
				if f.words != nil {
					*f.words = words
				}
			} else {
				start, ok := r.skipValue()
				if !ok || json.Unmarshal(data[start:r.k], f.value) != nil {
					return false
				}
			}
			if r.next('}') {
				break
			}
			if !r.next(',') {
				return false
			}
		}
	}
	r.space()
	return r.k == len(data)
}

// reader is a position in a JSON document.
type reader struct {
	b []byte
	k int
}

func (r *reader) space() {
	for r.k < len(r.b) && (r.b[r.k] == ' ' || r.b[r.k] == '\t' || r.b[r.k] == '\n' || r.b[r.k] == '\r') {
		r.k++
	}
}

// next consumes c, after white space, if it comes next.
func (r *reader) next(c byte) bool {
	r.space()
	if r.k < len(r.b) && r.b[r.k] == c {
		r.k++
		return true
	}
	return false
}

// plainString reads a string without escapes or control characters and
// returns its bytes; false on anything else.
func (r *reader) plainString() ([]byte, bool) {
	if !r.next('"') {
		return nil, false
	}
	start := r.k
	for r.k < len(r.b) && r.b[r.k] != '"' {
		if c := r.b[r.k]; c == '\\' || c < 0x20 {
			return nil, false
		}
		r.k++
	}
	if r.k == len(r.b) {
		return nil, false
	}
	r.k++
	return r.b[start : r.k-1], true
}

// skipValue moves past one JSON value, after white space, and returns
// where it starts. It only finds the value's extent: the caller decodes
// those bytes with encoding/json, which checks them.
func (r *reader) skipValue() (int, bool) {
	r.space()
	start, depth := r.k, 0
	for r.k < len(r.b) {
		c := r.b[r.k]
		switch {
		case c == '"':
			for r.k++; r.k < len(r.b) && r.b[r.k] != '"'; r.k++ {
				if r.b[r.k] == '\\' {
					r.k++
				}
			}
			if r.k >= len(r.b) {
				return start, false
			}
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth == 0 {
				return start, r.k > start
			}
			depth--
		case depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return start, r.k > start
		}
		r.k++
		if depth == 0 && (c == '"' || c == '}' || c == ']') {
			return start, true
		}
	}
	return start, depth == 0 && r.k > start
}

// matrix reads an array of equally long rows of entry strings, and
// returns them with their words when every entry is a short integer.
func (r *reader) matrix() (core.Matrix, [][]int64, bool) {
	if !r.next('[') {
		return nil, nil, false
	}
	rows := core.Matrix{}
	words := [][]int64{}
	if r.next(']') {
		return rows, words, true
	}
	var spans [][]byte
	var shared smallRats
	for {
		if !r.next('[') {
			return nil, nil, false
		}
		spans = spans[:0]
		if !r.next(']') {
			for {
				s, ok := r.plainString()
				if !ok {
					return nil, nil, false
				}
				spans = append(spans, s)
				if r.next(']') {
					break
				}
				if !r.next(',') {
					return nil, nil, false
				}
			}
		}
		if len(rows) > 0 && len(spans) != len(rows[0]) {
			return nil, nil, false // ragged: encoding/json words the error
		}
		row, rowWords, ok := parseRow(spans, words != nil, &shared)
		if !ok {
			return nil, nil, false
		}
		rows = append(rows, row)
		if words != nil && rowWords == nil {
			words = nil
		} else if words != nil {
			words = append(words, rowWords)
		}
		if r.next(']') {
			return rows, words, true
		}
		if !r.next(',') {
			return nil, nil, false
		}
	}
}

// readIntegerMatrix reads b, an array of equally long rows of integer
// strings, in one pass, as reader.matrix reads rationals: a short entry
// goes straight into a word of its row's allocation, a longer one through
// core.ParseInteger. It returns false, for encoding/json to decode or
// refuse b, on anything else (ragged rows, escapes, numbers, null,
// trailing bytes), so the two agree on every b it accepts
// (TestReadIntegerMatrixAgainstJSON). Decoding a 101×101 knapsack this
// way allocates two slices a row instead of a big.Int and a string an
// entry.
func readIntegerMatrix(b []byte) (IntegerMatrix, bool) {
	r := reader{b: b}
	if !r.next('[') {
		return nil, false
	}
	rows := IntegerMatrix{}
	if r.next(']') {
		r.space()
		return rows, r.k == len(b)
	}
	var spans [][]byte
	for {
		if !r.next('[') {
			return nil, false
		}
		spans = spans[:0]
		if !r.next(']') {
			for {
				s, ok := r.plainString()
				if !ok {
					return nil, false
				}
				spans = append(spans, s)
				if r.next(']') {
					break
				}
				if !r.next(',') {
					return nil, false
				}
			}
		}
		if len(rows) > 0 && len(spans) != len(rows[0]) {
			return nil, false
		}
		row, ok := parseIntegerRow(spans)
		if !ok {
			return nil, false
		}
		rows = append(rows, row)
		if r.next(']') {
			r.space()
			return rows, r.k == len(b)
		}
		if !r.next(',') {
			return nil, false
		}
	}
}

// parseIntegerRow parses one row of integer strings. The short entries
// share one allocation of big.Int headers and one of words (entry j's
// magnitude is word j, capacity 1, so that writing it elsewhere copies).
func parseIntegerRow(spans [][]byte) ([]core.Integer, bool) {
	row := make([]core.Integer, len(spans))
	ints := make([]big.Int, len(spans))
	words := make([]big.Word, len(spans))
	for j, s := range spans {
		if v, neg, ok := shortMagnitude(s); ok && uint64(big.Word(v)) == v {
			words[j] = big.Word(v)
			x := &ints[j]
			x.SetBits(words[j : j+1 : j+1])
			if neg {
				x.Neg(x)
			}
			row[j] = core.Int(x)
			continue
		}
		x, err := core.ParseInteger(string(s))
		if err != nil {
			return nil, false
		}
		row[j] = core.Int(x)
	}
	return row, true
}

// smallEntries bounds the integers one decoded matrix shares: every
// entry v with |v| ≤ smallEntries is the same read-only big.Rat as the
// other entries equal to it (core.Rational is read-only), so a matrix of
// two-digit entries costs one pointer an entry and 199 big.Rats.
const smallEntries = 1024

// smallRats holds the shared big.Rats of one matrix, index v+smallEntries.
type smallRats []*big.Rat

func (t *smallRats) rat(v int64) *big.Rat {
	if *t == nil {
		*t = make(smallRats, 2*smallEntries+1)
	}
	x := &(*t)[v+smallEntries]
	if *x == nil {
		*x = new(big.Rat).SetInt64(v)
	}
	return *x
}

// parseRow parses one row's entry strings, and, when signed is set and
// every entry is a short integer, returns their values as words too.
// Small entries come from shared; the other short integers share one
// allocation of big.Rat headers and one of words.
func parseRow(spans [][]byte, signed bool, shared *smallRats) ([]core.Rational, []int64, bool) {
	row := make([]core.Rational, len(spans))
	var rats []big.Rat
	var words []big.Word
	var values []int64
	if signed {
		values = make([]int64, len(spans))
	}
	for j, s := range spans {
		if v, neg, ok := shortMagnitude(s); ok && uint64(big.Word(v)) == v {
			x := int64(v)
			if neg {
				x = -x
			}
			if values != nil {
				values[j] = x
			}
			if v <= smallEntries {
				row[j] = core.Rat(shared.rat(x))
				continue
			}
			if rats == nil {
				rats = make([]big.Rat, len(spans))
				words = make([]big.Word, len(spans))
			}
			words[j] = big.Word(v)
			num := rats[j].Num()
			num.SetBits(words[j : j+1 : j+1])
			if neg {
				num.Neg(num)
			}
			row[j] = core.Rat(&rats[j])
			continue
		}
		x, err := core.ParseRational(string(s))
		if err != nil {
			return nil, nil, false
		}
		row[j] = core.Rat(x)
		values = nil
	}
	return row, values, true
}

// shortMagnitude returns |v| and its sign when s is a canonical decimal
// integer v of at most 18 digits, the form core.ParseInteger accepts;
// anything else, "-0" included, is left to core.ParseRational.
func shortMagnitude(s []byte) (v uint64, neg bool, ok bool) {
	if len(s) > 0 && s[0] == '-' {
		s, neg = s[1:], true
	}
	if len(s) == 0 || len(s) > 18 || (s[0] == '0' && (len(s) > 1 || neg)) {
		return 0, false, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false, false
		}
		v = 10*v + uint64(c-'0')
	}
	return v, neg, true
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

// UnmarshalJSON decodes the request in one pass (readRequest), naming a
// ragged matrix's bad row.
func (q *DeterminantRequest) UnmarshalJSON(data []byte) error {
	type plain DeterminantRequest
	return decodeRequest(q, (*plain)(q), data, wordMatrixField("matrix", &q.Matrix, &q.words), valueField("ring", &q.Ring))
}

// UnmarshalJSON decodes the request in one pass (readRequest), naming a
// ragged matrix's bad row.
func (q *MatrixRequest) UnmarshalJSON(data []byte) error {
	type plain MatrixRequest
	return decodeRequest(q, (*plain)(q), data, matrixField("matrix", &q.Matrix))
}

// UnmarshalJSON decodes the request in one pass (readRequest), naming a
// ragged matrix's bad row.
func (q *SolveRequest) UnmarshalJSON(data []byte) error {
	type plain SolveRequest
	return decodeRequest(q, (*plain)(q), data, matrixField("matrix", &q.Matrix), rowsField("rhs", &q.RHS), valueField("ring", &q.Ring))
}

// UnmarshalJSON decodes the request in one pass (readRequest), naming a
// ragged matrix's bad row.
func (q *MultiplyRequest) UnmarshalJSON(data []byte) error {
	type plain MultiplyRequest
	return decodeRequest(q, (*plain)(q), data, matrixField("left", &q.Left), matrixField("right", &q.Right), valueField("ring", &q.Ring))
}

// UnmarshalJSON decodes the request in one pass (readRequest), naming a
// ragged matrix's bad row.
func (q *InverseCheckRequest) UnmarshalJSON(data []byte) error {
	type plain InverseCheckRequest
	return decodeRequest(q, (*plain)(q), data, matrixField("matrix", &q.Matrix), matrixField("candidate", &q.Candidate))
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
