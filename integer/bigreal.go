package integer

// Multiprecision real constants and functions for the analytic formulas
// behind partitions (Hardy–Ramanujan–Rademacher) and bernoulli (ζ(n)).
//
// math/big has no π, exp or cos, so they are here, each with its error
// stated in units of the working precision: a result "to w bits" has
// relative error at most 2^(−w+c) for the small constant c named in its
// comment. The callers add guard bits to cover those constants and the
// amplification of the formula they evaluate.
//
//   - π by the Chudnovsky series with binary splitting (Chudnovsky and
//     Chudnovsky 1988; Haible and Papanikolaou, "Fast multiprecision
//     evaluation of series of rational numbers", ANTS 1998), cached at
//     the largest precision asked for so far.
//   - exp(x), x ≥ 0, by argument reduction x/2^s, the Taylor series in
//     fixed point and s squarings (Brent and Zimmermann, Modern Computer
//     Arithmetic, §4.3.1).
//   - cos(πa/b) for integers a, b by the Taylor series of 1 − cos at
//     t/2^s and the doubling 1 − cos 2t = 2(1 − cos t)(1 + cos t), which
//     keeps the relative error of 1 − cos from growing.

import (
	"context"
	"math"
	"math/big"
	"math/bits"
	"sync"
)

// chudnovskyCache holds π at the largest precision computed so far.
var chudnovskyCache struct {
	sync.Mutex
	v *big.Float
}

// cachedPi is π rounded to prec bits (relative error ≤ 2^(−prec)).
func cachedPi(prec uint) *big.Float {
	chudnovskyCache.Lock()
	defer chudnovskyCache.Unlock()
	if chudnovskyCache.v == nil || chudnovskyCache.v.Prec() < prec+32 {
		chudnovskyCache.v = chudnovskyPi(max(prec+64, 2*precOf(chudnovskyCache.v)))
	}
	return new(big.Float).SetPrec(prec).Set(chudnovskyCache.v)
}

func precOf(v *big.Float) uint {
	if v == nil {
		return 0
	}
	return v.Prec()
}

// chudnovskyPi is π to prec bits (relative error below 2^(−prec+8)) from
//
//	1/π = 12 Σ_k (−1)^k (6k)! (13591409 + 545140134k) / ((3k)! (k!)³ 640320^(3k+3/2)),
//
// each term gaining 47.11 bits; the partial sums are exact rationals by
// binary splitting, and one square root and one division finish.
func chudnovskyPi(prec uint) *big.Float {
	terms := int64(prec/47) + 2
	_, q, t := chudnovskySplit(0, terms)
	w := prec + 16
	sq := new(big.Float).SetPrec(w).SetInt64(10005)
	sq.Sqrt(sq)
	num := new(big.Float).SetPrec(w).SetInt(q)
	num.Mul(num, sq)
	num.Mul(num, new(big.Float).SetInt64(426880))
	den := new(big.Float).SetPrec(w).SetInt(t)
	return num.Quo(num, den)
}

// chudnovskySplit is P(a, b), Q(a, b), T(a, b) of the binary splitting:
// T/Q is the sum of terms a … b−1 scaled so that π = 426880√10005·Q/T
// over the whole range.
func chudnovskySplit(a, b int64) (p, q, t *big.Int) {
	if b-a == 1 {
		if a == 0 {
			p, q = big.NewInt(1), big.NewInt(1)
		} else {
			p = big.NewInt(6*a - 5)
			p.Mul(p, big.NewInt(2*a-1))
			p.Mul(p, big.NewInt(6*a-1))
			q = big.NewInt(a)
			q.Mul(q, q).Mul(q, big.NewInt(a))
			q.Mul(q, big.NewInt(10939058860032000)) // 640320³/24
		}
		t = new(big.Int).Mul(p, big.NewInt(13591409+545140134*a))
		if a%2 == 1 {
			t.Neg(t)
		}
		return p, q, t
	}
	m := (a + b) / 2
	p1, q1, t1 := chudnovskySplit(a, m)
	p2, q2, t2 := chudnovskySplit(m, b)
	t = new(big.Int).Mul(t1, q2)
	t.Add(t, new(big.Int).Mul(p1, t2))
	return p1.Mul(p1, p2), q1.Mul(q1, q2), t
}

// fixedOne is 2^w, the fixed-point 1 at w fractional bits.
func fixedOne(w uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), w) }

// reductionBits is the number of halvings in cosPiFraction: the series
// runs at |t| < 2^(1−q), about w/(2q) terms in t², which fixedSeries
// evaluates in some 2√(w/2q) full products, balanced against q doublings.
func reductionBits(w uint) uint {
	if w >= rectangularFrom {
		return uint(0.35*math.Sqrt(float64(w))) + 1
	}
	return uint(0.8*math.Sqrt(float64(w))) + 1
}

