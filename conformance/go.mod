module jacobian.dev/conformance

go 1.26

require jacobian.dev/core v0.0.0

replace jacobian.dev/core => ../core
