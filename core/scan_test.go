package core

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

func TestScanRefusals(t *testing.T) {
	two := 2
	schema := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"pair": {Type: "array", MaxItems: &two, Items: &jsonschema.Schema{Type: "string", MaxLength: &two}},
		"either": {AnyOf: []*jsonschema.Schema{
			{Type: "array", MaxItems: &two},
			{Type: "string"},
		}},
	}}
	tests := []struct {
		name, payload, path, msg string
	}{
		{"duplicate key", `{"left":"84","left":"35","right":"30"}`, "/payload/left", "appears twice"},
		{"duplicate key through an escape", `{"left":"84","\u006ceft":"35"}`, "/payload/left", "appears twice"},
		{"nested duplicate", `{"a":[{"b":1},{"b":1,"c":2,"b":3}]}`, "/payload/a/1/b", "appears twice"},
		{"escaped key in a pointer", `{"a/b":{"x":1,"x":2}}`, "/payload/a~1b/x", "appears twice"},
		{"array past maxItems", `{"pair":["1","2","3"]}`, "/payload/pair", "at most 2"},
		{"string past maxLength", `{"pair":["` + strings.Repeat("1", smallString+1) + `"]}`, "/payload/pair/0", "at most 2"},
		{"short string past maxLength, left to validation", `{"pair":["123"]}`, "", ""},
		{"array where a string is wanted", `{"pair":[["1","2"]]}`, "/payload/pair/0", "must be string, got array"},
		{"object where an array is wanted", `{"pair":{"a":1}}`, "/payload/pair", "must be array, got object"},
		{"anyOf without a bound on every branch", `{"either":[1,2,3]}`, "", ""},
		{"too deep", `{"a":` + strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth) + `}`, "/payload/a" + strings.Repeat("/0", maxDepth-1), "more than 64 deep"},
		{"truncated", `{"left":"84"`, "/payload/left", "unexpected end"},
		{"NaN", `{"left":NaN}`, "/payload/left", "invalid character"},
		{"BOM", "\ufeff{}", "/payload", "invalid character"},
		{"trailing data", `{} {}`, "/payload", "after the top-level value"},
		{"invalid UTF-8", "{\"left\":\"\xff\"}", "/payload", "not valid UTF-8"},
		{"control character", "{\"left\":\"a\nb\"}", "/payload/left", "control character"},
		{"leading zero", `{"n":012}`, "/payload/n", "expected ','"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := scanPayload(context.Background(), []byte(tc.payload), schema, "/payload")
			if tc.msg == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			// A value past a schema bound is refused (RESOURCE_REFUSED),
			// naming its path in the message.
			var r *Refusal
			if errors.As(err, &r) && strings.Contains(r.Message, tc.path+" ") && strings.Contains(r.Message, tc.msg) {
				return
			}
			var e *Error
			if !errors.As(err, &e) || e.Code != InvalidPayload || e.Path != tc.path || !strings.Contains(e.Message, tc.msg) {
				t.Fatalf("got %#v, want INVALID_PAYLOAD at %q saying %q", err, tc.path, tc.msg)
			}
		})
	}
}

// TestScanAgreesWithEncodingJSON: on seeded random and mutated documents,
// the scan accepts exactly what encoding/json accepts, duplicate keys and
// invalid UTF-8 aside (which it refuses on purpose).
func TestScanAgreesWithEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var gen func(depth int) any
	gen = func(depth int) any {
		switch k := rng.IntN(7); {
		case k == 0 && depth < 5:
			m := map[string]any{}
			for i := range rng.IntN(4) {
				m[string(rune('a'+i))+"\\\"é"[:rng.IntN(3)]] = gen(depth + 1)
			}
			return m
		case k == 1 && depth < 5:
			a := make([]any, rng.IntN(4))
			for i := range a {
				a[i] = gen(depth + 1)
			}
			return a
		case k == 2:
			return rng.NormFloat64() * 1e6
		case k == 3:
			return rng.IntN(2) == 0
		case k == 4:
			return nil
		default:
			return strings.Repeat("x\n\"\\\u00e9\U0001F600", rng.IntN(3))
		}
	}
	const alphabet = "{}[],:\"\\ 0123456789.eE+-tfnulrase\u00e9"
	checked := 0
	for range 4000 {
		b, _ := json.Marshal(gen(0))
		if rng.IntN(2) == 0 && len(b) > 0 {
			// One mutation: delete, insert or replace a byte.
			i := rng.IntN(len(b))
			c := alphabet[rng.IntN(len(alphabet))]
			switch rng.IntN(3) {
			case 0:
				b = append(b[:i:i], b[i+1:]...)
			case 1:
				b = append(b[:i:i], append([]byte{c}, b[i:]...)...)
			default:
				b[i] = c
			}
		}
		_, err := scanPayload(context.Background(), b, nil, "")
		var e *Error
		if err != nil && errors.As(err, &e) && (strings.Contains(e.Message, "appears twice") || strings.Contains(e.Message, "UTF-8")) {
			continue
		}
		if got, want := err == nil, json.Valid(b); got != want {
			t.Fatalf("%q: scan accepts %v, encoding/json %v (%v)", b, got, want, err)
		}
		checked++
	}
	if checked < 3500 {
		t.Fatalf("only %d documents compared", checked)
	}
}

