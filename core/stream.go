package core

// Streaming validation of large results.
//
// The runtime validates every result against its declared schema before it
// publishes it. The general validator builds a tree of the whole document
// first, which for a 65,536-entry table (8 MB of JSON) costs two to three
// times the computation. Results are encoded from typed Go values whose
// schemas were inferred from the same types, so they use a small part of
// JSON Schema: types, properties, required, additionalProperties false,
// items, enums of strings, patterns, and size bounds. validateStream checks
// exactly those keywords in one pass over the bytes, with the fixed
// patterns of core's value types matched by hand; a schema that uses any
// other keyword is not streamable, and its results go to the general
// validator whatever their size.

import (
	"bytes"
	"errors"
	"fmt"
	"math/bits"
	"regexp"
	"slices"
	"strconv"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// streamable reports whether validateStream decides s exactly: s uses no
// keyword outside the subset it checks.
func streamable(s *jsonschema.Schema) bool {
	for _, l := range subschemas(s) {
		if isFalseSchema(l.s) || isEmptySchema(l.s) {
			continue
		}
		x := *l.s
		// Clear what validateStream checks (and annotations); anything
		// left over is a keyword it does not know.
		x.Schema, x.Description, x.Title, x.Default, x.Examples = "", "", "", nil, nil
		x.Type, x.Types, x.Properties, x.Required, x.Items = "", nil, nil, nil, nil
		x.Enum, x.Pattern, x.MaxItems, x.MinItems, x.MaxLength, x.MinLength = nil, "", nil, nil, nil, nil
		x.Minimum, x.Maximum, x.ExclusiveMinimum, x.ExclusiveMaximum = nil, nil, nil, nil
		if isFalseSchema(l.s.AdditionalProperties) {
			x.AdditionalProperties = nil
		}
		if !isEmptySchema(&x) {
			return false
		}
		for _, e := range l.s.Enum {
			if _, ok := e.(string); !ok {
				return false
			}
		}
		if l.s.Pattern != "" {
			if _, err := regexp.Compile(l.s.Pattern); err != nil {
				return false
			}
		}
	}
	return true
}

func isEmptySchema(s *jsonschema.Schema) bool {
	b, err := s.MarshalJSON()
	return err == nil && (string(b) == "true" || string(b) == "{}")
}

// streamValidator validates one document against one streamable schema.
type streamValidator struct {
	scanner
	patterns map[string]*regexp.Regexp
}

// validateStream checks doc against a streamable schema, returning an
// *Error naming the first violation's path under prefix.
func validateStream(doc []byte, schema *jsonschema.Schema, prefix string) error {
	v := &streamValidator{}
	v.b = doc
	v.next = len(doc) + 1 // no context to poll: results are bounded
	v.space()
	if err := v.check(schema, prefix); err != nil {
		return err
	}
	v.space()
	if v.i != len(v.b) {
		return v.syntax(prefix, "unexpected data after the top-level value")
	}
	return nil
}

func (v *streamValidator) fail(prefix, format string, args ...any) error {
	return &Error{Code: InvalidPayload, Path: v.pointer(prefix), Message: fmt.Sprintf(format, args...)}
}

func typeAllows(s *jsonschema.Schema, t string) bool {
	if s.Type == "" && len(s.Types) == 0 {
		return true
	}
	if s.Type == t || slices.Contains(s.Types, t) {
		return true
	}
	return t == "integer" && (s.Type == "number" || slices.Contains(s.Types, "number"))
}

func (v *streamValidator) check(s *jsonschema.Schema, prefix string) error {
	if v.i >= len(v.b) {
		return v.syntax(prefix, "unexpected end of JSON input")
	}
	if s == nil {
		s = anySchema
	}
	if isFalseSchema(s) {
		return v.fail(prefix, "a value where none is allowed")
	}
	switch c := v.b[v.i]; {
	case c == '{':
		if !typeAllows(s, "object") {
			return v.fail(prefix, "an object where the schema wants %s", wanted(s))
		}
		return v.object(s, prefix)
	case c == '[':
		if !typeAllows(s, "array") {
			return v.fail(prefix, "an array where the schema wants %s", wanted(s))
		}
		return v.array(s, prefix)
	case c == '"':
		if !typeAllows(s, "string") {
			return v.fail(prefix, "a string where the schema wants %s", wanted(s))
		}
		start := v.i
		if err := v.str(prefix); err != nil {
			return err
		}
		return v.stringValue(s, v.b[start:v.i], prefix)
	case c == '-' || (c >= '0' && c <= '9'):
		start := v.i
		if err := v.number(prefix); err != nil {
			return err
		}
		isInt := !bytes.ContainsAny(v.b[start:v.i], ".eE")
		if !typeAllows(s, "number") && !(isInt && typeAllows(s, "integer")) {
			return v.fail(prefix, "a number where the schema wants %s", wanted(s))
		}
		return v.numberBounds(s, v.b[start:v.i], prefix)
	default:
		for _, lit := range []struct{ text, kind string }{{"true", "boolean"}, {"false", "boolean"}, {"null", "null"}} {
			if bytes.HasPrefix(v.b[v.i:], []byte(lit.text)) {
				v.i += len(lit.text)
				if !typeAllows(s, lit.kind) {
					return v.fail(prefix, "%s where the schema wants %s", lit.text, wanted(s))
				}
				return nil
			}
		}
		return v.syntax(prefix, fmt.Sprintf("invalid character %q looking for the beginning of a value", c))
	}
}

// anySchema is the empty schema, which allows any value: the schema of an
// undeclared property of an open object. It is only read.
var anySchema = &jsonschema.Schema{}

// errUndecided is validateStream's answer for a document it cannot decide
// cheaply (a bounded number written with a fraction or an exponent, or
// beyond int64); the caller validates it with the general validator.
var errUndecided = errors.New("the streaming validator cannot decide this document")

// numberBounds checks minimum, maximum and their exclusive forms on a
// number literal that is a plain int64; any other bounded literal is
// undecided.
func (v *streamValidator) numberBounds(s *jsonschema.Schema, lit []byte, prefix string) error {
	if s.Minimum == nil && s.Maximum == nil && s.ExclusiveMinimum == nil && s.ExclusiveMaximum == nil {
		return nil
	}
	n, err := strconv.ParseInt(string(lit), 10, 64)
	// Bounds are float64s; int64s beyond 2^53 do not convert exactly.
	if err != nil || n > 1<<53 || n < -(1<<53) {
		return errUndecided
	}
	x := float64(n)
	switch {
	case s.Minimum != nil && x < *s.Minimum, s.ExclusiveMinimum != nil && x <= *s.ExclusiveMinimum,
		s.Maximum != nil && x > *s.Maximum, s.ExclusiveMaximum != nil && x >= *s.ExclusiveMaximum:
		return v.fail(prefix, "%d is outside the schema's bounds", n)
	}
	return nil
}

func wanted(s *jsonschema.Schema) string {
	if s.Type != "" {
		return s.Type
	}
	return fmt.Sprint(s.Types)
}

func (v *streamValidator) stringValue(s *jsonschema.Schema, raw []byte, prefix string) error {
	if s.Enum == nil && bytes.IndexByte(raw, '\\') < 0 {
		// The common case, an escape-free decimal, needs no copy. A
		// decimal is ASCII, so its length in characters is its length in
		// bytes; a string outside the bounds goes on to the checks below,
		// which word the refusal.
		inner := raw[1 : len(raw)-1]
		decimal := false
		switch s.Pattern {
		case integerPattern:
			decimal = isDecimalInteger(inner)
		case rationalPattern:
			num, den, found := bytes.Cut(inner, []byte("/"))
			decimal = isDecimalInteger(num) && (!found || isPositiveDecimal(den))
		}
		if s.MaxLength == nil && s.MinLength == nil {
			if s.Pattern == "" || decimal {
				return nil
			}
		} else if decimal && (s.MaxLength == nil || len(inner) <= *s.MaxLength) && (s.MinLength == nil || len(inner) >= *s.MinLength) {
			return nil
		}
	}
	text := unquoteKey(raw)
	if s.Enum != nil && !slices.Contains(s.Enum, any(text)) {
		return v.fail(prefix, "%s is not one of %v", raw, s.Enum)
	}
	if s.MaxLength != nil || s.MinLength != nil {
		n := len([]rune(text))
		if s.MaxLength != nil && n > *s.MaxLength || s.MinLength != nil && n < *s.MinLength {
			return v.fail(prefix, "a string of %d characters is outside the schema's bounds", n)
		}
	}
	if s.Pattern != "" && !v.matches(s.Pattern, text) {
		return v.fail(prefix, "%s does not match the pattern %s", clipBytes(raw, 60), s.Pattern)
	}
	return nil
}

// matches matches the value types' fixed patterns by hand and any other
// pattern with its compiled expression.
func (v *streamValidator) matches(pattern, text string) bool {
	if pattern == integerPattern || pattern == rationalPattern {
		return decimalMatcher(pattern).MatchString(text)
	}
	re, ok := v.patterns[pattern]
	if !ok {
		if v.patterns == nil {
			v.patterns = map[string]*regexp.Regexp{} // most documents match no other pattern
		}
		re = compiledPattern(pattern)
		v.patterns[pattern] = re
	}
	return re.MatchString(text)
}

var patternCache sync.Map // pattern → *regexp.Regexp; read-mostly, patterns are a fixed set

func compiledPattern(p string) *regexp.Regexp {
	if re, ok := patternCache.Load(p); ok {
		return re.(*regexp.Regexp)
	}
	re := regexp.MustCompile(p) // streamable checked that it compiles
	patternCache.Store(p, re)
	return re
}

// isDecimalInteger matches ^-?(0|[1-9][0-9]*)$.
func isDecimalInteger[T string | []byte](s T) bool {
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	return (len(s) == 1 && s[0] == '0') || isPositiveDecimal(s)
}

// isPositiveDecimal matches ^[1-9][0-9]*$.
func isPositiveDecimal[T string | []byte](s T) bool {
	if len(s) == 0 || s[0] < '1' || s[0] > '9' {
		return false
	}
	return digitRun(s[1:]) == len(s)-1
}

// signedDigits returns the end of the sign and digits from b[i], and
// whether they are a canonical integer, -?(0|[1-9][0-9]*) (what
// isDecimalInteger matches), read by digitRun.
// A run shorter than eight digits with eight bytes to read (a term of
// a period, a matrix entry) is read by one word, without digitRun's call.
func signedDigits(b []byte, i int) (end int, canonical bool) {
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i+8 <= len(b) {
		if m := nonDigits(load8(b, i)); m != 0 {
			end = i + firstMarked(m)
			return end, end > i && (b[i] != '0' || end == i+1)
		}
	}
	end = i + digitRun(b[i:])
	return end, end > i && (b[i] != '0' || end == i+1)
}

// digitRun is the length of the run of ASCII digits that s starts with,
// read sixteen bytes at a time while they are all digits, then eight
// (nonDigits), and the last few by one overlapping read of the final
// eight bytes. A 2,000-digit integer is read by the quick pass, the
// streaming validator and the decoder; a short one, a term of a period
// or a matrix entry, costs one read of eight bytes whenever eight bytes
// of s are left. digitRunByByte is the reference (TestDigitRunAgrees).
func digitRun[T string | []byte](s T) int {
	n, t := len(s), s // t: what is left to read
	// Thirty-two bytes are all digits when the high nibbles of
	// c & (c + 6) (nonDigits) over them all have 3 as their AND and as
	// their OR; the first block that is not is read again below.
	for len(t) >= 32 {
		const nibbles, threes, sixes = 0xf0f0f0f0f0f0f0f0, 0x3030303030303030, 0x0606060606060606
		w0, w1, w2, w3 := load8(t, 0), load8(t, 8), load8(t, 16), load8(t, 24)
		w0, w1, w2, w3 = w0&(w0+sixes), w1&(w1+sixes), w2&(w2+sixes), w3&(w3+sixes)
		if ((w0&w1&w2&w3^threes)|(w0|w1|w2|w3^threes))&nibbles != 0 {
			break
		}
		t = t[32:]
	}
	for len(t) >= 16 {
		m0, m1 := nonDigits(load8(t, 0)), nonDigits(load8(t, 8))
		if m0|m1 != 0 {
			if m0 != 0 {
				return n - len(t) + firstMarked(m0)
			}
			return n - len(t) + 8 + firstMarked(m1)
		}
		t = t[16:]
	}
	if len(t) >= 8 {
		if m := nonDigits(load8(t, 0)); m != 0 {
			return n - len(t) + firstMarked(m)
		}
		t = t[8:]
	}
	if r := len(t); r > 0 {
		if n < 8 {
			return digitRunByByte(s)
		}
		// The last eight bytes, of which the first 8 − r were read as
		// digits already: they carry into no byte above them, so the
		// marks of the r bytes left are exact up to the first.
		if m := nonDigits(load8(s, n-8)) >> (8 * (8 - r)); m != 0 {
			return n - r + firstMarked(m)
		}
	}
	return n
}

// digitRunByByte is digitRun a byte at a time.
func digitRunByByte[T string | []byte](s T) int {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return i
		}
	}
	return len(s)
}

