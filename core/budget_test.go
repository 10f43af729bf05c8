package core

import (
	"sync"
	"testing"
)

// TestMemoryBudgetConcurrent reserves and releases from several
// goroutines at once: no moment sees more than the limit claimed, a
// claim that fits an idle budget always succeeds, and everything is
// returned at the end.
func TestMemoryBudgetConcurrent(t *testing.T) {
	const limit, claim = 1000, 300
	b := NewMemoryBudget(limit)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var over int64
	for range 8 {
		wg.Go(func() {
			for range 20_000 {
				if !b.Reserve(claim) {
					continue
				}
				if used := b.Used(); used > limit {
					mu.Lock()
					over = max(over, used)
					mu.Unlock()
				}
				b.Release(claim)
			}
		})
	}
	wg.Wait()
	if over > 0 {
		t.Fatalf("%d bytes claimed at once, past the limit of %d", over, limit)
	}
	if used := b.Used(); used != 0 {
		t.Fatalf("%d bytes still claimed after every release", used)
	}
	if !b.Reserve(limit) || b.Reserve(1) {
		t.Fatal("an idle budget does not take exactly its limit")
	}
	b.Release(limit)
	b.Force(2 * limit)
	if b.Reserve(1) || b.Free() != -limit {
		t.Fatalf("after a forced claim past the limit: free %d", b.Free())
	}
	b.Release(5 * limit)
	if b.Used() != 0 {
		t.Fatalf("a release past what is claimed leaves %d", b.Used())
	}
}
