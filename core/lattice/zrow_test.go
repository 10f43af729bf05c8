package lattice

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// randEntry is a random integer of up to 130 bits, often near the word
// boundaries 2^31, 2^62 and 2^63, often zero or ±1.
func randEntry(rng *rand.Rand) *big.Int {
	var x *big.Int
	switch rng.IntN(6) {
	case 0:
		x = big.NewInt(rng.Int64N(3) - 1)
	case 1:
		x = big.NewInt(rng.Int64N(1 << 31))
	case 2:
		x = new(big.Int).Lsh(big.NewInt(1), uint(60+rng.IntN(5)))
		x.Sub(x, big.NewInt(rng.Int64N(3)))
	default:
		x = randBits(rng, uint(1+rng.IntN(130)))
	}
	if rng.IntN(2) == 0 {
		x.Neg(x)
	}
	return x
}

// TestZrowMatchesBig applies seeded random row operations r ← r − X·v to
// rows of mixed word, two-word and big entries, and compares each result,
// its float64 approximation and the exact dot product with big.Int
// arithmetic on the same rows.
func TestZrowMatchesBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var tmp, t2 big.Int
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.IntN(8)
		u, v := make([]*big.Int, n), make([]*big.Int, n)
		for c := range n {
			u[c], v[c] = randEntry(rng), randEntry(rng)
		}
		ru, rv := zrowOf(u), zrowOf(v)
		for step := 0; step < 20; step++ {
			var x float64
			switch rng.IntN(3) {
			case 0:
				x = float64(rng.IntN(3)*2 - 2 + 1) // ±1, 3 or −1
			case 1:
				x = float64(rng.Int64N(1<<40) - 1<<39)
			default:
				x = math.Ldexp(float64(rng.Int64N(1<<52)+1), rng.IntN(40))
			}
			if x == 0 {
				x = 1
			}
			X, _ := big.NewFloat(x).Int(nil)
			ru.subMul(&rv, X, x, &tmp, &t2)
			for c := range u {
				u[c].Sub(u[c], new(big.Int).Mul(X, v[c]))
			}
			got := ru.ints()
			for c := range u {
				if got[c].Cmp(u[c]) != 0 {
					t.Fatalf("trial %d step %d: entry %d is %s, want %s", trial, step, c, got[c], u[c])
				}
			}
			for c := range u {
				want, _ := new(big.Float).SetInt(u[c]).Float64()
				if got := ru.approx(c); math.Abs(got-want) > math.Abs(want)*0x1p-51 {
					t.Fatalf("trial %d step %d: entry %d approximated by %g, want %g", trial, step, c, got, want)
				}
			}
			if d := dotZ(ru, rv); d.Cmp(dot(u, v)) != 0 {
				t.Fatalf("trial %d step %d: dot %s, want %s", trial, step, d, dot(u, v))
			}
			if step%5 == 4 {
				ru, rv = rv, ru
				u, v = v, u
			}
		}
	}
}
