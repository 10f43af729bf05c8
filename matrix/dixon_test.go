package matrix

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	mathrand "math/rand"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// dixonCase is a system A·X = B for the comparison with the reference.
type dixonCase struct {
	name string
	a, b core.Matrix
}

// dixonCases are seeded systems of every kind Dixon lifting meets: small
// and large entries, rational entries, ill-conditioned and singular
// matrices, right-hand sides of one to many columns, large right-hand
// sides (several base-p digits) and the identity.
func dixonCases(rng *rand.Rand, count int) []dixonCase {
	var cases []dixonCase
	for c := range count {
		n := 1 + rng.IntN(36)
		k := []int{1, 1, 2, 3, 8, 9, 20, n}[rng.IntN(8)]
		var a, b core.Matrix
		kind := []string{"small", "rational", "large", "hilbert", "near-singular", "singular", "big-rhs", "identity", "triangular"}[c%9]
		switch kind {
		case "small":
			a, b = intMatrix(rng, n, n, 99), intMatrix(rng, n, k, 99)
		case "rational":
			a, b = ratRandom(rng, n, n), ratRandom(rng, n, k)
		case "large":
			// 12 digits pass the word condition; 18 digits do not (the
			// reference then answers alone).
			a, b = digitMatrix(rng, n, []int{12, 18}[rng.IntN(2)]), intMatrix(rng, n, k, 1000)
		case "hilbert":
			a = make(core.Matrix, n)
			for i := range a {
				a[i] = make([]core.Rational, n)
				for j := range a[i] {
					a[i][j] = core.Rat(big.NewRat(1, int64(i+j+1)))
				}
			}
			b = intMatrix(rng, n, k, 9)
		case "near-singular":
			// The last row is the sum of the others plus one unit: det
			// is tiny against Hadamard's bound.
			a = intMatrix(rng, n, n, 9)
			if n >= 2 {
				last := make([]core.Rational, n)
				for j := range last {
					s := new(big.Rat)
					for i := 0; i < n-1; i++ {
						s.Add(s, a[i][j].Rat())
					}
					if j == n-1 {
						s.Add(s, big.NewRat(1, 1))
					}
					last[j] = core.Rat(s)
				}
				a[n-1] = last
			}
			b = intMatrix(rng, n, k, 99)
		case "singular":
			a = intMatrix(rng, n, n, 20)
			if n >= 2 {
				a[n-1] = append([]core.Rational(nil), a[0]...)
			} else {
				a[0][0] = ratInt64(0)
			}
			b = intMatrix(rng, n, k, 20)
		case "big-rhs":
			a, b = intMatrix(rng, n, n, 99), digitMatrix(rng, max(n, k), 40)[:n]
			for i := range b {
				b[i] = b[i][:k]
			}
		case "identity":
			a, b = intMatrix(rng, n, n, 99), core.Matrix(identity(n))
		case "triangular":
			// Unit upper triangular: det 1, so early checks end the
			// lifting long before Hadamard's bound.
			a = intMatrix(rng, n, n, 5)
			for i := range a {
				for j := 0; j <= i; j++ {
					a[i][j] = ratInt64(boolInt64(i == j))
				}
			}
			b = intMatrix(rng, n, k, 99)
		}
		cases = append(cases, dixonCase{fmt.Sprintf("%d/%s/n=%d/k=%d", c, kind, n, len(b[0])), a, b})
	}
	return cases
}

