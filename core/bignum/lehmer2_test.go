package bignum

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// quotientList is a sink that records every quotient with its side.
type quotientList struct {
	qs    []uint64
	sides []bool
}

// merged is the list with quotients on the same side in a row added up,
// as the elementary matrices they stand for multiply.
func (l quotientList) merged() quotientList {
	var m quotientList
	for i, q := range l.qs {
		if n := len(m.qs); n > 0 && m.sides[n-1] == l.sides[i] {
			m.qs[n-1] += q
			continue
		}
		m.qs = append(m.qs, q)
		m.sides = append(m.sides, l.sides[i])
	}
	return m
}

func (l *quotientList) quotient(second bool, q *big.Int) {
	l.qs = append(l.qs, q.Uint64())
	l.sides = append(l.sides, second)
}

func (l *quotientList) wordQuotient(second bool, q uint64) {
	l.qs = append(l.qs, q)
	l.sides = append(l.sides, second)
}

// TestWordReduce2 compares the two-word pass with Möller's steps on
// big.Ints (step, the reference) quotient by quotient and matrix by
// matrix: random pairs below 2^126 at every position 64 ≤ s < 126, and
// pairs with huge quotients, agreeing top words, equal numbers and
// consecutive Fibonacci numbers (all quotients 1). Quotients on the same
// side in a row are merged (the one-word head may stop within a quotient
// that the two-word loop finishes). The one-word tail may end the pass
// early, so the pass's quotients must be the reference's but for a
// shorter last one, its matrix their product, its pair W⁻¹(x, y) at least
// 2^s and within 2^(s+2) of each other (wordReduceTail).
func TestWordReduce2(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 7))
	toBig := func(v u128) *big.Int {
		x := new(big.Int).SetUint64(v.hi)
		return x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(v.lo))
	}
	rand126 := func(bits int) u128 {
		v := u128{rng.Uint64(), rng.Uint64()}
		if bits <= 64 {
			return u128{0, v.lo >> (64 - bits)}
		}
		v.hi >>= 128 - bits
		v.hi |= 1 << (bits - 65)
		return v
	}
	fibA, fibB := fibonacciPair(180) // F_181 < 2^125 and F_180
	var pairs [][2]u128
	for range 300 {
		pairs = append(pairs, [2]u128{rand126(126), rand126(126)})
		pairs = append(pairs, [2]u128{rand126(126), rand126(66 + rng.IntN(60))})
		x := rand126(126)
		pairs = append(pairs, [2]u128{x, {x.hi, x.lo ^ rng.Uint64()}}, [2]u128{x, x})
	}
	// x − 2^64 − y = k·y − 1 with y's low bits all ones: the normalised
	// division's estimate is one too large and must be corrected.
	for range 300 {
		y := u128{1 + rng.Uint64()>>(24+rng.IntN(40)), ^uint64(0) >> rng.IntN(8)}
		k := 3 + rng.Uint64N(1<<(60-bits.Len64(y.hi)))
		x := y.mulWord(k + 1).sub(u128{0, 1})
		x.hi++ // + 2^64
		pairs = append(pairs, [2]u128{x, y}, [2]u128{y, x})
	}
	fromBig := func(x *big.Int) u128 {
		lo := new(big.Int).And(x, new(big.Int).SetUint64(^uint64(0)))
		return u128{new(big.Int).Rsh(x, 64).Uint64(), lo.Uint64()}
	}
	pairs = append(pairs, [2]u128{fromBig(fibA), fromBig(fibB)}, [2]u128{fromBig(fibB), fromBig(fibA)})
	tails := 0
	for i, p := range pairs {
		for _, s := range []int{64, 65, 70 + rng.IntN(50), 124, 125, 126} {
			var got quotientList
			w, ok := wordReduce2(p[0], p[1], s, &got)
			a, b := toBig(p[0]), toBig(p[1])
			m := identity()
			var want quotientList
			progress := false
			if a.BitLen() <= 126 && b.BitLen() <= 126 && s < 126 {
				for step(m, a, b, s, &want) {
					progress = true
				}
			}
			got, want = got.merged(), want.merged()
			if slices.Equal(got.qs, want.qs) && slices.Equal(got.sides, want.sides) {
				if ok != progress || len(got.qs) != len(want.qs) {
					t.Fatalf("pair %d at s = %d: %d quotients (progress %v), the reference %d (%v)", i, s, len(got.qs), ok, len(want.qs), progress)
				}
				for j := range got.qs {
					if got.qs[j] != want.qs[j] || got.sides[j] != want.sides[j] {
						t.Fatalf("pair %d at s = %d: quotient %d is %d, the reference %d", i, s, j, got.qs[j], want.qs[j])
					}
				}
				for j, e := range []*big.Int{m.m00, m.m01, m.m10, m.m11} {
					if !e.IsUint64() || e.Uint64() != w[j] {
						t.Fatalf("pair %d at s = %d: matrix entry %d is %d, the reference %v", i, s, j, w[j], e)
					}
				}
				continue
			}
			checkEarlyPass(t, p, s, w, ok, got, want, toBig)
			tails++
		}
	}
	if tails == 0 {
		t.Error("no pass ended early: the tail's checks never ran")
	}
}

