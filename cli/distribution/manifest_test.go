package distribution

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// repoRoot is the directory holding the jacobian.dev modules.
const repoRoot = "../.."

func TestParseDefaults(t *testing.T) {
	m, err := Parse([]byte(`{"name":"jacobian-lite","output":"bin/jacobian-lite",
		"domains":[{"module":"jacobian.dev/integer"},{"module":"example.com/x","package":"example.com/x/domain","register":"RegisterAll","replace":"../x","version":"v1.2.3"}],
		"jacobian":{"replace":"."}}`), "/src/tree")
	if err != nil {
		t.Fatal(err)
	}
	d := m.Domains[0]
	if d.Package != "jacobian.dev/integer" || d.Register != "Register" || d.Version != "" {
		t.Errorf("defaults not applied: %+v", d)
	}
	if m.Jacobian.Version != "v0.0.0" {
		t.Errorf("jacobian.version = %q, want v0.0.0", m.Jacobian.Version)
	}
	if got := m.OutputPath(); got != "/src/tree/bin/jacobian-lite" {
		t.Errorf("output resolves to %s", got)
	}
	if got := m.abs(m.Domains[1].Replace); got != "/src/x" {
		t.Errorf("replace resolves to %s", got)
	}
}

// TestParseProblems checks that each static problem is reported with the
// entry at fault, and every problem at once.
func TestParseProblems(t *testing.T) {
	cases := []struct {
		name, manifest string
		want           []string
	}{
		{"unknown field", `{"name":"j","output":"o","domains":[{"module":"jacobian.dev/integer","regster":"R"}],"jacobian":{"replace":"."}}`, []string{`unknown field "regster"`}},
		{"trailing text", `{"name":"j","output":"o","domains":[{"module":"jacobian.dev/integer"}],"jacobian":{"replace":"."}} {}`, []string{"text after the JSON object"}},
		{"no domains", `{"name":"j","output":"o","domains":[],"jacobian":{"replace":"."}}`, []string{"domains is empty"}},
		{"bad name and no output", `{"name":"J Lite","domains":[{"module":"jacobian.dev/integer"}],"jacobian":{"replace":"."}}`, []string{`name "J Lite"`, "output is empty"}},
		{"no jacobian tree", `{"name":"j","output":"o","domains":[{"module":"example.com/a","version":"v1.0.0"}]}`, []string{"jacobian.replace is empty"}},
		{"bad register", `{"name":"j","output":"o","domains":[{"module":"jacobian.dev/integer","register":"register"}],"jacobian":{"replace":"."}}`, []string{`domain 1 (jacobian.dev/integer): register "register" must be an exported Go identifier`}},
		{"package outside module", `{"name":"j","output":"o","domains":[{"module":"example.com/a","package":"example.com/b"}],"jacobian":{"replace":"."}}`, []string{`domain 1 (example.com/a): package "example.com/b" is not inside module example.com/a`}},
		{"listed twice", `{"name":"j","output":"o","domains":[{"module":"jacobian.dev/integer"},{"module":"jacobian.dev/matrix"},{"module":"jacobian.dev/integer"}],"jacobian":{"replace":"."}}`, []string{"domain 3 (jacobian.dev/integer) is listed twice (also as domain 1)"}},
		{"bad version", `{"name":"j","output":"o","domains":[{"module":"example.com/a","version":"1.0"}],"jacobian":{"replace":"."}}`, []string{`domain 1 (example.com/a): version "1.0" is not a semantic version`}},
		{"bad module path", `{"name":"j","output":"o","domains":[{"module":"example.com//a"},{"module":""}],"jacobian":{"replace":"."}}`, []string{`domain 1 (example.com//a): module "example.com//a" is not a module or import path`, "domain 2: module path is empty"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(c.manifest), t.TempDir())
			var me *ManifestError
			if !errors.As(err, &me) {
				t.Fatalf("got %v, want a ManifestError", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if len(me.Problems) != len(c.want) {
				t.Errorf("%d problems reported, want %d: %v", len(me.Problems), len(c.want), me.Problems)
			}
		})
	}
}

// TestDefaultReadsDomainsGo: the default manifest is read from the
// hand-kept cli/cmd/jacobian/domains.go, and rendering it back gives that
// file byte for byte, so nothing the file installs is missed or reordered.
func TestDefaultReadsDomainsGo(t *testing.T) {
	m, err := Default(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	if m.Name != "jacobian" || len(m.Domains) == 0 {
		t.Fatalf("default manifest %+v", m)
	}
	got, err := RenderDomains(m, HandWritten)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(DefaultDomainsFile)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s does not render back from the manifest read from it (is it gofmt-formatted, in the shape RenderDomains writes?); the manifest renders\n%s", DefaultDomainsFile, got)
	}
}

func TestInstalledDomains(t *testing.T) {
	const header = "package main\n\nimport (\n\t\"jacobian.dev/core\"\n\t\"jacobian.dev/integer\"\n\tgf \"example.com/go-fields/v2\"\n)\n\n"
	for _, c := range []struct {
		name, body string
		want       []Domain
		problem    string
	}{
		{"imports, aliases and repeats", "func domains() []core.Registrar {\n\treturn []core.Registrar{integer.Register, gf.RegisterPrime, integer.Register}\n}\n",
			[]Domain{{Module: "jacobian.dev/integer", Package: "jacobian.dev/integer", Register: "Register"}, {Module: "example.com/go-fields/v2", Package: "example.com/go-fields/v2", Register: "RegisterPrime"}}, ""},
		{"unimported package", "func domains() []core.Registrar { return []core.Registrar{matrix.Register} }\n", nil, "no import is named matrix"},
		{"not a selector", "func domains() []core.Registrar { return []core.Registrar{register} }\n", nil, "entry 1 of domains()"},
		{"no domains function", "func other() []core.Registrar { return nil }\n", nil, "no func domains()"},
		{"empty list", "func domains() []core.Registrar { return []core.Registrar{} }\n", nil, "lists no Register function"},
	} {
		got, err := installedDomains([]byte(header + c.body))
		if c.problem != "" {
			if err == nil || !strings.Contains(err.Error(), c.problem) {
				t.Errorf("%s: got %v, %v; want an error saying %q", c.name, got, err, c.problem)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s: got %+v, %v; want %+v", c.name, got, err, c.want)
		}
	}
}

func TestDefaultWith(t *testing.T) {
	m, err := DefaultWith(repoRoot, []string{"matrix", "integer", "matrix"})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Domains) != 2 || m.Domains[0].Module != "jacobian.dev/matrix" || m.Domains[1].Module != "jacobian.dev/integer" {
		t.Errorf("domains %+v, want matrix then integer", m.Domains)
	}
	if _, err := DefaultWith(repoRoot, []string{"integer", "gaussian"}); err == nil || !strings.Contains(err.Error(), `"gaussian" is not a standard domain`) {
		t.Errorf("unknown standard domain: %v", err)
	}
}

// TestRenderGenerated renders a custom build with a third-party domain and
// checks the generated files' header, imports and provenance comments.
func TestRenderGenerated(t *testing.T) {
	m, err := Parse([]byte(`{"name":"jacobian-plus","output":"bin/jacobian-plus",
		"domains":[{"module":"jacobian.dev/integer"},{"module":"example.com/gaussian","replace":"examples/gaussian"}],
		"jacobian":{"replace":"."}}`), repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	p, err := resolve(context.Background(), m, nil)
	if err != nil {
		t.Fatal(err)
	}
	domainsGo, err := p.renderDomains(Generated)
	if err != nil {
		t.Fatal(err)
	}
	mainGo, err := p.renderMain()
	if err != nil {
		t.Fatal(err)
	}
	gomod := string(p.renderGoMod())
	for _, c := range []struct{ file, text string }{
		{string(domainsGo), GeneratedHeader},
		{string(domainsGo), "\t\"example.com/gaussian\"\n"},
		{string(domainsGo), "gaussian.Register, // example.com/gaussian v0.0.0\n"},
		{string(domainsGo), "integer.Register,  // jacobian.dev/integer v0.0.0\n"},
		{string(mainGo), GeneratedHeader},
		{string(mainGo), `os.Exit(cli.Main(cli.Config{Name: "jacobian-plus", Domains: domains()}))`},
		{gomod, "module jacobian-plus\n"},
		{gomod, "\texample.com/gaussian v0.0.0\n"},
		{gomod, "\tjacobian.dev/cli v0.0.0\n"},
		{gomod, "\texample.com/gaussian => " + quoteAbs(t, "../../examples/gaussian") + "\n"},
		{gomod, "\tjacobian.dev/polynomial => " + quoteAbs(t, "../../polynomial") + "\n"},
	} {
		if !strings.Contains(c.file, c.text) {
			t.Errorf("generated file lacks %q:\n%s", c.text, c.file)
		}
	}
	// The generated main makes the same call as the default distribution's.
	defaultMain, err := os.ReadFile(filepath.Join(repoRoot, "cli", "cmd", "jacobian", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(defaultMain), `os.Exit(cli.Main(cli.Config{Name: "jacobian", Domains: domains()}))`) {
		t.Errorf("cli/cmd/jacobian/main.go no longer makes the call renderMain copies; update renderMain")
	}
}

func quoteAbs(t *testing.T, rel string) string {
	abs, err := filepath.Abs(rel)
	if err != nil {
		t.Fatal(err)
	}
	return `"` + abs + `"`
}

func TestAssignAliases(t *testing.T) {
	ds := []resolvedDomain{
		{Domain: Domain{Package: "example.com/a/domain"}, packageName: "domain"},
		{Domain: Domain{Package: "example.com/b/domain"}, packageName: "domain"},
		{Domain: Domain{Package: "example.com/core"}, packageName: "core"},
		{Domain: Domain{Package: "example.com/a/domain"}, packageName: "domain"},
	}
	assignAliases(ds)
	got := []string{ds[0].alias, ds[1].alias, ds[2].alias, ds[3].alias}
	want := []string{"domain", "domain2", "core2", "domain"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("aliases %v, want %v", got, want)
	}
}

func TestGuessPackageName(t *testing.T) {
	for in, want := range map[string]string{
		"example.com/gaussian":        "gaussian",
		"example.com/go-quaternion":   "quaternion",
		"example.com/lattice/v2":      "lattice",
		"example.com/p-adic.go":       "padic",
		"jacobian.dev/finitefield":    "finitefield",
		"example.com/weird/---":       "domain",
		"example.com/fields/gf2_poly": "gf2_poly",
	} {
		if got := guessPackageName(in); got != want {
			t.Errorf("guessPackageName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestFindRegister checks the symbol search on real packages and on
// near misses.
func TestFindRegister(t *testing.T) {
	if name, err := findRegister(filepath.Join(repoRoot, "integer"), "Register"); err != nil || name != "integer" {
		t.Errorf("integer.Register: %q, %v", name, err)
	}
	if name, err := findRegister("testdata/clash", "Register"); err != nil || name != "clash" {
		t.Errorf("clash.Register: %q, %v", name, err)
	}
	dir := t.TempDir()
	src := `package odd

import (
	"errors"

	jc "jacobian.dev/core"
)

func Register(r jc.Registry) error { return errors.New("by value") }

func Install(r *jc.Registry) error { return nil }

var Aliased jc.Registrar = Install

func (x T) Method(r *jc.Registry) error { return nil }

type T struct{}
`
	if err := os.WriteFile(filepath.Join(dir, "odd.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ symbol, want string }{
		{"Register", "func Register(r jc.Registry) error is not a domain registrar"},
		{"Registr", "declares no exported func Registr(*core.Registry) error; functions with that signature: Install"},
		{"Method", "declares no exported func Method"},
		{"Install", ""},
		{"Aliased", ""},
	}
	for _, c := range cases {
		name, err := findRegister(dir, c.symbol)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.symbol, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want %q", c.symbol, err, c.want)
		case name != "odd":
			t.Errorf("%s: package name %q", c.symbol, name)
		}
	}
	if _, err := findRegister(filepath.Join(dir, "nope"), "Register"); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing directory: %v", err)
	}
}

// TestManifestsRefusedBeforeBuilding covers the culprits found before the
// compiler runs: each build fails naming the entry, and writes nothing.
func TestManifestsRefusedBeforeBuilding(t *testing.T) {
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, domains string
		want          []string
	}{
		{"replace directory missing", `{"module":"jacobian.dev/integer"},{"module":"example.com/absent","replace":"does/not/exist"}`,
			[]string{"domain 2 (example.com/absent): replace directory", "does/not/exist does not exist"}},
		{"replace directory holds another module", `{"module":"example.com/gaussian","replace":"integer"}`,
			[]string{"domain 1 (example.com/gaussian): replace directory", "holds module jacobian.dev/integer, not example.com/gaussian"}},
		{"no such jacobian module", `{"module":"jacobian.dev/integr"}`,
			[]string{"domain 1 (jacobian.dev/integr): no such module in the jacobian tree", "jacobian.dev/integer"}},
		{"module go cannot resolve", `{"module":"example.invalid/nowhere","version":"v1.0.0"}`,
			[]string{"domain 1 (example.invalid/nowhere): go cannot resolve module example.invalid/nowhere@v1.0.0"}},
		{"wrong Register symbol", `{"module":"jacobian.dev/integer","register":"Registr"}`,
			[]string{"domain 1 (jacobian.dev/integer): package jacobian.dev/integer: declares no exported func Registr(*core.Registry) error; functions with that signature: Register"}},
		{"package missing", `{"module":"jacobian.dev/integer","package":"jacobian.dev/integer/sub"}`,
			[]string{"domain 1 (jacobian.dev/integer): package jacobian.dev/integer/sub: directory", "does not exist"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "bin", "j")
			m, err := Parse([]byte(`{"name":"j","output":"`+out+`","domains":[`+c.domains+`],"jacobian":{"replace":"."}}`), root)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Build(context.Background(), m, Options{Env: []string{"GOPROXY=off"}})
			if err == nil {
				t.Fatal("the build succeeded")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if _, statErr := os.Stat(out); !errors.Is(statErr, os.ErrNotExist) {
				t.Errorf("a binary was written to %s", out)
			}
		})
	}
}

// TestExampleManifest checks that examples/jacobian-gaussian.json, the
// documented custom build, loads and resolves: every module found, every
// Register function present.
func TestExampleManifest(t *testing.T) {
	m, err := Load(filepath.Join(repoRoot, "examples", "jacobian-gaussian.json"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := resolve(context.Background(), m, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"integer", "matrix", "finitefield", "polynomial", "gaussian"}
	for i, d := range p.domains {
		if d.alias != want[i] || d.moduleDir == "" {
			t.Errorf("domain %d resolved as %q in %q", i+1, d.alias, d.moduleDir)
		}
	}
}

// FuzzParse: any input either parses into a manifest that passes its own
// checks or fails with a ManifestError; it never panics.
func FuzzParse(f *testing.F) {
	m, err := Default(repoRoot)
	if err != nil {
		f.Fatal(err)
	}
	defaultManifest, err := json.Marshal(m)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(defaultManifest)
	f.Add([]byte(`{"name":"j","output":"o","domains":[{"module":"example.com/a","package":"example.com/a/b","register":"R","version":"v1.0.0","replace":"x"}],"jacobian":{"replace":"."}}`))
	f.Add([]byte(`{"domains":[{"module":""}]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse(data, "/tree")
		if err != nil {
			var me *ManifestError
			if !errors.As(err, &me) || len(me.Problems) == 0 {
				t.Fatalf("error %v is not a ManifestError with problems", err)
			}
			return
		}
		if problems := m.check(); len(problems) > 0 {
			t.Fatalf("parsed manifest fails its checks: %v", problems)
		}
		for _, d := range m.Domains {
			if d.Package == "" || d.Register == "" {
				t.Fatalf("defaults not applied: %+v", d)
			}
		}
	})
}

// TestRegistrationBlame checks how a binary's startup failure is traced to
// a manifest entry, on the messages core's registry and the runtime print.
func TestRegistrationBlame(t *testing.T) {
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	malformed := t.TempDir()
	src := "package malformed\n\nconst id = \"gaussian_extra.norm.compute\"\n"
	if err := os.WriteFile(filepath.Join(malformed, "ops.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p := &plan{m: &Manifest{Name: "j"}, domains: []resolvedDomain{
		{Domain: Domain{Module: "jacobian.dev/integer", Package: "jacobian.dev/integer"}, index: 0, moduleDir: filepath.Join(root, "integer")},
		{Domain: Domain{Module: "example.com/malformed", Package: "example.com/malformed"}, index: 1, moduleDir: malformed},
		{Domain: Domain{Module: "example.com/clash", Package: "example.com/clash"}, index: 2, moduleDir: "testdata/clash"},
	}}
	cases := []struct {
		name, stderr string
		domain       int
		step         string
	}{
		{"duplicate ID", "j: error: the installed domains are inconsistent, so this build cannot be used: operation integer.compute.gcd is declared twice (by jacobian.dev/integer and by example.com/clash); IDs must be unique\n", 3, "registration failed"},
		{"namespace taken", "j: error: the installed domains are inconsistent: operation integer.extra.compute: namespace \"integer\" belongs to module jacobian.dev/integer, not example.com/malformed\n", 2, "registration failed"},
		{"malformed declaration", "j: error: the installed domains are inconsistent: operation gaussian_extra.norm.compute is not valid:\n  - Postcondition is nil\n", 2, "registration failed"},
		// integer.compute.gcd is a literal in two domains: no single culprit.
		{"ambiguous declaration", "j: error: the installed domains are inconsistent: operation integer.compute.gcd is not valid:\n  - Title is empty\n", 0, "registration failed"},
		{"panic", "panic: boom\n\ngoroutine 1 [running]:\nexample.com/clash.Register(0xc000010000)\n\t/x/clash.go:12 +0x1d\n", 3, "the built binary does not start"},
		{"no evidence", "signal: killed\n", 0, "the built binary does not start"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := p.registrationError(c.stderr, errors.New("exit status 70"))
			var be *BuildError
			if !errors.As(err, &be) {
				t.Fatalf("got %v", err)
			}
			if be.Domain != c.domain || be.Step != c.step {
				t.Errorf("blamed domain %d at step %q, want domain %d at %q: %v", be.Domain, be.Step, c.domain, c.step, err)
			}
		})
	}
}
