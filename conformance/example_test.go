package conformance

import (
	"context"
	"fmt"
	"time"

	"jacobian.dev/core"
)

func ExampleCheck() {
	reg, err := core.NewRegistryWith(registerSound)
	if err != nil {
		fmt.Println(err)
		return
	}
	rep := Check(context.Background(), reg, Options{Seed: 1, CancelWithin: 5 * time.Second})
	fmt.Println(len(rep.Results), "results,", len(rep.Failed()), "failed")
	for _, r := range rep.Results {
		if r.Status == Skip {
			fmt.Println(r.CapabilityID, r.Clause, r.Status)
		}
	}
	// Output:
	// 57 results, 0 failed
	// sound.mean.compute cancellation skip
}
