package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// The PARI/GP 2.15 reference cases of the counting, combinatorial and
// continued-fraction operations (testdata/pari_reference.gp, the section
// seeded 20261203), each through the whole pipeline.

// pariModulus is the prime 10^30 + 57 the large reference values are
// recorded modulo.
var pariModulus, _ = new(big.Int).SetString("1000000000000000000000000000057", 10)

// digitsAndResidue is the digit count of |x| and x mod 10^30 + 57, as
// testdata records large values.
func digitsAndResidue(x *big.Int) (string, string) {
	return strconv.Itoa(len(new(big.Int).Abs(x).String())), new(big.Int).Mod(x, pariModulus).String()
}

func TestPARIPrimeCount(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "primecount.txt", 50, readCases(t, "primecount.txt")) {
		var r PrimeCountResult
		runValue(t, rt, "integer.compute.prime_count", fmt.Sprintf(`{"x":"%s"}`, c[0]), &r)
		if r.Count.String() != c[1] {
			t.Errorf("π(%s) = %v, PARI says %s", c[0], r.Count, c[1])
		}
	}
}

func TestPARINthPrime(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "nthprime.txt", 50, readCases(t, "nthprime.txt")) {
		var r NthPrimeResult
		runValue(t, rt, "integer.compute.nth_prime", fmt.Sprintf(`{"n":"%s"}`, c[0]), &r)
		if r.Prime.String() != c[1] {
			t.Errorf("prime(%s) = %v, PARI says %s", c[0], r.Prime, c[1])
		}
	}
}

// TestPrimeCountKnownValues: π(10^k) from the published table (OEIS
// A006880); π(10^12) and π(10^13), the latter at the operation's limit,
// are checked by BenchmarkPrimeCount, beyond a test package's time budget.
func TestPrimeCountKnownValues(t *testing.T) {
	want := map[uint64]uint64{
		1e10: 455052511,
		1e11: 4118054813,
	}
	for x, c := range want {
		got, err := primePi(context.Background(), x)
		if err != nil || got != c {
			t.Errorf("π(%d) = %d (%v), want %d", x, got, err, c)
		}
	}
}

// TestPrimeCountAgainstSieve compares the table of small primes and the
// tabulated Legendre sieve with the sieve of Eratosthenes for every
// x ≤ 5000 and at seeded random x up to 2·10^6, the n-th prime from the
// table and by counting with the sieve's list, and the table with the
// Legendre sieve and the counting walk where the table ends.
func TestPrimeCountAgainstSieve(t *testing.T) {
	ctx := context.Background()
	composite := eratosthenes(2_000_000)
	count := make([]uint64, len(composite))
	var primes []uint64
	for v := 2; v < len(composite); v++ {
		count[v] = count[v-1]
		if !composite[v] {
			count[v]++
			primes = append(primes, uint64(v))
		}
	}
	for x := uint64(0); x <= 5000; x++ {
		got, _ := primePi(ctx, x)
		bySieve := uint64(0)
		if x >= 2 {
			bySieve, _ = primePiBySieve(ctx, x)
		}
		if got != count[x] || bySieve != count[x] {
			t.Fatalf("π(%d) = %d from the table, %d by the Legendre sieve; Eratosthenes says %d", x, got, bySieve, count[x])
		}
	}
	rng := rand.New(rand.NewPCG(12, 1))
	for range 200 {
		x := 2 + rng.Uint64N(uint64(len(composite)-2))
		got, _ := primePi(ctx, x)
		bySieve, _ := primePiBySieve(ctx, x)
		if got != count[x] || bySieve != count[x] {
			t.Fatalf("π(%d) = %d from the table, %d by the Legendre sieve; Eratosthenes says %d", x, got, bySieve, count[x])
		}
		n := 1 + rng.Uint64N(uint64(len(primes)))
		if got, _ := nthPrime(ctx, n); got != primes[n-1] {
			t.Fatalf("p_%d = %d, the sieve says %d", n, got, primes[n-1])
		}
		if n > 10_000 {
			if got, _ := nthPrimeByCounting(ctx, n); got != primes[n-1] {
				t.Fatalf("p_%d = %d by counting, the sieve says %d", n, got, primes[n-1])
			}
		}
	}
	// Where the table ends: it holds p_n for n ≤ count, all below 2^24.
	tab := smallPrimes()
	for x := uint64(smallPrimeLimit - 300); x < smallPrimeLimit+300; x += 37 {
		got, _ := primePi(ctx, x)
		bySieve, _ := primePiBySieve(ctx, x)
		if got != bySieve {
			t.Errorf("π(%d) = %d, the Legendre sieve says %d", x, got, bySieve)
		}
	}
	for n := tab.count - 3; n <= tab.count+3; n++ {
		got, _ := nthPrime(ctx, n)
		want, _ := nthPrimeByCounting(ctx, n)
		if got != want {
			t.Errorf("p_%d = %d, by counting %d", n, got, want)
		}
	}
	if last := tab.nth(tab.count); last >= smallPrimeLimit || !isPrimeBySieve(last) {
		t.Errorf("the table's last prime is %d", last)
	}
}

