// Command jacobian is the Jacobian exact-mathematics engine: a catalog of
// typed operations run from the command line or served over MCP. Run
// "jacobian --help" for the commands and exit codes.
package main

import (
	"os"

	"jacobian.dev/cli"
)

func main() {
	os.Exit(cli.Main(cli.Config{Name: "jacobian", Domains: domains()}))
}
