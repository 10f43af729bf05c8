package bignum

import (
	"context"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomBits returns a random integer of exactly n bits (0 for n = 0).
func randomBits(rng *rand.Rand, n int) *big.Int {
	if n == 0 {
		return new(big.Int)
	}
	x := randomWords(rng, (n+63)/64, false)
	x.Rsh(x, uint(64*len(x.Bits())-n))
	return x.SetBit(x, n-1, 1)
}

// checkReduction verifies that (m, x, y) is a reduction of (a, b) at s:
// nonnegative entries, determinant 1, (a, b) = M·(x, y), x, y ≥ 2^s and
// |x − y| < 2^s.
func checkReduction(t *testing.T, a, b *big.Int, m *matrix, x, y *big.Int, s int) {
	t.Helper()
	for _, e := range []*big.Int{m.m00, m.m01, m.m10, m.m11} {
		if e.Sign() < 0 {
			t.Fatalf("negative matrix entry")
		}
	}
	det := new(big.Int).Mul(m.m00, m.m11)
	det.Sub(det, new(big.Int).Mul(m.m01, m.m10))
	if det.Cmp(big.NewInt(1)) != 0 {
		t.Fatalf("determinant %v, want 1", det)
	}
	ra := new(big.Int).Mul(m.m00, x)
	ra.Add(ra, new(big.Int).Mul(m.m01, y))
	rb := new(big.Int).Mul(m.m10, x)
	rb.Add(rb, new(big.Int).Mul(m.m11, y))
	if ra.Cmp(a) != 0 || rb.Cmp(b) != 0 {
		t.Fatalf("M·(x, y) ≠ (a, b)")
	}
	if x.BitLen() <= s || y.BitLen() <= s {
		t.Fatalf("reduced pair fell below 2^%d", s)
	}
	if d := new(big.Int).Sub(x, y); d.BitLen() > s {
		t.Fatalf("pair of %d and %d bits not fully reduced at %d", x.BitLen(), y.BitLen(), s)
	}
}

// TestHGCD checks the reduction invariants of hgcd and of its Lehmer base
// case on random pairs of sizes on both sides of hgcdThreshold, and that
// the reduction roughly halves the numbers.
func TestHGCD(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	sizes := []int{3, 10, 63, 64, 65, 127, 128, 200, 1000, hgcdThreshold - 1, hgcdThreshold, hgcdThreshold + 1, 3 * hgcdThreshold, 10 * hgcdThreshold}
	for _, n := range sizes {
		for trial := range 6 {
			a := randomBits(rng, n)
			b := randomBits(rng, n-rng.IntN(min(n, 8)))
			if trial == 1 {
				// Agreeing top halves: no reduction may be possible.
				b = new(big.Int).Add(a, randomBits(rng, n/2))
			}
			s := max(a.BitLen(), b.BitLen())/2 + 1
			m, x, y, ok, err := hgcd(context.Background(), a, b, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				if reducible(a, b, s) {
					t.Fatalf("n=%d: hgcd declined a reducible pair", n)
				}
				continue
			}
			checkReduction(t, a, b, m, x, y, s)
			if reducible(a, b, s) {
				lm, lx, ly := lehmer(a, b, s, nil)
				checkReduction(t, a, b, lm, lx, ly, s)
			}
		}
	}
}

// gcdCases returns operand pairs of about n bits covering the edge cases:
// random, a shared factor, equal, zero, one dividing the other, negative,
// all-ones words, and coprime consecutive integers.
func gcdCases(rng *rand.Rand, n int) [][2]*big.Int {
	a, b := randomBits(rng, n), randomBits(rng, n)
	f := randomBits(rng, n/3+1)
	fa := new(big.Int).Mul(f, randomBits(rng, n-n/3))
	fb := new(big.Int).Mul(f, randomBits(rng, max(0, n-n/3-5)))
	ones := randomWords(rng, (n+63)/64, true)
	return [][2]*big.Int{
		{a, b},
		{fa, fb},
		{a, new(big.Int).Set(a)},
		{a, new(big.Int)},
		{new(big.Int), b},
		{new(big.Int).Mul(a, randomBits(rng, n/2+1)), a},
		{new(big.Int).Neg(fa), fb},
		{fa, new(big.Int).Neg(fb)},
		{new(big.Int).Neg(a), new(big.Int).Neg(b)},
		{ones, new(big.Int).Rsh(ones, 64)},
		{a, new(big.Int).Add(a, big.NewInt(1))},
		{a, randomBits(rng, n/5+1)},
	}
}

func gcdSizes() []int {
	sizes := []int{0, 1, 2, 63, 64, 65, 1000, gcdThreshold - 1, gcdThreshold, gcdThreshold + 1}
	if !testing.Short() {
		sizes = append(sizes, 2*gcdThreshold+1, 5*gcdThreshold)
	}
	return sizes
}

// TestGCD compares GCD with big.Int.GCD across the crossover.
func TestGCD(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 1))
	for _, n := range gcdSizes() {
		for i, c := range gcdCases(rng, n) {
			want := new(big.Int).GCD(nil, nil, new(big.Int).Abs(c[0]), new(big.Int).Abs(c[1]))
			x, y := new(big.Int).Set(c[0]), new(big.Int).Set(c[1])
			if got := GCD(new(big.Int), c[0], c[1]); got.Cmp(want) != 0 {
				t.Fatalf("n=%d case %d: GCD differs from big.Int.GCD", n, i)
			}
			if x.Cmp(c[0]) != 0 || y.Cmp(c[1]) != 0 {
				t.Fatalf("n=%d case %d: GCD modified its operands", n, i)
			}
			z := new(big.Int).Set(c[0])
			if GCD(z, z, c[1]); z.Cmp(want) != 0 {
				t.Fatalf("n=%d case %d: GCD into its operand is wrong", n, i)
			}
		}
	}
}

