package core

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"
)

// TestDeadlineContext checks withDeadline against the behaviour of
// context.WithDeadline: Err before and after the deadline, Done closing
// on time, cancellation by the returned function and by the parent, and
// children derived from it.
func TestDeadlineContext(t *testing.T) {
	t.Run("live", func(t *testing.T) {
		ctx, cancel := withDeadline(context.Background(), time.Now().Add(time.Hour))
		defer cancel()
		if err := ctx.Err(); err != nil {
			t.Fatalf("Err = %v before the deadline", err)
		}
		if d, ok := ctx.Deadline(); !ok || time.Until(d) < 59*time.Minute {
			t.Fatalf("Deadline = %v, %v", d, ok)
		}
	})
	t.Run("deadline by Err", func(t *testing.T) {
		ctx, cancel := withDeadline(context.Background(), time.Now().Add(20*time.Millisecond))
		defer cancel()
		time.Sleep(30 * time.Millisecond)
		if err := ctx.Err(); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Err = %v after the deadline", err)
		}
		select {
		case <-ctx.Done():
		default:
			t.Fatal("Done is open once Err reports the deadline")
		}
	})
	t.Run("deadline by Done", func(t *testing.T) {
		ctx, cancel := withDeadline(context.Background(), time.Now().Add(20*time.Millisecond))
		defer cancel()
		select {
		case <-ctx.Done():
		case <-time.After(5 * time.Second):
			t.Fatal("Done did not close at the deadline")
		}
		if err := ctx.Err(); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Err = %v", err)
		}
	})
	t.Run("cancel before arming", func(t *testing.T) {
		ctx, cancel := withDeadline(context.Background(), time.Now().Add(time.Hour))
		cancel()
		if err := ctx.Err(); !errors.Is(err, context.Canceled) {
			t.Fatalf("Err = %v after cancel", err)
		}
		<-ctx.Done()
	})
	t.Run("cancel after arming", func(t *testing.T) {
		ctx, cancel := withDeadline(context.Background(), time.Now().Add(time.Hour))
		done := ctx.Done()
		cancel()
		<-done
		if err := ctx.Err(); !errors.Is(err, context.Canceled) {
			t.Fatalf("Err = %v after cancel", err)
		}
	})
	t.Run("parent cancelled", func(t *testing.T) {
		parent, cancelParent := context.WithCancel(context.Background())
		ctx, cancel := withDeadline(parent, time.Now().Add(time.Hour))
		defer cancel()
		cancelParent()
		if err := ctx.Err(); !errors.Is(err, context.Canceled) {
			t.Fatalf("Err = %v after the parent's cancel", err)
		}
	})
	t.Run("parent cancelled while waiting", func(t *testing.T) {
		parent, cancelParent := context.WithCancel(context.Background())
		ctx, cancel := withDeadline(parent, time.Now().Add(time.Hour))
		defer cancel()
		go func() { time.Sleep(10 * time.Millisecond); cancelParent() }()
		select {
		case <-ctx.Done():
		case <-time.After(5 * time.Second):
			t.Fatal("Done did not close on the parent's cancel")
		}
	})
	t.Run("child", func(t *testing.T) {
		ctx, cancel := withDeadline(context.Background(), time.Now().Add(time.Hour))
		child, cancelChild := context.WithCancel(ctx)
		defer cancelChild()
		cancel()
		select {
		case <-child.Done():
		case <-time.After(5 * time.Second):
			t.Fatal("the child was not cancelled with its parent")
		}
	})
	t.Run("earlier parent deadline", func(t *testing.T) {
		parent, cancelParent := context.WithTimeout(context.Background(), 10*time.Millisecond)
		defer cancelParent()
		ctx, cancel := withDeadline(parent, time.Now().Add(time.Hour))
		defer cancel()
		if d, _ := ctx.Deadline(); time.Until(d) > time.Second {
			t.Fatalf("Deadline = %v, later than the parent's", d)
		}
		<-ctx.Done()
	})
	t.Run("value", func(t *testing.T) {
		type key struct{}
		parent := context.WithValue(context.Background(), key{}, 7)
		ctx, cancel := withDeadline(parent, time.Now().Add(time.Hour))
		defer cancel()
		if ctx.Value(key{}) != 7 {
			t.Fatal("the parent's value is lost")
		}
		ctx.Done()
		if ctx.Value(key{}) != 7 {
			t.Fatal("the parent's value is lost once armed")
		}
	})
}

// TestDeadlineEarlierParent checks that a parent whose deadline comes
// first ends the run by Err as soon as that deadline passes, before the
// parent's own timer need have fired, and that the context ends with the
// parent however it is observed.
func TestDeadlineEarlierParent(t *testing.T) {
	t.Run("by Err", func(t *testing.T) {
		parent, cancelParent := context.WithDeadline(context.Background(), time.Now().Add(20*time.Millisecond))
		defer cancelParent()
		ctx, cancel := withDeadline(parent, time.Now().Add(time.Hour))
		defer cancel()
		if err := ctx.Err(); err != nil {
			t.Fatalf("Err = %v before the parent's deadline", err)
		}
		time.Sleep(30 * time.Millisecond)
		if err := ctx.Err(); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Err = %v after the parent's deadline", err)
		}
		<-ctx.Done()
	})
	t.Run("parent cancelled", func(t *testing.T) {
		parent, cancelParent := context.WithTimeout(context.Background(), time.Hour)
		ctx, cancel := withDeadline(parent, time.Now().Add(2*time.Hour))
		defer cancel()
		if d, _ := ctx.Deadline(); time.Until(d) > time.Hour {
			t.Fatalf("Deadline = %v, later than the parent's", d)
		}
		cancelParent()
		if err := ctx.Err(); !errors.Is(err, context.Canceled) {
			t.Fatalf("Err = %v after the parent's cancel", err)
		}
		<-ctx.Done()
	})
	t.Run("parent cancelled while waiting", func(t *testing.T) {
		parent, cancelParent := context.WithTimeout(context.Background(), time.Hour)
		ctx, cancel := withDeadline(parent, time.Now().Add(2*time.Hour))
		defer cancel()
		go func() { time.Sleep(10 * time.Millisecond); cancelParent() }()
		select {
		case <-ctx.Done():
		case <-time.After(5 * time.Second):
			t.Fatal("Done did not close on the parent's cancel")
		}
		if err := ctx.Err(); !errors.Is(err, context.Canceled) {
			t.Fatalf("Err = %v", err)
		}
	})
}

// TestDeadlineCancelRacesArm cancels while other goroutines arm the
// context through Done and Err: however the cancel and the arms
// interleave, every observer ends up with a closed Done and Canceled.
func TestDeadlineCancelRacesArm(t *testing.T) {
	for range 200 {
		ctx, cancel := withDeadline(context.Background(), time.Now().Add(time.Hour))
		start := make(chan struct{})
		results := make(chan error, 4)
		for i := range 4 {
			go func() {
				<-start
				if i%2 == 0 {
					<-ctx.Done()
				} else {
					for ctx.Err() == nil {
						runtime.Gosched()
					}
				}
				results <- ctx.Err()
			}()
		}
		close(start)
		cancel()
		for range 4 {
			select {
			case err := <-results:
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("Err = %v after cancel", err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("an observer did not see the cancel")
			}
		}
		<-ctx.Done()
	}
}
