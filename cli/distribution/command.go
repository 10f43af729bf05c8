package distribution

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
)

// Exit codes of jacobian-build.
const (
	ExitOK     = 0
	ExitFailed = 1  // the manifest or the build failed; nothing was written
	ExitUsage  = 64 // bad flags or arguments (sysexits EX_USAGE)
)

const usage = `Usage:
  jacobian-build [flags] MANIFEST.json
  jacobian-build [flags] -default [-domains "integer matrix"]

Builds a jacobian binary that installs exactly the domains a manifest
lists, checking every entry before any binary is written. With -default, the
manifest is the default distribution, the domains that
` + DefaultDomainsFile + ` installs, with the jacobian tree at -root;
-domains (which implies -default) restricts it to the named standard
domains.

Flags:
`

// Main runs jacobian-build with the given arguments (without the program
// name) and returns the exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("jacobian-build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	keep := fs.String("keep", "", "generate into `DIR` and keep it (default: a temporary directory)")
	asJSON := fs.Bool("json", false, "print the build report as JSON")
	goCmd := fs.String("go", "go", "the go `command`")
	asDefault := fs.Bool("default", false, "build the default distribution instead of a manifest's")
	domains := fs.String("domains", "", "build the default distribution with only these standard `domains` (space- or comma-separated)")
	root := fs.String("root", ".", "with -default or -domains: the `directory` holding the jacobian.dev modules")
	output := fs.String("output", "", "override the manifest's output `path` (relative to the working directory)")
	name := fs.String("name", "", "override the manifest's program `name`")
	quiet := fs.Bool("quiet", false, "print no progress lines")
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}

	var m *Manifest
	var err error
	names := strings.FieldsFunc(*domains, func(r rune) bool { return r == ' ' || r == ',' })
	fromDefault := *asDefault || len(names) > 0
	switch {
	case fromDefault && fs.NArg() == 0 && len(names) > 0:
		m, err = DefaultWith(*root, names)
	case fromDefault && fs.NArg() == 0:
		m, err = Default(*root)
	case !fromDefault && fs.NArg() == 1:
		m, err = Load(fs.Arg(0))
	default:
		fmt.Fprintln(stderr, "jacobian-build: give one manifest file, or -default (or -domains) without a manifest")
		fs.Usage()
		return ExitUsage
	}
	if err == nil && (*output != "" || *name != "") {
		if *output != "" {
			// A path on the command line is relative to the working
			// directory, not to the manifest's.
			abs, absErr := filepath.Abs(*output)
			if absErr != nil {
				fmt.Fprintf(stderr, "jacobian-build: -output: %v\n", absErr)
				return ExitUsage
			}
			m.Output = abs
		}
		if *name != "" {
			m.Name = *name
		}
		if problems := m.check(); len(problems) > 0 {
			err = &ManifestError{Problems: problems}
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "jacobian-build: %v\n", err)
		return ExitFailed
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opts := Options{Keep: *keep, Go: *goCmd}
	if !*quiet {
		opts.Log = prefixed{stderr}
	}
	res, err := Build(ctx, m, opts)
	if err != nil {
		fmt.Fprintf(stderr, "jacobian-build: %v\nno binary was written\n", err)
		return ExitFailed
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return ExitFailed
		}
		return ExitOK
	}
	fmt.Fprint(stdout, res.Summary())
	return ExitOK
}

// prefixed writes progress lines as "jacobian-build: ...".
type prefixed struct{ w io.Writer }

func (p prefixed) Write(b []byte) (int, error) {
	if _, err := fmt.Fprintf(p.w, "jacobian-build: %s", b); err != nil {
		return 0, err
	}
	return len(b), nil
}
