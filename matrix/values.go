package matrix

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"strings"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// MaxEntryDigits bounds the decimal digits of every numerator and
// denominator in a request.
const MaxEntryDigits = 1000

// intOne is the integer 1, read-only.
var intOne = big.NewInt(1)

// denominator is x's denominator, read-only. Unlike big.Rat.Denom it
// allocates nothing for an integer whose denominator was never set, as
// the entries readRequest decodes are (decode.go).
func denominator(x *big.Rat) *big.Int {
	if x.IsInt() {
		return intOne
	}
	return x.Denom()
}

// ints converts a rational matrix to integers row by row: row i is
// multiplied by the lcm of its denominators, returned as scale[i]. The
// result is freshly allocated.
func ints(rows ...[]core.Rational) ([][]*big.Int, []*big.Int) {
	out := make([][]*big.Int, len(rows))
	scale := make([]*big.Int, len(rows))
	for i, row := range rows {
		l := big.NewInt(1)
		var g big.Int
		for _, x := range row {
			d := denominator(x.Rat())
			if d.BitLen() > 1 {
				g.GCD(nil, nil, l, d)
				l.Mul(l, new(big.Int).Quo(d, &g))
			}
		}
		out[i] = make([]*big.Int, len(row))
		integral := l.BitLen() == 1
		for j, x := range row {
			if integral {
				out[i][j] = new(big.Int).Set(x.Rat().Num())
				continue
			}
			v := new(big.Int).Quo(l, denominator(x.Rat()))
			out[i][j] = v.Mul(v, x.Rat().Num())
		}
		scale[i] = l
	}
	return out, scale
}

// augment joins the rows of a and b side by side; they must have the same
// number of rows.
func augment(a, b [][]core.Rational) [][]core.Rational {
	out := make([][]core.Rational, len(a))
	for i := range a {
		row := make([]core.Rational, 0, len(a[i])+len(b[i]))
		out[i] = append(append(row, a[i]...), b[i]...)
	}
	return out
}

// identity returns the n×n identity as rationals.
func identity(n int) [][]core.Rational {
	out := make([][]core.Rational, n)
	for i := range out {
		out[i] = make([]core.Rational, n)
		for j := range out[i] {
			out[i][j] = ratInt64(0)
		}
		out[i][i] = ratInt64(1)
	}
	return out
}

func ratInt64(n int64) core.Rational { return core.Rat(big.NewRat(n, 1)) }

// quotient returns x/d as a reduced rational.
func quotient(x, d *big.Int) core.Rational {
	return core.Rat(new(big.Rat).SetFrac(x, d))
}

// shape renders a matrix's dimensions for messages.
func shape(m core.Matrix) string {
	r, c := m.Dims()
	return fmt.Sprintf("%d×%d", r, c)
}

// matrixBounds writes a dimension limit into the request schema for each
// named matrix field: at most maxDim rows, each of at most maxDim entries,
// so that the payload scan refuses a larger matrix before it is decoded.
func matrixBounds(maxDim int, fields ...string) core.Bounds {
	b := core.Bounds{}
	for _, f := range fields {
		b["/"+f] = int64(maxDim)
		b["/"+f+"/*"] = int64(maxDim)
	}
	return b
}

// checkSize refuses a matrix beyond maxDim rows or columns or with an entry
// beyond MaxEntryDigits; name says which argument it is.
func checkSize(name string, m core.Matrix, maxDim int) error {
	r, c := m.Dims()
	if r > maxDim || c > maxDim {
		return core.Refusef("%s is %d×%d; this operation accepts at most %d rows and %d columns", name, r, c, maxDim, maxDim)
	}
	return checkEntries(name, m)
}

// checkIntegerSize is checkSize for an integer matrix, with the same
// refusals, without converting it to rationals first.
func checkIntegerSize(name string, m IntegerMatrix, maxDim int) error {
	r, c := m.Dims()
	if r > maxDim || c > maxDim {
		return core.Refusef("%s is %d×%d; this operation accepts at most %d rows and %d columns", name, r, c, maxDim, maxDim)
	}
	for i, row := range m {
		for j, x := range row {
			if tooManyDigits(x.Big()) {
				return core.Refusef("%s entry (%d, %d) has a numerator of %d digits; at most %d are allowed", name, i, j, decimalDigits(x.Big()), MaxEntryDigits)
			}
		}
	}
	return nil
}

