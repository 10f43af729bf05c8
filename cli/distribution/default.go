package distribution

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// DefaultDomainsFile is the default distribution's domains.go, relative to
// the repository root: the one place the default build names its domains.
// The default manifest is read from it, so the list is never repeated.
const DefaultDomainsFile = "cli/cmd/jacobian/domains.go"

// The default distribution's program name and output, relative to the
// repository root.
const (
	defaultName   = "jacobian"
	defaultOutput = "bin/jacobian"
)

// Default returns the default distribution's manifest: the domains that
// root's cli/cmd/jacobian/domains.go installs, in its order, with the
// jacobian tree at root. Each domain's module is taken to be the import
// path of its package, as it is for every standard domain.
func Default(root string) (*Manifest, error) {
	file := filepath.Join(root, filepath.FromSlash(DefaultDomainsFile))
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	domains, err := installedDomains(src)
	if err != nil {
		return nil, &ManifestError{Path: file, Problems: []string{err.Error()}}
	}
	data, err := json.Marshal(Manifest{Name: defaultName, Output: defaultOutput, Domains: domains, Jacobian: Jacobian{Replace: "."}})
	if err != nil {
		return nil, err
	}
	return Parse(data, root)
}

// installedDomains reads the Register functions a domains.go lists: the
// selectors pkg.Func in the composite literal its domains function
// returns, each resolved through the file's imports.
func installedDomains(src []byte) ([]Domain, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "domains.go", src, 0)
	if err != nil {
		return nil, err
	}
	imports := map[string]string{} // local name -> import path
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return nil, err
		}
		name := guessPackageName(p)
		if spec.Name != nil {
			name = spec.Name.Name
		}
		imports[name] = p
	}
	var domains []Domain
	var problems []string
	found := false
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "domains" || fn.Recv != nil || fn.Body == nil {
			continue
		}
		found = true
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			for i, elt := range lit.Elts {
				sel, ok := elt.(*ast.SelectorExpr)
				var pkg *ast.Ident
				if ok {
					pkg, ok = sel.X.(*ast.Ident)
				}
				if !ok {
					problems = append(problems, fmt.Sprintf("entry %d of domains() is not a package's Register function, such as integer.Register", i+1))
					continue
				}
				name := pkg.Name
				p, ok := imports[name]
				if !ok {
					problems = append(problems, fmt.Sprintf("%s.%s: no import is named %s", name, sel.Sel.Name, name))
					continue
				}
				if slices.ContainsFunc(domains, func(d Domain) bool { return d.Package == p && d.Register == sel.Sel.Name }) {
					continue
				}
				domains = append(domains, Domain{Module: p, Package: p, Register: sel.Sel.Name})
			}
			return false
		})
	}
	switch {
	case !found:
		problems = append(problems, "no func domains() []core.Registrar")
	case len(domains) == 0 && len(problems) == 0:
		problems = append(problems, "domains() lists no Register function")
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(problems, "; "))
	}
	return domains, nil
}

// DefaultWith returns the default distribution restricted to the named
// standard domains, named by folder ("integer", "matrix", ...), in the
// order given.
func DefaultWith(root string, names []string) (*Manifest, error) {
	m, err := Default(root)
	if err != nil {
		return nil, err
	}
	var known []string
	byName := map[string]Domain{}
	for _, d := range m.Domains {
		known = append(known, path.Base(d.Module))
		byName[path.Base(d.Module)] = d
	}
	var chosen []Domain
	for _, n := range names {
		d, ok := byName[n]
		if !ok {
			return nil, &ManifestError{Problems: []string{fmt.Sprintf("%q is not a standard domain; the standard domains are %s", n, strings.Join(known, ", "))}}
		}
		if slices.ContainsFunc(chosen, func(c Domain) bool { return c.Module == d.Module }) {
			continue
		}
		chosen = append(chosen, d)
	}
	if len(chosen) == 0 {
		return nil, &ManifestError{Problems: []string{"no domains chosen; name at least one of " + strings.Join(known, ", ")}}
	}
	m.Domains = chosen
	return m, nil
}
