package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"

	"jacobian.dev/core"
	"jacobian.dev/core/bignum"
)

// Limits of the Chinese remainder theorem.
const (
	// MaxCongruences bounds the number of congruences.
	MaxCongruences = 10_000
	// MaxModuliDigits bounds the digits of all moduli together, and so the
	// size of their lcm.
	MaxModuliDigits = 100_000
)

// CRTRequest is a system x ≡ residue_i (mod modulus_i).
type CRTRequest struct {
	Congruences []Congruence `json:"congruences" jsonschema:"the congruences x ≡ residue (mod modulus); moduli positive, not necessarily coprime"`
}

// Congruence is x ≡ Residue (mod Modulus), Modulus ≥ 1.
type Congruence struct {
	Residue core.Integer `json:"residue"`
	Modulus core.Integer `json:"modulus"`
}

// CRTResult is the solution set of the system: when Solvable, every
// solution is ≡ Residue (mod Modulus), with Modulus the lcm of the moduli
// and 0 ≤ Residue < Modulus; when not, Conflict names two congruences i < j
// that alone have no common solution (residue_i ≢ residue_j modulo
// gcd(modulus_i, modulus_j)), the witness that the system has none.
type CRTResult struct {
	Solvable bool          `json:"solvable"`
	Residue  *core.Integer `json:"residue,omitempty" jsonschema:"the least non-negative solution (when solvable)"`
	Modulus  *core.Integer `json:"modulus,omitempty" jsonschema:"the lcm of the moduli: solutions are exactly residue + k·modulus (when solvable)"`
	Conflict []int         `json:"conflict,omitempty" jsonschema:"indices i < j of two congruences incompatible with each other (when not solvable)"`
}