func checkEntries(name string, rows [][]core.Rational) error {
	for i, row := range rows {
		for j, x := range row {
			if tooManyDigits(x.Rat().Num()) {
				return core.Refusef("%s entry (%d, %d) has a numerator of %d digits; at most %d are allowed", name, i, j, decimalDigits(x.Rat().Num()), MaxEntryDigits)
			}
			if !x.Rat().IsInt() && tooManyDigits(x.Rat().Denom()) { // Denom allocates for an integer
				return core.Refusef("%s entry (%d, %d) has a denominator of %d digits; at most %d are allowed", name, i, j, decimalDigits(x.Rat().Denom()), MaxEntryDigits)
			}
		}
	}
	return nil
}

// entryCeiling is 10^MaxEntryDigits, the least integer with too many
// digits.
var entryCeiling = sync.OnceValue(func() *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(MaxEntryDigits), nil)
})

// tooManyDigits reports exactly whether |x| has more than MaxEntryDigits
// decimal digits. Below 2^⌊MaxEntryDigits·log₂10⌋ no comparison is
// needed, so typical entries cost one bit length.
func tooManyDigits(x *big.Int) bool {
	if float64(x.BitLen()) <= MaxEntryDigits*math.Log2(10) {
		return false
	}
	return x.CmpAbs(entryCeiling()) >= 0
}

// decimalDigits is the number of decimal digits of |x| (1 for 0).
func decimalDigits(x *big.Int) int { return len(new(big.Int).Abs(x).String()) }

// requireSquare fails a non-square matrix, naming the field at fault.
func requireSquare(what, field string, m core.Matrix) error {
	if r, c := m.Dims(); r != c {
		return core.DomainErrorAt(core.PayloadPath(field), "%s is defined only for square matrices, and this matrix is %d×%d; send an n×n matrix", what, r, c)
	}
	return nil
}

// completion is the rest of a limit's probe payload after its matrix
// field, for a matrix of the given number of rows: the other fields the
// request needs, each consistent with that matrix, so that an At probe
// stays inside the operation's domain.
type completion func(rows int) string

// fixed is the completion that is the same for every matrix.
func fixed(rest string) completion { return func(int) string { return rest } }

// dimensionLimit declares the bound on rows and columns of the argument
// field, with zero matrices at it and one row and column past it as the
// probes.
func dimensionLimit(field string, max int, rest completion) core.Limit {
	probe := func(n int) string {
		return fmt.Sprintf(`{"%s":%s%s}`, field, zeroMatrixJSON(n, n), rest(n))
	}
	return core.Limit{
		Name: "dimension", Max: int64(max), Unit: "rows or columns",
		Description: fmt.Sprintf("%s has at most %d rows and %d columns", field, max, max),
		At:          func() string { return probe(max) },
		Beyond:      func() string { return probe(max + 1) },
	}
}

// entryLimit declares the bound on entry size with one-entry probes: the
// largest integer of MaxEntryDigits digits, and the least one of one digit
// more.
func entryLimit(field string, rest completion) core.Limit {
	return core.Limit{
		Name: "entry_digits", Max: MaxEntryDigits, Unit: "decimal digits",
		Description: fmt.Sprintf("every numerator and denominator in %s has at most %d decimal digits", field, MaxEntryDigits),
		At: func() string {
			return fmt.Sprintf(`{"%s":[["%s"]]%s}`, field, strings.Repeat("9", MaxEntryDigits), rest(1))
		},
		Beyond: func() string {
			return fmt.Sprintf(`{"%s":[["1%s"]]%s}`, field, strings.Repeat("0", MaxEntryDigits), rest(1))
		},
	}
}

func zeroMatrixJSON(rows, cols int) string {
	row := "[" + strings.TrimSuffix(strings.Repeat(`"0",`, cols), ",") + "]"
	return "[" + strings.TrimSuffix(strings.Repeat(row+",", rows), ",") + "]"
}

