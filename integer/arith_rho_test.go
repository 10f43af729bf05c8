package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core/factor"
)

// TestFactorRhoFirstAgainstFactor: the rho pass gives factor.Factor's
// factorization (primes and exponents) on seeded p − 1 for random primes
// p of 64 to 160 bits, and on products of prime powers of 15 to 40 bits,
// squares and cubes of such products included.
func TestFactorRhoFirstAgainstFactor(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(41, 43))
	var inputs []*big.Int
	for range 40 {
		p := randomPrime(rng, 64+rng.IntN(97))
		inputs = append(inputs, p.Sub(p, big.NewInt(1)))
	}
	for range 40 {
		n := big.NewInt(int64(1 + rng.IntN(1000)))
		for range 1 + rng.IntN(5) {
			q := randomPrime(rng, 15+rng.IntN(26))
			n.Mul(n, q.Exp(q, big.NewInt(int64(1+rng.IntN(3))), nil))
		}
		if rng.IntN(4) == 0 {
			n.Exp(n, big.NewInt(int64(2+rng.IntN(2))), nil)
		}
		inputs = append(inputs, n)
	}
	for _, n := range inputs {
		got, gotUn, err := factorRhoFirst(ctx, n, 1<<24)
		if err != nil {
			t.Fatal(err)
		}
		want, wantUn, err := factor.Factor(ctx, n, 1<<24)
		if err != nil {
			t.Fatal(err)
		}
		if len(gotUn) != 0 || len(wantUn) != 0 || !samePrimePowers(got, want) {
			t.Fatalf("%v: rho first %v (unfactored %v), factor.Factor %v (unfactored %v)", n, got, gotUn, want, wantUn)
		}
	}
}

func samePrimePowers(a, b []factor.PrimePower) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Base.Cmp(b[i].Base) != 0 || a[i].Exponent != b[i].Exponent {
			return false
		}
	}
	return true
}

// BenchmarkMultiplicativeOrder128: the order of a unit modulo a 128-bit
// prime whose p − 1 has factors of 22, 29 and 70 bits (the
// int_multiplicative_order_128_bits peer row's modulus), run and check.
func BenchmarkMultiplicativeOrder128(b *testing.B) {
	ctx := context.Background()
	p, _ := new(big.Int).SetString("254174957403262624885448240198517152359", 10)
	a := big.NewInt(3)
	for b.Loop() {
		g, un, err := unitGroupOf(ctx, p)
		if err != nil || un != nil {
			b.Fatal(err, un)
		}
		o := g.order(a)
		if err := checkOrder(ctx, a, o, p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDivisorsWordsAgainstBig: the word route lists the same divisors as
// the big.Int one for seeded n below 2^64 (products of small prime
// powers, up to 2^64 − 1's neighbourhood), and declines n ≥ 2^64.
func TestDivisorsWordsAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 55))
	small := []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}
	for range 300 {
		var primes []factor.PrimePower
		n := new(big.Int).SetInt64(1)
		for _, p := range small {
			if rng.IntN(2) == 0 {
				continue
			}
			e := 1 + rng.IntN(4)
			primes = append(primes, factor.PrimePower{Base: big.NewInt(p), Exponent: e})
			n.Mul(n, new(big.Int).Exp(big.NewInt(p), big.NewInt(int64(e)), nil))
		}
		if rng.IntN(3) == 0 {
			q := randomPrime(rng, 20+rng.IntN(40))
			primes = append(primes, factor.PrimePower{Base: q, Exponent: 1})
			n.Mul(n, q)
		}
		ws, ok := divisorsOfWords(primes)
		if ok != n.IsUint64() {
			t.Fatalf("n = %v: word route ok = %v", n, ok)
		}
		want := divisorsOfBig(primes)
		if !ok {
			continue
		}
		if len(ws) != len(want) {
			t.Fatalf("n = %v: %d divisors by words, %d by big.Int", n, len(ws), len(want))
		}
		for i := range ws {
			if want[i].Uint64() != ws[i] || !want[i].IsUint64() {
				t.Fatalf("n = %v: divisor %d is %d by words, %v by big.Int", n, i, ws[i], want[i])
			}
		}
	}
}
