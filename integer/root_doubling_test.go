package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// TestRootDoublingAgainstNewton: the precision-doubling root equals
// floorRootNewton's full-precision iteration on seeded random n, exact
// powers r^k and their neighbours r^k ± 1, (r + 1)^k − 1 (the largest n
// with root r), for k from 3 to 60 and roots up to 3000 bits.
func TestRootDoublingAgainstNewton(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(31, 41))
	for i := range 400 {
		k := 3 + rng.IntN(58)
		r := randomInt(rng, 20+rng.IntN(900))
		r.Abs(r).Add(r, big.NewInt(2))
		rk := new(big.Int).Exp(r, big.NewInt(int64(k)), nil)
		next := new(big.Int).Exp(new(big.Int).Add(r, big.NewInt(1)), big.NewInt(int64(k)), nil)
		cases := []*big.Int{rk, new(big.Int).Add(rk, big.NewInt(1)), new(big.Int).Sub(rk, big.NewInt(1)), next.Sub(next, big.NewInt(1))}
		if i%4 == 0 {
			n := randomInt(rng, 100+rng.IntN(4000))
			cases = append(cases, n.Abs(n).Add(n, big.NewInt(1)))
		}
		for _, n := range cases {
			if k >= n.BitLen() {
				continue
			}
			got, err := rootDoubling(ctx, n, k)
			if err != nil {
				t.Fatal(err)
			}
			want, err := floorRootNewton(ctx, n, k)
			if err != nil {
				t.Fatal(err)
			}
			if got.Cmp(want) != 0 {
				t.Fatalf("k = %d, n of %d bits: rootDoubling %v, Newton %v", k, n.BitLen(), clipped(got), clipped(want))
			}
		}
	}
}

// TestRootDoublingLarge: at 20,000 to 100,000 digits (beyond the
// reference's reach in a test) the root r satisfies r^k ≤ n < (r + 1)^k,
// for random n and for n = r^k exactly.
func TestRootDoublingLarge(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 9))
	for _, c := range []struct{ digits, k int }{{20000, 3}, {50000, 5}, {100000, 7}, {30000, 97}} {
		n := randomDigits(rng, c.digits)
		r, err := floorRoot(ctx, n, c.k)
		if err != nil {
			t.Fatal(err)
		}
		kk := big.NewInt(int64(c.k))
		if new(big.Int).Exp(r, kk, nil).Cmp(n) > 0 || new(big.Int).Exp(new(big.Int).Add(r, big.NewInt(1)), kk, nil).Cmp(n) <= 0 {
			t.Fatalf("%d digits, k = %d: r^k ≤ n < (r+1)^k fails", c.digits, c.k)
		}
		p := new(big.Int).Exp(r, kk, nil)
		if s, err := floorRoot(ctx, p, c.k); err != nil || s.Cmp(r) != 0 || !isKthPower(s, p, c.k) {
			t.Fatalf("%d digits, k = %d: the root of r^k is not r, exactly", c.digits, c.k)
		}
	}
}

// TestPowerBig: powerBig agrees with big.Int.Exp.
func TestPowerBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		x := randomInt(rng, 1+rng.IntN(300))
		e := rng.IntN(40)
		if powerBig(x, e).Cmp(new(big.Int).Exp(x, big.NewInt(int64(e)), nil)) != 0 {
			t.Fatalf("powerBig(%v, %d) ≠ Exp", x, e)
		}
	}
}

// TestIntegerRootPostconditionRejects: roots one off either way, and a
// wrong exact flag, are refused; the right answer passes, for positive
// and negative n.
func TestIntegerRootPostconditionRejects(t *testing.T) {
	ctx := context.Background()
	op := integerRootOperation()
	rng := rand.New(rand.NewPCG(8, 8))
	for range 50 {
		k := 1 + rng.IntN(9)
		n := randomInt(rng, 1+rng.IntN(200))
		if k%2 == 0 {
			n.Abs(n)
		}
		if rng.IntN(3) == 0 {
			n.Exp(n, big.NewInt(int64(k)), nil)
		}
		r, err := floorRoot(ctx, n, k)
		if err != nil {
			t.Fatal(err)
		}
		exact := new(big.Int).Exp(r, big.NewInt(int64(k)), nil).Cmp(n) == 0
		q := RootRequest{core.Int(n), k}
		if err := op.Postcondition(ctx, q, RootResult{core.Int(r), exact}); err != nil {
			t.Fatalf("n = %v, k = %d: the right root refused: %v", n, k, err)
		}
		if err := op.Postcondition(ctx, q, RootResult{core.Int(r), !exact}); err == nil {
			t.Fatalf("n = %v, k = %d: a wrong exact flag accepted", n, k)
		}
		for _, d := range []int64{-1, 1} {
			w := new(big.Int).Add(r, big.NewInt(d))
			wexact := new(big.Int).Exp(w, big.NewInt(int64(k)), nil).Cmp(n) == 0
			if err := op.Postcondition(ctx, q, RootResult{core.Int(w), wexact}); err == nil {
				t.Fatalf("n = %v, k = %d: root %v accepted", n, k, w)
			}
		}
	}
}
