package gaussian_test

import (
	"testing"

	"example.com/gaussian"
	"jacobian.dev/conformance"
)

func TestConformance(t *testing.T) { conformance.Run(t, gaussian.Register) }
