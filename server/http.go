package server

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultHTTPAddr is where ServeHTTP listens when given no address.
const DefaultHTTPAddr = "127.0.0.1:8765"

// DefaultMaxSessions bounds the live HTTP sessions unless configured.
const DefaultMaxSessions = 64

// ErrRemoteBind refuses to serve HTTP on an address other machines can
// reach unless Options.AllowRemote says so.
var ErrRemoteBind = errors.New("the address is reachable from other machines, and anyone who reaches it can run every operation")

// ServeHTTP serves streamable HTTP at the path /mcp on addr until ctx ends.
// An address without a host (":8080") binds the loopback interface only; a
// non-loopback address is refused (ErrRemoteBind) unless Options.AllowRemote
// is set.
func (s *Server) ServeHTTP(ctx context.Context, addr string) error {
	addr, err := loopbackDefault(addr)
	if err != nil {
		return err
	}
	if err := s.checkBind(addr); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	return s.ServeListener(ctx, ln)
}

func (s *Server) checkBind(addr string) error {
	if isLoopback(addr) || s.opts.AllowRemote {
		return nil
	}
	return fmt.Errorf("serving MCP on %s: %w", addr, ErrRemoteBind)
}

// ServeListener serves streamable HTTP on ln until ctx ends; it closes ln.
//
// Every request passes, in order: the bearer token (Options.AuthToken),
// the Origin check (a browser page may call only from Options.AllowedOrigins),
// the SDK's DNS-rebinding protection (a loopback address reached under a
// non-loopback Host is refused), the session bound (Options.MaxSessions; a
// new session beyond it gets 503) and the frame bound (an oversized math.run
// call gets a RESOURCE_REFUSED outcome, as on stdio).
func (s *Server) ServeListener(ctx context.Context, ln net.Listener) error {
	addr := ln.Addr().String()
	if err := s.checkBind(addr); err != nil {
		_ = ln.Close()
		return err
	}
	if !isLoopback(addr) {
		auth := "none: pass a bearer token file to require one"
		if s.opts.AuthToken != "" {
			auth = "bearer token"
		}
		s.log.Warn("serving MCP beyond this machine: anyone who can reach this address can run every operation and read every artifact", "addr", addr, "auth", auth)
	}
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp }, &mcp.StreamableHTTPOptions{
		Logger: s.log,
		// Sessions abandoned without a DELETE would otherwise keep their
		// runtimes until MaxSessions refuses everyone else.
		SessionTimeout: 30 * time.Minute,
		// A client whose stream breaks during a long run resumes it from
		// the last event instead of losing the result (bounded, 10 MiB).
		EventStore: mcp.NewMemoryEventStore(nil),
		// guard has bounded the body already; this is a second fence.
		MaxRequestBodyBytes: int64(s.maxFrame()),
		Stateless:           s.opts.Stateless,
	})
	mux := http.NewServeMux()
	mux.Handle("/mcp", s.guard(sdk))
	s.opsHandlers(mux)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelWarn)}
	s.log.Info("serving MCP over streamable HTTP", "url", "http://"+addr+"/mcp")
	if s.opts.OnListen != nil {
		s.opts.OnListen(ln.Addr())
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		// Graceful shutdown: /readyz says no at once, the listener stops
		// admitting, runs in flight have the grace period to finish, and
		// then their connections close, which cancels them; last, every
		// session is closed.
		s.metrics.draining.Store(true)
		grace := s.opts.ShutdownGrace
		if grace <= 0 {
			grace = DefaultShutdownGrace
		}
		s.log.Info("shutting down", "grace", grace)
		shutdown, cancel := context.WithTimeout(context.Background(), grace)
		defer cancel()
		// Shutdown closes the listener at once and then waits for every
		// connection to go idle, which a session's open event stream never
		// does by itself: the sessions are closed once no run is left.
		stopped := make(chan error, 1)
		go func() { stopped <- srv.Shutdown(shutdown) }()
		for s.opts.Runtime.Executor.Running() > 0 && shutdown.Err() == nil {
			time.Sleep(10 * time.Millisecond)
		}
		if s.opts.Runtime.Executor.Running() > 0 {
			s.log.Warn("runs still in flight after the grace period are cancelled", "grace", grace)
			s.stopRuns()
		}
		for ss := range s.mcp.Sessions() {
			_ = ss.Close()
		}
		if err := <-stopped; err != nil {
			_ = srv.Close()
		}
		<-done
		return nil
	}
}

