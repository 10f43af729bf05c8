package distribution

import (
	_ "embed"
	"fmt"
	"path"
	"slices"
	"strings"
)

// defaultManifest describes the default distribution, cli/cmd/jacobian,
// with paths relative to the repository root.
//
//go:embed default.json
var defaultManifest string

// Default returns the default distribution's manifest with relative paths
// resolved against root, the repository root.
func Default(root string) (*Manifest, error) {
	return Parse([]byte(defaultManifest), root)
}

// DefaultWith returns the default distribution restricted to the named
// standard domains, named by folder ("integer", "matrix", ...), in the
// order given.
func DefaultWith(root string, names []string) (*Manifest, error) {
	m, err := Default(root)
	if err != nil {
		return nil, err
	}
	var known []string
	byName := map[string]Domain{}
	for _, d := range m.Domains {
		known = append(known, path.Base(d.Module))
		byName[path.Base(d.Module)] = d
	}
	var chosen []Domain
	for _, n := range names {
		d, ok := byName[n]
		if !ok {
			return nil, &ManifestError{Problems: []string{fmt.Sprintf("%q is not a standard domain; the standard domains are %s", n, strings.Join(known, ", "))}}
		}
		if slices.ContainsFunc(chosen, func(c Domain) bool { return c.Module == d.Module }) {
			continue
		}
		chosen = append(chosen, d)
	}
	if len(chosen) == 0 {
		return nil, &ManifestError{Problems: []string{"no domains chosen; name at least one of " + strings.Join(known, ", ")}}
	}
	m.Domains = chosen
	return m, nil
}
