package bignum

import (
	"context"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// randomWords returns a nonnegative integer of exactly n words (top word
// nonzero) for n > 0, drawn from rng; with allOnes every word is 2^64 − 1.
func randomWords(rng *rand.Rand, n int, allOnes bool) *big.Int {
	w := make([]big.Word, n)
	for i := range w {
		if allOnes {
			w[i] = ^big.Word(0)
		} else {
			w[i] = big.Word(rng.Uint64())
		}
	}
	if n > 0 && w[n-1] == 0 {
		w[n-1] = 1
	}
	return new(big.Int).SetBits(w)
}

// edgeSizes are word counts around every power of two up to max: 0, 1,
// 2^k − 1, 2^k, 2^k + 1.
func edgeSizes(max int) []int {
	sizes := []int{0, 1, 2, 3}
	for k := 2; 1<<k <= max; k++ {
		sizes = append(sizes, 1<<k-1, 1<<k, 1<<k+1)
	}
	return sizes
}

// TestTransformProduct compares the transform product with big.Int.Mul at
// every size around powers of two, including all-ones words, where every
// convolution coefficient takes its largest value.
func TestTransformProduct(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	max := 1 << 12
	if testing.Short() {
		max = 1 << 9
	}
	for _, n := range edgeSizes(max) {
		if n == 0 {
			continue
		}
		for _, m := range []int{1, n/2 + 1, n} {
			for _, ones := range []bool{false, true} {
				x, y := randomWords(rng, n, ones), randomWords(rng, m, ones)
				want := new(big.Int).Mul(x, y)
				got := new(big.Int).SetBits(nttMul(x.Bits(), y.Bits(), false))
				if got.Cmp(want) != 0 {
					t.Fatalf("%d×%d words (all ones %v): transform product differs from big.Int.Mul", n, m, ones)
				}
				sq := new(big.Int).SetBits(nttMul(x.Bits(), x.Bits(), true))
				if sq.Cmp(new(big.Int).Mul(x, x)) != 0 {
					t.Fatalf("%d words (all ones %v): transform square differs from big.Int.Mul", n, ones)
				}
			}
		}
	}
}

// TestMul checks Mul and Sqr against big.Int.Mul across the crossover,
// with signs, zero, and aliasing of the result with an operand.
func TestMul(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 1))
	sizes := []int{0, 1, 2, mulThreshold - 1, mulThreshold, mulThreshold + 1, 2*mulThreshold + 1}
	for _, n := range sizes {
		for _, m := range sizes {
			x, y := randomWords(rng, n, false), randomWords(rng, m, n == m)
			for _, sx := range []int{1, -1} {
				for _, sy := range []int{1, -1} {
					a := new(big.Int).Mul(x, big.NewInt(int64(sx)))
					b := new(big.Int).Mul(y, big.NewInt(int64(sy)))
					want := new(big.Int).Mul(a, b)
					if got := Mul(new(big.Int), a, b); got.Cmp(want) != 0 {
						t.Fatalf("Mul of %d·%d and %d·%d words differs from big.Int.Mul", sx, n, sy, m)
					}
					z := new(big.Int).Set(a)
					if Mul(z, z, b); z.Cmp(want) != 0 {
						t.Fatalf("Mul into its first operand (%d×%d words) is wrong", n, m)
					}
					z.Set(b)
					if Mul(z, a, z); z.Cmp(want) != 0 {
						t.Fatalf("Mul into its second operand (%d×%d words) is wrong", n, m)
					}
				}
			}
			sq := new(big.Int).Mul(x, x)
			if got := Sqr(new(big.Int), new(big.Int).Neg(x)); got.Cmp(sq) != 0 {
				t.Fatalf("Sqr of %d words differs from big.Int.Mul", n)
			}
			if got := Mul(new(big.Int), x, x); got.Cmp(sq) != 0 {
				t.Fatalf("Mul(x, x) of %d words differs from big.Int.Mul", n)
			}
		}
	}
}

