package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

// FindOutcome is the structured result of math.find: the outcome union of
// core, with the op that was asked and its answer (a core.SearchResult or a
// core.Inspection) as value.
type FindOutcome struct {
	Outcome      string    `json:"outcome"`
	Op           string    `json:"op,omitempty"`
	CapabilityID string    `json:"capability_id,omitempty"`
	Value        any       `json:"value,omitempty"`
	Code         core.Code `json:"code,omitempty"`
	Message      string    `json:"message,omitempty"`
	Path         string    `json:"path,omitempty"`
}

const (
	opSearch  = "search"
	opInspect = "inspect"
)

var (
	searchFields  = []string{"op", "query", "limit", "input_kinds", "artifact_types"}
	inspectFields = []string{"op", "capability_id"}
)

func findTool(ex example) *mcp.Tool {
	return &mcp.Tool{
		Name:  "math.find",
		Title: "Find and inspect exact-math operations",
		Description: `Search Jacobian's catalog of exact mathematical operations, or inspect one. Use it first: search with a few keywords to get capability IDs, then inspect an operation before sending it an unfamiliar payload, to read its exact request schema, limits and examples.
Search: {"request":{"op":"search","query":"` + jsonText(ex.query) + `","limit":` + strconv.Itoa(core.DefaultHits) + `}} (optional "input_kinds" and "artifact_types" filter by what you hold).
Inspect: {"request":{"op":"inspect","capability_id":"` + jsonText(ex.id) + `"}}.
Results are ranked by lexical relevance only; they never claim an operation applies until math.run accepts a full payload.`,
		Annotations: &mcp.ToolAnnotations{
			Title:          "Find and inspect exact-math operations",
			ReadOnlyHint:   true,
			IdempotentHint: true,
			OpenWorldHint:  new(false),
		},
		InputSchema:  json.RawMessage(findInputSchema(ex)),
		OutputSchema: json.RawMessage(findOutputSchema),
	}
}

// findInputSchema is a discriminated union on request.op. The root stays a
// plain object because several clients reject or mangle a union at the root.
func findInputSchema(ex example) string {
	return `{
  "type": "object",
  "properties": {
    "request": {
      "type": "object",
      "description": "What to find: a search of the catalog (op \"search\") or the full description of one operation (op \"inspect\").",
      "oneOf": [
        {
          "title": "search",
          "type": "object",
          "properties": {
            "op": {"const": "search"},
            "query": {"type": "string", "minLength": 1, "maxLength": ` + strconv.Itoa(core.MaxQueryBytes) + `, "description": "A few keywords, e.g. \"` + jsonText(ex.query) + `\"."},
            "limit": {"type": "integer", "minimum": 1, "maximum": ` + strconv.Itoa(core.MaxSearchHits) + `, "description": "How many hits to return; default ` + strconv.Itoa(core.DefaultHits) + `."},
            "input_kinds": {"type": "array", "items": {"type": "string"}, "description": "Kinds of value you hold (integer, rational, matrix, polynomial, finite_field, ...); operations taking none of them are marked INCOMPATIBLE."},
            "artifact_types": {"type": "array", "items": {"type": "string"}, "description": "Artifact types of values you hold by reference; operations accepting none of them are marked INCOMPATIBLE."}
          },
          "required": ["op", "query"],
          "additionalProperties": false
        },
        {
          "title": "inspect",
          "type": "object",
          "properties": {
            "op": {"const": "inspect"},
            "capability_id": {"type": "string", "description": "An operation ID from a search hit, e.g. \"` + jsonText(ex.id) + `\"."}
          },
          "required": ["op", "capability_id"],
          "additionalProperties": false
        }
      ]
    }
  },
  "required": ["request"],
  "additionalProperties": false
}`
}