// isPrimeBySieve decides primality by the plain sieve of Eratosthenes.
func isPrimeBySieve(x uint64) bool { return x >= 2 && !eratosthenes(x)[x] }

// TestNthPrimeInvertsPrimeCount: π(p_n) = n and p_n is prime, at seeded
// n up to 10^10.
func TestNthPrimeInvertsPrimeCount(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(12, 2))
	for range 6 {
		n := 1 + rng.Uint64N(1<<(10+rng.IntN(23)))
		p, err := nthPrime(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := primePi(ctx, p)
		c1, _ := primePi(ctx, p-1)
		if c != n || c1 != n-1 {
			t.Errorf("p_%d = %d but π(p) = %d, π(p − 1) = %d", n, p, c, c1)
		}
	}
}

func TestPARIBinomial(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "binomial.txt", 50, readCases(t, "binomial.txt")) {
		var r BinomialResult
		runValue(t, rt, "integer.compute.binomial", fmt.Sprintf(`{"n":%s,"k":%s}`, c[0], c[1]), &r)
		if d, m := digitsAndResidue(r.Binomial.Big()); d != c[2] || m != c[3] {
			t.Errorf("C(%s, %s): %s digits ≡ %s, PARI says %s digits ≡ %s", c[0], c[1], d, m, c[2], c[3])
		}
	}
}

func TestPARIMultinomial(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "multinomial.txt", 50, readCases(t, "multinomial.txt")) {
		var r MultinomialResult
		runValue(t, rt, "integer.compute.multinomial", fmt.Sprintf(`{"parts":[%s]}`, strings.Join(c[2:], ",")), &r)
		if d, m := digitsAndResidue(r.Multinomial.Big()); d != c[0] || m != c[1] {
			t.Errorf("multinomial%v: %s digits ≡ %s, PARI says %s digits ≡ %s", c[2:], d, m, c[0], c[1])
		}
	}
}

