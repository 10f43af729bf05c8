package primality

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// randOdd is a random odd integer of exactly b bits.
func randOdd(rng *rand.Rand, b int) *big.Int {
	x := randBits(rng, b)
	return x.SetBit(x, b-1, 1).SetBit(x, 0, 1)
}

// randBits is a random integer below 2^b.
func randBits(rng *rand.Rand, b int) *big.Int {
	x := new(big.Int)
	for range (b + 63) / 64 {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
	}
	return x.Rsh(x, uint(64*((b+63)/64)-b))
}

// randPrime is a random probable prime of b bits (math/big's test).
func randPrime(rng *rand.Rand, b int) *big.Int {
	for {
		if p := randOdd(rng, b); p.ProbablyPrime(1) {
			return p
		}
	}
}

// TestMontgomeryMul: mul is x·y·R⁻¹ mod m, checked with math/big, for
// moduli of 2 to maxMontWords words, operands at the edges included.
func TestMontgomeryMul(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 1))
	for k := 2; k <= maxMontWords; k++ {
		for range 20 {
			m := randOdd(rng, 64*k-rng.IntN(64))
			mg := newMontgomery(m)
			rinv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), uint(64*k)), m)
			mm1 := new(big.Int).Sub(m, big.NewInt(1))
			for i := range 10 {
				x, y := randBits(rng, m.BitLen()+8), randBits(rng, m.BitLen()+8)
				x.Mod(x, m)
				y.Mod(y, m)
				switch i {
				case 0:
					x.Set(mm1)
					y.Set(mm1)
				case 1:
					x.SetInt64(0)
				}
				z := make([]uint64, k)
				mg.mul(z, words(x, k), words(y, k))
				want := new(big.Int).Mul(x, y)
				want.Mul(want, rinv).Mod(want, m)
				if got := fromWords(z); got.Cmp(want) != 0 {
					t.Fatalf("%d words: %v·%v·R⁻¹ mod %v = %v, want %v", k, x, y, m, got, want)
				}
			}
		}
	}
}

func fromWords(w []uint64) *big.Int {
	z := new(big.Int)
	for i := len(w) - 1; i >= 0; i-- {
		z.Lsh(z, 64).Or(z, new(big.Int).SetUint64(w[i]))
	}
	return z
}

// lucasReference is the almost extra strong Lucas test of bpsw.go in
// math/big arithmetic, one reduction a step, for odd n > 43 with no
// factor up to 41.
func lucasReference(n *big.Int) bool {
	var p int64
	for p = 3; ; p++ {
		j := big.Jacobi(big.NewInt(p*p-4), n)
		if j == -1 {
			break
		}
		if j == 0 {
			return n.Cmp(big.NewInt(p+2)) == 0
		}
		if r := new(big.Int).Sqrt(n); r.Mul(r, r).Cmp(n) == 0 {
			return false
		}
	}
	P := big.NewInt(p)
	s := new(big.Int).Add(n, big.NewInt(1))
	r := s.TrailingZeroBits()
	s.Rsh(s, r)
	vk, vk1 := big.NewInt(2), new(big.Int).Set(P)
	for i := s.BitLen() - 1; i >= 0; i-- {
		if s.Bit(i) != 0 {
			vk.Mul(vk, vk1).Sub(vk, P).Mod(vk, n)
			vk1.Mul(vk1, vk1).Sub(vk1, big.NewInt(2)).Mod(vk1, n)
		} else {
			vk1.Mul(vk, vk1).Sub(vk1, P).Mod(vk1, n)
			vk.Mul(vk, vk).Sub(vk, big.NewInt(2)).Mod(vk, n)
		}
	}
	nm2 := new(big.Int).Sub(n, big.NewInt(2))
	if vk.Cmp(big.NewInt(2)) == 0 || vk.Cmp(nm2) == 0 {
		u := new(big.Int).Mul(P, vk)
		u.Sub(u, new(big.Int).Lsh(vk1, 1)).Mod(u, n)
		if u.Sign() == 0 {
			return true
		}
	}
	for t := uint(0); t+1 < r; t++ {
		if vk.Sign() == 0 {
			return true
		}
		vk.Mul(vk, vk).Sub(vk, big.NewInt(2)).Mod(vk, n)
	}
	return false
}

