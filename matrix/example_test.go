package matrix_test

import (
	"context"
	"encoding/json"
	"fmt"

	"jacobian.dev/core"
	"jacobian.dev/matrix"
)

// A binary installs the matrix domain by passing Register to its registry
// and runs operations through the shared runtime.
func Example() {
	reg, err := core.NewRegistryWith(matrix.Register)
	if err != nil {
		panic(err)
	}
	rt := core.NewRuntime(reg, core.RuntimeOptions{})
	for _, req := range []core.RunRequest{
		{CapabilityID: "matrix.determinant.compute", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]]}`)},
		{CapabilityID: "matrix.linear_system.solve", Payload: json.RawMessage(`{"matrix":[["1","2","3"],["4","5","6"]],"rhs":["6","15"]}`)},
		{CapabilityID: "matrix.characteristic_polynomial.compute", Payload: json.RawMessage(`{"matrix":[["1","2"],["3","4"]]}`)},
		{CapabilityID: "matrix.determinant.compute", Payload: json.RawMessage(`{"matrix":[["1","2"]]}`)},
	} {
		o := rt.Run(context.Background(), req)
		if o.Outcome == core.OutcomeCompleted {
			fmt.Println(string(o.Value))
		} else {
			fmt.Println(o.Outcome, o.Code)
		}
	}
	// Output:
	// {"determinant":"-2"}
	// {"status":"infinite","solution":["0","3","0"],"kernel":[["1","-2","1"]]}
	// {"characteristic_polynomial":{"variable":"x","coefficients":["-2","-5","1"],"expression":"x^2 - 5*x - 2"}}
	// failed DOMAIN_ERROR
}
