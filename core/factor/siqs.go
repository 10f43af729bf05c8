package factor

// The self-initialising quadratic sieve (SIQS).
//
// References: S. Contini, "Factoring integers with the self-initializing
// quadratic sieve", M.Sc. thesis, U. of Georgia, 1997; R. Crandall and
// C. Pomerance, Prime Numbers: A Computational Perspective, 2nd ed., §6.1.
//
// The sieve seeks many x with Q(x) = (Ax + B)² − kN smooth over a factor
// base of primes p with (kN/p) ≠ −1, where k is a small multiplier chosen
// by the Knuth–Schroeppel function (Silverman, "The multiple polynomial
// quadratic sieve", Math. Comp. 48 (1987), §5) so that kN has many small
// quadratic residues. With B² ≡ kN (mod A), Q(x) = A·g(x) for the integer
// polynomial g(x) = Ax² + 2Bx + C, C = (B² − kN)/A, so every smooth g(x)
// gives a congruence (Ax + B)² ≡ A·g(x) (mod N). A product of such
// congruences whose right sides multiply to a square (a dependency found
// by linear algebra over GF(2) on the exponent vectors) gives X² ≡ Z²
// (mod N), and gcd(X − Z, N) is a proper factor with probability at least
// 1/2 per dependency.
//
// Polynomials. A = q₁⋯q_s is a product of factor-base primes close to
// √(2kN)/M, so that |g(x)| ≤ M√(kN/2) on the interval [−M, M). For each A
// the 2^(s−1) values B = ±B₁ ± ⋯ ± B_s with B_l ≡ ±√(kN) (mod q_l),
// B_l ≡ 0 (mod q_j), j ≠ l, all satisfy B² ≡ kN (mod A); walking them in
// Gray-code order changes one sign per step, so each prime's two sieve
// roots move by a precomputed 2B_l/A mod p: one addition per prime per
// polynomial instead of an inversion (the self-initialisation).
//
// Sieving. For each polynomial a byte per x of [−M, M) accumulates
// ⌊log₂ p⌉ at the two roots of g mod p, block by block (siqsBlock bytes,
// about one L1 cache), in word-size arithmetic; the primes above the
// block hit the interval a few times each and are added straight into
// all of it (2M bytes, which the second-level cache holds), and those of
// 2M and more, at most once a root, have their roots moved and their
// hits listed in the same branch-free pass, the list read back when
// confirming a candidate (a bucket sieve without the sort by block). The
// small-prime variation skips primes below siqsSmallPrime (below
// siqsDLPSmallPrime with two large primes), whose
// contribution is allowed for in the threshold. A position whose sum
// reaches the threshold is confirmed by division: only primes with x on
// one of their roots are tried, in machine words; those of 2M and more
// are read from one pass over the list of their hits, and when a block
// has many candidates the primes from siqsResievePrime to the block are
// found by resieving it. A cofactor that is a
// single prime below lpMult times the largest factor-base prime is kept
// (the large-prime variation); where the table's DLPExp is set, with the
// threshold lowered to match, so is one below lpBound^DLPExp that splits
// into two primes below lpBound (the double large prime variation).
// Partial relations are combined along the cycles of their large primes'
// graph (siqs_dlp.go) into relations with those primes squared on the
// right.
//
// Linear algebra and square root. Columns of weight one are removed with
// their relations (singleton filtering), columns of weight two by adding
// one of their rows to the other (the first step of structured Gaussian
// elimination), then Gaussian elimination over GF(2) on packed 64-bit
// words with the rows' history, sparsest columns first, eight columns at
// a time by the method of the Four Russians, finds the dependencies.
// For each dependency X = ∏(Ax + B) and Z = √∏A·g(x), both mod N, the
// latter from the summed exponents.
//
// Work and cores. Polynomial families (one A each) are chosen in a
// fixed order from a seeded generator and handed to a worker on each
// core as it frees up, with no core waiting for another's family to end;
// their relations are merged in family order and the count checked after
// each, so the relations, the dependencies and the factor returned do
// not depend on the number of cores. Every polynomial is charged
// 2M/siqsPositions iterations of the budget before its family is handed
// out.

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
)

const (
	// siqsMinBits and siqsMaxBits bound the composites SIQS takes;
	// FindFactor turns to it from siqsFromBits, where a balanced
	// semiprime already costs rho more than the sieve.
	siqsMinBits  = 60
	siqsFromBits = 80
	siqsMaxBits  = 340
	// siqsPretestBits: below it (about 48 digits) only siqsRhoShare rho
	// iterations precede the sieve.
	siqsPretestBits = 160
	siqsRhoShare    = 1 << 12
	// siqsBlock is the sieve block, in bytes.
	siqsBlock = 1 << 15
	// siqsMaxSieve bounds the interval, 2M positions: the sieve is an
	// array of that size, indexed through a mask, so that the compiler
	// checks no bound (and the table's largest M is 2^17).
	siqsMaxSieve = 1 << 18
	// siqsSmallPrime: primes below it are neither sieved nor counted in
	// the sums. With the double large prime variation the primes from
	// it to siqsDLPSmallPrime are not sieved either, but counted at the
	// candidates only: the sieve's threshold is siqsFilterGap bits
	// lower, and a position that reaches it is kept when its sum with
	// the logarithms of those of the primes with it on a root reaches
	// the threshold (filterSmall). That is the sieve of all the primes
	// from siqsSmallPrime on, but for positions where those primes add
	// more than siqsFilterGap bits and the others less than the
	// threshold minus the gap. On the 80-digit semiprime of bench/peers
	// (polynomials by TestSIQSTimed, exact; the cost of each by
	// TestSIQSRate, GOMAXPROCS=1, eight families, minima and means of
	// five to eight interleaved runs on a loaded machine):
	//
	//	primes below 30 unsieved              492,544 polynomials
	//	below 128, threshold 2 bits lower     542,720, 0.83 to 0.84 times the cost of the first
	//	below 256, threshold 4 bits lower     566,272, 0.85 to 0.88
	//	below 128 counted, gap 10             501,760, 1.03 to 1.07 times the cost of the second
	//
	// that is 0.92 and 0.89 of the first's work for the second and the
	// last. Gaps of 8 and 12 cost the same as 10 within the noise and
	// kept 2% fewer and 1% more of the cofactors with two large primes.
	// The sums without the small primes vary more: a lower threshold
	// alone wins back those cofactors only in part, and at the cost of
	// more candidates.
	siqsSmallPrime    = 30
	siqsDLPSmallPrime = 128
	siqsFilterGap     = 10
	// siqsExtra is how many relations beyond the factor base's size are
	// gathered before the linear algebra: as many dependencies at least
	// (filtering removes a row with every column it removes), each of
	// which splits n with probability 1/2 or more, so 16 fail together
	// with probability 2^−16, and the sieve then goes on for 16 more.
	// At 40 digits, where a few hundred relations suffice, 48 cost 7%
	// more sieving.
	siqsExtra = 16
	// siqsSlack is how many bits below log₂ of the largest |g(x)|, beyond
	// the large prime's, the sieve threshold lies: it allows for the
	// unsieved small primes and prime powers and for |g(x)| below its
	// maximum over most of the interval (tuned on this machine).
	siqsSlack = 12
	// siqsWideSlack replaces it from siqsWideSlackBits of kN (about 54
	// digits), where more candidates, each costlier to confirm, still
	// pay: 16 bits cut the time of a 61-digit semiprime by a quarter.
	siqsWideSlack     = 16
	siqsWideSlackBits = 180
	// siqsMagicShift: j mod p = j − p·⌊j·⌈2^k/p⌉ / 2^k⌋ exactly when
	// j·p < 2^k (Granlund and Montgomery, "Division by invariant integers
	// using multiplication", PLDI 1994); sieve positions are below 2^20 and
	// factor-base primes below 2^24.
	siqsMagicShift = 44
	// siqsMissMask places the 0 a branch-free sieve adds for a root past
	// the interval: at the root's bits under it, in the first block, so
	// that the misses touch no byte past the interval.
	siqsMissMask = siqsBlock - 1
	// siqsPositions sieve positions are charged as one iteration of the
	// budget: the wall time of a polynomial, sieved on both cores of the
	// test machine with the relations' handling included, at 320 ns an
	// iteration (the rate by which the integer domain sizes its default
	// budget, 5 ns a word² of 8 words), so that a budget sized by that
	// rate ends within its time. Measured by TestSIQSTimed on the idle
	// machine, with the sieve's loops as assembly kernels (sieve_amd64.s),
	// the root matches, the root moves and the scan in AVX2: 84,480
	// polynomials of 2M = 131,072 positions took 7.7 and 8.7 s for a
	// 70-digit semiprime (0.79 ns a position at the slower): 408
	// positions an iteration. It was 343 (0.93 ns) before the root moves
	// and the scan in AVX2, and 325 before the AVX2 root matches and the
	// primes below 2M taken off the list.
	siqsPositions = 408
	// siqsDLPPositions replaces it with the double large prime
	// variation: at 80 digits the anchor's 501,760 polynomials took 53.2,
	// 58.1, 53.1, 55.2, 55.8 and 52.5 s of wall time, 100 to 111 s of CPU
	// (TestSIQSTimed, six runs on the idle machine), 54.65 s on average:
	// 108.9 µs a polynomial of 131,072 positions, 0.83 ns a position, 385
	// positions an iteration. It was 311 (66.4 s for 492,544 polynomials,
	// at the slower of two runs) before the AVX2 root moves and scan and
	// the primes below 128 counted at the candidates, 244 before the AVX2
	// root matches, the misses kept in the interval and the primes below
	// 2M taken off the list.
	siqsDLPPositions = 385
	// siqsAnchorBits, siqsAnchorPolys and siqsDoublingBits make
	// SIQSWork's projection: the 80-digit semiprime of bench/peers (264
	// bits) took 501,760 polynomials (TestSIQSTimed), and the sieve's
	// work doubles about every 8.5 bits (a 73-digit semiprime took 15.2 s
	// where that one took 71 s, 19 bits of kN apart).
	siqsAnchorBits   = 264
	siqsAnchorPolys  = 501_760
	siqsDoublingBits = 8.5
	// Candidates of a block are confirmed with the hits of the primes
	// from siqsResievePrime on found by a resieve when they are at least
	// siqsResieveMin, by a division test at each otherwise.
	siqsResievePrime = 1 << 10
	// siqsMidPrime: the primes from it to the block are sieved over the
	// whole interval at once (sieveSpan), not block by block.
	siqsMidPrime   = 1 << 13
	siqsResieveMin = 8
	// gaussGroup columns are eliminated together (gaussDependencies).
	gaussGroup = 8
	// siqsMergeWeight bounds the columns of a row made by mergeColumns.
	siqsMergeWeight = 100
)

