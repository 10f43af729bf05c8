package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"

	"jacobian.dev/core"
	"jacobian.dev/core/bignum"
)

// ExtendedGCDResult holds g = gcd(a, b) ≥ 0 and Bézout coefficients x, y
// with a·x + b·y = g.
type ExtendedGCDResult struct {
	GCD core.Integer `json:"gcd"`
	X   core.Integer `json:"x"`
	Y   core.Integer `json:"y"`
}

// extendedGCDOperation computes Bézout coefficients with bignum.GCDExt:
// below 2^16 bits (about 19,700 digits) math/big's extended Lehmer
// algorithm (big.Int.GCD with cofactors; Knuth, TAOCP vol. 2, §4.5.2,
// Algorithm X and exercise 18), above it Möller's half-gcd reduction
// following the cofactor of a (Math. Comp. 77, 2008); the pair it returns is
// then moved into the canonical box below.
//
// Canonical answer (the pair PARI/GP's gcdext returns): among all solutions
// of a·x + b·y = g, the unique one with |x| ≤ |b|/(2g) and |y| ≤ |a|/(2g),
// except in the degenerate cases where that box is too small:
//
//	a = b = 0:      (x, y) = (0, 0), g = 0
//	b = 0:          (sign a, 0)
//	a = 0 or |a| = |b|: (0, sign b)
//
// Uniqueness: solutions differ by multiples of (b/g, −a/g); two of them in
// the box would need |b/g| = 2, and then their y differ by the odd a/g, so
// only one has |y| ≤ |a|/(2g).
func extendedGCDOperation() core.Operation[PairRequest, ExtendedGCDResult] {
	return core.Operation[PairRequest, ExtendedGCDResult]{
		ID:              "integer.compute.extended_gcd",
		Title:           "Extended greatest common divisor (Bézout coefficients)",
		Summary:         "Greatest common divisor g of two integers with the minimal Bézout coefficients x, y such that a·x + b·y = g.",
		Keywords:        []string{"extended gcd", "egcd", "xgcd", "gcdext", "bezout", "bézout coefficients", "extended euclid"},
		Kind:            core.Compute,
		Effect:          core.Pure,
		InputKinds:      []string{"integer"},
		Limits:          []core.Limit{digitLimit()},
		Preflight:       preflightPair,
		RefusalExamples: pairRefusals,
		Run: func(ctx context.Context, q PairRequest) (ExtendedGCDResult, error) {
			g, x, y, err := extendedGCD(ctx, q.Left.Big(), q.Right.Big())
			if err != nil {
				return ExtendedGCDResult{}, err
			}
			return ExtendedGCDResult{core.Int(g), core.Int(x), core.Int(y)}, nil
		},
		Postcondition: func(ctx context.Context, q PairRequest, r ExtendedGCDResult) error {
			return checkBezout(q.Left.Big(), q.Right.Big(), r.GCD.Big(), r.X.Big(), r.Y.Big())
		},
		Examples: []core.Example{
			{Title: "240 and 46", Payload: json.RawMessage(`{"left":"240","right":"46"}`), Result: json.RawMessage(`{"gcd":"2","x":"-9","y":"47"}`)},
			{Title: "negative operand", Payload: json.RawMessage(`{"left":"-4","right":"6"}`), Result: json.RawMessage(`{"gcd":"2","x":"1","y":"1"}`)},
			{Title: "one operand zero", Payload: json.RawMessage(`{"left":"0","right":"-5"}`), Result: json.RawMessage(`{"gcd":"5","x":"0","y":"-1"}`)},
		},
		Generate: randomPair,
	}
}

// extendedGCD returns g = gcd(a, b) and the canonical Bézout pair.
func extendedGCD(ctx context.Context, a, b *big.Int) (g, x, y *big.Int, err error) {
	g, x, y, err = bignum.GCDExtContext(ctx, a, b)
	if err != nil {
		return nil, nil, nil, err
	}
	if b.Sign() != 0 && g.Sign() != 0 {
		x, y = minimalPair(a, b, g, x)
	}
	// The degenerate cases are pinned here so the canonical form does not
	// rest on the algorithm's internals.
	switch {
	case g.Sign() == 0:
		x.SetInt64(0)
		y.SetInt64(0)
	case b.Sign() == 0:
		x.SetInt64(int64(a.Sign()))
		y.SetInt64(0)
	case a.Sign() == 0 || a.CmpAbs(b) == 0:
		x.SetInt64(0)
		y.SetInt64(int64(b.Sign()))
	}
	return g, x, y, nil
}

// minimalPair moves the cofactor x of a (0 ≤ x < |b|/g, as bignum.GCDExt
// returns it) to the solution with |x| ≤ |b|/(2g), taking of the two tied
// candidates when |b|/g is even the one with |y| ≤ |a|/(2g), and returns it
// with its y = (g − a·x)/b.
func minimalPair(a, b, g, x *big.Int) (*big.Int, *big.Int) {
	period := new(big.Int).Quo(new(big.Int).Abs(b), g)
	cofactor := func(x *big.Int) *big.Int {
		y := bignum.Mul(new(big.Int), a, x)
		y.Sub(g, y)
		return y.Quo(y, b)
	}
	twice := new(big.Int).Lsh(x, 1)
	switch twice.Cmp(period) {
	case 1:
		x = new(big.Int).Sub(x, period)
	case 0:
		y := cofactor(x)
		bound := new(big.Int).Quo(new(big.Int).Abs(a), g)
		if new(big.Int).Lsh(y, 1).CmpAbs(bound) > 0 {
			x = new(big.Int).Sub(x, period)
		}
	}
	return x, cofactor(x)
}

// checkBezout verifies a·x + b·y = g, that g divides a and b (so g is the
// gcd, being also a combination of them), and the canonical bounds.
func checkBezout(a, b, g, x, y *big.Int) error {
	if g.Sign() < 0 {
		return fmt.Errorf("negative gcd %v", g)
	}
	sum := bignum.Mul(new(big.Int), a, x)
	sum.Add(sum, bignum.Mul(new(big.Int), b, y))
	if sum.Cmp(g) != 0 {
		return fmt.Errorf("a·x + b·y = %v, not g = %v", sum, g)
	}
	if g.Sign() == 0 {
		if a.Sign() != 0 || b.Sign() != 0 || x.Sign() != 0 || y.Sign() != 0 {
			return fmt.Errorf("g = 0 needs a = b = x = y = 0")
		}
		return nil
	}
	if new(big.Int).Rem(a, g).Sign() != 0 || new(big.Int).Rem(b, g).Sign() != 0 {
		return fmt.Errorf("g = %v does not divide both operands", g)
	}
	var wantX, wantY int
	switch {
	case b.Sign() == 0:
		wantX, wantY = a.Sign(), 0
	case a.Sign() == 0 || a.CmpAbs(b) == 0:
		wantX, wantY = 0, b.Sign()
	default:
		// 2g·|x| ≤ |b| and 2g·|y| ≤ |a|.
		twoG := new(big.Int).Lsh(g, 1)
		if bignum.Mul(new(big.Int), twoG, x).CmpAbs(b) > 0 || bignum.Mul(new(big.Int), twoG, y).CmpAbs(a) > 0 {
			return fmt.Errorf("coefficients (%v, %v) are not the minimal pair", x, y)
		}
		return nil
	}
	if x.Cmp(big.NewInt(int64(wantX))) != 0 || y.Cmp(big.NewInt(int64(wantY))) != 0 {
		return fmt.Errorf("degenerate case wants (x, y) = (%d, %d), got (%v, %v)", wantX, wantY, x, y)
	}
	return nil
}