func boolInt64(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// ratRandom is an r×c matrix of fractions with numerators below 100 and
// denominators up to 12.
func ratRandom(rng *rand.Rand, r, c int) core.Matrix {
	m := make(core.Matrix, r)
	for i := range m {
		m[i] = make([]core.Rational, c)
		for j := range m[i] {
			m[i][j] = core.Rat(big.NewRat(rng.Int64N(199)-99, rng.Int64N(12)+1))
		}
	}
	return m
}

// TestDixonAgainstFractionFree compares Dixon lifting with fraction-free
// Gauss–Jordan reduction of [A | B], the simple reference: the same
// solution when A is nonsingular, a refusal (ok false) when it is not.
func TestDixonAgainstFractionFree(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261203, 1))
	lifted := 0
	for _, c := range dixonCases(rng, 270) {
		n := len(c.a)
		b, _ := ints(augment(c.a, c.b)...)
		x, ok, err := dixonSolve(bg, b, n)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		ref, _ := ints(augment(c.a, c.b)...)
		red, err := reduceFractionFree(bg, ref, n)
		if err != nil {
			t.Fatal(err)
		}
		if len(red.pivots) < n {
			if ok {
				t.Errorf("%s: singular, but Dixon lifting answered", c.name)
			}
			continue
		}
		if !ok {
			if _, words := wordMatrix(b); words {
				t.Errorf("%s: nonsingular word matrix declined", c.name)
			}
			continue
		}
		lifted++
		for i := range x {
			for j := range x[i] {
				if want := red.at(i, n+j); x[i][j].Rat().Cmp(want.Rat()) != 0 {
					t.Fatalf("%s: x[%d][%d] = %s, reference %s", c.name, i, j, x[i][j], want)
				}
			}
		}
	}
	if lifted < 150 {
		t.Errorf("only %d systems were solved by lifting", lifted)
	}
}

// TestDixonLarger compares the operations with the multi-modular reference
// at orders where lifting checks early and splits blocks over the cores.
func TestDixonLarger(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261203, 2))
	for _, n := range []int{40, 64, 90} {
		a := intMatrix(rng, n, n, 99)
		got, err := inverse(bg, a)
		if err != nil {
			t.Fatal(err)
		}
		red, err := reduce(bg, augment(a, identity(n)), n)
		if err != nil {
			t.Fatal(err)
		}
		for i := range got {
			for j := range got[i] {
				if want := red.at(i, n+j); got[i][j].Rat().Cmp(want.Rat()) != 0 {
					t.Fatalf("n=%d: inverse[%d][%d] = %s, reference %s", n, i, j, got[i][j], want)
				}
			}
		}
	}
}

// TestDixonProvenEqualsEarly checks the two ends of the lifting on one
// system: the answer of the first successful early check is the one read
// off with the proven bounds.
func TestDixonProvenEqualsEarly(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261203, 3))
	for range 10 {
		n := 5 + rng.IntN(20)
		a, rhs := intMatrix(rng, n, n, 50), intMatrix(rng, n, 3, 50)
		b, _ := ints(augment(a, rhs)...)
		sys, ok, err := newDixonSystem(bg, b, n)
		if err != nil || !ok {
			continue
		}
		cols := make([][]*big.Int, n)
		for i := range cols {
			cols[i] = b[i][n:]
		}
		l := newDixonLift(sys, cols)
		var early []*big.Int
		var earlyDen *big.Int
		// Early checks need 42 bits of margin, which the proven bound
		// may not leave at small orders: lift a little further.
		for s := 1; s <= l.provenSteps()+2; s++ {
			if err := l.step(bg); err != nil {
				t.Fatal(err)
			}
			if early == nil {
				y, d, ok, err := l.certify(bg, big.NewInt(1), balanced)
				if err != nil {
					t.Fatal(err)
				}
				if ok {
					early, earlyDen = y, d
				}
			}
		}
		proven, den, ok, err := l.certify(bg, big.NewInt(1), proven)
		if err != nil || !ok || early == nil {
			t.Fatalf("n=%d: proven ok=%v err=%v, early found %v", n, ok, err, early != nil)
		}
		for idx := range proven {
			x := new(big.Rat).SetFrac(early[idx], earlyDen)
			if y := new(big.Rat).SetFrac(proven[idx], den); x.Cmp(y) != 0 {
				t.Fatalf("n=%d: entry %d early %s, proven %s", n, idx, x, y)
			}
		}
	}
}