const findOutputSchema = `{
  "type": "object",
  "properties": {
    "outcome": {"type": "string", "enum": ["completed", "failed"]},
    "op": {"type": "string", "enum": ["search", "inspect"]},
    "capability_id": {"type": "string"},
    "value": {"type": "object", "description": "For search, {query, total_matches, hits}; for inspect, the operation's request_schema, result_schema, kind, effect, limits, ports, provider, availability and examples."},
    "code": {"type": "string", "description": "Stable failure code."},
    "message": {"type": "string", "description": "What went wrong and what to send instead."},
    "path": {"type": "string", "description": "JSON Pointer to the offending argument."}
  },
  "required": ["outcome"],
  "additionalProperties": false
}`

func (s *Server) find(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	rt := s.runtimeFor(req.Session)
	out := s.doFind(rt, req.Params.Arguments)
	return findResult(out), nil
}

func (s *Server) doFind(rt *core.Runtime, args json.RawMessage) FindOutcome {
	top, aerr := object(args, "", []string{"request"}, func(k string) *argError {
		return refuse(core.UnknownArgument, "/"+k, "unknown argument %q; math.find takes only \"request\", e.g. {\"request\":{\"op\":\"search\",\"query\":%q}}", k, s.example.query)
	})
	if aerr != nil {
		return findFailed("", "", aerr)
	}
	raw, ok := top["request"]
	if !ok {
		return findFailed("", "", refuse(core.InvalidPayload, "/request", "the argument \"request\" is missing; send {\"request\":{\"op\":\"search\",\"query\":\"...\"}} or {\"request\":{\"op\":\"inspect\",\"capability_id\":\"...\"}}"))
	}
	// Read op first so that the refusal of a misplaced field can say which
	// branch it belongs to.
	members, aerr := object(raw, "/request", append(searchFields, "capability_id"), func(k string) *argError {
		return refuse(core.UnknownField, "/request/"+k, "unknown field %q in request; search takes %s and inspect takes %s", k, quoteAll(searchFields), quoteAll(inspectFields))
	})
	if aerr != nil {
		return findFailed("", "", aerr)
	}
	op, present, aerr := stringMember(members, "op", "/request")
	switch {
	case aerr != nil:
		return findFailed("", "", aerr)
	case !present:
		return findFailed("", "", refuse(core.InvalidPayload, "/request/op", "request.op is missing; set it to \"search\" (with a query) or \"inspect\" (with a capability_id)"))
	}
	switch op {
	case opSearch:
		return s.search(rt, members)
	case opInspect:
		return s.inspect(rt, members)
	}
	return findFailed("", "", refuse(core.InvalidPayload, "/request/op", "request.op is %q; it must be \"search\" (with a query) or \"inspect\" (with a capability_id)", clip(op)))
}

func (s *Server) search(rt *core.Runtime, m map[string]json.RawMessage) FindOutcome {
	if _, ok := m["capability_id"]; ok {
		return findFailed(opSearch, "", refuse(core.UnknownField, "/request/capability_id",
			"capability_id belongs to op \"inspect\"; a search takes %s. To describe one operation send {\"request\":{\"op\":\"inspect\",\"capability_id\":\"...\"}}", quoteAll(searchFields)))
	}
	var q core.SearchRequest
	var aerr *argError
	var present bool
	if q.Query, present, aerr = stringMember(m, "query", "/request"); aerr != nil {
		return findFailed(opSearch, "", aerr)
	} else if !present {
		return findFailed(opSearch, "", refuse(core.InvalidPayload, "/request/query", "a search needs a query: a few keywords such as \"greatest common divisor\""))
	}
	if q.Limit, present, aerr = intMember(m, "limit", "/request"); aerr != nil {
		return findFailed(opSearch, "", aerr)
	} else if present && q.Limit == 0 {
		return findFailed(opSearch, "", refuse(core.InvalidPayload, "/request/limit", "limit must be between 1 and %d", core.MaxSearchHits))
	}
	if q.InputKinds, aerr = stringsMember(m, "input_kinds", "/request"); aerr != nil {
		return findFailed(opSearch, "", aerr)
	}
	if q.ArtifactTypes, aerr = stringsMember(m, "artifact_types", "/request"); aerr != nil {
		return findFailed(opSearch, "", aerr)
	}
	res, err := rt.Search(q)
	if err != nil {
		return findFailed(opSearch, "", coreRefusal(err, "/request"))
	}
	return FindOutcome{Outcome: core.OutcomeCompleted, Op: opSearch, Value: res}
}

