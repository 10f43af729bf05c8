package integer

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// TestPARIOrder: orders agree with PARI/GP 2.15's znorder
// (testdata/order.txt, made by generate.sh).
func TestPARIOrder(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "order.txt", 50, readCases(t, "order.txt")) {
		var r OrderResult
		runValue(t, rt, "integer.compute.multiplicative_order", fmt.Sprintf(`{"a":"%s","modulus":"%s"}`, c[0], c[1]), &r)
		if r.Status != Complete || r.Order.String() != c[2] {
			t.Errorf("order of %s mod %s = %s %v, PARI says %s", c[0], c[1], r.Status, r.Order, c[2])
		}
	}
}

// TestPARIPrimitiveRoot: the least primitive root and φ(n), or none,
// agree with PARI/GP 2.15 (the least found by znorder, testdata/
// primroot.txt).
func TestPARIPrimitiveRoot(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "primroot.txt", 50, readCases(t, "primroot.txt")) {
		var r PrimitiveRootResult
		runValue(t, rt, "integer.compute.primitive_root", fmt.Sprintf(`{"modulus":"%s"}`, c[0]), &r)
		got := "none"
		if r.Exists != nil && *r.Exists {
			got = r.Root.String() + " " + r.Order.String()
		}
		want := c[1]
		if len(c) > 2 {
			want += " " + c[2]
		}
		if r.Status != Complete || got != want {
			t.Errorf("primitive root mod %s = %s %s, PARI says %s", c[0], r.Status, got, want)
		}
	}
}

// TestPARIDiscreteLog: logarithms and their absence agree with PARI/GP
// 2.15's znlog (testdata/dlog.txt); a case whose order has a prime above
// 2^36 may be INCOMPLETE, naming that prime, but most complete.
func TestPARIDiscreteLog(t *testing.T) {
	rt := newRuntime(t)
	complete := 0
	for _, c := range conformance.AtLeast(t, "dlog.txt", 50, readCases(t, "dlog.txt")) {
		var r DiscreteLogResult
		runValue(t, rt, "integer.compute.discrete_log", fmt.Sprintf(`{"base":"%s","value":"%s","modulus":"%s"}`, c[0], c[1], c[2]), &r)
		if r.Status == Incomplete {
			if r.OutOfReach == nil || r.OutOfReach.Big().BitLen() <= MaxLogPrimeBits {
				t.Errorf("log %s base %s mod %s: INCOMPLETE without a prime out of reach", c[1], c[0], c[2])
			}
			continue
		}
		complete++
		got := "none"
		if *r.Exists {
			got = r.Logarithm.String()
		}
		if got != c[3] || r.Order.String() != c[4] {
			t.Errorf("log %s base %s mod %s = %s (order %v), PARI says %s (order %s)", c[1], c[0], c[2], got, r.Order, c[3], c[4])
		}
	}
	if complete < 30 {
		t.Errorf("only %d of the PARI cases completed", complete)
	}
}

// TestUnitGroupExhaustive: for every n below 300, the order of every unit
// is the least k found by repeated multiplication, the primitive root
// (when the group is cyclic) is the least unit of order φ(n), and the
// discrete logarithm of every unit to base g (the least unit of largest
// order) is the least x found by stepping through the powers.
func TestUnitGroupExhaustive(t *testing.T) {
	ctx := context.Background()
	for n := int64(1); n < 300; n++ {
		g, un, err := unitGroupOf(ctx, big.NewInt(n))
		if err != nil || un != nil {
			t.Fatal(n, err, un)
		}
		best, bestOrder := int64(0), int64(0)
		phi := int64(0)
		for a := int64(0); a < n; a++ {
			if gcdInt64(a, n) != 1 && n != 1 {
				continue
			}
			phi++
			k, x := int64(1), a%n
			for x != 1%n {
				x = x * a % n
				k++
			}
			if got := g.order(big.NewInt(a)).Int64(); got != k {
				t.Fatalf("order of %d mod %d = %d, by stepping %d", a, n, got, k)
			}
			if k > bestOrder {
				best, bestOrder = a, k
			}
		}
		r, err := g.leastPrimitiveRoot(ctx)
		cyclic := isCyclic(g.primes)
		if cyclic != (bestOrder == phi) {
			t.Fatalf("n = %d: cyclic %v, but the largest order is %d of φ = %d", n, cyclic, bestOrder, phi)
		}
		if cyclic && (err != nil || r.Int64() != best) {
			t.Fatalf("n = %d: least primitive root %v (%v), want %d", n, r, err, best)
		}
		logs := map[int64]int64{}
		for x, y := int64(0), 1%n; x < bestOrder; x, y = x+1, y*best%n {
			if _, seen := logs[y]; !seen {
				logs[y] = x
			}
		}
		for v := int64(0); v < n; v++ {
			res, err := discreteLog(ctx, DiscreteLogRequest{core.Int64(best), core.Int64(v), core.Int64(n)})
			if err != nil {
				t.Fatal(err)
			}
			want, ok := logs[v]
			if *res.Exists != ok || (ok && res.Logarithm.Big().Int64() != want) {
				t.Fatalf("log %d base %d mod %d = %v %v, want %d %v", v, best, n, *res.Exists, res.Logarithm, want, ok)
			}
		}
	}
}

