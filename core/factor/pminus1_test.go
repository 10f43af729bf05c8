package factor

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// smoothPrime returns a prime p of about the given bits with p − 1 built
// from primes below 2^14, so p − 1 is pm1Bound-smooth.
func smoothPrime(rng *rand.Rand, bits int) *big.Int {
	primes := SmallPrimes(1 << 14)
	for {
		m := big.NewInt(2)
		for m.BitLen() < bits {
			m.Mul(m, new(big.Int).SetUint64(primes[rng.IntN(len(primes))]))
		}
		p := m.Add(m, big.NewInt(1))
		if p.ProbablyPrime(20) {
			return p
		}
	}
}

// TestPollardPM1 splits p·q where p − 1 is smooth and p has 30 digits, far
// beyond rho's reach, and checks the whole factorization completes.
func TestPollardPM1(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	for range 10 {
		p := smoothPrime(rng, 100)
		q := randomPrime(rng, 100+rng.IntN(100))
		n := new(big.Int).Mul(p, q)
		f := New(context.Background(), 1<<22)
		d, err := f.PM1(n)
		if err != nil {
			t.Fatal(err)
		}
		if d == nil || (d.Cmp(p) != 0 && d.Cmp(q) != 0) {
			t.Fatalf("PM1(%v·%v) = %v", p, q, d)
		}
		ps, un, err := Factor(context.Background(), n, 1<<22)
		if err != nil {
			t.Fatal(err)
		}
		if want := Merge([]PrimePower{{p, 1}, {q, 1}}); len(un) != 0 || !samePowers(ps, want) {
			t.Fatalf("Factor(%v) = %v, %v", n, ps, un)
		}
	}
	// Too small a budget: stage 1 is skipped, not started and abandoned.
	f := New(context.Background(), pm1Cost())
	if d, err := f.PM1(big.NewInt(1000003 * 1000033)); d != nil || err != nil || f.Remaining() != pm1Cost() {
		t.Errorf("PM1 ran on a small budget: %v %v, budget %d", d, err, f.Remaining())
	}
}
