package server

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

var runArguments = []string{"capability_id", "payload", "inputs"}

func runTool(ex example) *mcp.Tool {
	return &mcp.Tool{
		Name:  "math.run",
		Title: "Run an exact-math operation",
		Description: `Run one of Jacobian's exact mathematical operations and get its exact answer. Find the capability_id with math.find (search), and inspect it first if you have not used it before: the payload must match its request schema exactly, with no extra fields.
Give every integer and rational as a decimal string ("123456789012345678901234567890", "-3/4"), never as a JSON number, which would lose precision; counts and dimensions are JSON integers.
Example: {"capability_id":"` + jsonText(ex.id) + `","payload":` + ex.payload + `}.
The result is an outcome: completed (with the exact value), non_conclusion (timeout, cancellation or a refused budget: nothing was concluded) or failed (a stable code, the path of the offending field and what to send instead).`,
		Annotations: &mcp.ToolAnnotations{
			Title:           "Run an exact-math operation",
			ReadOnlyHint:    false,
			DestructiveHint: new(false),
			IdempotentHint:  false,
			OpenWorldHint:   new(false),
		},
		InputSchema:  json.RawMessage(runInputSchema(ex)),
		OutputSchema: json.RawMessage(runOutputSchema()),
	}
}

func runInputSchema(ex example) string {
	return `{
  "type": "object",
  "properties": {
    "capability_id": {"type": "string", "description": "The operation to run, e.g. \"` + jsonText(ex.id) + `\" (from math.find)."},
    "payload": {"type": "object", "description": "The request, exactly as the operation's request_schema says (math.find inspect). Integers and rationals are decimal strings."},
    "inputs": {
      "type": "object",
      "description": "Values bound by reference to the operation's declared input ports (math.find inspect lists them), in place of the port's payload field: {\"<port>\": {\"value_ref\": \"value://...\"}} with a value_ref from an earlier result's outputs in this session (references never cross sessions; the oldest are evicted), or {\"value_ref\": \"artifact://sha256/...\"} for a durable artifact.",
      "additionalProperties": {
        "type": "object",
        "properties": {"value_ref": {"type": "string"}},
        "required": ["value_ref"],
        "additionalProperties": false
      }
    }
  },
  "required": ["capability_id", "payload"],
  "additionalProperties": false
}`
}

// runOutputSchema is the schema of core.Outcome; its reasons and codes are
// core's own lists.
func runOutputSchema() string {
	return `{
  "type": "object",
  "properties": {
    "outcome": {"type": "string", "enum": ` + enumJSON([]string{core.OutcomeCompleted, core.OutcomeNonConclusion, core.OutcomeFailed}) + `},
    "capability_id": {"type": "string"},
    "verdict": {"type": "string", "enum": ` + enumJSON([]core.Verdict{core.Accepted, core.Rejected, core.Inconclusive}) + `, "description": "A checker's verdict."},
    "value": {"type": "object", "description": "The exact result, matching the operation's result_schema; every mathematical value is a string."},
    "outputs": {
      "type": "object",
      "additionalProperties": {
        "type": "object",
        "properties": {
          "value_ref": {"type": "string"},
          "artifact_uri": {"type": "string"},
          "artifact_type": {"type": "string"},
          "digest": {"type": "string"},
          "size": {"type": "integer"}
        },
        "required": ["artifact_type", "digest", "size"],
        "additionalProperties": false
      }
    },
    "artifact": {
      "type": "object",
      "description": "Where a result too large to inline was stored; read it as a resource.",
      "properties": {
        "uri": {"type": "string"},
        "digest": {"type": "string"},
        "size": {"type": "integer"},
        "artifact_type": {"type": "string"},
        "last_used": {"type": "string"}
      },
      "required": ["uri", "digest", "size", "artifact_type"],
      "additionalProperties": false
    },
    "execution": {
      "type": "object",
      "properties": {
        "elapsed_ms": {"type": "number"},
        "provider": {"type": "string"},
        "version": {"type": "string"}
      },
      "required": ["elapsed_ms", "provider", "version"],
      "additionalProperties": false
    },
    "reason": {"type": "string", "enum": ` + enumJSON(core.Reasons()) + `},
    "detail": {"type": "string"},
    "code": {"type": "string", "description": "Stable failure code; branch on it, not on the message.", "enum": ` + enumJSON(core.Codes()) + `},
    "message": {"type": "string"},
    "path": {"type": "string", "description": "JSON Pointer to the offending argument, e.g. /payload/left."}
  },
  "required": ["outcome", "capability_id"],
  "additionalProperties": false
}`
}

