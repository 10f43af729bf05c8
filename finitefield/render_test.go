package finitefield

import (
	"encoding/json"
	"math/big"
	"testing"

	"jacobian.dev/core/polyexpr"
)

func ints(xs ...int64) elem {
	out := make(elem, len(xs))
	for i, x := range xs {
		out[i] = big.NewInt(x)
	}
	return out
}

// TestRenderedPolynomial pins the result encoding over GF(p) and GF(p^k):
// one core.Polynomial, "*" for products, GF(p^k) coefficients written in
// the generator and parenthesised when they are sums.
func TestRenderedPolynomial(t *testing.T) {
	// GF(125) = GF(5)[t]/(t^3 + 3t + 3); the modulus is irreducible
	// (PARI/GP 2.15: polisirreducible(Mod(1,5)*(t^3+3*t+3)) = 1), though
	// rendering does not depend on it.
	F := newGF(big.NewInt(5), 3, ints(3, 3, 0, 1))
	f := poly{ints(0, 0, 1), ints(0, 3), ints(1, 1)}
	b, err := json.Marshal(F.toRendered(f, "", "t"))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"variable":"x","coefficients":[["0","0","1"],["0","3"],["1","1"]],"expression":"(t + 1)*x^2 + 3*t*x + t^2"}`
	if string(b) != want {
		t.Errorf("GF(125): got %s\nwant %s", b, want)
	}
	if got := F.toRendered(nil, "y", "t"); got.Expression != "0" || got.Coefficients == nil || len(got.Coefficients) != 0 {
		t.Errorf("zero polynomial: %+v", got)
	}

	// Over GF(p) the expression is in the polynomial domain's grammar and
	// reads back to the residues.
	G := newGF(big.NewInt(7), 1, nil)
	g := poly{ints(6), nil, ints(1), ints(3)}
	r := G.toRendered(g, "x", "t")
	if r.Expression != "3*x^3 + x^2 + 6" {
		t.Errorf("GF(7): expression %q", r.Expression)
	}
	p, err := polyexpr.Parse(r.Expression, polyexpr.Limits{MaxLength: 100, MaxDegree: 10, MaxBits: 100})
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range p.Coefficients {
		if c.Cmp(new(big.Rat).SetInt(G.encode(g[i]))) != 0 {
			t.Errorf("GF(7): coefficient %d reads back as %s", i, c.RatString())
		}
	}
}
