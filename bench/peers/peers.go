package main

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"jacobian.dev/core"
)

// runners holds flint_runner.c with the per-domain flint_<domain>.c it
// includes, peers.gp with any per-domain peers_<domain>.gp, and
// sympy_runner.py.
//
//go:embed runners/*.c runners/*.gp runners/*.py
var runners embed.FS

// system is one of the four systems compared.
type system int

const (
	pari system = iota
	flint
	sympy
	jacobian
	systems
)

func (s system) String() string { return [...]string{"PARI", "FLINT", "SymPy", "Jacobian"}[s] }

// has reports whether system s computes case c: Jacobian always, a peer
// when the case names its routine or expression.
func (c Case) has(s system) bool {
	switch s {
	case pari:
		return c.GP != ""
	case flint:
		return c.FLINT != ""
	case sympy:
		return c.SymPy != ""
	}
	return true
}

// peerTimeout bounds one system's round of one case.
const peerTimeout = 10 * time.Minute

// config is one benchmark run.
type config struct {
	cases   *regexp.Regexp
	rounds  int
	minTime time.Duration // each system repeats a call for at least this long a round
	threads int           // PARI's nbthreads, FLINT's thread count; Jacobian has GOMAXPROCS
	seed    uint64
	tiny    bool // use each case's Tiny size
	workDir string
	gp, cc  string
	python  string // python3, or empty when SymPy is not installed
	// progress, if set, receives a line per system and round.
	progress func(format string, args ...any)
}

// measurement is one system's round of one case.
type measurement struct {
	perCall time.Duration
	calls   int
	answer  []string
}

// caseResult is every measurement of one case, in run order.
type caseResult struct {
	c      Case
	size   int
	rounds [systems][]measurement
	// failed is the first system failure; disagreement, the first answer
	// that differs from the others.
	failed, disagreement error
}

// best is the minimum time per call over the rounds of s.
func (r *caseResult) best(s system) (time.Duration, bool) {
	var m time.Duration
	for i, x := range r.rounds[s] {
		if i == 0 || x.perCall < m {
			m = x.perCall
		}
	}
	return m, len(r.rounds[s]) > 0
}

// bench runs the selected cases, each round interleaving PARI, FLINT,
// SymPy and Jacobian (those of them that compute the case), and checks
// that their answers agree.
type bench struct {
	cfg         config
	gpLib       string
	flintRunner string
	sympyRunner string
	rt          *core.Runtime
}

func newBench(ctx context.Context, cfg config) (*bench, error) {
	b := &bench{cfg: cfg, gpLib: filepath.Join(cfg.workDir, "peers.gp"), flintRunner: filepath.Join(cfg.workDir, "flint_runner"),
		sympyRunner: filepath.Join(cfg.workDir, "sympy_runner.py")}
	if !gpQuotable(cfg.workDir) {
		return nil, fmt.Errorf("the work directory %q cannot be written as a GP string", cfg.workDir)
	}
	if err := writeRunners(cfg.workDir, b.gpLib); err != nil {
		return nil, err
	}
	src := filepath.Join(cfg.workDir, "flint_runner.c")
	if out, err := exec.CommandContext(ctx, cfg.cc, "-O2", "-o", b.flintRunner, src, "-lflint", "-lgmp").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("compiling the FLINT runner: %v\n%s", err, out)
	}
	rt, err := newRuntime()
	if err != nil {
		return nil, err
	}
	b.rt = rt
	return b, nil
}

func (b *bench) close() { b.rt.Close() }

// writeRunners writes the C and Python sources into dir as they are and
// the GP files as one library at gpLib, peers.gp first.
func writeRunners(dir, gpLib string) error {
	entries, err := runners.ReadDir("runners")
	if err != nil {
		return err
	}
	gp, err := runners.ReadFile("runners/peers.gp")
	if err != nil {
		return err
	}
	for _, e := range entries {
		data, err := runners.ReadFile("runners/" + e.Name())
		if err != nil {
			return err
		}
		switch {
		case strings.HasSuffix(e.Name(), ".c"), strings.HasSuffix(e.Name(), ".py"):
			if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
				return err
			}
		case e.Name() != "peers.gp":
			gp = append(append(gp, '\n'), data...)
		}
	}
	return os.WriteFile(gpLib, gp, 0o644)
}

// gpQuotable reports whether %q writes s as a GP string: printable ASCII
// without quotes or backslashes, which both languages read alike.
func gpQuotable(s string) bool {
	for _, r := range s {
		if r < ' ' || r > '~' || r == '"' || r == '\\' {
			return false
		}
	}
	return true
}

