package integer

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"jacobian.dev/core"
)

// TestCRTTreeAgainstSequential: the balanced merge tree and the
// one-by-one merge give the same answer (solution and modulus, or the same
// conflicting pair) on seeded systems: coprime prime moduli, moduli
// sharing factors, repeated and dividing moduli, and systems made
// unsolvable by one altered residue; every answer passes checkCRT.
func TestCRTTreeAgainstSequential(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 29))
	for i := range 600 {
		n := 1 + rng.IntN(40)
		x := randomInt(rng, 300)
		var q CRTRequest
		for range n {
			var m *big.Int
			switch rng.IntN(4) {
			case 0:
				m = randomPrime(rng, 2+rng.IntN(30))
			case 1:
				m = big.NewInt(int64(1 + rng.IntN(60)))
			case 2:
				m = new(big.Int).Mul(randomPrime(rng, 2+rng.IntN(20)), big.NewInt(int64(1+rng.IntN(12))))
			default:
				m = randomInt(rng, 1+rng.IntN(25))
				m.Abs(m).Add(m, big.NewInt(1))
			}
			a := new(big.Int).Mod(x, m)
			if rng.IntN(2) == 0 {
				a.Add(a, new(big.Int).Mul(m, big.NewInt(int64(rng.IntN(5)-2))))
			}
			q.Congruences = append(q.Congruences, Congruence{core.Int(a), core.Int(m)})
		}
		if i%3 == 0 { // likely unsolvable
			j := rng.IntN(n)
			a := new(big.Int).Add(q.Congruences[j].Residue.Big(), big.NewInt(1))
			q.Congruences[j].Residue = core.Int(a)
		}
		solveTreeAndSequential(t, q, fmt.Sprintf("system %d", i))
	}
}

// TestCheckCRTRejects: a solution off by one, a modulus that is a proper
// multiple of the lcm, and a wrong divisor of it are refused.
func TestCheckCRTRejects(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 5))
	var q CRTRequest
	for range 20 {
		m := randomPrime(rng, 20)
		q.Congruences = append(q.Congruences, Congruence{core.Int(randomInt(rng, 10)), core.Int(m)})
	}
	good, err := solveCRT(ctx, q)
	if err != nil || !good.Solvable {
		t.Fatalf("%v %+v", err, good)
	}
	x, m := good.Residue.Big(), good.Modulus.Big()
	bad := []CRTResult{}
	x1 := core.Int(new(big.Int).Mod(new(big.Int).Add(x, big.NewInt(1)), m))
	bad = append(bad, CRTResult{Solvable: true, Residue: &x1, Modulus: good.Modulus})
	m2 := core.Int(new(big.Int).Lsh(m, 1))
	bad = append(bad, CRTResult{Solvable: true, Residue: good.Residue, Modulus: &m2})
	p0 := q.Congruences[0].Modulus.Big()
	m3 := core.Int(new(big.Int).Quo(m, p0))
	x3 := core.Int(new(big.Int).Mod(x, m3.Big()))
	bad = append(bad, CRTResult{Solvable: true, Residue: &x3, Modulus: &m3})
	for i, r := range bad {
		if checkCRT(ctx, q, r) == nil {
			t.Errorf("wrong result %d accepted", i)
		}
	}
}

// BenchmarkCRTRow: 1000 congruences modulo distinct 50-digit primes, the
// int_crt_1000_congruences peer row's shape, by the tree and one by one.
func BenchmarkCRTRow(b *testing.B) {
	rng := rand.New(rand.NewPCG(1000, 50))
	var q CRTRequest
	for range 1000 {
		m := randomDigits(rng, 50)
		for !m.ProbablyPrime(20) {
			m.Add(m, big.NewInt(1))
		}
		q.Congruences = append(q.Congruences, Congruence{core.Int(randomDigits(rng, 40)), core.Int(m)})
	}
	ctx := context.Background()
	b.Run("tree", func(b *testing.B) {
		for b.Loop() {
			solveCRT(ctx, q)
		}
	})
	b.Run("sequential", func(b *testing.B) {
		for b.Loop() {
			solveCRTSequential(ctx, q)
		}
	})
	r, _ := solveCRT(ctx, q)
	b.Run("check", func(b *testing.B) {
		for b.Loop() {
			checkCRT(ctx, q, r)
		}
	})
}

