package lattice

// The multimodular check.
//
// check's de Weger recurrence costs d³/6 steps of multiplications and an
// exact division of numbers as large as the d_i, which for d = 100 is
// several times the reduction itself. The same integers d_i and λ_kj are
// recovered here from their residues modulo a few 62-bit primes: modulo
// p the Gram–Schmidt recurrences r_kj = g_kj − Σ_{l<j} μ_jl·r_kl,
// μ_kj = r_kj/r_jj (over GF(p)) give d_{j+1} = ∏_{l≤j} r_ll and
// λ_kj = μ_kj·d_{j+1}, one word operation per step. The primes are enough
// for the bound |d_i|, |λ_kj| ≤ H = P·max_k g_kk with P = ∏_l max(g_ll, 1):
// d_i ≤ ∏_{l<i} g_ll is Hadamard's inequality, and λ_kj, the determinant
// of the Gram matrix of (b_0, …, b_{j−1}, b_k) against (b_0, …, b_j), is
// at most the square root of the product of their Gram determinants
// (Cauchy–Binet and Cauchy–Schwarz), ≤ √(P·g_kk·P). The comparisons with
// η and δ are then made on the exact integers, as in check. A zero pivot
// modulo some prime (a dependent row, or with probability about d/2^61
// an unlucky prime) sends the decision to check.

import (
	"context"
	"math/big"
	"runtime"
	"sync"
	"sync/atomic"

	"jacobian.dev/core/modular"
)

// checkModular is check computed by residues; ok is false when it leaves
// the decision to check.
func checkModular(ctx context.Context, g [][]*big.Int, n int, delta, eta *big.Rat) (v *Violation, ok bool, err error) {
	if n == 0 {
		return nil, true, nil
	}
	hBits := 0
	gmax := 0
	for k := 0; k < n; k++ {
		if g[k][k].Sign() <= 0 {
			return nil, false, nil
		}
		hBits += g[k][k].BitLen()
		gmax = max(gmax, g[k][k].BitLen())
	}
	hBits += gmax
	primes := modular.Primes62(min((hBits+2)/61+1, modular.MaxPrimes62))
	if 61*len(primes) < hBits+2 {
		return nil, false, nil
	}
	t := len(primes)
	// lam[k][j·t + i] is λ_kj mod primes[i] (j < k), dd[k·t + i] is
	// d_{k+1} mod primes[i].
	lam := make([][]uint64, n)
	for k := range lam {
		lam[k] = make([]uint64, k*t)
	}
	dd := make([]uint64, n*t)
	if ok, err := gramResidues(ctx, g, n, primes, lam, dd); err != nil || !ok {
		return nil, false, err
	}
	// Column j needs only enough primes for its own bound: d_{j+1} ≤
	// P_{j+1} and |λ_kj| ≤ √(P_j·g_kk·P_{j+1}) ≤ P_{j+1}·√gmax, where P_i is
	// below 2^pbits[i]. Garner's mixed-radix digits for a prefix of the
	// primes are those of the full list, so each prefix has its basis.
	pbits := make([]int, n+1)
	for k := 0; k < n; k++ {
		pbits[k+1] = pbits[k] + g[k][k].BitLen()
	}
	bases := make([]*modular.CRTBasis, t+1)
	basisFor := func(bits int) (*modular.CRTBasis, int) {
		u := min(bits/61+1, t)
		if bases[u] == nil {
			bases[u] = modular.NewCRTBasis(primes[:u])
		}
		return bases[u], u
	}
	digits := make([]uint64, t)
	d := make([]*big.Int, n+1)
	d[0] = big.NewInt(1)
	for k := 0; k < n; k++ {
		basis, u := basisFor(pbits[k+1] + 1)
		d[k+1] = basis.Symmetric(dd[k*t:k*t+u], digits)
		if d[k+1].Sign() <= 0 {
			return nil, false, nil
		}
	}
	etaNum, etaDen := eta.Num(), eta.Denom()
	deltaNum, deltaDen := delta.Num(), delta.Denom()
	var x, y, u2 big.Int
	lambda := make([]*big.Int, n)
	for k := 0; k < n; k++ {
		if k%16 == 15 {
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
		}
		for j := 0; j < k; j++ {
			basis, u := basisFor(pbits[j+1] + (gmax+1)/2 + 1)
			lambda[j] = basis.Symmetric(lam[k][j*t:j*t+u], digits)
			// Size: |λ_kj|·den(η) ≤ num(η)·d_{j+1}.
			x.Mul(x.Abs(lambda[j]), etaDen)
			if x.Cmp(y.Mul(etaNum, d[j+1])) > 0 {
				return &Violation{Kind: "size", Row: k, Column: j, Value: new(big.Rat).SetFrac(lambda[j], d[j+1])}, true, nil
			}
		}
		// Lovász: (d_{k+1}·d_{k−1} + λ²_{k,k−1})·den(δ) ≥ num(δ)·d_k².
		if k >= 1 {
			num := new(big.Int).Mul(d[k+1], d[k-1])
			num.Add(num, u2.Mul(lambda[k-1], lambda[k-1]))
			x.Mul(num, deltaDen)
			y.Mul(d[k], d[k])
			if x.Cmp(y.Mul(&y, deltaNum)) < 0 {
				return &Violation{Kind: "lovasz", Row: k, Value: new(big.Rat).SetFrac(num, new(big.Int).Mul(d[k], d[k]))}, true, nil
			}
		}
	}
	return nil, true, nil
}

