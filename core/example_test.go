package core_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"

	"jacobian.dev/core"
)

type doubleRequest struct {
	N core.Integer `json:"n"`
}

type doubleResult struct {
	Double core.Integer `json:"double"`
}

// A domain declares an operation once; the runtime parses, runs, checks and
// publishes it.
func Example() {
	register := func(r *core.Registry) error {
		return core.Add(r, core.Operation[doubleRequest, doubleResult]{
			ID: "example.double.compute", Title: "Double", Summary: "Doubles an integer exactly.",
			Kind: core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
			Run: func(_ context.Context, q doubleRequest) (doubleResult, error) {
				return doubleResult{core.Int(new(big.Int).Lsh(q.N.Big(), 1))}, nil
			},
			Postcondition: func(_ context.Context, q doubleRequest, r doubleResult) error {
				if new(big.Int).Sub(r.Double.Big(), q.N.Big()).Cmp(q.N.Big()) != 0 {
					return errors.New("the result is not twice n")
				}
				return nil
			},
			Examples: []core.Example{{Title: "21", Payload: json.RawMessage(`{"n":"21"}`), Result: json.RawMessage(`{"double":"42"}`)}},
		})
	}
	reg, err := core.NewRegistryWith(register)
	if err != nil {
		fmt.Println(err)
		return
	}
	rt := core.NewRuntime(reg, core.RuntimeOptions{})
	defer rt.Close()
	for _, payload := range []string{`{"n":"-12345678901234567890"}`, `{"n":7}`, `{"n":"1","n":"2"}`} {
		o := rt.Run(context.Background(), core.RunRequest{CapabilityID: "example.double.compute", Payload: json.RawMessage(payload)})
		if o.Outcome == core.OutcomeCompleted {
			fmt.Println(o.Outcome, string(o.Value))
		} else {
			fmt.Println(o.Outcome, o.Code, "at", o.Path)
		}
	}
	// Output:
	// completed {"double":"-24691357802469135780"}
	// failed INVALID_PAYLOAD at /payload/n
	// failed INVALID_PAYLOAD at /payload/n
}
