package distribution

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// catalogEntry is the part of `catalog --json` these tests read.
type catalogEntry struct {
	ID       string `json:"capability_id"`
	Provider struct {
		Module string `json:"module"`
	} `json:"provider"`
}

func readCatalog(t *testing.T, bin string) []catalogEntry {
	t.Helper()
	out, err := exec.Command(bin, "catalog", "--json").Output()
	if err != nil {
		t.Fatalf("%s catalog --json: %v", bin, err)
	}
	var c struct {
		Operations []catalogEntry `json:"operations"`
	}
	if err := json.Unmarshal(out, &c); err != nil {
		t.Fatalf("catalog --json: %v\n%s", err, out)
	}
	return c.Operations
}

// TestEndToEnd builds three binaries in one build directory: integer and
// matrix alone, the default domains plus the third-party Gaussian domain,
// and a build whose domains collide, which must fail naming the culprit.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds three jacobian binaries")
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	buildDir := filepath.Join(work, "build")
	build := func(t *testing.T, manifest string) (*Result, string, error) {
		t.Helper()
		out := filepath.Join(work, "bin", t.Name())
		m, err := Parse([]byte(strings.ReplaceAll(manifest, "OUTPUT", out)), root)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		res, err := Build(ctx, m, Options{Keep: buildDir})
		return res, out, err
	}

	t.Run("lite", func(t *testing.T) {
		res, bin, err := build(t, `{"name":"jacobian-lite","output":"OUTPUT",
			"domains":[{"module":"jacobian.dev/integer"},{"module":"jacobian.dev/matrix"}],
			"jacobian":{"replace":"."}}`)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Domains) != 2 || res.Domains[0].Module != "jacobian.dev/integer" || res.Domains[1].Module != "jacobian.dev/matrix" {
			t.Fatalf("linked %+v", res.Domains)
		}
		for _, d := range res.Domains {
			if d.Version != "v0.0.0" || d.Register != "Register" || d.Operations == 0 || d.Replace != filepath.Join(root, filepath.Base(d.Module)) {
				t.Errorf("linked %+v", d)
			}
		}
		ops := readCatalog(t, bin)
		if len(ops) != res.Operations {
			t.Errorf("catalog has %d operations, the build reported %d", len(ops), res.Operations)
		}
		for _, op := range ops {
			if strings.HasPrefix(op.ID, "finite_field.") || strings.HasPrefix(op.ID, "polynomial.") {
				t.Errorf("%s is installed although its domain was not chosen", op.ID)
			}
			if op.Provider.Module != "jacobian.dev/integer" && op.Provider.Module != "jacobian.dev/matrix" {
				t.Errorf("%s is provided by %s", op.ID, op.Provider.Module)
			}
		}
		// Search over the lite binary never offers an absent domain, even
		// for queries in its words.
		for _, q := range []string{"fibers of a polynomial map over a finite field", "polynomial gcd", "roots modulo a prime"} {
			out, err := exec.Command(bin, "find", "--json", "--limit", "50", q).Output()
			if err != nil {
				t.Fatalf("find %q: %v", q, err)
			}
			var res struct {
				Hits []struct {
					ID string `json:"capability_id"`
				} `json:"hits"`
			}
			if err := json.Unmarshal(out, &res); err != nil {
				t.Fatalf("find %q printed %s", q, out)
			}
			for _, h := range res.Hits {
				if strings.HasPrefix(h.ID, "finite_field.") || strings.HasPrefix(h.ID, "polynomial.") {
					t.Errorf("find %q returned %s, whose domain was not chosen", q, h.ID)
				}
			}
		}
		cmd := exec.Command(bin, "run", "finite_field.polynomial_map.fibers.compute", "--json", "{}")
		out, err := cmd.Output()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Errorf("run of an absent operation: %v, want exit code 1", err)
		}
		var o struct{ Outcome, Code string }
		if err := json.Unmarshal(out, &o); err != nil || o.Outcome != "failed" || o.Code != "UNKNOWN_CAPABILITY" {
			t.Errorf("run of an absent operation printed %s, want failed UNKNOWN_CAPABILITY", out)
		}
		domainsGo, err := os.ReadFile(filepath.Join(buildDir, "domains.go"))
		if err != nil || !strings.HasPrefix(string(domainsGo), GeneratedHeader) {
			t.Errorf("kept domains.go lacks the generated header: %v\n%s", err, domainsGo)
		}
	})

	t.Run("default plus gaussian", func(t *testing.T) {
		def, err := Default(root)
		if err != nil {
			t.Fatal(err)
		}
		var entries []string
		for _, d := range def.Domains {
			entries = append(entries, fmt.Sprintf(`{"module":%q}`, d.Module))
		}
		entries = append(entries, `{"module":"example.com/gaussian","replace":"examples/gaussian"}`)
		res, bin, err := build(t, `{"name":"jacobian-gaussian","output":"OUTPUT","domains":[`+strings.Join(entries, ",")+`],"jacobian":{"replace":"."}}`)
		if err != nil {
			t.Fatal(err)
		}
		if g := res.Domains[len(def.Domains)]; g.Module != "example.com/gaussian" || g.Operations != 3 || g.Replace != filepath.Join(root, "examples", "gaussian") {
			t.Errorf("gaussian linked as %+v", g)
		}
		gaussian := 0
		providers := map[string]bool{}
		for _, op := range readCatalog(t, bin) {
			ns, _, _ := strings.Cut(op.ID, ".")
			providers[op.Provider.Module] = true
			if ns == "gaussian" {
				gaussian++
				if op.Provider.Module != "example.com/gaussian" {
					t.Errorf("%s is attributed to %s, not example.com/gaussian", op.ID, op.Provider.Module)
				}
			}
		}
		if gaussian != 3 {
			t.Errorf("%d gaussian operations in the catalog, want 3", gaussian)
		}
		for _, d := range def.Domains {
			if !providers[d.Module] {
				t.Errorf("no operations of the default domain %s in the catalog", d.Module)
			}
		}
		// The third-party operation runs over MCP like any other.
		// PARI/GP 2.15: factor(2023+1729*I) = [-I, 1; 7, 1; 1 + I, 1; 2 + I, 1; 9 + 4*I, 1; 10 + 7*I, 1]
		value := mcpRun(t, bin, "gaussian.factorization.compute", `{"z":{"re":"2023","im":"1729"}}`)
		var f struct {
			Unit    map[string]string `json:"unit"`
			Factors []struct {
				Prime    map[string]string `json:"prime"`
				Exponent int               `json:"exponent"`
			} `json:"factors"`
		}
		if err := json.Unmarshal(value, &f); err != nil {
			t.Fatalf("math.run value %s: %v", value, err)
		}
		var got []string
		for _, p := range f.Factors {
			got = append(got, fmt.Sprintf("(%s,%s)^%d", p.Prime["re"], p.Prime["im"], p.Exponent))
		}
		if want := "(1,1)^1 (2,1)^1 (7,0)^1 (9,4)^1 (10,7)^1"; strings.Join(got, " ") != want || f.Unit["re"] != "0" || f.Unit["im"] != "-1" {
			t.Errorf("factorization over MCP: unit %v, factors %v; want −i · %s", f.Unit, got, want)
		}
	})

	t.Run("colliding domains", func(t *testing.T) {
		_, bin, err := build(t, `{"name":"jacobian-clash","output":"OUTPUT",
			"domains":[{"module":"jacobian.dev/integer"},{"module":"example.com/clash","replace":"cli/distribution/testdata/clash"}],
			"jacobian":{"replace":"."}}`)
		var be *BuildError
		if !errors.As(err, &be) {
			t.Fatalf("got %v, want a BuildError", err)
		}
		if be.Domain != 2 || be.Module != "example.com/clash" || !strings.Contains(be.Detail, "integer.compute.gcd") {
			t.Errorf("error %q does not blame domain 2 (example.com/clash) for integer.compute.gcd", err)
		}
		if !strings.HasPrefix(err.Error(), "domain 2 (example.com/clash): registration failed: ") {
			t.Errorf("error %q does not lead with the culprit", err)
		}
		if _, statErr := os.Stat(bin); !errors.Is(statErr, os.ErrNotExist) {
			t.Errorf("a binary was written to %s", bin)
		}
	})
}

