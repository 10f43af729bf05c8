package cli

import (
	"jacobian.dev/core"
)

// InspectCmd prints the authoritative description of one operation, the
// value math.find's outcome carries for op "inspect": request and result schemas,
// kind, effect, provider and availability, limits, ports and examples.
type InspectCmd struct {
	ID string `arg:"" name:"id" help:"The operation's capability ID, e.g. ${example_id}."`
	jsonOutput
}

// Run prints the inspection, or fails with UNKNOWN_CAPABILITY (exit 1) and
// the nearest installed IDs.
func (c *InspectCmd) Run(rt *core.Runtime, std *streams) error {
	in, err := rt.Inspect(c.ID)
	if err != nil {
		return codedError(err, ExitFailed)
	}
	return writeJSON(std.out, in, c.Compact)
}
