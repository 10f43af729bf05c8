package finitefield

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestPariPolyArithmetic checks the operation against
// testdata/pari_polyarith.json, written by testdata/gen_pari_polyarith.py
// from PARI/GP 2.15.2 (A*B, divrem, gcdext made monic, Mod(A, B)^e).
func TestPariPolyArithmetic(t *testing.T) {
	cases := pariReference[struct {
		Request json.RawMessage            `json:"request"`
		Result  map[string]json.RawMessage `json:"result"`
	}](t, "pari_polyarith.json", "polynomial_arithmetic", 50)
	rt := newRuntime(t)
	for i, c := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, polyArithID, string(c.Request))
			completed(t, o)
			var r map[string]json.RawMessage
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			for name, want := range c.Result {
				var got struct {
					Coefficients json.RawMessage `json:"coefficients"`
				}
				if err := json.Unmarshal(r[name], &got); err != nil {
					t.Fatalf("%s: %v in %s", name, err, o.Value)
				}
				if compactJSON(t, got.Coefficients) != compactJSON(t, want) {
					t.Errorf("%s: %s: got %s, PARI/GP %s", c.Request, name, got.Coefficients, want)
				}
			}
		})
	}
}

// TestPolyRingWordsAgainstGeneric holds the core/gfpoly path to the
// generic arithmetic, the reference, on random operands over word-size
// prime fields, every operation, degrees past the transform and half-gcd
// crossovers included.
func TestPolyRingWordsAgainstGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	ctx := context.Background()
	primes := []uint64{2, 3, 10007, 998244353, 1<<61 - 1, 1<<63 - 25, 1<<64 - 59}
	ops := []PolyOp{PolyAdd, PolySubtract, PolyMultiply, PolyDivide, PolyGCD, PolyExtendedGCD, PolyPowerMod}
	for i := range 140 {
		p := primes[i%len(primes)]
		F := newGF(new(big.Int).SetUint64(p), 1, nil)
		op := ops[(i/len(primes))%len(ops)]
		n := 1 + rng.IntN(40)
		if i%9 == 0 {
			n = 300 + rng.IntN(400)
		}
		a, b := randomPoly(rng, F, n), randomPoly(rng, F, 1+rng.IntN(n))
		if rng.IntN(2) == 0 {
			c := randomPoly(rng, F, 1+rng.IntN(5))
			a, b = F.pmul(a, c), F.pmul(b, c)
		}
		e := randomBelow(rng, new(big.Int).Lsh(big.NewInt(1), 70))
		fast, err := F.ring(true).compute(ctx, op, a, b, e)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := F.ring(false).compute(ctx, op, a, b, e)
		if err != nil {
			t.Fatal(err)
		}
		for name, want := range ref {
			if !polyEqual(fast[name], want) {
				t.Fatalf("GF(%d) %s, degrees %d and %d: %s differs", p, op, deg(a), deg(b), name)
			}
		}
		if len(fast) != len(ref) {
			t.Fatalf("%s: %d results against %d", op, len(fast), len(ref))
		}
	}
}
