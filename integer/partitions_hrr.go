package integer

// The Hardy–Ramanujan–Rademacher formula for p(n).
//
// Rademacher's convergent series (Rademacher 1937; Apostol, Modular
// Functions and Dirichlet Series, §5.7) is, with m = 24n − 1,
// μ_k = π√m/(6k) and f(μ) = μ cosh μ − sinh μ,
//
//	p(n) = 24/(π m √m) · Σ_{k ≥ 1} k S_k(n) f(μ_k),
//
// where by Selberg's formula for the Kloosterman-type sum A_k(n) =
// √(k/3) S_k(n) (Whiteman, "A sum connected with the series for the
// partition function", Pacific J. Math. 6 (1956))
//
//	S_k(n) = Σ (−1)^l cos(π(6l + 1)/(6k)),  0 ≤ l < 2k,  l(3l + 1)/2 ≡ −n (mod k).
//
// The implementation follows Johansson, "Efficient implementation of the
// Hardy–Ramanujan–Rademacher formula", LMS J. Comput. Math. 15 (2012):
//
//   - Truncation. Rademacher's bound on the tail after N terms (ibid.
//     eq. (1.8)) is R(n, N) = 44π²/(225√3)·N^(−1/2) +
//     π√2/75·(N/(n − 1))^(1/2)·sinh(π√(2n/3)/N); N is the least with
//     R(n, N) < 1/4, about 0.5√n.
//   - Precision per term. |k S_k f(μ_k)|·24/(πm√m) ≤ M_k =
//     24/(πm√m)·k·c_k·(μ_k + 1)e^(μ_k), c_k the number of l in S_k. Term k
//     is evaluated with math/big at wp_k = log₂M_k + log₂N + log₂(μ_k + 1)
//     + 24 bits, so that its absolute error is below M_k·2^(10−wp_k) ≤
//     2^(−14)/N: π, √m, μ_k carry a relative error of a few units of
//     2^(−wp_k), which exp multiplies by at most μ_k, and each of the
//     dozen roundings that follow adds one unit. Summed over N terms that
//     is below 2^(−14).
//   - Machine precision tail. Once M_k ≤ 2^37/N, term k is evaluated in
//     float64: μ_k to 3 ulp, cosh, sinh and cos to 2 ulp each, and f's
//     sensitivity μ·f'(μ)/f ≤ μ + 3 (μ < 60 for n ≤ 10^9) keep its
//     absolute error below M_k·2^(−40), so all such terms together err by
//     less than 1/8.
//     They are summed with Knuth's TwoSum, exact up to one final rounding.
//
// The computed x thus lies within E = R(n, N) + 1/8 + 2^(−14) < 1/2 of the
// integer p(n), which is the nearest integer to x. E is also recomputed
// from the actual terms, and |x − round(x)| ≤ E is checked before the
// result is returned.
//
// The cost is N² ≈ n/4 word steps to find the l of every S_k, and
// multiprecision work dominated by the first term at about 1.11√n bits;
// PARI's numbpart and FLINT's arith_number_of_partitions evaluate the same
// series.

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"sync"
)

// rademacherTail is Rademacher's bound on the remainder of the series for
// p(n) after N terms, n > 1.
func rademacherTail(n, terms int) float64 {
	fn, fN := float64(n), float64(terms)
	a := 44 * math.Pi * math.Pi / (225 * math.Sqrt(3)) / math.Sqrt(fN)
	b := math.Pi * math.Sqrt2 / 75 * math.Sqrt(fN/(fn-1)) * math.Sinh(math.Pi/fN*math.Sqrt(2*fn/3))
	return (a + b) * (1 + 1e-9)
}

// hrrTerms is the least N with rademacherTail(n, N) < 1/4; the bound
// decreases in N.
func hrrTerms(n int) int {
	hi := int(math.Sqrt(float64(n))) + 32
	return 1 + sort.Search(hi, func(i int) bool { return rademacherTail(n, i+1) < 0.25 })
}