func (s *Server) inspect(rt *core.Runtime, m map[string]json.RawMessage) FindOutcome {
	for _, k := range searchFields[1:] {
		if _, ok := m[k]; ok {
			return findFailed(opInspect, "", refuse(core.UnknownField, "/request/"+k,
				"%s is a search field; inspect takes only \"capability_id\". To search, send {\"request\":{\"op\":\"search\",\"query\":\"...\"}}", k))
		}
	}
	id, present, aerr := stringMember(m, "capability_id", "/request")
	if aerr != nil {
		return findFailed(opInspect, "", aerr)
	}
	if !present {
		return findFailed(opInspect, "", refuse(core.InvalidPayload, "/request/capability_id", "inspect needs a capability_id, e.g. %q; search first to find one", s.example.id))
	}
	ins, err := rt.Inspect(id)
	if err != nil {
		return findFailed(opInspect, id, coreRefusal(err, "/request"))
	}
	return FindOutcome{Outcome: core.OutcomeCompleted, Op: opInspect, CapabilityID: id, Value: ins}
}

// coreRefusal carries a core *Error into the argument namespace of the tool.
func coreRefusal(err error, prefix string) *argError {
	if ce, ok := err.(*core.Error); ok {
		return &argError{code: ce.Code, path: prefix + ce.Path, message: ce.Message}
	}
	return &argError{code: core.InternalError, message: err.Error()}
}

func findFailed(op, id string, e *argError) FindOutcome {
	return FindOutcome{Outcome: core.OutcomeFailed, Op: op, CapabilityID: id, Code: e.code, Message: e.message, Path: e.path}
}

func findResult(o FindOutcome) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: findText(o)}},
		StructuredContent: o,
		IsError:           o.Outcome == core.OutcomeFailed,
	}
}

// findText is the compact projection for clients that ignore structured
// content: enough to choose and call an operation. It reports and never
// prescribes; what to do next is the tool description's to say.
func findText(o FindOutcome) string {
	var b strings.Builder
	switch {
	case o.Outcome == core.OutcomeFailed:
		fmt.Fprintf(&b, "failed %s", o.Code)
		if o.Path != "" {
			fmt.Fprintf(&b, " at %s", o.Path)
		}
		fmt.Fprintf(&b, ": %s", o.Message)
	case o.Op == opSearch:
		res := o.Value.(core.SearchResult)
		fmt.Fprintf(&b, "%d of %d matches for %q:", len(res.Hits), res.Total, res.Query)
		for _, h := range res.Hits {
			fmt.Fprintf(&b, "\n- %s: %s (relevance %g, %s", h.CapabilityID, h.Title, h.Relevance, h.Applicability.Status)
			if len(h.Applicability.Reasons) > 0 {
				fmt.Fprintf(&b, " %s", strings.Join(h.Applicability.Reasons, ", "))
			}
			fmt.Fprintf(&b, "; inputs %s)", strings.Join(h.InputKinds, ", "))
		}
	case o.Op == opInspect:
		ins := o.Value.(core.Inspection)
		fmt.Fprintf(&b, "%s: %s (%s, %s). %s", ins.ID, ins.Title, ins.Kind, ins.Effect, ins.Summary)
		schema, _ := json.Marshal(ins.RequestSchema)
		fmt.Fprintf(&b, "\npayload schema: %s", schema)
		for _, l := range ins.Limits {
			fmt.Fprintf(&b, "\nlimit %s: at most %d %s (%s)", l.Name, l.Max, l.Unit, l.Description)
		}
		for _, ex := range ins.Examples {
			fmt.Fprintf(&b, "\nexample (%s): payload %s gives %s", ex.Title, compact(ex.Payload), compact(ex.Result))
		}
	}
	return b.String()
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}
