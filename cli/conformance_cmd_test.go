package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

func conformanceRun(t *testing.T, domains []core.Registrar, args ...string) invocation {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(Config{Domains: domains, Args: append([]string{"conformance"}, args...), Stdout: &out, Stderr: &errOut})
	return invocation{code, out.String(), errOut.String()}
}

func TestConformance(t *testing.T) {
	t.Run("sound", func(t *testing.T) {
		inv := conformanceRun(t, []core.Registrar{registerWait})
		if inv.code != ExitCompleted {
			t.Errorf("exit %d for a sound declaration\n%s%s", inv.code, inv.stdout, inv.stderr)
		}
		lines := strings.Split(strings.TrimSpace(inv.stdout), "\n")
		if len(lines) != len(conformance.Clauses())+1 {
			t.Errorf("%d lines for %d clauses:\n%s", len(lines), len(conformance.Clauses()), inv.stdout)
		}
		for i, clause := range conformance.Clauses() {
			if f := strings.Fields(lines[i]); len(f) < 3 || f[1] != "fixture.compute.wait" || strings.TrimSuffix(f[2], ":") != clause {
				t.Errorf("line %d %q does not report clause %s", i, lines[i], clause)
			}
		}
		if summary := lines[len(lines)-1]; !strings.HasPrefix(summary, "1 declaration: ") || !strings.Contains(summary, " 0 failed") || !strings.HasSuffix(summary, "(seed 1)") {
			t.Errorf("summary %q", summary)
		}
	})

	t.Run("failing", func(t *testing.T) {
		inv := conformanceRun(t, []core.Registrar{registerWait, registerPanic}, "--failures", "--seed", "7")
		if inv.code != ExitFailed {
			t.Errorf("exit %d with a panicking operation, want %d", inv.code, ExitFailed)
		}
		if !strings.Contains(inv.stdout, "FAIL fixture.compute.panic examples_run") {
			t.Errorf("the panicking example is not reported:\n%s", inv.stdout)
		}
		for _, l := range strings.Split(strings.TrimSpace(inv.stdout), "\n") {
			if !strings.HasPrefix(l, "FAIL ") && !strings.HasPrefix(l, "2 declarations: ") {
				t.Errorf("--failures printed %q", l)
			}
		}
	})

	t.Run("json", func(t *testing.T) {
		inv := conformanceRun(t, []core.Registrar{registerWait, registerPanic}, "--json")
		var sum conformanceSummary
		if err := json.Unmarshal([]byte(inv.stdout), &sum); err != nil {
			t.Fatalf("conformance --json: %v\n%s", err, inv.stdout)
		}
		if sum.Declarations != 2 || len(sum.Results) != 2*len(conformance.Clauses()) ||
			sum.Passed+sum.Failed+sum.Skipped != len(sum.Results) || sum.Failed != len(sum.Report.Failed()) || sum.Failed == 0 {
			t.Errorf("inconsistent summary: %+v", sum)
		}
		if inv.code != ExitFailed {
			t.Errorf("exit %d, want %d", inv.code, ExitFailed)
		}
	})
}