func (s *Server) run(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	rt := s.runtimeFor(req.Session)
	if token := req.Params.GetProgressToken(); token != nil {
		p := startProgress(ctx, req.Session, token, s.heartbeat)
		defer p.stop()
		ctx = core.WithProgress(ctx, p.update)
	}
	// Shutdown past its grace period cancels the run, as the client could.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(s.runs, cancel)()
	start := time.Now()
	out := s.doRun(ctx, rt, req.Params.Arguments)
	s.metrics.observe(s.reg, out, time.Since(start))
	s.log.Debug("math.run", "outcome", out.String())
	return runResult(out), nil
}

// doRun reads the arguments from their raw bytes: the payload goes to the
// runtime untouched, so a JSON number where an integer string belongs is
// refused by the schema instead of being rounded through float64.
func (s *Server) doRun(ctx context.Context, rt *core.Runtime, args json.RawMessage) core.Outcome {
	m, aerr := object(args, "", runArguments, func(k string) *argError {
		return refuse(core.UnknownArgument, "/"+k, "unknown argument %q; math.run takes only %s", k, quoteAll(runArguments))
	})
	if aerr != nil {
		return core.Failed("", aerr.code, aerr.path, "%s", aerr.message)
	}
	id, present, aerr := stringMember(m, "capability_id", "")
	if aerr != nil {
		return core.Failed("", aerr.code, aerr.path, "%s", aerr.message)
	}
	if !present || id == "" {
		return core.Failed("", core.InvalidPayload, "/capability_id", "capability_id is missing; find one with math.find, e.g. %q", s.example.id)
	}
	inputs, aerr := bindings(m["inputs"])
	if aerr != nil {
		return core.Failed(id, aerr.code, aerr.path, "%s", aerr.message)
	}
	return rt.Run(ctx, core.RunRequest{CapabilityID: id, Payload: m["payload"], Inputs: inputs})
}

// bindings reads {"<port>": {"value_ref": "..."}}. Which ports exist, and
// whether the references resolve, is the runtime's to judge.
func bindings(raw json.RawMessage) (map[string]core.Binding, *argError) {
	if raw == nil {
		return nil, nil
	}
	members, aerr := object(raw, "/inputs", nil, nil)
	if aerr != nil {
		return nil, aerr
	}
	out := make(map[string]core.Binding, len(members))
	for port, b := range members {
		path := "/inputs/" + port
		fields, aerr := object(b, path, []string{"value_ref"}, func(k string) *argError {
			return refuse(core.UnknownField, path+"/"+k, "a binding takes only \"value_ref\", got %q", k)
		})
		if aerr != nil {
			return nil, aerr
		}
		ref, present, aerr := stringMember(fields, "value_ref", path)
		if aerr != nil {
			return nil, aerr
		}
		if !present {
			return nil, refuse(core.InvalidPayload, path+"/value_ref", "the binding of port %q needs a value_ref (\"value://...\" or \"artifact://sha256/...\")", port)
		}
		out[port] = core.Binding{ValueRef: ref}
	}
	return out, nil
}

