package core

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
	"strings"
	"sync/atomic"

	"github.com/google/jsonschema-go/jsonschema"

	"jacobian.dev/core/bignum"
)

// MaxDigits bounds the length of any integer or rational component that the
// codec will parse. Decimal parsing is superlinear in math/big, so a
// million-digit string would cost a second before any operation could refuse
// it; operations declare tighter limits of their own.
const MaxDigits = 100_000

// Integer is an exact integer that travels as a JSON decimal string matching
// ^-?(0|[1-9][0-9]*)$. A JSON number is refused: numbers above 2^53 are
// silently rounded by most JSON libraries, so Jacobian never accepts them
// where exactness matters. "-0" is accepted and read as 0; output is always
// canonical.
//
// The zero value is the integer 0. The *big.Int returned by Big must be
// treated as read-only.
type Integer struct{ v *big.Int }

// Int wraps x without copying it; the caller must not modify x afterwards.
func Int(x *big.Int) Integer { return Integer{x} }

// Int64 returns the Integer n, in one allocation.
func Int64(n int64) Integer { return Integer{newWordInt(n)} }

// Big returns the value as a read-only *big.Int (never nil).
func (i Integer) Big() *big.Int {
	if i.v == nil {
		return new(big.Int)
	}
	if len(i.v.Bits()) == 0 {
		return i.zeroOrText() // a decimal kept as text (lazydecimal.go)
	}
	return i.v
}

func (i Integer) String() string { return i.Big().String() }

// MarshalText gives the canonical decimal digits, which encoding/json
// writes as a JSON string (cheaper than a MarshalJSON, whose output the
// encoder would re-scan), long values by bignum.AppendDecimal.
func (i Integer) MarshalText() ([]byte, error) { return bignum.AppendDecimal(nil, i.Big()), nil }

// UnmarshalJSON accepts only a JSON string holding a canonical decimal integer.
func (i *Integer) UnmarshalJSON(b []byte) error {
	if x, ok := wordDecimal(b); ok {
		i.v = x
		return nil
	}
	if x, ok := quotedDecimal(b); ok {
		i.v = x
		return nil
	}
	s, err := unquote(b, "an integer")
	if err != nil {
		return err
	}
	x, err := ParseInteger(s)
	if err != nil {
		return err
	}
	i.v = x
	return nil
}

// JSONSchema is the one schema for integers, shared by every operation.
func (Integer) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "string",
		Pattern:     integerPattern,
		MaxLength:   Ptr(MaxDigits + 1), // the sign
		Description: "exact integer as a decimal string, e.g. \"-42\"",
	}
}

const (
	integerPattern  = `^-?(0|[1-9][0-9]*)$`
	rationalPattern = `^-?(0|[1-9][0-9]*)(/[1-9][0-9]*)?$`
)

// ParseInteger parses a canonical decimal integer string: an optional '-',
// then digits without leading zeros. It refuses '+', whitespace, non-ASCII
// digits and strings longer than MaxDigits.
func ParseInteger(s string) (*big.Int, error) {
	digits := strings.TrimPrefix(s, "-")
	if len(digits) > MaxDigits {
		return nil, &tooLargeError{fmt.Sprintf("integer has %d digits; the codec accepts at most %d", len(digits), MaxDigits)}
	}
	if err := checkDigits(digits); err != nil {
		return nil, &PayloadError{Message: fmt.Sprintf("%q is not an integer: %s; send a decimal string such as \"-42\"", clip(s), err)}
	}
	// Divide and conquer on the transform product above 10^4 digits
	// (bignum.ParseDecimal): 4.8 ms against 15.7 ms for big.Int.SetString
	// at 10^5 digits.
	x, ok := bignum.ParseDecimal(new(big.Int), digits)
	if !ok {
		return nil, &PayloadError{Message: fmt.Sprintf("%q is not an integer", clip(s))}
	}
	if digits != s {
		x.Neg(x)
	}
	return x, nil
}

// wordDecimal decodes a JSON string of at most 18 digits (below 10^18 <
// 2^63), with an optional minus sign and no leading zero, the commonest
// integer in a request, without the string and the general parser
// UnmarshalJSON goes through; anything else is not ok, and left to them.
func wordDecimal(b []byte) (*big.Int, bool) {
	n, ok := wordValue(b)
	if !ok {
		return nil, false
	}
	return newWordInt(n), true
}

