// Package server exposes a core.Runtime over the Model Context Protocol:
// exactly two tools (math.find and math.run), the capability://catalog
// resource and the artifact:// resource template, over stdio or streamable
// HTTP.
//
// Every MCP session gets its own core.Runtime built from the registry, so
// state a runtime holds for one session (value references) is never visible
// to another. The bounds are the server's: execution slots and value room
// are pools shared by every session, each taking its share.
package server

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"os"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

// Options configure a Server.
type Options struct {
	// Runtime configures the runtime built for each MCP session.
	Runtime core.RuntimeOptions
	// Logger receives the server's logs; nil discards them. Logs never go to
	// stdout, which belongs to the stdio transport.
	Logger *slog.Logger
	// Name and Version identify the implementation in the initialize result.
	Name, Version string
	// OnListen, if set, is called by ServeHTTP with the bound address once
	// the listener is open (useful with port 0).
	OnListen func(net.Addr)

	// AllowRemote permits serving HTTP on an address other machines can
	// reach; without it such an address is refused (ErrRemoteBind).
	AllowRemote bool
	// AuthToken, if set, must arrive with every HTTP request as
	// "Authorization: Bearer <token>".
	AuthToken string
	// AllowedOrigins are the browser origins ("http://localhost:6274")
	// whose requests are served besides the server's own loopback origin;
	// a request with any other Origin header is refused with 403.
	// Requests without an Origin (every non-browser client) are
	// unaffected.
	AllowedOrigins []string
	// MaxSessions bounds the live HTTP sessions; a new session beyond it is
	// refused with 503. Default DefaultMaxSessions.
	MaxSessions int
	// Stateless serves HTTP without sessions (the SDK's stateless
	// streamable HTTP): every request stands alone, so that any replica
	// behind a load balancer can answer any request; runs are stateless
	// too (core.RuntimeOptions.Stateless).
	Stateless bool
	// ShutdownGrace is how long runs in flight may take to finish once an
	// HTTP server is told to stop, before they are cancelled. Default
	// DefaultShutdownGrace.
	ShutdownGrace time.Duration
}

// DefaultShutdownGrace is the default Options.ShutdownGrace.
const DefaultShutdownGrace = 10 * time.Second

// Server is the MCP surface over a registry. It is safe for concurrent use
// by any number of sessions.
type Server struct {
	reg  *core.Registry
	opts Options
	// example is the installed operation the tools cite.
	example example
	log     *slog.Logger
	mcp     *mcp.Server

	// heartbeat is the longest gap between progress notifications while an
	// operation runs with a progress token. Clients reset their idle timers
	// on progress, and commonly give up after a few seconds of silence.
	heartbeat time.Duration

	mu       sync.Mutex
	runtimes map[*mcp.ServerSession]*core.Runtime

	metrics *metrics
	// stopRuns cancels every run in flight: graceful shutdown calls it
	// when the grace period ends.
	runs     context.Context
	stopRuns context.CancelFunc
}

// New builds the MCP server for reg.
func New(reg *core.Registry, opts Options) *Server {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Name == "" {
		opts.Name = "jacobian"
	}
	if opts.Version == "" {
		opts.Version = "devel"
	}
	if opts.Runtime.MaxPayloadBytes <= 0 {
		opts.Runtime.MaxPayloadBytes = core.DefaultMaxPayloadBytes
	}
	// One pool of execution slots for every session, so that many sessions
	// cannot multiply the process's concurrency; each session's runtime
	// takes its share of it (core.Executor).
	if opts.Runtime.Executor == nil {
		opts.Runtime.Executor = core.NewExecutor(opts.Runtime.Slots)
	}
	if opts.Stateless {
		opts.Runtime.Stateless = true
	}
	// One memory budget for every session: decoding and stored values
	// count against it, so no mix of sessions takes the process past it.
	if opts.Runtime.Memory == nil {
		opts.Runtime.Memory = core.NewMemoryBudget(0)
	}
	// One pool of value room for every session, so that the value bound is
	// the process's: many sessions cannot multiply it, and the least
	// recently used value of any session is evicted first.
	if opts.Runtime.Values == nil {
		opts.Runtime.Values = core.NewValuePool(opts.Runtime.MaxValues, opts.Runtime.MaxValueBytes)
	}
	s := &Server{reg: reg, opts: opts, log: opts.Logger, example: exampleOf(reg), heartbeat: time.Second, runtimes: map[*mcp.ServerSession]*core.Runtime{}}
	s.metrics = newMetrics(s)
	s.runs, s.stopRuns = context.WithCancel(context.Background())
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: opts.Name, Title: "Jacobian exact mathematics", Version: opts.Version}, &mcp.ServerOptions{
		Instructions: instructions,
		Logger:       opts.Logger,
		// Logging is not offered: diagnostics go to the server's own log.
		Capabilities: &mcp.ServerCapabilities{},
	})
	s.mcp.AddTool(findTool(s.example), s.find)
	s.mcp.AddTool(runTool(s.example), s.run)
	s.addResources()
	return s
}

