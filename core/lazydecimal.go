package core

import (
	"math/big"
	"sync"
	"unsafe"

	"jacobian.dev/core/bignum"
)

// A request's long integer may be kept as its decimal text and converted
// on first use (Integer.Big), so that an operation which can answer from
// the digits themselves (perfect_power, which rules out most non-powers by
// residues read from them) does not pay for a conversion it never needs:
// at 2,000 digits the conversion was 59 of a run's 90 thousand
// instructions. A request type asks for it by the tag core:"text" on an
// Integer field; the quick pass then keeps a canonical decimal of more
// than 18 digits so (quickPlan.parse), and Integer.Digits gives the text.
// Every other path, and every field without the tag, converts as before,
// so Digits is only ever a shortcut: Big gives the same value either way.
//
// Such an Integer points, as every Integer does, to a *big.Int: the mark
// of a lazyDecimal, the zero whose words are textMark's, which no other
// big.Int has, since no other holds textMark. Integer keeps its one word,
// and Big tells the two apart only for a zero (one comparison where it
// had none).

// lazyDecimal is a canonical decimal integer of a request and its value,
// converted once, on the first call of value.
type lazyDecimal struct {
	mark   big.Int // first: an Integer's v points here
	digits string  // -?[1-9][0-9]*, canonical
	once   sync.Once
	parsed *big.Int
}

// textMark is the array whose empty slice marks a lazyDecimal's mark.
var textMark [1]big.Word

// lazyInteger returns the Integer of the canonical decimal digits,
// kept as text.
func lazyInteger(digits string) Integer {
	d := &lazyDecimal{digits: digits}
	d.mark.SetBits(textMark[:0])
	return Integer{&d.mark}
}

// zeroOrText is Big for an Integer whose value has no words: zero, or a
// decimal kept as text, converted now if it was not before.
func (i Integer) zeroOrText() *big.Int {
	if d := i.lazy(); d != nil {
		return d.value()
	}
	return i.v
}

// lazy returns i's lazyDecimal, or nil when i is no decimal kept as text.
func (i Integer) lazy() *lazyDecimal {
	if i.v == nil {
		return nil
	}
	if w := i.v.Bits(); len(w) != 0 || cap(w) == 0 || unsafe.SliceData(w) != &textMark[0] {
		return nil
	}
	return (*lazyDecimal)(unsafe.Pointer(i.v))
}

// value converts the digits on the first call and returns the value.
func (d *lazyDecimal) value() *big.Int {
	d.once.Do(func() {
		digits := d.digits
		neg := digits[0] == '-'
		if neg {
			digits = digits[1:]
		}
		x := bignum.ParseDigits(new(big.Int), digits)
		if neg {
			x.Neg(x)
		}
		d.parsed = x
	})
	return d.parsed
}

// Digits returns the canonical decimal of i, -?(0|[1-9][0-9]*), without
// converting it, when i was decoded from a request field tagged
// core:"text" and kept as text; otherwise "" and false, and the value is
// i.Big().
func (i Integer) Digits() (string, bool) {
	if d := i.lazy(); d != nil {
		return d.digits, true
	}
	return "", false
}
