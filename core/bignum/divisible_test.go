package bignum

import (
	"jacobian.dev/core/modular"
	"math/big"
	"math/rand/v2"
	"testing"
)

// randomMagnitude returns a random integer of up to words words, with
// runs of all-ones and zero words, which carries and borrows reach.
func randomMagnitude(rng *rand.Rand, words int) *big.Int {
	w := make([]big.Word, rng.IntN(words+1))
	for i := range w {
		switch rng.IntN(4) {
		case 0:
			w[i] = ^big.Word(0)
		case 1:
		default:
			w[i] = big.Word(rng.Uint64())
		}
	}
	return new(big.Int).SetBits(w)
}

// TestDivisible holds Divisible to big.Int.Rem on random pairs, exact
// multiples and multiples off by a little, with odd and even divisors and
// either sign.
func TestDivisible(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 4))
	for i := range 20000 {
		m := randomMagnitude(rng, 12)
		if rng.IntN(3) == 0 {
			m.Lsh(m, uint(rng.IntN(130)))
		}
		var d *big.Int
		switch i % 3 {
		case 0:
			d = randomMagnitude(rng, 30)
		case 1:
			d = new(big.Int).Mul(m, randomMagnitude(rng, 14))
		default:
			d = new(big.Int).Mul(m, randomMagnitude(rng, 14))
			d.Add(d, big.NewInt(rng.Int64N(5)-2))
		}
		if rng.IntN(2) == 0 {
			d.Neg(d)
		}
		if rng.IntN(2) == 0 {
			m.Neg(m)
		}
		want := d.Sign() == 0
		if m.Sign() != 0 {
			want = new(big.Int).Rem(d, m).Sign() == 0
		}
		if got := Divisible(d, m); got != want {
			t.Fatalf("Divisible(%v, %v) = %v, want %v", d, m, got, want)
		}
	}
}

// TestSubMulWords holds the platform's subMulWords to subMulGo.
func TestSubMulWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 5))
	for range 5000 {
		x := randomMagnitude(rng, 20).Bits()
		if len(x) == 0 {
			continue
		}
		z := make([]big.Word, len(x)+rng.IntN(3))
		copy(z, randomMagnitude(rng, len(z)).Bits())
		y := rng.Uint64()
		if rng.IntN(4) == 0 {
			y = ^uint64(0)
		}
		z2 := append([]big.Word(nil), z...)
		c1, c2 := subMulWords(z, x, y), subMulGo(z2, x, y)
		if c1 != c2 {
			t.Fatalf("carry %d, want %d", c1, c2)
		}
		for i := range z {
			if z[i] != z2[i] {
				t.Fatalf("word %d: %x, want %x", i, z[i], z2[i])
			}
		}
	}
}

func TestWordInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 6))
	for range 1000 {
		m := rng.Uint64() | 1
		if m*modular.WordInverse(m) != 1 {
			t.Fatalf("wordInverse(%d) is wrong", m)
		}
	}
}
