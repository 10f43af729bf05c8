package matrix

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"jacobian.dev/core"
)

// distinctDenominators is an n×n matrix of 1/q with q distinct random odd
// integers of the given number of digits.
func distinctDenominators(rng *rand.Rand, n, digits int) core.Matrix {
	m := make(core.Matrix, n)
	for i := range m {
		m[i] = make([]core.Rational, n)
		for j := range m[i] {
			var b strings.Builder
			b.WriteByte(byte('1' + rng.IntN(9)))
			for range digits - 2 {
				b.WriteByte(byte('0' + rng.IntN(10)))
			}
			b.WriteByte(byte('1' + 2*rng.IntN(5)))
			q, _ := new(big.Int).SetString(b.String(), 10)
			m[i][j] = core.Rat(new(big.Rat).SetFrac(big.NewInt(1), q))
		}
	}
	return m
}

// The estimate refuses what the review found dangerous (a common
// denominator of hundreds of thousands of bits) and accepts every integer
// matrix the dimension and entry limits admit.
func TestScaledBitsBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ints := make(core.Matrix, MaxCharpolyDimension)
	big1000, _ := new(big.Int).SetString("9"+strings.Repeat("7", MaxEntryDigits-1), 10)
	for i := range ints {
		ints[i] = make([]core.Rational, MaxCharpolyDimension)
		for j := range ints[i] {
			ints[i][j] = core.Rat(new(big.Rat).SetInt(big1000))
		}
	}
	if err := checkScaledBits(ints, true); err != nil {
		t.Errorf("a %d×%d integer matrix of %d-digit entries was refused: %v", MaxCharpolyDimension, MaxCharpolyDimension, MaxEntryDigits, err)
	}
	if err := checkScaledBits(ints, false); err != nil {
		t.Errorf("row-wise: a %d×%d integer matrix of %d-digit entries was refused: %v", MaxCharpolyDimension, MaxCharpolyDimension, MaxEntryDigits, err)
	}
	for _, c := range []struct {
		n, digits int
		common    bool
	}{{200, 20, true}, {20, 1000, true}, {60, 1000, true}, {200, 60, false}, {60, 1000, false}} {
		m := distinctDenominators(rng, c.n, c.digits)
		err := checkScaledBits(m, c.common)
		var o *core.Refusal
		if err == nil || !errors.As(err, &o) {
			t.Errorf("%d×%d with distinct %d-digit denominators (common %v): got %v, want a refusal", c.n, c.n, c.digits, c.common, err)
		}
	}
	// Small rational matrices, the common case, pass: the lcm of small
	// denominators stays small.
	small := distinctDenominators(rng, 4, 3)
	if err := checkScaledBits(small, true); err != nil {
		t.Errorf("a 4×4 matrix with 3-digit denominators was refused: %v", err)
	}
	// Clearing 1/q row by row gives entries of at least q's bits.
	if e := scaledBits(small, false); e < 4*4*9 {
		t.Errorf("row-wise estimate %d bits for 16 entries of at least 9 bits", e)
	}
}

// Building B and bounding its coefficients stop on cancellation.
func TestCharpolyStopsWhenCancelled(t *testing.T) {
	m := distinctDenominators(rand.New(rand.NewPCG(7, 8)), 30, 40)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := charpoly(ctx, m); !errors.Is(err, context.Canceled) {
		t.Errorf("charpoly under a cancelled context: %v, want context.Canceled", err)
	}
	if _, err := hadamardBits(ctx, [][]*big.Int{{big.NewInt(1)}}); !errors.Is(err, context.Canceled) {
		t.Errorf("hadamardBits under a cancelled context: %v, want context.Canceled", err)
	}
}
