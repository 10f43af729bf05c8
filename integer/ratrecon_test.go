package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// TestRationalReconstructionAgainstEuclid: the half-gcd reconstruction
// agrees with the extended Euclidean reference on seeded moduli from 2 to
// 6000 digits, for residues of small fractions (found), random residues
// (mostly none), and denominators just past the bound.
func TestRationalReconstructionAgainstEuclid(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 92))
	found := 0
	for _, d := range []int{1, 2, 5, 19, 40, 100, 617, 1300, 6000} {
		for i := range 6 {
			m := randomDigits(rng, d)
			m.Add(m, big.NewInt(2))
			var a *big.Int
			b := reconstructionBound(m)
			switch i % 3 {
			case 0:
				a = randomDigits(rng, d)
			case 1, 2:
				// a ≡ p/q with q ≤ B (q = B + 1 when i = 2).
				q := below(rng, b)
				if i == 2 {
					q.Set(b)
				}
				q.Add(q, big.NewInt(1)) // 1 ≤ q ≤ B
				p := below(rng, new(big.Int).Add(b, big.NewInt(1)))
				if rng.IntN(2) == 0 {
					p.Neg(p)
				}
				inv := new(big.Int).ModInverse(q, m)
				if inv == nil {
					continue
				}
				a = inv.Mul(inv, p).Mod(inv, m)
			}
			if rng.IntN(3) == 0 {
				a.Sub(a, new(big.Int).Mul(m, big.NewInt(3)))
			}
			got, gb := rationalReconstruction(a, m)
			want, wb := rationalReconstructionEuclid(a, m)
			if gb.Cmp(wb) != 0 || (got == nil) != (want == nil) || got != nil && got.Cmp(want) != 0 {
				t.Fatalf("%d digits, case %d: %v, the reference %v", d, i, got, want)
			}
			if got != nil {
				found++
			}
		}
	}
	if found < 15 {
		t.Fatalf("only %d reconstructions found", found)
	}
}

// below returns a seeded integer in [0, n), n ≥ 1.
func below(rng *rand.Rand, n *big.Int) *big.Int {
	x := randomInt(rng, n.BitLen()+8)
	return x.Mod(x, n)
}

// TestSqrtFloor compares sqrtFloor with big.Int.Sqrt on squares, their
// neighbours and seeded integers of 0 to 20,000 bits, and sqrtRem's
// remainder with n − s².
func TestSqrtFloor(t *testing.T) {
	rng := rand.New(rand.NewPCG(93, 94))
	for bits := 0; bits < 20_000; bits += 1 + bits/7 {
		x := randomInt(rng, bits+1)
		sq := new(big.Int).Mul(x, x)
		for _, n := range []*big.Int{x, sq, new(big.Int).Add(sq, big.NewInt(1)), new(big.Int).Sub(sq, big.NewInt(1)).Abs(new(big.Int).Sub(sq, big.NewInt(1)))} {
			if got, want := sqrtFloor(n), new(big.Int).Sqrt(n); got.Cmp(want) != 0 {
				t.Fatalf("⌊√n⌋ of a %d-bit n: %v, big.Int.Sqrt %v", n.BitLen(), clipped(got), clipped(want))
			}
			s, r := sqrtRem(n)
			if d := new(big.Int).Sub(n, new(big.Int).Mul(s, s)); d.Cmp(r) != 0 {
				t.Fatalf("the remainder of a %d-bit n is not n − s²", n.BitLen())
			}
		}
	}
}

// TestReconstructionPostconditionCatches: a fraction not in lowest terms,
// whose denominator shares a factor with m, and a wrong residue are
// refused; the right answer passes.
func TestReconstructionPostconditionCatches(t *testing.T) {
	ctx := context.Background()
	m, a := big.NewInt(100), big.NewInt(1)
	raw := func(p, q int64) *core.Rational {
		x := new(big.Rat).SetInt64(1)
		x.Num().SetInt64(p)
		x.Denom().SetInt64(q)
		r := core.Rat(x)
		return &r
	}
	bound := core.Int(reconstructionBound(m))
	// 2·1 ≡ 2 (mod 100), but 2/2 is not in lowest terms and 2 | 100.
	if err := checkReconstruction(ctx, a, m, RationalReconstructionResult{Found: true, Rational: raw(2, 2), Bound: bound}); err == nil {
		t.Error("2/2 accepted")
	}
	if err := checkReconstruction(ctx, a, m, RationalReconstructionResult{Found: true, Rational: raw(2, 3), Bound: bound}); err == nil {
		t.Error("2/3 accepted for 1 mod 100")
	}
	if err := checkReconstruction(ctx, a, m, RationalReconstructionResult{Found: true, Rational: raw(1, 1), Bound: bound}); err != nil {
		t.Errorf("1/1 refused: %v", err)
	}
}