// crtOperation solves a system of congruences with moduli not necessarily
// coprime, by merging one congruence at a time (generalised Chinese
// remainder theorem; Knuth, TAOCP vol. 2, §4.3.2, exercise 3; Cohen, A
// Course in Computational Algebraic Number Theory, §1.3.3): x ≡ a (mod M)
// and x ≡ b (mod m) have a common solution iff g = gcd(M, m) divides b − a,
// and then x = a + M·t with t ≡ ((b − a)/g)·(M/g)⁻¹ (mod m/g), modulo
// lcm(M, m) = M·m/g. A system is solvable iff its congruences are pairwise
// compatible (the same theorem applied prime by prime), so when the merge
// fails at congruence j, some earlier i conflicts with j alone, and that
// pair is reported.
//
// Canonical result: solvable with residue in [0, lcm) and modulus the lcm
// of the moduli; or not solvable with the lexicographically first
// conflicting pair (i, j), j the first congruence at which the merge fails.
// The empty system is solvable: every integer, residue 0 modulo 1. A
// modulus below 1 is a DOMAIN_ERROR naming it.
func crtOperation() core.Operation[CRTRequest, CRTResult] {
	return core.Operation[CRTRequest, CRTResult]{
		ID:         "integer.compute.crt",
		Title:      "Chinese remainder theorem",
		Summary:    "Solves a system of congruences x ≡ a_i (mod m_i) with moduli not necessarily coprime: the solution modulo lcm(m_i), or two congruences that conflict.",
		Keywords:   []string{"chinese remainder theorem", "crt", "chinese", "simultaneous congruences", "system of congruences", "chinese remaindering"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds:     core.Bounds{"/congruences": MaxCongruences},
		Limits: []core.Limit{
			{
				Name: "congruences", Max: MaxCongruences, Unit: "congruences",
				Description: "the system has at most this many congruences",
				Beyond:      func() string { return congruencesPayload(MaxCongruences + 1) },
				At:          func() string { return congruencesPayload(MaxCongruences) },
			},
			{
				Name: "moduli_digits", Max: MaxModuliDigits, Unit: "decimal digits",
				Description: "the moduli have at most this many decimal digits together",
				Beyond: func() string {
					return fmt.Sprintf(`{"congruences":[{"residue":"1","modulus":"%s"},{"residue":"2","modulus":"%s"}]}`, repeatDigit('9', MaxModuliDigits/2), repeatDigit('7', MaxModuliDigits/2+1))
				},
				At: func() string {
					return fmt.Sprintf(`{"congruences":[{"residue":"1","modulus":"%s"},{"residue":"-2","modulus":"%s"}]}`, repeatDigit('9', MaxModuliDigits/2), repeatDigit('7', MaxModuliDigits/2))
				},
			},
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "modulus 0", Payload: `{"congruences":[{"residue":"1","modulus":"3"},{"residue":"2","modulus":"0"}]}`, Code: core.DomainError, Path: "/payload/congruences/1/modulus"},
				{Title: "negative modulus", Payload: `{"congruences":[{"residue":"1","modulus":"-5"}]}`, Code: core.DomainError, Path: "/payload/congruences/0/modulus"},
				{Title: "a JSON number", Payload: `{"congruences":[{"residue":1,"modulus":"5"}]}`, Code: core.InvalidPayload, Path: "/payload/congruences/0/residue"},
			}
		},
		Preflight: func(ctx context.Context, q CRTRequest) error {
			if len(q.Congruences) > MaxCongruences {
				return core.Refusef("the system has %d congruences; at most %d are allowed", len(q.Congruences), MaxCongruences)
			}
			if d := moduliDigits(q.Congruences); d > MaxModuliDigits {
				return core.Refusef("the moduli have %d digits together; at most %d are allowed", d, MaxModuliDigits)
			}
			for i, c := range q.Congruences {
				if c.Modulus.Big().Sign() <= 0 {
					return core.DomainErrorAt(core.PayloadPath("congruences", i, "modulus"), "modulus %d is %v; moduli must be positive (≥ 1)", i, clipped(c.Modulus.Big()))
				}
			}
			return nil
		},
		Run:           solveCRT,
		Postcondition: checkCRT,
		Examples: []core.Example{
			// PARI/GP 2.15: chinese([Mod(2,3), Mod(3,5), Mod(2,7)]) = Mod(23, 105)
			{Title: "Sunzi's problem: x ≡ 2 (3), 3 (5), 2 (7)", Payload: json.RawMessage(`{"congruences":[{"residue":"2","modulus":"3"},{"residue":"3","modulus":"5"},{"residue":"2","modulus":"7"}]}`), Result: json.RawMessage(`{"solvable":true,"residue":"23","modulus":"105"}`)},
			// PARI/GP 2.15: chinese(Mod(3,4), Mod(5,6)) = Mod(11, 12)
			{Title: "moduli sharing a factor", Payload: json.RawMessage(`{"congruences":[{"residue":"3","modulus":"4"},{"residue":"5","modulus":"6"}]}`), Result: json.RawMessage(`{"solvable":true,"residue":"11","modulus":"12"}`)},
			{Title: "incompatible: x ≡ 1 (mod 4) and x ≡ 2 (mod 6) differ modulo 2", Payload: json.RawMessage(`{"congruences":[{"residue":"1","modulus":"4"},{"residue":"2","modulus":"6"}]}`), Result: json.RawMessage(`{"solvable":false,"conflict":[0,1]}`)},
			{Title: "negative residues are reduced", Payload: json.RawMessage(`{"congruences":[{"residue":"-1","modulus":"10"}]}`), Result: json.RawMessage(`{"solvable":true,"residue":"9","modulus":"10"}`)},
			{Title: "the empty system: every integer", Payload: json.RawMessage(`{"congruences":[]}`), Result: json.RawMessage(`{"solvable":true,"residue":"0","modulus":"1"}`)},
		},
		Generate: randomCRT,
	}
}

