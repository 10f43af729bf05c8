package gaussian

// Factoring the norm over Z.
//
// A Gaussian integer is factored through its norm, so the rational work is
// to factor N(z) = re² + im². Three stages, cheapest first:
//
// Trial division by the primes below trialBound. After it, a cofactor below
// trialBound² is prime.
//
// Perfect powers are reduced to their roots: a rational prime p ≡ 3 mod 4
// dividing z contributes p² to the norm, and rho would need about √p steps
// to split p² although its square root is immediate.
//
// Pollard's rho in Brent's form (R. P. Brent, "An improved Monte Carlo
// factorization algorithm", BIT 20 (1980) 176–184) iterates y ↦ y² + c mod n
// and finds a factor p in about √p steps as 1 < gcd(∏(x − y), n), taking one
// gcd per batch of rhoBatch products and replaying the batch one step at a
// time when it overshoots to n. Each step counts against the request's
// iteration budget; when it runs out, the composite cofactor is reported as
// unfactored rather than guessed at. The context is polled once per batch.

import (
	"context"
	"errors"
	"math/big"
	"slices"

	"jacobian.dev/core"
	"jacobian.dev/core/primality"
)

const (
	trialBound   = 1 << 12
	rhoBatch     = 64
	rhoConstants = 8
)

var errBudget = errors.New("rho iteration budget exhausted")

// primePower is a rational prime (or an unsplit composite) with its
// exponent.
type primePower struct {
	p *big.Int
	e int
}

// normFactorization is N = ∏ primes^e · ∏ composites^e.
type normFactorization struct {
	primes, composites []primePower
}

// factorInteger factors n ≥ 1 within budget rho iterations. Primes and
// composites are ascending and distinct.
func factorInteger(ctx context.Context, n *big.Int, budget int64) (normFactorization, error) {
	f := &intFactorizer{ctx: ctx, budget: budget, total: budget}
	m := new(big.Int).Set(n)
	found := map[string]*primePower{}
	note := func(p *big.Int, e int, into map[string]*primePower) {
		if pp, ok := into[p.String()]; ok {
			pp.e += e
			return
		}
		into[p.String()] = &primePower{new(big.Int).Set(p), e}
	}
	for _, p := range smallPrimes(trialBound) {
		bp := new(big.Int).SetUint64(p)
		for new(big.Int).Mod(m, bp).Sign() == 0 {
			m.Quo(m, bp)
			note(bp, 1, found)
		}
	}
	unsplit := map[string]*primePower{}
	if err := f.split(m, 1, found, unsplit, note); err != nil {
		return normFactorization{}, err
	}
	return normFactorization{sorted(found), sorted(unsplit)}, nil
}

func sorted(m map[string]*primePower) []primePower {
	out := make([]primePower, 0, len(m))
	for _, pp := range m {
		out = append(out, *pp)
	}
	slices.SortFunc(out, func(a, b primePower) int { return a.p.Cmp(b.p) })
	return out
}

type intFactorizer struct {
	ctx           context.Context
	budget, total int64
}

// split factors m (free of primes below trialBound), recording m^e's prime
// powers in primes and whatever the budget left unsplit in unsplit.
func (f *intFactorizer) split(m *big.Int, e int, primes, unsplit map[string]*primePower, note func(*big.Int, int, map[string]*primePower)) error {
	if m.Cmp(big.NewInt(1)) == 0 {
		return nil
	}
	if st, _ := primality.Test(m); st != primality.Composite {
		note(m, e, primes)
		return nil
	}
	if root, k := perfectPower(m); k > 1 {
		return f.split(root, e*k, primes, unsplit, note)
	}
	d, err := f.rho(m)
	switch {
	case errors.Is(err, errBudget):
		note(m, e, unsplit)
		return nil
	case err != nil:
		return err
	}
	if err := f.split(d, e, primes, unsplit, note); err != nil {
		return err
	}
	return f.split(new(big.Int).Quo(m, d), e, primes, unsplit, note)
}

// rho returns a proper divisor of the composite n, trying the polynomials
// y² + c for c = 1, 2, ....
func (f *intFactorizer) rho(n *big.Int) (*big.Int, error) {
	one := big.NewInt(1)
	for c := int64(1); c <= rhoConstants; c++ {
		bc := big.NewInt(c)
		step := func(y *big.Int) *big.Int {
			f.budget--
			y.Mul(y, y).Add(y, bc)
			return y.Mod(y, n)
		}
		y, x, ys := big.NewInt(2), new(big.Int), new(big.Int)
		q, g := big.NewInt(1), big.NewInt(1)
		diff := new(big.Int)
		for r := 1; g.Cmp(one) == 0; r *= 2 {
			x.Set(y)
			for i := 0; i < r; i++ {
				if i%rhoBatch == 0 {
					if err := f.poll(); err != nil {
						return nil, err
					}
				}
				step(y)
			}
			for k := 0; k < r && g.Cmp(one) == 0; k += rhoBatch {
				if err := f.poll(); err != nil {
					return nil, err
				}
				ys.Set(y)
				for i := 0; i < min(rhoBatch, r-k); i++ {
					step(y)
					q.Mul(q, diff.Abs(diff.Sub(x, y))).Mod(q, n)
				}
				g.GCD(nil, nil, q, n)
			}
		}
		if g.Cmp(n) == 0 {
			// The batch overshot: replay it one step at a time. Some step
			// of it made q ≡ 0 mod n, so the replay ends within the batch.
			for {
				step(ys)
				if g.GCD(nil, nil, diff.Abs(diff.Sub(x, ys)), n).Cmp(one) > 0 {
					break
				}
			}
		}
		if g.Cmp(one) > 0 && g.Cmp(n) < 0 {
			return g, nil
		}
	}
	return nil, errBudget
}

// poll ends the search when the request is cancelled or the budget is
// spent, and reports progress otherwise.
func (f *intFactorizer) poll() error {
	if err := f.ctx.Err(); err != nil {
		return err
	}
	if f.budget <= 0 {
		return errBudget
	}
	core.ReportProgress(f.ctx, float64(f.total-f.budget), float64(f.total), "pollard rho on the norm")
	return nil
}

// perfectPower returns (r, k) with n = r^k and k maximal, or (n, 1).
func perfectPower(n *big.Int) (*big.Int, int) {
	best, bestK := n, 1
	// Every prime factor left is at least trialBound, so k·12 ≤ bits.
	for k := 2; k <= n.BitLen()/12+1; k++ {
		r := nthRoot(n, k)
		if new(big.Int).Exp(r, big.NewInt(int64(k)), nil).Cmp(n) == 0 {
			best, bestK = r, k
		}
	}
	return best, bestK
}

// nthRoot is ⌊n^(1/k)⌋ for n ≥ 0, by bisection on the bits of the root.
func nthRoot(n *big.Int, k int) *big.Int {
	r := new(big.Int)
	bk := big.NewInt(int64(k))
	for b := n.BitLen()/k + 1; b >= 0; b-- {
		r.SetBit(r, b, 1)
		if new(big.Int).Exp(r, bk, nil).Cmp(n) > 0 {
			r.SetBit(r, b, 0)
		}
	}
	return r
}

// smallPrimes lists the primes below n by the sieve of Eratosthenes.
func smallPrimes(n int) []uint64 {
	composite := make([]bool, n)
	var out []uint64
	for i := 2; i < n; i++ {
		if composite[i] {
			continue
		}
		out = append(out, uint64(i))
		for j := i * i; j < n; j += i {
			composite[j] = true
		}
	}
	return out
}
