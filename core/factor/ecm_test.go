package factor

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestMontNAddSub checks the modular addition and subtraction of montn.go
// against math/big on random operands of one to eight words.
func TestMontNAddSub(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for range 500 {
		n := randomBits(rng, rng.IntN(511)+2)
		n.SetBit(n, 0, 1)
		if n.Cmp(big.NewInt(3)) < 0 {
			continue
		}
		m := newMontN(n)
		a, b := randBelow(rng, n), randBelow(rng, n)
		la, lb := toLimbs(a), toLimbs(b)
		sum, diff := m.add(la, lb), m.sub(la, lb)
		if want := new(big.Int).Mod(new(big.Int).Add(a, b), n); m.toBig(&sum).Cmp(want) != 0 {
			t.Fatalf("add mod %v: %v, want %v", n, m.toBig(&sum), want)
		}
		if want := new(big.Int).Mod(new(big.Int).Sub(a, b), n); m.toBig(&diff).Cmp(want) != 0 {
			t.Fatalf("sub mod %v: %v, want %v", n, m.toBig(&diff), want)
		}
		if x := m.fromMont(m.toMont(a, n)); x.Cmp(a) != 0 {
			t.Fatalf("fromMont(toMont(%v)) = %v", a, x)
		}
	}
}

// affine is a point of By² = x³ + Ax² + x over F_p in affine coordinates,
// the simple reference the x-only formulas are tested against; inf marks
// the identity.
type affine struct {
	x, y *big.Int
	inf  bool
}

// affineAdd is the chord-and-tangent law on a Montgomery curve
// (Montgomery 1987, §10.3.1): λ = (y₂ − y₁)/(x₂ − x₁), or
// (3x₁² + 2Ax₁ + 1)/(2By₁) for doubling; x₃ = Bλ² − A − x₁ − x₂,
// y₃ = λ(x₁ − x₃) − y₁.
func affineAdd(p, q affine, a, b, mod *big.Int) affine {
	if p.inf {
		return q
	}
	if q.inf {
		return p
	}
	lam := new(big.Int)
	if p.x.Cmp(q.x) == 0 {
		if new(big.Int).Add(p.y, q.y).Mod(new(big.Int).Add(p.y, q.y), mod).Sign() == 0 {
			return affine{inf: true}
		}
		num := new(big.Int).Mul(p.x, p.x)
		num.Mul(num, big.NewInt(3))
		num.Add(num, new(big.Int).Lsh(new(big.Int).Mul(a, p.x), 1))
		num.Add(num, big.NewInt(1))
		den := new(big.Int).Lsh(new(big.Int).Mul(b, p.y), 1)
		lam.Mul(num, new(big.Int).ModInverse(den.Mod(den, mod), mod))
	} else {
		num := new(big.Int).Sub(q.y, p.y)
		den := new(big.Int).Sub(q.x, p.x)
		lam.Mul(num, new(big.Int).ModInverse(den.Mod(den, mod), mod))
	}
	lam.Mod(lam, mod)
	x3 := new(big.Int).Mul(lam, lam)
	x3.Mul(x3, b)
	x3.Sub(x3, a).Sub(x3, p.x).Sub(x3, q.x).Mod(x3, mod)
	y3 := new(big.Int).Sub(p.x, x3)
	y3.Mul(y3, lam).Sub(y3, p.y).Mod(y3, mod)
	return affine{x: x3, y: y3}
}

func affineMul(p affine, k int64, a, b, mod *big.Int) affine {
	r := affine{inf: true}
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			r = affineAdd(r, p, a, b, mod)
		}
		p = affineAdd(p, p, a, b, mod)
	}
	return r
}

