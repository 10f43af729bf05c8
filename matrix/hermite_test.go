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

// TestHermiteLastColumnMatchesModular holds the method of Pernet and
// Stein to the modular elimination wherever it claims a form, checks that
// it claims most random ones, and that it declines a lattice whose form
// has two pivots above 1 (2·I has no form [I h; 0 D]).
func TestHermiteLastColumnMatchesModular(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2))
	claimed, trials := 0, 0
	for trials < 150 {
		n := 2 + rng.IntN(30)
		bound := int64([]int{1, 10, 99, 1 << 40}[rng.IntN(4)])
		a := make([][]*big.Int, n)
		for i := range a {
			a[i] = make([]*big.Int, n)
			for j := range a[i] {
				a[i][j] = big.NewInt(rng.Int64N(2*bound+1) - bound)
			}
		}
		d, err := determinant(bg, integerMatrix(a).rationals())
		if err != nil {
			t.Fatal(err)
		}
		if d.Sign() == 0 {
			continue
		}
		trials++
		got, ok, err := hermiteLastColumn(bg, integerMatrix(a).big(), d.Num())
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		claimed++
		want, err := hermiteModular(bg, integerMatrix(a).big(), new(big.Int).Abs(d.Num()))
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%v: last column %v, modular %v", a, got, want)
		}
	}
	if claimed < trials/3 {
		t.Errorf("the last-column method claimed %d of %d random forms", claimed, trials)
	}
	t.Logf("claimed %d of %d", claimed, trials)
	two := make([][]*big.Int, 5)
	for i := range two {
		two[i] = make([]*big.Int, 5)
		for j := range two[i] {
			two[i][j] = big.NewInt(0)
		}
		two[i][i].SetInt64(2)
	}
	if h, ok, err := hermiteLastColumn(bg, two, big.NewInt(32)); ok || err != nil {
		t.Errorf("2·I: claimed %v (%v)", h, err)
	}
}

