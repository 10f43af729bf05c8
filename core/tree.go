package core

import (
	"encoding/json"
	"fmt"
	"unsafe"
)

// validationTree decodes JSON into the generic tree that schema validation
// walks (map[string]any, []any, string, json.Number, bool, nil: what
// validator.UnmarshalJSON gives), at a fraction of its cost. Strings and
// numbers without escapes are not copied: they alias b, which must not be
// modified while the tree is in use, and arrays are allocated at the
// lengths the structural pass counted (arrays, in document order; nil
// grows them by appending), so the tree costs a slice slot and a boxed string
// header per value, not the decoder's buffered copy of b, a copy of every
// string and a doubling slice per array. It expects text that the
// structural pass (scanPayload) or json.Valid has accepted; anything else
// is reported as an error, never a panic.
func validationTree(b []byte, arrays []int32) (v any, err error) {
	t := &treeDecoder{b: b, arrays: arrays}
	defer func() {
		if r := recover(); r != nil {
			v, err = nil, fmt.Errorf("malformed JSON near byte %d", t.i)
		}
	}()
	t.space()
	v = t.value()
	t.space()
	if t.i != len(b) {
		return nil, fmt.Errorf("unexpected data after the top-level value at byte %d", t.i)
	}
	return v, nil
}

type treeDecoder struct {
	b      []byte
	i      int
	arrays []int32
	next   int // index in arrays of the next array
}

func (t *treeDecoder) space() {
	for t.i < len(t.b) {
		switch t.b[t.i] {
		case ' ', '\t', '\n', '\r':
			t.i++
		default:
			return
		}
	}
}

// alias returns b[from:to] as a string sharing b's bytes.
func (t *treeDecoder) alias(from, to int) string {
	if from == to {
		return ""
	}
	return unsafe.String(&t.b[from], to-from)
}

func (t *treeDecoder) value() any {
	switch c := t.b[t.i]; {
	case c == '{':
		t.i++
		m := map[string]any{}
		t.space()
		if t.b[t.i] == '}' {
			t.i++
			return m
		}
		for {
			t.space()
			k := t.str()
			t.space()
			t.expect(':')
			t.space()
			m[k] = t.value()
			t.space()
			if t.b[t.i] == ',' {
				t.i++
				continue
			}
			t.expect('}')
			return m
		}
	case c == '[':
		t.i++
		var a []any
		if t.next < len(t.arrays) {
			a = make([]any, 0, t.arrays[t.next])
			t.next++
		}
		t.space()
		if t.b[t.i] == ']' {
			t.i++
			return a
		}
		for {
			t.space()
			a = append(a, t.value())
			t.space()
			if t.b[t.i] == ',' {
				t.i++
				continue
			}
			t.expect(']')
			return a
		}
	case c == '"':
		return t.str()
	case c == 't':
		t.literal("true")
		return true
	case c == 'f':
		t.literal("false")
		return false
	case c == 'n':
		t.literal("null")
		return nil
	default:
		start := t.i
		for t.i < len(t.b) {
			switch t.b[t.i] {
			case ',', ']', '}', ' ', '\t', '\n', '\r':
				return json.Number(t.alias(start, t.i))
			}
			t.i++
		}
		return json.Number(t.alias(start, t.i))
	}
}

func (t *treeDecoder) expect(c byte) {
	if t.b[t.i] != c {
		panic("malformed")
	}
	t.i++
}

func (t *treeDecoder) literal(lit string) {
	if string(t.b[t.i:t.i+len(lit)]) != lit {
		panic("malformed")
	}
	t.i += len(lit)
}

// str reads a string at t.i; one with escapes is unquoted into a copy.
func (t *treeDecoder) str() string {
	start := t.i
	t.expect('"')
	escaped := false
	for {
		switch t.b[t.i] {
		case '\\':
			escaped = true
			t.i += 2
			continue
		case '"':
			t.i++
			if !escaped {
				return t.alias(start+1, t.i-1)
			}
			var s string
			if err := json.Unmarshal(t.b[start:t.i], &s); err != nil {
				panic("malformed")
			}
			return s
		}
		t.i++
	}
}
