package integer

// Factoring by trial division and Pollard–Brent rho.
//
// A composite n is split in stages, cheapest first: trial division, perfect
// powers, Pollard's p − 1 (pminus1.go) when the budget allows, then rho.
//
// Trial division removes every prime below trialBound. Rather than dividing
// the big number by each small prime, the primes are grouped into products
// that fit a machine word; one multi-precision remainder per group, then a
// word remainder per prime, finds which of them divide. After this stage a
// cofactor below trialBound² is prime.
//
// A cofactor that is a perfect power r^k is replaced by r with its exponent
// multiplied by k: rho finds a factor p in about √p steps whatever the
// exponent, so p² with a 40-digit p would otherwise be out of reach although
// its square root is immediate.
//
// Pollard's rho (Pollard 1975, "A Monte Carlo method for factorization")
// iterates f(y) = y² + c mod n. Modulo an unknown prime p | n the sequence
// becomes periodic after about √p steps, and a collision y_i ≡ y_j (mod p)
// shows up as 1 < gcd(y_i − y_j, n). Brent's variant (R. P. Brent, "An
// improved Monte Carlo factorization algorithm", BIT 20 (1980) 176–184)
// compares y_j against a saved x = y_{r} for j in (r, 2r], doubling r, which
// finds the cycle with fewer evaluations of f than Floyd's two-pointer
// method, and multiplies m = 128 differences together modulo n before taking
// one gcd, so a gcd is paid per batch rather than per step. If a batch
// overshoots (the gcd is n because every prime factor collided within it),
// the batch is replayed one step at a time from its saved start. A run whose
// gcd is still n tries the next constant c.
//
// Every evaluation of f counts against an iteration budget, so a run ends
// deterministically: a cofactor whose split would need more iterations than
// remain is reported as unfactored, never guessed at. The context is polled
// after every batch (at most m evaluations, well under a millisecond for
// numbers of a few hundred digits), so cancellation is prompt.
//
// For odd n below 2^512 the iteration runs on Montgomery arithmetic in
// machine words (mont128.go, montn.go); above, and for trial division and
// gcds, math/big's big.Int is the engine.

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/primality"
)

const (
	// trialBound: primes below it are removed by trial division.
	trialBound = 1 << 14
	// rhoBatch is Brent's m: differences multiplied before one gcd.
	rhoBatch = 128
	// rhoConstants is how many polynomials y² + c are tried per cofactor.
	rhoConstants = 16
	// progressEvery is how many iterations pass between progress reports.
	progressEvery = 1 << 12
)

// errBudget reports that the iteration budget ran out.
var errBudget = errors.New("iteration budget exhausted")

// factorizer holds one factorization's budget and small-prime table.
type factorizer struct {
	ctx    context.Context
	budget int64 // rho iterations left
	total  int64 // budget at the start, for progress
	primes []uint64
	groups []primeGroup
}

// primeGroup is a run of small primes whose product fits in 64 bits.
type primeGroup struct {
	product *big.Int
	primes  []uint64
}

func newFactorizer(ctx context.Context, budget int64) *factorizer {
	t := trialTable()
	return &factorizer{ctx: ctx, budget: budget, total: budget, primes: t.primes, groups: t.groups}
}

// primeTable is the small primes and their word-sized groups.
type primeTable struct {
	primes []uint64
	groups []primeGroup
}

// trialTable is built on first use and never modified afterwards; every
// factorizer reads it.
var trialTable = sync.OnceValue(func() primeTable {
	t := primeTable{primes: smallPrimes(trialBound)}
	var g primeGroup
	prod := uint64(1)
	for _, p := range t.primes {
		if hi, _ := bits.Mul64(prod, p); hi != 0 {
			g.product = new(big.Int).SetUint64(prod)
			t.groups = append(t.groups, g)
			g, prod = primeGroup{}, 1
		}
		prod *= p
		g.primes = append(g.primes, p)
	}
	g.product = new(big.Int).SetUint64(prod)
	t.groups = append(t.groups, g)
	return t
})

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

// primePower is a factor with its multiplicity.
type primePower struct {
	p *big.Int
	e int
}

