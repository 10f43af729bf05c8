package integer

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// big.Int is the engine of gcd, lcm, extended gcd, modular inverse and
// modular power; these benchmarks measure the operation around it. Inputs
// are built before the timer starts.

func BenchmarkGCD(b *testing.B) {
	for _, d := range []int{100, 1000, 10000, 100000} {
		rng := rand.New(rand.NewPCG(uint64(d), 1))
		x, y := randomDigits(rng, d), randomDigits(rng, d)
		b.Run(fmt.Sprintf("digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				new(big.Int).GCD(nil, nil, x, y)
			}
		})
	}
}

func BenchmarkLCM(b *testing.B) {
	for _, d := range []int{100, 1000, 10000} {
		rng := rand.New(rand.NewPCG(uint64(d), 2))
		x, y := randomDigits(rng, d), randomDigits(rng, d)
		b.Run(fmt.Sprintf("digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				lcm(context.Background(), x, y)
			}
		})
	}
}

func BenchmarkExtendedGCD(b *testing.B) {
	for _, d := range []int{100, 1000, 10000} {
		rng := rand.New(rand.NewPCG(uint64(d), 3))
		x, y := randomDigits(rng, d), randomDigits(rng, d)
		b.Run(fmt.Sprintf("digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				extendedGCD(context.Background(), x, y)
			}
		})
	}
}

func BenchmarkModularInverse(b *testing.B) {
	for _, d := range []int{100, 1000, 10000} {
		rng := rand.New(rand.NewPCG(uint64(d), 4))
		m := randomDigits(rng, d)
		x := randomDigits(rng, d)
		for new(big.Int).GCD(nil, nil, x, m).Cmp(big.NewInt(1)) != 0 {
			x.Add(x, big.NewInt(1))
		}
		b.Run(fmt.Sprintf("digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				if _, err := modInverse(context.Background(), x, m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkModularPower uses a modulus and an exponent of the same size;
// the largest is the declared limit. The postcondition's independent
// recomputation is measured separately.
func BenchmarkModularPower(b *testing.B) {
	for _, bits := range []int{256, 1024, 4096, MaxModulusBits} {
		rng := rand.New(rand.NewPCG(uint64(bits), 5))
		m, e, x := randomBits(rng, bits), randomBits(rng, bits), randomBits(rng, bits)
		m.SetBit(m, 0, 1) // odd, for big.Int.Exp's Montgomery path
		b.Run(fmt.Sprintf("bits=%d", bits), func(b *testing.B) {
			for b.Loop() {
				if _, err := modPow(context.Background(), x, e, m); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("bits=%d/postcondition", bits), func(b *testing.B) {
			for b.Loop() {
				squareMultiply(x, e, m)
			}
		})
	}
}

// BenchmarkFactor: rho needs about √p iterations for the smallest prime p
// left after trial division, and ECM a number of curves that grows with
// p's digits, so the size of that prime sets the cost.
func BenchmarkFactor(b *testing.B) {
	cases := []struct {
		name   string
		pd, qd int // digits of the two primes
	}{
		{"semiprime=20digits/p=8digits", 8, 12},
		{"semiprime=24digits/p=12digits", 12, 12},
		{"semiprime=40digits/p=10digits", 10, 30},
		{"semiprime=40digits/p=12digits", 12, 28},
		{"semiprime=60digits/p=10digits", 10, 50},
		// ECM's range: rho alone needs 10^8 and 10^10 iterations.
		{"semiprime=40digits/p=16digits", 16, 24},
		{"semiprime=40digits/p=20digits", 20, 20},
	}
	for _, c := range cases {
		rng := rand.New(rand.NewPCG(uint64(c.pd), uint64(c.qd)))
		p := new(big.Int).Add(randomDigits(rng, c.pd), big.NewInt(0))
		for !p.ProbablyPrime(20) {
			p.Add(p, big.NewInt(1))
		}
		q := randomDigits(rng, c.qd)
		for !q.ProbablyPrime(20) {
			q.Add(q, big.NewInt(1))
		}
		n := new(big.Int).Mul(p, q)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				r, err := factorize(context.Background(), n, MaxFactorIterations)
				if err != nil || r.Status != Complete {
					b.Fatal(err, r.Status)
				}
			}
		})
	}
	rng := rand.New(rand.NewPCG(7, 7))
	smooth := big.NewInt(1)
	for smooth.BitLen() < 1000 {
		smooth.Mul(smooth, randomPrime(rng, 14))
	}
	b.Run("smooth=1000bits/p<2^14", func(b *testing.B) {
		for b.Loop() {
			factorize(context.Background(), smooth, DefaultFactorIterations)
		}
	})
}

// BenchmarkPrimality: primes (deterministic Miller–Rabin below 82 bits,
// a certificate search above, successful or not within the budget) and
// products of two primes (rejected by a witness).
func BenchmarkPrimality(b *testing.B) {
	for _, bits := range []int{64, 128, 256, 512, 1024, MaxPrimalityBits} {
		rng := rand.New(rand.NewPCG(uint64(bits), 6))
		p := randomPrime(rng, bits)
		c := new(big.Int).Mul(randomPrime(rng, bits/2), randomPrime(rng, bits/2))
		b.Run(fmt.Sprintf("bits=%d/prime", bits), func(b *testing.B) {
			var method PrimalityMethod
			for b.Loop() {
				r, err := checkPrimality(context.Background(), p)
				if err != nil {
					b.Fatal(err)
				}
				method = r.Method
			}
			b.ReportMetric(boolMetric(method == MethodPocklington || method == MethodECPP || method == MethodDeterministicMR), "proven")
		})
		b.Run(fmt.Sprintf("bits=%d/composite", bits), func(b *testing.B) {
			for b.Loop() {
				checkPrimality(context.Background(), c)
			}
		})
	}
}

func boolMetric(ok bool) float64 {
	if ok {
		return 1
	}
	return 0
}

// randomBits returns a uniformly random integer of exactly the given bits.
func randomBits(rng *rand.Rand, bits int) *big.Int {
	x := new(big.Int)
	for i := 0; i < bits-1; i++ {
		x.SetBit(x, i, uint(rng.IntN(2)))
	}
	return x.SetBit(x, bits-1, 1)
}
