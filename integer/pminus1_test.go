package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// smoothPrime returns a prime p of about the given bits with p − 1 built
// from primes below 2^14, so p − 1 is pm1Bound-smooth.
func smoothPrime(rng *rand.Rand, bits int) *big.Int {
	primes := smallPrimes(1 << 14)
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
		f := newFactorizer(context.Background(), DefaultFactorIterations)
		d, err := f.pm1(n)
		if err != nil {
			t.Fatal(err)
		}
		if d == nil || (d.Cmp(p) != 0 && d.Cmp(q) != 0) {
			t.Fatalf("pm1(%v·%v) = %v", p, q, d)
		}
		r, err := factorize(context.Background(), n, DefaultFactorIterations)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != Complete || len(r.Factors) != 2 {
			t.Fatalf("factor(%v) = %+v", n, r)
		}
		if err := checkFactorization(FactorRequest{N: core.Int(n)}, r); err != nil {
			t.Fatal(err)
		}
	}
	// Too small a budget: stage 1 is skipped, not started and abandoned.
	f := newFactorizer(context.Background(), pm1Cost())
	if d, err := f.pm1(big.NewInt(1000003 * 1000033)); d != nil || err != nil || f.budget != pm1Cost() {
		t.Errorf("pm1 ran on a small budget: %v %v, budget %d", d, err, f.budget)
	}
}