// TestBPSWAgainstMathBig: on random odd n of 65 to 565 bits and a few of
// 2048 (the largest montgomery takes), primes, products of two primes,
// squares of primes and others, with no factor up to 41, the base-2 round
// agrees with MillerRabinWitness, the Lucas round with lucasReference, and
// both together with math/big's ProbablyPrime(0), the same Baillie–PSW
// test.
func TestBPSWAgainstMathBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 2))
	primes := 0
	for i := range 400 {
		b := 65 + rng.IntN(500)
		if i%50 == 0 {
			b = 64*maxMontWords - rng.IntN(64)
		}
		var n *big.Int
		switch i % 4 {
		case 0:
			n = randPrime(rng, b)
		case 1:
			n = new(big.Int).Mul(randPrime(rng, b/2), randPrime(rng, b-b/2))
		case 2:
			p := randPrime(rng, (b+1)/2)
			n = new(big.Int).Mul(p, p)
		default:
			n = randOdd(rng, b)
		}
		if n.BitLen() <= 64 || smallFactor(n) {
			continue
		}
		t.Run(fmt.Sprintf("case=%d/bits=%d", i, n.BitLen()), func(t *testing.T) {
			mg := newMontgomery(n)
			sp := strongProbablePrime2(mg, n)
			if sp == MillerRabinWitness(n, big.NewInt(2)) {
				t.Fatalf("%v: strong probable prime to base 2 %v, MillerRabinWitness disagrees", n, sp)
			}
			lp := lucasProbablePrime(mg, n)
			if lp != lucasReference(n) {
				t.Fatalf("%v: Lucas probable prime %v, the reference disagrees", n, lp)
			}
			if (sp && lp) != n.ProbablyPrime(0) {
				t.Fatalf("%v: Baillie–PSW %v, ProbablyPrime(0) disagrees", n, sp && lp)
			}
		})
		if n.ProbablyPrime(0) {
			primes++
		}
	}
	if primes < 70 {
		t.Errorf("only %d primes among the cases", primes)
	}
}

func smallFactor(n *big.Int) bool {
	for _, p := range DeterministicBases {
		if new(big.Int).Mod(n, big.NewInt(p)).Sign() == 0 {
			return true
		}
	}
	return false
}

// BenchmarkTest: Baillie–PSW on primes of 333 bits (100 digits) and 1024
// bits, where Test runs bpsw.go's Montgomery rounds, beside math/big's
// ProbablyPrime(0), the same test.
func BenchmarkTest(b *testing.B) {
	for _, bits := range []int{333, 1024} {
		p := randPrime(rand.New(rand.NewPCG(41, uint64(bits))), bits)
		b.Run(fmt.Sprintf("bits=%d/Test", bits), func(b *testing.B) {
			for b.Loop() {
				Test(p)
			}
		})
		b.Run(fmt.Sprintf("bits=%d/ProbablyPrime0", bits), func(b *testing.B) {
			for b.Loop() {
				p.ProbablyPrime(0)
			}
		})
	}
}

// TestJacobiSmallAgainstMathBig: jacobiSmall is big.Jacobi for every d
// of the Lucas test's search (p² − 4, p < 1000) and random d below 2^32,
// modulo random odd n of 65 to 700 bits, multiples of d among them; and
// jacobi64 is big.Jacobi on all odd n < 200 and a < 2n.
func TestJacobiSmallAgainstMathBig(t *testing.T) {
	for n := uint64(1); n < 200; n += 2 {
		for a := range 2 * n {
			want := big.Jacobi(new(big.Int).SetUint64(a), new(big.Int).SetUint64(n))
			if got := jacobi64(a, n); got != want {
				t.Fatalf("jacobi64(%d, %d) = %d, want %d", a, n, got, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(43, 44))
	for i := range 3000 {
		n := randOdd(rng, 65+rng.IntN(636))
		d := uint64(rng.Uint32()>>rng.IntN(32)) + 1
		if p := uint64(3 + i%997); i%2 == 0 {
			d = p*p - 4
		}
		if i%10 == 0 { // a multiple of d, or of a factor of it
			f := new(big.Int).SetUint64(d / (1 + uint64(rng.IntN(3))))
			if f.Bit(0) == 0 {
				f.Add(f, big.NewInt(1))
			}
			n.Mul(n, f)
		}
		want := big.Jacobi(new(big.Int).SetUint64(d), n)
		if got := jacobiSmall(d, n, uint64(n.Bits()[0])&7); got != want {
			t.Fatalf("jacobiSmall(%d, %v) = %d, want %d", d, n, got, want)
		}
	}
}