// TestBinomialAgainstProduct compares the Kummer factorization with
// math/big's product formula for every 0 ≤ k ≤ n ≤ 150 and at seeded
// random n up to 5000, and checks Pascal's rule.
func TestBinomialAgainstProduct(t *testing.T) {
	ctx := context.Background()
	for n := 0; n <= 150; n++ {
		for k := -1; k <= n+1; k++ {
			got, _ := binomial(ctx, n, k)
			want := new(big.Int)
			if k >= 0 && k <= n {
				want.Binomial(int64(n), int64(k))
			}
			if got.Cmp(want) != 0 {
				t.Fatalf("C(%d, %d) = %v, the product formula gives %v", n, k, got, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(13, 1))
	for range 40 {
		n := 1 + rng.IntN(5000)
		k := 1 + rng.IntN(n)
		a, _ := binomial(ctx, n, k)
		b, _ := binomial(ctx, n-1, k)
		c, _ := binomial(ctx, n-1, k-1)
		if a.Cmp(new(big.Int).Binomial(int64(n), int64(k))) != 0 || a.Cmp(new(big.Int).Add(b, c)) != 0 {
			t.Fatalf("C(%d, %d) disagrees with the product formula or Pascal's rule", n, k)
		}
		post := binomialOperation().Postcondition
		if err := post(ctx, BinomialRequest{n, k}, BinomialResult{core.Int(a)}); err != nil {
			t.Fatalf("C(%d, %d): the postcondition refuses the right answer: %v", n, k, err)
		}
		if post(ctx, BinomialRequest{n, k}, BinomialResult{core.Int(new(big.Int).Add(a, big.NewInt(1)))}) == nil {
			t.Fatalf("C(%d, %d): the postcondition accepts C + 1", n, k)
		}
	}
}

// TestMultinomialAgainstBinomials compares the Legendre factorization
// with the product of binomials C(k_1 + … + k_i, k_i) on every
// composition of n ≤ 9 into up to four parts (zeros included) and on
// seeded random parts summing to up to 25,000, and checks it against
// n!/∏ k_i! by math/big on small sums.
func TestMultinomialAgainstBinomials(t *testing.T) {
	ctx := context.Background()
	factorial := func(n int) *big.Int { return new(big.Int).MulRange(1, int64(max(n, 1))) }
	var parts []int
	var walk func(left int)
	walk = func(left int) {
		got, _ := multinomial(ctx, parts)
		want, _ := multinomialBinomials(ctx, parts)
		direct := factorial(0)
		sum := 0
		for _, k := range parts {
			sum += k
			direct.Mul(direct, factorial(k))
		}
		direct.Quo(factorial(sum), direct)
		if got.Cmp(want) != 0 || got.Cmp(direct) != 0 {
			t.Fatalf("multinomial%v = %v; binomials give %v, factorials %v", parts, got, want, direct)
		}
		if len(parts) == 4 {
			return
		}
		for k := 0; k <= left; k++ {
			parts = append(parts, k)
			walk(left - k)
			parts = parts[:len(parts)-1]
		}
	}
	walk(9)
	rng := rand.New(rand.NewPCG(29, 3))
	for range 30 {
		parts := make([]int, 1+rng.IntN(12))
		limit := 1 + rng.IntN(MaxMultinomialSum/len(parts))
		for i := range parts {
			parts[i] = rng.IntN(limit + 1)
		}
		got, _ := multinomial(ctx, parts)
		want, _ := multinomialBinomials(ctx, parts)
		if got.Cmp(want) != 0 {
			t.Fatalf("multinomial%v disagrees with the product of binomials", parts)
		}
	}
}

func TestPARIFibonacci(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "fibonacci.txt", 50, readCases(t, "fibonacci.txt")) {
		var r FibonacciResult
		runValue(t, rt, "integer.compute.fibonacci", fmt.Sprintf(`{"n":%s,"lucas":true}`, c[0]), &r)
		fd, fm := digitsAndResidue(r.Fibonacci.Big())
		ld, lm := digitsAndResidue(r.Lucas.Big())
		if fd != c[1] || fm != c[2] || ld != c[3] || lm != c[4] {
			t.Errorf("n = %s: F %s digits ≡ %s, L %s digits ≡ %s; PARI says %v", c[0], fd, fm, ld, lm, c[1:])
		}
	}
}

// TestFibonacciAgainstAddition compares fast doubling with the defining
// recurrence for |n| ≤ 3000.
func TestFibonacciAgainstAddition(t *testing.T) {
	f0, f1 := big.NewInt(0), big.NewInt(1) // F_n, F_(n+1)
	l0, l1 := big.NewInt(2), big.NewInt(1)
	for n := 0; n <= 3000; n++ {
		f, l := fibonacciLucas(n)
		if f.Cmp(f0) != 0 || l.Cmp(l0) != 0 {
			t.Fatalf("n = %d: fast doubling gives (%v, %v), the recurrence (%v, %v)", n, f, l, f0, l0)
		}
		// F_(−n) = (−1)^(n+1) F_n, L_(−n) = (−1)^n L_n.
		fn, ln := fibonacciLucas(-n)
		sf, sl := new(big.Int).Set(f0), new(big.Int).Set(l0)
		if n%2 == 0 {
			sf.Neg(sf)
		} else {
			sl.Neg(sl)
		}
		if fn.Cmp(sf) != 0 || ln.Cmp(sl) != 0 {
			t.Fatalf("n = %d: negative index gives (%v, %v), want (%v, %v)", -n, fn, ln, sf, sl)
		}
		f0, f1 = f1, new(big.Int).Add(f0, f1)
		l0, l1 = l1, new(big.Int).Add(l0, l1)
	}
}

func TestPARIPartitions(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "partitions.txt", 50, readCases(t, "partitions.txt")) {
		var r PartitionsResult
		runValue(t, rt, "integer.compute.partitions", fmt.Sprintf(`{"n":%s}`, c[0]), &r)
		if r.Partitions.String() != c[1] {
			t.Errorf("p(%s) = %v, PARI says %s", c[0], clipped(r.Partitions.Big()), c[1])
		}
	}
}

// TestPartitionsAgainstDivisorSums compares the pentagonal recurrence
// with the divisor-sum recurrence for n ≤ 400, and with a direct count
// of partitions (by largest part) for n ≤ 60.
func TestPartitionsAgainstDivisorSums(t *testing.T) {
	ctx := context.Background()
	for n := 0; n <= 400; n++ {
		got, _ := partitions(ctx, n)
		if want := partitionsBySigma(n); got.Cmp(want) != 0 {
			t.Fatalf("p(%d) = %v, the divisor sums give %v", n, got, want)
		}
	}
	// count(n, m) = partitions of n into parts ≤ m.
	var count func(n, m int) int64
	count = func(n, m int) int64 {
		if n == 0 {
			return 1
		}
		s := int64(0)
		for k := min(n, m); k >= 1; k-- {
			s += count(n-k, k)
		}
		return s
	}
	for n := 0; n <= 60; n++ {
		if got, _ := partitions(ctx, n); !got.IsInt64() || got.Int64() != count(n, n) {
			t.Fatalf("p(%d) = %v, counting gives %d", n, got, count(n, n))
		}
	}
}

// TestPartitionsSeriesAgainstRecurrence compares the Rademacher series
// with Euler's recurrence for every n from 2 to 3000 and for a seeded
// sample up to 20,000.
func TestPartitionsSeriesAgainstRecurrence(t *testing.T) {
	ctx := context.Background()
	table, err := partitionsTable(ctx, 20_000)
	if err != nil {
		t.Fatal(err)
	}
	check := func(n int) {
		got, err := partitionsHRR(ctx, n)
		if err != nil {
			t.Fatalf("p(%d): %v", n, err)
		}
		if got.Cmp(table[n]) != 0 {
			t.Fatalf("p(%d) by the series is %v, the recurrence gives %v", n, clipped(got), clipped(table[n]))
		}
	}
	for n := 2; n <= 3000; n++ {
		check(n)
	}
	rng := rand.New(rand.NewPCG(31, 32))
	for range 100 {
		check(3000 + rng.IntN(17_001))
	}
	check(20_000)
}

// TestSelbergSums checks Selberg's formula A_k(n) = √(k/3)·S_k(n), which
// the series uses, against the definition
// A_k(n) = Σ_{0 ≤ h < k, gcd(h, k) = 1} cos(π s(h, k) − 2πhn/k),
// s(h, k) = Σ_{r=1}^{k−1} (r/k)(hr/k − ⌊hr/k⌋ − 1/2) the Dedekind sum.
func TestSelbergSums(t *testing.T) {
	for k := 1; k <= 60; k++ {
		for n := 0; n < 2*k+3; n++ {
			direct := 0.0
			for h := 0; h < k; h++ {
				if gcdInt(int64(h), int64(k)) != 1 {
					continue
				}
				ded := 0.0
				for r := 1; r < k; r++ {
					x := float64(h*r) / float64(k)
					ded += float64(r) / float64(k) * (x - math.Floor(x) - 0.5)
				}
				direct += math.Cos(math.Pi*ded - 2*math.Pi*float64(h*n)/float64(k))
			}
			s := 0.0
			ls, weight := selbergSolutions(nil, n, k)
			for _, l := range ls {
				c := cosPi64(int64(6*l+1), int64(6*k))
				if l%2 == 1 {
					c = -c
				}
				s += c
			}
			if selberg := math.Sqrt(float64(k)/3) * s * float64(weight); math.Abs(selberg-direct) > 1e-9 {
				t.Fatalf("A_%d(%d): Selberg's formula gives %g, the definition %g", k, n, selberg, direct)
			}
		}
	}
}

func TestPARIBernoulli(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "bernoulli.txt", 50, readCases(t, "bernoulli.txt")) {
		var r BernoulliResult
		runValue(t, rt, "integer.compute.bernoulli", fmt.Sprintf(`{"n":%s}`, c[0]), &r)
		if r.Bernoulli.String() != c[1] {
			t.Errorf("B_%s = %s, PARI says %s", c[0], clipString(r.Bernoulli.String()), clipString(c[1]))
		}
	}
}

