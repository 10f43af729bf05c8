package polynomial_test

import (
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/polynomial"
)

func TestConformance(t *testing.T) { conformance.Run(t, polynomial.Register) }
