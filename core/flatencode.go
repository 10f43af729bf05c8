package core

import (
	"bytes"
	"context"
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"jacobian.dev/core/bignum"
)

// flatEncoder encodes results of flat struct types (most of the catalog's
// operations: integers, lists of integers, strings, booleans, machine
// integers, and structs and lists of structs of those) without
// encoding/json's reflection walk, its buffer pool and a MarshalText
// allocation per integer, which cost more than a small operation itself
// and, on a list of thousands of integers, half the run. It writes the
// bytes json.Marshal writes: the fields in declaration order under their
// tag names, omitempty honoured, nil slices and pointers as null, strings
// as they are. It only takes what needs no escaping: a string or a
// MarshalText with a byte outside printable ASCII, or one that
// encoding/json escapes (", \, <, >, &), and the caller encodes the whole
// result with json.Marshal instead; so does an error from a MarshalText,
// whose message json.Marshal then gives.
//
// The types it takes are decided once, from the type alone: a struct
// whose exported fields are all tagged with a plain name (letters, digits,
// underscores) and no option but omitempty, none embedded, no two of one
// name, each a flat value: a core.Integer, a value-receiver
// encoding.TextMarshaler of struct kind, a string, bool or integer kind, a
// flat struct, or a slice of or pointer to a flat value (no slice of
// bytes, which encoding/json writes in base64). Nothing in it implements
// json.Marshaler, and no type contains itself. Unexported fields are
// skipped, as encoding/json skips them.
type flatEncoder struct {
	value valueEncoder
	// integers, when the type is a struct of core.Integer fields only
	// (nth_prime's {prime}, gcd's {gcd}), are those fields by offset, in
	// declaration order: such a result is written without reflection
	// (appendIntegers).
	integers []integerField
}

// integerField is one core.Integer field of a struct of integers.
type integerField struct {
	name   string
	key    string // `"name":`
	offset uintptr
}

// valueEncoder encodes one flat value of a type fixed when it was built.
type valueEncoder struct {
	kind   encodedKind
	fields []encodedField // encodeStruct
	elem   *valueEncoder  // encodeSlice, encodePointer
}

type encodedField struct {
	index     int
	key       string // `"name":`
	omitEmpty bool
	value     *valueEncoder
}

type encodedKind uint8

const (
	encodeInteger encodedKind = iota // core.Integer, appended in place
	encodeText                       // an encoding.TextMarshaler
	encodeString
	encodeBool
	encodeInt
	encodeUint
	encodeStruct
	encodeSlice
	encodeIntegers // []core.Integer itself, read without reflection per entry
	encodePointer
)

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	integerType       = reflect.TypeFor[Integer]()
	integersType      = reflect.TypeFor[[]Integer]()
)

// newFlatEncoder returns the encoder for t, or nil when t is not one of
// the flat struct types described above.
func newFlatEncoder(t reflect.Type) *flatEncoder {
	if t.Kind() != reflect.Struct || t.Implements(textMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType) {
		return nil
	}
	v := newValueEncoder(t, map[reflect.Type]bool{})
	if v == nil {
		return nil
	}
	e := &flatEncoder{value: *v}
	for _, f := range v.fields {
		if f.value.kind != encodeInteger {
			return e
		}
	}
	for _, f := range v.fields {
		sf := t.Field(f.index)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		e.integers = append(e.integers, integerField{name: name, key: f.key, offset: sf.Offset})
	}
	return e
}

// appendIntegers writes the JSON of the struct of integers at p (whose
// type is the encoder's, e.integers non-nil) after b, as append would,
// and reports whether every integer fit in a word: a magnitude below
// 2^64, at most 20 digits and a sign.
func (e *flatEncoder) appendIntegers(b []byte, p unsafe.Pointer, echoes []echo) ([]byte, bool) {
	words := true
	b = append(b, '{')
	for i, f := range e.integers {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, f.key...)
		x := (*Integer)(unsafe.Add(p, f.offset)).Big()
		words = words && len(x.Bits()) <= 1
		b = appendIntegerString(b, Integer{x}, echoes)
	}
	return append(b, '}'), words
}

// maxWordDecimal is the length of the longest decimal of a word-sized
// integer: a sign and the 20 digits of 2^64 − 1.
const maxWordDecimal = 21

