package mcptest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Serving past one machine (make test-scale): a real S3-compatible server
// (SeaweedFS, JACOBIAN_WEED names its binary), replicas of `jacobian serve
// --http` on loopback ports sharing one bucket, and clients spreading calls
// over them. The replicas get their credentials the way a deployment does,
// from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.

const (
	s3Key, s3Secret = "jacobian-test", "jacobian-test-secret"
	s3Bucket        = "jacobian"
)

// weedServer is one SeaweedFS process (master, volume, filer and S3
// gateway) with its data directory, restartable on the same ports.
type weedServer struct {
	bin, dir              string
	master, volume, filer int
	s3Port                int
	cmd                   *exec.Cmd
	log                   *os.File
	endpoint              string
}

// freePort asks the kernel for a free loopback port whose gRPC companion
// (port + 10000, as SeaweedFS derives it) is free too.
func freePort(t *testing.T) int {
	t.Helper()
	for range 50 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		if port+10000 > 65535 {
			continue
		}
		if g, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port+10000)); err == nil {
			g.Close()
			return port
		}
	}
	t.Fatal("no free port pair")
	return 0
}

func startWeed(t *testing.T) *weedServer {
	t.Helper()
	bin := os.Getenv("JACOBIAN_WEED")
	if bin == "" {
		t.Skip("JACOBIAN_WEED is not set; make test-scale builds SeaweedFS and runs this")
	}
	w := &weedServer{bin: bin, dir: t.TempDir()}
	w.master, w.volume, w.filer, w.s3Port = freePort(t), freePort(t), freePort(t), freePort(t)
	config := fmt.Sprintf(`{"identities":[{"name":"jacobian","credentials":[{"accessKey":%q,"secretKey":%q}],"actions":["Admin","Read","Write","List","Tagging"]}]}`, s3Key, s3Secret)
	if err := os.WriteFile(filepath.Join(w.dir, "s3.json"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	w.endpoint = fmt.Sprintf("http://127.0.0.1:%d", w.s3Port)
	w.start(t)
	t.Cleanup(func() { w.stop() })
	// The gateway answers before the filer behind it is ready; creating
	// the bucket is retried until it succeeds.
	client := s3Client(w.endpoint)
	deadline := time.Now().Add(90 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err := client.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String(s3Bucket)})
		cancel()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("SeaweedFS never accepted a bucket: %v (log %s)", err, w.log.Name())
		}
		time.Sleep(time.Second)
	}
	t.Setenv("AWS_ACCESS_KEY_ID", s3Key)
	t.Setenv("AWS_SECRET_ACCESS_KEY", s3Secret)
	return w
}

func (w *weedServer) start(t *testing.T) {
	t.Helper()
	var err error
	if w.log, err = os.OpenFile(filepath.Join(w.dir, "weed.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(w.dir, "data")
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	w.cmd = exec.Command(w.bin, "server", "-dir="+data, "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
		"-master.port="+strconv.Itoa(w.master), "-master.volumeSizeLimitMB=64",
		"-volume.port="+strconv.Itoa(w.volume), "-volume.max=8",
		"-filer.port="+strconv.Itoa(w.filer),
		"-s3", "-s3.port="+strconv.Itoa(w.s3Port), "-s3.config="+filepath.Join(w.dir, "s3.json"))
	w.cmd.Stdout, w.cmd.Stderr = w.log, w.log
	if err := w.cmd.Start(); err != nil {
		t.Fatal(err)
	}
}

func (w *weedServer) stop() {
	if w.cmd == nil || w.cmd.Process == nil {
		return
	}
	_ = w.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = w.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = w.cmd.Process.Kill()
		<-done
	}
	w.cmd = nil
	w.log.Close()
}

// storeURL is the bucket as the replicas name it, through endpoint
// (SeaweedFS itself, or a proxy in front of it).
func storeURL(endpoint string) string {
	q := url.Values{"endpoint": {endpoint}, "region": {"us-east-1"}, "use_path_style": {"true"}}
	return "s3://" + s3Bucket + "?" + q.Encode()
}

func s3Client(endpoint string) *s3.Client {
	return s3.New(s3.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(endpoint),
		UsePathStyle: true,
		Credentials:  credentials.NewStaticCredentialsProvider(s3Key, s3Secret, ""),
	})
}

