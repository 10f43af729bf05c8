package conformance

import (
	"encoding/json"
	"testing"
)

// FuzzAlteredPayload: for any JSON document, swapping a numeric string for
// a number never panics, yields valid JSON, and changes the document; and
// every document equals itself under the result comparison.
func FuzzAlteredPayload(f *testing.F) {
	for _, seed := range []string{
		`{"n":"12"}`, `{"values":["1/2","-3"]}`, `{"matrix":[["1","0"],["0","1"]]}`,
		`{"p":{"variable":"x","coefficients":["1","0","-1"]}}`, `"x"`, `[1,2]`, `{"a":null}`, `{"q":"123456789012345678901234567890/7"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		v, err := decodeExact(doc)
		if err != nil {
			return
		}
		if same, err := SameJSON(doc, doc); err != nil || !same {
			t.Fatalf("%s is not equal to itself: %v", doc, err)
		}
		altered, _, ok := numberInPlaceOfString(v)
		if !ok {
			return
		}
		out, err := json.Marshal(altered)
		if err != nil {
			t.Fatalf("altered document does not encode: %v", err)
		}
		if !json.Valid(out) {
			t.Fatalf("altered document %s is not JSON", out)
		}
		if same, _ := SameJSON(out, doc); same {
			t.Fatalf("altering %s changed nothing", doc)
		}
	})
}
