package matrix

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

func mat(t *testing.T, s string) core.Matrix {
	t.Helper()
	var m core.Matrix
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func bump(x core.Rational) core.Rational {
	return core.Rat(new(big.Rat).Add(x.Rat(), big.NewRat(1, 3)))
}

// TestPostconditionsRejectWrongResults corrupts correct results one way
// at a time; each postcondition must notice. It shows the checks are not
// vacuous.
func TestPostconditionsRejectWrongResults(t *testing.T) {
	a := mat(t, `[["2","1","0"],["1","3","1"],["0","1","4"]]`)
	sing := mat(t, `[["1","2","3"],["4","5","6"],["7","8","9"]]`)
	expectFail := func(name string, err error) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: the postcondition accepted a wrong result", name)
		}
	}

	det := determinantOperation()
	d, _ := det.Run(bg, DeterminantRequest{Matrix: a})
	expectFail("determinant + 1/3", det.Postcondition(context.Background(), DeterminantRequest{Matrix: a}, DeterminantResult{bump(d.Determinant)}))

	rk := rankOperation()
	expectFail("rank of a singular matrix as 3", rk.Postcondition(context.Background(), RingMatrixRequest{Matrix: sing}, RankResult{3}))

	rr := rrefOperation()
	res, _ := rr.Run(bg, RingMatrixRequest{Matrix: sing})
	res.RREF[0][2] = bump(res.RREF[0][2])
	expectFail("RREF entry", rr.Postcondition(context.Background(), RingMatrixRequest{Matrix: sing}, res))
	res, _ = rr.Run(bg, RingMatrixRequest{Matrix: sing})
	res.PivotColumns = []int{0, 2}
	expectFail("pivot columns", rr.Postcondition(context.Background(), RingMatrixRequest{Matrix: sing}, res))

	inv := inverseOperation()
	ir, _ := inv.Run(bg, RingMatrixRequest{Matrix: a})
	(*ir.Inverse)[1][1] = bump((*ir.Inverse)[1][1])
	expectFail("inverse entry", inv.Postcondition(context.Background(), RingMatrixRequest{Matrix: a}, ir))
	expectFail("invertible matrix called singular", inv.Postcondition(context.Background(), RingMatrixRequest{Matrix: a}, InverseResult{Invertible: false}))

	sv := solveOperation()
	q := SolveRequest{Matrix: sing, RHS: RightHandSide{Vector: []core.Rational{ratInt64(6), ratInt64(15), ratInt64(24)}, IsVector: true}}
	sr, _ := sv.Run(bg, q)
	sr.Solution.Vector[0] = bump(sr.Solution.Vector[0])
	expectFail("solution entry", sv.Postcondition(context.Background(), q, sr))
	sr, _ = sv.Run(bg, q)
	sr.Kernel[0][0] = bump(sr.Kernel[0][0])
	expectFail("kernel vector", sv.Postcondition(context.Background(), q, sr))
	sr, _ = sv.Run(bg, q)
	expectFail("consistent system called inconsistent", sv.Postcondition(context.Background(), q, SolveResult{Status: None, Kernel: sr.Kernel, InconsistentColumns: []int{0}}))

	ns := nullspaceOperation()
	nr, _ := ns.Run(bg, RingMatrixRequest{Matrix: sing})
	expectFail("missing kernel vector", ns.Postcondition(context.Background(), RingMatrixRequest{Matrix: sing}, NullspaceResult{Basis: [][]core.Rational{}, Nullity: 0}))
	nr.Basis = append(nr.Basis, nr.Basis[0])
	nr.Nullity = 2
	expectFail("dependent kernel vectors", ns.Postcondition(context.Background(), RingMatrixRequest{Matrix: sing}, nr))

	mu := multiplyOperation()
	mq := MultiplyRequest{Left: a, Right: sing}
	mr, _ := mu.Run(bg, mq)
	mr.Product[2][1] = bump(mr.Product[2][1])
	expectFail("product entry", mu.Postcondition(context.Background(), mq, mr))

	cp := charpolyOperation()
	cr, _ := cp.Run(bg, RingMatrixRequest{Matrix: a})
	cr.Polynomial.Coefficients[0] = bump(cr.Polynomial.Coefficients[0])
	cr.Polynomial = rerender(cr.Polynomial)
	expectFail("constant term", cp.Postcondition(context.Background(), RingMatrixRequest{Matrix: a}, cr))
	cr, _ = cp.Run(bg, RingMatrixRequest{Matrix: a})
	cr.Polynomial.Coefficients[2] = bump(cr.Polynomial.Coefficients[2])
	cr.Polynomial = rerender(cr.Polynomial)
	expectFail("trace coefficient", cp.Postcondition(context.Background(), RingMatrixRequest{Matrix: a}, cr))
	// The middle coefficients are neither the trace nor the determinant:
	// each one wrong on its own must still be caught.
	big5 := RingMatrixRequest{Matrix: mat(t, `[["2","1","0","-3","1/2"],["1","3","1","0","2"],["0","1","4","5","-1"],["7","0","-2","1","3"],["1/3","2","0","1","-4"]]`)}
	for _, m := range []RingMatrixRequest{{Matrix: a}, big5} {
		for k := 1; k < len(m.Matrix)-1; k++ {
			cr, _ = cp.Run(bg, m)
			cr.Polynomial.Coefficients[k] = bump(cr.Polynomial.Coefficients[k])
			cr.Polynomial = rerender(cr.Polynomial)
			expectFail(fmt.Sprintf("%d×%d coefficient of x^%d", len(m.Matrix), len(m.Matrix), k), cp.Postcondition(context.Background(), m, cr))
		}
	}
	cr, _ = cp.Run(bg, RingMatrixRequest{Matrix: a})
	cr.Polynomial.Expression += " + 1"
	expectFail("expression", cp.Postcondition(context.Background(), RingMatrixRequest{Matrix: a}, cr))
	cr, _ = cp.Run(bg, big5)
	if err := cp.Postcondition(context.Background(), big5, cr); err != nil {
		t.Errorf("the correct 5×5 characteristic polynomial was rejected: %v", err)
	}

	ck := inverseCheckOperation()
	good, _ := inverse(bg, a)
	expectFail("accepted wrong candidate", ck.Postcondition(context.Background(), InverseCheckRequest{a, sing}, InverseCheckResult{CheckResult: core.CheckResult{Verdict: core.Accepted}}))
	expectFail("rejected without a witness", ck.Postcondition(context.Background(), InverseCheckRequest{a, good}, InverseCheckResult{CheckResult: core.CheckResult{Verdict: core.Rejected}}))
	expectFail("false mismatch", ck.Postcondition(context.Background(), InverseCheckRequest{a, good}, InverseCheckResult{
		CheckResult: core.CheckResult{Verdict: core.Rejected},
		Mismatch:    &Mismatch{Row: 0, Column: 0, Expected: ratInt64(1), Got: ratInt64(2)},
	}))
}

