package integer

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// TestPARIModSqrt: the roots agree with PARI/GP 2.15's (testdata/
// modsqrt.txt: odd primes, products of two primes, odd prime powers and
// every n up to 3000, made by generate.sh).
func TestPARIModSqrt(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "modsqrt.txt", 50, readCases(t, "modsqrt.txt")) {
		var r ModSqrtResult
		runValue(t, rt, "integer.compute.modular_sqrt", fmt.Sprintf(`{"a":"%s","modulus":"%s"}`, c[0], c[1]), &r)
		var got []string
		for _, x := range r.Roots {
			got = append(got, x.String())
		}
		want := strings.Join(c[2:], " ")
		if want == "none" {
			want = ""
		}
		if r.Status != RootsComplete || strings.Join(got, " ") != want {
			t.Errorf("√%s mod %s = %s %v, PARI says %s", c[0], c[1], r.Status, got, want)
		}
	}
}

// TestModSqrtExhaustive: for every modulus below 400 and every residue,
// the roots are exactly those found by squaring every x.
func TestModSqrtExhaustive(t *testing.T) {
	ctx := context.Background()
	for n := int64(1); n < 400; n++ {
		for a := int64(0); a < n; a++ {
			var want []string
			for x := int64(0); x < n; x++ {
				if x*x%n == a {
					want = append(want, fmt.Sprint(x))
				}
			}
			r, err := modSqrt(ctx, big.NewInt(a), big.NewInt(n))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, x := range r.Roots {
				got = append(got, x.String())
			}
			if strings.Join(got, " ") != strings.Join(want, " ") || r.Count.Big().Int64() != int64(len(want)) {
				t.Fatalf("√%d mod %d = %v (count %v), want %v", a, n, got, r.Count, want)
			}
		}
	}
}

// TestModSqrtLarge: modulo products of prime powers and a large prime the roots
// square to a and their number is the product over the prime powers
// (2 for each odd prime, 4 for 2^e, e ≥ 3), and the postcondition passes.
func TestModSqrtLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	ctx := context.Background()
	for range 30 {
		n := big.NewInt(8)
		want := int64(4)
		// Small prime powers, which rho splits off at once, and one large
		// prime.
		for range rng.IntN(3) + 1 {
			p := randomPrime(rng, rng.IntN(30)+3)
			n.Mul(n, new(big.Int).Exp(p, big.NewInt(int64(rng.IntN(3)+1)), nil))
			want *= 2
		}
		n.Mul(n, randomPrime(rng, 200))
		want *= 2
		x := randomInt(rng, 300)
		x.SetBit(x, 0, 1)
		a := new(big.Int).Mul(x, x)
		if new(big.Int).GCD(nil, nil, a, n).Cmp(big.NewInt(1)) != 0 {
			continue
		}
		q := ModSqrtRequest{core.Int(a), core.Int(n)}
		r, err := modSqrt(ctx, a, n)
		if err != nil {
			t.Fatal(err)
		}
		if r.Count.Big().Int64() != want {
			t.Errorf("%d roots of a unit square modulo 8·(odd prime powers), want %d", r.Count.Big().Int64(), want)
		}
		if err := checkModSqrt(ctx, q, r); err != nil {
			t.Error(err)
		}
		if !containsInt(r.Roots, new(big.Int).Mod(x, n)) {
			t.Errorf("the known root x is missing")
		}
	}
}

func containsInt(xs []core.Integer, y *big.Int) bool {
	for _, x := range xs {
		if x.Big().Cmp(y) == 0 {
			return true
		}
	}
	return false
}

// BenchmarkModSqrt: a prime modulus (Tonelli–Shanks on p ≡ 1 mod 8, the
// slowest case), and a product of two primes that must be factored (the
// smaller within rho's reach, so factoring does not dominate).
func BenchmarkModSqrt(b *testing.B) {
	for _, bits := range []int{64, 256, 1024} {
		rng := rand.New(rand.NewPCG(73, uint64(bits)))
		p := randomPrime(rng, bits)
		for p.Bit(1) != 0 || p.Bit(2) != 0 {
			p = randomPrime(rng, bits)
		}
		x := randomInt(rng, bits-1)
		a := new(big.Int).Mul(x, x)
		b.Run(fmt.Sprintf("prime=%dbits", bits), func(b *testing.B) {
			for b.Loop() {
				modSqrt(context.Background(), a, p)
			}
		})
	}
	rng := rand.New(rand.NewPCG(74, 0))
	n := new(big.Int).Mul(randomPrime(rng, 40), randomPrime(rng, 160))
	a := new(big.Int).Exp(randomInt(rng, 150), big.NewInt(2), n)
	b.Run("semiprime=200bits/p=40bits", func(b *testing.B) {
		for b.Loop() {
			modSqrt(context.Background(), a, n)
		}
	})
}
