package core

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestExecutorShares walks the share rule through the cases it exists for.
func TestExecutorShares(t *testing.T) {
	pool := NewExecutor(1)
	a, b := pool.share(), pool.share()
	if !a.acquire() || a.acquire() {
		t.Fatal("one slot: the first run starts and a second from the same runtime is refused")
	}
	if !b.acquire() {
		t.Fatal("one slot: another runtime running nothing was refused")
	}
	if b.acquire() {
		t.Fatal("one slot: a second run of the other runtime started")
	}
	a.release()
	b.release()

	pool = NewExecutor(4)
	a, b = pool.share(), pool.share()
	for i := range 4 {
		if !a.acquire() {
			t.Fatalf("alone, run %d of 4 was refused", i+1)
		}
	}
	if a.acquire() {
		t.Fatal("a fifth run started on four slots")
	}
	if !b.acquire() {
		t.Fatal("a runtime running nothing was refused while another held every slot")
	}
	if b.acquire() {
		t.Fatal("a second run started while the pool was over-full")
	}
	a.release()
	a.release() // a holds 2, b 1: 3 of 4 running
	if a.acquire() {
		t.Fatal("a runtime beyond its share (4 slots / 2 runtimes) started another run")
	}
	if !b.acquire() {
		t.Fatal("a runtime under its share was refused with a slot free")
	}
}

// TestExecutorInvariants drives five runtimes through seeded random acquires
// and releases and checks the bounds the doc comment promises after every
// step.
func TestExecutorInvariants(t *testing.T) {
	for _, slots := range []int{1, 2, 3, 8} {
		rng := rand.New(rand.NewPCG(uint64(slots), 7))
		pool := NewExecutor(slots)
		views := make([]*Executor, 5)
		for i := range views {
			views[i] = pool.share()
		}
		for step := range 20000 {
			v := views[rng.IntN(len(views))]
			if v.held > 0 && rng.IntN(2) == 0 {
				v.release()
			} else {
				before, active := pool.pool.running, pool.pool.active
				ok := v.acquire()
				switch {
				case v.held == 0 && !ok:
					t.Fatalf("slots %d step %d: a runtime running nothing was refused", slots, step)
				case ok && v.held > 1 && (before >= slots || v.held-1 >= max(1, slots/active)):
					t.Fatalf("slots %d step %d: a run beyond the share started (running %d, held %d, active %d)", slots, step, before, v.held-1, active)
				}
			}
			running, active := 0, 0
			for _, w := range views {
				running += w.held
				if w.held > 0 {
					active++
				}
			}
			p := pool.pool
			if running != p.running || active != p.active {
				t.Fatalf("slots %d step %d: the pool counts %d running in %d runtimes, the views %d in %d", slots, step, p.running, p.active, running, active)
			}
			if running > slots+max(active-1, 0) {
				t.Fatalf("slots %d step %d: %d running in %d runtimes, more than slots + runtimes − 1", slots, step, running, active)
			}
		}
	}
}

// TestExecutorBusyMessage: a refusal says which bound it hit.
func TestExecutorBusyMessage(t *testing.T) {
	pool := NewExecutor(4)
	a, b := pool.share(), pool.share()
	for range 4 {
		a.acquire()
	}
	if got, want := a.busy(), "all 4 execution slots are busy"; !strings.Contains(got, want) {
		t.Errorf("full pool: %q, want it to say %q", got, want)
	}
	a.release()
	a.release()
	b.acquire() // a holds 2 and b 1 of 4: a is at its share with a slot free
	if a.acquire() {
		t.Fatal("a runtime at its share started another run")
	}
	if got, want := a.busy(), "this session runs 2 operations, its share of the 4 execution slots while 2 sessions run operations"; !strings.Contains(got, want) {
		t.Errorf("at its share: %q, want it to say %q", got, want)
	}
}
