package integer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

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
	// inverses is the run's certificate that pairwise coprime moduli are
	// pairwise coprime, c_i with Σ c_i·M/m_i ≡ 1 (mod M), M = ∏ m_i; it
	// is not part of the published result, and a result without it
	// (decoded from JSON, or from a merge of moduli not all coprime) is
	// checked by gcds instead.
	inverses []*big.Int
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
	if x, m, inv, ok, err := solveCRTCoprime(ctx, q.Congruences, moduli); err != nil || ok {
		if err != nil {
			return CRTResult{}, err
		}
		xi, mi := core.Int(x), core.Int(m)
		return CRTResult{Solvable: true, Residue: &xi, Modulus: &mi, inverses: inv}, nil
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
// (ok false otherwise, and then nothing is solved), by the product tree,
// remainder trees and two linear combinations up the product tree
// (Bernstein, "Fast multiplication and its applications", §§12, 18 and
// 23; von zur Gathen and Gerhard, Modern Computer Algebra, Algorithm
// 10.16 for the combination). With M = ∏ m_i, the inverses
// c_i = ((M/m_i) mod m_i)⁻¹ mod m_i come from cofactorInverses, which
// fails exactly when the moduli are not pairwise coprime; then
// x = Σ (b_i·c_i mod m_i)·M/m_i mod M, summed up the tree as
// X_v = X_L·P_R + X_R·P_L (combineUp). The nodes of a level are
// independent and are spread over GOMAXPROCS goroutines (eachNode).
// The inverses c_i are returned too, the certificate of coprimality that
// checkCRT verifies.
func solveCRTCoprime(ctx context.Context, cs []Congruence, moduli []*big.Int) (x, m *big.Int, inv []*big.Int, ok bool, err error) {
	tree, err := productTree(ctx, moduli)
	if err != nil {
		return nil, nil, nil, false, err
	}
	inv, ok, err = cofactorInverses(ctx, tree)
	if err != nil || !ok {
		return nil, nil, nil, false, err
	}
	ys := make([]*big.Int, len(cs))
	err = eachNode(ctx, len(cs), len(cs), func(i int) error {
		mi := moduli[i]
		y := new(big.Int).Mod(cs[i].Residue.Big(), mi)
		ys[i] = y.Mul(y, inv[i]).Mod(y, mi)
		return nil
	})
	if err != nil {
		return nil, nil, nil, false, err
	}
	sum, err := combineUp(ctx, tree, ys)
	if err != nil {
		return nil, nil, nil, false, err
	}
	m = tree[len(tree)-1][0]
	q, r := new(big.Int), new(big.Int)
	if _, _, err := bignum.QuoRemContext(ctx, q, r, sum, m); err != nil {
		return nil, nil, nil, false, err
	}
	return r, m, inv, true, nil
}

// crtParallelWords is the total length in words of a level's operands
// from which eachNode spreads the level over goroutines: below it a
// level's products take a few microseconds, the cost of starting them.
const crtParallelWords = 256

// eachNode calls f(0), …, f(count−1), the independent nodes of one level
// of a tree whose operands have words words together, on GOMAXPROCS
// goroutines (the caller one of them) taking the next index in turn when
// the level is long enough (crtParallelWords), and returns the errors of
// f and of ctx, joined.
func eachNode(ctx context.Context, count, words int, f func(i int) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	workers := min(runtime.GOMAXPROCS(0), count)
	if workers < 2 || words < crtParallelWords {
		for i := range count {
			if i%256 == 255 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if err := f(i); err != nil {
				return err
			}
		}
		return nil
	}
	var next atomic.Int64
	errs := make([]error, workers)
	work := func(w int) {
		for {
			i := int(next.Add(1) - 1)
			if i >= count || errs[w] != nil {
				return
			}
			if i%256 == 255 {
				errs[w] = ctx.Err()
			}
			if errs[w] == nil {
				errs[w] = f(i)
			}
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Go(func() { work(w) })
	}
	work(0) // the caller takes its share rather than waiting idle
	wg.Wait()
	return errors.Join(errs...)
}

// levelWords is the words of the integers of a level together.
func levelWords(level []*big.Int) int {
	n := 0
	for _, v := range level {
		n += len(v.Bits())
	}
	return n
}

// productTree is the values and, level by level, the products of
// neighbouring pairs (an odd one out carried up as it is), ending with
// the product of all.
func productTree(ctx context.Context, values []*big.Int) ([][]*big.Int, error) {
	level := values
	tree := [][]*big.Int{level}
	for len(level) > 1 {
		next := make([]*big.Int, (len(level)+1)/2)
		if len(level)%2 == 1 {
			next[len(next)-1] = level[len(level)-1]
		}
		err := eachNode(ctx, len(level)/2, levelWords(level), func(i int) error {
			p, err := bignum.MulContext(ctx, new(big.Int), level[2*i], level[2*i+1])
			next[i] = p
			return err
		})
		if err != nil {
			return nil, err
		}
		level = next
		tree = append(tree, level)
	}
	return tree, nil
}

// combineUp is Σ ys_i·M/m_i for the leaves m_i of the product tree and M
// its root, summed up the tree as X_v = X_L·P_R + X_R·P_L from X = ys_i
// at the leaves (a node without sibling keeps its child's X). The two
// products of a node are independent jobs of its level.
func combineUp(ctx context.Context, tree [][]*big.Int, ys []*big.Int) (*big.Int, error) {
	for level := 0; level+1 < len(tree); level++ {
		ps := tree[level]
		pairs := len(ys) / 2
		prods := make([]*big.Int, 2*pairs)
		err := eachNode(ctx, 2*pairs, levelWords(ps)+levelWords(ys), func(j int) error {
			p, err := bignum.MulContext(ctx, new(big.Int), ys[j], ps[j^1])
			prods[j] = p
			return err
		})
		if err != nil {
			return nil, err
		}
		next := make([]*big.Int, (len(ys)+1)/2)
		for i := range pairs {
			next[i] = prods[2*i].Add(prods[2*i], prods[2*i+1])
		}
		if len(ys)%2 == 1 {
			next[len(next)-1] = ys[len(ys)-1]
		}
		ys = next
	}
	return ys[0], nil
}

// remainderTree reduces start, whose i-th value belongs to the node
// tree[from][i], down the product tree to level to: the result's i-th
// value is start[j] mod tree[to][i] for the ancestor j of that node
// (start ≥ 0). Each node divides its parent, so x mod P_v = (x mod
// P_parent) mod P_v, and every division is of a number about twice the
// divisor's length (Bernstein, "Fast multiplication and its
// applications", §18). The divisions of a level are independent jobs.
func remainderTree(ctx context.Context, tree [][]*big.Int, from int, start []*big.Int, to int) ([]*big.Int, error) {
	rems := start
	for level := from - 1; level >= to; level-- {
		ps := tree[level]
		next := make([]*big.Int, len(ps))
		err := eachNode(ctx, len(ps), 2*levelWords(ps), func(i int) error {
			a := rems[i/2]
			if a.Cmp(ps[i]) < 0 {
				next[i] = a
				return nil
			}
			_, r, err := bignum.QuoRemContext(ctx, new(big.Int), new(big.Int), a, ps[i])
			next[i] = r
			return err
		})
		if err != nil {
			return nil, err
		}
		rems = next
	}
	return rems, nil
}

// sumOfCofactors is T = Σ_i M/m_i for the leaves m_i of the product tree
// and M its root (combineUp with every ys_i = 1). Modulo each m_i every
// term but M/m_i vanishes, so T mod m_i = (M/m_i) mod m_i; and
// gcd(T, M) = 1 exactly when the m_i are pairwise coprime (a prime
// dividing m_i and m_j, i ≠ j, divides every M/m_k; otherwise T is a unit
// modulo every m_i).
func sumOfCofactors(ctx context.Context, tree [][]*big.Int) (*big.Int, error) {
	ones := make([]*big.Int, len(tree[0]))
	for i := range ones {
		ones[i] = big.NewInt(1)
	}
	return combineUp(ctx, tree, ones)
}

// coprimeNodeWords is the average length in words of the product tree's
// nodes at which cofactorInverses inverts and checkCRT takes its gcds:
// math/big's inverses and gcds cost about as much on a few long numbers
// as on many short ones, and the remainders below that level are saved.
// 1000 moduli of 166 bits, one core, minima of 20 (of 30 for the
// remainders), by the level's node length: 3 words (the leaves) 2.26 ms
// of inverses, 1.36 ms of gcds; 11 words 1.46 and 1.00 ms; 21 words 1.64
// and 1.07 ms; 42 words 2.55 and 1.42 ms; 83 words 3.50 and 1.89 ms. The
// remainders of T and the gcds together: 9.3 ms on the leaves, 6.4 ms at
// 11 words, 6.1 at 21, 5.9 at 42, 8.9 at 83.
const coprimeNodeWords = 8

// coprimeLevel is the lowest level of the product tree whose nodes have
// coprimeNodeWords words or more on average, or the root's.
func coprimeLevel(tree [][]*big.Int) int {
	for level, ps := range tree {
		if levelWords(ps) >= coprimeNodeWords*len(ps) {
			return level
		}
	}
	return len(tree) - 1
}

// cofactorInverses is c_i = ((M/m_i) mod m_i)⁻¹ mod m_i for every leaf
// m_i of the product tree, M its root, and ok, or not ok when some has no
// inverse, that is when the m_i are not pairwise coprime. With T from
// sumOfCofactors, T mod P_v is inverted modulo each node P_v of
// coprimeLevel, whose leaves m_i it covers: U = (T mod P_v)⁻¹ mod P_v
// gives c_i = U mod m_i, since T ≡ M/m_i (mod m_i). A few inverses of
// tens of words and a remainder tree below them cost less than an inverse
// per modulus.
func cofactorInverses(ctx context.Context, tree [][]*big.Int) ([]*big.Int, bool, error) {
	t, err := sumOfCofactors(ctx, tree)
	if err != nil {
		return nil, false, err
	}
	level := coprimeLevel(tree)
	tv, err := remainderTree(ctx, tree, len(tree)-1, []*big.Int{t}, level)
	if err != nil {
		return nil, false, err
	}
	ps := tree[level]
	inv := make([]*big.Int, len(ps))
	unit := make([]bool, len(ps))
	err = eachNode(ctx, len(ps), levelWords(ps), func(i int) error {
		if ps[i].Cmp(big.NewInt(1)) == 0 {
			inv[i], unit[i] = new(big.Int), true // modulo 1 everything is 0
			return nil
		}
		inv[i] = new(big.Int).ModInverse(tv[i], ps[i])
		unit[i] = inv[i] != nil
		return nil
	})
	if err != nil || slices.Contains(unit, false) {
		return nil, false, err
	}
	c, err := remainderTree(ctx, tree, level, inv, 0)
	return c, err == nil, err
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
// computed independently (the product of the moduli, with their pairwise
// coprimality checked by checkCoprime, on the run's certificate when
// there is one, or else lcmTree: pairwise lcm by gcd, no extended gcd or
// inverse), and the
// solution satisfies every congruence, reduced modulo each modulus down
// that tree (remainderTree, beside T on the product tree); a conflict is
// a pair that is incompatible on its own.
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
	moduli := make([]*big.Int, len(cs))
	for i, c := range cs {
		moduli[i] = c.Modulus.Big()
	}
	tree, err := productTree(ctx, moduli)
	if err != nil {
		return err
	}
	if tree[len(tree)-1][0].Cmp(m) == 0 {
		// m is the product of the moduli: it is their lcm exactly when
		// they are pairwise coprime.
		if err := checkCoprime(ctx, tree, r.inverses); err != nil {
			return err
		}
	} else {
		// Otherwise the lcm is computed by lcmTree, each of whose nodes
		// divides its parent.
		if tree, err = lcmTree(ctx, cs); err != nil {
			return err
		}
		if tree[len(tree)-1][0].Cmp(m) != 0 {
			return fmt.Errorf("the result's modulus is not the least common multiple of the moduli")
		}
	}
	rems, err := remainderTree(ctx, tree, len(tree)-1, []*big.Int{x}, 0)
	if err != nil {
		return err
	}
	t := new(big.Int)
	for i, c := range cs {
		if t.Sub(rems[i], c.Residue.Big()).Rem(t, c.Modulus.Big()).Sign() != 0 {
			return fmt.Errorf("the residue does not satisfy congruence %d", i)
		}
	}
	return nil
}

// checkCoprime verifies that the leaves m_i of the product tree are
// pairwise coprime. With the run's certificate c_i it checks
// S = Σ c_i·M/m_i ≡ 1 (mod M), M the root: every M/m_j with j ≠ i is a
// multiple of m_i, so S ≡ c_i·M/m_i (mod m_i), and S ≡ 1 makes M/m_i a
// unit modulo m_i, coprime to it and so to every other modulus. S is a
// linear combination up the tree (combineUp, products only) and one
// division by M with a quotient below the number of moduli. Without the
// certificate it checks gcd(T, M) = 1 for T = Σ M/m_i
// (sumOfCofactors), node by node on T mod P_v at coprimeLevel: fewer and
// longer gcds than one a modulus, and no remainders of T below that
// level.
func checkCoprime(ctx context.Context, tree [][]*big.Int, inverses []*big.Int) error {
	const notCoprime = "the result's modulus is the product of moduli that are not pairwise coprime, not their least common multiple"
	if len(inverses) == len(tree[0]) && !slices.Contains(inverses, nil) {
		s, err := combineUp(ctx, tree, inverses)
		if err != nil {
			return err
		}
		m := tree[len(tree)-1][0]
		one := new(big.Int).Mod(big.NewInt(1), m)
		if s.Mod(s, m).Cmp(one) != 0 {
			return errors.New(notCoprime)
		}
		return nil
	}
	t, err := sumOfCofactors(ctx, tree)
	if err != nil {
		return err
	}
	level := coprimeLevel(tree)
	tv, err := remainderTree(ctx, tree, len(tree)-1, []*big.Int{t}, level)
	if err != nil {
		return err
	}
	ps := tree[level]
	bad := make([]bool, len(ps))
	err = eachNode(ctx, len(ps), levelWords(ps), func(i int) error {
		g := new(big.Int).GCD(nil, nil, tv[i], ps[i])
		bad[i] = g.Cmp(big.NewInt(1)) != 0
		return nil
	})
	if err != nil {
		return err
	}
	if slices.Contains(bad, true) {
		return errors.New(notCoprime)
	}
	return nil
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
