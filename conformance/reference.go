package conformance

import "testing"

// AtLeast returns cases, or fails the test when the reference table named
// table holds fewer than min of them. A domain's comparison against an
// independent reference (PARI/GP or SymPy values recorded in testdata)
// ranges over AtLeast(t, "gcd", 50, ref.GCD), so that a renamed, emptied
// or truncated table fails instead of passing without comparing anything.
func AtLeast[T any](t testing.TB, table string, min int, cases []T) []T {
	t.Helper()
	if len(cases) < min {
		t.Fatalf("the reference table %q has %d cases; at least %d are expected", table, len(cases), min)
	}
	return cases
}
