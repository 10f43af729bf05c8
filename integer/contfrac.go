package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/bignum"
	"jacobian.dev/core/modular"
)

// MaxContinuedFractionDigits bounds the numerator and denominator of
// continued_fraction for the terms alone: about 194,000 terms for a
// random value of that size, found by the half-gcd in O(M(n) log n).
const MaxContinuedFractionDigits = 100_000

// MaxConvergentsDigits bounds them when the convergents are asked for:
// at most about 960 terms, whose convergents, listed in full, hold
// quadratically many digits.
const MaxConvergentsDigits = 200

// MaxSqrtContinuedFractionN bounds n in sqrt_continued_fraction: the
// period of √n is then below 1.4·10^5 terms and the fundamental solution
// of Pell's equation, whose logarithm is the regulator of Z[√n], below
// √(4n)(ln(4n)/2 + 1)/ln 10 ≈ 95,000 digits.
const MaxSqrtContinuedFractionN = 100_000_000

// ContinuedFractionRequest asks for the expansion of a rational.
type ContinuedFractionRequest struct {
	Value       core.Rational `json:"value"`
	Convergents bool          `json:"convergents,omitempty" jsonschema:"also list the convergents p_i/q_i (default false: the terms alone, as PARI/GP's contfrac; the value is then limited to 200 digits)"`
}

// ContinuedFractionResult is the regular continued fraction of the value
// and, on request, its convergents.
type ContinuedFractionResult struct {
	Terms       []core.Integer  `json:"terms" jsonschema:"[a_0; a_1, …, a_k]: a_0 = ⌊x⌋, a_i ≥ 1, the last ≥ 2 when k ≥ 1"`
	Convergents []core.Rational `json:"convergents,omitempty" jsonschema:"p_i/q_i = [a_0; …, a_i] for i = 0..k, the last equal to the value (when asked for)"`
}

// SqrtContinuedFractionRequest asks for the expansion of √n.
type SqrtContinuedFractionRequest struct {
	N core.Integer `json:"n"`
}

// SqrtContinuedFractionResult is √n = [a_0; period, period, …] and the
// fundamental solution of Pell's equation it yields.
type SqrtContinuedFractionResult struct {
	A0     core.Integer   `json:"a0" jsonschema:"⌊√n⌋"`
	Period []core.Integer `json:"period" jsonschema:"the repeating terms a_1..a_L, ending with 2a_0; empty when n is a square"`
	Length int            `json:"period_length" jsonschema:"L, the length of the period"`
	Pell   *PellSolution  `json:"pell,omitempty" jsonschema:"the convergent p_(L−1)/q_(L−1), absent when n is a square"`
	// periodText is the length of the period's JSON array when
	// sqrtContinuedFraction built it (mirroredPeriod), which MarshalJSON
	// sizes its buffer by; 0 otherwise. It is a hint: a result changed
	// afterwards is encoded the same, its buffer grown as needed.
	periodText int
}

// PellSolution is the least x, y > 0 with x² − n·y² = norm, norm = ±1.
type PellSolution struct {
	X    core.Integer `json:"x"`
	Y    core.Integer `json:"y"`
	Norm int          `json:"norm" jsonschema:"(−1)^L: −1 when x² − ny² = −1 is solvable and this is its least solution"`
}

