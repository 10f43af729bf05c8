package mcptest

// The hostile-input suite (make test-hostile): mutations of every installed
// operation's first example, run through the CLI and through one MCP stdio
// session. Every mutated request must end in a failure or refusal that
// names the field at fault, the same on both surfaces, within its deadline,
// never as an internal error; the session must answer at the end; and
// no CLI run may pass its idle size and three times the payload bound in
// peak RSS (nor the server its idle size, that, and the frames its SDK
// copies), as the kernel accounts it:
// VmHWM of /proc/self/status, which each CLI run prints when
// JACOBIAN_PEAK_RSS is set, and of /proc/<pid>/status for the server.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// payloadBound is the default payload limit (core.DefaultMaxPayloadBytes),
// which the suite's largest mutations approach.
const payloadBound = 16 << 20

// hostileDeadline is each call's --timeout; a call must end within it and
// a little more.
const hostileDeadline = 10 * time.Second

// mutation is one hostile request and what its outcome must name.
type mutation struct {
	name    string
	payload []byte
	// field is the top-level field at fault: a failure's path, or a
	// refusal's detail, must name /payload/<field> or a place inside it.
	// Empty means the payload as a whole (/payload).
	field string
	// cliOnly marks payloads no JSON-RPC frame can carry (invalid UTF-8).
	cliOnly bool
	// valid marks a mutation that may be a valid request (an empty
	// matrix is 0×0); it may complete, and otherwise obeys the rules.
	valid bool
}

var decimalPattern = regexp.MustCompile(`^-?[0-9]+$`)

// mutations derives the hostile requests from one valid example payload.
func mutations(example json.RawMessage) []mutation {
	var fields map[string]json.RawMessage
	if json.Unmarshal(example, &fields) != nil {
		return nil
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	with := func(key string, value string) []byte {
		var b bytes.Buffer
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			v := string(fields[k])
			if k == key {
				v = value
			}
			fmt.Fprintf(&b, "%q:%s", k, v)
		}
		b.WriteByte('}')
		return b.Bytes()
	}
	ms := []mutation{
		{name: "unknown field", payload: append(bytes.TrimSuffix(with("", ""), []byte("}")), []byte(`,"zzz_unknown":"1"}`)...), field: "zzz_unknown"},
		{name: "not an object", payload: []byte(`["1"]`)},
		{name: "invalid UTF-8", payload: []byte("{\"" + "\xff\xfe" + "\":1}"), cliOnly: true},
	}
	if len(keys) == 0 {
		return ms
	}
	first := keys[0]
	ms = append(ms, mutation{name: "duplicate key", payload: append([]byte(fmt.Sprintf(`{%q:%s,`, first, fields[first])), with("", "")[1:]...), field: first})
	for _, k := range keys {
		orig := bytes.TrimSpace(fields[k])
		add := func(name, value string) {
			ms = append(ms, mutation{name: k + ": " + name, payload: with(k, value), field: k})
		}
		maybeValid := func(name, value string) {
			ms = append(ms, mutation{name: k + ": " + name, payload: with(k, value), field: k, valid: true})
		}
		for _, v := range []string{`12`, `true`, `"x"`, `{}`, `[]`} {
			if jsonKind([]byte(v)) != jsonKind(orig) {
				add("wrong type "+v, v)
			}
		}
		add("nesting bomb", strings.Repeat("[", 70)+strings.Repeat("]", 70))
		add("oversized array", "["+strings.Repeat(`"1",`, 1_000_000)+`"1"]`)
		add("oversized string", `"`+strings.Repeat("7", 2_000_000)+`"`)
		var s string
		if json.Unmarshal(orig, &s) == nil && decimalPattern.MatchString(s) {
			add("JSON number for a decimal string", s)
			for _, bad := range []string{`"+5"`, `"0x1F"`, `"1e5"`, `" 7"`, `""`, `"٣"`, `"--1"`, `"007"`, `"1.5"`} {
				add("malformed integer "+bad, bad)
			}
			add("huge integer", `"`+strings.Repeat("9", 1_000_001)+`"`)
		}
		var rows [][]json.RawMessage
		if json.Unmarshal(orig, &rows) == nil && len(rows) > 0 && len(rows[0]) > 0 {
			maybeValid("empty matrix", `[]`)
			ragged := [][]json.RawMessage{rows[0], append(rows[0][:len(rows[0]):len(rows[0])], rows[0]...)}
			b, _ := json.Marshal(ragged)
			add("ragged matrix", string(b))
		}
	}
	return ms
}

