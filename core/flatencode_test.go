package core

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// pointerText implements encoding.TextMarshaler on its pointer only.
type pointerText struct{ s string }

func (p *pointerText) MarshalText() ([]byte, error) { return []byte(p.s), nil }

// stringText is a TextMarshaler of string kind.
type stringText string

func (s stringText) MarshalText() ([]byte, error) { return []byte("t" + s), nil }

type flatTwo struct {
	GCD   Integer `json:"gcd"`
	Other Integer `json:"other_value"`
}

type flatMixed struct {
	N       Integer  `json:"n"`
	Q       Rational `json:"q"`
	QE      Rational `json:"qe,omitempty"`
	Verdict Verdict  `json:"verdict"`
	Note    string   `json:"note,omitempty"`
	Name    string   `json:"name"`
	Exact   bool     `json:"exact"`
	Maybe   bool     `json:"maybe,omitempty"`
	Small   int8     `json:"small"`
	Count   int      `json:"count,omitempty"`
	Word    uint64   `json:"word"`
	Half    uint16   `json:"half,omitempty"`
	hidden  *big.Int // unexported: skipped, as by encoding/json
}

type flatStatus string

// flatPair is a nested flat struct.
type flatPair struct {
	X    Integer `json:"x"`
	Norm int     `json:"norm"`
}

// flatLists has the shapes of the catalog's list results: a divisor list
// behind a status, a count behind a pointer, nested and listed structs.
type flatLists struct {
	Status flatStatus  `json:"status"`
	Count  *Integer    `json:"count,omitempty"`
	Plain  *Integer    `json:"plain"`
	Terms  []Integer   `json:"terms,omitempty"`
	All    []Integer   `json:"all"`
	Rows   [][]Integer `json:"rows,omitempty"`
	Pair   flatPair    `json:"pair,omitempty"`
	Pell   *flatPair   `json:"pell,omitempty"`
	Pairs  []flatPair  `json:"pairs"`
	Names  []string    `json:"names,omitempty"`
	Flags  []bool      `json:"flags"`
	Ratios []Rational  `json:"ratios,omitempty"`
	Words  []uint32    `json:"words,omitempty"`
	Nested []*flatPair `json:"nested,omitempty"`
}

// flatLoop contains itself through a slice.
type flatLoop struct {
	Next []flatLoop `json:"next"`
}

// flatPointerLoop is a pointer to itself.
type flatPointerLoop *flatPointerLoop

