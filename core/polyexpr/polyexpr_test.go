package polyexpr

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"jacobian.dev/core"
)

var testLimits = Limits{MaxLength: 10_000, MaxDegree: 1000, MaxBits: 20_000}

func rats(ss ...string) []*big.Rat {
	out := make([]*big.Rat, len(ss))
	for i, s := range ss {
		out[i], _ = new(big.Rat).SetString(s)
	}
	return out
}

func equal(a, b []*big.Rat) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Cmp(b[i]) != 0 {
			return false
		}
	}
	return true
}

func show(c []*big.Rat) string {
	s := make([]string, len(c))
	for i, x := range c {
		s[i] = x.RatString()
	}
	return "[" + strings.Join(s, " ") + "]"
}

func TestParse(t *testing.T) {
	tests := []struct {
		src      string
		variable string
		coeffs   []*big.Rat
	}{
		{"x^3 - 2*x + 1", "x", rats("1", "-2", "0", "1")},
		{"-x^2", "x", rats("0", "0", "-1")},
		{"-(x+1)^2", "x", rats("-1", "-2", "-1")},
		{"(x+1)*(x-1)", "x", rats("-1", "0", "1")},
		{"1/2*t^2 + 3/4", "t", rats("3/4", "0", "1/2")},
		{"2/4", "", rats("1/2")},
		{"0", "", nil},
		{"x - x", "x", nil},
		{"0^0", "", rats("1")},
		{"(x^2)^3", "x", rats("0", "0", "0", "0", "0", "0", "1")},
		{"2^10*x", "x", rats("0", "1024")},
		{"  + x  ", "x", rats("0", "1")},
		{"(((x)))", "x", rats("0", "1")},
		{"(x+1)^0", "x", rats("1")},
		{"-3/7", "", rats("-3/7")},
		{"1/10^2*x", "x", rats("0", "1/100")},
		{"(3/10)^2", "", rats("9/100")},
		{"3*(1/10)^2", "", rats("3/100")},
	}
	for _, tc := range tests {
		got, err := Parse(tc.src, testLimits)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.src, err)
			continue
		}
		if got.Variable != tc.variable || !equal(got.Coefficients, tc.coeffs) {
			t.Errorf("Parse(%q) = %q %s, want %q %s", tc.src, got.Variable, show(got.Coefficients), tc.variable, show(tc.coeffs))
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		src    string
		offset int
		column int
		want   string
	}{
		{"2x", 1, 2, "implicit multiplication"},
		{"x(x+1)", 1, 2, "implicit multiplication"},
		{"(x)(x)", 3, 4, "implicit multiplication"},
		{"2 x", 2, 3, "implicit multiplication"},
		{"x/2", 1, 2, "rational literal"},
		{"1 / 2", 2, 3, "rational literal"},
		{"1/", 2, 3, "denominator"},
		{"1/0", 2, 3, "zero"},
		{"x*-2", 2, 3, "expected a number"},
		{"x^-1", 2, 3, "non-negative integer exponent"},
		{"x^2^3", 3, 4, "chained powers"},
		{"x + y", 4, 5, "already uses \"x\""},
		{"xy", 1, 2, "single letter"},
		{"X", 0, 1, "lowercase"},
		{"x ** 2", 3, 4, "expected a number"},
		{"x + 0.5", 5, 6, "rational literals"},
		{"x + 1e5", 5, 6, "rational literals"},
		{"é + x", 0, 1, "U+00E9"},
		{"x + é", 4, 5, "U+00E9"},
		{"x\t+ 1", 1, 2, "U+0009"},
		{"(x + 1", 0, 1, "never closed"},
		{"x + 1)", 5, 6, "unmatched"},
		{"", 0, 1, "empty"},
		{"   ", 3, 4, "empty"},
		{"x +", 3, 4, "ends here"},
		{"()", 1, 2, "empty parentheses"},
		{"x + + 1", 4, 5, "signs cannot follow"},
		{"01", 0, 1, "leading zero"},
		{"1/02", 2, 3, "leading zero"},
		{"x^02", 2, 3, "exponent"},
		{"\xff", 0, 1, "not UTF-8"},
		{"3/10^20", 4, 5, "ambiguous"},
		{"x + 3/10 ^ 2", 9, 10, "(3/10)^k"},
	}
	for _, tc := range tests {
		_, err := Parse(tc.src, testLimits)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want a syntax error", tc.src, err)
			continue
		}
		if se.Offset != tc.offset || se.Column != tc.column || !strings.Contains(se.Message, tc.want) {
			t.Errorf("Parse(%q): offset %d column %d %q; want offset %d column %d containing %q", tc.src, se.Offset, se.Column, se.Message, tc.offset, tc.column, tc.want)
		}
	}
}

func TestParseRefusesBeforeExpanding(t *testing.T) {
	tests := []struct {
		src  string
		what string
	}{
		{"(x+1)^1000000", "degree"},
		{"((x+1)^1000000)^0", "degree"}, // the base is bounded too, though the result is 1
		{"2^1000000*x", "bits"},
		{"(123456789/987654321*x + 1)^900", "bits"},
		{"x^99999999999999999999999", "degree"},
		{strings.Repeat("x+", 5001) + "x", "length"},
	}
	for _, tc := range tests {
		_, err := Parse(tc.src, testLimits)
		var se *SizeError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%.40q) = %v, want a size error", tc.src, err)
			continue
		}
		if !strings.Contains(se.Error(), map[string]string{"degree": "degree", "bits": "bits", "length": "bytes"}[tc.what]) {
			t.Errorf("Parse(%.40q): %v, want a refusal about %s", tc.src, err, tc.what)
		}
	}
	// Within the bounds the estimate must not refuse what is small: the L1
	// bound of (x+1)^1000 is exactly 2^1000.
	if _, err := Parse("(x+1)^1000", Limits{MaxLength: 100, MaxDegree: 1000, MaxBits: 1001}); err != nil {
		t.Errorf("(x+1)^1000 refused: %v", err)
	}
}

