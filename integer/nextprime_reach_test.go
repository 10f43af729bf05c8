package integer

import (
	"fmt"
	"math/big"
	"testing"

	"jacobian.dev/core/primality"
)

// TestNextPrimeProofReach: a prime above nextPrimeProofBits comes back
// probable and without a certificate, in both directions, and passes an
// independent Miller–Rabin test (math/big, 20 bases); one of 100 bits
// comes back proven with a certificate that re-verifies.
func TestNextPrimeProofReach(t *testing.T) {
	rt := newRuntime(t)
	big600 := new(big.Int).Lsh(big.NewInt(1), 600)
	for _, dir := range []string{"next", "previous"} {
		var r NextPrimeResult
		runValue(t, rt, "integer.compute.next_prime", fmt.Sprintf(`{"n":"%s","direction":"%s"}`, big600, dir), &r)
		p := r.Prime.Big()
		if r.Primality != Probable || r.Certificate != nil {
			t.Errorf("%s prime of 2^600: %s with %d certificate steps, want probable without", dir, r.Primality, len(r.Certificate))
		}
		if !p.ProbablyPrime(20) || (dir == "next") != (p.Cmp(big600) > 0) {
			t.Errorf("%s prime of 2^600: %v", dir, p)
		}
	}
	n := new(big.Int).Lsh(big.NewInt(1), 100)
	var r NextPrimeResult
	runValue(t, rt, "integer.compute.next_prime", fmt.Sprintf(`{"n":"%s"}`, n), &r)
	if r.Prime.Big().Cmp(primality.DeterministicBound) < 0 {
		t.Fatalf("2^100's next prime below the deterministic bound")
	}
	if r.Primality != Proven || r.Certificate == nil {
		t.Fatalf("next prime after 2^100: %s, %d certificate steps", r.Primality, len(r.Certificate))
	}
	recheck(t, r.Prime.Big(), r.Certificate)
}
