// Command jacobian-build makes a custom jacobian binary from a manifest
// naming the domain modules to link; see package jacobian.dev/cli/distribution.
// Run "jacobian-build -h" for its flags.
package main

import (
	"os"

	"jacobian.dev/cli/distribution"
)

func main() {
	os.Exit(distribution.Main(os.Args[1:], os.Stdout, os.Stderr))
}