// gramResidues fills lam and dd (laid out as in checkModular) with the
// residues of λ_kj and d_{k+1} modulo each prime: the Gram–Schmidt
// recurrences over GF(p), an LDLᵀ factorisation of the Gram matrix with
// one delayed reduction per coefficient (Modulus.Dot). The primes are
// independent, so they run on up to GOMAXPROCS goroutines, each with its
// own scratch and its own cells of lam and dd. ok is false when a pivot
// vanishes modulo some prime.
func gramResidues(ctx context.Context, g [][]*big.Int, n int, primes []uint64, lam [][]uint64, dd []uint64) (ok bool, err error) {
	t := len(primes)
	var next, declined atomic.Int64
	errs := make([]error, t)
	work := func() {
		r := make([][]uint64, n)
		mu := make([][]uint64, n)
		for k := range r {
			r[k] = make([]uint64, k+1)
			mu[k] = make([]uint64, k)
		}
		inv := make([]uint64, n)
		for {
			i := int(next.Add(1) - 1)
			if i >= t || declined.Load() != 0 {
				return
			}
			ok, err := gramResiduesModulo(ctx, g, n, modular.NewModulus(primes[i]), i, t, lam, dd, r, mu, inv)
			if err != nil {
				errs[i] = err
				declined.Store(1)
			} else if !ok {
				declined.Store(1)
			}
		}
	}
	workers := min(runtime.GOMAXPROCS(0), t)
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return false, err
		}
	}
	return declined.Load() == 0, nil
}

// gramResiduesModulo is gramResidues for primes[i] alone, with scratch r,
// mu and inv.
func gramResiduesModulo(ctx context.Context, g [][]*big.Int, n int, m modular.Modulus, i, t int, lam [][]uint64, dd []uint64, r, mu [][]uint64, inv []uint64) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	var dj uint64 = 1
	for k := 0; k < n; k++ {
		if k%16 == 15 {
			if err := ctx.Err(); err != nil {
				return false, err
			}
		}
		rk, muk := r[k], mu[k]
		for j := 0; j <= k; j++ {
			// r_kj = g_kj − Σ_{l<j} μ_jl·r_kl (μ_kl for j = k, just set).
			muj := muk
			if j < k {
				muj = mu[j]
			}
			x := m.Sub(residue(g[k][j], m), m.Dot(muj[:j], rk[:j]))
			rk[j] = x
			if j < k {
				muk[j] = m.Mul(x, inv[j])
			}
		}
		if rk[k] == 0 {
			return false, nil
		}
		inv[k], _ = m.Inverse(rk[k])
		dj = m.Mul(dj, rk[k])
		dd[k*t+i] = dj
	}
	// λ_kj = μ_kj·d_{j+1}.
	for k := 1; k < n; k++ {
		for j := 0; j < k; j++ {
			lam[k][j*t+i] = m.Mul(mu[k][j], dd[j*t+i])
		}
	}
	return true, nil
}

// residue is x mod m.P, without a division when x is a word (the Gram
// entries of a reduced basis nearly always are).
func residue(x *big.Int, m modular.Modulus) uint64 {
	if !x.IsInt64() {
		return modular.ReduceWords(x, m.P)
	}
	v := x.Int64()
	if v >= 0 {
		return m.ReduceUnder(0, uint64(v))
	}
	return m.P - 1 - m.ReduceUnder(0, uint64(-(v+1))) // −v − 1 without overflow
}
