package matrix

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"testing"

	"jacobian.dev/conformance"
)

// TestPARIIntegerKernel compares the kernel with PARI/GP's matkerint in
// Hermite form, through the runtime so that the postcondition runs too
// (testdata/integer_kernel_reference.json, written by
// testdata/integer_kernel_reference.py with PARI/GP 2.15.2).
func TestPARIIntegerKernel(t *testing.T) {
	b, err := os.ReadFile("testdata/integer_kernel_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Version string `json:"pari_gp_version"`
		Cases   []struct {
			Matrix    IntegerMatrix `json:"matrix"`
			Kernel    IntegerMatrix `json:"kernel"`
			Dimension int           `json:"dimension"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.Version == "" {
		t.Fatal("reference file names no PARI/GP version")
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "integer kernel", 50, ref.Cases) {
		got := runValue[IntegerKernelResult](t, rt, "matrix.integer_kernel.compute", IntegerMatrixRequest{c.Matrix})
		if fmt.Sprint(got.Kernel) != fmt.Sprint(c.Kernel) || got.Dimension != c.Dimension {
			t.Errorf("case %d: %v\ngot  %v, dimension %d\nwant %v, dimension %d", i, c.Matrix, got.Kernel, got.Dimension, c.Kernel, c.Dimension)
		}
	}
}

// TestIntegerKernelBruteForce: for small matrices with entries in
// [−2, 2], every integer vector with entries in [−3, 3] that A kills is
// an integer combination of the basis (its coordinates, solved by the
// echelon shape, are integers), and the basis rows are killed by A.
func TestIntegerKernelBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 1))
	for trial := 0; trial < 40; trial++ {
		m, n := 1+rng.IntN(3), 1+rng.IntN(4)
		a := make([][]*big.Int, m)
		for i := range a {
			a[i] = make([]*big.Int, n)
			for j := range a[i] {
				a[i][j] = big.NewInt(rng.Int64N(5) - 2)
			}
		}
		r, err := integerKernel(bg, integerMatrix(a))
		if err != nil {
			t.Fatal(err)
		}
		basis := r.Kernel.big()
		x := make([]int64, n)
		var walk func(j int)
		walk = func(j int) {
			if j < n {
				for v := int64(-3); v <= 3; v++ {
					x[j] = v
					walk(j + 1)
				}
				return
			}
			for _, row := range a {
				s := int64(0)
				for c, e := range row {
					s += e.Int64() * x[c]
				}
				if s != 0 {
					return
				}
			}
			// Peel the rows off by their pivots; an integer remainder of
			// zero means x is in the lattice.
			rest := make([]*big.Int, n)
			for c := range rest {
				rest[c] = big.NewInt(x[c])
			}
			for _, row := range basis {
				p := 0
				for row[p].Sign() == 0 {
					p++
				}
				q, m := new(big.Int).QuoRem(rest[p], row[p], new(big.Int))
				if m.Sign() != 0 {
					t.Fatalf("%v: %v is in the kernel but not in the lattice of %v", a, x, basis)
				}
				for c := range rest {
					rest[c].Sub(rest[c], new(big.Int).Mul(q, row[c]))
				}
			}
			for _, v := range rest {
				if v.Sign() != 0 {
					t.Fatalf("%v: %v is in the kernel but not in the lattice of %v", a, x, basis)
				}
			}
		}
		walk(0)
		if err := checkIntegerKernel(bg, IntegerMatrixRequest{integerMatrix(a)}, r); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
}

// TestIntegerKernelPostconditionCatchesErrors: a non-saturated basis (a
// row doubled), a row outside the kernel and a missing row all fail.
func TestIntegerKernelPostconditionCatchesErrors(t *testing.T) {
	q := IntegerMatrixRequest{integerMatrix([][]*big.Int{{big.NewInt(2), big.NewInt(1), big.NewInt(1)}})}
	good, err := integerKernel(bg, q.Matrix)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkIntegerKernel(bg, q, good); err != nil {
		t.Fatal(err)
	}
	for name, mutate := range map[string]func(k [][]*big.Int) [][]*big.Int{
		"doubled": func(k [][]*big.Int) [][]*big.Int {
			for j := range k[1] {
				k[1][j].Lsh(k[1][j], 1)
			}
			return k
		},
		"outside": func(k [][]*big.Int) [][]*big.Int { k[1][2].Add(k[1][2], big.NewInt(1)); return k },
		"missing": func(k [][]*big.Int) [][]*big.Int { return k[:1] },
	} {
		k := mutate(good.Kernel.big())
		bad := IntegerKernelResult{Kernel: integerMatrix(k), Dimension: len(k)}
		if err := checkIntegerKernel(bg, q, bad); err == nil {
			t.Errorf("%s: %v passed", name, k)
		}
	}
}

func BenchmarkIntegerKernel(b *testing.B) {
	op := integerKernelOperation()
	for _, m := range []int{5, 10, 19} {
		b.Run(fmt.Sprintf("rows=%d/cols=20", m), func(b *testing.B) {
			q := IntegerMatrixRequest{integerMatrixOf(intMatrix(rand.New(rand.NewPCG(uint64(m), 99)), m, 20, 99))}
			for b.Loop() {
				if _, err := op.Run(bg, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
