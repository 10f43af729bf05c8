package finitefield

// Factoring the group order q − 1 for multiplicative orders: trial division
// by the primes below 2^16, then Pollard's rho in Brent's variant
// (R. P. Brent, "An improved Monte Carlo factorization algorithm", BIT 20
// (1980)) on what remains, recursively, with core/primality deciding when a
// cofactor is prime. The order operation bounds q by 2^80, below the
// deterministic Miller–Rabin bound ψ13 ≈ 3.3·10^24, so every prime reported
// here is proven, and the largest composite rho must split is below 2^80,
// whose least prime factor is below 2^40: about 2^20 rho steps.

import (
	"context"
	"math/big"
	"math/bits"
	"slices"

	"jacobian.dev/core/primality"
)

// primePower is r^e.
type primePower struct {
	prime    *big.Int
	exponent int
}

const trialBound = 1 << 16

// smallPrimes lists the primes below n (sieve of Eratosthenes).
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

// factorInteger returns the prime factorization of n ≥ 1, primes ascending.
// The second result is false when some prime is only probable (n above ψ13).
func factorInteger(ctx context.Context, n *big.Int) ([]primePower, bool, error) {
	proven := true
	counts := map[string]int{}
	primes := map[string]*big.Int{}
	add := func(r *big.Int, e int) {
		key := r.String()
		if _, ok := primes[key]; !ok {
			primes[key] = new(big.Int).Set(r)
		}
		counts[key] += e
	}
	m := new(big.Int).Set(n)
	rem := new(big.Int)
	for _, r := range smallPrimes(trialBound) {
		br := new(big.Int).SetUint64(r)
		if new(big.Int).Mul(br, br).Cmp(m) > 0 {
			break
		}
		for {
			q, _ := new(big.Int).QuoRem(m, br, rem)
			if rem.Sign() != 0 {
				break
			}
			m = q
			add(br, 1)
		}
	}
	stack := []*big.Int{m}
	for len(stack) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c.Cmp(big.NewInt(1)) == 0 {
			continue
		}
		switch st, _ := primality.Test(c); st {
		case primality.Prime:
			add(c, 1)
			continue
		case primality.ProbablePrime:
			proven = false
			add(c, 1)
			continue
		}
		d, err := rhoSplit(ctx, c)
		if err != nil {
			return nil, false, err
		}
		stack = append(stack, d, new(big.Int).Quo(c, d))
	}
	out := make([]primePower, 0, len(primes))
	for key, r := range primes {
		out = append(out, primePower{prime: r, exponent: counts[key]})
	}
	slices.SortFunc(out, func(a, b primePower) int { return a.prime.Cmp(b.prime) })
	return out, proven, nil
}

// rhoSplit returns a nontrivial divisor of the odd composite n that has no
// prime factor below the trial-division bound.
func rhoSplit(ctx context.Context, n *big.Int) (*big.Int, error) {
	if n.Bit(0) == 0 {
		return big.NewInt(2), nil
	}
	if n.IsUint64() {
		for c := uint64(1); ; c++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			d, err := brentRho64(ctx, n.Uint64(), c)
			if err != nil {
				return nil, err
			}
			if d != 1 && d != n.Uint64() {
				return new(big.Int).SetUint64(d), nil
			}
		}
	}
	for c := int64(1); ; c++ {
		d, err := brentRhoBig(ctx, n, big.NewInt(c))
		if err != nil {
			return nil, err
		}
		if d.Cmp(big.NewInt(1)) != 0 && d.Cmp(n) != 0 {
			return d, nil
		}
	}
}

func mulMod64(a, b, n uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi, lo, n)
	return r
}

func gcd64(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// brentRho64 is Brent's cycle-finding rho for x ↦ x² + c mod n, n < 2^64,
// with gcds batched over 128 steps and a backtrack when a batch overshoots.
func brentRho64(ctx context.Context, n, c uint64) (uint64, error) {
	f := func(x uint64) uint64 {
		s := mulMod64(x, x, n) + c%n
		if s >= n || s < c%n {
			s -= n
		}
		return s
	}
	const batch = 128
	y, x, ys := uint64(2), uint64(2), uint64(2)
	q, g := uint64(1), uint64(1)
	for r := uint64(1); g == 1; r *= 2 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		x = y
		for range r {
			y = f(y)
		}
		for k := uint64(0); k < r && g == 1; k += batch {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
			ys = y
			for range min(batch, r-k) {
				y = f(y)
				d := x - y
				if x < y {
					d = y - x
				}
				q = mulMod64(q, d, n)
			}
			g = gcd64(q, n)
		}
		if r > 1<<40 {
			return n, nil
		}
	}
	if g == n {
		for g = 1; g == 1; {
			ys = f(ys)
			d := x - ys
			if x < ys {
				d = ys - x
			}
			g = gcd64(d, n)
		}
	}
	return g, nil
}

// brentRhoBig is brentRho64 on big integers.
func brentRhoBig(ctx context.Context, n, c *big.Int) (*big.Int, error) {
	t := new(big.Int)
	f := func(x *big.Int) *big.Int {
		t.Mul(x, x).Add(t, c)
		return new(big.Int).Mod(t, n)
	}
	const batch = 128
	y, x, ys := big.NewInt(2), big.NewInt(2), big.NewInt(2)
	q, g := big.NewInt(1), big.NewInt(1)
	one := big.NewInt(1)
	d := new(big.Int)
	for r := 1; g.Cmp(one) == 0; r *= 2 {
		x = y
		for range r {
			y = f(y)
		}
		for k := 0; k < r && g.Cmp(one) == 0; k += batch {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			ys = y
			for range min(batch, r-k) {
				y = f(y)
				d.Sub(x, y).Abs(d)
				q.Mul(q, d).Mod(q, n)
			}
			g = new(big.Int).GCD(nil, nil, q, n)
		}
		if r > 1<<40 {
			return n, nil
		}
	}
	if g.Cmp(n) == 0 {
		for g = big.NewInt(1); g.Cmp(one) == 0; {
			ys = f(ys)
			d.Sub(x, ys).Abs(d)
			g = new(big.Int).GCD(nil, nil, d, n)
		}
	}
	return g, nil
}