// TestGCDExt checks the Bézout identity, the canonical range of s, and the
// gcd against big.Int.GCD, whose own pair, brought to the canonical form,
// must agree.
func TestGCDExt(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 1))
	for _, n := range gcdSizes() {
		for i, c := range gcdCases(rng, n) {
			x, y := c[0], c[1]
			g, s, tt := GCDExt(x, y)
			var bs, bt big.Int
			want := new(big.Int).GCD(&bs, &bt, x, y)
			if g.Cmp(want) != 0 {
				t.Fatalf("n=%d case %d: gcd differs from big.Int.GCD", n, i)
			}
			lhs := new(big.Int).Mul(s, x)
			lhs.Add(lhs, new(big.Int).Mul(tt, y))
			if lhs.Cmp(g) != 0 {
				t.Fatalf("n=%d case %d: s·x + t·y ≠ g", n, i)
			}
			if y.Sign() == 0 {
				if s.Cmp(big.NewInt(int64(x.Sign()))) != 0 || tt.Sign() != 0 {
					t.Fatalf("n=%d case %d: y = 0 but (s, t) = (%v, %v)", n, i, s, tt)
				}
				continue
			}
			period := new(big.Int).Quo(new(big.Int).Abs(y), g)
			if s.Sign() < 0 || s.Cmp(period) >= 0 {
				t.Fatalf("n=%d case %d: s outside [0, |y|/g)", n, i)
			}
			if bs.Mod(&bs, period).Cmp(s) != 0 {
				t.Fatalf("n=%d case %d: s differs from big.Int.GCD's cofactor modulo |y|/g", n, i)
			}
		}
	}
}

// TestGCDBezout checks GCDBezoutContext's pair by the Bézout identity and
// its gcd against big.Int.GCD.
func TestGCDBezout(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	for _, n := range gcdSizes() {
		for i, c := range gcdCases(rng, n) {
			x, y := c[0], c[1]
			g, s, tt, err := GCDBezoutContext(context.Background(), x, y)
			if err != nil {
				t.Fatal(err)
			}
			if want := new(big.Int).GCD(nil, nil, x, y); g.Cmp(want) != 0 {
				t.Fatalf("n=%d case %d: gcd differs from big.Int.GCD", n, i)
			}
			lhs := new(big.Int).Mul(s, x)
			lhs.Add(lhs, new(big.Int).Mul(tt, y))
			if lhs.Cmp(g) != 0 {
				t.Fatalf("n=%d case %d: s·x + t·y ≠ g", n, i)
			}
		}
	}
}

// TestGCDCancel checks that a cancelled context stops a large gcd.
func TestGCDCancel(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a, b := randomBits(rng, 4*gcdThreshold), randomBits(rng, 4*gcdThreshold)
	if _, err := GCDContext(ctx, new(big.Int), a, b); err != context.Canceled {
		t.Fatalf("GCDContext on a cancelled context: err = %v", err)
	}
	if _, _, _, err := GCDExtContext(ctx, a, b); err != context.Canceled {
		t.Fatalf("GCDExtContext on a cancelled context: err = %v", err)
	}
}