func runResult(o core.Outcome) *mcp.CallToolResult {
	content := []mcp.Content{&mcp.TextContent{Text: runText(o)}}
	// Values stored durably are linked, so clients can read them as
	// resources.
	if a := o.Artifact; a != nil {
		content = append(content, &mcp.ResourceLink{URI: a.URI, Name: "result", Title: o.CapabilityID + " result", MIMEType: "application/json", Size: new(a.Size)})
	}
	for _, port := range slices.Sorted(maps.Keys(o.Outputs)) {
		if out := o.Outputs[port]; out.ArtifactURI != "" {
			content = append(content, &mcp.ResourceLink{URI: out.ArtifactURI, Name: port, Title: o.CapabilityID + " output " + port, MIMEType: "application/json", Size: new(int64(out.Size))})
		}
	}
	return &mcp.CallToolResult{Content: content, StructuredContent: o, IsError: o.Outcome == core.OutcomeFailed}
}

// runText is the compact projection for clients that ignore structured
// content.
func runText(o core.Outcome) string {
	var b strings.Builder
	switch o.Outcome {
	case core.OutcomeCompleted:
		fmt.Fprintf(&b, "completed %s", o.CapabilityID)
		if o.Verdict != "" {
			fmt.Fprintf(&b, " verdict %s", o.Verdict)
		}
		if o.Value != nil {
			fmt.Fprintf(&b, ": %s", compact(o.Value))
		}
		if a := o.Artifact; a != nil {
			fmt.Fprintf(&b, "; the result (%d bytes) is stored as %s", a.Size, a.URI)
		}
		for _, port := range slices.Sorted(maps.Keys(o.Outputs)) {
			out := o.Outputs[port]
			fmt.Fprintf(&b, "; output %s = %s (%s", port, out.ValueRef, out.ArtifactType)
			if out.ArtifactURI != "" {
				fmt.Fprintf(&b, ", %d bytes, stored as %s", out.Size, out.ArtifactURI)
			}
			b.WriteString(")")
		}
	case core.OutcomeNonConclusion:
		fmt.Fprintf(&b, "non_conclusion %s %s: %s", o.CapabilityID, o.Reason, o.Detail)
	default:
		fmt.Fprintf(&b, "failed %s", o.Code)
		if o.Path != "" {
			fmt.Fprintf(&b, " at %s", o.Path)
		}
		fmt.Fprintf(&b, ": %s", o.Message)
	}
	return b.String()
}

// progress forwards an operation's progress reports as MCP progress
// notifications from one goroutine, throttled, with a heartbeat so clients
// that reset an idle timer on progress keep waiting.
//
// MCP requires the progress value to increase with every notification, even
// when nothing new has been reported, so the value sent is the run's elapsed
// time in milliseconds; the operation's own done/total go in the message.
type progress struct {
	mu      sync.Mutex
	message string
	fresh   bool

	cancel context.CancelFunc
	done   chan struct{}
}

const progressThrottle = 250 * time.Millisecond

func startProgress(ctx context.Context, ss *mcp.ServerSession, token any, heartbeat time.Duration) *progress {
	ctx, cancel := context.WithCancel(ctx)
	p := &progress{cancel: cancel, done: make(chan struct{}), message: "running"}
	start := time.Now()
	go func() {
		defer close(p.done)
		tick := time.NewTicker(min(progressThrottle, heartbeat))
		defer tick.Stop()
		var last float64
		lastSent := start
		for {
			select {
			case <-ctx.Done():
				return
			case now := <-tick.C:
				p.mu.Lock()
				msg, fresh := p.message, p.fresh
				p.fresh = false
				p.mu.Unlock()
				if !fresh && now.Sub(lastSent) < heartbeat {
					continue
				}
				value := max(float64(now.Sub(start).Milliseconds()), last+1)
				last, lastSent = value, now
				_ = ss.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token, Progress: value, Message: msg})
			}
		}
	}()
	return p
}

func (p *progress) update(done, total float64, message string) {
	var msg string
	switch {
	case total > 0:
		msg = fmt.Sprintf("%g of %g (%.0f%%)", done, total, 100*done/total)
	default:
		msg = fmt.Sprintf("%g done", done)
	}
	if message != "" {
		msg += ": " + message
	}
	p.mu.Lock()
	p.message, p.fresh = msg, true
	p.mu.Unlock()
}

// stop ends the notifications before the result is sent, so none arrives
// after it.
func (p *progress) stop() {
	p.cancel()
	<-p.done
}
