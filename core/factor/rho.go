package factor

// Pollard–Brent rho.
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
	"fmt"
	"math/big"

	"jacobian.dev/core"
)

const (
	// rhoBatch is Brent's m: differences multiplied before one gcd.
	rhoBatch = 128
	// rhoConstants is how many polynomials y² + c are tried per cofactor.
	rhoConstants = 16
	// progressEvery is how many iterations pass between progress reports.
	progressEvery = 1 << 12
)

// Rho finds a nontrivial factor of the odd composite n, which is not a
// perfect power, by Brent's variant of Pollard's rho, trying the
// polynomials y² + c for c = 1, 2, ..., rhoConstants. Odd n below 2^127
// take the two-word Montgomery path (mont128.go), odd n below 2^512 the
// multi-word one (montn.go), the rest math/big.
func (f *Factorizer) Rho(n *big.Int) (*big.Int, error) {
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
	return nil, ErrBudget
}

// brent runs one Pollard–Brent search with f(y) = y² + c mod n from y = 2.
// It returns a factor, or nil when the run ended with gcd n.
func (f *Factorizer) brent(n, c *big.Int) (*big.Int, error) {
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
func (f *Factorizer) spend(k int64, digits int) error {
	if err := f.ctx.Err(); err != nil {
		return err
	}
	if f.budget < k {
		f.budget = 0
		return ErrBudget
	}
	before := f.total - f.budget
	f.budget -= k
	if after := f.total - f.budget; after/progressEvery != before/progressEvery {
		core.ReportProgress(f.ctx, float64(after), float64(f.total), fmt.Sprintf("Pollard–Brent rho on a %d-digit cofactor", digits))
	}
	return nil
}

// PerfectPower returns (r, k) with n = r^k and k as large as possible, or
// (n, 1) when n is not a perfect power. n ≥ 2. Each prime k up to the bit
// length is tried; most are excluded by notKthPower before any root is
// taken.
func PerfectPower(n *big.Int) (*big.Int, int) {
	root, exp := new(big.Int).Set(n), 1
	for changed := true; changed; {
		changed = false
		for _, k := range SmallPrimes(root.BitLen() + 1) {
			if notKthPower(root, k) {
				continue
			}
			if r := iroot(root, int(k)); new(big.Int).Exp(r, big.NewInt(int64(k)), nil).Cmp(root) == 0 {
				root, exp, changed = r, exp*int(k), true
				break
			}
		}
	}
	return root, exp
}

// powerSieveTries is how many primes p ≡ 1 (mod k) notKthPower tries.
const powerSieveTries = 4

// notKthPower reports that n is certainly not a k-th power, for prime k ≥
// 3, by finding a prime p = 2jk + 1 < 2^32 with p ∤ n and
// n^((p−1)/k) ≢ 1 (mod p): a k-th power x^k has n^((p−1)/k) = x^(p−1) ≡ 1.
// Only a k-th power residue modulo each of powerSieveTries such primes,
// about one n in k^4, goes on to the root (the sieve of Bernstein,
// "Detecting perfect powers in essentially linear time", Math. Comp. 67
// (1998), §3, in its simplest form). False means "maybe".
func notKthPower(n *big.Int, k uint64) bool {
	if k < 3 {
		return false
	}
	tried := 0
	r := new(big.Int)
	for p := 2*k + 1; p < 1<<32 && tried < powerSieveTries; p += 2 * k {
		if !smallPrime(p) {
			continue
		}
		tried++
		m := r.Rem(n, new(big.Int).SetUint64(p)).Uint64()
		if m != 0 && powMod(m, (p-1)/k, p) != 1 {
			return true
		}
	}
	return false
}

// smallPrime is trial division for p < 2^32.
func smallPrime(p uint64) bool {
	if p < 2 {
		return false
	}
	for d := uint64(2); d*d <= p; d++ {
		if p%d == 0 {
			return false
		}
	}
	return true
}

// powMod is b^e mod m for m < 2^32.
func powMod(b, e, m uint64) uint64 {
	r := uint64(1)
	b %= m
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % m
		}
		b = b * b % m
	}
	return r
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
