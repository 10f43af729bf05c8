package server

import (
	"encoding/json"
	"strings"

	"jacobian.dev/core"
)

// example is the operation the tool descriptions and refusal messages cite.
// It is taken from the registry being served, so that a build never
// advertises an operation it does not install.
type example struct {
	id      string // its capability ID
	payload string // the compact payload of its first declared example
	query   string // words that find it: its title, in lower case
}

// exampleOf describes the registry's exemplar. An empty registry gets
// placeholders that name no operation.
func exampleOf(reg *core.Registry) example {
	d, ok := reg.Exemplar()
	if !ok {
		return example{id: "namespace.compute.name", payload: "{}", query: "what you want to compute"}
	}
	return example{id: d.ID, payload: compact(d.Examples[0].Payload), query: strings.ToLower(d.Title)}
}

// jsonText escapes s for use inside a JSON string literal.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// enumJSON is a JSON array of the given names, for a schema's enum.
func enumJSON[S ~string](names []S) string {
	b, _ := json.Marshal(names)
	return string(b)
}
