package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"jacobian.dev/core"
	"jacobian.dev/integer"
)

// invocation is one in-process run of the command line.
type invocation struct {
	code           int
	stdout, stderr string
}

// jacobian runs the command line in-process with the integer domain and the
// test fixtures installed.
func jacobian(t *testing.T, stdin string, args ...string) invocation {
	t.Helper()
	return jacobianCtx(t, context.Background(), stdin, args...)
}

func jacobianCtx(t *testing.T, ctx context.Context, stdin string, args ...string) invocation {
	t.Helper()
	var out, errOut bytes.Buffer
	code := MainContext(ctx, Config{
		Name:    "jacobian",
		Domains: []core.Registrar{integer.Register, registerFixtures},
		Args:    args,
		Stdin:   strings.NewReader(stdin),
		Stdout:  &out,
		Stderr:  &errOut,
	})
	return invocation{code, out.String(), errOut.String()}
}

// outcome decodes the single outcome a run printed.
func (inv invocation) outcome(t *testing.T) core.Outcome {
	t.Helper()
	var o core.Outcome
	dec := json.NewDecoder(strings.NewReader(inv.stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		t.Fatalf("stdout is not one outcome: %v\nstdout: %s\nstderr: %s", err, inv.stdout, inv.stderr)
	}
	if dec.More() {
		t.Fatalf("stdout holds more than one JSON document: %s", inv.stdout)
	}
	return o
}

func TestRun(t *testing.T) {
	payloadFile := filepath.Join(t.TempDir(), "payload.json")
	if err := os.WriteFile(payloadFile, []byte("{\n  \"left\": \"-12\",\n  \"right\": \"18\"\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		stdin   string
		args    []string
		code    int
		outcome string
		value   string       // completed: the exact value
		verdict core.Verdict // completed checker: the verdict
		failure core.Code    // failed: the code
		reason  core.Reason  // non_conclusion: the reason
		path    string       // failed: the JSON pointer named
		message []string     // failed: words the message must contain
		check   func(core.Outcome) error
	}{
		{
			// gcd(84, 30) = 6: 84 = 2²·3·7, 30 = 2·3·5.
			name: "gcd", args: []string{"run", "integer.compute.gcd", "--json", `{"left":"84","right":"30"}`},
			code: ExitCompleted, outcome: core.OutcomeCompleted, value: `{"gcd":"6"}`,
		},
		{
			name: "gcd compact", args: []string{"run", "integer.compute.gcd", "--compact", "--json", `{"left":"0","right":"0"}`},
			code: ExitCompleted, outcome: core.OutcomeCompleted, value: `{"gcd":"0"}`,
		},
		{
			// gcd(-12, 18) = 6 from a file with the payload spread over lines.
			name: "file", args: []string{"run", "integer.compute.gcd", "--file", payloadFile},
			code: ExitCompleted, outcome: core.OutcomeCompleted, value: `{"gcd":"6"}`,
		},
		{
			// gcd(2^64, 6^20) = 2^20 = 1048576.
			name: "stdin", stdin: `{"left":"18446744073709551616","right":"3656158440062976"}`,
			args: []string{"run", "integer.compute.gcd", "--file", "-"},
			code: ExitCompleted, outcome: core.OutcomeCompleted, value: `{"gcd":"1048576"}`,
		},
		{
			name: "JSON number", args: []string{"run", "integer.compute.gcd", "--json", `{"left":84,"right":"30"}`},
			code: ExitFailed, outcome: core.OutcomeFailed, failure: core.InvalidPayload, path: "/payload/left",
			message: []string{"string"},
		},
		{
			name: "malformed JSON", args: []string{"run", "integer.compute.gcd", "--json", "{\"left\": \"84\",\n \"right\" \"30\"}"},
			code: ExitFailed, outcome: core.OutcomeFailed, failure: core.InvalidPayload, path: "/payload/right",
			message: []string{"line 2", "column 10"},
		},
		{
			name: "malformed JSON on stdin", stdin: `{"left": "84", "right": }`, args: []string{"run", "integer.compute.gcd", "-f", "-"},
			code: ExitFailed, outcome: core.OutcomeFailed, failure: core.InvalidPayload, path: "/payload/right",
			message: []string{"line 1", "column 25"},
		},
		{
			name: "empty payload", args: []string{"run", "integer.compute.gcd", "--json", ""},
			code: ExitFailed, outcome: core.OutcomeFailed, failure: core.InvalidPayload, path: "/payload",
		},
		{
			name: "unknown field", args: []string{"run", "integer.compute.gcd", "--json", `{"left":"1","right":"2","middle":"3"}`},
			code: ExitFailed, outcome: core.OutcomeFailed, failure: core.UnknownField,
		},
		{
			name: "unknown capability", args: []string{"run", "integer.compute.gdc", "--json", `{"left":"1","right":"2"}`},
			code: ExitFailed, outcome: core.OutcomeFailed, failure: core.UnknownCapability, path: "/capability_id",
			message: []string{"integer.compute.gcd"},
		},
		{
			name: "timeout", args: []string{"run", "fixture.compute.wait", "--timeout", "30ms", "--json", `{"steps":100000}`},
			code: ExitNonConclusion, outcome: core.OutcomeNonConclusion, reason: core.Timeout,
		},
		{
			name: "internal error", args: []string{"run", "fixture.compute.panic", "--json", `{"steps":1}`},
			code: ExitInternal, outcome: core.OutcomeFailed, failure: core.InternalError,
		},
		{
			// 7 is odd: a rejection is still a completed run.
			name: "checker rejects", args: []string{"run", "fixture.parity.check", "--json", `{"n":"7"}`},
			code: ExitCompleted, outcome: core.OutcomeCompleted, verdict: core.Rejected, value: `{"verdict":"rejected","subject":{"n":"7"},"remainder":"1"}`,
		},
		{
			name: "checker accepts", args: []string{"run", "fixture.parity.check", "--json", `{"n":"-10"}`},
			code: ExitCompleted, outcome: core.OutcomeCompleted, verdict: core.Accepted, value: `{"verdict":"accepted","subject":{"n":"-10"},"remainder":"0"}`,
		},
		{
			name: "progress without a terminal", args: []string{"run", "fixture.compute.wait", "--json", `{"steps":3}`},
			code: ExitCompleted, outcome: core.OutcomeCompleted, value: `{"steps":3}`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			inv := jacobian(t, tc.stdin, tc.args...)
			if inv.code != tc.code {
				t.Errorf("exit code %d, want %d\nstdout: %s\nstderr: %s", inv.code, tc.code, inv.stdout, inv.stderr)
			}
			if inv.stderr != "" {
				t.Errorf("stderr is not empty: %q", inv.stderr)
			}
			o := inv.outcome(t)
			if o.Outcome != tc.outcome {
				t.Fatalf("outcome %s, want %s: %v", o.Outcome, tc.outcome, o)
			}
			if o.CapabilityID != tc.args[1] {
				t.Errorf("capability_id %q, want %q", o.CapabilityID, tc.args[1])
			}
			if tc.value != "" && !jsonEqual(t, o.Value, tc.value) {
				t.Errorf("value %s, want %s", o.Value, tc.value)
			}
			if o.Verdict != tc.verdict {
				t.Errorf("verdict %q, want %q", o.Verdict, tc.verdict)
			}
			if o.Code != tc.failure || o.Reason != tc.reason {
				t.Errorf("code %q reason %q, want %q and %q: %s", o.Code, o.Reason, tc.failure, tc.reason, o.Message)
			}
			if tc.path != "" && o.Path != tc.path {
				t.Errorf("path %q, want %q", o.Path, tc.path)
			}
			for _, w := range tc.message {
				if !strings.Contains(o.Message, w) {
					t.Errorf("message %q does not contain %q", o.Message, w)
				}
			}
			if o.Outcome == core.OutcomeCompleted && (o.Execution == nil || o.Execution.Provider == "") {
				t.Errorf("completed outcome without its provider: %s", inv.stdout)
			}
			compact := strings.Count(strings.TrimSpace(inv.stdout), "\n") == 0
			if wantCompact := contains(tc.args, "--compact"); compact != wantCompact {
				t.Errorf("compact output %v, want %v: %s", compact, wantCompact, inv.stdout)
			}
		})
	}
}

// The CLI prints exactly what the runtime returns: same bytes but for the
// elapsed time, which is the one field that differs between two runs.
func TestRunPrintsTheRuntimeOutcome(t *testing.T) {
	payload := `{"left":"123456789012345678901234567890","right":"987654321098765432109876543210"}`
	inv := jacobian(t, "", "run", "integer.compute.gcd", "--compact", "--json", payload)
	reg, err := core.NewRegistryWith(integer.Register)
	if err != nil {
		t.Fatal(err)
	}
	want := core.NewRuntime(reg, core.RuntimeOptions{}).Run(context.Background(), core.RunRequest{CapabilityID: "integer.compute.gcd", Payload: json.RawMessage(payload)})
	got := inv.outcome(t)
	got.Execution.ElapsedMS, want.Execution.ElapsedMS = 0, 0
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if !bytes.Equal(g, w) {
		t.Errorf("CLI outcome\n%s\nruntime outcome\n%s", g, w)
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan invocation, 1)
	go func() {
		done <- jacobianCtx(t, ctx, "", "run", "fixture.compute.wait", "--timeout", "10m", "--json", `{"steps":1000000}`)
	}()
	// Cancel once the run is under way; an earlier cancellation is still a
	// cancellation, so the test does not depend on when this lands.
	time.Sleep(20 * time.Millisecond)
	cancel()
	inv := <-done
	if inv.code != ExitInterrupted {
		t.Errorf("exit code %d, want %d\nstdout: %s\nstderr: %s", inv.code, ExitInterrupted, inv.stdout, inv.stderr)
	}
	o := inv.outcome(t)
	if o.Outcome != core.OutcomeNonConclusion || o.Reason != core.Cancelled {
		t.Errorf("outcome %v, want non_conclusion CANCELLED", o)
	}
}

func TestRunOversizedPayload(t *testing.T) {
	big := `{"left":"` + strings.Repeat("1", core.DefaultMaxPayloadBytes) + `","right":"1"}`
	inv := jacobian(t, big, "run", "integer.compute.gcd", "--file", "-")
	o := inv.outcome(t)
	if inv.code != ExitNonConclusion || o.Reason != core.ResourceRefused {
		t.Errorf("exit %d, outcome %v; want exit %d and RESOURCE_REFUSED", inv.code, o, ExitNonConclusion)
	}
	// A file is refused by its size, unread, with the size it has.
	file := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(file, []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	inv = jacobian(t, "", "run", "integer.compute.gcd", "--file", file)
	o = inv.outcome(t)
	if want := fmt.Sprintf("payload is %d bytes; this runtime accepts at most %d", len(big), core.DefaultMaxPayloadBytes); inv.code != ExitNonConclusion || o.Reason != core.ResourceRefused || o.Detail != want {
		t.Errorf("from a file: exit %d, outcome %v; want RESOURCE_REFUSED saying %q", inv.code, o, want)
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"json and file", []string{"run", "integer.compute.gcd", "--json", `{}`, "--file", "-"}, "can't be used together"},
		{"no payload", []string{"run", "integer.compute.gcd"}, "missing payload"},
		{"no ID", []string{"run", "--json", `{}`}, "<id>"},
		{"missing file", []string{"run", "integer.compute.gcd", "--file", filepath.Join(t.TempDir(), "absent.json")}, "no such file"},
		{"directory as file", []string{"run", "integer.compute.gcd", "--file", t.TempDir()}, "cannot read the payload"},
		{"bad timeout", []string{"run", "integer.compute.gcd", "--json", `{}`, "--timeout", "soon"}, "timeout"},
		{"negative timeout", []string{"run", "integer.compute.gcd", "--json", `{}`, "--timeout=-1s"}, "must be positive"},
		{"zero timeout", []string{"run", "integer.compute.gcd", "--json", `{}`, "--timeout", "0s"}, "must be positive"},
		{"unknown flag", []string{"catalog", "--yaml"}, "unknown flag --yaml"},
		{"unknown command", []string{"compute"}, "unexpected argument compute"},
		{"no command", []string{}, "expected one of"},
		{"blank query", []string{"find", " "}, "INVALID_PAYLOAD: the query is empty"},
		{"limit too large", []string{"find", "gcd", "--limit", "51"}, "limit must be between 1 and 50"},
		{"limit zero", []string{"find", "gcd", "--limit", "0"}, "limit must be between 1 and 50"},
		{"input kind not installed", []string{"find", "gcd", "--input-kind", "tensor"}, `must be one of`},
		{"inspect without ID", []string{"inspect"}, "<id>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			inv := jacobian(t, "", tc.args...)
			if inv.code != ExitUsage {
				t.Errorf("exit code %d, want %d\nstdout: %s\nstderr: %s", inv.code, ExitUsage, inv.stdout, inv.stderr)
			}
			if inv.stdout != "" {
				t.Errorf("a usage error printed on stdout: %q", inv.stdout)
			}
			if !strings.HasPrefix(inv.stderr, "jacobian: error: ") || !strings.Contains(inv.stderr, tc.stderr) {
				t.Errorf("stderr %q, want a jacobian error mentioning %q", inv.stderr, tc.stderr)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"run", "--help"}, {"find", "-h"}} {
		inv := jacobian(t, "", args...)
		if inv.code != ExitCompleted {
			t.Errorf("%v: exit code %d, want 0", args, inv.code)
		}
		if !strings.Contains(inv.stdout, "Usage: jacobian") || !strings.Contains(inv.stdout, "64") {
			t.Errorf("%v: help without usage or exit codes:\n%s", args, inv.stdout)
		}
	}
}

func TestCatalog(t *testing.T) {
	reg, err := core.NewRegistryWith(integer.Register, registerFixtures)
	if err != nil {
		t.Fatal(err)
	}

	table := jacobian(t, "", "catalog")
	if table.code != ExitCompleted {
		t.Fatalf("exit code %d: %s", table.code, table.stderr)
	}
	lines := strings.Split(strings.TrimSpace(table.stdout), "\n")
	if got := strings.Fields(lines[0]); strings.Join(got, " ") != "ID KIND TITLE PROVIDER" {
		t.Errorf("header %q", lines[0])
	}
	if len(lines) != reg.Len()+2 {
		t.Errorf("%d lines for %d operations:\n%s", len(lines), reg.Len(), table.stdout)
	}
	var gcdLine string
	for _, l := range lines {
		if strings.HasPrefix(l, "integer.compute.gcd ") {
			gcdLine = l
		}
	}
	if !strings.Contains(gcdLine, "compute") || !strings.Contains(gcdLine, "Greatest common divisor") || !strings.Contains(gcdLine, "jacobian.dev/integer@") {
		t.Errorf("gcd row %q lacks its kind, title or provider", gcdLine)
	}

	js := jacobian(t, "", "catalog", "--json")
	var cat core.Catalog
	if err := json.Unmarshal([]byte(js.stdout), &cat); err != nil {
		t.Fatalf("catalog --json: %v\n%s", err, js.stdout)
	}
	if cat.Count != reg.Len() || len(cat.Operations) != reg.Len() {
		t.Errorf("catalog counts %d with %d entries, registry holds %d", cat.Count, len(cat.Operations), reg.Len())
	}
	for i, d := range reg.Declarations() {
		if cat.Operations[i].CapabilityID != d.ID {
			t.Errorf("entry %d is %s, want %s", i, cat.Operations[i].CapabilityID, d.ID)
		}
	}
}

func TestFind(t *testing.T) {
	readable := jacobian(t, "", "find", "greatest", "common", "divisor")
	if readable.code != ExitCompleted {
		t.Fatalf("exit code %d: %s", readable.code, readable.stderr)
	}
	if !strings.HasPrefix(readable.stdout, " 1. integer.compute.gcd  (compute, relevance ") {
		t.Errorf("gcd is not the first hit:\n%s", readable.stdout)
	}

	var res core.SearchResult
	js := jacobian(t, "", "find", "greatest common divisor", "--json", "--limit", "2")
	if err := json.Unmarshal([]byte(js.stdout), &res); err != nil {
		t.Fatalf("find --json: %v\n%s", err, js.stdout)
	}
	if len(res.Hits) == 0 || res.Hits[0].CapabilityID != "integer.compute.gcd" || len(res.Hits) > 2 {
		t.Errorf("hits %+v, want integer.compute.gcd first and at most 2", res.Hits)
	}

	// An operation that takes none of the kinds held is marked, and moves
	// behind every compatible one.
	inc := jacobian(t, "", "find", "gcd", "--json", "--input-kind", "fixture_steps")
	res = core.SearchResult{}
	if err := json.Unmarshal([]byte(inc.stdout), &res); err != nil {
		t.Fatalf("find --input-kind: %v\n%s: %s", err, inc.stdout, inc.stderr)
	}
	for _, h := range res.Hits {
		if h.CapabilityID == "integer.compute.gcd" && (h.Applicability.Status != core.Incompatible || !contains(h.Applicability.Reasons, core.InputKindMismatch)) {
			t.Errorf("gcd applicability %+v, want INCOMPATIBLE with INPUT_KIND_MISMATCH", h.Applicability)
		}
	}
	readableInc := jacobian(t, "", "find", "gcd", "--input-kind", "fixture_steps")
	if !strings.Contains(readableInc.stdout, "INCOMPATIBLE: INPUT_KIND_MISMATCH") {
		t.Errorf("readable list does not mark the incompatible hit:\n%s", readableInc.stdout)
	}

	none := jacobian(t, "", "find", "zzzyzzx")
	if none.code != ExitCompleted || !strings.Contains(none.stdout, "no installed operation matches") {
		t.Errorf("no hits: exit %d, stdout %q", none.code, none.stdout)
	}
}

func TestInspect(t *testing.T) {
	inv := jacobian(t, "", "inspect", "integer.compute.gcd")
	if inv.code != ExitCompleted {
		t.Fatalf("exit code %d: %s", inv.code, inv.stderr)
	}
	var in struct {
		ID            string `json:"capability_id"`
		RequestSchema struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		} `json:"request_schema"`
		ResultSchema json.RawMessage `json:"result_schema"`
		Examples     []core.Example  `json:"examples"`
	}
	if err := json.Unmarshal([]byte(inv.stdout), &in); err != nil {
		t.Fatalf("inspect: %v\n%s", err, inv.stdout)
	}
	if in.ID != "integer.compute.gcd" || in.RequestSchema.Type != "object" || in.RequestSchema.Properties["left"] == nil || in.RequestSchema.Properties["right"] == nil {
		t.Errorf("inspect lacks the request schema of gcd:\n%s", inv.stdout)
	}
	if len(in.ResultSchema) == 0 || len(in.Examples) == 0 {
		t.Errorf("inspect lacks the result schema or examples:\n%s", inv.stdout)
	}
	// Every published example, run through the CLI, gives its stated result.
	for _, ex := range in.Examples {
		got := jacobian(t, "", "run", "integer.compute.gcd", "--json", string(ex.Payload)).outcome(t)
		if !jsonEqual(t, got.Value, string(ex.Result)) {
			t.Errorf("example %q: value %s, want %s", ex.Title, got.Value, ex.Result)
		}
	}

	unknown := jacobian(t, "", "inspect", "integer.compute.gdc")
	if unknown.code != ExitFailed || unknown.stdout != "" || !strings.Contains(unknown.stderr, "UNKNOWN_CAPABILITY") || !strings.Contains(unknown.stderr, "integer.compute.gcd") {
		t.Errorf("unknown ID: exit %d, stdout %q, stderr %q", unknown.code, unknown.stdout, unknown.stderr)
	}
}

func TestVersion(t *testing.T) {
	inv := jacobian(t, "", "version")
	if inv.code != ExitCompleted {
		t.Fatalf("exit code %d: %s", inv.code, inv.stderr)
	}
	for _, want := range []string{"jacobian ", "jacobian.dev/cli", "domains:", "jacobian.dev/integer"} {
		if !strings.Contains(inv.stdout, want) {
			t.Errorf("version output lacks %q:\n%s", want, inv.stdout)
		}
	}

	var rep struct {
		Module     string       `json:"module"`
		Version    string       `json:"version"`
		Domains    []moduleInfo `json:"domains"`
		Operations int          `json:"operations"`
	}
	js := jacobian(t, "", "version", "--json")
	if err := json.Unmarshal([]byte(js.stdout), &rep); err != nil {
		t.Fatalf("version --json: %v\n%s", err, js.stdout)
	}
	// The fixtures live in this test binary's own module.
	var paths []string
	for _, d := range rep.Domains {
		paths = append(paths, d.Path)
	}
	if strings.Join(paths, " ") != "jacobian.dev/integer jacobian.dev/cli" || rep.Version == "" || rep.Operations < 4 {
		t.Errorf("version report %+v", rep)
	}

	pinned := Main(Config{Version: "v1.2.3", Args: []string{"version"}, Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}})
	if pinned != ExitCompleted {
		t.Errorf("version with no domains: exit %d", pinned)
	}
}

