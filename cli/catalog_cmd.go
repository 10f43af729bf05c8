package cli

import (
	"fmt"
	"text/tabwriter"

	"jacobian.dev/core"
)

// CatalogCmd lists the installed operations: a table for people, or with
// --json the same inventory the MCP resource capability://catalog serves.
type CatalogCmd struct {
	JSON bool `name:"json" help:"Print the catalog as JSON (the capability://catalog inventory)."`
	jsonOutput
}

// Run prints the catalog.
func (c *CatalogCmd) Run(rt *core.Runtime, std *streams) error {
	cat := rt.Catalog()
	if c.JSON {
		return writeJSON(std.out, cat, c.Compact)
	}
	tw := tabwriter.NewWriter(std.out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tKIND\tTITLE\tPROVIDER")
	for _, op := range cat.Operations {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s@%s\n", op.CapabilityID, op.Kind, op.Title, op.Provider.Module, op.Provider.Version)
	}
	if err := tw.Flush(); err != nil {
		return internalErrorf("writing the catalog: %v", err)
	}
	_, err := fmt.Fprintln(std.out, plural(cat.Count, "operation", "operations"))
	if err != nil {
		return internalErrorf("writing the catalog: %v", err)
	}
	return nil
}

// plural renders a count with its noun, "1 operation" or "3 operations".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
