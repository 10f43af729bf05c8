package core

import (
	"bytes"
	"encoding/json"
	"maps"
	"math/big"
	"math/bits"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/google/jsonschema-go/jsonschema"

	"jacobian.dev/core/bignum"
)

// flatDecoder decodes the payloads of request types that are flat objects
// of integer strings and JSON integers (most of the catalog's scalar
// operations) without encoding/json's reflection walk, which costs more
// than a small operation itself. It runs after the scan and the schema
// have accepted the payload, and it only ever succeeds on the plain
// spellings: an escape in a key or string, a number with a fraction or an
// exponent, any other kind of value, or an error from a field's own
// decoder, and the caller decodes with encoding/json instead, so every
// result and every message is the one encoding/json gives.
type flatDecoder struct {
	fields map[string]flatField
}

type flatField struct {
	index     int
	unmarshal bool // *T implements json.Unmarshaler; otherwise an int kind
	boolean   bool // a bool kind, read from true or false
	// text: an Integer tagged core:"text", which the quick pass keeps
	// as its decimal when it is long (lazyInteger).
	text bool
	// The field's place and type, for the quick pass (quickPlan), which
	// writes it without reflection.
	offset uintptr
	typ    reflect.Type
}

var (
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	rationalType    = reflect.TypeFor[Rational]()
)

// newFlatDecoder returns the decoder for t, or nil when t is not a struct
// of exported, tagged, non-embedded fields each either decoding itself
// through a pointer (json.Unmarshaler) or of a signed integer or bool
// kind.
func newFlatDecoder(t reflect.Type) *flatDecoder {
	if t.Kind() != reflect.Struct || reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	d := &flatDecoder{fields: make(map[string]flatField, t.NumField())}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || f.Anonymous || name == "" || name == "-" {
			return nil
		}
		field := flatField{index: i, offset: f.Offset, typ: f.Type, text: f.Type == integerType && f.Tag.Get("core") == "text"}
		switch {
		case reflect.PointerTo(f.Type).Implements(unmarshalerType):
			field.unmarshal = true
		case f.Type.Kind() == reflect.Int || f.Type.Kind() == reflect.Int64:
		case f.Type.Kind() == reflect.Bool:
			field.boolean = true
		default:
			return nil
		}
		d.fields[name] = field
	}
	return d
}

// decode fills *req (a pointer to the struct) from the object b and
// reports whether it did; false leaves the work to encoding/json.
func (d *flatDecoder) decode(b []byte, req any) bool {
	v := reflect.ValueOf(req).Elem()
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return skipSpace(b, i+1) == len(b)
	}
	for {
		key, next, ok := plainString(b, i)
		if !ok {
			return false
		}
		f, known := d.fields[string(b[key:next-1])]
		if !known {
			return false
		}
		i = skipSpace(b, next)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		start := skipSpace(b, i+1)
		var end int
		var truth bool
		if start < len(b) && b[start] == '"' {
			if _, end, ok = plainString(b, start); !ok || !f.unmarshal {
				return false
			}
		} else if f.boolean {
			if truth, end, ok = boolLiteral(b, start); !ok {
				return false
			}
		} else {
			end = start
			for end < len(b) && (b[end] == '-' || '0' <= b[end] && b[end] <= '9') {
				end++
			}
			if end == start || end < len(b) && (b[end] == '.' || b[end] == 'e' || b[end] == 'E') {
				return false
			}
		}
		field := v.Field(f.index)
		if f.boolean {
			field.SetBool(truth)
		} else if f.unmarshal {
			if err := field.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(b[start:end]); err != nil {
				return false
			}
		} else {
			n, err := strconv.ParseInt(string(b[start:end]), 10, 64)
			if err != nil || field.OverflowInt(n) {
				return false
			}
			field.SetInt(n)
		}
		i = skipSpace(b, end)
		if i >= len(b) {
			return false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return skipSpace(b, i+1) == len(b)
		default:
			return false
		}
	}
}

// boolLiteral reads the JSON literal true or false at b[i].
func boolLiteral(b []byte, i int) (truth bool, end int, ok bool) {
	switch {
	case bytes.HasPrefix(b[i:], []byte("true")):
		return true, i + 4, true
	case bytes.HasPrefix(b[i:], []byte("false")):
		return false, i + 5, true
	}
	return false, 0, false
}

