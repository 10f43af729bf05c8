package core

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	validator "github.com/santhosh-tekuri/jsonschema/v6"
)

// TestValidationTreeMatchesDecoder: the tree equals the validator's own
// decoding (validator.UnmarshalJSON, the reference) on hand-picked
// documents and on seeded random ones, with and without the scan's array
// lengths.
func TestValidationTreeMatchesDecoder(t *testing.T) {
	docs := []string{
		`{}`, `[]`, `""`, `0`, `-1.5e+300`, `true`, `false`, `null`,
		` { "a" : [ 1 , "x" , null , [ ] , { } ] } `,
		`{"esc\"aped":"a\\b\u00e9\n","\u0061":"\ud83d\ude00"}`,
		`[[["1","2"],[]],[[]],["3"]]`,
		`{"matrix":[["1","-2"],["3","4"]],"ring":"Z"}`,
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for range 300 {
		var sb strings.Builder
		randomJSON(rng, &sb, 0)
		docs = append(docs, sb.String())
	}
	for _, doc := range docs {
		want, err := validator.UnmarshalJSON(bytes.NewReader([]byte(doc)))
		if err != nil {
			t.Fatalf("%s: the reference refused it: %v", doc, err)
		}
		shape, err := scanPayload(context.Background(), []byte(doc), nil, "")
		if err != nil {
			t.Fatalf("%s: scan: %v", doc, err)
		}
		for _, arrays := range [][]int32{shape.arrays, nil} {
			got, err := validationTree([]byte(doc), arrays)
			if err != nil || !reflect.DeepEqual(normalizeEmpty(got), normalizeEmpty(want)) {
				t.Fatalf("%s (lengths %v):\ngot  %#v (%v)\nwant %#v", doc, arrays != nil, got, err, want)
			}
		}
	}
}

// TestValidationTreeRefusesMalformed: text the scan would refuse gives an
// error, never a panic.
func TestValidationTreeRefusesMalformed(t *testing.T) {
	for _, doc := range []string{``, `{`, `[1,`, `{"a"}`, `"abc`, `tru`, `[1]]`, `{"a":1,}`, `"\`} {
		if _, err := validationTree([]byte(doc), nil); err == nil {
			t.Errorf("%q: accepted", doc)
		}
	}
}

// normalizeEmpty makes nil and empty slices compare equal.
func normalizeEmpty(v any) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalizeEmpty(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = normalizeEmpty(e)
		}
		return out
	}
	return v
}

func randomJSON(rng *rand.Rand, sb *strings.Builder, depth int) {
	k := rng.IntN(8)
	if depth > 4 {
		k = 3 + rng.IntN(5)
	}
	switch k {
	case 0, 1:
		sb.WriteByte('[')
		for i := range rng.IntN(5) {
			if i > 0 {
				sb.WriteString(", "[:1+rng.IntN(2)])
			}
			randomJSON(rng, sb, depth+1)
		}
		sb.WriteByte(']')
	case 2:
		sb.WriteByte('{')
		for i := range rng.IntN(4) {
			if i > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprintf(sb, `"k%d\u00e9%d" : `, i, rng.IntN(3))
			randomJSON(rng, sb, depth+1)
		}
		sb.WriteByte('}')
	case 3, 4:
		strs := []string{`"12345"`, `""`, `"-7"`, `"a\"b"`, `"tab\t"`, `"\u20ac"`, `"ü"`}
		sb.WriteString(strs[rng.IntN(len(strs))])
	case 5:
		fmt.Fprintf(sb, "%d", rng.Int64N(1<<62)-1<<61)
	case 6:
		fmt.Fprintf(sb, "%de%d", rng.IntN(1000), rng.IntN(40))
	default:
		sb.WriteString([]string{"true", "false", "null"}[rng.IntN(3)])
	}
}
