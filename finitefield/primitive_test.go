package finitefield

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// pariPrimitive is testdata/pari_primitive.json, written by
// testdata/gen_pari_primitive.py from PARI/GP 2.15.2 (znorder and fforder
// compared with q − 1, and the first primitive element by encoding).
type pariPrimitive struct {
	PariVersion string `json:"pari_version"`
	Primitivity []struct {
		Request   json.RawMessage `json:"request"`
		Primitive bool            `json:"primitive"`
	} `json:"primitivity"`
	PrimitiveElement []struct {
		Request json.RawMessage `json:"request"`
		Element json.RawMessage `json:"element"`
	} `json:"primitive_element"`
}

func loadPariPrimitive(t *testing.T) pariPrimitive {
	t.Helper()
	b, err := os.ReadFile("testdata/pari_primitive.json")
	if err != nil {
		t.Fatal(err)
	}
	var d pariPrimitive
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	if d.PariVersion != "2.15.2" {
		t.Fatalf("reference data from PARI/GP %s, expected 2.15.2", d.PariVersion)
	}
	return d
}

func TestPariPrimitivity(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "primitivity", 50, loadPariPrimitive(t).Primitivity) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, primitivityID, string(c.Request))
			completed(t, o)
			if want := map[bool]core.Verdict{true: core.Accepted, false: core.Rejected}[c.Primitive]; o.Verdict != want {
				t.Errorf("%s: verdict %s, PARI/GP says primitive = %v", c.Request, o.Verdict, c.Primitive)
			}
		})
	}
}

func TestPariPrimitiveElement(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "primitive_element", 50, loadPariPrimitive(t).PrimitiveElement) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, primitiveID, string(c.Request))
			completed(t, o)
			var r PrimitiveElementResult
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			if got, want := mustJSON(r.Element), compactJSON(t, c.Element); got != want {
				t.Errorf("%s: %s, PARI/GP %s", c.Request, got, want)
			}
		})
	}
}