const instructions = `Jacobian computes exact mathematics: integers, rationals, matrices, polynomials and finite fields, with answers as exact decimal strings.
Use math.find with {"request":{"op":"search","query":"..."}} to find an operation, then {"request":{"op":"inspect","capability_id":"..."}} to read its payload schema and examples before calling it the first time.
Call math.run with {"capability_id":"...","payload":{...}}, giving every integer or rational as a JSON string ("12345678901234567890", "-3/4"), never as a JSON number.
A result's "outputs" hold value:// references to large intermediate values (a value table, say); pass one to a later math.run in the same session as {"inputs":{"<port>":{"value_ref":"value://..."}}} instead of copying the value. References end with the session and the oldest are evicted. Values too large to send inline are stored as artifact://sha256/... resources, linked from the result and readable with resources/read.
A failed outcome names a stable code and what to change; a non_conclusion (timeout, cancellation, refusal) concludes nothing about the mathematics.`

// MCP returns the underlying SDK server, for connecting in-memory
// transports in tests. Each session connected to it still gets its own
// runtime.
func (s *Server) MCP() *mcp.Server { return s.mcp }

// runtimeFor returns the session's runtime, building it on first use. It is
// dropped when the session ends.
func (s *Server) runtimeFor(ss *mcp.ServerSession) *core.Runtime {
	s.mu.Lock()
	defer s.mu.Unlock()
	if rt, ok := s.runtimes[ss]; ok {
		return rt
	}
	rt := core.NewRuntime(s.reg, s.opts.Runtime)
	if ss == nil {
		return rt
	}
	s.runtimes[ss] = rt
	go func() {
		_ = ss.Wait()
		s.mu.Lock()
		delete(s.runtimes, ss)
		s.mu.Unlock()
		// Value references end with their session.
		rt.Close()
	}()
	return rt
}

// ServeStdio serves one session over stdin and stdout until ctx ends or the
// client closes stdin. Either ending is a clean shutdown and returns nil.
func (s *Server) ServeStdio(ctx context.Context) error {
	return s.serve(ctx, s.lineTransport(os.Stdin, nopWriteCloser{os.Stdout}))
}

// ServeStreams serves one session of newline-delimited JSON-RPC, as stdio
// speaks it, over r and w until ctx ends or r does; it closes neither.
func (s *Server) ServeStreams(ctx context.Context, r io.Reader, w io.Writer) error {
	return s.serve(ctx, s.lineTransport(io.NopCloser(r), nopWriteCloser{w}))
}

func (s *Server) lineTransport(r io.ReadCloser, w io.WriteCloser) *lineTransport {
	return &lineTransport{r: r, w: w, maxFrame: s.maxFrame(), maxPayload: s.opts.Runtime.MaxPayloadBytes}
}

// nopWriteCloser leaves closing the output to its owner.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// envelopeAllowance is how much larger than the payload limit a whole
// JSON-RPC frame may be: room for the envelope, the capability ID and the
// input bindings, so that a payload just over the limit still reaches the
// runtime and is refused there with a RESOURCE_REFUSED outcome that names
// its size.
const envelopeAllowance = 64 << 10

// maxFrame is the largest JSON-RPC frame (a stdio line, an HTTP body) read.
func (s *Server) maxFrame() int { return s.opts.Runtime.MaxPayloadBytes + envelopeAllowance }

// ServeTransport serves one session over t until ctx ends or the peer
// disconnects.
func (s *Server) ServeTransport(ctx context.Context, t mcp.Transport) error {
	return s.serve(ctx, t)
}

func (s *Server) serve(ctx context.Context, t mcp.Transport) error {
	err := s.mcp.Run(ctx, t)
	if err == nil || errors.Is(err, io.EOF) || (ctx.Err() != nil && errors.Is(err, ctx.Err())) {
		return nil
	}
	return err
}
