package matrix

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// InverseCheckRequest claims that candidate is the inverse of matrix.
type InverseCheckRequest struct {
	Matrix    core.Matrix `json:"matrix"`
	Candidate core.Matrix `json:"candidate"`
}

// Mismatch is an entry of A·B that differs from the identity.
type Mismatch struct {
	Row      int           `json:"row"`
	Column   int           `json:"column"`
	Expected core.Rational `json:"expected"`
	Got      core.Rational `json:"got"`
}

// InverseCheckResult is the verdict, with the first offending entry of A·B
// (in row-major order) or the shape problem when rejected.
type InverseCheckResult struct {
	core.CheckResult
	core.Bindings[InverseCheckRequest]
	Mismatch *Mismatch `json:"mismatch,omitempty"`
	Reason   string    `json:"reason,omitempty"`
}

// inverseCheckOperation checks a claimed inverse.
//
// Verdict: bound to the request (core.Bind: the two matrices, or the
// SHA-256 digest of their canonical JSON when large); accepted when A·B = I exactly (for square matrices over a field
// this also gives B·A = I); rejected with the first entry of A·B, in
// row-major order, that differs from the identity (row, column, expected,
// got), or with a reason when B's shape cannot be an inverse of A. A
// non-square A is a DOMAIN_ERROR: it has no two-sided inverse.
//
// Algorithm: the exact product, row by row, stopping at the first
// mismatch. Postcondition: for accepted, A·B = I modulo a random 62-bit
// prime; for a rejected entry, that one entry recomputed exactly.
func inverseCheckOperation() core.Operation[InverseCheckRequest, InverseCheckResult] {
	cand := fixed(`,"candidate":[["1"]]`)
	return core.Operation[InverseCheckRequest, InverseCheckResult]{
		ID:         "matrix.inverse.check",
		Title:      "Check a matrix inverse",
		Summary:    "Checks exactly whether a candidate matrix is the inverse of a square rational matrix, naming the first wrong entry.",
		Keywords:   []string{"inverse", "verify", "check", "certificate", "A·B = I", "identity"},
		Kind:       core.Check,
		Effect:     core.Pure,
		Bounds:     matrixBounds(MaxMultiplyDimension, "matrix", "candidate"),
		InputKinds: []string{"matrix"},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				raggedRefusal("matrix", `,"candidate":[["1"]]`),
				raggedRefusal("candidate", `,"matrix":[["1","0","0"],["0","1","0"],["0","0","1"]]`),
				nonSquareRefusal(`,"candidate":[["1"]]`),
			}
		},
		Limits: productLimits("matrix", cand),
		Preflight: func(ctx context.Context, q InverseCheckRequest) error {
			if err := checkFactors("the matrix", q.Matrix, "the candidate", q.Candidate); err != nil {
				return err
			}
			return requireSquare("a two-sided inverse", "matrix", q.Matrix)
		},
		Run: func(ctx context.Context, q InverseCheckRequest) (InverseCheckResult, error) {
			r, err := checkInverse(ctx, q)
			r.Bindings = core.Bind(q)
			return r, err
		},
		Postcondition: func(ctx context.Context, q InverseCheckRequest, r InverseCheckResult) error {
			if err := checkBinding(q, r.Bindings); err != nil {
				return err
			}
			switch r.Verdict {
			case core.Accepted:
				return withPrime(checkRNG(q), func(p uint64) (bool, error) {
					a, ok := image(q.Matrix, p)
					b, ok2 := image(q.Candidate, p)
					if !ok || !ok2 {
						return false, nil
					}
					for i, row := range modular.MulMatrix(a, b, p) {
						for j, x := range row {
							if x != boolUint(i == j) {
								return true, fmt.Errorf("accepted, but (A·B)[%d][%d] is %d modulo %d", i, j, x, p)
							}
						}
					}
					return true, nil
				})
			case core.Rejected:
				if r.Mismatch == nil {
					if r.Reason == "" || sameShape(q.Matrix, q.Candidate) {
						return fmt.Errorf("rejected without a mismatch or a shape reason")
					}
					return nil
				}
				i, j := r.Mismatch.Row, r.Mismatch.Column
				n := len(q.Matrix)
				if i < 0 || j < 0 || i >= n || j >= n {
					return fmt.Errorf("mismatch at (%d, %d) outside the matrix", i, j)
				}
				got := entryOfProduct(q.Matrix, q.Candidate, i, j)
				want := big.NewRat(int64(boolUint(i == j)), 1)
				if got.Cmp(r.Mismatch.Got.Rat()) != 0 || want.Cmp(r.Mismatch.Expected.Rat()) != 0 || got.Cmp(want) == 0 {
					return fmt.Errorf("reported mismatch at (%d, %d) does not hold", i, j)
				}
				return nil
			}
			return fmt.Errorf("verdict %q", r.Verdict)
		},
		Examples: []core.Example{
			{Title: "a correct inverse", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]],"candidate":[["-2","1"],["3/2","-1/2"]]}`),
				Result: json.RawMessage(`{"verdict":"accepted","subject":{"matrix":[["1","2"],["3","4"]],"candidate":[["-2","1"],["3/2","-1/2"]]}}`)},
			{Title: "a wrong entry", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]],"candidate":[["-2","1"],["3/2","1/2"]]}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"matrix":[["1","2"],["3","4"]],"candidate":[["-2","1"],["3/2","1/2"]]},"mismatch":{"row":0,"column":1,"expected":"0","got":"2"}}`)},
			{Title: "wrong shape", Payload: json.RawMessage(`{"matrix":[["2"]],"candidate":[["1/2","0"]]}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"matrix":[["2"]],"candidate":[["1/2","0"]]},"reason":"the candidate is 1×2, but an inverse of a 1×1 matrix must be 1×1"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) InverseCheckRequest {
			n := rng.IntN(6)
			a := randomMatrix(rng, n, n)
			inv, _ := inverse(ctx, a)
			if inv == nil || rng.IntN(3) == 0 {
				return InverseCheckRequest{a, randomMatrix(rng, n, n)}
			}
			if n > 0 && rng.IntN(2) == 0 {
				i, j := rng.IntN(n), rng.IntN(n)
				inv[i][j] = core.Rat(new(big.Rat).Add(inv[i][j].Rat(), big.NewRat(1, int64(rng.IntN(3)+1))))
			}
			return InverseCheckRequest{a, inv}
		},
		Slow: func() string {
			return slowCheck()
		},
	}
}

func sameShape(a, b core.Matrix) bool {
	ra, ca := a.Dims()
	rb, cb := b.Dims()
	return ra == rb && ca == cb
}

func checkInverse(ctx context.Context, q InverseCheckRequest) (InverseCheckResult, error) {
	n := len(q.Matrix)
	if !sameShape(q.Matrix, q.Candidate) {
		return InverseCheckResult{
			CheckResult: core.CheckResult{Verdict: core.Rejected},
			Reason:      fmt.Sprintf("the candidate is %s, but an inverse of a %d×%d matrix must be %d×%d", shape(q.Candidate), n, n, n, n),
		}, nil
	}
	var mismatch *Mismatch
	err := productRows(ctx, q.Matrix, q.Candidate, func(i int, row []core.Rational) bool {
		for j, x := range row {
			if want := big.NewRat(int64(boolUint(i == j)), 1); x.Rat().Cmp(want) != 0 {
				mismatch = &Mismatch{Row: i, Column: j, Expected: core.Rat(want), Got: x}
				return false
			}
		}
		return true
	})
	switch {
	case err != nil:
		return InverseCheckResult{}, err
	case mismatch != nil:
		return InverseCheckResult{CheckResult: core.CheckResult{Verdict: core.Rejected}, Mismatch: mismatch}, nil
	}
	return InverseCheckResult{CheckResult: core.CheckResult{Verdict: core.Accepted}}, nil
}

// entryOfProduct computes (A·B)[i][j] over big.Rat.
func entryOfProduct(a, b core.Matrix, i, j int) *big.Rat {
	s := new(big.Rat)
	for k := range a[i] {
		s.Add(s, new(big.Rat).Mul(a[i][k].Rat(), b[k][j].Rat()))
	}
	return s
}

// slowCheck is a cancellation probe that must be accepted, so every entry
// of a dense product is computed: A = H·D and its inverse D⁻¹·Hᵀ/n, with H
// the 128×128 Sylvester–Hadamard matrix (H·Hᵀ = n·I, entries ±1) and D a
// diagonal of 10-digit fractions. Clearing denominators turns every row of
// A and column of the candidate into integers of thousands of bits.
func slowCheck() string { return hadamardPair(128) }

// hadamardPair builds the probe of order n, a power of two.
func hadamardPair(n int) string {
	rng := rand.New(rand.NewPCG(uint64(n), 19))
	d := make([]*big.Rat, n)
	for j := range d {
		d[j] = big.NewRat(rng.Int64N(9e9)+1e9, rng.Int64N(9e9)+1e9)
	}
	sign := func(i, j int) int64 { return 1 - 2*int64(bits.OnesCount(uint(i&j))%2) }
	a := make([][]*big.Rat, n)
	b := make([][]*big.Rat, n)
	for i := range a {
		a[i] = make([]*big.Rat, n)
		b[i] = make([]*big.Rat, n)
		for j := range a[i] {
			a[i][j] = new(big.Rat).Mul(big.NewRat(sign(i, j), 1), d[j])
			b[i][j] = new(big.Rat).Quo(big.NewRat(sign(j, i), int64(n)), d[i])
		}
	}
	payload, _ := json.Marshal(InverseCheckRequest{fromRat(a), fromRat(b)})
	return string(payload)
}

// checkBinding verifies that a verdict is bound to the request it judged:
// the request itself, or the digest of its canonical JSON.
func checkBinding[Req any](q Req, b core.Bindings[Req]) error {
	canonical, err := json.Marshal(q)
	if err != nil {
		return err
	}
	switch {
	case b.Subject != nil && b.SubjectDigest != "":
		return fmt.Errorf("the verdict carries both a subject and a subject digest")
	case b.Subject != nil:
		got, err := json.Marshal(*b.Subject)
		if err != nil {
			return err
		}
		if !bytes.Equal(got, canonical) {
			return fmt.Errorf("the verdict's subject is not the request it judged")
		}
	case b.SubjectDigest != core.SubjectDigest(canonical):
		return fmt.Errorf("the verdict's subject digest %q is not the digest of the request it judged", b.SubjectDigest)
	}
	return nil
}
