package server

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

type traceRequest struct {
	Rows [][]core.Integer `json:"rows"`
}

type traceResult struct {
	Trace core.Integer `json:"trace"`
}

// matrixOnlyRegistry installs one operation in a matrix namespace and none
// in any other, like a build linking the matrix domain alone.
func matrixOnlyRegistry(t testing.TB) *core.Registry {
	t.Helper()
	r := core.NewRegistry()
	err := core.Add(r, core.Operation[traceRequest, traceResult]{
		ID: "matrix.compute.trace", Title: "Matrix trace",
		Summary: "Sum of the diagonal entries of a square integer matrix.",
		Kind:    core.Compute, Effect: core.Pure, InputKinds: []string{"matrix"},
		Run: func(_ context.Context, q traceRequest) (traceResult, error) {
			sum := core.Int64(0).Big()
			for i, row := range q.Rows {
				sum.Add(sum, row[i].Big())
			}
			return traceResult{core.Int(sum)}, nil
		},
		Postcondition: func(context.Context, traceRequest, traceResult) error { return nil },
		Examples:      []core.Example{{Title: "2x2", Payload: json.RawMessage(`{"rows":[["1","2"],["3","4"]]}`), Result: json.RawMessage(`{"trace":"5"}`)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func listTools(t *testing.T, reg *core.Registry) []*mcp.Tool {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := New(reg, Options{}).MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.Tools
}

// TestExamplesComeFromTheRegistry: the tool descriptions, their schemas and
// the refusals that suggest an ID cite an installed operation, so a
// matrix-only build never advertises an integer operation.
func TestExamplesComeFromTheRegistry(t *testing.T) {
	reg := matrixOnlyRegistry(t)
	tools, err := json.Marshal(listTools(t, reg))
	if err != nil {
		t.Fatal(err)
	}
	srv := New(reg, Options{})
	rt := core.NewRuntime(reg, core.RuntimeOptions{})
	defer rt.Close()
	texts := map[string]string{"tools/list": string(tools)}
	for _, args := range []string{`{"payload":{}}`, `{"capability_id":""}`} {
		texts["math.run "+args] = srv.doRun(context.Background(), rt, json.RawMessage(args)).Message
	}
	for _, args := range []string{`{"query":"trace"}`, `{"request":{"op":"inspect"}}`} {
		texts["math.find "+args] = srv.doFind(rt, json.RawMessage(args)).Message
	}
	for what, text := range texts {
		if text == "" {
			t.Errorf("%s: no text to check", what)
		}
		for _, foreign := range []string{"integer.", "gcd", "test."} {
			if strings.Contains(text, foreign) {
				t.Errorf("%s mentions %q, which the matrix-only build does not install:\n%s", what, foreign, text)
			}
		}
	}
	for _, want := range []string{"matrix.compute.trace", `{\"rows\":[[\"1\",\"2\"],[\"3\",\"4\"]]}`, "matrix trace"} {
		if !strings.Contains(texts["tools/list"], want) {
			t.Errorf("tools/list does not cite the installed operation's %s", want)
		}
	}
	for what, text := range texts {
		if what != "tools/list" && !strings.Contains(text, "matrix.compute.trace") && !strings.Contains(text, "matrix trace") {
			t.Errorf("%s cites no installed operation: %s", what, text)
		}
	}
}

// TestExampleOfEmptyRegistry: with nothing installed the descriptions still
// read, citing a placeholder that is no operation's ID.
func TestExampleOfEmptyRegistry(t *testing.T) {
	ex := exampleOf(core.NewRegistry())
	if _, ok := testRegistry(t).Lookup(ex.id); ok || ex.id == "" || !json.Valid([]byte(ex.payload)) {
		t.Errorf("placeholder example %+v", ex)
	}
	for _, tool := range listTools(t, core.NewRegistry()) {
		for what, schema := range map[string]any{"input": tool.InputSchema, "output": tool.OutputSchema} {
			if m, _ := schema.(map[string]any); m["type"] != "object" {
				t.Errorf("%s %s schema over an empty registry: %v", tool.Name, what, schema)
			}
		}
	}
}

// TestOutputSchemaListsCoreCodes: the enums of math.run's output schema are
// core's lists of failure codes and non-conclusion reasons.
func TestOutputSchemaListsCoreCodes(t *testing.T) {
	var schema struct {
		Properties map[string]struct {
			Enum []string `json:"enum"`
		} `json:"properties"`
	}
	if err := json.Unmarshal([]byte(runOutputSchema()), &schema); err != nil {
		t.Fatal(err)
	}
	for field, want := range map[string][]string{
		"code":    names(core.Codes()),
		"reason":  names(core.Reasons()),
		"outcome": {core.OutcomeCompleted, core.OutcomeNonConclusion, core.OutcomeFailed},
		"verdict": {string(core.Accepted), string(core.Rejected), string(core.Inconclusive)},
	} {
		if got := schema.Properties[field].Enum; !slices.Equal(got, want) {
			t.Errorf("output schema %s enum = %v, want %v", field, got, want)
		}
	}
}

func names[S ~string](xs []S) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = fmt.Sprint(x)
	}
	return out
}
