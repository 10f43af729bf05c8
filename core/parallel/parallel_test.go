package parallel

import (
	"sync"
	"sync/atomic"
	"testing"
)

func TestDoRunsBoth(t *testing.T) {
	for i := range 2000 {
		var a, b int
		Do(func() { a = i }, func() { b = 2 * i })
		if a != i || b != 2*i {
			t.Fatalf("round %d: f set %d, g set %d", i, a, b)
		}
	}
}

// Pieces that call Do themselves, from the caller's side and the
// worker's, run to the end: the busy worker makes the inner call serial.
func TestDoNested(t *testing.T) {
	var n atomic.Int64
	leaf := func() { n.Add(1) }
	inner := func() { Do(leaf, leaf) }
	for range 500 {
		Do(inner, inner)
	}
	if got := n.Load(); got != 2000 {
		t.Fatalf("%d leaves ran, want 2000", got)
	}
}

// Several callers at once share the workers; every piece runs once.
func TestDoConcurrentCallers(t *testing.T) {
	var n atomic.Int64
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 1000 {
				Do(func() { n.Add(1) }, func() { n.Add(1) })
			}
		})
	}
	wg.Wait()
	if got := n.Load(); got != 16000 {
		t.Fatalf("%d pieces ran, want 16000", got)
	}
}

func TestDoRaisesPanicOfG(t *testing.T) {
	for range 100 {
		func() {
			defer func() {
				if r := recover(); r != "from g" {
					t.Fatalf("recovered %v, want the panic of g", r)
				}
			}()
			Do(func() {}, func() { panic("from g") })
		}()
	}
	// The workers survive a piece that panicked.
	var ran bool
	Do(func() {}, func() { ran = true })
	if !ran {
		t.Fatal("g did not run after a panicking piece")
	}
}

var sink uint64

// spin is some n nanoseconds of arithmetic.
func spin(n int) uint64 {
	x := uint64(1)
	for range n {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return x
}

func benchPair(b *testing.B, pair func(f, g func())) {
	for _, n := range []int{2000, 20000, 100000} {
		b.Run(itoa(n), func(b *testing.B) {
			for b.Loop() {
				var x, y uint64
				pair(func() { x = spin(n) }, func() { y = spin(n) })
				sink += x + y
			}
		})
	}
}

func itoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return "steps=" + s
}

// BenchmarkDo against BenchmarkGoroutine and BenchmarkSerial: two pieces
// of equal work, by Do, by a goroutine per piece, and one after the other.
func BenchmarkDo(b *testing.B) { benchPair(b, Do) }

func BenchmarkGoroutine(b *testing.B) {
	benchPair(b, func(f, g func()) {
		var wg sync.WaitGroup
		wg.Go(g)
		f()
		wg.Wait()
	})
}

func BenchmarkSerial(b *testing.B) {
	benchPair(b, func(f, g func()) { f(); g() })
}
