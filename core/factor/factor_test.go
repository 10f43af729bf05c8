package factor

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"jacobian.dev/core"
)

// trialFactor is the reference: trial division by every d ≥ 2.
func trialFactor(n uint64) []PrimePower {
	var out []PrimePower
	for d := uint64(2); d*d <= n; d++ {
		e := 0
		for n%d == 0 {
			n /= d
			e++
		}
		if e > 0 {
			out = append(out, PrimePower{new(big.Int).SetUint64(d), e})
		}
	}
	if n > 1 {
		out = append(out, PrimePower{new(big.Int).SetUint64(n), 1})
	}
	return out
}

func samePowers(a, b []PrimePower) bool {
	return slices.EqualFunc(a, b, func(x, y PrimePower) bool {
		return x.Base.Cmp(y.Base) == 0 && x.Exponent == y.Exponent
	})
}

// randomBits returns a random integer of exactly the given number of bits.
func randomBits(rng *rand.Rand, bits int) *big.Int {
	x := new(big.Int)
	for i := 0; i < bits-1; i++ {
		x.SetBit(x, i, uint(rng.IntN(2)))
	}
	return x.SetBit(x, bits-1, 1)
}

// randomPrime returns a random prime of about the given number of bits,
// using math/big's ProbablyPrime, which is exact below 2^64.
func randomPrime(rng *rand.Rand, bits int) *big.Int {
	p := randomBits(rng, bits)
	for !p.ProbablyPrime(20) {
		p.Add(p, big.NewInt(1))
	}
	return p
}

// TestFactorExhaustive compares Factor with trial division for every n in
// [1, 100000] and for random n below 10^10.
func TestFactorExhaustive(t *testing.T) {
	ctx := context.Background()
	check := func(n uint64) {
		ps, un, err := Factor(ctx, new(big.Int).SetUint64(n), 1<<40)
		if err != nil || len(un) != 0 {
			t.Fatalf("Factor(%d): %v, unfactored %v", n, err, un)
		}
		if want := trialFactor(n); !samePowers(ps, want) {
			t.Fatalf("Factor(%d) = %v, want %v", n, ps, want)
		}
	}
	for n := uint64(1); n <= 100_000; n++ {
		check(n)
	}
	rng := rand.New(rand.NewPCG(13, 14))
	for range 1000 {
		check(rng.Uint64N(1e10) + 1)
	}
	if _, _, err := Factor(ctx, new(big.Int), 1<<20); err == nil {
		t.Error("Factor(0) did not fail")
	}
	// The sign is the caller's.
	if ps, _, _ := Factor(ctx, big.NewInt(-12), 100); !samePowers(ps, trialFactor(12)) {
		t.Errorf("Factor(-12) = %v", ps)
	}
}

// TestFactorConstructed factors products of known random primes (from 2 to
// 36 bits, and squares and cubes of 80-bit primes, which only perfect-power
// detection makes reachable) and compares with the construction.
func TestFactorConstructed(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for i := 0; i < 60; i++ {
		n := big.NewInt(1)
		var want []PrimePower
		for range rng.IntN(5) + 1 {
			p := randomPrime(rng, rng.IntN(35)+2)
			e := rng.IntN(3) + 1
			want = append(want, PrimePower{p, e})
			n.Mul(n, new(big.Int).Exp(p, big.NewInt(int64(e)), nil))
		}
		if i%4 == 0 {
			p := randomPrime(rng, 80)
			e := 2 + i%3
			want = append(want, PrimePower{p, e})
			n.Mul(n, new(big.Int).Exp(p, big.NewInt(int64(e)), nil))
		}
		want = Merge(want)
		ps, un, err := Factor(context.Background(), n, 1<<22)
		if err != nil || len(un) != 0 || !samePowers(ps, want) {
			t.Fatalf("Factor(%v) = %v, %v, %v; want %v", n, ps, un, err, want)
		}
	}
}

// TestFactorPARI checks factorizations against PARI/GP.
func TestFactorPARI(t *testing.T) {
	cases := []struct{ n, want string }{
		// PARI/GP 2.15: factor(2^80-1)
		{"1208925819614629174706175", "3^1 5^2 11^1 17^1 31^1 41^1 257^1 61681^1 4278255361^1"},
		// PARI/GP 2.15: factor(2^64+1)
		{"18446744073709551617", "274177^1 67280421310721^1"},
		// PARI/GP 2.15: factor(2^96+1)
		{"79228162514264337593543950337", "641^1 6700417^1 18446744069414584321^1"},
		// PARI/GP 2.15: factor(10^30+1)
		{"1000000000000000000000000000001", "61^1 101^1 3541^1 9901^1 27961^1 4188901^1 39526741^1"},
		// PARI/GP 2.15: factor(3^60-1)
		{"42391158275216203514294433200", "2^4 5^2 7^1 11^2 13^1 31^1 61^1 73^1 271^1 1181^1 4561^1 47763361^1"},
	}
	for _, c := range cases {
		n, _ := new(big.Int).SetString(c.n, 10)
		ps, un, err := Factor(context.Background(), n, 1<<32)
		if err != nil || len(un) != 0 {
			t.Fatalf("Factor(%s): %v, unfactored %v", c.n, err, un)
		}
		var got []string
		for _, p := range ps {
			got = append(got, fmt.Sprintf("%v^%d", p.Base, p.Exponent))
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("Factor(%s) = %s, PARI/GP %s", c.n, g, c.want)
		}
	}
}

