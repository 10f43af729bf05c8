module jacobian.dev/cli

go 1.26

require (
	github.com/alecthomas/kong v1.17.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
	jacobian.dev/conformance v0.0.0
	jacobian.dev/core v0.0.0
	jacobian.dev/finitefield v0.0.0
	jacobian.dev/integer v0.0.0
	jacobian.dev/matrix v0.0.0
	jacobian.dev/polynomial v0.0.0
	jacobian.dev/server v0.0.0
)

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.20.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
	golang.org/x/text v0.14.0 // indirect
	golang.org/x/time v0.15.0 // indirect
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
