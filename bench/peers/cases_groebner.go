package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
)

// groebnerCases are the Gröbner basis rows (issue 15): reduced bases of
// the classical systems in grevlex and lex, against SymPy's f5b (PARI and
// FLINT 2.9 have no Gröbner bases).
func groebnerCases() []Case {
	return []Case{
		groebnerCase("groebner_cyclic5_grevlex", 5, 3, cyclicInputs, "grevlex", "groebner_grevlex"),
		groebnerCase("groebner_katsura6_grevlex", 6, 2, katsuraInputs, "grevlex", "groebner_grevlex"),
		withNote(groebnerCase("groebner_cyclic6_grevlex", 6, 3, cyclicInputs, "grevlex", ""),
			"SymPy sits out: its f5b took 45 s to 6 minutes a call on katsura-6 here and had not finished cyclic-6 after 2.5 minutes"),
		groebnerCase("groebner_cyclic5_lex", 5, 3, cyclicInputs, "lex", "groebner_lex"),
		groebnerCase("groebner_katsura4_lex", 4, 2, katsuraInputs, "lex", "groebner_lex"),
		withNote(groebnerCase("groebner_katsura6_lex", 6, 2, katsuraInputs, "lex", ""),
			"SymPy sits out: its f5b takes 1.8 s on katsura-4 in lex here, and the lex basis of katsura-6 has coefficients of 4,000 digits"),
	}
}

// withSymPy is c with SymPy's routine named: factor (Poly.factor_list)
// and real_roots (Poly.intervals, which isolates the real roots by
// continued fractions) in sympy_runner.py.
func withSymPy(c Case, routine string) Case {
	c.SymPy = routine
	return c
}

// withNote is c with the note printed under the table.
func withNote(c Case, note string) Case {
	c.Note = note
	return c
}

// KindSystem is a system of polynomials with integer coefficients: the
// number of variables n, the number of polynomials, then per polynomial
// its number of terms and, per term, the coefficient followed by its n
// exponents. Only sympy_runner.py reads it.
const KindSystem Kind = "system"

// sysTerm is a term of a system: an integer coefficient and one exponent
// per variable.
type sysTerm struct {
	c int64
	e []int
}

func systemInput(name string, n int, polys [][]sysTerm) Input {
	ints := []*big.Int{big.NewInt(int64(n)), big.NewInt(int64(len(polys)))}
	for _, p := range polys {
		ints = append(ints, big.NewInt(int64(len(p))))
		for _, t := range p {
			ints = append(ints, big.NewInt(t.c))
			for _, e := range t.e {
				ints = append(ints, big.NewInt(int64(e)))
			}
		}
	}
	return Input{Name: name, Kind: KindSystem, Ints: ints}
}

// System is the input as its number of variables and polynomials.
func (in Input) System() (int, [][]sysTerm) {
	v := func(i int) int64 { return in.Ints[i].Int64() }
	n, k, at := int(v(0)), int(v(1)), 2
	polys := make([][]sysTerm, k)
	for i := range polys {
		t := int(v(at))
		at++
		for range t {
			e := make([]int, n)
			for j := range e {
				e[j] = int(v(at + 1 + j))
			}
			polys[i] = append(polys[i], sysTerm{v(at), e})
			at += 1 + n
		}
	}
	return n, polys
}

// cyclicInputs is cyclic-n in x1..xn (Björck and Fröberg): the sums
// Σ_i x_i·x_{i+1}·…·x_{i+k−1} (indices mod n) for k = 1..n−1, and
// x1·…·xn − 1.
func cyclicInputs(_ *rand.Rand, n int) ([]Input, error) {
	if n < 2 {
		return nil, fmt.Errorf("cyclic-n needs n ≥ 2, not %d", n)
	}
	var polys [][]sysTerm
	for k := 1; k < n; k++ {
		var p []sysTerm
		for i := range n {
			e := make([]int, n)
			for j := range k {
				e[(i+j)%n]++
			}
			p = append(p, sysTerm{1, e})
		}
		polys = append(polys, p)
	}
	all := make([]int, n)
	for i := range all {
		all[i] = 1
	}
	polys = append(polys, []sysTerm{{1, all}, {-1, make([]int, n)}})
	return []Input{systemInput("f", n, polys)}, nil
}

