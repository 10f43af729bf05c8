package integer

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
	"jacobian.dev/core/primality"
)

// TestPARIModSqrt: the roots agree with PARI/GP 2.15's (testdata/
// modsqrt.txt: odd primes, products of two primes, odd prime powers and
// every n up to 3000, made by generate.sh).
func TestPARIModSqrt(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "modsqrt.txt", 50, readCases(t, "modsqrt.txt")) {
		var r ModSqrtResult
		runValue(t, rt, "integer.compute.modular_sqrt", fmt.Sprintf(`{"a":"%s","modulus":"%s"}`, c[0], c[1]), &r)
		var got []string
		for _, x := range r.Roots {
			got = append(got, x.String())
		}
		want := strings.Join(c[2:], " ")
		if want == "none" {
			want = ""
		}
		if r.Status != RootsComplete || strings.Join(got, " ") != want {
			t.Errorf("√%s mod %s = %s %v, PARI says %s", c[0], c[1], r.Status, got, want)
		}
	}
}

// TestModSqrtExhaustive: for every modulus below 400 and every residue,
// the roots are exactly those found by squaring every x.
func TestModSqrtExhaustive(t *testing.T) {
	ctx := context.Background()
	for n := int64(1); n < 400; n++ {
		for a := int64(0); a < n; a++ {
			var want []string
			for x := int64(0); x < n; x++ {
				if x*x%n == a {
					want = append(want, fmt.Sprint(x))
				}
			}
			r, err := modSqrt(ctx, big.NewInt(a), big.NewInt(n))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, x := range r.Roots {
				got = append(got, x.String())
			}
			if strings.Join(got, " ") != strings.Join(want, " ") || r.Count.Big().Int64() != int64(len(want)) {
				t.Fatalf("√%d mod %d = %v (count %v), want %v", a, n, got, r.Count, want)
			}
		}
	}
}

// TestModSqrtLarge: modulo products of prime powers and a large prime the roots
// square to a and their number is the product over the prime powers
// (2 for each odd prime, 4 for 2^e, e ≥ 3), and the postcondition passes.
func TestModSqrtLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	ctx := context.Background()
	for range 30 {
		n := big.NewInt(8)
		want := int64(4)
		// Small prime powers, which rho splits off at once, and one large
		// prime.
		for range rng.IntN(3) + 1 {
			p := randomPrime(rng, rng.IntN(30)+3)
			n.Mul(n, new(big.Int).Exp(p, big.NewInt(int64(rng.IntN(3)+1)), nil))
			want *= 2
		}
		n.Mul(n, randomPrime(rng, 200))
		want *= 2
		x := randomInt(rng, 300)
		x.SetBit(x, 0, 1)
		a := new(big.Int).Mul(x, x)
		if new(big.Int).GCD(nil, nil, a, n).Cmp(big.NewInt(1)) != 0 {
			continue
		}
		q := ModSqrtRequest{core.Int(a), core.Int(n)}
		r, err := modSqrt(ctx, a, n)
		if err != nil {
			t.Fatal(err)
		}
		if r.Count.Big().Int64() != want {
			t.Errorf("%d roots of a unit square modulo 8·(odd prime powers), want %d", r.Count.Big().Int64(), want)
		}
		if err := checkModSqrt(ctx, q, r); err != nil {
			t.Error(err)
		}
		if !containsInt(r.Roots, new(big.Int).Mod(x, n)) {
			t.Errorf("the known root x is missing")
		}
	}
}

func containsInt(xs []core.Integer, y *big.Int) bool {
	for _, x := range xs {
		if x.Big().Cmp(y) == 0 {
			return true
		}
	}
	return false
}

