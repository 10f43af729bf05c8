package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/bignum"
)

// MaxBinomialN bounds n in binomial: C(300000, 150000) has 90,305 digits,
// within the 100,000 an integer result may have.
const MaxBinomialN = 300_000

// MaxMultinomialSum bounds k_1 + … + k_m in multinomial, as factorial's n
// (the multinomial coefficient is at most (Σk)!).
const MaxMultinomialSum = MaxFactorialN

// MaxMultinomialParts bounds m, the number of parts.
const MaxMultinomialParts = 1000

// BinomialRequest asks for C(n, k).
type BinomialRequest struct {
	N int `json:"n" jsonschema:"n ≥ 0, at most 300000"`
	K int `json:"k" jsonschema:"any k; C(n, k) = 0 for k < 0 or k > n"`
}

// BinomialResult is C(n, k).
type BinomialResult struct {
	Binomial core.Integer `json:"binomial"`
}

// MultinomialRequest asks for (k_1 + … + k_m)! / (k_1!·…·k_m!).
type MultinomialRequest struct {
	Parts []int `json:"parts" jsonschema:"the k_i ≥ 0, at most 1000 of them, summing to at most 25000"`
}

// MultinomialResult is the multinomial coefficient.
type MultinomialResult struct {
	Multinomial core.Integer `json:"multinomial"`
}

