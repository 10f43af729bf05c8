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
