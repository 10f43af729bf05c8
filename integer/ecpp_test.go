package integer

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

func TestECPPQuick(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, bits := range []int{100, 128, 256, 512} {
		p := randomPrime(rng, bits)
		t0 := time.Now()
		steps, err := newECPPProver(context.Background()).prove(p)
		d := time.Since(t0)
		if err != nil || steps == nil {
			t.Fatalf("%d bits: %v %v", bits, steps, err)
		}
		t1 := time.Now()
		if err := verifyECPP(p, steps); err != nil {
			t.Fatalf("%d bits: %v", bits, err)
		}
		t.Logf("%d bits: %d steps, prove %v check %v", bits, len(steps), d, time.Since(t1))
	}
}