// MaxEliminationBits bounds the estimated size, in bits, of the working
// matrix of an elimination: fraction-free entries after k steps are k×k
// minors, and the multi-modular method holds as many residues, so both
// need about rows·cols·min(rows, cols)·b bits for cleared entries of b
// bits. The answer is of the same order (an inverse's entries are minors
// of full size), so this also bounds what is sent back. 2^28 bits is
// 32 MiB.
const MaxEliminationBits = 1 << 28

// eliminationBits estimates that size. A row's cleared entries have at
// most (sum of its denominators' bits) + (largest numerator's bits) bits,
// since the lcm of the denominators divides their product; minors grow by
// about half the bits of the column count per row (Hadamard).
func eliminationBits(rows [][]core.Rational) int64 {
	var b int64
	for _, row := range rows {
		var den, num int64
		for _, x := range row {
			if d := denominator(x.Rat()); d.BitLen() > 1 {
				den += int64(d.BitLen())
			}
			num = max(num, int64(x.Rat().Num().BitLen()))
		}
		b = max(b, den+num)
	}
	r := int64(len(rows))
	c := int64(0)
	if r > 0 {
		c = int64(len(rows[0]))
	}
	return r * c * min(r, c) * (b + int64(bits.Len64(uint64(c)))/2 + 1)
}

func checkEliminationBits(rows [][]core.Rational) error {
	if e := eliminationBits(rows); e > MaxEliminationBits {
		return core.Refusef("the elimination would hold about %d MiB of intermediate integers (rows·columns·min(rows, columns)·entry bits after clearing each row's denominators); at most %d MiB are allowed: send fewer rows or columns, shorter entries, or rows with a common denominator", e>>23, MaxEliminationBits>>23)
	}
	return nil
}

// eliminationLimit declares MaxEliminationBits with probes of n×n distinct
// 10-digit unit fractions, small to send and long once cleared: At has the
// largest n whose estimate is within the limit, Beyond the next. The
// estimate is taken of the n×n matrix with appended(n) zero columns
// (solve estimates [A | b], the inverse [A | I]).
func eliminationLimit(field string, rest completion, appended func(n int) int) core.Limit {
	const base = 1_000_000_007
	// Found only when a probe is asked for: registration stays cheap.
	n := sync.OnceValue(func() int { return eliminationBoundary(base, appended) })
	return core.Limit{
		Name: "elimination_bits", Max: MaxEliminationBits, Unit: "bits",
		Description: "estimated intermediate size rows·columns·min(rows, columns)·b, with b the bits of the longest entry after clearing each row's denominators",
		At:          func() string { return unitFractionsJSON(field, n(), base, rest(n())) },
		Beyond:      func() string { return unitFractionsJSON(field, n()+1, base, rest(n()+1)) },
	}
}

// eliminationBoundary is the largest n for which the n×n unit fractions
// from base, with appended(n) zero columns, are within MaxEliminationBits.
func eliminationBoundary(base int64, appended func(n int) int) int {
	return largestWithin(MaxInverseDimension, func(n int) bool {
		return eliminationBits(withZeroColumns(unitFractions(n, base), appended(n))) <= MaxEliminationBits
	})
}

// noColumns, oneColumn and squareColumns say how many columns an
// operation's elimination appends to an n×n matrix.
func noColumns(int) int       { return 0 }
func oneColumn(int) int       { return 1 }
func squareColumns(n int) int { return n }

// largestWithin returns the largest n in [0, max] for which within holds,
// by bisection; within must hold at 0 and be monotone.
func largestWithin(max int, within func(n int) bool) int {
	lo, hi := 0, max+1
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if within(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// unitFractions is the n×n matrix of the unit fractions 1/(base + 2k),
// k = 0, 1, …, row by row (see unitFractionsJSON).
func unitFractions(n int, base int64) [][]core.Rational {
	m := make([][]core.Rational, n)
	for i := range m {
		m[i] = make([]core.Rational, n)
		for j := range m[i] {
			m[i][j] = core.Rat(big.NewRat(1, base+2*int64(n*i+j)))
		}
	}
	return m
}

// withZeroColumns appends k zero columns to m.
func withZeroColumns(m [][]core.Rational, k int) [][]core.Rational {
	out := make([][]core.Rational, len(m))
	for i, row := range m {
		out[i] = append(append([]core.Rational(nil), row...), make([]core.Rational, k)...)
		for j := len(row); j < len(out[i]); j++ {
			out[i][j] = ratInt64(0)
		}
	}
	return out
}

// unitFractionsJSON is a payload whose field is the n×n matrix of the unit
// fractions 1/(base + 2k), k = 0, 1, …, row by row: distinct odd
// denominators, nearly coprime, so that clearing them makes every entry
// long.
func unitFractionsJSON(field string, n int, base int64, extra string) string {
	var b strings.Builder
	b.WriteString(`{"` + field + `":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('[')
		for j := 0; j < n; j++ {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"1/%d"`, base+2*int64(n*i+j))
		}
		b.WriteByte(']')
	}
	b.WriteString("]" + extra + "}")
	return b.String()
}

