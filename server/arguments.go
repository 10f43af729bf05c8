package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"jacobian.dev/core"
)

// Both tools are registered with the SDK's raw handler (Server.AddTool), to
// which the SDK hands the arguments as the bytes received, unvalidated. So
// every argument, known or not, reaches the parsers in this file, which fail
// closed on anything undeclared, and no receiving middleware is needed to
// catch unknown arguments. Were the tools moved to the typed mcp.AddTool,
// the SDK would decode the arguments through float64 (rounding integers
// above 2^53) and refuse schema violations with its bare "did not validate"
// text; keep them raw.

// argError is a refusal of a tool's arguments, carried to the caller as a
// failed outcome.
type argError struct {
	code    core.Code
	path    string
	message string
}

func (e *argError) Error() string { return e.message }

func refuse(code core.Code, path, format string, args ...any) *argError {
	return &argError{code: code, path: path, message: fmt.Sprintf(format, args...)}
}

// object reads raw as a JSON object, keeping each member's bytes untouched so
// that numbers are never rounded through float64. Every key must be one of
// allowed (any key when allowed is nil); unknown reports one that is not.
func object(raw json.RawMessage, path string, allowed []string, unknown func(key string) *argError) (map[string]json.RawMessage, *argError) {
	raw = bytes.TrimSpace(raw)
	where := path
	if where == "" {
		where = "the arguments"
	}
	want := "a JSON object"
	if len(allowed) > 0 {
		want += " with " + quoteAll(allowed)
	}
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, refuse(core.InvalidPayload, path, "%s: missing; send %s", where, want)
	}
	if raw[0] != '{' {
		return nil, refuse(core.InvalidPayload, path, "%s must be %s, got %s", where, want, jsonKind(raw))
	}
	members, dup, err := splitObject(raw)
	if err != nil {
		return nil, refuse(core.InvalidPayload, path, "%s must be %s: %v", where, want, err)
	}
	if dup != "" {
		// encoding/json would keep the last and run it; the caller meant
		// one of them, and only it knows which.
		at := path + "/" + pointerToken(dup)
		return nil, refuse(core.InvalidPayload, at, "%s is given more than once; give each member once", at)
	}
	keys := make([]string, 0, len(members))
	for k := range members {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if allowed != nil && !slices.Contains(allowed, k) {
			return nil, unknown(k)
		}
	}
	return members, nil
}

// splitObject splits a JSON object into its members in one pass, reporting
// the first key that occurs twice. The SDK has checked that the arguments
// are JSON, so raw is one valid JSON object here.
func splitObject(raw []byte) (m map[string]json.RawMessage, duplicate string, err error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return nil, "", err
	}
	m = map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, "", err
		}
		key, _ := t.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, "", err
		}
		if _, seen := m[key]; seen && duplicate == "" {
			duplicate = key
		}
		m[key] = value
	}
	return m, duplicate, nil
}

// pointerToken escapes a key as one JSON Pointer reference token (RFC 6901
// §3).
func pointerToken(key string) string {
	return strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
}

func stringMember(m map[string]json.RawMessage, key, path string) (string, bool, *argError) {
	raw, ok := m[key]
	if !ok {
		return "", false, nil
	}
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return "", true, refuse(core.InvalidPayload, path+"/"+key, "%s/%s must be a JSON string, got %s", path, key, jsonKind(raw))
	}
	return s, true, nil
}

func stringsMember(m map[string]json.RawMessage, key, path string) ([]string, *argError) {
	raw, ok := m[key]
	if !ok {
		return nil, nil
	}
	var out []string
	if len(raw) == 0 || raw[0] != '[' || json.Unmarshal(raw, &out) != nil {
		return nil, refuse(core.InvalidPayload, path+"/"+key, "%s/%s must be an array of strings, e.g. [\"integer\"]", path, key)
	}
	return out, nil
}

// intMember reads a structural integer parameter, which is a JSON integer
// (not a string) by the value-encoding contract.
func intMember(m map[string]json.RawMessage, key, path string) (int, bool, *argError) {
	raw, ok := m[key]
	if !ok {
		return 0, false, nil
	}
	n, err := strconv.Atoi(string(raw))
	if err != nil {
		return 0, true, refuse(core.InvalidPayload, path+"/"+key, "%s/%s must be a JSON integer such as 5, got %s", path, key, clip(string(raw)))
	}
	return n, true, nil
}

func jsonKind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "the number " + clip(string(raw))
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}