// plainString returns the start of the contents of the JSON string at
// b[i] and the index just past its closing quote, if it has no escapes.
func plainString(b []byte, i int) (start, next int, ok bool) {
	if i >= len(b) || b[i] != '"' {
		return 0, 0, false
	}
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return i + 1, j + 1, true
		case c == '\\' || c < 0x20:
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// skipSpace returns the index of the first byte from b[i] on that is not
// JSON whitespace. A byte above the space, the common case, is settled by
// one comparison.
func skipSpace(b []byte, i int) int {
	for i < len(b) && b[i] <= ' ' && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// quickPlan takes the plainest payloads of a flat request type in one pass
// that does the work of the structural scan, the streaming validator and
// the flat decoder together: a closed object of declared members, each a
// decimal string (an Integer, a Rational: a value of decimalItems schema),
// a JSON integer (an int field) or true or false (a bool field, such as
// continued_fraction's convergents), with nothing to unescape and nothing
// beyond printable ASCII. Whatever it does not take, a refusal included,
// goes through those three as before, so every message and every code is
// theirs; it only ever accepts what they accept, and decodes it through
// the same field decoders.
//
// It writes the fields in place, at their offsets, without reflection:
// the request is then a variable of the caller's (quickDecode) that need
// not move to the heap, and a member costs a comparison of names and a
// direct call rather than a map lookup and reflection's dispatch, which
// were most of a small operation's decoding.
type quickPlan struct {
	slots []quickSlot // by name
	// members maps a name to its index into slots when there are more
	// than quickLinear of them; fewer are found by comparing names.
	members  map[string]int
	required uint64 // bit i: slots[i] is required
}

// quickLinear is the number of members up to which a key is looked up by
// comparing it with each name, cheaper than hashing it.
const quickLinear = 8

type quickSlot struct {
	name  string
	field flatField // without a decoder, unused
	// integer says a decimal field is an Integer; otherwise it is a
	// Rational, the other type of decimalItems schema.
	integer bool
	schema  *jsonschema.Schema
	decimal bool // a decimal string (decimalItems)
	boolean bool // true or false; neither: a JSON integer
}

// quickPayload is the largest payload the quick pass reads; it decodes
// before the memory budget is asked, which is immaterial at this size.
const quickPayload = 4 << 10

// newQuickPlan returns the plan for streamable schema s and, to decode as
// well as check, for a flat request type with decoder flat (nil: the plan
// only checks, as the result check does); nil when s is not a closed
// object of at most 64 such members, each decoded by a field of its kind.
func newQuickPlan(flat *flatDecoder, s *jsonschema.Schema) *quickPlan {
	if s == nil || s.Type != "object" || len(s.Types) != 0 || !isFalseSchema(s.AdditionalProperties) || len(s.Properties) > 64 {
		return nil
	}
	q := &quickPlan{}
	index := map[string]int{}
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		ps := s.Properties[name]
		if !plainName(name) || ps == nil {
			return nil
		}
		// A boolean's schema is its type alone: the streaming validator
		// checks nothing else of true or false.
		slot := quickSlot{name: name, schema: ps, decimal: decimalItems(ps), boolean: ps.Type == "boolean" && len(ps.Types) == 0 && ps.Enum == nil && ps.Const == nil && !isFalseSchema(ps)}
		if !slot.decimal && !slot.boolean && (ps.Type != "integer" || len(ps.Types) != 0 || ps.Enum != nil || ps.Pattern != "" || isFalseSchema(ps)) {
			return nil
		}
		if flat != nil {
			f, ok := flat.fields[name]
			if !ok || f.unmarshal != slot.decimal || f.boolean != slot.boolean {
				return nil
			}
			if slot.decimal && f.typ != integerType && f.typ != rationalType {
				return nil // decoded by a method the plan cannot call in place
			}
			slot.field, slot.integer = f, f.typ == integerType
		}
		index[name] = len(q.slots)
		q.slots = append(q.slots, slot)
	}
	if len(q.slots) > quickLinear {
		q.members = index
	}
	for _, r := range s.Required {
		i, ok := index[r]
		if !ok {
			return nil
		}
		q.required |= 1 << i
	}
	return q
}

// member returns the index of the slot named key, or false.
func (q *quickPlan) member(key []byte) (int, bool) {
	if q.members != nil {
		k, ok := q.members[string(key)]
		return k, ok
	}
	for k := range q.slots {
		if q.slots[k].name == string(key) {
			return k, true
		}
	}
	return 0, false
}

// quickDecode is the quick pass of a payload of the flat request type Req
// that q was planned for: the request and its shape, or false. Integers of
// a word take their room from words while it lasts (nil: none).
func quickDecode[Req any](q *quickPlan, b []byte, words *wordArena) (Req, payloadShape, bool) {
	var req Req
	shape, ok := q.parse(b, unsafe.Pointer(&req), words)
	if !ok {
		return *new(Req), payloadShape{}, false
	}
	return req, shape, true
}

// parse reads b into the struct at req (of the type q was planned for;
// nil to check only), its integers of a word into words while there is
// room, and returns its shape, with the request's long
// integers as echoes for the result's encoder, or reports false, leaving
// the struct partly filled, for the caller to discard. req does not
// escape: every field is written in place.
func (q *quickPlan) parse(b []byte, req unsafe.Pointer, words *wordArena) (payloadShape, bool) {
	var seen uint64
	var echoes []echo
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return payloadShape{}, false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		i++
	} else {
		for {
			key, next, ok := plainString(b, i)
			if !ok {
				return payloadShape{}, false
			}
			k, declared := q.member(b[key : next-1])
			if !declared || seen&(1<<k) != 0 {
				return payloadShape{}, false
			}
			seen |= 1 << k
			i = skipSpace(b, next)
			if i >= len(b) || b[i] != ':' {
				return payloadShape{}, false
			}
			start := skipSpace(b, i+1)
			slot := &q.slots[k]
			var end int
			if slot.boolean {
				var truth bool
				if truth, end, ok = boolLiteral(b, start); !ok {
					return payloadShape{}, false
				}
				if req != nil {
					*(*bool)(unsafe.Add(req, slot.field.offset)) = truth
				}
			} else if slot.decimal {
				if end, ok = quickDecimal(b, start, slot.schema); !ok {
					return payloadShape{}, false
				}
				if req != nil {
					field := unsafe.Add(req, slot.field.offset)
					if !slot.integer {
						if (*Rational)(field).UnmarshalJSON(b[start:end]) != nil {
							return payloadShape{}, false
						}
					} else {
						// The arena holds what wordDecimal, the first
						// step of UnmarshalJSON, would allocate.
						x := (*Integer)(field)
						kept := false
						if n, ok := wordValue(b[start:end]); ok {
							if x.v, ok = words.take(n); !ok {
								x.v = newWordInt(n)
							}
						} else if slot.schema.Pattern == integerPattern && slot.field.text {
							// Kept as text, converted when the
							// operation asks for the value, and no
							// echo, which would convert it now.
							d := b[start+1 : end-1]
							if digits := bytes.TrimPrefix(d, []byte("-")); len(digits) > MaxDigits {
								return payloadShape{}, false
							}
							*x, kept = lazyInteger(string(d)), true
						} else if slot.schema.Pattern == integerPattern {
							if x.v, ok = quickLongInteger(b[start+1 : end-1]); !ok {
								return payloadShape{}, false
							}
						} else if x.UnmarshalJSON(b[start:end]) != nil {
							return payloadShape{}, false
						}
						if !kept && len(x.Big().Bits()) >= echoWords {
							echoes = append(echoes, echo{value: new(big.Int).Set(x.Big()), text: b[start+1 : end-1]})
						}
					}
				}
			} else {
				var n int64
				if n, end, ok = quickInteger(b, start, slot.schema); !ok {
					return payloadShape{}, false
				}
				if req != nil {
					// An int or int64 kind (newFlatDecoder), a word
					// either way on the 64-bit targets and within
					// range of both: quickInteger reads at most 18
					// digits.
					field := unsafe.Add(req, slot.field.offset)
					if slot.field.typ.Kind() == reflect.Int64 {
						*(*int64)(field) = n
					} else if int64(int(n)) != n {
						return payloadShape{}, false
					} else {
						*(*int)(field) = int(n)
					}
				}
			}
			i = skipSpace(b, end)
			if i >= len(b) {
				return payloadShape{}, false
			}
			if b[i] == '}' {
				i++
				break
			}
			if b[i] != ',' {
				return payloadShape{}, false
			}
			i = skipSpace(b, i+1)
		}
	}
	if skipSpace(b, i) != len(b) || seen&q.required != q.required {
		return payloadShape{}, false
	}
	// The object and its members, as the scan counts values.
	return payloadShape{values: 1 + bits.OnesCount64(seen), bytes: len(b), echoes: echoes}, true
}

