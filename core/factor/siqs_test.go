package factor

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"jacobian.dev/core"
)

// semiprime is a product of two distinct random primes of the given bit
// sizes.
func semiprime(rng *rand.Rand, bits1, bits2 int) (n, p, q *big.Int) {
	for {
		p, q = randomPrime(rng, bits1), randomPrime(rng, bits2)
		if p.Cmp(q) != 0 {
			return new(big.Int).Mul(p, q), p, q
		}
	}
}

// TestSIQSSemiprimes: on seeded balanced semiprimes of 64 to 150 bits the
// sieve returns one of the two primes.
func TestSIQSSemiprimes(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	for _, bits := range []int{64, 72, 80, 90, 100, 110, 120, 133, 150} {
		n, p, q := semiprime(rng, bits/2, bits-bits/2)
		d, err := New(context.Background(), 1<<40).SIQS(n)
		if err != nil {
			t.Fatalf("%d bits: %v", bits, err)
		}
		if d.Cmp(p) != 0 && d.Cmp(q) != 0 {
			t.Fatalf("SIQS(%v) = %v, neither %v nor %v", n, d, p, q)
		}
	}
}

// TestSIQSMidSizes: on seeded balanced semiprimes of 45 to 55 digits,
// the larger of which have factor-base primes above the block, the factor found
// and its cofactor are the two primes: their product is n and both pass
// a probable-prime test.
func TestSIQSMidSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("some seconds of sieving")
	}
	rng := rand.New(rand.NewPCG(45, 55))
	bucketed := 0
	for _, digits := range []int{45, 48, 51, 55} {
		bits := int(float64(digits) * math.Log2(10))
		n, p, q := semiprime(rng, bits/2, bits-bits/2)
		s, _ := newSIQS(n)
		if s.bucket < len(s.primes) {
			bucketed++
		}
		d, err := New(context.Background(), 1<<40).SIQS(n)
		if err != nil {
			t.Fatalf("%d digits: SIQS(%v): %v", digits, n, err)
		}
		e, r := new(big.Int).QuoRem(n, d, new(big.Int))
		if r.Sign() != 0 || !d.ProbablyPrime(20) || !e.ProbablyPrime(20) {
			t.Fatalf("SIQS(%v) = %v: cofactor %v, remainder %v", n, d, e, r)
		}
		if new(big.Int).Mul(d, e).Cmp(n) != 0 || (d.Cmp(p) != 0 && d.Cmp(q) != 0) {
			t.Fatalf("SIQS(%v) = %v, neither %v nor %v", n, d, p, q)
		}
	}
	if bucketed == 0 {
		t.Fatal("no input reached the bucket sieve")
	}
}

// TestSIQSPARI factors the 60 balanced semiprimes of 23 to 46 digits of
// testdata/siqs.txt (made by testdata/siqs.gp with PARI/GP 2.15) by
// Factor, which turns to the sieve for all of them, and every third by
// the sieve alone, against PARI/GP's factor.
func TestSIQSPARI(t *testing.T) {
	if testing.Short() {
		t.Skip("several seconds of sieving")
	}
	file, err := os.Open("testdata/siqs.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	cases := 0
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		n, _ := new(big.Int).SetString(fields[0], 10)
		want := strings.Join(fields[1:], " ")
		if cases%3 == 0 {
			d, err := New(context.Background(), 1<<40).SIQS(n)
			if err != nil {
				t.Fatalf("SIQS(%v): %v", n, err)
			}
			if s := fmt.Sprintf("%v,1", d); !strings.Contains(want, s) {
				t.Errorf("SIQS(%v) = %v, PARI/GP factors %s", n, d, want)
			}
		}
		ps, un, err := Factor(context.Background(), n, 1<<32)
		if err != nil || len(un) != 0 {
			t.Fatalf("Factor(%v): %v, unfactored %v", n, err, un)
		}
		var got []string
		for _, p := range ps {
			got = append(got, fmt.Sprintf("%v,%d", p.Base, p.Exponent))
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("Factor(%v) = %s, PARI/GP %s", n, g, want)
		}
		cases++
	}
	if cases < 50 {
		t.Fatalf("%d reference cases, want at least 50", cases)
	}
}

