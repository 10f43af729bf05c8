package core

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
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
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// newFlatDecoder returns the decoder for t, or nil when t is not a struct
// of exported, tagged, non-embedded fields each either decoding itself
// through a pointer (json.Unmarshaler) or of a signed integer kind.
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
		switch {
		case reflect.PointerTo(f.Type).Implements(unmarshalerType):
			d.fields[name] = flatField{index: i, unmarshal: true}
		case f.Type.Kind() == reflect.Int || f.Type.Kind() == reflect.Int64:
			d.fields[name] = flatField{index: i}
		default:
			return nil
		}
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
		if start < len(b) && b[start] == '"' {
			if _, end, ok = plainString(b, start); !ok || !f.unmarshal {
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
		if f.unmarshal {
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

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}