// TestCRTTreeLarge: systems of pairwise coprime moduli of 16,000 bits and
// more, whose top tree products are core/bignum's transform products
// rather than math/big's: the tree agrees with the one-by-one merge,
// checkCRT accepts the answer and refuses it with one residue altered,
// and with two moduli made to share a factor (the product is then no
// longer the lcm).
func TestCRTTreeLarge(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2026, 12))
	for trial := range 4 {
		// Moduli 2^e − 1 for distinct primes e above 2^14:
		// pairwise coprime, as gcd(2^a − 1, 2^b − 1) = 2^gcd(a, b) − 1.
		n := 9 + rng.IntN(8)
		var q CRTRequest
		seen := map[int64]bool{}
		for len(q.Congruences) < n {
			e := randomPrime(rng, 15).Int64()
			if e <= 1<<14 || seen[e] {
				continue
			}
			seen[e] = true
			m := new(big.Int).Lsh(big.NewInt(1), uint(e))
			m.Sub(m, big.NewInt(1))
			q.Congruences = append(q.Congruences, Congruence{core.Int(randomInt(rng, m.BitLen()+10)), core.Int(m)})
		}
		got := solveTreeAndSequential(t, q, fmt.Sprintf("trial %d", trial))
		prod := big.NewInt(1)
		for _, c := range q.Congruences {
			prod.Mul(prod, c.Modulus.Big())
		}
		if !got.Solvable || got.Modulus.Big().Cmp(prod) != 0 {
			t.Fatalf("trial %d: pairwise coprime moduli, yet the modulus is not their product", trial)
		}
		bad := *got.Residue
		x := new(big.Int).Add(bad.Big(), big.NewInt(1))
		x.Mod(x, got.Modulus.Big())
		bad = core.Int(x)
		if checkCRT(ctx, q, CRTResult{Solvable: true, Residue: &bad, Modulus: got.Modulus}) == nil {
			t.Fatalf("trial %d: a residue off by one accepted", trial)
		}
		// Moduli 0 and n − 1 made to share the factor 3, every residue
		// that of one x: the product of the moduli satisfies all but
		// being their lcm.
		var r CRTRequest
		prod = big.NewInt(1)
		for k, c := range q.Congruences {
			m := c.Modulus.Big()
			if k == 0 || k == n-1 {
				m = new(big.Int).Mul(m, big.NewInt(3))
			}
			prod.Mul(prod, m)
			r.Congruences = append(r.Congruences, Congruence{core.Int(new(big.Int).Mod(x, m)), core.Int(m)})
		}
		xr := core.Int(new(big.Int).Mod(x, prod))
		pr := core.Int(prod)
		if checkCRT(ctx, r, CRTResult{Solvable: true, Residue: &xr, Modulus: &pr}) == nil {
			t.Fatalf("trial %d: the product of moduli sharing a factor accepted as their lcm", trial)
		}
	}
}

// solveTreeAndSequential solves q by the tree and by the one-by-one merge,
// fails the test unless they agree and checkCRT accepts the answer, and
// returns it.
func solveTreeAndSequential(t *testing.T, q CRTRequest, label string) CRTResult {
	t.Helper()
	ctx := context.Background()
	got, err := solveCRT(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	want, err := solveCRTSequential(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if got.Solvable != want.Solvable || !slices.Equal(got.Conflict, want.Conflict) ||
		got.Solvable && (got.Residue.Big().Cmp(want.Residue.Big()) != 0 || got.Modulus.Big().Cmp(want.Modulus.Big()) != 0) {
		t.Fatalf("%s: tree %+v, sequential %+v", label, got, want)
	}
	if err := checkCRT(ctx, q, got); err != nil {
		t.Fatalf("%s: %v", label, err)
	}
	return got
}

// TestCRTCertificate: the run's coprimality certificate (c_i with
// Σ c_i·M/m_i ≡ 1 mod M) passes checkCRT with its answer; a tampered
// certificate is refused, and so is any certificate offered for the
// product of moduli that share a factor, which no c_i can make ≡ 1.
func TestCRTCertificate(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(44, 45))
	for trial := range 40 {
		n := 1 + rng.IntN(60)
		var q CRTRequest
		seen := map[string]bool{}
		for len(q.Congruences) < n {
			m := randomPrime(rng, 2+rng.IntN(90))
			if seen[m.String()] {
				continue
			}
			seen[m.String()] = true
			q.Congruences = append(q.Congruences, Congruence{core.Int(randomInt(rng, 100)), core.Int(m)})
		}
		got, err := solveCRT(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.inverses) != n {
			t.Fatalf("trial %d: %d congruences, %d inverses", trial, n, len(got.inverses))
		}
		if err := checkCRT(ctx, q, got); err != nil {
			t.Fatalf("trial %d: the run's answer refused: %v", trial, err)
		}
		k := rng.IntN(n)
		tampered := got
		tampered.inverses = slices.Clone(got.inverses)
		tampered.inverses[k] = new(big.Int).Add(got.inverses[k], big.NewInt(1))
		if q.Congruences[k].Modulus.Big().Cmp(big.NewInt(2)) > 0 && checkCRT(ctx, q, tampered) == nil {
			t.Fatalf("trial %d: a tampered certificate accepted", trial)
		}
		if n < 2 {
			continue
		}
		// Moduli 0 and n − 1 times 3 (primes other than 3), every residue
		// that of one x: the product of the moduli is not their lcm,
		// whatever certificate comes with it.
		x := got.Residue.Big()
		var r CRTRequest
		prod := big.NewInt(1)
		for i, c := range q.Congruences {
			m := c.Modulus.Big()
			if i == 0 || i == n-1 {
				m = new(big.Int).Mul(m, big.NewInt(3))
			}
			prod.Mul(prod, m)
			r.Congruences = append(r.Congruences, Congruence{core.Int(new(big.Int).Mod(x, m)), core.Int(m)})
		}
		if seen["3"] {
			continue
		}
		xr, pr := core.Int(new(big.Int).Mod(x, prod)), core.Int(prod)
		for _, inv := range [][]*big.Int{got.inverses, nil} {
			if checkCRT(ctx, r, CRTResult{Solvable: true, Residue: &xr, Modulus: &pr, inverses: inv}) == nil {
				t.Fatalf("trial %d: the product of moduli sharing a factor accepted as their lcm (certificate %v)", trial, inv != nil)
			}
		}
	}
}
