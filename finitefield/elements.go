package finitefield

import (
	"bytes"
	"encoding/json"
	"math/big"

	"jacobian.dev/core"
)

// Elements is a list of field elements, as a value table's inputs and
// outputs carry them. It decodes as []Element does, with the same values
// and the same errors, but reads the common form, a flat array of
// canonical integer strings (or of lists of them), in one pass instead of
// through encoding/json and an UnmarshalJSON call per element: a table of
// GF(65521) holds 2·65,521 elements, and the generic decoder with a
// big.Int allocated per residue was half of an interpolation request's
// time. Residues of up to 18 digits share word slabs, so a table costs a
// few allocations per thousand elements instead of several per element.
// Anything else (escapes, signs, leading zeros, longer residues, malformed
// JSON) is decoded by encoding/json, which reports it.
type Elements []Element

// UnmarshalJSON reads a JSON array of elements.
func (e *Elements) UnmarshalJSON(b []byte) error {
	if out, ok := scanElements(b); ok {
		*e = out
		return nil
	}
	return json.Unmarshal(b, (*[]Element)(e))
}

// scanElements is the one-pass reader of UnmarshalJSON; it reports false
// on anything but a well-formed array of canonical elements.
func scanElements(b []byte) (Elements, bool) {
	b = bytes.TrimSpace(b)
	var slab scalarSlab
	out := make(Elements, 0, bytes.Count(b, []byte{'"'})/2)
	ok := scanArray(b, func(b []byte, i int) (int, bool) {
		switch b[i] {
		case '"':
			j := bytes.IndexByte(b[i+1:], '"')
			if j < 0 {
				return 0, false
			}
			v, ok := slab.parse(b[i+1 : i+1+j])
			if !ok {
				return 0, false
			}
			out = append(out, Element{set: true, scalar: v})
			return i + j + 2, true
		case '[':
			j := bytes.IndexByte(b[i:], ']')
			if j < 0 {
				return 0, false
			}
			list := b[i : i+j+1]
			if bytes.IndexByte(list, '\\') >= 0 || bytes.IndexByte(list[1:], '[') >= 0 {
				return 0, false
			}
			c, ok := scanCoordinates(list)
			if !ok {
				return 0, false
			}
			out = append(out, Element{set: true, list: true, coeffs: c})
			return i + j + 1, true
		}
		return 0, false
	})
	if !ok {
		return nil, false
	}
	return out, true
}

// scalarSlab hands out integers below 10^18 backed by shared arrays of
// big.Int and words, allocated a chunk at a time. The integers are never
// modified after decoding (elements are values), so sharing the arrays is
// safe.
type scalarSlab struct {
	ints  []big.Int
	words []big.Word
}

const scalarSlabChunk = 1024

// parse reads a canonical decimal string of at most 18 digits (no sign,
// no leading zero but in "0"); it reports false on anything else.
func (s *scalarSlab) parse(d []byte) (core.Integer, bool) {
	if v, ok := smallInteger(d); ok {
		return v, true
	}
	if len(d) == 0 || len(d) > 18 || d[0] == '0' {
		return core.Integer{}, false
	}
	var n uint64
	for _, c := range d {
		if c < '0' || c > '9' {
			return core.Integer{}, false
		}
		n = 10*n + uint64(c-'0')
	}
	if len(s.ints) == 0 {
		s.ints = make([]big.Int, scalarSlabChunk)
		s.words = make([]big.Word, scalarSlabChunk)
	}
	x, w := &s.ints[0], s.words[:1:1]
	s.ints, s.words = s.ints[1:], s.words[1:]
	if uint64(big.Word(n)) != n {
		return core.Integer{}, false // a 32-bit word
	}
	w[0] = big.Word(n)
	x.SetBits(w)
	return core.Int(x), true
}
