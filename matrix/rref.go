package matrix

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"

	"jacobian.dev/core"
	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// MaxEchelonDimension bounds rows and columns for rank, RREF, inverse,
// nullspace and linear systems.
const MaxEchelonDimension = 300

// MatrixRequest is one matrix of any shape.
type MatrixRequest struct {
	Matrix core.Matrix `json:"matrix"`
}

// RankResult is the rank over Q.
type RankResult struct {
	Rank int `json:"rank"`
}

// RREFResult is the reduced row echelon form with its pivot columns.
type RREFResult struct {
	RREF         core.Matrix `json:"rref"`
	PivotColumns []int       `json:"pivot_columns"`
	Rank         int         `json:"rank"`
}

// reduced is the RREF over Q of the rows, pivoting in the first pivotCols
// columns: rref[i][j] = a[i][j]/last for i below the rank. Rows from the
// rank down are zero in the pivot-search columns; in the columns after
// them only inconsistent is meaningful.
type reduced struct {
	a      [][]*big.Int
	last   *big.Int
	pivots []int
	// inconsistent[j] reports whether column pivotCols+j lies outside the
	// span of the first pivotCols columns (a right-hand side with no
	// solution).
	inconsistent []bool
	// fractions, when set, holds the first rows (one per pivot) as
	// reduced rationals, as Dixon lifting yields them.
	fractions [][]core.Rational
}

// at returns entry (i, j) of the RREF as a reduced rational.
func (r *reduced) at(i, j int) core.Rational {
	if i < len(r.fractions) {
		return r.fractions[i][j]
	}
	return quotient(r.a[i][j], r.last)
}

// reduce computes the RREF of the rows, each first made integral by its own
// denominators (which changes no row space): by the certified multi-modular
// method (rref_crt.go) for matrices of at least
// rrefMultimodularThreshold rows and pivot columns, by fraction-free
// Gauss–Jordan reduction otherwise or when the certificate fails.
func reduce(ctx context.Context, rows [][]core.Rational, pivotCols int) (*reduced, error) {
	b, _ := ints(rows...)
	if min(len(rows), pivotCols) >= rrefMultimodularThreshold {
		red, ok, err := reduceMultimodular(ctx, b, pivotCols, modular.RandomPrime(matrixRNG(rows), modular.PrimeBits))
		if err != nil || ok {
			return red, err
		}
	}
	return reduceFractionFree(ctx, b, pivotCols)
}

// reduceFractionFree is fraction-free Gauss–Jordan reduction (eliminate.go)
// of an integer matrix, which it overwrites.
func reduceFractionFree(ctx context.Context, b [][]*big.Int, pivotCols int) (*reduced, error) {
	cols := 0
	if len(b) > 0 {
		cols = len(b[0])
	}
	e, err := eliminate(ctx, b, pivotCols, true)
	if err != nil {
		return nil, err
	}
	red := &reduced{a: e.a, last: e.last, pivots: e.pivots, inconsistent: make([]bool, cols-pivotCols)}
	for j := range red.inconsistent {
		for i := len(e.pivots); i < len(e.a); i++ {
			if e.a[i][pivotCols+j].Sign() != 0 {
				red.inconsistent[j] = true
				break
			}
		}
	}
	return red, nil
}

// rank returns the rank of m. For matrices of at least
// rrefMultimodularThreshold rows and columns: full rank modulo a random
// prime, which proves full rank, or else the certified multi-modular RREF
// (rref_crt.go); below that size, or when the certificate fails, Bareiss
// forward elimination.
func rank(ctx context.Context, m core.Matrix) (int, error) {
	rows, cols := m.Dims()
	b, _ := ints(m...)
	if min(rows, cols) >= rrefMultimodularThreshold {
		// Reduction modulo p never raises the rank, so full rank modulo a
		// prime proves full rank: one word-size elimination settles the
		// common case.
		p := modular.RandomPrime(matrixRNG(m), modular.PrimeBits)
		if r, err := modmat.Rank(ctx, reduceModmat(b, p), modular.NewModulus(p)); err != nil {
			return 0, err
		} else if r == min(rows, cols) {
			return r, nil
		}
		red, ok, err := reduceMultimodular(ctx, b, cols, p)
		if err != nil {
			return 0, err
		}
		if ok {
			return len(red.pivots), nil
		}
	}
	e, err := eliminate(ctx, b, cols, false)
	if err != nil {
		return 0, err
	}
	return len(e.pivots), nil
}

