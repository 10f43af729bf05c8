package integer

import (
	"fmt"
	"testing"
)

// TestHilbertPolynomials: class polynomials against the tables of Cohen,
// A Course in Computational Algebraic Number Theory, §7.6, and
// PARI/GP 2.15 polclass(-D).
func TestHilbertPolynomials(t *testing.T) {
	for _, c := range []struct {
		D    int64
		want string
	}{
		{7, "[3375 1]"},
		{8, "[-8000 1]"},
		{163, "[262537412640768000 1]"},
		{15, "[-121287375 191025 1]"},
		{23, "[12771880859375 -5151296875 3491750 1]"},
	} {
		d := discriminant{c.D, reducedForms(c.D)}
		if got := fmt.Sprint(hilbertPolynomial(d)); got != c.want {
			t.Errorf("H_%d = %s, want %s", c.D, got, c.want)
		}
	}
}
