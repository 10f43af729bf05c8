package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"jacobian.dev/core"
)

// maxPayloadBytes bounds what run reads and what its runtime accepts. One
// byte more than this is read, so an oversized payload reaches the runtime
// and is refused there with RESOURCE_REFUSED, as on every other surface.
const maxPayloadBytes = 16 << 20

// RunCmd runs one operation through the same pipeline as the MCP tool
// math.run and prints the outcome JSON.
type RunCmd struct {
	ID      string            `arg:"" name:"id" help:"The operation's capability ID, e.g. integer.compute.gcd."`
	JSON    *string           `name:"json" placeholder:"PAYLOAD" help:"The request payload as JSON text, e.g. '{\"left\":\"84\",\"right\":\"30\"}'."`
	File    *string           `name:"file" short:"f" placeholder:"PATH" help:"Read the payload from a file; - reads standard input."`
	Timeout time.Duration     `default:"60s" help:"Give up after this long with non_conclusion TIMEOUT (e.g. 500ms, 2m)."`
	Inputs  map[string]string `name:"input" placeholder:"PORT=URI" mapsep:"none" help:"Bind a declared input port to a stored artifact, e.g. --input table=artifact://sha256/...; repeatable."`
	Publish bool              `help:"Publish results too large to print inline to the artifact store and print their URI, as the MCP server does."`
	artifactDir
	jsonOutput
}

// Help is the detailed help of run.
func (c *RunCmd) Help() string {
	return `Give the payload with exactly one of --json or --file. The outcome JSON is
printed on standard output, indented (one line with --compact), whether or
not standard output is a terminal; it is the same JSON math.run returns.
Values are printed in full however large they are. --input binds a declared
input port (see inspect) to an artifact:// URI from the durable store;
value:// references live only inside one process, so they cannot be passed
between runs. With --publish, a result larger than 64 KiB goes to the store
and the outcome carries its URI ("artifact"), exactly as over MCP; print it
with "jacobian artifacts get <uri>".

While a run lasts longer than half a second and standard error is a
terminal, a progress line is drawn there. Ctrl-C cancels the run: the
outcome printed is non_conclusion CANCELLED (CHECKER_INTERRUPTED for a
checker).

Exit codes:
  0    "outcome": "completed". For a checker, read "verdict": accepted
       (the claim holds, with its certificate in "value"), rejected (it does
       not, with a witness), or non_conclusion (the checker could not
       decide). A verdict is an answer, so every verdict exits 0.
  1    "outcome": "failed" with a code you can act on: INVALID_PAYLOAD
       (malformed JSON names its line and column), UNKNOWN_CAPABILITY,
       UNKNOWN_FIELD, DOMAIN_ERROR, ...
  2    "outcome": "non_conclusion": TIMEOUT, RESOURCE_REFUSED, ...
  64   usage error: no payload, both --json and --file, unreadable file
  70   failed with INTERNAL_ERROR or POSTCONDITION_FAILED (a defect)
  130  interrupted by SIGINT or SIGTERM`
}

// Validate requires exactly one payload source.
func (c *RunCmd) Validate() error {
	switch {
	case c.JSON != nil && c.File != nil:
		return errors.New("--json and --file can't be used together; give the payload once")
	case c.JSON == nil && c.File == nil:
		return errors.New("missing payload; give it with --json '<payload>' or --file <path> (- for standard input)")
	case c.Timeout <= 0:
		return fmt.Errorf("--timeout must be positive, got %s", c.Timeout)
	}
	return nil
}

// Run reads the payload, runs the operation and prints its outcome.
func (c *RunCmd) Run(ctx context.Context, reg *core.Registry, std *streams) error {
	if c.File != nil && *c.File == "-" && isTerminal(std.in) {
		fmt.Fprintln(std.err, "reading the payload from standard input; end it with Ctrl-D")
	}
	payload, err := c.payload(std.in)
	if err != nil {
		return err
	}
	opts := core.RuntimeOptions{Slots: 1, Timeout: c.Timeout, MaxPayloadBytes: maxPayloadBytes}
	if len(c.Inputs) > 0 || c.Publish {
		store, err := c.open()
		if err != nil {
			return usageErrorf("%v", err)
		}
		opts.Artifacts = store
		if !c.Publish {
			// The store is there to resolve bindings; every result is
			// still printed in full.
			opts.InlineLimit = math.MaxInt
		}
	}
	rt := core.NewRuntime(reg, opts)
	defer rt.Close()
	var inputs map[string]core.Binding
	for port, ref := range c.Inputs {
		if inputs == nil {
			inputs = map[string]core.Binding{}
		}
		inputs[port] = core.Binding{ValueRef: ref}
	}
	runCtx := ctx
	var bar *progressBar
	if std.errIsTerm {
		bar = startProgress(std.err, c.ID, progressDelay, progressInterval)
		runCtx = core.WithProgress(ctx, bar.report)
	}
	out := rt.Run(runCtx, core.RunRequest{CapabilityID: c.ID, Payload: payload, Inputs: inputs})
	if bar != nil {
		bar.stop()
	}
	if err := writeJSON(std.out, out, c.Compact); err != nil {
		return err
	}
	if ctx.Err() != nil && out.Outcome == core.OutcomeNonConclusion {
		return silentExit(ExitInterrupted)
	}
	return silentExit(outcomeExitCode(out))
}

// payload reads the request payload from --json or --file. The bytes go to
// the runtime untouched: it alone judges them, so malformed JSON becomes a
// failed INVALID_PAYLOAD outcome naming the line and column, as it would
// over MCP.
func (c *RunCmd) payload(stdin io.Reader) ([]byte, error) {
	if c.JSON != nil {
		return []byte(*c.JSON), nil
	}
	var r io.Reader
	name := *c.File
	if name == "-" {
		r, name = stdin, "standard input"
	} else {
		f, err := os.Open(name)
		if err != nil {
			return nil, usageErrorf("cannot read the payload: %v", err)
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxPayloadBytes+1))
	if err != nil {
		return nil, usageErrorf("cannot read the payload from %s: %v", name, err)
	}
	return b, nil
}