func TestRunRefusesDuplicateKeys(t *testing.T) {
	rt := NewRuntime(testRegistry(t), RuntimeOptions{})
	o := rt.Run(context.Background(), RunRequest{CapabilityID: "test.sum.compute", Payload: json.RawMessage(`{"left":"84","left":"35","right":"30"}`)})
	if o.Code != InvalidPayload || o.Path != "/payload/left" {
		t.Fatalf("got %s", o)
	}
}

func TestMemoryBudgetRefusesWhatDoesNotFit(t *testing.T) {
	rt := NewRuntime(testRegistry(t), RuntimeOptions{Memory: NewMemoryBudget(1000)})
	if o := rt.Run(context.Background(), RunRequest{CapabilityID: "test.sum.compute", Payload: json.RawMessage(`{"left":"2","right":"3"}`)}); o.Outcome != OutcomeCompleted {
		t.Fatalf("a payload within the budget: got %s", o)
	}
	big := `{"left":"1` + strings.Repeat("0", 300) + `","right":"3"}`
	o := rt.Run(context.Background(), RunRequest{CapabilityID: "test.sum.compute", Payload: json.RawMessage(big)})
	if o.Reason != ResourceRefused || !strings.Contains(o.Detail, "memory budget") {
		t.Fatalf("a payload past the budget: got %s", o)
	}
}

func FuzzScanPayload(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,2,{"b":"c"}]}`, `{"a":1,"a":2}`, `[`, `"\ud800"`, `-0.5e+3`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		_, err := scanPayload(context.Background(), b, nil, "")
		if err == nil && !json.Valid(b) {
			t.Fatalf("scan accepts %q, which is not JSON", b)
		}
	})
}

// TestStrAgainstByteLoop: str, which skips plain 8-byte blocks
// (plainRun), stops where the byte-at-a-time loop it shortcuts stops and
// refuses what it refuses, on seeded random strings of digits and
// letters with quotes, backslashes, valid and invalid escapes, control
// bytes and UTF-8 sprinkled at random places, and on plainRun's edge
// bytes 0x1f, 0x20, '"' ± 1, '\\' ± 1 and 0x80 in every lane.
func TestStrAgainstByteLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 92))
	pieces := []string{"0", "7", "a", "Z", `"`, `\`, `\"`, `\\`, `\n`, `\u00e9`, `\u12`, `\x`, "\x1f", "\x00", " ", "é", "\x80", "\xff", "!", "#", "[", "]"}
	var inputs []string
	for range 5000 {
		var sb strings.Builder
		sb.WriteByte('"')
		for range rng.IntN(40) {
			if rng.IntN(4) == 0 {
				sb.WriteString(pieces[rng.IntN(len(pieces))])
			} else {
				sb.WriteString(strings.Repeat("0123456789", 3)[:rng.IntN(30)])
			}
		}
		if rng.IntN(5) != 0 {
			sb.WriteByte('"')
		}
		inputs = append(inputs, sb.String())
	}
	for _, c := range []byte{0x1f, 0x20, '"' - 1, '"', '"' + 1, '\\' - 1, '\\', '\\' + 1, 0x80} {
		for lane := range 9 {
			b := []byte(`"` + strings.Repeat("5", 16) + `"`)
			b[1+lane] = c
			inputs = append(inputs, string(b))
		}
	}
	for _, in := range inputs {
		s := &scanner{b: []byte(in)}
		err := s.str("")
		wantI, wantErr := strByteLoop([]byte(in))
		if s.i != wantI || (err != nil) != wantErr {
			t.Fatalf("%q: str stops at %d (error %v), the byte loop at %d (error %v)", in, s.i, err, wantI, wantErr)
		}
	}
}

// strByteLoop is scanner.str before plainRun, its reference: where it
// stops, and whether it refused.
func strByteLoop(b []byte) (int, bool) {
	i := 1
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"':
			return i + 1, false
		case c == '\\':
			if i+1 >= len(b) {
				return i, true
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !isHex4(b[i+2:i+6]) {
					return i, true
				}
				i += 6
			default:
				return i, true
			}
		case c < 0x20:
			return i, true
		default:
			i++
		}
	}
	return i, true
}
