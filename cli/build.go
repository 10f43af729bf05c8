package cli

import (
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

// moduleOfFunc describes the module whose package defines fn; a package
// no module holds is reported by its import path, as devel.
func moduleOfFunc(info *debug.BuildInfo, fn core.Registrar) moduleInfo {
	pkg, m := core.DefiningModule(info, fn)
	if m == nil {
		return moduleInfo{Path: pkg, Version: "devel"}
	}
	return describe(m)
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
