package matrix

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// TestPARILLL compares with PARI/GP's qflll (testdata/lll_reference.json,
// written by testdata/lll_reference.py with PARI/GP 2.15.2). Reduced bases
// are not unique, so for each case: the rank agrees; the checker accepts
// PARI's basis and ours for the input's lattice; and the two bases have
// the same Hermite normal form.
func TestPARILLL(t *testing.T) {
	b, err := os.ReadFile("testdata/lll_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Version string `json:"pari_gp_version"`
		Cases   []struct {
			Matrix IntegerMatrix `json:"matrix"`
			Basis  IntegerMatrix `json:"basis"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.Version == "" {
		t.Fatal("reference file names no PARI/GP version")
	}
	rt := newRuntime(t)
	same := 0
	for i, c := range conformance.AtLeast(t, "lll", 50, ref.Cases) {
		got := runValue[LLLResult](t, rt, "matrix.lattice.lll.compute", LLLRequest{Matrix: c.Matrix})
		if got.Rank != len(c.Basis) {
			t.Errorf("case %d: rank %d, PARI/GP %d", i, got.Rank, len(c.Basis))
			continue
		}
		for who, basis := range map[string]IntegerMatrix{"ours": got.Basis, "PARI/GP's": c.Basis} {
			v := runValue[LLLCheckResult](t, rt, "matrix.lattice.lll_reduced.check", LLLCheckRequest{Matrix: c.Matrix, Basis: basis})
			if v.Verdict != core.Accepted {
				t.Errorf("case %d: the checker does not accept %s basis %v: %s", i, who, basis, v.Reason)
			}
		}
		if fmt.Sprint(got.Basis) == fmt.Sprint(c.Basis) {
			same++
		}
	}
	t.Logf("%d of %d bases equal PARI/GP's entry for entry", same, len(ref.Cases))
}

// TestLLLCheckRejects: mutations of a reduced basis are rejected for the
// right reason.
func TestLLLCheckRejects(t *testing.T) {
	rt := newRuntime(t)
	m := IntegerMatrix{{core.Int64(1), core.Int64(1), core.Int64(1)}, {core.Int64(-1), core.Int64(0), core.Int64(2)}, {core.Int64(3), core.Int64(5), core.Int64(6)}}
	good := runValue[LLLResult](t, rt, "matrix.lattice.lll.compute", LLLRequest{Matrix: m})
	mutate := func(f func(b [][]*big.Int)) IntegerMatrix {
		b := good.Basis.big()
		f(b)
		return integerMatrix(b)
	}
	tests := []struct {
		name  string
		basis IntegerMatrix
		kind  string
	}{
		{"not size-reduced", mutate(func(b [][]*big.Int) {
			for j := range b[2] {
				b[2][j].Add(b[2][j], new(big.Int).Mul(big.NewInt(3), b[0][j]))
			}
		}), "size"},
		{"dependent", mutate(func(b [][]*big.Int) { b[2] = b[0] }), "dependent"},
		{"a sublattice, itself reduced", mutate(func(b [][]*big.Int) {
			for i := range b {
				for j := range b[i] {
					b[i][j].Mul(b[i][j], big.NewInt(2))
				}
			}
		}), ""},
	}
	for _, tc := range tests {
		v := runValue[LLLCheckResult](t, rt, "matrix.lattice.lll_reduced.check", LLLCheckRequest{Matrix: m, Basis: tc.basis})
		if v.Verdict != core.Rejected {
			t.Errorf("%s: verdict %s (%s)", tc.name, v.Verdict, v.Reason)
			continue
		}
		if kind := ""; v.Violation != nil {
			kind = v.Violation.Kind
			if kind != tc.kind {
				t.Errorf("%s: violation %q, want %q", tc.name, kind, tc.kind)
			}
		} else if tc.kind != "" {
			t.Errorf("%s: no violation, want %q (%s)", tc.name, tc.kind, v.Reason)
		}
	}
}

// TestLLLTransformOptional: the basis is the same with and without the
// transform, and both results pass the postcondition, on square inputs of
// full rank (checked without T), singular square inputs and non-square
// ones (checked with T kept as the witness).
func TestLLLTransformOptional(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	op := lllOperation()
	for i := range 200 {
		m, n := rng.IntN(6)+1, rng.IntN(6)+1
		if i%2 == 0 {
			n = m
		}
		a := randomIntegerMatrix(rng, m, n)
		if i%6 == 0 && m > 1 {
			a[m-1] = a[0]
		}
		without, err := op.Run(bg, LLLRequest{Matrix: a})
		if err != nil {
			t.Fatal(err)
		}
		with, err := op.Run(bg, LLLRequest{Matrix: a, Transform: true})
		if err != nil {
			t.Fatal(err)
		}
		if without.Transform != nil || with.Transform == nil {
			t.Fatalf("%v: transform %v without the flag, %v with it", a, without.Transform, with.Transform)
		}
		if fmt.Sprint(without.Basis) != fmt.Sprint(with.Basis) || without.Rank != with.Rank {
			t.Fatalf("%v: basis %v without the transform, %v with it", a, without.Basis, with.Basis)
		}
		if err := checkLLL(bg, LLLRequest{Matrix: a}, without); err != nil {
			t.Fatalf("%v without the transform: %v", a, err)
		}
		if err := checkLLL(bg, LLLRequest{Matrix: a, Transform: true}, with); err != nil {
			t.Fatalf("%v with the transform: %v", a, err)
		}
	}
}

// TestSameSquareLattice compares sameSquareLattice with the definition on
// small nonsingular matrices: L(a) = L(b) exactly when a·b⁻¹ and b·a⁻¹ are
// both integral (big.Rat Gauss–Jordan). Pairs are random, or b a
// unimodular image of a, or b = a with one row doubled or two diagonal
// entries exchanged (same determinant, another lattice). Half the time a
// is upper triangular, the path that takes a as its own Hermite basis.
func TestSameSquareLattice(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2))
	equal, differ, triangular := 0, 0, 0
	for i := range 400 {
		n := rng.IntN(5) + 1
		a := nonsingular(rng, n)
		if i%8 >= 4 {
			aa := a.big()
			for r := range aa {
				for j := range r {
					aa[r][j].SetInt64(0)
				}
				if aa[r][r].Sign() == 0 {
					aa[r][r].SetInt64(int64(r + 2))
				}
			}
			a = integerMatrix(aa)
		}
		var b IntegerMatrix
		switch i % 4 {
		case 0:
			b = nonsingular(rng, n)
		case 1:
			bb := a.big()
			for range 5 {
				r, s := rng.IntN(n), rng.IntN(n)
				if r != s {
					for j := range bb[r] {
						bb[r][j].Add(bb[r][j], new(big.Int).Mul(big.NewInt(rng.Int64N(7)-3), bb[s][j]))
					}
				}
			}
			b = integerMatrix(bb)
		case 2:
			bb := a.big()
			r := rng.IntN(n)
			for j := range bb[r] {
				bb[r][j].Lsh(bb[r][j], 1)
			}
			b = integerMatrix(bb)
		default:
			d := make([][]*big.Int, n)
			e := make([][]*big.Int, n)
			for r := range d {
				d[r], e[r] = make([]*big.Int, n), make([]*big.Int, n)
				for j := range d[r] {
					d[r][j], e[r][j] = new(big.Int), new(big.Int)
				}
				d[r][r].SetInt64(int64(r + 1))
				e[r][r].SetInt64(int64(n - r))
			}
			a, b = integerMatrix(d), integerMatrix(e)
		}
		want := integral(ratProduct(a, ratInverse(b))) && integral(ratProduct(b, ratInverse(a)))
		err := sameSquareLattice(bg, rand.New(rand.NewPCG(uint64(i), 3)), a, b)
		if (err == nil) != want {
			t.Fatalf("%v and %v: sameSquareLattice says %v, the definition %v", a, b, err, want)
		}
		if want {
			equal++
		} else {
			differ++
		}
		if want && upperTriangular(a.view(), n) {
			triangular++
		}
	}
	if triangular < 30 {
		t.Errorf("only %d equal pairs with a triangular", triangular)
	}
	if equal < 50 || differ < 50 {
		t.Fatalf("only %d equal and %d different pairs", equal, differ)
	}
}

// nonsingular is a random n×n integer matrix with nonzero determinant.
func nonsingular(rng *rand.Rand, n int) IntegerMatrix {
	for {
		a := randomIntegerMatrix(rng, n, n)
		if ratInverse(a) != nil {
			return a
		}
	}
}

// ratInverse is the inverse of a by Gauss–Jordan over big.Rat, nil when a
// is singular.
func ratInverse(a IntegerMatrix) [][]*big.Rat {
	n := len(a)
	w := make([][]*big.Rat, n)
	for i := range w {
		w[i] = make([]*big.Rat, 2*n)
		for j := range w[i] {
			w[i][j] = new(big.Rat)
			if j < n {
				w[i][j].SetInt(a[i][j].Big())
			}
		}
		w[i][n+i].SetInt64(1)
	}
	for c := range n {
		p := c
		for p < n && w[p][c].Sign() == 0 {
			p++
		}
		if p == n {
			return nil
		}
		w[c], w[p] = w[p], w[c]
		inv := new(big.Rat).Inv(w[c][c])
		for j := range w[c] {
			w[c][j].Mul(w[c][j], inv)
		}
		for r := range n {
			if r != c && w[r][c].Sign() != 0 {
				f := new(big.Rat).Set(w[r][c])
				for j := range w[r] {
					w[r][j].Sub(w[r][j], new(big.Rat).Mul(f, w[c][j]))
				}
			}
		}
	}
	out := make([][]*big.Rat, n)
	for i := range out {
		out[i] = w[i][n:]
	}
	return out
}

func ratProduct(a IntegerMatrix, x [][]*big.Rat) [][]*big.Rat {
	out := make([][]*big.Rat, len(a))
	for i := range a {
		out[i] = make([]*big.Rat, len(x[0]))
		for j := range out[i] {
			s := new(big.Rat)
			for k := range x {
				s.Add(s, new(big.Rat).Mul(new(big.Rat).SetInt(a[i][k].Big()), x[k][j]))
			}
			out[i][j] = s
		}
	}
	return out
}

func integral(x [][]*big.Rat) bool {
	for _, row := range x {
		for _, v := range row {
			if !v.IsInt() {
				return false
			}
		}
	}
	return true
}

// TestLLLPostconditionRejectsTampered: a result whose basis is changed
// after the reduction keeps the reduction's record of its exact test,
// and the postcondition must still reject it: the basis with one row
// added to another (the same lattice, no longer size-reduced) and the
// basis doubled (still reduced, another lattice), on square knapsacks
// (checked without a transform) and non-square inputs (with the witness).
func TestLLLPostconditionRejectsTampered(t *testing.T) {
	op := lllOperation()
	rng := rand.New(rand.NewPCG(13, 5))
	var requests []LLLRequest
	for _, d := range []int{8, 20} {
		var q LLLRequest
		if err := json.Unmarshal([]byte(knapsackJSON(d, 60)), &q); err != nil {
			t.Fatal(err)
		}
		requests = append(requests, q)
	}
	for range 4 {
		requests = append(requests, LLLRequest{Matrix: nonsingular(rng, 4)[:3]})
	}
	for i, q := range requests {
		r, err := op.Run(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if r.checked == nil {
			t.Fatalf("request %d: the reduction kept no record of its test, so the reuse goes untested", i)
		}
		if err := checkLLL(bg, q, r); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		b := r.Basis.big()
		sheared := r
		sheared.Basis = integerMatrix(b)
		for j := range b[1] {
			sheared.Basis[1][j] = core.Int(new(big.Int).Add(b[1][j], b[0][j]))
		}
		doubled := r
		doubled.Basis = integerMatrix(b)
		for k := range b {
			for j := range b[k] {
				doubled.Basis[k][j] = core.Int(new(big.Int).Lsh(b[k][j], 1))
			}
		}
		for name, bad := range map[string]LLLResult{"sheared": sheared, "doubled": doubled} {
			if err := checkLLL(bg, q, bad); err == nil {
				t.Errorf("request %d: the %s basis passes the postcondition", i, name)
			}
		}
	}
}

// TestLLLEstimateBigFloat: preflight refuses the knapsack of issue 13,
// 101 rows with 608-bit weights, which the proved big.Float passes took
// 3 min 20 s to reduce, and admits the bench's 101-row knapsack with
// 120-bit weights (the heuristic pass) and a 21-row one with 512-bit
// weights (about a second in the big.Float passes).
func TestLLLEstimateBigFloat(t *testing.T) {
	op := lllOperation()
	for _, tc := range []struct {
		d       int
		bits    uint
		refused bool
	}{{100, 608, true}, {100, 120, false}, {20, 512, false}} {
		var q LLLRequest
		if err := json.Unmarshal([]byte(knapsackJSON(tc.d, tc.bits)), &q); err != nil {
			t.Fatal(err)
		}
		err := op.Preflight(bg, q)
		if (err != nil) != tc.refused {
			t.Errorf("%d rows of %d bits (estimated %.0f ms): preflight says %v", tc.d+1, tc.bits, estimateLLL(q.Matrix)/1e6, err)
		}
	}
}
