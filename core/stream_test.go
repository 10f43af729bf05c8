package core

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	validator "github.com/santhosh-tekuri/jsonschema/v6"
)

type streamInner struct {
	Value    Integer   `json:"value"`
	Fraction *Rational `json:"fraction,omitempty"`
}

type streamResult struct {
	Verdict Verdict       `json:"verdict"`
	Rows    [][]Rational  `json:"rows"`
	Items   []streamInner `json:"items"`
	Count   int           `json:"count"`
	Ok      bool          `json:"ok"`
	Note    string        `json:"note,omitempty"`
	Terms   []Integer     `json:"terms,omitempty"`
}

// TestStreamAgreesWithValidator: on a valid document and thousands of
// seeded mutations of it, validateStream accepts exactly what the general
// validator accepts.
func TestStreamAgreesWithValidator(t *testing.T) {
	schema, err := SchemaFor[streamResult]()
	if err != nil {
		t.Fatal(err)
	}
	// Bounds as Operation.Bounds writes them into request schemas.
	lo, hi := 0.0, 9.0
	schema.Properties["count"].Minimum, schema.Properties["count"].Maximum = &lo, &hi
	// Length bounds on decimals, as request schemas bound matrix entries
	// (copies: the value types' schemas may be shared).
	four, two := 4, 2
	entry := *schema.Properties["rows"].Items.Items
	entry.MaxLength = &four
	rows := *schema.Properties["rows"].Items
	rows.Items = &entry
	schema.Properties["rows"].Items = &rows
	item := *schema.Properties["items"].Items
	item.Properties = maps.Clone(item.Properties)
	value := *item.Properties["value"]
	value.MinLength = &two
	item.Properties["value"] = &value
	schema.Properties["items"].Items = &item
	if !streamable(schema) {
		t.Fatal("an inferred result schema is not streamable")
	}
	compiled, err := compileSchema("result", schema)
	if err != nil {
		t.Fatal(err)
	}
	general := generalAccepts(compiled)
	valid := []byte(`{"verdict":"accepted","rows":[["1","-2/3"],["0"]],"items":[{"value":"12"},{"value":"-7","fraction":"5/8"}],"count":3,"ok":true,"note":"a\"b","terms":["1","-20","0","305",  "7" ,"-6","48"]}`)
	if !general(valid) || validateStream(valid, schema, "") != nil {
		t.Fatalf("the valid document is refused: %v", validateStream(valid, schema, ""))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	const alphabet = `{}[],:"0123456789-/.eatrufnl\x`
	accepted, refused, undecided := 0, 0, 0
	for range 5000 {
		doc := append([]byte(nil), valid...)
		for range 1 + rng.IntN(2) {
			doc = mutateByte(rng, doc, rng.IntN(len(doc)), alphabet)
		}
		want := general(doc)
		serr := validateStream(doc, schema, "")
		if serr == errUndecided {
			undecided++
			continue
		}
		got := serr == nil
		if got != want {
			t.Fatalf("%s: stream accepts %v, the general validator %v (%v)", doc, got, want, validateStream(doc, schema, ""))
		}
		if got {
			accepted++
		} else {
			refused++
		}
	}
	if accepted < 100 || refused < 1000 || undecided > accepted {
		t.Fatalf("the mutations were %d accepted, %d refused and %d undecided; both sides need exercising", accepted, refused, undecided)
	}
}

func TestStreamableRefusesUnknownKeywords(t *testing.T) {
	s, _ := SchemaFor[streamResult]()
	s.Properties["count"].MultipleOf = new(float64)
	if streamable(s) {
		t.Fatal("a schema with multipleOf is streamable, but validateStream does not check multipleOf")
	}
	s.Properties["count"].MultipleOf = nil
	s.Properties["note"].AnyOf = []*jsonschema.Schema{{Type: "string"}}
	if streamable(s) {
		t.Fatal("a schema with anyOf is streamable")
	}
}

// TestStreamNumberBounds: minimum and maximum are exact at their ends on
// plain integers; one beyond what a float64 bound compares exactly is left undecided.
func TestStreamNumberBounds(t *testing.T) {
	schema, err := SchemaFor[streamResult]()
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := 0.0, 9.0
	schema.Properties["count"].Minimum, schema.Properties["count"].Maximum = &lo, &hi
	// Length bounds on decimals, as request schemas bound matrix entries
	// (copies: the value types' schemas may be shared).
	four, two := 4, 2
	entry := *schema.Properties["rows"].Items.Items
	entry.MaxLength = &four
	rows := *schema.Properties["rows"].Items
	rows.Items = &entry
	schema.Properties["rows"].Items = &rows
	item := *schema.Properties["items"].Items
	item.Properties = maps.Clone(item.Properties)
	value := *item.Properties["value"]
	value.MinLength = &two
	item.Properties["value"] = &value
	schema.Properties["items"].Items = &item
	doc := func(count string) []byte {
		return []byte(`{"verdict":"accepted","rows":[],"items":[],"count":` + count + `,"ok":true}`)
	}
	for count, want := range map[string]error{"0": nil, "9": nil, "99999999999999999999": errUndecided} {
		if got := validateStream(doc(count), schema, ""); got != want {
			t.Errorf("count %s: %v, want %v", count, got, want)
		}
	}
	for _, count := range []string{"-1", "10"} {
		var e *Error
		if err := validateStream(doc(count), schema, ""); !errors.As(err, &e) || e.Path != "/count" {
			t.Errorf("count %s: %v, want a refusal at /count", count, err)
		}
	}
}

// TestStreamDeepPath checks the path of an error nested deeper than the
// frames a validator keeps inline.
func TestStreamDeepPath(t *testing.T) {
	const depth = 20
	doc := `{"a":` + strings.Repeat("[", depth) + `1,x` + strings.Repeat("]", depth) + `}`
	err := validateStream([]byte(doc), anySchema, "/value")
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("validateStream = %v, want an *Error", err)
	}
	if want := "/value/a" + strings.Repeat("/0", depth-1) + "/1"; e.Path != want {
		t.Fatalf("path %s, want %s", e.Path, want)
	}
}

