package mcptest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkRoundTrip measures a full math.run call from the Go SDK client
// to `jacobian serve` over stdio and back: JSON-RPC encoding, the pipe,
// argument parsing, schema validation, the gcd of two 20-digit integers, its
// postcondition and the result's encoding. Besides ns/op it reports the
// median and 99th-percentile latency, calls per second, and the CPU time
// both processes spent per call (a figure that holds up on a busy machine,
// unlike wall-clock latency).
func BenchmarkRoundTrip(b *testing.B) {
	b.Run("gcd_digits=20/stdio", func(b *testing.B) {
		cmd := exec.Command(jacobian(b), "serve")
		client := mcp.NewClient(&mcp.Implementation{Name: "jacobian-bench", Version: "v0"}, nil)
		cs, err := client.Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer cs.Close()
		// PARI/GP 2.15: gcd(12345678901234567890, 98765432109876543210) = 900000000090.
		params := &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(`{"capability_id":"integer.compute.gcd","payload":{"left":"12345678901234567890","right":"98765432109876543210"}}`)}
		check := func(res *mcp.CallToolResult, err error) {
			if err != nil {
				b.Fatal(err)
			}
			if !strings.Contains(res.Content[0].(*mcp.TextContent).Text, `"gcd":"900000000090"`) {
				b.Fatalf("unexpected result %v", res.Content[0])
			}
		}
		for range 100 { // warm up both processes
			check(cs.CallTool(context.Background(), params))
		}
		latencies := make([]time.Duration, 0, 4096)
		cpu0, server0 := selfCPU(), processCPU(cmd.Process.Pid)
		start := time.Now()
		for b.Loop() {
			t := time.Now()
			res, err := cs.CallTool(context.Background(), params)
			latencies = append(latencies, time.Since(t))
			check(res, err)
		}
		elapsed := time.Since(start)
		server := processCPU(cmd.Process.Pid) - server0
		reportLatencies(b, latencies, elapsed, selfCPU()-cpu0+server)
		b.ReportMetric(float64(server.Microseconds())/float64(len(latencies)), "server-cpu-µs/call")
	})
}

func reportLatencies(b *testing.B, latencies []time.Duration, elapsed, cpu time.Duration) {
	n := len(latencies)
	if n == 0 {
		return
	}
	slices.Sort(latencies)
	at := func(p float64) float64 { return float64(latencies[int(p*float64(n-1))].Nanoseconds()) / 1e3 }
	b.ReportMetric(at(0.50), "p50-µs")
	b.ReportMetric(at(0.99), "p99-µs")
	b.ReportMetric(float64(n)/elapsed.Seconds(), "calls/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(n), "cpu-µs/call")
}

// selfCPU is the user and system time of this process.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// processCPU is the user and system time of another process, from
// /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s on Linux).
func processCPU(pid int) time.Duration {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// The command name (field 2) may contain spaces; fields resume after
	// its closing parenthesis.
	s := string(data)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// BenchmarkStartup measures a fresh process from exec to its first answer:
// `jacobian run integer.compute.gcd` to exit, and `jacobian serve` to its
// reply to initialize. Both are wall times, so they include the operating
// system's exec and the Go runtime's start as a user sees them.
func BenchmarkStartup(b *testing.B) {
	bin := jacobian(b)
	b.Run("run_gcd", func(b *testing.B) {
		for b.Loop() {
			out, err := exec.Command(bin, "run", "integer.compute.gcd", "--compact", "--json", `{"left":"84","right":"30"}`).Output()
			if err != nil || !bytes.Contains(out, []byte(`"gcd":"6"`)) {
				b.Fatalf("%v: %s", err, out)
			}
		}
	})
	b.Run("serve_initialize", func(b *testing.B) {
		const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}` + "\n"
		for b.Loop() {
			cmd := exec.Command(bin, "serve")
			stdin, _ := cmd.StdinPipe()
			stdout, _ := cmd.StdoutPipe()
			if err := cmd.Start(); err != nil {
				b.Fatal(err)
			}
			if _, err := io.WriteString(stdin, initialize); err != nil {
				b.Fatal(err)
			}
			line, err := bufio.NewReader(stdout).ReadBytes('\n')
			if err != nil || !bytes.Contains(line, []byte(`"serverInfo"`)) {
				b.Fatalf("%v: %s", err, line)
			}
			b.StopTimer()
			stdin.Close()
			cmd.Wait()
			b.StartTimer()
		}
	})
}