func generateMatrix(_ context.Context, rng *rand.Rand) MatrixRequest {
	r := rng.IntN(8)
	c := rng.IntN(8)
	if r == 0 {
		c = 0
	}
	return MatrixRequest{randomMatrix(rng, r, c)}
}

// preflightMatrix refuses a matrix beyond the elimination operations'
// limits.
func preflightMatrix(ctx context.Context, q MatrixRequest) error {
	if err := checkSize("the matrix", q.Matrix, MaxEchelonDimension); err != nil {
		return err
	}
	return checkEliminationBits(q.Matrix)
}

func matrixLimits(max int) []core.Limit {
	return []core.Limit{dimensionLimit("matrix", max, fixed("")), entryLimit("matrix", fixed(""))}
}

// eliminationLimits are the limits of an elimination of the request's
// matrix with appended(n) further columns.
func eliminationLimits(appended func(n int) int) []core.Limit {
	return append(matrixLimits(MaxEchelonDimension), eliminationLimit("matrix", fixed(""), appended))
}

// preflightEchelon is the preflight of the elimination operations on one
// matrix with an optional ring: over GF(p) the size limit and the modulus,
// over Q the size limits and the cost model.
func preflightEchelon(ctx context.Context, q RingMatrixRequest) error {
	if q.Ring != nil {
		if err := checkSize("the matrix", q.Matrix, MaxEchelonDimension); err != nil {
			return err
		}
		_, _, err := q.image()
		return err
	}
	return preflightMatrix(ctx, MatrixRequest{q.Matrix})
}

// echelonRefusals are the refusal examples of those operations.
func echelonRefusals() []core.RefusalExample {
	return append(matrixRefusals(), ringRefusals("matrix", "")...)
}

// rankOperation computes the rank of a matrix over Q.
//
// Canonical form: a non-negative JSON integer; the rank of a matrix with no
// rows or no columns is 0.
//
// Algorithm: Bareiss fraction-free forward elimination (eliminate.go),
// counting pivots. From 24 rows and columns up, full rank modulo a random
// 62-bit prime proves full rank (reduction never raises the rank);
// otherwise the certified multi-modular RREF (rref_crt.go) decides.
// Postcondition: the rank of the image modulo a random
// 62-bit prime (core/modular) equals it; reduction mod p never raises the
// rank and lowers it only when p divides every maximal nonzero minor.
func rankOperation() core.Operation[RingMatrixRequest, RankResult] {
	return core.Operation[RingMatrixRequest, RankResult]{
		ID:              "matrix.rank.compute",
		Title:           "Rank",
		Summary:         "Rank over the rationals of a matrix of integers or rationals, of any shape.",
		Keywords:        []string{"rank", "matrank", "column rank", "row rank", "linearly independent", "dimension of image"},
		Kind:            core.Compute,
		Effect:          core.Pure,
		Bounds:          ringBounds(matrixBounds(MaxEchelonDimension, "matrix")),
		InputKinds:      []string{"matrix"},
		RefusalExamples: echelonRefusals,
		Limits:          append(eliminationLimits(noColumns), ringLimit("matrix", "")),
		Preflight:       preflightEchelon,
		Run: func(ctx context.Context, q RingMatrixRequest) (RankResult, error) {
			if q.Ring != nil {
				p, a, err := q.image()
				if err != nil || len(a) == 0 || len(a[0]) == 0 {
					return RankResult{0}, err
				}
				r, err := modmat.Rank(ctx, modmat.FromRows(a), modular.NewModulus(p))
				return RankResult{r}, err
			}
			r, err := rank(ctx, q.Matrix)
			return RankResult{r}, err
		},
		Postcondition: func(ctx context.Context, q RingMatrixRequest, r RankResult) error {
			if q.Ring != nil {
				p, a, err := q.image()
				if err != nil {
					return err
				}
				want := 0
				if len(a) > 0 && len(a[0]) > 0 {
					want = modular.Rank(a, p)
				}
				if want != r.Rank {
					return fmt.Errorf("rank %d over GF(%d), but classical elimination gives %d", r.Rank, p, want)
				}
				return nil
			}
			return withPrime(matrixRNG(q.Matrix), func(p uint64) (bool, error) {
				a, ok := image(q.Matrix, p)
				if !ok {
					return false, nil
				}
				if want := modular.Rank(a, p); want != r.Rank {
					return true, fmt.Errorf("rank %d, but the image modulo %d has rank %d", r.Rank, p, want)
				}
				return true, nil
			})
		},
		Examples: []core.Example{
			{Title: "rank-deficient 3×3", Payload: json.RawMessage(`{"matrix":[["1","2","3"],["4","5","6"],["7","8","9"]]}`), Result: json.RawMessage(`{"rank":2}`)},
			{Title: "rational 2×3 of full rank", Payload: json.RawMessage(`{"matrix":[["1/2","0","1"],["0","1/3","0"]]}`), Result: json.RawMessage(`{"rank":2}`)},
			{Title: "zero matrix", Payload: json.RawMessage(`{"matrix":[["0","0"],["0","0"]]}`), Result: json.RawMessage(`{"rank":0}`)},
			// PARI/GP 2.15.2: matrank(Mod([1,2;3,4],2)) = 1.
			{Title: "over GF(2)", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]],"ring":{"modulus":"2"}}`), Result: json.RawMessage(`{"rank":1}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) RingMatrixRequest {
			q := RingMatrixRequest{Matrix: generateMatrix(ctx, rng).Matrix}
			if rng.IntN(4) == 0 {
				q.Ring = &Ring{core.Int64([]int64{7, 11, 1_000_003, 4611686018427387847}[rng.IntN(4)])}
			}
			return q
		},
		Slow: func() string {
			return slowMatrixDigits("matrix", 40, slowEliminationDigits, true, "")
		},
	}
}

