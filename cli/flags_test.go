package cli

import (
	"bytes"
	"strings"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/matrix"
)

// TestHelpCitesTheInstalledDomains: a matrix-only build's help cites a
// matrix operation, never an integer one.
func TestHelpCitesTheInstalledDomains(t *testing.T) {
	reg, err := core.NewRegistryWith(matrix.Register)
	if err != nil {
		t.Fatal(err)
	}
	exemplar, ok := reg.Exemplar()
	if !ok {
		t.Fatal("the matrix domain installs nothing")
	}
	for _, cmd := range []string{"run", "inspect", "find"} {
		var out, errOut bytes.Buffer
		code := Main(Config{Domains: []core.Registrar{matrix.Register}, Args: []string{cmd, "--help"}, Stdout: &out, Stderr: &errOut})
		if code != ExitCompleted {
			t.Fatalf("%s --help: exit %d: %s", cmd, code, errOut.String())
		}
		help := out.String()
		for _, foreign := range []string{"integer.", "gcd", "greatest common divisor"} {
			if strings.Contains(help, foreign) {
				t.Errorf("%s --help of a matrix-only build mentions %q:\n%s", cmd, foreign, help)
			}
		}
		cited := exemplar.ID
		if cmd == "find" {
			cited = strings.ToLower(exemplar.Title)
		}
		if !strings.Contains(strings.Join(strings.Fields(help), " "), cited) {
			t.Errorf("%s --help does not cite the installed %q:\n%s", cmd, cited, help)
		}
	}
}

// TestFlagDefaultsAreCoreDefaults: the defaults the flags take are core's
// constants, read back through the parsed commands.
func TestFlagDefaultsAreCoreDefaults(t *testing.T) {
	var out, errOut bytes.Buffer
	code := Main(Config{Args: []string{"serve", "--help"}, Stdout: &out, Stderr: &errOut})
	if code != ExitCompleted {
		t.Fatalf("serve --help: exit %d: %s", code, errOut.String())
	}
	help := strings.Join(strings.Fields(out.String()), " ")
	for _, want := range []string{
		"--timeout=" + core.DefaultTimeout.String(),
		"Default " + byteCount(core.DefaultMaxValueBytes).String(),
		"Default " + byteCount(core.DefaultInlineLimit).String(),
	} {
		if !strings.Contains(help, want) {
			t.Errorf("serve --help lacks %q:\n%s", want, out.String())
		}
	}
	for _, c := range []struct {
		in   byteCount
		want string
	}{{0, "0"}, {1, "1"}, {1023, "1023"}, {1 << 10, "1KiB"}, {65536, "64KiB"}, {3 << 20, "3MiB"}, {1<<30 + 1<<10, "1048577KiB"}, {1 << 40, "1024GiB"}} {
		got := c.in.String()
		if got != c.want {
			t.Errorf("byteCount(%d) = %q, want %q", int64(c.in), got, c.want)
		}
		var back byteCount
		if err := back.UnmarshalText([]byte(got)); err != nil || back != c.in {
			t.Errorf("%q reads back as %d (%v), want %d", got, int64(back), err, int64(c.in))
		}
	}
}
