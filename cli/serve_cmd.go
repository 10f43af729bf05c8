package cli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"jacobian.dev/core"
	"jacobian.dev/server"
)

// ServeCmd serves the installed catalog over MCP: the two tools math.find
// and math.run and the capability://catalog resource.
type ServeCmd struct {
	HTTP        string        `name:"http" placeholder:"HOST:PORT" help:"Serve streamable HTTP at http://HOST:PORT/mcp instead of stdio. A missing host means 127.0.0.1."`
	Slots       int           `default:"0" help:"Execution slots shared by all sessions (0 means one per CPU). Each session may always run one operation; beyond that it may use free slots up to its share, the slots divided by the sessions running something. A run beyond that is refused with RESOURCE_REFUSED, not queued."`
	Timeout     time.Duration `default:"${default_timeout}" help:"Upper bound on each run; a request may ask for less."`
	Verbose     bool          `short:"v" help:"Log requests at debug level."`
	NoArtifacts bool          `help:"Run without the durable artifact store: every result is sent inline."`
	artifactDir
	MaxValues     int       `name:"max-values" default:"${default_max_values}" placeholder:"N" help:"Values all sessions keep by value:// reference; the least recently used beyond this are evicted. Default ${default}."`
	MaxValueBytes byteCount `name:"max-value-bytes" default:"${default_max_value_bytes}" placeholder:"BYTES" help:"Bytes of values all sessions keep by reference (e.g. 8MiB); the least recently used beyond this are evicted. Default ${default}."`
	InlineLimit   byteCount `name:"inline-limit" default:"${default_inline_limit}" placeholder:"BYTES" help:"Largest result, and output-port value, sent inline; larger ones go to the artifact store and are linked. Default ${default}."`
	memoryFlag
	MaxPayload byteCount `name:"max-payload" default:"${max_payload}" placeholder:"BYTES" help:"Largest payload, with its bound inputs, accepted over stdio and HTTP alike (and by run); a larger one is answered with a RESOURCE_REFUSED outcome. Default ${default}."`

	MaxSessions   int           `name:"max-sessions" default:"${max_sessions}" placeholder:"N" help:"Live HTTP sessions; a new one beyond this is refused with HTTP 503 until one ends. Default ${default}."`
	Stateless     bool          `help:"With --http, serve every request on its own, without sessions, so that any replica behind a load balancer can answer any request: outputs are published as artifacts instead of value:// references, which are refused."`
	ShutdownGrace time.Duration `name:"shutdown-grace" default:"10s" help:"On SIGTERM or SIGINT, how long HTTP runs in flight may take to finish before they are cancelled; /readyz answers 503 from the signal on."`
	AllowRemote   bool          `name:"allow-remote" help:"Allow --http on an address other machines can reach (0.0.0.0, a LAN address); refused without it."`
	AuthTokenFile string        `name:"auth-token-file" placeholder:"PATH" type:"existingfile" help:"Require every HTTP request to carry 'Authorization: Bearer <token>' with the token in PATH (surrounding whitespace ignored)."`
	AllowOrigins  []string      `name:"allow-origin" placeholder:"ORIGIN" help:"Serve HTTP requests from this browser origin (e.g. http://localhost:6274); repeatable. Requests carrying any other Origin header, except the server's own loopback one, are refused with 403."`
}

