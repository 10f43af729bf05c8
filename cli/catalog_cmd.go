package cli

import (
	"context"
	"errors"
	"fmt"
	"text/tabwriter"

	"jacobian.dev/core"
)

// CatalogCmd lists the installed operations: a table for people, with
// --json the same inventory the MCP resource capability://catalog serves,
// or with --markdown the operation reference (docs/operations.md is this
// output for the default build).
type CatalogCmd struct {
	JSON     bool `name:"json" xor:"format" help:"Print the catalog as JSON (the capability://catalog inventory)."`
	Markdown bool `name:"markdown" xor:"format" help:"Print the operation reference as Markdown, with one example of each operation run through the runtime."`
	jsonOutput
}

// Help is the detailed help of catalog.
func (c *CatalogCmd) Help() string {
	return `Without flags, prints one line per operation: ID, kind, title and the
module@version that provides it. --json prints the capability://catalog
inventory the MCP server serves.

--markdown prints the operation reference: per domain (the first segment of
the ID), each operation's title, summary, kind, effect, input kinds,
provider module, limits, ports and its first example. The example is run
through the runtime and the result printed is the one it returned; when
any example fails or returns something other than its declared result,
nothing is printed and the command exits 1, naming every such operation.
The output depends only on the installed declarations (no timings, no
versions), so it can be committed and compared.`
}

// Run prints the catalog.
func (c *CatalogCmd) Run(ctx context.Context, rt *core.Runtime, reg *core.Registry, std *streams) error {
	if c.Markdown {
		return c.markdown(ctx, reg, std)
	}
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

// markdown prints the operation reference, or nothing when it would not
// match the code.
func (c *CatalogCmd) markdown(ctx context.Context, reg *core.Registry, std *streams) error {
	doc, err := renderReference(ctx, reg)
	var refErr *referenceError
	switch {
	case ctx.Err() != nil:
		return &exitError{code: ExitInterrupted, msg: "interrupted before the operation reference was complete; nothing was written"}
	case errors.As(err, &refErr):
		return &exitError{code: ExitFailed, msg: refErr.Error()}
	case err != nil:
		return internalErrorf("building the operation reference: %v", err)
	}
	if _, err := std.out.Write(doc); err != nil {
		return internalErrorf("writing the operation reference: %v", err)
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
