package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"jacobian.dev/core"
)

// RunCmd runs one operation through the same pipeline as the MCP tool
// math.run and prints the outcome JSON.
type RunCmd struct {
	ID      string            `arg:"" name:"id" help:"The operation's capability ID, e.g. ${example_id}."`
	JSON    *string           `name:"json" placeholder:"PAYLOAD" help:"The request payload as JSON text, e.g. '{\"left\":\"84\",\"right\":\"30\"}'."`
	File    *string           `name:"file" short:"f" placeholder:"PATH" help:"Read the payload from a file; - reads standard input."`
	Timeout time.Duration     `default:"${default_timeout}" help:"Give up after this long with non_conclusion TIMEOUT (e.g. 500ms, 2m)."`
	Inputs  map[string]string `name:"input" placeholder:"PORT=SOURCE" mapsep:"none" help:"Bind a declared input port to a stored artifact (--input table=artifact://sha256/...) or to the JSON value in a file (--input table=@table.json); repeatable."`
	Publish bool              `help:"Publish results too large to print inline to the artifact store and print their URI, as the MCP server does."`
	Output  string            `name:"output" short:"o" placeholder:"FILE" help:"Write the result value (or, with --publish, the stored result's bytes) to FILE and print the outcome without it. A regular FILE is replaced atomically; a device or pipe is written in place; - is standard output (the outcome then goes to standard error)."`
	// MaxPayload bounds what run reads and what its runtime accepts. One
	// byte more than this is read, so an oversized payload reaches the
	// runtime and is refused there with RESOURCE_REFUSED, as by serve.
	memoryFlag
	MaxPayload byteCount `name:"max-payload" default:"${max_payload}" placeholder:"BYTES" help:"Largest payload, with its bound inputs, a run accepts; a larger one is refused with RESOURCE_REFUSED, the same limit serve applies. Default ${default}."`
	artifactDir
	jsonOutput
}

// Help is the detailed help of run.
func (c *RunCmd) Help() string {
	return `Give the payload with exactly one of --json or --file (it may be left out
when --input binds every field the operation needs: the payload is then {}).
The outcome JSON is printed on standard output, indented (one line with
--compact), whether or not standard output is a terminal; it is the same
JSON math.run returns. Values are printed in full however large they are,
unless --output sends the value to a file.

--input PORT=SOURCE binds a declared input port (see inspect) to a value
from outside the payload, exactly as math.run's "inputs" does:
  artifact://sha256/<hex>  an artifact from the durable store (--publish,
                           or a server's --artifact-dir), verified on read
                           and checked to be of a type the port takes;
  @FILE                    the JSON value in FILE (for instance an output
                           port's value extracted from an earlier --output).
                           A bare file carries no artifact type, so none is
                           checked: the value takes the place of the port's
                           payload field and the request is then validated
                           against the operation's schema, as a whole, once.
value:// references are refused: they live inside one MCP session (one
server process) and end with it, so no other run can resolve them.

With --publish, a result larger than 64 KiB goes to the store and the
outcome carries its URI ("artifact"), exactly as over MCP; output ports
that large are stored too ("outputs.<port>.artifact_uri"), ready for
--input in a later run. Print an artifact with "jacobian artifacts get
<uri>". With --output FILE, a completed result's value (with --publish and
a large result, the stored artifact's bytes, which are the same JSON) is
written to FILE, replaced atomically, and the printed outcome leaves the
value out; standard error says how many bytes went to FILE and their
sha256 digest. FILE is untouched unless the run completes.

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
  64   usage error: no payload, both --json and --file, unreadable file,
       a value:// reference given to --input, an unwritable --output
  70   failed with INTERNAL_ERROR or POSTCONDITION_FAILED (a defect)
  130  interrupted by SIGINT or SIGTERM`
}

// Validate requires one payload source at most, and one unless inputs are
// bound.
func (c *RunCmd) Validate() error {
	switch {
	case c.JSON != nil && c.File != nil:
		return errors.New("--json and --file can't be used together; give the payload once")
	case c.JSON == nil && c.File == nil && len(c.Inputs) == 0:
		return errors.New("missing payload; give it with --json '<payload>' or --file <path> (- for standard input)")
	case c.Timeout <= 0:
		return fmt.Errorf("--timeout must be positive, got %s", c.Timeout)
	}
	return checkMaxPayload(c.MaxPayload)
}

