package gfpoly

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core/modular"
)

// widePrimes are the primes just below 2^64 and 2^63 and just above 2^62
// (sympy.prevprime(2**64), sympy.prevprime(2**63), sympy.nextprime(2**62)).
var widePrimes = []uint64{1<<64 - 59, 1<<63 - 25, 4611686018427388039}

// bigMulReference is the product by the definition in math/big: each
// coefficient summed exactly, then reduced.
func bigMulReference(a, b []uint64, p uint64) []uint64 {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	acc := make([]big.Int, len(a)+len(b)-1)
	var t, x big.Int
	for i, u := range a {
		x.SetUint64(u)
		for j, v := range b {
			t.SetUint64(v)
			t.Mul(&t, &x)
			acc[i+j].Add(&acc[i+j], &t)
		}
	}
	return bigReduce(acc, p)
}

func bigReduce(acc []big.Int, p uint64) []uint64 {
	bp := new(big.Int).SetUint64(p)
	out := make([]uint64, len(acc))
	for i := range acc {
		out[i] = new(big.Int).Mod(&acc[i], bp).Uint64()
	}
	return trim(out)
}

// bigRemReference is a mod m by long division in math/big.
func bigRemReference(a, m []uint64, p uint64) []uint64 {
	bp := new(big.Int).SetUint64(p)
	r := make([]big.Int, len(a))
	for i, x := range a {
		r[i].SetUint64(x)
	}
	lc := new(big.Int).ModInverse(new(big.Int).SetUint64(m[len(m)-1]), bp)
	var c, t big.Int
	for k := len(a) - 1; k >= len(m)-1; k-- {
		c.Mul(&r[k], lc)
		c.Mod(&c, bp)
		s := k - (len(m) - 1)
		for j, y := range m {
			t.SetUint64(y)
			t.Mul(&t, &c)
			r[s+j].Sub(&r[s+j], &t)
		}
	}
	return bigReduce(r[:min(len(a), len(m)-1)], p)
}

// determinantBig is the determinant modulo p by Gaussian elimination in
// math/big, for any p.
func determinantBig(m modular.Matrix, p uint64) uint64 {
	bp := new(big.Int).SetUint64(p)
	n := len(m)
	a := make([][]*big.Int, n)
	for i := range a {
		a[i] = make([]*big.Int, n)
		for j := range a[i] {
			a[i][j] = new(big.Int).SetUint64(m[i][j])
		}
	}
	det := big.NewInt(1)
	var t big.Int
	for col := range n {
		piv := -1
		for r := col; r < n; r++ {
			if a[r][col].Sign() != 0 {
				piv = r
				break
			}
		}
		if piv < 0 {
			return 0
		}
		if piv != col {
			a[piv], a[col] = a[col], a[piv]
			det.Neg(det)
		}
		det.Mul(det, a[col][col]).Mod(det, bp)
		inv := new(big.Int).ModInverse(a[col][col], bp)
		for r := col + 1; r < n; r++ {
			c := new(big.Int).Mul(a[r][col], inv)
			c.Mod(c, bp)
			for j := col; j < n; j++ {
				t.Mul(c, a[col][j])
				a[r][j].Sub(a[r][j], &t).Mod(a[r][j], bp)
			}
		}
	}
	return det.Mod(det, bp).Uint64()
}

func TestWideArithmetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 1))
	for _, p := range widePrimes {
		bp := new(big.Int).SetUint64(p)
		edges := []uint64{0, 1, 2, p / 2, p/2 + 1, p - 2, p - 1}
		for range 2000 {
			edges = append(edges, rng.Uint64N(p))
		}
		for i, x := range edges {
			w := edges[(i*7+3)%len(edges)]
			wp := modular.ShoupConstant(w, p)
			want := new(big.Int).Mul(new(big.Int).SetUint64(x), new(big.Int).SetUint64(w))
			want.Mod(want, bp)
			if got := mulShoupWide(x, w, wp, p); got != want.Uint64() {
				t.Fatalf("p=%d: %d·%d = %d, want %d", p, x, w, got, want)
			}
			// Any word x, not only residues (the transform side).
			xx := x | 1<<63
			want.Mul(new(big.Int).SetUint64(xx), new(big.Int).SetUint64(w)).Mod(want, bp)
			if got := mulShoupWide(xx, w, wp, p); got != want.Uint64() {
				t.Fatalf("p=%d: %d·%d = %d, want %d", p, xx, w, got, want)
			}
			want.Add(new(big.Int).SetUint64(x), new(big.Int).SetUint64(w)).Mod(want, bp)
			if got := addMod(x, w, p); got != want.Uint64() {
				t.Fatalf("p=%d: %d + %d = %d, want %d", p, x, w, got, want)
			}
		}
	}
}