// SIQSPositions and SIQSDLPPositions are the sieve positions charged as
// one iteration of the budget, with one large prime and with two.
const (
	SIQSPositions    = siqsPositions
	SIQSDLPPositions = siqsDLPPositions
)

// siqsParam is one row of the parameter table: for kN of up to Bits bits,
// FB primes in the factor base, the sieve half-width M and the large-prime
// multiplier. The sizes follow the growth of the tables of Contini (1997,
// table 4.1) and msieve, adjusted on this machine. Two large primes pay
// from about 75 digits: on a 70-digit semiprime they halve the
// polynomials sieved but double the cost of each, while on the 80-digit
// one of bench/peers (kN of 266 bits) they cut the polynomials from
// 602,112 to 342,016 and the CPU time from 245 s to 195 s (lpBound 300P,
// cofactors below lpBound^1.7; lpBound^1.8 sieved 319,488 polynomials
// at a higher cost each). With two large primes the factor base pays
// smaller than with one: on that 80-digit input, 22,000 primes took 98 s
// of wall time on two cores, 32,000 took 127 s, 17,000 80 s, 13,000 71 s
// and 10,000 72 s (TestSIQSTimed); on a 73-digit one (kN of 247 bits)
// 11,000 primes with two large primes (lpBound 300P) took 15.2 s, against
// 16.6 s with 15,082 and one (lpBound 1000P) and 17.2 s with 11,788 and
// one. A row's multiplier and DLPExp hold from its Bits up to the next
// row's (siqsParamsFor), so the 233-bit row's start the two large primes
// from 71 digits. The 250-bit row's multiplier is 600: on the 80-digit
// input the sieve then took 493,568 polynomials against 522,240 with
// 300 (TestSIQSTimed), each at the same cost within the noise
// (TestSIQSRate, minima of five interleaved runs: 234 against 233 µs),
// 1,200 took 481,280 polynomials but each cost an eighth more (269
// against 237 µs: more candidates to confirm and cofactors to split).
// Around that point the total is flat on this input (polynomials by
// TestSIQSTimed, exact; the cost of each by TestSIQSRate against the
// table's, minima of five or six interleaved runs): 16,000 primes took
// 413,696 polynomials at 1.19 times the cost; 10,500 with a multiplier
// of 800 took 593,920, 4% more CPU time in all than 16,000 run beside
// it; DLPExp 1.6 took 544,768 at 0.90 times the cost, and 1.8 took
// 475,136 at 1.23 times the cost of 1.6 run beside it; M = 3·2^15
// found 1.3 to 1.5 times the relations a polynomial at 1.46 times the
// cost (one run each); with a multiplier of 300, a threshold 6 bits
// lower found 12% more relations with two large primes (and no more of
// the other kinds) at 1.16 times the cost, and one 3 bits higher 12%
// fewer at 0.95 times.
type siqsParam struct {
	Bits   int
	FB     int
	M      int
	LPMult uint64
	// DLPExp, when nonzero, is e in the bound lpBound^e on the
	// cofactors split into two large primes.
	DLPExp float64
}

var siqsParams = []siqsParam{
	{Bits: 64, FB: 60, M: 1 << 14, LPMult: 30},
	{Bits: 100, FB: 150, M: 1 << 14, LPMult: 50},
	{Bits: 128, FB: 320, M: 1 << 14, LPMult: 100},
	{Bits: 150, FB: 700, M: 1 << 14, LPMult: 100},
	{Bits: 166, FB: 1500, M: 1 << 15, LPMult: 100},
	{Bits: 200, FB: 3200, M: 1 << 15, LPMult: 100},
	{Bits: 216, FB: 6000, M: 1 << 16, LPMult: 200},
	{Bits: 233, FB: 10800, M: 1 << 16, LPMult: 300, DLPExp: 1.7},
	{Bits: 250, FB: 12000, M: 1 << 16, LPMult: 600, DLPExp: 1.7},
	{Bits: 266, FB: 13000, M: 1 << 16, LPMult: 300, DLPExp: 1.7},
	{Bits: 300, FB: 32000, M: 3 << 15, LPMult: 1000},
	{Bits: 340, FB: 44000, M: 1 << 17, LPMult: 1000},
}

// siqsParamsFor interpolates the table linearly in the bit length of kN.
func siqsParamsFor(bitLen int) siqsParam {
	t := siqsParams
	if bitLen <= t[0].Bits {
		return t[0]
	}
	for i := 1; i < len(t); i++ {
		if bitLen <= t[i].Bits {
			a, b := t[i-1], t[i]
			f := float64(bitLen-a.Bits) / float64(b.Bits-a.Bits)
			return siqsParam{
				Bits:   bitLen,
				FB:     a.FB + int(f*float64(b.FB-a.FB)),
				M:      a.M,
				LPMult: a.LPMult,
				DLPExp: a.DLPExp,
			}
		}
	}
	return t[len(t)-1]
}

// knuthSchroeppel returns the squarefree k < 100 maximising the expected
// contribution of small primes to the smoothness of Q(x) over kN
// (Silverman 1987, §5): −½ log k + Σ_p g(p, kN) log p, with g = 2/(p−1)
// for the odd p where kN is a nonzero residue, 1/p for p | k, and for p = 2
// 2, 1 or ½ as kN ≡ 1 (mod 8), 5 (mod 8) or 3 (mod 4). The quadratic
// character is multiplicative, χ_p(kN) = χ_p(N)·Π_{q | k} χ_p(q), so one
// power per prime p gives χ_p(N) and a table (ksTable) the χ_p(q) of the
// primes q < 100, where a power for every k and p cost a millisecond,
// 5% of a 40-digit factorization. knuthSchroeppelReference in the tests
// is the direct form.
func knuthSchroeppel(n *big.Int) uint64 {
	t := ksTables()
	chiN := make([]int8, len(t.primes))
	var r, pb big.Int
	for i, p := range t.primes {
		if nm := r.Mod(n, pb.SetUint64(p)).Uint64(); nm != 0 {
			chiN[i] = 1
			if powMod(nm, (p-1)/2, p) != 1 {
				chiN[i] = -1
			}
		}
	}
	n8 := r.Mod(n, big.NewInt(8)).Uint64()
	best, bestScore := uint64(1), math.Inf(-1)
	for k := uint64(1); k < 100; k++ {
		if !squarefree(k) {
			continue
		}
		score := ksBase(k, n8)
		qs := t.factors[k]
		for i, p := range t.primes {
			if k%p == 0 {
				score += t.divides[i]
				continue
			}
			chi := chiN[i]
			for _, q := range qs {
				chi *= t.chi[i][q]
			}
			if chi == 1 {
				score += t.residue[i]
			}
		}
		if score > bestScore {
			best, bestScore = k, score
		}
	}
	return best
}

// ksBase is the part of k's Knuth–Schroeppel score that does not depend
// on the odd primes: −½ log k and the term of p = 2, from N mod 8.
func ksBase(k, n8 uint64) float64 {
	score := -0.5 * math.Log(float64(k))
	switch (k * n8) % 8 {
	case 1:
		score += 2 * math.Ln2
	case 5:
		score += math.Ln2
	case 3, 7:
		score += 0.5 * math.Ln2
	}
	return score
}

// ksTable holds, for each odd prime p below 2000, the terms log p/p and
// 2·log p/(p − 1) of the Knuth–Schroeppel score and the quadratic
// characters χ_p(q) of the primes q < 100 (by index into SmallPrimes(100)),
// and for each k < 100 the indices of its prime factors.
type ksTable struct {
	primes           []uint64
	divides, residue []float64
	chi              [][]int8
	factors          [100][]int
}

var ksTables = sync.OnceValue(func() *ksTable {
	small := SmallPrimes(100)
	t := &ksTable{primes: SmallPrimes(2000)[1:]}
	for _, p := range t.primes {
		lp := math.Log(float64(p))
		t.divides = append(t.divides, lp/float64(p))
		t.residue = append(t.residue, 2*lp/float64(p-1))
		row := make([]int8, len(small))
		for j, q := range small {
			switch {
			case q%p == 0:
			case powMod(q%p, (p-1)/2, p) == 1:
				row[j] = 1
			default:
				row[j] = -1
			}
		}
		t.chi = append(t.chi, row)
	}
	for k := range t.factors {
		for j, q := range small {
			if k > 0 && uint64(k)%q == 0 {
				t.factors[k] = append(t.factors[k], j)
			}
		}
	}
	return t
})

func squarefree(k uint64) bool {
	for d := uint64(2); d*d <= k; d++ {
		if k%(d*d) == 0 {
			return false
		}
	}
	return true
}

// sqrtModPrime returns a square root of a quadratic residue a mod the odd
// prime p < 2^32 by Tonelli–Shanks (Crandall–Pomerance Algorithm 2.3.8).
func sqrtModPrime(a, p uint64) uint64 {
	a %= p
	if a == 0 {
		return 0
	}
	if p%4 == 3 {
		return powMod(a, (p+1)/4, p)
	}
	q, s := p-1, 0
	for q%2 == 0 {
		q /= 2
		s++
	}
	z := uint64(2)
	for powMod(z, (p-1)/2, p) != p-1 {
		z++
	}
	c := powMod(z, q, p)
	x := powMod(a, (q+1)/2, p)
	t := powMod(a, q, p)
	m := s
	for t != 1 {
		i, t2 := 0, t
		for t2 != 1 {
			t2 = t2 * t2 % p
			i++
		}
		b := c
		for range m - i - 1 {
			b = b * b % p
		}
		x = x * b % p
		c = b * b % p
		t = t * c % p
		m = i
	}
	return x
}

// invMod returns a⁻¹ mod m for gcd(a, m) = 1, m < 2^32.
func invMod(a, m uint64) uint64 {
	t, newT := int64(0), int64(1)
	r, newR := int64(m), int64(a%m)
	for newR != 0 {
		q := r / newR
		t, newT = newT, t-q*newT
		r, newR = newR, r-q*newR
	}
	if t < 0 {
		t += int64(m)
	}
	return uint64(t)
}