// checkMaxPayload bounds --max-payload to what a runtime can hold.
func checkMaxPayload(b byteCount) error {
	if b <= 0 || b > maxPayloadFlag {
		return fmt.Errorf("--max-payload must be between 1 byte and %s, got %d bytes", byteCount(maxPayloadFlag), b)
	}
	return nil
}

// maxPayloadFlag is the largest --max-payload: a payload is held in memory
// whole, several times over while it is parsed.
const maxPayloadFlag = 1 << 30

// Run reads the payload, runs the operation and prints its outcome.
func (c *RunCmd) Run(ctx context.Context, reg *core.Registry, std *streams) error {
	if c.File != nil && *c.File == "-" && isTerminal(std.in) {
		fmt.Fprintln(std.err, "reading the payload from standard input; end it with Ctrl-D")
	}
	sources, err := c.inputSources()
	if err != nil {
		return err
	}
	payload, err := c.payload(std.in)
	var oversized oversizedPayload
	if errors.As(err, &oversized) {
		out := core.NonConclusion(c.ID, core.ResourceRefused, "%s", oversized.Error())
		if err := writeJSON(std.out, out, c.Compact); err != nil {
			return err
		}
		return silentExit(outcomeExitCode(out))
	}
	if err != nil {
		return err
	}
	var output *pendingFile
	if c.Output != "" {
		// Found unwritable now rather than after a long run.
		if output, err = createPending(c.Output, std.out); err != nil {
			return usageErrorf("cannot write --output: %v", err)
		}
		defer output.discard()
	}
	opts := core.RuntimeOptions{Slots: 1, Timeout: c.Timeout, MaxPayloadBytes: c.maxPayload(), Memory: c.budget()}
	if sources.artifacts || c.Publish {
		store, err := c.open(ctx)
		if err != nil {
			return usageErrorf("%v", err)
		}
		defer store.Close()
		opts.Artifacts = store
		if !c.Publish {
			// The store is there to resolve bindings; every result is
			// still printed in full.
			opts.InlineLimit = math.MaxInt
		}
	}
	rt := core.NewRuntime(reg, opts)
	defer rt.Close()
	out, bound := c.bind(rt, sources)
	if bound != nil {
		runCtx := ctx
		var bar *progressBar
		if std.errIsTerm {
			bar = startProgress(std.err, c.ID, progressDelay, progressInterval)
			runCtx = core.WithProgress(ctx, bar.report)
		}
		out = rt.Run(runCtx, core.RunRequest{CapabilityID: c.ID, Payload: payload, Inputs: bound})
		if bar != nil {
			bar.stop()
		}
	}
	if output != nil && out.Outcome == core.OutcomeCompleted {
		if err := c.writeValue(rt, output, &out, std); err != nil {
			return err
		}
	}
	dropValueRefs(&out, std)
	// With --output -, standard output carries the value alone and the
	// outcome goes to standard error.
	outcomeTo := std.out
	if c.Output == "-" {
		outcomeTo = std.err
	}
	if err := writeJSON(outcomeTo, out, c.Compact); err != nil {
		return err
	}
	if ctx.Err() != nil && out.Outcome == core.OutcomeNonConclusion {
		return silentExit(ExitInterrupted)
	}
	return silentExit(outcomeExitCode(out))
}

// dropValueRefs removes the request-local value:// references from the
// output ports of an outcome about to be printed: they name values in this
// process's memory and resolve nowhere once it exits. Each port keeps its
// artifact type, digest and size (and its artifact URI, if published), and
// standard error says how to keep the value.
func dropValueRefs(out *core.Outcome, std *streams) {
	for _, port := range slices.Sorted(maps.Keys(out.Outputs)) {
		o := out.Outputs[port]
		if o.ValueRef == "" {
			continue
		}
		o.ValueRef = ""
		out.Outputs[port] = o
		fmt.Fprintf(std.err, "output port %s: its value:// reference is left out, since it would end with this process; keep the value with --output FILE or --publish (README, \"Values between calls\")\n", port)
	}
}

// inputSources sorts the --input bindings by kind. A value:// reference is
// a usage error: it names a value in another process's memory.
type inputSources struct {
	refs      map[string]string // port → artifact URI, or anything unrecognised
	files     map[string]string // port → path
	artifacts bool              // some binding needs the artifact store
}

