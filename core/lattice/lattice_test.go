package lattice

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

var bg = context.Background()

func randomBasis(rng *rand.Rand, d, n int, bits uint) [][]*big.Int {
	b := make([][]*big.Int, d)
	for i := range b {
		b[i] = make([]*big.Int, n)
		for j := range b[i] {
			x := randBits(rng, bits)
			if rng.IntN(2) == 0 {
				x.Neg(x)
			}
			b[i][j] = x
		}
	}
	return b
}

// randBits is a uniform random integer in [0, 2^bits).
func randBits(rng *rand.Rand, bits uint) *big.Int {
	x := new(big.Int)
	for i := uint(0); i < bits; i += 32 {
		x.Lsh(x, 32).Or(x, big.NewInt(int64(rng.Uint32())))
	}
	return x.Rsh(x, ((bits+31)/32)*32-bits)
}

// knapsack is the lattice of the subset-sum problem with weights w: rows
// (e_i, N·w_i) and (0, …, 0, N·s), as in Lagarias–Odlyzko.
func knapsack(rng *rand.Rand, d int, bits uint) [][]*big.Int {
	b := make([][]*big.Int, d+1)
	s := new(big.Int)
	n := big.NewInt(1 << 20)
	for i := 0; i <= d; i++ {
		b[i] = make([]*big.Int, d+1)
		for j := range b[i] {
			b[i][j] = new(big.Int)
		}
		if i < d {
			b[i][i].SetInt64(1)
			w := randBits(rng, bits)
			if rng.IntN(2) == 0 {
				s.Add(s, w)
			}
			b[i][d].Mul(w, n)
		}
	}
	b[d][d].Mul(s, n)
	return b
}

// gramSchmidt is the reference: the textbook Gram–Schmidt process over
// big.Rat, returning μ and ‖b*_i‖², or ok false for dependent rows.
func gramSchmidt(b [][]*big.Int) (mu [][]*big.Rat, norms []*big.Rat, ok bool) {
	d := len(b)
	star := make([][]*big.Rat, d)
	mu = make([][]*big.Rat, d)
	norms = make([]*big.Rat, d)
	dotRat := func(x, y []*big.Rat) *big.Rat {
		s := new(big.Rat)
		for k := range x {
			s.Add(s, new(big.Rat).Mul(x[k], y[k]))
		}
		return s
	}
	for i := range b {
		v := make([]*big.Rat, len(b[i]))
		for k, x := range b[i] {
			v[k] = new(big.Rat).SetInt(x)
		}
		bi := append([]*big.Rat(nil), v...)
		mu[i] = make([]*big.Rat, i)
		for j := 0; j < i; j++ {
			mu[i][j] = new(big.Rat).Quo(dotRat(bi, star[j]), norms[j])
			for k := range v {
				v[k].Sub(v[k], new(big.Rat).Mul(mu[i][j], star[j][k]))
			}
		}
		star[i] = v
		norms[i] = dotRat(v, v)
		if norms[i].Sign() == 0 {
			return nil, nil, false
		}
	}
	return mu, norms, true
}

// reducedByDefinition is the reference for IsReduced.
func reducedByDefinition(b [][]*big.Int, p Params) bool {
	mu, norms, ok := gramSchmidt(b)
	if !ok {
		return false
	}
	delta := new(big.Rat).SetFloat64(p.Delta)
	eta := new(big.Rat).SetFloat64(p.Eta)
	for i := range b {
		for j := 0; j < i; j++ {
			if new(big.Rat).Abs(mu[i][j]).Cmp(eta) > 0 {
				return false
			}
		}
		if i > 0 {
			lhs := new(big.Rat).Mul(delta, norms[i-1])
			rhs := new(big.Rat).Add(norms[i], new(big.Rat).Mul(new(big.Rat).Mul(mu[i][i-1], mu[i][i-1]), norms[i-1]))
			if lhs.Cmp(rhs) > 0 {
				return false
			}
		}
	}
	return true
}

// TestIsReducedMatchesDefinition: the integral test agrees with the
// textbook Gram–Schmidt on random bases, reduced (after Reduce) and not.
func TestIsReducedMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	p := DefaultParams()
	seen := map[bool]int{}
	for trial := 0; trial < 300; trial++ {
		d := 1 + rng.IntN(5)
		b := randomBasis(rng, d, d+rng.IntN(2), uint(1+rng.IntN(6)))
		if trial%2 == 0 {
			r, err := Reduce(bg, b, p)
			if err != nil {
				t.Fatal(err)
			}
			b = r.Basis
		}
		v, err := IsReduced(bg, b, p)
		if err != nil {
			t.Fatal(err)
		}
		want := reducedByDefinition(b, p)
		if (v == nil) != want {
			t.Fatalf("%v: IsReduced says %v, the definition %v", b, v, want)
		}
		seen[want]++
	}
	if seen[true] < 50 || seen[false] < 50 {
		t.Fatalf("too few of one kind: %v", seen)
	}
}