// TestBernoulliAgainstRecurrence compares the tangent-number method with
// the binomial recurrence in rationals for n ≤ 120.
func TestBernoulliAgainstRecurrence(t *testing.T) {
	want := bernoulliByRecurrence(120)
	for n := 0; n <= 120; n++ {
		got, _ := bernoulli(context.Background(), n)
		if got.Cmp(want[n]) != 0 {
			t.Fatalf("B_%d = %s, the recurrence gives %s", n, got.RatString(), want[n].RatString())
		}
	}
}

// TestBernoulliZetaAgainstTangent compares the ζ(n) method with the
// tangent numbers for every even n from 40 to 300, for a seeded sample
// up to 2000, and at n = 4400.
func TestBernoulliZetaAgainstTangent(t *testing.T) {
	ctx := context.Background()
	check := func(n int) {
		got, err := bernoulliZeta(ctx, n)
		if err != nil {
			t.Fatalf("B_%d: %v", n, err)
		}
		if want, _ := bernoulliTangent(ctx, n); got.Cmp(want) != 0 {
			t.Fatalf("B_%d by ζ(n) is %s, the tangent numbers give %s", n, clipString(got.RatString()), clipString(want.RatString()))
		}
	}
	for n := bernoulliZetaFrom; n <= 300; n += 2 {
		check(n)
	}
	rng := rand.New(rand.NewPCG(33, 34))
	for range 8 {
		check(2 * (150 + rng.IntN(851)))
	}
	// Past bernoulliParallelFrom, where n! and (2π)^n run on a goroutine
	// of their own.
	check(4400)
	if _, err := bernoulliZeta(ctx, 2); err == nil {
		t.Error("bernoulliZeta accepts n = 2, below its range")
	}
}

// TestKummerCatchesWrongNumerators changes B_n by one in the numerator and
// by the denominator and checks the postcondition notices.
func TestKummerCatchesWrongNumerators(t *testing.T) {
	for _, n := range []int{202, 490, 1000, 1234} { // 490 = 2·5·7²: p^v ∥ n with v > 0
		b, _ := bernoulliTangent(context.Background(), n)
		if err := checkBernoulli(n, b); err != nil {
			t.Fatalf("B_%d is rejected: %v", n, err)
		}
		// num ± D keeps the denominator and the von Staudt–Clausen sum.
		for _, d := range []int64{1, -1, 7} {
			wrong := new(big.Rat).Add(b, big.NewRat(d, 1))
			if err := checkBernoulli(n, wrong); err == nil {
				t.Errorf("B_%d + %d passes the postcondition", n, d)
			}
		}
	}
}

