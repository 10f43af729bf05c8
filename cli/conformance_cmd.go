package cli

import (
	"context"
	"fmt"
	"strings"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// ConformanceCmd runs the conformance suite against the binary's own
// registry: the same checks third-party domain modules run from go test.
type ConformanceCmd struct {
	Seed      uint64 `default:"1" help:"Seed of the generated requests; a failure reproduces with the same seed."`
	Generated int    `default:"20" help:"Random requests generated for each operation that declares a generator."`
	Failures  bool   `name:"failures" help:"Print only failing clauses (and the summary)."`
	JSON      bool   `name:"json" help:"Print the report as JSON."`
	jsonOutput
}

// Help is the detailed help of conformance.
func (c *ConformanceCmd) Help() string {
	return `Prints one line per declaration and clause (PASS, FAIL or SKIP, with the
reason), then a summary. A SKIP is not a pass: it says why the clause had
nothing to check. Exits 0 when no clause fails, 1 when any does, 130 when
interrupted (the clauses not reached are reported as skipped).`
}

// conformanceSummary is the --json form: the report and its counts.
type conformanceSummary struct {
	Seed         uint64 `json:"seed"`
	Declarations int    `json:"declarations"`
	Passed       int    `json:"passed"`
	Failed       int    `json:"failed"`
	Skipped      int    `json:"skipped"`
	conformance.Report
}

// Run checks every declaration and prints the report.
func (c *ConformanceCmd) Run(ctx context.Context, reg *core.Registry, std *streams) error {
	rep := conformance.Check(ctx, reg, conformance.Options{Seed: c.Seed, Generated: c.Generated})
	sum := conformanceSummary{Seed: c.Seed, Declarations: reg.Len(), Report: rep}
	for _, r := range rep.Results {
		switch r.Status {
		case conformance.Pass:
			sum.Passed++
		case conformance.Fail:
			sum.Failed++
		default:
			sum.Skipped++
		}
	}
	if c.JSON {
		if err := writeJSON(std.out, sum, c.Compact); err != nil {
			return err
		}
	} else {
		var b strings.Builder
		for _, r := range rep.Results {
			if c.Failures && r.Status != conformance.Fail {
				continue
			}
			fmt.Fprintf(&b, "%-4s %s %s", strings.ToUpper(string(r.Status)), r.CapabilityID, r.Clause)
			if r.Message != "" {
				fmt.Fprintf(&b, ": %s", r.Message)
			}
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s: %d passed, %d failed, %d skipped (seed %d)\n",
			plural(sum.Declarations, "declaration", "declarations"), sum.Passed, sum.Failed, sum.Skipped, c.Seed)
		if _, err := fmt.Fprint(std.out, b.String()); err != nil {
			return internalErrorf("writing the report: %v", err)
		}
	}
	switch {
	case ctx.Err() != nil:
		return silentExit(ExitInterrupted)
	case sum.Failed > 0:
		return silentExit(ExitFailed)
	}
	return nil
}
