package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"jacobian.dev/core"
)

// artifactDir locates the durable artifact store. The same flag (and
// environment variable) is shared by serve, run and artifacts, so all three
// see one store.
type artifactDir struct {
	ArtifactDir string `name:"artifact-dir" env:"JACOBIAN_ARTIFACT_DIR" placeholder:"DIR" help:"Directory of the durable artifact store. Default: jacobian/artifacts under the user cache directory."`
}

// open opens (creating if needed) the artifact store.
func (f artifactDir) open() (*core.ArtifactStore, error) {
	dir := f.ArtifactDir
	if dir == "" {
		d, err := core.DefaultArtifactDir()
		if err != nil {
			return nil, fmt.Errorf("no default artifact directory (%v); give one with --artifact-dir", err)
		}
		dir = d
	}
	store, err := core.OpenArtifactStore(dir, 0)
	if err != nil {
		return nil, fmt.Errorf("opening the artifact store at %s: %v", dir, err)
	}
	return store, nil
}

// ArtifactsCmd maintains the durable artifact store that serve (and run
// --publish) write results too large to send inline into.
type ArtifactsCmd struct {
	List   ArtifactsListCmd   `cmd:"" help:"List stored artifacts, least recently used first."`
	Get    ArtifactsGetCmd    `cmd:"" help:"Print one artifact's bytes, after checking them against their digest."`
	Verify ArtifactsVerifyCmd `cmd:"" help:"Re-hash every artifact and report the corrupted ones (exit 1 if any)."`
	GC     ArtifactsGCCmd     `cmd:"" name:"gc" help:"Remove corrupted artifacts, leftovers of writes no live process owns, then the least recently used above the quota."`
}

// ArtifactsListCmd lists the store.
type ArtifactsListCmd struct {
	artifactDir
	JSON bool `name:"json" help:"Print the list as JSON."`
	jsonOutput
}

// Run lists the artifacts.
func (c *ArtifactsListCmd) Run(std *streams) error {
	store, err := c.open()
	if err != nil {
		return &exitError{code: ExitFailed, msg: err.Error()}
	}
	all, err := store.List()
	if err != nil {
		return &exitError{code: ExitFailed, msg: fmt.Sprintf("listing %s: %v", store.Root(), err)}
	}
	if c.JSON {
		if all == nil {
			all = []core.ArtifactInfo{}
		}
		return writeJSON(std.out, map[string]any{"root": store.Root(), "artifacts": all}, c.Compact)
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "URI\tTYPE\tBYTES\tLAST USED")
	var total int64
	for _, a := range all {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", a.URI, a.ArtifactType, a.Size, a.LastUsed.UTC().Format("2006-01-02 15:04:05Z"))
		total += a.Size
	}
	if err := tw.Flush(); err != nil {
		return internalErrorf("writing the list: %v", err)
	}
	fmt.Fprintf(&b, "%s, %d bytes, in %s\n", plural(len(all), "artifact", "artifacts"), total, store.Root())
	if _, err := fmt.Fprint(std.out, b.String()); err != nil {
		return internalErrorf("writing the list: %v", err)
	}
	return nil
}

// ArtifactsGetCmd prints one artifact.
type ArtifactsGetCmd struct {
	artifactDir
	URI string `arg:"" name:"uri" help:"The artifact's URI, artifact://sha256/<hex>."`
}

// Run prints the artifact's bytes (a JSON value) followed by a newline. A
// missing, malformed or corrupted artifact fails with UNKNOWN_REFERENCE.
func (c *ArtifactsGetCmd) Run(std *streams) error {
	store, err := c.open()
	if err != nil {
		return &exitError{code: ExitFailed, msg: err.Error()}
	}
	data, _, err := store.Get(c.URI)
	if err != nil {
		return codedError(err, ExitFailed)
	}
	if _, err := std.out.Write(data); err != nil {
		return internalErrorf("writing the artifact: %v", err)
	}
	return nil
}

// ArtifactsVerifyCmd checks every artifact.
type ArtifactsVerifyCmd struct {
	artifactDir
}

// Run re-hashes the store, printing each corrupted URI.
func (c *ArtifactsVerifyCmd) Run(std *streams) error {
	store, err := c.open()
	if err != nil {
		return &exitError{code: ExitFailed, msg: err.Error()}
	}
	all, err := store.List()
	if err != nil {
		return &exitError{code: ExitFailed, msg: fmt.Sprintf("listing %s: %v", store.Root(), err)}
	}
	corrupted, err := store.Verify()
	if err != nil {
		return &exitError{code: ExitFailed, msg: fmt.Sprintf("verifying %s: %v", store.Root(), err)}
	}
	var b strings.Builder
	for _, uri := range corrupted {
		fmt.Fprintf(&b, "CORRUPTED %s\n", uri)
	}
	fmt.Fprintf(&b, "%s checked, %d corrupted\n", plural(len(all), "artifact", "artifacts"), len(corrupted))
	if _, err := fmt.Fprint(std.out, b.String()); err != nil {
		return internalErrorf("writing the report: %v", err)
	}
	if len(corrupted) > 0 {
		return silentExit(ExitFailed)
	}
	return nil
}

// ArtifactsGCCmd collects garbage in the store.
type ArtifactsGCCmd struct {
	artifactDir
}

// Run removes what GC finds and lists it.
func (c *ArtifactsGCCmd) Run(std *streams) error {
	store, err := c.open()
	if err != nil {
		return &exitError{code: ExitFailed, msg: err.Error()}
	}
	removed, err := store.GC()
	if err != nil {
		return &exitError{code: ExitFailed, msg: fmt.Sprintf("collecting %s: %v", store.Root(), err)}
	}
	var b strings.Builder
	for _, uri := range removed {
		fmt.Fprintf(&b, "REMOVED %s\n", uri)
	}
	fmt.Fprintf(&b, "%s removed\n", plural(len(removed), "artifact", "artifacts"))
	if _, err := fmt.Fprint(std.out, b.String()); err != nil {
		return internalErrorf("writing the report: %v", err)
	}
	return nil
}
