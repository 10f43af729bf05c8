package conformance

import (
	"context"
	"testing"

	"jacobian.dev/core"
)

// TestSoundDomain: a correct domain passes every clause; the only skip is
// the cancellation clause of the one operation without a Slow payload.
func TestSoundDomain(t *testing.T) {
	reg, err := core.NewRegistryWith(registerSound)
	if err != nil {
		t.Fatal(err)
	}
	rep := Check(context.Background(), reg, Options{Seed: 7})
	if got, want := len(rep.Results), reg.Len()*len(clauses); got != want {
		t.Fatalf("%d results, want one per declaration and clause (%d)", got, want)
	}
	for _, r := range rep.Results {
		wantSkip := r.CapabilityID == "sound.mean.compute" && r.Clause == "cancellation"
		switch {
		case r.Status == Fail:
			t.Errorf("%s/%s failed: %s", r.CapabilityID, r.Clause, r.Message)
		case r.Status == Skip && !wantSkip:
			t.Errorf("%s/%s skipped: %s", r.CapabilityID, r.Clause, r.Message)
		case r.Status != Skip && wantSkip:
			t.Errorf("%s/%s: want a skip for the missing Slow payload, got %s", r.CapabilityID, r.Clause, r.Status)
		}
	}
}
