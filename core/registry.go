package core

import (
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
)

// Registry holds the operations a binary installs. It is filled only by
// explicit Add calls (through each domain's Register function) and is never
// a package-level variable.
type Registry struct {
	mu         sync.RWMutex
	decls      map[string]*Declaration
	namespaces map[string]string // namespace -> module that owns it
	index      *searchIndex      // built on first use, dropped by install
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{decls: map[string]*Declaration{}, namespaces: map[string]string{}}
}

// Registrar is the signature every domain module exports as Register.
type Registrar func(*Registry) error

// NewRegistryWith builds a registry from the given Register functions,
// reporting every failure.
func NewRegistryWith(register ...Registrar) (*Registry, error) {
	r := NewRegistry()
	var errs []error
	for _, reg := range register {
		if err := reg(r); err != nil {
			errs = append(errs, err)
		}
	}
	return r, errors.Join(errs...)
}

// Add validates op and installs it. A malformed declaration, a duplicate ID,
// or a namespace already owned by another module is refused with an error
// that names the operation and every problem found.
func Add[Req, Res any](r *Registry, op Operation[Req, Res]) error {
	d, err := Declare(op)
	if err != nil {
		return err
	}
	return r.install(d)
}

func (r *Registry) install(d *Declaration) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if prev, dup := r.decls[d.ID]; dup {
		return fmt.Errorf("operation %s is declared twice (by %s and by %s); IDs must be unique", d.ID, prev.Provider.Module, d.Provider.Module)
	}
	ns, _, _ := strings.Cut(d.ID, ".")
	if owner, ok := r.namespaces[ns]; ok && owner != d.Provider.Module {
		return fmt.Errorf("operation %s: namespace %q belongs to module %s, not %s", d.ID, ns, owner, d.Provider.Module)
	}
	r.namespaces[ns] = d.Provider.Module
	r.decls[d.ID] = d
	r.index = nil
	return nil
}

// searchIndex returns the search index over the current declarations,
// building it once however many runtimes share the registry.
func (r *Registry) searchIndex() *searchIndex {
	decls := r.Declarations()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.index == nil || len(r.index.decls) != len(decls) {
		r.index = newSearchIndex(decls)
	}
	return r.index
}

// Lookup returns the declaration with the given ID.
func (r *Registry) Lookup(id string) (*Declaration, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	d, ok := r.decls[id]
	return d, ok
}

// Declarations returns every declaration, ordered by ID.
func (r *Registry) Declarations() []*Declaration {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]*Declaration, 0, len(r.decls))
	for _, d := range r.decls {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b *Declaration) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// Exemplar returns the operation surfaces cite in their help and refusal
// messages: the one with the shortest first example, ties broken by ID, the
// easiest to read in a one-line illustration. Citing an installed
// operation means no build advertises one it lacks. ok is false when
// nothing is installed.
func (r *Registry) Exemplar() (d *Declaration, ok bool) {
	for _, c := range r.Declarations() {
		if len(c.Examples) == 0 {
			continue
		}
		if d == nil || len(c.Examples[0].Payload) < len(d.Examples[0].Payload) {
			d = c
		}
	}
	return d, d != nil
}

// Len returns the number of installed operations.
func (r *Registry) Len() int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return len(r.decls)
}

// providerOf names the module whose code implements fn, from the function's
// symbol and the binary's build information.
func providerOf(fn any) Provider {
	if v := reflect.ValueOf(fn); v.Kind() != reflect.Func || v.IsNil() {
		return Provider{Module: "unknown", Version: "unknown"}
	}
	pkg, m := DefiningModule(buildInfo(), fn)
	if m == nil {
		return Provider{Module: pkg, Version: "devel"}
	}
	return Provider{Module: m.Path, Version: ModuleVersion(m)}
}

// DefiningModule finds the module of info whose code defines the function
// fn: the longest module path, the main module's or a dependency's, that
// prefixes the package of fn's symbol. pkg is that package ("unknown" when
// fn is not a non-nil function); m is nil when no module of info holds it,
// or info is nil. The catalog's providers and the CLI's version report both
// come from here.
func DefiningModule(info *debug.BuildInfo, fn any) (pkg string, m *debug.Module) {
	v := reflect.ValueOf(fn)
	if v.Kind() != reflect.Func || v.IsNil() {
		return "unknown", nil
	}
	pkg = packageOf(runtime.FuncForPC(v.Pointer()).Name())
	if info == nil {
		return pkg, nil
	}
	bestLen := -1
	for _, dep := range append([]*debug.Module{&info.Main}, info.Deps...) {
		if dep == nil || dep.Path == "" {
			continue
		}
		if (pkg == dep.Path || strings.HasPrefix(pkg, dep.Path+"/")) && len(dep.Path) > bestLen {
			m, bestLen = dep, len(dep.Path)
		}
	}
	return pkg, m
}

// packageOf extracts the import path from a symbol name such as
// "jacobian.dev/integer.Register.func1". The linker escapes a dot in the
// last path element (gopkg.in/yaml.v3 becomes gopkg.in/yaml%2ev3), so the
// first dot after the last slash ends the path; the escapes are then undone.
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

var buildInfo = sync.OnceValue(func() *debug.BuildInfo {
	info, _ := debug.ReadBuildInfo()
	return info
})

// ModuleVersion reports a module's version from build information; a module
// built from a local checkout (a workspace, or a replace directive to a
// directory) says "devel".
func ModuleVersion(m *debug.Module) string {
	v := m.Version
	if m.Replace != nil && m.Replace.Version != "" {
		v = m.Replace.Version
	}
	if v == "" || v == "(devel)" || strings.HasPrefix(v, "v0.0.0-00010101000000") {
		return "devel"
	}
	return v
}