// TestSubMulPairAgainstGo: subMulPair is subMulPairGo on seeded random
// words and matrices of the sizes Lehmer's passes make (entries below
// 2^31 and 2^62, and the extremes 0, 1 and 2^62 − 1), on lengths 1 to
// 40: the results agree word for word even where they wrap, since both
// compute modulo 2^(64·len(x)), and are (a·x − b·y, c·y − d·x) modulo
// that power by math/big.
func TestSubMulPairAgainstGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	entry := func() uint64 {
		switch rng.IntN(5) {
		case 0:
			return uint64(rng.IntN(2))
		case 1:
			return 1<<62 - 1
		case 2:
			return rng.Uint64() >> 33
		}
		return rng.Uint64() >> 2
	}
	for n := 1; n <= 40; n++ {
		for range 50 {
			x, y := make([]big.Word, n), make([]big.Word, n)
			for i := range x {
				x[i], y[i] = big.Word(rng.Uint64()), big.Word(rng.Uint64())
				if rng.IntN(8) == 0 {
					x[i] = ^big.Word(0)
				}
			}
			a, b, c, d := entry(), entry(), entry(), entry()
			wx, wy := append([]big.Word(nil), x...), append([]big.Word(nil), y...)
			subMulPairGo(wx, wy, a, b, c, d)
			gx, gy := append([]big.Word(nil), x...), append([]big.Word(nil), y...)
			subMulPair(gx, gy, a, b, c, d)
			if !slices.Equal(gx, wx) || !slices.Equal(gy, wy) {
				t.Fatalf("n = %d, (a, b, c, d) = (%d, %d, %d, %d): subMulPair differs from subMulPairGo", n, a, b, c, d)
			}
			mod := new(big.Int).Lsh(big.NewInt(1), uint(64*n))
			X, Y := new(big.Int).SetBits(append([]big.Word(nil), x...)), new(big.Int).SetBits(append([]big.Word(nil), y...))
			ex := new(big.Int).Mul(new(big.Int).SetUint64(a), X)
			ex.Sub(ex, new(big.Int).Mul(new(big.Int).SetUint64(b), Y)).Mod(ex, mod)
			ey := new(big.Int).Mul(new(big.Int).SetUint64(c), Y)
			ey.Sub(ey, new(big.Int).Mul(new(big.Int).SetUint64(d), X)).Mod(ey, mod)
			if new(big.Int).SetBits(gx).Cmp(ex) != 0 || new(big.Int).SetBits(gy).Cmp(ey) != 0 {
				t.Fatalf("n = %d: subMulPair is not (a·x − b·y, c·y − d·x) mod 2^(64n)", n)
			}
		}
	}
}

// TestAddMulPairAgainstGo: AddMulPair is addMulPairGo, and (w0·u + w2·v,
// w1·u + w3·v) by math/big, on seeded random rows of 1 to 40 words whose
// top words are zero and matrices with entries below 2^62, 0 and 1
// among them.
func TestAddMulPairAgainstGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	entry := func() uint64 {
		switch rng.IntN(4) {
		case 0:
			return uint64(rng.IntN(2))
		case 1:
			return 1<<62 - 1
		}
		return rng.Uint64() >> 2
	}
	for n := 1; n <= 40; n++ {
		for range 50 {
			u, v := make([]big.Word, n), make([]big.Word, n)
			for i := range n - 1 {
				u[i], v[i] = big.Word(rng.Uint64()), big.Word(rng.Uint64())
				if rng.IntN(8) == 0 {
					u[i] = ^big.Word(0)
				}
			}
			w := [4]uint64{entry(), entry(), entry(), entry()}
			wu, wv := append([]big.Word(nil), u...), append([]big.Word(nil), v...)
			addMulPairGo(wu, wv, w)
			gu, gv := append([]big.Word(nil), u...), append([]big.Word(nil), v...)
			AddMulPair(gu, gv, w)
			if !slices.Equal(gu, wu) || !slices.Equal(gv, wv) {
				t.Fatalf("n = %d, w = %v: AddMulPair differs from addMulPairGo", n, w)
			}
			U, V := new(big.Int).SetBits(append([]big.Word(nil), u...)), new(big.Int).SetBits(append([]big.Word(nil), v...))
			eu := new(big.Int).Mul(new(big.Int).SetUint64(w[0]), U)
			eu.Add(eu, new(big.Int).Mul(new(big.Int).SetUint64(w[2]), V))
			ev := new(big.Int).Mul(new(big.Int).SetUint64(w[1]), U)
			ev.Add(ev, new(big.Int).Mul(new(big.Int).SetUint64(w[3]), V))
			if new(big.Int).SetBits(gu).Cmp(eu) != 0 || new(big.Int).SetBits(gv).Cmp(ev) != 0 {
				t.Fatalf("n = %d: AddMulPair is not (w0·u + w2·v, w1·u + w3·v)", n)
			}
		}
	}
}
