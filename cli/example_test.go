package cli_test

import (
	"bytes"
	"encoding/json"
	"fmt"

	"jacobian.dev/cli"
	"jacobian.dev/core"
	"jacobian.dev/integer"
)

// Running `jacobian run integer.compute.gcd --json '{"left":"84","right":"30"}'`
// in-process: the outcome is the runtime's JSON, and the exit code says it
// completed.
func ExampleMain() {
	var stdout, stderr bytes.Buffer
	code := cli.Main(cli.Config{
		Name:    "jacobian",
		Domains: []core.Registrar{integer.Register},
		Args:    []string{"run", "integer.compute.gcd", "--json", `{"left":"84","right":"30"}`},
		Stdout:  &stdout,
		Stderr:  &stderr,
	})
	var outcome struct {
		Outcome string          `json:"outcome"`
		Value   json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &outcome); err != nil {
		fmt.Println(err)
	}
	var value bytes.Buffer
	_ = json.Compact(&value, outcome.Value)
	fmt.Println("exit", code, outcome.Outcome, value.String())
	// Output: exit 0 completed {"gcd":"6"}
}