// TestMulCancel checks that a cancelled context stops a transform product
// and leaves z alone.
func TestMulCancel(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	x := randomWords(rng, 2*mulThreshold, false)
	z := big.NewInt(7)
	if _, err := MulContext(ctx, z, x, x); err != context.Canceled || z.Int64() != 7 {
		t.Fatalf("MulContext on a cancelled context: err = %v, z = %v", err, z)
	}
}

// TestTransformPieceSizes runs the transform product with every piece size
// from 64 bits to the largest the coefficient bound allows, on all-ones
// operands (every coefficient at its largest) and random ones, against
// big.Int.Mul.
func TestTransformPieceSizes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	for _, n := range []int{1, 2, 3, 5, 64, 255, 1000, 3001} {
		for _, m := range []int{1, n/3 + 1, n} {
			for _, ones := range []bool{false, true} {
				x, y := randomWords(rng, n, ones), randomWords(rng, m, ones)
				want := new(big.Int).Mul(x, y)
				xb, yb := x.BitLen(), y.BitLen()
				for b := 64; ; b++ {
					nx, ny := (xb+b-1)/b, (yb+b-1)/b
					if 2*b > 185-bits.Len(uint(min(nx, ny))) {
						break
					}
					logn, three := transformShape(nx + ny - 1)
					if !three && logn == 0 {
						logn = 1
					}
					p, _ := nttMulShape(context.Background(), x.Bits(), y.Bits(), false, pieceShape{b, logn, three})
					if new(big.Int).SetBits(p).Cmp(want) != 0 {
						t.Fatalf("%d×%d words (all ones %v), %d-bit pieces: transform product differs from big.Int.Mul", n, m, ones, b)
					}
				}
			}
		}
	}
}

// TestTransformLong covers transforms of splitTransforms points and more,
// which run prime by prime with split transforms (nttMulLong) when
// GOMAXPROCS > 1 and as jobs otherwise: go test -cpu 1,2 runs both.
func TestTransformLong(t *testing.T) {
	if testing.Short() {
		t.Skip("products of 10^6 digits")
	}
	rng := rand.New(rand.NewPCG(5, 1))
	for _, nm := range [][2]int{{24_000, 24_000}, {40_000, 9_000}} {
		for _, ones := range []bool{false, true} {
			x, y := randomWords(rng, nm[0], ones), randomWords(rng, nm[1], ones)
			if sh := productShape(x.BitLen(), y.BitLen()); sh.length() < splitTransforms {
				t.Fatalf("%d×%d words: transform of %d points, below splitTransforms", nm[0], nm[1], sh.length())
			}
			if got := new(big.Int).SetBits(nttMul(x.Bits(), y.Bits(), false)); got.Cmp(new(big.Int).Mul(x, y)) != 0 {
				t.Fatalf("%d×%d words (all ones %v): transform product differs from big.Int.Mul", nm[0], nm[1], ones)
			}
			if got := new(big.Int).SetBits(nttMul(x.Bits(), x.Bits(), true)); got.Cmp(new(big.Int).Mul(x, x)) != 0 {
				t.Fatalf("%d words (all ones %v): transform square differs from big.Int.Mul", nm[0], ones)
			}
		}
	}
}

// TestMulUnbalanced checks Mul against big.Int.Mul on unbalanced operands
// on both sides of transformCheaper's decision, with signs.
func TestMulUnbalanced(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	for _, mn := range [][2]int{{3400, 1800}, {2500, 1200}, {5191, 1000}, {2047, unbalancedThreshold}, {2047, unbalancedThreshold - 1}, {20000, 1000}} {
		x, y := randomWords(rng, mn[0], false), randomWords(rng, mn[1], mn[1]%2 == 0)
		y.Neg(y)
		want := new(big.Int).Mul(x, y)
		if got := Mul(new(big.Int), x, y); got.Cmp(want) != 0 {
			t.Fatalf("%d×%d words: Mul differs from big.Int.Mul", mn[0], mn[1])
		}
		if got := Mul(new(big.Int), y, x); got.Cmp(want) != 0 {
			t.Fatalf("%d×%d words: Mul differs from big.Int.Mul", mn[1], mn[0])
		}
	}
}
