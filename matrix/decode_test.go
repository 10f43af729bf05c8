package matrix

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// requestCodec decodes one request type two ways: by its UnmarshalJSON
// (readRequest, falling back to encoding/json) and by the encoding/json
// path alone that it replaced.
type requestCodec struct {
	name      string
	fields    []string // its fields, the first ones matrices
	matrices  int
	fast, old func(data []byte) (any, error)
}

// codec is the requestCodec of the request type T, whose plain form P has
// the same fields without UnmarshalJSON; ragged names the fields
// locateRagged searches.
func codec[T, P any](name string, matrices int, fields []string, ragged ...string) requestCodec {
	return requestCodec{
		name: name, fields: fields, matrices: matrices,
		fast: func(data []byte) (any, error) {
			// Called directly: json.Unmarshal would refuse malformed and
			// trailing bytes before UnmarshalJSON ran.
			var q T
			err := any(&q).(json.Unmarshaler).UnmarshalJSON(data)
			return q, err
		},
		old: func(data []byte) (any, error) {
			var p P
			err := locateRagged(data, decodeStrict(data, &p), ragged...)
			return p, err
		},
	}
}

func requestCodecs() []requestCodec {
	// Each plain type is named as in its UnmarshalJSON, since
	// encoding/json names the type in its messages.
	return []requestCodec{
		func() requestCodec {
			type plain DeterminantRequest
			return codec[DeterminantRequest, plain]("determinant", 1, []string{"matrix", "ring"}, "matrix")
		}(),
		func() requestCodec {
			type plain MatrixRequest
			return codec[MatrixRequest, plain]("matrix", 1, []string{"matrix"}, "matrix")
		}(),
		func() requestCodec {
			type plain RingMatrixRequest
			return codec[RingMatrixRequest, plain]("ring matrix", 1, []string{"matrix", "ring"}, "matrix")
		}(),
		func() requestCodec {
			type plain SolveRequest
			return codec[SolveRequest, plain]("solve", 1, []string{"matrix", "rhs", "ring"}, "matrix", "rhs")
		}(),
		func() requestCodec {
			type plain MultiplyRequest
			return codec[MultiplyRequest, plain]("multiply", 2, []string{"left", "right", "ring"}, "left", "right")
		}(),
		func() requestCodec {
			type plain InverseCheckRequest
			return codec[InverseCheckRequest, plain]("inverse check", 2, []string{"matrix", "candidate"}, "matrix", "candidate")
		}(),
		func() requestCodec {
			type plain KroneckerRequest
			return codec[KroneckerRequest, plain]("kronecker", 2, []string{"left", "right"}, "left", "right")
		}(),
		func() requestCodec {
			type plain PowerRequest
			return codec[PowerRequest, plain]("power", 1, []string{"matrix", "exponent"}, "matrix")
		}(),
	}
}

// sameDecoding fails unless both paths of c agree on data: the same error
// (type, code, path and message) or the same value, compared by its
// canonical JSON, which tells a nil matrix or row from an empty one.
func sameDecoding(t *testing.T, c requestCodec, data []byte) {
	t.Helper()
	got, err := c.fast(data)
	want, werr := c.old(data)
	if (err == nil) != (werr == nil) {
		t.Fatalf("%s %q: error %v, encoding/json %v", c.name, data, err, werr)
	}
	if err != nil {
		if err.Error() != werr.Error() || fmt.Sprintf("%T", err) != fmt.Sprintf("%T", werr) {
			t.Fatalf("%s %q: error %T %v, encoding/json %T %v", c.name, data, err, err, werr, werr)
		}
		var pe, wpe *core.PayloadError
		if errors.As(err, &pe) != errors.As(werr, &wpe) || (pe != nil && pe.Path != wpe.Path) {
			t.Fatalf("%s %q: error %#v, encoding/json %#v", c.name, data, err, werr)
		}
		return
	}
	g, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	w, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	if string(g) != string(w) {
		t.Fatalf("%s %q:\ngot  %s\nwant %s", c.name, data, g, w)
	}
}