// rectangularFrom is the precision, in bits, from which fixedSeries sums
// the series of expFloat and cosPiFraction in blocks and they reduce their
// arguments less. Measured with BenchmarkExpCos (minima of 6, interleaved,
// loaded 2-core machine), against Horner's rule with the heavier
// reduction: at 3,700 bits exp 0.08–0.09 ms against 0.21 ms and cos 0.10
// against 0.23 ms; at 512 and 1,024 bits even. Below, the micro-benchmark
// still favours the blocks slightly, but p(10^4), whose terms are all
// there, ran 7–10% slower with them (CPU time of 5,000 runs).
const rectangularFrom = 768

// expFloat is exp(x) for x ≥ 0 to prec bits (relative error below
// 2^(−prec)): exp(x) = exp(x/2^s)^(2^s) with x/2^s < 2^(−q), the Taylor
// series in fixed point at prec + s + log₂(prec) + 12 bits by fixedSeries,
// whose error the s squarings multiply by at most 2^s. With the series
// evaluated by rectangular splitting its cost is about 2√T full products
// for T terms, so q ≈ √prec/4 balances it against the squarings (at 3,700
// bits: 28 squarings and some 26 products, against 73 and 60 with plain
// Horner at q = √prec). It polls ctx at every step.
func expFloat(ctx context.Context, x *big.Float, prec uint) (*big.Float, error) {
	q := uint(math.Sqrt(float64(prec))) + 1
	if prec >= rectangularFrom {
		q = uint(math.Sqrt(float64(prec))/4) + 2
	}
	s := uint(0)
	if x.Sign() > 0 {
		if e := x.MantExp(nil); e+int(q) > 0 {
			s = uint(e + int(q))
		}
	}
	w := prec + s + 12 + uint(bits.Len(prec))
	// r = x/2^s as a fixed-point integer at w bits.
	r := new(big.Float).SetMantExp(x, int(w)-int(s))
	ri, _ := r.Int(nil)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var sum *big.Int
	if w >= rectangularFrom {
		sum = fixedSeries(ri, w, func(i int64) int64 { return i })
	} else {
		// Horner's rule forward: term_j = term_(j−1)·r/j.
		sum = fixedOne(w)
		term, tmp, d := fixedOne(w), new(big.Int), new(big.Int)
		for j := int64(1); term.Sign() != 0; j++ {
			tmp.Mul(term, ri)
			term.Rsh(tmp, w)
			term.Quo(term, d.SetInt64(j))
			sum.Add(sum, term)
		}
	}
	e := new(big.Float).SetPrec(w).SetInt(sum)
	e.SetMantExp(e, -int(w))
	f := new(big.Float).SetPrec(w)
	for range s {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f.Mul(e, e) // not in place: an aliased product allocates
		e, f = f, e
	}
	return e.SetPrec(prec), nil
}

