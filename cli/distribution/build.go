package distribution

import (
	"bytes"
	"context"
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Options tune a build. Zero values take the defaults.
type Options struct {
	// Keep is the build directory to generate into and keep afterwards.
	// Default: a temporary directory, removed when the build ends.
	Keep string
	// Go is the go command. Default "go" from PATH.
	Go string
	// Env is added to the environment of every go command (after
	// GOWORK=off and GOFLAGS with -mod=mod added, so it can override
	// them).
	Env []string
	// Log, if set, receives one line per step.
	Log io.Writer
}

// Result is what a build linked.
type Result struct {
	Name     string `json:"name"`
	Output   string `json:"output"`
	BuildDir string `json:"build_dir,omitempty"`
	// Domains are in manifest order.
	Domains []Linked `json:"domains"`
	// Operations is the number of operations the binary installs.
	Operations int `json:"operations"`
}

// Linked is one domain as the binary links it.
type Linked struct {
	Module   string `json:"module"`
	Version  string `json:"version"`
	Package  string `json:"package"`
	Register string `json:"register"`
	// Replace is the local directory the module was built from, if any.
	Replace string `json:"replace,omitempty"`
	// Operations is how many catalog entries the module provides.
	Operations int `json:"operations"`
}

// BuildError is a failure after the manifest checked out: a go command or
// the fresh binary failed. Domain names the manifest entry at fault when
// one can be identified (1-based; 0 when none).
type BuildError struct {
	Step   string
	Domain int
	Module string
	Detail string
}

func (e *BuildError) Error() string {
	who := ""
	if e.Domain > 0 {
		who = fmt.Sprintf("domain %d (%s): ", e.Domain, e.Module)
	}
	return fmt.Sprintf("%s%s: %s", who, e.Step, strings.TrimSpace(e.Detail))
}

// Build generates the main module for m, builds it, checks that the binary
// registers every domain cleanly, and only then writes it to m's output
// path. Every check that can run before the compiler does: a missing
// module, a package without the named Register function, a domain whose
// registration fails all end the build with an error naming the manifest
// entry, and no binary is written.
func Build(ctx context.Context, m *Manifest, opts Options) (*Result, error) {
	if opts.Go == "" {
		opts.Go = "go"
	}
	// Keep the caller's GOFLAGS (such as -buildvcs=false) beside -mod=mod.
	goflags := strings.TrimSpace(os.Getenv("GOFLAGS") + " -mod=mod")
	env := append([]string{"GOWORK=off", "GOFLAGS=" + goflags}, opts.Env...)
	logf := func(format string, args ...any) {
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, format+"\n", args...)
		}
	}

	dir := opts.Keep
	if dir == "" {
		tmp, err := os.MkdirTemp("", "jacobian-build-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	} else if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}

	logf("checking %d domains", len(m.Domains))
	p, err := resolve(ctx, m, goModDownload(opts.Go, env, dir))
	if err != nil {
		return nil, err
	}
	logf("generating the main module in %s", dir)
	if err := p.write(dir); err != nil {
		return nil, err
	}
	logf("go mod tidy")
	if out, err := runGo(ctx, opts.Go, env, dir, "mod", "tidy"); err != nil {
		return nil, p.blame("go mod tidy", out, err)
	}
	bin := filepath.Join(dir, m.Name)
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	logf("go build -o %s", bin)
	if out, err := runGo(ctx, opts.Go, env, dir, "build", "-o", bin, "."); err != nil {
		return nil, p.blame("go build", out, err)
	}
	logf("checking that every domain registers")
	res, err := p.inspect(ctx, bin)
	if err != nil {
		return nil, err
	}
	out := m.OutputPath()
	logf("writing %s", out)
	if err := install(bin, out); err != nil {
		return nil, err
	}
	res.Output = out
	if opts.Keep != "" {
		res.BuildDir = dir
	}
	return res, nil
}

// runGo runs the go command in dir and returns its combined output.
func runGo(ctx context.Context, goCmd string, env []string, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, goCmd, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.Bytes(), err
}

// blame turns a failed go command into a BuildError naming the domain
// whose module or package the output mentions, longest path first.
func (p *plan) blame(step string, out []byte, err error) error {
	text := string(out)
	if text == "" {
		text = err.Error()
	}
	be := &BuildError{Step: step + " failed", Detail: text}
	best := 0
	for _, d := range p.domains {
		for _, path := range []string{d.Package, d.Module, d.alias + "." + d.Register} {
			if len(path) > best && strings.Contains(text, path) {
				be.Domain, be.Module, best = d.index+1, d.Module, len(path)
			}
		}
	}
	return be
}

// registrationFailure matches the error cli.Main prints when the domains'
// Register functions fail, and the module names core's registry puts in
// each message.
var (
	registrationFailure = regexp.MustCompile(`the installed domains are inconsistent[^:\n]*: (?s)(.*)`)
	moduleMention       = regexp.MustCompile(`(?:by|module|not) ([A-Za-z0-9_.~/-]+)`)
	operationMention    = regexp.MustCompile(`operation ([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+)`)
)

// inspect runs the fresh binary's catalog and reads its build information:
// a registration failure becomes an error naming the domain, and the
// result reports what was linked.
func (p *plan) inspect(ctx context.Context, bin string) (*Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "catalog", "--json")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, p.registrationError(stderr.String(), err)
	}
	var catalog struct {
		Count      int `json:"count"`
		Operations []struct {
			ID       string `json:"capability_id"`
			Provider struct {
				Module  string `json:"module"`
				Version string `json:"version"`
			} `json:"provider"`
		} `json:"operations"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &catalog); err != nil {
		return nil, &BuildError{Step: "reading the binary's catalog", Detail: err.Error()}
	}
	perModule := map[string]int{}
	for _, op := range catalog.Operations {
		perModule[op.Provider.Module]++
	}
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		return nil, &BuildError{Step: "reading the binary's build information", Detail: err.Error()}
	}
	res := &Result{Name: p.m.Name, Operations: catalog.Count}
	for _, d := range p.domains {
		l := Linked{Module: d.Module, Version: "unknown", Package: d.Package, Register: d.Register, Operations: perModule[d.Module]}
		for _, dep := range info.Deps {
			if dep.Path != d.Module {
				continue
			}
			l.Version = dep.Version
			if dep.Replace != nil {
				l.Replace = dep.Replace.Path
				if v := dep.Replace.Version; v != "" && v != "(devel)" {
					l.Version = v
				}
			}
			// A module replaced by a directory has no version of its own;
			// report the one go.mod requires.
			if l.Version == "" || l.Version == "(devel)" {
				l.Version = p.requiredVersion(d)
			}
		}
		res.Domains = append(res.Domains, l)
	}
	return res, nil
}

// registrationError explains why the binary would not start and names the
// domain at fault, trying the most precise evidence first:
//
//   - the modules core's registry names: in "declared twice (by A and by
//     B)" and "namespace ... belongs to module A, not B" the later entry in
//     the manifest is the one that collided with a domain already
//     registered;
//   - for an operation the registry names without a module (a malformed
//     declaration), the domain whose sources hold that ID as a string
//     literal, when exactly one does;
//   - for a panic, the domain package on the stack.
func (p *plan) registrationError(stderr string, runErr error) error {
	detail := strings.TrimSpace(stderr)
	if detail == "" {
		detail = runErr.Error()
	}
	be := &BuildError{Step: "the built binary does not start", Detail: detail}
	if m := registrationFailure.FindStringSubmatch(stderr); m != nil {
		be.Step, be.Detail = "registration failed", strings.TrimSpace(m[1])
	}
	blamed := p.modulesMentioned(stderr)
	if len(blamed) == 0 {
		blamed = p.domainsDeclaring(operationMention.FindAllStringSubmatch(stderr, -1))
	}
	if len(blamed) == 0 {
		for _, d := range p.domains {
			if strings.Contains(stderr, d.Package+".") {
				blamed = append(blamed, d.index)
			}
		}
	}
	if len(blamed) > 0 {
		last := slices.Max(blamed)
		be.Domain, be.Module = last+1, p.domains[last].Module
	}
	return be
}

// modulesMentioned lists the domains whose module core's registry names
// in a registration error.
func (p *plan) modulesMentioned(stderr string) []int {
	var out []int
	for _, mention := range moduleMention.FindAllStringSubmatch(stderr, -1) {
		mod := strings.TrimRight(mention[1], ",.;)")
		for _, d := range p.domains {
			if d.Module == mod && !slices.Contains(out, d.index) {
				out = append(out, d.index)
			}
		}
	}
	return out
}

// domainsDeclaring finds, for the first operation ID named, the one domain
// whose module sources hold it as a string literal; none if no domain or
// several do.
func (p *plan) domainsDeclaring(mentions [][]string) []int {
	for _, m := range mentions {
		literal := []byte(strconv.Quote(m[1]))
		var holders []int
		for _, d := range p.domains {
			if d.moduleDir != "" && sourcesContain(d.moduleDir, literal) {
				holders = append(holders, d.index)
			}
		}
		if len(holders) == 1 {
			return holders
		}
	}
	return nil
}

// sourcesContain reports whether a non-test Go file of the module rooted
// at dir (nested modules and testdata excluded) contains b.
func sourcesContain(dir string, b []byte) bool {
	found := false
	_ = filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		switch {
		case found:
			return filepath.SkipAll
		case err != nil:
			return nil // an unreadable entry cannot hold the literal
		case e.IsDir():
			name := e.Name()
			if path != dir && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || fileExists(filepath.Join(path, "go.mod"))) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		if data, err := os.ReadFile(path); err == nil && bytes.Contains(data, b) {
			found = true
		}
		return nil
	})
	return found
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// install copies the binary to out through a temporary file in the same
// directory, so out is either the old file or the whole new one.
func install(bin, out string) error {
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	src, err := os.Open(bin)
	if err != nil {
		return err
	}
	defer src.Close()
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".tmp-")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := io.Copy(tmp, src); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o755); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), out)
}

// Summary renders a result for people: one line per domain.
func (r *Result) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "built %s (%d operations) -> %s\n", r.Name, r.Operations, r.Output)
	for _, d := range r.Domains {
		fmt.Fprintf(&b, "  %s %s %s.%s: %d operations", d.Module, d.Version, d.Package, d.Register, d.Operations)
		if d.Replace != "" {
			fmt.Fprintf(&b, " (from %s)", d.Replace)
		}
		b.WriteString("\n")
	}
	if r.BuildDir != "" {
		fmt.Fprintf(&b, "build directory kept: %s\n", r.BuildDir)
	}
	return b.String()
}