// TestSIQSRelations checks every relation of one polynomial family by
// arithmetic alone: (Ax + B)² − kN = A·g(x) and A·g(x) equals the product
// of the listed factor-base primes times the large prime.
func TestSIQSRelations(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n, _, _ := semiprime(rng, 60, 61)
	s, d := newSIQS(n)
	if d != nil {
		t.Fatalf("factor base hit a factor %v", d)
	}
	used := map[string]bool{}
	total, partial := 0, 0
	for fam := 0; fam < 4; fam++ {
		idx, a := s.chooseA(rand.New(rand.NewPCG(uint64(fam), 9)), used)
		if a == nil {
			t.Fatal("no A")
		}
		f := s.family(idx, a)
		rels, err := s.newWorker().sieveFamily(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rels {
			// Q = y² − kN; y² ≡ Q (mod kN), and Q must be the listed product.
			q := new(big.Int).Mul(r.y, r.y)
			q.Sub(q, s.kn)
			prod := big.NewInt(1)
			for _, c := range r.cols {
				if c == 0 {
					prod.Neg(prod)
				} else {
					prod.Mul(prod, big.NewInt(int64(s.primes[c-1])))
				}
			}
			for _, l := range r.large {
				if l == 0 {
					continue
				}
				prod.Mul(prod, new(big.Int).SetUint64(l))
				partial++
				if !new(big.Int).SetUint64(l).ProbablyPrime(10) || l >= s.lpBound {
					t.Fatalf("large prime %d (bound %d)", l, s.lpBound)
				}
			}
			if q.Cmp(prod) != 0 {
				t.Fatalf("relation y = %v: y² − kN = %v, factors multiply to %v", r.y, q, prod)
			}
			total++
		}
	}
	if total < 20 || partial == 0 {
		t.Fatalf("%d relations (%d partial) from four families", total, partial)
	}
}

// gf2Rank is the rank over GF(2) of the rows, by plain elimination on
// big.Int bit sets: the reference for gaussDependencies.
func gf2Rank(rows []*big.Int) int {
	rows = append([]*big.Int(nil), rows...)
	rank := 0
	for len(rows) > 0 {
		var piv *big.Int
		rest := rows[:0]
		for _, r := range rows {
			if r.Sign() == 0 {
				continue
			}
			if piv == nil {
				piv = r
				continue
			}
			rest = append(rest, r)
		}
		if piv == nil {
			break
		}
		rank++
		top := piv.BitLen() - 1
		var next []*big.Int
		for _, r := range rest {
			if r.Bit(top) == 1 {
				r = new(big.Int).Xor(r, piv)
			}
			next = append(next, r)
		}
		rows = next
	}
	return rank
}

// TestGaussDependencies: on random sparse matrices, each dependency found
// sums to zero and they span a space of dimension rows − rank (the rank
// from the reference elimination), checked by the rank of the dependency
// vectors themselves.
func TestGaussDependencies(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 31 {
		nc := 5 + rng.IntN(200)
		if trial == 30 {
			// Rows enough for the elimination to split between cores.
			nc = 1100
		}
		nr := nc + rng.IntN(20) - 5
		if nr < 1 {
			nr = 1
		}
		odd := make([][]uint32, nr)
		rows := make([]int, nr)
		bigRows := make([]*big.Int, nr)
		for r := range odd {
			rows[r] = r
			bigRows[r] = new(big.Int)
			for range 1 + rng.IntN(6) {
				c := uint32(rng.IntN(nc))
				if bigRows[r].Bit(int(c)) == 0 {
					odd[r] = append(odd[r], c)
					bigRows[r].SetBit(bigRows[r], int(c), 1)
				}
			}
		}
		colIndex := make([]int, nc)
		for c := range colIndex {
			colIndex[c] = c
		}
		deps, err := gaussDependencies(context.Background(), odd, rows, colIndex, nc)
		if err != nil {
			t.Fatal(err)
		}
		checkDependencies(t, fmt.Sprintf("trial %d (%d×%d)", trial, nr, nc), bigRows, deps)
	}
}

// BenchmarkGaussDependencies eliminates seeded random rows shaped like
// the sieve's (low columns dense, high ones sparse, 20 entries each).
func BenchmarkGaussDependencies(b *testing.B) {
	for _, nc := range []int{1000, 2000} {
		b.Run(fmt.Sprintf("n=%d", nc), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(5, uint64(nc)))
			nr := nc + 32
			odd := make([][]uint32, nr)
			rows := make([]int, nr)
			for r := range odd {
				rows[r] = r
				for range 20 {
					c := uint32(rng.IntN(1 + rng.IntN(nc)))
					if !slices.Contains(odd[r], c) {
						odd[r] = append(odd[r], c)
					}
				}
			}
			colIndex := make([]int, nc)
			for c := range colIndex {
				colIndex[c] = c
			}
			b.ResetTimer()
			for b.Loop() {
				if _, err := gaussDependencies(context.Background(), odd, rows, colIndex, nc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestSIQSDependencies: through singleton removal and the merging of
// weight-two columns, the dependencies of random relations (exponents up
// to 3, many columns met by one or two relations) each sum to zero and
// span a space of dimension relations − rank, the rank from the reference
// elimination on the exponent vectors mod 2.
func TestSIQSDependencies(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	merged := 0
	for trial := range 20 {
		nc := 20 + rng.IntN(150)
		nr := nc/2 + rng.IntN(nc)
		rels := make([]siqsRelation, nr)
		vecs := make([]*big.Int, nr)
		for r := range rels {
			for range 1 + rng.IntN(8) {
				// Low columns are dense, high ones sparse.
				c := uint32(rng.IntN(1 + rng.IntN(nc)))
				for range 1 + rng.IntN(3) {
					rels[r].cols = append(rels[r].cols, c)
				}
			}
			vecs[r] = new(big.Int)
			for _, c := range rels[r].cols {
				vecs[r].SetBit(vecs[r], int(c), vecs[r].Bit(int(c))^1)
			}
		}
		var rows []int
		for r := range rels {
			rows = append(rows, r)
		}
		odd := make([][]uint32, nr)
		for r, v := range vecs {
			for c := range nc {
				if v.Bit(c) == 1 {
					odd[r] = append(odd[r], uint32(c))
				}
			}
		}
		if m, _ := mergeColumns(odd, rows, nc); len(m) < nr {
			merged++
		}
		deps, err := siqsDependencies(context.Background(), rels, nc)
		if err != nil {
			t.Fatal(err)
		}
		checkDependencies(t, fmt.Sprintf("trial %d (%d×%d)", trial, nr, nc), vecs, deps)
	}
	if merged == 0 {
		t.Fatal("no trial merged or removed a row")
	}
}

// TestSIQSDeterministic: the factor does not depend on the number of
// cores.
func TestSIQSDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	n, _, _ := semiprime(rng, 60, 62)
	old := runtime.GOMAXPROCS(1)
	d1, err1 := New(context.Background(), 1<<40).SIQS(n)
	runtime.GOMAXPROCS(old)
	d2, err2 := New(context.Background(), 1<<40).SIQS(n)
	if err1 != nil || err2 != nil || d1.Cmp(d2) != 0 {
		t.Fatalf("one core: %v %v; all cores: %v %v", d1, err1, d2, err2)
	}
}

// TestSIQSBudgetAndCancel: a small budget ends the sieve with ErrBudget,
// a cancelled context with the context's error.
func TestSIQSBudgetAndCancel(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	n, _, _ := semiprime(rng, 80, 80)
	if _, err := New(context.Background(), 10_000).SIQS(n); !errors.Is(err, ErrBudget) {
		t.Errorf("budget 10000: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New(ctx, 1<<40).SIQS(n); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := New(context.Background(), 1<<40).SIQS(big.NewInt(1<<40 + 1)); !errors.Is(err, ErrBudget) {
		t.Errorf("below the size range: %v", err)
	}
}

// TestSqrtModPrime against brute force for every residue of small primes.
func TestSqrtModPrime(t *testing.T) {
	for _, p := range SmallPrimes(400)[1:] {
		for a := uint64(1); a < p; a++ {
			if powMod(a, (p-1)/2, p) != 1 {
				continue
			}
			if r := sqrtModPrime(a, p); r*r%p != a {
				t.Fatalf("sqrtModPrime(%d, %d) = %d", a, p, r)
			}
		}
		for a := uint64(1); a < p; a++ {
			if invMod(a, p)*a%p != 1 {
				t.Fatalf("invMod(%d, %d)", a, p)
			}
		}
	}
}

// TestSIQSMagicMod: j mod p by multiplication agrees with division over
// the whole range the sieve uses.
func TestSIQSMagicMod(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100_000 {
		p := uint64(3 + rng.IntN(1<<24-3))
		j := uint64(rng.IntN(1 << 20))
		magic := (1<<siqsMagicShift)/p + 1
		if got := j - p*(j*magic>>siqsMagicShift); got != j%p {
			t.Fatalf("%d mod %d: %d", j, p, got)
		}
	}
}

func BenchmarkSIQS40Digits(b *testing.B) {
	rng := rand.New(rand.NewPCG(40, 2))
	n, _, _ := semiprime(rng, 66, 67)
	for b.Loop() {
		if _, err := New(context.Background(), 1<<40).SIQS(n); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSIQS50Digits(b *testing.B) {
	rng := rand.New(rand.NewPCG(50, 2))
	n, _, _ := semiprime(rng, 83, 83)
	for b.Loop() {
		if _, err := New(context.Background(), 1<<40).SIQS(n); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSIQSProgress: the sieve reports its relations found out of those
// needed, never fewer than in the report before.
func TestSIQSProgress(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	n, _, _ := semiprime(rng, 66, 66)
	var messages []string
	ctx := core.WithProgress(context.Background(), func(_, _ float64, m string) {
		messages = append(messages, m)
	})
	if _, err := New(ctx, 1<<40).SIQS(n); err != nil {
		t.Fatal(err)
	}
	last := -1
	for _, m := range messages {
		var digits, found, need int
		if _, err := fmt.Sscanf(m, "SIQS on a %d-digit cofactor: %d of %d relations", &digits, &found, &need); err != nil {
			t.Fatalf("progress message %q: %v", m, err)
		}
		if found < last || need <= 0 || digits != 40 {
			t.Fatalf("progress %q after %d relations", m, last)
		}
		last = found
	}
	if len(messages) < 2 {
		t.Fatalf("%d progress reports", len(messages))
	}
}

// TestSIQSGrayCode: the roots kept up to date by the Gray-code walk over
// the 2^(s−1) values of B equal the roots computed from each B directly
// for the primes from s.filter on, those of A included,
// and each B satisfies B² ≡ kN (mod A).
func TestSIQSGrayCode(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	n, _, _ := semiprime(rng, 75, 75)
	s, _ := newSIQS(n)
	idx, a := s.chooseA(rand.New(rand.NewPCG(1, 1)), map[string]bool{})
	f := s.family(idx, a)
	w, ref := s.newWorker(), s.newWorker()
	polys := 0
	w.onPoly = func(b *big.Int) {
		polys++
		r := new(big.Int).Mul(b, b)
		if r.Sub(r, s.kn).Mod(r, a).Sign() != 0 {
			t.Fatalf("B = %v: B² ≢ kN (mod A)", b)
		}
		ref.setRoots(f, b)
		// The primes below s.filter are divided out, not matched by
		// their roots, which the walk leaves; those of A keep roots
		// past every position (setRoots).
		for i := s.filter; i < len(s.primes); i++ {
			if w.roots[i] != ref.roots[i] {
				t.Fatalf("poly %d, p = %d: roots %d, %d; direct %d, %d", polys, s.primes[i], w.roots[i][0], w.roots[i][1], ref.roots[i][0], ref.roots[i][1])
			}
		}
	}
	if _, err := w.sieveFamily(context.Background(), f); err != nil {
		t.Fatal(err)
	}
	if want := 1 << (len(idx) - 1); polys != want || len(idx) < 3 {
		t.Fatalf("%d polynomials of A with %d factors", polys, len(idx))
	}
}

// TestSIQSSieveAgainstTrialDivision: for one polynomial, every x of the
// interval with g(x) smooth over the factor base is found by plain trial
// division of g(x); the sieve must report only such x (or ones with a
// large prime) and find most of the fully smooth ones.
func TestSIQSSieveAgainstTrialDivision(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	n, _, _ := semiprime(rng, 45, 45)
	s, _ := newSIQS(n)
	idx, a := s.chooseA(rand.New(rand.NewPCG(2, 2)), map[string]bool{})
	f := s.family(idx, a)
	b := new(big.Int)
	for _, bl := range f.bl {
		b.Add(b, bl)
	}
	w := s.newWorker()
	w.setRoots(f, b)
	rels := w.sievePoly(f, b, siqsStep{}, nil)
	c := new(big.Int).Mul(b, b)
	c.Sub(c, s.kn).Quo(c, a)
	smooth := map[string]bool{}
	for x := int64(-s.m); x < int64(s.m); x++ {
		xb := big.NewInt(x)
		g := new(big.Int).Mul(a, xb)
		g.Add(g, b).Add(g, b).Mul(g, xb).Add(g, c)
		g.Abs(g)
		if g.Sign() == 0 {
			continue
		}
		for _, p := range s.primes {
			bp := big.NewInt(int64(p))
			for new(big.Int).Rem(g, bp).Sign() == 0 {
				g.Quo(g, bp)
			}
		}
		if g.Cmp(big.NewInt(1)) == 0 {
			y := new(big.Int).Mul(a, xb)
			smooth[y.Add(y, b).String()] = true
		}
	}
	found := 0
	for _, r := range rels {
		if r.large[0] == 0 {
			if !smooth[r.y.String()] {
				t.Fatalf("the sieve reports y = %v, whose g(x) is not smooth", r.y)
			}
			found++
		}
	}
	if len(smooth) < 5 || 2*found < len(smooth) {
		t.Fatalf("the sieve found %d of the %d smooth values", found, len(smooth))
	}
	t.Logf("%d of %d smooth values found by the sieve", found, len(smooth))
}

// checkDependencies holds deps, sets of row indices, to being the
// dependencies of the GF(2) rows vecs: each is nonempty and sums to zero,
// and together they span a space of dimension len(vecs) − rank, the rank
// by the reference elimination gf2Rank.
func checkDependencies(t *testing.T, label string, vecs []*big.Int, deps [][]int) {
	t.Helper()
	depVecs := make([]*big.Int, len(deps))
	for i, dep := range deps {
		sum := new(big.Int)
		depVecs[i] = new(big.Int)
		for _, r := range dep {
			sum.Xor(sum, vecs[r])
			depVecs[i].SetBit(depVecs[i], r, 1)
		}
		if sum.Sign() != 0 || len(dep) == 0 {
			t.Fatalf("%s: dependency %v sums to %v", label, dep, sum)
		}
	}
	want := len(vecs) - gf2Rank(vecs)
	if got := gf2Rank(depVecs); got != want || len(deps) != want {
		t.Fatalf("%s: %d dependencies of rank %d, want %d", label, len(deps), got, want)
	}
}

// siqsFromEnv is the sieve of the integer in $SIQS_N for the measuring
// aids, with the parameters of $SIQS_PARAM ("FB M LPMult DLPExp") in
// place of the table's when set; without SIQS_N the test is skipped with
// the message skip.
func siqsFromEnv(t *testing.T, skip string) (*big.Int, *siqs) {
	t.Helper()
	v := os.Getenv("SIQS_N")
	if v == "" {
		t.Skip(skip)
	}
	n, ok := new(big.Int).SetString(v, 10)
	if !ok {
		t.Fatalf("SIQS_N = %q", v)
	}
	params := siqsParamsFor
	if v := os.Getenv("SIQS_PARAM"); v != "" {
		var p siqsParam
		if _, err := fmt.Sscan(v, &p.FB, &p.M, &p.LPMult, &p.DLPExp); err != nil {
			t.Fatalf("SIQS_PARAM = %q: %v", v, err)
		}
		params = func(int) siqsParam { return p }
	}
	s, d := newSIQSWith(n, params)
	if d != nil {
		t.Fatalf("the factor base meets the factor %v", d)
	}
	return n, s
}

// TestSIQSTimed factors the integer in $SIQS_N by the sieve alone and logs
// its parameters, work and wall time: a measuring aid, skipped without it.
// $SIQS_PARAM, "FB M LPMult DLPExp", replaces the table's parameters.
func TestSIQSTimed(t *testing.T) {
	_, s := siqsFromEnv(t, "set SIQS_N to time the sieve on it")
	t.Logf("kN %d bits: factor base %d (largest %d), M %d, threshold %d, large primes below %d, cofactors below %d",
		s.kn.BitLen(), len(s.primes), s.primes[len(s.primes)-1], s.m, s.thresh, s.lpBound, s.dlpBound)
	start := time.Now()
	reports := 0
	ctx := core.WithProgress(context.Background(), func(_, _ float64, m string) {
		if reports++; reports%25 == 0 {
			t.Logf("%v: %s", time.Since(start).Round(time.Second), m)
		}
	})
	d, st, err := New(ctx, 1<<50).siqs(s)
	t.Logf("%v in %v: %+v", d, time.Since(start), st)
	if err != nil {
		t.Fatal(err)
	}
}

// cycleSpace checks the combined relations out of siqsCycles against the
// graph of the partial relations parts, whose y are distinct primes with
// no factor-base columns: the primes of each combined y name its edges,
// which must give every vertex an even degree, with square the cycle's
// vertices other than 1; and the cycles, as GF(2) vectors over the edges,
// must be independent and as many as edges − rank of the incidence matrix
// (the reference elimination gf2Rank).
func cycleSpace(t *testing.T, parts []siqsRelation, out []siqsRelation) {
	t.Helper()
	edgeOf := map[string]int{}
	vertexBit := map[uint64]int{}
	incidence := make([]*big.Int, len(parts))
	for k, r := range parts {
		edgeOf[r.y.String()] = k
		incidence[k] = new(big.Int)
		u, v := siqsEnds(&parts[k])
		for _, x := range []uint64{u, v} {
			if _, ok := vertexBit[x]; !ok {
				vertexBit[x] = len(vertexBit)
			}
			b := vertexBit[x]
			incidence[k].SetBit(incidence[k], b, incidence[k].Bit(b)^1)
		}
	}
	vecs := make([]*big.Int, len(out))
	for i, c := range out {
		y := new(big.Int).Set(c.y)
		vecs[i] = new(big.Int)
		deg := map[uint64]int{}
		for k, r := range parts {
			q, m := new(big.Int).QuoRem(y, r.y, new(big.Int))
			if m.Sign() != 0 {
				continue
			}
			y = q
			vecs[i].SetBit(vecs[i], k, 1)
			u, v := siqsEnds(&parts[k])
			deg[u]++
			deg[v]++
		}
		if y.Cmp(big.NewInt(1)) != 0 {
			t.Fatalf("cycle %d: y %v is not a product of distinct edges", i, c.y)
		}
		var want []uint64
		for x, d := range deg {
			if d%2 != 0 {
				t.Fatalf("cycle %d: vertex %d of degree %d", i, x, d)
			}
			if x != 1 {
				want = append(want, x)
			}
		}
		got := slices.Clone(c.square)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("cycle %d: squares %v, vertices %v", i, got, want)
		}
	}
	want := len(parts) - gf2Rank(incidence)
	if len(out) != want || gf2Rank(vecs) != want {
		t.Fatalf("%d cycles of rank %d; the cycle space has dimension %d", len(out), gf2Rank(vecs), want)
	}
}

// TestSIQSCyclesRandomGraphs runs siqsCycles on seeded random multigraphs
// (loops, repeated edges, single and double large primes) against the
// brute-force cycle space, and the union–find count against it.
func TestSIQSCyclesRandomGraphs(t *testing.T) {
	rng := rand.New(rand.NewPCG(77, 78))
	n := new(big.Int).Lsh(big.NewInt(1), 4000) // y is never reduced
	for trial := range 200 {
		nv := 2 + rng.IntN(12)
		ne := rng.IntN(3 * nv)
		ys := SmallPrimes(1000)[:ne]
		var parts []siqsRelation
		g := newSIQSGraph()
		for k := range ne {
			// Vertex 0 is 1; the others stand for the primes 1000 + i.
			u, v := uint64(rng.IntN(nv)), uint64(1+rng.IntN(nv-1))
			var r siqsRelation
			r.y = new(big.Int).SetUint64(ys[k])
			if u == 0 {
				r.large = [2]uint64{1000 + v}
			} else {
				r.large = [2]uint64{1000 + min(u, v), 1000 + max(u, v)}
			}
			parts = append(parts, r)
			g.add(siqsEnds(&r))
		}
		out := siqsCycles(parts, n)
		if len(out) != g.cycles {
			t.Fatalf("trial %d: %d cycles, union–find counts %d", trial, len(out), g.cycles)
		}
		cycleSpace(t, parts, out)
	}
}

// TestSIQSCyclesCongruences: from the relations of one 36-digit n sieved
// with the double large prime variation, every relation combined from a
// cycle is a congruence y² ≡ (−1)^e₀ ∏ p^e ∏ S² (mod N) with the listed
// exponents, all of them even on the large primes by construction.
func TestSIQSCyclesCongruences(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 37))
	n, _, _ := semiprime(rng, 60, 60)
	s, d := newSIQSWith(n, func(bits int) siqsParam {
		p := siqsParamsFor(bits)
		p.DLPExp = 1.8
		return p
	})
	if d != nil {
		t.Fatalf("the factor base meets the factor %v", d)
	}
	used := map[string]bool{}
	var parts []siqsRelation
	seen := map[string]bool{}
	double := 0
	for fam := 0; fam < 12; fam++ {
		idx, a := s.chooseA(rand.New(rand.NewPCG(uint64(fam), 3)), used)
		rels, err := s.newWorker().sieveFamily(context.Background(), s.family(idx, a))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rels {
			if r.large[0] != 0 && !seen[r.y.String()] {
				seen[r.y.String()] = true
				parts = append(parts, r)
				if r.large[1] != 0 {
					double++
				}
			}
		}
	}
	out := siqsCycles(parts, s.n)
	if double == 0 || len(out) < 5 {
		t.Fatalf("%d partial relations (%d double) give %d cycles", len(parts), double, len(out))
	}
	for _, c := range out {
		rhs := big.NewInt(1)
		for _, col := range c.cols {
			if col == 0 {
				rhs.Neg(rhs)
			} else {
				rhs.Mul(rhs, big.NewInt(int64(s.primes[col-1])))
			}
		}
		for _, l := range c.square {
			l2 := new(big.Int).SetUint64(l)
			rhs.Mul(rhs, l2.Mul(l2, l2))
		}
		lhs := new(big.Int).Mul(c.y, c.y)
		if lhs.Sub(lhs, rhs).Mod(lhs, s.n).Sign() != 0 {
			t.Fatalf("y = %v: y² ≢ %v (mod %v)", c.y, rhs, s.n)
		}
	}
	t.Logf("%d partial relations (%d double), %d cycles", len(parts), double, len(out))
}

// TestSIQSDoubleLargePrimes: a seeded 52-digit balanced semiprime sieved
// with the double large prime variation splits into its two primes, with
// relations of two large primes among those kept.
func TestSIQSDoubleLargePrimes(t *testing.T) {
	if testing.Short() {
		t.Skip("some seconds of sieving")
	}
	rng := rand.New(rand.NewPCG(52, 2))
	n, p, q := semiprime(rng, 86, 87)
	s, d := newSIQSWith(n, func(bits int) siqsParam {
		p := siqsParamsFor(bits)
		p.DLPExp = 1.8
		return p
	})
	if d != nil {
		t.Fatalf("the factor base meets the factor %v", d)
	}
	d, st, err := New(context.Background(), 1<<40).siqs(s)
	if err != nil {
		t.Fatalf("SIQS(%v): %v", n, err)
	}
	if d.Cmp(p) != 0 && d.Cmp(q) != 0 {
		t.Fatalf("SIQS(%v) = %v, neither %v nor %v", n, d, p, q)
	}
	if st.double == 0 || st.cycles == 0 || st.full+st.cycles < len(s.primes) {
		t.Fatalf("relations: %+v for a factor base of %d", st, len(s.primes))
	}
	t.Logf("%d digits: %+v", decimalDigits(n), st)
}

// knuthSchroeppelReference is knuthSchroeppel's score computed directly:
// the character of kN modulo every prime by Euler's criterion.
func knuthSchroeppelReference(n *big.Int) uint64 {
	primes := SmallPrimes(2000)
	nmod := make([]uint64, len(primes))
	r := new(big.Int)
	for i, p := range primes {
		nmod[i] = r.Mod(n, new(big.Int).SetUint64(p)).Uint64()
	}
	n8 := r.Mod(n, big.NewInt(8)).Uint64()
	best, bestScore := uint64(1), math.Inf(-1)
	for k := uint64(1); k < 100; k++ {
		if !squarefree(k) {
			continue
		}
		score := ksBase(k, n8)
		for i, p := range primes[1:] {
			lp := math.Log(float64(p))
			km := (k % p) * nmod[i+1] % p
			switch {
			case k%p == 0:
				score += lp / float64(p)
			case km != 0 && powMod(km, (p-1)/2, p) == 1:
				score += 2 * lp / float64(p-1)
			}
		}
		if score > bestScore {
			best, bestScore = k, score
		}
	}
	return best
}

// TestKnuthSchroeppel compares the multiplier with the direct score on
// seeded odd integers of 60 to 340 bits, some with small prime factors
// (where a character is 0), and checks that the choices vary.
func TestKnuthSchroeppel(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261204, 12))
	seen := map[uint64]bool{}
	for trial := range 400 {
		n := randomBits(rng, 60+rng.IntN(281))
		n.SetBit(n, 0, 1)
		if trial%4 == 0 {
			n.Mul(n, big.NewInt(int64(SmallPrimes(2000)[1+rng.IntN(300)])))
		}
		got, want := knuthSchroeppel(n), knuthSchroeppelReference(n)
		if got != want {
			t.Fatalf("N = %v: multiplier %d, the direct score chooses %d", n, got, want)
		}
		seen[got] = true
	}
	if len(seen) < 10 {
		t.Errorf("only %d distinct multipliers in 400 integers", len(seen))
	}
}

// BenchmarkKnuthSchroeppel times the multiplier choice for a 60-digit
// semiprime, by the character table and by the direct score.
func BenchmarkKnuthSchroeppel(b *testing.B) {
	n, _ := new(big.Int).SetString("10000000000000000001000000070000000000000000003190000121539", 10)
	b.Run("table", func(b *testing.B) {
		for b.Loop() {
			knuthSchroeppel(n)
		}
	})
	b.Run("direct", func(b *testing.B) {
		for b.Loop() {
			knuthSchroeppelReference(n)
		}
	})
}

// TestSIQSRate sieves $SIQS_FAMILIES (default 4) polynomial families of
// the integer in $SIQS_N on one goroutine and logs the CPU time (of the process) a
// polynomial and the relations of each kind found: a measuring aid for
// the sieve's throughput, skipped without SIQS_N. $SIQS_PARAM is as for
// TestSIQSTimed.
func TestSIQSRate(t *testing.T) {
	n, s := siqsFromEnv(t, "set SIQS_N to measure the sieve's rate on it")
	families := 4
	if v := os.Getenv("SIQS_FAMILIES"); v != "" {
		fmt.Sscan(v, &families)
	}
	rng := rand.New(rand.NewPCG(uint64(n.BitLen()), 0x51_45_53))
	used := map[string]bool{}
	w := s.newWorker()
	var polys, full, single, double int
	cpu := time.Duration(0)
	for range families {
		idx, a := s.chooseA(rng, used)
		f := s.family(idx, a)
		polys += 1 << (len(f.bl) - 1)
		c0 := processCPU()
		rels, err := w.sieveFamily(context.Background(), f)
		cpu += processCPU() - c0
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rels {
			switch {
			case r.large[0] == 0:
				full++
			case r.large[1] == 0:
				single++
			default:
				double++
			}
		}
	}
	t.Logf("kN %d bits, factor base %d (largest %d), M %d, threshold %d", s.kn.BitLen(), len(s.primes), s.primes[len(s.primes)-1], s.m, s.thresh)
	t.Logf("%d polynomials, %v CPU, %.1f µs a polynomial; relations %d full, %d single, %d double; per CPU second: %.1f full, %.1f single, %.1f double",
		polys, cpu, float64(cpu.Microseconds())/float64(polys), full, single, double, float64(full)/cpu.Seconds(), float64(single)/cpu.Seconds(), float64(double)/cpu.Seconds())
}

// TestSIQSSieveAgainstPlain follows the polynomials of one family of a
// 55-digit n, with a factor base of 4000 primes, past the block and past
// 2M (M = 2^15), and
// holds the sieve to plain references after each: the sieve's bytes equal
// those of adding log p at every root of every prime from s.small on
// over the interval, with the roots computed from B directly, and the
// candidates are the positions of the sums at the threshold; the list of
// the primes from 2M holds exactly their hits; and each candidate's hits
// (resieved or listed), and the other primes whose roots it matched
// (tryRoots), are exactly the primes of their ranges that divide g(x),
// found by division.
func TestSIQSSieveAgainstPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(55, 56))
	bits := int(55 * math.Log2(10))
	n, _, _ := semiprime(rng, bits/2, bits-bits/2)
	for _, dlp := range []float64{0, 1.7} {
		t.Run(fmt.Sprintf("DLPExp %v", dlp), func(t *testing.T) {
			sieveAgainstPlain(t, n, siqsParam{FB: 4000, M: 1 << 15, LPMult: 100, DLPExp: dlp})
		})
	}
}

// sieveAgainstPlain is TestSIQSSieveAgainstPlain with the parameters p;
// with DLPExp set, the primes from s.filter to s.small are counted at
// the candidates only (filterSmall), and the candidates are the positions
// whose plain sum of the sieved primes reaches the threshold less the
// gap, and with those primes' logarithms added the threshold.
func sieveAgainstPlain(t *testing.T, n *big.Int, param siqsParam) {
	s, d := newSIQSWith(n, func(int) siqsParam { return param })
	if d != nil {
		t.Fatalf("the factor base meets the factor %v", d)
	}
	if filtered := s.filter < s.small; filtered != (param.DLPExp > 0) || filtered != (s.gap > 0) {
		t.Fatalf("DLPExp %v: primes from %d filtered below %d, gap %d", param.DLPExp, s.filter, s.small, s.gap)
	}
	nn := 2 * s.m
	if s.once-s.bucket < 2 || s.once >= len(s.primes) {
		t.Fatalf("factor base up to %d, from %d to %d below 2M = %d: not past the block and 2M", s.primes[len(s.primes)-1], s.bucket, s.once, nn)
	}
	idx, a := s.chooseA(rand.New(rand.NewPCG(3, 3)), map[string]bool{})
	f := s.family(idx, a)
	w, ref := s.newWorker(), s.newWorker()
	polys, cands, resieved := 0, 0, 0
	w.onPoly = func(b *big.Int) {
		polys++
		if polys > 12 {
			return
		}
		ref.setRoots(f, b)
		plain := make([]byte, nn)
		for i := range plain {
			plain[i] = byte(128 - s.flag())
		}
		want := map[uint64]bool{}
		for i := s.small; i < len(s.primes); i++ {
			if f.inA[i] {
				continue
			}
			p := int(s.primes[i])
			for _, r := range ref.roots[i] {
				for j := int(r); j < nn; j += p {
					plain[j] += s.logs[i]
					if i >= s.once {
						want[uint64(i)<<32|uint64(j)] = true
					}
				}
			}
		}
		if !bytes.Equal(plain, w.sieve[:nn]) {
			t.Fatalf("poly %d: the sieve differs from the plain one", polys)
		}
		var above []uint32
		for j, v := range plain {
			if v&0x80 == 0 {
				continue
			}
			sum := int(v)
			for i := s.filter; i < s.small; i++ {
				if p := int(s.primes[i]); !f.inA[i] && (j%p == int(ref.roots[i][0]) || j%p == int(ref.roots[i][1])) {
					sum += int(s.logs[i])
				}
			}
			if sum >= 128+s.gap {
				above = append(above, uint32(j))
			}
		}
		if !slices.Equal(above, w.cands) {
			t.Fatalf("poly %d: candidates %v, sums at or above the threshold at %v", polys, w.cands, above)
		}
		got := map[uint64]bool{}
		for _, e := range w.large[:w.nLarge] {
			got[e] = true
		}
		if len(got) != w.nLarge || !maps.Equal(got, want) {
			t.Fatalf("poly %d: %d large-prime hits listed (%d distinct), %d wanted", polys, w.nLarge, len(got), len(want))
		}
		c := new(big.Int).Mul(b, b)
		c.Sub(c, s.kn).Quo(c, a)
		for k, j := range w.cands {
			cands++
			x := big.NewInt(int64(j) - int64(s.m))
			g := new(big.Int).Mul(a, x)
			g.Add(g, b).Add(g, b).Mul(g, x).Add(g, c)
			// Hits from the resieve (from s.resieve to the block, when
			// resieved) and the list (from s.once); roots matched by
			// the others from s.small.
			from := s.bucket
			if w.resieved[k] {
				from = s.resieve
				resieved++
			}
			inHits := func(i int) bool { return i >= from && i < s.bucket || i >= s.once }
			var divides, below []uint32
			for i := s.small; i < len(s.primes); i++ {
				if !f.inA[i] && modWord(g, uint64(s.primes[i])) == 0 {
					if inHits(i) {
						divides = append(divides, uint32(i))
					} else {
						below = append(below, uint32(i))
					}
				}
			}
			hits := slices.Sorted(slices.Values(w.hits[k]))
			if !slices.Equal(hits, divides) {
				t.Fatalf("poly %d, x = %v: hits %v, primes dividing g(x) %v", polys, x, hits, divides)
			}
			if tried := slices.Sorted(slices.Values(w.tried[k])); !slices.Equal(tried, below) {
				t.Fatalf("poly %d, x = %v: roots matched by %v, the other primes dividing g(x) %v", polys, x, tried, below)
			}
		}
	}
	if _, err := w.sieveFamily(context.Background(), f); err != nil {
		t.Fatal(err)
	}
	if cands == 0 || resieved == 0 {
		t.Fatalf("%d candidates, %d of them resieved", cands, resieved)
	}
	t.Logf("%d candidates, %d resieved", cands, resieved)
}

// TestSIQSWork: the projection's pretest term is what ecmPass charges on
// a 50-digit semiprime whose factors it cannot find (the 15-digit level
// alone), and the projection grows with the bit length and reproduces
// the anchor's polynomials at the anchor.
func TestSIQSWork(t *testing.T) {
	rng := rand.New(rand.NewPCG(50, 50))
	n, _, _ := semiprime(rng, 83, 83)
	digits := decimalDigits(n)
	f := New(context.Background(), 1<<40)
	d, err := f.ecmPass(n, (digits+10)/4)
	if d != nil || err != nil {
		t.Fatalf("ecmPass(%v) = %v, %v", n, d, err)
	}
	if spent, want := int64(1<<40)-f.budget, ecmPassCost((digits+10)/4); spent != want || want == 0 {
		t.Fatalf("ecmPass charged %d, ecmPassCost %d", spent, want)
	}
	// The charge of a polynomial falls where the two large primes start,
	// so the projection grows over steps of 8 bits, not every bit.
	for bits := 200; bits+8 <= siqsMaxBits; bits++ {
		if w, next := SIQSWork(bits), SIQSWork(bits+8); next <= w {
			t.Fatalf("SIQSWork(%d) = %d, SIQSWork(%d) = %d", bits, w, bits+8, next)
		}
	}
	if SIQSWork(siqsFromBits-1) != 0 || SIQSWork(siqsMaxBits+1) != 0 {
		t.Fatal("SIQSWork outside the sieve's range is not 0")
	}
	p := siqsParamsFor(siqsAnchorBits + 2)
	sieve := SIQSWork(siqsAnchorBits) - pm1Cost() - rhoShare - ecmPassCost((80+10)/4)
	if want := int64(siqsAnchorPolys) * int64(2*p.M/siqsDLPPositions); sieve != want {
		t.Fatalf("SIQSWork(%d) charges the sieve %d, want %d", siqsAnchorBits, sieve, want)
	}
}

// congruenceReference is congruence's direct form: Z multiplied by
// p^(e/2) mod N, one modular power per prime.
func congruenceReference(s *siqs, rels []siqsRelation, dep []int) (x, z *big.Int) {
	exps := make([]int, s.ncols())
	x, z = big.NewInt(1), big.NewInt(1)
	for _, ri := range dep {
		x.Mod(x.Mul(x, rels[ri].y), s.n)
		for _, c := range rels[ri].cols {
			exps[c]++
		}
		for _, l := range rels[ri].square {
			z.Mod(z.Mul(z, new(big.Int).SetUint64(l)), s.n)
		}
	}
	for c := 1; c < len(exps); c++ {
		p := big.NewInt(int64(s.primes[c-1]))
		z.Mod(z.Mul(z, p.Exp(p, big.NewInt(int64(exps[c]/2)), s.n)), s.n)
	}
	return x, z
}

// TestSIQSCongruence: for every dependency of the relations of a sieve
// run (full ones and cycles of partial ones, with two large primes),
// X² ≡ Z² (mod N), and X and Z equal the reference's.
func TestSIQSCongruence(t *testing.T) {
	for _, bits := range []int{100, 160} {
		rng := rand.New(rand.NewPCG(uint64(bits), 77))
		n, _, _ := semiprime(rng, bits/2, bits-bits/2)
		s, d := newSIQS(n)
		if d != nil {
			t.Fatalf("factor base hit a factor %v", d)
		}
		used := map[string]bool{}
		var full, parts []siqsRelation
		frng := rand.New(rand.NewPCG(uint64(bits), 78))
		for len(full) < len(s.primes)+100 {
			idx, a := s.chooseA(frng, used)
			if a == nil {
				t.Fatal("no A")
			}
			rels, err := s.newWorker().sieveFamily(context.Background(), s.family(idx, a))
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rels {
				if r.large[0] == 0 {
					full = append(full, r)
				} else {
					parts = append(parts, r)
				}
			}
			if cycles := siqsCycles(parts, n); len(full)+len(cycles) > len(s.primes)+siqsExtra {
				full = append(full, cycles...)
				break
			}
		}
		deps, err := siqsDependencies(context.Background(), full, s.ncols())
		if err != nil {
			t.Fatal(err)
		}
		if len(deps) < siqsExtra {
			t.Fatalf("%d bits: %d dependencies from %d relations", bits, len(deps), len(full))
		}
		for _, dep := range deps {
			x, z := s.congruence(full, dep)
			if x == nil {
				t.Fatalf("%d bits: a dependency with an odd exponent", bits)
			}
			x2 := new(big.Int).Mul(x, x)
			z2 := new(big.Int).Mul(z, z)
			if x2.Sub(x2, z2).Mod(x2, n).Sign() != 0 {
				t.Fatalf("%d bits: X² ≢ Z² (mod N)", bits)
			}
			rx, rz := congruenceReference(s, full, dep)
			if rx.Cmp(x) != 0 || rz.Cmp(z) != 0 {
				t.Fatalf("%d bits: X, Z = %v, %v; reference %v, %v", bits, x, z, rx, rz)
			}
		}
	}
}
