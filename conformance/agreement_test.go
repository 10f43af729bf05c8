package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"jacobian.dev/core"
)

// declared is one operation, type-erased two ways: registered with
// core.Add, and built with core.Declare for the static clauses.
type declared struct {
	name     string
	id       string
	register func(*core.Registry) error
	build    func() *core.Declaration
}

func declare[Req, Res any](name string, op core.Operation[Req, Res]) declared {
	return declared{
		name:     name,
		id:       op.ID,
		register: func(r *core.Registry) error { return core.Add(r, op) },
		build: func() *core.Declaration {
			d, _ := core.Declare(op)
			return d
		},
	}
}

// TestRegistrationAgreesWithConformance: on a table of good and bad
// declarations, core accepts exactly those whose static clauses all pass,
// because both judge by core.DeclarationRules. Core judges in two steps:
// core.Add refuses what the declaration alone shows, and the first use
// of an installed declaration (parsing a payload) refuses what its
// inferred schemas show, with INTERNAL_ERROR.
func TestRegistrationAgreesWithConformance(t *testing.T) {
	edit := func(name string, f func(*core.Operation[brokenRequest, brokenResult])) declared {
		op := brokenOp("broken.edited.compute")
		f(&op)
		return declare(name, op)
	}
	table := []declared{
		declare("sound doubling", brokenOp("broken.sound.compute")),
		declare("sound divisor count", soundDivisorCount()),
		declare("sound checker", soundPrimality()),
		edit("uppercase ID", func(op *core.Operation[brokenRequest, brokenResult]) { op.ID = "Broken.double.compute" }),
		edit("two verbs", func(op *core.Operation[brokenRequest, brokenResult]) { op.ID = "broken.compute.solve" }),
		edit("verb first", func(op *core.Operation[brokenRequest, brokenResult]) { op.ID = "compute.broken.double" }),
		edit("check verb on a computation", func(op *core.Operation[brokenRequest, brokenResult]) { op.ID = "broken.double.check" }),
		edit("checker kind without a verdict", func(op *core.Operation[brokenRequest, brokenResult]) { op.Kind = core.Check }),
		edit("no kind", func(op *core.Operation[brokenRequest, brokenResult]) { op.Kind = "" }),
		edit("no effect", func(op *core.Operation[brokenRequest, brokenResult]) { op.Effect = "reads_disk" }),
		edit("no title", func(op *core.Operation[brokenRequest, brokenResult]) { op.Title = "" }),
		edit("one-word summary", func(op *core.Operation[brokenRequest, brokenResult]) { op.Summary = "Doubles." }),
		edit("no input kinds", func(op *core.Operation[brokenRequest, brokenResult]) { op.InputKinds = nil }),
		edit("no postcondition", func(op *core.Operation[brokenRequest, brokenResult]) { op.Postcondition = nil }),
		edit("no examples", func(op *core.Operation[brokenRequest, brokenResult]) { op.Examples = nil }),
		edit("malformed example", func(op *core.Operation[brokenRequest, brokenResult]) {
			op.Examples[0].Payload = json.RawMessage(`{"n":`)
		}),
		edit("limit without Beyond", func(op *core.Operation[brokenRequest, brokenResult]) {
			op.Limits = []core.Limit{{Name: "n_digits", Max: 3, Unit: "digits", Description: "n has at most three digits"}}
			op.Preflight = func(context.Context, brokenRequest) error { return nil }
		}),
		edit("limit without preflight", func(op *core.Operation[brokenRequest, brokenResult]) {
			op.Limits = []core.Limit{{Name: "n_digits", Max: 3, Unit: "digits", Description: "n has at most three digits", Beyond: func() string { return `{"n":"1000"}` }}}
		}),
		edit("port on a missing field", func(op *core.Operation[brokenRequest, brokenResult]) {
			op.OutputPorts = []core.Port{{Name: "double", Field: "twice", ArtifactTypes: []string{"integer"}}}
		}),
		edit("port without artifact types", func(op *core.Operation[brokenRequest, brokenResult]) {
			op.InputPorts = []core.Port{{Name: "n", Field: "n"}}
		}),
		edit("well-formed port", func(op *core.Operation[brokenRequest, brokenResult]) {
			op.InputPorts = []core.Port{{Name: "n", Field: "n", ArtifactTypes: []string{"integer"}}}
		}),
	}
	table = append(table, unregistrable()...)
	accepted, refused := 0, 0
	for _, tc := range table {
		t.Run(tc.name, func(t *testing.T) {
			reg := core.NewRegistry()
			addErr := tc.register(reg)
			if addErr == nil {
				d, _ := reg.Lookup(tc.id)
				var ce *core.Error
				if err := d.ParsePayload(d.Examples[0].Payload); errors.As(err, &ce) && ce.Code == core.InternalError {
					addErr = err
				}
			}
			sub := newSuite(core.NewRegistry(), Options{}).subject(tc.build())
			var failed []string
			for _, c := range declarationClauses() {
				if res := sub.check(context.Background(), c); res.Status != Pass {
					failed = append(failed, c.name+": "+res.Message)
				}
			}
			switch {
			case addErr == nil && len(failed) > 0:
				t.Errorf("core accepts it, but conformance fails %v", failed)
			case addErr != nil && len(failed) == 0:
				t.Errorf("conformance accepts it, but core refuses it: %v", addErr)
			}
			if addErr == nil {
				accepted++
			} else {
				refused++
			}
		})
	}
	if accepted < 4 || refused < 15 {
		t.Errorf("the table has %d accepted and %d refused declarations; it must exercise both sides", accepted, refused)
	}
}