// TestWideAgainstBig checks the products, the remainders, the prepared
// products modulo a divisor and their differences, the linear
// combinations and Columns over the wide primes against math/big, on
// random and extreme (all p − 1) operands.
func TestWideAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 2))
	ls := []int{1, 3, 17, 64, 130, 300, 1100}
	if testing.Short() {
		ls = ls[:6]
	}
	for _, p := range widePrimes {
		f := NewField(p)
		for _, n := range ls {
			for _, extreme := range []bool{false, true} {
				a, b := randomPoly(rng, n, p), randomPoly(rng, n+n/3, p)
				if extreme {
					a, b = maxPoly(n, p), maxPoly(n+n/3, p)
				}
				want := bigMulReference(a, b, p)
				if got := f.Mul(a, b); !Equal(got, want) {
					t.Fatalf("p=%d n=%d extreme=%v: Mul wrong", p, n, extreme)
				}
				if got := f.Sqr(b); !Equal(got, bigMulReference(b, b, p)) {
					t.Fatalf("p=%d n=%d extreme=%v: Sqr wrong", p, n, extreme)
				}
				m := randomPoly(rng, n+1, p)
				m[n] = 1
				if got, want := f.Rem(want, m), bigRemReference(want, m, p); !Equal(got, want) {
					t.Fatalf("p=%d n=%d extreme=%v: Rem wrong", p, n, extreme)
				}
				md := f.NewModulus(m)
				x, y := f.Rem(a, m), f.Rem(b, m)
				mx, my := f.NewMultiplier(x, md), f.NewMultiplier(y, md)
				c := maxPoly(n, p)
				if !extreme {
					c = randomPoly(rng, n, p)
				}
				if got, want := f.MulModPrepared(c, mx), bigRemReference(bigMulReference(c, x, p), m, p); !Equal(got, want) {
					t.Fatalf("p=%d n=%d extreme=%v: MulModPrepared wrong", p, n, extreme)
				}
				d := f.Sub(x, y)
				if got, want := f.MulModDifference(c, mx, my), bigRemReference(bigMulReference(c, d, p), m, p); !Equal(got, want) {
					t.Fatalf("p=%d n=%d extreme=%v: MulModDifference wrong", p, n, extreme)
				}
				comb := f.NewCombination([][]uint64{x, y, d}, md)
				cs := [][]uint64{c, f.Rem(a, m), y}
				var lin []uint64
				for k, ck := range cs {
					lin = f.Add(lin, bigRemReference(bigMulReference(ck, [][]uint64{x, y, d}[k], p), m, p))
				}
				if got := f.LinearCombination(cs, comb); !Equal(got, lin) {
					t.Fatalf("p=%d n=%d extreme=%v: LinearCombination wrong", p, n, extreme)
				}
			}
		}
	}
}

func TestWideColumns(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 3))
	for _, p := range widePrimes {
		rows := [][]uint64{maxPoly(40, p), randomPoly(rng, 40, p), maxPoly(33, p), randomPoly(rng, 7, p), maxPoly(40, p)}
		coefs := []uint64{p - 1, rng.Uint64N(p), p - 1, p - 2, p - 1}
		acc := make([]big.Int, 40)
		var t0 big.Int
		for i, r := range rows {
			for j, x := range r {
				t0.SetUint64(x)
				t0.Mul(&t0, new(big.Int).SetUint64(coefs[i]))
				acc[j].Add(&acc[j], &t0)
			}
		}
		want := bigReduce(acc, p)
		if got := CombineRows(coefs, rows, 40, p); !Equal(got, want) {
			t.Fatalf("p=%d: CombineRows wrong", p)
		}
		cols := NewColumns(rows, 40, p)
		if got := cols.Combine([][]uint64{cols.Chunk(coefs)})[0]; !Equal(got, want) {
			t.Fatalf("p=%d: Columns wrong", p)
		}
	}
}