// selbergSolutions appends to ls the l with l(3l + 1)/2 ≡ −n (mod k),
// stepping l(3l + 1)/2 by its differences 3l + 2, and returns the weight
// of each: the l range over [0, 2k) with weight 1 for even k, and over
// [0, k) with weight 2 for odd k. For odd k, l + k is a solution with l
// (the residue grows by k(6l + 3k + 1)/2, a multiple of k) and its term
// (−1)^(l+k) cos(π(6l + 1)/(6k) + π) equals that of l, so S_k is twice the
// sum over [0, k). For even k the same step adds (k/2)(6l + 3k + 1) ≡ k/2,
// 6l + 3k + 1 being odd, so one pass over [0, k) finds the solutions in
// both halves: l where the residue is −n, l + k where it is −n − k/2.
func selbergSolutions(ls []int, n, k int) ([]int, int) {
	weight := 1
	if k%2 == 1 {
		weight = 2
	}
	target := (k - n%k) % k
	upper := -1 // the residue at l that puts l + k among the solutions
	if k%2 == 0 {
		upper = (target + k/2) % k
	}
	g, inc := 0, 2%k // l(3l+1)/2 and 3l+2, both mod k
	three := 3 % k
	start := len(ls)
	for l := 0; l < k; l++ {
		if g == target {
			ls = append(ls, l)
		}
		if g == upper {
			ls = append(ls, l+k)
		}
		if g += inc; g >= k {
			g -= k
		}
		if inc += three; inc >= k {
			inc -= k
		}
	}
	slices.Sort(ls[start:])
	return ls, weight
}

// selbergSolutionsByScan is selbergSolutions by the scan of every l in
// [0, 2k) (even k) or [0, k) (odd k): the reference.
func selbergSolutionsByScan(n, k int) []int {
	span := 2 * k
	if k%2 == 1 {
		span = k
	}
	var ls []int
	for l := 0; l < span; l++ {
		if (l*(3*l+1)/2+n)%k == 0 {
			ls = append(ls, l)
		}
	}
	return ls
}

// cosPi64 is cos(πa/b) in float64, after reducing a/b to [0, 1/2].
func cosPi64(a, b int64) float64 {
	a %= 2 * b
	if a > b {
		a = 2*b - a
	}
	sign := 1.0
	if 2*a > b {
		a, sign = b-a, -1
	}
	return sign * math.Cos(math.Pi*float64(a)/float64(b))
}

// hrrF64 is f(μ) = μ cosh μ − sinh μ in float64, by its series
// Σ_{j ≥ 1} 2j μ^(2j+1)/(2j + 1)! below 1, where the difference cancels.
func hrrF64(mu float64) float64 {
	if mu >= 1 {
		return mu*math.Cosh(mu) - math.Sinh(mu)
	}
	mu2 := mu * mu
	term := mu // μ^(2j+1)/(2j+1)! at j = 0
	sum := 0.0
	for j := 1; j < 20; j++ {
		term *= mu2 / float64((2*j)*(2*j+1))
		sum += float64(2*j) * term
	}
	return sum
}