// versions names the peers' versions.
func (b *bench) versions(ctx context.Context) (pariVersion, flintVersion, sympyVersion string) {
	v, err := exec.CommandContext(ctx, b.cfg.gp, "--version-short").Output()
	pariVersion = strings.TrimSpace(string(v))
	if err != nil {
		pariVersion = "?"
	}
	v, err = exec.CommandContext(ctx, b.flintRunner, "version").Output()
	flintVersion = strings.TrimSpace(string(v))
	if err != nil {
		flintVersion = "?"
	}
	sympyVersion = "?"
	if b.cfg.python != "" {
		if v, err := exec.CommandContext(ctx, b.cfg.python, b.sympyRunner, "version").Output(); err == nil {
			sympyVersion = strings.TrimSpace(string(v))
		}
	}
	return pariVersion, flintVersion, sympyVersion
}

// selected is the case table filtered by the pattern.
func selected(cfg config) []Case {
	var out []Case
	for _, c := range caseTable() {
		if cfg.cases == nil || cfg.cases.MatchString(c.Name) {
			out = append(out, c)
		}
	}
	return out
}

// run measures one case.
func (b *bench) run(ctx context.Context, c Case) *caseResult {
	r := &caseResult{c: c, size: c.Size}
	if b.cfg.tiny {
		r.size = c.Tiny
	}
	r.failed = b.measure(ctx, r)
	if r.failed == nil {
		r.disagreement = disagreement(r)
	}
	return r
}

