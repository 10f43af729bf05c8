package core

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

func TestParseInteger(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" means refused
	}{
		{"0", "0"}, {"-0", "0"}, {"42", "42"}, {"-42", "-42"},
		{"123456789012345678901234567890", "123456789012345678901234567890"},
		{"", ""}, {"-", ""}, {"+5", ""}, {"05", ""}, {"-05", ""}, {" 5", ""}, {"5 ", ""},
		{"1e3", ""}, {"1.0", ""}, {"0x10", ""}, {"١٢", ""}, {"５", ""}, {"--5", ""}, {"5-", ""},
	}
	for _, tc := range tests {
		x, err := ParseInteger(tc.in)
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("ParseInteger(%q) = %v, want an error", tc.in, x)
		case tc.want != "" && err != nil:
			t.Errorf("ParseInteger(%q): %v", tc.in, err)
		case tc.want != "" && x.String() != tc.want:
			t.Errorf("ParseInteger(%q) = %v, want %s", tc.in, x, tc.want)
		}
	}
}

func TestParseIntegerTooLong(t *testing.T) {
	_, err := ParseInteger(strings.Repeat("9", MaxDigits+1))
	var tl *tooLargeError
	if !errors.As(err, &tl) {
		t.Fatalf("got %v, want a size refusal", err)
	}
	if _, err := ParseInteger("-" + strings.Repeat("9", MaxDigits)); err != nil {
		t.Fatalf("MaxDigits digits must parse: %v", err)
	}
}

func TestRationalCanonical(t *testing.T) {
	tests := []struct{ in, want string }{
		{"6/4", "3/2"}, {"-6/4", "-3/2"}, {"4/2", "2"}, {"0/7", "0"}, {"-0/7", "0"}, {"7", "7"},
	}
	for _, tc := range tests {
		var r Rational
		if err := json.Unmarshal([]byte(`"`+tc.in+`"`), &r); err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if got, _ := json.Marshal(r); string(got) != `"`+tc.want+`"` {
			t.Errorf("%s: got %s, want %q", tc.in, got, tc.want)
		}
	}
	for _, bad := range []string{`"1/0"`, `"1/-2"`, `"1/"`, `"/2"`, `"1/2/3"`, `0.5`, `1`} {
		var r Rational
		if err := json.Unmarshal([]byte(bad), &r); err == nil {
			t.Errorf("%s: accepted as %v", bad, r)
		}
	}
}

// The short-integer path of ParseRational agrees with the general parser
// on every string, accepted or refused, with the same value or message:
// a table of edge cases around its 18-digit limit, signs and leading
// zeros, and seeded random strings over the characters that matter.
func TestParseRationalShortPath(t *testing.T) {
	cases := []string{"0", "-0", "00", "-00", "7", "-7", "07", "-07", "", "-", "--1", "+1", " 1", "1 ",
		"999999999999999999", "-999999999999999999", "1000000000000000000", "-1000000000000000000",
		"9223372036854775807", "-9223372036854775808", "12a", "1/2", "-3/4", "4/2", "1e5", "١"}
	rng := rand.New(rand.NewPCG(61, 62))
	for range 20000 {
		b := make([]byte, rng.IntN(22))
		for k := range b {
			b[k] = "-0123456789/x"[rng.IntN(13)]
			if rng.IntN(3) > 0 {
				b[k] = "0123456789"[rng.IntN(10)]
			}
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		got, err := ParseRational(s)
		want, werr := parseRational(s)
		if (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) {
			t.Fatalf("%q: error %v, the general parser %v", s, err, werr)
		}
		if err == nil && got.Cmp(want) != 0 {
			t.Fatalf("%q: %s, the general parser %s", s, got.RatString(), want.RatString())
		}
	}
}

// The wire form of every value round-trips: decode(encode(x)) == x.
func TestIntegerRoundTrip(t *testing.T) {
	x, _ := new(big.Int).SetString("-"+strings.Repeat("98765432101234567890", 50), 10)
	b, err := json.Marshal(Int(x))
	if err != nil {
		t.Fatal(err)
	}
	var y Integer
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	if y.Big().Cmp(x) != 0 {
		t.Fatalf("round trip changed the value")
	}
}

func TestMatrixRagged(t *testing.T) {
	var m Matrix
	err := json.Unmarshal([]byte(`[["1","2"],["3"]]`), &m)
	var pe *PayloadError
	if !errors.As(err, &pe) || !strings.Contains(pe.Message, "row 1") {
		t.Fatalf("got %v, want a payload error naming row 1", err)
	}
	if err := json.Unmarshal([]byte(`[["1","2/3"],["3","-4"]]`), &m); err != nil {
		t.Fatal(err)
	}
	if r, c := m.Dims(); r != 2 || c != 2 || m[0][1].String() != "2/3" {
		t.Fatalf("decoded %v", m)
	}
}

// FuzzParseInteger: anything accepted is canonical decimal and re-renders to
// itself (up to "-0" → "0"); nothing panics.
func FuzzParseInteger(f *testing.F) {
	for _, s := range []string{"0", "-0", "+5", "007", " 1", "1 ", "١٢٣", "-", "", "99999999999999999999999", "1e400", strings.Repeat("7", 5000)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := ParseInteger(s)
		if err != nil {
			return
		}
		if got := x.String(); got != s && !(s == "-0" && got == "0") {
			t.Fatalf("ParseInteger(%q) renders as %q", s, got)
		}
	})
}

