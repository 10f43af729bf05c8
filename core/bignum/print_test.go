package bignum

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAppendDecimal compares AppendDecimal and the tree (appendDigits,
// also below printThreshold) with big.Int.Text(10) on seeded random
// integers from 1 to 10^6 digits (around the leaf size, the thresholds and
// the powers 10^(19·2^j) that choose the root), powers of ten and their
// neighbours, multiples of powers of ten and their neighbours (runs of
// zeros and nines across leaf edges), zero, all-ones words, and their
// negatives, and checks that the bytes are appended after dst's contents.
func TestAppendDecimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 5))
	var values []*big.Int
	for _, words := range []int{0, 1, 2, 3, 1000} {
		values = append(values, randomWords(rng, words, false), randomWords(rng, words, true))
	}
	for _, words := range []int{printThreshold - 1, printThreshold, 4000, 6000} {
		values = append(values, randomWords(rng, words, false), randomWords(rng, words, true))
	}
	sizes := []int{1, 19, 20, 37, 38, 39, 900, 927}
	for j := range 14 {
		// Around the powers 10^(19·2^j) that choose the root, and the
		// node sizes that are read out leaf by leaf or split.
		n := leafDigits << j
		sizes = append(sizes, n-1, n, n+1, 2*n-1, 2*n+1, 3*n)
	}
	sizes = append(sizes, 19_000, 50_000, 87_000, 100_000, 300_001)
	if !testing.Short() {
		sizes = append(sizes, 19<<14, 19<<14+1, 2*19<<14+1, 1_000_000)
	}
	for _, d := range sizes {
		values = append(values, randomDigits(rng, d))
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d)), nil)
		values = append(values, p, new(big.Int).Sub(p, big.NewInt(1)), new(big.Int).Add(p, big.NewInt(1)))
	}
	for _, e := range []int{19, 4096, 19 << 6, 19 << 9, 19 << 12} {
		// A power of ten with the low half of a split exactly zero, and
		// 10^e·(random) with zero or nine runs across leaf edges, which
		// leave leaves to be settled by the leaf below.
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(e)), nil)
		r := randomDigits(rng, 3*e+7)
		values = append(values, new(big.Int).Mul(p, p), new(big.Int).Mul(p, r),
			new(big.Int).Sub(new(big.Int).Mul(p, r), big.NewInt(1)),
			new(big.Int).Add(new(big.Int).Mul(p, r), big.NewInt(1)),
			new(big.Int).Sub(new(big.Int).Mul(p, p), big.NewInt(1)))
	}
	for range 40 {
		// Runs of zeros and nines at random places.
		x := randomDigits(rng, 1+rng.IntN(20_000))
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(1+rng.IntN(5_000))), nil)
		x.Mul(x, p)
		values = append(values, x, new(big.Int).Sub(x, big.NewInt(1)))
	}
	for range 20 {
		values = append(values, randomDigits(rng, 1+rng.IntN(60_000)))
	}
	for _, v := range values {
		for _, x := range []*big.Int{v, new(big.Int).Neg(v)} {
			want := x.Text(10)
			if got := AppendDecimal(nil, x); string(got) != want {
				t.Fatalf("AppendDecimal of a %d-digit integer is wrong", len(want))
			}
			if got := AppendDecimal([]byte("x="), x); string(got) != "x="+want {
				t.Fatalf("AppendDecimal after a prefix is wrong (%d digits)", len(want))
			}
			if x.Sign() < 0 {
				continue
			}
			// The recursion itself, also below printThreshold, serial and
			// with parallel halves.
			for _, workers := range []int{1, 2, 3} {
				if got := appendDigits([]byte("x="), x, workers); string(got) != "x="+want {
					t.Fatalf("appendDigits with %d workers of a %d-digit integer is wrong", workers, len(want))
				}
			}
		}
	}
}

// TestAppendDecimalShared converts the same long integer on several
// goroutines at once, which share the cache of powers (run with -race).
func TestAppendDecimalShared(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 6))
	x := randomDigits(rng, 163_843)
	want := x.Text(10)
	done := make(chan string)
	for range 4 {
		go func() { done <- string(appendDigits(nil, x, 2)) }()
	}
	for range 4 {
		if got := <-done; got != want {
			t.Fatalf("concurrent AppendDecimal is wrong")
		}
	}
}

// TestMulWindow compares the cyclic product of mulWindow with the window
// of the whole product: equal, or one more (modulo the window), on seeded
// random operands of the shapes a split multiplies, and on all-ones words.
func TestMulWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 7))
	for _, pw := range []int{printCyclicWords - 1, printCyclicWords, 700, 1011, 2021, 5000} {
		for _, ones := range []bool{false, true} {
			gw := 2*pw + rng.IntN(3)
			g, p := randomWords(rng, gw, ones), randomWords(rng, pw, ones)
			gWords := append(slices.Clone(g.Bits()), make([]big.Word, gw-len(g.Bits()))...)
			lo := gw - (pw + 1 + rng.IntN(2))
			got := mulWindow(gWords, p.Bits(), lo, nil)
			want := new(big.Int).Mul(g, p)
			want.Rsh(want, uint(64*lo))
			mod := new(big.Int).Lsh(big.NewInt(1), uint(64*(gw-lo)))
			want.Mod(want, mod)
			diff := new(big.Int).Sub(new(big.Int).SetBits(slices.Clone(got)), want)
			diff.Mod(diff, mod)
			if diff.Sign() != 0 && diff.Cmp(big.NewInt(1)) != 0 {
				t.Fatalf("mulWindow of %d by %d words from word %d: off by %v", gw, pw, lo, diff)
			}
		}
	}
}