// congruencesPayload is count congruences x ≡ 0 (mod 1).
func congruencesPayload(count int) string {
	return `{"congruences":[` + strings.Repeat(`{"residue":"0","modulus":"1"},`, count-1) + `{"residue":"0","modulus":"1"}]}`
}

// moduliDigits is the exact number of decimal digits of all moduli
// together when the cheap upper bound says it may pass MaxModuliDigits,
// and that bound otherwise.
func moduliDigits(cs []Congruence) int {
	total := 0
	for _, c := range cs {
		total += decimalDigits(c.Modulus.Big())
	}
	if total <= MaxModuliDigits {
		return total
	}
	total = 0
	for _, c := range cs {
		d, _ := digitsOver(c.Modulus.Big(), 0)
		total += d
	}
	return total
}

// solveCRT solves a system of pairwise coprime moduli by
// solveCRTCoprime, without any large gcd, and any other by merging the
// congruences pairwise in a balanced tree (the
// product tree of Bernstein, "Fast multiplication and its applications",
// §§12 and 23; Borodin and Moenck's fast Chinese remaindering): level by
// level, neighbours (x₁ mod M₁) and (x₂ mod M₂) become one congruence
// modulo lcm(M₁, M₂) (mergeCRT), so that every level costs a few
// products and one extended gcd of its total size and the whole
// O(M(n) log² n) with core/bignum's subquadratic products and gcds, where
// merging the congruences one by one costs Θ(n²). A conflict anywhere
// hands the system to solveCRTSequential, whose canonical answer names the
// first congruence j incompatible with those before it and the first
// i < j incompatible with j.
//
// Canonical result: the least solution in [0, M) and M = lcm(m_i), or a
// conflicting pair (i, j), i < j, as solveCRTSequential finds it.
func solveCRT(ctx context.Context, q CRTRequest) (CRTResult, error) {
	if len(q.Congruences) == 0 {
		xi, mi := core.Int(new(big.Int)), core.Int(big.NewInt(1))
		return CRTResult{Solvable: true, Residue: &xi, Modulus: &mi}, nil
	}
	moduli := make([]*big.Int, len(q.Congruences))
	for i, c := range q.Congruences {
		moduli[i] = c.Modulus.Big()
	}
	if x, m, ok, err := solveCRTCoprime(ctx, q.Congruences, moduli); err != nil || ok {
		if err != nil {
			return CRTResult{}, err
		}
		xi, mi := core.Int(x), core.Int(m)
		return CRTResult{Solvable: true, Residue: &xi, Modulus: &mi}, nil
	}
	nodes := make([]crtNode, len(q.Congruences))
	for i, c := range q.Congruences {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return CRTResult{}, err
			}
		}
		m := c.Modulus.Big()
		nodes[i] = crtNode{new(big.Int).Mod(c.Residue.Big(), m), m}
	}
	for len(nodes) > 1 {
		next := make([]crtNode, 0, (len(nodes)+1)/2)
		for i := 0; i+1 < len(nodes); i += 2 {
			merged, ok, err := mergeCRT(ctx, nodes[i], nodes[i+1])
			if err != nil {
				return CRTResult{}, err
			}
			if !ok {
				return solveCRTSequential(ctx, q)
			}
			next = append(next, merged)
		}
		if len(nodes)%2 == 1 {
			next = append(next, nodes[len(nodes)-1])
		}
		nodes = next
	}
	xi, mi := core.Int(nodes[0].x), core.Int(nodes[0].m)
	return CRTResult{Solvable: true, Residue: &xi, Modulus: &mi}, nil
}

