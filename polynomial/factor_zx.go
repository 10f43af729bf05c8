package polynomial

// Factoring in Z[x] (von zur Gathen and Gerhard, Modern Computer Algebra,
// 3rd ed., chapters 14–16; Cohen, A Course in Computational Algebraic
// Number Theory, §3.5).
//
// A nonzero f over Q is first written c·∏ a_i^i with c rational and the
// a_i primitive, square-free and pairwise coprime (Yun's decomposition,
// sqfreealg.go); each a_i is then factored on its own:
//
//  1. A small odd prime p is chosen not dividing lc(a) with a mod p
//     square-free. Three to ten such primes are tried (more only while
//     each new one still narrows the possible factor degrees below) and
//     the distinct-degree factorization modulo each (factor_modp.go)
//     counts the factors; the prime with the fewest is kept. The factor degrees modulo each prime
//     also bound the degrees of factors over Z: a factor's degree is a sum
//     of factor degrees modulo every prime, so when no degree in
//     [1, deg a − 1] is such a sum for all the primes tried, a is
//     irreducible, and so it is when some prime leaves one factor.
//  2. The factors modulo p (Cantor–Zassenhaus) are lifted to p^k by the
//     multifactor Hensel tree (factor_hensel.go), p^k above twice the
//     Landau–Mignotte bound 2^(n/2)·‖a‖₂ on the coefficients of
//     (lc(a)/lc(g))·g for any factor g of a of degree at most n/2 (MCA
//     Corollary 6.33 with Mahler's measure): of a factor and its cofactor
//     one has at most half the degree, and that one is tried.
//  3. The lifted factors are recombined into the factors over Z
//     (recombine). First by Zassenhaus's subset search (MCA Algorithm
//     15.19): each subset's product times the leading coefficient, in the
//     symmetric range modulo p^k, is tried by exact division, the smaller
//     subsets first, each screened by its constant term alone (Abbott,
//     Shoup and Zimmermann, "Factorization in Z[x]: the searching phase",
//     ISSAC 2000). With at most zassenhausMax factors the search runs to
//     the end; with more, over the small subsets only (subsetBudget),
//     which for a product of random factors usually finds them all.
//     Whatever is left is recombined by van Hoeij's knapsack lattice (M.
//     van Hoeij, "Factoring polynomials and the knapsack problem", J.
//     Number Theory 95, 2002, in the gradual form of Belabas, van Hoeij,
//     Klüners and Steel, "Factoring polynomials over global fields", J.
//     Théor. Nombres Bordeaux 21, 2009), which avoids the 2^r subsets
//     (see factor_vanhoeij.go), lifted further when its power sums need
//     it; the Swinnerton-Dyer polynomials, with deg/2 factors modulo
//     every prime and irreducible over Z, need it. Lifting only as far as
//     each stage needs is the staged lifting of Hart, van Hoeij and
//     Novocin ("Practical polynomial factoring in polynomial time", ISSAC
//     2011).
//
// The result is independent of the prime and of the random choices: the
// irreducible factors of a primitive polynomial with positive leading
// coefficient are unique up to order, and they are sorted.

import (
	"context"
	"errors"
	"math/big"
	"slices"

	"jacobian.dev/core/gfpoly"
	"jacobian.dev/core/modular"
)

// zassenhausMax is the number of modular factors up to which the subset
// search recombines them; van Hoeij's lattice is used beyond.
const zassenhausMax = 8

// primeTrials bounds how many good primes the factor count is compared
// over; after minPrimeTrials, a prime that leaves the possible factor
// degrees as they were ends the search. A product of random factors
// keeps every degree possible (a linear factor modulo each prime is
// common) and its factor count varies little between primes, while for
// an irreducible polynomial the degrees usually narrow prime after prime
// until none is left, which proves it irreducible without lifting.
const (
	primeTrials    = 10
	minPrimeTrials = 3
)

