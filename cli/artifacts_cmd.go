package cli

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"jacobian.dev/artifactstore"
	"jacobian.dev/core"
)

// artifactDir locates the durable artifact store. The same flags (and
// environment variables) are shared by serve, run and artifacts, so all
// three see one store.
type artifactDir struct {
	ArtifactStore string `name:"artifact-store" env:"JACOBIAN_ARTIFACT_STORE" placeholder:"URL" help:"The durable artifact store: file:///path (a directory), s3://bucket?region=R&endpoint=URL&use_path_style=true (S3 or an S3-compatible server), gs://bucket or azblob://container; add prefix=dir/ to use part of a bucket. Credentials come from the backend's environment and files (AWS_ACCESS_KEY_ID, ~/.aws, GOOGLE_APPLICATION_CREDENTIALS, AZURE_STORAGE_*), never the URL. Default: file:// jacobian/artifacts under the user cache directory."`
	ArtifactDir   string `name:"artifact-dir" env:"JACOBIAN_ARTIFACT_DIR" placeholder:"DIR" help:"Directory of the durable artifact store: the same as --artifact-store file://DIR."`
}

// given reports whether a store was named, rather than the default taken.
func (f artifactDir) given() bool { return f.ArtifactStore != "" || f.ArtifactDir != "" }

// open opens (creating if needed) the artifact store.
func (f artifactDir) open(ctx context.Context) (core.Artifacts, error) {
	location := f.ArtifactStore
	switch {
	case location != "" && f.ArtifactDir != "":
		return nil, fmt.Errorf("--artifact-store and --artifact-dir (or JACOBIAN_ARTIFACT_STORE and JACOBIAN_ARTIFACT_DIR) both name a store; give one")
	case f.ArtifactDir != "":
		location = f.ArtifactDir
	case location == "":
		d, err := core.DefaultArtifactDir()
		if err != nil {
			return nil, fmt.Errorf("no default artifact directory (%v); give one with --artifact-store", err)
		}
		location = d
	}
	store, err := artifactstore.Open(ctx, location, 0)
	if err != nil {
		return nil, fmt.Errorf("opening the artifact store at %s: %v", location, err)
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
func (c *ArtifactsListCmd) Run(ctx context.Context, std *streams) error {
	store, err := c.open(ctx)
	if err == nil {
		defer store.Close()
	}
	if err != nil {
		return &exitError{code: ExitFailed, msg: err.Error()}
	}
	all, err := store.List(ctx)
	if err != nil {
		return &exitError{code: ExitFailed, msg: fmt.Sprintf("listing %s: %v", store.Location(), err)}
	}
	if c.JSON {
		if all == nil {
			all = []core.ArtifactInfo{}
		}
		return writeJSON(std.out, map[string]any{"root": store.Location(), "artifacts": all}, c.Compact)
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
	fmt.Fprintf(&b, "%s, %d bytes, in %s\n", plural(len(all), "artifact", "artifacts"), total, store.Location())
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
func (c *ArtifactsGetCmd) Run(ctx context.Context, std *streams) error {
	store, err := c.open(ctx)
	if err == nil {
		defer store.Close()
	}
	if err != nil {
		return &exitError{code: ExitFailed, msg: err.Error()}
	}
	data, _, err := store.Get(ctx, c.URI)
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
func (c *ArtifactsVerifyCmd) Run(ctx context.Context, std *streams) error {
	store, err := c.open(ctx)
	if err == nil {
		defer store.Close()
	}
	if err != nil {
		return &exitError{code: ExitFailed, msg: err.Error()}
	}
	all, err := store.List(ctx)
	if err != nil {
		return &exitError{code: ExitFailed, msg: fmt.Sprintf("listing %s: %v", store.Location(), err)}
	}
	corrupted, err := store.Verify(ctx)
	if err != nil {
		return &exitError{code: ExitFailed, msg: fmt.Sprintf("verifying %s: %v", store.Location(), err)}
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
func (c *ArtifactsGCCmd) Run(ctx context.Context, std *streams) error {
	store, err := c.open(ctx)
	if err == nil {
		defer store.Close()
	}
	if err != nil {
		return &exitError{code: ExitFailed, msg: err.Error()}
	}
	removed, err := store.GC(ctx)
	if err != nil {
		return &exitError{code: ExitFailed, msg: fmt.Sprintf("collecting %s: %v", store.Location(), err)}
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
