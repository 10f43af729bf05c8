package core

// The structural pass: one scan over a payload's bytes, before anything is
// decoded, that refuses what no declared limit would let through and says
// how much decoding will cost.
//
// Decoding a payload builds a tree of Go values for schema validation and
// then the typed request; both cost tens of bytes per JSON value, so a
// 16 MiB array of one-digit strings costs hundreds of megabytes before any
// preflight could refuse its length. The scan walks the bytes beside the
// request schema and refuses, with the JSON pointer of the first offender:
//
//   - malformed JSON and invalid UTF-8 (with line and column);
//   - an object that names a key twice (decoders keep the last one
//     silently, so {"left":"84","left":"35"} would run on 35);
//   - nesting deeper than maxDepth;
//   - an array longer than its schema's maxItems, a string longer than its
//     maxLength, where the schema declares them.
//
// It allocates nothing per value (keys are compared in place while an
// object is open) and polls the context every few hundred kilobytes, so a
// payload at the size limit scans in milliseconds. Its count of values and
// bytes is what admission reserves from the memory budget before decoding.

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
)

// maxDepth bounds the nesting of arrays and objects in a payload. The
// deepest value encoding (a GF(p^k) polynomial inside a request) nests four
// levels; 64 leaves room for any operation and refuses nesting bombs.
const maxDepth = 64

// smallString is the length up to which a string past its maxLength is
// judged by validation rather than refused by the scan.
const smallString = 1 << 10

// scanPoll is how many bytes the scan reads between polls of its context.
const scanPoll = 256 << 10

// payloadShape is what the scan learned about a well-formed payload.
type payloadShape struct {
	values int // JSON values of every kind, containers included
	bytes  int
	// arrays holds every array's length in document order (an array
	// before the arrays inside it), so that decoding allocates each one
	// at its size (validationTree).
	arrays []int32
	// echoes are the request's long integers with their text, for the
	// result's encoder (echo); only the quick pass records them.
	echoes []echo
}

// decodeCost estimates the bytes that a run of a payload of this shape
// holds at its peak: the payload's copies on its way in (an MCP message is
// decoded by the SDK before the runtime sees it), the validation tree and
// the typed request. It charges 170 bytes per value and 8 per byte of
// input, a margin over what was measured: a 16 MB array of one-digit
// strings (4 million values) peaked at 672 MB from the CLI, and eight
// concurrent 16.6 MB matrices of 160,000 hundred-digit strings at 1,034 MB
// over HTTP, 130 MB each.
func (s payloadShape) decodeCost() int64 {
	return int64(s.values)*170 + int64(s.bytes)*8
}

type scanner struct {
	ctx    context.Context
	b      []byte
	i      int
	next   int // offset of the next context poll
	values int
	arrays []int32
	// path holds the reference tokens of the value being scanned, for
	// error messages; it is built lazily from the stack of frames.
	frames frameStack
}

// frameStack is the stack of open containers. Its first frames live in
// the scanner itself, so that a shallow payload (nearly every one) costs
// no allocation for them.
type frameStack struct {
	n      int
	inline [8]frame
	spill  []frame // frames n ≥ len(inline)
}

// push opens a frame and returns its index.
func (f *frameStack) push(fr frame) int {
	if f.n < len(f.inline) {
		f.inline[f.n] = fr
	} else {
		f.spill = append(f.spill[:f.n-len(f.inline)], fr)
	}
	f.n++
	return f.n - 1
}

func (f *frameStack) at(i int) *frame {
	if i < len(f.inline) {
		return &f.inline[i]
	}
	return &f.spill[i-len(f.inline)]
}

type frame struct {
	key   []byte // raw key of the current member (objects)
	index int    // current element (arrays)
	array bool
}