// factorSquareFree returns the irreducible factors of the primitive
// square-free a of positive degree with positive leading coefficient,
// each with positive leading coefficient, sorted by compareFactors.
func factorSquareFree(ctx context.Context, a zpoly) ([]zpoly, error) {
	if a.deg() <= 1 {
		return []zpoly{a}, nil
	}
	// A factor x is split off first: it has no effect on the primes.
	if a[0].Sign() == 0 {
		rest, err := factorSquareFree(ctx, a[1:])
		if err != nil {
			return nil, err
		}
		out := append([]zpoly{{big.NewInt(0), big.NewInt(1)}}, rest...)
		slices.SortFunc(out, compareFactors)
		return out, nil
	}
	F, parts, irreducible, err := choosePrime(ctx, a)
	if err != nil {
		return nil, err
	}
	if irreducible {
		return []zpoly{a}, nil
	}
	modp, err := factorModP(ctx, F, parts)
	if err != nil {
		return nil, err
	}
	out, err := recombine(ctx, F, a, modp)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, compareFactors)
	return out, nil
}

// compareFactors orders factors by degree, then by their coefficients
// from the leading one down.
func compareFactors(a, b zpoly) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	for i := len(a) - 1; i >= 0; i-- {
		if c := a[i].Cmp(b[i]); c != 0 {
			return c
		}
	}
	return 0
}

// smallPrimes yields the odd primes from 3 on.
func smallPrimes(yield func(uint64) bool) {
	for p := uint64(3); p < 1<<31; p += 2 {
		if modular.IsPrime(p) && !yield(p) {
			return
		}
	}
}

// monicMod is a mod p made monic, or nil when p divides lc(a).
func monicMod(F *gfpoly.Field, a zpoly) []uint64 {
	ap := reduceMod(a, F.Modulus())
	if len(ap) != len(a) {
		return nil
	}
	return F.Monic(ap)
}

// choosePrime tries minPrimeTrials to primeTrials good primes for a
// (degree ≥ 2, a(0) ≠ 0) and returns the one with the fewest factors
// with its distinct-degree factorization, or reports a irreducible (one
// factor modulo a prime, or no factor degree common to all primes tried).
func choosePrime(ctx context.Context, a zpoly) (*gfpoly.Field, []ddfPart, bool, error) {
	n := a.deg()
	// possible[d]: d is a sum of factor degrees modulo every prime so far.
	possible := make([]bool, n+1)
	for d := range possible {
		possible[d] = true
	}
	var (
		best      *gfpoly.Field
		bestParts []ddfPart
		bestCount int
		tried     int
		err       error
	)
	for p := range smallPrimes {
		if err = ctx.Err(); err != nil {
			return nil, nil, false, err
		}
		F := gfpoly.NewField(p)
		ap := monicMod(F, a)
		if ap == nil || gfpoly.Degree(F.GCD(ap, F.Derivative(ap))) > 0 {
			continue
		}
		parts, e := distinctDegree(ctx, F, ap)
		if e != nil {
			return nil, nil, false, e
		}
		count := countFactors(parts)
		if count == 1 {
			return F, parts, true, nil
		}
		sums := make([]bool, n+1)
		sums[0] = true
		for _, q := range parts {
			for range gfpoly.Degree(q.poly) / q.degree {
				for d := n; d >= q.degree; d-- {
					sums[d] = sums[d] || sums[d-q.degree]
				}
			}
		}
		some, narrowed := false, false
		for d := 1; d < n; d++ {
			narrowed = narrowed || (possible[d] && !sums[d])
			possible[d] = possible[d] && sums[d]
			some = some || possible[d]
		}
		if !some {
			return F, parts, true, nil
		}
		if best == nil || count < bestCount {
			best, bestParts, bestCount = F, parts, count
		}
		if tried++; tried == primeTrials || (tried >= minPrimeTrials && !narrowed) {
			break
		}
	}
	return best, bestParts, false, nil
}

// norm2Bits bounds log2 ‖a‖₂ from above.
func norm2Bits(a zpoly) int {
	s := new(big.Int)
	for _, x := range a {
		s.Add(s, new(big.Int).Mul(x, x))
	}
	return (s.BitLen() + 1) / 2
}