// solveCRTCoprime solves the system when its moduli are pairwise coprime
// (ok false otherwise, and then nothing is solved), by the product tree
// and the scaled remainder tree (Bernstein, "Scaled remainder trees",
// 2004; von zur Gathen and Gerhard, Modern Computer Algebra, Algorithm
// 10.16 for the combination). With M = ∏ m_i, the cofactors
// A_i = (M/m_i) mod m_i come down the product tree: at the root
// A = 1, and a child L of v with sibling R gets A_L = (A_v·P_R) mod P_L,
// since M/P_L = (M/P_v)·P_R. The moduli are pairwise coprime exactly
// when every gcd(A_i, m_i) is 1, which the inverse c_i = A_i⁻¹ mod m_i
// (on the small m_i) finds; then x = Σ (b_i·c_i mod m_i)·M/m_i mod M,
// summed up the tree as X_v = X_L·P_R + X_R·P_L.
func solveCRTCoprime(ctx context.Context, cs []Congruence, moduli []*big.Int) (x, m *big.Int, ok bool, err error) {
	tree, err := productTree(ctx, moduli)
	if err != nil {
		return nil, nil, false, err
	}
	cof, err := cofactorResidues(ctx, tree)
	if err != nil {
		return nil, nil, false, err
	}
	ys := make([]*big.Int, len(cs))
	for i, c := range cs {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, false, err
			}
		}
		mi := moduli[i]
		inv := new(big.Int).ModInverse(cof[i], mi)
		if inv == nil {
			if mi.Cmp(big.NewInt(1)) != 0 {
				return nil, nil, false, nil
			}
			inv = new(big.Int) // modulo 1 everything is 0
		}
		y := new(big.Int).Mod(c.Residue.Big(), mi)
		ys[i] = y.Mul(y, inv).Mod(y, mi)
	}
	for level := 0; level+1 < len(tree); level++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, false, err
		}
		ps := tree[level]
		next := make([]*big.Int, 0, (len(ys)+1)/2)
		for i := 0; i+1 < len(ys); i += 2 {
			l := bignum.Mul(new(big.Int), ys[i], ps[i+1])
			r := bignum.Mul(new(big.Int), ys[i+1], ps[i])
			next = append(next, l.Add(l, r))
		}
		if len(ys)%2 == 1 {
			next = append(next, ys[len(ys)-1])
		}
		ys = next
	}
	m = tree[len(tree)-1][0]
	q, r := new(big.Int), new(big.Int)
	if _, _, err := bignum.QuoRemContext(ctx, q, r, ys[0], m); err != nil {
		return nil, nil, false, err
	}
	return r, m, true, nil
}

// productTree is the values and, level by level, the products of
// neighbouring pairs (an odd one out carried up as it is), ending with
// the product of all.
func productTree(ctx context.Context, values []*big.Int) ([][]*big.Int, error) {
	level := values
	tree := [][]*big.Int{level}
	for len(level) > 1 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		next := make([]*big.Int, 0, (len(level)+1)/2)
		for i := 0; i+1 < len(level); i += 2 {
			next = append(next, bignum.Mul(new(big.Int), level[i], level[i+1]))
		}
		if len(level)%2 == 1 {
			next = append(next, level[len(level)-1])
		}
		level = next
		tree = append(tree, level)
	}
	return tree, nil
}

// cofactorResidues is (M/m_i) mod m_i for every leaf m_i of the product
// tree, M its root, passed down as A_L = ((A_v mod P_L)·P_R) mod P_L from
// A = 1 at the root (a node without sibling keeps its parent's A).
// Reducing A_v < P_v = P_L·P_R by P_L first makes the product one of two
// halves and the division one of twice the divisor's length by it, where
// multiplying first divides a number three times the divisor's length.
func cofactorResidues(ctx context.Context, tree [][]*big.Int) ([]*big.Int, error) {
	as := []*big.Int{big.NewInt(1)}
	q, t := new(big.Int), new(big.Int)
	for level := len(tree) - 2; level >= 0; level-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ps := tree[level]
		next := make([]*big.Int, len(ps))
		for i := range ps {
			a := as[i/2]
			sib := i ^ 1
			if sib >= len(ps) {
				next[i] = a
				continue
			}
			r := new(big.Int)
			if a.Cmp(ps[i]) >= 0 {
				if _, _, err := bignum.QuoRemContext(ctx, q, r, a, ps[i]); err != nil {
					return nil, err
				}
				a = r
			}
			bignum.Mul(t, a, ps[sib])
			if _, _, err := bignum.QuoRemContext(ctx, q, r, t, ps[i]); err != nil {
				return nil, err
			}
			next[i] = r
		}
		as = next
	}
	return as, nil
}

