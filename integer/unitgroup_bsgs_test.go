package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestBSGSAgainstTrial: baby-step giant-step finds the least d with
// γ^d ≡ h for γ of prime order q modulo a prime n (q | n − 1), matching
// a trial of every exponent, and reports none for h outside ⟨γ⟩.
func TestBSGSAgainstTrial(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(12, 34))
	for range 200 {
		// n = 2·q·s + 1 prime, q prime of 5 to 14 bits.
		var n, q *big.Int
		for {
			q = randomPrime(rng, 5+rng.IntN(10))
			s := big.NewInt(int64(1 + rng.IntN(1000)))
			n = new(big.Int).Mul(q, s)
			n.Lsh(n, 1).Add(n, big.NewInt(1))
			if n.ProbablyPrime(20) {
				break
			}
		}
		cof := new(big.Int).Quo(new(big.Int).Sub(n, big.NewInt(1)), q)
		var gamma *big.Int
		for {
			gamma = new(big.Int).Exp(new(big.Int).Add(randBelowBig(rng, new(big.Int).Sub(n, big.NewInt(2))), big.NewInt(2)), cof, n)
			if gamma.Cmp(big.NewInt(1)) != 0 {
				break
			}
		}
		d := randBelowBig(rng, q)
		h := new(big.Int).Exp(gamma, d, n)
		got, ok, err := bsgs(ctx, gamma, h, n, q)
		if err != nil || !ok {
			t.Fatalf("n = %v, q = %v: no logarithm found (%v)", n, q, err)
		}
		want := new(big.Int)
		for x := big.NewInt(1); x.Cmp(h) != 0; x.Mul(x, gamma).Mod(x, n) {
			want.Add(want, big.NewInt(1))
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("n = %v, q = %v: bsgs %v, trial %v", n, q, got, want)
		}
		// An element of order ≠ q: a generator's square root class, when
		// n − 1 has another prime; h = −1 has order 2 ≠ q.
		if _, ok, _ := bsgs(ctx, gamma, new(big.Int).Sub(n, big.NewInt(1)), n, q); ok {
			t.Fatalf("n = %v, q = %v: −1 found in the subgroup of order q", n, q)
		}
	}
}

func randBelowBig(rng *rand.Rand, n *big.Int) *big.Int {
	return new(big.Int).SetUint64(rng.Uint64N(n.Uint64()))
}

// TestBSGSWordsAgainstBSGS: the two-word baby-step giant-step agrees with
// bsgs, the math/big one, on γ of prime order q modulo primes n of 20 to
// 127 bits (q of 5 to 24 bits), for h inside ⟨γ⟩ and for h = −1 outside
// it, and declines even moduli and moduli from 2^127 on.
func TestBSGSWordsAgainstBSGS(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(56, 78))
	var scratch bsgsScratch // shared, as across one logarithm's subgroups
	for trial := range 150 {
		// n = 2·q·s + 1 prime, q and s prime, up to 127 bits.
		q := randomPrime(rng, 5+rng.IntN(20))
		var n *big.Int
		for {
			s := randomPrime(rng, 14+rng.IntN(113-q.BitLen()))
			n = new(big.Int).Mul(q, s)
			n.Lsh(n, 1).Add(n, big.NewInt(1))
			if n.BitLen() <= 127 && n.ProbablyPrime(20) {
				break
			}
		}
		cof := new(big.Int).Quo(new(big.Int).Sub(n, big.NewInt(1)), q)
		var gamma *big.Int
		for x := big.NewInt(2); ; x.Add(x, big.NewInt(1)) {
			if gamma = new(big.Int).Exp(x, cof, n); gamma.Cmp(big.NewInt(1)) != 0 {
				break
			}
		}
		h := new(big.Int).Exp(gamma, randomInt(rng, q.BitLen()+8), n)
		if trial%5 == 0 {
			h = new(big.Int).Sub(n, big.NewInt(1))
		}
		want, wantOK, err := bsgs(ctx, gamma, h, n, q)
		if err != nil {
			t.Fatal(err)
		}
		got, gotOK, words, err := bsgsWords(ctx, gamma, h, n, q, &scratch)
		if err != nil || !words {
			t.Fatalf("n = %v: bsgsWords declined (%v)", n, err)
		}
		if gotOK != wantOK || (wantOK && got.Cmp(want) != 0) {
			t.Fatalf("n = %v, q = %v, h = %v: bsgsWords %v %v, bsgs %v %v", n, q, h, got, gotOK, want, wantOK)
		}
	}
	for _, n := range []*big.Int{big.NewInt(22), new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 127), big.NewInt(1))} {
		if _, _, words, _ := bsgsWords(ctx, big.NewInt(3), big.NewInt(9), n, big.NewInt(5), &scratch); words {
			t.Errorf("bsgsWords took the modulus %v", n)
		}
	}
}

// BenchmarkBSGSWords: one logarithm in the subgroup of order q ≈ 2^30 of
// a 92-bit prime, the shape of the int_discrete_log_92_bits row.
func BenchmarkBSGSWords(b *testing.B) {
	rng := rand.New(rand.NewPCG(92, 30))
	var n, q *big.Int
	for {
		q = randomPrime(rng, 30)
		n = new(big.Int).Mul(q, randomPrime(rng, 61))
		n.Lsh(n, 1).Add(n, big.NewInt(1))
		if n.ProbablyPrime(20) {
			break
		}
	}
	gamma := new(big.Int).Exp(big.NewInt(3), new(big.Int).Quo(new(big.Int).Sub(n, big.NewInt(1)), q), n)
	h := new(big.Int).Exp(gamma, randomInt(rng, 40), n)
	var scratch bsgsScratch
	for b.Loop() {
		if _, ok, _, err := bsgsWords(context.Background(), gamma, h, n, q, &scratch); !ok || err != nil {
			b.Fatal("no logarithm")
		}
	}
}