// jsonKind names a JSON value's kind by its first byte.
func jsonKind(v []byte) string {
	switch v[0] {
	case '"':
		return "string"
	case '[':
		return "array"
	case '{':
		return "object"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// verdictOf checks one outcome against its mutation and returns the part
// that must be the same on every surface: outcome, code or reason, path.
func verdictOf(t *testing.T, id string, m mutation, o map[string]any) string {
	t.Helper()
	at := "/payload"
	if m.field != "" {
		at += "/" + m.field
	}
	kind, _ := o["outcome"].(string)
	code, _ := o["code"].(string)
	path, _ := o["path"].(string)
	switch kind {
	case "failed":
		if code == "INTERNAL_ERROR" || code == "" {
			t.Errorf("%s, %s: failed with code %q: %v", id, m.name, code, o["message"])
		}
		// A failure caused by one field names it; the payload as a whole
		// is named by /payload. A domain error may be a disagreement
		// between fields (a right-hand side for another matrix): it
		// names one of them.
		inField := path == at || strings.HasPrefix(path, at+"/")
		named := m.field == "" || code == "DOMAIN_ERROR"
		if !inField && !(named && strings.HasPrefix(path, "/payload/") || m.field == "" && path == "/payload") {
			t.Errorf("%s, %s: failed %s at %q, want the path %s (message: %v)", id, m.name, code, path, at, o["message"])
		}
		return kind + " " + code + " " + path
	case "non_conclusion":
		reason, _ := o["reason"].(string)
		detail, _ := o["detail"].(string)
		if reason != "RESOURCE_REFUSED" {
			t.Errorf("%s, %s: non_conclusion %s (%s), want a refusal", id, m.name, reason, detail)
		}
		if !strings.Contains(detail, at) {
			t.Errorf("%s, %s: refusal %q does not name %s", id, m.name, detail, at)
		}
		return kind + " " + reason
	case "completed":
		if m.valid {
			return kind
		}
	}
	t.Errorf("%s, %s: outcome %v, want a failure or a refusal", id, m.name, o)
	return kind
}

type hostileOp struct {
	ID       string `json:"capability_id"`
	Examples []struct {
		Payload json.RawMessage `json:"payload"`
	} `json:"examples"`
}

func installedOperations(t *testing.T, bin string) []hostileOp {
	out, err := exec.Command(bin, "catalog", "--json").Output()
	if err != nil {
		t.Fatalf("catalog: %v", err)
	}
	var cat struct {
		Operations []struct {
			ID string `json:"capability_id"`
		} `json:"operations"`
	}
	if err := json.Unmarshal(out, &cat); err != nil || len(cat.Operations) == 0 {
		t.Fatalf("catalog --json: %v (%d operations)", err, len(cat.Operations))
	}
	var ops []hostileOp
	for _, c := range cat.Operations {
		out, err := exec.Command(bin, "inspect", c.ID, "--compact").Output()
		if err != nil {
			t.Fatalf("inspect %s: %v", c.ID, err)
		}
		var op hostileOp
		if err := json.Unmarshal(out, &op); err != nil || len(op.Examples) == 0 {
			t.Fatalf("inspect %s: %v (%d examples)", c.ID, err, len(op.Examples))
		}
		ops = append(ops, op)
	}
	return ops
}

func TestHostileInputs(t *testing.T) {
	if os.Getenv("JACOBIAN_HOSTILE") == "" {
		t.Skip("the hostile-input suite runs with JACOBIAN_HOSTILE=1 (make test-hostile)")
	}
	bin := jacobian(t)
	ops := installedOperations(t, bin)

	// Both surfaces run with a memory budget of three times the payload
	// bound, which is also the Go runtime's soft limit: the peaks below
	// show that no hostile input takes a process past it.
	budget := fmt.Sprintf("--max-memory=%d", 3*payloadBound)
	cmd := exec.Command(bin, "serve", "--timeout", hostileDeadline.String(), budget)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "jacobian-hostile", Version: "v0"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, stderr.String())
	}
	defer cs.Close()
	pid := cmd.Process.Pid
	idle := procStatus(t, pid, "VmRSS:")

	dir := t.TempDir()
	calls, cliPeak, serverPeak := 0, int64(0), int64(0)
	// The largest frame sent: a payload past the bound, sent last.
	over := []byte(`{"left":"` + strings.Repeat("1", payloadBound+128<<10) + `","right":"1"}`)
	// The server reads each frame whole (up to the frame limit, to know
	// whether it is over it), and the SDK decodes a frame's JSON-RPC
	// envelope and its tool arguments into copies of their own before the
	// runtime sees a byte: two frames' worth beyond the runtime's bound.
	// The bound counts from the idle server's resident set (its binary,
	// runtime and SDK, about 20 MiB).
	serverBound := idle + int64(3*payloadBound+2*len(over))
	// A CLI run's bound counts likewise from the peak of a trivial run
	// (the binary's pages and the start-up of the runtime and of the
	// linked store backends, about 50 MiB).
	trivial := exec.Command(bin, "run", "integer.compute.gcd", "--json", `{"left":"84","right":"30"}`, "--compact")
	trivial.Env = append(os.Environ(), "JACOBIAN_PEAK_RSS=1")
	var trivialErr strings.Builder
	trivial.Stderr = &trivialErr
	if err := trivial.Run(); err != nil {
		t.Fatalf("a trivial CLI run: %v\n%s", err, trivialErr.String())
	}
	cliIdle := peakFromStderr(trivialErr.String())
	if cliIdle == 0 {
		t.Fatalf("a trivial CLI run reported no peak RSS: %q", trivialErr.String())
	}
	cliBound := cliIdle + int64(3*payloadBound)
	for _, op := range ops {
		for _, m := range mutations(op.Examples[0].Payload) {
			calls++
			// The CLI, from a file, as a user's script would send it.
			file := filepath.Join(dir, "payload.json")
			if err := os.WriteFile(file, m.payload, 0o644); err != nil {
				t.Fatal(err)
			}
			run := exec.Command(bin, "run", op.ID, "--file", file, "--compact", "--timeout", hostileDeadline.String(), budget)
			run.Env = append(os.Environ(), "JACOBIAN_PEAK_RSS=1")
			var out, errOut bytes.Buffer
			run.Stdout, run.Stderr = &out, &errOut
			start := time.Now()
			err := run.Run()
			elapsed := time.Since(start)
			if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 70 || err != nil && run.ProcessState == nil {
				t.Errorf("%s, %s: the CLI ended with %v: %s", op.ID, m.name, err, out.String())
				continue
			}
			if elapsed > hostileDeadline+5*time.Second {
				t.Errorf("%s, %s: the CLI took %v, past its %v deadline", op.ID, m.name, elapsed, hostileDeadline)
			}
			// The CLI's own account of its peak (wait4's maxrss would
			// count this test process, whose high-water mark a child
			// inherits across fork and exec).
			if peak := peakFromStderr(errOut.String()); peak > cliPeak {
				if peak > cliBound {
					t.Logf("%s, %s: a CLI run peaked at %d MiB", op.ID, m.name, peak>>20)
				}
				cliPeak = peak
			} else if peak == 0 {
				t.Errorf("%s, %s: the CLI reported no peak RSS: %q", op.ID, m.name, errOut.String())
			}
			var o map[string]any
			if err := json.Unmarshal(out.Bytes(), &o); err != nil {
				t.Errorf("%s, %s: the CLI printed no outcome: %q", op.ID, m.name, out.String())
				continue
			}
			want := verdictOf(t, op.ID, m, o)
			if m.cliOnly {
				continue
			}

			// The same request over the MCP session.
			args := append(append([]byte(`{"capability_id":"`+op.ID+`","payload":`), m.payload...), '}')
			ctx, cancel := context.WithTimeout(context.Background(), hostileDeadline+5*time.Second)
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(args)})
			cancel()
			if err != nil {
				t.Fatalf("%s, %s: the session ended: %v\n%s", op.ID, m.name, err, stderr.String())
			}
			b, _ := json.Marshal(res.StructuredContent)
			var mo map[string]any
			if err := json.Unmarshal(b, &mo); err != nil {
				t.Errorf("%s, %s: no structured outcome over MCP: %s", op.ID, m.name, b)
				continue
			}
			if peak := vmHWM(t, pid); peak > serverPeak {
				if peak > serverBound {
					t.Logf("%s, %s: the server's peak rose to %d MiB", op.ID, m.name, peak>>20)
				}
				serverPeak = peak
			}
			if got := verdictOf(t, op.ID, m, mo); got != want {
				t.Errorf("%s, %s: the CLI gave %q, MCP %q", op.ID, m.name, want, got)
			}
		}
	}
	// A payload past the bound, in a frame past the server's frame limit
	// (the payload bound and a 64 KiB envelope): the CLI refuses it by its
	// file's size, unread; the server reads the frame through in bounded
	// memory and answers it with a refusal. (A payload just over the bound
	// inside a frame within the limit is read whole, like a valid payload
	// of that size, whose cost the memory budget answers for.)
	file := filepath.Join(dir, "over.json")
	if err := os.WriteFile(file, over, 0o644); err != nil {
		t.Fatal(err)
	}
	run := exec.Command(bin, "run", "integer.compute.gcd", "--file", file, "--compact", budget)
	run.Env = append(os.Environ(), "JACOBIAN_PEAK_RSS=1")
	var out, errOut bytes.Buffer
	run.Stdout, run.Stderr = &out, &errOut
	_ = run.Run()
	if !strings.Contains(out.String(), `"RESOURCE_REFUSED"`) {
		t.Errorf("a payload past the bound: the CLI printed %.300s", out.String())
	}
	cliPeak = max(cliPeak, peakFromStderr(errOut.String()))
	args := append(append([]byte(`{"capability_id":"integer.compute.gcd","payload":`), over...), '}')
	if res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(args)}); err == nil {
		if b, _ := json.Marshal(res.StructuredContent); !strings.Contains(string(b), `"RESOURCE_REFUSED"`) {
			t.Errorf("a payload past the bound over MCP: %.300s", b)
		}
	}
	serverPeak = max(serverPeak, vmHWM(t, pid))

	// The session still answers, and its process stayed within bounds.
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(`{"capability_id":"integer.compute.gcd","payload":{"left":"84","right":"30"}}`)})
	if err != nil || res.IsError {
		t.Fatalf("after %d hostile calls the session does not answer: %v %v", calls, err, res)
	}
	serverPeak = max(serverPeak, vmHWM(t, pid))
	t.Logf("%d hostile requests through the CLI and one stdio session, over %d operations; peak RSS: CLI %d MiB from %d MiB for a trivial run (bound %d MiB), server %d MiB from %d MiB idle (bound %d MiB)",
		calls, len(ops), cliPeak>>20, cliIdle>>20, cliBound>>20, serverPeak>>20, idle>>20, serverBound>>20)
	if cliPeak > cliBound {
		t.Errorf("a CLI run peaked at %d MiB RSS, past its trivial run's %d MiB and three times the %d MiB payload bound", cliPeak>>20, cliIdle>>20, payloadBound>>20)
	}
	if serverPeak > serverBound {
		t.Errorf("the stdio server peaked at %d MiB RSS, past its idle %d MiB and three times the %d MiB payload bound and two of its largest frame (%d MiB)", serverPeak>>20, idle>>20, payloadBound>>20, serverBound>>20)
	}
}

// peakFromStderr reads the "peak RSS: N kB" line a run prints when
// JACOBIAN_PEAK_RSS is set.
func peakFromStderr(stderr string) int64 {
	for _, line := range strings.Split(stderr, "\n") {
		if rest, ok := strings.CutPrefix(line, "peak RSS: "); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(rest, " kB"), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// vmHWM is a live process's peak resident set, from /proc/<pid>/status.
func vmHWM(t *testing.T, pid int) int64 { return procStatus(t, pid, "VmHWM:") }

// procStatus reads one kB figure of /proc/<pid>/status ("VmHWM:", "VmRSS:").
func procStatus(t *testing.T, pid int, field string) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatalf("no %s in /proc/<pid>/status", field)
	return 0
}
