package integer

// Prime counting, π(x), and the n-th prime.
//
// π(x) is Legendre's sieve run on the O(√x) distinct values ⌊x/k⌋ alone.
// Let S(v, p) count the integers in [2, v] with no prime factor below p,
// primes below p included. S(v, 2) = v − 1, S(v, p) = π(v) once p² > v,
// and sieving by the prime p removes the integers whose least prime
// factor is p:
//
//	S(v, p+) = S(v, p) − (S(⌊v/p⌋, p) − S(p − 1, p))   for v ≥ p²,
//
// the same recurrence φ(x, a) = φ(x, a − 1) − φ(x/p_a, a − 1) that
// Meissel–Lehmer evaluates (Lagarias, Miller and Odlyzko, "Computing
// π(x): the Meissel–Lehmer method", Math. Comp. 44 (1985), §2), here
// tabulated for every v = ⌊x/k⌋ at once, since ⌊⌊x/k⌋/p⌋ = ⌊x/(kp)⌋ is again
// such a value. The table has two halves of √x entries each: small[v] for
// v ≤ √x and large[k] = S(⌊x/k⌋) for k ≤ √x. One pass over the primes
// p ≤ √x, each touching the entries with v ≥ p², costs O(x^(3/4)/log x)
// word operations and O(√x) memory: about 2·10^9 at x = 10^13, with no
// integer division in the inner loops (the quotients ⌊x/d⌋ are float
// divisions corrected exactly; the small half is walked in runs sharing
// one quotient). The large half, where nearly all the work is, is split
// between the cores: each worker writes its own indices and reads a
// snapshot of the entries another worker may overwrite.
//
// Against the alternatives: Deléglise–Rivat reaches O(x^(2/3)/log² x) but
// needs a segmented sieve with a Fenwick tree and special leaves on both
// sides; at the 10^13 ceiling of this operation the tabulated sieve
// finishes in seconds and stays simple enough to check by reading.
//
// The n-th prime estimates p_n as li⁻¹(n) (Newton's method from
// Cipolla's expansion p_n ≈ n(ln n + ln ln n − 1 + (ln ln n − 2)/ln n)),
// counts the primes up to the estimate with π, and walks to p_n with a
// segmented sieve of Eratosthenes, forward or back; li(x) − π(x) is about
// √x/ln x, so the walk is a few segments. Below 2^24 both read a bitmap of
// the odd primes, sieved once per process (smallPrimes): π(x) is a word
// count plus a popcount, p_n a binary search of the counts and a select.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
	"jacobian.dev/core/primality"
)

// MaxPrimeCountX bounds x in prime_count: π(10^13) takes some 10 s of
// sieving on two cores and 60 MB of tables.
const MaxPrimeCountX = 10_000_000_000_000

// MaxNthPrimeN bounds n in nth_prime: p_n for n = 3·10^11 is about
// 8.7·10^12, below MaxPrimeCountX.
const MaxNthPrimeN = 300_000_000_000

// PrimeCountRequest asks for π(x).
type PrimeCountRequest struct {
	X core.Integer `json:"x"`
}

// PrimeCountResult is the number of primes p ≤ x.
type PrimeCountResult struct {
	Count core.Integer `json:"count"`
}

// NthPrimeRequest asks for the n-th prime.
type NthPrimeRequest struct {
	N core.Integer `json:"n"`
}

// NthPrimeResult is p_n, with p_1 = 2.
type NthPrimeResult struct {
	Prime core.Integer `json:"prime"`
}

var maxPrimeCountX = big.NewInt(MaxPrimeCountX)

