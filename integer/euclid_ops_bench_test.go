package integer

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// BenchmarkEuclidOpsPipeline times jacobi, continued_fraction (terms
// alone) and rational_reconstruction through core.Runtime.Run (decoding,
// preflight, run, postcondition, encoding) on random operands of the
// sizes PARI/GP's kronecker, contfrac and bestappr(Mod(a, m)) were timed
// on.
func BenchmarkEuclidOpsPipeline(b *testing.B) {
	rt := newRuntime(b)
	for _, d := range []int{200, 2000, 10_000} {
		rng := rand.New(rand.NewPCG(95, uint64(d)))
		x, y := randomDigits(rng, d), randomDigits(rng, d)
		odd := new(big.Int).SetBit(y, 0, 1)
		// a ≡ p/q (mod m) with p, q of a third of m's digits.
		m := randomDigits(rng, d)
		p, q := randomDigits(rng, d/3), randomDigits(rng, d/3)
		for new(big.Int).GCD(nil, nil, q, m).Cmp(big.NewInt(1)) != 0 {
			q.Add(q, big.NewInt(1))
		}
		a := new(big.Int).ModInverse(q, m)
		a.Mul(a, p).Mod(a, m)
		cases := []struct{ id, payload string }{
			{"integer.compute.jacobi", fmt.Sprintf(`{"a":"%v","n":"%v"}`, x, odd)},
			{"integer.compute.continued_fraction", fmt.Sprintf(`{"value":"%v/%v"}`, x, y)},
			{"integer.compute.rational_reconstruction", fmt.Sprintf(`{"value":"%v","modulus":"%v"}`, a, m)},
		}
		for _, c := range cases {
			b.Run(fmt.Sprintf("%s/digits=%d", c.id[len("integer.compute."):], d), func(b *testing.B) {
				for b.Loop() {
					if o := run(b, rt, c.id, c.payload); o.Outcome != core.OutcomeCompleted {
						b.Fatal(o.Outcome, o.Message)
					}
				}
			})
		}
	}
}
