package integer

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// TestContinuedFractionOperation: the operation's terms agree with
// Euclid's algorithm one division at a time (continuedFraction) on seeded
// rationals from 1 to 30,000 digits, convergents listed exactly when
// asked for.
func TestContinuedFractionOperation(t *testing.T) {
	ctx := context.Background()
	op := continuedFractionOperation()
	rng := rand.New(rand.NewPCG(81, 82))
	for _, d := range []int{1, 5, 19, 20, 60, 200, 700, 3000, 30_000} {
		for i := range 4 {
			num := randomDigits(rng, d)
			den := randomDigits(rng, max(1, d-rng.IntN(d+1)/2))
			if i%2 == 1 {
				num.Neg(num)
			}
			if i == 3 {
				num.Mul(num, den).Add(num, big.NewInt(1))
			}
			x := new(big.Rat).SetFrac(num, den)
			q := ContinuedFractionRequest{Value: core.Rat(x), Convergents: d <= MaxConvergentsDigits && i < 2}
			r, err := op.Run(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			want := continuedFraction(x)
			if len(r.Terms) != len(want) {
				t.Fatalf("%d digits, case %d: %d terms, Euclid %d", d, i, len(r.Terms), len(want))
			}
			for j := range want {
				if r.Terms[j].Big().Cmp(want[j].Big()) != 0 {
					t.Fatalf("%d digits, case %d: term %d differs from Euclid's", d, i, j)
				}
			}
			if (r.Convergents != nil) != q.Convergents {
				t.Fatalf("convergents asked for: %v, given: %v", q.Convergents, r.Convergents != nil)
			}
			if err := op.Postcondition(ctx, q, r); err != nil {
				t.Fatalf("%d digits, case %d: %v", d, i, err)
			}
		}
	}
}

// TestContinuedFractionPostconditionCatches: a changed term, a dropped
// term, a non-regular ending and unrequested convergents are refused.
func TestContinuedFractionPostconditionCatches(t *testing.T) {
	ctx := context.Background()
	op := continuedFractionOperation()
	rng := rand.New(rand.NewPCG(83, 84))
	x := new(big.Rat).SetFrac(randomDigits(rng, 500), randomDigits(rng, 499))
	q := ContinuedFractionRequest{Value: core.Rat(x)}
	r, err := op.Run(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if err := op.Postcondition(ctx, q, r); err != nil {
		t.Fatal(err)
	}
	k := len(r.Terms)
	mutations := map[string]func([]core.Integer) []core.Integer{
		"term changed": func(ts []core.Integer) []core.Integer {
			ts[k/2] = core.Int(new(big.Int).Add(ts[k/2].Big(), big.NewInt(1)))
			return ts
		},
		"term dropped": func(ts []core.Integer) []core.Integer { return append(ts[:k/3], ts[k/3+1:]...) },
		"last split": func(ts []core.Integer) []core.Integer {
			ts[k-1] = core.Int(new(big.Int).Sub(ts[k-1].Big(), big.NewInt(1)))
			return append(ts, core.Int64(1))
		},
		"two terms swapped": func(ts []core.Integer) []core.Integer {
			for j := 1; j+1 < k; j++ {
				if ts[j].Big().Cmp(ts[j+1].Big()) != 0 {
					ts[j], ts[j+1] = ts[j+1], ts[j]
					break
				}
			}
			return ts
		},
	}
	for name, mutate := range mutations {
		bad := mutate(append([]core.Integer(nil), r.Terms...))
		if err := op.Postcondition(ctx, q, ContinuedFractionResult{Terms: bad}); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := op.Postcondition(ctx, q, ContinuedFractionResult{Terms: r.Terms, Convergents: convergents(r.Terms)}); err == nil {
		t.Error("convergents not asked for: accepted")
	}
	qc := ContinuedFractionRequest{Value: core.Rat(big.NewRat(355, 113)), Convergents: true}
	if err := op.Postcondition(ctx, qc, ContinuedFractionResult{Terms: []core.Integer{core.Int64(3), core.Int64(7), core.Int64(16)}}); err == nil {
		t.Error("convergents asked for but missing: accepted")
	}
}

// TestContinuantProduct: the product tree equals the product one matrix
// at a time, across the word runs' overflow and with big terms.
func TestContinuantProduct(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(85, 86))
	for _, n := range []int{0, 1, 2, 3, 50, 97, 1000, 6000} {
		for _, bits := range []int{1, 8, 31, 33, 63, 64, 65, 200} {
			terms := make([]*big.Int, n)
			for i := range terms {
				terms[i] = randomInt(rng, bits)
				terms[i].Add(terms[i], big.NewInt(1))
			}
			got, err := continuantProduct(ctx, len(terms), func(i int) (uint64, *big.Int) {
				if terms[i].IsUint64() {
					return terms[i].Uint64(), nil
				}
				return 0, terms[i]
			})
			if err != nil {
				t.Fatal(err)
			}
			want := continuant{big.NewInt(1), new(big.Int), new(big.Int), big.NewInt(1)}
			for _, a := range terms {
				want = continuant{
					new(big.Int).Add(new(big.Int).Mul(want.p, a), want.pp), want.p,
					new(big.Int).Add(new(big.Int).Mul(want.q, a), want.qq), want.q,
				}
			}
			if got.p.Cmp(want.p) != 0 || got.pp.Cmp(want.pp) != 0 || got.q.Cmp(want.q) != 0 || got.qq.Cmp(want.qq) != 0 {
				t.Fatalf("%d terms of %d bits: the tree differs from the sequential product", n, bits)
			}
		}
	}
}

// pellByRecurrence is the reference for sqrt_continued_fraction's Pell
// solution: the convergents p_i, q_i one term at a time, up to the end of
// the first period.
func pellByRecurrence(n int64) (*big.Int, *big.Int) {
	a0 := int64(modular.Sqrt64(uint64(n)))
	pPrev, p := big.NewInt(1), big.NewInt(a0)
	qPrev, q := big.NewInt(0), big.NewInt(1)
	m, d, a := int64(0), int64(1), a0
	for {
		m = d*a - m
		d = (n - m*m) / d
		a = (a0 + m) / d
		if d == 1 {
			return p, q
		}
		pPrev, p = p, new(big.Int).Add(new(big.Int).Mul(big.NewInt(a), p), pPrev)
		qPrev, q = q, new(big.Int).Add(new(big.Int).Mul(big.NewInt(a), q), qPrev)
	}
}

// TestPellProductTree: the product tree's Pell solution equals the
// recurrence's, for small n exhaustively and for seeded n up to 10^8.
func TestPellProductTree(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(87, 88))
	ns := []int64{2, 3, 5, 7, 13, 61, 109, 991, 1_000_003, 99_999_989}
	for n := int64(2); n < 300; n++ {
		ns = append(ns, n)
	}
	for range 20 {
		ns = append(ns, 1+rng.Int64N(MaxSqrtContinuedFractionN))
	}
	for _, n := range ns {
		r, err := sqrtContinuedFraction(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		if r.Pell == nil {
			continue
		}
		x, y := pellByRecurrence(n)
		if r.Pell.X.Big().Cmp(x) != 0 || r.Pell.Y.Big().Cmp(y) != 0 {
			t.Fatalf("√%d: the product tree's Pell solution differs from the recurrence's", n)
		}
	}
}

func BenchmarkContinuedFractionTerms(b *testing.B) {
	ctx := context.Background()
	op := continuedFractionOperation()
	for _, d := range []int{200, 2000, 10_000, 100_000} {
		rng := rand.New(rand.NewPCG(89, uint64(d)))
		q := ContinuedFractionRequest{Value: core.Rat(new(big.Rat).SetFrac(randomDigits(rng, d), randomDigits(rng, d)))}
		b.Run(fmt.Sprintf("digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				r, _ := op.Run(ctx, q)
				op.Postcondition(ctx, q, r)
			}
		})
	}
}

// TestSqrtHalfPeriod: the period mirrored from its first half equals the
// whole period walked step by step (sqrtContinuedFractionWalk), for every
// n below 20,000 and seeded n up to 10^8.
func TestSqrtHalfPeriod(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(91, 92))
	var ns []int64
	for n := int64(0); n < 20_000; n++ {
		ns = append(ns, n)
	}
	for range 200 {
		ns = append(ns, rng.Int64N(MaxSqrtContinuedFractionN+1))
	}
	for _, n := range ns {
		r, err := sqrtContinuedFraction(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		a0, want := sqrtContinuedFractionWalk(n)
		if r.A0.Big().Int64() != a0 || len(r.Period) != len(want) || r.Length != len(want) {
			t.Fatalf("√%d: a_0 %v and %d terms, the walk gives %d and %d", n, r.A0, len(r.Period), a0, len(want))
		}
		for i, w := range want {
			if !r.Period[i].Big().IsUint64() || r.Period[i].Big().Uint64() != w {
				t.Fatalf("√%d: term %d is %v, the walk gives %d", n, i+1, r.Period[i], w)
			}
		}
	}
}

// TestSqrtContinuedFractionPostconditionRejects: a period changed in one
// term, or in a pair of mirrored terms to 0, a_0 + 1, a negative word or
// a value of two words, is refused, on seeded n.
func TestSqrtContinuedFractionPostconditionRejects(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(93, 94))
	for range 50 {
		n := 2 + rng.Int64N(MaxSqrtContinuedFractionN-1)
		r, err := sqrtContinuedFraction(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		if r.Length < 3 {
			continue
		}
		if err := checkSqrtContinuedFraction(n, r); err != nil {
			t.Fatalf("√%d: the right answer refused: %v", n, err)
		}
		a0 := r.A0.Big()
		i := rng.IntN(r.Length - 1)
		j := r.Length - 2 - i
		for _, c := range []struct {
			name string
			x    *big.Int
			both bool
		}{
			{"one term changed", new(big.Int).Add(r.Period[i].Big(), big.NewInt(1)), false},
			{"0", new(big.Int), true},
			{"a_0 + 1", new(big.Int).Add(a0, big.NewInt(1)), true},
			{"−1", big.NewInt(-1), true},
			{"2^64 + 1", new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 64), big.NewInt(1)), true},
		} {
			bad := r
			bad.Period = slices.Clone(r.Period)
			bad.Period[i] = core.Int(c.x)
			if c.both {
				bad.Period[j] = core.Int(c.x)
			} else if i == j {
				continue
			}
			if err := checkSqrtContinuedFraction(n, bad); err == nil {
				t.Fatalf("√%d: %s at term %d accepted", n, c.name, i+1)
			}
		}
		// A wrong a_0, near or far, negative or past a word.
		for _, x := range []*big.Int{new(big.Int).Add(a0, big.NewInt(1)), new(big.Int).Sub(a0, big.NewInt(1)), new(big.Int).Neg(a0), new(big.Int).Lsh(a0, 64), big.NewInt(1 << 32)} {
			bad := r
			bad.A0 = core.Int(x)
			if err := checkSqrtContinuedFraction(n, bad); err == nil {
				t.Fatalf("√%d: a_0 = %v accepted", n, x)
			}
		}
	}
}

