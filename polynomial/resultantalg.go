package polynomial

// Resultants in Z[x], two ways, with the Sylvester determinant over Q as
// the reference for both.
//
// The fast path is modular (Collins, "The calculation of multivariate
// polynomial resultants", J. ACM 18, 1971; Geddes, Czapor and Labahn §9.4):
// Hadamard's inequality on the Sylvester matrix bounds
// |res(a, b)| ≤ ‖a‖₂^deg b · ‖b‖₂^deg a, so res(a, b) is determined by its
// residues modulo primes whose product exceeds twice the bound. Modulo a
// prime that divides neither leading coefficient the resultant of the
// images is the image of the resultant. The primes are chosen up front,
// the resultant modulo each is computed by core/gfpoly (the Euclidean
// recurrence with Shoup's precomputed quotients, O(n²) word operations)
// on all cores, and the residues are combined once, by Garner's
// mixed-radix algorithm (modular.CRTBasis), O(k²) word operations for k
// primes instead of k big-number steps of growing size. The earlier
// sequential version, with the domain's own Euclid modulo each prime and
// a big-number Chinese remaindering step per prime, is kept as
// resultantModularEuclid and tested against it.
//
// The other is the subresultant PRS of Collins (1967) and Brown and Traub
// (1971), in the form of Cohen, A Course in Computational Algebraic Number
// Theory (1993), Algorithm 3.3.7: pseudo-remainders divided by the
// predicted factor g·h^δ stay in Z[x] with coefficients that grow only
// linearly in the step count, and the last step yields res(a, b) up to
// the tracked sign and contents. Its big-integer arithmetic on
// coefficients of degree·bits size makes it slower than the modular path
// beyond small degrees.
//
// Conventions (those of PARI/GP's polresultant): res(a, b) = 0 if a or b
// is the zero polynomial; res(c, b) = c^deg b for a nonzero constant c, so
// the resultant of two nonzero constants is 1.

import (
	"context"
	"math/big"
	"runtime"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/gfpoly"
	"jacobian.dev/core/modular"
)

// subresultantMaxDegree is the degree up to which the subresultant PRS
// beats the modular algorithm, on 64-bit coefficients
// (BenchmarkResultantSubresultant against BenchmarkResultantModular,
// minima of 3 runs: 35 µs against 73 µs at degree 10, 537 µs against
// 296 µs at degree 20).
const subresultantMaxDegree = 15

// resultantZ is res(a, b) for a, b in Z[x]: the subresultant PRS for small
// degrees, the modular algorithm beyond.
func resultantZ(ctx context.Context, a, b zpoly) (*big.Int, error) {
	if max(a.deg(), b.deg()) <= subresultantMaxDegree {
		return resultantSubresultant(ctx, a, b)
	}
	return resultantModular(ctx, a, b)
}

// resultantBoundBits is the bit length of 2·‖a‖₂^deg b·‖b‖₂^deg a, over
// which the residues determine res(a, b) in the symmetric range; deg a,
// deg b ≥ 1.
func resultantBoundBits(a, b zpoly) int64 {
	// log2 ‖a‖₂ ≤ (bitlen(Σ a_i²) + 1)/2.
	normBits := func(p zpoly) int64 {
		s := new(big.Int)
		for _, x := range p {
			s.Add(s, new(big.Int).Mul(x, x))
		}
		return int64(s.BitLen()+2) / 2
	}
	return int64(b.deg())*normBits(a) + int64(a.deg())*normBits(b) + 2
}

// resultantBatch is how many primes run between context polls and
// progress reports: a few milliseconds at degree 100.
const resultantBatch = 64

