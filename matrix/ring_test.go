package matrix

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// TestPARIRing compares determinants, ranks, characteristic polynomials,
// inverses, RREFs, kernels, linear systems and products over GF(p) with
// PARI/GP
// (testdata/ring_reference.json, written by testdata/ring_reference.py
// with PARI/GP 2.15.2), through the runtime.
func TestPARIRing(t *testing.T) {
	b, err := os.ReadFile("testdata/ring_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Version string `json:"pari_gp_version"`
		Cases   struct {
			Determinant []struct {
				Matrix      core.Matrix   `json:"matrix"`
				Modulus     core.Integer  `json:"modulus"`
				Determinant core.Rational `json:"determinant"`
			} `json:"determinant"`
			Rank []struct {
				Matrix  core.Matrix  `json:"matrix"`
				Modulus core.Integer `json:"modulus"`
				Rank    int          `json:"rank"`
			} `json:"rank"`
			Charpoly []struct {
				Matrix       core.Matrix     `json:"matrix"`
				Modulus      core.Integer    `json:"modulus"`
				Coefficients []core.Rational `json:"coefficients"`
			} `json:"charpoly"`
			Inverse []struct {
				Matrix     core.Matrix  `json:"matrix"`
				Modulus    core.Integer `json:"modulus"`
				Invertible bool         `json:"invertible"`
				Inverse    core.Matrix  `json:"inverse"`
			} `json:"inverse"`
			RREF []struct {
				Matrix       core.Matrix  `json:"matrix"`
				Modulus      core.Integer `json:"modulus"`
				RREF         core.Matrix  `json:"rref"`
				PivotColumns []int        `json:"pivot_columns"`
			} `json:"rref"`
			Nullspace []struct {
				Matrix  core.Matrix  `json:"matrix"`
				Modulus core.Integer `json:"modulus"`
				Kernel  core.Matrix  `json:"kernel"`
			} `json:"nullspace"`
			Solve []struct {
				Matrix     core.Matrix       `json:"matrix"`
				RHS        core.Matrix       `json:"rhs"`
				Modulus    core.Integer      `json:"modulus"`
				Particular [][]core.Rational `json:"particular"`
			} `json:"solve"`
			Multiply []struct {
				Left    core.Matrix  `json:"left"`
				Right   core.Matrix  `json:"right"`
				Modulus core.Integer `json:"modulus"`
				Product core.Matrix  `json:"product"`
			} `json:"multiply"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.Version == "" {
		t.Fatal("reference file names no PARI/GP version")
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "determinant over GF(p)", 50, ref.Cases.Determinant) {
		got := runValue[DeterminantResult](t, rt, "matrix.determinant.compute", DeterminantRequest{Matrix: c.Matrix, Ring: &Ring{c.Modulus}})
		if got.Determinant.Rat().Cmp(c.Determinant.Rat()) != 0 {
			t.Errorf("case %d (p = %s): %s, PARI/GP %s", i, c.Modulus, got.Determinant, c.Determinant)
		}
	}
	for i, c := range conformance.AtLeast(t, "rank over GF(p)", 50, ref.Cases.Rank) {
		got := runValue[RankResult](t, rt, "matrix.rank.compute", RingMatrixRequest{Matrix: c.Matrix, Ring: &Ring{c.Modulus}})
		if got.Rank != c.Rank {
			t.Errorf("case %d (p = %s): rank %d, PARI/GP %d", i, c.Modulus, got.Rank, c.Rank)
		}
	}
	for i, c := range conformance.AtLeast(t, "characteristic polynomial over GF(p)", 50, ref.Cases.Charpoly) {
		got := runValue[CharpolyResult](t, rt, "matrix.characteristic_polynomial.compute", RingMatrixRequest{Matrix: c.Matrix, Ring: &Ring{c.Modulus}})
		if !sameRationals(got.Polynomial.Coefficients, c.Coefficients) {
			t.Errorf("case %d (p = %s): %v, PARI/GP %v", i, c.Modulus, got.Polynomial.Coefficients, c.Coefficients)
		}
	}
	for i, c := range conformance.AtLeast(t, "inverse over GF(p)", 50, ref.Cases.Inverse) {
		got := runValue[InverseResult](t, rt, "matrix.inverse.compute", RingMatrixRequest{Matrix: c.Matrix, Ring: &Ring{c.Modulus}})
		if got.Invertible != c.Invertible || (got.Invertible && !sameMatrix(*got.Inverse, c.Inverse)) {
			t.Errorf("case %d (p = %s): %+v, PARI/GP invertible %v %v", i, c.Modulus, got, c.Invertible, c.Inverse)
		}
	}
	for i, c := range conformance.AtLeast(t, "RREF over GF(p)", 50, ref.Cases.RREF) {
		got := runValue[RREFResult](t, rt, "matrix.normal_form.rref.compute", RingMatrixRequest{Matrix: c.Matrix, Ring: &Ring{c.Modulus}})
		if !sameMatrix(got.RREF, c.RREF) || !slices.Equal(got.PivotColumns, c.PivotColumns) {
			t.Errorf("case %d (p = %s): %v %v, PARI/GP %v %v", i, c.Modulus, got.RREF, got.PivotColumns, c.RREF, c.PivotColumns)
		}
	}
	for i, c := range conformance.AtLeast(t, "nullspace over GF(p)", 50, ref.Cases.Nullspace) {
		got := runValue[NullspaceResult](t, rt, "matrix.nullspace.compute", RingMatrixRequest{Matrix: c.Matrix, Ring: &Ring{c.Modulus}})
		if got.Nullity != len(c.Kernel) {
			t.Errorf("case %d (p = %s): nullity %d, PARI/GP %d", i, c.Modulus, got.Nullity, len(c.Kernel))
			continue
		}
		// The same span: stacking both bases does not raise the rank.
		if got.Nullity > 0 {
			p := c.Modulus.Big().Uint64()
			both, ok := image(append(append(core.Matrix{}, got.Basis...), c.Kernel...), p)
			if !ok || modular.Rank(both, p) != got.Nullity {
				t.Errorf("case %d (p = %d): the kernel %v does not span PARI/GP's %v", i, p, got.Basis, c.Kernel)
			}
		}
	}
	for i, c := range conformance.AtLeast(t, "linear systems over GF(p)", 50, ref.Cases.Solve) {
		got := runValue[SolveResult](t, rt, "matrix.linear_system.solve", SolveRequest{Matrix: c.Matrix, RHS: RightHandSide{Matrix: c.RHS}, Ring: &Ring{c.Modulus}})
		p := c.Modulus.Big().Uint64()
		var none []int
		for j, x := range c.Particular {
			if x == nil {
				none = append(none, j)
			}
		}
		if !slices.Equal(got.InconsistentColumns, none) {
			t.Errorf("case %d (p = %d): inconsistent columns %v, PARI/GP %v", i, p, got.InconsistentColumns, none)
			continue
		}
		if len(none) > 0 {
			continue
		}
		// Each particular solution differs from PARI/GP's by a kernel vector.
		for j, want := range c.Particular {
			diff := make([]core.Rational, len(want))
			for r := range want {
				diff[r] = core.Rat(new(big.Rat).Sub(got.Solution.Matrix[r][j].Rat(), want[r].Rat()))
			}
			stack, ok := image(append(append(core.Matrix{}, got.Kernel...), diff), p)
			if !ok || modular.Rank(stack, p) != len(got.Kernel) {
				t.Errorf("case %d (p = %d), column %d: the solution differs from PARI/GP's by a vector outside the kernel", i, p, j)
			}
		}
	}
	for i, c := range conformance.AtLeast(t, "product over GF(p)", 50, ref.Cases.Multiply) {
		got := runValue[MultiplyResult](t, rt, "matrix.multiply.compute", MultiplyRequest{Left: c.Left, Right: c.Right, Ring: &Ring{c.Modulus}})
		if !sameMatrix(got.Product, c.Product) {
			t.Errorf("case %d (p = %s): %v, PARI/GP %v", i, c.Modulus, got.Product, c.Product)
		}
	}
}

// TestRingDeterminantMatchesRationals: over GF(p) the determinant is the
// rational determinant reduced modulo p, on the larger orders where the
// block-recursive PLE decomposition runs.
func TestRingDeterminantMatchesRationals(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 1))
	rt := newRuntime(t)
	for _, n := range []int{20, 70, 130} {
		m := intMatrix(rng, n, n, 99)
		exact := runValue[DeterminantResult](t, rt, "matrix.determinant.compute", DeterminantRequest{Matrix: m})
		for _, p := range []int64{3, 1_000_003, 4611686018427387847} {
			got := runValue[DeterminantResult](t, rt, "matrix.determinant.compute", DeterminantRequest{Matrix: m, Ring: &Ring{core.Int64(p)}})
			want := core.Rat(reduceRatMod(exact.Determinant, p))
			if got.Determinant.Rat().Cmp(want.Rat()) != 0 {
				t.Errorf("n = %d, p = %d: %s, the rational determinant reduces to %s", n, p, got.Determinant, want)
			}
		}
	}
}

func reduceRatMod(x core.Rational, p int64) *big.Rat {
	v := new(big.Int).Mod(x.Rat().Num(), big.NewInt(p))
	return new(big.Rat).SetInt(v)
}

func BenchmarkDeterminantRing(b *testing.B) {
	op := determinantOperation()
	benchSizes(b, []int{100, 400}, func(b *testing.B, n int, rng *rand.Rand) {
		q := DeterminantRequest{Matrix: intMatrix(rng, n, n, 99), Ring: &Ring{core.Int64(4611686018427387847)}}
		for b.Loop() {
			if _, err := op.Run(bg, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}
