package bignum

import (
	"context"
	"maps"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestParseDecimal compares ParseDecimal with math/big's conversions on
// random integers of sizes around the leaf size, the threshold and their
// doublings, powers of ten and their neighbours (runs of zeros and nines),
// zero, all-ones words, and negative values.
func TestParseDecimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	var values []*big.Int
	for _, words := range []int{0, 1, 2, 1000, 4000} {
		values = append(values, randomWords(rng, words, false), randomWords(rng, words, true))
	}
	for _, digits := range []int{1, parseLeaf - 1, parseLeaf, parseLeaf + 1, parseThreshold - 1, parseThreshold, parseThreshold + 1, 2*parseThreshold + 1, 5 * parseThreshold} {
		values = append(values, randomDigits(rng, digits))
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)
		values = append(values, p, new(big.Int).Sub(p, big.NewInt(1)), new(big.Int).Add(p, big.NewInt(1)))
	}
	for _, v := range values {
		for _, x := range []*big.Int{v, new(big.Int).Neg(v)} {
			want := x.String()
			z, ok := ParseDecimal(new(big.Int), want)
			if !ok || z.Cmp(x) != 0 {
				t.Fatalf("ParseDecimal of a %d-digit string is wrong", len(want))
			}
			if x.Sign() > 0 {
				if z, ok := ParseDecimal(new(big.Int), "+"+want); !ok || z.Cmp(x) != 0 {
					t.Fatalf("ParseDecimal with a plus sign is wrong")
				}
			}
		}
	}
	// Leading zeros are digits like any other.
	long := strings.Repeat("0", 3*parseThreshold) + "12345"
	if z, ok := ParseDecimal(new(big.Int), long); !ok || z.Cmp(big.NewInt(12345)) != 0 {
		t.Fatalf("ParseDecimal with leading zeros is wrong")
	}
}

// TestParseDecimalRejects checks that malformed strings are refused, as
// big.Int.SetString(s, 10) refuses them, and leave z unchanged.
func TestParseDecimalRejects(t *testing.T) {
	good := strings.Repeat("7", 3*parseThreshold)
	for _, s := range []string{"", "-", "+", "--1", "1_000", "0x10", " 1", "1 ", "12a", good + "x", "x" + good, "١٢"} {
		z := big.NewInt(42)
		if r, ok := ParseDecimal(z, s); ok || r != nil || z.Int64() != 42 {
			t.Errorf("ParseDecimal(%.20q) accepted or changed z", s)
		}
		if _, ok := new(big.Int).SetString(s, 10); ok {
			t.Errorf("big.Int.SetString accepts %.20q: the test's premise is wrong", s)
		}
	}
}

// TestParsePowersBeyondCache converts strings that need powers beyond the
// shared ones, with a small shared set of two levels, and checks the
// values against big.Int.SetString, the powers against 10^(leaf·2^j), and
// that the shared set did not grow.
func TestParsePowersBeyondCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	shared := &powersOfTen{leaf: parseLeaf}
	const levels = 2
	for _, digits := range []int{4*parseLeaf + 1, 8*parseLeaf + 3, 13 * parseLeaf} {
		s := randomDigits(rng, digits).String()
		j := topLevel(parseLeaf, len(s))
		pow := powersFor(shared, levels, j)
		if pow == shared {
			t.Fatalf("%d digits (level %d) share the powers of %d levels", digits, j, levels)
		}
		got, err := parseDigits(context.Background(), s, pow, 2)
		want, _ := new(big.Int).SetString(s, 10)
		if err != nil || got.Cmp(want) != 0 {
			t.Fatalf("parseDigits of %d digits beyond the shared powers is wrong", digits)
		}
		for i := range j + 1 {
			p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(parseLeaf<<i)), nil)
			if pow.get(i).Cmp(p) != 0 {
				t.Fatalf("power %d is not 10^(%d·2^%d)", i, parseLeaf, i)
			}
		}
		if len(shared.pow) != levels {
			t.Fatalf("the shared powers grew to %d levels", len(shared.pow))
		}
	}
	if powersFor(shared, levels, levels-1) != shared {
		t.Fatalf("level %d does not use the shared powers", levels-1)
	}
}