// Help is the detailed help of serve.
func (c *ServeCmd) Help() string {
	return fmt.Sprintf(`With no flags, serves one MCP session over standard input and output,
for a client that starts jacobian as a subprocess; logs go to standard
error. With --http, serves any number of sessions over streamable HTTP.
Results larger than the inline limit (--inline-limit, %s) are written
to the durable artifact store (--artifact-dir) and linked from the tool
result; --no-artifacts sends everything inline.

Execution slots (--slots N) form one pool for the whole server. A session
running nothing may always start an operation, so a long run in one
session never refuses another session's; a session already running
something may start another only while a slot is free and it holds fewer
than N divided by the sessions running something. Refused runs come back
at once as RESOURCE_REFUSED (retry later), never queued.

Output ports publish their values as value:// references, held in memory
by the session that made them and usable only there; all sessions
together keep at most --max-values of them and --max-value-bytes in all,
evicting the least recently used of any session first (an evicted
reference fails UNKNOWN_REFERENCE and says so). Over HTTP at most
--max-sessions sessions live at once; idle ones close after 30 minutes. Sizes take a plain byte count or a KiB, MiB or GiB suffix.

Over HTTP the server listens on loopback only unless --allow-remote is
given, and then warns that every operation is exposed; --auth-token-file
adds a bearer token. Browser pages may call only from --allow-origin
origins (DNS-rebinding and cross-site protection).

A frame that is not JSON-RPC (not JSON, not UTF-8, a byte-order mark, a
NaN) is answered with a JSON-RPC parse error and the session goes on; so
is one over the payload limit, read to its end in bounded memory.

Over HTTP the server also answers GET /healthz (the process is alive),
GET /readyz (503 with the reason while shutting down, with the memory budget
spent or the artifact store unreachable; busy execution slots leave it
ready) and GET /metrics in Prometheus format (calls by operation and outcome, latency,
slots, memory budget, sessions, stored values, artifact bytes; behind the
bearer token when one is set).

SIGINT or SIGTERM shuts the server down cleanly (exit 0): over HTTP it
stops admitting, gives runs in flight --shutdown-grace to finish, then
cancels them and closes every session. A server that cannot start (the
port is taken) exits 1.`, byteCount(core.DefaultInlineLimit))
}

// Validate checks the address and budgets before anything starts.
func (c *ServeCmd) Validate() error {
	if c.HTTP != "" {
		if _, _, err := net.SplitHostPort(c.HTTP); err != nil {
			return fmt.Errorf("--http %q: want HOST:PORT such as 127.0.0.1:8765 (%v)", c.HTTP, err)
		}
	}
	if c.Slots < 0 {
		return fmt.Errorf("--slots must not be negative, got %d", c.Slots)
	}
	if c.Timeout <= 0 {
		return fmt.Errorf("--timeout must be positive, got %s", c.Timeout)
	}
	if c.MaxValues <= 0 {
		return fmt.Errorf("--max-values must be positive, got %d", c.MaxValues)
	}
	if c.MaxValueBytes <= 0 {
		return fmt.Errorf("--max-value-bytes must be positive, got %d", c.MaxValueBytes)
	}
	if c.InlineLimit <= 0 {
		return fmt.Errorf("--inline-limit must be positive, got %d", c.InlineLimit)
	}
	if c.MaxSessions <= 0 {
		return fmt.Errorf("--max-sessions must be positive, got %d", c.MaxSessions)
	}
	if c.HTTP == "" && (c.AllowRemote || c.AuthTokenFile != "" || len(c.AllowOrigins) > 0 || c.Stateless) {
		return fmt.Errorf("--allow-remote, --auth-token-file, --allow-origin and --stateless apply to --http only")
	}
	for _, o := range c.AllowOrigins {
		if u, err := url.Parse(o); err != nil || u.Scheme == "" || u.Host == "" || u.Path != "" {
			return fmt.Errorf("--allow-origin %q: want an origin, scheme://host[:port], such as http://localhost:6274", o)
		}
	}
	return checkMaxPayload(c.MaxPayload)
}

// byteCount is a size in bytes given as a count with an optional binary
// suffix: 65536, 64KiB, 8MiB, 1GiB.
type byteCount int64