// authorized checks the bearer token, when one is configured, and answers
// 401 itself when it is missing or wrong.
func (s *Server) authorized(w http.ResponseWriter, r *http.Request) bool {
	tok := s.opts.AuthToken
	if tok == "" {
		return true
	}
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if ok && subtle.ConstantTimeCompare([]byte(got), []byte(tok)) == 1 {
		return true
	}
	w.Header().Set("WWW-Authenticate", `Bearer realm="jacobian"`)
	writeRPCError(w, http.StatusUnauthorized, jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "Unauthorized: this server requires an Authorization: Bearer <token> header with its configured token")
	return false
}

// bearer admits only authorized requests to next.
func (s *Server) bearer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.authorized(w, r) {
			next.ServeHTTP(w, r)
		}
	})
}

// guard applies the checks ServeListener lists before the SDK's handler.
func (s *Server) guard(next http.Handler) http.Handler {
	var newSessions sync.Mutex
	cancels := &cancelledCalls{ids: map[sessionCall]bool{}}
	maxSessions := s.opts.MaxSessions
	if maxSessions <= 0 {
		maxSessions = DefaultMaxSessions
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.authorized(w, r) {
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !s.originAllowed(origin, r.Host) {
			// A browser page calling from another origin (or rebinding a
			// name to this address) must not reach the tools.
			writeRPCError(w, http.StatusForbidden, jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, fmt.Sprintf("Forbidden: requests from the origin %q are not allowed; the server's operator can allow it by name", origin))
			return
		}
		if r.Method == http.MethodPost && r.Body != nil {
			body, refused := s.readBody(w, r)
			if refused {
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			if session := r.Header.Get("Mcp-Session-Id"); session != "" {
				cancels.observe(session, body)
				w = &cancelFilter{ResponseWriter: w, cancels: cancels, session: session}
			}
		}
		if r.Method == http.MethodPost && r.Header.Get("Mcp-Session-Id") == "" {
			// Creating sessions one at a time makes the count exact; the
			// body has been read already, so a slow client cannot hold
			// the lock.
			newSessions.Lock()
			defer newSessions.Unlock()
			if n := s.httpSessions(); n >= maxSessions {
				w.Header().Set("Retry-After", "60")
				writeRPCError(w, http.StatusServiceUnavailable, jsonrpc.ID{}, jsonrpc.CodeInternalError, fmt.Sprintf("Service unavailable: all %d sessions are in use; retry after a session ends (sessions idle for 30 minutes are closed)", n))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// The SDK's JSON-RPC layer answers every request, cancelled or not, and its
// streamable HTTP transport sends the answer down the request's SSE stream,
// while the MCP specification says the receiver of notifications/cancelled
// should not respond. The guard works around it from outside: it notes the
// calls each session cancels (cancelledCalls) and drops the response event
// for them from the stream (cancelFilter). stdio's lineConn does the same
// inside its connection.

type sessionCall struct {
	session string
	id      jsonrpc.ID
}

// cancelledCalls holds the calls cancelled and not yet answered, at most
// maxRememberedCancels of them (the oldest are forgotten first).
type cancelledCalls struct {
	mu    sync.Mutex
	ids   map[sessionCall]bool
	order []sessionCall
}

const maxRememberedCancels = 1024

// observe notes a cancellation carried by body, or forgets an earlier one
// when the client reuses the ID for a new call.
func (c *cancelledCalls) observe(session string, body []byte) {
	env := scanEnvelope(body[:min(len(body), keptHead)], body[max(0, len(body)-keptTail):])
	var cancelled jsonrpc.ID
	if env.method == "notifications/cancelled" && len(body) < 4096 {
		var msg struct {
			Params json.RawMessage `json:"params"`
		}
		if json.Unmarshal(body, &msg) == nil {
			cancelled, _ = cancelledID(msg.Params)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case cancelled.IsValid():
		key := sessionCall{session, cancelled}
		if !c.ids[key] {
			c.ids[key] = true
			c.order = append(c.order, key)
		}
		if len(c.order) > maxRememberedCancels {
			delete(c.ids, c.order[0])
			c.order = c.order[1:]
		}
	case env.id.IsValid():
		delete(c.ids, sessionCall{session, env.id})
	}
}

// take reports whether the response to id was cancelled, forgetting it.
func (c *cancelledCalls) take(session string, id jsonrpc.ID) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	key := sessionCall{session, id}
	if !c.ids[key] {
		return false
	}
	delete(c.ids, key)
	return true
}

func (c *cancelledCalls) any(session string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.ids {
		if k.session == session {
			return true
		}
	}
	return false
}

// cancelFilter drops, from a POST's SSE stream, the response event to a
// cancelled call. The SDK writes each event with one Write.
type cancelFilter struct {
	http.ResponseWriter
	cancels *cancelledCalls
	session string
}

func (f *cancelFilter) Write(p []byte) (int, error) {
	if f.cancels.any(f.session) {
		if _, data, ok := bytes.Cut(p, []byte("\ndata: ")); ok && bytes.HasPrefix(p, []byte("event: message\n")) {
			env := scanEnvelope(data[:min(len(data), 4096)], nil)
			if env.method == "" && env.id.IsValid() && f.cancels.take(f.session, env.id) {
				return len(p), nil
			}
		}
	}
	return f.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection, to flush.
func (f *cancelFilter) Unwrap() http.ResponseWriter { return f.ResponseWriter }

// originAllowed reports whether a request carrying an Origin header may be
// served: the origin is listed, or it is the server's own loopback origin
// (the page and the server are the same local program). A page under
// another name, including one rebinding its name to this address, is
// refused: its Origin is not listed and its name is not loopback.
func (s *Server) originAllowed(origin, host string) bool {
	if slices.ContainsFunc(s.opts.AllowedOrigins, func(o string) bool { return strings.EqualFold(o, origin) }) {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && strings.EqualFold(u.Host, host) && isLoopback(host)
}

// httpSessions counts the live HTTP sessions (stdio and in-memory sessions
// have no session ID).
func (s *Server) httpSessions() int {
	n := 0
	for ss := range s.mcp.Sessions() {
		if ss.ID() != "" {
			n++
		}
	}
	return n
}

// readBody reads a POST body of at most maxFrame bytes. A longer one is read
// on in bounded memory (up to four times the limit, then the connection is
// dropped) and answered as an oversized frame is on stdio; refused reports
// that the answer has been written.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) (body []byte, refused bool) {
	limit := s.maxFrame()
	body, err := io.ReadAll(io.LimitReader(r.Body, int64(limit)+1))
	if err != nil {
		writeRPCError(w, http.StatusBadRequest, jsonrpc.ID{}, jsonrpc.CodeParseError, fmt.Sprintf("Parse error: reading the request body: %v", err))
		return nil, true
	}
	if len(body) <= limit {
		return body, false
	}
	f := frame{size: int64(len(body)), head: body[:keptHead], tail: keepTail(nil, body)}
	body = nil
	rest := &tailWriter{tail: f.tail}
	n, _ := io.Copy(rest, io.LimitReader(r.Body, 3*int64(limit)))
	f.size += n
	if n == 3*int64(limit) {
		w.Header().Set("Connection", "close")
		rest.tail = nil // the end was not reached
	}
	f.tail = bytes.TrimRight(rest.tail, "\r\n\t ")
	reply := oversizedReply(scanEnvelope(f.head, f.tail), f.size, s.opts.Runtime.MaxPayloadBytes)
	status := http.StatusOK
	if reply.Error != nil {
		status = http.StatusRequestEntityTooLarge
	}
	writeRPC(w, status, reply)
	return nil, true
}

type tailWriter struct{ tail []byte }

func (t *tailWriter) Write(p []byte) (int, error) {
	t.tail = keepTail(t.tail, p)
	return len(p), nil
}

func writeRPCError(w http.ResponseWriter, status int, id jsonrpc.ID, code int64, message string) {
	writeRPC(w, status, &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: code, Message: message}})
}

func writeRPC(w http.ResponseWriter, status int, resp *jsonrpc.Response) {
	data, err := jsonrpc.EncodeMessage(resp)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(data)
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

// isLoopback reports whether host:port names only this machine.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	return err == nil && ip.IsLoopback()
}