// continuedFractionOperation expands a rational x = p/q: its terms are
// the quotients of Euclid's algorithm, a_i = ⌊p/q⌋, (p, q) ← (q, p − a_i
// q), found by bignum.ContinuedFractionWords from the half-gcd in
// O(M(n) log n) (Möller, "On Schönhage's algorithm and subquadratic integer gcd
// computation", Math. Comp. 77 (2008)); continuedFraction, one division
// at a time, is the reference. The convergents, on request, follow p_i =
// a_i p_(i−1) + p_(i−2), q_i = a_i q_(i−1) + q_(i−2) (Hardy and Wright,
// An Introduction to the Theory of Numbers, §10.1–10.2). The
// postcondition multiplies the matrices (a_i 1; 1 0) by a product tree,
// whose first column is (p_k, q_k), and compares it with the value in
// lowest terms; as the regular expansion is unique, that proves the
// terms. Convergents are checked by the determinant identity p_i q_(i−1)
// − p_(i−1) q_i = (−1)^(i−1) of consecutive ones and the last against the
// value.
//
// Canonical result: the regular expansion, the one with last term ≥ 2
// (so 3/2 is [1; 2], not [1; 1, 1]), the same as PARI's contfrac; an
// integer is [x]. The convergents are present exactly when asked for.
func continuedFractionOperation() core.Operation[ContinuedFractionRequest, ContinuedFractionResult] {
	return core.Operation[ContinuedFractionRequest, ContinuedFractionResult]{
		ID:         "integer.compute.continued_fraction",
		Title:      "Continued fraction of a rational",
		Summary:    "The regular continued fraction [a_0; a_1, …, a_k] of a rational p/q, and all its convergents on request, by the half-gcd form of Euclid's algorithm.",
		Keywords:   []string{"continued fraction", "contfrac", "convergents", "partial quotients", "euclid", "rational approximation"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"rational", "integer"},
		Limits: []core.Limit{{
			Name: "digits", Max: MaxContinuedFractionDigits, Unit: "digits",
			Description: "the numerator and the denominator have at most this many digits each (terms alone)",
			Beyond: func() string {
				return fmt.Sprintf(`{"value":"1/1%s"}`, repeatDigit('0', MaxContinuedFractionDigits))
			},
			At: func() string {
				return fmt.Sprintf(`{"value":"-%s/%s8"}`, repeatDigit('9', MaxContinuedFractionDigits), repeatDigit('9', MaxContinuedFractionDigits-1))
			},
		}, {
			Name: "convergents_digits", Max: MaxConvergentsDigits, Unit: "digits",
			Description: "with convergents, the numerator and the denominator have at most this many digits each",
			Beyond: func() string {
				return fmt.Sprintf(`{"value":"1/1%s","convergents":true}`, repeatDigit('0', MaxConvergentsDigits))
			},
			At: func() string {
				return fmt.Sprintf(`{"value":"-%s/%s8","convergents":true}`, repeatDigit('9', MaxConvergentsDigits), repeatDigit('9', MaxConvergentsDigits-1))
			},
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a zero denominator", Payload: `{"value":"1/0"}`, Code: core.InvalidPayload, Path: "/payload/value"},
			}
		},
		Preflight: func(ctx context.Context, q ContinuedFractionRequest) error {
			x := q.Value.Rat()
			limit, with := MaxContinuedFractionDigits, ""
			if q.Convergents {
				limit, with = MaxConvergentsDigits, " with convergents"
			}
			for _, c := range []*big.Int{x.Num(), x.Denom()} {
				if d, over := digitsOver(c, limit); over {
					return core.Refusef("the value has a %d-digit component; at most %d digits are allowed%s", d, limit, with)
				}
			}
			return nil
		},
		Run: func(ctx context.Context, q ContinuedFractionRequest) (ContinuedFractionResult, error) {
			x := q.Value.Rat()
			a0, words, large, err := bignum.ContinuedFractionWords(ctx, x.Num(), x.Denom())
			if err != nil {
				return ContinuedFractionResult{}, err
			}
			terms := make([]core.Integer, 1+len(words))
			terms[0] = core.Int(a0)
			putWordIntegers(terms[1:], words)
			for i, a := range large {
				terms[i+1] = core.Int(a)
			}
			r := ContinuedFractionResult{Terms: terms}
			if q.Convergents {
				r.Convergents = convergents(terms)
			}
			return r, nil
		},
		Postcondition: func(ctx context.Context, q ContinuedFractionRequest, r ContinuedFractionResult) error {
			return checkContinuedFraction(ctx, q.Value.Rat(), q.Convergents, r)
		},
		Examples: []core.Example{
			// PARI/GP 2.15: contfrac(355/113) = [3, 7, 16]
			{Title: "355/113", Payload: json.RawMessage(`{"value":"355/113"}`), Result: json.RawMessage(`{"terms":["3","7","16"]}`)},
			// PARI/GP 2.15: contfrac(355/113) = [3, 7, 16] and
			// contfracpnqn([3, 7, 16]) = [355, 22; 113, 7], the last
			// two convergents; the first is a_0 = 3.
			{Title: "355/113 with its convergents", Payload: json.RawMessage(`{"value":"355/113","convergents":true}`), Result: json.RawMessage(`{"terms":["3","7","16"],"convergents":["3","22/7","355/113"]}`)},
			// PARI/GP 2.15: contfrac(-7/3) = [-3, 1, 2]
			{Title: "a negative value", Payload: json.RawMessage(`{"value":"-7/3","convergents":true}`), Result: json.RawMessage(`{"terms":["-3","1","2"],"convergents":["-3","-2","-7/3"]}`)},
			{Title: "an integer", Payload: json.RawMessage(`{"value":"5"}`), Result: json.RawMessage(`{"terms":["5"]}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) ContinuedFractionRequest {
			num := randomInt(rng, 60)
			den := new(big.Int).Abs(randomInt(rng, 60))
			den.Add(den, big.NewInt(1))
			return ContinuedFractionRequest{Value: core.Rat(new(big.Rat).SetFrac(num, den)), Convergents: rng.IntN(2) == 0}
		},
	}
}

// sqrtContinuedFractionOperation expands √n for a non-square n by the
// classical recurrence on the complete quotients (√n + P_i)/Q_i:
//
//	a_i = ⌊(a_0 + P_i)/Q_i⌋,  P_(i+1) = a_i Q_i − P_i,  Q_(i+1) = (n − P_(i+1)²)/Q_i,
//
// all in integers, until Q_i = 1 closes the period (Hardy and Wright,
// §10.7–10.9; Cohen, A Course in Computational Algebraic Number Theory,
// §5.7); by the period's symmetry the recurrence stops at its middle and
// the rest is mirrored (see sqrtContinuedFraction). The convergent
// p_(L−1)/q_(L−1) at the end of the first period is the least solution
// of x² − ny² = (−1)^L (Pell's equation; Lenstra, "Solving the Pell
// equation", Notices AMS 49 (2002)); it is the first column of the
// product of the matrices (a_i 1; 1 0), i < L, taken over half the
// period from word runs and, for long periods, a product tree
// (smallContinuant) rather than term by term, which is quadratic in its
// up to 95,000 digits. The postcondition
// is independent of the recurrence: x² − ny² is the stated norm, the
// period ends with 2a_0, its other terms read the same backwards and are
// at most a_0.
//
// Canonical result: a_0 = ⌊√n⌋, the shortest period a_1..a_L, L, and the
// Pell solution; for a square n (0 included) the period is empty and L
// = 0. n < 0 is a DOMAIN_ERROR.
func sqrtContinuedFractionOperation() core.Operation[SqrtContinuedFractionRequest, SqrtContinuedFractionResult] {
	return core.Operation[SqrtContinuedFractionRequest, SqrtContinuedFractionResult]{
		ID:         "integer.compute.sqrt_continued_fraction",
		Title:      "Continued fraction of a square root",
		Summary:    "The periodic continued fraction √n = [a_0; a_1, …, a_L, a_1, …] with its period, and the fundamental solution of Pell's equation x² − ny² = ±1.",
		Keywords:   []string{"continued fraction", "square root", "periodic continued fraction", "period", "pell equation", "fundamental unit", "quadratic irrational"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{{
			Name: "n", Max: MaxSqrtContinuedFractionN, Unit: "n",
			Description: "n is at most this (10^8)",
			Beyond:      func() string { return fmt.Sprintf(`{"n":"%d"}`, MaxSqrtContinuedFractionN+1) },
			At:          func() string { return fmt.Sprintf(`{"n":"%d"}`, MaxSqrtContinuedFractionN-1) },
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "negative n", Payload: `{"n":"-2"}`, Code: core.DomainError, Path: "/payload/n"},
			}
		},
		Preflight: func(ctx context.Context, q SqrtContinuedFractionRequest) error {
			if q.N.Big().Cmp(big.NewInt(MaxSqrtContinuedFractionN)) > 0 {
				return core.Refusef("n is %s; at most %d is allowed", clipped(q.N.Big()), MaxSqrtContinuedFractionN)
			}
			if q.N.Big().Sign() < 0 {
				return core.DomainErrorAt(core.PayloadPath("n"), "n is %v; √n is real only for n ≥ 0", q.N.Big())
			}
			return nil
		},
		Run: func(ctx context.Context, q SqrtContinuedFractionRequest) (SqrtContinuedFractionResult, error) {
			return sqrtContinuedFraction(ctx, q.N.Big().Int64())
		},
		Postcondition: func(ctx context.Context, q SqrtContinuedFractionRequest, r SqrtContinuedFractionResult) error {
			return checkSqrtContinuedFraction(q.N.Big().Int64(), r)
		},
		Examples: []core.Example{
			// √7 = [2; 1, 1, 1, 4], 8² − 7·3² = 1 (PARI/GP 2.15: quadunit(28) = 8 + 3*w)
			{Title: "√7", Payload: json.RawMessage(`{"n":"7"}`), Result: json.RawMessage(`{"a0":"2","period":["1","1","1","4"],"period_length":4,"pell":{"x":"8","y":"3","norm":1}}`)},
			// √13 = [3; 1, 1, 1, 1, 6], 18² − 13·5² = −1 (quadunit(52) = 18 + 5*w)
			{Title: "√13, odd period", Payload: json.RawMessage(`{"n":"13"}`), Result: json.RawMessage(`{"a0":"3","period":["1","1","1","1","6"],"period_length":5,"pell":{"x":"18","y":"5","norm":-1}}`)},
			{Title: "a square", Payload: json.RawMessage(`{"n":"49"}`), Result: json.RawMessage(`{"a0":"7","period":[],"period_length":0}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) SqrtContinuedFractionRequest {
			return SqrtContinuedFractionRequest{core.Int64(rng.Int64N(1 << (1 + rng.IntN(20))))}
		},
	}
}

// continuedFraction is the regular expansion of x by Euclid's algorithm,
// with floor division so a_0 = ⌊x⌋ for negative x too.
func continuedFraction(x *big.Rat) []core.Integer {
	p, q := new(big.Int).Set(x.Num()), new(big.Int).Set(x.Denom())
	var terms []core.Integer
	for q.Sign() != 0 {
		a, r := new(big.Int).DivMod(p, q, new(big.Int)) // Euclidean: r ≥ 0, q > 0
		terms = append(terms, core.Int(a))
		p, q = q, r
	}
	return terms
}

// convergents are p_i/q_i of terms.
func convergents(terms []core.Integer) []core.Rational {
	p0, p1 := big.NewInt(1), big.NewInt(0) // p_(−1), p_(−2)
	q0, q1 := big.NewInt(0), big.NewInt(1)
	out := make([]core.Rational, len(terms))
	for i, a := range terms {
		p := new(big.Int).Mul(a.Big(), p0)
		p.Add(p, p1)
		q := new(big.Int).Mul(a.Big(), q0)
		q.Add(q, q1)
		out[i] = core.Rat(new(big.Rat).SetFrac(p, q))
		p0, p1, q0, q1 = p, p0, q, q0
	}
	return out
}

// checkContinuedFraction is continued_fraction's postcondition: the
// terms' shape, their matrix product against the value, and the
// convergents when asked for.
func checkContinuedFraction(ctx context.Context, x *big.Rat, withConvergents bool, r ContinuedFractionResult) error {
	k := len(r.Terms)
	if k == 0 {
		return fmt.Errorf("no terms")
	}
	for i, a := range r.Terms[1:] {
		if a.Big().Sign() <= 0 {
			return fmt.Errorf("term %d is %v, not positive", i+1, clipped(a.Big()))
		}
	}
	if k > 1 && r.Terms[k-1].Big().Cmp(big.NewInt(2)) < 0 {
		return fmt.Errorf("the last term is 1: the expansion is not the regular one")
	}
	// (a_0 1; 1 0)·R, R = Π_(i≥1) (a_i 1; 1 0), has first column (p_k, q_k).
	m, err := continuantProduct(ctx, k-1, func(i int) (uint64, *big.Int) {
		a := r.Terms[i+1].Big()
		if a.IsUint64() {
			return a.Uint64(), nil
		}
		return 0, a
	})
	if err != nil {
		return err
	}
	p := bignum.Mul(new(big.Int), r.Terms[0].Big(), m.p)
	p.Add(p, m.q)
	if p.Cmp(x.Num()) != 0 || m.p.Cmp(x.Denom()) != 0 {
		return fmt.Errorf("the terms do not evaluate to the value")
	}
	if !withConvergents {
		if r.Convergents != nil {
			return fmt.Errorf("convergents were not asked for")
		}
		return nil
	}
	if len(r.Convergents) != k {
		return fmt.Errorf("%d terms and %d convergents", k, len(r.Convergents))
	}
	if r.Convergents[0].Rat().Cmp(new(big.Rat).SetInt(r.Terms[0].Big())) != 0 || r.Convergents[k-1].Rat().Cmp(x) != 0 {
		return fmt.Errorf("the first convergent is not a_0 or the last is not the value")
	}
	for i := 1; i < k; i++ {
		a, b := r.Convergents[i].Rat(), r.Convergents[i-1].Rat()
		d := new(big.Int).Mul(a.Num(), b.Denom())
		d.Sub(d, new(big.Int).Mul(b.Num(), a.Denom()))
		if want := int64(1 - 2*((i-1)%2)); !d.IsInt64() || d.Int64() != want {
			return fmt.Errorf("convergents %d and %d break p_i q_(i−1) − p_(i−1) q_i = (−1)^(i−1)", i-1, i)
		}
	}
	return nil
}

// continuant is (p p'; q q'), a product of matrices (a 1; 1 0).
type continuant struct{ p, pp, q, qq *big.Int }

// times returns m·n.
func (m continuant) times(n continuant) continuant {
	prod := func(a, b, c, d *big.Int) *big.Int {
		x := bignum.Mul(new(big.Int), a, b)
		return x.Add(x, bignum.Mul(new(big.Int), c, d))
	}
	return continuant{prod(m.p, n.p, m.pp, n.q), prod(m.p, n.pp, m.pp, n.qq), prod(m.q, n.p, m.qq, n.q), prod(m.q, n.pp, m.qq, n.qq)}
}

// continuantProduct returns Π (a_i 1; 1 0) over the n positive terms
// a_0..a_(n−1), in order, by a product tree: runs of terms multiply in
// machine words while the entries fit, the word matrices multiply into a
// matrix of up to continuantLeafWords words in place (no allocation per
// run, where a big.Int product each was most of the cost at a few hundred
// digits), and those pieces pairwise, so the cost is O(M(n) log n) for an
// n-bit result where the product one term at a time is quadratic.
// term(i) returns a_i as a word, or as a big.Int when it does not fit
// one. The product of no terms is the identity.
func continuantProduct(ctx context.Context, n int, term func(i int) (uint64, *big.Int)) (continuant, error) {
	var pieces []continuant
	var leaf continuantLeaf
	leaf.reset()
	// The word matrix (w0 w1; w2 w3) of the current run.
	w0, w1, w2, w3 := uint64(1), uint64(0), uint64(0), uint64(1)
	endRun := func() {
		if w0 == 1 && w1 == 0 && w2 == 0 && w3 == 1 {
			return
		}
		if leaf.n >= continuantLeafWords {
			pieces = append(pieces, leaf.piece())
			leaf.reset()
		}
		leaf.times(w0, w1, w2, w3)
		w0, w1, w2, w3 = 1, 0, 0, 1
	}
	for i := range n {
		if i%4096 == 4095 {
			if err := ctx.Err(); err != nil {
				return continuant{}, err
			}
		}
		v, a := term(i)
		if a == nil && v < continuantRunBound {
			// W·(v 1; 1 0) = (w0·v + w1, w0; w2·v + w3, w2), if its
			// entries stay below continuantRunBound.
			h0, l0 := bits.Mul64(w0, v)
			n0, c0 := bits.Add64(l0, w1, 0)
			h2, l2 := bits.Mul64(w2, v)
			n2, c2 := bits.Add64(l2, w3, 0)
			if h0|c0|h2|c2 == 0 && max(n0, n2) < continuantRunBound {
				w0, w1, w2, w3 = n0, w0, n2, w2
				continue
			}
			endRun()
			w0, w1, w2, w3 = v, 1, 1, 0
			continue
		}
		if a == nil {
			a = new(big.Int).SetUint64(v)
		}
		endRun()
		if leaf.n > 1 || !leaf.isIdentity() {
			pieces = append(pieces, leaf.piece())
			leaf.reset()
		}
		pieces = append(pieces, continuant{new(big.Int).Set(a), big.NewInt(1), big.NewInt(1), new(big.Int)})
	}
	endRun()
	pieces = append(pieces, leaf.piece())
	return multiplyPieces(ctx, pieces)
}

// multiplyPieces multiplies pieces, at least one, in order, pairwise up a
// balanced tree, so that the long products are of numbers of about equal
// size, polling ctx once a level.
func multiplyPieces(ctx context.Context, pieces []continuant) (continuant, error) {
	for len(pieces) > 1 {
		if err := ctx.Err(); err != nil {
			return continuant{}, err
		}
		next := pieces[:0:0]
		for i := 0; i+1 < len(pieces); i += 2 {
			next = append(next, pieces[i].times(pieces[i+1]))
		}
		if len(pieces)%2 == 1 {
			next = append(next, pieces[len(pieces)-1])
		}
		pieces = next
	}
	return pieces[0], nil
}

// continuantRunBound bounds the entries of a run's word matrix, so that a
// row of a leaf times it, two products of words and a carry word, stays
// below 2^128.
const continuantRunBound = 1 << 62

// continuantLeafWords is the size in words up to which continuantProduct
// multiplies word matrices into a leaf in place.
const continuantLeafWords = 16

// continuantLeaf is a matrix (m00 m01; m10 m11) of nonnegative numbers in
// n words each, in one array.
type continuantLeaf struct {
	words [4][]big.Word
	n     int
}

// reset makes the leaf the identity, in a fresh array.
func (l *continuantLeaf) reset() {
	const size = continuantLeafWords + 1
	block := make([]big.Word, 4*size)
	for i := range l.words {
		l.words[i] = block[i*size : (i+1)*size : (i+1)*size]
	}
	l.words[0][0], l.words[3][0] = 1, 1
	l.n = 1
}

func (l *continuantLeaf) isIdentity() bool {
	return l.words[0][0] == 1 && l.words[1][0] == 0 && l.words[2][0] == 0 && l.words[3][0] == 1
}

// times sets the leaf to L·W for the word matrix W = (w0 w1; w2 w3), in
// place: each row (u, v) becomes (u·w0 + v·w2, u·w1 + v·w3), one word
// longer at most. The leaf must have fewer than continuantLeafWords + 1
// words.
func (l *continuantLeaf) times(w0, w1, w2, w3 uint64) {
	for _, row := range [2][2][]big.Word{{l.words[0], l.words[1]}, {l.words[2], l.words[3]}} {
		// The words at l.n are zero: past the leaf's length, they take
		// the carry. The entries of W are below continuantRunBound.
		bignum.AddMulPair(row[0][:l.n+1], row[1][:l.n+1], [4]uint64{w0, w1, w2, w3})
	}
	if l.words[0][l.n]|l.words[1][l.n]|l.words[2][l.n]|l.words[3][l.n] != 0 {
		l.n++
	}
}

// piece returns the leaf as a continuant sharing its words; the leaf must
// be reset before further use.
func (l *continuantLeaf) piece() continuant {
	var c [4]*big.Int
	for i := range c {
		c[i] = new(big.Int).SetBits(l.words[i][:l.n])
	}
	return continuant{c[0], c[1], c[2], c[3]}
}

// sqrtContinuedFraction expands √n, 0 ≤ n ≤ MaxSqrtContinuedFractionN.
//
// Only half the period is walked. With x_i = (√n + P_i)/Q_i the complete
// quotients, the period a_1..a_L has a_i = a_(L−i) for i < L, P_i =
// P_(L+1−i) and Q_i = Q_(L−i) (Perron, Die Lehre von den Kettenbrüchen,
// §24; Cohen, §5.7.2), so the walk stops at its middle: P_(h+1) = P_h
// means L = 2h, Q_(h+1) = Q_h means L = 2h + 1, and the rest of the
// period is the first half read backwards, then 2a_0. The Pell solution
// is the first column of A_0·C·D·Cᵀ, A_i = (a_i 1; 1 0), C = A_1⋯A_k for
// k = h − 1 (L even, D = A_h) or k = h (L odd, D = I), as each A_i is
// symmetric and a product of them read backwards is the transpose: one
// product over half the terms (smallContinuant) and four products of its
// size, where the product over the whole period multiplies twice as many
// numbers.
// sqrtContinuedFractionWalk, the whole period step by step, is the
// reference for the period and pellByRecurrence for the solution.
func sqrtContinuedFraction(ctx context.Context, n int64) (SqrtContinuedFractionResult, error) {
	a0 := int64(modular.Sqrt64(uint64(n)))
	res := SqrtContinuedFractionResult{A0: core.Int64(a0), Period: []core.Integer{}}
	if a0*a0 == n {
		return res, nil
	}
	// (√n + m)/d is the complete quotient, from m_0 = 0, d_0 = 1, with
	// d_(−1) = n. Every quantity is below n < 2^32 (0 ≤ m ≤ a_0,
	// 1 ≤ d ≤ 2a_0), so the walk divides in 32 bits, which is several
	// times faster than in 64 on common hardware, and once a step: the
	// next d is d_(i−1) + a_i(m_i − m_(i+1)) (Cohen, §5.7.2; wrapping
	// around 2^32 in the middle term, exact in the sum) rather than the
	// quotient (n − m_(i+1)²)/d_i. The half period is walked once, into
	// a buffer kept between calls (halfPeriodBuffers): walking it twice,
	// to count and then to fill an array of its length, spent a third of
	// the operation's own time on the walk, and growing a fresh array by
	// appends copied and allocated the terms several times over.
	buf := halfPeriodBuffers.Get().(*[]uint32)
	defer halfPeriodBuffers.Put(buf)
	half, odd, err := sqrtHalfPeriod(ctx, uint32(n), uint32(a0), (*buf)[:0])
	*buf = half
	if err != nil {
		return res, err
	}
	h := len(half)
	k := h - 1 // C = A_1⋯A_k, and the mirror starts after a_k
	if odd {
		k = h
	}
	res.Period, res.periodText = mirroredPeriod(half, k, uint32(2*a0))
	res.Length = len(res.Period)
	sc := pellScratches.Get().(*pellScratch)
	defer pellScratches.Put(sc)
	c, err := smallContinuant(ctx, half[:max(k, 0)], &sc.words)
	if err != nil {
		return res, err
	}
	// v = D·(c00, c01), u = C·v; the first column of A_0·C·D·Cᵀ is
	// A_0·u = (a_0·u_0 + u_1, u_0). x and y = u_0 are the result's own;
	// the other numbers are the scratch's.
	t := &sc.t
	var y *big.Int
	v0, v1 := c.p, c.pp
	if odd {
		// u_0 = c00² + c01², two squarings.
		y = bignum.Sqr(new(big.Int), c.p)
		y.Add(y, bignum.Sqr(&t[1], c.pp))
	} else {
		// v = (c00·a_h + c01, c00), so u_0 = c00·(v_0 + c01), one product.
		v0 = t[0].Mul(c.p, big.NewInt(int64(half[h-1])))
		v0.Add(v0, c.pp)
		v1 = c.p
		y = bignum.Mul(new(big.Int), c.p, t[1].Add(v0, c.pp))
	}
	x := bignum.Mul(new(big.Int), c.q, v0)
	x.Add(x, bignum.Mul(&t[1], c.qq, v1))
	x.Add(x, t[1].Mul(y, big.NewInt(a0)))
	norm := 1
	if res.Length%2 == 1 {
		norm = -1
	}
	res.Pell = &PellSolution{X: core.Int(x), Y: core.Int(y), Norm: norm}
	return res, nil
}

// pellScratch is the room sqrtContinuedFraction computes the Pell
// solution in, besides the solution itself: smallContinuant's leaves and
// two temporaries, reused across calls (pellScratches) so that a run
// allocates x and y alone, about 1.5 kB fewer at n ≈ 10^8.
type pellScratch struct {
	words []big.Word
	t     [2]big.Int
}

var pellScratches = sync.Pool{New: func() any { return new(pellScratch) }}

// sqrtHalfPeriod walks the first half of the period of √n, n = n32 not a
// square, a_0 = a032 (see sqrtContinuedFraction): it appends the h terms
// a_1..a_h before the middle to terms and returns them, and whether the
// period is odd (L = 2h + 1) or even (L = 2h). Every term is at most
// 2a_0 < 2^15: words of 32 bits hold them.
func sqrtHalfPeriod(ctx context.Context, n32, a032 uint32, terms []uint32) (half []uint32, odd bool, err error) {
	w := halfWalk{m: 0, d: 1, dPrev: n32, a: a032}
	for {
		var done bool
		terms, done, odd = w.steps(slices.Grow(terms, halfWalkBlock), a032)
		if done {
			return terms, odd, nil
		}
		if err := ctx.Err(); err != nil {
			return terms, false, err
		}
	}
}

// halfWalk is the state of sqrtHalfPeriod's walk: the complete quotient
// (√n + m)/d, the d before it and the term a = ⌊(a_0 + m)/d⌋.
type halfWalk struct{ m, d, dPrev, a uint32 }

// halfWalkBlock is the number of steps between two polls of the context.
const halfWalkBlock = 1024

// steps takes up to halfWalkBlock steps of the walk from a_0 = a032 ≥ 1,
// appending the terms to terms, which has room for them: a loop without
// a call, whose state stays in registers (the poll inside it spilled and
// reloaded it at every step). It reports whether the middle of the
// period was reached and whether the period is odd. At the first step m
// = 0 and the next m is a_0 ≥ 1, so equal m's mean the middle.
func (w *halfWalk) steps(terms []uint32, a032 uint32) (half []uint32, done, odd bool) {
	m, d, dPrev, a := w.m, w.d, w.dPrev, w.a
	n := len(terms)
	out := terms[n : n+halfWalkBlock]
	for j := range out {
		nm := d*a - m
		nd := dPrev + a*(m-nm)
		if nm == m {
			return terms[:n+j], true, false // P_(i+1) = P_i: L = 2i
		}
		if nd == d {
			return terms[:n+j], true, true // Q_(i+1) = Q_i: L = 2i + 1
		}
		m, d, dPrev = nm, nd, d
		a = (a032 + m) / d
		out[j] = a
	}
	*w = halfWalk{m, d, dPrev, a}
	return terms[:n+halfWalkBlock], false, false
}

// halfPeriodBuffers holds the buffers sqrtHalfPeriod writes the half
// period into, reused across calls; a buffer grows to the longest half
// period it has held, below 7·10^4 terms (280 kB) for n ≤ 10^8.
var halfPeriodBuffers = sync.Pool{New: func() any { return new([]uint32) }}

// mirroredPeriod is the period a_1..a_L from its first half a_1..a_h:
// half, then half[k−1], …, half[0], then last = 2a_0, as Integers, and
// the length of the period's JSON array as appendIntegerList writes it
// (TestPeriodTextSize). One pass stores each term of the half and counts
// its text: a term below smallTermCount (nearly all) is the shared
// smallTerms value, its text the quotedSmallTerms entry's, a larger one
// allocated alone; a second copies the first k backwards, the mirrored
// terms sharing the first half's values, and the text is twice the
// half's less that of an unmirrored middle term.
func mirroredPeriod(half []uint32, k int, last uint32) (period []core.Integer, text int) {
	h, k := len(half), max(k, 0)
	out := make([]core.Integer, h+k+1)
	small, quoted := smallTerms(), quotedSmallTerms()
	// The text of the period is twice that of the half, less that of
	// half[h−1] when it is not mirrored (k = h − 1), and the last term.
	size := 0
	for i, w := range half {
		if w < smallTermCount {
			out[i] = core.Int(&small[w])
			size += int(quoted[w].size)
		} else {
			out[i] = core.Int64(int64(w))
			size += wordTextSize(w)
		}
	}
	text = 1 + wordTextSize(last) + 2*size // '[' and the last term, its comma the ']'
	if k < h {
		text -= wordTextSize(half[h-1])
	}
	mirror := out[h : h+k]
	for j := range mirror {
		mirror[j] = out[k-1-j]
	}
	putWordIntegers(out[h+k:], []uint32{last})
	return out, text
}

// wordTextSize is the length of w's JSON string and a comma.
func wordTextSize(w uint32) int { return len(strconv.FormatUint(uint64(w), 10)) + 3 }

// sqrtContinuedFractionWalk is the reference for the period: the
// recurrence over the whole period, until Q_i = 1 closes it.
func sqrtContinuedFractionWalk(n int64) (a0 int64, period []uint64) {
	a0 = int64(modular.Sqrt64(uint64(n)))
	if a0*a0 == n {
		return a0, nil
	}
	m, d, a := int64(0), int64(1), a0
	for {
		m = d*a - m
		d = (n - m*m) / d
		a = (a0 + m) / d
		period = append(period, uint64(a))
		if d == 1 {
			return a0, period
		}
	}
}

// smallTermCount bounds the values putWordIntegers shares.
const smallTermCount = 256

// smallTerms returns the Integers 0..smallTermCount − 1, shared read-only
// by the lists of small terms (core.Integer's value is never modified).
// They are made on first use, in an array outside the heap: a list of
// small terms is thousands of pointers into it, and while the collector
// marks, each pointer written is handed to it, which for an address
// outside the heap ends at the first lookup (the period of √61957347,
// 1,974 terms, was built in 16.4 µs of CPU time instead of 20.1 from a
// heap array, minima of 3 alternations on a loaded host).
func smallTerms() *[smallTermCount]big.Int {
	smallTermTable.once.Do(func() {
		for i := range smallTermTable.values {
			smallTermTable.values[i].SetInt64(int64(i))
		}
	})
	return &smallTermTable.values
}

var smallTermTable struct {
	once   sync.Once
	values [smallTermCount]big.Int
}

// putWordIntegers sets out[i] to the Integer ws[i]: those below
// smallTermCount, nearly all the terms of a continued fraction (a term
// is at least 256 with probability log₂(1 + 1/256) ≈ 0.6%, by the
// Gauss–Kuzmin law), share smallTerms, the others one array of words and
// one of big.Ints, instead of an allocation each.
func putWordIntegers[W uint32 | uint64](out []core.Integer, ws []W) {
	small := smallTerms()
	large := 0
	for _, w := range ws {
		if w >= smallTermCount {
			large++
		}
	}
	vals := make([]big.Int, large)
	words := make([]big.Word, large)
	j := 0
	for i, w := range ws {
		if w < smallTermCount {
			out[i] = core.Int(&small[w])
			continue
		}
		words[j] = big.Word(w)
		out[i] = core.Int(vals[j].SetBits(words[j : j+1 : j+1]))
		j++
	}
}

// checkSqrtContinuedFraction is sqrt_continued_fraction's postcondition.
func checkSqrtContinuedFraction(n int64, r SqrtContinuedFractionResult) error {
	a0 := r.A0.Big()
	// a_0 = ⌊√n⌋ exactly when a_0² ≤ n < (a_0 + 1)², in words: n ≤ 10^8.
	if !a0.IsInt64() || a0.Sign() < 0 || a0.Int64() > 1<<31 ||
		a0.Int64()*a0.Int64() > n || (a0.Int64()+1)*(a0.Int64()+1) <= n {
		return fmt.Errorf("a_0 is %v, not ⌊√%d⌋", clipped(a0), n)
	}
	L := len(r.Period)
	if L != r.Length {
		return fmt.Errorf("the period has %d terms but says %d", L, r.Length)
	}
	if sq := new(big.Int).Mul(a0, a0); sq.Cmp(big.NewInt(n)) == 0 {
		if L != 0 || r.Pell != nil {
			return fmt.Errorf("%d is a square: no period", n)
		}
		return nil
	}
	if L == 0 || r.Pell == nil {
		return fmt.Errorf("√%d is irrational: a period and a Pell solution are due", n)
	}
	if r.Period[L-1].Big().Cmp(new(big.Int).Lsh(a0, 1)) != 0 {
		return fmt.Errorf("the period ends with %v, not 2a_0", r.Period[L-1])
	}
	// Each pair of mirrored terms is compared once, the range tested on
	// one of two equal terms. Two terms that are one big.Int of a word
	// (as mirroredPeriod shares them) are settled by sharedMirror's loop
	// without reading the second; the others here.
	a0w := a0.Uint64() // a_0 ≥ 1: n is no square
	for i := sharedMirror(r.Period, 0, a0w); i <= L-2-i; i = sharedMirror(r.Period, i+1, a0w) {
		u, v := r.Period[i].Big(), r.Period[L-2-i].Big()
		if u.Cmp(v) != 0 {
			return fmt.Errorf("the period without its last term is not a palindrome (terms %d and %d)", i+1, L-1-i)
		}
		if u.Sign() <= 0 || u.Cmp(a0) > 0 {
			return fmt.Errorf("term %d is %v, outside [1, a_0]", i+1, clipped(u))
		}
	}
	x, y := r.Pell.X.Big(), r.Pell.Y.Big()
	// x² − n·y² by two squarings and a product by a word, in scratch
	// numbers kept between calls: about 3 kB a run at n ≈ 10^8 not
	// allocated.
	sc := normScratches.Get().(*[3]big.Int)
	defer normScratches.Put(sc)
	v := sc[0].Mul(x, x)
	v.Sub(v, sc[2].Mul(sc[1].Mul(y, y), big.NewInt(n)))
	if want := 1 - 2*(L%2); x.Sign() <= 0 || y.Sign() <= 0 || !v.IsInt64() || v.Int64() != int64(want) || r.Pell.Norm != want {
		return fmt.Errorf("x² − %d·y² is %v, not the norm (−1)^L = %d", n, clipped(v), want)
	}
	return nil
}

// normScratches holds checkSqrtContinuedFraction's three numbers.
var normScratches = sync.Pool{New: func() any { return new([3]big.Int) }}

// sharedMirror returns the first i' ≥ i with i' ≤ L − 2 − i' (L =
// len(period)) whose term and mirror, period[L − 2 − i'], are not one
// big.Int in [1, a0w] of one word, or the first i' past the middle: a
// loop without a call, so that its state stays in registers.
func sharedMirror(period []core.Integer, i int, a0w uint64) int {
	L := len(period)
	for ; i <= L-2-i; i++ {
		u := period[i].Big()
		if u != period[L-2-i].Big() {
			return i
		}
		if w := u.Bits(); len(w) != 1 || u.Sign() < 0 || uint64(w[0]) > a0w {
			return i
		}
	}
	return i
}
