// Package factor splits integers into prime powers: the factoring machinery
// shared by the domains that need it (the integer domain's factorization
// and primality certificates, the finite-field domain's factorization of
// q − 1 for multiplicative orders).
//
// A composite n is split in stages, cheapest first: trial division, perfect
// powers, Pollard's p − 1 stage 1 (pminus1.go) when the budget allows, then
// Pollard–Brent rho (rho.go), and for n of 80 to 512 bits Lenstra's
// elliptic curve method (ecm.go) once rho has had its share; from 80 to 340
// bits the self-initialising quadratic sieve (siqs.go) instead, after at
// most a short ECM pass. The pieces found are split in turn. Primality of
// a piece is decided by core/primality (Baillie–PSW, a proof below
// 3.3·10^24); proving larger primes is the caller's business.
//
// Trial division removes every prime below TrialBound. Rather than dividing
// the big number by each small prime, the primes are grouped into products
// that fit a machine word; one multi-precision remainder per group, then a
// word remainder per prime, finds which of them divide. After this stage a
// cofactor below TrialBound² is prime.
//
// A cofactor that is a perfect power r^k is replaced by r with its exponent
// multiplied by k: rho finds a factor p in about √p steps whatever the
// exponent, so p² with a 40-digit p would otherwise be out of reach although
// its square root is immediate.
//
// Every p − 1 squaring, rho iteration, pair of ECM multiplications and
// SIQSPositions positions of the quadratic sieve (SIQSDLPPositions with
// two large primes) are charged to one iteration budget per Factorizer, so a run ends
// deterministically: a cofactor whose split
// would need more iterations than remain is reported as unfactored, never
// guessed at. The context is polled with every charge, at least once per
// 128 iterations, so cancellation is prompt.
package factor

import (
	"context"
	"errors"
	"math/big"
	"math/bits"
	"slices"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/primality"
)

// TrialBound: primes below it are removed by trial division, so a cofactor
// left by TrialDivide below TrialBound² is 1 or prime.
const TrialBound = 1 << 14

// WordBits is the largest modulus, in bits, whose rho iteration runs on
// Montgomery arithmetic in machine words; larger ones use math/big, many
// times slower per iteration.
const WordBits = 64 * maxLimbs

// ErrBudget reports that the iteration budget ran out.
var ErrBudget = errors.New("iteration budget exhausted")

// PrimePower is Base^Exponent: a prime (or Baillie–PSW probable prime)
// power, or, among the unfactored parts of a factorization, a composite
// power.
type PrimePower struct {
	Base     *big.Int
	Exponent int
}

// Factor factors n ≠ 0 (its absolute value; the sign is the caller's) with
// at most budget p − 1 squarings and rho iterations. It returns the prime
// powers found, ascending, each prime passing Baillie–PSW (hence proven
// below primality.DeterministicBound), and the composites the budget did
// not split, ascending, coprime to each other and to the listed primes;
// their product is |n|. The error is the context's, when it ends first, or
// says that n is 0.
func Factor(ctx context.Context, n *big.Int, budget int64) (primes, unfactored []PrimePower, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if n.Sign() == 0 {
		return nil, nil, errors.New("0 has no prime factorization")
	}
	f := New(ctx, budget)
	m := new(big.Int).Abs(n)
	primes = f.TrialDivide(m)
	if m.Cmp(big.NewInt(1)) == 0 {
		return primes, nil, nil
	}
	// Split's primes are all above TrialBound, and TrialDivide's below
	// unless it ended on a prime cofactor, in which case m is 1: so the
	// concatenation ascends.
	sp, un, err := f.Split(m)
	if err != nil {
		return nil, nil, err
	}
	return append(primes, sp...), un, nil
}

// Factorizer holds one factorization's context, iteration budget and
// small-prime table. It is not safe for concurrent use.
type Factorizer struct {
	ctx    context.Context
	budget int64 // iterations left
	total  int64 // budget at the start, for progress
	primes []uint64
	groups []primeGroup
}

// primeGroup is a run of small primes whose product fits in 64 bits.
type primeGroup struct {
	product *big.Int
	primes  []uint64
}