// rrefOperation computes the reduced row echelon form over Q.
//
// Canonical form: the unique RREF R of A (same shape; every nonzero row
// starts with a 1 that is the only nonzero entry of its column; zero rows
// last), the increasing 0-based pivot columns, and the rank (their count).
//
// Algorithm: rows made integral, then fraction-free Gauss–Jordan reduction
// (eliminate.go), which leaves D·R with D the last pivot, one division per
// entry at the end; from 24 rows and columns up, the non-pivot columns
// are instead solved against the pivot block by Dixon p-adic lifting
// (dixon_rref.go) or, when that declines, D·R is recovered from images
// modulo 62-bit primes computed in parallel (rref_crt.go), both certified
// exactly. Postcondition: R reduced modulo a random 62-bit prime
// equals an independent reduction of A over GF(p) (core/modular), with the
// same pivot columns.
func rrefOperation() core.Operation[RingMatrixRequest, RREFResult] {
	return core.Operation[RingMatrixRequest, RREFResult]{
		ID:              "matrix.normal_form.rref.compute",
		Title:           "Reduced row echelon form",
		Summary:         "Reduced row echelon form over the rationals of a matrix, with its 0-based pivot columns and rank.",
		Keywords:        []string{"rref", "reduced row echelon form", "gauss-jordan", "row reduce", "echelon", "pivot columns", "normal form"},
		Kind:            core.Compute,
		Effect:          core.Pure,
		Bounds:          ringBounds(matrixBounds(MaxEchelonDimension, "matrix")),
		InputKinds:      []string{"matrix"},
		RefusalExamples: echelonRefusals,
		Limits:          append(eliminationLimits(noColumns), ringLimit("matrix", "")),
		Preflight:       preflightEchelon,
		Run: func(ctx context.Context, q RingMatrixRequest) (RREFResult, error) {
			if q.Ring != nil {
				return rrefRing(ctx, q)
			}
			rows, cols := q.Matrix.Dims()
			red, err := reduceRREF(ctx, q.Matrix)
			if err != nil {
				return RREFResult{}, err
			}
			out := make(core.Matrix, rows)
			for i := range out {
				out[i] = make([]core.Rational, cols)
				for j := range out[i] {
					out[i][j] = red.at(i, j)
				}
			}
			return RREFResult{RREF: out, PivotColumns: nonNilInts(red.pivots), Rank: len(red.pivots)}, nil
		},
		Postcondition: func(ctx context.Context, q RingMatrixRequest, r RREFResult) error {
			rows, cols := q.Matrix.Dims()
			if gr, gc := r.RREF.Dims(); gr != rows || gc != cols {
				return fmt.Errorf("RREF is %d×%d for a %d×%d matrix", gr, gc, rows, cols)
			}
			if r.Rank != len(r.PivotColumns) {
				return fmt.Errorf("rank %d but %d pivot columns", r.Rank, len(r.PivotColumns))
			}
			check := func(p uint64) (bool, error) {
				a, ok := image(q.Matrix, p)
				got, ok2 := image(r.RREF, p)
				if !ok || !ok2 {
					return false, nil
				}
				if rows == 0 || cols == 0 {
					return true, nil
				}
				want, pivots := modular.ReducedRowEchelon(a, cols, p)
				if !slices.Equal(pivots, r.PivotColumns) {
					return true, fmt.Errorf("pivot columns %v, but reduction modulo %d gives %v", r.PivotColumns, p, pivots)
				}
				for i := range want {
					if !slices.Equal(want[i], got[i]) {
						return true, fmt.Errorf("row %d of the RREF disagrees with the reduction modulo %d", i, p)
					}
				}
				return true, nil
			}
			if q.Ring != nil {
				// Over GF(p) the RREF is unique too: core/modular's
				// classical reduction on the ring's prime checks modmat's.
				p, _, err := q.image()
				if err != nil {
					return err
				}
				if _, err := residues(r.RREF, p); err != nil {
					return err
				}
				_, err = check(p)
				return err
			}
			return withPrime(matrixRNG(q.Matrix), check)
		},
		Examples: []core.Example{
			{Title: "rank-deficient 3×3", Payload: json.RawMessage(`{"matrix":[["1","2","3"],["4","5","6"],["7","8","9"]]}`),
				Result: json.RawMessage(`{"rref":[["1","0","-1"],["0","1","2"],["0","0","0"]],"pivot_columns":[0,1],"rank":2}`)},
			{Title: "skipped pivot column", Payload: json.RawMessage(`{"matrix":[["0","2","4","1"],["0","1","2","1/2"],["0","3","7","0"]]}`),
				Result: json.RawMessage(`{"rref":[["0","1","0","7/2"],["0","0","1","-3/2"],["0","0","0","0"]],"pivot_columns":[1,2],"rank":2}`)},
			{Title: "empty matrix", Payload: json.RawMessage(`{"matrix":[]}`), Result: json.RawMessage(`{"rref":[],"pivot_columns":[],"rank":0}`)},
			// PARI/GP 2.15.2: lift(matsolve(Mod([1,2;4,5],5),
			// Mod([1,2,3;4,5,6],5))) = [1,0,4;0,1,2].
			{Title: "over GF(5)", Payload: json.RawMessage(`{"matrix":[["1","2","3"],["4","5","6"]],"ring":{"modulus":"5"}}`),
				Result: json.RawMessage(`{"rref":[["1","0","4"],["0","1","2"]],"pivot_columns":[0,1],"rank":2}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) RingMatrixRequest {
			q := RingMatrixRequest{Matrix: generateMatrix(ctx, rng).Matrix}
			if rng.IntN(4) == 0 {
				q.Ring = &Ring{core.Int64([]int64{7, 11, 1_000_003, 4611686018427387847}[rng.IntN(4)])}
			}
			return q
		},
		Slow: func() string {
			return slowMatrixDigits("matrix", 40, slowEliminationDigits, true, "")
		},
	}
}

func nonNilInts(x []int) []int {
	if x == nil {
		return []int{}
	}
	return x
}

// rrefRing is the RREF over GF(p) on core/modmat.
func rrefRing(ctx context.Context, q RingMatrixRequest) (RREFResult, error) {
	p, a, err := q.image()
	if err != nil {
		return RREFResult{}, err
	}
	rows, cols := q.Matrix.Dims()
	if rows == 0 || cols == 0 {
		out := make(core.Matrix, rows)
		for i := range out {
			out[i] = []core.Rational{}
		}
		return RREFResult{RREF: out, PivotColumns: []int{}, Rank: 0}, nil
	}
	red, pivots, err := modmat.ReducedRowEchelon(ctx, modmat.FromRows(a), cols, modular.NewModulus(p))
	if err != nil {
		return RREFResult{}, err
	}
	return RREFResult{RREF: wordsMatrix(red.ToRows()), PivotColumns: nonNilInts(pivots), Rank: len(pivots)}, nil
}
