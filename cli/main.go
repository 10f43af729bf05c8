package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/alecthomas/kong"

	"jacobian.dev/core"
	"jacobian.dev/server"
)

// Config describes one jacobian binary: its name, version and the domains it
// installs. Everything else has a default taken from the process, so a
// binary's main is one call:
//
//	os.Exit(cli.Main(cli.Config{Name: "jacobian", Domains: domains()}))
type Config struct {
	// Name is the program name shown in help and messages. Default "jacobian".
	Name string
	// Version overrides the version read from the binary's build
	// information.
	Version string
	// Domains are the Register functions of every domain the binary
	// installs, in the order given. They are the binary's whole catalog.
	Domains []core.Registrar

	// Args are the command-line arguments without the program name.
	// Default os.Args[1:].
	Args []string
	// Stdin, Stdout and Stderr default to the process's.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// streams are the standard streams of one invocation, with whether each
// output is a terminal.
type streams struct {
	in        io.Reader
	out, err  io.Writer
	errIsTerm bool
}

// exitPanic carries an exit code from kong's Exit hook back to Main, so the
// library never ends the process itself.
type exitPanic struct{ code int }

// Main runs the jacobian command line and returns the process exit code
// (see the Exit constants). It never calls os.Exit and never panics on bad
// input; the caller's main does os.Exit(cli.Main(cfg)).
func Main(cfg Config) int {
	return MainContext(context.Background(), cfg)
}

// MainContext is Main bounded by ctx: when ctx ends, a running operation is
// cancelled and a server shuts down, exactly as on SIGINT or SIGTERM, which
// also end it.
func MainContext(ctx context.Context, cfg Config) (code int) {
	cfg = withDefaults(cfg)
	defer reportPeakRSS(cfg.Stderr)
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	// After the first signal, restore default handling so a second Ctrl-C
	// ends a process that is slow to wind down.
	go func() {
		<-ctx.Done()
		stop()
	}()

	// A domain that fails to register is a defect in the build: every
	// command refuses to run, except help and version, so the broken binary
	// can still be identified.
	reg, regErr := core.NewRegistryWith(cfg.Domains...)
	rt := core.NewRuntime(reg, core.RuntimeOptions{})
	defer rt.Close()
	std := &streams{in: cfg.Stdin, out: cfg.Stdout, err: cfg.Stderr, errIsTerm: isTerminal(cfg.Stderr)}
	build := readBuild(cfg)

	var grammar commands
	parser, err := kong.New(&grammar,
		kong.Name(cfg.Name),
		kong.Description(description),
		kong.Writers(cfg.Stdout, cfg.Stderr),
		kong.Exit(func(code int) { panic(exitPanic{code}) }),
		flagVars(reg),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		kong.BindTo(ctx, (*context.Context)(nil)),
		kong.Bind(rt, reg, std, build),
	)
	if err != nil {
		fmt.Fprintf(cfg.Stderr, "%s: error: building the command line: %v\n", cfg.Name, err)
		return ExitInternal
	}

	defer func() {
		if p := recover(); p != nil {
			e, ok := p.(exitPanic)
			if !ok {
				panic(p)
			}
			code = e.code
		}
	}()

	kctx, err := parser.Parse(cfg.Args)
	if err != nil {
		parser.Errorf("%s", err)
		fmt.Fprintf(cfg.Stderr, "Run \"%s --help\" or \"%s <command> --help\" for usage.\n", cfg.Name, cfg.Name)
		return ExitUsage
	}
	if regErr != nil {
		if kctx.Command() == "version" {
			// The exit code already reports the defect; a failure to print
			// the versions would add nothing to it.
			_ = kctx.Run()
		}
		parser.Errorf("the installed domains are inconsistent, so this build cannot be used: %v", regErr)
		return ExitInternal
	}
	err = kctx.Run()
	if err == nil {
		return ExitCompleted
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			parser.Errorf("%s", ee.msg)
		}
		return ee.code
	}
	parser.Errorf("%s", err)
	return ExitInternal
}

