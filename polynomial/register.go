// Package polynomial is Jacobian's polynomial domain.
package polynomial

import "jacobian.dev/core"

// Register adds the polynomial domain's operations to r.
func Register(r *core.Registry) error {
	return nil
}
