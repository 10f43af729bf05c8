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

// TestPARIIntegerSolve compares solvability with PARI/GP's
// matsolvemod(A, 0, b) and the kernel with matkerint in Hermite form, and
// checks that PARI's solution reduces to Jacobian's canonical one: they
// differ by a kernel vector (testdata/integer_solve_reference.json,
// written by testdata/integer_solve_reference.py with PARI/GP 2.15.2).
func TestPARIIntegerSolve(t *testing.T) {
	b, err := os.ReadFile("testdata/integer_solve_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Version string `json:"pari_gp_version"`
		Cases   []struct {
			Matrix   IntegerMatrix  `json:"matrix"`
			RHS      []core.Integer `json:"rhs"`
			Solvable bool           `json:"solvable"`
			PARI     []core.Integer `json:"pari_solution"`
			Kernel   IntegerMatrix  `json:"kernel"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.Version == "" {
		t.Fatal("reference file names no PARI/GP version")
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "integer solve", 50, ref.Cases) {
		got := runValue[IntegerSolveResult](t, rt, "matrix.integer_linear_system.solve", IntegerSolveRequest{c.Matrix, c.RHS})
		if got.Solvable != c.Solvable || fmt.Sprint(got.Kernel) != fmt.Sprint(c.Kernel) {
			t.Errorf("case %d: %v, b = %v\ngot  solvable %v, kernel %v\nwant solvable %v, kernel %v", i, c.Matrix, c.RHS, got.Solvable, got.Kernel, c.Solvable, c.Kernel)
			continue
		}
		if c.Solvable {
			x := make([]*big.Int, len(c.PARI))
			for j, v := range c.PARI {
				x[j] = new(big.Int).Set(v.Big())
			}
			if reduced := reduceModKernel(x, got.Kernel.big()); fmt.Sprint(reduced) != fmt.Sprint(integerVector(got.Solution)) {
				t.Errorf("case %d: PARI's solution %v reduces to %v, not %v", i, c.PARI, reduced, got.Solution)
			}
		}
	}
}

// reduceModKernel is the reduction of the file comment, kept here as the
// tests' own copy.
func reduceModKernel(x []*big.Int, kernel [][]*big.Int) []*big.Int {
	for _, row := range kernel {
		p := 0
		for row[p].Sign() == 0 {
			p++
		}
		q := new(big.Int).Div(x[p], row[p])
		for l := range x {
			x[l].Sub(x[l], new(big.Int).Mul(q, row[l]))
		}
	}
	return x
}

func integerVector(v []core.Integer) []*big.Int {
	out := make([]*big.Int, len(v))
	for i, x := range v {
		out[i] = x.Big()
	}
	return out
}

// TestIntegerSolveBruteForce: for small systems, a solution with entries
// in [−3, 3] found by enumeration means the operation must call the
// system solvable, and its canonical solution must be the enumerated one
// reduced; when it says unsolvable, no enumerated vector may solve it.
func TestIntegerSolveBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 1))
	for trial := 0; trial < 60; trial++ {
		m, n := 1+rng.IntN(3), 1+rng.IntN(3)
		a := make([][]*big.Int, m)
		rhs := make([]core.Integer, m)
		for i := range a {
			a[i] = make([]*big.Int, n)
			for j := range a[i] {
				a[i][j] = big.NewInt(rng.Int64N(7) - 3)
			}
			rhs[i] = core.Int(big.NewInt(rng.Int64N(9) - 4))
		}
		q := IntegerSolveRequest{integerMatrix(a), rhs}
		r, err := integerSolve(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkIntegerSolve(bg, q, r); err != nil {
			t.Fatalf("%v, %v: %v", a, rhs, err)
		}
		x := make([]int64, n)
		var walk func(j int) bool
		walk = func(j int) bool {
			if j < n {
				for v := int64(-3); v <= 3; v++ {
					x[j] = v
					if walk(j + 1) {
						return true
					}
				}
				return false
			}
			for i, row := range a {
				s := int64(0)
				for c, e := range row {
					s += e.Int64() * x[c]
				}
				if s != rhs[i].Big().Int64() {
					return false
				}
			}
			return true
		}
		if walk(0) {
			if !r.Solvable {
				t.Fatalf("%v x = %v: %v solves it, but the operation found no solution", a, rhs, x)
			}
			v := make([]*big.Int, n)
			for j := range v {
				v[j] = big.NewInt(x[j])
			}
			if got := reduceModKernel(v, r.Kernel.big()); fmt.Sprint(got) != fmt.Sprint(integerVector(r.Solution)) {
				t.Fatalf("%v x = %v: %v reduces to %v, not %v", a, rhs, x, got, r.Solution)
			}
		}
	}
}

// TestIntegerSolvePostconditionCatchesErrors: a wrong solution, an
// unreduced one and a false "no solution" all fail.
func TestIntegerSolvePostconditionCatchesErrors(t *testing.T) {
	q := IntegerSolveRequest{integerMatrix([][]*big.Int{{big.NewInt(2), big.NewInt(4), big.NewInt(6)}}), []core.Integer{core.Int(big.NewInt(10))}}
	good, err := integerSolve(bg, q)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkIntegerSolve(bg, q, good); err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]IntegerSolveResult{
		"wrong":     {Solvable: true, Solution: []core.Integer{core.Int(big.NewInt(0)), core.Int(big.NewInt(1)), core.Int(big.NewInt(2))}, Kernel: good.Kernel},
		"unreduced": {Solvable: true, Solution: []core.Integer{core.Int(big.NewInt(1)), core.Int(big.NewInt(2)), core.Int(big.NewInt(0))}, Kernel: good.Kernel},
		"none":      {Solvable: false, Solution: []core.Integer{}, Kernel: good.Kernel},
	} {
		if err := checkIntegerSolve(bg, q, bad); err == nil {
			t.Errorf("%s: %v passed", name, bad)
		}
	}
}

func BenchmarkIntegerSolve(b *testing.B) {
	op := integerSolveOperation()
	for _, m := range []int{5, 10, 19} {
		b.Run(fmt.Sprintf("rows=%d/cols=20", m), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(m), 99))
			a := integerMatrixOf(intMatrix(rng, m, 20, 99))
			rhs := make([]core.Integer, m)
			for i := range rhs {
				rhs[i] = core.Int(big.NewInt(rng.Int64N(199) - 99))
			}
			q := IntegerSolveRequest{a, rhs}
			for b.Loop() {
				if _, err := op.Run(bg, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