// fixedSeries is Σ_{j=0}^{T} y^j / (d(1)·d(2)···d(j)) as a fixed-point
// integer at w fractional bits, for y a fixed-point integer at w bits with
// |y| ≤ 2^(w−1) (|y| ≤ 1/2) and small divisors d(i) ≥ 1; T is the least
// index after which the omitted terms, each at most half the one before,
// sum to less than one unit 2^(−w).
//
// The sum is evaluated by rectangular splitting (Paterson and Stockmeyer,
// "On the number of nonscalar multiplications necessary to evaluate
// polynomials", SIAM J. Comput. 2 (1973); Smith, "Efficient
// multiple-precision evaluation of elementary functions", Math. Comp. 52
// (1989), for the series of exp and cos): with the powers y, …, y^m,
// m ≈ √T, stored once, block b of m terms is
//
//	R_b = Σ_{i<m} y^i / (d(mb+1)···d(mb+i)) + y^m·R_(b+1) / (d(mb+1)···d(mb+m)),
//
// its inner sum by Horner's rule in products by single words and a
// division whenever their product fills a word, so the full products are
// the m powers and one per block, about 2√T in all,
// against T for Horner's rule. Below rectangularFrom bits a product costs
// no more than the divisions that replace it, and the callers use Horner's
// rule. Every truncation costs at most one unit and
// the divisions and the factor y^m (≤ 2^(−m)) shrink the units already
// made, so the error stays below 4(T/m + 2m + 2) units.
func fixedSeries(y *big.Int, w uint, d func(i int64) int64) *big.Int {
	if y.Sign() == 0 {
		return fixedOne(w)
	}
	// |y^j/(d(1)···d(j))| < 2^(−lg_j) with lg_j = Σ_{i ≤ j} (r + log₂d(i)).
	r := float64(int(w) - y.BitLen())
	terms := int64(0)
	for lg := 0.0; ; terms++ {
		if lg += r + math.Log2(float64(d(terms+1))); lg >= float64(w)+1 {
			break
		}
	}
	if terms == 0 {
		return fixedOne(w)
	}
	m := int64(math.Sqrt(float64(terms))) + 1
	pow := make([]*big.Int, m+1)
	pow[0], pow[1] = fixedOne(w), y
	for i := int64(2); i <= m; i++ {
		pow[i] = new(big.Int).Mul(pow[i-1], y)
		pow[i].Rsh(pow[i], w)
	}
	sum, u, tmp, div := new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	for base := terms / m * m; base >= 0; base -= m {
		if sum.Sign() != 0 {
			// y^m·R_(b+1) over the block's divisors, packed into words.
			tmp.Mul(pow[m], sum)
			sum.Rsh(tmp, w)
			prod := int64(1)
			for t := int64(1); t <= m; t++ {
				if dt := d(base + t); prod > math.MaxInt64/dt {
					sum.Quo(sum, div.SetInt64(prod))
					prod = dt
				} else {
					prod *= dt
				}
			}
			sum.Quo(sum, div.SetInt64(prod))
		}
		// The inner sum by Horner's rule u ← y^i + u/d(base+i+1), with u
		// kept as U/Q for a word Q: U ← U + y^i·Q·d, Q ← Q·d, a product by
		// a word instead of a division, and one division whenever Q fills
		// its word.
		top := min(m-1, terms-base)
		u.Set(pow[top])
		q := int64(1)
		for i := top - 1; i >= 0; i-- {
			dt := d(base + i + 1)
			if q > math.MaxInt64/dt {
				u.Quo(u, div.SetInt64(q))
				q = 1
			}
			q *= dt
			u.Add(u, tmp.Mul(pow[i], div.SetInt64(q)))
		}
		if q > 1 {
			u.Quo(u, div.SetInt64(q))
		}
		sum.Add(sum, u)
	}
	return sum
}

// cosPiFraction is cos(πa/b), b > 0, as a fixed-point integer at w bits
// (absolute error below 2^(−w+4)), given pi = ⌊π·2^(w+g)⌋ for the g
// guard bits cosGuardBits(w) asks for.
func cosPiFraction(a, b int64, w uint, pi *big.Int) *big.Int {
	// Reduce to 0 ≤ a/b ≤ 1/2 by periodicity and symmetry.
	a %= 2 * b
	if a < 0 {
		a += 2 * b
	}
	if a > b {
		a = 2*b - a
	}
	neg := false
	if 2*a > b {
		a, neg = b-a, true
	}
	one := fixedOne(w)
	if a == 0 {
		if neg {
			return one.Neg(one)
		}
		return one
	}
	s := reductionBits(w)
	g := cosGuardBits(w)
	wg := w + g
	// t = πa/(b·2^s) at wg bits.
	t := new(big.Int).Mul(pi, big.NewInt(a))
	t.Quo(t, big.NewInt(b))
	t.Rsh(t, s)
	t2 := t.Mul(t, t)
	t2.Rsh(t2, wg)
	// v = 1 − cos t = Σ_{j ≥ 1} (−1)^(j+1) t^(2j)/(2j)!
	//   = (t²/2)·Σ_{j ≥ 0} (−t²)^j / ∏_{i ≤ j} (2i + 1)(2i + 2).
	var v *big.Int
	tmp := new(big.Int)
	if wg >= rectangularFrom {
		v = fixedSeries(new(big.Int).Neg(t2), wg, func(i int64) int64 { return (2*i + 1) * (2*i + 2) })
		tmp.Mul(v, t2)
		v.Rsh(tmp, wg+1)
	} else {
		v = new(big.Int)
		term, d := fixedOne(wg), new(big.Int)
		for j := int64(1); ; j++ {
			tmp.Mul(term, t2)
			term.Rsh(tmp, wg)
			term.Quo(term, d.SetInt64((2*j-1)*(2*j)))
			if term.Sign() == 0 {
				break
			}
			if j%2 == 1 {
				v.Add(v, term)
			} else {
				v.Sub(v, term)
			}
		}
	}
	// s doublings v ← 2v(2 − v): each at most quadruples v and its error.
	two := fixedOne(wg + 1)
	u := new(big.Int)
	for range s {
		u.Sub(two, v)
		tmp.Mul(v, u)
		v.Rsh(tmp, wg-1)
	}
	v.Rsh(v, g)
	c := one.Sub(one, v)
	if neg {
		c.Neg(c)
	}
	return c
}

// cosGuardBits is the number of bits cosPiFraction works beyond w: two
// per doubling (there are reductionBits(w)), and a few for the series.
func cosGuardBits(w uint) uint {
	return 2*reductionBits(w) + 16
}