func TestPARIContinuedFraction(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "contfrac.txt", 50, readCases(t, "contfrac.txt")) {
		var r ContinuedFractionResult
		runValue(t, rt, "integer.compute.continued_fraction", fmt.Sprintf(`{"value":"%s"}`, c[0]), &r)
		var got []string
		for _, a := range r.Terms {
			got = append(got, a.String())
		}
		if strings.Join(got, " ") != strings.Join(c[1:], " ") {
			t.Errorf("contfrac(%s) = %v, PARI says %v", c[0], got, c[1:])
		}
	}
}

func TestPARISqrtContinuedFraction(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "sqrtcf.txt", 50, readCases(t, "sqrtcf.txt")) {
		var r SqrtContinuedFractionResult
		runValue(t, rt, "integer.compute.sqrt_continued_fraction", fmt.Sprintf(`{"n":"%s"}`, c[0]), &r)
		if r.Pell == nil || r.Pell.X.String() != c[1] || r.Pell.Y.String() != c[2] || strconv.Itoa(r.Pell.Norm) != c[3] {
			t.Errorf("√%s: Pell solution %+v, PARI's quadunit says %s + %s·√n of norm %s", c[0], r.Pell, c[1], c[2], c[3])
			continue
		}
		// a_0 then the period repeated, against all of PARI's 30 terms
		// but the last, which ends the expansion of a truncated real.
		want := c[4 : len(c)-1]
		terms := []string{r.A0.String()}
		for i := 0; len(terms) < len(want); i++ {
			terms = append(terms, r.Period[i%len(r.Period)].String())
		}
		if strings.Join(terms, " ") != strings.Join(want, " ") {
			t.Errorf("√%s = %v…, PARI says %v", c[0], terms, want)
		}
	}
}

// TestSqrtContinuedFractionAgainstRational: the expansion of √n agrees
// with that of a rational within 10^-60 of √n on its first terms, for
// every non-square n ≤ 2000.
func TestSqrtContinuedFractionAgainstRational(t *testing.T) {
	ctx := context.Background()
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(60), nil)
	for n := int64(0); n <= 2000; n++ {
		r, err := sqrtContinuedFraction(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkSqrtContinuedFraction(n, r); err != nil {
			t.Fatalf("√%d: %v", n, err)
		}
		if r.Length == 0 {
			continue
		}
		// ⌊√n·10^60⌋/10^60 shares the first terms of √n, while the
		// convergent denominators stay below 10^25.
		s := new(big.Int).Sqrt(new(big.Int).Mul(big.NewInt(n), new(big.Int).Mul(scale, scale)))
		approx := continuedFraction(new(big.Rat).SetFrac(s, scale))
		conv := convergents(approx)
		for i := 0; i < len(approx)-1 && conv[i].Rat().Denom().BitLen() < 80; i++ {
			want := r.A0.Big()
			if i > 0 {
				want = r.Period[(i-1)%r.Length].Big()
			}
			if approx[i].Big().Cmp(want) != 0 {
				t.Fatalf("√%d: term %d is %v, the rational approximation has %v", n, i, want, approx[i])
			}
		}
	}
}

func TestPARIRationalReconstruction(t *testing.T) {
	rt := newRuntime(t)
	found := 0
	for _, c := range conformance.AtLeast(t, "ratrecon.txt", 50, readCases(t, "ratrecon.txt")) {
		var r RationalReconstructionResult
		runValue(t, rt, "integer.compute.rational_reconstruction", fmt.Sprintf(`{"value":"%s","modulus":"%s"}`, c[0], c[1]), &r)
		got := "none"
		if r.Found {
			got = r.Rational.String()
			found++
		}
		if got != c[2] {
			t.Errorf("bestappr(Mod(%s, %s)) = %s, PARI says %s", c[0], c[1], got, c[2])
		}
	}
	if found < 20 {
		t.Errorf("only %d cases reconstruct a rational", found)
	}
}

// TestRationalReconstructionAgainstSearch compares Wang's algorithm with
// a search over every denominator q ≤ B for every residue of every
// modulus up to 400.
func TestRationalReconstructionAgainstSearch(t *testing.T) {
	for m := int64(2); m <= 400; m++ {
		b := reconstructionBound(big.NewInt(m)).Int64()
		for a := int64(0); a < m; a++ {
			got, _ := rationalReconstruction(big.NewInt(a), big.NewInt(m))
			var want *big.Rat
			for q := int64(1); q <= b && want == nil; q++ {
				p := (a * q) % m
				if p > m/2 {
					p -= m
				}
				if absInt64(p) <= b && gcd64(q, m) == 1 && gcd64(absInt64(p), q) == 1 {
					want = big.NewRat(p, q)
				}
			}
			if (got == nil) != (want == nil) || (got != nil && got.Cmp(want) != 0) {
				t.Fatalf("a = %d, m = %d: got %v, the search finds %v", a, m, got, want)
			}
		}
	}
}

