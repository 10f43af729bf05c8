package polynomial

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

var bgCtx = context.Background()

// randomTestIdeal is a random ideal of 1 to 3 generators in n variables,
// sometimes built to have a nontrivial structure (a common factor, or a
// generator that is a combination of the others).
func randomTestIdeal(rng *rand.Rand, o monoOrder, n int) []mpoly {
	k := 1 + rng.IntN(3)
	gens := make([]mpoly, k)
	for i := range gens {
		gens[i] = randomMulti(rng, o, n, 1+rng.IntN(3), 1+rng.IntN(3))
	}
	if rng.IntN(4) == 0 && k > 1 {
		c, _ := o.mul(bgCtx, gens[0], randomMulti(rng, o, n, 2, 1))
		gens = append(gens, o.addScaled(c, gens[1], false))
	}
	return gens
}

func ringOrders(n int) []monoOrder {
	out := []monoOrder{{kind: OrderLex}, {kind: OrderGrevlex}}
	for k := 1; k < n; k++ {
		out = append(out, monoOrder{kind: OrderElimination, k: k})
	}
	return out
}

func ringOf(o monoOrder, n int) MultiRing {
	r := MultiRing{Variables: systemVariables("x", 1, n), Order: o.kind}
	if o.kind == OrderElimination {
		r.Eliminate = o.k
	}
	return r
}

// TestGroebnerAgainstNaive compares Buchberger with the criteria and
// sugar, over Z, with the plain algorithm over Q, on seeded random
// ideals in every order; the reduced basis is unique, so they must agree
// exactly. Each answer must also pass the postcondition.
func TestGroebnerAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261203, 15))
	for trial := range 300 {
		n := 1 + rng.IntN(3)
		for _, o := range ringOrders(n) {
			gens := randomTestIdeal(rng, o, n)
			fast, err := groebnerBuchberger(bgCtx, gens, o, n)
			if err != nil {
				t.Fatal(err)
			}
			slow, err := buchbergerNaive(bgCtx, gens, o)
			if err != nil {
				t.Fatal(err)
			}
			vars := systemVariables("x", 1, n)
			if !sameBasis(fast, slow) {
				t.Fatalf("trial %d, %v, ideal %v: %v, the plain algorithm gives %v", trial, o, rendered(vars, gens), rendered(vars, fast), rendered(vars, slow))
			}
			if _, err := checkReducedBasis(bgCtx, ringOf(o, n), gens, basesOf(vars, fast)); err != nil {
				t.Fatalf("trial %d: the postcondition refuses a correct basis: %v", trial, err)
			}
		}
	}
}

func rendered(vars []string, ps []mpoly) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = renderMulti(vars, p)
	}
	return out
}

// TestPostconditionRefusesWrongBases mutates correct bases: a dropped
// element, an extra element, a perturbed coefficient, a non-monic element
// and a swapped pair must each fail the check.
func TestPostconditionRefusesWrongBases(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	mutations := map[string]int{}
	for trial := range 200 {
		n := 2 + rng.IntN(2)
		o := ringOrders(n)[rng.IntN(n+1)]
		gens := randomTestIdeal(rng, o, n)
		G, err := groebnerBuchberger(bgCtx, gens, o, n)
		if err != nil {
			t.Fatal(err)
		}
		vars := systemVariables("x", 1, n)
		ring := ringOf(o, n)
		try := func(name string, bad []mpoly) {
			if _, err := checkReducedBasis(bgCtx, ring, gens, basesOf(vars, bad)); err == nil {
				t.Fatalf("trial %d: the postcondition accepts a basis with %s: %v for %v", trial, name, rendered(vars, bad), rendered(vars, gens))
			}
			mutations[name]++
		}
		if len(G) == 0 || len(G) == 1 && G[0][0].m[0] == 0 {
			continue // the zero ideal or the whole ring
		}
		try("an element dropped", G[:len(G)-1])
		bad := clonePolys(G)
		k := rng.IntN(len(bad))
		last := len(bad[k]) - 1
		if last > 0 {
			bad[k][last].c = new(big.Rat).Add(bad[k][last].c, big.NewRat(1, 7))
			try("a perturbed coefficient", bad)
		}
		bad = clonePolys(G)
		bad[k] = o.addScaled(bad[k], bad[k], false)
		try("a non-monic element", bad)
		if len(G) > 1 {
			bad = clonePolys(G)
			bad[0], bad[1] = bad[1], bad[0]
			try("two elements swapped", bad)
		}
		x := mpoly{{monoOne(n), newRat(1)}}
		x[0].m[1], x[0].m[0] = 7, 7
		if divisor(zOf(G), x[0].m) == nil {
			bad = append(clonePolys(G), o.addScaled(x, mpoly{{monoOne(n), newRat(1)}}, false))
			o.sortTerms(bad[len(bad)-1])
			sortBasis(o, bad)
			try("an element outside the ideal", bad)
		}
	}
	for _, name := range []string{"an element dropped", "a perturbed coefficient", "a non-monic element", "two elements swapped", "an element outside the ideal"} {
		if mutations[name] < 10 {
			t.Errorf("only %d mutations %q tried", mutations[name], name)
		}
	}
}