// trialDivide removes the primes below trialBound from m (m ≥ 1, modified
// in place) and returns them with their exponents, ascending. When m is
// small enough that what remains must be prime, that prime is removed too.
func (f *factorizer) trialDivide(m *big.Int) []primePower {
	var out []primePower
	r, q, word := new(big.Int), new(big.Int), new(big.Int)
	for _, g := range f.groups {
		// Once p² > m what is left of m is 1 or a prime.
		if m.IsUint64() && g.primes[0]*g.primes[0] > m.Uint64() {
			if m.Uint64() > 1 {
				out = append(out, primePower{new(big.Int).Set(m), 1})
				m.SetInt64(1)
			}
			break
		}
		rem := r.Rem(m, g.product).Uint64()
		for _, p := range g.primes {
			if rem%p != 0 {
				continue
			}
			word.SetUint64(p)
			e := 0
			for {
				q.QuoRem(m, word, r)
				if r.Sign() != 0 {
					break
				}
				m.Set(q)
				e++
			}
			out = append(out, primePower{new(big.Int).SetUint64(p), e})
		}
	}
	return out
}

// splitResult is a factorization of a number free of small primes: prime
// (or probable prime) factors, and composites that ran out of budget.
type splitResult struct {
	primes     []primePower
	unfactored []primePower
}

// split factors m > 1 with no prime factor below trialBound. It stops early,
// leaving composites unfactored, when the budget runs out; it returns an
// error only when the context ends.
func (f *factorizer) split(m *big.Int) (splitResult, error) {
	var res splitResult
	work := []primePower{{new(big.Int).Set(m), 1}}
	bound2 := big.NewInt(trialBound * trialBound)
	for len(work) > 0 {
		for len(work) > 0 {
			c := work[len(work)-1]
			work = work[:len(work)-1]
			if c.p.Cmp(big.NewInt(1)) == 0 {
				continue
			}
			if c.p.Cmp(bound2) < 0 {
				res.primes = append(res.primes, c)
				continue
			}
			if st, _ := primality.Test(c.p); st != primality.Composite {
				res.primes = append(res.primes, c)
				continue
			}
			if r, k := perfectPower(c.p); k > 1 {
				work = append(work, primePower{r, c.e * k})
				continue
			}
			d, err := f.pm1(c.p)
			if d == nil && err == nil {
				d, err = f.rho(c.p)
			}
			if errors.Is(err, errBudget) {
				res.unfactored = append(res.unfactored, c)
				continue
			}
			if err != nil {
				return splitResult{}, err
			}
			work = append(work, primePower{d, c.e}, primePower{new(big.Int).Quo(c.p, d), c.e})
		}
		work = refine(&res)
	}
	res.primes = mergePowers(res.primes)
	return res, nil
}

// refine makes the unfactored composites coprime to the primes found and to
// each other, returning the pieces that need another look. Different
// branches of the splitting can share a prime that occurs squared in m
// (m = p²qr may split as pq · pr), and such a gcd is a factor for free.
func refine(res *splitResult) []primePower {
	var work []primePower
	un := mergePowers(res.unfactored)
	res.unfactored = nil
	for _, u := range un {
		changed := false
		for _, p := range res.primes {
			e := 0
			for new(big.Int).Rem(u.p, p.p).Sign() == 0 {
				u.p = new(big.Int).Quo(u.p, p.p)
				e++
			}
			if e > 0 {
				res.primes = append(res.primes, primePower{p.p, e * u.e})
				changed = true
			}
		}
		if changed {
			work = append(work, u)
		} else {
			res.unfactored = append(res.unfactored, u)
		}
	}
	un = res.unfactored
	for i := range un {
		for j := i + 1; j < len(un); j++ {
			g := new(big.Int).GCD(nil, nil, un[i].p, un[j].p)
			if g.Cmp(big.NewInt(1)) == 0 {
				continue
			}
			a, b := un[i], un[j]
			res.unfactored = slices.Delete(slices.Clone(un), j, j+1)
			res.unfactored = slices.Delete(res.unfactored, i, i+1)
			return append(work,
				primePower{g, a.e + b.e},
				primePower{new(big.Int).Quo(a.p, g), a.e},
				primePower{new(big.Int).Quo(b.p, g), b.e})
		}
	}
	return work
}

// mergePowers sorts by base and adds the exponents of equal bases.
func mergePowers(ps []primePower) []primePower {
	slices.SortFunc(ps, func(a, b primePower) int { return a.p.Cmp(b.p) })
	var out []primePower
	for _, p := range ps {
		if n := len(out); n > 0 && out[n-1].p.Cmp(p.p) == 0 {
			out[n-1].e += p.e
			continue
		}
		out = append(out, primePower{p.p, p.e})
	}
	return out
}

