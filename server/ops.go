package server

// Operations endpoints of the HTTP server: /healthz, /readyz and /metrics,
// for the probes and scrapers of an orchestrator.

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"jacobian.dev/core"
)

// metrics are the server's Prometheus metrics. Calls are counted and timed
// as each math.run ends; the gauges are read from the runtime's shared
// pools at each scrape.
type metrics struct {
	registry *prometheus.Registry
	calls    *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	// draining is set once shutdown has begun: /readyz then says no.
	draining atomic.Bool
}

func newMetrics(s *Server) *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "jacobian_calls_total",
			Help: "math.run calls by operation, outcome, and failure code or non-conclusion reason.",
		}, []string{"capability_id", "outcome", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "jacobian_call_duration_seconds",
			Help:    "math.run latency by operation, from the request to its outcome.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 4, 10), // 0.5 ms to 131 s
		}, []string{"capability_id"}),
	}
	rt := s.opts.Runtime
	gauge := func(name, help string, f func() float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, f)
	}
	m.registry.MustRegister(
		m.calls, m.latency,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		gauge("jacobian_execution_slots", "Execution slots shared by every session.", func() float64 { return float64(rt.Executor.Slots()) }),
		gauge("jacobian_execution_slots_in_use", "Operations running now, across every session.", func() float64 { return float64(rt.Executor.Running()) }),
		gauge("jacobian_memory_budget_bytes", "The process's memory budget (--max-memory).", func() float64 { return float64(rt.Memory.Limit()) }),
		gauge("jacobian_memory_budget_used_bytes", "Bytes of the memory budget reserved now by decoding runs and stored values.", func() float64 { return float64(rt.Memory.Used()) }),
		gauge("jacobian_sessions", "Live MCP sessions, every transport.", func() float64 { return float64(s.sessions()) }),
		gauge("jacobian_stored_values", "Request-local values held by reference, across every session.", func() float64 {
			n, _ := rt.Values.Usage()
			return float64(n)
		}),
		gauge("jacobian_stored_value_bytes", "Bytes of the request-local values held by reference.", func() float64 {
			_, b := rt.Values.Usage()
			return float64(b)
		}),
	)
	if rt.Artifacts != nil {
		m.registry.MustRegister(gauge("jacobian_artifact_bytes", "Bytes held by the durable artifact store (-1: the store did not answer).", func() float64 {
			ctx, cancel := context.WithTimeout(context.Background(), storeProbeTimeout)
			defer cancel()
			_, total, err := rt.Artifacts.Usage(ctx)
			if err != nil {
				return -1
			}
			return float64(total)
		}))
	}
	return m
}

// observe records one math.run outcome. An ID the registry does not hold
// is counted as "unknown", so that callers cannot grow the label set.
func (m *metrics) observe(reg *core.Registry, o core.Outcome, elapsed time.Duration) {
	id := o.CapabilityID
	if _, ok := reg.Lookup(id); !ok {
		id = "unknown"
	}
	code := string(o.Code)
	if o.Reason != "" {
		code = string(o.Reason)
	}
	m.calls.WithLabelValues(id, string(o.Outcome), code).Inc()
	m.latency.WithLabelValues(id).Observe(elapsed.Seconds())
}

// sessions counts the live MCP sessions.
func (s *Server) sessions() int {
	n := 0
	for range s.mcp.Sessions() {
		n++
	}
	return n
}

// storeProbeTimeout bounds how long /readyz and /metrics wait for the
// artifact store.
const storeProbeTimeout = 2 * time.Second

// healthz answers that the process is alive.
func healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintln(w, "ok")
}

// readyz answers whether this replica should get traffic: it is not
// shutting down, its artifact store answers, and admission has room (some
// of the memory budget is free). 503 with the reason otherwise.
//
// Busy execution slots do not make a replica unready: a session running
// nothing may always start an operation (see core.Executor), so a replica
// whose slots are all taken still admits new work, and a load balancer
// that took busy replicas out of rotation would turn load into outage
// (every replica busy, none in rotation) and break session affinity.
func (s *Server) readyz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if reason := s.notReady(); reason != "" {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, reason)
		return
	}
	fmt.Fprintln(w, "ready")
}

func (s *Server) notReady() string {
	rt := s.opts.Runtime
	switch {
	case s.metrics.draining.Load():
		return "shutting down"
	case rt.Memory.Free() <= 0:
		return "the memory budget is spent"
	}
	if a := rt.Artifacts; a != nil {
		ctx, cancel := context.WithTimeout(context.Background(), storeProbeTimeout)
		defer cancel()
		if err := a.Check(ctx); err != nil {
			return fmt.Sprintf("the artifact store at %s does not answer: %v", a.Location(), err)
		}
	}
	return ""
}

// opsHandlers adds the operations endpoints to mux. /metrics is behind the
// bearer token when one is set; the probes are not, since orchestrators
// call them without credentials and they reveal nothing.
func (s *Server) opsHandlers(mux *http.ServeMux) {
	mux.HandleFunc("GET /healthz", healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	metrics := promhttp.HandlerFor(s.metrics.registry, promhttp.HandlerOpts{})
	mux.Handle("GET /metrics", s.bearer(metrics))
}