// TestSqrtContinuedFractionConcurrent: calls on several goroutines, which
// share the half-period buffers, each get their own period, equal to the
// whole walk's (sqrtContinuedFractionWalk), on seeded n of every size up
// to 10^8, squares and periods of length 1 among them.
func TestSqrtContinuedFractionConcurrent(t *testing.T) {
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(95, uint64(g)))
			for i := range 300 {
				n := rng.Int64N(int64(1) << (1 + rng.IntN(27)))
				switch i % 10 {
				case 0:
					n = n % 10_000 * (n % 10_000) // a square
				case 1:
					n = n%10_000*(n%10_000) + 1 // period [2a_0]
				}
				n = min(n, MaxSqrtContinuedFractionN)
				r, err := sqrtContinuedFraction(ctx, n)
				if err != nil {
					errs <- err
					return
				}
				a0, want := sqrtContinuedFractionWalk(n)
				if r.A0.Big().Int64() != a0 || r.Length != len(want) {
					errs <- fmt.Errorf("√%d: a_0 %v and %d terms, the walk gives %d and %d", n, r.A0, r.Length, a0, len(want))
					return
				}
				for j, w := range want {
					if !r.Period[j].Big().IsUint64() || r.Period[j].Big().Uint64() != w {
						errs <- fmt.Errorf("√%d: term %d is %v, the walk gives %d", n, j+1, r.Period[j], w)
						return
					}
				}
				if err := checkSqrtContinuedFraction(n, r); err != nil {
					errs <- fmt.Errorf("√%d: %v", n, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestPeriodTextSize: the size sqrtContinuedFraction records for its
// period is the length of the period's JSON array as MarshalJSON writes
// it, for seeded n of every size to 10^8 (odd and even periods, terms
// above 255) and the small n.
func TestPeriodTextSize(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 2))
	ns := []int64{2, 3, 7, 13, 61, 94, 421, 1021, 61957347, MaxSqrtContinuedFractionN - 1}
	for range 300 {
		ns = append(ns, 2+rng.Int64N(int64(1)<<(1+rng.IntN(26))))
	}
	for _, n := range ns {
		r, err := sqrtContinuedFraction(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Period) == 0 {
			continue
		}
		text := appendIntegerList(nil, r.Period)
		if r.periodText != len(text) {
			t.Fatalf("n = %d: periodText %d, the period's text has %d bytes", n, r.periodText, len(text))
		}
	}
}

// TestSmallContinuant: smallContinuant equals the product one matrix at a
// time, for seeded terms of every size to 2^32 (runs closed by the 2^46
// bound and by a term of 2^15 or more) and lengths past one leaf of runs.
func TestSmallContinuant(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(89, 90))
	for _, n := range []int{0, 1, 2, 3, 17, 200, 2000, 12000} {
		for _, bits := range []int{1, 4, 14, 15, 16, 32} {
			terms := make([]uint32, n)
			for i := range terms {
				terms[i] = uint32(1 + rng.Uint64N(1<<bits-1))
			}
			var scratch []big.Word
			got, err := smallContinuant(ctx, terms, &scratch)
			if err != nil {
				t.Fatal(err)
			}
			want := continuant{big.NewInt(1), new(big.Int), new(big.Int), big.NewInt(1)}
			for _, a := range terms {
				b := new(big.Int).SetUint64(uint64(a))
				want = continuant{
					new(big.Int).Add(new(big.Int).Mul(want.p, b), want.pp), want.p,
					new(big.Int).Add(new(big.Int).Mul(want.q, b), want.qq), want.q,
				}
			}
			if got.p.Cmp(want.p) != 0 || got.pp.Cmp(want.pp) != 0 || got.q.Cmp(want.q) != 0 || got.qq.Cmp(want.qq) != 0 {
				t.Fatalf("%d terms of %d bits: smallContinuant differs from the sequential product", n, bits)
			}
		}
	}
}