// siqs is one factorization's shared, read-only state.
type siqs struct {
	n, kn  *big.Int
	k      uint64
	param  siqsParam
	m      int      // sieve half-width
	primes []uint32 // the factor base; primes[0] = 2
	sqrts  []uint32 // √(kN) mod p
	logs   []uint8
	magic  []uint64 // ⌈2^siqsMagicShift / p⌉, for j mod p by multiplication
	small  int      // first index sieved
	// filter is the first index of the primes counted at the candidates
	// (filterSmall), below small; filter = small without them.
	filter int
	// gap is how far below thresh the sieve's bytes are set to flag a
	// position: siqsFilterGap with primes to filter, 0 without.
	gap    int
	bucket int // first index of the primes p ≥ siqsBlock, sieved by sieveLarge
	// once is the first index of the primes of 2M and more, which hit
	// [0, 2M) at most once per root: their hits are listed (sieveOnce).
	// Those from bucket to once are matched to the candidates by their
	// roots (tryRoots); hitRuns splits them into runs of equal
	// h = ⌈2M/p⌉, the most hits per root (sieveHits).
	once    int
	hitRuns []siqsHitRun
	resieve int // first index of the primes resieved, below bucket
	// mid is the first index of the primes from siqsMidPrime, below
	// bucket: sieved over the whole interval at once (sieveSpan).
	mid     int
	lpBound uint64 // large primes below this are kept
	// Cofactors from pmax2 = P² (P the largest factor-base prime) to
	// dlpBound are split into two large primes; dlpBound = 0 without the
	// double large prime variation.
	pmax2, dlpBound uint64
	thresh          uint8 // sieve threshold
}

// flag is the sum that sets a byte's top bit: the threshold, at most
// 120, less the gap, at least 1.
func (s *siqs) flag() int {
	return max(int(min(s.thresh, 120))-s.gap, 1)
}

// siqsHitRun is a run of factor-base primes, up to index end, of h hits
// per root at most.
type siqsHitRun struct{ end, h int }

// siqsRelation is y² ≡ (−1)^e₀ ∏ p^e · L₁L₂ · ∏ S² (mod N), y = Ax + B
// for a relation found by the sieve, with factor-base column indices in
// cols (0 is −1, i + 1 is primes[i]), one entry per unit of exponent. The
// large primes L₁ ≤ L₂ of a partial relation are in large (0 for none:
// large[1] = 0 for a single one); those squared on the right of a full
// relation combined from a cycle of partial ones are in square, and Z
// gains a factor of each.
type siqsRelation struct {
	y      *big.Int
	cols   []uint32
	large  [2]uint64
	square []uint64
}

func newSIQS(n *big.Int) (*siqs, *big.Int) {
	return newSIQSWith(n, siqsParamsFor)
}

// newSIQSWith is newSIQS with the parameters of kN's bit length given by
// params.
func newSIQSWith(n *big.Int, params func(bitLen int) siqsParam) (*siqs, *big.Int) {
	s := &siqs{n: n}
	s.k = knuthSchroeppel(n)
	s.kn = new(big.Int).Mul(n, new(big.Int).SetUint64(s.k))
	s.param = params(s.kn.BitLen())
	s.m = min(max(s.param.M, siqsBlock/2), siqsMaxSieve/2)
	r := new(big.Int)
	s.primes = append(s.primes, 2)
	s.sqrts = append(s.sqrts, uint32(s.kn.Bit(0)))
	for p := uint64(3); len(s.primes) < s.param.FB; p += 2 {
		if !smallPrime(p) {
			continue
		}
		a := r.Mod(s.kn, new(big.Int).SetUint64(p)).Uint64()
		if a == 0 {
			if s.k%p != 0 {
				return nil, new(big.Int).SetUint64(p) // p divides n
			}
		} else if powMod(a, (p-1)/2, p) != 1 {
			continue
		}
		s.primes = append(s.primes, uint32(p))
		s.sqrts = append(s.sqrts, uint32(sqrtModPrime(a, p)))
	}
	s.logs = make([]uint8, len(s.primes))
	s.magic = make([]uint64, len(s.primes))
	smallBound := uint32(siqsSmallPrime)
	if s.param.DLPExp > 0 {
		smallBound = siqsDLPSmallPrime
	}
	for i, p := range s.primes {
		s.magic[i] = (1<<siqsMagicShift)/uint64(p) + 1
		s.logs[i] = uint8(math.Round(math.Log2(float64(p))))
		if s.filter == 0 && p >= siqsSmallPrime {
			s.filter = i
		}
		if s.small == 0 && p >= smallBound {
			s.small = i
		}
	}
	s.bucket, _ = slices.BinarySearch(s.primes, siqsBlock)
	s.bucket = max(s.bucket, s.small)
	s.once, _ = slices.BinarySearch(s.primes, uint32(2*s.m))
	s.once = max(s.once, s.bucket)
	for i, n := s.bucket, 2*s.m; i < s.once; {
		h := (n + int(s.primes[i]) - 1) / int(s.primes[i])
		end := i
		for end < s.once && (n+int(s.primes[end])-1)/int(s.primes[end]) == h {
			end++
		}
		s.hitRuns = append(s.hitRuns, siqsHitRun{end: end, h: h})
		i = end
	}
	s.resieve, _ = slices.BinarySearch(s.primes, siqsResievePrime)
	s.resieve = min(max(s.resieve, s.small), s.bucket)
	s.mid, _ = slices.BinarySearch(s.primes, siqsMidPrime)
	s.mid = min(max(s.mid, s.small), s.bucket)
	pmax := uint64(s.primes[len(s.primes)-1])
	s.lpBound = min(pmax*s.param.LPMult, pmax*pmax)
	s.pmax2 = pmax * pmax
	// |g(x)| ≤ M·√(kN/2); the threshold allows for a large prime, or
	// a cofactor below dlpBound, and siqsSlack bits more.
	target := math.Log2(float64(s.m)) + float64(s.kn.BitLen()-1)/2
	slack := float64(siqsSlack)
	if s.kn.BitLen() >= siqsWideSlackBits {
		slack = siqsWideSlack
	}
	if s.filter < s.small {
		s.gap = siqsFilterGap
	}
	cofactor := math.Log2(float64(s.lpBound))
	if e := s.param.DLPExp; e > 0 && pmax < 1<<21 {
		cofactor *= e
		s.dlpBound = uint64(math.Exp2(min(cofactor, 62)))
	}
	t := target - cofactor - slack
	s.thresh = uint8(max(t, 8))
	return s, nil
}

// siqsFamily is one A with its B_l, and the per-prime data of its
// polynomials.
type siqsFamily struct {
	a     *big.Int
	aIdx  []int      // factor-base indices of the q_l
	bl    []*big.Int // B_l
	ainv  []uint32   // A⁻¹ mod p, 0 for p | A or p ≤ 2
	bainv [][]uint32 // bainv[l][i] = 2·B_l·A⁻¹ mod p
	inA   []bool
}

// chooseA picks s factor-base primes whose product is close to
// √(2kN)/M, from a window of the factor base around the s-th root, by
// the generator rng; used excludes products already taken.
func (s *siqs) chooseA(rng *rand.Rand, used map[string]bool) ([]int, *big.Int) {
	target := new(big.Float).SetInt(new(big.Int).Sqrt(new(big.Int).Lsh(s.kn, 1)))
	target.Quo(target, big.NewFloat(float64(s.m)))
	tf, _ := target.Float64()
	logT := math.Log(tf)
	// The number of factors: primes near 2000 where the factor base
	// reaches that far, else as large as it allows; none is above the
	// block, so that sieveLarge need not skip the primes of A.
	lo, hi := max(s.small+1, 2), s.bucket
	hiP := float64(s.primes[hi-1])
	bestS, bestDiff := 0, math.Inf(1)
	for f := 2; f <= 20; f++ {
		q := math.Exp(logT / float64(f))
		if q > hiP/1.5 || q < float64(s.primes[lo]) {
			continue
		}
		if d := math.Abs(math.Log(q / 2000)); d < bestDiff {
			bestS, bestDiff = f, d
		}
	}
	if bestS == 0 {
		return nil, nil
	}
	q := math.Exp(logT / float64(bestS))
	idx := func(v float64) int {
		i, _ := slices.BinarySearch(s.primes, uint32(min(v, hiP)))
		return max(lo, min(i, hi-1))
	}
	wlo, whi := idx(q/1.6), idx(q*1.6)
	if whi-wlo < 2*bestS+4 {
		wlo, whi = max(lo, wlo-bestS-2), min(hi-1, whi+bestS+2)
	}
	for range 200 {
		chosen := make([]int, 0, bestS)
		a := big.NewInt(1)
		for len(chosen) < bestS-1 {
			i := wlo + rng.IntN(whi-wlo+1)
			if slices.Contains(chosen, i) || s.k%uint64(s.primes[i]) == 0 {
				continue
			}
			chosen = append(chosen, i)
			a.Mul(a, big.NewInt(int64(s.primes[i])))
		}
		af, _ := new(big.Float).SetInt(a).Float64()
		last := -1
		want := tf / af
		j := idx(want)
		for d := 0; d < 50 && last < 0; d++ {
			for _, c := range []int{j - d, j + d} {
				if c >= lo && c < hi && !slices.Contains(chosen, c) && s.k%uint64(s.primes[c]) != 0 {
					last = c
					break
				}
			}
		}
		if last < 0 {
			continue
		}
		chosen = append(chosen, last)
		a.Mul(a, big.NewInt(int64(s.primes[last])))
		key := a.String()
		if used[key] {
			continue
		}
		used[key] = true
		slices.Sort(chosen)
		return chosen, a
	}
	return nil, nil
}

// family computes the B_l and the per-prime inverses of A.
func (s *siqs) family(aIdx []int, a *big.Int) *siqsFamily {
	f := &siqsFamily{a: a, aIdx: aIdx, inA: make([]bool, len(s.primes))}
	r := new(big.Int)
	for _, i := range aIdx {
		f.inA[i] = true
		q := uint64(s.primes[i])
		aq := new(big.Int).Quo(a, big.NewInt(int64(q)))
		inv := invMod(r.Mod(aq, big.NewInt(int64(q))).Uint64(), q)
		gamma := uint64(s.sqrts[i]) * inv % q
		if gamma > q/2 {
			gamma = q - gamma
		}
		f.bl = append(f.bl, aq.Mul(aq, new(big.Int).SetUint64(gamma)))
	}
	f.ainv = make([]uint32, len(s.primes))
	f.bainv = make([][]uint32, len(aIdx))
	for l := range f.bainv {
		f.bainv[l] = make([]uint32, len(s.primes))
	}
	for i := 1; i < len(s.primes); i++ {
		if f.inA[i] {
			continue
		}
		p := uint64(s.primes[i])
		ainv := invMod(modWord(a, p), p)
		f.ainv[i] = uint32(ainv)
		for l, b := range f.bl {
			f.bainv[l][i] = uint32(2 * modWord(b, p) % p * ainv % p)
		}
	}
	return f
}