// scanPayload runs the structural pass over b against schema (nil: no
// bounds from a schema). prefix is the JSON pointer of b itself.
func scanPayload(ctx context.Context, b []byte, schema *jsonschema.Schema, prefix string) (payloadShape, error) {
	if !utf8.Valid(b) {
		off := 0
		for off < len(b) {
			r, size := utf8.DecodeRune(b[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		line, col := position(b, int64(off)+1)
		return payloadShape{}, &Error{Code: InvalidPayload, Path: prefix, Message: fmt.Sprintf("the payload is not valid UTF-8 at line %d, column %d (byte %d); JSON text must be UTF-8", line, col, off)}
	}
	s := &scanner{ctx: ctx, b: b, next: scanPoll}
	s.space()
	if err := s.value(schema, prefix, 0); err != nil {
		return payloadShape{}, err
	}
	s.space()
	if s.i != len(s.b) {
		return payloadShape{}, s.syntax(prefix, "unexpected data after the top-level value")
	}
	return payloadShape{values: s.values, bytes: len(b), arrays: s.arrays}, nil
}

func (s *scanner) poll(prefix string) error {
	if s.i < s.next {
		return nil
	}
	s.next = s.i + scanPoll
	if err := s.ctx.Err(); err != nil {
		return err
	}
	return nil
}

func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// pointer renders the JSON pointer of the value being scanned.
func (s *scanner) pointer(prefix string) string {
	var buf bytes.Buffer
	buf.WriteString(prefix)
	for i := range s.frames.n {
		f := s.frames.at(i)
		buf.WriteByte('/')
		if f.array {
			buf.WriteString(strconv.Itoa(f.index))
		} else {
			buf.WriteString(PointerToken(unquoteKey(f.key)))
		}
	}
	return buf.String()
}

func (s *scanner) syntax(prefix, what string) error {
	line, col := position(s.b, int64(s.i)+1)
	return &Error{Code: InvalidPayload, Path: s.pointer(prefix), Message: fmt.Sprintf("malformed JSON at line %d, column %d (byte %d): %s", line, col, s.i, what)}
}

func (s *scanner) value(schema *jsonschema.Schema, prefix string, depth int) error {
	if err := s.poll(prefix); err != nil {
		return err
	}
	if s.i >= len(s.b) {
		return s.syntax(prefix, "unexpected end of JSON input")
	}
	s.values++
	switch c := s.b[s.i]; {
	case c == '{':
		if err := s.container(schema, "object", prefix); err != nil {
			return err
		}
		return s.object(schema, prefix, depth+1)
	case c == '[':
		if err := s.container(schema, "array", prefix); err != nil {
			return err
		}
		return s.array(schema, prefix, depth+1)
	case c == '"':
		start := s.i
		if err := s.str(prefix); err != nil {
			return err
		}
		if max, ok := maxLength(schema); ok {
			// A short string past a small bound ("xy" for a one-letter
			// variable) is left to validation, which says first whether
			// it is malformed; the scan refuses only what is costly.
			if n := utf8.RuneCount(s.b[start+1 : s.i-1]); n > max && n > smallString {
				// Escapes count as their characters; a string of
				// escapes within maxLength is caught by validation.
				return &Refusal{Message: fmt.Sprintf("%s is a string of about %d characters; at most %d are allowed", s.pointer(prefix), n, max)}
			}
		}
		return nil
	case c == '-' || (c >= '0' && c <= '9'):
		return s.number(prefix)
	default:
		for _, lit := range []string{"true", "false", "null"} {
			if bytes.HasPrefix(s.b[s.i:], []byte(lit)) {
				s.i += len(lit)
				return nil
			}
		}
		return s.syntax(prefix, fmt.Sprintf("invalid character %q looking for the beginning of a value", c))
	}
}

// container refuses an object or array where the schema declares a type
// that excludes it, before its contents are read: a 16 MiB array sent for
// a string costs a scan, not a validation tree. The message is the general
// validator's.
func (s *scanner) container(schema *jsonschema.Schema, kind, prefix string) error {
	if schema == nil || (schema.Type == "" && len(schema.Types) == 0) || typeAllows(schema, kind) {
		return nil
	}
	want := schema.Types
	if schema.Type != "" {
		want = []string{schema.Type}
	}
	path := s.pointer(prefix)
	return &Error{Code: InvalidPayload, Path: path, Message: fmt.Sprintf("%s must be %s, got %s", path, strings.Join(want, " or "), kind)}
}

func (s *scanner) object(schema *jsonschema.Schema, prefix string, depth int) error {
	if depth > maxDepth {
		return &Error{Code: InvalidPayload, Path: s.pointer(prefix), Message: fmt.Sprintf("the payload nests arrays and objects more than %d deep", maxDepth)}
	}
	s.i++ // {
	top := s.frames.push(frame{})
	var held [8][]byte
	keys := held[:0] // keys of this object, compared in place
	s.space()
	if s.i < len(s.b) && s.b[s.i] == '}' {
		s.i++
		s.frames.n = top
		return nil
	}
	for {
		key, err := s.member(prefix)
		if err != nil {
			return err
		}
		s.frames.at(top).key = key
		for _, k := range keys {
			if sameKey(k, key) {
				return &Error{Code: InvalidPayload, Path: s.pointer(prefix), Message: fmt.Sprintf("the key %s appears twice in one object; send each field once", key)}
			}
		}
		keys = append(keys, key)
		if err := s.value(propertySchema(schema, key), prefix, depth); err != nil {
			return err
		}
		if done, err := s.separator(prefix, '}'); err != nil || done {
			s.frames.n = top
			return err
		}
	}
}

// member reads an object member's key and its colon, leaving the scanner
// at the value; the key is returned raw (quoted) and set on the innermost
// frame, so that an error at the colon names the member.
func (s *scanner) member(prefix string) ([]byte, error) {
	s.space()
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return nil, s.syntax(prefix, "expected a string key")
	}
	start := s.i
	if err := s.str(prefix); err != nil {
		return nil, err
	}
	key := s.b[start:s.i]
	s.frames.at(s.frames.n - 1).key = key
	s.space()
	if s.i >= len(s.b) || s.b[s.i] != ':' {
		return nil, s.syntax(prefix, "expected ':' after an object key")
	}
	s.i++
	s.space()
	return key, nil
}

// separator reads what follows a member or element: a comma (more to
// come) or the closing bracket (done).
func (s *scanner) separator(prefix string, closing byte) (done bool, err error) {
	s.space()
	if s.i >= len(s.b) {
		return false, s.syntax(prefix, "unexpected end of JSON input")
	}
	switch s.b[s.i] {
	case ',':
		s.i++
		return false, nil
	case closing:
		s.i++
		return true, nil
	}
	what := "an array element"
	if closing == '}' {
		what = "an object member"
	}
	return false, s.syntax(prefix, fmt.Sprintf("expected ',' or '%c' after %s", closing, what))
}

func (s *scanner) array(schema *jsonschema.Schema, prefix string, depth int) error {
	if depth > maxDepth {
		return &Error{Code: InvalidPayload, Path: s.pointer(prefix), Message: fmt.Sprintf("the payload nests arrays and objects more than %d deep", maxDepth)}
	}
	s.i++ // [
	max, bounded := maxItems(schema)
	top := s.frames.push(frame{array: true})
	slot := len(s.arrays)
	s.arrays = append(s.arrays, 0)
	s.space()
	if s.i < len(s.b) && s.b[s.i] == ']' {
		s.i++
		s.frames.n = top
		return nil
	}
	for n := 0; ; n++ {
		s.frames.at(top).index = n
		if bounded && n >= max {
			s.frames.n = top
			return &Refusal{Message: fmt.Sprintf("%s has more than %d items; at most %d are allowed", s.pointer(prefix), max, max)}
		}
		s.space()
		if !s.shortString() {
			if err := s.value(itemSchema(schema, n), prefix, depth); err != nil {
				return err
			}
		}
		if done, err := s.separator(prefix, ']'); err != nil || done {
			s.frames.n = top
			s.arrays[slot] = int32(n + 1)
			return err
		}
	}
}

// shortString consumes the value at the scanner when it is a string of
// at most smallString printable ASCII characters without escapes (a
// matrix entry, a coefficient), which value would accept whatever the
// schema: it is well-formed, and no maxLength refuses a string that
// short. Anything else, and the value at which the context is due to be
// polled, is left to value, consuming nothing.
func (s *scanner) shortString() bool {
	if s.i >= len(s.b) || s.b[s.i] != '"' || s.i >= s.next {
		return false
	}
	end := min(len(s.b), s.i+1+smallString+1)
	for j := s.i + 1; j < end; j++ {
		switch c := s.b[j]; {
		case c == '"':
			s.values++
			s.i = j + 1
			return true
		case c < 0x20 || c == '\\' || c >= 0x80:
			return false
		}
	}
	return false
}

// str scans a string starting at its opening quote.
func (s *scanner) str(prefix string) error {
	s.i++ // "
	for s.i < len(s.b) {
		s.i += plainRun(s.b[s.i:])
		if s.i >= len(s.b) {
			break
		}
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return nil
		case c == '\\':
			if s.i+1 >= len(s.b) {
				return s.syntax(prefix, "unexpected end of JSON input in a string")
			}
			switch s.b[s.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i += 2
			case 'u':
				if s.i+6 > len(s.b) || !isHex4(s.b[s.i+2:s.i+6]) {
					return s.syntax(prefix, "invalid \\u escape in a string")
				}
				s.i += 6
			default:
				return s.syntax(prefix, fmt.Sprintf("invalid escape \\%c in a string", s.b[s.i+1]))
			}
		case c < 0x20:
			return s.syntax(prefix, "a control character inside a string; escape it")
		default:
			s.i++
		}
	}
	return s.syntax(prefix, "unexpected end of JSON input in a string")
}

func isHex4(b []byte) bool {
	for _, c := range b {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// number scans a JSON number (RFC 8259 §6); NaN and Infinity are not ones.
func (s *scanner) number(prefix string) error {
	digits := func() int {
		n := 0
		for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
			s.i++
			n++
		}
		return n
	}
	if s.b[s.i] == '-' {
		s.i++
	}
	if s.i < len(s.b) && s.b[s.i] == '0' {
		s.i++
	} else if digits() == 0 {
		return s.syntax(prefix, "invalid number")
	}
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		if digits() == 0 {
			return s.syntax(prefix, "invalid number: no digits after the decimal point")
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if digits() == 0 {
			return s.syntax(prefix, "invalid number: no digits in the exponent")
		}
	}
	return nil
}

// sameKey compares two raw (quoted) keys as the strings they denote.
func sameKey(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	if bytes.IndexByte(a, '\\') < 0 && bytes.IndexByte(b, '\\') < 0 {
		return false
	}
	return unquoteKey(a) == unquoteKey(b)
}

// unquoteKey returns the string a scanned (well-formed) key denotes.
func unquoteKey(raw []byte) string {
	if len(raw) < 2 {
		return ""
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1])
	}
	var u string
	if err := json.Unmarshal(raw, &u); err == nil {
		return u
	}
	return string(raw[1 : len(raw)-1])
}