type eitherShape struct{}

func (eitherShape) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Type: "string"}, {Type: "array"}}}
}

// An optional field whose schema is a union without a type keeps the union
// rather than becoming "null only".
func TestOptionalUnionField(t *testing.T) {
	type request struct {
		Shape *eitherShape `json:"shape,omitempty"`
	}
	s, err := SchemaFor[request]()
	if err != nil {
		t.Fatal(err)
	}
	shape := s.Properties["shape"]
	if len(shape.Types) != 0 || shape.Type != "" || len(shape.AnyOf) != 2 {
		t.Fatalf("shape schema %+v", shape)
	}
}

type elementRequest struct {
	Element eitherElement `json:"element"`
}

type eitherElement struct{}

func (eitherElement) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{Integer{}.JSONSchema(), {Type: "array", Items: Integer{}.JSONSchema()}}}
}

// When a union fails, the message speaks of the branch the value's shape
// chose, not of the other branch's type.
func TestUnionErrorNamesTheMeantBranch(t *testing.T) {
	s, err := SchemaFor[elementRequest]()
	if err != nil {
		t.Fatal(err)
	}
	c, err := compileSchema("request", s)
	if err != nil {
		t.Fatal(err)
	}
	err = c.validate(map[string]any{"element": []any{"03"}}, "/payload")
	var e *Error
	if !errors.As(err, &e) || e.Path != "/payload/element/0" || !strings.Contains(e.Message, "leading zeros") {
		t.Fatalf("got %v", err)
	}
}

type formRequest struct {
	Form exclusiveForm `json:"form"`
	Mode modeEnum      `json:"mode"`
}

type exclusiveForm struct{}

func (exclusiveForm) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{OneOf: []*jsonschema.Schema{{Type: "string"}, {Type: "string", MinLength: jsonschema.Ptr(1)}}}
}

type modeEnum string

func (modeEnum) JSONSchema() *jsonschema.Schema { return Enum("mode", "fast", "exact") }

func TestSchemaMessages(t *testing.T) {
	s, err := SchemaFor[formRequest]()
	if err != nil {
		t.Fatal(err)
	}
	c, err := compileSchema("request", s)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		instance map[string]any
		phrase   string
	}{
		{map[string]any{"form": "ab", "mode": "fast"}, "exactly one form"},
		{map[string]any{"form": "", "mode": "slow"}, `one of "fast", "exact"`},
	} {
		err := c.validate(tc.instance, "/payload")
		if err == nil || !strings.Contains(err.Error(), tc.phrase) {
			t.Errorf("%v: got %v, want %q", tc.instance, err, tc.phrase)
		}
	}
}

