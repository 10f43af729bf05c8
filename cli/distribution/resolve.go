package distribution

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

const corePath = "jacobian.dev/core"

// plan is a manifest with every module located and every Register
// function found: everything generation needs.
type plan struct {
	m *Manifest
	// jacobian maps each jacobian.dev module path found in the jacobian
	// tree to its directory.
	jacobian  map[string]string
	goVersion string
	domains   []resolvedDomain
}

// resolvedDomain is a domain entry with its module and package located.
type resolvedDomain struct {
	Domain
	index       int
	moduleDir   string // absolute; empty until located
	packageDir  string
	packageName string
	alias       string // the name domains.go imports the package as
}

// resolve locates every module and package the manifest names and checks
// each Register symbol, reporting every problem with the entry at fault.
// download fetches a module that is neither replaced nor in the jacobian
// tree; nil means such modules are not located (names are then guessed
// from import paths, as rendering alone allows).
func resolve(ctx context.Context, m *Manifest, download func(ctx context.Context, module, version string) (dir, resolvedVersion string, err error)) (*plan, error) {
	p := &plan{m: m, jacobian: map[string]string{}, goVersion: "1.26"}
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	if m.Jacobian.Replace != "" {
		root := m.abs(m.Jacobian.Replace)
		mods, err := jacobianModules(root)
		switch {
		case err != nil:
			bad("jacobian.replace: %v", err)
		case mods["jacobian.dev/cli"] == "" || mods[corePath] == "":
			bad("jacobian.replace %s holds no jacobian.dev/cli and jacobian.dev/core modules; point it at the directory whose folders core/, cli/, server/ hold them", root)
		default:
			p.jacobian = mods
			if v, err := goDirective(filepath.Join(mods["jacobian.dev/cli"], "go.mod")); err == nil && v != "" {
				p.goVersion = v
			}
		}
	}

	for i, d := range m.Domains {
		r := resolvedDomain{Domain: d, index: i}
		who := d.label(i)
		switch {
		case d.Replace != "":
			dir := m.abs(d.Replace)
			mod, err := moduleDirective(filepath.Join(dir, "go.mod"))
			switch {
			case errors.Is(err, os.ErrNotExist):
				if _, statErr := os.Stat(dir); statErr != nil {
					bad("%s: replace directory %s does not exist", who, dir)
				} else {
					bad("%s: replace directory %s has no go.mod; it must be the root of module %s", who, dir, d.Module)
				}
			case err != nil:
				bad("%s: %v", who, err)
			case mod != d.Module:
				bad("%s: replace directory %s holds module %s, not %s", who, dir, mod, d.Module)
			default:
				r.moduleDir = dir
			}
		case strings.HasPrefix(d.Module, jacobianNS) && len(p.jacobian) > 0:
			dir, ok := p.jacobian[d.Module]
			if !ok {
				bad("%s: no such module in the jacobian tree %s (it has %s); check the module path or give a replace directory", who, m.abs(m.Jacobian.Replace), strings.Join(slices.Sorted(maps.Keys(p.jacobian)), ", "))
				break
			}
			r.moduleDir = dir
		case download != nil:
			version := d.Version
			if version == "" {
				version = "latest"
			}
			dir, v, err := download(ctx, d.Module, version)
			if err != nil {
				bad("%s: go cannot resolve module %s@%s: %v", who, d.Module, version, err)
				break
			}
			r.moduleDir, r.Version = dir, v
		}
		if r.moduleDir != "" {
			r.packageDir = filepath.Join(r.moduleDir, filepath.FromSlash(strings.TrimPrefix(d.Package, d.Module)))
			name, err := findRegister(r.packageDir, d.Register)
			if err != nil {
				bad("%s: package %s: %v", who, d.Package, err)
			}
			r.packageName = name
		}
		if r.packageName == "" {
			r.packageName = guessPackageName(d.Package)
		}
		p.domains = append(p.domains, r)
	}
	if len(problems) > 0 {
		return nil, &ManifestError{Problems: problems}
	}
	assignAliases(p.domains)
	return p, nil
}

// assignAliases gives each domain package a distinct import name, never
// "core" (which domains.go imports) or "main".
func assignAliases(ds []resolvedDomain) {
	used := map[string]string{"core": corePath, "main": ""}
	for i := range ds {
		name := ds[i].packageName
		if pkg, taken := used[name]; taken && pkg != ds[i].Package {
			for k := 2; ; k++ {
				alt := name + strconv.Itoa(k)
				if _, taken := used[alt]; !taken {
					name = alt
					break
				}
			}
		}
		used[name] = ds[i].Package
		ds[i].alias = name
	}
}

// guessPackageName is the package name an import path most likely has,
// for rendering when the package's source is not at hand.
func guessPackageName(importPath string) string {
	last := importPath[strings.LastIndex(importPath, "/")+1:]
	if len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		if i := strings.LastIndex(importPath[:len(importPath)-len(last)-1], "/"); i >= 0 {
			last = importPath[i+1 : len(importPath)-len(last)-1]
		}
	}
	last = strings.TrimPrefix(strings.TrimSuffix(last, ".go"), "go-")
	var b strings.Builder
	for _, r := range last {
		if r == '_' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 || !token.IsIdentifier(b.String()) {
		return "domain"
	}
	return b.String()
}