// render is core's renderer, the one whose output Parse must read back.
func render(variable string, c []*big.Rat) string {
	return core.RationalPolynomial(variable, c).Expression
}

func randomRats(rng *rand.Rand, n int) []*big.Rat {
	c := make([]*big.Rat, n)
	for i := range c {
		num := rng.Int64N(2001) - 1000
		den := int64(1)
		if rng.IntN(3) == 0 {
			den = rng.Int64N(50) + 1
		}
		if rng.IntN(4) == 0 {
			num = 0
		}
		c[i] = big.NewRat(num, den)
	}
	return trim(c)
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 500; i++ {
		c := randomRats(rng, rng.IntN(12))
		v := string(rune('a' + rng.IntN(26)))
		s := render(v, c)
		got, err := Parse(s, testLimits)
		if err != nil {
			t.Fatalf("Parse(Render(%s)) = Parse(%q): %v", show(c), s, err)
		}
		if !equal(got.Coefficients, c) {
			t.Fatalf("Parse(%q) = %s, want %s", s, show(got.Coefficients), show(c))
		}
		if len(c) > 1 && got.Variable != v {
			t.Fatalf("Parse(%q) variable %q, want %q", s, got.Variable, v)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"x^3 - 2*x + 1", "-(x+1)^2", "1/2*t^2 + 3/4", "2x", "(x", "x^-1", "((x+1)^3)^4", "é", "x^2^3", "0^0"} {
		f.Add(s)
	}
	small := Limits{MaxLength: 200, MaxDegree: 60, MaxBits: 600}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Parse(src, small)
		if err != nil {
			var se *SyntaxError
			var ze *SizeError
			switch {
			case errors.As(err, &se):
				if se.Offset < 0 || se.Offset > len(src) || se.Column < 1 || se.Column > se.Offset+1 {
					t.Fatalf("Parse(%q): position out of range: %v", src, se)
				}
			case errors.As(err, &ze):
			default:
				t.Fatalf("Parse(%q): unexpected error type %T", src, err)
			}
			return
		}
		if n := len(p.Coefficients); n > 0 && p.Coefficients[n-1].Sign() == 0 {
			t.Fatalf("Parse(%q): trailing zero", src)
		}
		if int64(len(p.Coefficients))-1 > small.MaxDegree {
			t.Fatalf("Parse(%q): degree %d beyond the limit", src, len(p.Coefficients)-1)
		}
		s := render(p.Variable, p.Coefficients)
		q, err := Parse(s, Limits{MaxLength: 1 << 20, MaxDegree: small.MaxDegree, MaxBits: 1 << 20})
		if err != nil {
			t.Fatalf("Parse(Render(Parse(%q))) = Parse(%q): %v", src, s, err)
		}
		if !equal(p.Coefficients, q.Coefficients) {
			t.Fatalf("round trip of %q through %q: %s != %s", src, s, show(p.Coefficients), show(q.Coefficients))
		}
	})
}

func ExampleParse() {
	p, err := Parse("(x - 1)*(x + 1/2)", Limits{MaxLength: 100, MaxDegree: 10, MaxBits: 100})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Variable, show(p.Coefficients))
	fmt.Println(render(p.Variable, p.Coefficients))
	_, err = Parse("2x + 1", Limits{MaxLength: 100, MaxDegree: 10, MaxBits: 100})
	fmt.Println(err)
	// Output:
	// x [-1/2 -1/2 1]
	// x^2 - 1/2*x - 1/2
	// column 2 (byte offset 1): implicit multiplication is not allowed; write '*' before 'x'
}

// BenchmarkParse reads back the rendering of a dense polynomial with
// 64-bit coefficients, the shape of every result's expression.
func BenchmarkParse(b *testing.B) {
	for _, n := range []int{100, 1000} {
		rng := rand.New(rand.NewPCG(uint64(n), 3))
		c := make([]*big.Rat, n+1)
		for i := range c {
			c[i] = new(big.Rat).SetFrac(new(big.Int).SetUint64(rng.Uint64()), big.NewInt(rng.Int64N(9)+1))
		}
		src := render("x", c)
		lim := Limits{MaxLength: len(src), MaxDegree: int64(n), MaxBits: 1 << 20}
		b.Run(fmt.Sprintf("deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Parse(src, lim); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkExpand expands (x + 1)^n.
func BenchmarkExpand(b *testing.B) {
	for _, n := range []int{100, 1000} {
		src := fmt.Sprintf("(x + 1)^%d", n)
		lim := Limits{MaxLength: 100, MaxDegree: int64(n), MaxBits: int64(n) + 1}
		b.Run(fmt.Sprintf("deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Parse(src, lim); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestExpandRefusesUnboundedWork(t *testing.T) {
	e, err := Compile("x^1000000000000", 100)
	if err != nil {
		t.Fatal(err)
	}
	var se *SizeError
	if _, err := e.Expand(context.Background()); !errors.As(err, &se) {
		t.Fatalf("Expand of x^(10^12) without a limit check: %v, want a size error", err)
	}
}
