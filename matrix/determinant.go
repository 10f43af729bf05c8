package matrix

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"

	"jacobian.dev/core"
	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// MaxDeterminantDimension bounds the order of a determinant.
const MaxDeterminantDimension = 1000

// determinantEstimateOrder is the order of the estimate limit's probes:
// at MaxDeterminantDimension its At probe, with 15-digit entries, would
// exceed core.DefaultMaxPayloadBytes (TestEstimateProbesFit), and at 600
// the probes (6.5 MB) parse and preflight promptly on a loaded machine.
const determinantEstimateOrder = 600

// DeterminantRequest is a square matrix.
type DeterminantRequest struct {
	Matrix core.Matrix `json:"matrix"`
	Ring   *Ring       `json:"ring,omitempty" jsonschema:"compute over GF(p) instead of Q (see ring.go)"`

	// words are Matrix's entries when the decoder found them all integers
	// of at most 18 digits (wordMatrixField), else nil: preflight, the
	// determinant and its postcondition then read words instead of
	// big.Rats. Read-only, like Matrix.
	words [][]int64
}

// DeterminantResult is the exact determinant.
type DeterminantResult struct {
	Determinant core.Rational `json:"determinant"`
}

// determinantOperation computes det(A) for a square matrix over Q.
//
// Canonical form: the reduced rational string of the determinant (an
// integer string for integer matrices). The 0×0 determinant is 1; a
// non-square matrix is a DOMAIN_ERROR. A matrix whose rows, cleared of
// their denominators, would exceed MaxScaledBits is refused before any
// work (RESOURCE_REFUSED).
//
// Algorithm: rows are made integral by their denominators' lcm L_i, so
// det A = det B/∏L_i for the integer matrix B. Then, by order n:
//
//   - n < 12: the last pivot of Bareiss's fraction-free elimination
//     (eliminate.go), O(n³) operations on integers of O(n·(log n + entry
//     bits)) bits.
//   - n ≥ 12 with n·max|B| < 2^61 (word entries): Abbott, Bronstein and
//     Mulders' method (ISSAC 1999), as in FLINT's fmpz_mat_det: Dixon
//     p-adic lifting solves B·x = b for a pseudo-random b, the lcm d of
//     the denominators of x divides det B, and det B/d, bounded by
//     Hadamard's bound over d, comes from a few determinants modulo 62-bit
//     primes (three primes at n = 200, five at n = 400 for entries below
//     100), computed on the other core during the lifting. All modular
//     work runs on the block-recursive PLE decomposition of core/modmat,
//     O(n^ω) word operations (determinant_crt.go).
//   - a word matrix singular modulo the first three primes: a nonzero
//     integer kernel vector from one more Dixon lifting proves det B = 0
//     (provablySingular), one O(n³) decomposition where the classical
//     path would need hundreds at n = 1000.
//   - n ≥ 12 otherwise, or when that proof fails: det B modulo enough
//     62-bit primes to exceed twice Hadamard's bound, computed in
//     parallel and combined by the CRT tree of core/modular; this proves
//     a zero determinant too. Beyond 4096 primes
//     (entries of many thousand bits) Bareiss runs instead.
//
// Every path is deterministic and proven (no early termination); the
// tests check them against each other and against Bareiss.
//
// Postcondition: the determinant modulo a random 62-bit prime equals an
// independent Gaussian elimination over GF(p) (core/modular).
func determinantOperation() core.Operation[DeterminantRequest, DeterminantResult] {
	return core.Operation[DeterminantRequest, DeterminantResult]{
		ID:         "matrix.determinant.compute",
		Title:      "Determinant",
		Summary:    "Exact determinant of a square matrix of integers or rationals: Bareiss elimination below order 12, above it a p-adic divisor of the determinant with a few modular determinants (Abbott–Bronstein–Mulders) or multi-modular reconstruction.",
		Keywords:   []string{"determinant", "det", "matdet", "bareiss", "chinese remainder", "square matrix", "singular", "volume"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		Bounds:     ringBounds(matrixBounds(MaxDeterminantDimension, "matrix")),
		InputKinds: []string{"matrix"},
		RefusalExamples: func() []core.RefusalExample {
			return append(squareRefusals(), ringRefusals("matrix", "")...)
		},
		Limits: []core.Limit{
			dimensionLimit("matrix", MaxDeterminantDimension, fixed("")),
			entryLimit("matrix", fixed("")),
			estimateLimit(determinantEstimateOrder, estimateDeterminant),
			ringLimit("matrix", ""),
		},
		Preflight: func(ctx context.Context, q DeterminantRequest) error {
			if q.words != nil && q.Ring == nil {
				return preflightWords(q.Matrix, q.words)
			}
			if err := checkSize("the matrix", q.Matrix, MaxDeterminantDimension); err != nil {
				return err
			}
			if err := requireSquare("the determinant", "matrix", q.Matrix); err != nil {
				return err
			}
			if q.Ring != nil {
				p, err := q.Ring.prime()
				if err != nil {
					return err
				}
				_, err = reduceRing(q.Matrix, p, "matrix")
				return err
			}
			if err := checkScaledBits(q.Matrix, false); err != nil {
				return err
			}
			return checkEstimate("this determinant", estimateDeterminant(q.Matrix))
		},
		Run: func(ctx context.Context, q DeterminantRequest) (DeterminantResult, error) {
			if q.Ring != nil {
				p, err := q.Ring.prime()
				if err != nil {
					return DeterminantResult{}, err
				}
				a, err := reduceRing(q.Matrix, p, "matrix")
				if err != nil || len(a) == 0 {
					return DeterminantResult{wordRat(1)}, err
				}
				d, err := modmat.DeterminantInPlace(ctx, modmat.FromRows(a), modular.NewModulus(p))
				return DeterminantResult{wordRat(d)}, err
			}
			d, err := determinantOf(ctx, q.Matrix, q.words)
			if err != nil {
				return DeterminantResult{}, err
			}
			return DeterminantResult{core.Rat(d)}, nil
		},
		Postcondition: func(ctx context.Context, q DeterminantRequest, r DeterminantResult) error {
			if q.Ring != nil {
				// The classical elimination of core/modular against the
				// PLE decomposition of core/modmat.
				p, err := q.Ring.prime()
				if err != nil {
					return err
				}
				a, err := reduceRing(q.Matrix, p, "matrix")
				if err != nil {
					return err
				}
				got, err := residues(core.Matrix{{r.Determinant}}, p)
				if err != nil {
					return err
				}
				want := uint64(1)
				if len(a) > 0 {
					want = modular.Determinant(a, p)
				}
				if got[0][0] != want {
					return fmt.Errorf("determinant %s over GF(%d), but classical elimination gives %d", r.Determinant, p, want)
				}
				return nil
			}
			var rng *rand.Rand
			if q.words != nil {
				rng = wordMatrixRNG(q.words)
			} else {
				rng = matrixRNG(q.Matrix)
			}
			return withPrime(rng, func(p uint64) (bool, error) {
				var a modular.Matrix
				ok := true
				if q.words != nil {
					a = imageWords(q.words, modular.NewModulus(p))
				} else {
					a, ok = image(q.Matrix, p)
				}
				got, ok2 := modular.ReduceRat(r.Determinant.Rat(), p)
				if !ok || !ok2 {
					return false, nil
				}
				// a is a fresh image: eliminate in place.
				if want := modular.DeterminantInPlace(a, p); got != want {
					return true, fmt.Errorf("determinant %s is %d modulo %d, but elimination modulo %d gives %d", r.Determinant, got, p, p, want)
				}
				return true, nil
			})
		},
		Examples: []core.Example{
			{Title: "2×2 integer matrix", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]]}`), Result: json.RawMessage(`{"determinant":"-2"}`)},
			// PARI/GP 2.15.2: matdet([1/2,1/3;1/4,1/5]) = 1/60.
			{Title: "rational entries", Payload: json.RawMessage(`{"matrix":[["1/2","1/3"],["1/4","1/5"]]}`), Result: json.RawMessage(`{"determinant":"1/60"}`)},
			{Title: "singular matrix", Payload: json.RawMessage(`{"matrix":[["1","2","3"],["4","5","6"],["7","8","9"]]}`), Result: json.RawMessage(`{"determinant":"0"}`)},
			{Title: "the 0×0 determinant is 1", Payload: json.RawMessage(`{"matrix":[]}`), Result: json.RawMessage(`{"determinant":"1"}`)},
			// PARI/GP 2.15.2: matdet(Mod([1,2;3,4],7)) = Mod(5, 7), and
			// matdet(Mod([4,1;1,1],7)) = Mod(3, 7), 1/2 being 4 modulo 7.
			{Title: "over GF(7)", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]],"ring":{"modulus":"7"}}`), Result: json.RawMessage(`{"determinant":"5"}`)},
			{Title: "a fraction over GF(7)", Payload: json.RawMessage(`{"matrix":[["1/2","1"],["1","1"]],"ring":{"modulus":"7"}}`), Result: json.RawMessage(`{"determinant":"3"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) DeterminantRequest {
			n := rng.IntN(9)
			q := DeterminantRequest{Matrix: randomMatrix(rng, n, n)}
			if rng.IntN(4) == 0 {
				// Primes above the generator's denominators (at most 6).
				q.Ring = &Ring{core.Int64([]int64{7, 11, 1_000_003, 4611686018427387847}[rng.IntN(4)])}
			}
			return q
		},
		// 1.6 s on this machine (160×160 with 30 digits, 0.8 s).
		Slow: func() string {
			return slowIntegers("matrix", 200, 40)
		},
	}
}

// matrixRNG is checkRNG for a request that is one matrix over Q, seeded
// from its shape and entries by wordStream: it reads the entries in place,
// where checkRNG's JSON encoding and SHA-256 cost more than the check
// itself for a 500×500 determinant.
func matrixRNG(m core.Matrix) *rand.Rand {
	s := newWordStream()
	s.matrix(m)
	return s.rng()
}

// preflightWords is the preflight of the determinant of m over Q whose
// entries are the words: the order and squareness are checked, and the
// estimate is taken from the words. The entry and scaling limits cannot
// be reached: 18 digits are below MaxEntryDigits, and an n×n integer
// matrix with n ≤ MaxDeterminantDimension and entries below 2^60 scales
// to n²·61 bits, below MaxScaledBits (TestPreflightWordsBounds).
func preflightWords(m core.Matrix, words [][]int64) error {
	if r, c := m.Dims(); r > MaxDeterminantDimension || c > MaxDeterminantDimension {
		return checkSize("the matrix", m, MaxDeterminantDimension)
	}
	if err := requireSquare("the determinant", "matrix", m); err != nil {
		return err
	}
	return checkEstimate("this determinant", estimateDeterminantBits(wordRowBits(words)))
}

// determinant returns det(m) of a square matrix: the multi-modular method
// from order multimodularThreshold up, Bareiss below it.
func determinant(ctx context.Context, m core.Matrix) (*big.Rat, error) {
	return determinantOf(ctx, m, nil)
}

// determinantOf is determinant with m's entries as words when the
// decoder kept them (DeterminantRequest.words), else nil.
func determinantOf(ctx context.Context, m core.Matrix, words [][]int64) (*big.Rat, error) {
	if len(m) >= multimodularThreshold {
		// Integer word matrices, the common case, skip the big.Int copy.
		a, ok := words, words != nil && wordsWithin(words)
		if words == nil {
			a, ok = integerWords(m)
		}
		if ok {
			num, ok, err := determinantWords(ctx, a)
			if err != nil {
				return nil, err
			}
			if ok {
				return new(big.Rat).SetInt(num), nil
			}
		}
	}
	b, scale := ints(m...)
	var num *big.Int
	var err error
	ok := false
	if len(m) >= multimodularThreshold {
		num, ok, err = determinantMultimodular(ctx, b)
	}
	if !ok && err == nil {
		num, err = determinantBareiss(ctx, b)
	}
	if err != nil {
		return nil, err
	}
	den := big.NewInt(1)
	for _, s := range scale {
		den.Mul(den, s)
	}
	return new(big.Rat).SetFrac(num, den), nil
}

// determinantBareiss returns det b for a square integer matrix: the last
// pivot of fraction-free elimination, signed by the row swaps.
func determinantBareiss(ctx context.Context, b [][]*big.Int) (*big.Int, error) {
	n := len(b)
	e, err := eliminate(ctx, b, n, false)
	if err != nil {
		return nil, err
	}
	if len(e.pivots) < n {
		return new(big.Int), nil
	}
	det := new(big.Int).Set(e.last)
	if e.swaps%2 == 1 {
		det.Neg(det)
	}
	return det, nil
}

// slowSquare is a cancellation probe: an n×n matrix of rationals with
// random 10-digit numerators and denominators. Clearing a row's
// denominators makes every entry an integer of thousands of bits, so any
// exact method on it runs far longer than a second already for n = 40,
// while the payload stays small and parses quickly.
func slowSquare(field string, n int, extra string) string {
	return slowMatrix(field, n, false, extra)
}

// slowIntegers is a cancellation probe for the operations whose preflight
// estimates their time (cost.go): an n×n matrix of random integers of the
// given number of digits, inside the estimate limit yet seconds of work
// (160×160 with 30 digits: about 270 images modulo 62-bit primes for the
// determinant).
func slowIntegers(field string, n, digits int) string {
	payload, _ := json.Marshal(map[string]core.Matrix{field: digitMatrix(rand.New(rand.NewPCG(uint64(n), uint64(digits))), n, digits)})
	return string(payload)
}

// slowEliminationDigits are the digits of the numerators and denominators
// of a slow matrix for the elimination-based operations (rank, rref,
// nullspace, solve): on the modular kernels a 40×40 matrix with 10-digit
// entries finishes in a tenth of a second, with 24-digit ones in seconds.
const slowEliminationDigits = 24

// slowMatrix is slowSquare, optionally with the last row a copy of the
// first, so that the matrix is singular: operations that settle full rank
// quickly must then do the whole work.
func slowMatrix(field string, n int, singular bool, extra string) string {
	return slowMatrixDigits(field, n, 10, singular, extra)
}

// slowMatrixDigits is slowMatrix with numerators and denominators of the
// given number of digits.
func slowMatrixDigits(field string, n, digits int, singular bool, extra string) string {
	rng := rand.New(rand.NewPCG(uint64(n), 17))
	number := func() string {
		d := make([]byte, digits)
		d[0] = byte('1' + rng.IntN(9))
		for i := 1; i < digits; i++ {
			d[i] = byte('0' + rng.IntN(10))
		}
		return string(d)
	}
	var b strings.Builder
	b.WriteString(`{"` + field + `":[`)
	var first string
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		if singular && i == n-1 {
			b.WriteString(first)
			continue
		}
		var row strings.Builder
		row.WriteByte('[')
		for j := 0; j < n; j++ {
			if j > 0 {
				row.WriteByte(',')
			}
			fmt.Fprintf(&row, `"%s/%s"`, number(), number())
		}
		row.WriteByte(']')
		if i == 0 {
			first = row.String()
		}
		b.WriteString(row.String())
	}
	b.WriteString("]" + extra + "}")
	return b.String()
}