// BenchmarkModSqrt: a prime modulus (Tonelli–Shanks on p ≡ 1 mod 8, the
// slowest case), 100-digit primes by class modulo 8, and a product of
// two primes that must be factored (the smaller within rho's reach, so
// factoring does not dominate).
func BenchmarkModSqrt(b *testing.B) {
	for _, bits := range []int{64, 256, 1024} {
		rng := rand.New(rand.NewPCG(73, uint64(bits)))
		p := randomPrime(rng, bits)
		for p.Bit(1) != 0 || p.Bit(2) != 0 {
			p = randomPrime(rng, bits)
		}
		x := randomInt(rng, bits-1)
		a := new(big.Int).Mul(x, x)
		b.Run(fmt.Sprintf("prime=%dbits", bits), func(b *testing.B) {
			for b.Loop() {
				modSqrt(context.Background(), a, p)
			}
		})
	}
	// A 100-digit prime in each class that takes its own route: p ≡ 3
	// mod 8 (as p ≡ 3 mod 4) one power, p ≡ 5 mod 8 one power and the
	// base-2 round's 2^q, p ≡ 1 mod 8 two powers (for the half of the
	// squares whose a^q is not 1, taken here).
	rng := rand.New(rand.NewPCG(75, 0))
	for _, class := range []uint{3, 5, 1} {
		p := randomPrime(rng, 333)
		for p.Bits()[0]&7 != big.Word(class) {
			p = randomPrime(rng, 333)
		}
		// A square whose a^q, q the odd part of p − 1, is not 1, so
		// that Tonelli–Shanks needs its power of a non-residue.
		q := new(big.Int).Sub(p, big.NewInt(1))
		q.Rsh(q, q.TrailingZeroBits())
		a := new(big.Int)
		for {
			x := randomInt(rng, 320)
			a.Mul(x, x).Mod(a, p)
			if class == 3 || new(big.Int).Exp(a, q, p).Cmp(big.NewInt(1)) != 0 {
				break
			}
		}
		b.Run(fmt.Sprintf("prime=333bits/mod8=%d", class), func(b *testing.B) {
			for b.Loop() {
				modSqrt(context.Background(), a, p)
			}
		})
	}
	rng = rand.New(rand.NewPCG(74, 0))
	n := new(big.Int).Mul(randomPrime(rng, 40), randomPrime(rng, 160))
	a := new(big.Int).Exp(randomInt(rng, 150), big.NewInt(2), n)
	b.Run("semiprime=200bits/p=40bits", func(b *testing.B) {
		for b.Loop() {
			modSqrt(context.Background(), a, n)
		}
	})
}

// TestSqrtModPrimeAgainstMathBig: modulo seeded random primes of 65 to
// 760 bits in every class modulo 16 (so 2-adic orders e = 1 to 4 and
// more of p − 1 all occur), the Montgomery route of sqrtModPrime (its
// result unchecked, tonelliShanks) finds a root of every square and
// none of a non-square, as big.Int.ModSqrt does; and moduli of one word
// take big.Int.ModSqrt's route.
func TestSqrtModPrimeAgainstMathBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	seen := map[uint]bool{}
	for range 200 {
		p := randomPrime(rng, 60+rng.IntN(700))
		if p.BitLen() <= 64 {
			continue
		}
		pm1 := new(big.Int).Sub(p, big.NewInt(1))
		seen[min(pm1.TrailingZeroBits(), 5)] = true
		a := new(big.Int).Rand(rng2big(rng), p)
		if a.Sign() == 0 {
			a.SetInt64(1)
		}
		if rng.IntN(2) == 0 {
			a.Mul(a, a).Mod(a, p)
		}
		// Half the time the arithmetic is the primality test's, so that
		// p ≡ 5 mod 8 takes the base-2 round's power of 2 (PowTwoOdd).
		m, ok := primality.NewMontgomery(p)
		if _, _, mt := primality.TestMontgomery(p); mt != nil && rng.IntN(2) == 0 {
			m = mt
		}
		if !ok {
			t.Fatalf("no Montgomery arithmetic modulo %v", p)
		}
		got, ok := tonelliShanks(m, a, p)
		if !ok {
			t.Fatalf("no non-residue modulo %v", p)
		}
		want := new(big.Int).ModSqrt(a, p)
		if (got == nil) != (want == nil) {
			t.Fatalf("sqrt of %v mod %v: %v, math/big %v", a, p, got, want)
		}
		if got == nil {
			continue
		}
		if got.Sign() < 0 || got.Cmp(p) >= 0 {
			t.Fatalf("sqrt of %v mod %v: %v is out of range", a, p, got)
		}
		if sq := new(big.Int).Mul(got, got); sq.Mod(sq, p).Cmp(a) != 0 {
			t.Fatalf("sqrt of %v mod %v: %v does not square to it", a, p, got)
		}
	}
	for e := uint(1); e <= 5; e++ {
		if !seen[e] {
			t.Errorf("no prime with p − 1 divisible by exactly 2^%d (or more, for 5)", e)
		}
	}
	if r := sqrtModPrime(big.NewInt(2), big.NewInt(7), nil); r == nil || r.Int64()*r.Int64()%7 != 2 {
		t.Errorf("sqrt of 2 mod 7: %v", r)
	}
}

