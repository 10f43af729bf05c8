package matrix

import (
	"context"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"jacobian.dev/core"
)

var bg = context.Background()

func mustMultiply(t *testing.T, a, b core.Matrix) core.Matrix {
	t.Helper()
	c, err := multiply(bg, a, b)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustDet(t *testing.T, m core.Matrix) *big.Rat {
	t.Helper()
	d, err := determinant(bg, m)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestDeterminantIdentities: det(AB) = det(A)·det(B) and det(Aᵀ) = det(A).
func TestDeterminantIdentities(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for trial := range 200 {
		n := trial % 12
		a, b := randomMatrix(rng, n, n), randomMatrix(rng, n, n)
		da, db := mustDet(t, a), mustDet(t, b)
		if got, want := mustDet(t, mustMultiply(t, a, b)), new(big.Rat).Mul(da, db); got.Cmp(want) != 0 {
			t.Fatalf("det(AB) = %s but det(A)det(B) = %s", got.RatString(), want.RatString())
		}
		if got := mustDet(t, transpose(a)); got.Cmp(da) != 0 {
			t.Fatalf("det(Aᵀ) = %s but det(A) = %s", got.RatString(), da.RatString())
		}
	}
}

// TestInverseIdentities: A·A⁻¹ = A⁻¹·A = I exactly, det(A⁻¹) = 1/det(A),
// and A is reported singular exactly when det(A) = 0.
func TestInverseIdentities(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	for trial := range 200 {
		n := trial % 10
		a := randomMatrix(rng, n, n)
		inv, err := inverse(bg, a)
		if err != nil {
			t.Fatal(err)
		}
		d := mustDet(t, a)
		if (inv == nil) != (d.Sign() == 0) {
			t.Fatalf("inverse present = %v but det = %s", inv != nil, d.RatString())
		}
		if inv == nil {
			continue
		}
		id := fromRat(ratMatrix(identity(n)))
		if !sameMatrix(mustMultiply(t, a, inv), id) || !sameMatrix(mustMultiply(t, inv, a), id) {
			t.Fatalf("A·A⁻¹ or A⁻¹·A is not I for %v", a)
		}
		if got := mustDet(t, inv); new(big.Rat).Mul(got, d).Cmp(big.NewRat(1, 1)) != 0 {
			t.Fatalf("det(A⁻¹)·det(A) = %s", new(big.Rat).Mul(got, d).RatString())
		}
	}
}

// TestEchelonAgainstRatReference compares rank, RREF, pivots and kernel
// with textbook Gauss–Jordan over big.Rat, and checks rank + nullity = n.
func TestEchelonAgainstRatReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	for trial := range 300 {
		r, c := trial%9+1, rng.IntN(9)
		m := randomMatrix(rng, r, c)
		wantR, wantPiv, _ := ratRREF(ratMatrix(m))
		red, err := reduce(bg, m, c)
		if err != nil {
			t.Fatal(err)
		}
		got := make([][]*big.Rat, r)
		for i := range got {
			got[i] = make([]*big.Rat, c)
			for j := range got[i] {
				got[i][j] = red.at(i, j).Rat()
			}
		}
		if !equalRat(got, wantR) || !slices.Equal(red.pivots, wantPiv) {
			t.Fatalf("RREF of %v differs from big.Rat Gauss–Jordan", m)
		}
		rk, err := rank(bg, m)
		if err != nil {
			t.Fatal(err)
		}
		if rk != len(wantPiv) {
			t.Fatalf("rank %d, reference %d", rk, len(wantPiv))
		}
		kernel := kernelBasis(red, c)
		if rk+len(kernel) != c {
			t.Fatalf("rank %d + nullity %d ≠ %d", rk, len(kernel), c)
		}
		if err := checkKernel(context.Background(), m, c, kernel); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSolveAgainstInverse: for invertible A, the unique solution of
// A·X = B is A⁻¹·B; for singular A with b = A·x₀ the system is consistent
// and x₀ differs from the particular solution by a kernel vector.
func TestSolveAgainstInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 38))
	for trial := range 200 {
		n := trial%8 + 1
		a := randomMatrix(rng, n, n)
		b := randomMatrix(rng, n, rng.IntN(3)+1)
		res, err := solve(bg, SolveRequest{Matrix: a, RHS: RightHandSide{Matrix: b}})
		if err != nil {
			t.Fatal(err)
		}
		if err := checkSolve(context.Background(), SolveRequest{Matrix: a, RHS: RightHandSide{Matrix: b}}, res); err != nil {
			t.Fatal(err)
		}
		inv, _ := inverse(bg, a)
		if inv != nil {
			if res.Status != Unique || !sameMatrix(res.Solution.Matrix, mustMultiply(t, inv, b)) {
				t.Fatalf("solution of an invertible system is not A⁻¹·B")
			}
			continue
		}
		x0 := randomMatrix(rng, n, 1)
		rhs := mustMultiply(t, a, x0)
		res, err = solve(bg, SolveRequest{Matrix: a, RHS: RightHandSide{Matrix: rhs}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != Infinite {
			t.Fatalf("singular consistent system has status %s", res.Status)
		}
		if err := checkSolve(context.Background(), SolveRequest{Matrix: a, RHS: RightHandSide{Matrix: rhs}}, res); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCharpolyAgainstDeterminants evaluates det(t·I − A) at n+1 points with
// the cofactor reference and compares with the polynomial's values.
func TestCharpolyAgainstDeterminants(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 40))
	for trial := range 150 {
		n := trial % 7
		a := randomMatrix(rng, n, n)
		coeffs, err := charpoly(bg, a)
		if err != nil {
			t.Fatal(err)
		}
		for pt := int64(-3); pt <= int64(n)-2; pt++ {
			x := big.NewRat(pt, 2)
			m := ratMatrix(a)
			for i := range m {
				for j := range m[i] {
					m[i][j].Neg(m[i][j])
				}
				m[i][i].Add(m[i][i], x)
			}
			want := cofactorDeterminant(m)
			got := new(big.Rat)
			for k := len(coeffs) - 1; k >= 0; k-- {
				got.Mul(got, x).Add(got, coeffs[k].Rat())
			}
			if got.Cmp(want) != 0 {
				t.Fatalf("charpoly(%s) = %s but det(tI − A) = %s", x.RatString(), got.RatString(), want.RatString())
			}
		}
	}
}

// TestCharpolyLarger checks Cayley–Hamilton style facts on larger integer
// matrices, where the cofactor reference is too slow: the constant term is
// (−1)^n det(A) and the next-to-leading coefficient is −trace(A).
func TestCharpolyLarger(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, n := range []int{10, 20, 30} {
		a := intMatrix(rng, n, n, 99)
		coeffs, err := charpoly(bg, a)
		if err != nil {
			t.Fatal(err)
		}
		det := mustDet(t, a)
		if n%2 == 1 {
			det.Neg(det)
		}
		if coeffs[0].Rat().Cmp(det) != 0 {
			t.Fatalf("n=%d: constant term %s, (−1)^n det = %s", n, coeffs[0], det.RatString())
		}
		trace := new(big.Rat)
		for i := range a {
			trace.Add(trace, a[i][i].Rat())
		}
		if new(big.Rat).Add(coeffs[n-1].Rat(), trace).Sign() != 0 {
			t.Fatalf("n=%d: coefficient of x^(n−1) is %s, trace is %s", n, coeffs[n-1], trace.RatString())
		}
	}
}

func TestMultiplyAgainstRatReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	for range 200 {
		m, k, n := rng.IntN(7)+1, rng.IntN(7)+1, rng.IntN(7)+1
		a, b := randomMatrix(rng, m, k), randomMatrix(rng, k, n)
		want := ratMul(ratMatrix(a), ratMatrix(b), k, n)
		if got := mustMultiply(t, a, b); !equalRat(ratMatrix(got), want) {
			t.Fatalf("product differs from the big.Rat schoolbook product")
		}
	}
}

func TestRender(t *testing.T) {
	tests := []struct {
		coeffs []int64
		den    int64
		want   string
	}{
		{[]int64{-2, -5, 1}, 1, "x^2 - 5*x - 2"},
		{[]int64{1}, 1, "1"},
		{[]int64{0, 1}, 1, "x"},
		{[]int64{0, 0, 0, 1}, 1, "x^3"},
		{[]int64{-1, 0, 1}, 1, "x^2 - 1"},
		{[]int64{1, -2, 2}, 2, "x^2 - x + 1/2"},
		{[]int64{3, -1, 0, 1}, 1, "x^3 - x + 3"},
	}
	for _, tc := range tests {
		c := make([]core.Rational, len(tc.coeffs))
		for i, x := range tc.coeffs {
			c[i] = core.Rat(big.NewRat(x, tc.den))
		}
		if got := core.NewPolynomial("x", c, core.Rational.String).Expression; got != tc.want {
			t.Errorf("charpoly rendering of %v/%d = %q, want %q", tc.coeffs, tc.den, got, tc.want)
		}
	}
}

// TestRankLarge covers both large-matrix routes of rank: full rank (proved
// by one modular image) and deficient rank (certified RREF), against
// Bareiss.
func TestRankLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	for trial := range 8 {
		n := 24 + trial
		m := intMatrix(rng, n, n+trial%3, 9)
		if trial%2 == 1 {
			m = lowRank(rng, n, n+1, n-1-trial, 9)
		}
		got, err := rank(bg, m)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := ints(m...)
		e, err := eliminate(bg, b, len(m[0]), false)
		if err != nil {
			t.Fatal(err)
		}
		if got != len(e.pivots) {
			t.Fatalf("n=%d: rank %d, Bareiss %d", n, got, len(e.pivots))
		}
	}
}