// TestFlatEncoderMatchesJSON checks the flat encoder against json.Marshal
// on seeded random values: every encoding it gives is json.Marshal's,
// byte for byte, and it declines only values with a character to escape or beyond ASCII.
func TestFlatEncoderMatchesJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	alphabet := []string{"a", "Z", "0", " ", "-", "/", "<", ">", "&", `"`, `\`, "\n", "\t", "é", "\u2028", "\x7f", "\x00", "~"}
	randString := func() string {
		var sb strings.Builder
		for range rng.IntN(6) {
			if rng.IntN(10) == 0 {
				sb.WriteString(alphabet[rng.IntN(len(alphabet))])
			} else {
				sb.WriteString(alphabet[rng.IntN(6)]) // a, Z, 0, space, -, /
			}
		}
		return sb.String()
	}
	randInt := func() Integer {
		if rng.IntN(8) == 0 {
			return Integer{} // the zero value, which encodes as 0
		}
		buf := make([]byte, 1+rng.IntN(40))
		for i := range buf {
			buf[i] = byte(rng.Uint32())
		}
		x := new(big.Int).SetBytes(buf)
		if rng.IntN(2) == 0 {
			x.Neg(x)
		}
		return Int(x)
	}
	randRat := func() Rational {
		if rng.IntN(8) == 0 {
			return Rational{}
		}
		return Rat(big.NewRat(rng.Int64N(2001)-1000, 1+rng.Int64N(50)))
	}
	accepted := map[string]int{}
	check := func(t *testing.T, name string, v any) {
		t.Helper()
		e := newFlatEncoder(reflect.TypeOf(v))
		if e == nil {
			t.Fatalf("%s: no flat encoder for %T", name, v)
		}
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := e.encode(nil, reflect.ValueOf(v), nil)
		if !ok {
			if !strings.ContainsFunc(string(want), func(r rune) bool { return r == '\\' || r > 0x7e }) {
				t.Fatalf("%s: declined %s, which json.Marshal writes in printable ASCII without escapes", name, want)
			}
			return
		}
		if string(got) != string(want) {
			t.Fatalf("%s: flat encoder gives\n%s\njson.Marshal\n%s", name, got, want)
		}
		accepted[name]++
	}
	randInts := func() []Integer {
		switch rng.IntN(4) {
		case 0:
			return nil
		case 1:
			return []Integer{}
		}
		xs := make([]Integer, rng.IntN(20))
		for i := range xs {
			xs[i] = randInt()
		}
		return xs
	}
	randPtr := func() *Integer {
		if rng.IntN(3) == 0 {
			return nil
		}
		x := randInt()
		return &x
	}
	randPair := func() flatPair { return flatPair{randInt(), rng.IntN(5) - 2} }
	for range 2000 {
		l := flatLists{
			Status: flatStatus(randString()), Count: randPtr(), Plain: randPtr(),
			Terms: randInts(), All: randInts(), Pair: randPair(),
		}
		for range rng.IntN(3) {
			l.Rows = append(l.Rows, randInts())
			l.Pairs = append(l.Pairs, randPair())
			l.Names = append(l.Names, randString())
			l.Flags = append(l.Flags, rng.IntN(2) == 0)
			l.Ratios = append(l.Ratios, randRat())
			l.Words = append(l.Words, rng.Uint32())
			if rng.IntN(2) == 0 {
				l.Nested = append(l.Nested, nil)
			} else {
				p := randPair()
				l.Nested = append(l.Nested, &p)
			}
		}
		if rng.IntN(2) == 0 {
			p := randPair()
			l.Pell = &p
		}
		check(t, "lists", l)
		check(t, "two", flatTwo{randInt(), randInt()})
		m := flatMixed{
			N: randInt(), Q: randRat(), QE: randRat(),
			Verdict: Verdict(randString()), Note: randString(), Name: randString(),
			Exact: rng.IntN(2) == 0, Maybe: rng.IntN(2) == 0,
			Small: int8(rng.IntN(256) - 128), Count: rng.IntN(3) - 1, Word: rng.Uint64() >> rng.IntN(64),
			Half: uint16(rng.IntN(3)), hidden: big.NewInt(5),
		}
		check(t, "mixed", m)
	}
	// A check that can fail only if values reach the comparison.
	if accepted["two"] != 2000 || accepted["mixed"] < 1000 || accepted["lists"] < 1000 {
		t.Fatalf("the encoder took too few values to compare: %v", accepted)
	}
}

// TestFlatEncoderDeclinesTypes lists types the flat encoder must leave to
// encoding/json, whose encodings it does not reproduce.
func TestFlatEncoderDeclinesTypes(t *testing.T) {
	for name, v := range map[string]any{
		"embedded": struct{ CheckResult }{},
		"untagged": struct{ A Integer }{},
		"dash": struct {
			A Integer `json:"-"`
		}{},
		"string option": struct {
			A int `json:"a,string"`
		}{},
		"float": struct {
			A float64 `json:"a"`
		}{},
		"bytes": struct {
			A []byte `json:"a"`
		}{},
		"slice of floats": struct {
			A []float64 `json:"a"`
		}{},
		"array": struct {
			A [2]Integer `json:"a"`
		}{},
		"slice of marshalers": struct {
			A []Matrix `json:"a"`
		}{},
		"slice of pointer marshalers": struct {
			A []pointerText `json:"a"`
		}{},
		"pointer to string marshaler": struct {
			A *stringText `json:"a"`
		}{},
		"nested embedded": struct {
			A struct{ CheckResult } `json:"a"`
		}{},
		"recursive": flatLoop{},
		"recursive pointer": struct {
			A flatPointerLoop `json:"a"`
		}{},
		"pointer": struct {
			A *big.Int `json:"a"`
		}{},
		"json marshaler": struct {
			A Matrix `json:"a"`
		}{},
		"pointer marshaler": struct {
			A pointerText `json:"a"`
		}{},
		"string marshaler": struct {
			A stringText `json:"a"`
		}{},
		"escaped name": struct {
			A Integer `json:"a<b"`
		}{},
		"not a struct":   Int64(3),
		"top-level text": Rational{},
		"map":            map[string]string{},
		"interface": struct {
			A any `json:"a"`
		}{},
		"omitzero": struct {
			A int `json:"a,omitzero"`
		}{},
		"unexported only ok": struct{ a int }{}, // accepted: checked below
	} {
		e := newFlatEncoder(reflect.TypeOf(v))
		if name == "unexported only ok" {
			if got, ok := e.encode(nil, reflect.ValueOf(v), nil); e == nil || !ok || string(got) != "{}" {
				t.Errorf("%s: got %q, %v", name, got, ok)
			}
			continue
		}
		if e != nil {
			t.Errorf("%s: the flat encoder takes %T", name, v)
		}
	}
	// Two fields of one name, which encoding/json drops both of (built
	// by reflection: vet refuses the declaration).
	dup := reflect.StructOf([]reflect.StructField{
		{Name: "A", Type: integerType, Tag: `json:"a"`},
		{Name: "B", Type: integerType, Tag: `json:"a"`},
	})
	if newFlatEncoder(dup) != nil {
		t.Errorf("duplicate name: the flat encoder takes %v", dup)
	}
}

// BenchmarkFlatEncodeIntegers times a divisor-list result, 8,064 integers
// of up to 60 bits, through the flat encoder and through json.Marshal,
// which it replaces.
func BenchmarkFlatEncodeIntegers(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	res := flatLists{Status: "COMPLETE", Terms: make([]Integer, 8064)}
	for i := range res.Terms {
		res.Terms[i] = Int64(rng.Int64N(1 << 60))
	}
	e := newFlatEncoder(reflect.TypeOf(res))
	b.Run("n=8064/flat", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := e.encode(nil, reflect.ValueOf(res), nil); !ok {
				b.Fatal("declined")
			}
		}
	})
	b.Run("n=8064/json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(res); err != nil {
				b.Fatal(err)
			}
		}
	})
}

type repeatRequest struct {
	A Integer `json:"a"`
	B Integer `json:"b"`
}

type repeatResult struct {
	Same  Integer   `json:"same"`
	Other Integer   `json:"other"`
	List  []Integer `json:"list"`
}

// TestEchoedIntegers runs seeded requests through Runtime.Run, with the
// quick pass that records the request's long integers as echoes and
// without it, and requires the result json.Marshal writes in both: for
// results that repeat the request's integers, that repeat them negated,
// and, from an operation that changes a request's integer in place
// against Integer.Big's contract, for results equal to the changed value,
// which must not be written as the request's text.
func TestEchoedIntegers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	r := NewRegistry()
	err := Add(r, Operation[repeatRequest, repeatResult]{
		ID: "test.echo.compute", Title: "Echo", Summary: "Computes results that repeat or change the request's integers.",
		Kind: Compute, Effect: Pure, InputKinds: []string{"integer"},
		Run: func(_ context.Context, q repeatRequest) (repeatResult, error) {
			a, b := q.A.Big(), q.B.Big()
			switch a.Bit(0) + 2*b.Bit(0) {
			case 0:
				return repeatResult{Same: q.A, Other: q.B, List: []Integer{q.B, q.A, Int(new(big.Int).Set(a))}}, nil
			case 1:
				return repeatResult{Same: Int(new(big.Int).Neg(a)), Other: Int(new(big.Int).Add(b, big.NewInt(1))), List: []Integer{}}, nil
			case 2:
				a.Add(a, big.NewInt(1)) // in place: the request's text no longer spells it
				return repeatResult{Same: q.A, Other: Int(new(big.Int).Set(a)), List: []Integer{q.A}}, nil
			}
			b.Neg(b)
			return repeatResult{Same: q.B, Other: q.A, List: []Integer{q.B}}, nil
		},
		Postcondition: func(_ context.Context, _ repeatRequest, r repeatResult) error {
			if len(r.List) > 3 {
				return fmt.Errorf("%d integers listed", len(r.List))
			}
			return nil
		},
		Examples: []Example{{Title: "small", Payload: json.RawMessage(`{"a":"2","b":"4"}`), Result: json.RawMessage(`{"same":"2","other":"4","list":["4","2","2"]}`)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	d, _ := r.Lookup("test.echo.compute")
	quickParse := d.quickParse
	defer func() { d.quickParse = quickParse }()
	rt := NewRuntime(r, RuntimeOptions{})
	defer rt.Close()
	randDecimal := func() string {
		buf := make([]byte, rng.IntN(120))
		for i := range buf {
			buf[i] = byte(rng.Uint32())
		}
		x := new(big.Int).SetBytes(buf)
		if rng.IntN(2) == 0 {
			x.Neg(x)
		}
		return x.String()
	}
	echoed := 0
	for range 400 {
		a, b := randDecimal(), randDecimal()
		payload := json.RawMessage(fmt.Sprintf(`{"a":%q,"b":%q}`, a, b))
		if _, shape, ok := quickParse(payload, nil); !ok {
			t.Fatalf("%s: the quick pass declines it", payload)
		} else {
			echoed += len(shape.echoes)
		}
		var outs [2]Outcome
		for i, quick := range []bool{true, false} {
			d.quickParse = nil
			if quick {
				d.quickParse = quickParse
			}
			outs[i] = rt.Run(context.Background(), RunRequest{CapabilityID: d.ID, Payload: payload})
			if outs[i].Outcome != OutcomeCompleted {
				t.Fatalf("%s: %+v", payload, outs[i])
			}
		}
		// The reference: the operation run again, its result by json.Marshal.
		var q repeatRequest
		if err := json.Unmarshal(payload, &q); err != nil {
			t.Fatal(err)
		}
		res, _ := d.execute(context.Background(), q)
		want, _ := json.Marshal(res)
		for i, out := range outs {
			if string(out.Value) != string(want) {
				t.Fatalf("%s (quick pass %v):\ngot  %s\nwant %s", payload, i == 0, out.Value, want)
			}
		}
	}
	if echoed < 400 {
		t.Fatalf("only %d echoes recorded in 400 requests of two integers; the comparison is too thin", echoed)
	}
}

// TestCompactPlainAgainstLoop: compactPlain agrees with compactPlainLoop,
// its reference, on seeded random byte strings of 0 to 2,000 bytes drawn
// from digits, quotes and every byte either treats specially (so that
// both the scan by bytes.IndexByte and the fallback to the loop run),
// and on long results that are plain.
func TestCompactPlainAgainstLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	alphabet := []byte("0123456789,[]{}:\"\" \\\t\n\r<>&\xe2\x80\xa8\xa9a")
	for i := range 4000 {
		b := make([]byte, rng.IntN(2001))
		special := rng.IntN(3) // 0: none, 1: rare, 2: frequent
		for j := range b {
			switch {
			case special == 2 || special == 1 && rng.IntN(500) == 0:
				b[j] = alphabet[rng.IntN(len(alphabet))]
			default:
				b[j] = alphabet[rng.IntN(16)] // digits, punctuation and one quote
			}
		}
		if got, want := compactPlain(b), compactPlainLoop(b); got != want {
			t.Fatalf("case %d: compactPlain(%q) = %v, the loop says %v", i, b, got, want)
		}
	}
	plain := []byte(`{"period":[` + strings.Repeat(`"12",`, 500) + `"3"]}`)
	if !compactPlain(plain) {
		t.Errorf("a plain list of 500 terms refused")
	}
	for _, bad := range []string{"\t", "\n", "\r", "<", ">", "&", "\u2028", "\u2029"} {
		b := append(append([]byte{}, plain[:len(plain)-2]...), bad...)
		if compactPlain(b) {
			t.Errorf("%q at the end of a long result accepted", bad)
		}
	}
}

// compactRaw is a result whose MarshalCompactJSON writes its raw bytes,
// in a new buffer unless shared is set, whether or not they keep the
// promise.
type compactRaw struct {
	Note   string `json:"note"`
	raw    string
	shared []byte
}

func (r compactRaw) MarshalJSON() ([]byte, error) { return []byte(r.raw), nil }

func (r compactRaw) MarshalCompactJSON() ([]byte, error) {
	if r.shared != nil {
		return r.shared, nil
	}
	return []byte(r.raw), nil
}

// TestCheckCompactResult: a CompactMarshaler that writes compact bytes in
// a new buffer passes and is published as written; white space, a
// character json.Marshal escapes, or one buffer returned twice fails; and
// a claimed-compact result is still validated against the result schema.
func TestCheckCompactResult(t *testing.T) {
	r := NewRegistry()
	if err := Add(r, Operation[rawRequest, compactRaw]{
		ID: "test.compact.compute", Title: "Compact result", Summary: "Writes the requested bytes as its compact result.",
		Kind: Compute, Effect: Pure, InputKinds: []string{"integer"}, Bounds: Bounds{"/raw": 1000},
		Run: func(_ context.Context, q rawRequest) (compactRaw, error) {
			return compactRaw{raw: q.Raw}, nil
		},
		Postcondition: func(context.Context, rawRequest, compactRaw) error { return nil },
		Examples:      []Example{{Title: "compact", Payload: json.RawMessage(`{"raw":"{\"note\":\"a\"}"}`), Result: json.RawMessage(`{"note":"a"}`)}},
	}); err != nil {
		t.Fatal(err)
	}
	d, _ := r.Lookup("test.compact.compute")
	if !CompactResults(d) {
		t.Fatal("a CompactMarshaler result type is not reported as compact")
	}
	for _, c := range []struct {
		res compactRaw
		ok  bool
	}{
		{compactRaw{raw: `{"note":"a b"}`}, true},
		{compactRaw{raw: `{ "note":"a"}`}, false},
		{compactRaw{raw: "{\"note\":\"a\"}\n"}, false},
		{compactRaw{raw: `{"note":"a<b"}`}, false},
		{compactRaw{raw: `{"note":"a"}`, shared: []byte(`{"note":"a"}`)}, false},
	} {
		if err := CheckCompactResult(d, c.res); (err == nil) != c.ok {
			t.Errorf("%q (shared %v): CheckCompactResult says %v", c.res.raw, c.res.shared != nil, err)
		}
	}
	if err := CheckCompactResults(context.Background(), d, [][]byte{[]byte(`{"raw":"{\"note\":\"x\"}"}`), []byte(`{"raw":"{\"note\": 1}"}`)}); err == nil {
		t.Error("CheckCompactResults accepted a result with white space")
	}
	rt := NewRuntime(r, RuntimeOptions{})
	for raw, want := range map[string]string{`{"note":"a"}`: OutcomeCompleted, `{"note":1}`: OutcomeFailed, `{"note":"a"`: OutcomeFailed} {
		payload, _ := json.Marshal(rawRequest{raw})
		out := rt.Run(context.Background(), RunRequest{CapabilityID: "test.compact.compute", Payload: payload})
		if out.Outcome != want || want == OutcomeCompleted && string(out.Value) != raw {
			t.Errorf("%q: %s %s %s, want %s", raw, out.Outcome, out.Code, out.Value, want)
		}
	}
}