func clonePolys(ps []mpoly) []mpoly {
	out := make([]mpoly, len(ps))
	for i, p := range ps {
		out[i] = make(mpoly, len(p))
		for j, t := range p {
			out[i][j] = qterm{t.m, new(big.Rat).Set(t.c)}
		}
	}
	return out
}

func zOf(G []mpoly) []*zmpoly {
	out := make([]*zmpoly, len(G))
	for i, g := range G {
		z := primitiveZ(g)
		out[i] = &z
	}
	return out
}

func sortBasis(o monoOrder, G []mpoly) {
	for i := range G {
		for j := i + 1; j < len(G); j++ {
			if o.cmp(G[j][0].m, G[i][0].m) > 0 {
				G[i], G[j] = G[j], G[i]
			}
		}
	}
}

// TestReduceAgainstDivision compares the fraction-free normal form over Z
// with the textbook division algorithm over Q modulo reduced bases: equal
// up to a rational factor (the normal form modulo a Gröbner basis is
// unique).
func TestReduceAgainstDivision(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for trial := range 300 {
		n := 1 + rng.IntN(3)
		o := ringOrders(n)[rng.IntN(n+1)]
		G, err := groebnerBuchberger(bgCtx, randomTestIdeal(rng, o, n), o, n)
		if err != nil {
			t.Fatal(err)
		}
		f := randomMulti(rng, o, n, 1+rng.IntN(6), 4)
		q, err := normalFormQ(bgCtx, o, f, G)
		if err != nil {
			t.Fatal(err)
		}
		e := &gbEngine{o: o, n: n}
		var z zmpoly
		if len(f) > 0 {
			if z, err = e.reduce(bgCtx, primitiveZ(f), zOf(G), true); err != nil {
				t.Fatal(err)
			}
		}
		if (len(q) == 0) != (len(z.t) == 0) || len(q) > 0 && !q.monic().equal(z.monicQ()) {
			t.Fatalf("trial %d: the normal forms over Z and Q differ", trial)
		}
	}
}

// TestClassicalSystems checks cyclic-4, cyclic-5 and katsura-3 to -5 in
// grevlex against the postcondition, and the basis sizes known from the
// literature and SymPy 1.14.
func TestClassicalSystems(t *testing.T) {
	for _, c := range []struct {
		name string
		gens []mpoly
		n    int
		size int
	}{
		{"cyclic-4", cyclicSystem(4), 4, 7}, {"cyclic-5", cyclicSystem(5), 5, 20},
		{"katsura-3", katsuraSystem(3), 4, 7}, {"katsura-4", katsuraSystem(4), 5, 13}, {"katsura-5", katsuraSystem(5), 6, 22},
	} {
		o := monoOrder{kind: OrderGrevlex}
		G, err := groebnerBuchberger(bgCtx, c.gens, o, c.n)
		if err != nil {
			t.Fatal(err)
		}
		if len(G) != c.size {
			t.Errorf("%s: %d basis elements, want %d", c.name, len(G), c.size)
		}
		vars := systemVariables("x", 1, c.n)
		if _, err := checkReducedBasis(bgCtx, MultiRing{Variables: vars}, c.gens, basesOf(vars, G)); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// BenchmarkGroebner runs the classical systems in grevlex, by
// Buchberger's algorithm over Q and by F4 modulo primes with
// reconstruction and verification, and in lex by the modular computation
// (F4 in grevlex and the change of order); cyclic-5, katsura-6 and
// cyclic-6 in grevlex and cyclic-5 in lex are rows of the peer
// comparison with SymPy.
func BenchmarkGroebner(b *testing.B) {
	for _, c := range []struct {
		name string
		gens []mpoly
		n    int
	}{{"cyclic-5", cyclicSystem(5), 5}, {"katsura-5", katsuraSystem(5), 6}, {"katsura-6", katsuraSystem(6), 7}, {"cyclic-6", cyclicSystem(6), 6}} {
		o := monoOrder{kind: OrderGrevlex}
		b.Run(fmt.Sprintf("%s/grevlex/buchberger", c.name), func(b *testing.B) {
			for b.Loop() {
				if _, err := groebnerBuchberger(bgCtx, c.gens, o, c.n); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("%s/grevlex/modular", c.name), func(b *testing.B) {
			for b.Loop() {
				if _, ok, err := groebnerModular(bgCtx, c.gens, o, c.n); err != nil || !ok {
					b.Fatal(ok, err)
				}
			}
		})
		lex := monoOrder{kind: OrderLex}
		gens := reorder(lex, c.gens)
		b.Run(fmt.Sprintf("%s/lex/modular", c.name), func(b *testing.B) {
			for b.Loop() {
				if _, ok, err := groebnerModular(bgCtx, gens, lex, c.n); err != nil || !ok {
					b.Fatal(ok, err)
				}
			}
		})
	}
}

// BenchmarkMultiMultiply is a product of two dense polynomials in three
// variables.
func BenchmarkMultiMultiply(b *testing.B) {
	for _, d := range []int{4, 8} {
		rng := rand.New(rand.NewPCG(uint64(d), 3))
		o := monoOrder{kind: OrderGrevlex}
		f, g := randomMulti(rng, o, 3, 60, d), randomMulti(rng, o, 3, 60, d)
		b.Run(fmt.Sprintf("terms=%d×%d", len(f), len(g)), func(b *testing.B) {
			for b.Loop() {
				if _, err := o.mul(bgCtx, f, g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