// TestRationalMarshalTextSharedDenominators holds MarshalText to
// big.Rat.RatString on runs of one long denominator (the shared pointer,
// equal copies), changing and short denominators, integers and zero,
// from several goroutines at once so that the kept denominator is
// exercised under the race detector.
func TestRationalMarshalTextSharedDenominators(t *testing.T) {
	// random is an integer in [1, 2^bits].
	random := func(rng *rand.Rand, bits int) *big.Int {
		x := new(big.Int)
		for k := 0; k < bits; k += 64 {
			x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
		}
		x.Rsh(x, uint(x.BitLen()-min(x.BitLen(), bits)))
		return x.Add(x, big.NewInt(1))
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 5))
			shared := random(rng, 500)
			for range 2000 {
				num := random(rng, rng.IntN(600))
				if rng.IntN(2) == 0 {
					num.Neg(num)
				}
				var den *big.Int
				switch rng.IntN(5) {
				case 0:
					den = shared
				case 1:
					den = new(big.Int).Set(shared)
				case 2:
					den = new(big.Int).Add(shared, big.NewInt(2))
				case 3:
					den = big.NewInt(1 + rng.Int64N(1000))
				default:
					den = random(rng, rng.IntN(800))
				}
				x := new(big.Rat).SetFrac(num, den)
				if rng.IntN(50) == 0 {
					x = new(big.Rat)
				}
				got, err := Rat(x).MarshalText()
				if err != nil || string(got) != x.RatString() {
					errs <- fmt.Sprintf("%s: MarshalText gave %q (%v)", x.RatString(), got, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if got, _ := (Rational{}).MarshalText(); string(got) != "0" {
		t.Errorf("the zero Rational marshals as %q", got)
	}
}

// scanMatrix and encoding/json agree: on a table of shapes and of
// departures from the fast form, and on seeded random mutations of a
// valid payload, UnmarshalJSON gives the same matrix or the same error as
// the plain encoding/json decoding with the ragged-row check.
func TestScanMatrixAgainstJSON(t *testing.T) {
	general := func(b []byte) (Matrix, error) {
		var rows [][]Rational
		if err := json.Unmarshal(b, &rows); err != nil {
			return nil, err
		}
		var m Matrix
		return m, m.setRows(rows)
	}
	same := func(in string) {
		t.Helper()
		var got Matrix
		err := got.UnmarshalJSON([]byte(in))
		want, werr := general([]byte(in))
		if (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) {
			t.Fatalf("%q: error %v, encoding/json %v", in, err, werr)
		}
		if err != nil {
			return
		}
		if len(got) != len(want) || (got == nil) != (want == nil) {
			t.Fatalf("%q: %d rows (nil %v), encoding/json %d (nil %v)", in, len(got), got == nil, len(want), want == nil)
		}
		for i := range got {
			if len(got[i]) != len(want[i]) || (got[i] == nil) != (want[i] == nil) {
				t.Fatalf("%q: row %d differs in length", in, i)
			}
			for j := range got[i] {
				if got[i][j].Rat().Cmp(want[i][j].Rat()) != 0 {
					t.Fatalf("%q: entry (%d, %d) is %s, encoding/json %s", in, i, j, got[i][j], want[i][j])
				}
			}
		}
	}
	base := `[["1","-2","3/4"],["0","-5/6","70"]]`
	for _, in := range []string{base, `[]`, ` [ ] `, `[[]]`, `[[],[]]`, `[[],["1"]]`, `[["1"],[]]`, "[\n\t[ \"1\" , \"2\" ] ,\r\n[\"3\",\"4\"]\n]",
		`null`, `[null]`, `[["1",null]]`, `[[1,2]]`, `[["1","2"],["3"]]`, `[["\u0031"]]`, `[["1"]]x`, `[["1"]`, `[["1"],]`, `[["1",]]`,
		`[[["1"]]]`, `{"a":1}`, `[["01"]]`, `[["-0"]]`, `[["1/0"]]`, `[["1/-2"]]`, `[[""]]`, `[["1 "]]`, `[["1"] ["2"]]`, `"1"`, ``, `[`} {
		same(in)
	}
	rng := rand.New(rand.NewPCG(63, 64))
	for range 5000 {
		b := []byte(base)
		for range 1 + rng.IntN(3) {
			k := rng.IntN(len(b))
			switch rng.IntN(3) {
			case 0:
				b[k] = `[]",/- 0123456789nx\`[rng.IntN(20)]
			case 1:
				b = append(b[:k], b[k+1:]...)
			default:
				b = append(b[:k], append([]byte{`[]",/- 0123456789`[rng.IntN(17)]}, b[k:]...)...)
			}
			if len(b) == 0 {
				break
			}
		}
		same(string(b))
	}
}

// TestMatrixMarshalJSONAgainstJSON holds Matrix.MarshalJSON to the bytes
// encoding/json writes for the same rows as a plain [][]Rational (each
// entry by MarshalText): on seeded random matrices of small, large and
// shared-denominator entries, with nil and empty rows, and nil and empty
// matrices, alone and as a field.
func TestMatrixMarshalJSONAgainstJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	randBits := func(bits int) *big.Int { // uniform below 2^bits
		x := new(big.Int)
		for range (bits + 63) / 64 {
			x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
		}
		return x.Rsh(x, uint(-bits&63))
	}
	entry := func(den *big.Int) Rational {
		num := randBits(rng.IntN(300) + 1)
		if rng.IntN(2) == 0 {
			num.Neg(num)
		}
		switch rng.IntN(4) {
		case 0:
			return Rational{}
		case 1:
			return Rat(new(big.Rat).SetInt(num))
		}
		return Rat(new(big.Rat).SetFrac(num, den))
	}
	cases := []Matrix{nil, {}, {nil}, {{}, {}}, {nil, {Rational{}}}}
	for range 200 {
		den := randBits(rng.IntN(900) + 1)
		den.Add(den, big.NewInt(1))
		m := make(Matrix, rng.IntN(6))
		cols := rng.IntN(6)
		for i := range m {
			if rng.IntN(10) == 0 {
				continue // a nil row
			}
			m[i] = make([]Rational, cols)
			for j := range m[i] {
				m[i][j] = entry(den)
			}
		}
		cases = append(cases, m)
	}
	type field struct {
		M Matrix `json:"m"`
		N Matrix `json:"n,omitempty"`
	}
	for _, m := range cases {
		got, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal([][]Rational(m))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("MarshalJSON wrote %s, encoding/json %s", got, want)
		}
		got, _ = json.Marshal(field{M: m, N: m})
		want, _ = json.Marshal(struct {
			M [][]Rational `json:"m"`
			N [][]Rational `json:"n,omitempty"`
		}{m, m})
		if !bytes.Equal(got, want) {
			t.Fatalf("as a field, MarshalJSON wrote %s, encoding/json %s", got, want)
		}
	}
}

