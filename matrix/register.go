// Package matrix is Jacobian's matrix domain.
package matrix

import "jacobian.dev/core"

// Register adds the matrix domain's operations to r.
func Register(r *core.Registry) error {
	return nil
}