// TestReduce checks, on random and knapsack lattices (some with dependent
// rows), that the result is reduced, that Transform·input = Basis with
// zero rows after, that the transform is unimodular, and that the lattice
// volume ∏‖b*_i‖² (an invariant) is preserved.
func TestReduce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	p := DefaultParams()
	for trial := 0; trial < 120; trial++ {
		var b [][]*big.Int
		switch trial % 3 {
		case 0:
			d := 1 + rng.IntN(8)
			b = randomBasis(rng, d, d+rng.IntN(3), uint(1+rng.IntN(40)))
		case 1:
			b = knapsack(rng, 2+rng.IntN(12), uint(8+rng.IntN(40)))
		case 2:
			d := 2 + rng.IntN(6)
			b = randomBasis(rng, d, d, uint(1+rng.IntN(10)))
			// A dependent row: a combination of two others.
			i, j, l := 0, 1, d-1
			for c := range b[i] {
				b[l][c] = new(big.Int).Sub(new(big.Int).Mul(big.NewInt(3), b[i][c]), b[j][c])
			}
		}
		checkReduction(t, b, p)
	}
}

func checkReduction(t *testing.T, b [][]*big.Int, p Params) {
	t.Helper()
	r, err := Reduce(bg, b, p)
	if err != nil {
		t.Fatalf("%v: %v", b, err)
	}
	checkResult(t, b, r, p)
}

// checkResult checks r against the input b: reduced, T·B the basis then
// zero rows, T unimodular, the volume preserved.
func checkResult(t *testing.T, b [][]*big.Int, r *Result, p Params) {
	t.Helper()
	if v, err := IsReduced(bg, r.Basis, p); err != nil || v != nil {
		t.Fatalf("%v: result not reduced: %v %v", b, v, err)
	}
	m := len(b)
	for i := 0; i < m; i++ {
		row := make([]*big.Int, len(b[0]))
		for c := range row {
			row[c] = new(big.Int)
			for k := 0; k < m; k++ {
				row[c].Add(row[c], new(big.Int).Mul(r.Transform[i][k], b[k][c]))
			}
		}
		for c := range row {
			want := new(big.Int)
			if i < r.Rank {
				want = r.Basis[i][c]
			}
			if row[c].Cmp(want) != 0 {
				t.Fatalf("%v: (T·B)[%d] = %v, want %v", b, i, row, want)
			}
		}
	}
	if det := bareiss(r.Transform); det.CmpAbs(big.NewInt(1)) != 0 {
		t.Fatalf("%v: det T = %s", b, det)
	}
	// Volume: the independent input rows span a lattice whose Gram
	// determinant equals that of the reduced basis.
	_, before, ok := gramSchmidt(b)
	if ok {
		_, after, _ := gramSchmidt(r.Basis)
		if fmt.Sprint(product(before)) != fmt.Sprint(product(after)) {
			t.Fatalf("%v: volume changed from %s to %s", b, product(before), product(after))
		}
	}
}

func product(x []*big.Rat) *big.Rat {
	p := big.NewRat(1, 1)
	for _, v := range x {
		p.Mul(p, v)
	}
	return p
}

// bareiss is det m by fraction-free elimination (m square).
func bareiss(m [][]*big.Int) *big.Int {
	n := len(m)
	a := make([][]*big.Int, n)
	for i := range a {
		a[i] = make([]*big.Int, n)
		for j := range a[i] {
			a[i][j] = new(big.Int).Set(m[i][j])
		}
	}
	sign := int64(1)
	prev := big.NewInt(1)
	for k := 0; k < n; k++ {
		piv := k
		for piv < n && a[piv][k].Sign() == 0 {
			piv++
		}
		if piv == n {
			return new(big.Int)
		}
		if piv != k {
			a[k], a[piv] = a[piv], a[k]
			sign = -sign
		}
		for i := k + 1; i < n; i++ {
			for j := k + 1; j < n; j++ {
				x := new(big.Int).Mul(a[i][j], a[k][k])
				x.Sub(x, new(big.Int).Mul(a[i][k], a[k][j]))
				a[i][j] = x.Quo(x, prev)
			}
		}
		prev = a[k][k]
	}
	if n == 0 {
		return big.NewInt(1)
	}
	return new(big.Int).Mul(a[n-1][n-1], big.NewInt(sign))
}