// wordsConform reports whether every output of e.appendIntegers whose
// integers fit in a word is a result that the quick pass q of the result
// schema accepts, and so a valid result (validateResult), decided from
// the plan alone: q's members are exactly e's fields, each a decimal
// string of integerPattern, which every canonical decimal matches (the
// digits AppendDecimal writes: a '-' only before a nonzero magnitude, no
// leading zero), with no minimum length above 1 and no maximum below
// maxWordDecimal. The object is written without white space, its keys
// plain names (plainName), each once, so every member q requires is
// there and no other. CheckResultConstruction holds the general validator
// to this; the conformance suite's result_construction clause runs it over
// every declaration that qualifies.
func wordsConform(e *flatEncoder, q *quickPlan) bool {
	if e == nil || q == nil || len(e.integers) == 0 || len(e.integers) != len(q.slots) {
		return false
	}
	for _, f := range e.integers {
		k, ok := q.member([]byte(f.name))
		if !ok {
			return false
		}
		s := q.slots[k].schema
		if !q.slots[k].decimal || s.Pattern != integerPattern || s.Const != nil || s.MinLength != nil && *s.MinLength > 1 || s.MaxLength != nil && *s.MaxLength < maxWordDecimal {
			return false
		}
	}
	return true
}

// newValueEncoder returns the encoder of the flat type t, or nil. visiting
// holds the types being built around t: a type that contains itself is
// declined rather than followed for ever.
func newValueEncoder(t reflect.Type, visiting map[reflect.Type]bool) *valueEncoder {
	// A value reached through a slice is addressable, so encoding/json
	// calls a pointer method on it: decline both receivers alike.
	if t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType) {
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Struct:
		if visiting[t] {
			return nil
		}
		visiting[t] = true
		defer delete(visiting, t)
	}
	switch {
	case t == integerType:
		return &valueEncoder{kind: encodeInteger}
	case t.Kind() == reflect.Pointer:
		// A pointer's method set holds its element's: a *T with T's
		// MarshalText is T's text behind a nil check, as encoded below.
		elem := newValueEncoder(t.Elem(), visiting)
		if elem == nil {
			return nil
		}
		return &valueEncoder{kind: encodePointer, elem: elem}
	case t.Implements(textMarshalerType):
		if t.Kind() != reflect.Struct {
			return nil
		}
		return &valueEncoder{kind: encodeText}
	case reflect.PointerTo(t).Implements(textMarshalerType):
		return nil // encoding/json calls it only on addressable values
	}
	switch t.Kind() {
	case reflect.String:
		return &valueEncoder{kind: encodeString}
	case reflect.Bool:
		return &valueEncoder{kind: encodeBool}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return &valueEncoder{kind: encodeInt}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return &valueEncoder{kind: encodeUint}
	case reflect.Slice:
		if t == integersType {
			return &valueEncoder{kind: encodeIntegers}
		}
		if t.Elem().Kind() == reflect.Uint8 {
			return nil // base64, or a byte type's own methods
		}
		elem := newValueEncoder(t.Elem(), visiting)
		if elem == nil {
			return nil
		}
		return &valueEncoder{kind: encodeSlice, elem: elem}
	case reflect.Struct:
		return newStructEncoder(t, visiting)
	}
	return nil
}

func newStructEncoder(t reflect.Type, visiting map[reflect.Type]bool) *valueEncoder {
	e := &valueEncoder{kind: encodeStruct}
	names := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return nil
		}
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !plainName(name) || names[name] || (opts != "" && opts != "omitempty") {
			return nil
		}
		names[name] = true
		value := newValueEncoder(f.Type, visiting)
		if value == nil {
			return nil
		}
		field := encodedField{index: i, key: strconv.Quote(name) + ":", value: value, omitEmpty: opts == "omitempty"}
		switch value.kind {
		case encodeInteger, encodeText, encodeStruct:
			field.omitEmpty = false // structs: never empty
		}
		e.fields = append(e.fields, field)
	}
	return e
}

