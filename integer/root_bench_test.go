package integer

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// BenchmarkIntegerRootOperation is the peer row int_integer_root_100000_digits_k5
// through the runtime: parsing, the root, exactness and the postcondition.
func BenchmarkIntegerRootOperation(b *testing.B) {
	rt := newRuntime(b)
	rng := rand.New(rand.NewPCG(100000, 5))
	payload := fmt.Sprintf(`{"n":"%s","k":5}`, randomDigits(rng, 100000))
	b.Run("digits=100000/k=5", func(b *testing.B) {
		for b.Loop() {
			if out := run(b, rt, "integer.compute.integer_root", payload); out.Outcome != core.OutcomeCompleted {
				b.Fatal(out)
			}
		}
	})
}