// replica is one `jacobian serve --http` process.
type replica struct {
	url string
	pid int
}

func (r replica) base() string { return strings.TrimSuffix(r.url, "/mcp") }

func startReplicas(t *testing.T, n int, args ...string) []replica {
	t.Helper()
	out := make([]replica, n)
	for i := range out {
		u, pid := loadServer(t, args...)
		out[i] = replica{u, pid}
	}
	return out
}

func get(t *testing.T, u string) (int, string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(b))
}

// callsServed reads a replica's jacobian_calls_total from /metrics.
func callsServed(t *testing.T, r replica) int {
	t.Helper()
	code, body := get(t, r.base()+"/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d %s", code, body)
	}
	total := 0
	for _, m := range regexp.MustCompile(`(?m)^jacobian_calls_total\{[^}]*\} ([0-9.e+]+)$`).FindAllStringSubmatch(body, -1) {
		f, _ := strconv.ParseFloat(m[1], 64)
		total += int(f)
	}
	return total
}

func readResource(cs *mcp.ClientSession, uri string) ([]byte, error) {
	res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		return nil, err
	}
	if len(res.Contents) != 1 {
		return nil, fmt.Errorf("%d contents", len(res.Contents))
	}
	return []byte(res.Contents[0].Text), nil
}

// TestScale runs the whole scenario against one SeaweedFS server.
func TestScale(t *testing.T) {
	w := startWeed(t)
	store := storeURL(w.endpoint)
	t.Logf("SeaweedFS S3 at %s, bucket %s", w.endpoint, s3Bucket)

	t.Run("StoreConformance", func(t *testing.T) {
		// The store suite every backend passes, here against S3.
		cmd := exec.Command("go", "test", "-count=1", "-run", "^TestS3Conformance$", "-v", ".")
		cmd.Dir = filepath.Join("..", "..", "artifactstore")
		cmd.Env = append(os.Environ(), "JACOBIAN_S3_URL="+store)
		out, err := cmd.CombinedOutput()
		passed := regexp.MustCompile(`(?m)^    --- PASS: TestS3Conformance/\S+`).FindAllString(string(out), -1)
		t.Logf("%d store conformance tests passed against S3", len(passed))
		if err != nil || len(passed) == 0 || strings.Contains(string(out), "--- SKIP") {
			t.Fatalf("store conformance against S3: %v\n%s", err, out)
		}
	})

	replicas := startReplicas(t, 3, "--artifact-store", store, "--inline-limit", "1KiB")
	sessions := make([]*mcp.ClientSession, len(replicas))
	for i, r := range replicas {
		sessions[i] = httpSession(t, r.url)
	}

	var tableURI string
	var table []byte
	t.Run("PublishedOnOneReadOnAll", func(t *testing.T) {
		_, out := callTool(t, sessions[0], "math.run", tableArgs(gf2187, quartic2187))
		if out["outcome"] != "completed" {
			t.Fatalf("table: %v", out)
		}
		tableURI, _ = out.output("table")["artifact_uri"].(string)
		if !strings.HasPrefix(tableURI, "artifact://sha256/") {
			t.Fatalf("outputs.table = %v; want an artifact", out.output("table"))
		}
		var err error
		if table, err = readResource(sessions[0], tableURI); err != nil {
			t.Fatal(err)
		}
		if sha256Hex(table) != strings.TrimPrefix(tableURI, "artifact://sha256/") {
			t.Fatal("replica 1 served bytes that do not hash to the URI")
		}
		for i, cs := range sessions[1:] {
			got, err := readResource(cs, tableURI)
			if err != nil || !bytes.Equal(got, table) {
				t.Fatalf("replica %d read %d bytes, %v; want the %d bytes published on replica 1", i+2, len(got), err, len(table))
			}
		}
		// Bound as an input on replica 3: the fibers of the table
		// published on replica 1.
		args := `{"capability_id":"` + fibersOp + `","payload":{},"inputs":{"table":{"value_ref":"` + tableURI + `"}}}`
		_, fibers := callTool(t, sessions[2], "math.run", args)
		if fibers["outcome"] != "completed" {
			t.Fatalf("fibers of the shared table on replica 3: %v", fibers)
		}
		checkFibers(t, resultValue(t, sessions[2], fibers), table, quartic2187Im)
		// The CLI reads and verifies the same bucket.
		r := cli(t, t.TempDir(), "artifacts", "get", tableURI, "--artifact-store", store)
		if r.code != 0 || strings.TrimSpace(r.stdout) != strings.TrimSpace(string(table)) {
			t.Fatalf("artifacts get: exit %d, %d bytes; %s", r.code, len(r.stdout), r.stderr)
		}
		t.Logf("a %d-byte table published through replica 1, read through replicas 2 and 3 and the CLI", len(table))
	})

	t.Run("KilledMidPublication", func(t *testing.T) {
		proxy := newStallingProxy(t, w.endpoint, 64<<10)
		victims := startReplicas(t, 1, "--artifact-store", storeURL(proxy.url), "--inline-limit", "1KiB")
		cs := httpSession(t, victims[0].url)
		go func() {
			// The call never returns: its replica is killed under it.
			_, _ = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(tableArgs(gf65536, cube65536))})
		}()
		var key string
		select {
		case key = <-proxy.stalled:
		case <-time.After(60 * time.Second):
			t.Fatal("no upload reached the store")
		}
		if err := syscall.Kill(victims[0].pid, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		proxy.release()
		t.Logf("replica killed with SIGKILL after %d bytes of %s reached the store", proxy.sent.Load(), key)
		time.Sleep(2 * time.Second) // the store drops the broken upload
		_, err := s3Client(w.endpoint).HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: aws.String(s3Bucket), Key: aws.String(key)})
		if err == nil {
			t.Fatalf("the store holds %s, whose upload was cut off", key)
		}
		uri := "artifact://sha256/" + strings.TrimPrefix(key, "sha256/")
		for i, s := range sessions {
			if _, err := readResource(s, uri); err == nil {
				t.Fatalf("replica %d served the artifact whose upload was cut off", i+1)
			}
		}
		r := cli(t, t.TempDir(), "artifacts", "verify", "--artifact-store", store)
		if r.code != 0 {
			t.Fatalf("artifacts verify after the kill: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		t.Logf("after the kill: %s", strings.TrimSpace(r.stdout))
	})

	t.Run("CorruptionRefusedEverywhere", func(t *testing.T) {
		if tableURI == "" {
			t.Skip("no published table")
		}
		key := "sha256/" + strings.TrimPrefix(tableURI, "artifact://sha256/")
		client := s3Client(w.endpoint)
		head, err := client.HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: aws.String(s3Bucket), Key: aws.String(key)})
		if err != nil {
			t.Fatal(err)
		}
		bad := bytes.Clone(table)
		bad[len(bad)/2] ^= 0x01
		if _, err := client.PutObject(context.Background(), &s3.PutObjectInput{Bucket: aws.String(s3Bucket), Key: aws.String(key), Body: bytes.NewReader(bad), Metadata: head.Metadata}); err != nil {
			t.Fatal(err)
		}
		for i, cs := range sessions {
			if _, err := readResource(cs, tableURI); err == nil {
				t.Fatalf("replica %d served a corrupted artifact", i+1)
			}
		}
		r := cli(t, t.TempDir(), "artifacts", "verify", "--artifact-store", store)
		if r.code == 0 || !strings.Contains(r.stdout, "CORRUPTED "+tableURI) {
			t.Fatalf("artifacts verify: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		r = cli(t, t.TempDir(), "artifacts", "gc", "--artifact-store", store)
		if r.code != 0 || !strings.Contains(r.stdout, "REMOVED "+tableURI) {
			t.Fatalf("artifacts gc: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		t.Logf("a flipped byte in %s: refused by all three replicas, reported by verify, removed by gc", key)
	})

	t.Run("StatelessSpread", func(t *testing.T) {
		stateless := startReplicas(t, 3, "--stateless", "--artifact-store", store)
		rr := &roundRobin{hosts: make([]string, len(stateless))}
		for i, r := range stateless {
			u, _ := url.Parse(r.url)
			rr.hosts[i] = u.Host
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "jacobian-scale", Version: "v0"}, nil).Connect(context.Background(),
			&mcp.StreamableClientTransport{Endpoint: stateless[0].url, HTTPClient: &http.Client{Transport: rr}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		for i := range 30 {
			_, out := callTool(t, cs, "math.run", mixedCalls[i%len(mixedCalls)])
			if out["outcome"] != "completed" {
				t.Fatalf("call %d: %v", i, out)
			}
		}
		// A table made on one replica, its fibers on another: bound by
		// its artifact URI, the only reference a stateless server gives.
		_, out := callTool(t, cs, "math.run", tableArgs(gf243, cubic243))
		uri, _ := out.output("table")["artifact_uri"].(string)
		if out["outcome"] != "completed" || uri == "" || out.output("table")["value_ref"] != nil {
			t.Fatalf("stateless table: %v", out)
		}
		_, fibers := callTool(t, cs, "math.run", `{"capability_id":"`+fibersOp+`","payload":{},"inputs":{"table":{"value_ref":"`+uri+`"}}}`)
		if fibers["outcome"] != "completed" {
			t.Fatalf("stateless fibers by artifact: %v", fibers)
		}
		small, err := readResource(cs, uri)
		if err != nil {
			t.Fatal(err)
		}
		checkFibers(t, resultValue(t, cs, fibers), small, cubic243Image)
		var served []int
		for _, r := range stateless {
			n := callsServed(t, r)
			if n == 0 {
				t.Fatalf("a stateless replica served no call; served %v", served)
			}
			served = append(served, n)
		}
		t.Logf("32 stateless calls of one client, spread round-robin: %v calls per replica, all completed", served)
	})

	t.Run("ReadinessFollowsTheStore", func(t *testing.T) {
		waitReady := func(want int) {
			deadline := time.Now().Add(60 * time.Second)
			for _, r := range replicas {
				for {
					code, body := get(t, r.base()+"/readyz")
					if code == want {
						break
					}
					if time.Now().After(deadline) {
						t.Fatalf("/readyz of %s: %d %s; want %d", r.base(), code, body, want)
					}
					time.Sleep(500 * time.Millisecond)
				}
			}
		}
		waitReady(http.StatusOK)
		w.stop()
		waitReady(http.StatusServiceUnavailable)
		_, body := get(t, replicas[0].base()+"/readyz")
		if !strings.Contains(body, "artifact store") {
			t.Fatalf("/readyz says %q; want the store named", body)
		}
		if code, _ := get(t, replicas[0].base()+"/healthz"); code != http.StatusOK {
			t.Fatalf("/healthz %d while the store is down; the process is alive", code)
		}
		w.start(t)
		waitReady(http.StatusOK)
		t.Logf("/readyz: 503 (%s) with the store stopped, 200 once it returned", body)
	})

	// The balancer serves two subtests: Affinity, and Throughput measures
	// through it.
	balancer := startHAProxy(t, replicas)
	t.Run("AffinityThroughHAProxy", func(t *testing.T) {
		if balancer == "" {
			t.Skip("haproxy is not installed; make test-scale installs it")
		}
		before := make([]int, len(replicas))
		for i, r := range replicas {
			before[i] = callsServed(t, r)
		}
		// Each session hands a value:// reference from one call to the
		// next, which only the replica holding the session can resolve.
		var wg sync.WaitGroup
		errs := make(chan error, 6)
		for range 6 {
			cs := httpSession(t, balancer)
			wg.Go(func() {
				for range 5 {
					res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(tableArgs(gf243, cubic243))})
					if err != nil {
						errs <- err
						return
					}
					var out outcome
					b, _ := json.Marshal(res.StructuredContent)
					_ = json.Unmarshal(b, &out)
					ref, _ := out.output("table")["value_ref"].(string)
					res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(fibersByRef(ref))})
					if err != nil || res.IsError {
						errs <- fmt.Errorf("fibers by %q through the balancer: %v %v", ref, err, res)
						return
					}
					b, _ = json.Marshal(res.StructuredContent)
					out = nil
					_ = json.Unmarshal(b, &out)
					if out["outcome"] != "completed" {
						errs <- fmt.Errorf("fibers by %q through the balancer: %v", ref, out)
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		var served []int
		busy := 0
		for i, r := range replicas {
			n := callsServed(t, r) - before[i]
			served = append(served, n)
			if n > 0 {
				busy++
			}
		}
		if busy < 2 {
			t.Fatalf("six sessions through HAProxy all landed on one replica: %v", served)
		}
		t.Logf("6 sessions × 5 table→fibers hand-offs by value:// through HAProxy (deploy/haproxy.cfg): all resolved; calls per replica %v", served)
	})

	t.Run("Throughput", func(t *testing.T) {
		const calls, clients = 10_000, 24
		one := throughput(t, []string{replicas[0].url}, calls, clients)
		three := throughput(t, []string{replicas[0].url, replicas[1].url, replicas[2].url}, calls, clients)
		t.Logf("%d mixed calls from %d sessions on %d cores: 1 replica %.0f calls/s; 3 replicas, sessions spread evenly, %.0f calls/s (×%.2f)", calls, clients, runtime.NumCPU(), one, three, three/one)
		if balancer != "" {
			via := throughput(t, []string{balancer}, calls, clients)
			t.Logf("3 replicas through HAProxy: %.0f calls/s (×%.2f of 1 replica)", via, via/one)
		}
	})
}

// resultValue is a completed outcome's value, inline or read back from
// its artifact.
func resultValue(t *testing.T, cs *mcp.ClientSession, out outcome) json.RawMessage {
	t.Helper()
	if v, ok := out["value"]; ok && v != nil {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, _ := out["artifact"].(map[string]any)
	uri, _ := a["uri"].(string)
	data, err := readResource(cs, uri)
	if err != nil {
		t.Fatalf("the result artifact %q: %v", uri, err)
	}
	return data
}

// mixedCalls are the soak's cheap calls over the four domains.
var mixedCalls = []string{
	`{"capability_id":"integer.compute.gcd","payload":{"left":"123456789012345678901234567890","right":"987654321098765432109876543210"}}`,
	`{"capability_id":"matrix.determinant.compute","payload":{"matrix":[["2","-1","0"],["-1","2","-1"],["0","-1","2"]]}}`,
	`{"capability_id":"integer.compute.prime_factorization","payload":{"n":"600851475143"}}`,
	`{"capability_id":"polynomial.gcd.compute","payload":{"left":{"expression":"x^4 - 1"},"right":{"expression":"x^6 - 1"}}}`,
	`{"capability_id":"finite_field.element.arithmetic.compute","payload":{"field":{"characteristic":"101","degree":1},"op":"multiply","left":"7","right":"9"}}`,
}

// driveCalls sends calls mixed calls over the sessions at once and returns
// the time taken and the number that failed.
func driveCalls(sessions []*mcp.ClientSession, calls int64) (time.Duration, int64) {
	var next, failures atomic.Int64
	var wg sync.WaitGroup
	began := time.Now()
	for _, cs := range sessions {
		wg.Go(func() {
			for {
				k := next.Add(1) - 1
				if k >= calls {
					return
				}
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(mixedCalls[k%int64(len(mixedCalls))])})
				if err != nil || res.IsError {
					failures.Add(1)
				}
			}
		})
	}
	wg.Wait()
	return time.Since(began), failures.Load()
}

// throughput is calls per second of clients sessions, each kept on one
// endpoint (a replica, or the balancer), spread evenly over endpoints.
func throughput(t *testing.T, endpoints []string, calls int64, clients int) float64 {
	t.Helper()
	sessions := make([]*mcp.ClientSession, clients)
	for i := range sessions {
		sessions[i] = httpSession(t, endpoints[i%len(endpoints)])
	}
	elapsed, failed := driveCalls(sessions, calls)
	if failed > 0 {
		t.Fatalf("%d of %d calls failed", failed, calls)
	}
	for _, cs := range sessions {
		cs.Close()
	}
	return float64(calls) / elapsed.Seconds()
}

// startHAProxy runs HAProxy with deploy/haproxy.cfg in front of the
// replicas, its DNS-discovered servers replaced by their loopback
// addresses, and returns its MCP endpoint, or "" when HAProxy is not
// installed.
func startHAProxy(t *testing.T, replicas []replica) string {
	t.Helper()
	bin, err := exec.LookPath("haproxy")
	if err != nil {
		return ""
	}
	cfg, err := os.ReadFile(filepath.Join("..", "..", "deploy", "haproxy.cfg"))
	if err != nil {
		t.Fatal(err)
	}
	template := regexp.MustCompile(`(?m)^\tserver-template .*$`)
	if !template.Match(cfg) {
		t.Fatal("deploy/haproxy.cfg has no server-template line to stand the replicas in for")
	}
	var servers []string
	for i, r := range replicas {
		u, _ := url.Parse(r.url)
		servers = append(servers, fmt.Sprintf("\tserver replica%d %s check", i+1, u.Host))
	}
	cfg = template.ReplaceAll(cfg, []byte(strings.Join(servers, "\n")))
	path := filepath.Join(t.TempDir(), "haproxy.cfg")
	if err := os.WriteFile(path, cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	cmd := exec.Command(bin, "-db", "-f", path)
	cmd.Env = append(os.Environ(), fmt.Sprintf("JACOBIAN_LISTEN=127.0.0.1:%d", port))
	logFile, err := os.Create(filepath.Join(t.TempDir(), "haproxy.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait(); logFile.Close() })
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(30 * time.Second)
	for {
		// Ready once a health check has passed: /readyz answers 200
		// through the balancer.
		if code, _ := get(t, base+"/readyz"); code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(logFile.Name())
			t.Fatalf("HAProxy never forwarded /readyz:\n%s", log)
		}
		time.Sleep(200 * time.Millisecond)
	}
	return base + "/mcp"
}

// roundRobin sends each HTTP request to the next of hosts.
type roundRobin struct {
	hosts []string
	next  atomic.Int64
}

func (rr *roundRobin) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Host = rr.hosts[int(rr.next.Add(1)-1)%len(rr.hosts)]
	req.Host = req.URL.Host
	return http.DefaultTransport.RoundTrip(req)
}

// stallingProxy forwards S3 requests to the server and holds the first
// artifact upload once threshold bytes of it have gone through, so that
// the writer can be killed in the middle of its publication.
type stallingProxy struct {
	url     string
	stalled chan string
	hold    chan struct{}
	once    sync.Once
	sent    atomic.Int64
}

func newStallingProxy(t *testing.T, target string, threshold int64) *stallingProxy {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	p := &stallingProxy{stalled: make(chan string, 1), hold: make(chan struct{})}
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ErrorLog = log.New(io.Discard, "", 0) // the cut-off upload is the point
	var armed atomic.Bool
	armed.Store(true)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimPrefix(r.URL.Path, "/"+s3Bucket+"/")
		if r.Method == http.MethodPut && strings.HasPrefix(key, "sha256/") && armed.CompareAndSwap(true, false) {
			r.Body = &stallingBody{ReadCloser: r.Body, p: p, key: key, threshold: threshold}
		}
		rp.ServeHTTP(w, r)
	})}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { p.release(); srv.Close() })
	p.url = "http://" + l.Addr().String()
	return p
}

func (p *stallingProxy) release() { p.once.Do(func() { close(p.hold) }) }

type stallingBody struct {
	io.ReadCloser
	p         *stallingProxy
	key       string
	threshold int64
	n         int64
}

func (b *stallingBody) Read(buf []byte) (int, error) {
	if b.n >= b.threshold {
		select {
		case b.p.stalled <- b.key:
		default:
		}
		<-b.p.hold
		// The writer is dead: the upload ends here, short.
		return 0, errors.New("the writer died mid-upload")
	}
	if rest := b.threshold - b.n; int64(len(buf)) > rest {
		buf = buf[:rest]
	}
	n, err := b.ReadCloser.Read(buf)
	b.n += int64(n)
	b.p.sent.Store(b.n)
	return n, err
}
