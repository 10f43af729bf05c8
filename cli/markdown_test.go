package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
	"jacobian.dev/integer"
)

type echoRequest struct {
	N core.Integer `json:"n"`
}

type echoResult struct {
	N     core.Integer `json:"n"`
	Twice core.Integer `json:"twice"`
}

// trickySummary holds every character that means something in Markdown,
// in the places where it would take effect if left alone.
const trickySummary = "Doubles n for |n| < 2^63 * 2, with x_1 and _emph_, `code`, <b>html</b>, " +
	"[a link](https://example.com), &amp; and $x$ ~gone~ - 1. # not a heading \\ end."

// registerEcho installs an operation whose text exercises the escaping, a
// limit and both port directions.
func registerEcho(summary string, declared string) core.Registrar {
	return func(r *core.Registry) error {
		return core.Add(r, core.Operation[echoRequest, echoResult]{
			ID: "fixture.echo.compute", Title: "Echo *and* double", Summary: summary,
			Kind: core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
			InputPorts:  []core.Port{{Name: "n", Field: "n", ArtifactTypes: []string{"integer"}, Description: "any integer | even zero"}},
			OutputPorts: []core.Port{{Name: "twice", Field: "twice", ArtifactTypes: []string{"integer"}}},
			Limits: []core.Limit{{Name: "digits", Max: 100, Unit: "digits | chars", Description: "|n| has at most this many digits",
				Beyond: func() string {
					return `{"n":"1` + strings.Repeat("0", 100) + `"}`
				}}},
			Preflight: func(ctx context.Context, q echoRequest) error {
				if len(strings.TrimPrefix(q.N.String(), "-")) > 100 {
					return core.Refusef("n has more than 100 digits")
				}
				return nil
			},
			Run: func(_ context.Context, q echoRequest) (echoResult, error) {
				return echoResult{N: q.N, Twice: core.Int(new(big.Int).Add(q.N.Big(), q.N.Big()))}, nil
			},
			Postcondition: func(context.Context, echoRequest, echoResult) error { return nil },
			Examples: []core.Example{
				{Title: "21 | 42", Payload: json.RawMessage(`{"n":"21"}`), Result: json.RawMessage(declared)},
				{Title: "zero", Payload: json.RawMessage(`{"n":"0"}`), Result: json.RawMessage(`{"n":"0","twice":"0"}`)},
			},
		})
	}
}

// markdown runs "catalog --markdown" in-process over domains.
func markdown(t *testing.T, domains ...core.Registrar) invocation {
	t.Helper()
	var out, errOut bytes.Buffer
	code := MainContext(context.Background(), Config{
		Name: "jacobian", Domains: domains, Args: []string{"catalog", "--markdown"},
		Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
	})
	return invocation{code, out.String(), errOut.String()}
}

