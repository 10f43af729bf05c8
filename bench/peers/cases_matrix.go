package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"

	"jacobian.dev/core/lattice"
)

// matrixCases are the matrix domain's rows. Matrix answers are written as
// the input files are: rows, columns, then the entries row by row (reduced
// fractions p/q over Q), as peers_matrix.gp extends peers_lines to do.
func matrixCases() []Case {
	var cases []Case
	for _, n := range []int{50, 100, 200, 400, 500} {
		cases = append(cases, Case{
			Name: fmt.Sprintf("det_%d", n), Size: n, Tiny: 2 + n/50, Series: "det",
			Inputs:   determinantInputs,
			Jacobian: operation("matrix.determinant.compute", matrixPayloadOf, stringAnswer("determinant")),
			FLINT:    "fmpz_mat_det",
			GP:       "matdet(m)",
		})
	}
	return append(cases,
		Case{
			Name: "charpoly_150", Size: 150, Tiny: 5,
			Inputs:   determinantInputs,
			Jacobian: operation("matrix.characteristic_polynomial.compute", matrixPayloadOf, polyAnswer("characteristic_polynomial")),
			FLINT:    "fmpz_mat_charpoly",
			GP:       "charpoly(m)",
		},
		Case{
			Name: "inverse_150", Size: 150, Tiny: 5,
			Inputs:   determinantInputs,
			Jacobian: operation("matrix.inverse.compute", matrixPayloadOf, matrixAnswer("inverse")),
			FLINT:    "fmpz_mat_inv",
			GP:       "1/m",
		},
		Case{
			// n×(4n/3) over Q: the 60×80 row at Size 60.
			Name: "rref_60x80", Size: 60, Tiny: 6,
			Inputs:   rrefInputs,
			Jacobian: operation("matrix.normal_form.rref.compute", matrixPayloadOf, matrixAnswer("rref")),
			FLINT:    "fmpq_mat_rref",
			GP:       "peers_matrix_rref(m)",
		},
		Case{
			Name: "hnf_150", Size: 150, Tiny: 5,
			Inputs:   determinantInputs,
			Jacobian: operation("matrix.normal_form.hermite.compute", matrixPayloadOf, matrixAnswer("hermite")),
			FLINT:    "fmpz_mat_hnf",
			// mathnf reduces columns to an upper-triangular form whose
			// pivots run from the last row up; the column-reversed
			// transpose turns Jacobian's and FLINT's row form into it and
			// back (O(n²) copies around the timed mathnf).
			GPSetup: "mt = peers_matrix_flip(m)",
			GP:      "peers_matrix_flip(mathnf(mt))",
		},
		Case{
			Name: "snf_100", Size: 100, Tiny: 5,
			Inputs:   determinantInputs,
			Jacobian: operation("matrix.normal_form.smith.compute", matrixPayloadOf, vectorAnswer("elementary_divisors")),
			FLINT:    "fmpz_mat_snf",
			// matsnf lists the divisors largest first.
			GP: "Vecrev(matsnf(m))",
		},
		Case{
			// One right-hand side b, an n×1 matrix; the solution is one too.
			Name: "solve_200", Size: 200, Tiny: 5,
			Inputs:   solveInputs,
			Jacobian: operation("matrix.linear_system.solve", solvePayloadOf, matrixAnswer("solution")),
			FLINT:    "fmpq_mat_solve_fmpz_mat",
			GP:       "matsolve(m, b)",
		},
		Case{
			Name: "lll_knapsack_100", Size: 100, Tiny: 6,
			Inputs:   knapsackInputs,
			Jacobian: operation("matrix.lattice.lll.compute", matrixPayloadOf, lllAnswer),
			FLINT:    "fmpz_lll",
			// qflll returns the transform T of the columns; mt·T (small
			// entries in T, milliseconds at d = 100) is the basis.
			GPSetup: "mt = m~",
			GP:      "peers_matrix_lll(mt * qflll(mt))",
		},
	)
}

// solveInputs is an n×n matrix m and an n×1 matrix b, entries in
// [−99, 99].
func solveInputs(rng *rand.Rand, n int) ([]Input, error) {
	m := randMatrix(rng, n, 99)
	b := make([][]*big.Int, n)
	for i := range b {
		b[i] = []*big.Int{big.NewInt(rng.Int64N(199) - 99)}
	}
	return []Input{matrixInput("m", m), matrixInput("b", b)}, nil
}

func solvePayloadOf(in []Input) any {
	return map[string]any{"matrix": matrixPayload(in[0].Matrix()), "rhs": matrixPayload(in[1].Matrix())}
}

// rrefInputs is an n×(4n/3) matrix with entries in [−99, 99].
func rrefInputs(rng *rand.Rand, n int) ([]Input, error) {
	rows := make([][]*big.Int, n)
	for i := range rows {
		rows[i] = make([]*big.Int, n+n/3)
		for j := range rows[i] {
			rows[i][j] = big.NewInt(rng.Int64N(199) - 99)
		}
	}
	return []Input{matrixInput("m", rows)}, nil
}