// MaxScaledBits bounds the estimated size, in bits, of the integer matrix
// that the determinant and the characteristic polynomial build by clearing
// denominators. Entries of at most MaxEntryDigits digits keep each
// denominator short, but their lcm may have hundreds of thousands of bits,
// and every entry of the cleared matrix is that long; this bound is what
// keeps the copy, and the answer built from it, small. Integer matrices
// within the dimension limits and the payload bound stay far below it.
// 2^28 bits is 32 MiB.
//
// It is checked first, because it stops as soon as it is passed, and so
// bounds the work of the exact lcms the time estimate (cost.go) computes.
// It is not declared as a limit of its own: the estimate refuses every
// matrix it refuses. For cleared entries of b_i bits in row i the scaled
// size is about n·Σb_i while Hadamard's bound is about Σb_i, so past 2^28
// bits an n×n matrix with n ≤ 400 needs more than 2^28/400 bits of bound,
// beyond maxPrimes, and falls back to Bareiss or Berkowitz on entries of
// hundreds of thousands of bits, estimated at hours; below order 12, where
// those run anyway, 1000-digit entries cannot reach 2^28 bits.
const MaxScaledBits = 1 << 28

// scaledBits estimates the bits of the integer matrix B obtained from
// rows: with common set, every entry is multiplied by the lcm d of all
// denominators (B = d·A, as the characteristic polynomial needs);
// otherwise each row by the lcm of its own. An entry of B has at most
// bits(lcm) + bits(numerator) bits. The lcms are computed exactly, but the
// estimate stops, already above MaxScaledBits, as soon as it passes it, so
// the work stays bounded by the limit itself.
func scaledBits(rows [][]core.Rational, common bool) int64 {
	var total int64
	l := big.NewInt(1)
	var g, q big.Int
	for _, row := range rows {
		if !common {
			l.SetInt64(1)
		}
		var num int64
		for _, x := range row {
			num = max(num, int64(x.Rat().Num().BitLen()))
			d := denominator(x.Rat())
			if d.BitLen() <= 1 {
				continue
			}
			g.GCD(nil, nil, l, d)
			l.Mul(l, q.Quo(d, &g))
			if common {
				if e := int64(len(rows)) * int64(len(row)) * int64(l.BitLen()); e > MaxScaledBits {
					return e
				}
			} else if e := total + int64(len(row))*int64(l.BitLen()); e > MaxScaledBits {
				return e
			}
		}
		size := int64(len(row)) * (int64(l.BitLen()) + num)
		if common {
			total = max(total, int64(len(rows))*size)
		} else {
			total += size
		}
		if total > MaxScaledBits {
			return total
		}
	}
	return total
}

// checkScaledBits refuses rows whose cleared integer matrix would exceed
// MaxScaledBits.
func checkScaledBits(rows [][]core.Rational, common bool) error {
	if e := scaledBits(rows, common); e > MaxScaledBits {
		how := "each row's denominators"
		if common {
			how = "all denominators at once"
		}
		return core.Refusef("clearing %s would make an integer matrix of about %d MiB; at most %d MiB are allowed: send fewer rows or columns, or entries sharing fewer distinct denominators", how, e>>23, MaxScaledBits>>23)
	}
	return nil
}

// reportProgress forwards to core.ReportProgress with integer counts.
func reportProgress(ctx context.Context, done, total int, message string) {
	core.ReportProgress(ctx, float64(done), float64(total), message)
}

// Modular images for postconditions.