func TestCatalogMarkdown(t *testing.T) {
	inv := markdown(t, integer.Register, registerEcho(trickySummary, `{"n":"21","twice":"42"}`))
	if inv.code != ExitCompleted {
		t.Fatalf("exit code %d: %s", inv.code, inv.stderr)
	}
	doc := inv.stdout
	if again := markdown(t, integer.Register, registerEcho(trickySummary, `{"n":"21","twice":"42"}`)); again.stdout != doc {
		t.Error("two runs over the same registry wrote different documents")
	}

	// Headings: one per namespace, one per operation, in ID order.
	reg, err := core.NewRegistryWith(integer.Register, registerEcho(trickySummary, `{"n":"21","twice":"42"}`))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	want = append(want, "# Jacobian operations", "## Contents", "## `fixture`", "### `fixture.echo.compute`", "## `integer`")
	for _, d := range reg.Declarations() {
		if strings.HasPrefix(d.ID, "integer.") {
			want = append(want, "### `"+d.ID+"`")
		}
	}
	var got []string
	for _, line := range outsideFences(doc) {
		if strings.HasPrefix(line, "#") {
			got = append(got, line)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("headings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Anchors as GitHub spells them: lower case, dots dropped, underscores
	// kept.
	for _, link := range []string{"](#fixture)", "](#fixtureechocompute)", "](#integer)", "](#integercomputegcd)", "](#integercomputeextended_gcd)", "](#integercheckprimality)"} {
		if !strings.Contains(doc, link) {
			t.Errorf("the contents lack the link %s", link)
		}
	}

	for _, want := range []string{
		"**Echo \\*and\\* double**",
		"- Kind: `compute`",
		"- Effect: `pure`",
		"- Input kinds: `integer`",
		"- Provider: `jacobian.dev/cli`",
		"| `digits` | 100 | digits \\| chars | \\|n\\| has at most this many digits |",
		"| input | `n` | `n` | `integer` | any integer \\| even zero |",
		"| output | `twice` | `twice` | `integer` |  |",
		"**Example**: 21 | 42 (1 of 2; `jacobian inspect fixture.echo.compute` lists them\nall)",
		"```json\n{\"n\": \"21\"}\n```",
		"```json\n{\"n\": \"21\", \"twice\": \"42\"}\n```",
		"- Provider: `jacobian.dev/integer`",
		"| `operand_digits` | 100000 | decimal digits | each operand has at most this many decimal digits |",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the reference lacks %q", want)
		}
	}
	if strings.Contains(doc, "devel") || strings.Contains(doc, "elapsed") || strings.Contains(doc, "value://") {
		t.Error("the reference carries something that changes between builds or runs (a version, a timing or a value reference)")
	}

	// Every table row has as many cells as its header once escaped pipes
	// are set aside.
	unescapedPipe := regexp.MustCompile(`(^|[^\\])\|`)
	cols := 0
	for _, line := range outsideFences(doc) {
		if !strings.HasPrefix(line, "|") {
			cols = 0
			continue
		}
		n := len(unescapedPipe.FindAllString(line, -1)) - 1
		if cols == 0 {
			cols = n
		} else if n != cols {
			t.Errorf("row with %d cells in a table of %d: %s", n, cols, line)
		}
	}

	// Every example block is valid JSON.
	for _, block := range jsonBlocks(doc) {
		if !json.Valid([]byte(block)) {
			t.Errorf("a json block is not JSON:\n%s", block)
		}
	}
}

func TestCatalogMarkdownShowsTheRuntimeResult(t *testing.T) {
	// The reference shows the value as the runtime returned it: every
	// integer example's result block must equal a fresh run's value.
	reg, err := core.NewRegistryWith(integer.Register)
	if err != nil {
		t.Fatal(err)
	}
	rt := core.NewRuntime(reg, core.RuntimeOptions{})
	defer rt.Close()
	inv := markdown(t, integer.Register)
	if inv.code != ExitCompleted {
		t.Fatalf("exit code %d: %s", inv.code, inv.stderr)
	}
	blocks := jsonBlocks(inv.stdout)
	decls := reg.Declarations()
	if len(blocks) != 2*len(decls) {
		t.Fatalf("%d json blocks for %d operations", len(blocks), len(decls))
	}
	for i, d := range decls {
		payload, result := blocks[2*i], blocks[2*i+1]
		if same, err := conformance.SameJSON([]byte(payload), d.Examples[0].Payload); err != nil || !same {
			t.Errorf("%s: payload block %s is not the first example's payload %s (%v)", d.ID, payload, d.Examples[0].Payload, err)
		}
		out := rt.Run(context.Background(), core.RunRequest{CapabilityID: d.ID, Payload: json.RawMessage(payload)})
		if out.Outcome != core.OutcomeCompleted {
			t.Fatalf("%s: %s", d.ID, out)
		}
		if same, err := conformance.SameJSON([]byte(result), out.Value); err != nil || !same {
			t.Errorf("%s: result block %s, but running the payload gives %s (%v)", d.ID, result, out.Value, err)
		}
	}
}

func TestCatalogMarkdownRefusesToLie(t *testing.T) {
	tests := []struct {
		name    string
		domains []core.Registrar
		want    []string
	}{
		{
			name:    "declared result differs from the run",
			domains: []core.Registrar{integer.Register, registerEcho("Doubles an integer, exactly as declared.", `{"n":"21","twice":"43"}`)},
			want:    []string{"fixture.echo.compute", `"21 | 42"`, `"twice":"42"`, `"twice":"43"`},
		},
		{
			name:    "example panics",
			domains: []core.Registrar{integer.Register, registerFixtures},
			want:    []string{"fixture.compute.panic", "INTERNAL_ERROR"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			inv := markdown(t, tc.domains...)
			if inv.code != ExitFailed {
				t.Errorf("exit code %d, want %d", inv.code, ExitFailed)
			}
			if inv.stdout != "" {
				t.Errorf("a partial reference was written:\n%s", inv.stdout)
			}
			for _, w := range tc.want {
				if !strings.Contains(inv.stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, inv.stderr)
				}
			}
			if strings.Contains(inv.stderr, "integer.compute.gcd") {
				t.Errorf("stderr names an operation whose example is right:\n%s", inv.stderr)
			}
		})
	}
}

func TestCatalogMarkdownInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	code := MainContext(ctx, Config{Domains: []core.Registrar{integer.Register}, Args: []string{"catalog", "--markdown"}, Stdout: &out, Stderr: &errOut})
	if code != ExitInterrupted || out.Len() != 0 {
		t.Errorf("exit code %d with %d bytes written, want %d and nothing", code, out.Len(), ExitInterrupted)
	}
	_, err := renderReference(ctx, mustRegistry(t, integer.Register))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("renderReference under a cancelled context: %v", err)
	}
}