// crtNode is the congruence x ≡ x (mod m), 0 ≤ x < m.
type crtNode struct{ x, m *big.Int }

// mergeCRT combines x ≡ a.x (mod a.m) and x ≡ b.x (mod b.m) into one
// congruence modulo lcm = a.m·(b.m/g), g = gcd(a.m, b.m), or reports them
// incompatible (b.x − a.x not divisible by g). One extended gcd of
// (a.m mod b.m, b.m) gives g and s = (a.m/g)⁻¹ mod (b.m/g) (core/bignum's
// canonical cofactor, 0 ≤ s < b.m/g); then
// x = a.x + a.m·(((b.x − a.x)/g)·s mod b.m/g), which lies in [0, lcm).
func mergeCRT(ctx context.Context, a, b crtNode) (crtNode, bool, error) {
	ar := new(big.Int).Mod(a.m, b.m)
	g, s, _, err := bignum.GCDExtContext(ctx, ar, b.m)
	if err != nil {
		return crtNode{}, false, err
	}
	diff := new(big.Int).Sub(b.x, a.x)
	mbg := b.m
	if g.Cmp(big.NewInt(1)) != 0 {
		r := new(big.Int)
		if diff.QuoRem(diff, g, r); r.Sign() != 0 {
			return crtNode{}, false, nil
		}
		mbg = new(big.Int).Quo(b.m, g)
		if mbg.Cmp(big.NewInt(1)) == 0 {
			return a, true, nil // b.m divides a.m: b adds nothing
		}
	}
	q, t := new(big.Int), new(big.Int)
	if _, _, err := bignum.QuoRemContext(ctx, q, t, diff, mbg); err != nil {
		return crtNode{}, false, err
	}
	if t.Sign() < 0 {
		t.Add(t, mbg)
	}
	bignum.Mul(t, t, s)
	if _, _, err := bignum.QuoRemContext(ctx, q, t, t, mbg); err != nil {
		return crtNode{}, false, err
	}
	x := bignum.Mul(new(big.Int), a.m, t)
	x.Add(x, a.x)
	return crtNode{x, bignum.Mul(new(big.Int), a.m, mbg)}, true, nil
}

// solveCRTSequential merges the congruences in order: the reference of
// solveCRT, and its answer for an unsolvable system. The running solution
// x and modulus M grow, the incoming congruence stays small, so each merge
// reduces x and M modulo m_j first: every step is then two reductions and
// two products of the large numbers by small ones, linear in M's size.
func solveCRTSequential(ctx context.Context, q CRTRequest) (CRTResult, error) {
	x, m := new(big.Int), big.NewInt(1)
	g, t, mr, xr, diff := new(big.Int), new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	one := big.NewInt(1)
	for j, c := range q.Congruences {
		if j%64 == 0 {
			if err := ctx.Err(); err != nil {
				return CRTResult{}, err
			}
		}
		b, mj := c.Residue.Big(), c.Modulus.Big()
		mr.Mod(m, mj)
		g.GCD(nil, nil, mr, mj) // gcd(M, m_j)
		xr.Mod(x, mj)
		diff.Sub(b, xr) // ≡ b − x (mod m_j), so also modulo g
		if t.Rem(diff, g).Sign() != 0 {
			i, err := conflictWith(q.Congruences, j)
			if err != nil {
				return CRTResult{}, err
			}
			return CRTResult{Solvable: false, Conflict: []int{i, j}}, nil
		}
		// t = ((b − x)/g)·(M/g)⁻¹ mod (m_j/g); x += M·t; M = M·m_j/g.
		// M/g ≡ (M mod m_j)/g (mod m_j/g), as g divides both.
		mjg := new(big.Int).Quo(mj, g)
		if mjg.Cmp(one) == 0 {
			continue // m_j divides M: the congruence adds nothing
		}
		mr.Quo(mr, g)
		inv := new(big.Int).ModInverse(mr.Mod(mr, mjg), mjg)
		t.Quo(diff, g)
		t.Mul(t.Mod(t, mjg), inv).Mod(t, mjg)
		x.Add(x, t.Mul(t, m))
		m.Mul(m, mjg)
	}
	xi, mi := core.Int(x), core.Int(m)
	return CRTResult{Solvable: true, Residue: &xi, Modulus: &mi}, nil
}