// TestReadRequestAgainstJSON checks the one-pass request reader against
// encoding/json on hand-picked inputs, malformed ones above all, on
// seeded random requests, and on random corruptions of them.
func TestReadRequestAgainstJSON(t *testing.T) {
	codecs := requestCodecs()
	inputs := []string{
		`{}`, ` { } `, `null`, `[]`, `""`, ``, `{`, `}`, `{"matrix":[["1"]]}x`, `{"matrix":[["1"]]}}`, `{"matrix":[["1"]],}`,
		`{"matrix":[]}`, `{"matrix":[[]]}`, `{"matrix":[[],[]]}`, `{"matrix":[[],["1"]]}`, `{"matrix":null}`, `{"matrix":"1"}`,
		`{"matrix":[["1","2"],["3"]]}`, `{"matrix":[["1"],["2"],["3","4"]]}`, `{"matrix":[[1,2],[3,4]]}`, `{"matrix":[["1",null]]}`,
		`{"matrix":[["\u0031"]]}`, `{"matrix":[["01"]]}`, `{"matrix":[["-0"]]}`, `{"matrix":[["-"]]}`, `{"matrix":[["1/0"]]}`,
		`{"matrix":[["1/-2"]]}`, `{"matrix":[[""]]}`, `{"matrix":[["1 "]]}`, `{"matrix":[["1"] ["2"]]}`, `{"matrix":[["1"],]}`,
		`{"matrix":[["1",]]}`, `{"matrix":[[["1"]]]}`, `{"matrix":[["2/4","-6/8"],["999999999999999999","1000000000000000000"]]}`,
		`{"matrix":[["-999999999999999999","-1000000000000000000000000"]]}`, `{"matrix":[["1"]],"matrix":[["2"]]}`,
		`{"Matrix":[["1"]]}`, `{"MATRIX":[["1"]]}`, `{"matr\u0069x":[["1"]]}`, `{"matrix":[["1"]],"bogus":1}`, `{"bogus":[["1"]]}`,
		`{"matrix":[["1"]],"ring":{"modulus":"7"}}`, `{"matrix":[["1"]],"ring":null}`, `{"matrix":[["1"]],"ring":{"modulus":7}}`,
		`{"matrix":[["1"]],"ring":{"modulus":"7"}`, `{"matrix":[["1"]],"ring":{"modulus":"7"}]}`, `{"matrix":[["1"]],"ring":"7"}`,
		`{"matrix":[["1"]],"ring":{"modulus":"7\""}}`, `{"matrix":[["1"]],"ring":{"modulus":"7\\"}}`, `{"ring":{"modulus":"7"},"matrix":[["1"]]}`,
		`{"matrix":[["1"],["2"]],"rhs":["1","2"]}`, `{"matrix":[["1"],["2"]],"rhs":[["1"],["2","3"]]}`, `{"matrix":[["1"]],"rhs":[[],["1"]]}`,
		`{"matrix":[["1"]],"rhs":[]}`, `{"matrix":[["1"]],"rhs":[[]]}`, `{"matrix":[["1"]],"rhs":null}`, `{"matrix":[["1"]],"rhs":true}`,
		`{"left":[["1"]],"right":[["1","2"],["3"]]}`, `{"left":[[]],"right":[]}`, `{"left":[],"right":[[]]}`,
		`{"matrix":[["1"]],"candidate":[[],["1"]]}`, `{"matrix":[["1"]],"candidate":[]}`,
		`{"matrix":[["1"]],"exponent":3}`, `{"matrix":[["1"]],"exponent":-3}`, `{"matrix":[["1"]],"exponent":1.5}`,
		`{"matrix":[["1"]],"exponent":"3"}`, `{"matrix":[["1"]],"exponent":1e3}`, `{"matrix":[["1"]],"exponent":99999999999999999999}`,
		`{"matrix":[["1"]],"exponent":3 }`, `{"matrix":[["1"]],"exponent":tru}`, `{"matrix":[["1"]],"exponent":}`,
		"{\n\t\"matrix\" : [ [ \"1\" , \"2\" ] ,\r\n[\"3\",\"4\"] ] , \"ring\" : { \"modulus\" : \"5\" } \n}",
		"{\"matrix\":[[\"1\x01\"]]}", "{\"matrix\":[[\"\xff\"]]}", "{\"ma\x00trix\":[[\"1\"]]}",
		`{"matrix":[["` + strings.Repeat("9", core.MaxDigits+1) + `"]]}`,
		`{"matrix":[["1024","-1024","1025","-1025"],["1023","-1023","0","-1"]]}`,
	}
	for _, c := range codecs {
		for _, in := range inputs {
			sameDecoding(t, c, []byte(in))
		}
	}
	rng := rand.New(rand.NewPCG(13, 150))
	corrupt := []byte(" \"\\,:[]{}0-/x9n")
	for range 400 {
		for _, c := range codecs {
			data := randomRequest(rng, c)
			sameDecoding(t, c, data)
			for range 4 {
				bad := []byte(string(data))
				for range 1 + rng.IntN(3) {
					bad = mutateByte(rng, bad, corrupt)
					if len(bad) == 0 {
						break
					}
				}
				sameDecoding(t, c, bad)
			}
		}
	}
}

