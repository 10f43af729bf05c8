package polynomial

import (
	"math/rand/v2"
	"testing"
)

// zeroDimIdeal is n random generators in n variables, each with a pure
// power of its own variable, of degree at most maxDeg, leading in
// grevlex, so that the ideal is zero-dimensional, sometimes with a
// redundant combination of two.
func zeroDimIdeal(rng *rand.Rand, n, maxDeg int) []mpoly {
	o := monoOrder{kind: OrderGrevlex}
	gens := make([]mpoly, n)
	for i := range gens {
		d := 1 + rng.IntN(maxDeg)
		f := randomMulti(rng, o, n, 1+rng.IntN(4), d-1) // below x_i^d in grevlex
		pure := monoOne(n)
		pure[1+i], pure[0] = int32(d), int32(d)
		gens[i] = o.addScaled(f, mpoly{{pure, newRat(int64(1 + rng.IntN(3)))}}, false)
	}
	if n > 1 && rng.IntN(3) == 0 {
		c, _ := o.mul(bgCtx, gens[0], randomMulti(rng, o, n, 2, 1))
		gens = append(gens, o.addScaled(c, gens[1], false))
	}
	return gens
}

// TestFGLMAgainstF4 compares the change of order with F4 run directly in
// the target order, modulo a prime, on seeded zero-dimensional ideals and
// the classical systems in lex and every elimination order: the reduced
// basis is unique, so they must agree exactly.
func TestFGLMAgainstF4(t *testing.T) {
	grevlex := monoOrder{kind: OrderGrevlex}
	check := func(name string, gens []mpoly, n int, o monoOrder, p uint64) {
		t.Helper()
		G, ok, err := groebnerF4ModP(bgCtx, gens, grevlex, n, p)
		if err != nil || !ok {
			t.Fatalf("%s: grevlex modulo %d: %v %v", name, p, ok, err)
		}
		got, ok, err := fglmModP(bgCtx, G, o, n, p)
		if err != nil || !ok {
			t.Fatalf("%s in %v modulo %d: %v %v", name, o, p, ok, err)
		}
		want, ok, err := groebnerF4ModP(bgCtx, reorder(o, gens), o, n, p)
		if err != nil || !ok {
			t.Fatalf("%s in %v modulo %d: %v %v", name, o, p, ok, err)
		}
		if !sameBasis(qOfF(got), qOfF(want)) {
			t.Errorf("%s in %v modulo %d: FGLM and F4 differ (%d and %d elements)", name, o, p, len(got), len(want))
		}
	}
	rng := rand.New(rand.NewPCG(20261204, 59))
	for trial := range 150 {
		// Three variables of degree 3 can take F4 in lex minutes, where
		// the change of order takes milliseconds.
		n := 1 + rng.IntN(3)
		gens := zeroDimIdeal(rng, n, min(3, 5-n))
		p := []uint64{101, 1000003, 4611686018427387847}[trial%3]
		for _, o := range ringOrders(n) {
			if o.kind != OrderGrevlex {
				check("random", gens, n, o, p)
			}
		}
	}
	// katsura-3 (cyclic-4 is positive-dimensional; F4 directly in lex
	// on cyclic-5 and katsura-4 takes minutes).
	for _, c := range classicalSystems()[2:3] {
		check(c.name, c.gens, c.n, monoOrder{kind: OrderLex}, 4611686018427387847)
		check(c.name, c.gens, c.n, monoOrder{kind: OrderElimination, k: 2}, 4611686018427387847)
	}
}

// TestFGLMRefusesPositiveDimension checks that an ideal with a variable
// free of pure powers is left to the direct computation.
func TestFGLMRefusesPositiveDimension(t *testing.T) {
	o := monoOrder{kind: OrderGrevlex}
	// The ideal of x·y: no pure power of either variable.
	gens := []mpoly{{{[]int32{2, 1, 1}, newRat(1)}}}
	G, ok, err := groebnerF4ModP(bgCtx, gens, o, 2, 1000003)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if _, ok, err := fglmModP(bgCtx, G, monoOrder{kind: OrderLex}, 2, 1000003); ok || err != nil {
		t.Errorf("the ideal (x·y) taken as zero-dimensional: %v %v", ok, err)
	}
}

// TestLexClassicalSystems computes katsura-3 to -5 and cyclic-5 in lex
// over Q, by the change of order modulo primes, and checks them with the
// postcondition and against facts from the literature: katsura-n has
// 2^n solutions, all simple, and a lex basis in shape position (the last
// variable's minimal polynomial, of degree 2^n, and one linear element
// per other variable); cyclic-5 has 70 roots (Björck and Fröberg), the
// standard monomials of its lex basis.
func TestLexClassicalSystems(t *testing.T) {
	lex := monoOrder{kind: OrderLex}
	for _, c := range classicalSystems()[1:] {
		gens := reorder(lex, c.gens)
		G, ok, err := groebnerModular(bgCtx, gens, lex, c.n)
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", c.name, ok, err)
		}
		vars := systemVariables("x", 1, c.n)
		if _, err := checkReducedBasis(bgCtx, ringOf(lex, c.n), gens, basesOf(vars, G)); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		leads := make([][]int32, len(G))
		for i, g := range G {
			leads[i] = g[0].m
		}
		b, ok := staircase(bgCtx, leads, lex, c.n, 1<<12)
		if !ok {
			t.Fatalf("%s: the lex basis is not zero-dimensional", c.name)
		}
		if c.name == "cyclic-5" {
			if len(b) != 70 {
				t.Errorf("cyclic-5: %d standard monomials, want 70", len(b))
			}
			continue
		}
		k := c.n - 1 // katsura-k in k+1 variables
		if len(G) != c.n || len(b) != 1<<k {
			t.Errorf("%s: %d elements and %d standard monomials, want %d and %d", c.name, len(G), len(b), c.n, 1<<k)
		}
		last := G[len(G)-1]
		if last[0].m[c.n] != int32(1<<k) || last[0].m[0] != int32(1<<k) {
			t.Errorf("%s: the last element's leading monomial is %v, want x%d^%d", c.name, last[0].m, c.n, 1<<k)
		}
		for _, g := range G[:len(G)-1] {
			if g[0].m[0] != 1 {
				t.Errorf("%s: leading monomial %v is not a variable", c.name, g[0].m)
			}
		}
	}
}