// TestParseKeptTransforms converts strings whose joins are transform
// products by kept transforms of the powers: lengths that share a level
// with different product shapes, each converted twice, against
// big.Int.SetString. The second conversion of a string must take the
// transforms the first kept, creating none.
func TestParseKeptTransforms(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 5))
	pow := &powersOfTen{leaf: parseLeaf}
	kept := func() map[*nttTransformed]bool {
		set := map[*nttTransformed]bool{}
		for _, ts := range pow.transform {
			for _, tr := range ts {
				set[tr] = true
			}
		}
		return set
	}
	for _, digits := range []int{100_000, 70_000, 100_000, 131_000, 90_000, 131_000} {
		s := randomDigits(rng, digits).String()
		want, _ := new(big.Int).SetString(s, 10)
		workers := 1 + rng.IntN(2)
		var first map[*nttTransformed]bool
		for round := range 2 {
			got, err := parseDigits(context.Background(), s, pow, workers)
			if err != nil || got.Cmp(want) != 0 {
				t.Fatalf("parseDigits of %d digits with kept transforms is wrong", digits)
			}
			if round == 0 {
				first = kept()
			} else if len(first) == 0 || !maps.Equal(first, kept()) {
				t.Fatalf("%d digits: the second conversion did not take the %d transforms the first kept", digits, len(first))
			}
		}
	}
}

// TestParseDecimalShared parses the same long string on several
// goroutines at once, which share the cache of powers (run with -race).
func TestParseDecimalShared(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	x := randomDigits(rng, 9*parseThreshold+5)
	s := x.String()
	done := make(chan bool)
	for range 4 {
		go func() {
			z, ok := ParseDecimal(new(big.Int), s)
			done <- ok && z.Cmp(x) == 0
		}()
	}
	for range 4 {
		if !<-done {
			t.Fatalf("concurrent ParseDecimal is wrong")
		}
	}
}

// TestDecimalWordEdges checks the one-word paths of ParseDecimal and
// AppendDecimal against math/big's conversions at every length from 1 to
// 21 digits and at the edges of int64 and uint64, both signs, and short
// strings with leading zeros and a sign.
func TestDecimalWordEdges(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 3))
	var values []*big.Int
	for d := 1; d <= 21; d++ {
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d)), nil)
		values = append(values, randomDigits(rng, d), p, new(big.Int).Sub(p, big.NewInt(1)))
	}
	for _, e := range []uint{62, 63, 64, 65} {
		p := new(big.Int).Lsh(big.NewInt(1), e)
		values = append(values, p, new(big.Int).Sub(p, big.NewInt(1)), new(big.Int).Add(p, big.NewInt(1)))
	}
	values = append(values, new(big.Int))
	for _, v := range values {
		for _, x := range []*big.Int{v, new(big.Int).Neg(v)} {
			want := x.Text(10)
			if got := string(AppendDecimal([]byte("x"), x)); got != "x"+want {
				t.Fatalf("AppendDecimal(%s) = %s", want, got)
			}
			if z, ok := ParseDecimal(new(big.Int), want); !ok || z.Cmp(x) != 0 {
				t.Fatalf("ParseDecimal(%s) = %v, %v", want, z, ok)
			}
		}
	}
	for s, want := range map[string]int64{"007": 7, "-0000000000000000042": -42, "+0": 0, "-0": 0, "0000000000000000000": 0} {
		if z, ok := ParseDecimal(new(big.Int), s); !ok || z.Cmp(big.NewInt(want)) != 0 {
			t.Fatalf("ParseDecimal(%q) = %v, %v; want %d", s, z, ok, want)
		}
	}
}