func TestCatalogFormatsAreExclusive(t *testing.T) {
	inv := jacobian(t, "", "catalog", "--json", "--markdown")
	if inv.code != ExitUsage || !strings.Contains(inv.stderr, "--markdown") {
		t.Errorf("exit code %d, stderr %q; want %d naming the conflict", inv.code, inv.stderr, ExitUsage)
	}
}

func TestInline(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain words stay plain", "plain words stay plain"},
		{"a*b and **bold**", `a\*b and \*\*bold\*\*`},
		{"snake_case_name stays", "snake_case_name stays"},
		{"_emph_ and x_ and _y", `\_emph\_ and x\_ and \_y`},
		{"`code`", "\\`code\\`"},
		{"p < 2^63 and <b> and </i> and <!-- and <?x", `p < 2^63 and \<b> and \</i> and \<!-- and \<?x`},
		{"[0, m) half-open", "[0, m) half-open"},
		{"[a](b) link", `\[a](b) link`},
		{"&amp; &#42; & alone", `\&amp; \&#42; & alone`},
		{"$x$ ~y~ back\\slash", `\$x\$ \~y\~ back\\slash`},
		{"|n| stays in prose", "|n| stays in prose"},
		{"spread\n  over\tlines", "spread over lines"},
		{"x − 1 · y, Bézout", "x − 1 · y, Bézout"},
	}
	for _, tc := range tests {
		if got := inline(tc.in); got != tc.want {
			t.Errorf("inline(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := cell("|n| < 2"); got != `\|n\| < 2` {
		t.Errorf("cell: %q", got)
	}
}

func TestCodeSpan(t *testing.T) {
	tests := []struct{ in, want string }{
		{"integer.compute.gcd", "`integer.compute.gcd`"},
		{"a`b", "``a`b``"},
		{"`edge", "`` `edge ``"},
		{"a``b`", "``` a``b` ```"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := codeSpan(tc.in); got != tc.want {
			t.Errorf("codeSpan(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := tableCode("a|b"); got != "`a\\|b`" {
		t.Errorf("tableCode: %q", got)
	}
}

func TestParagraph(t *testing.T) {
	tests := []struct {
		name string
		text string
	}{
		{"list markers", strings.Repeat("word ", 14) + "- " + strings.Repeat("word ", 14) + "+ " + strings.Repeat("word ", 14) + "1. end"},
		{"headings and rules", strings.Repeat("longer ", 11) + "# " + strings.Repeat("longer ", 11) + "--- " + strings.Repeat("longer ", 11) + "=== end"},
		{"quotes and fences", strings.Repeat("abc ", 19) + "> " + strings.Repeat("abc ", 19) + "```go " + strings.Repeat("abc ", 19) + "2) end"},
		{"opens with a marker", "- " + strings.Repeat("text ", 30)},
		{"opens with a number", "1. " + strings.Repeat("text ", 30)},
		{"code span is kept whole", strings.Repeat("a ", 35) + "`jacobian inspect <id>` " + strings.Repeat("a ", 35)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var w markdownWriter
			w.paragraph(tc.text)
			out := w.buf.String()
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if strings.Join(strings.Fields(strings.ReplaceAll(out, `\`, "")), " ") != strings.Join(strings.Fields(tc.text), " ") {
				t.Errorf("the words changed:\n%s", out)
			}
			for i, line := range lines {
				first := strings.Fields(line)[0]
				if opensBlock(first) {
					t.Errorf("line %d opens a block: %q", i+1, line)
				}
				if n := utf8.RuneCountInString(line); n > referenceWidth && len(strings.Fields(line)) > 1 && !strings.Contains(line, "`") {
					t.Errorf("line %d has %d characters: %q", i+1, n, line)
				}
				if tc.name == "code span is kept whole" && strings.Count(line, "`")%2 != 0 {
					t.Errorf("line %d splits a code span: %q", i+1, line)
				}
			}
			if len(lines) < 2 {
				t.Errorf("nothing was wrapped:\n%s", out)
			}
		})
	}
}

func TestOpensBlock(t *testing.T) {
	for _, w := range []string{"-", "+", "*", "#", "######", "---", "===", "***", "___", ">", ">quote", "1.", "10)", "```", "~~~js", "<div>"} {
		if !opensBlock(w) {
			t.Errorf("opensBlock(%q) = false", w)
		}
	}
	for _, w := range []string{"word", "-1", "+5", "#hash", "1.5", "2^63", "(x", "`code`", "−", "é"} {
		if opensBlock(w) {
			t.Errorf("opensBlock(%q) = true", w)
		}
	}
	for in, want := range map[string]string{"-": `\-`, "1.": `1\.`, "12)": `12\)`, "#": `\#`, "word": "word"} {
		if got := escapeBlockStart(in); got != want {
			t.Errorf("escapeBlockStart(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSlug(t *testing.T) {
	s := newSlugger()
	// GitHub's anchors for the same headings, in document order.
	for _, tc := range []struct{ heading, want string }{
		{"Jacobian operations", "jacobian-operations"},
		{"finite_field", "finite_field"},
		{"finite_field.polynomial_map.fibers.compute", "finite_fieldpolynomial_mapfiberscompute"},
		{"Contents", "contents"},
		{"contents", "contents-1"},
		{"Contents", "contents-2"},
		{"Ünïcode Bézout", "ünïcode-bézout"},
	} {
		if got := s.slug(tc.heading); got != tc.want {
			t.Errorf("slug(%q) = %q, want %q", tc.heading, got, tc.want)
		}
	}
}

func TestPrettyJSON(t *testing.T) {
	wide := `{"matrix":[["` + strings.Repeat("1", 30) + `","2"],["3","` + strings.Repeat("4", 30) + `"]]}`
	tests := []struct{ in, want string }{
		{`{"left":"84","right":"30"}`, `{"left": "84", "right": "30"}`},
		{`{"z":1,"a":2}`, `{"z": 1, "a": 2}`},
		{`{"n":1.50,"big":123456789012345678901234567890}`, `{"n": 1.50, "big": 123456789012345678901234567890}`},
		{`{"s":"<a&b>","e":[],"o":{}}`, `{"s": "<a&b>", "e": [], "o": {}}`},
		{`[true,false,null]`, `[true, false, null]`},
		{wide, "{\n  \"matrix\": [\n    [\"" + strings.Repeat("1", 30) + "\", \"2\"],\n    [\"3\", \"" + strings.Repeat("4", 30) + "\"]\n  ]\n}"},
		{`not json`, `not json`},
	}
	for _, tc := range tests {
		if got := prettyJSON([]byte(tc.in)); got != tc.want {
			t.Errorf("prettyJSON(%s) =\n%s\nwant\n%s", tc.in, got, tc.want)
		}
	}
}

func FuzzPrettyJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":"c"}]}`, `"x"`, `[[["1","2"],["3","4"]]]`, `{"k\"ey":"\u00e9\n"}`, `1e400`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var v any
		if json.Unmarshal([]byte(in), &v) != nil {
			return
		}
		out := prettyJSON([]byte(in))
		same, err := conformance.SameJSON([]byte(out), []byte(in))
		if err != nil || !same {
			t.Fatalf("prettyJSON(%s) = %s, a different value (%v)", in, out, err)
		}
	})
}

// outsideFences returns the document's lines that are not inside fenced
// code blocks.
func outsideFences(doc string) []string {
	var out []string
	inFence := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "```") {
			inFence = !inFence
			continue
		}
		if !inFence {
			out = append(out, line)
		}
	}
	return out
}

// jsonBlocks returns the contents of the document's json code blocks.
func jsonBlocks(doc string) []string {
	var blocks []string
	for _, part := range strings.Split(doc, "```json\n")[1:] {
		end := strings.Index(part, "\n```")
		if end < 0 {
			panic(fmt.Sprintf("unterminated json block: %s", part))
		}
		blocks = append(blocks, part[:end])
	}
	return blocks
}

func mustRegistry(t *testing.T, domains ...core.Registrar) *core.Registry {
	t.Helper()
	reg, err := core.NewRegistryWith(domains...)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

func FuzzParagraph(f *testing.F) {
	for _, s := range []string{trickySummary, "1. a - b + c # d > e === f", strings.Repeat("x ", 50) + "- y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		escaped := inline(text)
		var w markdownWriter
		w.paragraph(escaped)
		out := strings.TrimSuffix(w.buf.String(), "\n")
		if escaped == "" {
			if out != "" {
				t.Fatalf("empty text gave %q", out)
			}
			return
		}
		lines := strings.Split(out, "\n")
		for i, line := range lines {
			if fields := strings.Fields(line); len(fields) > 0 && opensBlock(fields[0]) {
				t.Fatalf("line %d of the paragraph of %q opens a block: %q", i+1, text, line)
			}
		}
		words := inlineWords(escaped)
		words[0] = escapeBlockStart(words[0])
		if got, want := strings.Join(lines, " "), strings.Join(words, " "); got != want {
			t.Fatalf("the paragraph of %q reads %q, want %q", text, got, want)
		}
	})
}

// BenchmarkRenderReference measures the whole reference, examples run
// included, over the integer domain.
func BenchmarkRenderReference(b *testing.B) {
	reg, err := core.NewRegistryWith(integer.Register)
	if err != nil {
		b.Fatal(err)
	}
	b.Run(fmt.Sprintf("operations=%d", reg.Len()), func(b *testing.B) {
		for b.Loop() {
			if _, err := renderReference(context.Background(), reg); err != nil {
				b.Fatal(err)
			}
		}
	})
}
