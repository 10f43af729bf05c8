package core

import "testing"

// TestRuntimeDefaults: a runtime configured with nothing applies the
// exported defaults that surfaces advertise.
func TestRuntimeDefaults(t *testing.T) {
	rt := NewRuntime(NewRegistry(), RuntimeOptions{})
	defer rt.Close()
	if rt.opts.Timeout != DefaultTimeout {
		t.Errorf("default timeout %s, want DefaultTimeout %s", rt.opts.Timeout, DefaultTimeout)
	}
	if rt.opts.InlineLimit != DefaultInlineLimit {
		t.Errorf("default inline limit %d, want DefaultInlineLimit %d", rt.opts.InlineLimit, DefaultInlineLimit)
	}
}