// suyamaAffine is the Suyama curve σ over F_p as A, B and a point with
// y = 1: B is chosen as x³ + Ax² + x at the starting x, which the x-only
// arithmetic never needs.
func suyamaAffine(sigma int64, p *big.Int) (a, b *big.Int, pt affine) {
	s := big.NewInt(sigma)
	u := new(big.Int).Sub(new(big.Int).Mul(s, s), big.NewInt(5))
	v := new(big.Int).Lsh(s, 2)
	u3 := new(big.Int).Exp(u, big.NewInt(3), p)
	v3 := new(big.Int).Exp(v, big.NewInt(3), p)
	x0 := new(big.Int).Mul(u3, new(big.Int).ModInverse(v3, p))
	x0.Mod(x0, p)
	num := new(big.Int).Exp(new(big.Int).Sub(v, u), big.NewInt(3), nil)
	num.Mul(num, new(big.Int).Add(new(big.Int).Mul(u, big.NewInt(3)), v))
	den := new(big.Int).Mul(u3, v)
	den.Lsh(den, 2)
	a = new(big.Int).Mul(num, new(big.Int).ModInverse(den.Mod(den, p), p))
	a.Sub(a, big.NewInt(2)).Mod(a, p)
	b = new(big.Int).Exp(x0, big.NewInt(3), p)
	b.Add(b, new(big.Int).Mul(a, new(big.Int).Mul(x0, x0)))
	b.Add(b, x0).Mod(b, p)
	return a, b, affine{x: x0, y: big.NewInt(1)}
}

// affineX is the x of a projective (X : Z), or nil at the identity.
func affineX(m *montN, q xz, p *big.Int) *big.Int {
	z := m.fromMont(q.z)
	if z.Sign() == 0 {
		return nil
	}
	x := m.fromMont(q.x)
	return x.Mul(x, new(big.Int).ModInverse(z, p)).Mod(x, p)
}

// TestLadderAgainstAffine: x([k]P) from Suyama's x-only curve and the
// Montgomery ladder equals the affine reference's, on random primes of 20
// to 500 bits, random σ and k.
func TestLadderAgainstAffine(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	ctx := context.Background()
	for range 60 {
		p := randomPrime(rng, rng.IntN(480)+20)
		m := newMontN(p)
		sigma := int64(rng.IntN(1<<20) + 6)
		c, pt, g := suyama(&m, p, sigma)
		if c == nil {
			t.Fatalf("σ = %d degenerate mod the prime %v (factor %v)", sigma, p, g)
		}
		a, b, ref := suyamaAffine(sigma, p)
		if x := affineX(&m, pt, p); x.Cmp(ref.x) != 0 {
			t.Fatalf("starting x %v, reference %v", x, ref.x)
		}
		k := int64(rng.IntN(1<<30) + 2)
		got, err := c.ladder(ctx, pt, big.NewInt(k))
		if err != nil {
			t.Fatal(err)
		}
		want := affineMul(ref, k, a, b, p)
		gx := affineX(&m, got, p)
		if want.inf != (gx == nil) || (!want.inf && gx.Cmp(want.x) != 0) {
			t.Fatalf("x([%d]P) mod %v, σ = %d: ladder %v, affine %v", k, p, sigma, gx, want.x)
		}
	}
}

// legendre is the Legendre symbol (a | p) by Euler's criterion.
func legendre(a, p int64) int64 {
	a %= p
	if a < 0 {
		a += p
	}
	if a == 0 {
		return 0
	}
	r := new(big.Int).Exp(big.NewInt(a), big.NewInt((p-1)/2), big.NewInt(p)).Int64()
	if r == 1 {
		return 1
	}
	return -1
}