// katsuraInputs is katsura-n in u0..un (n+1 variables): with u_{−l} = u_l
// and u_l = 0 for l > n, Σ_{l=−n}^{n} u_l·u_{m−l} − u_m for m = 0..n−1,
// and u0 + 2·Σ_{l≥1} u_l − 1.
func katsuraInputs(_ *rand.Rand, n int) ([]Input, error) {
	if n < 1 {
		return nil, fmt.Errorf("katsura-n needs n ≥ 1, not %d", n)
	}
	nv := n + 1
	idx := func(l int) int {
		if l < 0 {
			l = -l
		}
		if l > n {
			return -1
		}
		return l
	}
	var polys [][]sysTerm
	for m := range n {
		acc := map[string]*sysTerm{}
		var keys []string
		add := func(e []int, c int64) {
			k := fmt.Sprint(e)
			if t, ok := acc[k]; ok {
				t.c += c
				return
			}
			acc[k] = &sysTerm{c, e}
			keys = append(keys, k)
		}
		for l := -n; l <= n; l++ {
			a, b := idx(l), idx(m-l)
			if a < 0 || b < 0 {
				continue
			}
			e := make([]int, nv)
			e[a]++
			e[b]++
			add(e, 1)
		}
		e := make([]int, nv)
		e[m] = 1
		add(e, -1)
		var p []sysTerm
		for _, k := range keys {
			if acc[k].c != 0 {
				p = append(p, *acc[k])
			}
		}
		polys = append(polys, p)
	}
	var lin []sysTerm
	for l := range nv {
		e := make([]int, nv)
		e[l] = 1
		lin = append(lin, sysTerm{map[bool]int64{true: 1, false: 2}[l == 0], e})
	}
	lin = append(lin, sysTerm{-1, make([]int, nv)})
	return []Input{systemInput("f", nv, append(polys, lin))}, nil
}

// groebnerCase computes the reduced Gröbner basis of the system in the
// order: polynomial.groebner_basis.compute and, when sympy names it,
// SymPy's groebner(..., order=order, method='f5b'), both answering in
// groebnerAnswer's form.
func groebnerCase(name string, size, tiny int, inputs func(*rand.Rand, int) ([]Input, error), order, sympy string) Case {
	payload := func(in []Input) any { return groebnerPayload(in, order) }
	return Case{
		Name: name, Size: size, Tiny: tiny,
		Inputs:   inputs,
		Jacobian: operation("polynomial.groebner_basis.compute", payload, groebnerAnswer),
		SymPy:    sympy,
	}
}

// groebnerPayload is the request for the system in variables x1..xn in
// the order.
func groebnerPayload(in []Input, order string) any {
	n, polys := in[0].System()
	type term struct {
		Coefficient string `json:"coefficient"`
		Exponents   []int  `json:"exponents"`
	}
	type poly struct {
		Terms []term `json:"terms"`
	}
	vars := make([]string, n)
	for i := range vars {
		vars[i] = fmt.Sprintf("x%d", i+1)
	}
	gens := make([]poly, len(polys))
	for i, p := range polys {
		gens[i].Terms = []term{}
		for _, t := range p {
			gens[i].Terms = append(gens[i].Terms, term{fmt.Sprint(t.c), t.e})
		}
	}
	return map[string]any{"variables": vars, "order": order, "generators": gens}
}

// groebnerAnswer reads polynomial.groebner_basis.compute's result as
// the answer of a reduced Gröbner basis: the number of elements, then per element (greatest leading monomial first) its number
// of terms and, per term in descending order, the coefficient (an integer
// or p/q in lowest terms) and its exponents, every element monic. The
// SymPy runner's groebner routine writes the same lines.
func groebnerAnswer(v json.RawMessage) ([]string, error) {
	var r struct {
		Basis []struct {
			Terms []struct {
				Coefficient string `json:"coefficient"`
				Exponents   []int  `json:"exponents"`
			} `json:"terms"`
		} `json:"basis"`
	}
	if err := json.Unmarshal(v, &r); err != nil {
		return nil, err
	}
	out := []string{fmt.Sprint(len(r.Basis))}
	for _, g := range r.Basis {
		out = append(out, fmt.Sprint(len(g.Terms)))
		for _, t := range g.Terms {
			if strings.ContainsAny(t.Coefficient, " \n") {
				return nil, fmt.Errorf("coefficient %q is not one token", t.Coefficient)
			}
			out = append(out, t.Coefficient)
			for _, e := range t.Exponents {
				out = append(out, fmt.Sprint(e))
			}
		}
	}
	return out, nil
}