// conflictWith returns the first i < j whose congruence conflicts with
// congruence j alone. The merge failed at j, so one exists: a system is
// solvable iff its congruences are pairwise compatible.
func conflictWith(cs []Congruence, j int) (int, error) {
	for i := range j {
		if !compatible(cs[i], cs[j]) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("the merge failed at congruence %d, yet no earlier congruence conflicts with it", j)
}

// compatible reports whether a ≡ b modulo gcd(m, n).
func compatible(x, y Congruence) bool {
	g := new(big.Int).GCD(nil, nil, x.Modulus.Big(), y.Modulus.Big())
	d := new(big.Int).Sub(x.Residue.Big(), y.Residue.Big())
	return d.Rem(d, g).Sign() == 0
}

// checkCRT: a solution lies in [0, M), M equals the lcm of the moduli
// computed independently (lcmTree: pairwise lcm by gcd, no extended gcd
// or inverse), and the solution satisfies every congruence, reduced
// modulo each modulus down that tree (a remainder tree: each node divides
// its parent, so reducing by the parent first keeps the residues); a
// conflict is a pair that is incompatible on its own.
func checkCRT(ctx context.Context, q CRTRequest, r CRTResult) error {
	cs := q.Congruences
	if !r.Solvable {
		if len(r.Conflict) != 2 || r.Residue != nil || r.Modulus != nil {
			return fmt.Errorf("an unsolvable result names exactly a pair and no solution")
		}
		i, j := r.Conflict[0], r.Conflict[1]
		if i < 0 || i >= j || j >= len(cs) {
			return fmt.Errorf("conflict %v is not a pair of congruence indices i < j", r.Conflict)
		}
		if compatible(cs[i], cs[j]) {
			return fmt.Errorf("congruences %d and %d are compatible", i, j)
		}
		return nil
	}
	if r.Residue == nil || r.Modulus == nil || r.Conflict != nil {
		return fmt.Errorf("a solvable result has a residue and a modulus and no conflict")
	}
	x, m := r.Residue.Big(), r.Modulus.Big()
	if m.Sign() <= 0 || x.Sign() < 0 || x.Cmp(m) >= 0 {
		return fmt.Errorf("residue %v is not in [0, modulus)", clipped(x))
	}
	if len(cs) == 0 {
		if m.Cmp(big.NewInt(1)) != 0 {
			return fmt.Errorf("the empty system's modulus is not 1")
		}
		return nil
	}
	tree, err := crtCheckTree(ctx, cs, m)
	if err != nil {
		return err
	}
	// x modulo every modulus, down the tree: each node divides its parent.
	rems := []*big.Int{x}
	for level := len(tree) - 2; level >= 0; level-- {
		if err := ctx.Err(); err != nil {
			return err
		}
		next := make([]*big.Int, len(tree[level]))
		for i, v := range tree[level] {
			q, rem := new(big.Int), new(big.Int)
			if _, _, err := bignum.QuoRemContext(ctx, q, rem, rems[i/2], v); err != nil {
				return err
			}
			next[i] = rem
		}
		rems = next
	}
	t := new(big.Int)
	for i, c := range cs {
		if t.Sub(rems[i], c.Residue.Big()).Rem(t, c.Modulus.Big()).Sign() != 0 {
			return fmt.Errorf("the residue does not satisfy congruence %d", i)
		}
	}
	return nil
}

// crtCheckTree is a tree whose root is lcm(m_i) = m and each of whose
// nodes divides its parent, or an error when m is not the lcm. When m is
// the product of the moduli, it is their lcm exactly when they are
// pairwise coprime, that is when every (m/m_i) mod m_i is a unit modulo
// m_i (cofactorResidues on the product tree); otherwise the lcm is
// computed by lcmTree.
func crtCheckTree(ctx context.Context, cs []Congruence, m *big.Int) ([][]*big.Int, error) {
	moduli := make([]*big.Int, len(cs))
	for i, c := range cs {
		moduli[i] = c.Modulus.Big()
	}
	tree, err := productTree(ctx, moduli)
	if err != nil {
		return nil, err
	}
	if tree[len(tree)-1][0].Cmp(m) == 0 {
		cof, err := cofactorResidues(ctx, tree)
		if err != nil {
			return nil, err
		}
		g := new(big.Int)
		for i, a := range cof {
			if g.GCD(nil, nil, a, moduli[i]).Cmp(big.NewInt(1)) != 0 {
				return nil, fmt.Errorf("the result's modulus is the product of moduli that are not pairwise coprime, not their least common multiple")
			}
		}
		return tree, nil
	}
	tree, err = lcmTree(ctx, cs)
	if err != nil {
		return nil, err
	}
	if tree[len(tree)-1][0].Cmp(m) != 0 {
		return nil, fmt.Errorf("the result's modulus is not the least common multiple of the moduli")
	}
	return tree, nil
}

// lcmTree is the moduli and, level by level, the lcm of neighbouring
// pairs (an odd one out carried up as it is), lcm(a, b) = a·(b/gcd(a, b))
// with core/bignum's gcd and products; the last level is lcm(m_i) alone.
func lcmTree(ctx context.Context, cs []Congruence) ([][]*big.Int, error) {
	level := make([]*big.Int, len(cs))
	for i, c := range cs {
		level[i] = c.Modulus.Big()
	}
	tree := [][]*big.Int{level}
	for len(level) > 1 {
		next := make([]*big.Int, 0, (len(level)+1)/2)
		for i := 0; i+1 < len(level); i += 2 {
			g, err := bignum.GCDContext(ctx, new(big.Int), level[i], level[i+1])
			if err != nil {
				return nil, err
			}
			b := level[i+1]
			if g.Cmp(big.NewInt(1)) != 0 {
				b = new(big.Int).Quo(b, g)
			}
			next = append(next, bignum.Mul(new(big.Int), level[i], b))
		}
		if len(level)%2 == 1 {
			next = append(next, level[len(level)-1])
		}
		level = next
		tree = append(tree, level)
	}
	return tree, nil
}

// randomCRT makes systems of two to eight congruences whose moduli share
// small factors; half of them are built from a common solution, so both
// outcomes occur.
func randomCRT(_ context.Context, rng *rand.Rand) CRTRequest {
	k := rng.IntN(7) + 2
	x := randomInt(rng, 200)
	var q CRTRequest
	for range k {
		m := new(big.Int).Mul(randomInt(rng, 40), big.NewInt(int64(rng.IntN(12)+1)))
		m.Add(m, big.NewInt(1))
		a := new(big.Int).Mod(x, m)
		if rng.IntN(2) == 0 {
			a.Add(a, big.NewInt(int64(rng.IntN(3))))
		}
		if rng.IntN(3) == 0 {
			a.Sub(a, new(big.Int).Mul(m, big.NewInt(int64(rng.IntN(5)))))
		}
		q.Congruences = append(q.Congruences, Congruence{core.Int(a), core.Int(m)})
	}
	return q
}