// plainName reports whether a tag name is letters, digits and
// underscores: a key encoding/json takes as it is and writes unescaped.
func plainName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range []byte(name) {
		if !(c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// encode writes the JSON of v, a value of the encoder's type, over buf,
// or to a new buffer when buf has no room at all, and reports whether it
// could; false leaves the work to json.Marshal. An integer equal to one of
// echoes is written as its text.
func (e *flatEncoder) encode(buf []byte, v reflect.Value, echoes []echo) ([]byte, bool) {
	if cap(buf) == 0 {
		buf = make([]byte, 0, 16+24*len(e.value.fields))
	}
	return e.value.append(buf[:0], v, echoes)
}

// An echo is a long integer of the request with its decimal text in the
// payload. Results often repeat one (perfect_power's base of a non-power
// is n itself), and printing a 2,000-digit value took 45% of such a run:
// the encoder copies the text instead when the result's integer equals
// the value. The value is a copy taken when the request was decoded, so
// an operation that changed the request's integer in place, against
// Integer.Big's contract, still has its result printed: the text is used
// only for the value it spells. The text is the canonical decimal that
// bignum.AppendDecimal writes, since the payload's integers match
// integerPattern (quickDecimal): no '+', no leading zero ("-0", which
// the pattern allows, is too short to be an echo).
type echo struct {
	value *big.Int
	text  []byte
}

// echoWords is the length in words from which an integer of the request
// is kept as an echo and a result's integer is looked up among them:
// about 77 digits, where printing costs more than a copy of the value
// and a comparison with it.
const echoWords = 4

// echoText returns the text of the echo equal to x, or nil.
func echoText(x *big.Int, echoes []echo) []byte {
	if len(x.Bits()) < echoWords {
		return nil
	}
	for _, e := range echoes {
		if x.Cmp(e.value) == 0 {
			return e.text
		}
	}
	return nil
}

// isEmpty is encoding/json's test for omitempty on the kinds that reach
// it (structs never do).
func (e *valueEncoder) isEmpty(v reflect.Value) bool {
	switch e.kind {
	case encodeSlice, encodeIntegers:
		return v.Len() == 0
	case encodePointer:
		return v.IsNil()
	}
	return v.IsZero() // the empty string, false and 0
}

func (e *valueEncoder) append(b []byte, v reflect.Value, echoes []echo) ([]byte, bool) {
	switch e.kind {
	case encodeInteger:
		return appendIntegerString(b, v.Interface().(Integer), echoes), true
	case encodeText:
		text, err := v.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil || !plainText(text) {
			return nil, false
		}
		b = append(b, '"')
		b = append(b, text...)
		return append(b, '"'), true
	case encodeString:
		s := v.String()
		if !plainText(s) {
			return nil, false
		}
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"'), true
	case encodeBool:
		return strconv.AppendBool(b, v.Bool()), true
	case encodeInt:
		return strconv.AppendInt(b, v.Int(), 10), true
	case encodeUint:
		return strconv.AppendUint(b, v.Uint(), 10), true
	case encodePointer:
		if v.IsNil() {
			return append(b, "null"...), true
		}
		return e.elem.append(b, v.Elem(), echoes)
	case encodeIntegers:
		xs := v.Interface().([]Integer)
		if xs == nil {
			return append(b, "null"...), true
		}
		// One growth for the whole list, not a doubling per power of two:
		// a decimal of n bits has at most n·log10(2) + 1 digits, and
		// log10(2) < 0.302; then a sign, quotes and a comma.
		size := 2
		for _, x := range xs {
			size += x.Big().BitLen()*302/1000 + 5
		}
		b = slices.Grow(b, size)
		b = append(b, '[')
		for i, x := range xs {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendIntegerString(b, x, echoes)
		}
		return append(b, ']'), true
	case encodeSlice:
		if v.IsNil() {
			return append(b, "null"...), true
		}
		b = append(b, '[')
		ok := true
		for i := range v.Len() {
			if i > 0 {
				b = append(b, ',')
			}
			if b, ok = e.elem.append(b, v.Index(i), echoes); !ok {
				return nil, false
			}
		}
		return append(b, ']'), true
	}
	// encodeStruct
	b = append(b, '{')
	first, ok := true, true
	for _, f := range e.fields {
		fv := v.Field(f.index)
		if f.omitEmpty && f.value.isEmpty(fv) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, f.key...)
		if b, ok = f.value.append(b, fv, echoes); !ok {
			return nil, false
		}
	}
	return append(b, '}'), true
}

// appendIntegerString appends x as encoding/json writes it through its
// MarshalText: the JSON string of its decimal digits, an echo's text when
// x equals one of echoes, x's own when it is kept as text (Digits).
func appendIntegerString(b []byte, x Integer, echoes []echo) []byte {
	b = append(b, '"')
	if digits, ok := x.Digits(); ok {
		b = append(b, digits...)
	} else if text := echoText(x.Big(), echoes); text != nil {
		b = append(b, text...)
	} else {
		b = bignum.AppendDecimal(b, x.Big())
	}
	return append(b, '"')
}

// plainText reports whether s is printable ASCII that encoding/json writes
// inside quotes unchanged: no quote, backslash, or HTML-sensitive <, >, &.
func plainText[T string | []byte](s T) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// CompactMarshaler is a result type's MarshalJSON that also promises what
// the runtime otherwise checks and copies for: MarshalCompactJSON returns
// the bytes MarshalJSON returns, already as json.Marshal's compaction
// leaves them (compactPlain: no white space outside strings, no <, >, &,
// U+2028 or U+2029), in a buffer made for the call that nothing else
// holds. The runtime publishes those bytes as they are, without the
// compaction scan and the copy (about 24,000 instructions and 10 kB on
// √n's period of 2,000 terms), and still validates them against the
// result schema.
// CheckCompactResult holds a type to the promise, and the conformance
// suite's compact_results clause runs it over every declaration whose
// result type makes it.
type CompactMarshaler interface {
	json.Marshaler
	MarshalCompactJSON() ([]byte, error)
}

// CheckCompactResult holds a result of d whose type is a CompactMarshaler
// to its promise: MarshalCompactJSON's bytes are those json.Marshal writes
// for the result, are what d's encoder publishes, and are a new buffer at
// each call. It returns nil for a result of any other type.
func CheckCompactResult(d *Declaration, result any) error {
	m, ok := result.(CompactMarshaler)
	if !ok || reflect.TypeOf(result) != d.resultType {
		return nil
	}
	want, err := json.Marshal(result)
	if err != nil {
		return fmt.Errorf("%s: json.Marshal: %v", d.ID, err)
	}
	first, err := m.MarshalCompactJSON()
	if err != nil {
		return fmt.Errorf("%s: MarshalCompactJSON: %v", d.ID, err)
	}
	if !bytes.Equal(first, want) {
		return fmt.Errorf("%s: MarshalCompactJSON wrote %.200s, json.Marshal %.200s", d.ID, first, want)
	}
	published, _, _, err := d.encode(result, nil, nil)
	if err != nil || !bytes.Equal(published, want) {
		return fmt.Errorf("%s: the encoder published %.200s (%v), json.Marshal wrote %.200s", d.ID, published, err, want)
	}
	if len(first) > 0 && len(published) > 0 && &first[0] == &published[0] {
		return fmt.Errorf("%s: MarshalCompactJSON returned the same buffer twice", d.ID)
	}
	return nil
}

// CompactResults reports whether d's result type is a CompactMarshaler,
// whose bytes the runtime publishes without compacting or copying them.
func CompactResults(d *Declaration) bool {
	return d.resultType != nil && d.resultType.Kind() != reflect.Pointer && d.resultType.Kind() != reflect.Interface &&
		d.resultType.Implements(reflect.TypeFor[CompactMarshaler]())
}

// CheckCompactResults runs d on each payload that its preflight admits,
// directly (no runtime, no postcondition), and holds each result to
// CheckCompactResult. A payload d refuses or fails on is skipped; it
// returns the first broken promise.
func CheckCompactResults(ctx context.Context, d *Declaration, payloads [][]byte) error {
	if !CompactResults(d) || d.execute == nil {
		return nil
	}
	for _, p := range payloads {
		req, err := d.decode(p)
		if err != nil || d.preflight(ctx, req) != nil {
			continue
		}
		res, err := d.execute(ctx, req)
		if err != nil {
			continue
		}
		if err := CheckCompactResult(d, res); err != nil {
			return fmt.Errorf("%s for %.200s", err, p)
		}
	}
	return nil
}

// compactPlain reports whether b, when it is JSON, is as the compaction
// json.Marshal applies to a MarshalJSON's output leaves it: no space
// outside strings, no tab, newline or carriage return (which JSON allows
// only as space between tokens), and none of <, >, &, U+2028 and U+2029,
// which it escapes. It does not check that b is JSON; a result is
// validated after encoding, which refuses anything that is not.
//
// Without a space or a backslash in b, whether a byte is inside a string
// no longer matters, so each refused byte is looked for with
// bytes.IndexByte, which scans many bytes at a time: a long result, such
// as a period of 2,000 terms each in quotes, is checked several times
// faster than by the loop over every byte (compactPlainLoop, the
// reference, which takes the rest).
func compactPlain(b []byte) bool {
	if len(b) < compactScanMin || bytes.IndexByte(b, ' ') >= 0 || bytes.IndexByte(b, '\\') >= 0 {
		return compactPlainLoop(b)
	}
	for _, c := range []byte{'\t', '\n', '\r', '<', '>', '&'} {
		if bytes.IndexByte(b, c) >= 0 {
			return false
		}
	}
	for rest := b; ; {
		i := bytes.IndexByte(rest, 0xe2)
		if i < 0 {
			return true
		}
		if i+2 < len(rest) && rest[i+1] == 0x80 && rest[i+2]&^1 == 0xa8 {
			return false
		}
		rest = rest[i+1:]
	}
}

// compactScanMin is the length from which compactPlain scans by
// bytes.IndexByte: below it, seven calls cost more than one loop.
const compactScanMin = 256

// compactPlainLoop is compactPlain by one pass over the bytes, tracking
// whether each is inside a string.
func compactPlainLoop(b []byte) bool {
	inString := false
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			inString = !inString
		case '\\':
			i++ // the escaped byte; in JSON a backslash is only in a string
		case ' ':
			if !inString {
				return false
			}
		case '\t', '\n', '\r', '<', '>', '&':
			return false
		case 0xe2: // U+2028 and U+2029 are e2 80 a8 and e2 80 a9
			if i+2 < len(b) && b[i+1] == 0x80 && b[i+2]&^1 == 0xa8 {
				return false
			}
		}
	}
	return true
}

