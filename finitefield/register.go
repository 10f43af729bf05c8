// Package finitefield is Jacobian's finitefield domain.
package finitefield

import "jacobian.dev/core"

// Register adds the finitefield domain's operations to r.
func Register(r *core.Registry) error {
	return nil
}
