package mcptest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Values by reference, end to end: value:// references handed from the
// table operation to the fibers operation inside one MCP session, their
// confinement to it, eviction from a bounded store, a large table published
// as an artifact and read back as a resource, malformed references, and
// the CLI passing values between separate processes.

// GF(3^5) = GF(3)[t]/(t^5 + 2t + 1); PARI/GP 2.15:
// polisirreducible(Mod(1,3)*(x^5+2*x+1)) = 1.
const gf243 = `{"characteristic":"3","degree":5,"modulus":{"coefficients":["1","2","0","0","0","1"]}}`

// f(x) = 2x^3 + t·x^2 + 1 over GF(3^5). PARI/GP 2.15, with
// t = ffgen(Mod(1,3)*(y^5+2*y+1), 't) and the element with integer encoding
// e = Σ d_j 3^j being Σ d_j t^j: the image of f has 162 elements and
// f(x) = 0 has 3 roots.
const (
	cubic243      = `{"coefficients":[["1"],[],["0","1"],["2"]]}`
	cubic243Image = 162
	cubic243Roots = 3
)

// GF(2^16) = GF(2)[t]/(t^16 + t^5 + t^3 + t^2 + 1); PARI/GP 2.15:
// polisirreducible(Mod(1,2)*(x^16+x^5+x^3+x^2+1)) = 1.
const gf65536 = `{"characteristic":"2","degree":16,"modulus":{"coefficients":["1","0","1","1","0","1","0","0","0","0","0","0","0","0","0","0","1"]}}`

// x^3 on GF(2^16): 3 divides 2^16 − 1 = 3·5·17·257, so x ↦ x^3 is 3-to-1
// on the 65535 nonzero elements and the image has 1 + 65535/3 = 21846
// elements.
const (
	cube65536      = `{"coefficients":[[],[],[],["1"]]}`
	cube65536Image = 21846
)

// GF(3^7) = GF(3)[t]/(t^7 + 2t^2 + 1), f(x) = x^4 + t·x + 1; PARI/GP 2.15:
// polisirreducible(Mod(1,3)*(x^7+2*x^2+1)) = 1, and the image of f has 1367
// elements (same enumeration as for GF(3^5)). Its table, about 120 KB, is
// above the 64 KiB inline limit.
const (
	gf2187        = `{"characteristic":"3","degree":7,"modulus":{"coefficients":["1","0","2","0","0","0","0","1"]}}`
	quartic2187   = `{"coefficients":[["1"],["0","1"],[],[],["1"]]}`
	quartic2187Im = 1367
)

const (
	tableOp  = "finite_field.polynomial_map.table.compute"
	fibersOp = "finite_field.polynomial_map.fibers.compute"
)

func tableArgs(field, poly string) string {
	return `{"capability_id":"` + tableOp + `","payload":{"field":` + field + `,"polynomial":` + poly + `}}`
}

func fibersByRef(ref string) string {
	return `{"capability_id":"` + fibersOp + `","payload":{},"inputs":{"table":{"value_ref":"` + ref + `"}}}`
}

// output returns the description of an output port in an outcome.
func (o outcome) output(port string) map[string]any {
	outs, _ := o["outputs"].(map[string]any)
	out, _ := outs[port].(map[string]any)
	return out
}

// inlineValue returns the value's JSON exactly as the server encoded it.
// The structured content reaches the Go client decoded into maps, which
// lose the key order; the text projection carries the same bytes after
// "completed <id>: ".
func inlineValue(t testing.TB, res *mcp.CallToolResult, id string) json.RawMessage {
	t.Helper()
	text := res.Content[0].(*mcp.TextContent).Text
	rest, ok := strings.CutPrefix(text, "completed "+id+": ")
	if !ok {
		t.Fatalf("text content %.200q is not a completed %s with its value", text, id)
	}
	var v json.RawMessage
	if err := json.NewDecoder(strings.NewReader(rest)).Decode(&v); err != nil {
		t.Fatalf("text content value: %v", err)
	}
	return v
}

