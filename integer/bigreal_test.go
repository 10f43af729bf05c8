package integer

import (
	"context"
	"fmt"
	"math"
	"math/big"
	mrand "math/rand"
	"math/rand/v2"
	"testing"
)

// TestChudnovskyPiAgainstMachin compares the Chudnovsky series with
// Machin's formula (piFloat) at several precisions.
func TestChudnovskyPiAgainstMachin(t *testing.T) {
	for _, prec := range []uint{53, 200, 1000, 5000} {
		got, want := cachedPi(prec), piFloat(prec+16)
		d := new(big.Float).SetPrec(prec+16).Sub(got, want)
		if d.Sign() != 0 && d.MantExp(nil) > -int(prec)+2 {
			t.Errorf("π to %d bits differs from Machin's by %.3g", prec, d)
		}
	}
}

// TestExpFloat checks exp against math.Exp and exp(x)·exp(y) = exp(x + y)
// at 3000 bits for x, y up to 10^6.
func TestExpFloat(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 22))
	for range 50 {
		x := rng.Float64() * math.Pow(2, float64(rng.IntN(20)-8))
		e, _ := expFloat(ctx, big.NewFloat(x), 60)
		got, _ := e.Float64()
		if want := math.Exp(x); math.Abs(got-want) > 4e-16*want {
			t.Fatalf("exp(%g) = %g, math.Exp gives %g", x, got, want)
		}
	}
	const prec = 3000
	for range 10 {
		// Dyadic x and y, so that x + y is exact and exp alone errs.
		x := new(big.Float).SetMantExp(big.NewFloat(float64(rng.IntN(1e9))), -10-rng.IntN(20))
		y := new(big.Float).SetMantExp(big.NewFloat(float64(rng.IntN(1e9))), -10-rng.IntN(20))
		xy := new(big.Float).SetPrec(prec).Add(x, y)
		ex, _ := expFloat(ctx, x, prec)
		ey, _ := expFloat(ctx, y, prec)
		lhs := new(big.Float).SetPrec(prec).Mul(ex, ey)
		rhs, _ := expFloat(ctx, xy, prec)
		d := new(big.Float).SetPrec(prec).Sub(lhs, rhs)
		d.Quo(d, rhs)
		if d.Sign() != 0 && d.MantExp(nil) > -prec+8 {
			t.Fatalf("exp(x)exp(y)/exp(x + y) − 1 = %.3g at %d bits", d, prec)
		}
	}
}

// TestCosPiFraction checks cos(πa/b) against math.Cos, and cos² + sin² = 1
// (sin(πa/b) = cos(π(b − 2a)/(2b))) at 2000 bits.
func TestCosPiFraction(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	fixedToFloat := func(c *big.Int, w uint) float64 {
		f, _ := new(big.Float).SetMantExp(new(big.Float).SetInt(c), -int(w)).Float64()
		return f
	}
	piFix := func(w uint) *big.Int {
		p, _ := new(big.Float).SetMantExp(cachedPi(w+cosGuardBits(w)+16), int(w+cosGuardBits(w))).Int(nil)
		return p
	}
	p60 := piFix(60)
	for range 200 {
		b := int64(1 + rng.IntN(1000))
		a := int64(rng.IntN(5000)) - 2500
		got := fixedToFloat(cosPiFraction(a, b, 60, p60), 60)
		r := (a%(2*b) + 2*b) % (2 * b) // math.Cos is accurate on [0, 2π)
		if want := math.Cos(math.Pi * float64(r) / float64(b)); math.Abs(got-want) > 1e-14 {
			t.Fatalf("cos(π·%d/%d) = %g, math.Cos gives %g", a, b, got, want)
		}
		if c64 := cosPi64(a+10*b, b); math.Abs(c64-got) > 1e-14 {
			t.Fatalf("cosPi64(%d, %d) = %g, cosPiFraction gives %g", a+10*b, b, c64, got)
		}
	}
	const w = 2000
	pw := piFix(w)
	for range 20 {
		b := int64(1 + rng.IntN(10000))
		a := int64(rng.IntN(int(b)))
		c := cosPiFraction(a, b, w, pw)
		s := cosPiFraction(b-2*a, 2*b, w, pw)
		sum := new(big.Int).Add(new(big.Int).Mul(c, c), new(big.Int).Mul(s, s))
		sum.Sub(sum, fixedOne(2*w))
		if sum.CmpAbs(fixedOne(w+8)) > 0 {
			t.Fatalf("cos² + sin² − 1 = %v·2^(−%d) at π·%d/%d", sum, 2*w, a, b)
		}
	}
}

