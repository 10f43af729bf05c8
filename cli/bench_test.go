package cli

import (
	"io"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/finitefield"
	"jacobian.dev/integer"
	"jacobian.dev/matrix"
	"jacobian.dev/polynomial"
)

// BenchmarkMain measures one whole in-process invocation: building the
// registry and the command line, then the command. It is the floor under
// every jacobian command's latency.
func BenchmarkMain(b *testing.B) {
	cases := []struct {
		name string
		args []string
	}{
		{"catalog", []string{"catalog"}},
		{"find", []string{"find", "greatest", "common", "divisor"}},
		{"run_gcd", []string{"run", "integer.compute.gcd", "--compact", "--json", `{"left":"84","right":"30"}`}},
	}
	domains := []core.Registrar{integer.Register}
	for _, bc := range cases {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if code := Main(Config{Domains: domains, Args: bc.args, Stdout: io.Discard, Stderr: io.Discard}); code != ExitCompleted {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

// BenchmarkRegistry measures building the default build's registry, which
// every invocation pays before it chooses a command.
func BenchmarkRegistry(b *testing.B) {
	for b.Loop() {
		if _, err := core.NewRegistryWith(integer.Register, matrix.Register, finitefield.Register, polynomial.Register); err != nil {
			b.Fatal(err)
		}
	}
}
