package core

import (
	"context"
	"math/big"
	"testing"
	"unsafe"
)

// TestInt64For: in a run, an operation's integers take the room its
// request left in the run's state, then allocate, each with its value;
// outside a run Int64For is Int64. The run's state stays in the 256-byte
// size class.
func TestInt64For(t *testing.T) {
	if size := unsafe.Sizeof(runState{}); size > 256 {
		t.Errorf("a runState is %d bytes, beyond the 256-byte size class", size)
	}
	if x := Int64For(context.Background(), -7); x.Big().Int64() != -7 {
		t.Errorf("Int64For outside a run: %v", x)
	}
	state := new(runState)
	state.words.used.Store(1) // as a request of one integer leaves it
	state.run.deadlineContext = &state.deadline
	ctx := context.Context(&state.run)
	a, b := Int64For(ctx, 1<<62), Int64For(ctx, -3)
	if a.Big().Cmp(new(big.Int).Lsh(big.NewInt(1), 62)) != 0 || b.Big().Int64() != -3 {
		t.Fatalf("Int64For in a run: %v, %v", a, b)
	}
	if a.v != &state.words.ints[1].x || b.v == &state.words.ints[1].x {
		t.Error("Int64For took no room from the run, or the same room twice")
	}
}