// TestParseMedium compares the short-leaf conversion with
// big.Int.SetString on seeded random digit strings of every length to
// 3·mediumLeaf + 40 and around each doubling of mediumLeaf up to
// parseThreshold, with random runs of zeros and nines spliced in (leading
// zeros included), and on every length through ParseDecimal's sign
// handling.
func TestParseMedium(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	var lengths []int
	for n := 1; n <= 3*mediumLeaf+40; n++ {
		lengths = append(lengths, n)
	}
	for n := 4 * mediumLeaf; n < 2*parseThreshold; n *= 2 {
		for _, d := range []int{-20, -19, -1, 0, 1, 18, 19, 20} {
			lengths = append(lengths, n+d)
		}
	}
	buf := make([]byte, 0, 2*parseThreshold)
	for _, n := range lengths {
		buf = buf[:0]
		for len(buf) < n {
			switch rng.IntN(8) {
			case 0:
				buf = append(buf, strings.Repeat("0", rng.IntN(40))...)
			case 1:
				buf = append(buf, strings.Repeat("9", rng.IntN(40))...)
			default:
				buf = append(buf, byte('0'+rng.IntN(10)))
			}
		}
		s := string(buf[:n])
		want, _ := new(big.Int).SetString(s, 10)
		if got := parseMedium(new(big.Int), s); got.Cmp(want) != 0 {
			t.Fatalf("parseMedium of %d digits %.30q…: %v, want %v", n, s, got, want)
		}
		if n < parseThreshold {
			got, ok := ParseDecimal(new(big.Int), "-"+s)
			if !ok || got.Cmp(want.Neg(want)) != 0 {
				t.Fatalf("ParseDecimal of −(%d digits) is wrong", n)
			}
		}
	}
}

// TestParse19: seeded random 19-digit strings and the extremes against a
// digit-at-a-time loop.
func TestParse19(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 4))
	check := func(s string) {
		var want uint64
		for i := range 19 {
			want = want*10 + uint64(s[i]-'0')
		}
		if got := parse19(s); got != want {
			t.Fatalf("parse19(%q) = %d", s, got)
		}
	}
	check(strings.Repeat("0", 19))
	check(strings.Repeat("9", 19))
	check("1234567890123456789")
	for range 100_000 {
		b := make([]byte, 19)
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
		}
		check(string(b))
	}
}

// TestParse8: seeded random eight-digit strings and the extremes against
// a digit-at-a-time loop.
func TestParse8(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 4))
	check := func(s string) {
		var want uint64
		for i := range 8 {
			want = want*10 + uint64(s[i]-'0')
		}
		if got := parse8(s); got != want {
			t.Fatalf("parse8(%q) = %d", s, got)
		}
	}
	check("00000000")
	check("99999999")
	check("12345678")
	for range 100_000 {
		b := make([]byte, 8)
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
		}
		check(string(b))
	}
}

// TestParseMediumZeroParts: values whose high or low part is zero or
// short, where parseNode takes its special paths (the high part's leading
// zeros, the low part below 2^k), at lengths on either side of the
// splits, against big.Int.SetString.
func TestParseMediumZeroParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 5))
	random := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
		}
		return string(b)
	}
	for _, d := range []int{mediumUnsplit + 1, 600, 2*mediumLeaf + 1, 4*mediumLeaf + 1, 2000, 4*mediumLeaf*2 + 7, 9000, parseThreshold - 1} {
		k := mediumLeaf << topLevel(mediumLeaf, d) // the first split's low part
		parts := []string{random(d)}               // scratch left dirty
		if h := d - k; h > mediumUnsplit {
			// The high part's own low part below 2^k2, in scratch.
			k2 := mediumLeaf << topLevel(mediumLeaf, h)
			parts = append(parts, random(h-k2)+strings.Repeat("0", k2-5)+random(5+k))
		}
		for _, s := range append(parts, []string{
			"1" + strings.Repeat("0", d-1),                            // lo = 0
			strings.Repeat("0", d-k) + random(k),                      // hi = 0
			strings.Repeat("0", d),                                    // 0
			strings.Repeat("9", d),                                    // 10^d − 1
			random(d-k) + strings.Repeat("0", k-30) + random(30),      // lo < 2^k
			random(d-k) + strings.Repeat("0", k-1) + "1",              // lo = 1
			strings.Repeat("0", d-k-1) + "1" + strings.Repeat("0", k), // 10^k
			random(d),
		}...) {
			want, _ := new(big.Int).SetString(s, 10)
			if got := parseMedium(new(big.Int), s); got.Cmp(want) != 0 {
				t.Fatalf("parseMedium of %d digits %.40q…: wrong", d, s)
			}
		}
	}
}