// resultantModular is res(a, b) for a, b in Z[x] by the modular algorithm
// at the top of the file.
func resultantModular(ctx context.Context, a, b zpoly) (*big.Int, error) {
	if len(a) == 0 || len(b) == 0 {
		return new(big.Int), nil
	}
	n, m := a.deg(), b.deg()
	switch {
	case n == 0:
		return new(big.Int).Exp(a[0], big.NewInt(int64(m)), nil), nil
	case m == 0:
		return new(big.Int).Exp(b[0], big.NewInt(int64(n)), nil), nil
	}
	need := resultantBoundBits(a, b)
	// Every prime taken exceeds 2^61, so k of them exceed 2^(61k).
	ps := newPrimes()
	var (
		primes []uint64
		fields []*gfpoly.Field
	)
	for int64(61*len(primes)) <= need {
		p, f := ps.takeField()
		if modular.ReduceWords(a.lc(), p) != 0 && modular.ReduceWords(b.lc(), p) != 0 {
			primes, fields = append(primes, p), append(fields, f)
		}
	}
	residues := make([]uint64, len(primes))
	workers := runtime.GOMAXPROCS(0)
	basis := &modular.CRTBasis{}
	for start := 0; start < len(primes); start += resultantBatch {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		end := min(start+resultantBatch, len(primes))
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				for i := start + w; i < end; i += workers {
					p := primes[i]
					residues[i] = fields[i].Resultant(reduceMod(a, p), reduceMod(b, p))
				}
			})
		}
		for _, p := range primes[start:end] {
			basis.Extend(p)
		}
		wg.Wait()
		core.ReportProgress(ctx, float64(end), float64(len(primes)), "primes of the modular resultant")
	}
	return basis.Symmetric(residues, nil), nil
}

// resultantModularEuclid is res(a, b) for a, b in Z[x] by the modular
// algorithm with the domain's own Euclid modulo each prime, one prime at a
// time: the reference for resultantModular.
func resultantModularEuclid(ctx context.Context, a, b zpoly) (*big.Int, error) {
	if len(a) == 0 || len(b) == 0 {
		return new(big.Int), nil
	}
	n, m := a.deg(), b.deg()
	switch {
	case n == 0:
		return new(big.Int).Exp(a[0], big.NewInt(int64(m)), nil), nil
	case m == 0:
		return new(big.Int).Exp(b[0], big.NewInt(int64(n)), nil), nil
	}
	// log2 ‖a‖₂ ≤ (bitlen(Σ a_i²) + 1)/2.
	normBits := func(p zpoly) int64 {
		s := new(big.Int)
		for _, x := range p {
			s.Add(s, new(big.Int).Mul(x, x))
		}
		return int64(s.BitLen()+2) / 2
	}
	need := int64(m)*normBits(a) + int64(n)*normBits(b) + 2
	ps := newPrimes()
	h := zpoly{new(big.Int)}
	var mod *big.Int
	for rounds := 0; mod == nil || int64(mod.BitLen()) <= need; {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := ps.take()
		ai, bi := reduceMod(a, p), reduceMod(b, p)
		if len(ai) != len(a) || len(bi) != len(b) {
			continue // p divides a leading coefficient
		}
		r := resultantMod(ai, bi, p)
		if mod == nil {
			h[0], mod = symmetric(r, p), new(big.Int).SetUint64(p)
		} else {
			crtCombine(h, mod, []uint64{r}, p)
		}
		if rounds++; rounds%64 == 0 {
			core.ReportProgress(ctx, float64(mod.BitLen()), float64(need), "bits of the resultant determined")
		}
	}
	return h[0], nil
}

// resultantSubresultant is res(a, b) for a, b in Z[x] by the subresultant
// PRS (Cohen, Algorithm 3.3.7).
func resultantSubresultant(ctx context.Context, a, b zpoly) (*big.Int, error) {
	if len(a) == 0 || len(b) == 0 {
		return new(big.Int), nil
	}
	ca, a, err := primitive(ctx, a)
	if err != nil {
		return nil, err
	}
	cb, b, err := primitive(ctx, b)
	if err != nil {
		return nil, err
	}
	// t = ca^deg b · cb^deg a
	t := new(big.Int).Exp(ca, big.NewInt(int64(b.deg())), nil)
	t.Mul(t, new(big.Int).Exp(cb, big.NewInt(int64(a.deg())), nil))
	s := 1
	if a.deg() < b.deg() {
		a, b = b, a
		if a.deg()%2 == 1 && b.deg()%2 == 1 {
			s = -1
		}
	}
	g, h := big.NewInt(1), big.NewInt(1)
	for b.deg() > 0 {
		delta := a.deg() - b.deg()
		if a.deg()%2 == 1 && b.deg()%2 == 1 {
			s = -s
		}
		r, err := zprem(ctx, a, b)
		if err != nil {
			return nil, err
		}
		if len(r) == 0 {
			return new(big.Int), nil
		}
		den := new(big.Int).Mul(g, new(big.Int).Exp(h, big.NewInt(int64(delta)), nil))
		for _, x := range r {
			x.Quo(x, den)
		}
		a, b = b, r
		g = new(big.Int).Set(a.lc())
		h = nextSubresultantH(h, g, delta)
	}
	// h ← lc(b)^deg a / h^(deg a − 1)
	n := a.deg()
	res := new(big.Int).Exp(b.lc(), big.NewInt(int64(n)), nil)
	if n == 0 {
		res.Mul(res, h)
	} else {
		res.Quo(res, new(big.Int).Exp(h, big.NewInt(int64(n-1)), nil))
	}
	res.Mul(res, t)
	if s < 0 {
		res.Neg(res)
	}
	return res, nil
}

