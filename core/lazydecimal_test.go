package core

import (
	"math/big"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unsafe"
)

// TestLazyIntegerAgrees checks Integers kept as text against the values
// math/big reads from the same digits, on seeded canonical decimals of
// 19 to 5,000 digits, either sign: Big gives the value (the same pointer
// on every call, from eight goroutines at once), Digits the text, and the
// encoder and MarshalText the text again.
func TestLazyIntegerAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 21))
	for i := range 200 {
		d := make([]byte, 19+rng.IntN(5000))
		for j := range d {
			d[j] = byte('0' + rng.IntN(10))
		}
		d[0] = byte('1' + rng.IntN(9))
		text := string(d)
		if i%2 == 1 {
			text = "-" + text
		}
		want, _ := new(big.Int).SetString(text, 10)
		x := lazyInteger(text)
		if digits, ok := x.Digits(); !ok || digits != text {
			t.Fatalf("Digits of a kept decimal = %q, %v", digits, ok)
		}
		var got [8]*big.Int
		var wg sync.WaitGroup
		for g := range got {
			wg.Go(func() { got[g] = x.Big() })
		}
		wg.Wait()
		for _, v := range got {
			if v != got[0] || v.Cmp(want) != 0 {
				t.Fatalf("Big of a kept decimal of %d digits is wrong or converted twice", len(text))
			}
		}
		if b := appendIntegerString(nil, x, nil); string(b) != `"`+text+`"` {
			t.Fatalf("the encoder wrote %.40s…", b)
		}
		if b, err := x.MarshalText(); err != nil || string(b) != text {
			t.Fatalf("MarshalText wrote %.40s…", b)
		}
	}
}

// TestDigitsOfOtherIntegers: no Integer but one kept as text answers
// Digits, and Big of each is its value, zeros included (a zero whose
// words have room, from arithmetic, is not taken for a mark).
func TestDigitsOfOtherIntegers(t *testing.T) {
	reused := big.NewInt(123456789)
	reused.Mul(reused, reused).Sub(reused, reused)
	for _, x := range []Integer{{}, Int(new(big.Int)), Int(reused), Int64(0), Int64(-7), Int(new(big.Int).Lsh(big.NewInt(1), 200))} {
		if digits, ok := x.Digits(); ok {
			t.Fatalf("Digits of %v = %q", x.Big(), digits)
		}
		if x.v != nil && x.Big() != x.v {
			t.Fatalf("Big of %v is not its value", x.v)
		}
	}
	if (Integer{}).Big().Sign() != 0 || reused.Sign() != 0 || cap(reused.Bits()) == 0 {
		t.Fatal("the zeros are not what the test needs")
	}
}

// TestQuickPassKeepsText decodes payloads of a request type with a field
// tagged core:"text" and one without by the quick pass: the tagged
// field's long integer is kept as text, a short one and the untagged
// field's are converted, every value as UnmarshalJSON reads it, and a
// kept integer makes no echo; one more digit than MaxDigits is refused,
// as UnmarshalJSON refuses it.
func TestQuickPassKeepsText(t *testing.T) {
	type textRequest struct {
		A Integer `json:"a" core:"text"`
		B Integer `json:"b"`
	}
	typ := reflect.TypeFor[textRequest]()
	flat := newFlatDecoder(typ)
	s, err := schemaOf(typ)
	if err != nil {
		t.Fatal(err)
	}
	q := newQuickPlan(flat, s)
	if q == nil || !flat.fields["a"].text || flat.fields["b"].text {
		t.Fatal("no quick plan, or the tag is not read")
	}
	long := "-" + strings.Repeat("9876543210", 30)
	for _, a := range []string{"12", "-1234567890123456789", long} {
		payload := []byte(`{"a":"` + a + `","b":"` + long[1:] + `"}`)
		var req textRequest
		shape, ok := q.parse(payload, unsafe.Pointer(&req), nil)
		if !ok {
			t.Fatalf("the quick pass refused %s", payload)
		}
		want, _ := new(big.Int).SetString(a, 10)
		digits, kept := req.A.Digits()
		if kept != (len(a) > 19) || kept && digits != a || req.A.Big().Cmp(want) != 0 {
			t.Fatalf("a = %s: kept %v as %q, value %v", a, kept, digits, req.A.Big())
		}
		if _, kept := req.B.Digits(); kept || req.B.Big().String() != long[1:] {
			t.Fatalf("b was kept as text, or is wrong")
		}
		if len(shape.echoes) != 1 || string(shape.echoes[0].text) != long[1:] {
			t.Fatalf("echoes %d, want b's alone", len(shape.echoes))
		}
	}
	// The schema allows a sign more than MaxDigits digits: the length
	// alone passes it.
	tooLong := []byte(`{"a":"` + strings.Repeat("9", MaxDigits+1) + `","b":"1"}`)
	var req textRequest
	if _, ok := q.parse(tooLong, unsafe.Pointer(&req), nil); ok {
		t.Fatal("the quick pass kept more than MaxDigits digits")
	}
}