// CheckResultConstruction holds the results that d publishes unvalidated,
// as valid by construction (wordsConform), to the general validator of
// its result schema: it writes results of random integers of a word, and
// the extremes, and reports the first the validator refuses, or one that
// the encoder did not call valid. A result of an integer beyond a word
// must go to the validator. It returns nil for a declaration without
// such results.
func CheckResultConstruction(d *Declaration, rng *rand.Rand) error {
	if !ResultValidByConstruction(d) {
		return nil
	}
	word := func() *big.Int {
		switch rng.IntN(6) {
		case 0:
			return new(big.Int)
		case 1:
			return new(big.Int).SetUint64(math.MaxUint64)
		case 2:
			return new(big.Int).Neg(new(big.Int).SetUint64(math.MaxUint64))
		}
		x := new(big.Int).SetUint64(rng.Uint64() >> rng.IntN(64))
		if rng.IntN(2) == 0 {
			x.Neg(x)
		}
		return x
	}
	for trial := range 200 {
		v := reflect.New(d.resultType).Elem()
		beyond := trial%10 == 9
		for i, f := range d.flatOut.value.fields {
			x := word()
			if beyond && i == 0 {
				x.Lsh(x.SetInt64(1+rng.Int64N(1000)), 64)
			}
			v.Field(f.index).Set(reflect.ValueOf(Int(x)))
		}
		value, _, valid, err := d.encode(v.Interface(), nil, nil)
		if err != nil {
			return fmt.Errorf("%s: encoding %s: %v", d.ID, value, err)
		}
		if valid == beyond {
			return fmt.Errorf("%s: %s, integers beyond a word %v, was called valid by construction %v", d.ID, value, beyond, valid)
		}
		if err := d.ValidateResult(value); err != nil {
			return fmt.Errorf("%s: %s, a result of integers of a word, fails the result schema: %v", d.ID, value, err)
		}
	}
	return nil
}

// ResultValidByConstruction reports whether d publishes its results of
// integers of a word without validating them (wordsConform).
func ResultValidByConstruction(d *Declaration) bool {
	return d.flatOut != nil && d.flatOut.integers != nil && d.conform()
}
