package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

// The SDK's stdio transport (mcp.StdioTransport, mcp.IOTransport) reads
// frames with one json.Decoder over the whole stream and ends the session on
// the first error: a non-JSON line, a NaN, a byte-order mark or a frame over
// its 16 MiB line limit ends the server with no reply, and a truncated frame
// makes the decoder swallow the following lines while the client waits.
// The transport cannot be told otherwise, so Jacobian replaces its reader:
// lineTransport reads one newline-delimited frame at a time in bounded
// memory, answers every frame it cannot deliver with a JSON-RPC error (an
// oversized math.run call with a RESOURCE_REFUSED outcome), and carries on.
// A frame cut short by the end of input ends the session cleanly.
//
// It also withholds the response to a request the client cancelled: the
// SDK's JSON-RPC layer always writes the handler's result, while the MCP
// specification says the receiver of notifications/cancelled should not
// respond.
//
// JSON-RPC batches (arrays of messages, dropped from MCP in 2025-06-18) are
// refused with an Invalid Request error.

// lineTransport is a newline-delimited JSON-RPC transport over a reader and
// a writer.
type lineTransport struct {
	r        io.ReadCloser
	w        io.WriteCloser
	maxFrame int
	// maxPayload is the payload limit named in refusals.
	maxPayload int
}

func (t *lineTransport) Connect(context.Context) (mcp.Connection, error) {
	c := &lineConn{
		w:          t.w,
		r:          t.r,
		incoming:   make(chan readResult),
		closed:     make(chan struct{}),
		inFlight:   map[jsonrpc.ID]bool{},
		maxPayload: t.maxPayload,
	}
	go c.readLoop(bufio.NewReaderSize(t.r, 64<<10), t.maxFrame)
	return c, nil
}

type readResult struct {
	msg jsonrpc.Message
	err error
}

type lineConn struct {
	r        io.Closer
	w        io.WriteCloser
	writeMu  sync.Mutex
	incoming chan readResult
	closed   chan struct{}
	once     sync.Once

	// inFlight holds the IDs of requests read and not yet answered; true
	// once the client has cancelled the request, so its response is dropped.
	mu       sync.Mutex
	inFlight map[jsonrpc.ID]bool

	maxPayload int
}

func (c *lineConn) SessionID() string { return "" }

// Read returns the next deliverable message; io.EOF once input ends.
func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case r, ok := <-c.incoming:
		if !ok {
			return nil, io.EOF
		}
		return r.msg, r.err
	case <-c.closed:
		return nil, io.EOF
	}
}

// Write sends msg as one line, unless it answers a cancelled request.
func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if resp, ok := msg.(*jsonrpc.Response); ok && resp.ID.IsValid() {
		c.mu.Lock()
		cancelled, known := c.inFlight[resp.ID]
		delete(c.inFlight, resp.ID)
		c.mu.Unlock()
		if known && cancelled {
			return nil
		}
	}
	return c.send(msg)
}

func (c *lineConn) send(msg jsonrpc.Message) error {
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encoding a JSON-RPC message: %w", err)
	}
	data = append(data, '\n')
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err = c.w.Write(data)
	return err
}

func (c *lineConn) Close() error {
	var err error
	c.once.Do(func() {
		close(c.closed)
		err = errors.Join(c.r.Close(), c.w.Close())
	})
	return err
}

// readLoop reads frames until input ends or the connection closes.
func (c *lineConn) readLoop(in *bufio.Reader, maxFrame int) {
	defer close(c.incoming)
	for {
		f, err := readFrame(in, maxFrame)
		if len(bytes.TrimSpace(f.data)) > 0 || f.size > int64(len(f.data)) {
			if msg := c.accept(f, err != nil); msg != nil {
				select {
				case c.incoming <- readResult{msg: msg}:
				case <-c.closed:
					return
				}
			}
		}
		if err != nil {
			// io.EOF, or a read error: either way the session is over.
			return
		}
	}
}