// TestStreamIntegerRunAgrees: on seeded lists of integer strings, compact
// and spaced, and mutations of them, validateStream (whose integerRun
// takes the compact elements) accepts exactly what the general validator
// accepts.
func TestStreamIntegerRunAgrees(t *testing.T) {
	type list struct {
		Terms []Integer `json:"terms"`
	}
	schema, err := SchemaFor[list]()
	if err != nil {
		t.Fatal(err)
	}
	three := 3
	item := *schema.Properties["terms"].Items
	item.MaxLength = &three
	schema.Properties["terms"].Items = &item
	compiled, err := compileSchema("result", schema)
	if err != nil {
		t.Fatal(err)
	}
	general := generalAccepts(compiled)
	rng := rand.New(rand.NewPCG(8, 15))
	const alphabet = `[],"0123456789- x`
	accepted, refused := 0, 0
	for range 5000 {
		var sb strings.Builder
		sb.WriteString(`{"terms":[`)
		for i := range rng.IntN(30) {
			if i > 0 {
				sb.WriteString([]string{",", ",", ",", " ,", ", "}[rng.IntN(5)])
			}
			sb.WriteString(`"` + strconv.Itoa(rng.IntN(210)-100) + `"`)
		}
		sb.WriteString(`]}`)
		doc := []byte(sb.String())
		if rng.IntN(2) > 0 {
			doc = mutateByte(rng, doc, 10+rng.IntN(len(doc)-11), alphabet)
		}
		want := general(doc)
		serr := validateStream(doc, schema, "")
		if serr == errUndecided {
			continue
		}
		if got := serr == nil; got != want {
			t.Fatalf("%s: stream accepts %v, the general validator %v (%v)", doc, got, want, serr)
		}
		if serr == nil {
			accepted++
		} else {
			refused++
		}
	}
	if accepted < 1000 || refused < 1000 {
		t.Fatalf("%d accepted and %d refused; both sides need exercising", accepted, refused)
	}
}

// mutateByte deletes doc[i], inserts a byte of alphabet before it or
// replaces it by one, at random; doc's array may be reused.
func mutateByte(rng *rand.Rand, doc []byte, i int, alphabet string) []byte {
	c := alphabet[rng.IntN(len(alphabet))]
	switch rng.IntN(3) {
	case 0:
		return append(doc[:i:i], doc[i+1:]...)
	case 1:
		return append(doc[:i:i], append([]byte{c}, doc[i:]...)...)
	default:
		doc[i] = c
		return doc
	}
}

// TestNonDigitsExhaustive: for every position of the first non-digit in
// a word and every byte value there, with random digits before it and
// random bytes of any value after it, firstMarked finds that position;
// a word of digits alone is unmarked.
func TestNonDigitsExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 7))
	var w [8]byte
	for p := range 8 {
		for c := range 256 {
			for range 8 {
				for i := range w {
					switch {
					case i < p:
						w[i] = byte('0' + rng.IntN(10))
					case i == p:
						w[i] = byte(c)
					default:
						w[i] = byte(rng.IntN(256))
					}
				}
				m := nonDigits(load8(w[:], 0))
				digit := c >= '0' && c <= '9'
				if digit {
					if m != 0 && firstMarked(m) <= p {
						t.Fatalf("%q: marked at %d, but bytes to %d are digits", w, firstMarked(m), p)
					}
				} else if m == 0 || firstMarked(m) != p {
					t.Fatalf("%q: first non-digit at %d, marked %x", w, p, m)
				}
			}
		}
	}
}