// TestReadRequestTakesWellFormedPayloads checks that the one-pass reader,
// not its encoding/json fallback, decodes well-formed requests, so that
// TestReadRequestAgainstJSON compares the two readers and not one with
// itself.
func TestReadRequestTakesWellFormedPayloads(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 150))
	var m core.Matrix
	var ring *Ring
	for range 200 {
		c := requestCodecs()[0]
		data := randomRequest(rng, c)
		if !readRequest(data, []requestField{matrixField("matrix", &m), valueField("ring", &ring)}) {
			t.Fatalf("readRequest declined %s", data)
		}
	}
}

// randomRequest is a seeded random, well-formed payload of c's fields:
// matrices of short and long integers, zeros and unreduced fractions,
// with random white space, and the other fields when c has them.
func randomRequest(rng *rand.Rand, c requestCodec) []byte {
	space := func() string { return []string{"", "", "", " ", "\n", "\t ", "\r\n"}[rng.IntN(7)] }
	entry := func() string {
		switch rng.IntN(8) {
		case 0:
			return "0"
		case 1:
			return fmt.Sprint(rng.Int64() >> rng.IntN(64))
		case 2:
			return fmt.Sprintf("-%d", rng.Uint64())
		case 3:
			return fmt.Sprintf("%d%018d", 1+rng.IntN(99), rng.Int64N(1e18))
		case 4:
			return fmt.Sprintf("%d/%d", rng.Int64N(2001)-1000, 1+rng.IntN(30))
		default:
			return fmt.Sprint(rng.IntN(199) - 99)
		}
	}
	rows, cols := rng.IntN(5), rng.IntN(5)
	matrix := func() string {
		var b strings.Builder
		b.WriteString("[" + space())
		for i := range rows {
			if i > 0 {
				b.WriteString("," + space())
			}
			b.WriteString("[" + space())
			for j := range cols {
				if j > 0 {
					b.WriteString(space() + "," + space())
				}
				b.WriteString(`"` + entry() + `"`)
			}
			b.WriteString(space() + "]")
		}
		b.WriteString(space() + "]")
		return b.String()
	}
	var parts []string
	for k, f := range c.fields {
		var v string
		switch {
		case k < c.matrices:
			v = matrix()
		case f == "ring":
			if rng.IntN(2) == 0 {
				continue
			}
			v = `{"modulus":"` + []string{"7", "11", "1000003"}[rng.IntN(3)] + `"}`
		case f == "rhs":
			v = matrix()
		case f == "exponent":
			v = fmt.Sprint(rng.IntN(21) - 10)
		}
		parts = append(parts, space()+`"`+f+`"`+space()+":"+space()+v+space())
	}
	rng.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
	return []byte(space() + "{" + strings.Join(parts, ",") + "}" + space())
}