// TestWordDecimal checks the word-sized shortcut of Integer.UnmarshalJSON
// against the general path (unquote, then ParseInteger): every string it
// takes, the general path takes with the same value. The strings are every
// one of up to five characters over an alphabet of digits, signs and
// stray characters, and seeded random digit strings of 1 to 22 digits
// around the 18-digit edge.
func TestWordDecimal(t *testing.T) {
	general := func(b []byte) (*big.Int, bool) {
		s, err := unquote(b, "an integer")
		if err != nil {
			return nil, false
		}
		x, err := ParseInteger(s)
		return x, err == nil
	}
	took := 0
	check := func(b []byte) {
		x, ok := wordDecimal(b)
		if !ok {
			return
		}
		took++
		y, ok := general(b)
		if !ok || x.Cmp(y) != 0 {
			t.Fatalf("wordDecimal(%s) = %v; the general path gives %v, %v", b, x, y, ok)
		}
	}
	alphabet := []byte(`019-+ a"\`)
	var gen func(prefix []byte, n int)
	gen = func(prefix []byte, n int) {
		check(append(append([]byte{'"'}, prefix...), '"'))
		check(prefix)
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			gen(append(prefix, c), n-1)
		}
	}
	gen(nil, 5)
	rng := rand.New(rand.NewPCG(3, 5))
	for range 20000 {
		d := make([]byte, 1+rng.IntN(22))
		for i := range d {
			d[i] = byte('0' + rng.IntN(10))
		}
		if rng.IntN(2) == 0 {
			d = append([]byte{'-'}, d...)
		}
		check(append(append([]byte{'"'}, d...), '"'))
	}
	if took < 10000 {
		t.Fatalf("wordDecimal took only %d strings; the comparison is too thin", took)
	}
}

// TestInt64 checks Int64 on the edges of the word and that the value it
// returns grows like any other big.Int.
func TestInt64(t *testing.T) {
	for _, n := range []int64{0, 1, -1, 1<<31 - 1, 1 << 32, -1 << 63, 1<<63 - 1} {
		if got := Int64(n).Big(); got.Cmp(big.NewInt(n)) != 0 || got.String() != big.NewInt(n).String() {
			t.Fatalf("Int64(%d) = %v", n, got)
		}
	}
	x := new(big.Int).Set(Int64(1<<62 + 3).Big())
	y := Int64(1<<62 + 3).Big()
	z := new(big.Int).Mul(y, y)
	y.Mul(y, y) // a value grown past its room
	if y.Cmp(z) != 0 || x.Cmp(big.NewInt(1<<62+3)) != 0 {
		t.Fatalf("squaring in place gives %v, want %v", y, z)
	}
}

// TestWordArenaTakeConcurrent: goroutines taking from one arena at once
// (an operation calling Int64For from several workers) get each room
// once, and the rest fall back; under -race, takes are not racing writes.
func TestWordArenaTakeConcurrent(t *testing.T) {
	for range 50 {
		var a wordArena
		var wg sync.WaitGroup
		got := make([]*big.Int, 8)
		for g := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if x, ok := a.take(int64(g + 1)); ok {
					got[g] = x
				}
			}()
		}
		wg.Wait()
		taken := map[*big.Int]bool{}
		for g, x := range got {
			if x == nil {
				continue
			}
			if taken[x] {
				t.Fatalf("one room given twice")
			}
			taken[x] = true
			if x.Int64() != int64(g+1) {
				t.Fatalf("goroutine %d got %v", g, x)
			}
		}
		if len(taken) != len(a.ints) {
			t.Fatalf("%d rooms taken, want %d", len(taken), len(a.ints))
		}
	}
}

// TestWordIntSet compares wordInt.set with SetInt64 into the same room on
// the edges of the word and seeded n of every size and sign, the value,
// its sign, and its digits in the room.
func TestWordIntSet(t *testing.T) {
	check := func(n int64) {
		t.Helper()
		var w, ref wordInt
		got, want := w.set(n), ref.x.SetBits(ref.digits[:0]).SetInt64(n)
		if got.Cmp(want) != 0 || got.Sign() != want.Sign() || len(got.Bits()) != len(want.Bits()) || got.String() != strconv.FormatInt(n, 10) {
			t.Fatalf("set(%d) = %v (%d words), SetInt64 %v (%d words)", n, got, len(got.Bits()), want, len(want.Bits()))
		}
		if len(got.Bits()) > 0 && &got.Bits()[0] != &w.digits[0] {
			t.Fatalf("set(%d) keeps its digits outside the room", n)
		}
	}
	for _, n := range []int64{0, 1, -1, 1<<31 - 1, -1 << 31, 1 << 32, -1 << 32, 1<<63 - 1, -1 << 63, -1<<63 + 1} {
		check(n)
	}
	rng := rand.New(rand.NewPCG(64, 2))
	for range 100_000 {
		n := int64(rng.Uint64()) >> rng.IntN(64)
		check(n)
	}
}

// TestWordValue compares wordValue with the plain reading, its frame
// (wordFrame) and then one digit at a time (wordValueByDigits), on every quoted string of
// up to six characters over digits, signs and stray bytes, and on seeded
// quoted strings of up to 22 such characters, mostly digits.
func TestWordValue(t *testing.T) {
	plain := func(b []byte) (int64, bool) {
		d, neg, ok := wordFrame(b)
		if !ok {
			return 0, false
		}
		return wordValueByDigits(d, neg)
	}
	check := func(b []byte) {
		t.Helper()
		got, gotOK := wordValue(b)
		want, wantOK := plain(b)
		if got != want || gotOK != wantOK {
			t.Fatalf("wordValue(%q) = %d, %v; the plain reading gives %d, %v", b, got, gotOK, want, wantOK)
		}
	}
	alphabet := []byte("0159-+ :/\"\xfa")
	var gen func(inner []byte, n int)
	gen = func(inner []byte, n int) {
		check(append(append([]byte{'"'}, inner...), '"'))
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			gen(append(inner, c), n-1)
		}
	}
	gen(nil, 6)
	rng := rand.New(rand.NewPCG(8, 18))
	for range 300_000 {
		b := make([]byte, 2+rng.IntN(23))
		b[0], b[len(b)-1] = '"', '"'
		for i := 1; i < len(b)-1; i++ {
			b[i] = byte('0' + rng.IntN(10))
			if rng.IntN(30) == 0 {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		if len(b) > 2 && rng.IntN(3) == 0 {
			b[1] = '-'
		}
		check(b)
	}
	for _, s := range []string{`"999999999999999999"`, `"-999999999999999999"`, `"1000000000000000000"`, `"12345678"`, `"-12345678"`, `"0"`, `"-0"`, `"00000000"`, `"99999999"`} {
		check([]byte(s))
	}
}
