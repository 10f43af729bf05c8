package finitefield

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core/modular"
)

// TestPariDiscreteLog checks the operation against testdata/pari_dlog.json,
// written by testdata/gen_pari_dlog.py from PARI/GP 2.15.2 (znlog, fflog).
func TestPariDiscreteLog(t *testing.T) {
	cases := pariReference[struct {
		Request   json.RawMessage `json:"request"`
		Logarithm *string         `json:"logarithm"`
	}](t, "pari_dlog.json", "discrete_logarithm", 50)
	rt := newRuntime(t)
	for i, c := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, dlogID, string(c.Request))
			completed(t, o)
			var r DiscreteLogResult
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			switch {
			case c.Logarithm == nil && (r.Exists || r.Logarithm != nil):
				t.Errorf("%s: logarithm %v, PARI/GP none", c.Request, r.Logarithm)
			case c.Logarithm != nil && (!r.Exists || r.Logarithm == nil || r.Logarithm.String() != *c.Logarithm):
				t.Errorf("%s: logarithm %v (exists %v), PARI/GP %s", c.Request, r.Logarithm, r.Exists, *c.Logarithm)
			}
		})
	}
}

// TestDiscreteLogWordsAgainstGeneric holds the word Pohlig–Hellman to the
// generic one, the reference, on random bases and elements (half of them
// powers of the base) modulo random primes of 3 to 36 bits: the same
// logarithm or the same "none".
func TestDiscreteLogWordsAgainstGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	ctx := context.Background()
	for i := range 80 {
		bitLen := 3 + i%34
		p := modular.RandomPrime(rng, bitLen)
		if p == 2 {
			continue
		}
		F := newGF(new(big.Int).SetUint64(p), 1, nil)
		g := elem{new(big.Int).SetUint64(1 + rng.Uint64N(p-1))}
		h := elem{new(big.Int).SetUint64(1 + rng.Uint64N(p-1))}
		if i%2 == 0 {
			h = F.powRightToLeft(g, new(big.Int).SetUint64(rng.Uint64N(p)))
		}
		n, nf, err := F.order(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		want, err := F.discreteLog(ctx, g, h, n, nf)
		if err != nil {
			t.Fatal(err)
		}
		got, err := F.discreteLogWords(ctx, g, h, n, nf)
		if err != nil {
			t.Fatal(err)
		}
		if (want == nil) != (got == nil) || want != nil && want.Cmp(got) != 0 {
			t.Fatalf("p = %d, log_%v %v: words %v, generic %v", p, g, h, got, want)
		}
	}
}

// TestDiscreteLogWords64 checks the word logarithm modulo 64-bit primes
// (where Montgomery's reduction carries past the word) with smooth p − 1,
// p = 2·∏ r_i + 1 for random primes r_i < 2^16: base^x = element when a
// logarithm is claimed, element^order ≠ 1 otherwise.
func TestDiscreteLogWords64(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 4))
	ctx := context.Background()
	for i := 0; i < 12; {
		pm1 := big.NewInt(2)
		for pm1.BitLen() < 48 {
			pm1.Mul(pm1, new(big.Int).SetUint64(modular.RandomPrime(rng, 16)))
		}
		for pm1.BitLen() < 64 {
			pm1.Mul(pm1, new(big.Int).SetUint64(modular.RandomPrime(rng, 2+rng.IntN(14))))
		}
		p := new(big.Int).Add(pm1, big.NewInt(1))
		if p.BitLen() != 64 || !p.ProbablyPrime(20) {
			continue
		}
		i++
		F := newGF(p, 1, nil)
		g := elem{new(big.Int).Add(randomBelow(rng, pm1), big.NewInt(1))}
		h := elem{new(big.Int).Add(randomBelow(rng, pm1), big.NewInt(1))}
		if i%2 == 0 {
			h = F.powRightToLeft(g, randomBelow(rng, pm1))
		}
		n, nf, err := F.order(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		x, err := F.discreteLogWords(ctx, g, h, n, nf)
		if err != nil {
			t.Fatal(err)
		}
		if x == nil {
			if new(big.Int).Exp(h[0], n, p).Cmp(big.NewInt(1)) == 0 {
				t.Fatalf("p = %v: no logarithm of %v to base %v claimed, but it lies in the subgroup", p, h, g)
			}
			continue
		}
		if x.Cmp(n) >= 0 || new(big.Int).Exp(g[0], x, p).Cmp(h[0]) != 0 {
			t.Fatalf("p = %v: %v^%v ≠ %v", p, g, x, h)
		}
	}
}