// TestWordFormAgreesWithRationals decodes seeded random determinant
// requests, whose entries the decoder keeps as words when all are short
// integers, and checks that every stage reading the words agrees with
// the same stage reading the rationals alone: preflight, the result, the
// postcondition's random stream, its images and the cost estimate.
func TestWordFormAgreesWithRationals(t *testing.T) {
	op := determinantOperation()
	rng := rand.New(rand.NewPCG(15, 150))
	sameError := func(what string, a, b error) {
		t.Helper()
		if (a == nil) != (b == nil) || (a != nil && a.Error() != b.Error()) {
			t.Fatalf("%s: with words %v, without %v", what, a, b)
		}
	}
	for trial := range 120 {
		n := []int{0, 1, 2, 5, 11, 12, 20, 40}[trial%8]
		cols := n
		if trial%17 == 3 {
			cols = n + 1
		}
		short := true
		entry := func() string {
			switch rng.IntN(40) {
			case 0:
				if trial%5 == 0 {
					short = false
					return fmt.Sprintf("%d%019d", 1+rng.IntN(9), rng.Int64N(1e18))
				}
			case 1:
				if trial%7 == 0 {
					short = false
					return fmt.Sprintf("%d/%d", rng.IntN(99), 2+rng.IntN(9))
				}
			case 2:
				return fmt.Sprint(-rng.Int64N(1e18))
			case 3:
				return "0"
			}
			return fmt.Sprint(rng.IntN(199) - 99)
		}
		rows := make([][]string, n)
		for i := range rows {
			rows[i] = make([]string, cols)
			for j := range rows[i] {
				rows[i][j] = entry()
			}
		}
		payload, err := json.Marshal(map[string][][]string{"matrix": rows})
		if err != nil {
			t.Fatal(err)
		}
		var q DeterminantRequest
		if err := json.Unmarshal(payload, &q); err != nil {
			t.Fatal(err)
		}
		if (q.words != nil) != short {
			t.Fatalf("%s: words kept %v, every entry a short integer %v", payload, q.words != nil, short)
		}
		plain := DeterminantRequest{Matrix: q.Matrix}
		if q.words == nil {
			continue
		}
		if got, want := wordMatrixRNG(q.words).Uint64(), matrixRNG(q.Matrix).Uint64(); got != want {
			t.Fatalf("%s: the word stream draws %d, the rational one %d", payload, got, want)
		}
		if got, want := estimateDeterminantBits(wordRowBits(q.words)), estimateDeterminant(q.Matrix); got != want {
			t.Fatalf("%s: estimate %v from words, %v from rationals", payload, got, want)
		}
		p := modular.Prime62(7)
		if img, ok := image(q.Matrix, p); !ok || fmt.Sprint(imageWords(q.words, modular.NewModulus(p))) != fmt.Sprint(img) {
			t.Fatalf("%s: the images modulo %d differ", payload, p)
		}
		err = op.Preflight(bg, q)
		sameError("preflight", err, op.Preflight(bg, plain))
		if err != nil {
			continue
		}
		got, err := op.Run(bg, q)
		want, werr := op.Run(bg, plain)
		sameError("run", err, werr)
		if got.Determinant.String() != want.Determinant.String() {
			t.Fatalf("%s: determinant %s from words, %s from rationals", payload, got.Determinant, want.Determinant)
		}
		if err := op.Postcondition(bg, q, got); err != nil {
			t.Fatalf("%s: postcondition: %v", payload, err)
		}
		wrong := DeterminantResult{core.Rat(new(big.Rat).Add(got.Determinant.Rat(), big.NewRat(1, 1)))}
		sameError("postcondition of a wrong determinant", op.Postcondition(bg, q, wrong), op.Postcondition(bg, plain, wrong))
		if op.Postcondition(bg, q, wrong) == nil {
			t.Fatalf("%s: the postcondition accepts %s", payload, wrong.Determinant)
		}
	}
}

// TestPreflightWordsBounds checks the argument of preflightWords: a
// matrix of 18-digit integers passes the entry limit, and at the largest
// order its scaled size stays below MaxScaledBits.
func TestPreflightWordsBounds(t *testing.T) {
	if MaxEntryDigits < 18 {
		t.Fatalf("MaxEntryDigits %d is below 18", MaxEntryDigits)
	}
	n := int64(MaxDeterminantDimension)
	if bits := n * n * (1 + 60); bits > MaxScaledBits {
		t.Fatalf("an order-%d matrix of 60-bit entries scales to %d bits, above MaxScaledBits %d", n, bits, int64(MaxScaledBits))
	}
	row := []core.Rational{core.RatInt(big.NewInt(-999_999_999_999_999_999))}
	if got := scaledBits([][]core.Rational{row}, false); got != 1+60 {
		t.Fatalf("scaledBits of an 18-digit entry is %d, not 61", got)
	}
}

