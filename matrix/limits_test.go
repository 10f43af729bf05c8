package matrix

import (
	"encoding/json"
	"errors"
	"testing"

	"jacobian.dev/core"
)

// TestLimitsExactAtBoundary runs every declared limit's probes through the
// operation's own decoder and preflight, without the runtime's deadline:
// the At probe passes preflight and the Beyond probe is refused. The
// conformance clause runs the same probes under a short deadline, where a
// large At payload may time out before preflight has judged it; here
// every one is judged.
func TestLimitsExactAtBoundary(t *testing.T) {
	limitsAtBoundary(t, determinantOperation())
	limitsAtBoundary(t, rankOperation())
	limitsAtBoundary(t, rrefOperation())
	limitsAtBoundary(t, inverseOperation())
	limitsAtBoundary(t, solveOperation())
	limitsAtBoundary(t, nullspaceOperation())
	limitsAtBoundary(t, multiplyOperation())
	limitsAtBoundary(t, charpolyOperation())
	limitsAtBoundary(t, inverseCheckOperation())
	limitsAtBoundary(t, hermiteOperation())
	limitsAtBoundary(t, smithOperation())
	limitsAtBoundary(t, lllOperation())
	limitsAtBoundary(t, lllCheckOperation())
	limitsAtBoundary(t, traceOperation())
	limitsAtBoundary(t, transposeOperation())
	limitsAtBoundary(t, kroneckerOperation())
	limitsAtBoundary(t, powerOperation())
	limitsAtBoundary(t, minpolyOperation())
}

func limitsAtBoundary[Req, Res any](t *testing.T, op core.Operation[Req, Res]) {
	t.Helper()
	for _, l := range op.Limits {
		if l.At == nil || l.Beyond == nil {
			t.Errorf("%s: limit %q lacks an At or a Beyond probe", op.ID, l.Name)
			continue
		}
		var at, beyond Req
		if err := json.Unmarshal([]byte(l.At()), &at); err != nil {
			t.Errorf("%s: limit %q: the At probe does not decode: %v", op.ID, l.Name, err)
		} else if err := op.Preflight(bg, at); err != nil {
			t.Errorf("%s: limit %q: preflight refuses the At probe: %v", op.ID, l.Name, err)
		}
		if err := json.Unmarshal([]byte(l.Beyond()), &beyond); err != nil {
			t.Errorf("%s: limit %q: the Beyond probe does not decode: %v", op.ID, l.Name, err)
		} else if err := op.Preflight(bg, beyond); !errors.As(err, new(*core.Refusal)) {
			t.Errorf("%s: limit %q: preflight should refuse the Beyond probe, but returned %v", op.ID, l.Name, err)
		}
	}
}