func withDefaults(cfg Config) Config {
	if cfg.Name == "" {
		cfg.Name = "jacobian"
	}
	if cfg.Args == nil {
		cfg.Args = os.Args[1:]
	}
	if cfg.Stdin == nil {
		cfg.Stdin = os.Stdin
	}
	if cfg.Stdout == nil {
		cfg.Stdout = os.Stdout
	}
	if cfg.Stderr == nil {
		cfg.Stderr = os.Stderr
	}
	return cfg
}

// commands is the command-line grammar: one field per command, each
// implemented in its own file.
type commands struct {
	Catalog     CatalogCmd     `cmd:"" help:"List every installed operation."`
	Find        FindCmd        `cmd:"" help:"Search the catalog for operations matching a description."`
	Inspect     InspectCmd     `cmd:"" help:"Describe one operation: schemas, limits, ports, examples."`
	Run         RunCmd         `cmd:"" help:"Run one operation on a JSON payload and print its outcome."`
	Serve       ServeCmd       `cmd:"" help:"Serve the catalog over MCP (stdio by default, or streamable HTTP)."`
	Conformance ConformanceCmd `cmd:"" help:"Check every installed declaration against the Jacobian contract."`
	Artifacts   ArtifactsCmd   `cmd:"" help:"List, read, verify and collect the durable artifact store."`
	Version     VersionCmd     `cmd:"" help:"Print the version of the binary and of every domain module it links."`
}

const description = `Jacobian is an exact-mathematics engine. Every operation is found with
"find", described with "inspect" and run with "run"; the outcome printed is
the same JSON the MCP server returns.

Exit codes:
  0    completed (a checker's verdict is inside the outcome's "verdict")
  1    failed outcome, unknown ID, conformance failure, missing or corrupted
       artifact, or a server that could not start
  2    non_conclusion (TIMEOUT, RESOURCE_REFUSED, ...)
  64   usage error (bad flags or arguments, unreadable payload file)
  70   internal error (INTERNAL_ERROR, POSTCONDITION_FAILED, broken build)
  130  interrupted by SIGINT or SIGTERM`

// flagVars are the values interpolated into flag defaults and help: core's
// defaults, and what the installed registry offers, so that neither is
// copied into a tag.
func flagVars(reg *core.Registry) kong.Vars {
	exampleID, exampleQuery := "namespace.compute.name", "what you want to compute"
	if d, ok := reg.Exemplar(); ok {
		exampleID, exampleQuery = d.ID, strings.ToLower(d.Title)
	}
	return kong.Vars{
		"input_kinds":             strings.Join(inputKinds(reg), ","),
		"artifact_types":          strings.Join(artifactTypes(reg), ","),
		"example_id":              exampleID,
		"example_query":           exampleQuery,
		"default_timeout":         core.DefaultTimeout.String(),
		"default_hits":            strconv.Itoa(core.DefaultHits),
		"max_hits":                strconv.Itoa(core.MaxSearchHits),
		"default_max_values":      strconv.Itoa(core.DefaultMaxValues),
		"default_max_value_bytes": byteCount(core.DefaultMaxValueBytes).String(),
		"default_inline_limit":    byteCount(core.DefaultInlineLimit).String(),
		"max_payload":             byteCount(core.DefaultMaxPayloadBytes).String(),
		"max_sessions":            strconv.Itoa(server.DefaultMaxSessions),
	}
}

// inputKinds lists the input kinds the installed operations declare, for
// the --input-kind enumeration of find.
func inputKinds(reg *core.Registry) []string {
	var out []string
	for _, d := range reg.Declarations() {
		for _, k := range d.InputKinds {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	slices.Sort(out)
	return out
}

// artifactTypes lists the artifact types the installed input ports accept.
func artifactTypes(reg *core.Registry) []string {
	var out []string
	for _, d := range reg.Declarations() {
		for _, t := range d.AcceptedArtifactTypes() {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	slices.Sort(out)
	return out
}
