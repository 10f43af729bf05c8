package core

import "github.com/google/jsonschema-go/jsonschema"

// CatalogEntry describes one installed operation in the inventory.
type CatalogEntry struct {
	CapabilityID          string   `json:"capability_id"`
	Title                 string   `json:"title"`
	Summary               string   `json:"summary"`
	Kind                  Kind     `json:"kind"`
	Effect                Effect   `json:"effect"`
	InputKinds            []string `json:"input_kinds"`
	AcceptedArtifactTypes []string `json:"accepted_artifact_types"`
	ProducedArtifactTypes []string `json:"produced_artifact_types"`
	InputPorts            []Port   `json:"input_ports"`
	OutputPorts           []Port   `json:"output_ports"`
	Provider              Provider `json:"provider"`
	Available             bool     `json:"available"`
}

// Catalog is the complete installed inventory, ordered by ID.
type Catalog struct {
	Count      int            `json:"count"`
	Operations []CatalogEntry `json:"operations"`
}

// Catalog lists every installed operation.
func (rt *Runtime) Catalog() Catalog {
	decls := rt.reg.Declarations()
	c := Catalog{Count: len(decls), Operations: make([]CatalogEntry, 0, len(decls))}
	for _, d := range decls {
		c.Operations = append(c.Operations, CatalogEntry{
			CapabilityID: d.ID, Title: d.Title, Summary: d.Summary, Kind: d.Kind, Effect: d.Effect,
			InputKinds:            nonNil(d.InputKinds),
			AcceptedArtifactTypes: nonNil(d.AcceptedArtifactTypes()),
			ProducedArtifactTypes: nonNil(d.ProducedArtifactTypes()),
			InputPorts:            nonNilPorts(d.InputPorts),
			OutputPorts:           nonNilPorts(d.OutputPorts),
			Provider:              d.Provider,
			Available:             true,
		})
	}
	return c
}

func nonNilPorts(p []Port) []Port {
	if p == nil {
		return []Port{}
	}
	return p
}

// Inspection is the authoritative description of one operation: schemas,
// kind, effect, provider and live availability, limits, ports, examples.
type Inspection struct {
	*Declaration
	RequestSchema         *jsonschema.Schema `json:"request_schema"`
	ResultSchema          *jsonschema.Schema `json:"result_schema"`
	InputPorts            []Port             `json:"input_ports"`
	OutputPorts           []Port             `json:"output_ports"`
	AcceptedArtifactTypes []string           `json:"accepted_artifact_types"`
	ProducedArtifactTypes []string           `json:"produced_artifact_types"`
	// Requirements lists what the provider needs at run time. Built-in
	// operations need nothing beyond the binary.
	Requirements []string `json:"provider_requirements"`
	Available    bool     `json:"available"`
}

// Inspect describes one operation. An unknown ID is an *Error with
// UNKNOWN_CAPABILITY.
func (rt *Runtime) Inspect(id string) (Inspection, error) {
	d, ok := rt.reg.Lookup(id)
	if !ok {
		o := rt.unknownCapability(id)
		return Inspection{}, &Error{Code: o.Code, Path: o.Path, Message: o.Message}
	}
	return Inspection{
		Declaration:           d,
		RequestSchema:         d.RequestSchema(),
		ResultSchema:          d.ResultSchema(),
		InputPorts:            nonNilPorts(d.InputPorts),
		OutputPorts:           nonNilPorts(d.OutputPorts),
		AcceptedArtifactTypes: nonNil(d.AcceptedArtifactTypes()),
		ProducedArtifactTypes: nonNil(d.ProducedArtifactTypes()),
		Requirements:          []string{},
		Available:             true,
	}, nil
}
