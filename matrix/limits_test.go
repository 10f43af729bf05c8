package matrix

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
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

// TestCheckIntegerSizeMatchesCheckSize: the integer preflight refuses
// exactly what checkSize refuses on the same matrix as rationals, with
// the same message.
func TestCheckIntegerSizeMatchesCheckSize(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	refused := 0
	for trial := range 300 {
		rows, cols := rng.IntN(6), rng.IntN(6)
		m := make(IntegerMatrix, rows)
		for i := range m {
			m[i] = make([]core.Integer, cols)
			for j := range m[i] {
				x := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(MaxEntryDigits-2+rng.IntN(4))), nil)
				x.Sub(x, big.NewInt(rng.Int64N(3)))
				if rng.IntN(3) > 0 {
					x.SetInt64(rng.Int64N(199) - 99)
				}
				if rng.IntN(2) == 0 {
					x.Neg(x)
				}
				m[i][j] = core.Int(x)
			}
		}
		maxDim := 2 + rng.IntN(4)
		want := checkSize("the matrix", m.rationals(), maxDim)
		got := checkIntegerSize("the matrix", m, maxDim)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("trial %d: checkIntegerSize says %v, checkSize %v", trial, got, want)
		}
		if want != nil {
			refused++
		}
	}
	if refused < 50 || refused > 250 {
		t.Fatalf("%d of 300 refused; both outcomes need exercising", refused)
	}
}
