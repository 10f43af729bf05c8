package factor

// Lenstra's elliptic curve method on Montgomery curves.
//
// ECM (H. W. Lenstra, "Factoring integers with elliptic curves", Ann. of
// Math. 126 (1987) 649–673) is p − 1 with the group F_p* replaced by the
// group of an elliptic curve E over F_p: if the order of a point P of E
// (taken modulo n) divides a product E₁ of small prime powers, then [E₁]P
// is the identity modulo p but, almost always, not modulo n, and the
// projective Z coordinate of [E₁]P shares p with n. Unlike p − 1, each new
// curve is a new group order, roughly uniform in the Hasse interval
// [p + 1 − 2√p, p + 1 + 2√p], so a factor whose p − 1 is not smooth is
// found by trying curves until one order is. The work grows with the size
// of p, not of n: that is why ECM finds the 20-digit factor of a 40-digit
// number that rho (about 10^10 iterations) cannot.
//
// Curves and arithmetic. The curves are Montgomery's By² = x³ + Ax² + x
// (P. L. Montgomery, "Speeding the Pollard and elliptic curve methods of
// factorization", Math. Comp. 48 (1987) 243–264), used through X and Z
// alone: doubling costs 5 multiplications (one by the constant
// a24 = (A + 2)/4) and a differential addition, which needs P − Q, costs 6.
// B never enters, so a curve is chosen by its starting point. Suyama's
// parametrisation (ibid. §10.3.3; Zimmermann and Dodson, "20 years of ECM",
// ANTS VII, 2006) makes every group order divisible by 12: for σ ≥ 6,
// u = σ² − 5, v = 4σ, the point is (u³ : v³) and
// a24 = (v − u)³(3u + v) / (16u³v). Curve k of a cofactor takes σ = 6 + k,
// so every run is reproducible. Arithmetic is Montgomery multiplication in
// machine words (montn.go), so ECM runs on odd n below 2^512.
//
// Stage 1 computes [E₁]P for E₁ = ∏ q^⌊log_q B₁⌋ over primes q ≤ B₁,
// precomputed once per B₁ as one integer of about 1.44·B₁ bits, by the
// Montgomery ladder (one doubling and one addition per bit, the difference
// always P), then takes gcd(Z, n).
//
// Stage 2 is the baby-step giant-step continuation (Montgomery 1987 §4;
// Brent, "Some integer factorization algorithms using elliptic curves",
// 1986): it finds p when the order of Q = [E₁]P is one prime ℓ in
// (B₁, B₂]. Write ℓ = iD ± j with gcd(j, D) = 1 and j < D/2. Then [ℓ]Q = O
// means [iD]Q = ∓[j]Q, so x([iD]Q) = x([j]Q) and p divides
// X_G·Z_j − X_j·Z_G for G = [iD]Q. The baby steps x([j]Q) are made affine
// with one inversion (Montgomery's simultaneous inversion), the giant steps
// follow by differential additions of [D]Q, and each (i, j) that covers a
// prime costs two multiplications into one running product, a single gcd
// at the end. One product covers both iD − j and iD + j. Which pairs to
// take depends only on B₁, B₂ and D, so the table is built once per level
// by a segmented sieve and shared by all curves.
//
// Parameters. The factor size sought rises through levels; each level's B₁
// is GMP-ECM's recommended bound for that many digits (the table in
// GMP-ECM's README, Zimmermann et al.). Our B₂ is 100·B₁, below GMP-ECM's
// FFT continuation (100 to 1000·B₁), so each level runs twice GMP-ECM's
// expected number of curves before moving on. The last level reached
// (factors of half n's digits) repeats until the budget is spent.
//
// Work and cores. A curve's multiplications are charged to the iteration
// budget at two per iteration (one rho step is two multiplications), before
// it runs, so a run that stops at its budget stops at the same curve on
// every machine. Curves run in batches of ecmBatch on up to that many
// goroutines; the batch's first curve (lowest σ) that splits n gives the
// factor, so the answer does not depend on the number of cores. Each curve
// polls the context every ecmPoll ladder steps.

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"runtime"
	"sync"
)