func field(t testing.TB, value json.RawMessage, name string) json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(value, &m); err != nil {
		t.Fatalf("%.200s: %v", value, err)
	}
	return m[name]
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// fibersOfTable groups a table's inputs by output: the fibers, computed
// here from the table alone, keyed by the output's JSON.
func fibersOfTable(t testing.TB, table json.RawMessage) map[string][]string {
	t.Helper()
	var tb struct {
		Inputs, Outputs []json.RawMessage
	}
	if err := json.Unmarshal(table, &tb); err != nil || len(tb.Inputs) != len(tb.Outputs) {
		t.Fatalf("table: %v", err)
	}
	fibers := map[string][]string{}
	for i, y := range tb.Outputs {
		fibers[string(y)] = append(fibers[string(y)], string(tb.Inputs[i]))
	}
	return fibers
}

// checkFibers compares a fibers result with the fibers grouped from the
// table itself, and its image size with the reference.
func checkFibers(t testing.TB, fibers json.RawMessage, table json.RawMessage, image int) {
	t.Helper()
	var got struct {
		Fibers []struct {
			Value     json.RawMessage   `json:"value"`
			Preimages []json.RawMessage `json:"preimages"`
		} `json:"fibers"`
		ImageSize int `json:"image_size"`
	}
	if err := json.Unmarshal(fibers, &got); err != nil {
		t.Fatalf("fibers %.200s: %v", fibers, err)
	}
	if got.ImageSize != image || len(got.Fibers) != image {
		t.Fatalf("image size %d with %d fibers, want %d", got.ImageSize, len(got.Fibers), image)
	}
	want := fibersOfTable(t, table)
	for _, f := range got.Fibers {
		pre := want[string(f.Value)]
		if len(pre) != len(f.Preimages) {
			t.Fatalf("fiber of %s has %d preimages, the table %d", f.Value, len(f.Preimages), len(pre))
		}
		for i := range pre {
			// Both list preimages in ascending integer encoding, the
			// table's canonical input order.
			if pre[i] != string(f.Preimages[i]) {
				t.Fatalf("fiber of %s: preimage %d is %s, the table says %s", f.Value, i, f.Preimages[i], pre[i])
			}
		}
	}
}

// TestTableToFibersByReference hands a value table from one operation to
// the next by value:// reference over stdio: the fibers equal those of the
// table sent inline, and the published digest is the SHA-256 of the
// table's inline JSON.
func TestTableToFibersByReference(t *testing.T) {
	cs := stdioSession(t, nil, "--no-artifacts")
	res, out := callTool(t, cs, "math.run", tableArgs(gf243, cubic243))
	if res.IsError || out["outcome"] != "completed" {
		t.Fatalf("table: %v", out)
	}
	table := field(t, inlineValue(t, res, tableOp), "table")
	port := out.output("table")
	ref, _ := port["value_ref"].(string)
	if !regexp.MustCompile(`^value://[A-Za-z0-9_-]{32}$`).MatchString(ref) {
		t.Fatalf("outputs.table.value_ref = %q, want value:// and 32 base64url characters", ref)
	}
	if port["digest"] != "sha256:"+sha256Hex(table) || port["size"] != float64(len(table)) || port["artifact_type"] != "finite_field.value_table" {
		t.Fatalf("outputs.table = %v; the inline table has %d bytes, sha256 %s", port, len(table), sha256Hex(table))
	}

	byRef, refOut := callTool(t, cs, "math.run", fibersByRef(ref))
	if byRef.IsError || refOut["outcome"] != "completed" {
		t.Fatalf("fibers by reference: %v", refOut)
	}
	inline, inlineOut := callTool(t, cs, "math.run", `{"capability_id":"`+fibersOp+`","payload":{"table":`+string(table)+`}}`)
	if inline.IsError || inlineOut["outcome"] != "completed" {
		t.Fatalf("fibers inline: %v", inlineOut)
	}
	a, b := inlineValue(t, byRef, fibersOp), inlineValue(t, inline, fibersOp)
	if !bytes.Equal(a, b) {
		t.Fatalf("fibers by reference differ from fibers inline:\n%.300s\n%.300s", a, b)
	}
	checkFibers(t, a, table, cubic243Image)
	var zero struct {
		Fibers []struct {
			Value     json.RawMessage   `json:"value"`
			Preimages []json.RawMessage `json:"preimages"`
		} `json:"fibers"`
	}
	if err := json.Unmarshal(a, &zero); err != nil || string(zero.Fibers[0].Value) != "[]" || len(zero.Fibers[0].Preimages) != cubic243Roots {
		t.Fatalf("fiber of 0: %v %.200s, want %d roots", err, a, cubic243Roots)
	}

	// Binding a port and giving its field too is refused.
	if res, out := callTool(t, cs, "math.run", `{"capability_id":"`+fibersOp+`","payload":{"table":`+string(table)+`},"inputs":{"table":{"value_ref":"`+ref+`"}}}`); !res.IsError || out["code"] != "PORT_CONFLICT" {
		t.Fatalf("table bound and given: %v", out)
	}
}

