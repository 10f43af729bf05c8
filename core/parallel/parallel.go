// Package parallel is fork–join for pieces of work too small for a
// goroutine of their own: the two halves of a Brent–Kung composition, of
// a product of many factors modulo a polynomial, each some tens of
// microseconds to a few milliseconds.
//
// On the machines Jacobian runs on, a goroutine started for such a piece
// gains nothing: waking an idle core takes some 100 µs, so two pieces of
// 25 µs each take as long on two cores as on one, and two of 125 µs 95%
// as long (go test -bench . ./core/parallel, BenchmarkDo against
// BenchmarkGoroutine). Do hands the piece instead to a worker that keeps
// its core awake, spinning for a while (spinFor) after its last piece
// before it parks: two pieces of 25 µs then take 55% of the time on one
// core. The spinning yields to the scheduler between polls, so other
// goroutines that want the core get it.
//
// Do is never much slower than running both pieces in turn when a core is
// free: a piece that no worker has started by the time the caller is done
// with its own is taken back and run by the caller. On a machine loaded
// beyond its cores it can be: a worker that has started a piece and lost
// its core holds the caller up, and the spinning competes with the
// caller's own thread. With a load average of 6 to 10 on two cores the
// benchmarks below swung by a factor of two either way from run to run,
// Do slower than running both in turn in some of them.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// spinFor is how long a worker keeps polling for work after its last
// piece before it parks.
const spinFor = 2 * time.Millisecond

// The states of a piece of work handed to a worker.
const (
	pending   int32 = iota // in a worker's slot, not started
	running                // started by the worker
	done                   // finished by the worker
	reclaimed              // taken back by the caller before the worker started it
)

type piece struct {
	run      func()
	state    atomic.Int32
	panicked any // the worker's recovered panic, re-raised by the caller
}

type worker struct {
	slot   atomic.Pointer[piece]
	parked atomic.Bool
	wake   chan struct{}
}

var (
	startOnce sync.Once
	workers   []*worker
)

// start launches one worker per core beyond the caller's.
func start() {
	n := runtime.GOMAXPROCS(0) - 1
	for range n {
		w := &worker{wake: make(chan struct{}, 1)}
		workers = append(workers, w)
		go w.loop()
	}
}

func (w *worker) loop() {
	for {
		idleSince := time.Now()
		for i := 1; ; i++ {
			if p := w.slot.Load(); p != nil {
				w.take(p)
				idleSince = time.Now()
				continue
			}
			if i%64 == 0 {
				if time.Since(idleSince) > spinFor {
					break
				}
				runtime.Gosched()
			}
		}
		w.parked.Store(true)
		if w.slot.Load() == nil {
			<-w.wake
		}
		w.parked.Store(false)
	}
}

// take runs p unless its caller has reclaimed it, and frees the slot.
func (w *worker) take(p *piece) {
	if p.state.CompareAndSwap(pending, running) {
		func() {
			defer func() {
				if r := recover(); r != nil {
					p.panicked = r
				}
			}()
			p.run()
		}()
		w.slot.CompareAndSwap(p, nil)
		p.state.Store(done)
		return
	}
	w.slot.CompareAndSwap(p, nil)
}

// Do runs f and g and returns when both have returned: f on the calling
// goroutine, g on a spare core when a worker is free, else after f on the
// calling goroutine too. A panic in g is raised again in the caller.
func Do(f, g func()) {
	startOnce.Do(start)
	p := &piece{run: g}
	var w *worker
	for _, c := range workers {
		if c.slot.CompareAndSwap(nil, p) {
			w = c
			break
		}
	}
	if w == nil {
		f()
		g()
		return
	}
	if w.parked.Load() {
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
	f()
	if p.state.CompareAndSwap(pending, reclaimed) {
		w.slot.CompareAndSwap(p, nil)
		g()
		return
	}
	for p.state.Load() != done {
		runtime.Gosched()
	}
	if p.panicked != nil {
		panic(p.panicked)
	}
}

// Worth reports whether a spare core exists at all, for callers that
// would split work (at some cost of its own) only to hand half of it to
// Do.
func Worth() bool { return runtime.GOMAXPROCS(0) > 1 }
