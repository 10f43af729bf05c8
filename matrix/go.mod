module jacobian.dev/matrix

go 1.26.0

require (
	github.com/google/jsonschema-go v0.4.3
	jacobian.dev/conformance v0.0.0-00010101000000-000000000000
	jacobian.dev/core v0.0.0
)

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	golang.org/x/text v0.14.0 // indirect
)

replace jacobian.dev/core => ../core

replace jacobian.dev/conformance => ../conformance