// partitionsHRR is p(n) for n ≥ 2 by the Hardy–Ramanujan–Rademacher
// series, as described at the top of this file.
func partitionsHRR(ctx context.Context, n int) (*big.Int, error) {
	m := 24*int64(n) - 1
	terms := hrrTerms(n)
	lgN := math.Ceil(math.Log2(float64(terms)))
	fm := float64(m)
	sqrtM := math.Sqrt(fm)
	pref64 := 24 / (math.Pi * fm * sqrtM)
	lgPref := math.Log2(24/math.Pi) - 1.5*math.Log2(fm)
	mu64 := func(k int) float64 { return math.Pi * sqrtM / float64(6*k) }
	// log₂ M_k, rounded up by one bit for the float64 evaluation itself.
	lgBound := func(k, c int) float64 {
		mu := mu64(k)
		return lgPref + math.Log2(float64(k*c)) + math.Log2(mu+1) + mu*math.Log2E + 1
	}
	floatLimit := 37 - lgN
	precOf := func(k, c int) uint {
		return uint(max(64, math.Ceil(lgBound(k, c))+lgN+math.Ceil(math.Log2(mu64(k)+1))+24))
	}

	top := precOf(1, 2) + 16
	piHi := cachedPi(top + cosGuardBits(top) + 8)
	sqrtHi := new(big.Float).SetPrec(top).SetInt64(m)
	sqrtHi.Sqrt(sqrtHi)
	acc := new(big.Float).SetPrec(top)
	var fsum, fcomp float64 // TwoSum accumulator of the float64 terms
	errBound := rademacherTail(n, terms)
	var ls []int
	var jobs []hrrJob
	exps := make([]*big.Float, terms/2+1)
	for k := 1; k <= terms; k++ {
		if k%64 == 0 || k < 16 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		var weight int
		ls, weight = selbergSolutions(ls[:0], n, k)
		if len(ls) == 0 {
			continue
		}
		count := weight * len(ls) // c_k, the number of l in S_k
		lg := lgBound(k, count)
		if lg <= floatLimit {
			s := 0.0
			for _, l := range ls {
				c := cosPi64(int64(6*l+1), int64(6*k))
				if l%2 == 1 {
					c = -c
				}
				s += c
			}
			x := pref64 * float64(k*weight) * s * hrrF64(mu64(k))
			// TwoSum: fsum + x = t + e exactly.
			t := fsum + x
			bp := t - fsum
			fcomp += (fsum - (t - bp)) + (x - bp)
			fsum = t
			errBound += math.Exp2(lg - 40)
			continue
		}
		wp := precOf(k, count)
		errBound += math.Exp2(lg + 10 - float64(wp))
		jobs = append(jobs, hrrJob{k: k, weight: weight, ls: slices.Clone(ls), wp: wp})
	}
	if err := sumHRRTerms(ctx, jobs, acc, piHi, sqrtHi, exps); err != nil {
		return nil, err
	}
	// x = acc·24/(π m √m) + the float64 terms.
	den := new(big.Float).SetPrec(top).Set(piHi)
	den.Mul(den, sqrtHi)
	den.Mul(den, new(big.Float).SetInt64(m))
	x := new(big.Float).SetPrec(top).Mul(acc, big.NewFloat(24))
	x.Quo(x, den)
	x.Add(x, big.NewFloat(fsum))
	x.Add(x, big.NewFloat(fcomp))
	if errBound >= 0.5 {
		return nil, fmt.Errorf("the error bound %.3g of the Rademacher series for p(%d) is not below 1/2", errBound, n)
	}
	// Round to nearest: ⌊x + 1/2⌋, and check the distance.
	r := new(big.Float).SetPrec(top).Add(x, big.NewFloat(0.5))
	p, _ := r.Int(nil)
	if r.Sign() < 0 {
		p.Sub(p, big.NewInt(1))
	}
	d := new(big.Float).SetPrec(top).SetInt(p)
	d.Sub(d, x)
	if dist, _ := d.Float64(); math.Abs(dist) > errBound {
		return nil, fmt.Errorf("the Rademacher series for p(%d) lands %.3g from an integer, beyond its error bound %.3g", n, dist, errBound)
	}
	return p, nil
}

// hrrJob is one term of the series evaluated in multiple precision.
type hrrJob struct {
	k, weight int
	ls        []int
	wp        uint
}