// The schema navigation below follows only what bounds sizes: properties,
// items and prefixItems, and anyOf/oneOf alternatives (a bound holds where
// every alternative declares one, the loosest of them).

func propertySchema(s *jsonschema.Schema, rawKey []byte) *jsonschema.Schema {
	if s == nil {
		return nil
	}
	p, _ := propertyOf(s, rawKey)
	return p
}

// propertyOf looks up the property a raw (quoted, well-formed) key names;
// a key without escapes is looked up without building a string of it.
func propertyOf(s *jsonschema.Schema, rawKey []byte) (*jsonschema.Schema, bool) {
	if bytes.IndexByte(rawKey, '\\') < 0 && len(rawKey) >= 2 {
		p, ok := s.Properties[string(rawKey[1:len(rawKey)-1])]
		return p, ok
	}
	p, ok := s.Properties[unquoteKey(rawKey)]
	return p, ok
}

// keyIs reports whether a raw key names the property name.
func keyIs(rawKey []byte, name string) bool {
	if bytes.IndexByte(rawKey, '\\') < 0 && len(rawKey) >= 2 {
		return string(rawKey[1:len(rawKey)-1]) == name
	}
	return unquoteKey(rawKey) == name
}

func itemSchema(s *jsonschema.Schema, i int) *jsonschema.Schema {
	if s == nil {
		return nil
	}
	if i < len(s.PrefixItems) {
		return s.PrefixItems[i]
	}
	if s.Items != nil {
		return s.Items
	}
	return nil
}

