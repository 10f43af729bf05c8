package polynomial

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// TestReferenceSturm compares root counts with PARI/GP's polsturm
// (testdata/sturm.json, from gen_sturm.py).
func TestReferenceSturm(t *testing.T) {
	b, err := os.ReadFile("testdata/sturm.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		PARIVersion string `json:"pari_gp"`
		Cases       []struct {
			Polynomial   []string
			Lower, Upper string
			Count        int
		}
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.PARIVersion == "" {
		t.Fatal("sturm.json names no PARI/GP version")
	}
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "sturm", 50, ref.Cases) {
		payload := fmt.Sprintf(`{"polynomial":%s}`, coeffJSON(c.Polynomial))
		if c.Lower != "" {
			payload = fmt.Sprintf(`{"polynomial":%s,"lower":%q,"upper":%q}`, coeffJSON(c.Polynomial), c.Lower, c.Upper)
		}
		var r SturmResult
		if completed(t, rt, "polynomial.sturm_sequence.compute", payload, &r) && r.Count != c.Count {
			t.Errorf("case %d: count %d, polsturm says %d", i, r.Count, c.Count)
		}
	}
}

// TestSturmCountBruteForce counts the roots of products of known linear
// factors in random closed intervals, against the roots themselves.
func TestSturmCountBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	for trial := range 300 {
		f := qpoly{big.NewRat(1, 1)}
		roots := map[string]*big.Rat{}
		for range rng.IntN(6) + 1 {
			r := big.NewRat(rng.Int64N(21)-10, rng.Int64N(2)+1)
			roots[r.RatString()] = r
			p, _ := qpow(bg, qpoly{new(big.Rat).Neg(r), big.NewRat(1, 1)}, int64(rng.IntN(2)+1))
			f, _ = qmul(bg, f, p)
		}
		f, _ = qmul(bg, f, qpoly{big.NewRat(1, 1), big.NewRat(0, 1), big.NewRat(1, 1)})
		lo := big.NewRat(rng.Int64N(21)-10, rng.Int64N(2)+1)
		hi := new(big.Rat).Add(lo, big.NewRat(rng.Int64N(12), 1))
		want := 0
		for _, r := range roots {
			if r.Cmp(lo) >= 0 && r.Cmp(hi) <= 0 {
				want++
			}
		}
		q := SturmRequest{Polynomial: polyInputOf("x", f)}
		l, h := core.Rat(lo), core.Rat(hi)
		q.Lower, q.Upper = &l, &h
		r, err := runSturm(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkSturm(bg, q, r); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if r.Count != want {
			t.Fatalf("trial %d: %d roots in [%s, %s], want %d", trial, r.Count, lo.RatString(), hi.RatString(), want)
		}
	}
}

func BenchmarkSturm(b *testing.B) {
	for _, n := range []int{50, 100, 200} {
		f := toQ(randomZ(rand.New(rand.NewPCG(uint64(n), 17)), n, 32))
		b.Run(fmt.Sprintf("deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := runSturm(bg, SturmRequest{Polynomial: polyInputOf("x", f)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestSturmRealRootCount checks the subresultant count against the
// primitive Sturm sequence (sturmSequence) on random square-free
// polynomials, non-normal remainder sequences (sparse ones, whose degrees
// drop by more than one) and products of known linear and irreducible
// quadratic factors, where it must also equal the number of linear ones.
func TestSturmRealRootCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 4))
	check := func(name string, p zpoly, want int) {
		t.Helper()
		_, s, err := squareFree(bg, toQ(p))
		if err != nil {
			t.Fatal(err)
		}
		g := zpoly{big.NewInt(1)}
		for _, a := range s {
			g, _ = zmul(bg, g, a.factor)
		}
		if g.deg() <= 0 {
			return
		}
		got, err := sturmRealRootCount(bg, g)
		if err != nil {
			t.Fatal(err)
		}
		seq, err := sturmSequence(bg, g)
		if err != nil {
			t.Fatal(err)
		}
		if ref := sturmCount(seq, nil, nil); got != ref || want >= 0 && got != want {
			t.Fatalf("%s: count %d, Sturm sequence %d, want %d (%v)", name, got, ref, want, g)
		}
	}
	for trial := range 200 {
		n := rng.IntN(30) + 1
		p := randomZ(rng, n, rng.IntN(40)+1)
		if trial%3 == 0 {
			for i := range p[:n] {
				if rng.IntN(3) != 0 {
					p[i].SetInt64(0)
				}
			}
		}
		check(fmt.Sprintf("random %d", trial), p, -1)
		f, k := zpoly{big.NewInt(int64(rng.IntN(5) - 2 + 5*rng.IntN(2)))}, 0
		if f[0].Sign() == 0 {
			f[0].SetInt64(3)
		}
		used := map[int64]bool{}
		for range rng.IntN(8) {
			if rng.IntN(3) == 0 {
				// x² + bx + c with b² < 4c: b ≤ 2·⌊√c⌋ − 1.
				r := rng.Int64N(3) + 1
				c := r*r + rng.Int64N(2*r+1)
				f, _ = zmul(bg, f, zpoly{big.NewInt(c), big.NewInt(rng.Int64N(2 * r)), big.NewInt(1)})
				continue
			}
			r := rng.Int64N(41) - 20
			if !used[r] {
				used[r] = true
				k++
			}
			f, _ = zmul(bg, f, zpoly{big.NewInt(-r), big.NewInt(1)})
		}
		check(fmt.Sprintf("product %d", trial), f, k)
	}
}