// quickLongInteger is the value of d, a canonical decimal integer that
// quickDecimal has checked against integerPattern, as UnmarshalJSON
// gives it, converted without UnmarshalJSON's two more passes over the
// digits (its own check and bignum.ParseDecimal's) and its copy of them
// into a string: 2,000 digits took 73 thousand instructions through it,
// of which those were 10 thousand (callgrind). false when d has more
// than MaxDigits digits, which ParseInteger refuses and the schema's
// length allows (the sign counts in it).
func quickLongInteger(d []byte) (*big.Int, bool) {
	digits := d
	if digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) > MaxDigits {
		return nil, false
	}
	// The string is a view of the payload, read during the conversion
	// and kept by nothing.
	x := bignum.ParseDigits(new(big.Int), unsafe.String(unsafe.SliceData(digits), len(digits)))
	if len(digits) < len(d) {
		x.Neg(x)
	}
	return x, true
}

// quickDecimal returns the end of the string at b[i] when it is a decimal
// of digits, '-' and '/' that schema s (decimalItems) accepts. The quick
// pass and the streaming validator's plainDecimal both decide by it.
func quickDecimal(b []byte, i int, s *jsonschema.Schema) (int, bool) {
	if i >= len(b) || b[i] != '"' {
		return 0, false
	}
	// A sign and digits are read and checked in one pass (signedDigits);
	// a rational goes on to the general checks.
	j, canonical := signedDigits(b, i+1)
	canonical = canonical && j < len(b) && b[j] == '"'
	for j < len(b) && (b[j] >= '0' && b[j] <= '9' || b[j] == '-' || b[j] == '/') {
		j++
	}
	if j >= len(b) || b[j] != '"' {
		return 0, false
	}
	inner := b[i+1 : j]
	var ok bool
	switch {
	case s.Pattern == integerPattern:
		ok = canonical
	default:
		num, den, found := bytes.Cut(inner, []byte("/"))
		ok = isDecimalInteger(num) && (!found || isPositiveDecimal(den))
	}
	if !ok || s.MaxLength != nil && len(inner) > *s.MaxLength || s.MinLength != nil && len(inner) < *s.MinLength {
		return 0, false
	}
	return j + 1, true
}