// TestGroupOrder counts the points of Suyama curves over small primes by
// brute force (#E = p + 1 + Σ_x (B(x³ + Ax² + x) | p)) and checks two
// independent facts: 12 divides #E (Suyama's theorem), and the ladder
// sends the starting point to the identity at [#E], so stage 1 succeeds
// exactly when it should.
func TestGroupOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	ctx := context.Background()
	for range 12 {
		p := randomPrime(rng, 14).Int64()
		if p < 100 {
			continue
		}
		bp := big.NewInt(p)
		sigma := int64(rng.IntN(1000) + 6)
		m := newMontN(bp)
		c, pt, _ := suyama(&m, bp, sigma)
		if c == nil {
			continue
		}
		a, b, _ := suyamaAffine(sigma, bp)
		if new(big.Int).Mul(a, a).Cmp(big.NewInt(4)) == 0 || b.Sign() == 0 {
			continue // singular modulo p
		}
		A, B := a.Int64(), b.Int64()
		order := p + 1
		for x := int64(0); x < p; x++ {
			f := (x*x%p*x + A*(x*x%p) + x) % p
			order += legendre(B*f%p, p)
		}
		if order%12 != 0 {
			t.Errorf("p = %d, σ = %d: #E = %d is not divisible by 12", p, sigma, order)
		}
		q, err := c.ladder(ctx, pt, big.NewInt(order))
		if err != nil {
			t.Fatal(err)
		}
		if z := m.fromMont(q.z); z.Sign() != 0 {
			t.Errorf("p = %d, σ = %d: [#E]P = [%d]P is not the identity", p, sigma, order)
		}
	}
}

// TestECMPlanCoversPrimes: every prime in (B₁, B₂] is iD ± j for a pair
// (i, j) the stage 2 table takes, and the table takes no pair covering
// no prime.
func TestECMPlanCoversPrimes(t *testing.T) {
	plan := newECMPlan(2000, 200_000)
	isPrime := make(map[uint64]bool)
	for _, q := range SmallPrimes(int(plan.b2) + int(plan.d)) {
		isPrime[q] = true
	}
	taken := func(i uint64, k int) bool {
		row := plan.rows[i-plan.i0]
		return row[k/64]&(1<<(k%64)) != 0
	}
	index := map[uint64]int{}
	for k, j := range plan.babies {
		index[j] = k
	}
	for q := plan.b1 + 1; q <= plan.b2; q++ {
		if !isPrime[q] {
			continue
		}
		i := (q + plan.d/2) / plan.d
		j := q - i*plan.d
		if q < i*plan.d {
			j = i*plan.d - q
		}
		k, ok := index[j]
		if !ok || !taken(i, k) {
			t.Fatalf("prime %d = %d·%d ± %d is not covered", q, i, plan.d, j)
		}
	}
	for r := range plan.rows {
		i := plan.i0 + uint64(r)
		for k, j := range plan.babies {
			if !taken(i, k) {
				continue
			}
			lo, hi := i*plan.d-j, i*plan.d+j
			if !(isPrime[lo] && lo > plan.b1 && lo <= plan.b2) && !(isPrime[hi] && hi > plan.b1 && hi <= plan.b2) {
				t.Fatalf("pair (%d, %d) covers no prime in (B1, B2]", i, j)
			}
		}
	}
	// E₁ is ∏ q^⌊log_q B₁⌋: check it against the definition.
	want := big.NewInt(1)
	for _, q := range SmallPrimes(int(plan.b1) + 1) {
		qk := new(big.Int).SetUint64(q)
		for new(big.Int).Mul(qk, new(big.Int).SetUint64(q)).Cmp(new(big.Int).SetUint64(plan.b1)) <= 0 {
			qk.Mul(qk, new(big.Int).SetUint64(q))
		}
		want.Mul(want, qk)
	}
	if plan.e1.Cmp(want) != 0 {
		t.Error("stage 1 multiplier differs from ∏ q^⌊log_q B₁⌋")
	}
}

// TestPrimesBetween compares the segmented sieve with the plain one,
// across segment boundaries.
func TestPrimesBetween(t *testing.T) {
	all := SmallPrimes(600_000)
	for _, r := range [][2]uint64{{0, 100}, {2, 2}, {90, 89}, {262_000, 530_000}, {524_287, 524_289}} {
		var got []uint64
		primesBetween(r[0], r[1], func(p uint64) { got = append(got, p) })
		var want []uint64
		for _, p := range all {
			if p >= r[0] && p <= r[1] {
				want = append(want, p)
			}
		}
		if len(got) != len(want) {
			t.Fatalf("primes in %v: %d, want %d", r, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("primes in %v differ at %d: %d, want %d", r, i, got[i], want[i])
			}
		}
	}
}

