package matrix

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// TestEstimateRefusesWhatCannotFinish: the inputs of issue 10 that held a
// slot for the whole deadline are refused by preflight, and the benchmark
// sizes and the examples are not.
func TestEstimateRefusesWhatCannotFinish(t *testing.T) {
	det, cp := determinantOperation(), charpolyOperation()
	refused := []struct {
		name string
		run  func() error
	}{
		{"determinant 400×400, 95 digits", func() error {
			return det.Preflight(bg, DeterminantRequest{Matrix: digitMatrix(rand.New(rand.NewPCG(1, 2)), 400, 95)})
		}},
		{"characteristic polynomial 200×200, 380 digits", func() error {
			return cp.Preflight(bg, RingMatrixRequest{Matrix: digitMatrix(rand.New(rand.NewPCG(1, 2)), 200, 380)})
		}},
	}
	for _, tc := range refused {
		err := tc.run()
		if _, ok := err.(*core.Refusal); !ok {
			t.Errorf("%s: preflight returned %v, want a refusal", tc.name, err)
		} else {
			t.Logf("%s: %v", tc.name, err)
		}
	}
	accepted := []struct {
		name string
		run  func() error
	}{
		{"determinant 400×400, entries below 100", func() error {
			return det.Preflight(bg, DeterminantRequest{Matrix: intMatrix(rand.New(rand.NewPCG(1, 2)), 400, 400, 99)})
		}},
		{"determinant 400×400, 30 digits", func() error {
			return det.Preflight(bg, DeterminantRequest{Matrix: digitMatrix(rand.New(rand.NewPCG(1, 2)), 400, 30)})
		}},
		{"characteristic polynomial 200×200, entries below 100", func() error {
			return cp.Preflight(bg, RingMatrixRequest{Matrix: intMatrix(rand.New(rand.NewPCG(1, 2)), 200, 200, 99)})
		}},
		{"the determinant's cancellation probe", func() error {
			var q DeterminantRequest
			decode(t, det.Slow(), &q)
			return det.Preflight(bg, q)
		}},
		{"the characteristic polynomial's cancellation probe", func() error {
			var q RingMatrixRequest
			decode(t, cp.Slow(), &q)
			return cp.Preflight(bg, q)
		}},
	}
	for _, tc := range accepted {
		if err := tc.run(); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	// The probes must also run long enough to be cancelled.
	var q MatrixRequest
	decode(t, det.Slow(), &q)
	if ms := estimateDeterminant(q.Matrix) / 1e6; ms < 1000 {
		t.Errorf("the determinant's cancellation probe is estimated at %.0f ms, under a second", ms)
	}
	decode(t, cp.Slow(), &q)
	if ms := estimateCharpoly(q.Matrix) / 1e6; ms < 1000 {
		t.Errorf("the characteristic polynomial's cancellation probe is estimated at %.0f ms, under a second", ms)
	}
}

// TestEstimateBoundary: the estimate limit is exact at its boundary: the
// At probe is within MaxEstimatedMillis and one more digit is beyond.
func TestEstimateBoundary(t *testing.T) {
	for _, tc := range []struct {
		name     string
		n        int
		estimate func([][]core.Rational) float64
	}{
		{"determinant", determinantEstimateOrder, estimateDeterminant},
		{"characteristic polynomial", MaxCharpolyDimension, estimateCharpoly},
		{"Hermite normal form", MaxHermiteDimension, estimateHermiteForm},
		{"Smith normal form", MaxSmithDimension, estimateSmith},
		{"minimal polynomial", MaxMinpolyDimension, estimateMinpoly},
	} {
		d := estimateBoundaryDigits(tc.n, tc.estimate)
		at, beyond := tc.estimate(nineMatrix(tc.n, d))/1e6, tc.estimate(nineMatrix(tc.n, d+1))/1e6
		if d == 0 || at > float64(MaxEstimatedMillis) || beyond <= float64(MaxEstimatedMillis) {
			t.Errorf("%s: %d digits estimated %.0f ms, %d digits %.0f ms; the limit is %d ms", tc.name, d, at, d+1, beyond, MaxEstimatedMillis)
		}
		t.Logf("%s %d×%d: %d digits %.0f ms, %d digits %.0f ms", tc.name, tc.n, tc.n, d, at, d+1, beyond)
	}
}

// TestEstimateProbesFit: the determinant's estimate probes fit the
// default payload bound, so that the runtime lets them reach preflight.
func TestEstimateProbesFit(t *testing.T) {
	for _, l := range determinantOperation().Limits {
		if l.Name != "estimated_time" {
			continue
		}
		if at, beyond := len(l.At()), len(l.Beyond()); at > core.DefaultMaxPayloadBytes || beyond > core.DefaultMaxPayloadBytes {
			t.Errorf("the probes are %d and %d bytes; the payload bound is %d", at, beyond, core.DefaultMaxPayloadBytes)
		}
		return
	}
	t.Fatal("no estimated_time limit")
}

// decode reads a payload into its request type.
func decode(t *testing.T, payload string, q any) {
	t.Helper()
	if err := json.Unmarshal([]byte(payload), q); err != nil {
		t.Fatal(err)
	}
}

// TestScaledBitsImplyEstimate: the scaled-bits check refuses nothing the
// time estimate would accept (the argument at MaxScaledBits), checked on
// the unit-fraction matrices just past it.
func TestScaledBitsImplyEstimate(t *testing.T) {
	for _, tc := range []struct {
		name     string
		common   bool
		base     int64
		max      int
		estimate func([][]core.Rational) float64
	}{
		{"determinant", false, 1_000_000_000_000_000_001, MaxDeterminantDimension, estimateDeterminant},
		{"characteristic polynomial", true, 1_000_000_007, MaxCharpolyDimension, estimateCharpoly},
	} {
		n := largestWithin(tc.max, func(n int) bool { return scaledBits(unitFractions(n, tc.base), tc.common) <= MaxScaledBits }) + 1
		m := unitFractions(n, tc.base)
		if scaledBits(m, tc.common) <= MaxScaledBits {
			t.Fatalf("%s: %d×%d unit fractions are within MaxScaledBits", tc.name, n, n)
		}
		if ms := tc.estimate(m) / 1e6; ms <= float64(MaxEstimatedMillis) {
			t.Errorf("%s: %d×%d unit fractions exceed the scaled bound yet are estimated at %.0f ms", tc.name, n, n, ms)
		}
	}
}

// TestHermiteEstimateTransform: the Hermite estimate counts the
// transform's reconstruction only when the request asks for it, and
// preflight reads the flag: at the limit's At probe the form alone passes
// and, the transform costing more than the margin left, the request with
// it is refused.
func TestHermiteEstimateTransform(t *testing.T) {
	op := hermiteOperation()
	d := estimateBoundaryDigits(MaxHermiteDimension, estimateHermiteForm)
	m := nineMatrix(MaxHermiteDimension, d)
	without, with := estimateHermite(m, false), estimateHermite(m, true)
	if !(with > without) {
		t.Fatalf("%d digits: %.0f ms with the transform, %.0f ms without", d, with/1e6, without/1e6)
	}
	q := HermiteRequest{Matrix: integerMatrixOf(m)}
	if err := op.Preflight(bg, q); err != nil {
		t.Fatalf("the form alone at %d digits is refused: %v", d, err)
	}
	q.Transform = true
	err := op.Preflight(bg, q)
	if refused := err != nil; refused != (with/1e6 > float64(MaxEstimatedMillis)) {
		t.Fatalf("with the transform (%.0f ms estimated): preflight says %v", with/1e6, err)
	}
	t.Logf("%d digits: %.0f ms for the form, %.0f ms with the transform", d, without/1e6, with/1e6)
}
