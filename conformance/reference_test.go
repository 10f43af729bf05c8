package conformance

import "testing"

// fatalRecorder records Fatalf instead of stopping the test.
type fatalRecorder struct {
	testing.TB
	failed bool
	msg    string
}

func (r *fatalRecorder) Helper() {}

func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.failed = true
	r.msg = format
}

func TestAtLeast(t *testing.T) {
	cases := []int{1, 2, 3}
	for _, tc := range []struct {
		min  int
		fail bool
	}{{0, false}, {3, false}, {4, true}} {
		r := &fatalRecorder{TB: t}
		got := AtLeast(r, "t", tc.min, cases)
		if r.failed != tc.fail {
			t.Errorf("AtLeast(min %d) over 3 cases: failed %v, want %v", tc.min, r.failed, tc.fail)
		}
		if len(got) != len(cases) {
			t.Errorf("AtLeast(min %d) returned %d cases, want 3", tc.min, len(got))
		}
	}
	r := &fatalRecorder{TB: t}
	AtLeast[string](r, "empty", 1, nil)
	if !r.failed {
		t.Error("AtLeast accepted an empty table")
	}
}