// mignotteBits is a k with 2^k above twice the coefficients of
// (lc(a)/lc(g))·g for every factor g of a of degree at most deg(a)/2:
// the modulus the recombination needs, since of a factor and its
// cofactor one has at most half the degree. The polynomial has Mahler
// measure M ≤ ‖a‖₂ and a coefficient of it at most C(k, j)·M ≤ 2^k·‖a‖₂
// for degree k (MCA Corollary 6.33 and Exercise 6.29).
func mignotteBits(a zpoly) int { return a.deg()/2 + norm2Bits(a) + 2 }

// exponentFor is the least k with p^k ≥ 2^bits.
func exponentFor(p uint64, bits int) int {
	k := 0
	for m := big.NewInt(1); m.BitLen() <= bits; k++ {
		m.Mul(m, new(big.Int).SetUint64(p))
	}
	return max(k, 1)
}

// symmetricMod reduces every coefficient into (−m/2, m/2].
func symmetricMod(a zpoly, m *big.Int) zpoly {
	half := new(big.Int).Rsh(m, 1)
	out := make(zpoly, len(a))
	for i, x := range a {
		y := new(big.Int).Mod(x, m)
		if y.Cmp(half) > 0 {
			y.Sub(y, m)
		}
		out[i] = y
	}
	return ztrim(out)
}

// candidate is the primitive part of lc·∏ g_i over the chosen lifted
// factors, in the symmetric range modulo m, with positive leading
// coefficient.
func candidate(ctx context.Context, lc *big.Int, gs []zpoly, m *big.Int) (zpoly, error) {
	prod, err := productModM(ctx, gs, m)
	if err != nil {
		return nil, err
	}
	c := symmetricMod(zscale(prod, lc), m)
	if len(c) == 0 {
		return nil, nil
	}
	_, pp, err := primitive(ctx, c)
	return pp, err
}

// productModM is ∏ gs mod m by a balanced product tree.
func productModM(ctx context.Context, gs []zpoly, m *big.Int) (zpoly, error) {
	switch len(gs) {
	case 0:
		return zpoly{big.NewInt(1)}, nil
	case 1:
		return gs[0], nil
	}
	l, err := productModM(ctx, gs[:len(gs)/2], m)
	if err != nil {
		return nil, err
	}
	r, err := productModM(ctx, gs[len(gs)/2:], m)
	if err != nil {
		return nil, err
	}
	return mulModM(ctx, l, r, m)
}

// divides reports whether g divides f in Z[x], with the quotient; the
// constant terms are compared first, which rejects most candidates
// cheaply.
func divides(ctx context.Context, f, g zpoly) (zpoly, bool, error) {
	if g[0].Sign() != 0 && new(big.Int).Rem(f[0], g[0]).Sign() != 0 {
		return nil, false, nil
	}
	if new(big.Int).Rem(f.lc(), g.lc()).Sign() != 0 {
		return nil, false, nil
	}
	return zdivExact(ctx, f, g)
}

// recombine lifts the factors of a modulo p and recombines them into the
// factors of a over Z, in stages (the staged lifting of Hart, van Hoeij
// and Novocin, "Practical polynomial factoring in polynomial time", ISSAC
// 2011, §4). The factors are first lifted below the Mignotte bound, to
// earlyBits, and the subset search runs over the small subsets
// (zassenhaus with subsetBudget): for most products of random factors
// every factor over Z is found there, as one modular factor or a few,
// since the candidates' coefficients are far below the bound, and the
// search is conclusive when no candidate it rejected could have been
// cut short by the precision. Otherwise the search is redone at the
// Mignotte bound for factors of half the degree (mignotteBits). Only
// when more than zassenhausMax modular factors are left over does the
// lattice recombine them, on the cofactor, lifted further if the power
// sums need more precision (vanHoeijLifted).
func recombine(ctx context.Context, F *gfpoly.Field, a zpoly, modp [][]uint64) ([]zpoly, error) {
	bits := mignotteBits(a)
	if len(modp) > zassenhausMax {
		// When the lattice, if needed, wants little more precision (a
		// small leading coefficient and root bound, as for the
		// Swinnerton-Dyer polynomials), the factors are lifted that far
		// at once: a second lift would cost about as much as the first.
		if vb := vanHoeijBits(a, len(modp)); vb <= bits+bits/4 {
			return recombineAt(ctx, F, a, modp, max(bits, vb))
		}
	}
	if early := earlyBits(a); early < bits {
		out, err := recombineAt(ctx, F, a, modp, early)
		if err != nil || out != nil {
			return out, err
		}
	}
	return recombineAt(ctx, F, a, modp, bits)
}

