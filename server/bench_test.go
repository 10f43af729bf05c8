package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

type benchRequest struct {
	N core.Integer `json:"n"`
}

type benchResult struct {
	N core.Integer `json:"n"`
}

var benchWords = strings.Fields(`integer rational matrix polynomial field prime modular gcd lcm factor
determinant inverse rank kernel nullspace eigenvalue characteristic root fiber table order residue
quadratic cubic resultant discriminant interpolation lattice basis reduction hermite smith normal
echelon sparse dense permutation group orbit stabilizer series power sum product norm trace`)

// syntheticRegistry installs n trivial operations with varied IDs, titles
// and keywords, to measure search over a catalog of realistic size.
func syntheticRegistry(tb testing.TB, n int) *core.Registry {
	tb.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(k int) []string {
		out := make([]string, k)
		for i := range out {
			out[i] = benchWords[rng.IntN(len(benchWords))]
		}
		return out
	}
	r := core.NewRegistry()
	for i := range n {
		words := pick(3)
		err := core.Add(r, core.Operation[benchRequest, benchResult]{
			ID:       fmt.Sprintf("bench.%s_%s_%d.compute", words[0], words[1], i),
			Title:    strings.Join(words, " ") + " transform",
			Summary:  fmt.Sprintf("Computes the %s of a %s over the %s, exactly.", words[0], words[1], words[2]),
			Keywords: pick(4),
			Kind:     core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
			Run:           func(_ context.Context, q benchRequest) (benchResult, error) { return benchResult(q), nil },
			Postcondition: func(ctx context.Context, q benchRequest, r benchResult) error { return nil },
			Examples:      []core.Example{{Title: "identity", Payload: json.RawMessage(`{"n":"1"}`), Result: json.RawMessage(`{"n":"1"}`)}},
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
	return r
}

// BenchmarkFindSearch measures math.find search over a catalog of 2,000
// declarations: the runtime's search alone, and the whole tools/call round
// trip through the SDK over in-memory transports.
func BenchmarkFindSearch(b *testing.B) {
	reg := syntheticRegistry(b, 2000)
	args := json.RawMessage(`{"request":{"op":"search","query":"modular determinant of a sparse matrix","limit":5}}`)
	b.Run("decls=2000/runtime", func(b *testing.B) {
		rt := core.NewRuntime(reg, core.RuntimeOptions{})
		q := core.SearchRequest{Query: "modular determinant of a sparse matrix", Limit: 5}
		res, err := rt.Search(q)
		if err != nil || len(res.Hits) == 0 {
			b.Fatal(err, res)
		}
		cpu0 := processCPU()
		for b.Loop() {
			if _, err := rt.Search(q); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64((processCPU()-cpu0).Nanoseconds())/1e3/float64(b.N), "cpu-µs/op")
		b.ReportMetric(float64(res.Total), "matches")
	})
	b.Run("decls=2000/tools_call", func(b *testing.B) {
		srv := New(reg, Options{})
		st, ct := mcp.NewInMemoryTransports()
		ss, err := srv.MCP().Connect(context.Background(), st, nil)
		if err != nil {
			b.Fatal(err)
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer func() { cs.Close(); ss.Wait() }()
		params := &mcp.CallToolParams{Name: "math.find", Arguments: args}
		// The session's runtime, and its index, are built on first use.
		if res, err := cs.CallTool(context.Background(), params); err != nil || res.IsError {
			b.Fatal(err, res)
		}
		latencies := make([]time.Duration, 0, 1024)
		for b.Loop() {
			start := time.Now()
			res, err := cs.CallTool(context.Background(), params)
			latencies = append(latencies, time.Since(start))
			if err != nil || res.IsError {
				b.Fatal(err, res)
			}
		}
		reportPercentiles(b, latencies)
	})
}

// processCPU is the user and system time of this process: on a machine
// shared with other work it says more about cost than wall-clock time does.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportPercentiles(b *testing.B, latencies []time.Duration) {
	if len(latencies) == 0 {
		return
	}
	slices.Sort(latencies)
	at := func(p float64) float64 {
		return float64(latencies[int(p*float64(len(latencies)-1))].Nanoseconds()) / 1e3
	}
	b.ReportMetric(at(0.50), "p50-µs")
	b.ReportMetric(at(0.99), "p99-µs")
}

// BenchmarkRun measures a math.run round trip over in-memory transports:
// everything but the pipe and the process boundary.
func BenchmarkRun(b *testing.B) {
	b.Run("gcd_digits=20/in_memory", func(b *testing.B) {
		srv := New(testRegistry(b), Options{})
		st, ct := mcp.NewInMemoryTransports()
		ss, err := srv.MCP().Connect(context.Background(), st, nil)
		if err != nil {
			b.Fatal(err)
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer func() { cs.Close(); ss.Wait() }()
		// PARI/GP 2.15: gcd(12345678901234567890, 98765432109876543210) = 900000000090.
		params := &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(`{"capability_id":"test.compute.gcd","payload":{"left":"12345678901234567890","right":"98765432109876543210"}}`)}
		latencies := make([]time.Duration, 0, 4096)
		for b.Loop() {
			start := time.Now()
			res, err := cs.CallTool(context.Background(), params)
			latencies = append(latencies, time.Since(start))
			if err != nil || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, `"gcd":"900000000090"`) {
				b.Fatal(err, res)
			}
		}
		reportPercentiles(b, latencies)
	})
}
