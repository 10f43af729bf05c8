package core

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"jacobian.dev/core/bignum"
)

// flatEncoder encodes results of flat struct types (most of the catalog's
// scalar operations: a few integers, strings, booleans and machine
// integers) without encoding/json's reflection walk and its buffer pool,
// which cost more than a small operation itself. It writes the bytes
// json.Marshal writes: the fields in declaration order under their tag
// names, omitempty honoured, strings as they are. It only takes what needs
// no escaping: a string or a MarshalText with a byte outside printable
// ASCII, or one that encoding/json escapes (", \, <, >, &), and the caller
// encodes the whole result with json.Marshal instead; so does an error
// from a MarshalText, whose message json.Marshal then gives.
//
// The types it takes are decided once, from the type alone: a struct
// whose exported fields are all tagged with a plain name (letters, digits,
// underscores) and no option but omitempty, none embedded, no two of one
// name, each a core.Integer, a value-receiver encoding.TextMarshaler of
// struct kind, or of a string, bool or integer kind; nothing in it
// implements json.Marshaler. Unexported fields are skipped, as
// encoding/json skips them.
type flatEncoder struct {
	fields []encodedField
}

type encodedField struct {
	index     int
	key       string // `"name":`
	kind      encodedKind
	omitEmpty bool
}

type encodedKind uint8

const (
	encodeInteger encodedKind = iota // core.Integer, appended in place
	encodeText                       // an encoding.TextMarshaler
	encodeString
	encodeBool
	encodeInt
	encodeUint
)

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	integerType       = reflect.TypeFor[Integer]()
)

// newFlatEncoder returns the encoder for t, or nil when t is not one of
// the flat struct types described above.
func newFlatEncoder(t reflect.Type) *flatEncoder {
	if t.Kind() != reflect.Struct || t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType) ||
		t.Implements(textMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType) {
		return nil
	}
	e := &flatEncoder{}
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
		ft := f.Type
		if ft.Implements(marshalerType) || reflect.PointerTo(ft).Implements(marshalerType) {
			return nil
		}
		field := encodedField{index: i, key: strconv.Quote(name) + ":", omitEmpty: opts == "omitempty"}
		switch {
		case ft == integerType:
			field.kind = encodeInteger
		case ft.Implements(textMarshalerType):
			// A struct is never empty, so omitempty changes nothing.
			if ft.Kind() != reflect.Struct {
				return nil
			}
			field.kind = encodeText
		case reflect.PointerTo(ft).Implements(textMarshalerType):
			return nil // encoding/json calls it only on addressable values
		case ft.Kind() == reflect.String:
			field.kind = encodeString
		case ft.Kind() == reflect.Bool:
			field.kind = encodeBool
		case ft.Kind() >= reflect.Int && ft.Kind() <= reflect.Int64:
			field.kind = encodeInt
		case ft.Kind() >= reflect.Uint && ft.Kind() <= reflect.Uint64:
			field.kind = encodeUint
		default:
			return nil
		}
		if field.omitEmpty && (field.kind == encodeInteger || field.kind == encodeText) {
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

// encode appends the JSON of v, a value of the encoder's type, to a new
// buffer, and reports whether it could; false leaves the work to
// json.Marshal.
func (e *flatEncoder) encode(v reflect.Value) ([]byte, bool) {
	b := make([]byte, 0, 16+24*len(e.fields))
	b = append(b, '{')
	first := true
	for _, f := range e.fields {
		fv := v.Field(f.index)
		if f.omitEmpty && fv.IsZero() {
			continue // the empty string, false and 0: the kinds omitempty reaches here
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, f.key...)
		switch f.kind {
		case encodeInteger:
			b = append(b, '"')
			b = bignum.AppendDecimal(b, fv.Interface().(Integer).Big())
			b = append(b, '"')
		case encodeText:
			text, err := fv.Interface().(encoding.TextMarshaler).MarshalText()
			if err != nil || !plainText(text) {
				return nil, false
			}
			b = append(b, '"')
			b = append(b, text...)
			b = append(b, '"')
		case encodeString:
			s := fv.String()
			if !plainText(s) {
				return nil, false
			}
			b = append(b, '"')
			b = append(b, s...)
			b = append(b, '"')
		case encodeBool:
			b = strconv.AppendBool(b, fv.Bool())
		case encodeInt:
			b = strconv.AppendInt(b, fv.Int(), 10)
		case encodeUint:
			b = strconv.AppendUint(b, fv.Uint(), 10)
		}
	}
	return append(b, '}'), true
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