// httpServer starts `jacobian serve --http` on a free loopback port with
// args and returns its endpoint.
func httpServer(t testing.TB, args ...string) string {
	t.Helper()
	url, _ := loadServer(t, args...)
	return url
}

func httpSession(t testing.TB, url string) *mcp.ClientSession {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "jacobian-e2e", Version: "v0"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// TestReferenceStaysInItsSession: two HTTP sessions of one server; a
// reference made in the first resolves there and nowhere else.
func TestReferenceStaysInItsSession(t *testing.T) {
	url := httpServer(t, "--artifact-dir", t.TempDir())
	a, b := httpSession(t, url), httpSession(t, url)
	_, out := callTool(t, a, "math.run", tableArgs(gf243, cubic243))
	ref, _ := out.output("table")["value_ref"].(string)
	if ref == "" {
		t.Fatalf("table: %v", out)
	}
	if res, out := callTool(t, a, "math.run", fibersByRef(ref)); res.IsError || out.value("image_size") != float64(cubic243Image) {
		t.Fatalf("same session: %v", out)
	}
	res, out := callTool(t, b, "math.run", fibersByRef(ref))
	msg, _ := out["message"].(string)
	if !res.IsError || out["code"] != "UNKNOWN_REFERENCE" || out["path"] != "/inputs/table/value_ref" || !strings.Contains(msg, "unknown to this session") {
		t.Fatalf("other session: %v, want UNKNOWN_REFERENCE saying the reference is unknown to this session", out)
	}
}

// TestEviction publishes five tables to a server keeping three values per
// session, and to one keeping 25 000 bytes of values (two or three tables):
// the oldest references fail as evicted, the recent ones resolve.
func TestEviction(t *testing.T) {
	// Five polynomials over GF(3^5), so five different tables.
	polys := []string{
		`{"coefficients":[["1"],[],["0","1"],["2"]]}`,
		`{"coefficients":[["2"],[],["0","1"],["2"]]}`,
		`{"coefficients":[["1"],[],["0","1"],["1"]]}`,
		`{"coefficients":[["2"],[],["0","1"],["1"]]}`,
		`{"coefficients":[["1"],[],["0","2"],["2"]]}`,
	}
	for _, tc := range []struct {
		name     string
		args     []string
		maxCount int
		maxBytes int
	}{
		{"max-values 3", []string{"--max-values", "3"}, 3, 256 << 20},
		{"max-value-bytes 25000", []string{"--max-value-bytes", "25000"}, 1024, 25000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs := stdioSession(t, nil, append([]string{"--no-artifacts"}, tc.args...)...)
			var refs []string
			var sizes []int
			for i, poly := range polys {
				_, out := callTool(t, cs, "math.run", tableArgs(gf243, poly))
				ref, _ := out.output("table")["value_ref"].(string)
				size, _ := out.output("table")["size"].(float64)
				if ref == "" {
					t.Fatalf("table %d: %v", i, out)
				}
				refs, sizes = append(refs, ref), append(sizes, int(size))
			}
			evicted := evictedByLRU(sizes, tc.maxCount, tc.maxBytes)
			if evicted == 0 || evicted == len(refs) {
				t.Fatalf("sizes %v: %d of %d evicted; the bounds no longer exercise eviction", sizes, evicted, len(refs))
			}
			// Resolving a reference makes it recent, so the oldest are
			// tried first.
			for i, ref := range refs {
				res, out := callTool(t, cs, "math.run", fibersByRef(ref))
				if i < evicted {
					msg, _ := out["message"].(string)
					if !res.IsError || out["code"] != "UNKNOWN_REFERENCE" || !strings.Contains(msg, "evicted") {
						t.Fatalf("reference %d of 5: %v, want UNKNOWN_REFERENCE saying evicted", i+1, out)
					}
					continue
				}
				if res.IsError || out["outcome"] != "completed" {
					t.Fatalf("reference %d of 5: %v, want it resolved", i+1, out)
				}
			}
			t.Logf("table sizes %v: the first %d evicted", sizes, evicted)
		})
	}
}

