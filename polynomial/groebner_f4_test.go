package polynomial

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// qOfF is a basis modulo p as polynomials with integer coefficients in
// [0, p), the form groebnerModP returns.
func qOfF(G []*fpoly) []mpoly {
	out := make([]mpoly, len(G))
	for i, g := range G {
		out[i] = make(mpoly, len(g.m))
		for k, m := range g.m {
			out[i][k] = qterm{m, new(big.Rat).SetInt(new(big.Int).SetUint64(g.c[k]))}
		}
	}
	return out
}

// TestF4AgainstBuchbergerModP compares F4 with Buchberger's algorithm
// over GF(p) on seeded random ideals in every order, and on the classical
// systems: the reduced basis is unique, so they must agree exactly.
func TestF4AgainstBuchbergerModP(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261204, 4))
	ps := newPrimes()
	for trial := range 300 {
		n := 1 + rng.IntN(4)
		for _, o := range ringOrders(n) {
			gens := randomTestIdeal(rng, o, n)
			p := ps.take()
			want, ok, err := groebnerModP(bgCtx, gens, o, n, p)
			if err != nil || !ok {
				t.Fatalf("trial %d: Buchberger modulo %d: %v %v", trial, p, ok, err)
			}
			got, ok, err := groebnerF4ModP(bgCtx, gens, o, n, p)
			if err != nil || !ok {
				t.Fatalf("trial %d: F4 modulo %d: %v %v", trial, p, ok, err)
			}
			if vars := systemVariables("x", 1, n); !sameBasis(qOfF(got), want) {
				t.Fatalf("trial %d, %v mod %d, ideal %v: F4 gives %v, Buchberger %v", trial, o, p, rendered(vars, gens), rendered(vars, qOfF(got)), rendered(vars, want))
			}
		}
	}
	for _, c := range classicalSystems() {
		for _, o := range []monoOrder{{kind: OrderGrevlex}, {kind: OrderLex}, {kind: OrderElimination, k: 2}} {
			if o.kind != OrderGrevlex && c.n > 4 {
				continue
			}
			p := ps.take()
			want, _, err := groebnerModP(bgCtx, reorder(o, c.gens), o, c.n, p)
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := groebnerF4ModP(bgCtx, reorder(o, c.gens), o, c.n, p)
			if err != nil {
				t.Fatal(err)
			}
			if !sameBasis(qOfF(got), want) {
				t.Errorf("%s in %v modulo %d: F4 and Buchberger differ (%d and %d elements)", c.name, o, p, len(got), len(want))
			}
		}
	}
}

type classical struct {
	name string
	gens []mpoly
	n    int
}

func classicalSystems() []classical {
	return []classical{
		{"cyclic-4", cyclicSystem(4), 4}, {"cyclic-5", cyclicSystem(5), 5},
		{"katsura-3", katsuraSystem(3), 4}, {"katsura-4", katsuraSystem(4), 5}, {"katsura-5", katsuraSystem(5), 6},
	}
}

// TestModularAgainstBuchberger compares the modular computation over Q
// with Buchberger's algorithm over Q on seeded random ideals in every
// order and on the classical systems: cyclic-4/5 and katsura-3 to 6 in
// grevlex, those in at most five variables in the elimination order, in
// at most four in lex.
func TestModularAgainstBuchberger(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261204, 5))
	for trial := range 200 {
		n := 1 + rng.IntN(3)
		for _, o := range ringOrders(n) {
			gens := randomTestIdeal(rng, o, n)
			want, err := groebnerBuchberger(bgCtx, gens, o, n)
			if err != nil {
				t.Fatal(err)
			}
			got, ok, err := groebnerModular(bgCtx, gens, o, n)
			if err != nil || !ok {
				t.Fatalf("trial %d: the modular computation did not conclude: %v", trial, err)
			}
			if vars := systemVariables("x", 1, n); !sameBasis(got, want) {
				t.Fatalf("trial %d, %v, ideal %v: %v, Buchberger gives %v", trial, o, rendered(vars, gens), rendered(vars, got), rendered(vars, want))
			}
		}
	}
	// Beyond these, Buchberger's algorithm over Q takes more than 20 s:
	// katsura-4 in lex, katsura-5 in the elimination order.
	systems := classicalSystems()
	if !testing.Short() {
		systems = append(systems, classical{"katsura-6", katsuraSystem(6), 7})
	}
	for _, c := range systems {
		for _, o := range []monoOrder{{kind: OrderGrevlex}, {kind: OrderLex}, {kind: OrderElimination, k: 2}} {
			if o.kind == OrderLex && c.n > 4 || o.kind == OrderElimination && c.n > 5 {
				continue
			}
			gens := reorder(o, c.gens)
			want, err := groebnerBuchberger(bgCtx, gens, o, c.n)
			if err != nil {
				t.Fatal(err)
			}
			got, ok, err := groebnerModular(bgCtx, gens, o, c.n)
			if err != nil || !ok {
				t.Fatalf("%s in %v: the modular computation did not conclude: %v", c.name, o, err)
			}
			if !sameBasis(got, want) {
				t.Errorf("%s in %v: the modular and Buchberger bases differ", c.name, o)
			}
		}
	}
}

