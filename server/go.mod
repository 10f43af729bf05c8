module jacobian.dev/server

go 1.26

require (
	github.com/modelcontextprotocol/go-sdk v1.8.0
	jacobian.dev/core v0.0.0
)

replace jacobian.dev/core => ../core