func (b *bench) measure(ctx context.Context, r *caseResult) error {
	dir := filepath.Join(b.cfg.workDir, r.c.Name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// Each case has its own stream, so its inputs do not depend on which
	// other cases were selected.
	h := fnv.New64a()
	h.Write([]byte(r.c.Name))
	rng := rand.New(rand.NewPCG(b.cfg.seed, h.Sum64()))
	ins, err := r.c.Inputs(rng, r.size)
	if err != nil {
		return fmt.Errorf("generating the inputs: %v", err)
	}
	paths, err := writeInputs(dir, ins)
	if err != nil {
		return fmt.Errorf("writing the inputs: %v", err)
	}
	call, err := r.c.Jacobian.prepare(ins)
	if err != nil {
		return fmt.Errorf("preparing the Jacobian call: %v", err)
	}
	for round := 1; round <= b.cfg.rounds; round++ {
		for s := range systems {
			if !r.c.has(s) {
				continue
			}
			var m measurement
			var err error
			ctx, cancel := context.WithTimeout(ctx, peerTimeout)
			switch s {
			case pari:
				m, err = b.runPARI(ctx, r.c, dir, ins, paths)
			case flint:
				m, err = b.runFLINT(ctx, r.c, dir, paths)
			case sympy:
				m, err = b.runSymPy(ctx, r.c, dir, paths)
			case jacobian:
				m, err = b.runJacobian(ctx, call)
			}
			cancel()
			if err != nil {
				return fmt.Errorf("%v, round %d: %v", s, round, err)
			}
			if b.cfg.progress != nil {
				b.cfg.progress("%s round %d: %-8v %s (%d calls)", r.c.Name, round, s, formatDuration(m.perCall), m.calls)
			}
			r.rounds[s] = append(r.rounds[s], m)
		}
	}
	return nil
}

// runPARI writes the case's GP script for this round and runs gp on it.
func (b *bench) runPARI(ctx context.Context, c Case, dir string, ins []Input, paths []string) (measurement, error) {
	out := filepath.Join(dir, "answer.pari.txt")
	var script strings.Builder
	fmt.Fprintf(&script, "read(%q);\n", b.gpLib)
	for i, in := range ins {
		fmt.Fprintf(&script, "%s = peers_read(%q, %q);\n", in.Name, paths[i], in.Kind)
	}
	if c.GPSetup != "" {
		fmt.Fprintf(&script, "%s;\n", c.GPSetup)
	}
	fmt.Fprintf(&script, "peers_bench(() -> %s, %d, %q);\nquit;\n", c.GP, b.cfg.minTime.Milliseconds(), out)
	path := filepath.Join(dir, "case.gp")
	if err := os.WriteFile(path, []byte(script.String()), 0o644); err != nil {
		return measurement{}, err
	}
	cmd := exec.CommandContext(ctx, b.cfg.gp, "-q", "-f",
		"-D", "parisizemax=4000000000", "-D", "threadsizemax=1000000000",
		"-D", "nbthreads="+strconv.Itoa(b.cfg.threads), path)
	return runPeer(cmd, out)
}

// runFLINT runs the case's routine of the FLINT runner.
func (b *bench) runFLINT(ctx context.Context, c Case, dir string, paths []string) (measurement, error) {
	out := filepath.Join(dir, "answer.flint.txt")
	args := append([]string{c.FLINT, strconv.Itoa(b.cfg.threads), strconv.FormatFloat(b.cfg.minTime.Seconds(), 'g', -1, 64), out}, paths...)
	cmd := exec.CommandContext(ctx, b.flintRunner, args...)
	// FLINT's quadratic sieve keeps its relations in a file of the
	// current directory: the case's directory, not the caller's.
	cmd.Dir = dir
	return runPeer(cmd, out)
}

// runSymPy runs the case's routine of the SymPy runner.
func (b *bench) runSymPy(ctx context.Context, c Case, dir string, paths []string) (measurement, error) {
	if b.cfg.python == "" {
		return measurement{}, errors.New("python3 with SymPy is not installed; make bench-peers installs it")
	}
	out := filepath.Join(dir, "answer.sympy.txt")
	args := append([]string{b.sympyRunner, c.SymPy, strconv.FormatFloat(b.cfg.minTime.Seconds(), 'g', -1, 64), out}, paths...)
	return runPeer(exec.CommandContext(ctx, b.cfg.python, args...), out)
}

// runPeer runs a peer, which prints "time_ns T iterations N" and writes
// its answer lines to out.
func runPeer(cmd *exec.Cmd, out string) (measurement, error) {
	os.Remove(out)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	detail := strings.TrimSpace(stderr.String())
	if err != nil {
		return measurement{}, fmt.Errorf("%v: %s", err, detail)
	}
	var m measurement
	found := false
	for _, line := range strings.Split(stdout.String(), "\n") {
		var ns int64
		if n, _ := fmt.Sscanf(line, "time_ns %d iterations %d", &ns, &m.calls); n == 2 {
			m.perCall, found = time.Duration(ns), true
		}
	}
	if !found {
		// gp reports an error in the script and goes on to its end.
		return measurement{}, fmt.Errorf("no timing line in the output %q: %s", strings.TrimSpace(stdout.String()), detail)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		return measurement{}, fmt.Errorf("reading the answer: %v", err)
	}
	m.answer = strings.Fields(string(text))
	return m, nil
}

// runJacobian repeats Jacobian's timed call for at least minTime, after a
// garbage collection so that no round pays for another's garbage.
func (b *bench) runJacobian(ctx context.Context, call timedCall) (measurement, error) {
	runtime.GC()
	var answer func() ([]string, error)
	var err error
	var m measurement
	start := time.Now()
	for {
		if answer, err = call(ctx, b.rt); err != nil {
			return measurement{}, err
		}
		m.calls++
		if elapsed := time.Since(start); elapsed >= b.cfg.minTime {
			m.perCall = elapsed / time.Duration(m.calls)
			break
		}
	}
	m.answer, err = answer()
	return m, err
}

// disagreement is nil when every round of every system gave the same
// answer lines; otherwise it names the first answer that differs from the
// first round of the first system that ran (PARI, unless the case has no
// GP expression), and where.
func disagreement(r *caseResult) error {
	first := r.reference()
	ref := r.rounds[first][0].answer
	for s := range systems {
		for i, m := range r.rounds[s] {
			if line, differs := firstDifference(ref, m.answer); differs {
				return fmt.Errorf("%v round %d differs from %v round 1 at answer line %d: %s", s, i+1, first, line+1, describeDifference(ref, m.answer, line))
			}
		}
	}
	return nil
}

// reference is the first system, in run order, with a measurement.
func (r *caseResult) reference() system {
	for s := range systems {
		if len(r.rounds[s]) > 0 {
			return s
		}
	}
	return jacobian
}

func firstDifference(a, b []string) (int, bool) {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i, true
		}
	}
	return min(len(a), len(b)), len(a) != len(b)
}

func describeDifference(ref, got []string, line int) string {
	at := func(s []string) string {
		if line >= len(s) {
			return fmt.Sprintf("(ends after %d lines)", len(s))
		}
		return abbreviate(s[line])
	}
	return fmt.Sprintf("%s, not %s", at(got), at(ref))
}

func abbreviate(s string) string {
	if len(s) <= 40 {
		return s
	}
	return fmt.Sprintf("%s…%s (%d digits)", s[:16], s[len(s)-16:], len(s))
}

// errFailed reports that some case failed or disagreed.
var errFailed = errors.New("some cases failed or disagreed")
