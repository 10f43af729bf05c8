package polynomial_test

import (
	"context"
	"encoding/json"
	"fmt"

	"jacobian.dev/core"
	"jacobian.dev/polynomial"
)

// The gcd of x^4 − 1 and 2(x − 1)(x^2 + 1) over Z (PARI/GP 2.15:
// gcd(x^4-1, 2*x^3-2*x^2+2*x-2) = x^3 - x^2 + x - 1), then an expression
// refused with its position.
func ExampleRegister() {
	reg, err := core.NewRegistryWith(polynomial.Register)
	if err != nil {
		fmt.Println(err)
		return
	}
	rt := core.NewRuntime(reg, core.RuntimeOptions{})
	out := rt.Run(context.Background(), core.RunRequest{
		CapabilityID: "polynomial.gcd.compute",
		Payload:      json.RawMessage(`{"left":{"expression":"x^4 - 1"},"right":{"expression":"2*x^3 - 2*x^2 + 2*x - 2"},"ring":"Z"}`),
	})
	fmt.Println(out.Outcome, string(out.Value))
	out = rt.Run(context.Background(), core.RunRequest{
		CapabilityID: "polynomial.gcd.compute",
		Payload:      json.RawMessage(`{"left":{"expression":"x^2 - 1"},"right":{"expression":"x(x+1)"}}`),
	})
	fmt.Println(out.Outcome, out.Code, out.Path)
	fmt.Println(out.Message)
	// Output:
	// completed {"ring":"Z","gcd":{"variable":"x","coefficients":["-1","1","-1","1"],"expression":"x^3 - x^2 + x - 1"},"content":"1","primitive_part":{"variable":"x","coefficients":["-1","1","-1","1"],"expression":"x^3 - x^2 + x - 1"}}
	// failed INVALID_PAYLOAD /payload/right/expression
	// right: malformed expression at column 2 (byte offset 1): implicit multiplication is not allowed; write '*' before '('
}
