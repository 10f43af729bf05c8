package integer

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	"jacobian.dev/conformance"
)

// TestPARIKronecker: (a | n) agrees with PARI/GP 2.15's kronecker
// (testdata/kronecker.txt, made by generate.sh), through the pipeline.
func TestPARIKronecker(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "kronecker.txt", 50, readCases(t, "kronecker.txt")) {
		var r SymbolResult
		runValue(t, rt, "integer.compute.jacobi", fmt.Sprintf(`{"a":"%s","n":"%s"}`, c[0], c[1]), &r)
		if strconv.Itoa(r.Symbol) != c[2] {
			t.Errorf("(%s | %s) = %d, PARI says %s", c[0], c[1], r.Symbol, c[2])
		}
	}
}

// kroneckerBrute is the symbol from its definition on small n: Euler's
// criterion a^((p−1)/2) mod p for each odd prime p | n, the (a | 2) and
// (a | −1) rules, and (a | 0).
func kroneckerBrute(a, n int64) int {
	if n == 0 {
		if a == 1 || a == -1 {
			return 1
		}
		return 0
	}
	s := 1
	if n < 0 {
		n = -n
		if a < 0 {
			s = -s
		}
	}
	for p := int64(2); n > 1; p++ {
		for n%p == 0 {
			n /= p
			var l int
			if p == 2 {
				switch ((a % 8) + 8) % 8 {
				case 1, 7:
					l = 1
				case 3, 5:
					l = -1
				}
			} else {
				e := new(big.Int).Exp(big.NewInt(((a%p)+p)%p), big.NewInt((p-1)/2), big.NewInt(p)).Int64()
				switch e {
				case 1:
					l = 1
				case 0:
					l = 0
				default:
					l = -1
				}
			}
			s *= l
		}
	}
	return s
}

// TestKroneckerExhaustive: both implementations agree with the definition
// for every a in [−60, 60] and n in [−200, 200].
func TestKroneckerExhaustive(t *testing.T) {
	for a := int64(-60); a <= 60; a++ {
		for n := int64(-200); n <= 200; n++ {
			want := kroneckerBrute(a, n)
			ba, bn := big.NewInt(a), big.NewInt(n)
			if got := kronecker(ba, bn); got != want {
				t.Fatalf("kronecker(%d, %d) = %d, definition %d", a, n, got, want)
			}
			if got := kroneckerCohen(ba, bn); got != want {
				t.Fatalf("kroneckerCohen(%d, %d) = %d, definition %d", a, n, got, want)
			}
		}
	}
}

// TestKroneckerRandom: the two implementations agree on large random
// operands, and the symbol is multiplicative in a.
func TestKroneckerRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	for range 2000 {
		a, b, n := randomInt(rng, 300), randomInt(rng, 300), randomInt(rng, 300)
		if rng.IntN(2) == 0 {
			a.Neg(a)
		}
		if rng.IntN(3) == 0 {
			n.Neg(n)
		}
		if kronecker(a, n) != kroneckerCohen(a, n) {
			t.Fatalf("implementations differ on (%v | %v)", a, n)
		}
		if kronecker(new(big.Int).Mul(a, b), n) != kronecker(a, n)*kronecker(b, n) {
			t.Fatalf("(ab | n) ≠ (a | n)(b | n) for a = %v, b = %v, n = %v", a, b, n)
		}
	}
}

// TestPARIRoot: ⌊n^(1/k)⌋ and exactness agree with PARI/GP 2.15's
// sqrtnint (testdata/root.txt).
func TestPARIRoot(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "root.txt", 50, readCases(t, "root.txt")) {
		var r RootResult
		runValue(t, rt, "integer.compute.integer_root", fmt.Sprintf(`{"n":"%s","k":%s}`, c[0], c[1]), &r)
		if r.Root.String() != c[2] || r.Exact != (c[3] == "1") {
			t.Errorf("root(%s, %s) = %v %v, PARI says %s %s", c[0], c[1], r.Root, r.Exact, c[2], c[3])
		}
	}
}

// TestRootAgainstBits compares Newton's iteration with the bit-by-bit
// reference: exhaustively for n < 3000 and k ≤ 12, then on random n of up
// to 2000 bits, perfect powers and their neighbours included.
func TestRootAgainstBits(t *testing.T) {
	ctx := context.Background()
	for n := int64(0); n < 3000; n++ {
		for k := 1; k <= 12; k++ {
			got, _ := floorRoot(ctx, big.NewInt(n), k)
			if want := floorRootBits(big.NewInt(n), k); got.Cmp(want) != 0 {
				t.Fatalf("root(%d, %d) = %v, reference %v", n, k, got, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(63, 64))
	for range 500 {
		k := rng.IntN(30) + 1
		n := randomInt(rng, 2000)
		if rng.IntN(2) == 0 {
			n.Exp(randomInt(rng, 100), big.NewInt(int64(k)), nil)
			n.Add(n, big.NewInt(int64(rng.IntN(3)-1)))
			n.Abs(n)
		}
		got, _ := floorRoot(ctx, n, k)
		if want := floorRootBits(n, k); got.Cmp(want) != 0 {
			t.Fatalf("root(%v, %d) = %v, reference %v", n, k, got, want)
		}
		if k%2 == 1 {
			neg, _ := floorRoot(ctx, new(big.Int).Neg(n), k)
			// ⌊−x⌋ = −⌈x⌉.
			up := ceilRootBits(n, k)
			if neg.Cmp(up.Neg(up)) != 0 {
				t.Fatalf("root(−%v, %d) = %v", n, k, neg)
			}
		}
	}
}

// ceilRootBits is ⌈n^(1/k)⌉ from the reference.
func ceilRootBits(n *big.Int, k int) *big.Int {
	r := floorRootBits(n, k)
	if new(big.Int).Exp(r, big.NewInt(int64(k)), nil).Cmp(n) != 0 {
		r.Add(r, big.NewInt(1))
	}
	return r
}

// BenchmarkKronecker and BenchmarkIntegerRoot run on operands of the sizes
// PARI/GP's kronecker (odd n) and sqrtnint were timed on.
func BenchmarkKronecker(b *testing.B) {
	for _, digits := range []int{100, 1000, 10000} {
		rng := rand.New(rand.NewPCG(65, uint64(digits)))
		a, n := randomDigits(rng, digits), randomDigits(rng, digits)
		n.SetBit(n, 0, 1) // odd, so the symbol takes the whole algorithm
		b.Run(fmt.Sprintf("digits=%d", digits), func(b *testing.B) {
			for b.Loop() {
				kronecker(a, n)
			}
		})
	}
}

func BenchmarkIntegerRoot(b *testing.B) {
	for _, c := range []struct{ digits, k int }{{100, 2}, {100, 7}, {1000, 3}, {10000, 5}} {
		rng := rand.New(rand.NewPCG(66, uint64(c.digits)))
		n := randomDigits(rng, c.digits)
		b.Run(fmt.Sprintf("digits=%d/k=%d", c.digits, c.k), func(b *testing.B) {
			for b.Loop() {
				floorRoot(context.Background(), n, c.k)
			}
		})
	}
}
