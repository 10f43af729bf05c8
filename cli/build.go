package cli

import (
	"net/url"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"

	"jacobian.dev/core"
)

// buildInfo is what the running binary knows about itself.
type buildInfo struct {
	Name      string       `json:"name"`
	Module    string       `json:"module"`
	Version   string       `json:"version"`
	GoVersion string       `json:"go_version"`
	Domains   []moduleInfo `json:"domains"`
	// Modules are the binary's other jacobian.dev modules (core, server,
	// conformance, ...), for bug reports.
	Modules []moduleInfo `json:"modules"`
}

// moduleInfo names a linked module. Replaced is the directory or module a
// replace directive substituted, when there is one.
type moduleInfo struct {
	Path     string `json:"path"`
	Version  string `json:"version"`
	Replaced string `json:"replaced,omitempty"`
}

// readBuild reads the binary's build information. Domains are found from
// the Register functions the binary was configured with, so a domain that
// declares no operations yet is still reported.
func readBuild(cfg Config) *buildInfo {
	b := &buildInfo{Name: cfg.Name, Version: cfg.Version, GoVersion: runtime.Version()}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = &debug.BuildInfo{}
	}
	b.Module = info.Main.Path
	if b.Version == "" {
		b.Version = core.ModuleVersion(&info.Main)
	}
	for _, reg := range cfg.Domains {
		m := moduleOfFunc(info, reg)
		if !slices.ContainsFunc(b.Domains, func(x moduleInfo) bool { return x.Path == m.Path }) {
			b.Domains = append(b.Domains, m)
		}
	}
	for _, dep := range info.Deps {
		if !strings.HasPrefix(dep.Path, "jacobian.dev/") || slices.ContainsFunc(b.Domains, func(x moduleInfo) bool { return x.Path == dep.Path }) {
			continue
		}
		b.Modules = append(b.Modules, describe(dep))
	}
	return b
}

// moduleOfFunc finds the module whose package defines fn, by the longest
// module path that prefixes the function's package.
func moduleOfFunc(info *debug.BuildInfo, fn core.Registrar) moduleInfo {
	pkg := "unknown"
	if fn != nil {
		pkg = packageOf(runtime.FuncForPC(reflect.ValueOf(fn).Pointer()).Name())
	}
	best := moduleInfo{Path: pkg, Version: "devel"}
	bestLen := -1
	for _, m := range append([]*debug.Module{&info.Main}, info.Deps...) {
		if m == nil || m.Path == "" {
			continue
		}
		if (pkg == m.Path || strings.HasPrefix(pkg, m.Path+"/")) && len(m.Path) > bestLen {
			best, bestLen = describe(m), len(m.Path)
		}
	}
	return best
}

// packageOf extracts the import path from a symbol such as
// "jacobian.dev/integer.Register". The linker escapes a dot in the last
// path element (gopkg.in/yaml.v3 becomes gopkg.in/yaml%2ev3), so the first
// dot after the last slash ends the path; the escapes are then undone.
func packageOf(symbol string) string {
	slash := strings.LastIndex(symbol, "/")
	dot := strings.Index(symbol[slash+1:], ".")
	if dot < 0 {
		return symbol
	}
	pkg := symbol[:slash+1+dot]
	if unescaped, err := url.PathUnescape(pkg); err == nil {
		return unescaped
	}
	return pkg
}

func describe(m *debug.Module) moduleInfo {
	mi := moduleInfo{Path: m.Path, Version: core.ModuleVersion(m)}
	if m.Replace != nil {
		mi.Replaced = m.Replace.Path
		if v := m.Replace.Version; v != "" && v != "(devel)" {
			mi.Replaced += "@" + m.Replace.Version
		}
	}
	return mi
}
