package integer_test

import (
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/integer"
)

func TestConformance(t *testing.T) { conformance.Run(t, integer.Register) }