func TestBrokenDomain(t *testing.T) {
	broken := func(*core.Registry) error { return errors.New("operation x.compute.y: Title is empty") }
	for _, args := range [][]string{{"catalog"}, {"run", "integer.compute.gcd", "--json", `{"left":"1","right":"1"}`}, {"version"}} {
		var out, errOut bytes.Buffer
		code := Main(Config{Domains: []core.Registrar{integer.Register, broken}, Args: args, Stdout: &out, Stderr: &errOut})
		if code != ExitInternal || !strings.Contains(errOut.String(), "Title is empty") {
			t.Errorf("%v: exit %d, stderr %q; want %d naming the problem", args, code, errOut.String(), ExitInternal)
		}
		// Only version still prints, so the broken build can be identified.
		if printed := out.Len() > 0; printed != (args[0] == "version") {
			t.Errorf("%v: stdout %q", args, out.String())
		}
	}
}

func TestOutcomeExitCode(t *testing.T) {
	tests := []struct {
		o    core.Outcome
		want int
	}{
		{core.Outcome{Outcome: core.OutcomeCompleted, Verdict: core.Inconclusive}, ExitCompleted},
		{core.NonConclusion("x", core.ProviderUnavailable, "down"), ExitNonConclusion},
		{core.Failed("x", core.DomainError, "", "zero modulus"), ExitFailed},
		{core.Failed("x", core.PostconditionFailed, "", "withheld"), ExitInternal},
		{core.Failed("x", core.InternalError, "", "panic"), ExitInternal},
		{core.Outcome{Outcome: "other"}, ExitInternal},
	}
	for _, tc := range tests {
		if got := outcomeExitCode(tc.o); got != tc.want {
			t.Errorf("%v: exit %d, want %d", tc.o, got, tc.want)
		}
	}
}