// TestReduceBigFloat forces the big.Float passes (entries beyond float64's
// exponent range) and checks the same properties.
func TestReduceBigFloat(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 10; trial++ {
		checkReduction(t, randomBasis(rng, 2+rng.IntN(4), 4+rng.IntN(2), 600), DefaultParams())
	}
}

// TestKnapsackFindsSolution: LLL on a low-density subset-sum lattice
// finds the hidden 0/1 solution (Lagarias–Odlyzko), a check on the
// quality of the reduction, not only on its form.
func TestKnapsackFindsSolution(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	d := 20
	b := knapsack(rng, d, 60)
	r, err := Reduce(bg, b, DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, row := range r.Basis {
		if row[d].Sign() != 0 {
			continue
		}
		binary := true
		for _, x := range row[:d] {
			if x.CmpAbs(big.NewInt(1)) > 0 {
				binary = false
			}
		}
		found = found || binary
	}
	if !found {
		t.Fatalf("no 0/±1 vector with zero last coordinate among %v", r.Basis)
	}
}

func TestParams(t *testing.T) {
	for _, p := range []Params{{0.25, 0.51}, {1, 0.51}, {0.99, 0.49}, {0.3, 0.6}} {
		if p.Validate() == nil {
			t.Errorf("%+v accepted", p)
		}
	}
	if err := DefaultParams().Validate(); err != nil {
		t.Error(err)
	}
}

func BenchmarkReduceKnapsack(b *testing.B) {
	for _, d := range []int{20, 50, 100} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			basis := knapsack(rand.New(rand.NewPCG(uint64(d), 9)), d, uint(d))
			for b.Loop() {
				if _, err := Reduce(bg, basis, DefaultParams()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestHeuristicMatchesProved compares the heuristic pass with the proved
// L² alone, on random bases and knapsacks: both results are reduced
// (by the exact check) and span lattices of the same volume. It also
// feeds a weakly reduced heuristic result (δ = 0.3) to the proved passes,
// whose composed transform must still map the input onto the basis.
func TestHeuristicMatchesProved(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	p := DefaultParams()
	run := Params{Delta: (p.Delta + 1) / 2, Eta: (p.Eta + 0.5) / 2}
	for trial := 0; trial < 60; trial++ {
		var b [][]*big.Int
		if trial%2 == 0 {
			d := 2 + rng.IntN(10)
			b = randomBasis(rng, d, d+rng.IntN(3), uint(1+rng.IntN(200)))
		} else {
			b = knapsack(rng, 2+rng.IntN(20), uint(8+rng.IntN(100)))
		}
		h := newRows(b, true)
		if err := h.l2(bg, run); err != nil {
			t.Fatalf("%v: heuristic pass: %v", b, err)
		}
		fast := h.result()
		proved, err := newState(b).reduce(bg, p, run, true)
		if err != nil {
			t.Fatalf("%v: proved pass: %v", b, err)
		}
		for _, r := range []*Result{fast, proved} {
			if v, err := IsReduced(bg, r.Basis, p); err != nil || v != nil {
				t.Fatalf("%v: not reduced: %v %v", b, v, err)
			}
		}
		_, nf, _ := gramSchmidt(fast.Basis)
		_, np, _ := gramSchmidt(proved.Basis)
		if fast.Rank != proved.Rank || product(nf).Cmp(product(np)) != 0 {
			t.Fatalf("%v: rank %d volume %s against rank %d volume %s", b, fast.Rank, product(nf), proved.Rank, product(np))
		}

		weak := newRows(b, true)
		if err := weak.l2(bg, Params{Delta: 0.3, Eta: 0.51}); err != nil {
			t.Fatal(err)
		}
		r, err := finish(bg, weak, p, run, true)
		if err != nil {
			t.Fatal(err)
		}
		checkResult(t, b, r, p)
	}
}

// TestCheckModularMatchesReference compares the multimodular check with
// de Weger's exact recurrence on random bases (mostly unreduced, some
// reduced, some with a dependent row, some with entries of hundreds of
// bits): the same verdict, the same first violation.
func TestCheckModularMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	p := DefaultParams()
	delta, eta := new(big.Rat).SetFloat64(p.Delta), new(big.Rat).SetFloat64(p.Eta)
	decided := map[string]int{}
	for trial := 0; trial < 400; trial++ {
		d := 1 + rng.IntN(12)
		b := randomBasis(rng, d, d+rng.IntN(3), uint(1+rng.IntN(300)))
		switch trial % 4 {
		case 1:
			r, err := Reduce(bg, b, p)
			if err != nil {
				t.Fatal(err)
			}
			b = r.Basis
		case 2:
			if d >= 3 {
				for c := range b[d-1] {
					b[d-1][c] = new(big.Int).Add(b[0][c], b[1][c])
				}
			}
		}
		g := make([][]*big.Int, len(b))
		for i := range g {
			g[i] = make([]*big.Int, i+1)
			for j := 0; j <= i; j++ {
				g[i][j] = dot(b[i], b[j])
			}
		}
		want, err := checkReference(bg, g, len(b), delta, eta)
		if err != nil {
			t.Fatal(err)
		}
		got, ok, err := checkModular(bg, g, len(b), delta, eta)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			decided["declined"]++
			// Only a dependent row (or an unlucky prime, probability
			// 2^−55 here) makes it decline.
			if trial%4 != 2 || d < 3 {
				t.Fatalf("%v: the modular check declined; the reference finds %v", b, want)
			}
			continue
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%v: modular check %v, reference %v", b, got, want)
		}
		if want == nil {
			decided["reduced"]++
		} else {
			decided[want.Kind]++
		}
	}
	for _, kind := range []string{"reduced", "size", "lovasz", "declined"} {
		if decided[kind] < 10 {
			t.Fatalf("too few cases of %s: %v", kind, decided)
		}
	}
}

// TestReduceDependentLarge: rows with entries of up to 300 bits, one a
// combination of others, through Reduce (heuristic pass first, the proved
// passes when float64 cannot resolve the dependency).
func TestReduceDependentLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for trial := 0; trial < 30; trial++ {
		d := 3 + rng.IntN(6)
		b := randomBasis(rng, d, d+rng.IntN(2), uint(20+rng.IntN(280)))
		a, c := big.NewInt(rng.Int64N(1000)+1), big.NewInt(-rng.Int64N(1000)-1)
		for col := range b[d-1] {
			b[d-1][col] = new(big.Int).Add(new(big.Int).Mul(a, b[0][col]), new(big.Int).Mul(c, b[1][col]))
		}
		r, err := Reduce(bg, b, DefaultParams())
		if err != nil {
			t.Fatalf("%v: %v", b, err)
		}
		if r.Rank != d-1 {
			t.Fatalf("%v: rank %d, want %d", b, r.Rank, d-1)
		}
		checkResult(t, b, r, DefaultParams())
	}
}

// TestHeuristicReuseMatchesReference: l2, which recomputes only the stale
// Gram–Schmidt coefficients, takes exactly the steps of l2Reference,
// which recomputes all of them: the same rows and transform, on random
// bases, knapsacks and bases with dependent rows, and its result is
// reduced by the exact check.
func TestHeuristicReuseMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	p := DefaultParams()
	run := Params{Delta: (p.Delta + 1) / 2, Eta: (p.Eta + 0.5) / 2}
	dependent := 0
	for trial := 0; trial < 90; trial++ {
		var b [][]*big.Int
		switch trial % 3 {
		case 0:
			d := 2 + rng.IntN(12)
			b = randomBasis(rng, d, d+rng.IntN(3), uint(1+rng.IntN(200)))
		case 1:
			b = knapsack(rng, 2+rng.IntN(30), uint(8+rng.IntN(150)))
		default:
			d := 3 + rng.IntN(10)
			b = randomBasis(rng, d, d-1-rng.IntN(2), uint(1+rng.IntN(40)))
		}
		fast, slow := newRows(b, true), newRows(b, true)
		errFast, errSlow := fast.l2(bg, run), slow.l2Reference(bg, run)
		if (errFast == nil) != (errSlow == nil) {
			t.Fatalf("trial %d: l2 %v, the reference %v", trial, errFast, errSlow)
		}
		x, y := fast.result(), slow.result()
		if x.Rank != y.Rank || !equalRows(x.Basis, y.Basis) || !equalRows(x.Transform, y.Transform) {
			t.Fatalf("trial %d: l2 and the reference differ (ranks %d and %d)", trial, x.Rank, y.Rank)
		}
		if x.Rank < len(b) {
			dependent++
		}
		if errFast == nil {
			if v, err := IsReduced(bg, x.Basis, p); err != nil || v != nil {
				t.Fatalf("trial %d: not reduced: %v %v", trial, v, err)
			}
		}
	}
	if dependent < 10 {
		t.Fatalf("only %d trials had dependent rows", dependent)
	}
}
