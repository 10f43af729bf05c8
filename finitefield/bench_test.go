package finitefield

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

func mersenne(n uint) *big.Int {
	return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), n), big.NewInt(1))
}

// extension builds GF(p^k) with a seeded random irreducible modulus.
func extension(p *big.Int, k int, seed uint64) *gf {
	rng := rand.New(rand.NewPCG(seed, seed))
	if k == 1 {
		return newGF(p, 1, nil)
	}
	return newGF(p, k, randomIrreducible(context.Background(), rng, newGF(p, 1, nil), k))
}

func BenchmarkArithmetic(b *testing.B) {
	cases := []struct {
		name string
		F    *gf
	}{
		{"q=2^61-1", newGF(mersenne(61), 1, nil)},
		{"q=2^521-1", newGF(mersenne(521), 1, nil)},
		{"q=2^8", extension(big.NewInt(2), 8, 1)},
		{"q=(2^31-1)^4", extension(mersenne(31), 4, 2)},
		{"q=(2^61-1)^16", extension(mersenne(61), 16, 3)},
	}
	for _, c := range cases {
		rng := rand.New(rand.NewPCG(4, 5))
		x, y := c.F.random(rng), c.F.random(rng)
		for _, op := range []ArithmeticOp{OpMultiply, OpInverse, OpPower} {
			b.Run(c.name+"/op="+string(op), func(b *testing.B) {
				e := core.Int(new(big.Int).Sub(c.F.q, big.NewInt(2)))
				for b.Loop() {
					if _, err := c.F.arithmetic(context.Background(), op, x, y, &e); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkOrder(b *testing.B) {
	cases := []struct {
		name string
		F    *gf
	}{
		{"q=2^61-1", newGF(mersenne(61), 1, nil)},
		{"q=2^64", extension(big.NewInt(2), 64, 6)},
		// PARI/GP 2.15: precprime(2^80) = 1208925819614629174706111.
		{"q=precprime(2^80)", newGF(mustBig("1208925819614629174706111"), 1, nil)},
		// q − 1 = 2·3·274877919317·549755814043 (PARI/GP 2.15), the hard
		// case for rho: two 38- and 39-bit primes.
		{"q=2^79.6/rho-hard", newGF(mustBig("906694405779380457411787"), 1, nil)},
	}
	for _, c := range cases {
		rng := rand.New(rand.NewPCG(7, 8))
		a := c.F.random(rng)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := c.F.order(context.Background(), a); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func mustBig(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return n
}

func BenchmarkIrreducibility(b *testing.B) {
	p := mersenne(61)
	B := newGF(p, 1, nil)
	for _, n := range []int{16, 32, 64} {
		rng := rand.New(rand.NewPCG(9, uint64(n)))
		irr := scalarPoly(elem(randomIrreducible(context.Background(), rng, B, n)))
		b.Run("p=2^61-1/deg="+itoa(n)+"/irreducible", func(b *testing.B) {
			for b.Loop() {
				if ok, err := B.rabin(context.Background(), irr); err != nil || !ok {
					b.Fatal("not irreducible", err)
				}
			}
		})
	}
	for _, n := range []int{50, 100} {
		rng := rand.New(rand.NewPCG(10, uint64(n)))
		f := B.pmonic(randomPoly(rng, B, n))
		b.Run("p=2^61-1/deg="+itoa(n)+"/random", func(b *testing.B) {
			for b.Loop() {
				ok, err := B.rabin(context.Background(), f)
				if err != nil {
					b.Fatal(err)
				}
				if !ok {
					if _, err := B.leastFactor(context.Background(), f, rand.New(rand.NewPCG(1, 1))); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

func BenchmarkRoots(b *testing.B) {
	type rootsCase struct {
		name string
		F    *gf
		f    poly
	}
	var cases []rootsCase
	for _, n := range []int{10, 100} {
		F := newGF(mersenne(61), 1, nil)
		rng := rand.New(rand.NewPCG(11, uint64(n)))
		split := poly{F.one()}
		for range n {
			split = F.pmul(split, poly{F.neg(F.random(rng)), F.one()})
		}
		cases = append(cases,
			rootsCase{"p=2^61-1/deg=" + itoa(n) + "/split", F, split},
			rootsCase{"p=2^61-1/deg=" + itoa(n) + "/random", F, randomPoly(rng, F, n)})
	}
	F := extension(big.NewInt(3), 5, 12)
	rng := rand.New(rand.NewPCG(13, 14))
	cases = append(cases, rootsCase{"q=3^5/deg=100/random", F, randomPoly(rng, F, 100)})
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.F.rootsOf(context.Background(), c.f, rand.New(rand.NewPCG(1, 1))); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkTable(b *testing.B) {
	cases := []struct {
		name string
		F    *gf
	}{
		{"q=3^10", extension(big.NewInt(3), 10, 15)},
		{"q=2^16", extension(big.NewInt(2), 16, 16)},
		{"q=65521", newGF(big.NewInt(65521), 1, nil)},
	}
	for _, c := range cases {
		rng := rand.New(rand.NewPCG(17, 18))
		q := PolynomialRequest{Field: c.F.toField(), Polynomial: c.F.toPoly(randomPoly(rng, c.F, 10), "")}
		op := tableOperation()
		b.Run(c.name+"/deg=10", func(b *testing.B) {
			for b.Loop() {
				if _, err := op.Run(context.Background(), q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkFibers(b *testing.B) {
	F := extension(big.NewInt(3), 10, 15)
	rng := rand.New(rand.NewPCG(19, 20))
	tab, err := tableOperation().Run(context.Background(), PolynomialRequest{Field: F.toField(), Polynomial: F.toPoly(randomPoly(rng, F, 10), "")})
	if err != nil {
		b.Fatal(err)
	}
	op := fibersOperation()
	b.Run("q=3^10", func(b *testing.B) {
		for b.Loop() {
			if _, err := op.Run(context.Background(), FibersRequest{Table: tab.Table}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// BenchmarkFactorization factors random monic polynomials (coefficients
// uniform, seeded) over GF(10007), the sizes of issue 14's peer targets,
// and over GF(2^61 − 1) and GF(2^8) for the other paths; the polynomial
// is built outside the timed loop.
func BenchmarkFactorization(b *testing.B) {
	cases := []struct {
		F *gf
		n int
	}{
		{newGF(big.NewInt(10007), 1, nil), 500},
		{newGF(big.NewInt(10007), 1, nil), 2000},
		{newGF(mersenne(61), 1, nil), 500},
		{extension(big.NewInt(2), 8, 7), 100},
	}
	// The calibration of factorWork: 16-, 31- and 61-bit primes at
	// degrees 1000 to 4000, and the wide primes 2^63 − 25 and 2^64 − 59
	// (core/gfpoly's wide.go).
	wide63 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 63), big.NewInt(25))
	wide64 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 64), big.NewInt(59))
	for _, p := range []*big.Int{big.NewInt(65521), mersenne(31), mersenne(61), wide63, wide64} {
		for _, n := range []int{1000, 2000, 4000} {
			cases = append(cases, struct {
				F *gf
				n int
			}{newGF(p, 1, nil), n})
		}
	}
	for _, c := range cases {
		b.Run(fmt.Sprintf("q=%s/n=%d", c.F.qString(), c.n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(c.n), 14))
			f := make(poly, c.n+1)
			for i := range f {
				f[i] = c.F.random(rng)
			}
			f[c.n] = c.F.one()
			for b.Loop() {
				if _, err := c.F.factorize(context.Background(), f, seededRand(c.F.fingerprint(f))); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPolyArithmetic runs each operation on random operands of
// degree n over GF(10007) and GF(2^61 − 1) (power_mod: x^e mod a degree-n
// modulus with a 64-bit e), operands built outside the timed loop.
func BenchmarkPolyArithmetic(b *testing.B) {
	for _, F := range []*gf{newGF(big.NewInt(10007), 1, nil), newGF(mersenne(61), 1, nil)} {
		for _, n := range []int{1000, 10000} {
			rng := rand.New(rand.NewPCG(uint64(n), 15))
			a, m := randomPoly(rng, F, n), randomPoly(rng, F, n)
			e := new(big.Int).SetUint64(rng.Uint64())
			for _, op := range []PolyOp{PolyMultiply, PolyDivide, PolyExtendedGCD, PolyPowerMod} {
				left := a
				if op == PolyDivide {
					left = F.pmul(a, m)
				}
				if op == PolyPowerMod {
					left = F.xPoly()
				}
				b.Run(fmt.Sprintf("q=%s/n=%d/op=%s", F.qString(), n, op), func(b *testing.B) {
					r := F.ring(true)
					for b.Loop() {
						if _, err := r.compute(context.Background(), op, left, m, e); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// BenchmarkInterpolation interpolates random value tables of the largest
// fields admitted, GF(65521) (the chirp-z transform over GF(p)) and
// GF(2^16), GF(3^10) and GF(251^2) (the chirp-z transform over GF(p^k)
// by Kronecker substitution), and of GF(2^8); the table is parsed outside
// the timed loop.
func BenchmarkInterpolation(b *testing.B) {
	for _, F := range []*gf{newGF(big.NewInt(65521), 1, nil), extension(big.NewInt(2), 16, 8), extension(big.NewInt(3), 10, 8), extension(big.NewInt(251), 2, 8), extension(big.NewInt(2), 8, 9)} {
		b.Run("q="+F.qString(), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(16, 17))
			qi := int(F.q.Int64())
			t := &parsedTable{F: F, out: make([]int, qi), at: make([]int, qi)}
			for x := range t.out {
				t.out[x], t.at[x] = rng.IntN(qi), x
			}
			for b.Loop() {
				if _, err := t.interpolate(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkInterpolationRun is the whole interpolation of a random value
// table of GF(2^16), the largest field a table admits, through the
// runtime: decoding the 8 MB payload, the preflight, the transform, the
// check by the forward transform and encoding the result. The payload is
// written outside the timed loop.
func BenchmarkInterpolationRun(b *testing.B) {
	F := extension(big.NewInt(2), 16, 8)
	rng := rand.New(rand.NewPCG(16, 18))
	qi := int(F.q.Int64())
	t := ValueTable{Field: F.toField(), Inputs: make([]Element, qi), Outputs: make([]Element, qi)}
	for x := range qi {
		t.Inputs[x] = F.toElement(F.decode(big.NewInt(int64(x))))
		t.Outputs[x] = F.toElement(F.random(rng))
	}
	payload := json.RawMessage(mustJSON(InterpolationRequest{Table: t}))
	rt := newRuntime(b)
	b.Run("q=2^16", func(b *testing.B) {
		for b.Loop() {
			if o := rt.Run(context.Background(), core.RunRequest{CapabilityID: interpID, Payload: payload}); o.Outcome != core.OutcomeCompleted {
				b.Fatalf("%s", o)
			}
		}
	})
}

// BenchmarkMinimalPolynomial computes the minimal polynomial, trace and
// norm of a random element (the operation's Run, certification included).
func BenchmarkMinimalPolynomial(b *testing.B) {
	op := minimalPolynomialOperation()
	for _, c := range []struct {
		name string
		F    *gf
	}{
		{"q=2^64", extension(big.NewInt(2), 64, 10)},
		{"q=(2^61-1)^16", extension(mersenne(61), 16, 11)},
		{"q=(2^127-1)^8", extension(mersenne(127), 8, 12)},
	} {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(18, 19))
			q := ElementRequest{Field: c.F.toField(), Element: c.F.toElement(c.F.random(rng))}
			for b.Loop() {
				if _, err := op.Run(context.Background(), q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// groupBenchFields are the fields of the multiplicative group's
// benchmarks: q − 1 of 64 bits with 7 prime factors (2^64 − 1), of 80
// bits, and of 62 bits over an extension.
func groupBenchFields() []struct {
	name string
	F    *gf
} {
	return []struct {
		name string
		F    *gf
	}{
		{"q=2^64", extension(big.NewInt(2), 64, 10)},
		{"q=precprime(2^80)", newGF(mustBig("1208925819614629174706111"), 1, nil)},
		{"q=(2^31-1)^2", extension(mersenne(31), 2, 13)},
	}
}

// BenchmarkPrimitiveElement finds the least primitive element (q − 1
// factored each time, as a request does).
func BenchmarkPrimitiveElement(b *testing.B) {
	op := primitiveElementOperation()
	for _, c := range groupBenchFields() {
		b.Run(c.name, func(b *testing.B) {
			q := PrimitiveElementRequest{Field: c.F.toField()}
			for b.Loop() {
				if _, err := op.Run(context.Background(), q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPrimitivity decides the primitivity of a seeded random element
// (q − 1 factored each time, as a request does): the witness search runs
// over every prime of q − 1 when the element is primitive, and stops at
// the first that fails otherwise.
func BenchmarkPrimitivity(b *testing.B) {
	op := primitivityOperation()
	for _, c := range groupBenchFields() {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(20, 21))
			q := ElementRequest{Field: c.F.toField(), Element: c.F.toElement(c.F.random(rng))}
			for b.Loop() {
				if _, err := op.Run(context.Background(), q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRoot takes square and cube roots of k-th powers (the
// operation's Run, certification included).
func BenchmarkRoot(b *testing.B) {
	op := rootOperation()
	for _, c := range []struct {
		name string
		F    *gf
		k    int
	}{
		{"q=2^61-1/k=2", newGF(mersenne(61), 1, nil), 2},
		{"q=2^521-1/k=2", newGF(mersenne(521), 1, nil), 2},
		{"q=(2^31-1)^4/k=3", extension(mersenne(31), 4, 14), 3},
	} {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(20, 21))
			a := c.F.powRightToLeft(c.F.random(rng), big.NewInt(int64(c.k)))
			q := RootRequest{Field: c.F.toField(), Element: c.F.toElement(a), K: c.k}
			for b.Loop() {
				if _, err := op.Run(context.Background(), q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDiscreteLog takes logarithms of random powers (the operation's
// Run: certification, the base's order, Pohlig–Hellman and baby-step
// giant-step), over a prime with a 40-bit prime in p − 1, over a 64-bit
// safe prime (index calculus) and over GF(2^64).
func BenchmarkDiscreteLog(b *testing.B) {
	op := discreteLogOperation()
	for _, c := range []struct {
		name string
		F    *gf
	}{
		// PARI/GP 2.15: 2199023253587 − 1 = 2·1099511626793, both prime factors proven.
		{"p=2199023253587", newGF(mustBig("2199023253587"), 1, nil)},
		// PARI/GP 2.15: 13835058055282165379 = 2·6917529027641082689 + 1, both prime (index calculus).
		{"p=13835058055282165379", newGF(mustBig("13835058055282165379"), 1, nil)},
		{"q=2^64", extension(big.NewInt(2), 64, 10)},
	} {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(22, 23))
			g := c.F.random(rng)
			h := c.F.powRightToLeft(g, randomBelow(rng, c.F.q))
			q := DiscreteLogRequest{Field: c.F.toField(), Base: c.F.toElement(g), Element: c.F.toElement(h)}
			for b.Loop() {
				if _, err := op.Run(context.Background(), q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIrreduciblePolynomial runs the search (the operation's Run:
// certification, p^n − 1 factored for the primitive ones, the canonical
// search) over GF(2) at degree 100 and over GF(65521) at the work limit
// (degree 16) and for a primitive quartic, which passes every binomial.
func BenchmarkIrreduciblePolynomial(b *testing.B) {
	op := irreduciblePolynomialOperation()
	for _, c := range []struct {
		p         int64
		n         int
		primitive bool
	}{{2, 100, false}, {65521, 16, false}, {65521, 4, true}} {
		b.Run(fmt.Sprintf("p=%d/n=%d/primitive=%v", c.p, c.n, c.primitive), func(b *testing.B) {
			q := IrreduciblePolynomialRequest{Characteristic: core.Int(big.NewInt(c.p)), Degree: c.n, Primitive: c.primitive}
			for b.Loop() {
				if _, err := op.Run(context.Background(), q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWordIrreducibility is Rabin's test on words over GF(10007), by
// composed Frobenius powers and by one powering a degree, on irreducible
// inputs of the degrees the factors of the degree-500 and degree-2000
// peer cases have.
func BenchmarkWordIrreducibility(b *testing.B) {
	B := newGF(big.NewInt(10007), 1, nil)
	w := newWordFactorer(10007)
	for _, n := range []int{80, 150, 300, 1200} {
		rng := rand.New(rand.NewPCG(11, uint64(n)))
		g := B.toWords(scalarPoly(elem(randomIrreducible(context.Background(), rng, B, n))))
		for _, m := range []struct {
			name string
			test func(context.Context, []uint64) (bool, error)
		}{{"composed", w.irreducibleComposed}, {"powers", w.irreducibleByPowers}} {
			if m.name == "powers" && n > 300 {
				continue
			}
			b.Run(fmt.Sprintf("%s/deg=%d", m.name, n), func(b *testing.B) {
				for b.Loop() {
					if ok, err := m.test(context.Background(), g); err != nil || !ok {
						b.Fatal("not irreducible", err)
					}
				}
			})
		}
	}
}
