package distribution

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMainRefusals runs the command on bad invocations, none of which
// reaches the go command.
func TestMainRefusals(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"name":"j","output":"o","domains":[{"module":"jacobian.dev/integer","register":"lower"}],"jacobian":{"replace":"."}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no arguments", nil, ExitUsage, "give one manifest file, or -default"},
		{"manifest and -domains", []string{"-domains", "integer", bad}, ExitUsage, "give one manifest file, or -default"},
		{"manifest and -default", []string{"-default", bad}, ExitUsage, "give one manifest file, or -default"},
		{"-default without a domains.go", []string{"-default", "-root", dir}, ExitFailed, "domains.go"},
		{"-default with a bad name override", []string{"-default", "-root", repoRoot, "-name", "Bad Name"}, ExitFailed, `name "Bad Name"`},
		{"unknown flag", []string{"-frobnicate", bad}, ExitUsage, "flag provided but not defined"},
		{"missing manifest file", []string{filepath.Join(dir, "absent.json")}, ExitFailed, "no such file"},
		{"bad register", []string{bad}, ExitFailed, `bad.json: domain 1 (jacobian.dev/integer): register "lower" must be an exported Go identifier`},
		{"unknown standard domain", []string{"-domains", "integer gaussian", "-root", repoRoot}, ExitFailed, `"gaussian" is not a standard domain`},
		{"bad name override", []string{"-domains", "integer", "-root", repoRoot, "-name", "Bad Name"}, ExitFailed, `name "Bad Name"`},
		{"help", []string{"-h"}, ExitOK, "Usage:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			code := Main(c.args, &stdout, &stderr)
			if code != c.code || !strings.Contains(stderr.String(), c.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr.String(), c.code, c.want)
			}
		})
	}
}

// TestBlameGoFailures maps go command output back to the manifest entry
// whose module or package it names, preferring the longest match.
func TestBlameGoFailures(t *testing.T) {
	p := &plan{domains: []resolvedDomain{
		{Domain: Domain{Module: "example.com/a", Package: "example.com/a", Register: "Register"}, index: 0, alias: "a"},
		{Domain: Domain{Module: "example.com/a/ext", Package: "example.com/a/ext/domain", Register: "Register"}, index: 1, alias: "domain"},
	}}
	cases := []struct {
		out    string
		domain int
	}{
		{"main.go:3:2: no required module provides package example.com/a/ext/domain; to add it:", 2},
		{"go: example.com/a@v0.0.0: reading example.com/a/go.mod: 404", 1},
		{"./domains.go:12:3: undefined: domain.Register", 2},
		{"go: updates to go.mod needed", 0},
	}
	for _, c := range cases {
		err := p.blame("go build", []byte(c.out), errors.New("exit status 1"))
		var be *BuildError
		if !errors.As(err, &be) || be.Domain != c.domain {
			t.Errorf("%q blamed %v, want domain %d", c.out, err, c.domain)
		}
	}
}