// TestFactorialMersenneAgainstMulMod: the folded reduction modulo
// 2^61 − 1 of the postconditions agrees with the 128-bit division.
func TestFactorialMersenneAgainstMulMod(t *testing.T) {
	f := uint64(1)
	for n := uint64(0); n <= 300_000; n++ {
		if n >= 2 {
			f = mulMod(f, n, checkPrime)
		}
		if n%997 == 0 || n == 300_000 {
			if g := factorialMersenne61(n); g != f {
				t.Fatalf("%d! mod 2^61 − 1: folding gives %d, division %d", n, g, f)
			}
		}
	}
}

// fibonacciPairReference returns (F_n, F_(n+1)) by the fast doubling of
// Takahashi (Inf. Proc. Letters 75 (2000)) on math/big alone,
// F_(2k) = F_k(2F_(k+1) − F_k) and F_(2k+1) = F_k² + F_(k+1)².
func fibonacciPairReference(n uint) (*big.Int, *big.Int) {
	a, b := big.NewInt(0), big.NewInt(1)
	for i := bitLen(n) - 1; i >= 0; i-- {
		t := new(big.Int).Lsh(b, 1)
		t.Sub(t, a).Mul(t, a)
		u := new(big.Int).Mul(a, a)
		u.Add(u, new(big.Int).Mul(b, b))
		a, b = t, u
		if n>>uint(i)&1 == 1 {
			a, b = b, new(big.Int).Add(a, b)
		}
	}
	return a, b
}

// TestFibonacciAgainstReference compares the two-squaring doubling with
// Takahashi's on math/big at seeded random indices up to the limit, and
// checks that the postcondition refuses a result off by one unit or one
// index.
func TestFibonacciAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	ns := []int{0, 1, 2, 3, 1 << 16, 1<<16 - 1, MaxFibonacciIndex, -MaxFibonacciIndex}
	for range 12 {
		ns = append(ns, rng.IntN(2*MaxFibonacciIndex+1)-MaxFibonacciIndex)
	}
	for _, n := range ns {
		f, l := fibonacciLucas(n)
		a, b := fibonacciPairReference(uint(abs(n)))
		wl := new(big.Int).Lsh(b, 1)
		wl.Sub(wl, a)
		if n < 0 && n%2 == 0 {
			a.Neg(a)
		}
		if n < 0 && n%2 != 0 {
			wl.Neg(wl)
		}
		if f.Cmp(a) != 0 || l.Cmp(wl) != 0 {
			t.Fatalf("n = %d: the two doublings disagree", n)
		}
		if err := checkFibonacci(n, f, l); err != nil {
			t.Fatalf("n = %d: the postcondition refuses the right answer: %v", n, err)
		}
		if err := checkFibonacci(n, new(big.Int).Add(f, big.NewInt(1)), l); err == nil {
			t.Fatalf("n = %d: the postcondition accepts F_n + 1", n)
		}
		if err := checkFibonacci(n, f, new(big.Int).Sub(l, big.NewInt(1))); err == nil {
			t.Fatalf("n = %d: the postcondition accepts L_n − 1", n)
		}
		if n > 0 {
			if g, m := fibonacciLucas(n + 1); checkFibonacci(n, g, m) == nil {
				t.Fatalf("n = %d: the postcondition accepts F_(n+1), L_(n+1)", n)
			}
		}
	}
}

// TestProductMersenneAgainstMulMod compares the four-chain product modulo
// 2^61 − 1 with the running product by 128-bit division on seeded random
// ranges of every length modulo 4, and near 2^61.
func TestProductMersenneAgainstMulMod(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	for i := range 200 {
		lo := 1 + rng.Uint64N(1<<40)
		if i%10 == 0 {
			lo = checkPrime - 1 - rng.Uint64N(100)
		}
		hi := min(lo+rng.Uint64N(50), checkPrime-1) - 1 // lo > hi now and then
		f := uint64(1)
		for k := lo; k <= hi; k++ {
			f = mulMod(f, k, checkPrime)
		}
		if g := productMersenne61(lo, hi); g != f {
			t.Fatalf("%d⋯%d mod 2^61 − 1: four chains give %d, division %d", lo, hi, g, f)
		}
	}
	// The grouped products: ranges below 2^15 and 2^20 of every length
	// modulo 16 and 12, ending at or near the bounds, and long ones.
	for i := range 400 {
		bound := uint64(1) << 15
		if i%2 == 1 {
			bound = 1 << 20
		}
		hi := bound - 1 - rng.Uint64N(3)
		if i%4 >= 2 {
			hi = 1 + rng.Uint64N(bound-1)
		}
		length := rng.Uint64N(60)
		if i%50 == 0 {
			length = rng.Uint64N(hi)
		}
		lo := max(1, hi-min(length, hi-1))
		f := uint64(1)
		for k := lo; k <= hi; k++ {
			f = mulMod(f, k, checkPrime)
		}
		if g := productMersenne61(lo, hi); g != f {
			t.Fatalf("%d⋯%d mod 2^61 − 1: the grouped chains give %d, division %d", lo, hi, g, f)
		}
	}
}

