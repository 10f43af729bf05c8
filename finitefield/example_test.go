package finitefield_test

import (
	"context"
	"encoding/json"
	"fmt"

	"jacobian.dev/core"
	"jacobian.dev/finitefield"
)

// The value table of x^2 over GF(5), passed on to the fibers operation:
// the squares are 0, 1 and 4, and each nonzero square has two roots.
func ExampleRegister() {
	reg, err := core.NewRegistryWith(finitefield.Register)
	if err != nil {
		panic(err)
	}
	rt := core.NewRuntime(reg, core.RuntimeOptions{})
	table := rt.Run(context.Background(), core.RunRequest{
		CapabilityID: "finite_field.polynomial_map.table.compute",
		Payload:      json.RawMessage(`{"field":{"characteristic":"5","degree":1},"polynomial":{"coefficients":["0","0","1"]}}`),
	})
	if table.Outcome != core.OutcomeCompleted {
		fmt.Println(table)
		return
	}
	var t struct {
		Table json.RawMessage `json:"table"`
	}
	if err := json.Unmarshal(table.Value, &t); err != nil {
		fmt.Println(err)
		return
	}
	fibers := rt.Run(context.Background(), core.RunRequest{
		CapabilityID: "finite_field.polynomial_map.fibers.compute",
		Payload:      json.RawMessage(`{"table":` + string(t.Table) + `}`),
	})
	fmt.Println(string(fibers.Value))
	// Output:
	// {"fibers":[{"value":"0","preimages":["0"]},{"value":"1","preimages":["1","4"]},{"value":"4","preimages":["2","3"]}],"image_size":3,"domain_size":5,"is_permutation":false,"characteristic_primality":"proven"}
}