// evictedByLRU is the model of a store bounded by count and bytes that is
// only ever added to: how many of the oldest values it has evicted once all
// of sizes are in.
func evictedByLRU(sizes []int, maxCount, maxBytes int) int {
	oldest, total := 0, 0
	for i, s := range sizes {
		total += s
		for i+1-oldest > maxCount || total > maxBytes {
			total -= sizes[oldest]
			oldest++
		}
	}
	return oldest
}

// TestLargeTableIsAnArtifact tabulates x^3 on GF(2^16): the 65 536-entry
// table is above the inline limit, so it is published to the artifact store
// and linked; reading the link returns bytes whose SHA-256 is the digest
// the outcome names, and the artifact binds to the fibers operation.
func TestLargeTableIsAnArtifact(t *testing.T) {
	dir := t.TempDir()
	cs := stdioSession(t, nil, "--artifact-dir", dir)
	start := time.Now()
	res, out := callTool(t, cs, "math.run", tableArgs(gf65536, cube65536))
	if res.IsError || out["outcome"] != "completed" {
		t.Fatalf("table: %v", out)
	}
	t.Logf("GF(2^16) table over MCP: %v", time.Since(start))
	port := out.output("table")
	uri, _ := port["artifact_uri"].(string)
	digest, _ := port["digest"].(string)
	if !strings.HasPrefix(uri, "artifact://sha256/") || digest != "sha256:"+strings.TrimPrefix(uri, "artifact://sha256/") {
		t.Fatalf("outputs.table = %v, want an artifact URI named by its digest", port)
	}
	if out["value"] != nil || out["artifact"] == nil {
		t.Fatalf("a %v-byte result was sent inline: %.300v", port["size"], out)
	}
	links := map[string]*mcp.ResourceLink{}
	for _, c := range res.Content {
		if l, ok := c.(*mcp.ResourceLink); ok {
			links[l.URI] = l
		}
	}
	link := links[uri]
	if link == nil || link.Size == nil || float64(*link.Size) != port["size"] {
		t.Fatalf("content links %v, want a resource link to %s of %v bytes", links, uri, port["size"])
	}
	read, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatal(err)
	}
	data := []byte(read.Contents[0].Text)
	if "sha256:"+sha256Hex(data) != digest || float64(len(data)) != port["size"] {
		t.Fatalf("resource %s: %d bytes with sha256 %s; the outcome says %v", uri, len(data), sha256Hex(data), port)
	}
	var table struct {
		Inputs []json.RawMessage `json:"inputs"`
	}
	if err := json.Unmarshal(data, &table); err != nil || len(table.Inputs) != 1<<16 {
		t.Fatalf("the artifact is not a 65536-entry table: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "sha256", strings.TrimPrefix(uri, "artifact://sha256/"))); err != nil {
		t.Fatalf("the artifact is not in --artifact-dir: %v", err)
	}

	// The whole result went to the store too; it holds the same table.
	whole := out["artifact"].(map[string]any)["uri"].(string)
	if links[whole] == nil {
		t.Fatalf("no resource link to the result %s", whole)
	}
	read, err = cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: whole})
	if err != nil {
		t.Fatal(err)
	}
	if got := field(t, json.RawMessage(read.Contents[0].Text), "table"); !bytes.Equal(got, data) {
		t.Fatal("the stored result's table differs from the table artifact")
	}

	// The artifact binds to the fibers operation by its URI.
	start = time.Now()
	res, out = callTool(t, cs, "math.run", fibersByRef(uri))
	if res.IsError || out["outcome"] != "completed" {
		t.Fatalf("fibers of the artifact: %v", out)
	}
	t.Logf("GF(2^16) fibers over MCP: %v", time.Since(start))
	fibers := []byte(nil)
	if out["artifact"] != nil {
		read, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: out["artifact"].(map[string]any)["uri"].(string)})
		if err != nil {
			t.Fatal(err)
		}
		fibers = []byte(read.Contents[0].Text)
	} else {
		fibers = inlineValue(t, res, fibersOp)
	}
	checkFibers(t, fibers, data, cube65536Image)
}