// TestSharedTermsJSON: a list that mixes the shared smallTerms, which
// appendIntegerList knows by address, with equal and other Integers of
// their own, and with values next to the table's ends, is written as
// encoding/json writes it.
func TestSharedTermsJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 92))
	for range 200 {
		words := make([]uint64, rng.IntN(60))
		for i := range words {
			words[i] = rng.Uint64N(smallTermCount + 3)
		}
		terms := make([]core.Integer, len(words))
		putWordIntegers(terms, words)
		for i := range terms {
			switch rng.IntN(4) {
			case 0:
				terms[i] = core.Int64(int64(words[i]))
			case 1:
				terms[i] = core.Int64(-int64(words[i]))
			}
		}
		cf := ContinuedFractionResult{Terms: terms}
		sameAsReflection(t, "continued fraction", cf, continuedFractionFields(cf))
	}
}

// TestSqrtContinuedFractionCompactJSON holds the result's
// MarshalCompactJSON to core.CompactMarshaler's promise (the bytes of
// json.Marshal, published as they are, a new buffer each call) for
// squares, odd and even periods and seeded n up to 10^8.
func TestSqrtContinuedFractionCompactJSON(t *testing.T) {
	reg, err := core.NewRegistryWith(Register)
	if err != nil {
		t.Fatal(err)
	}
	d, ok := reg.Lookup("integer.compute.sqrt_continued_fraction")
	if !ok {
		t.Fatal("sqrt_continued_fraction is not installed")
	}
	if !core.CompactResults(d) {
		t.Fatal("the result type makes no compactness promise")
	}
	rng := rand.New(rand.NewPCG(95, 96))
	ns := []int64{0, 1, 2, 7, 13, 49, 61957347, MaxSqrtContinuedFractionN}
	for range 40 {
		ns = append(ns, rng.Int64N(MaxSqrtContinuedFractionN+1))
	}
	for _, n := range ns {
		r, err := sqrtContinuedFraction(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		if err := core.CheckCompactResult(d, r); err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
	}
}
