package core

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"
)

type benchMatrixRequest struct {
	Matrix [][]Integer `json:"matrix"`
}

type benchMatrixResult struct {
	Entries int `json:"entries"`
}

// decodeRegistry holds one operation whose work is nothing but counting
// its entries, so a run's cost is admission, the structural scan and
// decoding.
func decodeRegistry(b testing.TB) *Registry {
	reg, err := NewRegistryWith(func(r *Registry) error {
		return Add(r, Operation[benchMatrixRequest, benchMatrixResult]{
			ID: "bench.matrix.count.compute", Title: "Count entries", Summary: "Counts a matrix's entries.",
			Kind: Compute, Effect: Pure, InputKinds: []string{"matrix"},
			Bounds: Bounds{"/matrix": 2000, "/matrix/*": 2000, "/matrix/*/*": 2000},
			Run: func(_ context.Context, q benchMatrixRequest) (benchMatrixResult, error) {
				n := 0
				for _, row := range q.Matrix {
					n += len(row)
				}
				return benchMatrixResult{n}, nil
			},
			Postcondition: func(context.Context, benchMatrixRequest, benchMatrixResult) error { return nil },
			Examples:      []Example{{Title: "one entry", Payload: json.RawMessage(`{"matrix":[["1"]]}`), Result: json.RawMessage(`{"entries":1}`)}},
		})
	})
	if err != nil {
		b.Fatal(err)
	}
	return reg
}

// matrixPayload is an n×n matrix of random signed integers of the given
// number of digits.
func matrixPayload(rng *rand.Rand, n, digits int) []byte {
	var sb strings.Builder
	sb.WriteString(`{"matrix":[`)
	for i := range n {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteByte('[')
		for j := range n {
			if j > 0 {
				sb.WriteByte(',')
			}
			sb.WriteByte('"')
			if rng.IntN(2) == 0 {
				sb.WriteByte('-')
			}
			sb.WriteByte(byte('1' + rng.IntN(9)))
			for range digits - 1 {
				sb.WriteByte(byte('0' + rng.IntN(10)))
			}
			sb.WriteByte('"')
		}
		sb.WriteByte(']')
	}
	sb.WriteString(`]}`)
	return []byte(sb.String())
}

// BenchmarkDecodePayload measures a run's reading of the largest payloads
// (a 16 MiB payload bound): throughput as MB/s of payload, and the bytes
// allocated and allocations per payload byte. Its B/op divided by the
// payload size is the decode's multiple of the payload, which the memory
// budget's estimate (payloadShape.decodeCost) must cover.
func BenchmarkDecodePayload(b *testing.B) {
	cases := []struct{ n, digits int }{
		{400, 30},   // 5.4 MB: the largest determinant within its limits
		{2000, 3},   // 4 million short entries
		{1000, 14},  // about 16 MB
		{100, 1600}, // 16 MB of long integers
	}
	reg := decodeRegistry(b)
	for _, c := range cases {
		payload := matrixPayload(rand.New(rand.NewPCG(uint64(c.n), uint64(c.digits))), c.n, c.digits)
		b.Run(fmt.Sprintf("%dx%d_%ddigits", c.n, c.n, c.digits), func(b *testing.B) {
			rt := NewRuntime(reg, RuntimeOptions{MaxPayloadBytes: 1 << 25})
			defer rt.Close()
			b.SetBytes(int64(len(payload)))
			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				o := rt.Run(context.Background(), RunRequest{CapabilityID: "bench.matrix.count.compute", Payload: payload})
				if o.Outcome != OutcomeCompleted {
					b.Fatalf("%s: %s%s %s%s", o.Outcome, o.Code, o.Reason, o.Message, o.Detail)
				}
			}
			runtime.ReadMemStats(&after)
			perRun := float64(after.TotalAlloc-before.TotalAlloc) / float64(b.N)
			b.ReportMetric(perRun/float64(len(payload)), "alloc-bytes/byte")
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(b.N)/float64(len(payload)), "allocs/byte")
		})
	}
}

// TestDeadlineCoversDecoding: a run whose deadline passes while its payload
// is still being decoded ends with TIMEOUT at once, and the abandoned
// decode returns its slot when it finishes.
func TestDeadlineCoversDecoding(t *testing.T) {
	reg := decodeRegistry(t)
	payload := matrixPayload(rand.New(rand.NewPCG(1, 2)), 1000, 14) // about 16 MB, a second or more to decode
	exec := NewExecutor(1)
	rt := NewRuntime(reg, RuntimeOptions{MaxPayloadBytes: 1 << 25, Executor: exec, Timeout: 150 * time.Millisecond})
	defer rt.Close()
	start := time.Now()
	o := rt.Run(context.Background(), RunRequest{CapabilityID: "bench.matrix.count.compute", Payload: payload})
	elapsed := time.Since(start)
	if o.Outcome != OutcomeNonConclusion || o.Reason != Timeout {
		t.Fatalf("%s %s%s after %v, want TIMEOUT", o.Outcome, o.Code, o.Reason, elapsed)
	}
	t.Logf("TIMEOUT after %v of a 150 ms deadline; slot held by the abandoned decode: %v", elapsed, exec.Running() == 1)
	for deadline := time.Now().Add(time.Minute); exec.Running() != 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the abandoned decode never returned its slot")
		}
	}
}