// quickInteger reads the JSON integer at b[i], -?(0|[1-9][0-9]*) of at
// most 18 digits and followed by no fraction or exponent, and checks it
// against the bounds of s as the streaming validator's numberBounds does.
func quickInteger(b []byte, i int, s *jsonschema.Schema) (n int64, end int, ok bool) {
	j := i
	if j < len(b) && b[j] == '-' {
		j++
	}
	digits := j
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		n = n*10 + int64(b[j]-'0')
		j++
		if j-digits > 18 {
			return 0, 0, false
		}
	}
	if j == digits || (b[digits] == '0' && j-digits > 1) || j < len(b) && (b[j] == '.' || b[j] == 'e' || b[j] == 'E') {
		return 0, 0, false
	}
	if digits > i {
		n = -n
	}
	if s.Minimum != nil || s.Maximum != nil || s.ExclusiveMinimum != nil || s.ExclusiveMaximum != nil {
		if n > 1<<53 || n < -(1<<53) {
			return 0, 0, false
		}
		x := float64(n)
		if s.Minimum != nil && x < *s.Minimum || s.ExclusiveMinimum != nil && x <= *s.ExclusiveMinimum ||
			s.Maximum != nil && x > *s.Maximum || s.ExclusiveMaximum != nil && x >= *s.ExclusiveMaximum {
			return 0, 0, false
		}
	}
	return n, j, true
}