// The primes of the checks depend on the request alone, so a failed check
// reproduces; different requests meet different primes.
func TestCheckPrimesFollowTheRequest(t *testing.T) {
	q := MatrixRequest{mat(t, `[["1","2"],["3","4"]]`)}
	same := MatrixRequest{mat(t, `[["1","2"],["3","4"]]`)}
	other := MatrixRequest{mat(t, `[["1","2"],["3","5"]]`)}
	draw := func(v any) uint64 {
		return modular.RandomPrime(checkRNG(v), modular.PrimeBits)
	}
	if draw(q) != draw(same) {
		t.Errorf("equal requests met different primes %d and %d", draw(q), draw(same))
	}
	if draw(q) == draw(other) {
		t.Errorf("different requests met the same prime %d", draw(q))
	}
	var seen []uint64
	if err := withPrime(checkRNG(q), func(p uint64) (bool, error) {
		seen = append(seen, p)
		return len(seen) == 2, nil
	}); err != nil {
		t.Fatal(err)
	}
	var again []uint64
	_ = withPrime(checkRNG(same), func(p uint64) (bool, error) {
		again = append(again, p)
		return len(again) == 2, nil
	})
	if len(seen) != 2 || !slices.Equal(seen, again) {
		t.Errorf("withPrime drew %v, then %v, for the same request", seen, again)
	}
}

// rerender writes a tampered polynomial's expression afresh, so that only
// the mathematical checks can catch the tampering.
func rerender(p core.Polynomial[core.Rational]) core.Polynomial[core.Rational] {
	return core.NewPolynomial(p.Variable, p.Coefficients, core.Rational.String)
}

// imageReference is image entry by entry through modular.ReduceRat, the
// reference of TestImageAgainstReduceRat.
func imageReference(m [][]core.Rational, p uint64) (modular.Matrix, bool) {
	out := make(modular.Matrix, len(m))
	for i, row := range m {
		out[i] = make([]uint64, len(row))
		for j, x := range row {
			v, ok := modular.ReduceRat(x.Rat(), p)
			if !ok {
				return nil, false
			}
			out[i][j] = v
		}
	}
	return out, true
}

// TestImageAgainstReduceRat checks image, which keeps the inverse of the
// last denominator, against modular.ReduceRat entry by entry, on seeded
// random matrices whose entries share a denominator, have their own, or
// are integers, modulo primes that divide some denominators or none.
func TestImageAgainstReduceRat(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 150))
	for trial := range 300 {
		n := 1 + rng.IntN(6)
		shared := big.NewInt(1 + rng.Int64N(1e12))
		m := make(core.Matrix, n)
		for i := range m {
			m[i] = make([]core.Rational, n)
			for j := range m[i] {
				num := big.NewInt(rng.Int64N(2e12) - 1e12)
				switch rng.IntN(4) {
				case 0:
					m[i][j] = core.RatInt(num)
				case 1:
					m[i][j] = core.Rat(new(big.Rat).SetFrac(num, big.NewInt(1+rng.Int64N(50))))
				default:
					m[i][j] = core.Rat(new(big.Rat).SetFrac(num, shared))
				}
			}
		}
		for _, p := range []uint64{2, 3, 5, 7, 1_000_003, modular.Prime62(trial % 5)} {
			got, ok := image(m, p)
			want, wok := imageReference(m, p)
			if ok != wok || (ok && fmt.Sprint(got) != fmt.Sprint(want)) {
				t.Fatalf("%v modulo %d: image %v (%v), ReduceRat %v (%v)", m, p, got, ok, want, wok)
			}
		}
	}
}
