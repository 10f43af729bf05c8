module jacobian.dev/polynomial

go 1.26.0

require (
	github.com/google/jsonschema-go v0.4.3
	jacobian.dev/core v0.0.0
)

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	golang.org/x/text v0.14.0 // indirect
	jacobian.dev/conformance v0.0.0
)

replace jacobian.dev/core => ../core

replace jacobian.dev/conformance => ../conformance
