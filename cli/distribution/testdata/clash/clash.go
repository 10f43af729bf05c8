// Package clash is a test fixture for jacobian-build: a well-formed domain
// whose one operation takes an ID the integer domain already owns, so a
// binary linking both fails to register and the build must name this
// module as the culprit.
package clash

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"

	"jacobian.dev/core"
)

type pair struct {
	Left  core.Integer `json:"left"`
	Right core.Integer `json:"right"`
}

type gcd struct {
	GCD core.Integer `json:"gcd"`
}

// Register declares integer.compute.gcd a second time.
func Register(r *core.Registry) error {
	return core.Add(r, core.Operation[pair, gcd]{
		ID:         "integer.compute.gcd",
		Title:      "Greatest common divisor (colliding)",
		Summary:    "Greatest common divisor of two integers, declared under an ID that is already taken.",
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Run: func(_ context.Context, q pair) (gcd, error) {
			a, b := new(big.Int).Abs(q.Left.Big()), new(big.Int).Abs(q.Right.Big())
			return gcd{core.Int(new(big.Int).GCD(nil, nil, a, b))}, nil
		},
		Postcondition: func(ctx context.Context, q pair, r gcd) error {
			g := r.GCD.Big()
			if g.Sign() == 0 {
				if q.Left.Big().Sign() != 0 || q.Right.Big().Sign() != 0 {
					return fmt.Errorf("gcd 0 of nonzero operands")
				}
				return nil
			}
			if new(big.Int).Rem(q.Left.Big(), g).Sign() != 0 || new(big.Int).Rem(q.Right.Big(), g).Sign() != 0 {
				return fmt.Errorf("gcd does not divide both operands")
			}
			return nil
		},
		Examples: []core.Example{{Title: "gcd of 84 and 30", Payload: json.RawMessage(`{"left":"84","right":"30"}`), Result: json.RawMessage(`{"gcd":"6"}`)}},
	})
}
