package core

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// TestDigitRunAgrees checks digitRun, eight bytes at a time, against a
// loop a byte at a time, on seeded strings of digits with a byte of
// every value planted at every position.
func TestDigitRunAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	reference := func(s []byte) int {
		for i, c := range s {
			if c < '0' || c > '9' {
				return i
			}
		}
		return len(s)
	}
	for n := range 40 {
		for c := range 256 {
			s := make([]byte, n)
			for i := range s {
				s[i] = byte('0' + rng.IntN(10))
			}
			if n > 0 {
				s[rng.IntN(n)] = byte(c)
			}
			if got, want := digitRun(s), reference(s); got != want {
				t.Fatalf("digitRun(%q) = %d, want %d", s, got, want)
			}
			if got, want := digitRun(string(s)), reference(s); got != want {
				t.Fatalf("digitRun(string %q) = %d, want %d", s, got, want)
			}
		}
	}
}

// TestQuickDecimalAgrees checks quickDecimal against the integer and
// rational patterns as regular expressions, on seeded strings of digits,
// signs, slashes and quotes, long enough for its eight-byte reads.
func TestQuickDecimalAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 71))
	alphabet := []byte(`0123456789-/"x`)
	for _, pattern := range []string{integerPattern, rationalPattern} {
		re := regexp.MustCompile(pattern)
		s := &jsonschema.Schema{Type: "string", Pattern: pattern}
		accepted := 0
		for range 20000 {
			n := rng.IntN(30)
			body := make([]byte, n)
			for i := range body {
				if rng.IntN(6) == 0 {
					body[i] = alphabet[rng.IntN(len(alphabet))]
				} else {
					body[i] = byte('0' + rng.IntN(10))
				}
			}
			if n > 0 && rng.IntN(3) == 0 {
				body[0] = '-'
			}
			doc := append(append([]byte(`"`), body...), `",`...)
			end, ok := quickDecimal(doc, 0, s)
			// The string ends at its first quote.
			str := body[:bytes.IndexByte(append(body, '"'), '"')]
			want := re.Match(str)
			if ok != want || ok && end != len(str)+2 {
				t.Fatalf("%s: quickDecimal(%s) = %d, %v; the pattern says %v", pattern, doc, end, ok, want)
			}
			if ok {
				accepted++
			}
		}
		if accepted < 2000 {
			t.Fatalf("%s: only %d of 20000 strings accepted; the comparison is too thin", pattern, accepted)
		}
	}
}

// TestQuotedDecimalAgrees checks Integer.UnmarshalJSON's one-pass path
// (quotedDecimal) against unquote and ParseInteger on seeded JSON strings
// of digits with a sign, a leading zero or a stray byte planted now and
// then: what it decodes, ParseInteger decodes to the same value, and it
// declines nothing canonical.
func TestQuotedDecimalAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 26))
	alphabet := []byte(`0123456789-+ ."\x`)
	decoded := 0
	for range 20000 {
		body := make([]byte, rng.IntN(60))
		for i := range body {
			body[i] = byte('0' + rng.IntN(10))
		}
		if len(body) > 0 && rng.IntN(4) == 0 {
			body[rng.IntN(len(body))] = alphabet[rng.IntN(len(alphabet))]
		}
		if len(body) > 0 && rng.IntN(3) == 0 {
			body[0] = '-'
		}
		b := []byte(`"` + string(body) + `"`)
		got, ok := quotedDecimal(b)
		s, err := unquote(b, "an integer")
		var want *big.Int
		if err == nil {
			want, err = ParseInteger(s)
		}
		canonical := regexp.MustCompile(integerPattern).Match(body)
		switch {
		case ok && (err != nil || got.Cmp(want) != 0):
			t.Fatalf("quotedDecimal(%s) = %v; ParseInteger gives %v, %v", b, got, want, err)
		case !ok && canonical:
			t.Fatalf("quotedDecimal(%s) declines a canonical integer", b)
		case ok:
			decoded++
		}
	}
	if decoded < 5000 {
		t.Fatalf("only %d of 20000 strings decoded; the comparison is too thin", decoded)
	}
}

// TestQuickLongIntegerAgrees checks the quick pass's conversion of long
// integers against Integer.UnmarshalJSON, its reference, on seeded
// canonical integers of 19 to 5,000 digits, either sign, and refuses
// one digit more than MaxDigits, as ParseInteger does.
func TestQuickLongIntegerAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 19))
	for range 400 {
		n := 19 + rng.IntN(5000)
		d := make([]byte, n)
		for i := range d {
			d[i] = byte('0' + rng.IntN(10))
		}
		d[0] = byte('1' + rng.IntN(9))
		if rng.IntN(2) == 0 {
			d = append([]byte{'-'}, d...)
		}
		var want Integer
		if err := want.UnmarshalJSON([]byte(`"` + string(d) + `"`)); err != nil {
			t.Fatal(err)
		}
		got, ok := quickLongInteger(d)
		if !ok || got.Cmp(want.Big()) != 0 {
			t.Fatalf("quickLongInteger of %d bytes = %v, %v; want %v", len(d), got, ok, want.Big())
		}
	}
	long := bytes.Repeat([]byte("9"), MaxDigits+1)
	if _, ok := quickLongInteger(long); ok {
		t.Fatalf("quickLongInteger took %d digits", len(long))
	}
	if _, ok := quickLongInteger(long[1:]); !ok {
		t.Fatalf("quickLongInteger refused %d digits", MaxDigits)
	}
}
