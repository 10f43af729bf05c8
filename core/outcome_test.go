package core

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"
)

// declaredConstants reads outcome.go and returns the values of the
// constants declared with the named type, in source order, so that a code
// added to the const block but not to Codes (or Reasons) fails here.
func declaredConstants(t *testing.T, typeName string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "outcome.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != typeName {
				continue
			}
			for _, v := range vs.Values {
				lit, ok := v.(*ast.BasicLit)
				if !ok {
					t.Fatalf("a %s constant is not a string literal", typeName)
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, s)
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no constants of type %s found in outcome.go", typeName)
	}
	return out
}

func TestCodesAreEveryDeclaredCode(t *testing.T) {
	var got []string
	for _, c := range Codes() {
		got = append(got, string(c))
	}
	if want := declaredConstants(t, "Code"); !slices.Equal(got, want) {
		t.Errorf("Codes() = %v, outcome.go declares %v", got, want)
	}
	Codes()[0] = "CHANGED"
	if Codes()[0] != UnknownCapability {
		t.Error("Codes returns a slice shared between calls")
	}
}

func TestReasonsAreEveryDeclaredReason(t *testing.T) {
	var got []string
	for _, r := range Reasons() {
		got = append(got, string(r))
	}
	if want := declaredConstants(t, "Reason"); !slices.Equal(got, want) {
		t.Errorf("Reasons() = %v, outcome.go declares %v", got, want)
	}
	Reasons()[0] = "CHANGED"
	if Reasons()[0] != Timeout {
		t.Error("Reasons returns a slice shared between calls")
	}
}
