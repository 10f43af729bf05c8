package integer_test

import (
	"context"
	"encoding/json"
	"fmt"

	"jacobian.dev/core"
	"jacobian.dev/integer"
)

// A binary installs the integer domain by passing Register to the
// registry; every operation then runs through the one runtime.
func ExampleRegister() {
	reg, err := core.NewRegistryWith(integer.Register)
	if err != nil {
		panic(err)
	}
	rt := core.NewRuntime(reg, core.RuntimeOptions{})
	for _, call := range []struct{ id, payload string }{
		{"integer.compute.extended_gcd", `{"left":"240","right":"46"}`},
		{"integer.compute.prime_factorization", `{"n":"-360"}`},
		{"integer.compute.modular_inverse", `{"value":"6","modulus":"15"}`},
	} {
		o := rt.Run(context.Background(), core.RunRequest{CapabilityID: call.id, Payload: json.RawMessage(call.payload)})
		if o.Outcome == core.OutcomeCompleted {
			fmt.Println(string(o.Value))
		} else {
			fmt.Println(o.Code, o.Message)
		}
	}
	// Output:
	// {"gcd":"2","x":"-9","y":"47"}
	// {"sign":-1,"factors":[{"prime":"2","exponent":3,"primality":"proven"},{"prime":"3","exponent":2,"primality":"proven"},{"prime":"5","exponent":1,"primality":"proven"}],"status":"COMPLETE"}
	// DOMAIN_ERROR 6 has no inverse modulo 15: gcd(6, 15) = 3 ≠ 1; only values coprime to the modulus are invertible
}
