// Package distribution makes jacobian distributions, binaries installing a
// chosen set of domains: a manifest names the domain modules to link, and
// Build generates a main module that installs exactly those Register
// functions, builds it, and checks the binary registers cleanly before
// writing it to the manifest's output path.
//
// It plays the part of the OpenTelemetry Collector's builder
// (cmd/builder, generating components.go from builder-config.yaml): the
// generated domains.go is the only place a custom binary names its
// domains, and every check that can run before the compiler does, so a
// bad manifest fails with a message naming the entry at fault rather than
// a compiler error in a generated file.
//
// A manifest:
//
//	{
//	  "name": "jacobian-lite",
//	  "output": "bin/jacobian-lite",
//	  "domains": [
//	    {"module": "jacobian.dev/integer"},
//	    {"module": "example.com/gaussian", "replace": "./examples/gaussian"}
//	  ],
//	  "jacobian": {"replace": "."}
//	}
//
// Relative paths (output, replace) are relative to the manifest's
// directory. "jacobian.replace" is the directory holding the jacobian.dev
// modules (core, cli, server, conformance and the standard domains), each
// in its own folder; every jacobian.dev module found there is replaced to
// its folder in the generated go.mod.
package distribution

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Manifest describes one custom binary.
type Manifest struct {
	// Name is the program name (cli.Config.Name) and the generated main
	// module's path.
	Name string `json:"name"`
	// Output is where the binary is written, relative to the manifest's
	// directory unless absolute.
	Output string `json:"output"`
	// Domains are linked in this order; it is the order of the generated
	// domains list.
	Domains []Domain `json:"domains"`
	// Jacobian says where the jacobian.dev modules come from.
	Jacobian Jacobian `json:"jacobian"`

	// Dir is the directory relative paths are resolved against: the
	// manifest file's directory.
	Dir string `json:"-"`
}

// Domain is one domain module to link.
type Domain struct {
	// Module is the Go module path, e.g. "jacobian.dev/integer".
	Module string `json:"module"`
	// Version is the required version. Default "v0.0.0" for a module
	// replaced by a local directory, "latest" otherwise.
	Version string `json:"version,omitempty"`
	// Replace is a local directory holding the module, relative to the
	// manifest's directory. A jacobian.dev module without Replace is taken
	// from the jacobian tree.
	Replace string `json:"replace,omitempty"`
	// Package is the import path of the package exporting the Register
	// function. Default: the module path.
	Package string `json:"package,omitempty"`
	// Register is the exported func(*core.Registry) error to call.
	// Default "Register".
	Register string `json:"register,omitempty"`
}

// Jacobian locates the jacobian.dev modules.
type Jacobian struct {
	// Replace is the directory holding the jacobian.dev modules, one per
	// folder, relative to the manifest's directory.
	Replace string `json:"replace,omitempty"`
	// Version is the version of the jacobian.dev modules to require when
	// they are not replaced. Default "v0.0.0".
	Version string `json:"version,omitempty"`
}

// ManifestError reports what is wrong with a manifest, every problem at
// once; each names the entry at fault.
type ManifestError struct {
	Path     string
	Problems []string
}

func (e *ManifestError) Error() string {
	where := "the manifest"
	if e.Path != "" {
		where = e.Path
	}
	if len(e.Problems) == 1 {
		return fmt.Sprintf("%s: %s", where, e.Problems[0])
	}
	return fmt.Sprintf("%s has %d problems:\n  - %s", where, len(e.Problems), strings.Join(e.Problems, "\n  - "))
}

// Load reads and checks the manifest at path.
func Load(path string) (*Manifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	m, err := Parse(data, filepath.Dir(abs))
	if me, ok := err.(*ManifestError); ok {
		me.Path = path
	}
	return m, err
}

// Parse decodes a manifest strictly (unknown fields are errors), fills in
// the defaults, and checks it. dir is the directory relative paths are
// resolved against.
func Parse(data []byte, dir string) (*Manifest, error) {
	var m Manifest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, &ManifestError{Problems: []string{fmt.Sprintf("not a valid manifest: %v", err)}}
	}
	if dec.More() {
		return nil, &ManifestError{Problems: []string{"not a valid manifest: text after the JSON object"}}
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	m.Dir = dir
	m.applyDefaults()
	if problems := m.check(); len(problems) > 0 {
		return nil, &ManifestError{Problems: problems}
	}
	return &m, nil
}