// checkRNG returns a source for the primes of postconditions and of
// modular shortcuts, seeded from the SHA-256 digest of v's JSON encoding
// (v is the request, or the matrix being reduced). The same input thus
// always meets the same primes, so a failed check can be reproduced, while
// the digest leaves the prime unrelated to any structure of the input: a
// wrong value escapes a check only if its error vanishes modulo a prime
// that looks random, with probability about 2^-60.
func checkRNG(v any) *rand.Rand {
	b, err := json.Marshal(v)
	if err != nil {
		// Every request type encodes; an error still seeds deterministically.
		b = []byte(err.Error())
	}
	sum := sha256.Sum256(b)
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:16])))
}

// wordStream seeds a postcondition's random stream from machine words
// (shapes, and the words of the entries read in place) where checkRNG
// would encode the whole request: two multiply–xorshift lanes and the
// SplitMix64 finaliser (Steele, Lea and Flood, OOPSLA 2014), so equal
// inputs meet the same primes and a failed check reproduces.
type wordStream struct{ s0, s1 uint64 }

func newWordStream() *wordStream { return &wordStream{s0: 0x6a61636f62, s1: 0x6d6174726978} }

func (s *wordStream) word(w uint64) {
	s.s0 = (s.s0 ^ w) * 0x9e3779b97f4a7c15
	s.s0 ^= s.s0 >> 31
	s.s1 = (s.s1 + w) * 0xbf58476d1ce4e5b9
	s.s1 ^= s.s1 >> 29
}

// integer mixes b's sign, length and words, so that distinct integers
// (and sequences of them) mix differently.
func (s *wordStream) integer(b *big.Int) {
	words := b.Bits()
	s.word(uint64(b.Sign() + 2))
	s.word(uint64(len(words)))
	for _, w := range words {
		s.word(uint64(w))
	}
}

// matrix mixes m's shape and entries: each numerator, and the
// denominator of the entries that are not integers (big.Rat.Denom
// allocates one for an integer).
func (s *wordStream) matrix(m [][]core.Rational) {
	s.word(uint64(len(m)))
	for _, row := range m {
		s.word(uint64(len(row)))
		for _, x := range row {
			r := x.Rat()
			s.word(boolUint(r.IsInt()))
			s.integer(r.Num())
			if !r.IsInt() {
				s.integer(r.Denom())
			}
		}
	}
}

// integerMatrix mixes an integer matrix's dimensions and entries.
func (s *wordStream) integerMatrix(a IntegerMatrix) {
	m, n := a.Dims()
	s.word(uint64(m))
	s.word(uint64(n))
	for _, row := range a {
		for _, x := range row {
			s.integer(x.Big())
		}
	}
}