// TestECMSplits: ECM splits products of a 12- to 18-digit prime and a
// larger one, which rho's share cannot reach, and the factor divides n.
// The same curves on one goroutine and on four give the same factor.
func TestECMSplits(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 38))
	for range 4 {
		p := randomPrime(rng, rng.IntN(20)+40)
		q := randomPrime(rng, rng.IntN(60)+80)
		n := new(big.Int).Mul(p, q)
		f := New(context.Background(), 1<<30)
		d, err := f.ECM(n)
		if err != nil {
			t.Fatalf("ECM(%v·%v): %v", p, q, err)
		}
		if d.Cmp(p) != 0 && d.Cmp(q) != 0 {
			t.Fatalf("ECM(%v·%v) = %v", p, q, d)
		}
	}
	p, _ := new(big.Int).SetString("1000000000000037", 10) // PARI/GP: nextprime(10^15)
	q, _ := new(big.Int).SetString("100000000000000000000000000000000000000000000000151", 10)
	n := new(big.Int).Mul(p, q)
	plan := ecmPlanFor(2000)
	one, err1 := runCurves(context.Background(), n, plan, 6, 24, 1)
	four, err4 := runCurves(context.Background(), n, plan, 6, 24, 4)
	if err1 != nil || err4 != nil || (one == nil) != (four == nil) || (one != nil && one.Cmp(four) != 0) {
		t.Errorf("one goroutine: %v %v; four: %v %v", one, err1, four, err4)
	}
}

// TestECMBudget: a budget below one curve's charge ends ECM with
// ErrBudget at once, and a cancelled context ends it with the context's
// error.
func TestECMBudget(t *testing.T) {
	n, _ := new(big.Int).SetString("10000000000000000001000000070000000000000000003190000121539", 10)
	f := New(context.Background(), ECMCurveCost(2000)-1)
	if _, err := f.ECM(n); !errors.Is(err, ErrBudget) {
		t.Errorf("budget below one curve: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f = New(ctx, 1<<40)
	if _, err := f.ECM(n); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// BenchmarkECMCurve times one curve (stages 1 and 2) at a level's B₁ on a
// product of two primes of half the digits.
func BenchmarkECMCurve(b *testing.B) {
	for _, c := range []struct {
		digits int
		b1     uint64
	}{{30, 2000}, {40, 11_000}, {60, 50_000}, {100, 11_000}} {
		rng := rand.New(rand.NewPCG(39, uint64(c.digits)))
		bitsHalf := c.digits * 332 / 200
		n := new(big.Int).Mul(randomPrime(rng, bitsHalf), randomPrime(rng, bitsHalf))
		plan := ecmPlanFor(c.b1)
		b.Run("digits="+itoa(c.digits)+"/B1="+itoa(int(c.b1)), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				if _, err := ecmCurve(context.Background(), n, plan, int64(6+i)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// TestNotKthPower: the power sieve never excludes a true k-th power, and
// excludes almost every random non-power.
func TestNotKthPower(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	excluded, trials := 0, 0
	for _, k := range []uint64{3, 5, 7, 11, 13, 31, 101} {
		for range 50 {
			x := randomBits(rng, rng.IntN(200)+2)
			if notKthPower(new(big.Int).Exp(x, new(big.Int).SetUint64(k), nil), k) {
				t.Fatalf("%v^%d excluded as a %d-th power", x, k, k)
			}
			trials++
			if notKthPower(randomBits(rng, 300), k) {
				excluded++
			}
		}
	}
	if excluded < trials*9/10 {
		t.Errorf("only %d of %d random numbers excluded", excluded, trials)
	}
}
