package core

import (
	"context"
	"math"
	"sync/atomic"
	"time"
)

// withDeadline is context.WithDeadline whose timer is started only when
// someone waits on Done. Most runs finish in microseconds and only poll
// Err, which compares the clock with the deadline; arming and stopping a
// runtime timer for each would cost more than the run itself (a quarter
// of a nth_prime call). Once Done is called, or the deadline or a
// cancellation is observed, the context is the ordinary one from
// context.WithDeadline, so every observer sees the same Done and Err, and
// contexts derived from it propagate cancellation as usual.
func withDeadline(parent context.Context, deadline time.Time) (context.Context, context.CancelFunc) {
	c := new(deadlineContext)
	return startDeadline(parent, deadline.Sub(epoch), c), c.cancel
}

// epoch is the instant from which the runtime counts the time of its runs
// (monotonic).
var epoch = time.Now()

// monotonic is the time since epoch by the monotonic clock alone: time.Since
// of a time that carries a monotonic reading, as epoch does, reads nothing
// else, where time.Now reads the wall clock too, and a duration adds and
// compares as an integer, where time.Time.Add and time.Until handle both
// clocks.
func monotonic() time.Duration { return time.Since(epoch) }

// later is at + d, or the largest duration where that overflows (a
// timeout meaning "never").
func later(at, d time.Duration) time.Duration {
	if t := at + d; d < 0 || t >= at {
		return t
	}
	return math.MaxInt64
}

// startDeadline is withDeadline with the context in c, a zero
// deadlineContext the caller allocated with whatever else the run needs,
// and its cancellation c.cancel, a method that costs no allocation where
// the CancelFunc, a method value, would cost one on every run. A parent
// that ends first lends its deadline, which Err compares the clock with
// as with the run's own: the run then registers nothing with the parent
// (context.WithCancel would cost a lock, an allocation and a map entry
// per run) until someone waits on Done. The deadline is a reading of
// monotonic.
func startDeadline(parent context.Context, deadline time.Duration, c *deadlineContext) context.Context {
	if d, ok := parent.Deadline(); ok {
		deadline = min(deadline, d.Sub(epoch))
	}
	c.parent, c.deadline = parent, deadline
	return c
}

type deadlineContext struct {
	parent context.Context
	// deadline is the reading of monotonic at which the context ends.
	deadline time.Duration
	// armed is nil until the context is armed or cancelled: then the
	// ordinary context, or cancelledEarly for a cancel that came first.
	// One word where a sync.Once and a flag took three keeps a run's
	// state (runState) in a smaller size class.
	armed atomic.Pointer[armedContext]
}

// armedContext is the ordinary deadline context that stands in once armed.
type armedContext struct {
	ctx    context.Context
	cancel context.CancelFunc
}

// cancelledEarly marks a deadlineContext cancelled before it was armed.
var cancelledEarly = new(armedContext)

// arm replaces c by the ordinary deadline context, once: of two arms at
// once, the one that loses cancels its context and takes the winner's.
func (c *deadlineContext) arm() *armedContext {
	for {
		was := c.armed.Load()
		if was != nil && was != cancelledEarly {
			return was
		}
		ctx, cancel := context.WithDeadline(c.parent, epoch.Add(c.deadline))
		a := &armedContext{ctx, cancel}
		if was == cancelledEarly {
			cancel()
		}
		if c.armed.CompareAndSwap(was, a) {
			return a
		}
		cancel()
	}
}

func (c *deadlineContext) cancel() {
	for {
		switch a := c.armed.Load(); {
		case a == cancelledEarly:
			return
		case a != nil:
			a.cancel()
			return
		case c.armed.CompareAndSwap(nil, cancelledEarly):
			return
		}
	}
}

func (c *deadlineContext) Deadline() (time.Time, bool) { return epoch.Add(c.deadline), true }

func (c *deadlineContext) Done() <-chan struct{} { return c.arm().ctx.Done() }

// Err is nil while the parent is live, the deadline ahead (by the
// monotonic clock alone) and the context not cancelled; otherwise the
// context is armed (a deadline already past or a parent already done ends
// it at once) and its Err is the answer.
func (c *deadlineContext) Err() error {
	switch a := c.armed.Load(); {
	case a == cancelledEarly:
		return c.arm().ctx.Err()
	case a != nil:
		return a.ctx.Err()
	case c.parent.Err() != nil || monotonic() >= c.deadline:
		return c.arm().ctx.Err()
	}
	return nil
}

func (c *deadlineContext) Value(key any) any {
	if a := c.armed.Load(); a != nil && a != cancelledEarly {
		return a.ctx.Value(key)
	}
	return c.parent.Value(key)
}
