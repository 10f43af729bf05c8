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

func TestPackageOf(t *testing.T) {
	for symbol, want := range map[string]string{
		"jacobian.dev/integer.Register":          "jacobian.dev/integer",
		"jacobian.dev/cli.registerFixtures":      "jacobian.dev/cli",
		"example.com/x/v2/domain.Register.func1": "example.com/x/v2/domain",
		"gopkg.in/yaml.v3.Register":              "gopkg.in/yaml",
		"main.domains":                           "main",
	} {
		if got := packageOf(symbol); got != want {
			t.Errorf("packageOf(%q) = %q, want %q", symbol, got, want)
		}
	}
}
