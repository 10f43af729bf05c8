package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"jacobian.dev/core"
)

// VersionCmd prints the module path and version of the binary and of every
// domain module it links, from the binary's build information.
type VersionCmd struct {
	JSON bool `name:"json" help:"Print the versions as JSON."`
	jsonOutput
}

// versionReport is the --json form of version.
type versionReport struct {
	*buildInfo
	Operations int `json:"operations"`
}

// Run prints the versions.
func (c *VersionCmd) Run(build *buildInfo, reg *core.Registry, std *streams) error {
	if c.JSON {
		return writeJSON(std.out, versionReport{build, reg.Len()}, c.Compact)
	}
	counts := map[string]int{}
	for _, d := range reg.Declarations() {
		counts[d.Provider.Module]++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s (%s, %s)\n", build.Name, build.Version, orUnknown(build.Module), build.GoVersion)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "domains:")
	for _, m := range build.Domains {
		fmt.Fprintf(tw, "  %s\t%s\t%s%s\n", m.Path, m.Version, plural(counts[m.Path], "operation", "operations"), replacedNote(m))
	}
	if len(build.Modules) > 0 {
		fmt.Fprintln(tw, "modules:")
		for _, m := range build.Modules {
			fmt.Fprintf(tw, "  %s\t%s%s\n", m.Path, m.Version, replacedNote(m))
		}
	}
	if err := tw.Flush(); err != nil {
		return internalErrorf("writing the versions: %v", err)
	}
	if _, err := fmt.Fprint(std.out, b.String()); err != nil {
		return internalErrorf("writing the versions: %v", err)
	}
	return nil
}

func replacedNote(m moduleInfo) string {
	if m.Replaced == "" {
		return ""
	}
	return "  => " + m.Replaced
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown module"
	}
	return s
}