// ecmLevel is one row of the parameter table: curves that seek factors of
// about Digits digits.
type ecmLevel struct {
	Digits int
	B1     uint64
	Curves int
}

// ecmLevels: B₁ from GMP-ECM's README table; Curves is twice its expected
// count for that B₁ (our stage 2 is shorter).
var ecmLevels = []ecmLevel{
	{Digits: 15, B1: 2_000, Curves: 50},
	{Digits: 20, B1: 11_000, Curves: 180},
	{Digits: 25, B1: 50_000, Curves: 600},
	{Digits: 30, B1: 250_000, Curves: 1_400},
	{Digits: 35, B1: 1_000_000, Curves: 3_600},
	{Digits: 40, B1: 3_000_000, Curves: 10_200},
}

const (
	// ecmB2Factor is B₂/B₁.
	ecmB2Factor = 100
	// ecmBatch is how many curves are charged and run together.
	ecmBatch = 4
	// ecmPoll is how many ladder steps pass between context polls.
	ecmPoll = 1 << 10
	// ecmMinBits: below this, rho (√p ≤ n^(1/4) ≤ 2^20 steps) is cheaper
	// than any curve, and ECM is not tried.
	ecmMinBits = 80
	// rhoShare caps the rho iterations spent on a cofactor of ecmMinBits
	// or more before ECM takes over: enough for factors of about ten
	// digits, which rho finds faster than ECM's first level.
	rhoShare = 1 << 16
)

// ECMCurveCost is the budget one curve of the given B₁ is charged, in
// iterations (two modular multiplications each).
func ECMCurveCost(b1 uint64) int64 { return ecmPlanFor(b1).cost }

// ecmPlan is what every curve at one B₁ shares: the stage 1 multiplier,
// the stage 2 pair table, and the charge per curve.
type ecmPlan struct {
	b1, b2 uint64
	e1     *big.Int // ∏ q^⌊log_q B₁⌋
	d      uint64   // the giant step
	babies []uint64 // j < D/2 with gcd(j, D) = 1, ascending
	i0     uint64   // first giant index
	rows   [][]uint64
	cost   int64 // iterations charged per curve
}

var ecmPlans sync.Map // uint64 B₁ → *ecmPlan, built on first use

func ecmPlanFor(b1 uint64) *ecmPlan {
	if p, ok := ecmPlans.Load(b1); ok {
		return p.(*ecmPlan)
	}
	p, _ := ecmPlans.LoadOrStore(b1, newECMPlan(b1, ecmB2Factor*b1))
	return p.(*ecmPlan)
}

// newECMPlan builds the stage 1 multiplier and the stage 2 table for B₁
// and B₂ (B₂ > B₁ ≥ 210).
func newECMPlan(b1, b2 uint64) *ecmPlan {
	p := &ecmPlan{b1: b1, b2: b2, e1: big.NewInt(1)}
	// E₁ as a product tree would be faster; a running product of word
	// groups is quick enough at these sizes and built once.
	word := uint64(1)
	for _, q := range SmallPrimes(int(b1) + 1) {
		qk := q
		for qk <= b1/q {
			qk *= q
		}
		if hi, _ := bits.Mul64(word, qk); hi != 0 {
			p.e1.Mul(p.e1, new(big.Int).SetUint64(word))
			word = 1
		}
		word *= qk
	}
	p.e1.Mul(p.e1, new(big.Int).SetUint64(word))

	p.d = chooseGiantStep(b1, b2)
	for j := uint64(1); 2*j < p.d; j += 2 {
		if gcd64(j, p.d) == 1 {
			p.babies = append(p.babies, j)
		}
	}
	index := make(map[uint64]int, len(p.babies))
	for k, j := range p.babies {
		index[j] = k
	}
	half := p.d / 2
	p.i0 = (b1 + 1 + half) / p.d
	i1 := (b2 + half) / p.d
	words := (len(p.babies) + 63) / 64
	p.rows = make([][]uint64, i1-p.i0+1)
	for i := range p.rows {
		p.rows[i] = make([]uint64, words)
	}
	pairs := 0
	primesBetween(b1+1, b2, func(q uint64) {
		i := (q + half) / p.d
		j := q - i*p.d
		if q < i*p.d {
			j = i*p.d - q
		}
		k := index[j]
		row := p.rows[i-p.i0]
		if row[k/64]&(1<<(k%64)) == 0 {
			row[k/64] |= 1 << (k % 64)
			pairs++
		}
	})
	// Multiplications: 11 per stage 1 bit; D/4 additions and three
	// multiplications per baby for the baby steps and their inversion;
	// ladders for [i0·D]Q, [(i0+1)·D]Q and [D]Q; one addition per giant
	// step; two per pair.
	giants := int64(len(p.rows))
	ladderBits := int64(3 * bits.Len64(i1*p.d))
	mults := 11*int64(p.e1.BitLen()) + 6*int64(p.d/4) + 3*int64(len(p.babies)) + 11*ladderBits + 6*giants + 2*int64(pairs)
	p.cost = (mults + 1) / 2
	return p
}

