package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// tinyBench is a bench over the case table at tiny sizes, one round and
// one call a round, or a skip when gp, FLINT or SymPy is missing.
func tinyBench(t *testing.T) *bench {
	t.Helper()
	gp, err := exec.LookPath("gp")
	if err != nil {
		t.Skip("gp (PARI/GP) is not installed")
	}
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler")
	}
	if _, err := os.Stat("/usr/include/flint/flint.h"); err != nil {
		t.Skip("FLINT headers are not installed")
	}
	python, err := exec.LookPath("python3")
	if err != nil || exec.Command(python, "-c", "import sympy").Run() != nil {
		t.Skip("python3 with SymPy is not installed")
	}
	cfg := config{rounds: 2, threads: 1, seed: 1, tiny: true, workDir: t.TempDir(), gp: gp, cc: cc, python: python}
	b, err := newBench(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.close)
	return b
}

// TestPeersAgree runs every case at its tiny size on all four systems and
// checks that they agree; then it corrupts one answer at a time and checks
// that the comparison names the system, the round and the line.
func TestPeersAgree(t *testing.T) {
	b := tinyBench(t)
	ctx := context.Background()
	var results []*caseResult
	for _, c := range selected(b.cfg) {
		r := b.run(ctx, c)
		if r.failed != nil {
			t.Fatalf("%s: %v", c.Name, r.failed)
		}
		if r.disagreement != nil {
			t.Fatalf("%s: %v", c.Name, r.disagreement)
		}
		for s := range systems {
			if !c.has(s) {
				if len(r.rounds[s]) != 0 {
					t.Fatalf("%s: %v has no routine for the case but %d rounds", c.Name, s, len(r.rounds[s]))
				}
				continue
			}
			if len(r.rounds[s]) != b.cfg.rounds || len(r.rounds[s][0].answer) == 0 {
				t.Fatalf("%s: %v has %d rounds, first answer %q", c.Name, s, len(r.rounds[s]), r.rounds[s][0].answer)
			}
		}
		results = append(results, r)
	}

	r := results[0]
	corrupt := func(s system, round int, change func([]string) []string) error {
		saved := r.rounds[s][round].answer
		defer func() { r.rounds[s][round].answer = saved }()
		r.rounds[s][round].answer = change(slices.Clone(saved))
		return disagreement(r)
	}
	lastDigit := func(a []string) []string {
		last := a[len(a)-1]
		d := byte('1')
		if last[len(last)-1] == '1' {
			d = '2'
		}
		a[len(a)-1] = last[:len(last)-1] + string(d)
		return a
	}
	n := len(r.rounds[pari][0].answer)
	for _, tc := range []struct {
		s      system
		round  int
		change func([]string) []string
		want   string
	}{
		{flint, 0, lastDigit, "FLINT round 1 differs from PARI round 1 at answer line " + strconv.Itoa(n)},
		{jacobian, 1, lastDigit, "Jacobian round 2 differs"},
		{pari, 1, func(a []string) []string { return a[:len(a)-1] }, "PARI round 2 differs from PARI round 1 at answer line " + strconv.Itoa(n) + ": (ends after"},
		{flint, 1, func(a []string) []string { return append(a, "0") }, "FLINT round 2 differs"},
	} {
		err := corrupt(tc.s, tc.round, tc.change)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("corrupting %v round %d: got %v, want an error containing %q", tc.s, tc.round+1, err, tc.want)
		}
	}
	if err := disagreement(r); err != nil {
		t.Fatalf("after restoring the answers: %v", err)
	}

	// Without a GP expression, the first peer that ran is the reference.
	var g *caseResult
	for _, res := range results {
		if !res.c.has(pari) && res.c.has(sympy) {
			g = res
		}
	}
	if g == nil {
		t.Fatal("no case without PARI but with SymPy")
	}
	saved := g.rounds[jacobian][0].answer
	g.rounds[jacobian][0].answer = lastDigit(slices.Clone(saved))
	if err := disagreement(g); err == nil || !strings.Contains(err.Error(), "Jacobian round 1 differs from SymPy round 1") {
		t.Errorf("corrupting Jacobian's Gröbner basis: got %v, want a difference from SymPy round 1", err)
	}
	g.rounds[jacobian][0].answer = saved

	// The table has a row per case, the det series' exponent, and names a
	// disagreement.
	var out bytes.Buffer
	writeReport(&out, header{pariVersion: "2.x", flintVersion: "2.x", sympyVersion: "1.x", cfg: b.cfg, goMaxProcs: 1}, results)
	for _, want := range []string{"det growth exponent", "agree sha256:", "groebner_cyclic6_grevlex: SymPy sits out"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
	for _, res := range results {
		if !strings.Contains(out.String(), res.c.Name) {
			t.Errorf("the report has no row for %s", res.c.Name)
		}
	}
	r.disagreement = corrupt(flint, 0, lastDigit)
	out.Reset()
	writeReport(&out, header{cfg: b.cfg}, results[:1])
	if !strings.Contains(out.String(), "DISAGREE: FLINT round 1") {
		t.Errorf("the report does not name the disagreement:\n%s", out.String())
	}
}

// TestPeerFailuresReported checks that an error in a GP expression or an
// unknown FLINT or SymPy routine fails the case rather than passing
// silently.
func TestPeerFailuresReported(t *testing.T) {
	b := tinyBench(t)
	base := selected(b.cfg)[0]
	for _, tc := range []struct {
		name   string
		change func(*Case)
		want   string
	}{
		{"gp", func(c *Case) { c.GP = "no_such_function(a)" }, "PARI, round 1"},
		{"flint", func(c *Case) { c.FLINT = "no_such_routine" }, "FLINT, round 1"},
		{"sympy", func(c *Case) { c.SymPy = "no_such_routine" }, "SymPy, round 1"},
	} {
		c := base
		tc.change(&c)
		r := b.run(context.Background(), c)
		if r.failed == nil || !strings.Contains(r.failed.Error(), tc.want) {
			t.Errorf("%s: got %v, want a failure containing %q", tc.name, r.failed, tc.want)
		}
	}
}
