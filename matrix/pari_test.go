package matrix

import (
	"encoding/json"
	"math/big"
	"os"
	"slices"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// pariReference is testdata/pari_reference.json, written by
// testdata/pari_reference.py with PARI/GP 2.15.2 (matdet, matrank, matker,
// matinverseimage, matimage, charpoly, matsolve, A*B; see the script for how
// each value was obtained).
type pariReference struct {
	Version string `json:"pari_gp_version"`
	Cases   struct {
		Determinant []struct {
			Matrix      core.Matrix   `json:"matrix"`
			Determinant core.Rational `json:"determinant"`
		} `json:"determinant"`
		Rank []struct {
			Matrix core.Matrix `json:"matrix"`
			Rank   int         `json:"rank"`
		} `json:"rank"`
		RREF []struct {
			Matrix       core.Matrix `json:"matrix"`
			RREF         core.Matrix `json:"rref"`
			PivotColumns []int       `json:"pivot_columns"`
		} `json:"rref"`
		Inverse []struct {
			Matrix     core.Matrix `json:"matrix"`
			Invertible bool        `json:"invertible"`
			Inverse    core.Matrix `json:"inverse"`
		} `json:"inverse"`
		Solve []struct {
			Matrix     core.Matrix       `json:"matrix"`
			RHS        json.RawMessage   `json:"rhs"`
			Particular [][]core.Rational `json:"particular"`
			Kernel     [][]core.Rational `json:"kernel"`
		} `json:"solve"`
		Nullspace []struct {
			Matrix core.Matrix       `json:"matrix"`
			Kernel [][]core.Rational `json:"kernel"`
		} `json:"nullspace"`
		Multiply []struct {
			Left    core.Matrix `json:"left"`
			Right   core.Matrix `json:"right"`
			Product core.Matrix `json:"product"`
		} `json:"multiply"`
		Charpoly []struct {
			Matrix       core.Matrix     `json:"matrix"`
			Coefficients []core.Rational `json:"coefficients"`
		} `json:"charpoly"`
		Image []struct {
			Matrix core.Matrix       `json:"matrix"`
			Image  [][]core.Rational `json:"image"`
		} `json:"image"`
	} `json:"cases"`
}

func loadPARI(t *testing.T) *pariReference {
	t.Helper()
	b, err := os.ReadFile("testdata/pari_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref pariReference
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.Version == "" {
		t.Fatal("reference file names no PARI/GP version")
	}
	return &ref
}

// runValue runs an operation through the runtime (so postconditions run
// too) and decodes its value.
func runValue[T any](t *testing.T, rt *core.Runtime, id string, payload any) T {
	t.Helper()
	b, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	o := run(t, rt, id, string(b))
	if o.Outcome != core.OutcomeCompleted {
		t.Fatalf("%s on %s: %s", id, b, o)
	}
	var v T
	if err := json.Unmarshal(o.Value, &v); err != nil {
		t.Fatalf("decoding %s: %v", o.Value, err)
	}
	return v
}

func sameRationals(a, b []core.Rational) bool {
	return slices.EqualFunc(a, b, func(x, y core.Rational) bool { return x.Rat().Cmp(y.Rat()) == 0 })
}

func sameMatrix(a, b [][]core.Rational) bool {
	return slices.EqualFunc(a, b, sameRationals)
}

// freeColumns are the non-pivot columns among the first n.
func freeColumns(pivots []int, n int) []int {
	var free []int
	for j := 0; j < n; j++ {
		if !slices.Contains(pivots, j) {
			free = append(free, j)
		}
	}
	return free
}

// inCanonicalSpan reports whether w lies in the span of a canonical kernel
// basis (vector k is 1 at free[k] and 0 at the other free columns): then
// w must equal Σ w[free[k]]·basis[k].
func inCanonicalSpan(w []core.Rational, basis [][]core.Rational, free []int) bool {
	sum := make([]*big.Rat, len(w))
	for i := range sum {
		sum[i] = new(big.Rat)
	}
	for k, f := range free {
		for i, x := range basis[k] {
			sum[i].Add(sum[i], new(big.Rat).Mul(w[f].Rat(), x.Rat()))
		}
	}
	for i := range w {
		if sum[i].Cmp(w[i].Rat()) != 0 {
			return false
		}
	}
	return true
}

func TestPARIDeterminant(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "determinant", 50, loadPARI(t).Cases.Determinant) {
		got := runValue[DeterminantResult](t, rt, "matrix.determinant.compute", DeterminantRequest{Matrix: c.Matrix})
		if got.Determinant.Rat().Cmp(c.Determinant.Rat()) != 0 {
			t.Errorf("case %d: det = %s, PARI/GP matdet gives %s", i, got.Determinant, c.Determinant)
		}
	}
}

func TestPARIRank(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "rank", 50, loadPARI(t).Cases.Rank) {
		if got := runValue[RankResult](t, rt, "matrix.rank.compute", MatrixRequest{c.Matrix}); got.Rank != c.Rank {
			t.Errorf("case %d: rank = %d, PARI/GP matrank gives %d", i, got.Rank, c.Rank)
		}
	}
}

func TestPARIRREF(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "rref", 50, loadPARI(t).Cases.RREF) {
		got := runValue[RREFResult](t, rt, "matrix.normal_form.rref.compute", MatrixRequest{c.Matrix})
		if !sameMatrix(got.RREF, c.RREF) || !slices.Equal(got.PivotColumns, c.PivotColumns) {
			t.Errorf("case %d: rref %v pivots %v; PARI/GP gives %v pivots %v", i, got.RREF, got.PivotColumns, c.RREF, c.PivotColumns)
		}
	}
}

