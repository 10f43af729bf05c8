// Package server exposes a core.Runtime over the Model Context Protocol:
// exactly two tools (math.find and math.run), the capability://catalog
// resource and the artifact:// resource template, over stdio or streamable
// HTTP.
//
// Every MCP session gets its own core.Runtime built from the registry, so
// state a runtime holds for one session (value references, execution slots)
// is never visible to another.
package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
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
}

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
	// One pool of execution slots for every session, so that many sessions
	// cannot multiply the process's concurrency.
	if opts.Runtime.Executor == nil {
		opts.Runtime.Executor = core.NewExecutor(opts.Runtime.Slots)
	}
	s := &Server{reg: reg, opts: opts, log: opts.Logger, example: exampleOf(reg), heartbeat: time.Second, runtimes: map[*mcp.ServerSession]*core.Runtime{}}
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
	return s.serve(ctx, &mcp.StdioTransport{})
}

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

// DefaultHTTPAddr is where ServeHTTP listens when given no address.
const DefaultHTTPAddr = "127.0.0.1:8765"

// ServeHTTP serves streamable HTTP at the path /mcp on addr until ctx ends.
// An address without a host ("":8080") binds the loopback interface only.
// The SDK's DNS-rebinding protection stays on: a request reaching a loopback
// address with a non-loopback Host header is refused.
func (s *Server) ServeHTTP(ctx context.Context, addr string) error {
	addr, err := loopbackDefault(addr)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	return s.ServeListener(ctx, ln)
}

// ServeListener serves streamable HTTP on ln until ctx ends; it closes ln.
func (s *Server) ServeListener(ctx context.Context, ln net.Listener) error {
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp }, &mcp.StreamableHTTPOptions{
		Logger: s.log,
		// Sessions abandoned without a DELETE would otherwise keep their
		// runtimes forever.
		SessionTimeout: 30 * time.Minute,
		// A client whose stream breaks during a long run resumes it from
		// the last event instead of losing the result (bounded, 10 MiB).
		EventStore: mcp.NewMemoryEventStore(nil),
	})
	mux := http.NewServeMux()
	mux.Handle("/mcp", handler)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelWarn)}
	s.log.Info("serving MCP over streamable HTTP", "url", "http://"+ln.Addr().String()+"/mcp")
	if s.opts.OnListen != nil {
		s.opts.OnListen(ln.Addr())
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shutdown); err != nil {
			_ = srv.Close()
		}
		<-done
		return nil
	}
}

func loopbackDefault(addr string) (string, error) {
	if addr == "" {
		return DefaultHTTPAddr, nil
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("HTTP address %q: want host:port such as 127.0.0.1:8765: %w", addr, err)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), nil
}