// TestReadIntegerMatrixAgainstJSON: on fixed inputs and seeded mutations
// of random integer matrices, whatever readIntegerMatrix accepts,
// encoding/json decodes into the same integers (what it declines goes to
// encoding/json anyway), and it accepts the well-formed matrices.
func TestReadIntegerMatrixAgainstJSON(t *testing.T) {
	same := func(b []byte) bool {
		fast, ok := readIntegerMatrix(b)
		if !ok {
			return false
		}
		var slow [][]core.Integer
		if err := json.Unmarshal(b, &slow); err != nil {
			t.Fatalf("%q: read as %v, but encoding/json refuses it: %v", b, fast, err)
		}
		if len(fast) != len(slow) {
			t.Fatalf("%q: %d rows, encoding/json %d", b, len(fast), len(slow))
		}
		for i := range fast {
			if len(fast[i]) != len(slow[i]) {
				t.Fatalf("%q: row %d has %d entries, encoding/json %d", b, i, len(fast[i]), len(slow[i]))
			}
			for j := range fast[i] {
				if fast[i][j].Big().Cmp(slow[i][j].Big()) != 0 {
					t.Fatalf("%q: entry %d,%d is %s, encoding/json %s", b, i, j, fast[i][j], slow[i][j])
				}
			}
		}
		return true
	}
	for _, in := range []string{
		`[]`, ` [ ] `, `[[]]`, `[[],[]]`, `[["0","-1","1"],["-0","9223372036854775807","-9223372036854775808"]]`,
		`[["999999999999999999","1000000000000000000","-18446744073709551616"]]`, `null`, `[["1"],["2","3"]]`,
		`[["1"]]x`, `[[1]]`, `[["1/2"]]`, `[["01"]]`, `[["\u0031"]]`, `[["1"],]`, `[["1",]]`, `[["-"]]`, `[[""]]`,
		`[["` + strings.Repeat("7", core.MaxDigits+1) + `"]]`, "[\n[ \"1\" ,\t\"-2\" ]\r\n]",
	} {
		same([]byte(in))
	}
	rng := rand.New(rand.NewPCG(17, 150))
	corrupt := []byte(" \"\\,[]0-/x9n")
	accepted := 0
	for range 1000 {
		m := make([][]string, rng.IntN(4))
		cols := rng.IntN(4)
		for i := range m {
			m[i] = make([]string, cols)
			for j := range m[i] {
				digits := []byte{byte('1' + rng.IntN(9))}
				for range rng.IntN(42) {
					digits = append(digits, byte('0'+rng.IntN(10)))
				}
				m[i][j] = string(digits)
				if rng.IntN(8) == 0 {
					m[i][j] = "0"
				}
				if rng.IntN(2) == 0 {
					m[i][j] = "-" + m[i][j]
				}
			}
		}
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if same(data) {
			accepted++
		}
		for range 3 {
			bad := []byte(string(data))
			bad = mutateByte(rng, bad, corrupt)
			same(bad)
		}
	}
	if accepted < 950 {
		t.Fatalf("the reader took only %d of 1000 well-formed matrices", accepted)
	}
}

// mutateByte changes one random place of the non-empty b: it replaces,
// deletes or inserts a byte drawn from corrupt.
func mutateByte(rng *rand.Rand, b, corrupt []byte) []byte {
	k := rng.IntN(len(b))
	switch rng.IntN(3) {
	case 0:
		b[k] = corrupt[rng.IntN(len(corrupt))]
	case 1:
		b = append(b[:k], b[k+1:]...)
	default:
		b = append(b[:k], append([]byte{corrupt[rng.IntN(len(corrupt))]}, b[k:]...)...)
	}
	return b
}