// jacobianModules maps each jacobian.dev module in a folder of root to
// that folder.
func jacobianModules(root string) (map[string]string, error) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	mods := map[string]string{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(root, e.Name())
		mod, err := moduleDirective(filepath.Join(dir, "go.mod"))
		if err == nil && strings.HasPrefix(mod, jacobianNS) {
			mods[mod] = dir
		}
	}
	return mods, nil
}

// moduleDirective reads the module path declared by a go.mod file.
func moduleDirective(gomod string) (string, error) {
	return directive(gomod, "module")
}

// goDirective reads the go version declared by a go.mod file.
func goDirective(gomod string) (string, error) {
	return directive(gomod, "go")
}

func directive(gomod, verb string) (string, error) {
	f, err := os.Open(gomod)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if i := strings.Index(line, "//"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		rest, ok := strings.CutPrefix(line, verb)
		if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t') {
			continue
		}
		v := strings.TrimSpace(rest)
		if uq, err := strconv.Unquote(v); err == nil {
			v = uq
		}
		return v, nil
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("%s declares no %s", gomod, verb)
}

// findRegister parses the Go files of the package in dir and returns its
// name, checking that it declares an exported function symbol of type
// func(*core.Registry) error (or a variable of type core.Registrar).
func findRegister(dir, symbol string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("directory %s does not exist", dir)
		}
		return "", err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return "", fmt.Errorf("does not parse: %v", err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return "", fmt.Errorf("no Go files in %s", dir)
	}
	pkgName := files[0].Name.Name
	var candidates []string
	var wrong string
	for _, f := range files {
		coreName := importName(f, corePath)
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Recv != nil || !decl.Name.IsExported() {
					continue
				}
				ok := coreName != "" && isRegistrarSignature(decl.Type, coreName)
				if decl.Name.Name == symbol {
					if ok {
						return pkgName, nil
					}
					wrong = "func " + symbol + strings.TrimPrefix(types.ExprString(decl.Type), "func")
				} else if ok {
					candidates = append(candidates, decl.Name.Name)
				}
			case *ast.GenDecl:
				if decl.Tok != token.VAR {
					continue
				}
				for _, spec := range decl.Specs {
					vs := spec.(*ast.ValueSpec)
					for _, n := range vs.Names {
						if n.Name != symbol {
							continue
						}
						if sel, ok := vs.Type.(*ast.SelectorExpr); ok && coreName != "" && isIdent(sel.X, coreName) && sel.Sel.Name == "Registrar" {
							return pkgName, nil
						}
						wrong = "var " + symbol + " of type " + orUnknownType(vs.Type)
					}
				}
			}
		}
	}
	if wrong != "" {
		return pkgName, fmt.Errorf("%s is not a domain registrar; want func %s(r *core.Registry) error", wrong, symbol)
	}
	msg := fmt.Sprintf("declares no exported func %s(*core.Registry) error", symbol)
	if len(candidates) > 0 {
		slices.Sort(candidates)
		msg += fmt.Sprintf("; functions with that signature: %s", strings.Join(candidates, ", "))
	}
	return pkgName, errors.New(msg)
}

func orUnknownType(e ast.Expr) string {
	if e == nil {
		return "(inferred)"
	}
	return types.ExprString(e)
}

// importName is the name file f imports path under, or "".
func importName(f *ast.File, path string) string {
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || p != path {
			continue
		}
		if imp.Name != nil {
			return imp.Name.Name
		}
		return path[strings.LastIndex(path, "/")+1:]
	}
	return ""
}

// isRegistrarSignature reports whether t is func(*core.Registry) error with
// core imported as coreName.
func isRegistrarSignature(t *ast.FuncType, coreName string) bool {
	if t.TypeParams != nil || t.Params == nil || t.Results == nil {
		return false
	}
	if len(t.Params.List) != 1 || len(t.Params.List[0].Names) > 1 || len(t.Results.List) != 1 || len(t.Results.List[0].Names) > 1 {
		return false
	}
	star, ok := t.Params.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	if !ok || !isIdent(sel.X, coreName) || sel.Sel.Name != "Registry" {
		return false
	}
	return isIdent(t.Results.List[0].Type, "error")
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// goModDownload fetches module@version into the module cache with the go
// command and returns its directory and resolved version.
func goModDownload(goCmd string, env []string, workDir string) func(ctx context.Context, module, version string) (string, string, error) {
	return func(ctx context.Context, module, version string) (string, string, error) {
		out, err := runGo(ctx, goCmd, env, workDir, "mod", "download", "-json", module+"@"+version)
		var info struct{ Dir, Version, Error string }
		if jerr := json.Unmarshal(out, &info); jerr == nil && info.Error != "" {
			return "", "", errors.New(info.Error)
		}
		if err != nil {
			return "", "", err
		}
		if info.Dir == "" {
			return "", "", fmt.Errorf("go mod download reported no directory")
		}
		return info.Dir, info.Version, nil
	}
}
