package cli

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"jacobian.dev/core"
	"jacobian.dev/server"
)

// ServeCmd serves the installed catalog over MCP: the two tools math.find
// and math.run and the capability://catalog resource.
type ServeCmd struct {
	HTTP    string        `name:"http" placeholder:"HOST:PORT" help:"Serve streamable HTTP at http://HOST:PORT/mcp instead of stdio. A missing host means 127.0.0.1."`
	Slots   int           `default:"0" help:"Operations that may run at once per session; more are refused with RESOURCE_REFUSED. 0 means one per CPU."`
	Timeout time.Duration `default:"60s" help:"Upper bound on each run; a request may ask for less."`
	Verbose bool          `short:"v" help:"Log requests at debug level."`
}

// Help is the detailed help of serve.
func (c *ServeCmd) Help() string {
	return `With no flags, serves one MCP session over standard input and output,
for a client that starts jacobian as a subprocess; logs go to standard
error. With --http, serves any number of sessions over streamable HTTP.
SIGINT or SIGTERM shuts the server down cleanly (exit 0). A server that
cannot start (the port is taken) exits 1.`
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
	if c.Timeout < 0 {
		return fmt.Errorf("--timeout must not be negative, got %s", c.Timeout)
	}
	return nil
}

// Run serves until the client goes away or the process is signalled.
func (c *ServeCmd) Run(ctx context.Context, reg *core.Registry, build *buildInfo, std *streams) error {
	level := slog.LevelInfo
	if c.Verbose {
		level = slog.LevelDebug
	}
	srv := server.New(reg, server.Options{
		Runtime: core.RuntimeOptions{Slots: c.Slots, Timeout: c.Timeout, MaxPayloadBytes: maxPayloadBytes},
		Logger:  slog.New(slog.NewTextHandler(std.err, &slog.HandlerOptions{Level: level})),
		Name:    build.Name,
		Version: build.Version,
	})
	var err error
	switch {
	case c.HTTP != "":
		err = srv.ServeHTTP(ctx, c.HTTP)
	case std.in == os.Stdin && std.out == os.Stdout:
		err = srv.ServeStdio(ctx)
	default:
		// Streams given through Config (an embedding program, a test) get
		// the same newline-delimited JSON-RPC the stdio transport speaks.
		err = srv.ServeTransport(ctx, &mcp.IOTransport{Reader: io.NopCloser(std.in), Writer: nopWriteCloser{std.out}})
	}
	if err != nil {
		return &exitError{code: ExitFailed, msg: fmt.Sprintf("serve: %v", err)}
	}
	return nil
}

// nopWriteCloser leaves closing the output to its owner, as the stdio
// transport does with standard output.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
