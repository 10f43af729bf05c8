// Command peers benchmarks Jacobian against PARI/GP, FLINT and SymPy on
// the same seeded inputs and prints one table (make bench-peers).
//
// The Go side draws each case's inputs (math/rand/v2 PCG, one stream per
// case) and writes them as decimal lines to a work directory. For each
// case and round it runs gp on a generated script over peers.gp, then
// flint_runner (compiled from flint_runner.c with the system's C compiler
// against -lflint -lgmp), then python3 on sympy_runner.py, then Jacobian
// in this process, skipping a peer without a routine for the case; every
// system times its own loop of calls, excluding start-up and input
// reading, and writes its answer as decimal lines. The answers of all systems and
// rounds must agree line for line; the table gives each system's minimum
// over the rounds.
//
// The cases are caseTable in cases.go.
//
// Usage:
//
//	peers [-cases REGEXP] [-rounds 3] [-min-time 100ms] [-threads N] [-seed 1] [-keep]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"runtime"
	"time"
)

func main() {
	if err := mainErr(); err != nil {
		fmt.Fprintln(os.Stderr, "peers:", err)
		os.Exit(1)
	}
}

func mainErr() error {
	pattern := flag.String("cases", "", "run only the cases whose name matches this regular expression")
	rounds := flag.Int("rounds", 3, "rounds per case; the table reports each system's minimum")
	minTime := flag.Duration("min-time", 100*time.Millisecond, "each system repeats a call for at least this long a round (gp's clock counts milliseconds)")
	threads := flag.Int("threads", runtime.GOMAXPROCS(0), "threads for PARI (nbthreads) and FLINT")
	seed := flag.Uint64("seed", 1, "seed of the inputs")
	keep := flag.Bool("keep", false, "keep the work directory with the inputs, scripts and answers")
	flag.Parse()

	cases, err := regexp.Compile(*pattern)
	if err != nil {
		return err
	}
	if *rounds < 1 {
		return errors.New("-rounds must be at least 1")
	}
	gp, err := exec.LookPath("gp")
	if err != nil {
		return errors.New("gp (PARI/GP) is not installed; make bench-peers installs it")
	}
	// SymPy is optional: only its cases fail without it.
	python, err := exec.LookPath("python3")
	if err == nil && exec.Command(python, "-c", "import sympy").Run() != nil {
		python = ""
	}
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "cc"
	}
	dir, err := os.MkdirTemp("", "jacobian-peers-")
	if err != nil {
		return err
	}
	if *keep {
		fmt.Fprintln(os.Stderr, "work directory:", dir)
	} else {
		defer os.RemoveAll(dir)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg := config{
		cases: cases, rounds: *rounds, minTime: *minTime, threads: *threads, seed: *seed,
		workDir: dir, gp: gp, cc: cc, python: python,
		progress: func(format string, args ...any) { fmt.Fprintf(os.Stderr, format+"\n", args...) },
	}
	start := time.Now()
	b, err := newBench(ctx, cfg)
	if err != nil {
		return err
	}
	defer b.close()
	selection := selected(cfg)
	if len(selection) == 0 {
		return fmt.Errorf("no case matches %q", *pattern)
	}
	var results []*caseResult
	failed := false
	for _, c := range selection {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		r := b.run(ctx, c)
		failed = failed || r.failed != nil || r.disagreement != nil
		results = append(results, r)
	}
	pariVersion, flintVersion, sympyVersion := b.versions(ctx)
	writeReport(os.Stdout, header{pariVersion: pariVersion, flintVersion: flintVersion, sympyVersion: sympyVersion, cfg: cfg, goMaxProcs: runtime.GOMAXPROCS(0)}, results)
	fmt.Printf("\n%d cases in %v\n", len(results), time.Since(start).Round(time.Second))
	if failed {
		return errFailed
	}
	return nil
}