func (c *RunCmd) inputSources() (inputSources, error) {
	src := inputSources{refs: map[string]string{}, files: map[string]string{}}
	for _, port := range slices.Sorted(maps.Keys(c.Inputs)) {
		ref := c.Inputs[port]
		switch {
		case strings.HasPrefix(ref, core.ValueRefPrefix):
			return src, usageErrorf("--input %s=%s: value:// references live only inside one MCP session and end with it, so a separate jacobian run cannot resolve them; bind an artifact instead (--input %s=artifact://sha256/..., from run --publish or the server's artifact store) or a file holding the value's JSON (--input %s=@FILE)", port, clipped(ref), port, port)
		case strings.HasPrefix(ref, "@"):
			if ref == "@" {
				return src, usageErrorf("--input %s=@: name the file after the @, e.g. --input %s=@%s.json", port, port, port)
			}
			src.files[port] = ref[1:]
		default:
			src.refs[port] = ref
			src.artifacts = src.artifacts || strings.HasPrefix(ref, "artifact://")
		}
	}
	return src, nil
}

// bind turns the sources into runtime bindings. A file's value is put in
// the run's own value store under the port's declared artifact type and
// bound by reference, so the runtime assembles it like any other binding
// (an undeclared port is UNKNOWN_FIELD, a field also in the payload
// PORT_CONFLICT) and the one parse of the assembled request validates it.
// When a source cannot be bound, bind returns the outcome to print instead.
func (c *RunCmd) bind(rt *core.Runtime, src inputSources) (core.Outcome, map[string]core.Binding) {
	bound := map[string]core.Binding{}
	d, known := rt.Registry().Lookup(c.ID)
	if !known {
		// The runtime reports the unknown ID, with suggestions.
		return core.Outcome{}, bound
	}
	for _, port := range slices.Sorted(maps.Keys(src.refs)) {
		ref := src.refs[port]
		if !strings.HasPrefix(ref, "artifact://") {
			return core.Failed(c.ID, core.UnknownReference, "/inputs/"+port+"/value_ref", "--input %s=%s: %q is neither an artifact URI (artifact://sha256/<64 hex digits>) nor a file (@FILE)", port, clipped(ref), clipped(ref)), nil
		}
		bound[port] = core.Binding{ValueRef: ref}
	}
	for _, port := range slices.Sorted(maps.Keys(src.files)) {
		path := src.files[port]
		data, err := readBounded(path, c.maxPayload())
		if err != nil {
			return core.Failed(c.ID, core.UnknownReference, "/inputs/"+port+"/value_ref", "--input %s=@%s: cannot read the file: %v", port, path, err), nil
		}
		if len(data) > c.maxPayload() {
			return core.NonConclusion(c.ID, core.ResourceRefused, "--input %s=@%s is more than %d bytes, the most a run accepts (--max-payload)", port, path, c.maxPayload()), nil
		}
		if err := jsonSyntax(data); err != nil {
			return core.Failed(c.ID, core.InvalidPayload, "/inputs/"+port, "--input %s=@%s is not JSON: %v", port, path, err), nil
		}
		artifactType := ""
		if i := slices.IndexFunc(d.InputPorts, func(p core.Port) bool { return p.Name == port }); i >= 0 && len(d.InputPorts[i].ArtifactTypes) > 0 {
			artifactType = d.InputPorts[i].ArtifactTypes[0]
		}
		v, err := rt.Values().Put(artifactType, data)
		if err != nil {
			var ce *core.Error
			if errors.As(err, &ce) {
				return core.NonConclusion(c.ID, core.ResourceRefused, "%s", ce.Message), nil
			}
			return core.Failed(c.ID, core.InternalError, "", "holding --input %s: %v", port, err), nil
		}
		bound[port] = core.Binding{ValueRef: v.Ref}
	}
	return core.Outcome{}, bound
}

// writeValue moves a completed result's value into the --output file and
// out of the printed outcome. A result published as an artifact is read
// back from the store, verified, so the file holds exactly its bytes.
func (c *RunCmd) writeValue(rt *core.Runtime, f *pendingFile, out *core.Outcome, std *streams) error {
	data := []byte(out.Value)
	what := "the value"
	if out.Artifact != nil {
		var err error
		if data, _, err = rt.Artifacts().Get(context.Background(), out.Artifact.URI); err != nil {
			return internalErrorf("reading back %s: %v", out.Artifact.URI, err)
		}
		what = "the result stored as " + out.Artifact.URI
	}
	if err := f.commit(data); err != nil {
		return usageErrorf("cannot write --output: %v", err)
	}
	out.Value = nil
	fmt.Fprintf(std.err, "%s (%d bytes, %s) was written to %s; the outcome below leaves it out\n", what, len(data), core.Digest(data), c.Output)
	return nil
}

