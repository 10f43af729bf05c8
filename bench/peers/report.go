package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"
)

// header describes how the figures were taken.
type header struct {
	pariVersion, flintVersion, sympyVersion string
	cfg                                     config
	goMaxProcs                              int
}

// writeReport prints the table: a row per case with each system's best
// time, Jacobian's ratio to the faster peer and the agreed answer's
// digest, then a growth exponent per series.
func writeReport(w io.Writer, h header, results []*caseResult) {
	fmt.Fprintf(w, "Jacobian against PARI/GP %s, FLINT %s and SymPy %s (seed %d)\n", h.pariVersion, h.flintVersion, h.sympyVersion, h.cfg.seed)
	fmt.Fprintf(w, "Times: in-process wall time per call, minimum of %d rounds; each system times its own loop of calls (at least %v a round),\n", h.cfg.rounds, h.cfg.minTime)
	fmt.Fprintf(w, "excluding start-up and input reading; rounds interleave PARI, FLINT, SymPy, Jacobian. Catalog operations are timed through\n")
	fmt.Fprintf(w, "core.Runtime.Run (payload decoding, preflight, execution, postcondition, result encoding); kernels as bare Go calls.\n")
	fmt.Fprintf(w, "The peers' clock includes the decimal rendering of the answer (GP Str, fmpz_get_str) in the binomial, Fibonacci, partition\n")
	fmt.Fprintf(w, "and Bernoulli rows, whose long answers make the result encoding a large part of Jacobian's time.\n")
	fmt.Fprintf(w, "Threads: PARI nbthreads=%d, FLINT %d, SymPy 1, Jacobian GOMAXPROCS=%d. ratio = Jacobian / fastest peer of the row;\n", h.cfg.threads, h.cfg.threads, h.goMaxProcs)
	fmt.Fprintf(w, "- where a system has no routine for the case (PARI and FLINT 2.9 have no Gröbner bases; notes below the table).\n\n")

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "case\tPARI\tFLINT\tSymPy\tJacobian\tratio\tanswers")
	for _, r := range results {
		name := r.c.Name
		if r.size != r.c.Size {
			name = fmt.Sprintf("%s (n=%d)", name, r.size)
		}
		row := []string{name}
		for s := range systems {
			if t, ok := r.best(s); ok && r.failed == nil {
				row = append(row, formatDuration(t))
			} else {
				row = append(row, "-")
			}
		}
		row = append(row, formatRatio(r))
		switch {
		case r.failed != nil:
			row = append(row, "FAILED")
		case r.disagreement != nil:
			row = append(row, "DISAGREE")
		default:
			sum := sha256.Sum256([]byte(strings.Join(r.rounds[r.reference()][0].answer, "\n")))
			row = append(row, fmt.Sprintf("agree sha256:%x", sum[:6]))
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()

	for _, r := range results {
		if r.c.Note != "" {
			fmt.Fprintf(w, "%s: %s\n", r.c.Name, r.c.Note)
		}
	}
	for _, line := range growthExponents(results) {
		fmt.Fprintln(w, line)
	}
	for _, r := range results {
		if r.failed != nil {
			fmt.Fprintf(w, "%s FAILED: %v\n", r.c.Name, r.failed)
		}
		if r.disagreement != nil {
			fmt.Fprintf(w, "%s DISAGREE: %v\n", r.c.Name, r.disagreement)
		}
	}
}

func formatRatio(r *caseResult) string {
	if r.failed != nil {
		return "-"
	}
	j, _ := r.best(jacobian)
	var peer time.Duration
	for s := range jacobian {
		if t, ok := r.best(s); ok && (peer == 0 || t < peer) {
			peer = t
		}
	}
	if peer <= 0 {
		return "-"
	}
	// Two significant digits below 0.1, where two decimals would say 0.00.
	x := float64(j) / float64(peer)
	if x < 0.1 {
		return fmt.Sprintf("%.2g", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// growthExponents fits t ∝ n^e between the smallest and largest case of
// each series, for each system.
func growthExponents(results []*caseResult) []string {
	var series []string
	members := map[string][]*caseResult{}
	for _, r := range results {
		if r.c.Series == "" || r.failed != nil {
			continue
		}
		if _, seen := members[r.c.Series]; !seen {
			series = append(series, r.c.Series)
		}
		members[r.c.Series] = append(members[r.c.Series], r)
	}
	var lines []string
	for _, name := range series {
		rs := members[name]
		lo, hi := rs[0], rs[0]
		for _, r := range rs {
			if r.size < lo.size {
				lo = r
			}
			if r.size > hi.size {
				hi = r
			}
		}
		if lo.size == hi.size {
			continue
		}
		var parts []string
		for s := range systems {
			tlo, _ := lo.best(s)
			thi, _ := hi.best(s)
			e := "-"
			if tlo > 0 && thi > 0 {
				e = fmt.Sprintf("%.2f", math.Log(float64(thi)/float64(tlo))/math.Log(float64(hi.size)/float64(lo.size)))
			}
			parts = append(parts, fmt.Sprintf("%v %s", s, e))
		}
		lines = append(lines, fmt.Sprintf("\n%s growth exponent e in t ∝ n^e, n = %d → %d: %s", name, lo.size, hi.size, strings.Join(parts, ", ")))
	}
	return lines
}

// formatDuration prints d with three significant digits.
func formatDuration(d time.Duration) string {
	switch s := d.Seconds(); {
	case s >= 1:
		return fmt.Sprintf("%.3g s", s)
	case s >= 1e-3:
		return fmt.Sprintf("%.3g ms", s*1e3)
	default:
		return fmt.Sprintf("%.3g µs", s*1e6)
	}
}