// TestFactorBudget: with a budget too small for rho, the product of two
// 40-bit primes is left whole, and the result still multiplies back to n.
func TestFactorBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	p, q := randomPrime(rng, 40), randomPrime(rng, 40)
	pq := new(big.Int).Mul(p, q)
	n := new(big.Int).Mul(pq, big.NewInt(12))
	ps, un, err := Factor(context.Background(), n, 500)
	if err != nil {
		t.Fatal(err)
	}
	if !samePowers(ps, trialFactor(12)) || len(un) != 1 || un[0].Base.Cmp(pq) != 0 || un[0].Exponent != 1 {
		t.Fatalf("Factor(12·p·q, 500) = %v, unfactored %v", ps, un)
	}
	// Budget 0 is trial division and perfect powers only.
	sq := new(big.Int).Mul(p, p)
	if ps, un, _ := Factor(context.Background(), sq, 0); len(un) != 0 || !samePowers(ps, []PrimePower{{p, 2}}) {
		t.Errorf("Factor(p², 0) = %v, %v", ps, un)
	}
}

// TestFactorCancel: an ended context ends the run with its error, both
// before any work and during rho on a product of two 30-digit primes,
// which would need about 10^15 iterations.
func TestFactorCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Factor(ctx, big.NewInt(91), 1<<20); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before start: %v", err)
	}
	p, _ := new(big.Int).SetString("100000000000000000000000000319", 10)
	q, _ := new(big.Int).SetString("100000000000000000010000000381", 10)
	n := new(big.Int).Mul(p, q)
	// Cancel from inside the run, at the first progress report.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	reports := 0
	ctx = core.WithProgress(ctx, func(done, total float64, _ string) {
		reports++
		cancel()
	})
	if _, _, err := Factor(ctx, n, 1<<40); !errors.Is(err, context.Canceled) || reports != 1 {
		t.Errorf("cancelled during rho: %v after %d progress reports", err, reports)
	}
}

// TestRhoSmall runs rho on every odd composite below 30000 that is not a
// perfect power: any answer must be a proper divisor, and failures (all 16
// polynomials cycling modulo every prime at once) must be rare.
func TestRhoSmall(t *testing.T) {
	f := New(context.Background(), 1<<40)
	failures := 0
	for n := int64(9); n < 30000; n += 2 {
		bn := big.NewInt(n)
		if len(trialFactor(uint64(n))) == 1 && trialFactor(uint64(n))[0].Exponent == 1 {
			continue // prime
		}
		if _, k := PerfectPower(bn); k > 1 {
			continue
		}
		d, err := f.Rho(bn)
		if errors.Is(err, ErrBudget) {
			failures++
			continue
		}
		if err != nil || d.Cmp(big.NewInt(1)) <= 0 || d.Cmp(bn) >= 0 || new(big.Int).Rem(bn, d).Sign() != 0 {
			t.Fatalf("rho(%d) = %v, %v", n, d, err)
		}
	}
	if failures > 10 {
		t.Errorf("rho failed on %d small composites", failures)
	}
	t.Logf("rho gave up on %d small composites", failures)
}

// TestPerfectPower compares with exhaustive search on small n.
func TestPerfectPower(t *testing.T) {
	for n := int64(2); n < 20000; n++ {
		r, k := PerfectPower(big.NewInt(n))
		bestK, bestR := 1, n
		for b := int64(2); b*b <= n; b++ {
			p, e := b, 1
			for p < n {
				p *= b
				e++
			}
			if p == n && e > bestK {
				bestK, bestR = e, b
			}
		}
		if k != bestK || r.Int64() != bestR {
			t.Fatalf("PerfectPower(%d) = %v^%d, want %d^%d", n, r, k, bestR, bestK)
		}
	}
	p := randomPrime(rand.New(rand.NewPCG(1, 1)), 200)
	if r, k := PerfectPower(new(big.Int).Exp(p, big.NewInt(6), nil)); k != 6 || r.Cmp(p) != 0 {
		t.Errorf("p^6 with a 200-bit p: got %v^%d", r, k)
	}
}

// TestRefineSharedPrime: the composites p·q and p·r left unfactored are
// split on their common factor.
func TestRefineSharedPrime(t *testing.T) {
	p, q, r := big.NewInt(1000003), big.NewInt(1000033), big.NewInt(1000037)
	res := splitResult{unfactored: []PrimePower{
		{new(big.Int).Mul(p, q), 1},
		{new(big.Int).Mul(p, r), 2},
	}}
	work := refine(&res)
	var got []string
	for _, w := range Merge(work) {
		got = append(got, fmt.Sprintf("%v^%d", w.Base, w.Exponent))
	}
	if want := "1000003^3 1000033^1 1000037^2"; strings.Join(got, " ") != want {
		t.Errorf("refine gave %v, want %s", got, want)
	}
}

// TestSmallestFactor compares with trial division.
func TestSmallestFactor(t *testing.T) {
	for n := int64(2); n < 50000; n++ {
		want := trialFactor(uint64(n))[0].Base
		got := SmallestFactor(big.NewInt(n))
		if want.Cmp(big.NewInt(TrialBound)) >= 0 {
			if got != nil {
				t.Fatalf("SmallestFactor(%d) = %v, want none below the bound", n, got)
			}
			continue
		}
		if got == nil || got.Cmp(want) != 0 {
			t.Fatalf("SmallestFactor(%d) = %v, want %v", n, got, want)
		}
	}
}
