package lattice

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestCheckedCovers: a heuristic reduction's record covers exactly the
// basis it returned, at its parameters or weaker ones, and nothing else:
// not a basis with one entry changed, two rows exchanged or a row
// dropped, not the returned rows changed in place afterwards, not
// stricter parameters. Every basis it covers is accepted by the
// definition (reducedByDefinition) at those parameters.
func TestCheckedCovers(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	p := DefaultParams()
	delta, eta := new(big.Rat).SetFloat64(p.Delta), new(big.Rat).SetFloat64(p.Eta)
	covered := 0
	for i := range 40 {
		var b [][]*big.Int
		if i%2 == 0 {
			b = knapsack(rng, rng.IntN(12)+2, uint(rng.IntN(60)+8))
		} else {
			d := rng.IntN(8) + 2
			b = randomBasis(rng, d, d+rng.IntN(3), uint(rng.IntN(20)+2))
		}
		r, err := ReduceBasis(bg, b, p)
		if err != nil {
			t.Fatal(err)
		}
		c := r.Checked
		if c == nil {
			continue
		}
		covered++
		if !c.Covers(r.Basis, delta, eta) {
			t.Fatalf("case %d: the record does not cover its own basis", i)
		}
		if !reducedByDefinition(r.Basis, p) {
			t.Fatalf("case %d: a covered basis is not reduced by the definition", i)
		}
		if !c.Covers(r.Basis, big.NewRat(3, 4), big.NewRat(3, 4)) {
			t.Fatalf("case %d: the record does not cover weaker parameters", i)
		}
		if c.Covers(r.Basis, big.NewRat(999, 1000), eta) || c.Covers(r.Basis, delta, big.NewRat(1, 2)) {
			t.Fatalf("case %d: the record covers stricter parameters", i)
		}
		other := copyInts(r.Basis)
		k, j := rng.IntN(len(other)), rng.IntN(len(other[0]))
		other[k][j].Add(other[k][j], big.NewInt(1))
		if c.Covers(other, delta, eta) {
			t.Fatalf("case %d: the record covers a basis with entry (%d, %d) changed", i, k, j)
		}
		if len(r.Basis) > 1 {
			swapped := copyInts(r.Basis)
			swapped[0], swapped[1] = swapped[1], swapped[0]
			if c.Covers(swapped, delta, eta) && !equalRows(swapped, r.Basis) {
				t.Fatalf("case %d: the record covers the basis with rows 0 and 1 exchanged", i)
			}
			if c.Covers(r.Basis[1:], delta, eta) {
				t.Fatalf("case %d: the record covers the basis without its first row", i)
			}
		}
		r.Basis[k][j].Add(r.Basis[k][j], big.NewInt(1))
		if c.Covers(r.Basis, delta, eta) {
			t.Fatalf("case %d: the record covers its basis changed in place", i)
		}
	}
	if covered < 20 {
		t.Fatalf("only %d of 40 reductions carry a record", covered)
	}
	var none *Checked
	if none.Covers(nil, delta, eta) {
		t.Fatal("a nil record covers the empty basis")
	}
}

// TestCheckedOnlyFromAcceptance: certify records no basis the exact test
// rejects (a reduced basis with one row added to another, which breaks
// size reduction, or with two rows exchanged, which breaks Lovász's
// condition), and records a reduced one.
func TestCheckedOnlyFromAcceptance(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 2))
	p := DefaultParams()
	for i := range 20 {
		r, err := ReduceBasis(bg, knapsack(rng, rng.IntN(10)+3, 40), p)
		if err != nil {
			t.Fatal(err)
		}
		if c, err := certify(bg, r.Basis, p); err != nil || c == nil {
			t.Fatalf("case %d: a reduced basis is not recorded (%v)", i, err)
		}
		sheared := copyInts(r.Basis)
		for j := range sheared[1] {
			sheared[1][j].Add(sheared[1][j], sheared[0][j])
		}
		swapped := copyInts(r.Basis)
		last := len(swapped) - 1
		swapped[0], swapped[last] = swapped[last], swapped[0]
		for name, b := range map[string][][]*big.Int{"sheared": sheared, "swapped": swapped} {
			if reducedByDefinition(b, p) {
				continue
			}
			if c, err := certify(bg, b, p); err != nil || c != nil {
				t.Fatalf("case %d: the %s basis, not reduced, is recorded (%v)", i, name, err)
			}
		}
	}
}

func copyInts(b [][]*big.Int) [][]*big.Int {
	out := make([][]*big.Int, len(b))
	for i, row := range b {
		out[i] = make([]*big.Int, len(row))
		for j, x := range row {
			out[i][j] = new(big.Int).Set(x)
		}
	}
	return out
}

func equalRows(x, y [][]*big.Int) bool {
	for i := range x {
		for j := range x[i] {
			if x[i][j].Cmp(y[i][j]) != 0 {
				return false
			}
		}
	}
	return true
}

// TestGramWordsMatchesDot: the word Gram matrix equals the math/big dot
// products on bases of small entries, including entries just below 2^31
// and rows long enough to reach the bound on the sums, and declines
// entries of 2^31 or more and sums that could leave 63 bits.
func TestGramWordsMatchesDot(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 3))
	taken := 0
	for trial := range 200 {
		d, n := 1+rng.IntN(8), 1+rng.IntN(12)
		bound := int64(1) << uint(1+rng.IntN(31))
		if trial%10 == 0 {
			n = 1 << 10
		}
		b := make([][]*big.Int, d)
		top := int64(0)
		for i := range b {
			b[i] = make([]*big.Int, n)
			for j := range b[i] {
				x := rng.Int64N(2*bound+1) - bound
				top = max(top, x, -x)
				b[i][j] = big.NewInt(x)
			}
		}
		g, ok := gramWords(b)
		want := top < 1<<31 && new(big.Int).Mul(big.NewInt(top*top), big.NewInt(int64(n))).Cmp(new(big.Int).Lsh(big.NewInt(1), 62)) < 0
		if ok != want {
			t.Fatalf("trial %d: entries up to %d in %d columns: taken in words %v", trial, top, n, ok)
		}
		if !ok {
			continue
		}
		taken++
		for i := range b {
			for j := 0; j <= i; j++ {
				if g[i][j].Cmp(dot(b[i], b[j])) != 0 {
					t.Fatalf("trial %d: g[%d][%d] = %s, want %s", trial, i, j, g[i][j], dot(b[i], b[j]))
				}
			}
		}
	}
	if taken < 50 {
		t.Fatalf("only %d of 200 bases taken in words", taken)
	}
	if _, ok := gramWords([][]*big.Int{{big.NewInt(1 << 31)}}); ok {
		t.Fatal("an entry of 2^31 taken in words")
	}
}
