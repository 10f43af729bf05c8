package integer

import (
	"context"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/core/bignum"
)

// notPowerByValuations is the reference of notPowerByDigits, on the
// binary value m ≥ 2: v_2(m) = 1, or v_p(m) = 1 for an odd prime p ≤ 47,
// found by division; when 2^64 divides m, false, as the low word alone
// cannot tell.
func notPowerByValuations(m *big.Int) bool {
	tz := m.TrailingZeroBits()
	if tz >= 64 {
		return false
	}
	if tz == 1 {
		return true
	}
	for _, p := range smallOddPrimes {
		pb := big.NewInt(int64(p))
		if new(big.Int).Mod(m, pb).Sign() == 0 && new(big.Int).Mod(m, pb.Mul(pb, pb)).Sign() != 0 {
			return true
		}
	}
	return false
}

// TestNotPowerByDigits checks lowWord and residue against math/big's
// remainders and notPowerByDigits against notPowerByValuations, on
// seeded integers of 1 to 2,500 digits, either sign, times powers of 2
// and of the primes to 47 (so that every valuation of 0 to 3 occurs, and
// 2^64 | m), and perfect powers, for which it must never say "no power";
// where it does say so, largestPower finds exponent 1.
func TestNotPowerByDigits(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 19))
	answered := 0
	for i := range 3000 {
		m := randomDigits(rng, 1+rng.IntN(2500))
		if m.Sign() == 0 {
			continue
		}
		switch rng.IntN(4) {
		case 0:
			m.Lsh(m, uint(rng.IntN(70)))
		case 1:
			p := big.NewInt(int64(smallOddPrimes[rng.IntN(len(smallOddPrimes))]))
			m.Mul(m, p.Exp(p, big.NewInt(int64(rng.IntN(4))), nil))
		case 2:
			m.Exp(m, big.NewInt(int64(2+rng.IntN(6))), nil)
		}
		if m.Cmp(big.NewInt(2)) < 0 {
			continue
		}
		digits := m.String()
		chunks := bignum.DecimalChunks(nil, digits)
		if low := lowWord(chunks); low != new(big.Int).And(m, new(big.Int).SetUint64(1<<64-1)).Uint64() {
			t.Fatalf("%d digits: n mod 2^64 = %d", len(digits), low)
		}
		for _, d := range digitModuli {
			if r, want := d.residue(chunks), new(big.Int).Mod(m, new(big.Int).SetUint64(d.m)).Uint64(); r != want {
				t.Fatalf("%d digits: n mod %d = %d, want %d", len(digits), d.m, r, want)
			}
		}
		if i%2 == 1 {
			digits = "-" + digits
		}
		got := notPowerByDigits(digits)
		if want := notPowerByValuations(m); got != want {
			t.Fatalf("notPowerByDigits of %d digits = %v, want %v", len(digits), got, want)
		}
		if got {
			answered++
			if _, k, err := largestPower(context.Background(), m); err != nil || k != 1 {
				t.Fatalf("notPowerByDigits ruled out a %d-th power", k)
			}
		}
	}
	if answered < 1000 {
		t.Fatalf("only %d of the integers were answered from their digits", answered)
	}
}

// TestPerfectPowerFromText runs perfect_power through the runtime on long
// integers, which the quick pass keeps as text, against the binary path
// (perfectPower): non-powers answered from the digits, and powers and
// non-powers that the digits leave open, converted.
func TestPerfectPowerFromText(t *testing.T) {
	reg, err := core.NewRegistryWith(Register)
	if err != nil {
		t.Fatal(err)
	}
	rt := core.NewRuntime(reg, core.RuntimeOptions{})
	rng := rand.New(rand.NewPCG(3, 30))
	for i := range 60 {
		n := randomDigits(rng, 20+rng.IntN(1980))
		switch i % 3 {
		case 1:
			n.Exp(randomDigits(rng, 20), big.NewInt(int64(2+rng.IntN(9))), nil)
		case 2:
			n.Mul(n, n).Lsh(n, 64) // 2^64 divides it: the digits leave it open
		}
		if i%2 == 1 && n.Bit(0) == 1 {
			n.Neg(n)
		}
		if len(strings.TrimPrefix(n.String(), "-")) > MaxPerfectPowerDigits {
			continue
		}
		out := rt.Run(context.Background(), core.RunRequest{CapabilityID: "integer.compute.perfect_power", Payload: json.RawMessage(`{"n":"` + n.String() + `"}`)})
		if out.Outcome != core.OutcomeCompleted {
			t.Fatalf("%s %s: %s", out.Outcome, out.Code, out.Message)
		}
		want, err := perfectPower(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.Marshal(want)
		if string(out.Value) != string(wantJSON) {
			t.Fatalf("n of %d digits: %s, want %s", len(n.String()), out.Value, wantJSON)
		}
	}
}
