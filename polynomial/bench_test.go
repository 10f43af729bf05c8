package polynomial

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// gcdInputs are two random dense integer polynomials of degree n sharing a
// random factor of degree n/2, with 32-bit coefficients in every factor.
func gcdInputs(n int) (zpoly, zpoly) {
	rng := rand.New(rand.NewPCG(uint64(n), 99))
	g := randomZ(rng, n/2, 32)
	a, _ := zmul(bg, g, randomZ(rng, n-n/2, 32))
	b, _ := zmul(bg, g, randomZ(rng, n-n/2, 32))
	return a, b
}

func BenchmarkGCD(b *testing.B) {
	for _, n := range []int{100, 500, 1000} {
		x, y := gcdInputs(n)
		b.Run(fmt.Sprintf("deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := gcdZ(bg, x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGCDSubresultant is the reference algorithm on the same inputs,
// for comparison with BenchmarkGCD.
func BenchmarkGCDSubresultant(b *testing.B) {
	for _, n := range []int{100} {
		x, y := gcdInputs(n)
		_, px := bgPrimitive(x)
		_, py := bgPrimitive(y)
		b.Run(fmt.Sprintf("deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := gcdSubresultant(bg, px, py); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkMultiply(b *testing.B) {
	for _, n := range []int{100, 1000} {
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		x, y := toQ(randomZ(rng, n, 64)), toQ(randomZ(rng, n, 64))
		b.Run(fmt.Sprintf("deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := qmul(bg, x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDivide divides integer polynomials of degree n by a divisor of
// degree n/2 with leading coefficient 1 (no denominator growth), and at
// n = 100 also by a random rational divisor.
func BenchmarkDivide(b *testing.B) {
	for _, n := range []int{100, 1000} {
		rng := rand.New(rand.NewPCG(uint64(n), 2))
		x, y := toQ(randomZ(rng, n, 64)), toQ(randomZ(rng, n/2, 64))
		y[len(y)-1].SetInt64(1)
		b.Run(fmt.Sprintf("deg=%d/monic", n), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := qdivrem(bg, x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	rng := rand.New(rand.NewPCG(100, 2))
	x, y := randomQ(rng, 101, 64), randomQ(rng, 51, 64)
	b.Run("deg=100/rational", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := qdivrem(bg, x, y); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkPower(b *testing.B) {
	x := qpoly{big.NewRat(3, 1), big.NewRat(-2, 1), big.NewRat(1, 1)}
	for _, e := range []int64{100, 1000} {
		b.Run(fmt.Sprintf("deg=%d", 2*e), func(b *testing.B) {
			for b.Loop() {
				if _, err := qpow(bg, x, e); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkEvaluate(b *testing.B) {
	for _, n := range []int{100, 1000} {
		rng := rand.New(rand.NewPCG(uint64(n), 3))
		f := randomQ(rng, n+1, 64)
		at := big.NewRat(-123456789, 987654321)
		b.Run(fmt.Sprintf("deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := qeval(bg, f, at); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDerivative(b *testing.B) {
	for _, n := range []int{100, 1000} {
		rng := rand.New(rand.NewPCG(uint64(n), 4))
		f := randomQ(rng, n+1, 64)
		b.Run(fmt.Sprintf("deg=%d/order=3", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := qderivK(bg, f, 3); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSquareFree(b *testing.B) {
	for _, n := range []int{100, 300} {
		rng := rand.New(rand.NewPCG(uint64(n), 5))
		// a·b²·c³ with random dense factors, degree n in all.
		a, bb, c := toQ(randomZ(rng, n/6, 16)), toQ(randomZ(rng, n/6, 16)), toQ(randomZ(rng, n/6, 16))
		b2, _ := qpow(bg, bb, 2)
		c3, _ := qpow(bg, c, 3)
		f, _ := qmul(bg, a, b2)
		f, _ = qmul(bg, f, c3)
		b.Run(fmt.Sprintf("deg=%d", f.deg()), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := squareFree(bg, f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkResultant(b *testing.B) {
	for _, n := range []int{20, 50, 100, 200} {
		rng := rand.New(rand.NewPCG(uint64(n), 6))
		x, y := toQ(randomZ(rng, n, 64)), toQ(randomZ(rng, n, 64))
		b.Run(fmt.Sprintf("deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := resultantQ(bg, x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkResultantSubresultant and BenchmarkResultantModular are the two
// algorithms resultantZ chooses between, on the inputs of
// BenchmarkResultant.
func BenchmarkResultantSubresultant(b *testing.B) {
	for _, n := range []int{5, 10, 20, 50, 100} {
		rng := rand.New(rand.NewPCG(uint64(n), 6))
		x, y := randomZ(rng, n, 64), randomZ(rng, n, 64)
		b.Run(fmt.Sprintf("deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := resultantSubresultant(bg, x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkResultantModular(b *testing.B) {
	for _, n := range []int{5, 10, 20, 50, 100, 200, 300} {
		rng := rand.New(rand.NewPCG(uint64(n), 6))
		x, y := randomZ(rng, n, 64), randomZ(rng, n, 64)
		b.Run(fmt.Sprintf("deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := resultantModular(bg, x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkResultantSylvester is the reference on the smallest size.
func BenchmarkResultantSylvester(b *testing.B) {
	rng := rand.New(rand.NewPCG(20, 6))
	x, y := toQ(randomZ(rng, 20, 64)), toQ(randomZ(rng, 20, 64))
	b.Run("deg=20", func(b *testing.B) {
		for b.Loop() {
			sylvesterResultant(x, y)
		}
	})
}

func BenchmarkDiscriminant(b *testing.B) {
	for _, n := range []int{20, 50, 100} {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		f := toQ(randomZ(rng, n, 64))
		b.Run(fmt.Sprintf("deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := discriminantQ(bg, f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOperation runs whole operations through the runtime (parse,
// preflight, run, postcondition, publish) on the inputs of BenchmarkGCD and
// BenchmarkResultant.
func BenchmarkOperation(b *testing.B) {
	rt := newRuntime(b)
	payload := func(x, y zpoly) string {
		return `{"left":` + coeffJSON(zStrings(x)) + `,"right":` + coeffJSON(zStrings(y)) + `}`
	}
	type bench struct {
		name, id, payload string
	}
	var cases []bench
	for _, n := range []int{100, 1000} {
		x, y := gcdInputs(n)
		cases = append(cases, bench{fmt.Sprintf("gcd/deg=%d", n), "polynomial.gcd.compute", payload(x, y)})
	}
	for _, n := range []int{100, 200} {
		rng := rand.New(rand.NewPCG(uint64(n), 6))
		x, y := randomZ(rng, n, 64), randomZ(rng, n, 64)
		cases = append(cases, bench{fmt.Sprintf("resultant/deg=%d", n), "polynomial.resultant.compute", payload(x, y)})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if out := run(b, rt, c.id, c.payload); out.Outcome != core.OutcomeCompleted {
					b.Fatalf("%s: %s %s", c.id, out.Outcome, out.Message)
				}
			}
		})
	}
}

func zStrings(a zpoly) []string {
	out := make([]string, len(a))
	for i, x := range a {
		out[i] = x.String()
	}
	return out
}

// BenchmarkGCDOperation is the operation's run and postcondition on two
// degree-n inputs with a common factor of degree n/5 (the shape of the
// poly_gcd peer case), with 32-bit coefficients in every factor.
func BenchmarkGCDOperation(b *testing.B) {
	for _, n := range []int{1000} {
		rng := rand.New(rand.NewPCG(uint64(n), 5))
		g := randomZ(rng, n/5, 32)
		x, _ := zmul(bg, g, randomZ(rng, n-n/5, 32))
		y, _ := zmul(bg, g, randomZ(rng, n-n/5, 32))
		q := GCDRequest{Left: polyInputOf("x", toQ(x)), Right: polyInputOf("x", toQ(y)), Ring: RingZ}
		r, err := runGCD(bg, q)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("run/deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := runGCD(bg, q); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("check/deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if err := checkGCD(bg, q, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCertifyGCD compares the postcondition's certificate with its
// reference on the inputs of BenchmarkGCDOperation.
func BenchmarkCertifyGCD(b *testing.B) {
	for _, n := range []int{1000} {
		rng := rand.New(rand.NewPCG(uint64(n), 5))
		g := randomZ(rng, n/5, 32)
		x, _ := zmul(bg, g, randomZ(rng, n-n/5, 32))
		y, _ := zmul(bg, g, randomZ(rng, n-n/5, 32))
		pg, err := gcdZ(bg, x, y)
		if err != nil {
			b.Fatal(err)
		}
		_, pg = bgPrimitive(pg)
		for _, c := range []struct {
			name    string
			certify func(context.Context, zpoly, zpoly, zpoly) error
		}{{"fast", certifyGCD}, {"reference", certifyGCDReference}} {
			b.Run(fmt.Sprintf("%s/deg=%d", c.name, n), func(b *testing.B) {
				for b.Loop() {
					if err := c.certify(bg, pg, x, y); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkGCDRuntime is the operation through core.Runtime.Run
// (decoding, preflight, run, postcondition, encoding) on the inputs of
// BenchmarkGCDOperation in coefficient form, as the peer benchmark calls
// it.
func BenchmarkGCDRuntime(b *testing.B) {
	rt := newRuntime(b)
	for _, n := range []int{1000} {
		rng := rand.New(rand.NewPCG(uint64(n), 5))
		g := randomZ(rng, n/5, 32)
		x, _ := zmul(bg, g, randomZ(rng, n-n/5, 32))
		y, _ := zmul(bg, g, randomZ(rng, n-n/5, 32))
		coeffs := func(a zpoly) []string {
			out := make([]string, len(a))
			for i, c := range a {
				out[i] = c.String()
			}
			return out
		}
		payload, err := json.Marshal(map[string]any{
			"left":  map[string]any{"coefficients": coeffs(x)},
			"right": map[string]any{"coefficients": coeffs(y)},
			"ring":  "Z",
		})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("deg=%d", n), func(b *testing.B) {
			for b.Loop() {
				if out := run(b, rt, "polynomial.gcd.compute", string(payload)); out.Outcome != core.OutcomeCompleted {
					b.Fatal(out.Message)
				}
			}
		})
	}
}
