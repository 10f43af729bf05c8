package matrix

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"os"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// elementaryReference is testdata/elementary_reference.json, written by
// testdata/elementary_reference.py: trace, transpose and powers from
// PARI/GP 2.15.2, Kronecker products from SymPy.
type elementaryReference struct {
	PARI  string `json:"pari_gp_version"`
	SymPy string `json:"sympy_version"`
	Cases struct {
		Trace []struct {
			Matrix core.Matrix   `json:"matrix"`
			Trace  core.Rational `json:"trace"`
		} `json:"trace"`
		Transpose []struct {
			Matrix    core.Matrix `json:"matrix"`
			Transpose core.Matrix `json:"transpose"`
		} `json:"transpose"`
		Power []struct {
			Matrix   core.Matrix `json:"matrix"`
			Exponent int64       `json:"exponent"`
			Power    core.Matrix `json:"power"`
		} `json:"power"`
		Kronecker []struct {
			Left    core.Matrix `json:"left"`
			Right   core.Matrix `json:"right"`
			Product core.Matrix `json:"product"`
		} `json:"kronecker"`
	} `json:"cases"`
}

func loadElementary(t *testing.T) *elementaryReference {
	t.Helper()
	b, err := os.ReadFile("testdata/elementary_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref elementaryReference
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.PARI == "" || ref.SymPy == "" {
		t.Fatal("reference file names no PARI/GP or SymPy version")
	}
	return &ref
}

func TestPARITrace(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "trace", 50, loadElementary(t).Cases.Trace) {
		got := runValue[TraceResult](t, rt, "matrix.trace.compute", MatrixRequest{c.Matrix})
		if got.Trace.Rat().Cmp(c.Trace.Rat()) != 0 {
			t.Errorf("case %d: trace %s, PARI/GP %s", i, got.Trace, c.Trace)
		}
	}
}

func TestPARITranspose(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "transpose", 50, loadElementary(t).Cases.Transpose) {
		got := runValue[TransposeResult](t, rt, "matrix.transpose.compute", MatrixRequest{c.Matrix})
		if !sameMatrix(got.Transpose, c.Transpose) {
			t.Errorf("case %d: %v, PARI/GP %v", i, got.Transpose, c.Transpose)
		}
	}
}

func TestPARIPower(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "power", 50, loadElementary(t).Cases.Power) {
		got := runValue[PowerResult](t, rt, "matrix.power.compute", PowerRequest{c.Matrix, c.Exponent})
		if !sameMatrix(got.Power, c.Power) {
			t.Errorf("case %d: A^%d = %v, PARI/GP %v", i, c.Exponent, got.Power, c.Power)
		}
	}
}

func TestSymPyKronecker(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "kronecker", 50, loadElementary(t).Cases.Kronecker) {
		got := runValue[KroneckerResult](t, rt, "matrix.kronecker_product.compute", KroneckerRequest{c.Left, c.Right})
		if !sameMatrix(got.Product, c.Product) {
			t.Errorf("case %d: %v, SymPy %v", i, got.Product, c.Product)
		}
	}
}

// TestPowerMatchesRepeatedProducts holds repeated squaring to the simple
// method, k − 1 products, and checks A^(j+k) = A^j·A^k.
func TestPowerMatchesRepeatedProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 2))
	for trial := 0; trial < 60; trial++ {
		n := 1 + rng.IntN(4)
		a := randomMatrix(rng, n, n)
		k := rng.Int64N(20)
		got, err := power(bg, a, k)
		if err != nil {
			t.Fatal(err)
		}
		want := core.Matrix(identity(n))
		for range k {
			want = mustMultiply(t, want, a)
		}
		if !sameMatrix(got, want) {
			t.Fatalf("%v^%d: squaring %v, products %v", a, k, got, want)
		}
		j := rng.Int64N(5)
		aj, _ := power(bg, a, j)
		ajk, _ := power(bg, a, j+k)
		if !sameMatrix(ajk, mustMultiply(t, aj, got)) {
			t.Fatalf("%v: A^%d ≠ A^%d·A^%d", a, j+k, j, k)
		}
	}
}

// TestKroneckerMixedProduct checks (A ⊗ B)(C ⊗ D) = (AC) ⊗ (BD).
func TestKroneckerMixedProduct(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 2))
	for trial := 0; trial < 40; trial++ {
		m, n, p := 1+rng.IntN(3), 1+rng.IntN(3), 1+rng.IntN(3)
		q, r, s := 1+rng.IntN(3), 1+rng.IntN(3), 1+rng.IntN(3)
		a, c := randomMatrix(rng, m, n), randomMatrix(rng, n, p)
		b, d := randomMatrix(rng, q, r), randomMatrix(rng, r, s)
		ab, _ := kronecker(bg, a, b)
		cd, _ := kronecker(bg, c, d)
		acbd, _ := kronecker(bg, mustMultiply(t, a, c), mustMultiply(t, b, d))
		if !sameMatrix(mustMultiply(t, ab, cd), acbd) {
			t.Fatalf("mixed product fails for %v, %v, %v, %v", a, b, c, d)
		}
	}
}

// TestTraceIdentities checks tr(AB) = tr(BA) and tr(A ⊗ B) = tr A·tr B.
func TestTraceIdentities(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 2))
	tr := func(m core.Matrix) *big.Rat {
		s := new(big.Rat)
		for i := range m {
			s.Add(s, m[i][i].Rat())
		}
		return s
	}
	for trial := 0; trial < 40; trial++ {
		m, n := 1+rng.IntN(4), 1+rng.IntN(4)
		a, b := randomMatrix(rng, m, n), randomMatrix(rng, n, m)
		if tr(mustMultiply(t, a, b)).Cmp(tr(mustMultiply(t, b, a))) != 0 {
			t.Fatalf("tr(AB) ≠ tr(BA) for %v, %v", a, b)
		}
		c, d := randomMatrix(rng, m, m), randomMatrix(rng, n, n)
		k, _ := kronecker(bg, c, d)
		if tr(k).Cmp(new(big.Rat).Mul(tr(c), tr(d))) != 0 {
			t.Fatalf("tr(C ⊗ D) ≠ tr C·tr D for %v, %v", c, d)
		}
	}
}
