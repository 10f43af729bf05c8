package core

import (
	"runtime/debug"
	"testing"
)

func exampleRegistrar(*Registry) error { return nil }

// TestDefiningModule: the longest module path prefixing the function's
// package wins, whether it is the main module or a dependency.
func TestDefiningModule(t *testing.T) {
	info := &debug.BuildInfo{
		Main: debug.Module{Path: "jacobian.dev/cli"},
		Deps: []*debug.Module{
			{Path: "jacobian.dev"},
			{Path: "jacobian.dev/core", Version: "v1.2.3"},
			{Path: "jacobian.dev/cor"},
			nil,
		},
	}
	for _, c := range []struct {
		name    string
		info    *debug.BuildInfo
		fn      any
		pkg     string
		module  string // "" for none
		version string
	}{
		{"dependency, longest prefix", info, exampleRegistrar, "jacobian.dev/core", "jacobian.dev/core", "v1.2.3"},
		{"a closure", info, Registrar(func(*Registry) error { return nil }), "jacobian.dev/core", "jacobian.dev/core", "v1.2.3"},
		{"no module holds it", &debug.BuildInfo{Main: debug.Module{Path: "example.com/x"}}, exampleRegistrar, "jacobian.dev/core", "", ""},
		{"no build information", nil, exampleRegistrar, "jacobian.dev/core", "", ""},
		{"main module", &debug.BuildInfo{Main: debug.Module{Path: "jacobian.dev/core", Version: "(devel)"}}, exampleRegistrar, "jacobian.dev/core", "jacobian.dev/core", "devel"},
		{"nil function", info, Registrar(nil), "unknown", "", ""},
		{"not a function", info, 42, "unknown", "", ""},
	} {
		pkg, m := DefiningModule(c.info, c.fn)
		if pkg != c.pkg {
			t.Errorf("%s: package %q, want %q", c.name, pkg, c.pkg)
		}
		switch {
		case c.module == "" && m != nil:
			t.Errorf("%s: module %s, want none", c.name, m.Path)
		case c.module != "" && (m == nil || m.Path != c.module || ModuleVersion(m) != c.version):
			t.Errorf("%s: module %+v, want %s %s", c.name, m, c.module, c.version)
		}
	}
}