// pendingFile is an --output file being prepared beside its final name, so
// the final file appears whole or not at all and an earlier one survives a
// failed run. Atomic replacement is for regular files only: "-" (standard
// output), a character device, a pipe or a socket is written in place, and
// a directory is refused. Renaming over /dev/null would turn the machine's
// null device into a regular file.
type pendingFile struct {
	tmp    *os.File
	direct io.Writer // written in place instead of tmp
	closer io.Closer
	final  string
	done   bool
}

func createPending(final string, stdout io.Writer) (*pendingFile, error) {
	if final == "-" {
		return &pendingFile{direct: stdout, final: final}, nil
	}
	if info, err := os.Stat(final); err == nil {
		switch mode := info.Mode(); {
		case mode.IsDir():
			return nil, fmt.Errorf("%q is a directory; name a file inside it", final)
		case !mode.IsRegular():
			// A device, pipe or socket: written in place, never replaced.
			f, err := os.OpenFile(final, os.O_WRONLY, 0)
			if err != nil {
				return nil, err
			}
			return &pendingFile{direct: f, closer: f, final: final}, nil
		}
	}
	dir, base := filepath.Split(final)
	if base == "" {
		return nil, fmt.Errorf("%q names a directory, not a file", final)
	}
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, err
	}
	// CreateTemp makes the file private; the result is an ordinary file.
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	return &pendingFile{tmp: tmp, final: final}, nil
}

func (p *pendingFile) commit(data []byte) error {
	if p.direct != nil {
		_, err := p.direct.Write(data)
		if p.closer != nil {
			err = errors.Join(err, p.closer.Close())
		}
		p.done = true
		return err
	}
	_, werr := p.tmp.Write(data)
	serr := p.tmp.Sync()
	cerr := p.tmp.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		return err
	}
	if err := os.Rename(p.tmp.Name(), p.final); err != nil {
		return err
	}
	p.done = true
	return nil
}

func (p *pendingFile) discard() {
	if p.done {
		return
	}
	if p.closer != nil {
		p.closer.Close()
	}
	if p.tmp != nil {
		p.tmp.Close()
		os.Remove(p.tmp.Name())
	}
}

// readBounded reads at most one byte more than limit.
func readBounded(path string, limit int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, int64(limit)+1))
}

// jsonSyntax reports where data stops being one JSON value, as the
// runtime does for a payload: line and column of the offending byte.
func jsonSyntax(data []byte) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errors.New("the file is empty")
	}
	var v json.RawMessage
	err := json.Unmarshal(data, &v)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := core.JSONPosition(data, se.Offset)
		return fmt.Errorf("malformed JSON at line %d, column %d (byte %d): %v", line, col, se.Offset, se)
	}
	return err
}

// clipped shortens a reference quoted back in a message.
func clipped(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:77]) + "..."
	}
	return s
}

func (c *RunCmd) maxPayload() int { return int(c.MaxPayload) }

// payload reads the request payload from --json or --file. The bytes go to
// the runtime untouched: it alone judges them, so malformed JSON becomes a
// failed INVALID_PAYLOAD outcome naming the line and column, as it would
// over MCP.
func (c *RunCmd) payload(stdin io.Reader) ([]byte, error) {
	if c.JSON != nil {
		return []byte(*c.JSON), nil
	}
	if c.File == nil {
		// Only bound inputs: the runtime starts from an empty object.
		return nil, nil
	}
	var r io.Reader
	name := *c.File
	size := int64(-1)
	if name == "-" {
		r, name = stdin, "standard input"
	} else {
		f, err := os.Open(name)
		if err != nil {
			return nil, usageErrorf("cannot read the payload: %v", err)
		}
		defer f.Close()
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
			size = info.Size()
		}
		r = f
	}
	limit := int64(c.maxPayload())
	if size > limit {
		// Refused unread, as the runtime would refuse it read.
		return nil, oversizedPayload{size: size, limit: limit}
	}
	// A regular file's size sizes the buffer, so reading costs the payload
	// once rather than a doubling buffer's copies.
	buf := bytes.NewBuffer(make([]byte, 0, max(size, 512)+1))
	if _, err := buf.ReadFrom(io.LimitReader(r, limit+1)); err != nil {
		return nil, usageErrorf("cannot read the payload from %s: %v", name, err)
	}
	return buf.Bytes(), nil
}

// oversizedPayload is a payload file larger than the payload limit.
type oversizedPayload struct{ size, limit int64 }

func (e oversizedPayload) Error() string {
	return fmt.Sprintf("payload is %d bytes; this runtime accepts at most %d", e.size, e.limit)
}