// TestReconstructionCertificate: the run's certificate u (u·p ≡ 1 mod q)
// passes the postcondition with its answer; a tampered certificate, and
// any certificate for a fraction not in lowest terms, are refused.
func TestReconstructionCertificate(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(95, 96))
	op := rationalReconstructionOperation()
	certified := 0
	for _, d := range []int{3, 40, 300, 2000} {
		for range 4 {
			m := randomDigits(rng, d)
			m.Add(m, big.NewInt(2))
			b := reconstructionBound(m)
			q := below(rng, b)
			q.Add(q, big.NewInt(1))
			p := below(rng, new(big.Int).Add(b, big.NewInt(1)))
			inv := new(big.Int).ModInverse(q, m)
			if inv == nil {
				continue
			}
			req := RationalReconstructionRequest{core.Int(inv.Mul(inv, p).Mod(inv, m)), core.Int(m)}
			res, err := op.Run(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Found {
				continue
			}
			if res.inverse == nil {
				t.Fatalf("%d digits: a found rational without its certificate", d)
			}
			certified++
			if err := op.Postcondition(ctx, req, res); err != nil {
				t.Fatalf("%d digits: the run's answer refused: %v", d, err)
			}
			x := res.Rational.Rat()
			if x.Denom().Cmp(big.NewInt(1)) == 0 {
				continue // every u certifies a denominator of 1
			}
			tampered := res
			tampered.inverse = new(big.Int).Add(res.inverse, big.NewInt(1))
			if err := op.Postcondition(ctx, req, tampered); err == nil {
				t.Fatalf("%d digits: a tampered certificate accepted", d)
			}
			// 2p/2q satisfies the congruence whenever p/q does (m odd)
			// but is not in lowest terms: no u can certify it.
			if m.Bit(0) == 1 && x.Denom().Cmp(new(big.Int).Rsh(b, 1)) <= 0 && new(big.Int).Abs(x.Num()).Cmp(new(big.Int).Rsh(b, 1)) <= 0 {
				doubled := new(big.Rat).SetInt64(1)
				doubled.Num().Lsh(x.Num(), 1)
				doubled.Denom().Lsh(x.Denom(), 1)
				v := core.Rat(doubled)
				for _, u := range []*big.Int{res.inverse, new(big.Int).Rsh(res.inverse, 1), big.NewInt(1)} {
					wrong := res
					wrong.Rational, wrong.inverse = &v, u
					if err := op.Postcondition(ctx, req, wrong); err == nil {
						t.Fatalf("%d digits: %s accepted with the certificate %v", d, doubled.RatString(), u)
					}
				}
			}
		}
	}
	if certified < 8 {
		t.Fatalf("only %d certified reconstructions", certified)
	}
}

// TestReconstructionPostconditionBound: the postcondition accepts
// ⌊√(m/2)⌋ and refuses its neighbours.
func TestReconstructionPostconditionBound(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(98, 99))
	for _, d := range []int{1, 3, 30, 300} {
		m := randomDigits(rng, d)
		m.Add(m, big.NewInt(2))
		b := reconstructionBound(m)
		for delta, ok := range map[int64]bool{-1: false, 0: true, 1: false} {
			bb := new(big.Int).Add(b, big.NewInt(delta))
			err := checkReconstruction(ctx, big.NewInt(0), m, RationalReconstructionResult{Found: true, Rational: new(core.Rational), Bound: core.Int(bb)})
			if (err == nil) != ok {
				t.Fatalf("m of %d digits, bound B%+d: error %v", d, delta, err)
			}
		}
	}
	// m = 2B² exactly: B = 7 for m = 98, B = 6 for m = 97.
	for m, b := range map[int64]int64{98: 7, 97: 6, 2: 1, 3: 1, 8: 2, 7: 1} {
		if got := reconstructionBound(big.NewInt(m)).Int64(); got != b {
			t.Fatalf("⌊√(%d/2)⌋ = %d, want %d", m, got, b)
		}
		if err := checkReconstruction(ctx, big.NewInt(0), big.NewInt(m), RationalReconstructionResult{Found: true, Rational: new(core.Rational), Bound: core.Int64(b)}); err != nil {
			t.Fatalf("m = %d: %v", m, err)
		}
	}
}

// TestLowBits compares lowBits with a mask of k ones on seeded x ≥ 0 and
// every k up to three words beyond x's length.
func TestLowBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 73))
	for range 300 {
		x := new(big.Int).Rsh(randomDigits(rng, 1+rng.IntN(60)), uint(rng.IntN(64)))
		for k := uint(0); k <= uint(x.BitLen())+3*64; k++ {
			mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), k), big.NewInt(1))
			if got, want := lowBits(x, k), new(big.Int).And(x, mask); got.Cmp(want) != 0 {
				t.Fatalf("lowBits(%v, %d) = %v, want %v", x, k, got, want)
			}
		}
	}
}
