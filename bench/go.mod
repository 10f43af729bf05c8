module jacobian.dev/bench

go 1.26.0

require (
	jacobian.dev/core v0.0.0
	jacobian.dev/finitefield v0.0.0
	jacobian.dev/integer v0.0.0
	jacobian.dev/matrix v0.0.0
	jacobian.dev/polynomial v0.0.0
)

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)

replace (
	jacobian.dev/conformance => ../conformance
	jacobian.dev/core => ../core
	jacobian.dev/finitefield => ../finitefield
	jacobian.dev/integer => ../integer
	jacobian.dev/matrix => ../matrix
	jacobian.dev/polynomial => ../polynomial
)