// String writes the size as UnmarshalText reads it, in the largest unit
// that divides it exactly: 65536 is 64KiB.
func (b byteCount) String() string {
	for _, u := range []struct {
		shift  uint
		suffix string
	}{{30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		if b != 0 && b%(1<<u.shift) == 0 {
			return strconv.FormatInt(int64(b>>u.shift), 10) + u.suffix
		}
	}
	return strconv.FormatInt(int64(b), 10)
}

// UnmarshalText implements encoding.TextUnmarshaler, through which kong
// reads the flag.
func (b *byteCount) UnmarshalText(text []byte) error {
	s := strings.TrimSpace(string(text))
	digits := strings.TrimRightFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	shift := 0
	switch strings.ToLower(s[len(digits):]) {
	case "", "b":
	case "kib":
		shift = 10
	case "mib":
		shift = 20
	case "gib":
		shift = 30
	default:
		return fmt.Errorf("%q is not a size: give bytes, optionally with KiB, MiB or GiB (e.g. 8MiB)", s)
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64>>shift {
		return fmt.Errorf("%q is not a size: give bytes, optionally with KiB, MiB or GiB (e.g. 8MiB), at most 2^63 - 1 bytes", s)
	}
	*b = byteCount(n << shift)
	return nil
}

// Run serves until the client goes away or the process is signalled.
func (c *ServeCmd) Run(ctx context.Context, reg *core.Registry, build *buildInfo, std *streams) error {
	level := slog.LevelInfo
	if c.Verbose {
		level = slog.LevelDebug
	}
	logger := slog.New(slog.NewTextHandler(std.err, &slog.HandlerOptions{Level: level}))
	opts := core.RuntimeOptions{
		Slots: c.Slots, Timeout: c.Timeout, MaxPayloadBytes: int(c.MaxPayload),
		MaxValues: c.MaxValues, MaxValueBytes: int64(c.MaxValueBytes), InlineLimit: int(min(c.InlineLimit, math.MaxInt)),
		Memory: c.budget(),
	}
	if !c.NoArtifacts {
		store, err := c.open(ctx)
		switch {
		case err != nil && c.given():
			return &exitError{code: ExitFailed, msg: fmt.Sprintf("serve: %v", err)}
		case err != nil:
			// The default location is a convenience: without it the
			// server still works, sending every result inline.
			logger.Warn("serving without an artifact store; large results are sent inline", "error", err)
		default:
			defer store.Close()
			opts.Artifacts = store
			logger.Info("artifact store", "location", store.Location())
		}
	}
	token := ""
	if c.AuthTokenFile != "" {
		data, err := os.ReadFile(c.AuthTokenFile)
		if err != nil {
			return &exitError{code: ExitFailed, msg: fmt.Sprintf("serve: --auth-token-file: %v", err)}
		}
		if token = strings.TrimSpace(string(data)); token == "" {
			return &exitError{code: ExitFailed, msg: fmt.Sprintf("serve: --auth-token-file %s is empty", c.AuthTokenFile)}
		}
	}
	srv := server.New(reg, server.Options{
		Runtime:        opts,
		Logger:         logger,
		Name:           build.Name,
		Version:        build.Version,
		AllowRemote:    c.AllowRemote,
		AuthToken:      token,
		AllowedOrigins: c.AllowOrigins,
		MaxSessions:    c.MaxSessions,
		ShutdownGrace:  c.ShutdownGrace,
		Stateless:      c.Stateless,
	})
	var err error
	switch {
	case c.HTTP != "":
		err = srv.ServeHTTP(ctx, c.HTTP)
		if errors.Is(err, server.ErrRemoteBind) {
			err = fmt.Errorf("%w; bind a loopback address (127.0.0.1:PORT), or pass --allow-remote to serve it deliberately, with --auth-token-file to require a bearer token", err)
		}
	case std.in == os.Stdin && std.out == os.Stdout:
		err = srv.ServeStdio(ctx)
	default:
		// Streams given through Config (an embedding program, a test) get
		// the same newline-delimited JSON-RPC the stdio transport speaks.
		err = srv.ServeStreams(ctx, std.in, std.out)
	}
	if err != nil {
		return &exitError{code: ExitFailed, msg: fmt.Sprintf("serve: %v", err)}
	}
	return nil
}