// wordValue is the value of the JSON string that wordDecimal decodes: its
// last eight digits at once (eightDigits) where the string has eight
// bytes to read there, any before them one at a time. wordValueByDigits,
// one digit at a time throughout, is its reference (TestWordValue).
func wordValue(b []byte) (int64, bool) {
	d, neg, ok := wordFrame(b)
	if !ok {
		return 0, false
	}
	if len(b) < 9 {
		return wordValueByDigits(d, neg)
	}
	var n uint64
	for _, c := range d[:max(len(d)-8, 0)] {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	// The eight bytes that end with the last digit, the first byte the
	// lowest; the bytes before the digits (a sign, the quote) read as '0'.
	v := binary.LittleEndian.Uint64(b[len(b)-9:])
	below := uint64(1)<<(8*(8-min(len(d), 8))) - 1
	low, ok := eightDigits(v&^below | 0x3030303030303030&below)
	if !ok {
		return 0, false
	}
	n = n*100_000_000 + uint64(low)
	if neg {
		return -int64(n), true
	}
	return int64(n), true
}

// wordFrame is the digits of a JSON string that may hold a word decimal,
// quoted, an optional minus, 1 to 18 bytes without a leading zero (not yet
// checked to be digits), and whether the minus was there.
func wordFrame(b []byte) (d []byte, neg, ok bool) {
	if len(b) < 3 || b[0] != '"' || b[len(b)-1] != '"' {
		return nil, false, false
	}
	d = b[1 : len(b)-1]
	neg = d[0] == '-'
	if neg {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > 18 || (d[0] == '0' && len(d) > 1) {
		return nil, false, false
	}
	return d, neg, true
}

// eightDigits is the value of the eight ASCII digits in v, the first in
// its lowest byte, or false if a byte is not a digit. The check: a digit's
// high nibble is 3, and adding 6 leaves it 3 (no byte of v carries into
// the next unless it is 0xFA or more, which fails the first test). The
// value: the digits less '0', then pairs, quadruples and the octuple
// combined in lanes of 16, 32 and 64 bits, the higher part of a lane
// shifted onto the lower (each lane's sum, at most 99, 9,999 and
// 99,999,999, fits it, so no lane carries into the next).
func eightDigits(v uint64) (uint32, bool) {
	const ones = 0x0101010101010101
	if v&(0xf0*ones)|(v+6*ones)&(0xf0*ones)>>4 != 0x33*ones {
		return 0, false
	}
	v -= '0' * ones
	v = (v*10 + v>>8) & 0x00ff00ff00ff00ff
	v = (v*100 + v>>16) & 0x0000ffff0000ffff
	return uint32(v*10_000 + v>>32), true
}

// wordValueByDigits is the value of the digits d, with the sign neg, one
// digit at a time, for at most 18 digits.
func wordValueByDigits(d []byte, neg bool) (int64, bool) {
	var n int64
	for _, c := range d {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// quotedDecimal decodes a JSON string of a canonical decimal integer
// (isDecimalInteger) of at most MaxDigits digits, as ParseInteger does,
// without unquote's copy and ParseInteger's own checks; anything else is
// not ok, and left to them.
func quotedDecimal(b []byte) (*big.Int, bool) {
	if len(b) < 3 || b[0] != '"' || b[len(b)-1] != '"' {
		return nil, false
	}
	s := b[1 : len(b)-1]
	digits := len(s)
	if s[0] == '-' {
		digits--
	}
	if digits > MaxDigits || !isDecimalInteger(s) {
		return nil, false
	}
	return bignum.ParseDecimal(new(big.Int), string(s))
}

// newWordInt returns n as a big.Int allocated with its digits: SetInt64
// writes into the room SetBits gave it (two words hold an int64 on any
// platform).
func newWordInt(n int64) *big.Int {
	return new(wordInt).set(n)
}

// set makes w's big.Int n, with its digits in w's room: |n| as one word
// (two where a word is 32 bits) given to SetBits, which trims a zero top
// word, then the sign. big.Int.SetInt64 after SetBits(w.digits[:0]) is
// its reference (TestWordIntSet), at twice the instructions.
func (w *wordInt) set(n int64) *big.Int {
	u := uint64(n)
	if n < 0 {
		u = -u
	}
	d := w.digits[:1]
	d[0] = big.Word(u)
	if bits.UintSize == 32 {
		d = w.digits[:2]
		d[1] = big.Word(u >> 32)
	}
	w.x.SetBits(d)
	if n < 0 {
		w.x.Neg(&w.x)
	}
	return &w.x
}

// wordInt is a big.Int with room for its digits beside it.
type wordInt struct {
	x      big.Int
	digits [2]big.Word
}

// wordArena is room for a request's first word-sized integers inside an
// allocation its run makes anyway (runState), so that decoding them
// allocates nothing, and then for its result's (Int64For).
type wordArena struct {
	ints [2]wordInt
	// used counts the rooms taken, atomically: an operation may call
	// Int64For from several goroutines of its run at once.
	used atomic.Int32
}

// take returns n in the arena's next free room, or false when it is full
// (or nil). Each room is taken once however many goroutines ask.
func (a *wordArena) take(n int64) (*big.Int, bool) {
	if a == nil || int(a.used.Load()) >= len(a.ints) {
		return nil, false
	}
	i := int(a.used.Add(1)) - 1
	if i >= len(a.ints) {
		return nil, false
	}
	return a.ints[i].set(n), true
}

func checkDigits(d string) error {
	if d == "" {
		return fmt.Errorf("no digits")
	}
	if k := digitRun(d); k < len(d) {
		return fmt.Errorf("character %d is not an ASCII digit", k+1)
	}
	if len(d) > 1 && d[0] == '0' {
		return fmt.Errorf("leading zeros are not allowed")
	}
	return nil
}

// Rational is an exact rational number that travels as "p/q" or as an
// integer string. Input need not be reduced but q must be positive and
// nonzero; output is always reduced with q > 0, and "p" when q = 1.
//
// The zero value is 0. The *big.Rat returned by Rat must be treated as
// read-only.
type Rational struct{ v *big.Rat }

// Rat wraps x without copying it.
func Rat(x *big.Rat) Rational { return Rational{x} }

// RatInt returns the rational n/1.
func RatInt(n *big.Int) Rational { return Rational{new(big.Rat).SetInt(n)} }

// Rat returns the value as a read-only *big.Rat (never nil).
func (r Rational) Rat() *big.Rat {
	if r.v == nil {
		return new(big.Rat)
	}
	return r.v
}

// String renders the canonical form: "p" or "p/q" in lowest terms, q > 0.
func (r Rational) String() string { return r.Rat().RatString() }

// MarshalText gives the canonical form, written by encoding/json as a JSON
// string. The digits go straight into one buffer sized from the bit
// lengths, and the decimal of the last denominator written is kept
// (lastDenominator): the entries of an inverse or a solution over Q
// mostly share one denominator as long as their numerators, so a large
// result converts it once instead of once per entry.
func (r Rational) MarshalText() ([]byte, error) {
	return appendRational(make([]byte, 0, rationalDigits(r)), r), nil
}

// rationalDigits bounds the length of r's canonical text from above:
// log10(2) < 0.302, plus a sign, a slash and a digit of rounding each.
func rationalDigits(r Rational) int {
	x := r.Rat()
	if x.IsInt() {
		return x.Num().BitLen()*302/1000 + 2
	}
	return (x.Num().BitLen()+x.Denom().BitLen())*302/1000 + 4
}

// appendRational appends r's canonical text, "p" or "p/q", to b. A long
// denominator shared by consecutive entries (a matrix over one common
// denominator) is converted to decimal once.
func appendRational(b []byte, r Rational) []byte {
	x := r.Rat()
	num := x.Num()
	if x.IsInt() {
		return bignum.AppendDecimal(b, num)
	}
	den := x.Denom()
	b = bignum.AppendDecimal(b, num)
	b = append(b, '/')
	if c := lastDenominator.Load(); c != nil && c.value.Cmp(den) == 0 {
		return append(b, c.text...)
	}
	text := bignum.AppendDecimal(nil, den)
	if len(text) >= denominatorCacheDigits {
		lastDenominator.Store(&decimalText{value: new(big.Int).Set(den), text: text})
	}
	return append(b, text...)
}

// decimalText is an integer with its decimal digits.
type decimalText struct {
	value *big.Int
	text  []byte
}

// lastDenominator is the last denominator of at least
// denominatorCacheDigits digits that MarshalText converted, shared by
// all goroutines: entries are immutable once stored, so a reader either
// matches the whole value or converts afresh.
var lastDenominator atomic.Pointer[decimalText]

// denominatorCacheDigits is the length from which a denominator's
// decimal is worth keeping: shorter ones convert faster than the copy
// of a big.Int costs.
const denominatorCacheDigits = 40

// UnmarshalJSON accepts only a JSON string "p", or "p/q" with q > 0.
func (r *Rational) UnmarshalJSON(b []byte) error {
	s, err := unquote(b, "a rational")
	if err != nil {
		return err
	}
	x, err := ParseRational(s)
	if err != nil {
		return err
	}
	r.v = x
	return nil
}

// JSONSchema is the one schema for rationals.
func (Rational) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "string",
		Pattern:     rationalPattern,
		MaxLength:   Ptr(2*MaxDigits + 2), // the sign and the slash
		Description: "exact rational as \"p/q\" (q > 0) or an integer string, e.g. \"-3/4\"",
	}
}

// ParseRational parses "p" or "p/q" with canonical decimal components and
// q > 0.
func ParseRational(s string) (*big.Rat, error) {
	// Short integers, nearly every entry of a typical matrix, skip the
	// big.Int scanner and the copy into the rational: half the decoding
	// of a 200×200 matrix of two-digit entries.
	if v, ok := shortInteger(s); ok {
		return new(big.Rat).SetInt64(v), nil
	}
	return parseRational(s)
}

// parseRational is ParseRational without the short-integer path.
func parseRational(s string) (*big.Rat, error) {
	num, den, hasDen := strings.Cut(s, "/")
	p, err := ParseInteger(num)
	if err != nil {
		return nil, err
	}
	x := new(big.Rat).SetInt(p)
	if !hasDen {
		return x, nil
	}
	q, err := ParseInteger(den)
	if err != nil {
		return nil, err
	}
	if q.Sign() <= 0 {
		return nil, &PayloadError{Message: fmt.Sprintf("%q has a denominator that is not positive", clip(s))}
	}
	return x.SetFrac(p, q), nil
}

// shortInteger returns the value of s when it is a canonical decimal
// integer of at most 18 digits (so it fits an int64), the form that
// ParseInteger accepts; anything else, "-0" included, is left to it.
func shortInteger(s string) (int64, bool) {
	digits := strings.TrimPrefix(s, "-")
	if len(digits) == 0 || len(digits) > 18 || (digits[0] == '0' && len(s) > 1) {
		return 0, false
	}
	var v int64
	for k := 0; k < len(digits); k++ {
		c := digits[k]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = 10*v + int64(c-'0')
	}
	if len(digits) != len(s) {
		v = -v
	}
	return v, true
}

// Matrix is a dense matrix of exact rationals, an array of rows, each an
// array of strings; every row has the same length. An empty array is the
// 0×0 matrix. Integer matrices use the same encoding with integer strings.
type Matrix [][]Rational

// UnmarshalJSON decodes rows and refuses ragged input. The common form,
// rows of strings of digits, '-' and '/' that all parse, is read by
// scanMatrix in one pass; anything else (escapes, other characters, a
// bad entry, null, numbers) goes through encoding/json, which also words
// every error.
func (m *Matrix) UnmarshalJSON(b []byte) error {
	rows, ok := scanMatrix(b)
	if !ok {
		rows = nil
		if err := json.Unmarshal(b, &rows); err != nil {
			return err
		}
	}
	return m.setRows(rows)
}

// setRows refuses ragged rows, else sets m.
func (m *Matrix) setRows(rows [][]Rational) error {
	for k := 1; k < len(rows); k++ {
		if len(rows[k]) != len(rows[0]) {
			return &PayloadError{Message: fmt.Sprintf("matrix rows differ in length: row 0 has %d entries, row %d has %d; every row must have the same length", len(rows[0]), k, len(rows[k]))}
		}
	}
	*m = rows
	return nil
}

// scanMatrix reads a JSON array of arrays of strings whose bytes are all
// digits, '-' or '/', each entry through ParseRational; ok is false, and
// the caller decodes b with encoding/json instead, at the first byte or
// entry outside that form, so both readers agree on every input that
// scanMatrix accepts (TestScanMatrixAgainstJSON).
func scanMatrix(b []byte) ([][]Rational, bool) {
	k := 0
	space := func() {
		for k < len(b) && (b[k] == ' ' || b[k] == '\t' || b[k] == '\n' || b[k] == '\r') {
			k++
		}
	}
	next := func(c byte) bool {
		space()
		if k < len(b) && b[k] == c {
			k++
			return true
		}
		return false
	}
	if !next('[') {
		return nil, false
	}
	rows := [][]Rational{}
	if next(']') {
		space()
		return rows, k == len(b)
	}
	for {
		if !next('[') {
			return nil, false
		}
		width := 0
		if len(rows) > 0 {
			width = len(rows[0])
		}
		row := make([]Rational, 0, width)
		if !next(']') {
			for {
				if !next('"') {
					return nil, false
				}
				start := k
				for k < len(b) && (b[k] >= '0' && b[k] <= '9' || b[k] == '-' || b[k] == '/') {
					k++
				}
				if k == len(b) || b[k] != '"' {
					return nil, false
				}
				x, err := ParseRational(string(b[start:k]))
				if err != nil {
					return nil, false
				}
				k++
				row = append(row, Rational{x})
				if next(']') {
					break
				}
				if !next(',') {
					return nil, false
				}
			}
		}
		rows = append(rows, row)
		if next(']') {
			space()
			return rows, k == len(b)
		}
		if !next(',') {
			return nil, false
		}
	}
}

// MarshalJSON writes the rows into one buffer sized in advance, each entry
// as the JSON string of its canonical text (digits, '-' and '/', which need
// no escaping), as encoding/json would write them by MarshalText but
// without a buffer and an escaping pass per entry. A nil matrix or row is
// null, as encoding/json writes a nil slice.
func (m Matrix) MarshalJSON() ([]byte, error) {
	if m == nil {
		return []byte("null"), nil
	}
	size := 2
	for _, row := range m {
		size += 3
		for _, r := range row {
			size += rationalDigits(r) + 3
		}
	}
	b := make([]byte, 0, size)
	b = append(b, '[')
	for i, row := range m {
		if i > 0 {
			b = append(b, ',')
		}
		if row == nil {
			b = append(b, "null"...)
			continue
		}
		b = append(b, '[')
		for j, r := range row {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, '"')
			b = appendRational(b, r)
			b = append(b, '"')
		}
		b = append(b, ']')
	}
	return append(b, ']'), nil
}

// Dims returns the number of rows and columns.
func (m Matrix) Dims() (rows, cols int) {
	if len(m) == 0 {
		return 0, 0
	}
	return len(m), len(m[0])
}

// JSONSchema is the one schema for matrices.
func (Matrix) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "array",
		Description: "matrix as an array of rows, each an array of exact rational strings; all rows the same length",
		Items: &jsonschema.Schema{
			Type:  "array",
			Items: Rational{}.JSONSchema(),
		},
	}
}

// unquote reads a JSON string token and explains what to send instead.
func unquote(b []byte, what string) (string, error) {
	if len(b) == 0 || b[0] != '"' {
		return "", &PayloadError{Message: fmt.Sprintf("expected %s as a JSON string of decimal digits, got %s; send exact values as strings, e.g. \"84\", because JSON numbers lose precision", what, clip(string(b)))}
	}
	// A string without escapes (every canonical number) is its bytes.
	if n := len(b); n >= 2 && b[n-1] == '"' && bytes.IndexByte(b[1:n-1], '\\') < 0 && bytes.IndexByte(b[1:n-1], '"') < 0 {
		return string(b[1 : n-1]), nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return "", &PayloadError{Message: err.Error()}
	}
	return s, nil
}

// clip shortens a string for use in a message.
func clip(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	return s[:max] + fmt.Sprintf("…(%d bytes)", len(s))
}