// checkEarlyPass checks a two-word pass of (x, y) = p at s that the
// one-word tail ended before the reference: the quotients are the
// reference's up to the last, which is at most its counterpart, W is their
// product, and W⁻¹(x, y) is a pair of numbers at least 2^s that differ by
// less than 2^(s+2).
func checkEarlyPass(t *testing.T, p [2]u128, s int, w [4]uint64, ok bool, got, want quotientList, toBig func(u128) *big.Int) {
	t.Helper()
	n := len(got.qs)
	if n == 0 || !ok || n > len(want.qs) {
		t.Fatalf("%v at s = %d: %d quotients (progress %v), the reference %d", p, s, n, ok, len(want.qs))
	}
	for j := range n {
		if got.sides[j] != want.sides[j] || got.qs[j] > want.qs[j] || j < n-1 && got.qs[j] != want.qs[j] {
			t.Fatalf("%v at s = %d: quotient %d is %d, the reference %d", p, s, j, got.qs[j], want.qs[j])
		}
	}
	m := identity()
	for j, q := range got.qs {
		// M ← M·(1 q; 0 1) or M·(1 0; q 1).
		bq := new(big.Int).SetUint64(q)
		if got.sides[j] {
			m.m00.Add(m.m00, new(big.Int).Mul(bq, m.m01))
			m.m10.Add(m.m10, new(big.Int).Mul(bq, m.m11))
		} else {
			m.m01.Add(m.m01, new(big.Int).Mul(bq, m.m00))
			m.m11.Add(m.m11, new(big.Int).Mul(bq, m.m10))
		}
	}
	for j, e := range []*big.Int{m.m00, m.m01, m.m10, m.m11} {
		if !e.IsUint64() || e.Uint64() != w[j] {
			t.Fatalf("%v at s = %d: matrix entry %d is %d, the product of the quotients %v", p, s, j, w[j], e)
		}
	}
	a, b := toBig(p[0]), toBig(p[1])
	// (α, β) = (m11·a − m01·b, m00·b − m10·a).
	alpha := new(big.Int).Sub(new(big.Int).Mul(m.m11, a), new(big.Int).Mul(m.m01, b))
	beta := new(big.Int).Sub(new(big.Int).Mul(m.m00, b), new(big.Int).Mul(m.m10, a))
	low := new(big.Int).Lsh(big.NewInt(1), uint(s))
	if alpha.Cmp(low) < 0 || beta.Cmp(low) < 0 {
		t.Fatalf("%v at s = %d: the pair (%v, %v) fell below 2^s", p, s, alpha, beta)
	}
	if d := new(big.Int).Sub(alpha, beta); d.Abs(d).Cmp(low.Lsh(low, 2)) >= 0 {
		t.Fatalf("%v at s = %d: the pass stopped at (%v, %v), 2^(s+2) or more apart", p, s, alpha, beta)
	}
}

// TestWordSteps holds wordSteps to wordReduce, quotient by quotient and
// matrix by matrix, on word pairs at least 2^t for t from 1 to 62:
// random ones, ones with a huge quotient, and equal ones.
func TestWordSteps(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 8))
	for range 20000 {
		s := 1 + rng.IntN(62)
		pow := uint64(1) << s
		word := func() uint64 { return pow + rng.Uint64N(^uint64(0)-pow) }
		x, y := word(), word()
		switch rng.IntN(4) {
		case 0:
			y = pow + rng.Uint64N(pow)
		case 1:
			y = x
		}
		var got, want quotientList
		w, ok := wordSteps(x, y, pow, [4]uint64{1, 0, 0, 1}, &got)
		rw, rok := wordReduce(x, y, s, &want)
		if w != rw || ok != rok || !slices.Equal(got.qs, want.qs) || !slices.Equal(got.sides, want.sides) {
			t.Fatalf("(%d, %d) at %d: wordSteps gives %v (%v), %v; wordReduce %v (%v), %v", x, y, s, w, ok, got.qs, rw, rok, want.qs)
		}
	}
}
