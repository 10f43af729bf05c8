package cli

import (
	"runtime/debug"
	"testing"
)

func TestDescribeModule(t *testing.T) {
	tests := []struct {
		name string
		m    debug.Module
		want moduleInfo
	}{
		{"released", debug.Module{Path: "jacobian.dev/integer", Version: "v1.4.0"}, moduleInfo{"jacobian.dev/integer", "v1.4.0", ""}},
		{"workspace", debug.Module{Path: "jacobian.dev/integer", Version: "(devel)"}, moduleInfo{"jacobian.dev/integer", "devel", ""}},
		{"replaced by a directory", debug.Module{Path: "jacobian.dev/integer", Version: "v0.0.0", Replace: &debug.Module{Path: "../integer", Version: "(devel)"}}, moduleInfo{"jacobian.dev/integer", "devel", "../integer"}},
		{"replaced by a fork", debug.Module{Path: "jacobian.dev/integer", Version: "v1.0.0", Replace: &debug.Module{Path: "example.com/fork", Version: "v1.0.1"}}, moduleInfo{"jacobian.dev/integer", "v1.0.1", "example.com/fork@v1.0.1"}},
		{"zero pseudo-version", debug.Module{Path: "jacobian.dev/core", Version: "v0.0.0-00010101000000-000000000000"}, moduleInfo{"jacobian.dev/core", "devel", ""}},
	}
	for _, tc := range tests {
		if got := describe(&tc.m); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
