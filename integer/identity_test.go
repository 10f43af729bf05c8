package integer

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// randomSigned is a random integer of up to maxBits bits, sometimes zero,
// sometimes negative.
func randomSigned(rng *rand.Rand, maxBits int) *big.Int {
	if rng.IntN(16) == 0 {
		return new(big.Int)
	}
	x := randomInt(rng, maxBits)
	if rng.IntN(2) == 0 {
		x.Neg(x)
	}
	return x
}

// TestGCDLCMIdentity: gcd(a, b)·lcm(a, b) = |a·b|.
func TestGCDLCMIdentity(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 500; i++ {
		g := randomInt(rng, 100)
		a := new(big.Int).Mul(g, randomSigned(rng, 1500))
		b := new(big.Int).Mul(g, randomSigned(rng, 1500))
		gcd := new(big.Int).GCD(nil, nil, new(big.Int).Abs(a), new(big.Int).Abs(b))
		l, err := lcm(context.Background(), a, b)
		if err != nil {
			t.Fatal(err)
		}
		prod := new(big.Int).Mul(gcd, l)
		if want := new(big.Int).Abs(new(big.Int).Mul(a, b)); prod.Cmp(want) != 0 {
			t.Fatalf("gcd·lcm ≠ |ab| for a=%v b=%v", a, b)
		}
	}
}

// referenceExtendedGCD is the textbook extended Euclidean algorithm on
// |a|, |b| (Knuth, TAOCP vol. 2, §4.5.2, Algorithm X), with the signs put
// back and the result moved into the canonical box by subtracting multiples
// of (b/g, −a/g).
func referenceExtendedGCD(a, b int64) (g, x, y int64) {
	oldR, r := abs64(a), abs64(b)
	oldS, s := int64(1), int64(0)
	oldT, tt := int64(0), int64(1)
	for r != 0 {
		q := oldR / r
		oldR, r = r, oldR-q*r
		oldS, s = s, oldS-q*s
		oldT, tt = tt, oldT-q*tt
	}
	g, x, y = oldR, oldS*sign64(a), oldT*sign64(b)
	switch {
	case g == 0:
		return 0, 0, 0
	case b == 0:
		return g, sign64(a), 0
	case a == 0 || abs64(a) == abs64(b):
		return g, 0, sign64(b)
	}
	bg, ag := b/g, a/g
	// Search the few candidates x + k·b/g for the one in the box.
	for k := int64(-3); k <= 3; k++ {
		cx, cy := x+k*bg, y-k*ag
		if 2*abs64(cx) <= abs64(bg) && 2*abs64(cy) <= abs64(ag) {
			return g, cx, cy
		}
	}
	panic(fmt.Sprintf("no canonical pair for %d, %d", a, b))
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func sign64(x int64) int64 {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// TestExtendedGCDExhaustive compares with the reference on every pair in
// [-60, 60]², and checks the identity and bounds.
func TestExtendedGCDExhaustive(t *testing.T) {
	for a := int64(-60); a <= 60; a++ {
		for b := int64(-60); b <= 60; b++ {
			g, x, y, _ := extendedGCD(context.Background(), big.NewInt(a), big.NewInt(b))
			wg, wx, wy := referenceExtendedGCD(a, b)
			if g.Int64() != wg || x.Int64() != wx || y.Int64() != wy {
				t.Fatalf("extendedGCD(%d, %d) = (%v, %v, %v), reference (%d, %d, %d)", a, b, g, x, y, wg, wx, wy)
			}
			if err := checkBezout(big.NewInt(a), big.NewInt(b), g, x, y); err != nil {
				t.Fatalf("(%d, %d): %v", a, b, err)
			}
		}
	}
}

// TestExtendedGCDRandom: a·x + b·y = g and the canonical bounds on large
// random operands, and the reference agrees on random 62-bit ones.
func TestExtendedGCDRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 300; i++ {
		a, b := randomSigned(rng, 2000), randomSigned(rng, 2000)
		g, x, y, _ := extendedGCD(context.Background(), a, b)
		if err := checkBezout(a, b, g, x, y); err != nil {
			t.Fatalf("(%v, %v): %v", a, b, err)
		}
		sa, sb := randomSigned(rng, 40), randomSigned(rng, 40)
		g, x, y, _ = extendedGCD(context.Background(), sa, sb)
		wg, wx, wy := referenceExtendedGCD(sa.Int64(), sb.Int64())
		if g.Int64() != wg || x.Int64() != wx || y.Int64() != wy {
			t.Fatalf("extendedGCD(%v, %v) = (%v, %v, %v), reference (%d, %d, %d)", sa, sb, g, x, y, wg, wx, wy)
		}
	}
}

// TestExtendedGCDLarge checks the identity and the canonical bounds, and
// the gcd against big.Int.GCD, for operands above the half-gcd crossover
// (2^16 bits), sharing a factor or not, of either sign.
func TestExtendedGCDLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	n := 3
	if testing.Short() {
		n = 1
	}
	exact := func(bits int) *big.Int {
		x := randomInt(rng, bits)
		x.SetBit(x, bits-1, 1)
		if rng.IntN(2) == 0 {
			x.Neg(x)
		}
		return x
	}
	for i := 0; i < n; i++ {
		f := exact(20_000)
		a := new(big.Int).Mul(f, exact(60_000))
		b := new(big.Int).Mul(f, exact(59_000))
		for _, p := range [][2]*big.Int{{a, b}, {exact(80_000), exact(80_000)}} {
			g, x, y, err := extendedGCD(context.Background(), p[0], p[1])
			if err != nil {
				t.Fatal(err)
			}
			if err := checkBezout(p[0], p[1], g, x, y); err != nil {
				t.Fatalf("%d-bit operands: %v", p[0].BitLen(), err)
			}
			want := new(big.Int).GCD(nil, nil, p[0], p[1])
			if g.Cmp(want) != 0 {
				t.Fatalf("%d-bit operands: gcd differs from big.Int.GCD", p[0].BitLen())
			}
			l, err := lcm(context.Background(), p[0], p[1])
			if err != nil {
				t.Fatal(err)
			}
			prod := new(big.Int).Mul(g, l)
			if prod.Cmp(new(big.Int).Abs(new(big.Int).Mul(p[0], p[1]))) != 0 {
				t.Fatalf("%d-bit operands: gcd·lcm ≠ |ab|", p[0].BitLen())
			}
		}
	}
}