// piFloat is π to prec bits by Machin's formula
// π = 16·arctan(1/5) − 4·arctan(1/239).
func piFloat(prec uint) *big.Float {
	wp := prec + 32
	p := new(big.Float).SetPrec(wp).Mul(arctanInv(5, wp), new(big.Float).SetInt64(16))
	p.Sub(p, new(big.Float).SetPrec(wp).Mul(arctanInv(239, wp), new(big.Float).SetInt64(4)))
	return new(big.Float).SetPrec(prec).Set(p)
}

// arctanInv is arctan(1/x) = Σ (−1)^k / ((2k + 1)·x^(2k+1)).
func arctanInv(x int64, prec uint) *big.Float {
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(prec))
	pow := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1), new(big.Float).SetInt64(x)) // 1/x^(2k+1)
	x2 := new(big.Float).SetPrec(prec).SetInt64(x * x)
	sum := new(big.Float).SetPrec(prec)
	for k := int64(0); ; k++ {
		t := new(big.Float).SetPrec(prec).Quo(pow, new(big.Float).SetInt64(2*k+1))
		if k%2 == 0 {
			sum.Add(sum, t)
		} else {
			sum.Sub(sum, t)
		}
		if t.Cmp(eps) < 0 {
			return sum
		}
		pow.Quo(pow, x2)
	}
}

// BenchmarkExpCos times expFloat and cosPiFraction on either side of
// rectangularFrom, at the precisions of the partition series' terms.
func BenchmarkExpCos(b *testing.B) {
	for _, w := range []uint{128, 512, 1024, 3700} {
		x := new(big.Float).SetPrec(w).SetFloat64(2565.0 / 3)
		b.Run(fmt.Sprintf("exp/w=%d", w), func(b *testing.B) {
			for b.Loop() {
				expFloat(context.Background(), x, w)
			}
		})
		g := cosGuardBits(w)
		piFix, _ := new(big.Float).SetMantExp(cachedPi(w+g+8), int(w+g)).Int(nil)
		b.Run(fmt.Sprintf("cos/w=%d", w), func(b *testing.B) {
			for b.Loop() {
				cosPiFraction(7, 30, w, piFix)
			}
		})
	}
}

// TestFixedSeriesAgainstHorner compares the rectangular splitting of
// fixedSeries with term-by-term summation, for the series of exp and of
// (1 − cos t)/(t²/2), on seeded random arguments of either sign.
func TestFixedSeriesAgainstHorner(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	divisors := map[string]func(int64) int64{
		"exp": func(i int64) int64 { return i },
		"cos": func(i int64) int64 { return (2*i + 1) * (2*i + 2) },
	}
	for name, d := range divisors {
		for _, w := range []uint{64, 700, 1600, 5000} {
			for range 10 {
				// |y| ≤ 1/2 at w bits, shrunk by a random number of bits.
				y := new(big.Int).Rand(rng2big(rng), fixedOne(w-1))
				y.Rsh(y, uint(rng.IntN(40)))
				if rng.IntN(2) == 0 {
					y.Neg(y)
				}
				want, term, tmp := fixedOne(w), fixedOne(w), new(big.Int)
				for j := int64(1); term.Sign() != 0; j++ {
					tmp.Mul(term, y)
					term.Rsh(tmp, w)
					term.Quo(term, big.NewInt(d(j)))
					want.Add(want, term)
				}
				got := fixedSeries(y, w, d)
				if diff := new(big.Int).Sub(got, want); diff.CmpAbs(big.NewInt(1<<12)) > 0 {
					t.Fatalf("%s series at %d bits: rectangular and term by term differ by %v units", name, w, diff)
				}
			}
		}
	}
}

// rng2big adapts a math/rand/v2 generator to big.Int.Rand.
func rng2big(rng *rand.Rand) *mrand.Rand { return mrand.New(mrand.NewSource(rng.Int64())) }