func alternatives(s *jsonschema.Schema) []*jsonschema.Schema {
	if len(s.AnyOf) > 0 {
		return s.AnyOf
	}
	return s.OneOf
}

func maxItems(s *jsonschema.Schema) (int, bool) {
	if s == nil {
		return 0, false
	}
	if s.MaxItems != nil {
		return *s.MaxItems, true
	}
	return loosest(alternatives(s), maxItems)
}

func maxLength(s *jsonschema.Schema) (int, bool) {
	if s == nil {
		return 0, false
	}
	if s.MaxLength != nil {
		return *s.MaxLength, true
	}
	return loosest(alternatives(s), maxLength)
}

func loosest(alts []*jsonschema.Schema, bound func(*jsonschema.Schema) (int, bool)) (int, bool) {
	if len(alts) == 0 {
		return 0, false
	}
	m := 0
	for _, a := range alts {
		b, ok := bound(a)
		if !ok {
			return 0, false
		}
		m = max(m, b)
	}
	return m, true
}

// plainRun is the length of the longest prefix of b made of whole 8-byte
// blocks with no '"', no '\\' and no control byte (below 0x20), the
// bytes str looks at one at a time: a long decimal string is skipped a
// block at a time. A block is tested with the word-parallel "has a zero
// byte" and "has a byte less than n" tests (Warren, Hacker's Delight,
// 2nd ed., §6-1; exact as tests of existence, n ≤ 128).
func plainRun(b []byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	n := 0
	for ; n+8 <= len(b); n += 8 {
		x := binary.LittleEndian.Uint64(b[n:])
		quote, backslash := x^(ones*'"'), x^(ones*'\\')
		special := (x-ones*0x20)&^x | (quote-ones)&^quote | (backslash-ones)&^backslash
		if special&highs != 0 {
			break
		}
	}
	return n
}