// mcpRun starts `bin serve` on stdio, speaks newline-delimited JSON-RPC
// (the MCP stdio transport) through initialize and one math.run call, and
// returns the completed outcome's value.
func mcpRun(t *testing.T, bin, id, payload string) json.RawMessage {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "serve")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		if err := cmd.Wait(); err != nil && ctx.Err() == nil {
			t.Logf("serve: %v\n%s", err, stderr.String())
		}
	}()
	send := func(msg string) {
		if _, err := io.WriteString(stdin, msg+"\n"); err != nil {
			t.Fatalf("writing to serve: %v\n%s", err, stderr.String())
		}
	}
	lines := bufio.NewScanner(stdout)
	lines.Buffer(make([]byte, 1<<20), 16<<20)
	reply := func(wantID int) json.RawMessage {
		for lines.Scan() {
			var msg struct {
				ID     *int            `json:"id"`
				Result json.RawMessage `json:"result"`
				Error  json.RawMessage `json:"error"`
			}
			if err := json.Unmarshal(lines.Bytes(), &msg); err != nil {
				t.Fatalf("serve wrote %s: %v", lines.Bytes(), err)
			}
			if msg.ID == nil || *msg.ID != wantID {
				continue // a notification
			}
			if msg.Error != nil {
				t.Fatalf("request %d failed: %s", wantID, msg.Error)
			}
			return msg.Result
		}
		t.Fatalf("serve closed its output before answering request %d: %v\n%s", wantID, lines.Err(), stderr.String())
		return nil
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"jacobian-build-test","version":"v0"}}}`)
	reply(1)
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":%q,"payload":%s}}}`, id, payload))
	var res struct {
		IsError    bool `json:"isError"`
		Structured struct {
			Outcome string          `json:"outcome"`
			Value   json.RawMessage `json:"value"`
		} `json:"structuredContent"`
	}
	raw := reply(2)
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatalf("tools/call result %s: %v", raw, err)
	}
	if res.IsError || res.Structured.Outcome != "completed" {
		t.Fatalf("math.run %s: %s", id, raw)
	}
	return res.Structured.Value
}
