package core

import (
	"encoding/json"
	"reflect"
	"testing"
)

type flatRequest struct {
	A Integer `json:"a"`
	B int     `json:"b"`
	C Integer `json:"c,omitempty"`
	F bool    `json:"f,omitempty"`
}

// TestFlatDecoder checks that the flat decoder, wherever it answers,
// answers as encoding/json does, and that it declines the spellings it
// leaves to encoding/json.
func TestFlatDecoder(t *testing.T) {
	d := newFlatDecoder(reflect.TypeFor[flatRequest]())
	if d == nil {
		t.Fatal("no flat decoder for a flat request type")
	}
	cases := []struct {
		payload string
		flat    bool
	}{
		{`{"a":"12345678901234567890123","b":7}`, true},
		{` { "b" : -3 ,	"a" : "-0" } `, true},
		{`{}`, true},
		{`{"c":"5"}`, true},
		{`{"a":"1","b":9223372036854775807}`, true},
		{`{"a":"1","b":9223372036854775808}`, false}, // overflows int
		{`{"a":"\u0031"}`, false},                    // an escape
		{`{"\u0061":"1"}`, false},
		{`{"b":5.0}`, false},
		{`{"b":5e0}`, false},
		{`{"b":"5"}`, false},
		{`{"a":5}`, false},
		{`{"a":null}`, false},
		{`{"a":"x1"}`, false},
		{`{"z":"1"}`, false},
		{`{"a":"1",}`, false},
		{`{"a":"1"} x`, false},
		{`[]`, false},
		{`{"a":"1","f":true}`, true},
		{`{"f" : false , "b":2}`, true},
		{`{"f":null}`, false}, // encoding/json leaves the field as it is
		{`{"f":"true"}`, false},
		{`{"f":1}`, false},
		{`{"b":true}`, false},
	}
	for _, c := range cases {
		var got flatRequest
		ok := d.decode([]byte(c.payload), &got)
		if ok != c.flat {
			t.Errorf("%s: flat decoder answered %v, want %v", c.payload, ok, c.flat)
		}
		if !ok {
			continue
		}
		var want flatRequest
		if err := json.Unmarshal([]byte(c.payload), &want); err != nil {
			t.Errorf("%s: the flat decoder accepted what encoding/json refuses: %v", c.payload, err)
			continue
		}
		if got.A.String() != want.A.String() || got.B != want.B || got.C.String() != want.C.String() || got.F != want.F {
			t.Errorf("%s: flat %+v, encoding/json %+v", c.payload, got, want)
		}
	}
	type nested struct {
		P struct{ X int } `json:"p"`
	}
	type untagged struct{ N Integer }
	for _, typ := range []reflect.Type{reflect.TypeFor[nested](), reflect.TypeFor[untagged](), reflect.TypeFor[int](), reflect.TypeFor[Integer]()} {
		if newFlatDecoder(typ) != nil {
			t.Errorf("%v got a flat decoder", typ)
		}
	}
}