// rho finds a nontrivial factor of the odd composite n, which is not a
// perfect power, by Brent's variant of Pollard's rho, trying the
// polynomials y² + c for c = 1, 2, ..., rhoConstants. Odd n below 2^127
// take the two-word Montgomery path (mont128.go), odd n below 2^512 the
// multi-word one (montn.go), the rest math/big.
func (f *factorizer) rho(n *big.Int) (*big.Int, error) {
	for c := int64(1); c <= rhoConstants; c++ {
		var d *big.Int
		var err error
		switch {
		case n.Bit(0) == 1 && n.BitLen() <= 127:
			d, err = f.brent128(n, uint64(c))
		case n.Bit(0) == 1 && n.BitLen() <= 64*maxLimbs:
			d, err = f.brentN(n, uint64(c))
		default:
			d, err = f.brent(n, big.NewInt(c))
		}
		if err != nil {
			return nil, err
		}
		if d != nil {
			return d, nil
		}
	}
	return nil, errBudget
}

// brent runs one Pollard–Brent search with f(y) = y² + c mod n from y = 2.
// It returns a factor, or nil when the run ended with gcd n.
func (f *factorizer) brent(n, c *big.Int) (*big.Int, error) {
	y, x, ys := big.NewInt(2), new(big.Int), new(big.Int)
	q, g, diff, t := big.NewInt(1), big.NewInt(1), new(big.Int), new(big.Int)
	// QuoRem into a kept quotient reuses its storage; Mod would allocate
	// a fresh quotient on every step. All operands are non-negative, so
	// the remainder is the residue.
	quo := new(big.Int)
	step := func(v *big.Int) {
		t.Mul(v, v)
		t.Add(t, c)
		quo.QuoRem(t, n, v)
	}
	one := big.NewInt(1)
	digits := decimalDigits(n)
	for r := int64(1); g.Cmp(one) == 0; r *= 2 {
		x.Set(y)
		for i := int64(0); i < r; i += rhoBatch {
			m := min(rhoBatch, r-i)
			if err := f.spend(m, digits); err != nil {
				return nil, err
			}
			for range m {
				step(y)
			}
		}
		for k := int64(0); k < r && g.Cmp(one) == 0; k += rhoBatch {
			ys.Set(y)
			m := min(rhoBatch, r-k)
			if err := f.spend(m, digits); err != nil {
				return nil, err
			}
			for range m {
				step(y)
				diff.Sub(x, y)
				t.Mul(q, diff.Abs(diff))
				quo.QuoRem(t, n, q)
			}
			g.GCD(nil, nil, q, n)
		}
	}
	if g.Cmp(n) == 0 {
		// The batch overshot: replay it one gcd at a time.
		for {
			step(ys)
			diff.Sub(x, ys)
			g.GCD(nil, nil, diff.Abs(diff), n)
			if g.Cmp(one) != 0 {
				break
			}
		}
	}
	if g.Cmp(n) == 0 {
		return nil, nil
	}
	return g, nil
}

// spend charges k iterations to the budget, polls the context and reports
// progress.
func (f *factorizer) spend(k int64, digits int) error {
	if err := f.ctx.Err(); err != nil {
		return err
	}
	if f.budget < k {
		f.budget = 0
		return errBudget
	}
	before := f.total - f.budget
	f.budget -= k
	if after := f.total - f.budget; after/progressEvery != before/progressEvery {
		core.ReportProgress(f.ctx, float64(after), float64(f.total), fmt.Sprintf("Pollard–Brent rho on a %d-digit cofactor", digits))
	}
	return nil
}

// perfectPower returns (r, k) with n = r^k and k as large as possible, or
// (n, 1) when n is not a perfect power. n ≥ 2.
func perfectPower(n *big.Int) (*big.Int, int) {
	root, exp := new(big.Int).Set(n), 1
	for changed := true; changed; {
		changed = false
		for _, k := range smallPrimes(root.BitLen() + 1) {
			if r := iroot(root, int(k)); new(big.Int).Exp(r, big.NewInt(int64(k)), nil).Cmp(root) == 0 {
				root, exp, changed = r, exp*int(k), true
				break
			}
		}
	}
	return root, exp
}

// iroot returns ⌊n^(1/k)⌋ for n ≥ 1, k ≥ 1 by Newton's iteration from
// above (Brent and Zimmermann, Modern Computer Arithmetic, §1.5.2).
func iroot(n *big.Int, k int) *big.Int {
	if k == 1 {
		return new(big.Int).Set(n)
	}
	bk := big.NewInt(int64(k))
	km1 := big.NewInt(int64(k - 1))
	x := new(big.Int).Lsh(big.NewInt(1), uint(n.BitLen()/k+1)) // > n^(1/k)
	for {
		// y = ((k−1)x + n / x^(k−1)) / k
		y := new(big.Int).Exp(x, km1, nil)
		y.Quo(n, y)
		y.Add(y, new(big.Int).Mul(km1, x))
		y.Quo(y, bk)
		if y.Cmp(x) >= 0 {
			return x
		}
		x = y
	}
}
