// Command jacobian-build makes a custom jacobian binary from a manifest
// naming the domain modules to link; see package jacobian.dev/cli/build.
// Run "jacobian-build -h" for its flags.
package main

import (
	"os"

	"jacobian.dev/cli/build"
)

func main() {
	os.Exit(build.Main(os.Args[1:], os.Stdout, os.Stderr))
}