// allDigitsByByte is the reference for allDigits.
func allDigitsByByte(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// TestAllDigits: every byte value at every position of digit strings of
// lengths 1 to 24 (a word's lanes, the tail, and both together), and
// seeded random strings, against allDigitsByByte.
func TestAllDigits(t *testing.T) {
	for n := 1; n <= 24; n++ {
		b := []byte(strings.Repeat("5", n))
		for p := range n {
			for c := range 256 {
				b[p] = byte(c)
				if got, want := allDigits(string(b)), allDigitsByByte(string(b)); got != want {
					t.Fatalf("allDigits(%q) = %v", b, got)
				}
			}
			b[p] = '5'
		}
	}
	rng := rand.New(rand.NewPCG(14, 6))
	for range 100_000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
			if rng.IntN(50) == 0 {
				b[i] = byte(rng.IntN(256))
			}
		}
		if got, want := allDigits(string(b)), allDigitsByByte(string(b)); got != want {
			t.Fatalf("allDigits(%q) = %v", b, got)
		}
	}
	if !allDigits("") {
		t.Fatalf("allDigits of the empty string is false")
	}
}

// TestParseLeafAgrees compares parseLeafInto, two chunks a pass, with
// parseLeafByChunk and big.Int.SetString on seeded strings of every
// length to mediumUnsplit, with runs of zeros and nines (leading zeros
// included), and on the all-zero and all-nine strings of each length.
func TestParseLeafAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 5))
	dst := make([]big.Word, mediumWords(mediumUnsplit))
	ref := make([]big.Word, mediumWords(mediumUnsplit))
	check := func(s string) {
		n := parseLeafInto(dst, s)
		m := parseLeafByChunk(ref, s)
		want, _ := new(big.Int).SetString("0"+s, 10)
		got := new(big.Int).SetBits(dst[:n])
		if n != m || got.Cmp(new(big.Int).SetBits(ref[:m])) != 0 || got.Cmp(want) != 0 {
			t.Fatalf("parseLeafInto(%.40q…, %d digits) = %v (%d words), want %v (%d words)", s, len(s), got, n, want, m)
		}
		if n > 0 && dst[n-1] == 0 {
			t.Fatalf("parseLeafInto(%.40q…) is not normalized", s)
		}
	}
	for n := 0; n <= mediumUnsplit; n++ {
		check(strings.Repeat("0", n))
		check(strings.Repeat("9", n))
		for range 8 {
			b := make([]byte, 0, n+40)
			for len(b) < n {
				switch rng.IntN(8) {
				case 0:
					b = append(b, strings.Repeat("0", rng.IntN(40))...)
				case 1:
					b = append(b, strings.Repeat("9", rng.IntN(40))...)
				default:
					b = append(b, byte('0'+rng.IntN(10)))
				}
			}
			check(string(b[:n]))
		}
	}
}

