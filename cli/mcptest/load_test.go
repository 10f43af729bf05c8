package mcptest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// loadServer starts `jacobian serve --http` on a free loopback port with
// args and returns its endpoint and process ID (for tests that watch its
// memory).
func loadServer(t testing.TB, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(jacobian(t), append([]string{"serve", "--http", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	})
	endpoint := make(chan string, 1)
	go func() {
		url := regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+/mcp`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if u := url.FindString(sc.Text()); u != "" {
				endpoint <- u
				break
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
	}()
	select {
	case url := <-endpoint:
		return url, cmd.Process.Pid
	case <-time.After(30 * time.Second):
		t.Fatal("the server never said where it listens")
	}
	return "", 0
}

// memoryKB reads a field of /proc/PID/status (VmRSS, VmHWM) in KiB.
func memoryKB(t testing.TB, pid int, field string) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb
		}
	}
	t.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}

// maximumMatrix is a determinant payload of about payloadBytes: a 400×400
// matrix (the dimension limit) of equal-length decimal entries.
func maximumMatrix(rng *rand.Rand, payloadBytes int) string {
	const n = 400
	digits := payloadBytes/(n*n) - 3
	var b strings.Builder
	b.WriteString(`{"matrix":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('[')
		for j := range n {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('"')
			b.WriteByte(byte('1' + rng.IntN(9)))
			for range digits - 1 {
				b.WriteByte(byte('0' + rng.IntN(10)))
			}
			b.WriteByte('"')
		}
		b.WriteByte(']')
	}
	b.WriteString(`]}`)
	return b.String()
}

// TestConcurrentMaximumPayloads: eight HTTP sessions send a payload near
// the 16 MiB limit at once; the server answers every one (completed,
// refused or timed out, never a transport failure), and its peak resident
// memory stays within --max-memory plus a tenth: the budget bounds what
// runs claim, and the SDK's own copy of each message, read before the
// runtime admits it, is the margin (measured peaks: 1,008–1,034 MiB).
func TestConcurrentMaximumPayloads(t *testing.T) {
	const budget = 1 << 30
	url, pid := loadServer(t, "--max-memory", "1GiB", "--timeout", "3s", "--slots", "8")
	rng := rand.New(rand.NewPCG(10, 1))
	payload := maximumMatrix(rng, 16<<20-64<<10)
	var wg sync.WaitGroup
	outcomes := make([]string, 8)
	for i := range outcomes {
		cs := httpSession(t, url)
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{
				Name:      "math.run",
				Arguments: json.RawMessage(`{"capability_id":"matrix.determinant.compute","payload":` + payload + `}`),
			})
			if err != nil {
				outcomes[i] = "transport error: " + err.Error()
				return
			}
			var o struct{ Outcome, Reason, Code string }
			b, _ := json.Marshal(res.StructuredContent)
			_ = json.Unmarshal(b, &o)
			outcomes[i] = o.Outcome + " " + o.Reason + o.Code
		}()
	}
	wg.Wait()
	for i, o := range outcomes {
		if !strings.HasPrefix(o, "completed") && !strings.HasPrefix(o, "non_conclusion") {
			t.Errorf("session %d: %s", i, o)
		}
	}
	peak := memoryKB(t, pid, "VmHWM") << 10
	t.Logf("8 concurrent payloads of %d bytes: outcomes %v; server peak RSS %d MiB (budget %d MiB)", len(payload), outcomes, peak>>20, budget>>20)
	if peak > budget+budget/10 {
		t.Errorf("peak RSS %d MiB passed --max-memory %d MiB by more than a tenth", peak>>20, budget>>20)
	}
}

// TestSoak sends 10,000 mixed calls from 24 sessions at once over HTTP and
// reports calls per second and the server's resident memory at the start,
// its peak, and at the end. It is a measurement, not part of the suite:
// JACOBIAN_SOAK=1 go test -run TestSoak -v ./cli/mcptest
func TestSoak(t *testing.T) {
	if os.Getenv("JACOBIAN_SOAK") == "" {
		t.Skip("set JACOBIAN_SOAK=1 to run the soak")
	}
	const calls, inFlight = 10_000, 24
	url, pid := loadServer(t, "--slots", strconv.Itoa(inFlight))
	sessions := make([]*mcp.ClientSession, inFlight)
	for i := range sessions {
		sessions[i] = httpSession(t, url)
	}
	start := memoryKB(t, pid, "VmRSS")
	elapsed, failed := driveCalls(sessions, calls)
	end, peak := memoryKB(t, pid, "VmRSS"), memoryKB(t, pid, "VmHWM")
	t.Logf("%d calls from %d sessions in %v: %.0f calls/s, %d failed; server RSS start %d MiB, peak %d MiB, end %d MiB",
		calls, inFlight, elapsed.Round(time.Millisecond), calls/elapsed.Seconds(), failed, start>>10, peak>>10, end>>10)
	if failed > 0 {
		t.Errorf("%d calls failed", failed)
	}
}