// TestSelbergSolutionsAgainstScan checks the one-pass search of the l in
// Selberg's sum against the plain scan of the whole range.
func TestSelbergSolutionsAgainstScan(t *testing.T) {
	for k := 1; k <= 400; k++ {
		for _, n := range []int{0, 1, 2, 7, k - 1, k, 3*k + 5, 999_983, 1_000_000} {
			if n < 0 {
				continue
			}
			got, _ := selbergSolutions(nil, n, k)
			if want := selbergSolutionsByScan(n, k); !slices.Equal(got, want) {
				t.Fatalf("k = %d, n = %d: %v, the scan finds %v", k, n, got, want)
			}
		}
	}
}

// TestRenderPair compares the digits renderPair writes ahead with math/big's
// on seeded random integers of both signs, on either side of the length
// from which it renders concurrently, and checks that they decode to the
// value.
func TestRenderPair(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	random := func(words int) *big.Int {
		w := make([]big.Word, words)
		for i := range w {
			w[i] = big.Word(rng.Uint64())
		}
		x := new(big.Int).SetBits(w)
		if rng.IntN(2) == 0 {
			x.Neg(x)
		}
		return x
	}
	for _, words := range []int{0, 1, renderConcurrentWords - 1, renderConcurrentWords, 3000, 5000} {
		x, y := random(words), random(words+rng.IntN(100))
		rx, ry := renderPair(x, y)
		for _, c := range []struct {
			r renderedInteger
			v *big.Int
		}{{rx, x}, {ry, y}} {
			got, err := json.Marshal(c.r)
			if err != nil || string(got) != `"`+c.v.String()+`"` {
				t.Fatalf("%d words: the rendered integer is encoded wrong (%v)", words, err)
			}
			var back renderedInteger
			if err := json.Unmarshal(got, &back); err != nil || back.Big().Cmp(c.v) != 0 {
				t.Fatalf("%d words: the rendered integer decodes wrong (%v)", words, err)
			}
		}
	}
}

// TestPowerMinusOne holds the cut powering of bernoulliZeta's Euler
// factors to p^e − 1 in exact integers: equal while p^e fits in the
// precision, within 5e·2^(−prec) relatively beyond, on seeded primes,
// exponents and precisions.
func TestPowerMinusOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	for range 200 {
		p := uint64(2 + rng.IntN(200))
		if !trialDivisionPrime(p) {
			continue
		}
		e := uint64(1 + rng.IntN(3000))
		prec := uint(8 + rng.IntN(4000))
		want := new(big.Int).Exp(new(big.Int).SetUint64(p), new(big.Int).SetUint64(e), nil)
		want.Sub(want, big.NewInt(1))
		var c cutPower
		m, shift := c.powerMinusOne(p, e, prec)
		got := new(big.Float).SetInt(m)
		got.SetMantExp(got, shift)
		if uint(want.BitLen()) <= prec {
			if gi, acc := got.Int(nil); acc != big.Exact || gi.Cmp(want) != 0 {
				t.Fatalf("%d^%d − 1 fits in %d bits but comes out inexact", p, e, prec)
			}
			continue
		}
		w := new(big.Float).SetPrec(uint(want.BitLen())).SetInt(want)
		d := new(big.Float).SetPrec(uint(want.BitLen())+64).Sub(got, w)
		d.Quo(d, w)
		bound := new(big.Float).SetMantExp(big.NewFloat(float64(5*e)), -int(prec))
		if d.Abs(d).Cmp(bound) > 0 {
			t.Fatalf("%d^%d − 1 at %d bits errs by %.3g relatively, beyond 5e·2^(−prec)", p, e, prec, d)
		}
	}
}

// TestInversePiPower holds the cached powers of 1/π to π^(−e) by a
// product of e factors at 64 more bits, within the stated bound, with the
// cache asked at rising and falling precisions and asked twice.
func TestInversePiPower(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 38))
	for range 12 {
		e := uint64(1 + rng.IntN(2000))
		prec := uint(64 + rng.IntN(6000))
		got := inversePiPower(e, prec)
		if again := inversePiPower(e, prec); again.Cmp(got) != 0 {
			t.Fatalf("π^(−%d) at %d bits differs once its factors are cached", e, prec)
		}
		wp := prec + 64
		want := new(big.Float).SetPrec(wp).SetInt64(1)
		inv := new(big.Float).SetPrec(wp).Quo(want, cachedPi(wp+16))
		for range e {
			want.Mul(want, inv)
		}
		d := new(big.Float).SetPrec(wp).Sub(got, want)
		d.Quo(d, want)
		// (e·2^(−29) + 2·bits.Len(e))·2^(−prec), against a reference
		// within (2e + 2)·2^(−prec−64).
		bound := new(big.Float).SetMantExp(big.NewFloat(float64(e)/(1<<29)+float64(2*bits.Len64(e))+1), -int(prec))
		if d.Abs(d).Cmp(bound) > 0 || got.Prec() != prec {
			t.Fatalf("π^(−%d) at %d bits errs by %.3g relatively, beyond its bound", e, prec, d)
		}
	}
}

