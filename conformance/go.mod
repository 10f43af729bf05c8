module jacobian.dev/conformance

go 1.26.0

require (
	github.com/google/jsonschema-go v0.4.3
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	jacobian.dev/core v0.0.0
)

require golang.org/x/text v0.14.0 // indirect

replace jacobian.dev/core => ../core
