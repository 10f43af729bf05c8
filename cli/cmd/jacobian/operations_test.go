package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"jacobian.dev/cli"
)

var update = flag.Bool("update", false, "rewrite docs/operations.md from the installed declarations")

// regenerate is the command, run from the repository root, that rewrites
// the reference.
const regenerate = "go run ./cli/cmd/jacobian catalog --markdown > docs/operations.md"

var referencePath = filepath.Join("..", "..", "..", "docs", "operations.md")

// TestOperationsReference keeps docs/operations.md, the operation reference
// of the default distribution, equal to what "jacobian catalog --markdown"
// prints for it. The reference shows every operation's first example with
// the result the runtime returns, so a change to any declaration or to what
// an example computes shows up here as a difference to regenerate and
// review. The catalog is the binary's own domains(), so no list of domains
// is repeated here.
func TestOperationsReference(t *testing.T) {
	var out, errOut bytes.Buffer
	code := cli.MainContext(context.Background(), cli.Config{
		Name: "jacobian", Domains: domains(), Args: []string{"catalog", "--markdown"},
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
		"or with\n\tgo test ./cli/cmd/jacobian -run TestOperationsReference -update",
		line+1, at(wantLines), at(gotLines), regenerate)
}
