package matrix_test

import (
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/matrix"
)

func TestConformance(t *testing.T) { conformance.Run(t, matrix.Register) }