// binomialOperation computes C(n, k) from its prime factorization: by
// Kummer's theorem the exponent of p in C(n, k) is the number of borrows
// when subtracting k from n in base p, so C(n, k) = ∏_{p ≤ n} p^(e_p)
// with every e_p read off in O(log_p n) word operations (Goetgheluck,
// "Computing binomial coefficients", Amer. Math. Monthly 94 (1987)
// 360–365); each p^(e_p) ≤ n is a word, so the prime powers, those of
// the primes above √n (e_p ≤ 1) read straight from the prime table, are
// packed into words for one balanced product (binomial). The
// postcondition is independent: modulo the prime 2^61 − 1 (above n, so
// every factor is a unit) C(n, k)·k! equals n(n − 1)⋯(n − k + 1), k the
// shorter side.
//
// Canonical result: C(n, k) as a decimal string, 0 for k < 0 or k > n,
// C(n, 0) = C(n, n) = 1. n < 0 is a DOMAIN_ERROR.
func binomialOperation() core.Operation[BinomialRequest, BinomialResult] {
	return core.Operation[BinomialRequest, BinomialResult]{
		ID:         "integer.compute.binomial",
		Title:      "Binomial coefficient",
		Summary:    "The binomial coefficient C(n, k) = n!/(k!(n − k)!), exactly, for 0 ≤ n ≤ 300000, from its prime factorization (Kummer's theorem).",
		Keywords:   []string{"binomial", "binomial coefficient", "n choose k", "combinations", "choose", "pascal triangle"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds:     core.Bounds{"/n": MaxBinomialN, "/k": MaxBinomialN},
		Limits: []core.Limit{{
			Name: "n", Max: MaxBinomialN, Unit: "n",
			Description: "n and k are at most this (the result stays within 100,000 digits)",
			Beyond:      func() string { return fmt.Sprintf(`{"n":%d,"k":2}`, MaxBinomialN+1) },
			At:          func() string { return fmt.Sprintf(`{"n":%d,"k":%d}`, MaxBinomialN, MaxBinomialN/2) },
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "negative n", Payload: `{"n":-1,"k":0}`, Code: core.DomainError, Path: "/payload/n"},
				{Title: "k missing", Payload: `{"n":5}`, Code: core.InvalidPayload, Path: "/payload"},
			}
		},
		Preflight: func(ctx context.Context, q BinomialRequest) error {
			if q.N > MaxBinomialN || q.K > MaxBinomialN {
				return core.Refusef("n is %d and k is %d; at most %d is allowed", q.N, q.K, MaxBinomialN)
			}
			if q.N < 0 {
				return core.DomainErrorAt(core.PayloadPath("n"), "n is %d; send n ≥ 0 (for negative n, C(n, k) = (−1)^k C(k − n − 1, k))", q.N)
			}
			return nil
		},
		Run: func(ctx context.Context, q BinomialRequest) (BinomialResult, error) {
			c, err := binomial(ctx, q.N, q.K)
			return BinomialResult{core.Int(c)}, err
		},
		Postcondition: func(ctx context.Context, q BinomialRequest, r BinomialResult) error {
			if q.K < 0 || q.K > q.N {
				if r.Binomial.Big().Sign() != 0 {
					return fmt.Errorf("C(%d, %d) is 0, not %v", q.N, q.K, clipped(r.Binomial.Big()))
				}
				return nil
			}
			// C(n, k)·k! = n(n − 1)⋯(n − k + 1), with the shorter of k and
			// n − k.
			k := uint64(min(q.K, q.N-q.K))
			num := productMersenne61(uint64(q.N)-k+1, uint64(q.N))
			den := factorialMersenne61(k)
			if mulMod(residueMersenne61(r.Binomial.Big()), den, checkPrime) != num {
				return fmt.Errorf("C(%d, %d)·k! ≢ n(n − 1)⋯(n − k + 1) modulo 2^61 − 1", q.N, q.K)
			}
			return nil
		},
		Examples: []core.Example{
			// PARI/GP 2.15: binomial(10, 3) = 120, binomial(100, 50)
			{Title: "C(10, 3)", Payload: json.RawMessage(`{"n":10,"k":3}`), Result: json.RawMessage(`{"binomial":"120"}`)},
			{Title: "C(100, 50)", Payload: json.RawMessage(`{"n":100,"k":50}`), Result: json.RawMessage(`{"binomial":"100891344545564193334812497256"}`)},
			{Title: "k beyond n", Payload: json.RawMessage(`{"n":4,"k":7}`), Result: json.RawMessage(`{"binomial":"0"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) BinomialRequest {
			n := rng.IntN(3000)
			return BinomialRequest{n, rng.IntN(n+3) - 1}
		},
	}
}

// multinomialOperation computes (k_1 + … + k_m)!/(k_1!·…·k_m!) from its
// prime factorization: by Legendre's formula the exponent of p is
// v_p(N!) − Σ v_p(k_i!), N = Σ k_i, v_p(n!) = Σ_j ⌊n/p^j⌋, and
// primePowerProduct multiplies the prime powers once, as factorial and
// binomial do (Goetgheluck, "Computing binomial coefficients", Amer.
// Math. Monthly 94 (1987), for the method). multinomialBinomials, the
// product of the binomials C(k_1 + … + k_i, k_i), is the reference. The
// postcondition recomputes the coefficient modulo 2^61 − 1 from
// factorials there.
//
// Canonical result: the coefficient as a decimal string; no parts gives
// 1. A negative part is a DOMAIN_ERROR naming it.
func multinomialOperation() core.Operation[MultinomialRequest, MultinomialResult] {
	return core.Operation[MultinomialRequest, MultinomialResult]{
		ID:         "integer.compute.multinomial",
		Title:      "Multinomial coefficient",
		Summary:    "The multinomial coefficient (k_1 + … + k_m)!/(k_1!·…·k_m!), exactly, as a product of binomial coefficients.",
		Keywords:   []string{"multinomial", "multinomial coefficient", "arrangements with repetition", "permutations of a multiset"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds:     core.Bounds{"/parts": MaxMultinomialParts, "/parts/*": MaxMultinomialSum},
		Limits: []core.Limit{
			{
				Name: "sum", Max: MaxMultinomialSum, Unit: "k_1 + … + k_m",
				Description: "the parts sum to at most this (the result stays within 100,000 digits)",
				Beyond:      func() string { return fmt.Sprintf(`{"parts":[%d,%d]}`, MaxMultinomialSum/2, MaxMultinomialSum/2+1) },
				At:          func() string { return fmt.Sprintf(`{"parts":[%d,%d]}`, MaxMultinomialSum/2, MaxMultinomialSum/2) },
			},
			{
				Name: "parts", Max: MaxMultinomialParts, Unit: "parts",
				Description: "at most this many parts",
				Beyond:      func() string { return multinomialOnes(MaxMultinomialParts + 1) },
				At:          func() string { return multinomialOnes(MaxMultinomialParts) },
			},
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a negative part", Payload: `{"parts":[2,-1]}`, Code: core.DomainError, Path: "/payload/parts/1"},
			}
		},
		Preflight: func(ctx context.Context, q MultinomialRequest) error {
			if len(q.Parts) > MaxMultinomialParts {
				return core.Refusef("%d parts; at most %d are allowed", len(q.Parts), MaxMultinomialParts)
			}
			sum := 0
			for i, k := range q.Parts {
				if k < 0 {
					return core.DomainErrorAt(core.PayloadPath("parts", i), "part %d is %d; parts are ≥ 0", i, k)
				}
				if sum += k; sum > MaxMultinomialSum {
					return core.Refusef("the parts sum to more than %d", MaxMultinomialSum)
				}
			}
			return nil
		},
		Run: func(ctx context.Context, q MultinomialRequest) (MultinomialResult, error) {
			m, err := multinomial(ctx, q.Parts)
			return MultinomialResult{core.Int(m)}, err
		},
		Postcondition: func(ctx context.Context, q MultinomialRequest, r MultinomialResult) error {
			sum, den := uint64(0), uint64(1)
			for _, k := range q.Parts {
				sum += uint64(k)
				den = mulMod(den, factorialMod(uint64(k), checkPrime), checkPrime)
			}
			if mulMod(residueMersenne61(r.Multinomial.Big()), den, checkPrime) != factorialMod(sum, checkPrime) {
				return fmt.Errorf("the result times ∏ k_i! is not (Σ k_i)! modulo 2^61 − 1")
			}
			return nil
		},
		Examples: []core.Example{
			// PARI/GP 2.15: 10!/(2!·3!·5!) = 2520
			{Title: "(2, 3, 5)", Payload: json.RawMessage(`{"parts":[2,3,5]}`), Result: json.RawMessage(`{"multinomial":"2520"}`)},
			// The arrangements of MISSISSIPPI: 11!/(1!·4!·4!·2!) = 34650
			{Title: "MISSISSIPPI", Payload: json.RawMessage(`{"parts":[1,4,4,2]}`), Result: json.RawMessage(`{"multinomial":"34650"}`)},
			{Title: "no parts", Payload: json.RawMessage(`{"parts":[]}`), Result: json.RawMessage(`{"multinomial":"1"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) MultinomialRequest {
			parts := make([]int, rng.IntN(8))
			for i := range parts {
				parts[i] = rng.IntN(300)
			}
			return MultinomialRequest{parts}
		},
	}
}

func multinomialOnes(m int) string {
	b := []byte(`{"parts":[`)
	for i := range m {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '1')
	}
	return string(append(b, "]}"...))
}

// checkPrime is the Mersenne prime 2^61 − 1 the postconditions reduce by.
const checkPrime = 1<<61 - 1

// mulMod is a·b mod m for a, b < m.
func mulMod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi, lo, m)
	return r
}