// resultantQ is res(a, b) over Q: with a = A/d, b = B/e for integral A, B,
// res(a, b) = res(A, B) / (d^deg b · e^deg a).
func resultantQ(ctx context.Context, a, b qpoly) (*big.Rat, error) {
	if len(a) == 0 || len(b) == 0 {
		return new(big.Rat), nil
	}
	za, d, err := clearDenominators(ctx, a)
	if err != nil {
		return nil, err
	}
	zb, e, err := clearDenominators(ctx, b)
	if err != nil {
		return nil, err
	}
	r, err := resultantZ(ctx, za, zb)
	if err != nil {
		return nil, err
	}
	den := new(big.Int).Exp(d, big.NewInt(int64(b.deg())), nil)
	den.Mul(den, new(big.Int).Exp(e, big.NewInt(int64(a.deg())), nil))
	return new(big.Rat).SetFrac(r, den), nil
}

// discriminantQ is (−1)^(n(n−1)/2) res(f, f′) / lc(f) for deg f = n ≥ 1.
func discriminantQ(ctx context.Context, f qpoly) (*big.Rat, error) {
	r, err := resultantQ(ctx, f, qderiv(f))
	if err != nil {
		return nil, err
	}
	n := f.deg()
	r.Quo(r, f.lc())
	if (n*(n-1)/2)%2 == 1 {
		r.Neg(r)
	}
	return r, nil
}

// sylvesterResultant is the reference: det of the (m+n)×(m+n) Sylvester
// matrix of a (degree n) and b (degree m), by Gaussian elimination over Q.
func sylvesterResultant(a, b qpoly) *big.Rat {
	if len(a) == 0 || len(b) == 0 {
		return new(big.Rat)
	}
	n, m := a.deg(), b.deg()
	size := n + m
	mat := make([][]*big.Rat, size)
	for i := range mat {
		mat[i] = make([]*big.Rat, size)
		for j := range mat[i] {
			mat[i][j] = new(big.Rat)
		}
	}
	// m shifted rows of a, then n shifted rows of b, leading coefficient first.
	for i := 0; i < m; i++ {
		for k := 0; k <= n; k++ {
			mat[i][i+k].Set(a[n-k])
		}
	}
	for i := 0; i < n; i++ {
		for k := 0; k <= m; k++ {
			mat[m+i][i+k].Set(b[m-k])
		}
	}
	det := big.NewRat(1, 1)
	var t big.Rat
	for col := 0; col < size; col++ {
		pivot := -1
		for r := col; r < size; r++ {
			if mat[r][col].Sign() != 0 {
				pivot = r
				break
			}
		}
		if pivot < 0 {
			return new(big.Rat)
		}
		if pivot != col {
			mat[pivot], mat[col] = mat[col], mat[pivot]
			det.Neg(det)
		}
		det.Mul(det, mat[col][col])
		for r := col + 1; r < size; r++ {
			if mat[r][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(mat[r][col], mat[col][col])
			for c := col; c < size; c++ {
				mat[r][c].Sub(mat[r][c], t.Mul(f, mat[col][c]))
			}
		}
	}
	return det
}

// nextSubresultantH is the subresultant sequence's h after a step whose
// degree drop is delta, with g the new leading coefficient: g^δ / h^(δ−1)
// (Brown and Traub 1971; the division is exact).
func nextSubresultantH(h, g *big.Int, delta int) *big.Int {
	num := new(big.Int).Exp(g, big.NewInt(int64(delta)), nil)
	if delta == 0 {
		return num.Mul(h, num)
	}
	return num.Quo(num, new(big.Int).Exp(h, big.NewInt(int64(delta-1)), nil))
}