// TestTonelliShanksSquares: modulo seeded random products n = p₁·p₂ of
// 65 to 200 bits, every root tonelliShanks returns squares to a, which
// is why sqrtModPrime does not check it: x² ≡ a·b is kept modulo any
// odd modulus. So that roots come out, p₁ ≡ p₂ ≡ 1 modulo an odd h,
// which then divides λ(n) and the odd part q of n − 1, and a =
// x^(2λ/g), g = gcd(λ, q), has a^q ≡ 1 (b = 1 at once) with a root
// x^(λ/g) among others; random a, mostly without roots, come between.
func TestTonelliShanksSquares(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	roots := 0
	for i := range 600 {
		h := big.NewInt(int64(2*rng.IntN(1<<12) + 3))
		prime := func() *big.Int {
			for {
				p := randomInt(rng, 30+rng.IntN(70))
				p.Mul(p, h).Lsh(p, 1).Add(p, big.NewInt(1))
				if p.ProbablyPrime(10) {
					return p
				}
			}
		}
		p1, p2 := prime(), prime()
		n := new(big.Int).Mul(p1, p2)
		m, ok := primality.NewMontgomery(n)
		if !ok || p1.Cmp(p2) == 0 {
			continue
		}
		x := new(big.Int).Rand(rng2big(rng), n)
		a := new(big.Int).Mul(x, x)
		if i%3 != 0 {
			one := big.NewInt(1)
			lambda := new(big.Int).Mul(new(big.Int).Sub(p1, one), new(big.Int).Sub(p2, one))
			lambda.Quo(lambda, new(big.Int).GCD(nil, nil, new(big.Int).Sub(p1, one), new(big.Int).Sub(p2, one)))
			q := new(big.Int).Sub(n, one)
			q.Rsh(q, q.TrailingZeroBits())
			g := new(big.Int).GCD(nil, nil, lambda, q)
			a.Exp(x, new(big.Int).Lsh(lambda.Quo(lambda, g), 1), n)
		}
		a.Mod(a, n)
		if a.Sign() == 0 {
			continue
		}
		r, _ := tonelliShanks(m, a, n)
		if r == nil {
			continue
		}
		if a.Cmp(big.NewInt(1)) != 0 {
			roots++
		}
		if sq := new(big.Int).Mul(r, r); sq.Mod(sq, n).Cmp(a) != 0 {
			t.Fatalf("tonelliShanks(%v, %v) = %v, which does not square to it", a, n, r)
		}
	}
	if roots < 100 {
		t.Errorf("only %d roots of a ≠ 1 modulo composites: the test checks too little", roots)
	}
}

// TestCheckModSqrtSquares: the postcondition squares only the lower half
// of the roots, the rest following from the pairing, and still refuses
// a pair or a middle root that does not square to a.
func TestCheckModSqrtSquares(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		a, n  int64
		roots []int64
	}{
		{4, 15, []int64{1, 14}},
		{4, 15, []int64{3, 12}},
		{1, 8, []int64{1, 3, 4, 5, 7}}, // 4 = 8 − 4 is the middle
		{1, 9, []int64{0}},
	} {
		var roots []core.Integer
		for _, x := range c.roots {
			roots = append(roots, core.Int64(x))
		}
		count := core.Int64(int64(len(roots)))
		q := ModSqrtRequest{core.Int64(c.a), core.Int64(c.n)}
		err := checkModSqrt(ctx, q, ModSqrtResult{Status: RootsComplete, Count: &count, Roots: roots})
		if err == nil || !strings.Contains(err.Error(), "≢ a") {
			t.Errorf("roots %v of %d modulo %d: %v, want a root refused", c.roots, c.a, c.n, err)
		}
	}
}