// TestWordResidues holds the folding residues of the postconditions to
// big.Int's Mod on seeded integers of both signs, zero, and words at the
// edges (all ones, the moduli themselves).
func TestWordResidues(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 40))
	edges := []uint64{0, 1, checkPrime, checkPrime + 1, 1<<64 - 59, 1<<64 - 58, 1<<64 - 1}
	for i := range 400 {
		w := make([]big.Word, rng.IntN(40))
		for j := range w {
			if rng.IntN(4) == 0 {
				w[j] = big.Word(edges[rng.IntN(len(edges))])
			} else {
				w[j] = big.Word(rng.Uint64())
			}
		}
		x := new(big.Int).SetBits(w)
		if i%2 == 1 {
			x.Neg(x)
		}
		for _, c := range []struct {
			p   uint64
			got uint64
		}{{checkPrime, residueMersenne61(x)}, {1<<64 - 59, residueBelow2to64(x, 59)}} {
			if want := new(big.Int).Mod(x, new(big.Int).SetUint64(c.p)).Uint64(); c.got != want {
				t.Fatalf("%v mod %d: %d, big.Int says %d", x, c.p, c.got, want)
			}
		}
	}
}

// TestFactorialTree holds bernoulliZeta's factorial to the running product
// for n ≤ 300 and to math/big's MulRange at seeded n up to 30,000.
func TestFactorialTree(t *testing.T) {
	f := big.NewInt(1)
	for n := 0; n <= 300; n++ {
		if n > 1 {
			f.Mul(f, big.NewInt(int64(n)))
		}
		if factorialTree(n).Cmp(f) != 0 {
			t.Fatalf("factorialTree(%d) is not %d!", n, n)
		}
	}
	rng := rand.New(rand.NewPCG(41, 42))
	for range 6 {
		n := 300 + rng.IntN(30_000)
		if factorialTree(n).Cmp(new(big.Int).MulRange(1, int64(n))) != 0 {
			t.Fatalf("factorialTree(%d) is not %d!", n, n)
		}
	}
}

// TestBernoulliZetaConcurrent computes B_n for several n at once, so that
// the cached powers of 1/π are rebuilt at a higher precision while others
// read them (run under -race), against the tangent numbers.
func TestBernoulliZetaConcurrent(t *testing.T) {
	ctx := context.Background()
	ns := []int{1000, 2400, 600, 3000, 1000, 1800}
	got := make([]*big.Rat, len(ns))
	errs := make([]error, len(ns))
	var wg sync.WaitGroup
	for i, n := range ns {
		wg.Go(func() { got[i], errs[i] = bernoulliZeta(ctx, n) })
	}
	wg.Wait()
	for i, n := range ns {
		if want, _ := bernoulliTangent(ctx, n); errs[i] != nil || got[i].Cmp(want) != 0 {
			t.Fatalf("B_%d computed concurrently is wrong (%v)", n, errs[i])
		}
	}
}

// TestFibonacciLucasOnRequest: L_n is in the result exactly when asked
// for, and the postcondition refuses a result that leaves out what was
// asked for or adds what was not.
func TestFibonacciLucasOnRequest(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range []struct {
		payload string
		lucas   bool
	}{{`{"n":5000}`, false}, {`{"n":5000,"lucas":false}`, false}, {`{"n":5000,"lucas":true}`, true}} {
		o := runValue(t, rt, "integer.compute.fibonacci", c.payload, &FibonacciResult{})
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(o.Value, &fields); err != nil {
			t.Fatal(err)
		}
		if _, ok := fields["lucas"]; ok != c.lucas {
			t.Errorf("%s: lucas in the result is %v", c.payload, ok)
		}
	}
	op := fibonacciOperation()
	f, l := fibonacciLucas(5000)
	rf, rl := renderPair(f, l)
	ctx := context.Background()
	if err := op.Postcondition(ctx, FibonacciRequest{N: 5000, Lucas: true}, FibonacciResult{Fibonacci: rf}); err == nil {
		t.Error("the postcondition accepts a result without the Lucas number asked for")
	}
	if err := op.Postcondition(ctx, FibonacciRequest{N: 5000}, FibonacciResult{rf, &rl}); err == nil {
		t.Error("the postcondition accepts a Lucas number not asked for")
	}
	if err := op.Postcondition(ctx, FibonacciRequest{N: 5000}, FibonacciResult{Fibonacci: rf}); err != nil {
		t.Errorf("the postcondition refuses F_5000 alone: %v", err)
	}
}