// New returns a Factorizer that polls ctx and may spend budget p − 1
// squarings and rho iterations in all.
func New(ctx context.Context, budget int64) *Factorizer {
	t := trialTable()
	return &Factorizer{ctx: ctx, budget: budget, total: budget, primes: t.primes, groups: t.groups}
}

// Remaining is the budget not yet spent.
func (f *Factorizer) Remaining() int64 { return f.budget }

// Report sends a progress report through the context: the iterations spent
// out of the budget, with the message.
func (f *Factorizer) Report(message string) {
	core.ReportProgress(f.ctx, float64(f.total-f.budget), float64(f.total), message)
}

// primeTable is the small primes and their word-sized groups.
type primeTable struct {
	primes []uint64
	groups []primeGroup
}

// trialTable is built on first use and never modified afterwards; every
// Factorizer reads it.
var trialTable = sync.OnceValue(func() primeTable {
	t := primeTable{primes: SmallPrimes(TrialBound)}
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

// SmallPrimes lists the primes below n by the sieve of Eratosthenes.
func SmallPrimes(n int) []uint64 {
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

// SmallestFactor returns the least prime below TrialBound dividing n, or
// nil.
func SmallestFactor(n *big.Int) *big.Int {
	r := new(big.Int)
	for _, g := range trialTable().groups {
		rem := r.Rem(n, g.product).Uint64()
		for _, p := range g.primes {
			if rem%p == 0 {
				return new(big.Int).SetUint64(p)
			}
		}
	}
	return nil
}

// TrialDivide removes the primes below TrialBound from m (m ≥ 1, modified
// in place) and returns them with their exponents, ascending. When m is
// small enough that what remains must be prime, that prime is removed too.
func (f *Factorizer) TrialDivide(m *big.Int) []PrimePower {
	var out []PrimePower
	r, q, word := new(big.Int), new(big.Int), new(big.Int)
	for _, g := range f.groups {
		// Once p² > m what is left of m is 1 or a prime.
		if m.IsUint64() && g.primes[0]*g.primes[0] > m.Uint64() {
			if m.Uint64() > 1 {
				out = append(out, PrimePower{new(big.Int).Set(m), 1})
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
			out = append(out, PrimePower{new(big.Int).SetUint64(p), e})
		}
	}
	return out
}

// FindFactor returns a proper factor of the odd composite n, which is not a
// perfect power: by p − 1 stage 1 when the budget affords it, then by rho;
// for n of ecmMinBits to 512 bits rho gets at most rhoShare iterations
// (factors to about ten digits) and the elliptic curve method the rest of
// the budget (ecm.go). From siqsFromBits to siqsMaxBits the
// self-initialising quadratic sieve (siqs.go), whose time depends on n's
// size alone, takes over: below siqsPretestBits after a few thousand rho
// iterations only, above after p − 1, rho's share and a short pass of the
// elliptic curve method for factors of up to about a quarter of n's digits
// (YAFU's default pretest ratio). The error is ErrBudget when the budget runs out first, or the
// context's.
func (f *Factorizer) FindFactor(n *big.Int) (*big.Int, error) {
	useSIQS := n.BitLen() >= siqsFromBits && n.BitLen() <= siqsMaxBits && n.Bit(0) == 1
	if useSIQS && n.BitLen() < siqsPretestBits {
		// The sieve takes under a second here: p − 1 and ECM would cost
		// more than they could save.
		saved := f.budget
		share := min(saved, siqsRhoShare)
		f.budget = share
		d, err := f.Rho(n)
		f.budget = saved - (share - f.budget)
		if !errors.Is(err, ErrBudget) {
			return d, err
		}
		return f.SIQS(n)
	}
	d, err := f.PM1(n)
	if d != nil || err != nil {
		return d, err
	}
	if !useSIQS && (n.BitLen() < ecmMinBits || n.BitLen() > 64*maxLimbs || n.Bit(0) == 0) {
		return f.Rho(n)
	}
	saved := f.budget
	share := min(saved, rhoShare)
	f.budget = share
	d, err = f.Rho(n)
	f.budget = saved - (share - f.budget)
	if !errors.Is(err, ErrBudget) {
		return d, err
	}
	if !useSIQS {
		return f.ECM(n)
	}
	if d, err := f.ecmPass(n, (decimalDigits(n)+10)/4); d != nil || err != nil {
		return d, err
	}
	return f.SIQS(n)
}

// splitResult is a factorization of a number free of small primes: prime
// (or probable prime) factors, and composites that ran out of budget.
type splitResult struct {
	primes     []PrimePower
	unfactored []PrimePower
}

// Split factors m > 1 with no prime factor below TrialBound into prime
// powers, ascending, and the composites left when the budget ran out,
// ascending and coprime to each other and to the primes. It returns an
// error only when the context ends.
func (f *Factorizer) Split(m *big.Int) (primes, unfactored []PrimePower, err error) {
	var res splitResult
	work := []PrimePower{{new(big.Int).Set(m), 1}}
	bound2 := big.NewInt(TrialBound * TrialBound)
	for len(work) > 0 {
		for len(work) > 0 {
			c := work[len(work)-1]
			work = work[:len(work)-1]
			if c.Base.Cmp(big.NewInt(1)) == 0 {
				continue
			}
			if c.Base.Cmp(bound2) < 0 {
				res.primes = append(res.primes, c)
				continue
			}
			if st, _ := primality.Test(c.Base); st != primality.Composite {
				res.primes = append(res.primes, c)
				continue
			}
			if r, k := PerfectPower(c.Base); k > 1 {
				work = append(work, PrimePower{r, c.Exponent * k})
				continue
			}
			d, err := f.FindFactor(c.Base)
			if errors.Is(err, ErrBudget) {
				res.unfactored = append(res.unfactored, c)
				continue
			}
			if err != nil {
				return nil, nil, err
			}
			work = append(work, PrimePower{d, c.Exponent}, PrimePower{new(big.Int).Quo(c.Base, d), c.Exponent})
		}
		work = refine(&res)
	}
	return Merge(res.primes), res.unfactored, nil
}

// refine makes the unfactored composites coprime to the primes found and to
// each other, returning the pieces that need another look. Different
// branches of the splitting can share a prime that occurs squared in m
// (m = p²qr may split as pq · pr), and such a gcd is a factor for free.
func refine(res *splitResult) []PrimePower {
	var work []PrimePower
	un := Merge(res.unfactored)
	res.unfactored = nil
	for _, u := range un {
		changed := false
		for _, p := range res.primes {
			e := 0
			for new(big.Int).Rem(u.Base, p.Base).Sign() == 0 {
				u.Base = new(big.Int).Quo(u.Base, p.Base)
				e++
			}
			if e > 0 {
				res.primes = append(res.primes, PrimePower{p.Base, e * u.Exponent})
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
			g := new(big.Int).GCD(nil, nil, un[i].Base, un[j].Base)
			if g.Cmp(big.NewInt(1)) == 0 {
				continue
			}
			a, b := un[i], un[j]
			res.unfactored = slices.Delete(slices.Clone(un), j, j+1)
			res.unfactored = slices.Delete(res.unfactored, i, i+1)
			return append(work,
				PrimePower{g, a.Exponent + b.Exponent},
				PrimePower{new(big.Int).Quo(a.Base, g), a.Exponent},
				PrimePower{new(big.Int).Quo(b.Base, g), b.Exponent})
		}
	}
	return work
}

// Merge sorts by base and adds the exponents of equal bases. It reorders
// ps and returns a new slice.
func Merge(ps []PrimePower) []PrimePower {
	slices.SortFunc(ps, func(a, b PrimePower) int { return a.Base.Cmp(b.Base) })
	var out []PrimePower
	for _, p := range ps {
		if n := len(out); n > 0 && out[n-1].Base.Cmp(p.Base) == 0 {
			out[n-1].Exponent += p.Exponent
			continue
		}
		out = append(out, PrimePower{p.Base, p.Exponent})
	}
	return out
}

// decimalDigits is an upper bound on the number of decimal digits of |x|,
// for progress messages.
func decimalDigits(x *big.Int) int {
	return int(float64(x.BitLen())*0.30103) + 1
}