// TestCheckBezoutRejects makes sure the postcondition can fail.
func TestCheckBezoutRejects(t *testing.T) {
	a, b := big.NewInt(240), big.NewInt(46)
	// -9·240 + 47·46 = 2 is canonical; adding (46/2, −240/2) keeps the
	// identity but leaves the box.
	if err := checkBezout(a, b, big.NewInt(2), big.NewInt(14), big.NewInt(-73)); err == nil {
		t.Error("non-minimal pair accepted")
	}
	if err := checkBezout(a, b, big.NewInt(2), big.NewInt(-9), big.NewInt(46)); err == nil {
		t.Error("wrong identity accepted")
	}
	// 4·1 + 6·1 = 10 is a combination but not a divisor.
	if err := checkBezout(big.NewInt(4), big.NewInt(6), big.NewInt(10), big.NewInt(1), big.NewInt(1)); err == nil {
		t.Error("non-divisor g accepted")
	}
}

// TestModularInverseBruteForce: for every m in [1, 80] and a in [-100, 100],
// the inverse is the unique x in [0, m) with a·x ≡ 1, found by search, and
// exists exactly when gcd(a, m) = 1.
func TestModularInverseBruteForce(t *testing.T) {
	for m := int64(1); m <= 80; m++ {
		for a := int64(-100); a <= 100; a++ {
			want := int64(-1)
			for x := int64(0); x < m; x++ {
				if ((a*x-1)%m+m)%m == 0 {
					want = x
					break
				}
			}
			got, err := modInverse(context.Background(), big.NewInt(a), big.NewInt(m))
			if want < 0 {
				if err == nil {
					t.Fatalf("inverse of %d mod %d: got %v, none exists", a, m, got)
				}
				continue
			}
			if err != nil || got.Int64() != want {
				t.Fatalf("inverse of %d mod %d: got %v (%v), want %d", a, m, got, err, want)
			}
		}
	}
}

