package integer

import (
	"encoding/binary"
	"encoding/json"
	"math/big"
	"slices"
	"strconv"
	"sync"
	"unsafe"

	"jacobian.dev/core"
	"jacobian.dev/core/bignum"
)

// The results that list thousands of integers (the terms of a continued
// fraction, the period of √n) write their JSON into one buffer sized in
// advance, each integer as the JSON string of its decimal digits, which
// need no escaping. encoding/json by reflection calls core.Integer's
// MarshalText for each entry, a buffer and an escaping pass each; on
// continued_fraction's 200-digit bench-peers row that was a fifth of the
// time. The bytes are those encoding/json writes for the same value
// (TestResultJSONMatchesReflection).

// integerTextSize bounds the JSON text of x from above: log10(2) < 0.302,
// a sign, a digit of rounding and the quotes.
func integerTextSize(x core.Integer) int { return x.Big().BitLen()*302/1000 + 4 }

// appendInteger appends x as a JSON string.
func appendInteger(b []byte, x core.Integer) []byte {
	b = append(b, '"')
	b = bignum.AppendDecimal(b, x.Big())
	return append(b, '"')
}

// appendIntegerList appends xs as a JSON array of strings, null when nil
// (as encoding/json writes a nil slice).
func appendIntegerList(b []byte, xs []core.Integer) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	if len(xs) == 0 {
		return append(b, "[]"...)
	}
	b = append(b, '[')
	quoted := quotedSmallTerms()
	// Nearly every term of a continued fraction is one of the shared
	// smallTerms (putWordIntegers, mirroredPeriod), which is known by its
	// address alone: its offset in the table, a multiple of the size of
	// a big.Int below smallTermCount of them, is its value times that
	// size. The table is never modified (smallTerms), so its text and the
	// comma after it, one word, are stored whole without reading the
	// value: about 32 instructions a term where reading it took 45.
	base := uintptr(unsafe.Pointer(&smallTerms()[0]))
	const size = unsafe.Sizeof(big.Int{})
	for i, x := range xs {
		if off := uintptr(unsafe.Pointer(x.Big())) - base; off < smallTermCount*size && off%size == 0 {
			if cap(b)-len(b) < 8 {
				b = slices.Grow(b, 8*(len(xs)-i)+1)
			}
			t := quoted[off/size]
			binary.LittleEndian.PutUint64(b[len(b):len(b)+8], t.text)
			b = b[:len(b)+int(t.size)]
			continue
		}
		b = appendInteger(b, x)
		b = append(b, ',')
	}
	b[len(b)-1] = ']' // in place of the last comma
	return b
}

// quotedTerm is the JSON text of a small term followed by a comma, at most
// 6 bytes (`"255",`), little-endian in a word, and its length.
type quotedTerm struct {
	text uint64
	size uint8
}

// quotedSmallTerms holds the JSON texts of 0..smallTermCount − 1 with a
// comma, which appendIntegerList stores as one word each instead of
// converting: a term then costs a store, where the conversion
// (bignum.AppendDecimal, strconv) took about 24 ns of CPU time, half of
// the encoding of √n's period of 1,974 terms at n = 61957347 beside its
// Pell solution of 1,066 digits, and copying the text as a string about
// 10 ns.
var quotedSmallTerms = sync.OnceValue(func() *[smallTermCount]quotedTerm {
	var t [smallTermCount]quotedTerm
	for i := range t {
		var word [8]byte
		n := copy(word[:], `"`+strconv.Itoa(i)+`",`)
		t[i] = quotedTerm{binary.LittleEndian.Uint64(word[:]), uint8(n)}
	}
	return &t
})

func integerListSize(xs []core.Integer) int {
	n := 2
	for _, x := range xs {
		n += integerTextSize(x) + 1
	}
	return n
}

// continuedFractionFields is ContinuedFractionResult without its
// MarshalJSON, for encoding/json's own encoding.
type continuedFractionFields ContinuedFractionResult

// MarshalJSON writes the terms in one buffer (see the top of this file);
// with convergents, a short list (at most 200 digits), encoding/json
// writes the whole.
func (r ContinuedFractionResult) MarshalJSON() ([]byte, error) {
	if len(r.Convergents) > 0 {
		return json.Marshal(continuedFractionFields(r))
	}
	b := make([]byte, 0, len(`{"terms":}`)+integerListSize(r.Terms))
	b = append(b, `{"terms":`...)
	b = appendIntegerList(b, r.Terms)
	return append(b, '}'), nil
}

// sqrtContinuedFractionFields is SqrtContinuedFractionResult without its
// MarshalJSON.
type sqrtContinuedFractionFields SqrtContinuedFractionResult

// MarshalJSON writes the period in one buffer (see the top of this file).
func (r SqrtContinuedFractionResult) MarshalJSON() ([]byte, error) {
	// Every term of the period is at most 2a_0, a digit longer than a_0
	// at most: the size is estimated from a_0 instead of read term by
	// term (a fifth of the encoding of a period of 2,000 terms); a
	// result built otherwise only grows the buffer.
	periodSize := len(r.Period) * (integerTextSize(r.A0) + 2)
	if r.periodText > 0 {
		// The exact size, from the words the period was built from: the
		// bound above is about twice it for a period of small terms.
		periodSize = r.periodText
	}
	size := 64 + integerTextSize(r.A0) + 2 + periodSize
	if r.Pell != nil {
		size += integerTextSize(r.Pell.X) + integerTextSize(r.Pell.Y) + 32
	}
	b := make([]byte, 0, size)
	b = append(b, `{"a0":`...)
	b = appendInteger(b, r.A0)
	b = append(b, `,"period":`...)
	b = appendIntegerList(b, r.Period)
	b = append(b, `,"period_length":`...)
	b = strconv.AppendInt(b, int64(r.Length), 10)
	if p := r.Pell; p != nil {
		b = append(b, `,"pell":{"x":`...)
		b = appendInteger(b, p.X)
		b = append(b, `,"y":`...)
		b = appendInteger(b, p.Y)
		b = append(b, `,"norm":`...)
		b = strconv.AppendInt(b, int64(p.Norm), 10)
		b = append(b, '}')
	}
	return append(b, '}'), nil
}