func (m *Manifest) applyDefaults() {
	for i := range m.Domains {
		d := &m.Domains[i]
		if d.Package == "" {
			d.Package = d.Module
		}
		if d.Register == "" {
			d.Register = "Register"
		}
	}
	if m.Jacobian.Version == "" {
		m.Jacobian.Version = "v0.0.0"
	}
}

var (
	// namePattern keeps the program name usable as a file name and a
	// module path.
	namePattern = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
	// pathElem is one element of a module or import path (golang.org/x/mod
	// module.CheckPath, simplified to what a manifest needs).
	pathElem   = regexp.MustCompile(`^[A-Za-z0-9_.~-]+$`)
	semver     = regexp.MustCompile(`^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)
	jacobianNS = "jacobian.dev/"
)

// label names a domain entry in messages: its position and module.
func (d Domain) label(i int) string {
	if d.Module == "" {
		return fmt.Sprintf("domain %d", i+1)
	}
	return fmt.Sprintf("domain %d (%s)", i+1, d.Module)
}

// check finds every static problem: what can be known without reading
// any module.
func (m *Manifest) check() []string {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if !namePattern.MatchString(m.Name) {
		bad("name %q must be a lowercase program name such as \"jacobian-lite\"", m.Name)
	}
	if strings.TrimSpace(m.Output) == "" {
		bad("output is empty; give the path the binary is written to, such as \"bin/%s\"", m.Name)
	}
	if len(m.Domains) == 0 {
		bad("domains is empty; list at least one domain module, such as {\"module\": \"jacobian.dev/integer\"}")
	}
	if m.Jacobian.Replace == "" && m.Jacobian.Version == "v0.0.0" {
		bad("jacobian.replace is empty; give the directory holding the jacobian.dev modules (core, cli, server, ...), or a published jacobian.version")
	}
	if !semver.MatchString(m.Jacobian.Version) {
		bad("jacobian.version %q is not a semantic version such as \"v0.3.1\"", m.Jacobian.Version)
	}
	seenModule := map[string]int{}
	seenSymbol := map[string]int{}
	for i, d := range m.Domains {
		who := d.label(i)
		if err := checkPath(d.Module); err != nil {
			bad("%s: module %v", who, err)
			continue
		}
		if j, dup := seenModule[d.Module]; dup && d.Package == m.Domains[j].Package && d.Register == m.Domains[j].Register {
			bad("%s is listed twice (also as domain %d); list each Register function once", who, j+1)
			continue
		}
		seenModule[d.Module] = i
		if d.Version != "" && !semver.MatchString(d.Version) && d.Version != "latest" {
			bad("%s: version %q is not a semantic version such as \"v1.2.3\" (or \"latest\")", who, d.Version)
		}
		if d.Package != d.Module && !strings.HasPrefix(d.Package, d.Module+"/") {
			bad("%s: package %q is not inside module %s", who, d.Package, d.Module)
		} else if err := checkPath(d.Package); err != nil {
			bad("%s: package %v", who, err)
		}
		if !token.IsIdentifier(d.Register) || !token.IsExported(d.Register) {
			bad("%s: register %q must be an exported Go identifier such as \"Register\"", who, d.Register)
		}
		key := d.Package + "." + d.Register
		if j, dup := seenSymbol[key]; dup {
			bad("%s: %s is already listed as domain %d", who, key, j+1)
		}
		seenSymbol[key] = i
		if strings.HasPrefix(d.Module, jacobianNS) && d.Replace == "" && m.Jacobian.Replace == "" && d.Version == "" {
			bad("%s: give a replace directory or a version; the jacobian tree is not local (jacobian.replace is empty)", who)
		}
	}
	return problems
}

// checkPath is a simplified golang.org/x/mod/module.CheckImportPath.
func checkPath(p string) error {
	if p == "" {
		return fmt.Errorf("path is empty")
	}
	if strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") || strings.Contains(p, "//") {
		return fmt.Errorf("%q is not a module or import path", p)
	}
	for _, e := range strings.Split(p, "/") {
		if !pathElem.MatchString(e) || e == "." || e == ".." || strings.HasPrefix(e, ".") {
			return fmt.Errorf("%q is not a module or import path (bad element %q)", p, e)
		}
	}
	return nil
}

// abs resolves a manifest-relative path.
func (m *Manifest) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(m.Dir, p)
}

// OutputPath is the absolute path the binary is written to.
func (m *Manifest) OutputPath() string { return m.abs(m.Output) }
