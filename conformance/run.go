package conformance

import (
	"context"
	"fmt"
	"testing"

	"jacobian.dev/core"
)

// RunSeed is the seed Run uses, fixed so that a failing generated request
// reproduces on every machine. Check takes any seed.
const RunSeed = 1

// Run is for go test: it builds a registry from the Register functions (a
// registration error fails the test with the error text, which names every
// problem), runs every clause, and reports one subtest per declaration and
// clause, named "<capability ID>/<clause>", so that
//
//	go test -run 'TestConformance/integer.compute.gcd/examples_run'
//
// checks one clause of one operation. A clause with nothing to check (no
// Slow payload, no generator, no limits) is reported as a skipped subtest
// whose message says what to declare. With -short, each operation gets
// five generated requests instead of twenty.
func Run(t *testing.T, register ...core.Registrar) {
	t.Helper()
	opts := Options{Seed: RunSeed}
	if testing.Short() {
		opts.Generated = 5
	}
	run(stdTester{t}, opts, register...)
}

// tester is the part of *testing.T that Run uses. The suite's own tests
// pass a recorder, to see failures without failing.
type tester interface {
	Helper()
	Context() context.Context
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Skipf(format string, args ...any)
	Logf(format string, args ...any)
	Run(name string, f func(tester)) bool
}

type stdTester struct{ *testing.T }

func (s stdTester) Run(name string, f func(tester)) bool {
	return s.T.Run(name, func(t *testing.T) { f(stdTester{t}) })
}

func run(t tester, opts Options, register ...core.Registrar) {
	t.Helper()
	reg, err := buildRegistry(register)
	if err != nil {
		t.Fatalf("registering the operations failed:\n%v", err)
		return
	}
	if reg.Len() == 0 {
		t.Fatalf("the Register functions installed no operations")
		return
	}
	s := newSuite(reg, opts)
	defer s.rt.Close()
	for _, d := range reg.Declarations() {
		sub := s.subject(d)
		t.Run(d.ID, func(t tester) {
			for _, c := range clauses {
				t.Run(c.name, func(t tester) {
					res := sub.check(t.Context(), c)
					switch res.Status {
					case Fail:
						t.Errorf("%s", res.Message)
					case Skip:
						t.Skipf("%s", res.Message)
					default:
						if res.Message != "" {
							t.Logf("%s", res.Message)
						}
					}
				})
			}
		})
	}
}

// buildRegistry calls the Register functions, which are domain code: a
// panic in one (or in a value type's UnmarshalJSON, which core.Add calls on
// every example) is reported as a registration error.
func buildRegistry(register []core.Registrar) (reg *core.Registry, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("a Register function panicked: %v", p)
		}
	}()
	return core.NewRegistryWith(register...)
}