// TestBadReferences sends malformed and unresolvable references through
// math.run: each is a failed UNKNOWN_REFERENCE tool error naming the
// binding and saying what is wrong.
func TestBadReferences(t *testing.T) {
	cs := stdioSession(t, nil, "--artifact-dir", t.TempDir())
	for _, tc := range []struct {
		name, ref, says string
	}{
		{"wrong prefix", "ref://" + strings.Repeat("A", 32), `must start with "value://"`},
		{"wrong length", "value://AAAA", "has 32 characters"},
		{"non-base64 characters", "value://" + strings.Repeat("A", 30) + "+/", "only base64url characters"},
		{"unknown", "value://" + strings.Repeat("A", 32), "unknown to this session"},
		{"path traversal", "artifact://sha256/../../etc/passwd", "is not an artifact URI"},
		{"short digest", "artifact://sha256/abc", "is not an artifact URI"},
		{"absent artifact", "artifact://sha256/" + strings.Repeat("0", 64), "is not in the artifact store"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, out := callTool(t, cs, "math.run", fibersByRef(tc.ref))
			msg, _ := out["message"].(string)
			if !res.IsError || out["outcome"] != "failed" || out["code"] != "UNKNOWN_REFERENCE" || out["path"] != "/inputs/table/value_ref" || !strings.Contains(msg, tc.says) {
				t.Fatalf("%s: %v, want a failed UNKNOWN_REFERENCE at /inputs/table/value_ref saying %q", tc.ref, out, tc.says)
			}
		})
	}
}

// run is one process of the jacobian command line.
type run struct {
	code           int
	stdout, stderr string
}

func cli(t testing.TB, dir string, args ...string) run {
	t.Helper()
	cmd := exec.Command(jacobian(t), args...)
	cmd.Dir = dir
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return run{code, stdout.String(), stderr.String()}
}

func (r run) outcome(t testing.TB) outcome {
	t.Helper()
	var o outcome
	if err := json.Unmarshal([]byte(r.stdout), &o); err != nil {
		t.Fatalf("stdout is not an outcome: %v\n%.300s\nstderr: %s", err, r.stdout, r.stderr)
	}
	return o
}