// accept decodes one frame, answering it itself when it cannot be delivered.
// A frame cut short by the end of input (atEOF) that does not parse is
// dropped silently: the client has gone.
func (c *lineConn) accept(f frame, atEOF bool) jsonrpc.Message {
	if f.size > int64(len(f.data)) {
		c.refuseOversized(f)
		return nil
	}
	line := bytes.TrimRight(f.data, "\r\n")
	msg, rpcErr := decodeFrame(line)
	if rpcErr != nil {
		if !atEOF {
			_ = c.send(&jsonrpc.Response{ID: frameID(line), Error: rpcErr})
		}
		return nil
	}
	if req, ok := msg.(*jsonrpc.Request); ok {
		c.mu.Lock()
		switch {
		case req.IsCall():
			c.inFlight[req.ID] = false
		case req.Method == "notifications/cancelled":
			if id, ok := cancelledID(req.Params); ok {
				if _, live := c.inFlight[id]; live {
					c.inFlight[id] = true
				}
			}
		}
		c.mu.Unlock()
	}
	return msg
}

// decodeFrame parses one line into a JSON-RPC message, or says why not.
func decodeFrame(line []byte) (jsonrpc.Message, *jsonrpc.Error) {
	parseError := func(format string, args ...any) *jsonrpc.Error {
		return &jsonrpc.Error{Code: jsonrpc.CodeParseError, Message: "Parse error: " + fmt.Sprintf(format, args...)}
	}
	switch {
	case bytes.HasPrefix(line, []byte("\xef\xbb\xbf")):
		return nil, parseError("the frame starts with a UTF-8 byte-order mark; send JSON text without one")
	case !utf8.Valid(line):
		return nil, parseError("the frame is not valid UTF-8")
	}
	// Valid checks without allocating; only a frame that fails it is
	// decoded again, for the message (Unmarshal checks before it copies).
	if !json.Valid(line) {
		err := json.Unmarshal(line, new(json.RawMessage))
		return nil, parseError("the frame is not one JSON value (%v); send one JSON-RPC message per line", err)
	}
	if t := bytes.TrimSpace(line); t[0] == '[' {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: "Invalid Request: JSON-RPC batches are not supported; send one message per line"}
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: fmt.Sprintf("Invalid Request: %v", err)}
	}
	return msg, nil
}

// frameID recovers the id of a frame that cannot be delivered, as far as
// the frame parses, so that the error reaches the caller waiting for it
// instead of leaving it to time out; the zero ID (null) otherwise.
func frameID(line []byte) jsonrpc.ID {
	line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
	return scanEnvelope(line, line[max(0, len(line)-keptTail):]).id
}

func cancelledID(params json.RawMessage) (jsonrpc.ID, bool) {
	var p struct {
		RequestID any `json:"requestId"`
	}
	if json.Unmarshal(params, &p) != nil || p.RequestID == nil {
		return jsonrpc.ID{}, false
	}
	id, err := jsonrpc.MakeID(p.RequestID)
	return id, err == nil
}

// refuseOversized answers a frame over the limit from what was kept of it:
// a math.run call gets a RESOURCE_REFUSED outcome, any other call a
// JSON-RPC error, both under the request's id when it could be found.
func (c *lineConn) refuseOversized(f frame) {
	env := scanEnvelope(f.head, f.tail)
	_ = c.send(oversizedReply(env, f.size, c.maxPayload))
}

func oversizedReply(env envelope, size int64, maxPayload int) *jsonrpc.Response {
	detail := fmt.Sprintf("the request is more than %d bytes; this server accepts payloads of at most %d bytes (serve --max-payload)", size-1, maxPayload)
	if env.method == "tools/call" && env.tool == "math.run" && env.id.IsValid() {
		out := core.NonConclusion(env.capability, core.ResourceRefused, "%s", detail)
		if result, err := json.Marshal(runResult(out)); err == nil {
			return &jsonrpc.Response{ID: env.id, Result: result}
		}
	}
	data, _ := json.Marshal(map[string]any{"reason": core.ResourceRefused, "max_payload_bytes": maxPayload})
	return &jsonrpc.Response{ID: env.id, Error: &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: "Request too large: " + detail, Data: data}}
}

// frame is one line of input. When the line is longer than the limit, data
// is empty, size is the number of bytes read of it (over the limit), and
// head and tail keep its first and last bytes.
type frame struct {
	data       []byte
	size       int64
	head, tail []byte
}

const (
	keptHead = 64 << 10
	keptTail = 512
)