// TestAppendDecimalSettles checks that integers with runs of zeros and
// nines across leaf edges leave leaves to be settled by the leaf below
// (so that TestAppendDecimal covers that path) and come out right.
func TestAppendDecimalSettles(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 8))
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(19*40+3), nil)
	marked := 0
	for _, x := range []*big.Int{
		new(big.Int).Mul(p, randomDigits(rng, 3000)),
		new(big.Int).Sub(new(big.Int).Mul(p, randomDigits(rng, 3000)), big.NewInt(1)),
	} {
		k := 0
		for printPow(k+1).Cmp(x) <= 0 {
			k++
		}
		q, g := splitRoot(x, k)
		buf := make([]byte, leafDigits<<k)
		amb := make([]bool, 1<<k)
		fillFrac(buf, amb, g, k, 1)
		for _, a := range amb {
			if a {
				marked++
			}
		}
		settle(buf, amb)
		got := q.String() + string(buf)
		if got != x.Text(10) {
			t.Fatalf("tree of a %d-digit multiple of 10^%d (or one less) is wrong", len(x.Text(10)), 19*40+3)
		}
	}
	if marked == 0 {
		t.Errorf("no leaf was left to settle: the test no longer covers that path")
	}
}

// TestAppendShort compares AppendDecimal with big.Int.Text on seeded
// random integers of every word length to printShortWords + 1 (the last
// past appendShort), both signs, and on the edges of words and of powers
// of ten: 2^(64k) and 2^(64k) − 1, 10^j and 10^j − 1 for every j whose
// power appendShort takes, and 2^63, the least integer past strconv.
func TestAppendShort(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	var values []*big.Int
	for words := 1; words <= printSplitWords+1; words++ {
		for range 20 {
			w := make([]big.Word, words)
			for i := range w {
				w[i] = big.Word(rng.Uint64() >> (rng.IntN(4) * 16))
			}
			w[words-1] |= 1
			values = append(values, new(big.Int).SetBits(w))
		}
		p := new(big.Int).Lsh(big.NewInt(1), uint(64*words))
		values = append(values, p, new(big.Int).Sub(p, big.NewInt(1)))
	}
	for j := 18; j <= printSplitWords*64*30103/100000+1; j++ {
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(j)), nil)
		values = append(values, p, new(big.Int).Sub(p, big.NewInt(1)), new(big.Int).Add(p, big.NewInt(1)))
	}
	values = append(values, new(big.Int).Lsh(big.NewInt(1), 63))
	for _, v := range values {
		for _, x := range []*big.Int{v, new(big.Int).Neg(v)} {
			if got, want := string(AppendDecimal([]byte("x"), x)), "x"+x.Text(10); got != want {
				t.Fatalf("AppendDecimal of a %d-word integer: %.40s…, want %.40s…", len(x.Bits()), got, want)
			}
		}
	}
}

// TestDivLeafPow holds divLeafPow to bits.Div64 on seeded random
// dividends and the extremes, and leafPowInverse to its definition.
func TestDivLeafPow(t *testing.T) {
	if v, _ := bits.Div64(^uint64(leafPow), ^uint64(0), leafPow); v != leafPowInverse {
		t.Fatalf("leafPowInverse is %d, want %d", uint64(leafPowInverse), v)
	}
	rng := rand.New(rand.NewPCG(15, 2))
	check := func(u1, u0 uint64) {
		q, r := divLeafPow(u1, u0)
		wq, wr := bits.Div64(u1, u0, leafPow)
		if q != wq || r != wr {
			t.Fatalf("divLeafPow(%d, %d) = %d, %d; want %d, %d", u1, u0, q, r, wq, wr)
		}
	}
	for _, u1 := range []uint64{0, 1, leafPow - 1, leafPow / 2} {
		for _, u0 := range []uint64{0, 1, leafPow - 1, leafPow, ^uint64(0)} {
			check(u1, u0)
		}
	}
	for range 1_000_000 {
		check(rng.Uint64N(leafPow), rng.Uint64())
	}
}

// TestPutLeafAgrees compares putLeaf, whose eight-digit parts are
// converted by SIMD within a register (digits8), with putLeafByPairs on
// every v below 10^6, every v of the form i·10^k + j with small i and j
// (each lane's edges, 0 and 9 runs), the largest leaves, and seeded
// random leaves.
func TestPutLeafAgrees(t *testing.T) {
	var got, want [leafDigits]byte
	check := func(v uint64) {
		putLeaf(got[:], v)
		putLeafByPairs(want[:], v)
		if got != want {
			t.Fatalf("putLeaf(%d) = %s, want %s", v, got[:], want[:])
		}
	}
	for v := range uint64(1_000_000) {
		check(v)
	}
	for k := uint64(1); k < leafPow; k *= 10 {
		for i := uint64(1); i < 10 && i*k < leafPow; i++ {
			for _, j := range []uint64{0, 1, 9, 99, 999, 9999, 99999} {
				if i*k+j < leafPow {
					check(i*k + j)
				}
				if i*k > j {
					check(i*k - j - 1)
				}
			}
		}
	}
	check(leafPow - 1)
	rng := rand.New(rand.NewPCG(19, 19))
	for range 1_000_000 {
		check(rng.Uint64N(leafPow))
	}
}