// load8 is the little-endian word of s[i:i+8].
func load8[T string | []byte](s T, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// nonDigits marks, in the high nibble of each byte, the bytes of w (eight
// bytes of text, the first the lowest) that are not ASCII digits, exactly
// up to the first of them. A byte c alone is a digit exactly when the
// high nibble of c & (c + 6) is 3: both nibbles then have the bits 3,
// which of the high nibbles of c and c + 6, equal or consecutive, only
// c in 0x30–0x39 (c + 6 in 0x36–0x3f) achieves (0x3a–0x3f carry to
// 0x40–0x45, and 3 & 4 = 0). A digit carries into no byte above it, so
// every byte up to the first non-digit is judged alone; bytes beyond it
// (which a carry out of 0xfa–0xff may reach) are marked or not at
// random, and firstMarked reads only the first mark.
func nonDigits(w uint64) uint64 {
	const nibbles, threes, sixes = 0xf0f0f0f0f0f0f0f0, 0x3030303030303030, 0x0606060606060606
	return w&(w+sixes)&nibbles ^ threes
}

// firstMarked is the index of the first byte nonDigits marked in m ≠ 0.
func firstMarked(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

func clipBytes(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + "…"
}

func (v *streamValidator) object(s *jsonschema.Schema, prefix string) error {
	v.i++ // {
	top := v.frames.push(frame{})
	closed := isFalseSchema(s.AdditionalProperties)
	// The keys met so far, raw; an object of a few members keeps them on
	// the stack.
	var held [8][]byte
	seen := held[:0]
	v.space()
	if v.i < len(v.b) && v.b[v.i] == '}' {
		v.i++
	} else {
		for {
			raw, err := v.member(prefix)
			if err != nil {
				return err
			}
			v.frames.at(top).key = raw
			for _, k := range seen {
				if sameKey(k, raw) {
					return v.fail(prefix, "the key %q appears twice", unquoteKey(raw))
				}
			}
			seen = append(seen, raw)
			sub, declared := propertyOf(s, raw)
			if !declared && closed {
				return v.fail(prefix, "the property %q is not declared, and the object is closed", unquoteKey(raw))
			}
			if err := v.check(sub, prefix); err != nil {
				return err
			}
			if done, err := v.separator(prefix, '}'); err != nil {
				return err
			} else if done {
				break
			}
		}
	}
	v.frames.n = top
	for _, r := range s.Required {
		if !slices.ContainsFunc(seen, func(k []byte) bool { return keyIs(k, r) }) {
			return v.fail(prefix, "the required property %q is missing", r)
		}
	}
	return nil
}

func (v *streamValidator) array(s *jsonschema.Schema, prefix string) error {
	v.i++ // [
	top := v.frames.push(frame{array: true})
	n := 0
	v.space()
	if v.i < len(v.b) && v.b[v.i] == ']' {
		v.i++
	} else {
		decimals := decimalItems(s.Items)
		integers := decimals && s.Items.Pattern == integerPattern
		for ; ; n++ {
			if integers {
				k, closed := v.integerRun(s.Items)
				if n += k; closed {
					break
				}
			}
			v.frames.at(top).index = n
			v.space()
			if decimals && v.plainDecimal(s.Items) {
				// Valid as check would find it, without its dispatch.
			} else if err := v.check(s.Items, prefix); err != nil {
				return err
			}
			if done, err := v.separator(prefix, ']'); err != nil {
				return err
			} else if done {
				n++
				break
			}
		}
	}
	v.frames.n = top
	if s.MaxItems != nil && n > *s.MaxItems || s.MinItems != nil && n < *s.MinItems {
		return v.fail(prefix, "an array of %s elements is outside the schema's bounds", strconv.Itoa(n))
	}
	return nil
}

// decimalItems reports whether s is a string schema of one of the value
// types' decimal patterns and nothing else stringValue checks but length
// bounds: the entries of a matrix or a coefficient list, for which
// plainDecimal decides most elements.
func decimalItems(s *jsonschema.Schema) bool {
	return s != nil && s.Type == "string" && len(s.Types) == 0 && s.Enum == nil && !isFalseSchema(s) &&
		(s.Pattern == integerPattern || s.Pattern == rationalPattern)
}

// integerRun consumes, from the start of an array element, the elements
// that are canonical decimal integers s (decimalItems, integerPattern)
// accepts, written without white space, each followed at once by ',' and
// the next element or by the closing ']'. It returns how many it took and
// whether it took the ']'; it stops at the start of the first element it
// does not take, which array then reads the general way, so that every
// refusal is the one it gave before. A period of 2,000 terms was checked
// at a dispatch, a pattern comparison and a separator call each.
func (v *streamValidator) integerRun(s *jsonschema.Schema) (n int, closed bool) {
	minLen, maxLen := 0, len(v.b)
	if s.MinLength != nil {
		minLen = *s.MinLength
	}
	if s.MaxLength != nil {
		maxLen = *s.MaxLength
	}
	// The common element, up to five digits with its closing quote and
	// separator, is read as one word: its bytes are the quote, d digits
	// with lo ≤ d ≤ hi, the quote and the separator. The reader's
	// position is kept in i until an element leaves the loop.
	lo, hi := max(1, minLen), min(5, maxLen)
	if hi < lo {
		lo, hi = 8, 8 // no element is read as a word (d < 8)
	}
	b := v.b
	i := v.i
	for {
		for i+8 <= len(b) {
			w := load8(b, i)
			d := firstMarked(nonDigits(w >> 8)) // the top byte, 0, is marked
			if uint(d-lo) > uint(hi-lo) || byte(w) != '"' || byte(w>>8) == '0' && d > 1 {
				break
			}
			switch uint16(w >> (8*d + 8)) {
			case '"' | ','<<8:
				i += d + 3
				n++
				continue
			case '"' | ']'<<8:
				v.i = i + d + 3
				return n + 1, true
			}
			break
		}
		v.i = i
		if i >= len(b) || b[i] != '"' {
			return n, false
		}
		// A canonical integer closed by a quote and within the bounds.
		j, canonical := signedDigits(b, i+1)
		if !canonical || j+1 >= len(b) || b[j] != '"' || j-i-1 < minLen || j-i-1 > maxLen {
			return n, false
		}
		switch b[j+1] {
		case ',':
			i = j + 2
			n++
		case ']':
			v.i = j + 2
			return n + 1, true
		default:
			return n, false
		}
	}
}

// plainDecimal consumes the string at the reader when it is a decimal
// written with digits, '-' and '/' alone that s (decimalItems) accepts,
// and otherwise leaves it to check, consuming nothing. Such a string is
// well-formed JSON and free of escapes, so check would accept it too.
func (v *streamValidator) plainDecimal(s *jsonschema.Schema) bool {
	j, ok := quickDecimal(v.b, v.i, s)
	if ok {
		v.i = j
	}
	return ok
}