// primeCountOperation declares π(x).
//
// Canonical result: π(x) as a decimal string; π(x) = 0 for x < 2,
// negative x included. The algorithm is described at the top of this
// file. The postcondition is independent of it: for x ≤ 2·10^6 a sieve
// of Eratosthenes recounts (the recount of nthprime_recount.go); above,
// the count must lie within
// Dusart's explicit bounds (Dusart 2010, Theorems 6.9 and 6.10):
// x/ln x·(1 + 1/ln x + 2/ln²x) ≤ π(x) for x ≥ 88,783, and
// π(x) ≤ x/ln x·(1 + 1/ln x + 2.334/ln²x) for x ≥ 2,953,652,287 (the
// coarser π(x) < 1.25506 x/ln x of Rosser–Schoenfeld below that).
func primeCountOperation() core.Operation[PrimeCountRequest, PrimeCountResult] {
	return core.Operation[PrimeCountRequest, PrimeCountResult]{
		ID:         "integer.compute.prime_count",
		Title:      "Counting function π(x)",
		Summary:    "π(x), counting 2, 3, 5, 7, … up to x, for x up to 10^13, by Legendre's sieve tabulated on the values ⌊x/k⌋ (the Meissel–Lehmer recurrence) on both cores.",
		Keywords:   []string{"primepi", "pi(x)", "how many primes", "counting", "meissel lehmer", "legendre sieve"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{{
			Name: "x", Max: MaxPrimeCountX, Unit: "x",
			Description: "x is at most this (10^13)",
			Beyond:      func() string { return fmt.Sprintf(`{"x":"%d"}`, MaxPrimeCountX+1) },
			At:          func() string { return fmt.Sprintf(`{"x":"%d"}`, MaxPrimeCountX) },
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "x as a number", Payload: `{"x":100}`, Code: core.InvalidPayload, Path: "/payload/x"},
			}
		},
		Preflight: func(ctx context.Context, q PrimeCountRequest) error {
			if q.X.Big().Cmp(maxPrimeCountX) > 0 {
				return core.Refusef("x is %s; at most %d is allowed", clipped(q.X.Big()), MaxPrimeCountX)
			}
			return nil
		},
		Run: func(ctx context.Context, q PrimeCountRequest) (PrimeCountResult, error) {
			if q.X.Big().Sign() <= 0 {
				return PrimeCountResult{core.Int64(0)}, nil
			}
			c, err := primePi(ctx, q.X.Big().Uint64())
			if err != nil {
				return PrimeCountResult{}, err
			}
			return PrimeCountResult{core.Int64(int64(c))}, nil // c < 2^63: x ≤ MaxPrimeCountX
		},
		Postcondition: func(ctx context.Context, q PrimeCountRequest, r PrimeCountResult) error {
			x := q.X.Big()
			if x.Sign() <= 0 {
				if r.Count.Big().Sign() != 0 {
					return fmt.Errorf("π(%v) is 0, not %v", x, r.Count)
				}
				return nil
			}
			return checkPrimeCount(x.Uint64(), r.Count.Big().Uint64())
		},
		Examples: []core.Example{
			// PARI/GP 2.15: primepi(100) = 25, primepi(10^9) = 50847534
			{Title: "primes up to 100", Payload: json.RawMessage(`{"x":"100"}`), Result: json.RawMessage(`{"count":"25"}`)},
			{Title: "primes up to 10^9", Payload: json.RawMessage(`{"x":"1000000000"}`), Result: json.RawMessage(`{"count":"50847534"}`)},
			{Title: "no primes below 2", Payload: json.RawMessage(`{"x":"-7"}`), Result: json.RawMessage(`{"count":"0"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) PrimeCountRequest {
			return PrimeCountRequest{core.Int64(int64(rng.Uint64N(1 << (1 + rng.IntN(36)))))}
		},
	}
}

// nthPrimeOperation declares the n-th prime.
//
// Canonical result: p_n as a decimal string, p_1 = 2; n ≤ 0 is a
// DOMAIN_ERROR. The method is at the top of this file. The postcondition
// is independent of it: for n ≤ 150,000 a sieve of Eratosthenes recounts
// and finds p_n prime (the recount of nthprime_recount.go); above, p_n
// passes Baillie–PSW (a proof below 3.3·10^24), is the n-th by the running
// counts of the table of primes below 2^24 when it is there (a check of
// the selection, not of the table's sieve), and lies within
// Dusart's bounds n(ln n + ln ln n − 1) < p_n < n(ln n + ln ln n) (Dusart
// 1999, valid for n ≥ 6).
func nthPrimeOperation() core.Operation[NthPrimeRequest, NthPrimeResult] {
	return core.Operation[NthPrimeRequest, NthPrimeResult]{
		ID:         "integer.compute.nth_prime",
		Title:      "The n-th prime",
		Summary:    "p_n, the n-th term of 2, 3, 5, 7, 11, … (p_1 = 2), for n up to 3·10^11, by counting at the logarithmic-integral estimate and sieving the short gap.",
		Keywords:   []string{"nth", "kth", "p_n", "sequence index", "inverse of pi(x)", "enumerate"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{{
			Name: "n", Max: MaxNthPrimeN, Unit: "n",
			Description: "n is at most this (3·10^11)",
			Beyond:      func() string { return fmt.Sprintf(`{"n":"%d"}`, MaxNthPrimeN+1) },
			At:          func() string { return fmt.Sprintf(`{"n":"%d"}`, MaxNthPrimeN) },
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "n = 0", Payload: `{"n":"0"}`, Code: core.DomainError, Path: "/payload/n"},
				{Title: "n as a number", Payload: `{"n":5}`, Code: core.InvalidPayload, Path: "/payload/n"},
			}
		},
		Preflight: func(ctx context.Context, q NthPrimeRequest) error {
			if n := q.N.Big(); n.IsUint64() && n.Uint64()-1 < MaxNthPrimeN {
				return nil // 1 ≤ n ≤ MaxNthPrimeN, without the comparisons of big.Int below
			}
			if q.N.Big().Cmp(big.NewInt(MaxNthPrimeN)) > 0 {
				return core.Refusef("n is %s; at most %d is allowed", clipped(q.N.Big()), MaxNthPrimeN)
			}
			if q.N.Big().Sign() <= 0 {
				return core.DomainErrorAt(core.PayloadPath("n"), "n is %v; primes are numbered from p_1 = 2, so send n ≥ 1", q.N.Big())
			}
			return nil
		},
		Run: func(ctx context.Context, q NthPrimeRequest) (NthPrimeResult, error) {
			p, err := nthPrime(ctx, q.N.Big().Uint64())
			if err != nil {
				return NthPrimeResult{}, err
			}
			return NthPrimeResult{core.Int64For(ctx, int64(p))}, nil // p < 2^63: n ≤ MaxNthPrimeN
		},
		Postcondition: func(ctx context.Context, q NthPrimeRequest, r NthPrimeResult) error {
			return checkNthPrime(q.N.Big().Uint64(), r.Prime.Big())
		},
		Examples: []core.Example{
			// PARI/GP 2.15: prime(1) = 2, prime(1000) = 7919, prime(10^8) = 2038074743
			{Title: "the first prime", Payload: json.RawMessage(`{"n":"1"}`), Result: json.RawMessage(`{"prime":"2"}`)},
			{Title: "the thousandth prime", Payload: json.RawMessage(`{"n":"1000"}`), Result: json.RawMessage(`{"prime":"7919"}`)},
			{Title: "the 10^8-th prime", Payload: json.RawMessage(`{"n":"100000000"}`), Result: json.RawMessage(`{"prime":"2038074743"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) NthPrimeRequest {
			return NthPrimeRequest{core.Int64(1 + int64(rng.Uint64N(1<<(1+rng.IntN(30)))))}
		},
	}
}

// checkPrimeCount is prime_count's postcondition for x ≥ 1.
func checkPrimeCount(x, c uint64) error {
	if x <= 2_000_000 {
		if want, _ := recountPrimes().count(x); c != want {
			return fmt.Errorf("π(%d) is %d by the sieve of Eratosthenes, not %d", x, want, c)
		}
		return nil
	}
	fx, lx := float64(x), math.Log(float64(x))
	lo := fx / lx * (1 + 1/lx + 2/(lx*lx))
	hi := 1.25506 * fx / lx
	if x >= 2_953_652_287 {
		hi = fx / lx * (1 + 1/lx + 2.334/(lx*lx))
	}
	// The slack covers the rounding of the float evaluation, far below
	// the width of the window.
	if fc := float64(c); fc < lo*(1-1e-12) || fc > hi*(1+1e-12) {
		return fmt.Errorf("π(%d) = %d lies outside Dusart's bounds [%.0f, %.0f]", x, c, lo, hi)
	}
	return nil
}

// checkNthPrime is nth_prime's postcondition for n ≥ 1.
func checkNthPrime(n uint64, p *big.Int) error {
	if n <= 150_000 {
		// p_150000 = 2,015,177, within the recount's 2^21; the sieve
		// settles primality as well as the count.
		if !p.IsUint64() || p.Uint64() >= recountLimit {
			return fmt.Errorf("p_%d is below %d, so it is not %v", n, recountLimit, p)
		}
		x := p.Uint64()
		if c, prime := recountPrimes().count(x); c != n || !prime {
			return fmt.Errorf("%d is prime number %d by the sieve of Eratosthenes, not %d", x, c, n)
		}
		return nil
	}
	// A word, as every p_n within MaxNthPrimeN is, goes straight to the
	// word test that primality.Test would run on it, without its
	// conversions.
	if p.IsUint64() {
		if prime, _ := modular.PrimeTest64(p.Uint64()); !prime {
			return fmt.Errorf("%v is composite", p)
		}
	} else if st, _ := primality.Test(p); st == primality.Composite {
		return fmt.Errorf("%v is composite", p)
	}
	// Below 2^24 the table's running counts give π(p) exactly: the
	// primality test and Dusart's bounds, independent of the table,
	// cannot tell p_n from its neighbours, which this check of nth's
	// selection can.
	if x := p.Uint64(); p.IsUint64() && x < smallPrimeLimit {
		if c := smallPrimes().pi(x); c != n {
			return fmt.Errorf("%d is prime number %d by the table's counts, not %d", x, c, n)
		}
	}
	fn := float64(n)
	ln := math.Log(fn)
	lnln := math.Log(ln)
	lo, hi := fn*(ln+lnln-1), fn*(ln+lnln)
	if fp := float64(p.Uint64()); fp < lo*(1-1e-12) || fp > hi*(1+1e-12) {
		return fmt.Errorf("p_%d = %v lies outside Dusart's bounds (%.0f, %.0f)", n, p, lo, hi)
	}
	return nil
}

// eratosthenes marks the composites in [0, x]: the plain sieve of
// Eratosthenes, the reference that the table of small primes, the
// Legendre sieve and the recount are tested against.
func eratosthenes(x uint64) []bool {
	composite := make([]bool, x+1)
	for p := uint64(2); p*p <= x; p++ {
		if !composite[p] {
			for m := p * p; m <= x; m += p {
				composite[m] = true
			}
		}
	}
	return composite
}

// primePi returns π(x) for 1 ≤ x ≤ MaxPrimeCountX by the tabulated
// Legendre sieve described at the top of this file, polling ctx once per
// sieving prime.
func primePi(ctx context.Context, x uint64) (uint64, error) {
	if x < 2 {
		return 0, nil
	}
	if x < smallPrimeLimit {
		return smallPrimes().pi(x), nil
	}
	return primePiBySieve(ctx, x)
}

// primePiBySieve is primePi by the tabulated Legendre sieve alone, for
// x ≥ 2.
func primePiBySieve(ctx context.Context, x uint64) (uint64, error) {
	r := modular.Sqrt64(x)
	// small[v] = S(v) for v ≤ r; large[k] = S(⌊x/k⌋) for k ≤ r. S(v)
	// stays below v, so small fits 32 bits for r < 2^32.
	small := make([]uint32, r+1)
	large := make([]uint64, r+1)
	for v := uint64(1); v <= r; v++ {
		small[v] = uint32(v - 1)
		large[v] = x/v - 1
	}
	workers := min(runtime.GOMAXPROCS(0), 2)
	snapshot := make([]uint64, r+1)
	rounds := 0
	for p := uint64(2); p <= r; p++ {
		if small[p] == small[p-1] {
			continue // p was sieved out: not a prime
		}
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		if rounds++; rounds%64 == 0 {
			core.ReportProgress(ctx, float64(p), float64(r), "sieving by the primes up to √x")
		}
		sp := uint64(small[p-1])
		p2 := p * p // ≤ x, as p ≤ r
		kmax := min(r, x/p2)
		sieveLarge(x, p, sp, kmax, r, small, large, snapshot, workers)
		// The small half, descending so that small[v/p] (v/p < v) is
		// still S(·, p): every v in [qp, qp + p − 1] shares the quotient q.
		if p2 <= r {
			for q := r / p; q >= p; q-- {
				d := uint32(uint64(small[q]) - sp)
				hi := min(q*p+p-1, r)
				for v := q * p; v <= hi; v++ {
					small[v] -= d
				}
			}
		}
	}
	return large[1], nil
}

// sieveLarge applies the sieving step by p to large[1..kmax]. For k·p ≤ r
// the quotient ⌊x/(kp)⌋ is the large entry k·p, which a worker handling
// higher indices may already have rewritten; those reads go to a snapshot
// taken before the step.
func sieveLarge(x, p, sp, kmax, r uint64, small []uint32, large, snapshot []uint64, workers int) {
	// Entries k·p with k ≤ kmax and k·p ≤ r are read; the ones above the
	// first worker's share can be written by another worker.
	fx := float64(x) // exact: x < 2^53
	step := func(lo, hi uint64, read []uint64) {
		k := lo
		for ; k <= hi && k*p <= r; k++ {
			large[k] -= read[k*p] - sp
		}
		for ; k <= hi; k++ {
			// ⌊x/d⌋ by a float division, exact to within one either
			// way (x and d below 2^53), then corrected.
			d := k * p
			q := uint64(fx / float64(d))
			if q*d > x {
				q--
			} else if (q+1)*d <= x {
				q++
			}
			large[k] -= uint64(small[q]) - sp
		}
	}
	if workers < 2 || kmax < 1<<15 {
		// Ascending k reads large[kp] (kp > k) before it is rewritten.
		step(1, kmax, large)
		return
	}
	top := min(kmax*p, r)
	copy(snapshot[1:top+1], large[1:top+1])
	var wg sync.WaitGroup
	// The low indices read the most large entries (k·p ≤ r); the split
	// balances the divisions, which the high indices do.
	mid := kmax / 2
	wg.Add(2)
	go func() { defer wg.Done(); step(1, mid, snapshot) }()
	go func() { defer wg.Done(); step(mid+1, kmax, snapshot) }()
	wg.Wait()
}

// nthPrime returns p_n for 1 ≤ n ≤ MaxNthPrimeN: from the process's table
// of the primes below 2^24 while it reaches (n ≤ 1,077,871, p_n below
// 16,777,216), else by nthPrimeByCounting.
func nthPrime(ctx context.Context, n uint64) (uint64, error) {
	if t := smallPrimes(); n <= t.count {
		return t.nth(n), nil
	}
	return nthPrimeByCounting(ctx, n)
}

// nthPrimeByCounting returns p_n for 10^4 < n ≤ MaxNthPrimeN by the count
// at li⁻¹(n) and the walk described at the top of this file.
func nthPrimeByCounting(ctx context.Context, n uint64) (uint64, error) {
	x0 := inverseLi(float64(n))
	c, err := primePi(ctx, x0)
	if err != nil {
		return 0, err
	}
	if c >= n {
		// p_n ≤ x0: the (c − n + 1)-th prime counting down from x0.
		return walkPrimes(ctx, x0, c-n+1, false)
	}
	return walkPrimes(ctx, x0+1, n-c, true)
}

// inverseLi is the x with li(x) = n, by Newton's method from Cipolla's
// estimate; li(x) − π(x) is about √x/ln x, so the walk from there to
// p_n is short.
func inverseLi(n float64) uint64 {
	ln := math.Log(n)
	lln := math.Log(ln)
	x := n * (ln + lln - 1 + (lln-2)/ln)
	for range 8 {
		x -= (logIntegral(x) - n) * math.Log(x)
	}
	return uint64(x)
}

// logIntegral is li(x) for x > 1 by Ramanujan's series (Berndt,
// Ramanujan's Notebooks IV, p. 130):
//
//	li(x) = γ + ln ln x + √x Σ_{m≥1} (−1)^(m−1) (ln x)^m / (m! 2^(m−1)) Σ_{j=0}^{⌊(m−1)/2⌋} 1/(2j + 1).
func logIntegral(x float64) float64 {
	const gamma = 0.57721566490153286061
	l := math.Log(x)
	sum, term, inner := 0.0, 1.0, 0.0
	for m := 1; m < 200; m++ {
		term *= l / float64(m) // (ln x)^m / m!
		if m > 1 {
			term /= 2
		}
		if (m-1)%2 == 0 {
			inner += 1 / float64(m)
		}
		t := term * inner
		if m%2 == 0 {
			t = -t
		}
		sum += t
		if math.Abs(t) < 1e-17*math.Abs(sum) {
			break
		}
	}
	return gamma + math.Log(l) + math.Sqrt(x)*sum
}

// walkPrimes returns the k-th prime (k ≥ 1) met walking from start up (or
// down), start included, by a segmented sieve of Eratosthenes. The walk
// is short (a few hundred integers near 10^7, some 10^5 at the limit), so
// segments start at 2^12 integers and double up to 2^18, and the sieving
// primes come from the table of small primes (√x < 2^22 here, so the
// table reaches beyond them) rather than from a sieve of their own.
func walkPrimes(ctx context.Context, start, k uint64, up bool) (uint64, error) {
	seg := uint64(1 << 12)
	var base []uint64
	baseLimit := uint64(0) // base holds the primes up to baseLimit
	for {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		lo, hi := start, start+seg-1
		if !up {
			lo, hi = 0, start
			if start >= seg {
				lo = start - seg + 1
			}
		}
		if r := modular.Sqrt64(hi); r > baseLimit {
			// With room for the walk to go on: √hi grows slowly.
			baseLimit = r + r/4
			base = smallPrimes().appendPrimes(base[:0], baseLimit)
		}
		composite := segmentSieve(lo, hi, base)
		for i := range composite {
			j := i
			if !up {
				j = len(composite) - 1 - i
			}
			if !composite[j] {
				if k--; k == 0 {
					return lo + uint64(j), nil
				}
			}
		}
		if up {
			start = hi + 1
		} else if lo == 0 {
			return 0, fmt.Errorf("walked below 2 with %d primes still to find", k)
		} else {
			start = lo - 1
		}
		seg = min(2*seg, 1<<18)
	}
}

// segmentSieve marks the composites (and 0 and 1) in [lo, hi] by the
// primes of base up to √hi.
func segmentSieve(lo, hi uint64, base []uint64) []bool {
	composite := make([]bool, hi-lo+1)
	for v := lo; v <= min(hi, 1); v++ {
		composite[v-lo] = true
	}
	for _, p := range base {
		if p*p > hi {
			break
		}
		for m := max(p*p, (lo+p-1)/p*p); m <= hi; m += p {
			composite[m-lo] = true
		}
	}
	return composite
}

// smallPrimeLimit bounds the process's table of small primes: the primes
// below 2^24, 1,077,871 of them, as a bitmap of the odd integers (1 MB)
// with the running count of its words (0.5 MB).
const smallPrimeLimit = 1 << 24

// primeTable is the bitmap of the odd primes below smallPrimeLimit: bit b
// of word w says whether 2(64w + b) + 1 is prime; before[w] counts the
// odd primes below 128w.
type primeTable struct {
	bits   []uint64
	before []uint32
	// last[j] is the last word w with before[w] ≤ j·2^lastShift: the k-th
	// odd prime lies in a word from last[(k − 1) >> lastShift] to
	// last[(k − 1) >> lastShift + 1], some 20 words where before has
	// 131,072.
	last  []uint32
	count uint64 // primes below smallPrimeLimit, 2 included
}

// lastShift sets the spacing of primeTable.last, 128 odd primes (8,421
// bounds, 33 KB).
const lastShift = 7

// smallPrimes is the table, sieved by Eratosthenes on the odd integers the
// first time it is needed (some 30 ms) and kept for the process.
var smallPrimes = sync.OnceValue(func() *primeTable {
	const odd = smallPrimeLimit / 2 // the odd integers 1, 3, …, 2^24 − 1
	composite := make([]uint64, odd/64)
	composite[0] = 1 // 1 is not prime
	for i := uint64(1); ; i++ {
		p := 2*i + 1
		if p*p >= smallPrimeLimit {
			break
		}
		if composite[i/64]>>(i%64)&1 == 0 {
			for j := (p*p - 1) / 2; j < odd; j += p {
				composite[j/64] |= 1 << (j % 64)
			}
		}
	}
	t := &primeTable{bits: composite, before: make([]uint32, len(composite))}
	c := uint32(0)
	for w := range t.bits {
		t.bits[w] = ^t.bits[w]
		t.before[w] = c
		c += uint32(bits.OnesCount64(t.bits[w]))
	}
	t.count = uint64(c) + 1
	t.last = make([]uint32, c>>lastShift+2)
	for j := range t.last {
		t.last[j] = uint32(sort.Search(len(t.before), func(w int) bool { return t.before[w] > uint32(j)<<lastShift }) - 1)
	}
	return t
})

// pi is π(x) for x < smallPrimeLimit.
func (t *primeTable) pi(x uint64) uint64 {
	if x < 2 {
		return 0
	}
	j := (x - 1) / 2 // the odd integers up to x are 2i + 1 for i ≤ j
	w, b := j/64, j%64
	return 1 + uint64(t.before[w]) + uint64(bits.OnesCount64(t.bits[w]<<(63-b)))
}

// nth is p_n for 1 ≤ n ≤ t.count: the word that holds it by bisection
// over the running counts between the bounds of last, and its bit by
// selectBit. nthByScan, the plain reading of the table, is its reference
// (TestPrimeTableNth).
func (t *primeTable) nth(n uint64) uint64 {
	if n == 1 {
		return 2
	}
	k := uint32(n - 1) // p_n is the k-th odd prime
	// The last word with fewer than k odd primes before it holds p_n:
	// before[lo − 1] < k ≤ before[hi] throughout (before[hi] for hi at
	// the end of before taken as infinite).
	j := (k - 1) >> lastShift
	lo, hi := int(t.last[j])+1, int(t.last[j+1])+1
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if t.before[mid] < k {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	w := lo - 1
	return 2*(64*uint64(w)+uint64(selectBit(t.bits[w], int(k-t.before[w]-1)))) + 1
}

// selectBit is the position of the set bit of x with r set bits below
// it, for r < the number of x's set bits: the half, quarter and eighth
// of x that hold it by their counts, then at most seven of the byte's
// bits cleared from the bottom.
func selectBit(x uint64, r int) int {
	at := 0
	if c := bits.OnesCount32(uint32(x)); r >= c {
		r -= c
		x >>= 32
		at = 32
	}
	if c := bits.OnesCount16(uint16(x)); r >= c {
		r -= c
		x >>= 16
		at += 16
	}
	if c := bits.OnesCount8(uint8(x)); r >= c {
		r -= c
		x >>= 8
		at += 8
	}
	for ; r > 0; r-- {
		x &= x - 1
	}
	return at + bits.TrailingZeros64(x)
}

// appendPrimes appends the primes ≤ x, for x < smallPrimeLimit, to dst in
// increasing order.
func (t *primeTable) appendPrimes(dst []uint64, x uint64) []uint64 {
	if x < 2 {
		return dst
	}
	dst = append(dst, 2)
	last := (x - 1) / 2 // the odd integers up to x are 2i + 1 for i ≤ last
	for w := uint64(0); w <= last/64; w++ {
		word := t.bits[w]
		if w == last/64 && last%64 < 63 {
			word &= 1<<(last%64+1) - 1
		}
		for ; word != 0; word &= word - 1 {
			dst = append(dst, 2*(64*w+uint64(bits.TrailingZeros64(word)))+1)
		}
	}
	return dst
}