// TestDigitRunAdversarial checks digitRun and signedDigits against a
// byte at a time on seeded strings of every length to 80 and some long
// ones: digits with up to three bytes of any value planted anywhere,
// signs and leading zeros, read from every offset of a longer buffer (so
// that the overlapping last read and the one-word path of signedDigits
// meet text before and after the run).
func TestDigitRunAdversarial(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 40))
	lengths := []int{}
	for n := range 81 {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 255, 256, 257, 1999, 2000, 2001, 4096)
	refSigned := func(b []byte, i int) (int, bool) {
		if i < len(b) && b[i] == '-' {
			i++
		}
		end := i + digitRunByByte(b[i:])
		return end, end > i && (b[i] != '0' || end == i+1)
	}
	for _, n := range lengths {
		for range 60 {
			s := make([]byte, n)
			for i := range s {
				s[i] = byte('0' + rng.IntN(10))
			}
			for range rng.IntN(4) {
				if n > 0 {
					s[rng.IntN(n)] = byte(rng.IntN(256))
				}
			}
			if n > 0 && rng.IntN(4) == 0 {
				s[0] = "-0+"[rng.IntN(3)]
			}
			want := digitRunByByte(s)
			if got := digitRun(s); got != want {
				t.Fatalf("digitRun(%q) = %d, want %d", s, got, want)
			}
			if got := digitRun(string(s)); got != want {
				t.Fatalf("digitRun(string %q) = %d, want %d", s, got, want)
			}
			// Within a buffer, with bytes of any value around.
			pre, post := rng.IntN(12), rng.IntN(12)
			buf := make([]byte, pre+n+post)
			for i := range buf {
				buf[i] = byte(rng.IntN(256))
			}
			copy(buf[pre:], s)
			if got, want := digitRun(buf[pre:pre+n]), want; got != want {
				t.Fatalf("digitRun of %q inside a buffer = %d, want %d", s, got, want)
			}
			end, canonical := signedDigits(buf, pre)
			wantEnd, wantCanonical := refSigned(buf, pre)
			if end != wantEnd || canonical != wantCanonical {
				t.Fatalf("signedDigits(%q, %d) = %d, %v; want %d, %v", buf, pre, end, canonical, wantEnd, wantCanonical)
			}
		}
	}
}

// TestStreamIntegerRunWords: compact lists of integer strings of one to
// nine digits, so that integerRun's one-word path (up to five digits)
// and its general path both run, with leading zeros, signs, empty
// strings and stray bytes among them, against the general validator,
// with and without length bounds on the items.
func TestStreamIntegerRunWords(t *testing.T) {
	type list struct {
		Terms []Integer `json:"terms"`
	}
	rng := rand.New(rand.NewPCG(8, 16))
	for _, bounds := range [][2]int{{-1, -1}, {2, 4}, {1, 5}, {3, 7}} {
		schema, err := SchemaFor[list]()
		if err != nil {
			t.Fatal(err)
		}
		item := *schema.Properties["terms"].Items
		if bounds[0] >= 0 {
			item.MinLength, item.MaxLength = &bounds[0], &bounds[1]
		}
		schema.Properties["terms"].Items = &item
		compiled, err := compileSchema("result", schema)
		if err != nil {
			t.Fatal(err)
		}
		general := generalAccepts(compiled)
		accepted, refused := 0, 0
		for range 4000 {
			var sb strings.Builder
			sb.WriteString(`{"terms":[`)
			for i := range rng.IntN(12) {
				if i > 0 {
					sb.WriteByte(',')
				}
				var e string
				switch rng.IntN(12) {
				case 0:
					e = "0" + strconv.Itoa(rng.IntN(1000))
				case 1:
					e = "-" + strconv.Itoa(rng.IntN(100000))
				case 2:
					e = ""
				default:
					e = strconv.FormatInt(rng.Int64N(int64(10)<<(3*rng.IntN(10))), 10)
				}
				sb.WriteString(`"` + e + `"`)
			}
			sb.WriteString(`]}`)
			doc := []byte(sb.String())
			if rng.IntN(3) == 0 {
				doc = mutateByte(rng, doc, 10+rng.IntN(len(doc)-11), `[],"0123456789-x:`)
			}
			want := general(doc)
			serr := validateStream(doc, schema, "")
			if serr == errUndecided {
				continue
			}
			if got := serr == nil; got != want {
				t.Fatalf("bounds %v, %s: stream accepts %v, the general validator %v (%v)", bounds, doc, got, want, serr)
			}
			if serr == nil {
				accepted++
			} else {
				refused++
			}
		}
		if accepted < 300 || refused < 300 {
			t.Fatalf("bounds %v: %d accepted and %d refused; both sides need exercising", bounds, accepted, refused)
		}
	}
}

// generalAccepts is the general validator of compiled as a predicate on
// documents, the reference the streaming validator is held to: a
// document that is not JSON is refused.
func generalAccepts(compiled *compiledSchema) func(doc []byte) bool {
	return func(doc []byte) bool {
		var v any
		if err := json.Unmarshal(doc, &v); err != nil {
			return false
		}
		inst, err := validator.UnmarshalJSON(bytes.NewReader(doc))
		return err == nil && compiled.validate(inst, "") == nil
	}
}