func TestPARIInverse(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "inverse", 50, loadPARI(t).Cases.Inverse) {
		got := runValue[InverseResult](t, rt, "matrix.inverse.compute", MatrixRequest{c.Matrix})
		if got.Invertible != c.Invertible || (c.Invertible && !sameMatrix(*got.Inverse, c.Inverse)) {
			t.Errorf("case %d: got %+v, PARI/GP gives invertible=%v %v", i, got, c.Invertible, c.Inverse)
		}
	}
}

// TestPARISolve compares the solution set, not the representatives: the
// status and inconsistent columns must agree with matinverseimage, our
// particular solution must differ from PARI's by a kernel vector, and our
// kernel must span the same space as matker.
func TestPARISolve(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "solve", 50, loadPARI(t).Cases.Solve) {
		var rhs RightHandSide
		if err := json.Unmarshal(c.RHS, &rhs); err != nil {
			t.Fatal(err)
		}
		got := runValue[SolveResult](t, rt, "matrix.linear_system.solve", SolveRequest{Matrix: c.Matrix, RHS: rhs})
		_, n := c.Matrix.Dims()
		red := runValue[RREFResult](t, rt, "matrix.normal_form.rref.compute", MatrixRequest{c.Matrix})
		free := freeColumns(red.PivotColumns, n)
		if len(got.Kernel) != len(c.Kernel) {
			t.Fatalf("case %d: kernel dimension %d, PARI/GP matker gives %d", i, len(got.Kernel), len(c.Kernel))
		}
		for _, w := range c.Kernel {
			if !inCanonicalSpan(w, got.Kernel, free) {
				t.Fatalf("case %d: PARI/GP kernel vector %v is not in our kernel", i, w)
			}
		}
		var wantNone []int
		for j, p := range c.Particular {
			if p == nil {
				wantNone = append(wantNone, j)
			}
		}
		if !slices.Equal(got.InconsistentColumns, wantNone) {
			t.Fatalf("case %d: inconsistent columns %v, PARI/GP matinverseimage says %v", i, got.InconsistentColumns, wantNone)
		}
		if wantNone != nil {
			if got.Status != None {
				t.Fatalf("case %d: status %s, want none", i, got.Status)
			}
			continue
		}
		wantStatus := Unique
		if len(c.Kernel) > 0 {
			wantStatus = Infinite
		}
		if got.Status != wantStatus {
			t.Fatalf("case %d: status %s, want %s", i, got.Status, wantStatus)
		}
		x := got.Solution.asColumns()
		for j, p := range c.Particular {
			diff := make([]core.Rational, n)
			for r := 0; r < n; r++ {
				diff[r] = core.Rat(new(big.Rat).Sub(x[r][j].Rat(), p[r].Rat()))
			}
			if !inCanonicalSpan(diff, got.Kernel, free) {
				t.Fatalf("case %d column %d: our solution and PARI/GP's differ by a non-kernel vector", i, j)
			}
		}
	}
}

func TestPARINullspace(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "nullspace", 50, loadPARI(t).Cases.Nullspace) {
		got := runValue[NullspaceResult](t, rt, "matrix.nullspace.compute", MatrixRequest{c.Matrix})
		_, n := c.Matrix.Dims()
		red := runValue[RREFResult](t, rt, "matrix.normal_form.rref.compute", MatrixRequest{c.Matrix})
		free := freeColumns(red.PivotColumns, n)
		if got.Nullity != len(c.Kernel) {
			t.Fatalf("case %d: nullity %d, PARI/GP matker has %d vectors", i, got.Nullity, len(c.Kernel))
		}
		for _, w := range c.Kernel {
			if !inCanonicalSpan(w, got.Basis, free) {
				t.Fatalf("case %d: PARI/GP kernel vector %v is not in our span", i, w)
			}
		}
	}
}

func TestPARIMultiply(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "multiply", 50, loadPARI(t).Cases.Multiply) {
		got := runValue[MultiplyResult](t, rt, "matrix.multiply.compute", MultiplyRequest{Left: c.Left, Right: c.Right})
		if !sameMatrix(got.Product, c.Product) {
			t.Errorf("case %d: product %v, PARI/GP gives %v", i, got.Product, c.Product)
		}
	}
}

func TestPARICharpoly(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "charpoly", 50, loadPARI(t).Cases.Charpoly) {
		got := runValue[CharpolyResult](t, rt, "matrix.characteristic_polynomial.compute", MatrixRequest{c.Matrix})
		if !sameRationals(got.Polynomial.Coefficients, c.Coefficients) {
			t.Errorf("case %d: charpoly %v, PARI/GP gives %v", i, got.Polynomial.Coefficients, c.Coefficients)
		}
	}
}

// TestPARIImage checks rank against matimage: the image basis has rank(A)
// vectors, and each lies in the column space (adjoining it keeps the rank).
func TestPARIImage(t *testing.T) {
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "image", 50, loadPARI(t).Cases.Image) {
		r := runValue[RankResult](t, rt, "matrix.rank.compute", MatrixRequest{c.Matrix}).Rank
		if r != len(c.Image) {
			t.Fatalf("case %d: rank %d, PARI/GP matimage has %d vectors", i, r, len(c.Image))
		}
		for _, v := range c.Image {
			aug := make(core.Matrix, len(c.Matrix))
			for row := range aug {
				aug[row] = append(slices.Clone(c.Matrix[row]), v[row])
			}
			if r2 := runValue[RankResult](t, rt, "matrix.rank.compute", MatrixRequest{aug}).Rank; r2 != r {
				t.Fatalf("case %d: PARI/GP image vector %v raises the rank to %d", i, v, r2)
			}
		}
	}
}