// earlyBits is the precision of the first attempt of recombine: the
// constant-term screen's bound ‖a‖₂ with a margin of deg(a)/8 + 4 bits,
// below mignotteBits by about deg(a)/2 bits less that margin.
func earlyBits(a zpoly) int { return norm2Bits(a) + 2 + a.deg()/8 + 4 }

// recombineAt lifts the factors to 2^bits and recombines them; nil
// without an error when the search did not conclude at that precision.
func recombineAt(ctx context.Context, F *gfpoly.Field, a zpoly, modp [][]uint64, bits int) ([]zpoly, error) {
	lifted, m, err := henselLift(ctx, F, a, modp, exponentFor(F.Modulus(), bits))
	if err != nil {
		return nil, err
	}
	out, rest, left, sure, err := zassenhaus(ctx, a, lifted, m, subsetBudget)
	switch {
	case err != nil:
		return nil, err
	case !sure:
		return nil, nil
	case left == nil:
		return out, nil
	}
	more, err := vanHoeijLifted(ctx, F, rest, left, m)
	if err != nil {
		return nil, err
	}
	return append(out, more...), nil
}

// recombineZassenhaus recombines the factors of a modulo p by the whole
// subset search (MCA Algorithm 15.19), whatever their number: the
// reference the staged recombination is tested against.
func recombineZassenhaus(ctx context.Context, F *gfpoly.Field, a zpoly, modp [][]uint64) ([]zpoly, error) {
	lifted, m, err := henselLift(ctx, F, a, modp, exponentFor(F.Modulus(), mignotteBits(a)))
	if err != nil {
		return nil, err
	}
	out, _, _, sure, err := zassenhaus(ctx, a, lifted, m, -1)
	if err == nil && !sure {
		return nil, errors.New("the subset search at the Mignotte bound did not conclude")
	}
	return out, err
}

// subsetBudget is how many subsets of one size the staged search tries
// while more than zassenhausMax modular factors are left: all sizes up to
// 3 for 15 factors, up to 2 for 32, the single factors for 64.
const subsetBudget = 1024