// TestCheckModSqrtNegationClosure: the postcondition accepts the roots
// of 4 modulo 15 and of 0 modulo 9 (0 its own negative), and refuses
// lists that are ascending roots of a but miss a negative.
func TestCheckModSqrtNegationClosure(t *testing.T) {
	ctx := context.Background()
	ints := func(xs ...int64) []core.Integer {
		var out []core.Integer
		for _, x := range xs {
			out = append(out, core.Int64(x))
		}
		return out
	}
	for _, c := range []struct {
		a, n  int64
		roots []core.Integer
		ok    bool
	}{
		{4, 15, ints(2, 7, 8, 13), true},
		{0, 9, ints(0, 3, 6), true},
		{4, 15, ints(2, 7, 8), false},
		{4, 15, ints(7, 8, 13), false},
		{0, 9, ints(0, 3), false},
	} {
		count := core.Int64(int64(len(c.roots)))
		q := ModSqrtRequest{core.Int64(c.a), core.Int64(c.n)}
		// The closure is checked before the count by trial, so a
		// refusal here is the closure's.
		err := checkModSqrt(ctx, q, ModSqrtResult{Status: RootsComplete, Count: &count, Roots: c.roots})
		if (err == nil) != c.ok {
			t.Errorf("roots %v of %d modulo %d: %v", c.roots, c.a, c.n, err)
		} else if err != nil && !strings.Contains(err.Error(), "listed but not") {
			t.Errorf("roots %v of %d modulo %d: %v, want the closure refused", c.roots, c.a, c.n, err)
		}
	}
}

// TestCombineRootsOneSet: modulo seeded prime powers p^e (p = 2, odd
// primes of one to four words, e up to 4) and residues a (squares,
// non-squares, 0 and multiples of p), combineRoots gives the roots of
// the one residue set as the Chinese remainder combination
// (combineRootsCRT) does.
func TestCombineRootsOneSet(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(81, 82))
	for i := range 400 {
		p := big.NewInt(2)
		if i%8 != 0 {
			p = randomPrime(rng, 2+rng.IntN(250))
		}
		e := 1 + rng.IntN(4)
		q := new(big.Int).Exp(p, big.NewInt(int64(e)), nil)
		a := new(big.Int).Rand(rng2big(rng), q)
		switch rng.IntN(4) {
		case 0:
			a.Mul(a, a).Mod(a, q)
		case 1:
			a.Mul(a, p).Mod(a, q)
		case 2:
			a.SetInt64(0)
		}
		s := sqrtPrimePower(a, p, e, nil)
		if len(s.roots) == 0 {
			continue
		}
		got, err := combineRoots(ctx, []residueSet{s}, q)
		if err != nil {
			t.Fatal(err)
		}
		want, err := combineRootsCRT(ctx, []residueSet{s}, q)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(got, want, func(x, y *big.Int) bool { return x.Cmp(y) == 0 }) {
			t.Fatalf("roots of %v mod %v^%d: %v, by the CRT %v", a, p, e, got, want)
		}
	}
}

// TestSqrtPrimeAgainstAny: modulo p = 2, 3, 5, 7 and seeded primes of up
// to 800 bits, for 0, multiples of p, ±1, squares, non-squares and
// random residues, sqrtPrime gives the residue set of the general prime
// power route with e = 1 (sqrtPrimePowerAny): modulus, roots and count.
func TestSqrtPrimeAgainstAny(t *testing.T) {
	rng := rand.New(rand.NewPCG(83, 84))
	primes := []*big.Int{big.NewInt(2), big.NewInt(3), big.NewInt(5), big.NewInt(7)}
	for range 300 {
		primes = append(primes, randomPrime(rng, 2+rng.IntN(800)))
	}
	same := func(x, y *big.Int) bool { return x.Cmp(y) == 0 }
	for _, p := range primes {
		var m *primality.Montgomery
		if rng.IntN(2) == 0 {
			m, _ = primality.NewMontgomery(p)
		}
		x := new(big.Int).Rand(rng2big(rng), p)
		as := []*big.Int{
			big.NewInt(0), new(big.Int).Set(p), new(big.Int).Mul(p, big.NewInt(-3)),
			big.NewInt(1), big.NewInt(-1), new(big.Int).Mul(x, x),
			new(big.Int).Rand(rng2big(rng), p), new(big.Int).Neg(x),
		}
		for _, a := range as {
			got, want := sqrtPrime(a, p, m), sqrtPrimePowerAny(a, p, 1, m)
			if got.q.Cmp(want.q) != 0 || got.count.Cmp(want.count) != 0 || !slices.EqualFunc(got.roots, want.roots, same) {
				t.Fatalf("roots of %v mod %v: %v (count %v), by the prime power route %v (count %v)", a, p, got.roots, got.count, want.roots, want.count)
			}
		}
	}
}