// sumHRRTerms adds the terms of jobs (in increasing k) to acc, on two
// goroutines when there are two processors. The terms are independent but
// for e^(μ_k), which hrrTerm takes from e^(μ_(k/2)) for even k, so the
// jobs are split by the odd part of k, each chain k, 2k, 4k, … on one
// goroutine in increasing order, and the chains are dealt greedily, the
// costliest first, to the goroutine with less work, the cost of a term
// taken as wp^1.6 (Karatsuba) times its number of exponentials and
// cosines. Each goroutine sums into its own accumulator at acc's
// precision; the split is deterministic, and so is the result.
func sumHRRTerms(ctx context.Context, jobs []hrrJob, acc, piHi, sqrtHi *big.Float, exps []*big.Float) error {
	run := func(jobs []hrrJob, acc *big.Float) error {
		for _, j := range jobs {
			term, err := hrrTerm(ctx, j.k, j.weight, j.ls, j.wp, piHi, sqrtHi, exps)
			if err != nil {
				return err
			}
			acc.Add(acc, term)
		}
		return nil
	}
	// Below about 1,000 bits for the first term (n < 10^5) the handoff
	// costs more than the second processor saves: p(10^4) took 62 µs on
	// two goroutines against 50 µs on one.
	if runtime.GOMAXPROCS(0) < 2 || len(jobs) < 2 || acc.Prec() < 1024 {
		return run(jobs, acc)
	}
	chains := map[int][]hrrJob{}
	cost := map[int]float64{}
	var odd []int
	for _, j := range jobs {
		o := j.k >> bits.TrailingZeros(uint(j.k))
		if _, seen := chains[o]; !seen {
			odd = append(odd, o)
		}
		chains[o] = append(chains[o], j)
		cost[o] += math.Pow(float64(j.wp), 1.6) * float64(1+len(j.ls))
	}
	sort.SliceStable(odd, func(a, b int) bool { return cost[odd[a]] > cost[odd[b]] })
	var share [2][]hrrJob
	var load [2]float64
	for _, o := range odd {
		w := 0
		if load[1] < load[0] {
			w = 1
		}
		share[w] = append(share[w], chains[o]...)
		load[w] += cost[o]
	}
	for w := range share {
		slices.SortFunc(share[w], func(a, b hrrJob) int { return a.k - b.k })
	}
	other := new(big.Float).SetPrec(acc.Prec())
	var wg sync.WaitGroup
	var otherErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		otherErr = run(share[1], other)
	}()
	err := run(share[0], acc)
	wg.Wait()
	if err == nil {
		err = otherErr
	}
	acc.Add(acc, other)
	return err
}

// hrrTerm is k·S_k(n)·f(μ_k) at wp bits, for the l in ls of the given
// weight (see selbergSolutions); piHi and sqrtHi are π and √m to more than
// wp + cosGuardBits(wp) bits. exps[j] holds e^(μ_j) where an earlier term
// computed it (nil elsewhere); hrrTerm records its own e^(μ_k) there
// while k is in range, and does not modify it afterwards.
func hrrTerm(ctx context.Context, k, weight int, ls []int, wp uint, piHi, sqrtHi *big.Float, exps []*big.Float) (*big.Float, error) {
	mu := new(big.Float).SetPrec(wp).Set(piHi)
	mu.Mul(mu, new(big.Float).SetPrec(wp).Set(sqrtHi))
	mu.Quo(mu, new(big.Float).SetInt64(int64(6*k)))
	// e^(μ_k) is the square root of e^(μ_(k/2)) for even k, when that was
	// kept at no less than wp bits: one Newton square root in place of the
	// exponential series, halving the relative error it inherits.
	// Only an even k reads exps, at k/2: the same chain k, 2k, 4k, … that
	// sumHRRTerms keeps on one goroutine.
	var e, half *big.Float
	if k%2 == 0 {
		half = exps[k/2]
	}
	if half != nil && half.Prec() >= wp {
		e = new(big.Float).SetPrec(wp).Sqrt(half)
	} else {
		var err error
		if e, err = expFloat(ctx, mu, wp); err != nil {
			return nil, err
		}
	}
	if k < len(exps) {
		exps[k] = e
	}
	// f = ((μ − 1)e^μ + (μ + 1)e^(−μ))/2; the second part matters only
	// while e^(2μ) is within the precision.
	one := big.NewFloat(1)
	f := new(big.Float).SetPrec(wp).Sub(mu, one)
	f.Mul(f, e)
	if 2*mu64Of(mu)*math.Log2E < float64(wp)+8 {
		g := new(big.Float).SetPrec(wp).Add(mu, one)
		g.Quo(g, e)
		f.Add(f, g)
	}
	f.SetMantExp(f, -1)
	// S_k in fixed point at wp bits.
	g := cosGuardBits(wp)
	piFix, _ := new(big.Float).SetMantExp(piHi, int(wp+g)).Int(nil)
	s := new(big.Int)
	for _, l := range ls {
		c := cosPiFraction(int64(6*l+1), int64(6*k), wp, piFix)
		if l%2 == 1 {
			s.Sub(s, c)
		} else {
			s.Add(s, c)
		}
	}
	s.Mul(s, big.NewInt(int64(k*weight)))
	sf := new(big.Float).SetPrec(wp + 64).SetInt(s)
	sf.SetMantExp(sf, -int(wp))
	return f.Mul(f, sf), nil
}

func mu64Of(x *big.Float) float64 {
	v, _ := x.Float64()
	return v
}