// TestModularInverseIdentity: a·a⁻¹ ≡ 1 (mod m) on large random units.
func TestModularInverseIdentity(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	one := big.NewInt(1)
	for i := 0; i < 300; i++ {
		m := randomInt(rng, 3000)
		m.Add(m, big.NewInt(2))
		a := randomSigned(rng, 3000)
		g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(a), m)
		x, err := modInverse(context.Background(), a, m)
		if g.Cmp(one) != 0 {
			if err == nil {
				t.Fatalf("non-unit %v mod %v got an inverse", a, m)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		ax := new(big.Int).Mul(a, x)
		if ax.Mod(ax, m).Cmp(one) != 0 || x.Sign() < 0 || x.Cmp(m) >= 0 {
			t.Fatalf("a·inverse ≢ 1 for a=%v m=%v", a, m)
		}
	}
}

// TestModularInverseCancelled: an inverse of long operands stops with the
// context's error once the context is done, and modPow passes that error
// on rather than a DOMAIN_ERROR.
func TestModularInverseCancelled(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	m := randomDigits(rng, 20000)
	a := randomDigits(rng, 20000)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := modInverse(ctx, a, m); !errors.Is(err, context.Canceled) {
		t.Fatalf("modInverse under a cancelled context: %v, want context.Canceled", err)
	}
	if _, err := modPow(ctx, a, big.NewInt(-3), m); !errors.Is(err, context.Canceled) {
		t.Fatalf("modPow under a cancelled context: %v, want context.Canceled", err)
	}
}

// TestModularPowerBruteForce compares with repeated multiplication for
// every small case, negative exponents by repeated multiplication of the
// brute-force inverse.
func TestModularPowerBruteForce(t *testing.T) {
	for m := int64(1); m <= 30; m++ {
		for b := int64(-12); b <= 12; b++ {
			for e := int64(-6); e <= 20; e++ {
				base := ((b % m) + m) % m
				if e < 0 {
					base = -1
					for x := int64(0); x < m; x++ {
						if ((b*x-1)%m+m)%m == 0 {
							base = x
							break
						}
					}
				}
				got, err := modPow(context.Background(), big.NewInt(b), big.NewInt(e), big.NewInt(m))
				if base < 0 {
					if err == nil {
						t.Fatalf("%d^%d mod %d: got %v, but %d is not a unit", b, e, m, got, b)
					}
					continue
				}
				want := int64(1) % m
				for k := int64(0); k < abs64(e); k++ {
					want = want * base % m
				}
				if err != nil || got.Int64() != want {
					t.Fatalf("%d^%d mod %d = %v (%v), want %d", b, e, m, got, err, want)
				}
			}
		}
	}
}

// TestModularPowerAgainstReference compares big.Int.Exp with the
// square-and-multiply reference on large random inputs, and checks
// b^(e1+e2) = b^e1·b^e2.
func TestModularPowerAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 100; i++ {
		m := randomInt(rng, 1024)
		m.Add(m, big.NewInt(1))
		b := randomSigned(rng, 1500)
		e1, e2 := randomInt(rng, 300), randomInt(rng, 300)
		got, err := modPow(context.Background(), b, e1, m)
		if err != nil {
			t.Fatal(err)
		}
		if want := squareMultiply(b, e1, m); got.Cmp(want) != 0 {
			t.Fatalf("%v^%v mod %v: %v, reference %v", b, e1, m, got, want)
		}
		p2, _ := modPow(context.Background(), b, e2, m)
		sum, _ := modPow(context.Background(), b, new(big.Int).Add(e1, e2), m)
		if prod := new(big.Int).Mul(got, p2); prod.Mod(prod, m).Cmp(sum) != 0 {
			t.Fatalf("b^(e1+e2) ≠ b^e1·b^e2 mod %v", m)
		}
	}
}
