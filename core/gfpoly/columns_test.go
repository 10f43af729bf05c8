package gfpoly

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestColumnsCombine holds Columns.Combine to CombineRows (itself held
// to math/big by TestCombineRows) in each of its accumulations: one word
// (p = 10007 with few rows), four products a carry (p = 2^31 − 1), one
// product a carry (a prime just below 2^32), triple words (p = 2^61 − 1
// and 2^64 − 59), with rows of mixed lengths, zero chunks, every count of
// chunks from 1 to 9 (the pairs and what is left).
func TestColumnsCombine(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 4))
	primes := []uint64{2, 10007, 1<<31 - 1, 4294967291, 1<<61 - 1, 18446744073709551557}
	for _, p := range primes {
		for trial := range 30 {
			n := 1 + rng.IntN(40)
			rows := make([][]uint64, 1+rng.IntN(12))
			for i := range rows {
				rows[i] = randomPoly(rng, rng.IntN(n+1), p)
				if trial%3 == 0 {
					rows[i] = make([]uint64, n)
					for j := range rows[i] {
						rows[i][j] = rng.Uint64N(p)
					}
				}
			}
			c := NewColumns(rows, n, p)
			chunks := make([][]uint64, 1+trial%9)
			raw := make([][]uint64, len(chunks))
			for k := range chunks {
				raw[k] = make([]uint64, rng.IntN(len(rows)+1))
				for i := range raw[k] {
					raw[k][i] = rng.Uint64N(p)
				}
				chunks[k] = c.Chunk(raw[k])
			}
			out := c.Combine(chunks)
			for k := range chunks {
				want := CombineRows(raw[k], rows[:len(raw[k])], n, p)
				if got := out[k]; !slices.Equal(got, want) {
					t.Fatalf("p=%d trial %d chunk %d: %v, CombineRows gives %v", p, trial, k, got, want)
				}
			}
		}
	}
}

// TestDotThreeWord2 holds dotThreeWord2 (the assembly kernel where there
// is one) to dotThreeWord2Go and both to math/big, on random words, on
// words all 2^64 − 1 (every addition carries into the third word) and on
// random words below 2^61 − 1, for lengths 0 to 2000 in steps of four.
func TestDotThreeWord2(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 5))
	for trial := range 60 {
		n := 4 * rng.IntN(501)
		if trial < 10 {
			n = 4 * trial
		}
		word := func() uint64 {
			switch trial % 3 {
			case 0:
				return rng.Uint64()
			case 1:
				return ^uint64(0)
			default:
				return rng.Uint64N(1<<61 - 1)
			}
		}
		col, a, b := make([]uint64, n), make([]uint64, n+rng.IntN(3)), make([]uint64, n+rng.IntN(3))
		for _, v := range [][]uint64{col, a, b} {
			for i := range v {
				v[i] = word()
			}
		}
		var got, ref [6]uint64
		dotThreeWord2(col, a, b, &got)
		dotThreeWord2Go(col, a, b, &ref)
		if got != ref {
			t.Fatalf("trial %d, n = %d: %v, the Go loop gives %v", trial, n, got, ref)
		}
		for k, v := range [][]uint64{a, b} {
			want := new(big.Int)
			for i, x := range col {
				want.Add(want, new(big.Int).Mul(new(big.Int).SetUint64(v[i]), new(big.Int).SetUint64(x)))
			}
			sum := new(big.Int)
			for w := 2; w >= 0; w-- {
				sum.Lsh(sum, 64).Add(sum, new(big.Int).SetUint64(got[3*k+w]))
			}
			if sum.Cmp(want) != 0 {
				t.Fatalf("trial %d, n = %d, sum %d: %v, math/big gives %v", trial, n, k, sum, want)
			}
		}
	}
}

// TestColumnsModes checks that the primes of TestColumnsCombine reach the
// accumulation they are meant to test.
func TestColumnsModes(t *testing.T) {
	rows := make([][]uint64, 100)
	for _, c := range []struct {
		p    uint64
		mode columnsMode
	}{{10007, oneWord}, {1<<31 - 1, fourCarry}, {4294967291, oneCarry}, {1<<61 - 1, threeWord}, {18446744073709551557, threeWord}} {
		if got := NewColumns(rows, 1, c.p).mode; got != c.mode {
			t.Errorf("p=%d: mode %d, want %d", c.p, got, c.mode)
		}
	}
}

// BenchmarkColumnsCombine applies a Brent–Kung table of t rows of n
// words to the n/t chunks of a composition, against CombineRows chunk by
// chunk.
func BenchmarkColumnsCombine(b *testing.B) {
	for _, c := range []struct {
		p    uint64
		n, t int
	}{{10007, 2000, 248}, {1<<31 - 1, 10000, 843}, {1<<61 - 1, 10000, 843}} {
		rng := rand.New(rand.NewPCG(1, 9))
		rows := make([][]uint64, c.t)
		for i := range rows {
			rows[i] = make([]uint64, c.n)
			for j := range rows[i] {
				rows[i][j] = rng.Uint64N(c.p)
			}
		}
		chunks := (c.n + c.t - 1) / c.t
		raw := make([][]uint64, chunks)
		for k := range raw {
			raw[k] = randomPoly(rng, c.t, c.p)
		}
		cols := NewColumns(rows, c.n, c.p)
		padded := make([][]uint64, chunks)
		for k := range raw {
			padded[k] = cols.Chunk(raw[k])
		}
		name := "p=" + itoa(c.p) + "/n=" + itoa(uint64(c.n))
		b.Run("columns/"+name, func(b *testing.B) {
			for b.Loop() {
				cols.Combine(padded)
			}
		})
		b.Run("rows/"+name, func(b *testing.B) {
			for b.Loop() {
				for k := range raw {
					CombineRows(raw[k], rows, c.n, c.p)
				}
			}
		})
	}
}

func itoa(x uint64) string {
	if x == 0 {
		return "0"
	}
	var b []byte
	for ; x > 0; x /= 10 {
		b = append([]byte{byte('0' + x%10)}, b...)
	}
	return string(b)
}