// TestParseDecimalRejectsEverywhere: ParseDecimal refuses a string
// with a byte of any non-digit value at any position, with or without a
// sign, leaves z unchanged, and otherwise agrees with big.Int.SetString,
// on seeded strings of every length to 1,100 digits and some around the
// splits and the threshold.
func TestParseDecimalRejectsEverywhere(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 6))
	lengths := []int{}
	for n := 1; n <= 1100; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 1999, 2000, 2001, 4096, parseThreshold-1, parseThreshold, parseThreshold+1)
	rejected := 0
	for _, n := range lengths {
		for range 4 {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte('0' + rng.IntN(10))
			}
			if rng.IntN(4) > 0 {
				c := byte(rng.IntN(246))
				if c >= '0' {
					c += 10 // every byte but the digits
				}
				b[rng.IntN(n)] = c
			}
			s := string(b)
			if rng.IntN(3) == 0 {
				s = []string{"-", "+"}[rng.IntN(2)] + s
			}
			z := big.NewInt(42)
			got, ok := ParseDecimal(z, s)
			want, wantOK := new(big.Int).SetString(s, 10)
			if wantOK && s[0] == '+' && len(s) > 1 && s[1] == '+' {
				wantOK = false
			}
			switch {
			case ok != wantOK:
				t.Fatalf("ParseDecimal(%.30q…, %d bytes): ok %v, big.Int.SetString %v", s, len(s), ok, wantOK)
			case !ok && (got != nil || z.Int64() != 42):
				t.Fatalf("ParseDecimal(%.30q…) refused it but changed z or returned a value", s)
			case ok && got.Cmp(want) != 0:
				t.Fatalf("ParseDecimal(%.30q…) = %v, want %v", s, got, want)
			case !ok:
				rejected++
			}
		}
	}
	if rejected < len(lengths) {
		t.Fatalf("only %d strings refused; the test is too thin", rejected)
	}
}

// TestParseDigits checks ParseDigits, which trusts its digits, against
// big.Int.SetString on seeded strings of digits at every length to 60
// and at lengths up to past parseThreshold, leading zeros included.
func TestParseDigits(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 23))
	lengths := []int{parseThreshold - 1, parseThreshold, parseThreshold + 1, 2 * parseThreshold}
	for n := 1; n <= 60; n++ {
		lengths = append(lengths, n)
	}
	for range 100 {
		lengths = append(lengths, 1+rng.IntN(5000))
	}
	for _, n := range lengths {
		d := make([]byte, n)
		for i := range d {
			d[i] = byte('0' + rng.IntN(10))
		}
		want, _ := new(big.Int).SetString(string(d), 10)
		if got := ParseDigits(big.NewInt(42), string(d)); got.Cmp(want) != 0 {
			t.Fatalf("ParseDigits of %d digits is wrong", n)
		}
	}
}

// TestDecimalChunks checks DecimalChunks on seeded strings of every length
// to 100 and longer ones: ⌈len/19⌉ chunks, each below 10^19, whose value
// by Horner's rule in base 10^19 is big.Int.SetString's.
func TestDecimalChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 19))
	base := new(big.Int).SetUint64(10_000_000_000_000_000_000)
	lengths := []int{}
	for n := 0; n <= 100; n++ {
		lengths = append(lengths, n)
	}
	for range 50 {
		lengths = append(lengths, 1+rng.IntN(3000))
	}
	for _, n := range lengths {
		d := make([]byte, n)
		for i := range d {
			d[i] = byte('0' + rng.IntN(10))
		}
		chunks := DecimalChunks([]uint64{7}, string(d))[1:]
		if len(chunks) != (n+18)/19 {
			t.Fatalf("%d digits: %d chunks", n, len(chunks))
		}
		got := new(big.Int)
		for _, c := range chunks {
			if c >= base.Uint64() {
				t.Fatalf("%d digits: chunk %d", n, c)
			}
			got.Mul(got, base).Add(got, new(big.Int).SetUint64(c))
		}
		want, _ := new(big.Int).SetString("0"+string(d), 10)
		if got.Cmp(want) != 0 {
			t.Fatalf("%d digits: chunks give %v", n, got)
		}
	}
}