// TestDixonCheckRefutes shows that the early check cannot pass on too
// little precision: a single lifting step of a dense system never
// certifies.
func TestDixonCheckRefutes(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261203, 4))
	a, rhs := intMatrix(rng, 30, 30, 99), intMatrix(rng, 30, 1, 99)
	b, _ := ints(augment(a, rhs)...)
	sys, ok, err := newDixonSystem(bg, b, 30)
	if err != nil || !ok {
		t.Fatal("no system")
	}
	cols := make([][]*big.Int, 30)
	for i := range cols {
		cols[i] = b[i][30:]
	}
	l := newDixonLift(sys, cols)
	for range 3 {
		if err := l.step(bg); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, ok, _ := l.certify(bg, big.NewInt(1), balanced); ok {
		t.Fatal("certified from three digits")
	}
}

func TestDixonCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(bg)
	cancel()
	rng := rand.New(rand.NewPCG(20261203, 5))
	a := intMatrix(rng, 60, 60, 99)
	b, _ := ints(augment(a, identity(60))...)
	if _, _, err := dixonSolve(ctx, b, 60); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// BenchmarkDixonPaths sets Dixon lifting against the reduction of
// [A | B] that it replaces, for the inverse (B = I) and one right-hand
// side, entries in [−99, 99]; it fixes dixonThreshold.
func BenchmarkDixonPaths(b *testing.B) {
	for _, n := range []int{8, 12, 16, 24, 50, 100, 150} {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		a := intMatrix(rng, n, n, 99)
		for _, rhs := range []struct {
			name string
			m    core.Matrix
		}{{"inverse", identity(n)}, {"vector", intMatrix(rng, n, 1, 99)}} {
			rows := augment(a, rhs.m)
			b.Run(fmt.Sprintf("%s/n=%d/dixon", rhs.name, n), func(b *testing.B) {
				for b.Loop() {
					m, _ := ints(rows...)
					if _, ok, err := dixonSolve(bg, m, n); err != nil || !ok {
						b.Fatal(ok, err)
					}
				}
			})
			b.Run(fmt.Sprintf("%s/n=%d/reduce", rhs.name, n), func(b *testing.B) {
				for b.Loop() {
					if _, err := reduce(bg, rows, n); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestReducedFractions checks the grouped reduction against big.Rat's
// own, on numerators sharing small and large factors with the
// denominator.
func TestReducedFractions(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261203, 6))
	large, _ := new(big.Int).SetString("1000000000000000000000000000057", 10)
	for range 20 {
		den := big.NewInt(int64(rng.IntN(1000) + 1))
		den.Mul(den, []*big.Int{big.NewInt(1), large, big.NewInt(1 << 40)}[rng.IntN(3)])
		y := make([]*big.Int, rng.IntN(100))
		for i := range y {
			v := big.NewInt(rng.Int64N(1<<40) - 1<<39)
			switch rng.IntN(4) {
			case 0:
				v.Mul(v, large)
			case 1:
				v.Mul(v, big.NewInt(int64(rng.IntN(20))))
			}
			y[i] = v
		}
		got, err := reducedFractions(bg, y, den)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range y {
			want := new(big.Rat).SetFrac(v, den)
			if got[i].Rat().Cmp(want) != 0 || got[i].String() != want.RatString() {
				t.Fatalf("%s/%s: got %s, want %s", v, den, got[i], want.RatString())
			}
		}
	}
}

// dixonReference is testdata/dixon_reference.json, written by
// testdata/dixon_reference.py with PARI/GP 2.15.2: X = matsolve(A, B) for
// nonsingular A of order 16 to 24.
type dixonReference struct {
	Version string `json:"pari_gp_version"`
	Cases   []struct {
		Kind     string      `json:"kind"`
		Matrix   core.Matrix `json:"matrix"`
		RHS      core.Matrix `json:"rhs"`
		Solution core.Matrix `json:"solution"`
	} `json:"cases"`
}

// TestPARIDixon checks Dixon lifting itself and the solve operation
// (which lifts for these orders) against PARI/GP's matsolve.
func TestPARIDixon(t *testing.T) {
	raw, err := os.ReadFile("testdata/dixon_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref dixonReference
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.Version == "" {
		t.Fatal("reference file names no PARI/GP version")
	}
	op := solveOperation()
	for i, c := range conformance.AtLeast(t, "dixon", 50, ref.Cases) {
		n := len(c.Matrix)
		b, _ := ints(augment(c.Matrix, c.RHS)...)
		x, ok, err := dixonSolve(bg, b, n)
		if err != nil || !ok {
			t.Fatalf("case %d (%s): Dixon lifting ok=%v err=%v", i, c.Kind, ok, err)
		}
		if !sameMatrix(x, c.Solution) {
			t.Errorf("case %d (%s): Dixon lifting differs from PARI/GP", i, c.Kind)
		}
		q := SolveRequest{Matrix: c.Matrix, RHS: RightHandSide{Matrix: c.RHS}}
		r, err := op.Run(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != Unique || !sameMatrix(r.Solution.Matrix, c.Solution) {
			t.Errorf("case %d (%s): solve gives %s, PARI/GP the unique solution", i, c.Kind, r.Status)
		}
		if err := op.Postcondition(bg, q, r); err != nil {
			t.Errorf("case %d (%s): %v", i, c.Kind, err)
		}
	}
}

// TestDixonRREF compares the RREF by lifting with fraction-free
// Gauss–Jordan reduction on seeded matrices of full and deficient rank,
// integer and rational, wide and tall.
func TestDixonRREF(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261203, 7))
	lifted := 0
	for c := range 40 {
		r, cols := 24+rng.IntN(20), 24+rng.IntN(30)
		var m core.Matrix
		if c%2 == 0 {
			m = intMatrix(rng, r, cols, 99)
		} else {
			m = ratRandom(rng, r, cols)
		}
		if c%3 == 0 {
			// Rank deficient: some rows are combinations of others.
			for i := r / 2; i < r; i += 2 {
				for j := range m[i] {
					m[i][j] = core.Rat(new(big.Rat).Add(m[i-1][j].Rat(), m[0][j].Rat()))
				}
			}
		}
		b, _ := ints(m...)
		red, ok, err := reduceDixon(bg, b, modular.Prime62(5))
		if err != nil {
			t.Fatal(err)
		}
		ref, _ := ints(m...)
		want, err := reduceFractionFree(bg, ref, cols)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		lifted++
		if !slices.Equal(red.pivots, want.pivots) {
			t.Fatalf("case %d: pivots %v, reference %v", c, red.pivots, want.pivots)
		}
		for i := range red.pivots {
			for j := range cols {
				if got, w := red.at(i, j), want.at(i, j); got.Rat().Cmp(w.Rat()) != 0 {
					t.Fatalf("case %d: rref[%d][%d] = %s, reference %s", c, i, j, got, w)
				}
			}
		}
	}
	if lifted < 25 {
		t.Errorf("only %d of 40 RREFs by lifting", lifted)
	}
}

// TestBalancedDigits checks x = Σ d_t·p^t with |d_t| ≤ p/2, around the
// carries (digits just above p/2, words of all ones).
func TestBalancedDigits(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261203, 8))
	p := modular.Prime62(0)
	pb := new(big.Int).SetUint64(p)
	xs := []*big.Int{new(big.Int).Lsh(big.NewInt(1), 128), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 192), big.NewInt(1)),
		new(big.Int).SetUint64(p/2 + 1), new(big.Int).Mul(pb, pb)}
	for range 200 {
		x := new(big.Int).Rand(rng2(rng), new(big.Int).Lsh(big.NewInt(1), uint(rng.IntN(400)+1)))
		xs = append(xs, x)
	}
	for _, x := range xs {
		for _, v := range []*big.Int{x, new(big.Int).Neg(x)} {
			sum, pow := new(big.Int), big.NewInt(1)
			for _, d := range balancedDigits(v, p) {
				if d > int64(p/2) || d < -int64(p/2) {
					t.Fatalf("%s: digit %d out of range", v, d)
				}
				sum.Add(sum, new(big.Int).Mul(big.NewInt(d), pow))
				pow.Mul(pow, pb)
			}
			if sum.Cmp(v) != 0 {
				t.Fatalf("digits of %s sum to %s", v, sum)
			}
		}
	}
}

// rng2 adapts a math/rand/v2 source for big.Int.Rand.
func rng2(rng *rand.Rand) *mathrand.Rand { return mathrand.New(mathrand.NewSource(rng.Int64())) }