// zassenhaus is the subset search over the lifted monic factors of a
// modulo m (MCA Algorithm 15.19), the smaller subsets first, a factor
// over Z found removing its subset at once. Each subset is screened by
// its constant term, lc·∏ g_i(0) in the symmetric range over the subset,
// which must divide lc(a)·a(0) (the search of Abbott, Shoup and
// Zimmermann, "Factorization in Z[x]: the searching phase", ISSAC 2000):
// one product of constants rejects nearly every subset before the
// product of the polynomials. With budget ≥ 0 the search stops once more
// than zassenhausMax factors are left and the next size has more than
// budget subsets: it returns the factors found, the cofactor and the
// lifted factors left. Otherwise left is nil and out holds every
// irreducible factor, the cofactor last (irreducible once no subset of
// at most half the factors left divides it). Every factor found divides
// exactly, at any m; sure reports that every subset rejected was proved
// no factor at this m (always so at mignotteBits), which below the bound
// fails for a candidate of too high a degree. With budget ≥ 0 the search
// gives up as soon as it is not sure, returning nothing else.
func zassenhaus(ctx context.Context, a zpoly, lifted []zpoly, m *big.Int, budget int) (out []zpoly, rest zpoly, left []zpoly, sure bool, err error) {
	// A candidate of degree d has coefficients below 2^d·‖a‖₂ (see
	// mignotteBits), so a failed division proves it no factor when
	// 2^(d + norm2Bits(a) + 2) ≤ m; above that degree it may be a
	// factor cut short by the precision, and the search is not sure.
	// Below d = 0 not even the constant-term screen is sure.
	sureDegree := m.BitLen() - 1 - norm2Bits(a) - 2
	sure = sureDegree >= 0
	rest = a
	left = slices.Clone(lifted)
	half := new(big.Int).Rsh(m, 1)
	var c0, target, t big.Int
	for s := 1; 2*s <= len(left); {
		if budget >= 0 && len(left) > zassenhausMax && binomialAbove(len(left), s, budget) {
			return out, rest, left, sure, nil
		}
		target.Mul(rest.lc(), rest[0])
		found := false
		inSubset := make([]bool, len(left))
		for subset := range subsets(len(left), s) {
			if err := ctx.Err(); err != nil {
				return nil, nil, nil, false, err
			}
			if !sure && budget >= 0 {
				return nil, nil, nil, false, nil // the staged search starts over
			}
			clear(inSubset)
			deg := 0
			c0.Set(rest.lc())
			for _, j := range subset {
				inSubset[j] = true
				deg += left[j].deg()
				c0.Mul(&c0, left[j][0])
				c0.Mod(&c0, m)
			}
			if c0.Cmp(half) > 0 {
				c0.Sub(&c0, m)
			}
			// The screen reads the subset's own side, whichever side is
			// the candidate: for a true split rest = G·H with G on the
			// subset's side, c0 is lc(H)·G(0), at most the Mahler measure
			// M(rest) ≤ M(a) ≤ ‖a‖₂ < m/4 in absolute value (the roots of
			// G are among those of rest, and C(deg G, 0) = 1), nonzero
			// since rest(0) ≠ 0 (a factor x is split off before), and
			// lc(rest)·rest(0)/c0 = lc(G)·H(0).
			if c0.Sign() == 0 || t.Rem(&target, &c0).Sign() != 0 {
				continue
			}
			// The side of the split of degree at most deg(rest)/2 is the
			// candidate, the only one mignotteBits bounds.
			complement := 2*deg > rest.deg()
			var gs []zpoly
			for j, g := range left {
				if inSubset[j] != complement {
					gs = append(gs, g)
				}
			}
			candDeg := deg
			if complement {
				candDeg = rest.deg() - deg
			}
			g, err := candidate(ctx, rest.lc(), gs, m)
			if err != nil {
				return nil, nil, nil, false, err
			}
			if len(g) == 0 || g.deg() == 0 {
				sure = sure && candDeg <= sureDegree
				continue
			}
			q, ok, err := divides(ctx, rest, g)
			if err != nil {
				return nil, nil, nil, false, err
			}
			if !ok {
				sure = sure && candDeg <= sureDegree
				continue
			}
			// The subset's factor is irreducible: a factor of it would
			// have a smaller subset, found before.
			if complement {
				out, rest = append(out, q), g
			} else {
				out, rest = append(out, g), q
			}
			keep := left[:0:0]
			for j := range left {
				if !inSubset[j] {
					keep = append(keep, left[j])
				}
			}
			left, found = keep, true
			break
		}
		if !found {
			s++
		}
	}
	if rest.deg() > 0 {
		if rest.lc().Sign() < 0 {
			rest = zscale(rest, big.NewInt(-1))
		}
		out = append(out, rest)
	}
	return out, nil, nil, sure, nil
}

// binomialAbove reports whether n choose k exceeds limit.
func binomialAbove(n, k, limit int) bool {
	c := 1
	for i := range k {
		// c·(n − i)/(i + 1) is C(n, i+1), an integer.
		c = c * (n - i) / (i + 1)
		if c > limit {
			return true
		}
	}
	return false
}

// subsets yields the s-element subsets of {0, …, n−1} in lexicographic
// order.
func subsets(n, s int) func(func([]int) bool) {
	return func(yield func([]int) bool) {
		idx := make([]int, s)
		for i := range idx {
			idx[i] = i
		}
		for {
			if !yield(idx) {
				return
			}
			i := s - 1
			for i >= 0 && idx[i] == n-s+i {
				i--
			}
			if i < 0 {
				return
			}
			idx[i]++
			for j := i + 1; j < s; j++ {
				idx[j] = idx[j-1] + 1
			}
		}
	}
}
