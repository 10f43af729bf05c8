package core

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"jacobian.dev/core/polyexpr"
)

func ratsOf(t *testing.T, s ...string) []*big.Rat {
	t.Helper()
	out := make([]*big.Rat, len(s))
	for i, x := range s {
		r, ok := new(big.Rat).SetString(x)
		if !ok {
			t.Fatalf("bad rational %q", x)
		}
		out[i] = r
	}
	return out
}

func TestRenderPolynomial(t *testing.T) {
	tests := []struct {
		name   string
		v      string
		coeffs []string
		want   string
	}{
		{"zero", "x", nil, "0"},
		{"zero coefficients", "x", []string{"0", "0"}, "0"},
		{"constant", "x", []string{"5"}, "5"},
		{"negative constant", "x", []string{"-5/3"}, "-5/3"},
		{"cubic", "x", []string{"1", "-2", "0", "1"}, "x^3 - 2*x + 1"},
		{"minus x", "x", []string{"0", "-1"}, "-x"},
		{"leading negative rational", "x", []string{"3/4", "0", "-1/2"}, "-1/2*x^2 + 3/4"},
		{"minus one constant", "x", []string{"-1", "1"}, "x - 1"},
		{"no constant", "t", []string{"0", "2", "1"}, "t^2 + 2*t"},
		{"default variable", "", []string{"0", "1"}, "x"},
		// GF(p^k) coefficients, written in the generator t by this same
		// renderer: a sum is parenthesised, a monomial is not.
		{"extension field", "x", []string{"t", "0", "t + 1"}, "(t + 1)*x^2 + t"},
		{"extension monomial", "x", []string{"1", "3*t^2"}, "3*t^2*x + 1"},
	}
	for _, tc := range tests {
		if got := RenderPolynomial(tc.v, tc.coeffs); got != tc.want {
			t.Errorf("%s: RenderPolynomial(%q, %q) = %q, want %q", tc.name, tc.v, tc.coeffs, got, tc.want)
		}
	}
}

// randomRational draws a coefficient that is often zero, often ±1, often
// a fraction, and sometimes far beyond 64 bits.
func randomRational(rng *rand.Rand) *big.Rat {
	switch rng.IntN(6) {
	case 0:
		return new(big.Rat)
	case 1:
		return big.NewRat(1-2*rng.Int64N(2), 1)
	case 2:
		num := new(big.Int)
		for range 3 {
			num.Lsh(num, 64).Or(num, new(big.Int).SetUint64(rng.Uint64()))
		}
		if rng.IntN(2) == 0 {
			num.Neg(num)
		}
		return new(big.Rat).SetFrac(num, big.NewInt(rng.Int64N(1<<40)+1))
	default:
		return big.NewRat(rng.Int64N(2001)-1000, rng.Int64N(30)+1)
	}
}

// TestRationalPolynomialRoundTrip checks that the strict parser of the
// polynomial domain reads every rendering back to the same coefficients and
// variable, across degrees 0 to 40 and 200-bit coefficients.
func TestRationalPolynomialRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 2000; i++ {
		c := make([]*big.Rat, rng.IntN(41))
		for k := range c {
			c[k] = randomRational(rng)
		}
		v := string(rune('a' + rng.IntN(26)))
		p := RationalPolynomial(v, c)
		if err := p.Check(Rational.String); err != nil {
			t.Fatalf("%q: %v", p.Expression, err)
		}
		got, err := polyexpr.Parse(p.Expression, polyexpr.Limits{MaxLength: 1 << 20, MaxDegree: 1 << 20, MaxBits: 1 << 20})
		if err != nil {
			t.Fatalf("Parse(%q): %v", p.Expression, err)
		}
		if len(got.Coefficients) != len(p.Coefficients) {
			t.Fatalf("Parse(%q) has %d coefficients, the polynomial %d", p.Expression, len(got.Coefficients), len(p.Coefficients))
		}
		for k, x := range got.Coefficients {
			if x.Cmp(c[k]) != 0 {
				t.Fatalf("Parse(%q): coefficient %d is %s, want %s", p.Expression, k, x.RatString(), c[k].RatString())
			}
		}
		if len(got.Coefficients) > 1 && got.Variable != v {
			t.Fatalf("Parse(%q) names %q, want %q", p.Expression, got.Variable, v)
		}
	}
}

func TestNewPolynomialIsCanonical(t *testing.T) {
	p := RationalPolynomial("", ratsOf(t, "1", "0", "2", "0", "0"))
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"variable":"x","coefficients":["1","0","2"],"expression":"2*x^2 + 1"}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	zero, err := json.Marshal(RationalPolynomial("t", nil))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"variable":"t","coefficients":[],"expression":"0"}`; string(zero) != want {
		t.Errorf("zero polynomial: got %s, want %s", zero, want)
	}
}

func TestPolynomialCheck(t *testing.T) {
	good := RationalPolynomial("x", ratsOf(t, "-1", "0", "1"))
	if err := good.Check(Rational.String); err != nil {
		t.Fatalf("x^2 - 1: %v", err)
	}
	tampered := []struct {
		name string
		edit func(p *Polynomial[Rational])
		want string
	}{
		{"expression", func(p *Polynomial[Rational]) { p.Expression = "x^2 + 1" }, "does not render"},
		{"multiplication sign", func(p *Polynomial[Rational]) {
			*p = RationalPolynomial("x", ratsOf(t, "0", "2"))
			p.Expression = "2·x"
		}, "does not render"},
		{"trailing zero", func(p *Polynomial[Rational]) { p.Coefficients = append(p.Coefficients, Rational{}) }, "trailing zero"},
		{"variable", func(p *Polynomial[Rational]) { p.Variable = "" }, "no variable"},
	}
	for _, tc := range tampered {
		p := good
		p.Coefficients = append([]Rational(nil), good.Coefficients...)
		tc.edit(&p)
		if err := p.Check(Rational.String); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Check = %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

func TestPolynomialSchema(t *testing.T) {
	s, err := SchemaFor[struct {
		P Polynomial[Rational] `json:"p"`
		Q Polynomial[Integer]  `json:"q"`
	}]()
	if err != nil {
		t.Fatal(err)
	}
	if open := openObjects(s); len(open) > 0 {
		t.Fatalf("open objects: %v", open)
	}
	if got := s.Properties["p"].Properties["coefficients"].Items.Pattern; got != rationalPattern {
		t.Errorf("rational coefficient pattern %q", got)
	}
	if got := s.Properties["q"].Properties["coefficients"].Items.Pattern; got != integerPattern {
		t.Errorf("integer coefficient pattern %q", got)
	}
	if got := s.Properties["p"].Required; len(got) != 3 {
		t.Errorf("required %v, want variable, coefficients and expression", got)
	}
}