// TestCLIAcrossRuns passes a value table between separate jacobian
// processes, through the artifact store and through a file, and gets the
// fibers of the table given inline each time.
func TestCLIAcrossRuns(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "artifacts")
	payload := `{"field":` + gf2187 + `,"polynomial":` + quartic2187 + `}`
	table := cli(t, dir, "run", tableOp, "--publish", "--artifact-dir", store, "--output", "result.json", "--json", payload)
	o := table.outcome(t)
	if table.code != 0 || o["outcome"] != "completed" || o["value"] != nil {
		t.Fatalf("table: exit %d %v\n%s", table.code, o, table.stderr)
	}
	result, err := os.ReadFile(filepath.Join(dir, "result.json"))
	if err != nil {
		t.Fatal(err)
	}
	whole := o["artifact"].(map[string]any)
	if whole["digest"] != "sha256:"+sha256Hex(result) || !strings.Contains(table.stderr, fmt.Sprintf("(%d bytes, sha256:%s) was written to result.json", len(result), sha256Hex(result))) {
		t.Fatalf("result.json (%d bytes, sha256 %s) is not the stored result %v; stderr %s", len(result), sha256Hex(result), whole, table.stderr)
	}
	tableJSON := field(t, result, "table")
	uri, _ := o.output("table")["artifact_uri"].(string)
	if o.output("table")["digest"] != "sha256:"+sha256Hex(tableJSON) || uri == "" {
		t.Fatalf("outputs.table = %v; the table in result.json has sha256 %s", o.output("table"), sha256Hex(tableJSON))
	}
	if err := os.WriteFile(filepath.Join(dir, "table.json"), tableJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "inline.json"), []byte(`{"table":`+string(tableJSON)+`}`), 0o644); err != nil {
		t.Fatal(err)
	}

	fibers := map[string]json.RawMessage{}
	for name, args := range map[string][]string{
		"inline":   {"--file", "inline.json"},
		"artifact": {"--artifact-dir", store, "--input", "table=" + uri},
		"file":     {"--input", "table=@table.json"},
	} {
		r := cli(t, dir, append([]string{"run", fibersOp, "--compact"}, args...)...)
		o := r.outcome(t)
		if r.code != 0 || o["outcome"] != "completed" {
			t.Fatalf("fibers (%s): exit %d %.300v\n%s", name, r.code, o, r.stderr)
		}
		fibers[name] = field(t, json.RawMessage(r.stdout), "value")
	}
	checkFibers(t, fibers["inline"], tableJSON, quartic2187Im)
	for _, name := range []string{"artifact", "file"} {
		if !bytes.Equal(fibers[name], fibers["inline"]) {
			t.Errorf("fibers with the table bound from the %s differ from the fibers of the inline table", name)
		}
	}
}

// TestCLIBadInputs: a value:// reference is a usage error that says where
// references live; other bad references are failed UNKNOWN_REFERENCE
// outcomes, as over MCP.
func TestCLIBadInputs(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "artifacts")
	r := cli(t, dir, "run", fibersOp, "--input", "table=value://"+strings.Repeat("A", 32))
	if r.code != 64 || r.stdout != "" || !strings.Contains(r.stderr, "inside one MCP session") || !strings.Contains(r.stderr, "table=@FILE") {
		t.Fatalf("value:// reference: exit %d, stdout %q, stderr %q; want usage error 64 explaining references", r.code, r.stdout, r.stderr)
	}
	for _, tc := range []struct{ name, ref, says string }{
		{"wrong prefix", "sha256:" + strings.Repeat("0", 64), "neither an artifact URI"},
		{"path traversal", "artifact://sha256/../../etc/passwd", "is not an artifact URI"},
		{"non-hex digest", "artifact://sha256/" + strings.Repeat("g", 64), "is not an artifact URI"},
		{"absent artifact", "artifact://sha256/" + strings.Repeat("0", 64), "is not in the artifact store"},
		{"missing file", "@absent.json", "cannot read the file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := cli(t, dir, "run", fibersOp, "--artifact-dir", store, "--input", "table="+tc.ref)
			o := r.outcome(t)
			msg, _ := o["message"].(string)
			if r.code != 1 || o["code"] != "UNKNOWN_REFERENCE" || o["path"] != "/inputs/table/value_ref" || !strings.Contains(msg, tc.says) {
				t.Fatalf("--input table=%s: exit %d %v, want 1 UNKNOWN_REFERENCE saying %q", tc.ref, r.code, o, tc.says)
			}
		})
	}
}
