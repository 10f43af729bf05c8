module jacobian.dev/cli

go 1.26

require (
	github.com/alecthomas/kong v1.17.0
	jacobian.dev/conformance v0.0.0
	jacobian.dev/core v0.0.0
	jacobian.dev/finitefield v0.0.0
	jacobian.dev/integer v0.0.0
	jacobian.dev/matrix v0.0.0
	jacobian.dev/polynomial v0.0.0
	jacobian.dev/server v0.0.0
)

replace (
	jacobian.dev/conformance => ../conformance
	jacobian.dev/core => ../core
	jacobian.dev/finitefield => ../finitefield
	jacobian.dev/integer => ../integer
	jacobian.dev/matrix => ../matrix
	jacobian.dev/polynomial => ../polynomial
	jacobian.dev/server => ../server
)