// siqsWorker holds one goroutine's sieve buffers.
type siqsWorker struct {
	s     *siqs
	sieve *[siqsMaxSieve]byte // the interval's 2M bytes first
	// roots holds the positions j = x + M of each prime's two roots, mod
	// p, side by side so that a loop over the primes keeps one pointer
	// for both; next, for the primes below the block, the positions of
	// their next hits as the blocks are sieved.
	roots [][2]uint32
	next  [][2]uint32
	// large lists the hits of the primes from s.bucket on, each as
	// index<<32 | position, in prime order.
	large  []uint64
	nLarge int      // the hits listed for the polynomial last sieved
	zero   []uint32 // the step of the first polynomial of a family
	blank  []byte   // the sieve's starting value, for 4096 bytes
	// The candidates of a polynomial: their positions, ascending, with a
	// bit set at each in candBits; whether the resieve ran on their
	// block; and the indices of the large primes and of those resieved
	// found to hit each. mark[offset] is a candidate's index + 1 in the
	// block being resieved (0 elsewhere).
	cands    []uint32
	candBits *[siqsMaxSieve / 64]uint64
	matched  []uint64 // gatherLarge's scratch
	resieved []bool
	hits     [][]uint32
	mark     []uint16
	// tried holds, for each candidate, the primes from s.small to the
	// block (to s.resieve when resieved) with the candidate on one of
	// their roots (tryRoots); open, openAt and match are its scratch,
	// and openAt and match filterSmall's before it.
	tried  [][]uint32
	open   []int
	openAt []uint64
	match  []uint64
	cols   []uint32 // check's scratch
	quo    []uint64 // check's scratch quotient
	// onPoly, when set, sees each polynomial's B after it is sieved,
	// with the roots of every prime from s.filter on at that B.
	onPoly func(b *big.Int)
}

func (s *siqs) newWorker() *siqsWorker {
	n := len(s.primes)
	w := &siqsWorker{s: s, sieve: new([siqsMaxSieve]byte),
		roots: make([][2]uint32, n), next: make([][2]uint32, s.bucket), zero: make([]uint32, n),
		match: make([]uint64, max(s.bucket, s.once-s.bucket))}
	// Every byte starts at 128 − (threshold − gap), so a sum reaching
	// the threshold less the gap sets its top bit.
	w.blank = bytes.Repeat([]byte{byte(128 - s.flag())}, 4096)
	w.large = make([]uint64, 2*(n-s.once))
	w.candBits = new([siqsMaxSieve / 64]uint64)
	w.mark = make([]uint16, siqsBlock)
	return w
}

// siqsStep is one step of the Gray-code walk, applied to the roots of the
// primes above the block as they are sieved (sieveLarge): each root moves by
// delta[i] (by p − delta[i] when sub is set). A nil delta leaves them.
type siqsStep struct {
	delta []uint32
	sub   bool
}