// TestVerifyGroebnerQRefuses checks that the verification over Q accepts
// the reduced basis of cyclic-4 and katsura-3 and refuses it with an
// element dropped (no longer a Gröbner basis of an ideal containing the
// generators) or a coefficient changed.
func TestVerifyGroebnerQRefuses(t *testing.T) {
	o := monoOrder{kind: OrderGrevlex}
	for _, c := range classicalSystems()[:4] {
		G, err := groebnerBuchberger(bgCtx, c.gens, o, c.n)
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := verifyGroebnerQ(bgCtx, o, c.n, c.gens, G); err != nil || !ok {
			t.Fatalf("%s: the correct basis is refused (%v)", c.name, err)
		}
		for i := range G {
			dropped := append(clonePolys(G[:i]), clonePolys(G[i+1:])...)
			if ok, _ := verifyGroebnerQ(bgCtx, o, c.n, c.gens, dropped); ok {
				t.Errorf("%s: accepted without element %d", c.name, i)
			}
			changed := clonePolys(G)
			last := len(changed[i]) - 1
			if last == 0 {
				continue
			}
			changed[i][last].c = new(big.Rat).Add(changed[i][last].c, big.NewRat(1, 3))
			if ok, _ := verifyGroebnerQ(bgCtx, o, c.n, c.gens, changed); ok {
				t.Errorf("%s: accepted with a coefficient of element %d changed", c.name, i)
			}
		}
	}
}

// TestModularUnluckyPrime makes the first or second prime of the table
// unlucky: with q that prime, x² − y and x² − y + q·z span an ideal
// containing z, but are equal modulo q, whose image has the basis
// [x² − y] instead of [x² − y, z]. The computation must set that image
// aside and still return the basis over Q.
func TestModularUnluckyPrime(t *testing.T) {
	o := monoOrder{kind: OrderGrevlex}
	for k := range 2 {
		ps := newPrimes()
		for range k {
			ps.take()
		}
		q := new(big.Int).SetUint64(ps.take())
		mono := func(a, b, c int32) []int32 { return []int32{a + b + c, a, b, c} }
		f := mpoly{{mono(2, 0, 0), newRat(1)}, {mono(0, 1, 0), newRat(-1)}}
		g := mpoly{{mono(2, 0, 0), newRat(1)}, {mono(0, 1, 0), newRat(-1)}, {mono(0, 0, 1), new(big.Rat).SetInt(q)}}
		o.sortTerms(g)
		got, ok, err := groebnerModular(bgCtx, []mpoly{f, g}, o, 3)
		if err != nil || !ok {
			t.Fatalf("prime %d unlucky: the modular computation did not conclude: %v", k, err)
		}
		want, err := groebnerBuchberger(bgCtx, []mpoly{f, g}, o, 3)
		if err != nil {
			t.Fatal(err)
		}
		if vars := systemVariables("x", 1, 3); !sameBasis(got, want) || len(got) != 2 {
			t.Errorf("prime %d unlucky: %v, want %v", k, rendered(vars, got), rendered(vars, want))
		}
	}
}