// chooseGiantStep picks D, a multiple of 210 at most B₁, minimising the
// stage 2 multiplications other than the pairs: about D/4 baby additions
// plus 6 per giant step.
func chooseGiantStep(b1, b2 uint64) uint64 {
	best, bestCost := uint64(210), ^uint64(0)
	for _, d := range []uint64{210, 420, 630, 840, 1050, 1260, 1470, 1680, 2100, 2310, 4620, 6930, 9240, 11550, 13860, 18480, 23100, 30030} {
		if d > b1 {
			break
		}
		cost := 6*(d/4) + 3*d/8 + 6*(b2/d)
		if cost < bestCost {
			best, bestCost = d, cost
		}
	}
	return best
}

func gcd64(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// primesBetween calls fn on each prime in [lo, hi], ascending, by a
// segmented sieve of Eratosthenes over 2^18 numbers at a time.
func primesBetween(lo, hi uint64, fn func(uint64)) {
	if lo < 2 {
		lo = 2
	}
	if hi < lo {
		return
	}
	root := uint64(1)
	for root*root <= hi {
		root++
	}
	base := SmallPrimes(int(root) + 1)
	const seg = 1 << 18
	composite := make([]bool, seg)
	for start := lo; start <= hi; start += seg {
		end := min(start+seg-1, hi)
		clear(composite)
		for _, q := range base {
			if q*q > end {
				break
			}
			first := max(q*q, (start+q-1)/q*q)
			for m := first; m <= end; m += q {
				composite[m-start] = true
			}
		}
		for m := start; m <= end; m++ {
			if !composite[m-start] {
				fn(m)
			}
		}
		if end == hi {
			break
		}
	}
}

// xz is a point of a Montgomery curve in X and Z, in Montgomery form.
type xz struct{ x, z limbs }

// montCurve is one curve modulo n: its arithmetic and a24 = (A + 2)/4.
type montCurve struct {
	m   *montN
	a24 limbs
}

// add returns a + b mod n for a, b < n.
func (m *montN) add(a, b limbs) limbs {
	var carry uint64
	for i := 0; i < m.s; i++ {
		a[i], carry = bits.Add64(a[i], b[i], carry)
	}
	if carry != 0 || !m.less(&a, &m.n) {
		m.subInPlace(&a, &m.n)
	}
	return a
}

// sub returns a − b mod n for a, b < n.
func (m *montN) sub(a, b limbs) limbs {
	var borrow uint64
	for i := 0; i < m.s; i++ {
		a[i], borrow = bits.Sub64(a[i], b[i], borrow)
	}
	if borrow != 0 {
		var carry uint64
		for i := 0; i < m.s; i++ {
			a[i], carry = bits.Add64(a[i], m.n[i], carry)
		}
	}
	return a
}

// toMont returns x·R mod n for 0 ≤ x.
func (m *montN) toMont(x, n *big.Int) limbs {
	t := new(big.Int).Lsh(x, uint(64*m.s))
	return toLimbs(t.Mod(t, n))
}

// fromMont returns a·R⁻¹ mod n as an integer.
func (m *montN) fromMont(a limbs) *big.Int {
	var one limbs
	one[0] = 1
	r := m.mul(&a, &one)
	return m.toBig(&r)
}

// double returns [2]P: X = (X+Z)²(X−Z)², Z = 4XZ((X−Z)² + a24·4XZ).
func (c *montCurve) double(p xz) xz {
	m := c.m
	s := m.add(p.x, p.z)
	d := m.sub(p.x, p.z)
	s2 := m.mul(&s, &s)
	d2 := m.mul(&d, &d)
	t := m.sub(s2, d2)
	u := m.mul(&c.a24, &t)
	u = m.add(u, d2)
	return xz{m.mul(&s2, &d2), m.mul(&t, &u)}
}

// addDiff returns P + Q given P − Q: X = Z₋((X_P−Z_P)(X_Q+Z_Q) +
// (X_P+Z_P)(X_Q−Z_Q))², Z = X₋(... − ...)².
func (c *montCurve) addDiff(p, q, diff xz) xz {
	m := c.m
	a := m.sub(p.x, p.z)
	b := m.add(q.x, q.z)
	u := m.mul(&a, &b)
	a = m.add(p.x, p.z)
	b = m.sub(q.x, q.z)
	v := m.mul(&a, &b)
	s := m.add(u, v)
	d := m.sub(u, v)
	s = m.mul(&s, &s)
	d = m.mul(&d, &d)
	return xz{m.mul(&diff.z, &s), m.mul(&diff.x, &d)}
}

// ladder returns [k]P for k ≥ 1 by the Montgomery ladder, polling ctx
// every ecmPoll bits.
func (c *montCurve) ladder(ctx context.Context, p xz, k *big.Int) (xz, error) {
	r0, r1 := p, c.double(p)
	for i := k.BitLen() - 2; i >= 0; i-- {
		if i%ecmPoll == 0 {
			if err := ctx.Err(); err != nil {
				return xz{}, err
			}
		}
		if k.Bit(i) == 1 {
			r0, r1 = c.addDiff(r1, r0, p), c.double(r1)
		} else {
			r0, r1 = c.double(r0), c.addDiff(r1, r0, p)
		}
	}
	return r0, nil
}

// suyama returns the curve and starting point of Suyama's parametrisation
// for σ modulo n, or a factor of n met while inverting 16u³v (then the
// curve is nil), or neither when σ is degenerate modulo n.
func suyama(m *montN, n *big.Int, sigma int64) (*montCurve, xz, *big.Int) {
	s := big.NewInt(sigma)
	u := new(big.Int).Mul(s, s)
	u.Sub(u, big.NewInt(5)).Mod(u, n)
	v := new(big.Int).Lsh(s, 2)
	v.Mod(v, n)
	u3 := new(big.Int).Exp(u, big.NewInt(3), n)
	v3 := new(big.Int).Exp(v, big.NewInt(3), n)
	num := new(big.Int).Sub(v, u)
	num.Exp(num.Mod(num, n), big.NewInt(3), n)
	t := new(big.Int).Mul(u, big.NewInt(3))
	t.Add(t, v)
	num.Mul(num, t).Mod(num, n)
	den := new(big.Int).Mul(u3, v)
	den.Lsh(den, 4).Mod(den, n)
	inv := new(big.Int).ModInverse(den, n)
	if inv == nil {
		g := new(big.Int).GCD(nil, nil, den, n)
		if g.Cmp(big.NewInt(1)) > 0 && g.Cmp(n) < 0 {
			return nil, xz{}, g
		}
		return nil, xz{}, nil
	}
	a24 := num.Mul(num, inv).Mod(num, n)
	c := &montCurve{m: m, a24: m.toMont(a24, n)}
	return c, xz{m.toMont(u3, n), m.toMont(v3, n)}, nil
}

// ecmCurve runs stages 1 and 2 of one curve σ on the odd n < 2^512. It
// returns a proper factor, or nil when the curve found none (or found
// every prime of n at once).
func ecmCurve(ctx context.Context, n *big.Int, plan *ecmPlan, sigma int64) (*big.Int, error) {
	m := newMontN(n)
	c, p, g := suyama(&m, n, sigma)
	if c == nil {
		return g, nil
	}
	q, err := c.ladder(ctx, p, plan.e1)
	if err != nil {
		return nil, err
	}
	if g, done := properGCD(m.toBig(&q.z), n); done {
		return g, nil
	}
	return c.stage2(ctx, n, plan, q)
}

// properGCD returns gcd(x, n) and true when it is a proper factor, or
// nil and whether the curve is finished (gcd n: every prime at once).
func properGCD(x, n *big.Int) (*big.Int, bool) {
	g := new(big.Int).GCD(nil, nil, x, n)
	switch {
	case g.Cmp(n) == 0:
		return nil, true
	case g.Cmp(big.NewInt(1)) != 0:
		return g, true
	}
	return nil, false
}

// stage2 is the baby-step giant-step continuation from Q = [E₁]P.
func (c *montCurve) stage2(ctx context.Context, n *big.Int, plan *ecmPlan, q xz) (*big.Int, error) {
	m := c.m
	// Baby steps: the odd multiples [j]Q for j < D/2, by [j+2]Q =
	// [j]Q + [2]Q with difference [j−2]Q.
	q2 := c.double(q)
	odd := make([]xz, 0, plan.d/4+1)
	odd = append(odd, q, c.addDiff(q2, q, q))
	for j := uint64(5); 2*j < plan.d; j += 2 {
		k := len(odd)
		odd = append(odd, c.addDiff(odd[k-1], q2, odd[k-2]))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Affine x of the babies, by simultaneous inversion of their Z.
	zs := make([]limbs, len(plan.babies))
	prefix := make([]limbs, len(plan.babies))
	var acc limbs
	acc = m.toMont(big.NewInt(1), n)
	for k, j := range plan.babies {
		zs[k] = odd[j/2].z
		prefix[k] = acc
		acc = m.mul(&acc, &zs[k])
	}
	total := m.fromMont(acc)
	inv := new(big.Int).ModInverse(total, n)
	if inv == nil {
		g, _ := properGCD(total, n)
		return g, nil
	}
	invM := m.toMont(inv, n)
	xs := make([]limbs, len(plan.babies))
	for k := len(plan.babies) - 1; k >= 0; k-- {
		zinv := m.mul(&invM, &prefix[k])
		invM = m.mul(&invM, &zs[k])
		x := odd[plan.babies[k]/2].x
		xs[k] = m.mul(&x, &zinv)
	}
	// Giant steps [iD]Q from i0, accumulating X_G − x_j·Z_G.
	d := new(big.Int).SetUint64(plan.d)
	step, err := c.ladder(ctx, q, d)
	if err != nil {
		return nil, err
	}
	g0, err := c.ladder(ctx, q, new(big.Int).SetUint64(plan.i0*plan.d))
	if err != nil {
		return nil, err
	}
	g1, err := c.ladder(ctx, q, new(big.Int).SetUint64((plan.i0+1)*plan.d))
	if err != nil {
		return nil, err
	}
	acc = m.toMont(big.NewInt(1), n)
	for i, row := range plan.rows {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for w, word := range row {
			for word != 0 {
				k := w*64 + bits.TrailingZeros64(word)
				word &= word - 1
				t := m.mul(&xs[k], &g0.z)
				t = m.sub(g0.x, t)
				acc = m.mul(&acc, &t)
			}
		}
		g0, g1 = g1, c.addDiff(g1, step, g0)
	}
	g, _ := properGCD(m.toBig(&acc), n)
	return g, nil
}

// ECM seeks a proper factor of the odd composite n, not a perfect power
// and below 2^512, by curves of rising B₁ until one splits n or the budget
// runs out (ErrBudget). Other errors are the context's.
func (f *Factorizer) ECM(n *big.Int) (*big.Int, error) {
	if n.Bit(0) == 0 || n.BitLen() > 64*maxLimbs {
		return nil, ErrBudget
	}
	return f.ecm(n, 0, false)
}

// ecmPass runs the levels seeking factors of at most maxDigits digits,
// each with GMP-ECM's expected number of curves (half of Curves), and
// returns nil, nil when none splits n.
func (f *Factorizer) ecmPass(n *big.Int, maxDigits int) (*big.Int, error) {
	if n.Bit(0) == 0 || n.BitLen() > 64*maxLimbs {
		return nil, nil
	}
	return f.ecm(n, maxDigits, true)
}

// ecmPassCost is what ecmPass charges when it finds nothing: half the
// curves of each level seeking at most maxDigits digits.
func ecmPassCost(maxDigits int) int64 {
	var cost int64
	for _, level := range ecmLevels {
		if level.Digits > maxDigits {
			break
		}
		cost += int64((level.Curves+1)/2) * ecmPlanFor(level.B1).cost
	}
	return cost
}

// ecm runs the levels in order: all of them, the last repeating until
// the budget is spent, when short is false; only those seeking at most
// maxDigits digits, each once with half its curves, when short is true.
func (f *Factorizer) ecm(n *big.Int, maxDigits int, short bool) (*big.Int, error) {
	digits := decimalDigits(n)
	workers := min(runtime.GOMAXPROCS(0), ecmBatch)
	sigma := int64(6)
	for li, level := range ecmLevels {
		if short && level.Digits > maxDigits {
			return nil, nil
		}
		last := !short && (li == len(ecmLevels)-1 || 2*level.Digits >= digits)
		curves := level.Curves
		if short {
			curves = (curves + 1) / 2
		}
		plan := ecmPlanFor(level.B1)
		for done := 0; last || done < curves; {
			batch := ecmBatch
			if !last {
				batch = min(batch, curves-done)
			}
			if f.budget < plan.cost {
				f.budget = 0
				return nil, ErrBudget
			}
			batch = min(batch, int(f.budget/plan.cost))
			if err := f.spendECM(int64(batch)*plan.cost, fmt.Sprintf("ECM on a %d-digit cofactor: curve %d (B1 = %d, seeking %d-digit factors)", digits, done+batch, level.B1, level.Digits)); err != nil {
				return nil, err
			}
			found, err := runCurves(f.ctx, n, plan, sigma, batch, workers)
			if err != nil || found != nil {
				return found, err
			}
			sigma += int64(batch)
			done += batch
		}
		if last {
			break
		}
	}
	if short {
		return nil, nil
	}
	return nil, ErrBudget
}

// runCurves runs curves σ, σ+1, ..., σ+count−1 on up to workers
// goroutines and returns the factor found by the lowest σ that found one.
func runCurves(ctx context.Context, n *big.Int, plan *ecmPlan, sigma int64, count, workers int) (*big.Int, error) {
	factors := make([]*big.Int, count)
	errs := make([]error, count)
	next := make(chan int, count)
	for k := range count {
		next <- k
	}
	close(next)
	var wg sync.WaitGroup
	for range min(workers, count) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				factors[k], errs[k] = ecmCurve(ctx, n, plan, sigma+int64(k))
			}
		}()
	}
	wg.Wait()
	for k := range count {
		if errs[k] != nil {
			return nil, errs[k]
		}
		if factors[k] != nil {
			return factors[k], nil
		}
	}
	return nil, nil
}

// spendECM charges k iterations of curve work, polls the context and
// reports progress by phase.
func (f *Factorizer) spendECM(k int64, message string) error {
	if err := f.ctx.Err(); err != nil {
		return err
	}
	if f.budget < k {
		f.budget = 0
		return ErrBudget
	}
	f.budget -= k
	f.Report(message)
	return nil
}
