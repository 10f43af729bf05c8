package cli

import (
	"fmt"
	"strings"

	"jacobian.dev/core"
)

// FindCmd searches the catalog, exactly as the MCP tool math.find does with
// op "search". By default it prints a readable ranked list; with --json it
// prints the search result, which math.find returns as its outcome's value.
type FindCmd struct {
	Query         []string `arg:"" required:"" help:"Words describing the operation, e.g. ${example_query}."`
	Limit         int      `default:"${default_hits}" help:"Show at most this many hits (1 to ${max_hits})."`
	InputKinds    []string `name:"input-kind" placeholder:"KIND" enum:"${input_kinds}" help:"A value kind you hold; repeatable. Operations that take none of them are listed last as INCOMPATIBLE. Installed kinds: ${input_kinds}."`
	ArtifactTypes []string `name:"artifact-type" placeholder:"TYPE" enum:"${artifact_types}" help:"An artifact type you hold a reference to; repeatable. Installed types: ${artifact_types}."`
	JSON          bool     `name:"json" help:"Print the search result as JSON (the value of math.find's outcome)."`
	jsonOutput
}

// Help is the detailed help of find.
func (c *FindCmd) Help() string {
	return fmt.Sprintf(`Hits are ranked by lexical relevance (BM25 over ID segments, title, summary
and keywords). Search never guesses types from wording: --input-kind and
--artifact-type only move operations that cannot take what you hold to the
end, marked INCOMPATIBLE. The readable list shows rank, ID, kind, relevance,
title and summary; use --json for every field. An empty hit list is not an
error (exit 0); an empty query or a limit outside 1..%d is a usage error
(exit 64).`, core.MaxSearchHits)
}

// Validate refuses a limit core would silently replace by its default.
func (c *FindCmd) Validate() error {
	if c.Limit < 1 || c.Limit > core.MaxSearchHits {
		return fmt.Errorf("--limit must be between 1 and %d, got %d", core.MaxSearchHits, c.Limit)
	}
	return nil
}

// Run searches and prints the hits.
func (c *FindCmd) Run(rt *core.Runtime, std *streams) error {
	res, err := rt.Search(core.SearchRequest{
		Query:         strings.Join(c.Query, " "),
		Limit:         c.Limit,
		InputKinds:    c.InputKinds,
		ArtifactTypes: c.ArtifactTypes,
	})
	if err != nil {
		return codedError(err, ExitUsage)
	}
	if c.JSON {
		return writeJSON(std.out, res, c.Compact)
	}
	var b strings.Builder
	if len(res.Hits) == 0 {
		fmt.Fprintf(&b, "no installed operation matches %q\n", res.Query)
	}
	for i, h := range res.Hits {
		fmt.Fprintf(&b, "%2d. %s  (%s, relevance %.3f)\n", i+1, h.CapabilityID, h.Kind, h.Relevance)
		fmt.Fprintf(&b, "    %s: %s\n", h.Title, h.Summary)
		if len(h.InputKinds) > 0 {
			fmt.Fprintf(&b, "    input kinds: %s\n", strings.Join(h.InputKinds, ", "))
		}
		if len(h.AcceptedArtifactTypes) > 0 {
			fmt.Fprintf(&b, "    accepts: %s\n", strings.Join(h.AcceptedArtifactTypes, ", "))
		}
		if len(h.ProducedArtifactTypes) > 0 {
			fmt.Fprintf(&b, "    produces: %s\n", strings.Join(h.ProducedArtifactTypes, ", "))
		}
		if h.Applicability.Status == core.Incompatible {
			fmt.Fprintf(&b, "    %s: %s\n", h.Applicability.Status, strings.Join(h.Applicability.Reasons, ", "))
		}
		if !h.Available {
			fmt.Fprintf(&b, "    provider unavailable\n")
		}
	}
	if len(res.Hits) > 0 {
		fmt.Fprintf(&b, "%d of %s\n", len(res.Hits), plural(res.Total, "match", "matches"))
	}
	if _, err := fmt.Fprint(std.out, b.String()); err != nil {
		return internalErrorf("writing the hits: %v", err)
	}
	return nil
}