// TestHermiteModularMatchesClassical holds the modular method to the
// classical elimination on random nonsingular matrices: H is unique, so
// the two must agree entry by entry, and both must pass the
// postcondition.
func TestHermiteModularMatchesClassical(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	op := hermiteOperation()
	for trial := 0; trial < 200; trial++ {
		n := 1 + rng.IntN(9)
		bound := int64([]int{2, 10, 1000}[rng.IntN(3)])
		a := make([][]*big.Int, n)
		for i := range a {
			a[i] = make([]*big.Int, n)
			for j := range a[i] {
				a[i][j] = big.NewInt(rng.Int64N(2*bound+1) - bound)
			}
		}
		q := HermiteRequest{Matrix: integerMatrix(a), Transform: trial%2 == 0}
		d, err := determinant(bg, q.Matrix.rationals())
		if err != nil {
			t.Fatal(err)
		}
		if d.Sign() == 0 {
			continue
		}
		want, _, _, err := hermiteClassical(bg, q.Matrix.big())
		if err != nil {
			t.Fatal(err)
		}
		got, err := hermiteModular(bg, q.Matrix.big(), new(big.Int).Abs(d.Num()))
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%v: modular %v, classical %v", a, got, want)
		}
		r, err := op.Run(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if err := op.Postcondition(bg, q, r); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
}

// TestHermitePostconditionCatchesErrors mutates correct results and
// expects the postcondition to fail each time.
func TestHermitePostconditionCatchesErrors(t *testing.T) {
	op := hermiteOperation()
	q := HermiteRequest{Transform: true, Matrix: integerMatrix([][]*big.Int{{big.NewInt(2), big.NewInt(3)}, {big.NewInt(4), big.NewInt(5)}})}
	good, err := op.Run(bg, q)
	if err != nil {
		t.Fatal(err)
	}
	if err := op.Postcondition(bg, q, good); err != nil {
		t.Fatal(err)
	}
	mutations := map[string]func(r *HermiteResult){
		"unreduced entry above a pivot": func(r *HermiteResult) { r.Hermite[0][1] = r.Hermite[1][1] },
		"wrong transform":               func(r *HermiteResult) { (*r.Transform)[0][0] = (*r.Transform)[1][1] },
		"negative pivot":                func(r *HermiteResult) { r.Hermite[1][1] = core.Int(new(big.Int).Neg(r.Hermite[1][1].Big())) },
		"wrong rank":                    func(r *HermiteResult) { r.Rank = 1; r.PivotColumns = []int{0} },
	}
	for name, mutate := range mutations {
		r, _ := op.Run(bg, q)
		mutate(&r)
		if err := op.Postcondition(bg, q, r); err == nil {
			t.Errorf("%s: the postcondition accepted %+v", name, r)
		}
	}
}

// TestHermiteLatticeCheckCatchesErrors mutates forms the modular path
// returns without a transform (checked by checkHermiteLattice) and
// expects the postcondition to fail each time: an entry above the last
// pivot moved (a row of A leaves the lattice of H), the identity (every
// row of A lies in Zⁿ, but the determinants differ), a transform the
// request did not ask for, and a transform missing where it did.
func TestHermiteLatticeCheckCatchesErrors(t *testing.T) {
	op := hermiteOperation()
	rng := rand.New(rand.NewPCG(17, 3))
	for trial := 0; trial < 20; trial++ {
		n := 4 + rng.IntN(8)
		q := HermiteRequest{Matrix: integerMatrixOf(intMatrix(rng, n, n, 20))}
		good, err := op.Run(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if good.Transform != nil || good.witness != nil {
			t.Fatalf("%v: the modular path carried a transform unasked", q.Matrix)
		}
		if err := op.Postcondition(bg, q, good); err != nil {
			t.Fatalf("%v: %v", q.Matrix, err)
		}
		last := good.Hermite[n-1][n-1].Big()
		mutations := map[string]func(r *HermiteResult){
			"entry above the last pivot moved": func(r *HermiteResult) {
				x := new(big.Int).Add(r.Hermite[0][n-1].Big(), big.NewInt(1))
				r.Hermite[0][n-1] = core.Int(x.Mod(x, last))
			},
			"identity": func(r *HermiteResult) {
				r.Hermite = integerMatrix(identityInts(n))
			},
			"unasked transform": func(r *HermiteResult) {
				u := integerMatrix(identityInts(n))
				r.Transform = &u
			},
		}
		if last.Cmp(big.NewInt(1)) == 0 {
			delete(mutations, "entry above the last pivot moved")
		}
		for name, mutate := range mutations {
			r, _ := op.Run(bg, q)
			mutate(&r)
			if err := op.Postcondition(bg, q, r); err == nil {
				t.Errorf("%s: the postcondition accepted %v for %v", name, r.Hermite, q.Matrix)
			}
		}
		asked := HermiteRequest{Matrix: q.Matrix, Transform: true}
		if err := op.Postcondition(bg, asked, good); err == nil {
			t.Errorf("%v: the postcondition accepted a missing transform", q.Matrix)
		}
	}
}

// TestPARIHermite compares H and the rank with PARI/GP's mathnf, through
// the runtime so that the postcondition runs too
// (testdata/hnf_reference.json, written by testdata/hnf_reference.py with
// PARI/GP 2.15.2).
func TestPARIHermite(t *testing.T) {
	b, err := os.ReadFile("testdata/hnf_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Version string `json:"pari_gp_version"`
		Cases   []struct {
			Matrix  IntegerMatrix `json:"matrix"`
			Hermite IntegerMatrix `json:"hermite"`
			Rank    int           `json:"rank"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.Version == "" {
		t.Fatal("reference file names no PARI/GP version")
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "hermite", 50, ref.Cases) {
		got := runValue[HermiteResult](t, rt, "matrix.normal_form.hermite.compute", HermiteRequest{Matrix: c.Matrix})
		if fmt.Sprint(got.Hermite) != fmt.Sprint(c.Hermite) || got.Rank != c.Rank {
			t.Errorf("case %d: %v\ngot  H = %v, rank %d\nwant H = %v, rank %d", i, c.Matrix, got.Hermite, got.Rank, c.Hermite, c.Rank)
		}
	}
}
