package integer

import (
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// TestResultConstruction holds every declaration whose results of integers
// of a word are published unvalidated, as valid by construction, to the
// general validator of its result schema (core.CheckResultConstruction),
// and requires nth_prime among them, so that the check cannot go silently
// empty.
func TestResultConstruction(t *testing.T) {
	r := core.NewRegistry()
	if err := Register(r); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 11))
	n := 0
	for _, d := range r.Declarations() {
		if core.ResultValidByConstruction(d) {
			n++
		}
		if err := core.CheckResultConstruction(d, rng); err != nil {
			t.Error(err)
		}
	}
	t.Logf("%d of %d declarations publish results of words valid by construction", n, len(r.Declarations()))
	d, _ := r.Lookup("integer.compute.nth_prime")
	if !core.ResultValidByConstruction(d) {
		t.Error("nth_prime's results are not valid by construction")
	}
}
