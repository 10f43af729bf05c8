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
		d := discriminant{D: c.D, forms: reducedForms(c.D)}
		if got := fmt.Sprint(hilbertPolynomial(d)); got != c.want {
			t.Errorf("H_%d = %s, want %s", c.D, got, c.want)
		}
	}
}

// TestDiscriminantTable: the sweep's forms agree with reducedForms, D by
// D, and the class numbers of the table match Cohen's Table B.4 for a
// few D.
func TestDiscriminantTable(t *testing.T) {
	for _, d := range ecppDiscriminants() {
		if got, want := fmt.Sprint(d.forms), fmt.Sprint(reducedForms(d.D)); got != want {
			t.Fatalf("D=%d: sweep %s, direct %s", d.D, got, want)
		}
		prod := int64(1)
		for _, p := range d.parts {
			if p%4 != 1 && p%4 != -3 && p != -4 && p != 8 && p != -8 {
				t.Fatalf("D=%d: part %d is no prime discriminant", d.D, p)
			}
			prod *= p
		}
		if prod != -d.D {
			t.Fatalf("D=%d: parts %v multiply to %d", d.D, d.parts, prod)
		}
	}
	h := map[int64]int{}
	for _, d := range ecppDiscriminants() {
		h[d.D] = d.classNumber()
	}
	// PARI/GP 2.15: qfbclassno(-D).
	for D, want := range map[int64]int{3: 1, 4: 1, 163: 1, 15: 2, 23: 3, 39: 4, 47: 5, 71: 7, 5923: 7} {
		if h[D] != want {
			t.Errorf("h(−%d) = %d, want %d", D, h[D], want)
		}
	}
}