// sieveFamily sieves the 2^(s−1) polynomials of f and returns their
// relations, full and partial, in polynomial order.
func (w *siqsWorker) sieveFamily(ctx context.Context, f *siqsFamily) ([]siqsRelation, error) {
	s := w.s
	np := 1 << (len(f.bl) - 1)
	b := new(big.Int)
	for _, bl := range f.bl {
		b.Add(b, bl)
	}
	signs := make([]int, len(f.bl))
	for l := range signs {
		signs[l] = 1
	}
	w.setRoots(f, b)
	r := new(big.Int)
	var rels []siqsRelation
	for v := 0; v < np; v++ {
		var step siqsStep
		if v > 0 {
			// Gray code: flip the sign of B_l, l = 1 + trailing zeros of v.
			// The roots of the primes below the block move here, the
			// others as they are sieved (sieveLarge).
			l := 1 + bits.TrailingZeros(uint(v))
			step = siqsStep{delta: f.bainv[l], sub: signs[l] < 0}
			if signs[l] > 0 {
				b.Sub(b, r.Lsh(f.bl[l], 1))
			} else {
				b.Add(b, r.Lsh(f.bl[l], 1))
			}
			signs[l] = -signs[l]
			// The primes below s.filter are divided out by check, not
			// matched by their roots. The primes of A move with the
			// others and get back their roots past every position.
			lo := s.filter
			moveRoots(w.roots[lo:s.bucket], s.primes[lo:s.bucket], step.delta[lo:s.bucket], step.sub)
			for _, i := range f.aIdx {
				w.roots[i] = [2]uint32{math.MaxUint32, math.MaxUint32}
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rels = w.sievePoly(f, b, step, rels)
		if w.onPoly != nil {
			w.onPoly(b)
		}
	}
	return rels, nil
}

// setRoots computes the sieve positions of the roots of g mod each prime
// from s.filter on for B = b directly: j ≡ A⁻¹(±√(kN) − B) + M (mod p). The Gray-code
// walk keeps them up to date by additions instead.
func (w *siqsWorker) setRoots(f *siqsFamily, b *big.Int) {
	s := w.s
	mm := uint64(s.m)
	// The primes below s.filter are divided out by check: no roots.
	for i := max(s.filter, 1); i < len(s.primes); i++ {
		if f.inA[i] {
			// Past every position, so that tryRoots never matches.
			w.roots[i] = [2]uint32{math.MaxUint32, math.MaxUint32}
			continue
		}
		p := uint64(s.primes[i])
		bp := modWord(b, p) // of |b|
		if b.Sign() < 0 && bp != 0 {
			bp = p - bp
		}
		t := uint64(s.sqrts[i])
		ai := uint64(f.ainv[i])
		w.roots[i] = [2]uint32{
			uint32((ai*((t+p-bp)%p)%p + mm) % p),
			uint32((ai*((2*p-t-bp)%p)%p + mm) % p),
		}
	}
}

// sievePoly sieves g(x) = Ax² + 2Bx + C over [−M, M) and appends the
// relations found. The primes from s.bucket on hit the interval a few
// times each: they are added straight into the whole interval (2M bytes,
// in the second-level cache) by sieveLarge, which lists the hits of those
// of 2M and more for the confirmation, as a bucket sieve would (Wambach
// and Wettig, "Block sieving algorithms", 1995) without the sort by
// block. Those from siqsMidPrime to the block hit each block only a few
// times a root: they too are added over the whole interval at once
// (sieveSpan), without a list, so that each is visited once a polynomial
// instead of once a block. The smaller ones are sieved block by block, siqsBlock bytes in
// the first-level cache. On amd64 the loops are assembly kernels
// (sieve_amd64.s), which cut the cost of a polynomial of the 80-digit
// semiprime below by about a third (TestSIQSRate, alternated with the Go
// loops, 226 to 263 against 320 to 355 µs at a load of 4 to 10, before
// the root matches took AVX2 and the primes below 2M left the list).
//
// On this machine a byte added at a random place of the 2M = 131,072
// bytes costs about what one added from a bucket into a 32 KB block does
// (0.75 against 0.8 ns, in isolation), so the sort by block has nothing
// to win. Measured against this on the 80-digit semiprime of bench/peers
// (TestSIQSRate, 4 families, minima of interleaved runs; 220 µs a
// polynomial here): the full bucket sieve, the hits filed by block for 2
// to 16 polynomials at a time, took 262 to 272 µs; the large primes of 2
// to 8 polynomials sieved at a time, each into an interval of its own,
// 262 to 270 µs; blocks of 2^14, 2^16 or 2^17 bytes 243, 223 and 242 µs;
// fixed-count branch-free steps for the primes that hit a block at most
// 2, 4 or 8 times per root 229 to 243 µs; the misses of the branch-free
// loops spread over 128 bytes past the interval instead of one, 235 µs;
// without bounds checks (-gcflags=-B) the time did not change. Leaving the primes below 250
// unsieved, with the threshold 7 bits lower, made a polynomial 10%
// cheaper but yielded fewer relations: the whole run (TestSIQSTimed)
// took 569,344 polynomials against 522,240 and the same CPU time (155 s,
// one run each).
// Also lost or equal (TestSIQSRate, minima of five to seven interleaved
// runs): no list of the large primes' hits, gatherLarge walking their
// roots again against a bitmap of the candidates, 234 against 222 µs
// (multiplier 300); the list in 32-bit entries (index and position
// packed), 211 against 212 µs; the primes of A sieved with a logarithm
// of 0 instead of skipped by a test, 237 against 224 µs (these two with
// the multiplier of 600).
func (w *siqsWorker) sievePoly(f *siqsFamily, b *big.Int, step siqsStep, rels []siqsRelation) []siqsRelation {
	s := w.s
	n := 2 * s.m
	sieve := w.sieve[:n]
	// Filled from a copy that stays in the first-level cache: one of the
	// whole interval was 2M more bytes to read through the second.
	for i := 0; i < n; i += len(w.blank) {
		copy(sieve[i:], w.blank)
	}
	w.nLarge = w.sieveLarge(step)
	// Only the primes below the block keep a next position of their own;
	// those from s.mid on are sieved over the whole interval at once.
	next := w.next[:s.bucket]
	copy(next, w.roots)
	sieveSpan(w.sieve, n, s.primes[s.mid:s.bucket], s.logs[s.mid:s.bucket], next[s.mid:])
	cands := w.cands[:0]
	w.resieved = w.resieved[:0]
	for start := 0; start < n; start += siqsBlock {
		end := min(start+siqsBlock, n)
		blk := (*[siqsBlock]byte)(w.sieve[start : start+siqsBlock])
		sieveBlock(blk, start, s.primes[s.small:s.mid], s.logs[s.small:s.mid], next[s.small:s.mid])
		first := len(cands)
		cands = scanFlags(sieve[start:end], uint32(start), cands)
		if s.filter < s.small {
			cands = w.filterSmall(cands, first)
		}
		w.cands = cands
		w.resieveBlock(f, start, first)
	}
	if len(cands) == 0 {
		return rels
	}
	w.gatherLarge()
	w.tryRoots()
	c := new(big.Int).Mul(b, b) // C = (B² − kN)/A, exact
	c.Sub(c, s.kn)
	c.Quo(c, f.a)
	for k, j := range cands {
		if rel, ok := w.check(f, b, c, int(j), w.tried[k], w.hits[k]); ok {
			rels = append(rels, rel)
		}
	}
	return rels
}

// tryRoots lists in w.tried, for each candidate j, the primes p from
// s.small to the block (to s.resieve when its block was resieved) with
// j ≡ root (mod p), j mod p by a multiplication (siqsMagicShift). The
// primes are the outer loop, so that each one's roots and reciprocal are
// loaded once for all the polynomial's candidates, a dozen or so at 80
// digits; the candidates in the inner loop cost a multiplication and two
// comparisons each. A prime of A never matches: setRoots gives it roots
// no position reaches.
func (w *siqsWorker) tryRoots() {
	s := w.s
	for len(w.tried) < len(w.cands) {
		w.tried = append(w.tried, nil)
	}
	tried := w.tried[:len(w.cands)]
	for k := range tried {
		tried[k] = tried[k][:0]
	}
	open, at := w.open[:0], w.openAt[:0]
	for k, j := range w.cands {
		open, at = append(open, k), append(at, uint64(j))
	}
	try := func(lo, hi int) {
		for c := 0; c < len(at); c += 64 {
			open, at := open[c:min(c+64, len(at))], at[c:min(c+64, len(at))]
			match := w.match[:hi-lo]
			rootMatches(at, s.primes[lo:hi], s.magic[lo:hi], w.roots[lo:hi], match)
			// The matches are few: eight words at a time are tested
			// for any.
			for g := 0; g < len(match); g += 8 {
				words := match[g:min(g+8, len(match))]
				if len(words) == 8 && words[0]|words[1]|words[2]|words[3]|words[4]|words[5]|words[6]|words[7] == 0 {
					continue
				}
				for i, hit := range words {
					for ; hit != 0; hit &= hit - 1 {
						k := open[bits.TrailingZeros64(hit)]
						tried[k] = append(tried[k], uint32(lo+g+i))
					}
				}
			}
		}
	}
	try(s.small, s.resieve)
	try(s.bucket, s.once)
	// The resieved candidates have their hits from s.resieve to the
	// block.
	kept := 0
	for k, c := range open {
		if !w.resieved[c] {
			open[kept], at[kept] = c, at[k]
			kept++
		}
	}
	open, at = open[:kept], at[:kept]
	if len(open) > 0 {
		try(s.resieve, s.bucket)
	}
	w.open, w.openAt = open, at
}

// siqsMaxCands bounds the candidates of a polynomial.
const siqsMaxCands = 1<<16 - 1

// scanFlagsGo appends to cands base + t for each byte sv[t] with its top
// bit set, in order, while cands holds fewer than siqsMaxCands, 32 bytes
// tested at a time. It is scanFlags where there is no assembly, and the
// reference the amd64 kernel is held to (TestScanFlagsKernel).
func scanFlagsGo(sv []byte, base uint32, cands []uint32) []uint32 {
	j := 0
	for ; j+32 <= len(sv); j += 32 {
		v := sv[j : j+32 : j+32]
		if (binary.LittleEndian.Uint64(v)|binary.LittleEndian.Uint64(v[8:])|
			binary.LittleEndian.Uint64(v[16:])|binary.LittleEndian.Uint64(v[24:]))&0x8080808080808080 == 0 {
			continue
		}
		for t := j; t < j+32; t++ {
			if sv[t]&0x80 != 0 && len(cands) < siqsMaxCands {
				cands = append(cands, base+uint32(t))
			}
		}
	}
	for t := j; t < len(sv); t++ {
		if sv[t]&0x80 != 0 && len(cands) < siqsMaxCands {
			cands = append(cands, base+uint32(t))
		}
	}
	return cands
}

// filterSmall keeps of the candidates from first on those whose byte,
// with the logarithms added of the primes from s.filter to s.small that
// have the position on a root (rootMatches), reaches the threshold: the
// byte counts from 128 − (threshold − gap), so the sum must reach 128 +
// gap, counted in int past the byte's range.
func (w *siqsWorker) filterSmall(cands []uint32, first int) []uint32 {
	s := w.s
	lo, hi := s.filter, s.small
	kept := first
	for c := first; c < len(cands); c += 64 {
		part := cands[c:min(c+64, len(cands))]
		at := w.openAt[:0]
		for _, j := range part {
			at = append(at, uint64(j))
		}
		w.openAt = at
		match := w.match[:hi-lo]
		rootMatches(at, s.primes[lo:hi], s.magic[lo:hi], w.roots[lo:hi], match)
		var sum [64]int
		for i, hit := range match {
			for ; hit != 0; hit &= hit - 1 {
				sum[bits.TrailingZeros64(hit)] += int(s.logs[lo+i])
			}
		}
		// kept ≤ c + k: each position is read before it is overwritten.
		for k, j := range part {
			if int(w.sieve[j])+sum[k] >= 128+s.gap {
				cands[kept] = j
				kept++
			}
		}
	}
	return cands[:kept]
}

// resieveBlock starts the hit lists of the candidates from first on, all
// in the block from start, and when they are at least siqsResieveMin
// finds the primes from s.resieve to the block that hit each by a resieve
// (Contini 1997, §4.4), each prime walked back over the block from its
// next position, instead of a division test at each candidate.
func (w *siqsWorker) resieveBlock(f *siqsFamily, start, first int) {
	s := w.s
	cands := w.cands[first:]
	for len(w.hits) < len(w.cands) {
		w.hits = append(w.hits, nil)
	}
	resieve := len(cands) >= siqsResieveMin
	for k := first; k < len(w.cands); k++ {
		w.hits[k] = w.hits[k][:0]
		w.resieved = append(w.resieved, resieve)
	}
	if !resieve {
		return
	}
	mark, hits := w.mark, w.hits[first:]
	for k, j := range cands {
		mark[int(j)-start] = uint16(k + 1)
	}
	for i := s.resieve; i < s.mid; i++ {
		if f.inA[i] {
			continue
		}
		p := int(s.primes[i])
		for _, next := range w.next[i] {
			for j := int(next) - p - start; j >= 0; j -= p {
				if m := mark[j]; m != 0 {
					hits[m-1] = append(hits[m-1], uint32(i))
				}
			}
		}
	}
	// The primes from s.mid on, sieved over the whole interval, start
	// in the block at start + (root − start) mod p, start mod p by a
	// multiplication (siqsMagicShift).
	for i := max(s.resieve, s.mid); i < s.bucket; i++ {
		if f.inA[i] {
			continue
		}
		p := uint64(s.primes[i])
		sm := int(uint64(start) - p*(uint64(start)*s.magic[i]>>siqsMagicShift))
		for _, r := range w.roots[i] {
			j := int(r) - sm
			if j < 0 {
				j += int(p)
			}
			for ; j < siqsBlock; j += int(p) {
				if m := mark[j]; m != 0 {
					hits[m-1] = append(hits[m-1], uint32(i))
				}
			}
		}
	}
	for _, j := range cands {
		mark[int(j)-start] = 0
	}
}

// gatherLarge adds to each candidate's hits the large primes that hit
// it, from the list of w.large: the entries at a candidate's position are
// picked out by largeMatches against a bitmap of the candidates.
func (w *siqsWorker) gatherLarge() {
	bitsOf := w.candBits
	for _, j := range w.cands {
		bitsOf[j/64] |= 1 << (j % 64)
	}
	w.matched = largeMatches(w.large[:w.nLarge], bitsOf, w.matched[:0])
	for _, e := range w.matched {
		k, _ := slices.BinarySearch(w.cands, uint32(e))
		w.hits[k] = append(w.hits[k], uint32(e>>32))
	}
	for _, j := range w.cands {
		bitsOf[j/64] = 0
	}
}

// largeMatchesGo appends to out the entries of list (index<<32 |
// position) whose position has its bit set in bitsOf. The matches are
// few: the loop keeps to registers, their append out of the way of the
// common path. It is largeMatches where there is no assembly, and the
// reference the amd64 kernel is held to (TestLargeMatchesKernel).
func largeMatchesGo(list []uint64, bitsOf *[siqsMaxSieve / 64]uint64, out []uint64) []uint64 {
	for i := 0; i < len(list); i++ {
		j := uint32(list[i])
		if bitsOf[(j/64)%(siqsMaxSieve/64)]&(1<<(j%64)) != 0 {
			out = append(out, list[i])
		}
	}
	return out
}

// sieveLarge moves the roots of the primes from s.bucket on by step and
// adds their logarithms at their hits on [0, 2M); it lists the hits of
// those from s.once, of 2M and more, in w.large and returns their number.
// None of these primes divides A (chooseA). The primes below 2M hit the
// interval from two to a few times a root: they are added over the whole
// interval, each run of equal h in h branch-free turns a root
// (sieveHits), and matched to the candidates by their roots (tryRoots);
// those of 2M and more, which hit it at most once a root, in one
// branch-free step per root (sieveOnce), with their hits listed. Listing every hit
// of the primes below 2M as well wrote about 25,500 entries a polynomial
// of the 80-digit semiprime of bench/peers, 16,000 of them from those
// primes, for about ten candidates, each entry written to the list and
// read back through the second-level cache.
func (w *siqsWorker) sieveLarge(step siqsStep) int {
	s := w.s
	np := len(s.primes)
	delta := w.zero[:np]
	if step.delta != nil {
		delta = step.delta[:np]
	}
	sv, n := w.sieve, uint32(2*s.m)
	lo, hi := s.bucket, s.once
	moveRoots(w.roots[lo:hi], s.primes[lo:hi], delta[lo:hi], step.sub)
	for _, run := range s.hitRuns {
		sieveHits(sv, n, run.h, s.primes[lo:run.end], s.logs[lo:run.end], w.roots[lo:run.end])
		lo = run.end
	}
	return sieveOnce(sv, n, w.large, 0, hi, s.primes[hi:], s.logs[hi:], w.roots[hi:], delta[hi:], step.sub)
}

// moveRootsGo moves each root r of primes[i] by delta[i] modulo the
// prime, backwards (by p − delta[i]) when sub is set, branch-free: r + d
// − p is negative exactly when r + d < p. It is moveRoots where there is
// no assembly, and the reference the amd64 kernel is held to
// (TestMoveRootsKernel).
func moveRootsGo(roots [][2]uint32, primes, delta []uint32, sub bool) {
	roots, delta = roots[:len(primes)], delta[:len(primes)]
	for i, p := range primes {
		d := delta[i]
		if sub {
			d = p - d
		}
		r1, r2 := roots[i][0]+d-p, roots[i][1]+d-p
		r1 += p & uint32(int32(r1)>>31)
		r2 += p & uint32(int32(r2)>>31)
		roots[i] = [2]uint32{r1, r2}
	}
}

// sieveHitsGo adds logs[i] at the hits on [0, n) of the roots of
// primes[i], each of at most h hits a root, (h − 1)·p < n: h − 1 turns
// that hit for sure, then a last one, branch-free, that adds 0 at a miss
// (at its root's bits under siqsMissMask, a byte of the interval). It is
// sieveHits where there is no assembly, and the reference the amd64
// kernel is held to (TestSieveHitsKernel).
func sieveHitsGo(sv *[siqsMaxSieve]byte, n uint32, h int, primes []uint32, logs []uint8, roots [][2]uint32) {
	logs, roots = logs[:len(primes)], roots[:len(primes)]
	const mask = siqsMaxSieve - 1
	for i, p := range primes {
		lg := logs[i]
		for _, r := range roots[i] {
			for t := 1; t < h; t++ {
				sv[r&mask] += lg
				r += p
			}
			m := uint32(int32(r-n) >> 31)
			sv[r&(m|siqsMissMask)&mask] += lg & uint8(m)
		}
	}
}

// sieveOnceGo moves the roots of primes (of factor-base indices from first
// on, each at least the interval's length n) by delta, or by p − delta
// when sub is set (moveRootsGo), adds logs[i] at those below n and lists
// them in large from k on as index<<32 | position; it returns the new
// count. Branch-free, as the roots fall anywhere: r < n < 2^31 exactly
// when r − n is negative; mask is then all ones, and a miss adds 0 at r
// mod siqsBlock (siqsMissMask), a byte of the interval, and is listed
// past the count. It is sieveOnce where there is no assembly, and the
// reference the amd64 kernel is held to (TestSieveOnceKernel).
func sieveOnceGo(sv *[siqsMaxSieve]byte, n uint32, large []uint64, k, first int, primes []uint32, logs []uint8, roots [][2]uint32, delta []uint32, sub bool) int {
	logs, roots = logs[:len(primes)], roots[:len(primes)]
	moveRootsGo(roots, primes, delta, sub)
	tag := uint64(first) << 32
	for i := range primes {
		r1, r2 := roots[i][0], roots[i][1]
		lg := logs[i]
		mask := uint32(int32(r1-n) >> 31)
		sv[r1&(mask|siqsMissMask)&(siqsMaxSieve-1)] += lg & uint8(mask)
		large[k] = tag | uint64(r1)
		k += int(mask & 1)
		mask = uint32(int32(r2-n) >> 31)
		sv[r2&(mask|siqsMissMask)&(siqsMaxSieve-1)] += lg & uint8(mask)
		large[k] = tag | uint64(r2)
		k += int(mask & 1)
		tag += 1 << 32
	}
	return k
}

// sieveSpanGo adds logs[i] at every position below len(sv) of the
// progressions next[i][0] + t·p and next[i][1] + t·p, p = primes[i], and
// leaves in next[i] the first positions past the span: the steps of
// sieveBlockGo over a whole span, for the primes from siqsMidPrime to
// the block, which hit a block only a few times a root and so are
// visited once a polynomial instead of once a block. A prime of A, its
// roots past every position, adds nothing. The reference sieveSpan is
// held to (TestSieveBlockKernel).
func sieveSpanGo(sv []byte, primes []uint32, logs []uint8, next [][2]uint32) {
	n := uint64(len(sv))
	for i, p := range primes {
		for r := range next[i] {
			j := uint64(next[i][r])
			for ; j < n; j += uint64(p) {
				sv[j] += logs[i]
			}
			next[i][r] = uint32(j)
		}
	}
}

// sieveBlockGo adds logs[i] at the positions of the block blk, from
// start, of the progressions next[i][0] + t·p and next[i][1] + t·p, p =
// primes[i], and leaves in next[i] the first positions of each past the
// block. Indices are masked to the block, so that the compiler checks no
// bound, and the last hits are added without branches, 0 for a miss. A
// prime of A, its roots past every position (setRoots), adds nothing.
// It is sieveBlock where there is no assembly, and the reference the
// amd64 kernel is held to (TestSieveBlockKernel).
func sieveBlockGo(blk *[siqsBlock]byte, start int, primes []uint32, logs []uint8, next [][2]uint32) {
	const mask = siqsBlock - 1
	logs, next = logs[:len(primes)], next[:len(primes)]
	for i, p32 := range primes {
		// Both roots in one loop, j1 ≤ j2 < j1 + p: half the loop
		// control, and one branch mispredicted at the end instead of
		// two.
		p := int(p32)
		lg := logs[i]
		// Ordered without a branch, which would go either way.
		j1, j2 := int(next[i][0])-start, int(next[i][1])-start
		d := (j2 - j1) & ((j2 - j1) >> 63)
		j1, j2 = j1+d, j2-d
		// Four hits a turn while they fit, for the small primes.
		for p2 := 2 * p; j2+p < siqsBlock; j1, j2 = j1+p2, j2+p2 {
			blk[j1&mask] += lg
			blk[j2&mask] += lg
			blk[(j1+p)&mask] += lg
			blk[(j2+p)&mask] += lg
		}
		// The last hits, two then one at most: m is all ones when they
		// fall in the block.
		m := (j2 - siqsBlock) >> 63
		blk[j1&mask] += lg & uint8(m)
		blk[j2&mask] += lg & uint8(m)
		j1, j2 = j1+p&m, j2+p&m
		m = (j1 - siqsBlock) >> 63
		blk[j1&mask] += lg & uint8(m)
		j1 += p & m
		next[i] = [2]uint32{uint32(j1 + start), uint32(j2 + start)}
	}
}

// rootMatchesGo sets in match[i], for each prime p = primes[i], bit k
// for each of the (at most 64) positions at[k] with at[k] mod p a root of
// p, at[k] mod p by a multiplication by magic[i] (siqsMagicShift). It is
// rootMatches where there is no assembly, and the reference the amd64
// kernel is held to (TestRootMatchesKernel).
func rootMatchesGo(at []uint64, primes []uint32, magic []uint64, roots [][2]uint32, match []uint64) {
	magic, roots, match = magic[:len(primes)], roots[:len(primes)], match[:len(primes)]
	for i, p := range primes {
		m, r0, r1 := magic[i], roots[i][0], roots[i][1]
		hit := uint64(0)
		for k, j := range at {
			jm := uint32(j - uint64(p)*(j*m>>siqsMagicShift))
			if jm == r0 || jm == r1 {
				hit |= 1 << (k & 63)
			}
		}
		match[i] = hit
	}
}

// check divides g(x), x = j − M, over the factor base and returns its
// relation when the cofactor is 1 or one or two large primes. The primes
// from s.small on with j on a root are in tried (those below the block)
// and hits (those of the bucket sieve, and those from s.resieve on when
// resieved); the primes below s.small and those of A are tried by
// division.
func (w *siqsWorker) check(f *siqsFamily, b, c *big.Int, j int, tried, hits []uint32) (siqsRelation, bool) {
	s := w.s
	x := int64(j - s.m)
	xb := big.NewInt(x)
	g := new(big.Int).Mul(f.a, xb)
	g.Add(g, b)
	g.Add(g, b)
	g.Mul(g, xb)
	g.Add(g, c)
	// The columns are gathered in the worker's scratch slice and copied
	// out for a relation: most candidates fail.
	cols := w.cols[:0]
	defer func() { w.cols = cols[:0] }()
	if g.Sign() < 0 {
		cols = append(cols, 0)
		g.Neg(g)
	}
	if g.Sign() == 0 {
		return siqsRelation{}, false
	}
	v := g.Bits()
	words := make([]uint64, len(v))
	for i, d := range v {
		words[i] = uint64(d)
	}
	// Powers of 2.
	tz := 0
	for words[tz/64] == 0 && tz/64 < len(words)-1 {
		tz += 64
	}
	tz += bits.TrailingZeros64(words[tz/64])
	if tz > 0 {
		words = shiftRightWords(words, tz)
		for range tz {
			cols = append(cols, 1)
		}
	}
	for _, i := range f.aIdx {
		cols = append(cols, uint32(i+1))
	}
	// Each trial divides into the scratch words, kept when the
	// remainder is 0: one pass over the words a trial, where a test for
	// the remainder and then the division took two for each factor.
	quo := w.quo[:0]
	defer func() { w.quo = quo[:0] }()
	divide := func(i int) {
		p := uint64(s.primes[i])
		for {
			quo = slices.Grow(quo[:0], len(words))[:len(words)]
			if quoRemWords(quo, words, p) != 0 {
				return
			}
			words, quo = trimWords(quo), words
			cols = append(cols, uint32(i+1))
		}
	}
	// The primes from s.filter to s.small have roots: j on one of them
	// exactly when p divides g(x). Those below are tried by division.
	for i := 1; i < s.filter; i++ {
		divide(i)
	}
	for i := s.filter; i < s.small; i++ {
		if jm := uint32(j % int(s.primes[i])); jm == w.roots[i][0] || jm == w.roots[i][1] {
			divide(i)
		}
	}
	for _, i := range f.aIdx {
		divide(i)
	}
	for _, i := range tried {
		divide(int(i))
	}
	for _, i := range hits {
		divide(int(i))
	}
	if len(words) != 1 {
		return siqsRelation{}, false
	}
	large, ok := s.largePrimes(words[0])
	if !ok {
		return siqsRelation{}, false
	}
	y := new(big.Int).Mul(f.a, xb)
	y.Add(y, b)
	return siqsRelation{y: y, cols: slices.Clone(cols), large: large}, true
}

// largePrimes splits the cofactor r left by the factor base: 1 (none), a
// prime below lpBound (one), or, with the double large prime variation,
// below dlpBound and the product of two primes below lpBound. Every prime
// factor of g(x) outside the factor base exceeds its largest prime P, so
// r < P² is 1 or prime, and with lpBound ≤ P² both factors of a split r
// are prime. A composite r is told by a base-2 strong probable prime test
// and split by rho.
func (s *siqs) largePrimes(r uint64) ([2]uint64, bool) {
	switch {
	case r == 1:
		return [2]uint64{}, true
	case r < s.lpBound:
		return [2]uint64{r}, true
	case r >= s.dlpBound || r < s.pmax2 || sprp2(r):
		return [2]uint64{}, false
	}
	d := splitWord(r)
	if d == 0 {
		return [2]uint64{}, false
	}
	e := r / d
	if d > e {
		d, e = e, d
	}
	if e >= s.lpBound {
		return [2]uint64{}, false
	}
	return [2]uint64{d, e}, true
}

// modWord returns |x| mod p for p < 2^32.
func modWord(x *big.Int, p uint64) uint64 {
	var r uint64
	v := x.Bits()
	for i := len(v) - 1; i >= 0; i-- {
		_, r = bits.Div64(r, uint64(v[i]), p)
	}
	return r
}

// shiftRightWords returns v >> k with leading zero words trimmed.
func shiftRightWords(v []uint64, k int) []uint64 {
	w, sh := k/64, uint(k%64)
	v = v[w:]
	out := make([]uint64, len(v))
	for i := range v {
		out[i] = v[i] >> sh
		if sh > 0 && i+1 < len(v) {
			out[i] |= v[i+1] << (64 - sh)
		}
	}
	return trimWords(out)
}

func trimWords(v []uint64) []uint64 {
	for len(v) > 1 && v[len(v)-1] == 0 {
		v = v[:len(v)-1]
	}
	return v
}

// quoRemWords sets q to v/p, untrimmed, and returns v mod p; len(q) =
// len(v).
func quoRemWords(q, v []uint64, p uint64) uint64 {
	q = q[:len(v)]
	var r uint64
	for i := len(v) - 1; i >= 0; i-- {
		q[i], r = bits.Div64(r, v[i], p)
	}
	return r
}

// SIQS seeks a proper factor of the odd composite n, not a perfect power,
// of siqsMinBits to siqsMaxBits bits, by the self-initialising quadratic
// sieve. The error is ErrBudget when the budget runs out first, or the
// context's.
func (f *Factorizer) SIQS(n *big.Int) (*big.Int, error) {
	if n.BitLen() < siqsMinBits || n.BitLen() > siqsMaxBits || n.Bit(0) == 0 {
		return nil, ErrBudget
	}
	s, d := newSIQS(n)
	if d != nil {
		return d, nil
	}
	d, _, err := f.siqs(s)
	return d, err
}

// SIQSWork projects the iterations FindFactor charges to split an odd
// composite of the given bit length that the sieve takes, as a balanced
// semiprime on which the pretests find nothing: the sieve's polynomials
// at their charge, scaled from siqsAnchorPolys by siqsDoublingBits, and
// p − 1, rho's share and the short ECM pass where they run. It is 0
// outside the sieve's range. A projection, not a bound, made for the
// sizes near the anchor, from about 75 digits, where the budget's
// default may fall short; below, where the sieve's work grows more
// slowly, it underestimates.
func SIQSWork(bits int) int64 {
	if bits < siqsFromBits || bits > siqsMaxBits {
		return 0
	}
	work := int64(siqsRhoShare)
	if bits >= siqsPretestBits {
		digits := int(float64(bits)*math.Log10(2)) + 1
		work = pm1Cost() + rhoShare + ecmPassCost((digits+10)/4)
	}
	// kN is a few bits longer than n (k < 100, mostly below 16).
	p := siqsParamsFor(bits + 2)
	positions := siqsPositions
	if p.DLPExp > 0 {
		positions = siqsDLPPositions
	}
	polys := siqsAnchorPolys * math.Exp2(float64(bits-siqsAnchorBits)/siqsDoublingBits)
	return work + int64(polys)*int64(2*p.M/positions)
}

// siqsStats counts the work of one run: polynomials sieved, relations
// full and partial (with two large primes: double), and the cycles found
// among the partial ones.
type siqsStats struct {
	polys, full, partial, double, cycles int
}

// siqs runs the sieve of s to a factor.
func (f *Factorizer) siqs(s *siqs) (*big.Int, siqsStats, error) {
	var st siqsStats
	n := s.n
	digits := decimalDigits(n)
	workers := max(1, runtime.GOMAXPROCS(0))
	rng := rand.New(rand.NewPCG(uint64(n.BitLen()), 0x51_45_53))
	used := map[string]bool{}
	// The relations found, each once: full ones, and partial ones as the
	// edges of the large-prime graph.
	seen := map[string]bool{}
	var full, parts []siqsRelation
	graph := newSIQSGraph()
	need := len(s.primes) + 1 + siqsExtra
	polyCost := int64(2*s.m) / siqsPositions
	if s.dlpBound != 0 {
		polyCost = int64(2*s.m) / siqsDLPPositions
	}
	// The families go to the workers as they free up, each charged to
	// the budget before it is handed out; their relations are taken in
	// family order, a family sieved ahead of its turn waiting in done.
	// A worker's B_l and inverses are its family's own (s.family), so
	// that the cores do not wait for them in turn.
	type job struct {
		k   int
		idx []int
		a   *big.Int
	}
	type result struct {
		k     int
		polys int
		rels  []siqsRelation
		err   error
	}
	ctx, cancel := context.WithCancel(f.ctx)
	jobs := make(chan job)
	// Never full: at most workers families are out at once.
	results := make(chan result, workers)
	defer func() {
		cancel()
		close(jobs)
	}()
	for range workers {
		w := s.newWorker()
		go func() {
			for j := range jobs {
				rels, err := w.sieveFamily(ctx, s.family(j.idx, j.a))
				results <- result{j.k, 1 << (len(j.idx) - 1), rels, err}
			}
		}()
	}
	done := map[int]result{}
	sent, taken, out := 0, 0, 0
	exhausted := false
	for {
		for !exhausted && out < workers {
			idx, a := s.chooseA(rng, used)
			if a == nil {
				exhausted = true
				break
			}
			polys := int64(1) << (len(idx) - 1)
			if err := f.spendSIQS(polys*polyCost, len(full), graph.cycles, len(parts), need, digits); err != nil {
				return nil, st, err
			}
			jobs <- job{sent, idx, a}
			sent++
			out++
		}
		if out == 0 {
			return nil, st, ErrBudget
		}
		r := <-results
		out--
		if r.err != nil {
			return nil, st, r.err
		}
		done[r.k] = r
		for {
			r, ok := done[taken]
			if !ok {
				break
			}
			delete(done, taken)
			taken++
			for _, rel := range r.rels {
				key := rel.y.Text(62)
				if seen[key] {
					continue
				}
				seen[key] = true
				if rel.large[0] == 0 {
					full = append(full, rel)
					continue
				}
				parts = append(parts, rel)
				if rel.large[1] != 0 {
					st.double++
				}
				graph.add(siqsEnds(&rel))
			}
			st.polys += r.polys
			st.full, st.partial, st.cycles = len(full), len(parts), graph.cycles
			if len(full)+graph.cycles < need {
				continue
			}
			rels := append(slices.Clip(full), siqsCycles(parts, s.n)...)
			deps, err := siqsDependencies(f.ctx, rels, s.ncols())
			if err != nil {
				return nil, st, err
			}
			for _, dep := range deps {
				if d := s.squareRoot(rels, dep); d != nil {
					return d, st, nil
				}
			}
			need += siqsExtra
		}
	}
}

func (s *siqs) ncols() int { return len(s.primes) + 1 }

// spendSIQS charges k iterations of sieving, polls the context and
// reports progress in relations: full ones found, and those combined
// from the cycles among the partial ones.
func (f *Factorizer) spendSIQS(k int64, full, cycles, partial, need, digits int) error {
	if err := f.ctx.Err(); err != nil {
		return err
	}
	if f.budget < k {
		f.budget = 0
		return ErrBudget
	}
	f.budget -= k
	f.Report(fmt.Sprintf("SIQS on a %d-digit cofactor: %d of %d relations (%d full, %d from cycles among %d partial)",
		digits, full+cycles, need, full, cycles, partial))
	return nil
}

// squareRoot returns gcd(X − Z, N) for the dependency dep when it is a
// proper factor, else nil.
func (s *siqs) squareRoot(rels []siqsRelation, dep []int) *big.Int {
	x, z := s.congruence(rels, dep)
	if x == nil {
		return nil // not a dependency: cannot happen
	}
	d := new(big.Int).Sub(x, z)
	d.GCD(nil, nil, d.Abs(d), s.n)
	if d.Cmp(big.NewInt(1)) == 0 || d.Cmp(s.n) == 0 {
		return nil
	}
	return d
}

// congruence returns X = ∏ y and Z = √∏(right sides), both mod N, of
// the dependency dep, so that X² ≡ Z² (mod N); nil when an exponent is
// odd. Z's factor-base part is built as a product of words, each prime
// p^(e/2) multiplied into a word while it fits and the word into Z
// when it does not, one reduction mod N per word: the exponents are
// mostly 2 or 4, so a modular power per prime (the reference,
// congruenceReference in the tests) did hundreds of exponentiations to
// multiply a few hundred small primes.
func (s *siqs) congruence(rels []siqsRelation, dep []int) (x, z *big.Int) {
	exps := make([]int, s.ncols())
	x = big.NewInt(1)
	z = big.NewInt(1)
	for _, ri := range dep {
		r := rels[ri]
		x.Mul(x, r.y)
		x.Mod(x, s.n)
		for _, c := range r.cols {
			exps[c]++
		}
		for _, l := range r.square {
			z.Mul(z, new(big.Int).SetUint64(l))
			z.Mod(z, s.n)
		}
	}
	var w big.Int
	word := uint64(1)
	flush := func() {
		z.Mul(z, w.SetUint64(word))
		z.Mod(z, s.n)
		word = 1
	}
	for c := 1; c < len(exps); c++ {
		if exps[c]%2 != 0 {
			return nil, nil
		}
		p := uint64(s.primes[c-1])
		for range exps[c] / 2 {
			if hi, _ := bits.Mul64(word, p); hi != 0 {
				flush()
			}
			word *= p
		}
	}
	flush()
	return x, z
}

// siqsDependencies returns subsets of the relations whose exponent
// vectors (mod 2, over ncols columns) sum to zero: singleton filtering,
// then Gaussian elimination with history over GF(2).
func siqsDependencies(ctx context.Context, rels []siqsRelation, ncols int) ([][]int, error) {
	// Odd columns of each relation.
	odd := make([][]uint32, len(rels))
	for i, r := range rels {
		cs := slices.Clone(r.cols)
		slices.Sort(cs)
		var o []uint32
		for k := 0; k < len(cs); {
			e := k
			for e < len(cs) && cs[e] == cs[k] {
				e++
			}
			if (e-k)%2 == 1 {
				o = append(o, cs[k])
			}
			k = e
		}
		odd[i] = o
	}
	alive := make([]bool, len(rels))
	for i := range alive {
		alive[i] = true
	}
	weight := make([]int, ncols)
	for _, o := range odd {
		for _, c := range o {
			weight[c]++
		}
	}
	for changed := true; changed; {
		changed = false
		for i, o := range odd {
			if !alive[i] {
				continue
			}
			for _, c := range o {
				if weight[c] == 1 {
					alive[i] = false
					for _, c2 := range o {
						weight[c2]--
					}
					changed = true
					break
				}
			}
		}
	}
	var rows []int
	for i := range rels {
		if alive[i] {
			rows = append(rows, i)
		}
	}
	merged, groups := mergeColumns(odd, rows, ncols)
	colIndex := make([]int, ncols)
	for c := range colIndex {
		colIndex[c] = -1
	}
	nc := 0
	for _, o := range merged {
		for _, c := range o {
			if colIndex[c] < 0 {
				colIndex[c] = nc
				nc++
			}
		}
	}
	idx := make([]int, len(merged))
	for i := range idx {
		idx[i] = i
	}
	// Keep at most nc + 64 rows: more only slows the elimination.
	if len(idx) > nc+64 {
		idx = idx[:nc+64]
	}
	deps, err := gaussDependencies(ctx, merged, idx, colIndex, nc)
	if err != nil {
		return nil, err
	}
	for k, dep := range deps {
		var full []int
		for _, r := range dep {
			full = append(full, groups[r]...)
		}
		slices.Sort(full)
		deps[k] = full
	}
	return deps, nil
}

// mergeColumns is the first step of structured Gaussian elimination
// (LaMacchia and Odlyzko, "Solving large sparse linear systems over
// finite fields", CRYPTO '90): a column met by exactly two rows is
// cleared by adding one row to the other and dropping the first, which
// removes a row and a column; a column met by one row removes that row.
// It repeats while that shrinks the matrix and returns the rows left (odd
// columns, ascending) with the relations each is the sum of. The rows of
// odd must be ascending; a merged row is kept below siqsMergeWeight
// columns so that the elimination's rows stay sparse at the start.
func mergeColumns(odd [][]uint32, rows []int, ncols int) ([][]uint32, [][]int) {
	cur := make([][]uint32, len(rows))
	groups := make([][]int, len(rows))
	for k, r := range rows {
		cur[k] = odd[r]
		groups[k] = []int{r}
	}
	alive := make([]bool, len(rows))
	for k := range alive {
		alive[k] = true
	}
	weight := make([]int, ncols)
	first := make([][2]int, ncols)
	used := make([]bool, len(rows))
	for pass := 0; pass < 32; pass++ {
		clear(weight)
		for k, o := range cur {
			if !alive[k] {
				continue
			}
			for _, c := range o {
				if weight[c] < 2 {
					first[c][weight[c]] = k
				}
				weight[c]++
			}
		}
		clear(used)
		changed := 0
		for c := range weight {
			switch weight[c] {
			case 1:
				k := first[c][0]
				if alive[k] && !used[k] {
					alive[k] = false
					changed++
				}
			case 2:
				k1, k2 := first[c][0], first[c][1]
				if !alive[k1] || !alive[k2] || used[k1] || used[k2] {
					continue
				}
				sum := symmetricDifference(cur[k1], cur[k2])
				if len(sum) >= siqsMergeWeight {
					continue
				}
				cur[k1] = sum
				groups[k1] = append(groups[k1], groups[k2]...)
				alive[k2] = false
				used[k1], used[k2] = true, true
				changed++
			}
		}
		if changed == 0 {
			break
		}
	}
	var outRows [][]uint32
	var outGroups [][]int
	for k := range cur {
		if alive[k] {
			outRows = append(outRows, cur[k])
			outGroups = append(outGroups, groups[k])
		}
	}
	return outRows, outGroups
}

// symmetricDifference of two ascending lists, ascending.
func symmetricDifference(a, b []uint32) []uint32 {
	out := make([]uint32, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		case a[i] > b[j]:
			out = append(out, b[j])
			j++
		default:
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// gaussDependencies eliminates the rows (relation indices into odd, with
// their columns renumbered by colIndex to [0, nc)) and returns the
// combinations that vanish. It polls ctx every 64 columns.
func gaussDependencies(ctx context.Context, odd [][]uint32, rows []int, colIndex []int, nc int) ([][]int, error) {
	nr := len(rows)
	mw := (nc + 63) / 64
	hw := (nr + 63) / 64
	stride := mw + hw
	mat := make([]uint64, nr*stride)
	for r, ri := range rows {
		row := mat[r*stride:]
		for _, c := range odd[ri] {
			if k := colIndex[c]; k >= 0 {
				row[k/64] ^= 1 << (k % 64)
			}
		}
		row[mw+r/64] |= 1 << (r % 64)
	}
	// Columns are taken from the last (the largest primes, the sparsest)
	// to the first, so that the sparse columns are eliminated before
	// fill-in spreads to them; the rows not yet pivoted are then zero in
	// every column above c, so only words up to c's are combined. The
	// word of the columns being eliminated is kept for every row in cw,
	// 0 for a pivoted row, so that the search for a pivot and for the
	// rows it clears reads one contiguous array instead of a word of each
	// row a stride apart. Each row's history is zero outside the words
	// hlo to hhi (its own bit at first), so a pivot combines only those.
	//
	// The columns go in groups of up to gaussGroup, as in the method of
	// the Four Russians (Bard, "Accelerating cryptanalysis with the
	// method of four Russians", 2006): the pivots of a group are found
	// and applied to cw alone, each row noting in comb which it took
	// (each pivot reduced the same way by those before it), and then each
	// row is combined once with the sum of its pivots, read from a table
	// of the sums of every subset when the rows are many, instead of once
	// per pivot. Those combinations are split between the cores when the
	// matrix is large.
	pivoted := make([]bool, nr)
	cw := make([]uint64, nr)
	comb := make([]uint8, nr)
	hlo, hhi := make([]int, nr), make([]int, nr)
	for r := range nr {
		hlo[r], hhi[r] = mw+r/64, mw+r/64
	}
	parts := 1
	if nr >= 1024 {
		parts = max(1, min(runtime.GOMAXPROCS(0), 4))
	}
	table := make([]uint64, (1<<gaussGroup)*stride)
	xorInto := func(dst, src []uint64, w, lo, hi int) {
		for k := 0; k <= w; k++ {
			dst[k] ^= src[k]
		}
		for k := lo; k <= hi; k++ {
			dst[k] ^= src[k]
		}
	}
	var wg sync.WaitGroup
	var piv [gaussGroup]int
	for c, cur := nc-1, -1; c >= 0; {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		w := c / 64
		if w != cur {
			cur = w
			for r := range nr {
				if cw[r] = mat[r*stride+w]; pivoted[r] {
					cw[r] = 0
				}
			}
		}
		last := max(c-gaussGroup+1, w*64)
		np, lo, hi := 0, stride, 0
		for ; c >= last; c-- {
			bit := uint64(1) << (c % 64)
			p := -1
			for r, v := range cw {
				if v&bit != 0 {
					p = r
					break
				}
			}
			if p < 0 {
				continue
			}
			prow := mat[p*stride : (p+1)*stride]
			for j := range np {
				if comb[p]&(1<<j) != 0 {
					q := piv[j]
					xorInto(prow, mat[q*stride:(q+1)*stride], w, hlo[q], hhi[q])
					hlo[p], hhi[p] = min(hlo[p], hlo[q]), max(hhi[p], hhi[q])
				}
			}
			comb[p] = 0
			pw := cw[p]
			cw[p] = 0
			pivoted[p] = true
			for r, v := range cw {
				if v&bit != 0 {
					cw[r] = v ^ pw
					comb[r] |= 1 << np
				}
			}
			piv[np] = p
			lo, hi = min(lo, hlo[p]), max(hi, hhi[p])
			np++
		}
		if np == 0 {
			continue
		}
		// The table pays when the rows to combine outnumber its entries.
		pending := 0
		for _, m := range comb {
			if m != 0 {
				pending++
			}
		}
		useTable := pending >= 1<<np
		if useTable {
			for m := 1; m < 1<<np; m++ {
				j := bits.TrailingZeros(uint(m))
				t := table[m*stride : (m+1)*stride]
				copy(t[:w+1], table[(m&^(1<<j))*stride:])
				copy(t[lo:hi+1], table[(m&^(1<<j))*stride+lo:])
				q := piv[j]
				xorInto(t, mat[q*stride:(q+1)*stride], w, lo, hi)
			}
		}
		apply := func(from, to int) {
			for r := from; r < to; r++ {
				m := comb[r]
				if m == 0 {
					continue
				}
				comb[r] = 0
				row := mat[r*stride : (r+1)*stride]
				if useTable {
					xorInto(row, table[int(m)*stride:], w, lo, hi)
					hlo[r], hhi[r] = min(hlo[r], lo), max(hhi[r], hi)
					continue
				}
				for ; m != 0; m &= m - 1 {
					q := piv[bits.TrailingZeros8(m)]
					xorInto(row, mat[q*stride:(q+1)*stride], w, hlo[q], hhi[q])
					hlo[r], hhi[r] = min(hlo[r], hlo[q]), max(hhi[r], hhi[q])
				}
			}
		}
		if parts == 1 || pending < 64 {
			apply(0, nr)
			continue
		}
		for t := range parts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				apply(t*nr/parts, (t+1)*nr/parts)
			}()
		}
		wg.Wait()
	}
	var deps [][]int
	for r := 0; r < nr; r++ {
		if pivoted[r] {
			continue
		}
		row := mat[r*stride : (r+1)*stride]
		var dep []int
		for k := 0; k < nr; k++ {
			if row[mw+k/64]&(1<<(k%64)) != 0 {
				dep = append(dep, rows[k])
			}
		}
		if len(dep) > 0 {
			deps = append(deps, dep)
		}
	}
	return deps, nil
}
