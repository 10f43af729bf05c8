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

// TestPARISmith compares the elementary divisors with PARI/GP's matsnf,
// through the runtime so that the postcondition runs too
// (testdata/snf_reference.json, written by testdata/snf_reference.py with
// PARI/GP 2.15.2).
func TestPARISmith(t *testing.T) {
	b, err := os.ReadFile("testdata/snf_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Version string `json:"pari_gp_version"`
		Cases   []struct {
			Matrix             IntegerMatrix  `json:"matrix"`
			ElementaryDivisors []core.Integer `json:"elementary_divisors"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.Version == "" {
		t.Fatal("reference file names no PARI/GP version")
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "smith", 50, ref.Cases) {
		got := runValue[SmithResult](t, rt, "matrix.normal_form.smith.compute", IntegerMatrixRequest{c.Matrix})
		if fmt.Sprint(got.ElementaryDivisors) != fmt.Sprint(c.ElementaryDivisors) {
			t.Errorf("case %d: %v\ngot  %v\nwant %v", i, c.Matrix, got.ElementaryDivisors, c.ElementaryDivisors)
		}
	}
}

// TestSmithMinors checks the defining identity on small random matrices:
// d_1·…·d_k is the gcd of the k×k minors of A, found by brute force.
func TestSmithMinors(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 3))
	for trial := 0; trial < 100; trial++ {
		a := randomIntegerMatrix(rng, 1+rng.IntN(4), 1+rng.IntN(4))
		r, err := smith(bg, a)
		if err != nil {
			t.Fatal(err)
		}
		m, n := a.Dims()
		prod := big.NewInt(1)
		for k := 1; k <= min(m, n); k++ {
			g := gcdOfMinors(a.big(), k)
			if k <= r.Rank {
				prod.Mul(prod, r.ElementaryDivisors[k-1].Big())
			} else {
				prod.SetInt64(0)
			}
			if g.Cmp(prod) != 0 {
				t.Fatalf("%v: gcd of %d×%d minors is %s, product of the first %d divisors %s (%v)", a, k, k, g, k, prod, r.ElementaryDivisors)
			}
		}
	}
}

// gcdOfMinors is the gcd of all k×k minors of a, by enumeration.
func gcdOfMinors(a [][]*big.Int, k int) *big.Int {
	m, n := len(a), len(a[0])
	g := new(big.Int)
	var rows, cols []int
	var pick func(set *[]int, from, max, need int, then func())
	pick = func(set *[]int, from, max, need int, then func()) {
		if need == 0 {
			then()
			return
		}
		for i := from; i <= max-need; i++ {
			*set = append(*set, i)
			pick(set, i+1, max, need-1, then)
			*set = (*set)[:len(*set)-1]
		}
	}
	pick(&rows, 0, m, k, func() {
		pick(&cols, 0, n, k, func() {
			sub := make([][]*big.Int, k)
			for i, r := range rows {
				sub[i] = make([]*big.Int, k)
				for j, c := range cols {
					sub[i][j] = new(big.Int).Set(a[r][c])
				}
			}
			d, _ := determinantBareiss(bg, sub)
			g.GCD(nil, nil, g, new(big.Int).Abs(d))
		})
	})
	return g
}

// TestSmithPostconditionCatchesErrors mutates a correct result.
func TestSmithPostconditionCatchesErrors(t *testing.T) {
	op := smithOperation()
	q := IntegerMatrixRequest{integerMatrix([][]*big.Int{{big.NewInt(2), big.NewInt(4), big.NewInt(4)}, {big.NewInt(-6), big.NewInt(6), big.NewInt(12)}, {big.NewInt(10), big.NewInt(-4), big.NewInt(-16)}})}
	mutations := map[string]func(r *SmithResult){
		"divisor that does not divide the next": func(r *SmithResult) { r.Smith[1][1] = core.Int64(5); r.ElementaryDivisors[1] = core.Int64(5) },
		"wrong left transform":                  func(r *SmithResult) { r.LeftTransform[0][0] = core.Int64(2) },
		"off-diagonal entry":                    func(r *SmithResult) { r.Smith[0][1] = core.Int64(1) },
		"wrong right transform":                 func(r *SmithResult) { r.RightTransform[2][0] = core.Int64(7) },
	}
	for name, mutate := range mutations {
		r, err := op.Run(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if err := op.Postcondition(bg, q, r); err != nil {
			t.Fatalf("unmutated: %v", err)
		}
		mutate(&r)
		if err := op.Postcondition(bg, q, r); err == nil {
			t.Errorf("%s: the postcondition accepted %+v", name, r)
		}
	}
}