// TestDiscreteLogLarge: logarithms of known powers modulo 30-digit primes
// whose p − 1 is smooth enough are found and satisfy b^x ≡ v.
func TestDiscreteLogLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 82))
	ctx := context.Background()
	found := 0
	for range 20 {
		p := randomPrime(rng, 100)
		b := randomUnit(rng, p)
		x := randomInt(rng, 90)
		v := new(big.Int).Exp(b, x, p)
		q := DiscreteLogRequest{core.Int(b), core.Int(v), core.Int(p)}
		r, err := discreteLog(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status == Incomplete {
			continue
		}
		found++
		if !*r.Exists {
			t.Fatalf("no log of a known power %v^%v mod %v", b, x, p)
		}
		if err := checkDiscreteLog(ctx, q, r); err != nil {
			t.Fatal(err)
		}
		if new(big.Int).Mod(x, r.Order.Big()).Cmp(r.Logarithm.Big()) != 0 {
			t.Fatalf("the least log is %v, but %v mod order = %v", r.Logarithm, x, new(big.Int).Mod(x, r.Order.Big()))
		}
	}
	t.Logf("%d of 20 within reach", found)
}

// BenchmarkDiscreteLog: moduli whose group order has largest prime about
// 2^20 and 2^32 (PARI/GP's znlog for comparison), and BenchmarkPrimitiveRoot
// on a 30-digit prime.
func BenchmarkDiscreteLog(b *testing.B) {
	for _, bits := range []int{20, 32} {
		rng := rand.New(rand.NewPCG(83, uint64(bits)))
		// p = 2·q·r + 1 with q, r primes of the given size.
		var p *big.Int
		for {
			q, r := randomPrime(rng, bits), randomPrime(rng, bits)
			p = new(big.Int).Mul(q, r)
			p.Lsh(p, 1).Add(p, big.NewInt(1))
			if p.ProbablyPrime(20) {
				break
			}
		}
		g, _, _ := unitGroupOf(context.Background(), p)
		root, _ := g.leastPrimitiveRoot(context.Background())
		v := new(big.Int).Exp(root, randomInt(rng, 2*bits), p)
		q := DiscreteLogRequest{core.Int(root), core.Int(v), core.Int(p)}
		b.Run(fmt.Sprintf("p=2qr+1/q=%dbits", bits), func(b *testing.B) {
			for b.Loop() {
				if r, err := discreteLog(context.Background(), q); err != nil || !*r.Exists {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestPrimitiveRootPostconditionCatches: the postcondition refuses a
// claimed factorization of φ(n) that drops a prime, lists a composite
// (13·17 for 221 = 13·17 in the order of a prime p with 221 | p − 1),
// changes an exponent or breaks the ascending order, and a root whose
// order is a proper divisor of φ(n).
func TestPrimitiveRootPostconditionCatches(t *testing.T) {
	ctx := context.Background()
	op := primitiveRootOperation()
	// p = 2·3·13·17·k + 1, prime, with p − 1 divisible by 13·17.
	p := big.NewInt(0)
	for k := int64(1e12); ; k++ {
		p.SetInt64(2*3*13*17*k + 1)
		if p.ProbablyPrime(20) {
			break
		}
	}
	q := PrimitiveRootRequest{Modulus: core.Int(p)}
	r, err := op.Run(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if err := op.Postcondition(ctx, q, r); err != nil {
		t.Fatal(err)
	}
	if len(r.OrderPrimes) < 3 {
		t.Fatalf("φ(%v) has primes %v", p, r.OrderPrimes)
	}
	with := func(f func(fs []OrderPrime) []OrderPrime) PrimitiveRootResult {
		t := r
		t.OrderPrimes = f(slices.Clone(r.OrderPrimes))
		return t
	}
	idx := func(fs []OrderPrime, v int64) int {
		return slices.IndexFunc(fs, func(f OrderPrime) bool { return f.Prime.Big().Cmp(big.NewInt(v)) == 0 })
	}
	bad := map[string]PrimitiveRootResult{
		"dropped prime": with(func(fs []OrderPrime) []OrderPrime { return fs[1:] }),
		"composite 221": with(func(fs []OrderPrime) []OrderPrime {
			i, j := idx(fs, 13), idx(fs, 17)
			if fs[i].Exponent != 1 || fs[j].Exponent != 1 {
				t.Fatalf("13 and 17 divide φ(%v) more than once", p)
			}
			fs = slices.Delete(fs, i, j+1) // adjacent: no prime lies between
			k := slices.IndexFunc(fs, func(f OrderPrime) bool { return f.Prime.Big().Cmp(big.NewInt(221)) > 0 })
			if k < 0 {
				k = len(fs)
			}
			return slices.Insert(fs, k, OrderPrime{core.Int64(221), 1})
		}),
		"exponent": with(func(fs []OrderPrime) []OrderPrime { fs[0].Exponent++; return fs }),
		"order":    with(func(fs []OrderPrime) []OrderPrime { fs[0], fs[1] = fs[1], fs[0]; return fs }),
	}
	square := r
	sq := core.Int(new(big.Int).Exp(r.Root.Big(), big.NewInt(2), p))
	square.Root = &sq
	bad["a square as root"] = square
	for name, b := range bad {
		if err := op.Postcondition(ctx, q, b); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func BenchmarkPrimitiveRoot(b *testing.B) {
	p, _ := new(big.Int).SetString("1000000000000000000000000000057", 10) // nextprime(10^30)
	for b.Loop() {
		g, _, _ := unitGroupOf(context.Background(), p)
		g.leastPrimitiveRoot(context.Background())
	}
}