// FuzzRunPayload feeds arbitrary payload bytes to run: whatever arrives, the
// CLI prints one outcome and exits with the code of its kind, never a usage
// error, an internal error or a panic.
func FuzzRunPayload(f *testing.F) {
	for _, s := range []string{`{"left":"84","right":"30"}`, `{"left":84}`, `{`, ``, `[]`, `null`, "\xff", `{"left":"1","right":"1","x":1}`, `{"left":"-0","right":"01"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, payload string) {
		var out bytes.Buffer
		code := Main(Config{
			Domains: []core.Registrar{integer.Register},
			Args:    []string{"run", "integer.compute.gcd", "--compact", "--file", "-"},
			Stdin:   strings.NewReader(payload),
			Stdout:  &out, Stderr: &bytes.Buffer{},
		})
		var o core.Outcome
		if err := json.Unmarshal(out.Bytes(), &o); err != nil {
			t.Fatalf("payload %q: output is not an outcome: %v: %s", payload, err, out.String())
		}
		if want := outcomeExitCode(o); code != want || code == ExitInternal {
			t.Fatalf("payload %q: exit %d for %v", payload, code, o)
		}
	})
}

func jsonEqual(t *testing.T, got json.RawMessage, want string) bool {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("value %s: %v", got, err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want %s: %v", want, err)
	}
	gb, _ := json.Marshal(g)
	wb, _ := json.Marshal(w)
	return bytes.Equal(gb, wb)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestRunMaxMemory: --max-memory bounds the CLI's run too. A payload whose
// decoding would need more than the budget is refused before it is decoded,
// with the figures; the same payload runs under the default budget.
func TestRunMaxMemory(t *testing.T) {
	// gcd(2·10^50000 + 14, 10): two 50,000-digit-class operands that cost
	// far more than 64 KiB to decode, and a known answer, 2.
	left := "2" + strings.Repeat("0", 49_998) + "14"
	payload := `{"left":"` + left + `","right":"10"}`
	inv := jacobian(t, "", "run", "integer.compute.gcd", "--max-memory", "64KiB", "--json", payload)
	o := inv.outcome(t)
	if inv.code != ExitNonConclusion || o.Reason != core.ResourceRefused || !strings.Contains(o.Detail, "memory budget") {
		t.Fatalf("under a 64 KiB budget: exit %d, %s", inv.code, inv.stdout)
	}
	inv = jacobian(t, "", "run", "integer.compute.gcd", "--compact", "--json", payload)
	if o := inv.outcome(t); inv.code != ExitCompleted || string(o.Value) != `{"gcd":"2"}` {
		t.Fatalf("under the default budget: exit %d, %s", inv.code, inv.stdout)
	}
}
