// Package opsdoc keeps docs/operations.md, the operation reference of the
// default distribution, equal to what "jacobian catalog --markdown" prints
// for it. The reference shows every operation's first example with the
// result the runtime returns, so a change to any declaration or to what an
// example computes shows up here as a difference to regenerate and review.
package opsdoc

import (
	"bytes"
	"context"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"jacobian.dev/cli"
	"jacobian.dev/core"
	"jacobian.dev/finitefield"
	"jacobian.dev/integer"
	"jacobian.dev/matrix"
	"jacobian.dev/polynomial"
)

var update = flag.Bool("update", false, "rewrite docs/operations.md from the installed declarations")

// regenerate is the command, run from the repository root, that rewrites
// the reference.
const regenerate = "go run ./cli/cmd/jacobian catalog --markdown > docs/operations.md"

var (
	referencePath = filepath.Join("..", "..", "..", "docs", "operations.md")
	domainsPath   = filepath.Join("..", "..", "cmd", "jacobian", "domains.go")
)

// domain is one Register function of the default build, with the name
// domains.go spells it by.
type domain struct {
	name     string
	register core.Registrar
}

// defaultDomains is the default build's catalog. The test cannot import
// package main, so it repeats the list, and TestDomainsAreTheDefaultBuild
// keeps the two equal.
func defaultDomains() []domain {
	return []domain{
		{"integer.Register", integer.Register},
		{"matrix.Register", matrix.Register},
		{"finitefield.Register", finitefield.Register},
		{"polynomial.Register", polynomial.Register},
	}
}

func TestOperationsReference(t *testing.T) {
	var registrars []core.Registrar
	for _, d := range defaultDomains() {
		registrars = append(registrars, d.register)
	}
	var out, errOut bytes.Buffer
	code := cli.MainContext(context.Background(), cli.Config{
		Name: "jacobian", Domains: registrars, Args: []string{"catalog", "--markdown"},
		Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
	})
	if code != cli.ExitCompleted {
		t.Fatalf("jacobian catalog --markdown exited %d; the reference cannot be generated until this is fixed:\n%s", code, errOut.String())
	}
	got := out.Bytes()
	if *update {
		if err := os.WriteFile(referencePath, got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %s", referencePath)
		return
	}
	want, err := os.ReadFile(referencePath)
	if err != nil {
		t.Fatalf("reading the committed reference: %v\ngenerate it from the repository root with\n\t%s", err, regenerate)
	}
	if bytes.Equal(got, want) {
		return
	}
	gotLines, wantLines := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	line := 0
	for line < len(gotLines) && line < len(wantLines) && gotLines[line] == wantLines[line] {
		line++
	}
	at := func(lines []string) string {
		if line < len(lines) {
			return lines[line]
		}
		return "(end of file)"
	}
	t.Errorf("docs/operations.md is out of date with the installed declarations; from line %d on:\n"+
		"  committed: %s\n  generated: %s\n"+
		"review the change and regenerate it from the repository root with\n\t%s\n"+
		"or with\n\tgo test ./cli/internal/opsdoc -update",
		line+1, at(wantLines), at(gotLines), regenerate)
}

// TestDomainsAreTheDefaultBuild checks that this test documents the
// domains the default jacobian binary installs, as listed in the one file
// that names them.
func TestDomainsAreTheDefaultBuild(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), domainsPath, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "domains" {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			for _, elt := range lit.Elts {
				if sel, ok := elt.(*ast.SelectorExpr); ok {
					if pkg, ok := sel.X.(*ast.Ident); ok {
						listed = append(listed, pkg.Name+"."+sel.Sel.Name)
					}
				}
			}
			return false
		})
	}
	var here []string
	for _, d := range defaultDomains() {
		here = append(here, d.name)
	}
	if len(listed) == 0 {
		t.Fatalf("found no Register functions in the domains function of %s", domainsPath)
	}
	if !slices.Equal(listed, here) {
		t.Errorf("%s installs %v, but this test documents %v; make defaultDomains match it and regenerate docs/operations.md", domainsPath, listed, here)
	}
}