// knapsackInputs is the (n+1)×(n+1) knapsack lattice of Lagarias and
// Odlyzko: rows (e_i, w_i) for n random 120-bit weights w_i and a last row
// (0, …, 0, s) with s the sum of a random subset of the weights.
func knapsackInputs(rng *rand.Rand, n int) ([]Input, error) {
	rows := make([][]*big.Int, n+1)
	s := new(big.Int)
	for i := range rows {
		rows[i] = make([]*big.Int, n+1)
		for j := range rows[i] {
			rows[i][j] = new(big.Int)
		}
		if i < n {
			rows[i][i].SetInt64(1)
			w := randBelow(rng, new(big.Int).Lsh(big.NewInt(1), 120))
			rows[i][n] = w
			if rng.IntN(2) == 0 {
				s.Add(s, w)
			}
		}
	}
	rows[n][n] = s
	return []Input{matrixInput("m", rows)}, nil
}

// matrixLines is a matrix answer: rows, columns, then the entries.
func matrixLines(m [][]string) []string {
	lines := []string{strconv.Itoa(len(m)), "0"}
	if len(m) > 0 {
		lines[1] = strconv.Itoa(len(m[0]))
	}
	for _, row := range m {
		lines = append(lines, row...)
	}
	return lines
}

// resultField decodes the field name of a result value into v.
func resultField(value json.RawMessage, name string, v any) error {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(value, &fields); err != nil {
		return err
	}
	if err := json.Unmarshal(fields[name], v); err != nil {
		return fmt.Errorf("result field %q: %v", name, err)
	}
	return nil
}

// matrixAnswer reads the matrix field name of the result.
func matrixAnswer(name string) func(json.RawMessage) ([]string, error) {
	return func(v json.RawMessage) ([]string, error) {
		var m [][]string
		if err := resultField(v, name, &m); err != nil {
			return nil, err
		}
		return matrixLines(m), nil
	}
}

// vectorAnswer reads the list of integers name of the result.
func vectorAnswer(name string) func(json.RawMessage) ([]string, error) {
	return func(v json.RawMessage) ([]string, error) {
		var xs []string
		if err := resultField(v, name, &xs); err != nil {
			return nil, err
		}
		return xs, nil
	}
}

// lllAnswer is the answer of an LLL-reduced basis, which is not unique:
// the lattice invariants rank and |det B| (B square) and the verdict of
// the system's own exact test that B is (0.99, 0.51)-reduced, as in
// peers_matrix_lll (peers_matrix.gp) and run_fmpz_lll (flint_matrix.c).
func lllAnswer(v json.RawMessage) ([]string, error) {
	var m [][]string
	if err := resultField(v, "basis", &m); err != nil {
		return nil, err
	}
	rows := make([][]*big.Int, len(m))
	for i, row := range m {
		rows[i] = make([]*big.Int, len(row))
		for j, s := range row {
			x, ok := new(big.Int).SetString(s, 10)
			if !ok {
				return nil, fmt.Errorf("basis entry %q is not an integer", s)
			}
			rows[i][j] = x
		}
	}
	if len(rows) == 0 || len(rows) != len(rows[0]) {
		return nil, fmt.Errorf("the reduced basis is %d×%d, not square", len(rows), len(m[0]))
	}
	violation, err := lattice.IsReduced(context.Background(), rows, lattice.DefaultParams())
	if err != nil {
		return nil, err
	}
	reduced := "1"
	if violation != nil {
		reduced = "0"
	}
	return []string{strconv.Itoa(len(rows)), new(big.Int).Abs(bareiss(rows)).String(), reduced}, nil
}

// bareiss is the determinant of a square integer matrix by fraction-free
// elimination (Bareiss 1968), on a copy.
func bareiss(rows [][]*big.Int) *big.Int {
	n := len(rows)
	a := make([][]*big.Int, n)
	for i := range a {
		a[i] = make([]*big.Int, n)
		for j := range a[i] {
			a[i][j] = new(big.Int).Set(rows[i][j])
		}
	}
	sign, prev := 1, big.NewInt(1)
	t := new(big.Int)
	for k := 0; k < n; k++ {
		p := k
		for p < n && a[p][k].Sign() == 0 {
			p++
		}
		if p == n {
			return new(big.Int)
		}
		if p != k {
			a[p], a[k] = a[k], a[p]
			sign = -sign
		}
		for i := k + 1; i < n; i++ {
			for j := k + 1; j < n; j++ {
				a[i][j].Mul(a[i][j], a[k][k])
				a[i][j].Sub(a[i][j], t.Mul(a[i][k], a[k][j]))
				a[i][j].Quo(a[i][j], prev)
			}
		}
		prev = a[k][k]
	}
	d := new(big.Int).Set(a[n-1][n-1])
	if sign < 0 {
		d.Neg(d)
	}
	return d
}