// readFrame reads one line (through '\n') in memory bounded by maxFrame: a
// longer line is read to its end and discarded, keeping only its head and
// tail. At the end of input it returns what it read with io.EOF.
func readFrame(in *bufio.Reader, maxFrame int) (frame, error) {
	var f frame
	var buf []byte
	over := false
	for {
		chunk, err := in.ReadSlice('\n')
		f.size += int64(len(chunk))
		switch {
		case over:
			f.tail = keepTail(f.tail, chunk)
		case len(buf)+len(chunk) > maxFrame:
			over = true
			buf = append(buf, chunk...)
			f.head = bytes.Clone(buf[:min(len(buf), keptHead)])
			f.tail = keepTail(nil, buf)
			buf = nil
		default:
			if need := len(buf) + len(chunk); need > cap(buf) {
				// Doubling, but never past the limit: a frame that
				// reaches it costs maxFrame bytes, not twice that.
				grown := make([]byte, len(buf), min(max(2*cap(buf), need), maxFrame))
				copy(grown, buf)
				buf = grown
			}
			buf = append(buf, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		f.data = buf
		if over {
			f.tail = bytes.TrimRight(f.tail, "\r\n")
		}
		return f, err
	}
}

func keepTail(tail, chunk []byte) []byte {
	if len(chunk) >= keptTail {
		return append(tail[:0], chunk[len(chunk)-keptTail:]...)
	}
	tail = append(tail, chunk...)
	if len(tail) > keptTail {
		tail = append(tail[:0], tail[len(tail)-keptTail:]...)
	}
	return tail
}

// envelope is what could be read of an oversized request.
type envelope struct {
	id           jsonrpc.ID
	method, tool string
	capability   string
	idFound      bool
}

// tailID matches a request whose last member is its id, as the TypeScript
// SDK writes them ({"method":...,"params":...,"jsonrpc":"2.0","id":7}). In
// valid JSON a nested "id" is followed by at least two closing brackets, so
// only the top-level one matches.
var tailID = regexp.MustCompile(`(?:^|[^\\])"id"\s*:\s*(-?[0-9]+|"(?:[^"\\]|\\.)*")\s*}\s*$`)

// scanEnvelope reads the top-level id and method, params.name and
// params.arguments.capability_id from the head of an oversized frame as far
// as it parses, and the id from its tail when the head lacks one.
func scanEnvelope(head, tail []byte) envelope {
	var env envelope
	dec := json.NewDecoder(bytes.NewReader(head))
	walkObject(dec, func(key string) bool {
		switch key {
		case "id":
			var v any
			if dec.Decode(&v) != nil {
				return false
			}
			if id, err := jsonrpc.MakeID(v); err == nil {
				env.id, env.idFound = id, true
			}
			return true
		case "method":
			return dec.Decode(&env.method) == nil
		case "params":
			return walkObject(dec, func(key string) bool {
				switch key {
				case "name":
					return dec.Decode(&env.tool) == nil
				case "arguments":
					return walkObject(dec, func(key string) bool {
						if key == "capability_id" {
							return dec.Decode(&env.capability) == nil
						}
						return dec.Decode(new(json.RawMessage)) == nil
					})
				}
				return dec.Decode(new(json.RawMessage)) == nil
			})
		}
		return dec.Decode(new(json.RawMessage)) == nil
	})
	if !env.idFound {
		if m := tailID.FindSubmatch(tail); m != nil {
			var v any
			if s := m[1]; s[0] == '"' {
				var str string
				if json.Unmarshal(s, &str) == nil {
					v = str
				}
			} else if n, err := strconv.ParseInt(string(s), 10, 64); err == nil {
				v = float64(n)
			}
			if id, err := jsonrpc.MakeID(v); err == nil && v != nil {
				env.id = id
			}
		}
	}
	return env
}

// walkObject reads an object from dec, calling member with each key; member
// consumes the value and reports whether reading can go on. It reports false
// once the input ends or stops parsing.
func walkObject(dec *json.Decoder, member func(key string) bool) bool {
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		key, ok := t.(string)
		if !ok || !member(key) {
			return false
		}
	}
	_, err := dec.Token()
	return err == nil
}