func boolUint(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// factorialMod is n! mod m, by the running product in 128-bit words.
func factorialMod(n, m uint64) uint64 {
	if m == checkPrime {
		return factorialMersenne61(n)
	}
	f := uint64(1) % m
	for k := uint64(2); k <= n; k++ {
		f = mulMod(f, k%m, m)
	}
	return f
}

// factorialMersenne61 is n! mod 2^61 − 1 for n < 2^61 − 1.
func factorialMersenne61(n uint64) uint64 { return productMersenne61(2, n) }

// productMersenne61 is lo·(lo + 1)⋯hi mod 2^61 − 1 for 1 ≤ lo and
// hi < 2^61 − 1 (1 when lo > hi). Four running products, one for each
// residue of k − lo modulo 4, are combined at the end: a single running
// product waits on each multiplication's latency, while the four chains
// proceed together (C(100000, 50000)'s postcondition, 10^5 factors:
// 0.145 against 0.61 ms, minimum of 5 runs on the loaded 2-core machine).
// Below 2^20 the factors go in by groups whose plain product stays below
// 2^60 < 2^61 − 1 (four below 2^15, three below 2^20), one reduction per
// group: a third or a quarter of the reductions.
func productMersenne61(lo, hi uint64) uint64 {
	f := [4]uint64{1, 1, 1, 1}
	k := lo
	switch {
	case hi < 1<<15:
		for ; k+15 <= hi; k += 16 {
			f[0] = mulMersenne61(f[0], k*(k+1)*(k+2)*(k+3))
			f[1] = mulMersenne61(f[1], (k+4)*(k+5)*(k+6)*(k+7))
			f[2] = mulMersenne61(f[2], (k+8)*(k+9)*(k+10)*(k+11))
			f[3] = mulMersenne61(f[3], (k+12)*(k+13)*(k+14)*(k+15))
		}
	case hi < 1<<20:
		for ; k+11 <= hi; k += 12 {
			f[0] = mulMersenne61(f[0], k*(k+1)*(k+2))
			f[1] = mulMersenne61(f[1], (k+3)*(k+4)*(k+5))
			f[2] = mulMersenne61(f[2], (k+6)*(k+7)*(k+8))
			f[3] = mulMersenne61(f[3], (k+9)*(k+10)*(k+11))
		}
	}
	for ; k+3 <= hi; k += 4 {
		f[0] = mulMersenne61(f[0], k)
		f[1] = mulMersenne61(f[1], k+1)
		f[2] = mulMersenne61(f[2], k+2)
		f[3] = mulMersenne61(f[3], k+3)
	}
	for ; k <= hi; k++ {
		f[0] = mulMersenne61(f[0], k)
	}
	return mulMersenne61(mulMersenne61(f[0], f[1]), mulMersenne61(f[2], f[3]))
}

// mulMersenne61 is a·b mod 2^61 − 1 for a, b < 2^61 − 1, reducing the
// 122-bit product by folding: 2^61 ≡ 1.
func mulMersenne61(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	f := (hi<<3 | lo>>61) + lo&checkPrime
	if f >= checkPrime {
		f -= checkPrime
	}
	return f
}

// residueMersenne61 is x mod 2^61 − 1, in [0, 2^61 − 1), by Horner's rule
// from the top word with 2^64 ≡ 8 and folding, 2^61 ≡ 1: a division by a
// one-word big.Int would allocate a quotient as long as x.
func residueMersenne61(x *big.Int) uint64 {
	words := x.Bits()
	var r uint64
	for i := len(words) - 1; i >= 0; i-- {
		// r·2^64 + w ≡ 8r + w; 8r + w < 2^65 − 16, so the carry's 8
		// fits.
		s, carry := bits.Add64(r<<3, uint64(words[i]), 0)
		s += carry << 3
		r = s&checkPrime + s>>61
		if r >= checkPrime {
			r -= checkPrime
		}
	}
	if x.Sign() < 0 && r != 0 {
		r = checkPrime - r
	}
	return r
}

// residueBelow2to64 is x mod p for p = 2^64 − c, 0 < c < 2^16, in [0, p),
// by Horner's rule from the top word with 2^64 ≡ c.
func residueBelow2to64(x *big.Int, c uint64) uint64 {
	p := -c // 2^64 − c
	words := x.Bits()
	var r uint64
	for i := len(words) - 1; i >= 0; i-- {
		// r·2^64 + w ≡ c·r + w = hi·2^64 + lo with hi ≤ c, ≡ c·hi + lo.
		hi, lo := bits.Mul64(r, c)
		lo, carry := bits.Add64(lo, uint64(words[i]), 0)
		lo, carry = bits.Add64(lo, (hi+carry)*c, 0)
		lo += carry * c // a carry leaves lo below c², so no second one
		if lo >= p {
			lo -= p
		}
		r = lo
	}
	if x.Sign() < 0 && r != 0 {
		r = p - r
	}
	return r
}

// multinomial is (Σ k_i)!/∏ k_i! for parts k_i ≥ 0 by Legendre's formula
// and primePowerProduct.
func multinomial(ctx context.Context, parts []int) (*big.Int, error) {
	n := 0
	for _, k := range parts {
		n += k
	}
	tab := smallPrimes()
	primes := tab.appendPrimes(make([]uint64, 0, tab.pi(uint64(n))), uint64(n))
	exps := make([]uint32, len(primes))
	for i, p := range primes {
		exps[i] = legendreExponent(uint64(n), p)
	}
	for j, k := range parts {
		if j%64 == 63 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		// Only the primes up to k divide k!.
		for i, p := range primes {
			if p > uint64(k) {
				break
			}
			exps[i] -= legendreExponent(uint64(k), p)
		}
	}
	return primePowerProduct(ctx, primes, exps)
}

// legendreExponent is v_p(n!) = Σ_(j ≥ 1) ⌊n/p^j⌋ for a prime p.
func legendreExponent(n, p uint64) uint32 {
	e := uint32(0)
	for q := n / p; q > 0; q /= p {
		e += uint32(q)
	}
	return e
}

// multinomialBinomials is the reference: the product of the binomials
// C(k_1 + … + k_i, k_i).
func multinomialBinomials(ctx context.Context, parts []int) (*big.Int, error) {
	m := big.NewInt(1)
	sum := 0
	for _, k := range parts {
		sum += k
		c, err := binomial(ctx, sum, k)
		if err != nil {
			return nil, err
		}
		m.Mul(m, c)
	}
	return m, nil
}

// binomial is C(n, k) for n ≥ 0 by Kummer's theorem, as one wordProduct
// of packed prime powers. The power p^(e_p) dividing C(n, k) is at most n
// (e_p borrows need e_p base-p digits), so each is a word and no
// squarings are needed. A prime p ≤ √n takes its exponent from the digit
// loop (kummerExponent); one above √n has two base-p digits in n, so the
// borrow from the low digit is the only one and e_p = [n mod p < k mod p]
// (always 1 for p > n − k): those primes are read straight off the prime
// table's bits (binomialLargePrimes), without the list of all primes
// below n, an exponent for each and a pass over them for every bit of the
// largest exponent that binomialByExponents, the reference, spends (a
// fifth of its time at C(100000, 50000)).
func binomial(ctx context.Context, n, k int) (*big.Int, error) {
	if k < 0 || k > n {
		return new(big.Int), nil
	}
	k = min(k, n-k)
	if k == 0 {
		return big.NewInt(1), nil
	}
	// root ≥ 2 keeps the even prime among the small ones; every prime
	// above root is above √n.
	root := uint64(2)
	for (root+1)*(root+1) <= uint64(n) {
		root++
	}
	tab := smallPrimes()
	words := make([]uint64, 0, (uint64(n)-root)/64+root/8+2)
	acc := uint64(1)
	for _, p := range tab.appendPrimes(make([]uint64, 0, tab.pi(root)), root) {
		pe := uint64(1) // p^(e_p) ≤ n
		for range kummerExponent(uint64(n), uint64(k), p) {
			pe *= p
		}
		words, acc = packWord(words, acc, pe)
	}
	words, err := binomialLargePrimes(ctx, tab, words, acc, uint64(n), uint64(k), root)
	if err != nil {
		return nil, err
	}
	return wordProduct(words), nil
}

// binomialLargePrimes packs the primes p with root < p ≤ n that divide
// C(n, k), 0 < k ≤ n/2, root ≥ ⌊√n⌋, into words (packWord), after words
// and the word acc being filled, and returns the words for wordProduct. It
// reads the odd primes from tab's bit table: those above n − k divide
// C(n, k), the others when n mod p < k mod p.
func binomialLargePrimes(ctx context.Context, tab *primeTable, words []uint64, acc, n, k, root uint64) ([]uint64, error) {
	// The odd integers 2i + 1 with root < 2i + 1 ≤ n.
	lo, hi := (root+1)/2, (n-1)/2
	if lo > hi {
		return append(words, acc), nil
	}
	n32, k32 := uint32(n), uint32(k)
	for w := lo / 64; w <= hi/64; w++ {
		if w%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		word := tab.bits[w]
		if w == lo/64 {
			word &^= 1<<(lo%64) - 1
		}
		if w == hi/64 && hi%64 < 63 {
			word &= 1<<(hi%64+1) - 1
		}
		for ; word != 0; word &= word - 1 {
			p := 2*(64*w+uint64(bits.TrailingZeros64(word))) + 1
			// n < 2^32 (MaxBinomialN): 32-bit remainders.
			if p <= n-k && n32%uint32(p) >= k32%uint32(p) {
				continue
			}
			words, acc = packWord(words, acc, p)
		}
	}
	return append(words, acc), nil
}

// binomialByExponents is C(n, k) from the exponent of every prime up to n
// (Kummer's theorem) by one primePowerProduct: the reference beside
// binomial.
func binomialByExponents(ctx context.Context, n, k int) (*big.Int, error) {
	if k < 0 || k > n {
		return new(big.Int), nil
	}
	k = min(k, n-k)
	if k == 0 {
		return big.NewInt(1), nil
	}
	tab := smallPrimes()
	primes := tab.appendPrimes(make([]uint64, 0, tab.pi(uint64(n))), uint64(n))
	exps := make([]uint32, len(primes))
	root := uint64(1)
	for (root+1)*(root+1) <= uint64(n) {
		root++
	}
	for i, p := range primes {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if p > root {
			// Two base-p digits: the low digit's borrow is the only one.
			exps[i] = uint32(boolUint(uint64(n)%p < uint64(k)%p))
			continue
		}
		exps[i] = kummerExponent(uint64(n), uint64(k), p)
	}
	return primePowerProduct(ctx, primes, exps)
}

// kummerExponent is the exponent of the prime p in C(n, k), 0 ≤ k ≤ n: the
// number of borrows of n − k in base p, counted as the carries of
// k + (n − k).
func kummerExponent(n, k, p uint64) uint32 {
	e := uint32(0)
	a, b, carry := k, n-k, uint64(0)
	for a > 0 || b > 0 {
		carry = boolUint(a%p+b%p+carry >= p)
		e += uint32(carry)
		a, b = a/p, b/p
	}
	return e
}

// primePowerProduct is ∏ primes[i]^exps[i] by
// Schönhage's grouping of the exponents' bits (Schönhage, Grotefeld and
// Vetter, Fast Algorithms, §7.1; Borwein, "On the complexity of
// calculating factorials", J. Algorithms 6 (1985)): with A_j the product
// of the primes whose exponent has bit j set,
//
//	∏ p^(e_p) = (…((A_t)² · A_(t−1))² · …)² · A_0,
//
// so the large factors meet in squarings, each A_j is wordProduct's
// balanced tree over words packed from its primes, and the multiplications
// run on core/bignum's transform product above its crossover. A power of 2
// is a shift.
func primePowerProduct(ctx context.Context, primes []uint64, exps []uint32) (*big.Int, error) {
	top := uint32(0)
	shift := uint(0)
	for i, e := range exps {
		if primes[i] == 2 {
			shift = uint(e)
			continue
		}
		top = max(top, e)
	}
	r := big.NewInt(1)
	var words []uint64
	for j := bits.Len32(top) - 1; j >= 0; j-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		words = words[:0]
		acc := uint64(1) // primes gathered into one word
		for i, p := range primes {
			if p == 2 || exps[i]>>uint(j)&1 == 0 {
				continue
			}
			words, acc = packWord(words, acc, p)
		}
		words = append(words, acc)
		a := wordProduct(words)
		if r.BitLen() > 1 {
			bignum.Sqr(r, r)
			bignum.Mul(r, r, a)
		} else {
			r = a
		}
	}
	return r.Lsh(r, shift), nil
}