func (s *wordStream) rng() *rand.Rand {
	finish := func(z uint64) uint64 {
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	return rand.New(rand.NewPCG(finish(s.s0), finish(s.s1^s.s0)))
}

// wordMatrix is matrix for a matrix of words, the entries of m: it
// mixes exactly what matrix mixes for m, so both seed the same stream
// (TestWordFormAgreesWithRationals).
func (s *wordStream) wordMatrix(a [][]int64) {
	s.word(uint64(len(a)))
	for _, row := range a {
		s.word(uint64(len(row)))
		for _, v := range row {
			s.word(1) // an integer
			switch {
			case v == 0:
				s.word(2)
				s.word(0)
			case v < 0:
				s.word(1)
				s.word(1)
				s.word(uint64(-v))
			default:
				s.word(3)
				s.word(1)
				s.word(uint64(v))
			}
		}
	}
}

// wordMatrixRNG is matrixRNG for the matrix whose entries are the words a.
func wordMatrixRNG(a [][]int64) *rand.Rand {
	s := newWordStream()
	s.wordMatrix(a)
	return s.rng()
}

// imageWords reduces a matrix of words modulo m.
func imageWords(a [][]int64, m modular.Modulus) modular.Matrix {
	out := make(modular.Matrix, len(a))
	for i, row := range a {
		out[i] = make([]uint64, len(row))
		for j, v := range row {
			out[i][j] = m.ReduceInt(v)
		}
	}
	return out
}

// image reduces a rational matrix modulo p; false when p divides a
// denominator. The inverse of the last denominator modulo p is kept: the
// entries of an inverse or a solution over Q mostly share one long
// denominator, whose reduction and inversion would otherwise be repeated
// for every entry.
func image(m [][]core.Rational, p uint64) (modular.Matrix, bool) {
	out := make(modular.Matrix, len(m))
	var lastDen *big.Int
	var lastInv uint64
	for i, row := range m {
		out[i] = make([]uint64, len(row))
		for j, x := range row {
			r := x.Rat()
			if r.IsInt() {
				out[i][j] = modular.Reduce(r.Num(), p)
				continue
			}
			if den := r.Denom(); lastDen == nil || den.Cmp(lastDen) != 0 {
				inv, ok := modular.Inverse(modular.Reduce(den, p), p)
				if !ok {
					return nil, false
				}
				lastDen, lastInv = den, inv
			}
			out[i][j] = modular.Mul(modular.Reduce(r.Num(), p), lastInv, p)
		}
	}
	return out, true
}

// withPrime calls f with random 62-bit primes drawn from rng (see
// checkRNG) until f reports that the prime was usable (it divides no denominator involved), trying a few
// primes at most; a 62-bit prime divides a given denominator of up to
// MaxEntryDigits digits with probability below 2^-50.
func withPrime(rng *rand.Rand, f func(p uint64) (usable bool, err error)) error {
	for range 8 {
		ok, err := f(modular.RandomPrime(rng, modular.PrimeBits))
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
	}
	return fmt.Errorf("no usable prime found for the modular check")
}

// Random requests.

// randomEntry is a small integer, or with probability 1/4 a small fraction
// when rational is set.
func randomEntry(rng *rand.Rand, rational bool) core.Rational {
	n := rng.Int64N(19) - 9
	if rational && rng.IntN(4) == 0 {
		return core.Rat(big.NewRat(n, rng.Int64N(6)+1))
	}
	return ratInt64(n)
}

// randomMatrix returns an r×c matrix of small entries. With probability 1/3
// one row is made a combination of two others, so singular and
// rank-deficient cases are common. r = 0 encodes as the 0×0 matrix.
func randomMatrix(rng *rand.Rand, r, c int) core.Matrix {
	rational := rng.IntN(2) == 0
	m := make(core.Matrix, r)
	for i := range m {
		m[i] = make([]core.Rational, c)
		for j := range m[i] {
			m[i][j] = randomEntry(rng, rational)
		}
	}
	if r >= 2 && rng.IntN(3) == 0 {
		// Row i becomes k·row j + row l, with j and l other rows (equal
		// when r = 2).
		i := rng.IntN(r)
		j := (i + 1 + rng.IntN(r-1)) % r
		l := (i + 1) % r
		k := rng.Int64N(5) - 2
		for col := 0; col < c; col++ {
			v := new(big.Rat).Mul(big.NewRat(k, 1), m[j][col].Rat())
			m[i][col] = core.Rat(v.Add(v, m[l][col].Rat()))
		}
	}
	return m
}

// digitMatrix is an n×n matrix of random integers of exactly the given
// number of decimal digits, with random signs.
func digitMatrix(rng *rand.Rand, n, digits int) core.Matrix {
	m := make(core.Matrix, n)
	d := make([]byte, digits)
	for i := range m {
		m[i] = make([]core.Rational, n)
		for j := range m[i] {
			d[0] = byte('1' + rng.IntN(9))
			for k := 1; k < digits; k++ {
				d[k] = byte('0' + rng.IntN(10))
			}
			x, _ := new(big.Int).SetString(string(d), 10)
			if rng.IntN(2) == 0 {
				x.Neg(x)
			}
			m[i][j] = core.Rat(new(big.Rat).SetInt(x))
		}
	}
	return m
}

// ratMatrix converts exact rows to big.Rat copies.
func ratMatrix(m [][]core.Rational) [][]*big.Rat {
	out := make([][]*big.Rat, len(m))
	for i, row := range m {
		out[i] = make([]*big.Rat, len(row))
		for j, x := range row {
			out[i][j] = new(big.Rat).Set(x.Rat())
		}
	}
	return out
}

// fromRat wraps big.Rat rows as a core.Matrix.
func fromRat(m [][]*big.Rat) core.Matrix {
	out := make(core.Matrix, len(m))
	for i, row := range m {
		out[i] = make([]core.Rational, len(row))
		for j, x := range row {
			out[i][j] = core.Rat(x)
		}
	}
	return out
}
