package finitefield_test

import (
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/finitefield"
)

func TestConformance(t *testing.T) { conformance.Run(t, finitefield.Register) }
