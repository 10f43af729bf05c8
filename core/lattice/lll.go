// Package lattice reduces integer lattice bases: LLL reduction with its
// unimodular transform, and the exact test that a basis is LLL-reduced.
// It is the lattice machinery shared by the domains that need it (the
// matrix domain's LLL operations, and polynomial factoring, whose van
// Hoeij recombination reduces a knapsack-like lattice); its API is plain
// [][]*big.Int rows, so neither depends on the other's types.
//
// # LLL-reduced
//
// Rows b_0, …, b_{d−1} of an integer matrix, linearly independent, have
// the Gram–Schmidt orthogonalisation b*_i = b_i − Σ_{j<i} μ_ij·b*_j with
// μ_ij = ⟨b_i, b*_j⟩/⟨b*_j, b*_j⟩. With 1/4 < δ < 1 and 1/2 ≤ η < √δ the
// basis is (δ, η)-LLL-reduced (Lenstra, Lenstra and Lovász, "Factoring
// polynomials with rational coefficients", Math. Ann. 261, 1982; η as in
// Nguyen and Stehlé) when it is
//
//   - size-reduced: |μ_ij| ≤ η for all j < i, and
//   - satisfies Lovász's condition: δ·‖b*_{k−1}‖² ≤ ‖b*_k‖² + μ²_{k,k−1}·‖b*_{k−1}‖²
//     for every k ≥ 1.
//
// IsReduced decides this exactly, with the integral Gram–Schmidt
// quantities of de Weger (Cohen, A Course in Computational Algebraic
// Number Theory, §2.6.3): d_k, the Gram determinant of the first k rows,
// and λ_ij = d_{j+1}·μ_ij are integers, so the conditions become
// |λ_ij| ≤ η·d_{j+1} and δ·d_k² ≤ d_{k+1}·d_{k−1} + λ²_{k,k−1}, compared
// with δ and η as exact binary rationals. The integers are recovered from
// their residues modulo a few word primes (checkmod.go), with de Weger's
// exact recurrence as the reference and the fallback.
//
// # The reduction
//
// Reduce is the L² algorithm of Nguyen and Stehlé ("An LLL algorithm with
// quadratic complexity", SIAM J. Comput. 39, 2009): the Gram matrix
// G = B·Bᵀ is kept exactly in integers, and the Gram–Schmidt coefficients
// r_ij = ⟨b_i, b*_j⟩ and μ_ij are recomputed in floating point from G
// whenever a row changes, so their errors never accumulate. Size reduction
// is lazy (repeated until every |μ_kj| ≤ η computed from the exact G), and
// the Lovász test compares δ·r_{k−1,k−1} with s_{k−1} = r_kk + μ_{k,k−1}·r_{k,k−1}.
// Every change to a row is an exact integer row operation, applied to the
// transform too, so the lattice is preserved whatever the floating-point
// error; precision affects only whether the loop terminates with a reduced
// basis.
//
// Before these proved passes, a heuristic pass (heuristic.go) runs the
// same loop on the rows themselves, with float64 approximations of the
// rows instead of the exact Gram matrix, as fplll and FLINT do first:
// much cheaper when the rows have few large entries (knapsack and van
// Hoeij lattices). Its result is checked exactly like theirs, and when
// the check fails the proved passes continue from its rows.
//
// The floating-point work runs first in float64 (when the Gram entries fit
// its exponent range), with slightly stricter parameters (δ' = (δ+1)/2,
// η' = (η+1/2)/2) so that the result meets the requested ones with a
// margin. The result is then checked exactly by IsReduced; if the check
// fails, or the loop exceeds its iteration bound (a symptom of too little
// precision), the reduction continues from where it stopped in
// math/big.Float, at 1.6·d + 64 bits and doubling up to maxPrecision, as
// L²'s analysis asks for precision about 1.6·d + o(d) bits whatever the
// size of the entries.
//
// Linearly dependent rows are allowed: a row that size-reduces to zero is
// moved to the end, so the result has r = rank rows, and the transform's
// last m − r rows are integer relations among the input rows.
package lattice

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
)

// Params are LLL's δ and η.
type Params struct {
	Delta float64
	Eta   float64
}

// DefaultParams are δ = 0.99 and η = 0.51, as in fplll and PARI/GP.
func DefaultParams() Params { return Params{Delta: 0.99, Eta: 0.51} }

// Validate reports parameters outside 1/4 < δ < 1, 1/2 ≤ η < √δ.
func (p Params) Validate() error {
	if !(p.Delta > 0.25 && p.Delta < 1) {
		return fmt.Errorf("delta is %v; it must satisfy 1/4 < delta < 1", p.Delta)
	}
	if !(p.Eta >= 0.5 && p.Eta*p.Eta < p.Delta) {
		return fmt.Errorf("eta is %v; it must satisfy 1/2 ≤ eta < √delta = %.6g", p.Eta, math.Sqrt(p.Delta))
	}
	return nil
}

// Result is a reduced basis of the lattice spanned by the input rows.
type Result struct {
	// Basis holds the Rank reduced rows.
	Basis [][]*big.Int
	// Transform is m×m and unimodular: its first Rank rows times the input
	// give Basis, and its other rows times the input are zero.
	Transform [][]*big.Int
	Rank      int
	// Checked, when not nil, is IsReduced's acceptance of Basis with the
	// parameters Reduce ran: the test was applied to the returned rows
	// themselves, so a caller that must check them can ask Checked.Covers
	// instead of running it again. It is nil when Reduce's own test read
	// its working Gram matrix rather than the rows (the proved passes).
	Checked *Checked
}

// maxPrecision is the highest big.Float precision Reduce tries.
const maxPrecision = 1 << 14

// ErrNoConvergence reports that the reduction did not finish within its
// iteration bound even at maxPrecision.
var ErrNoConvergence = errors.New("lattice: LLL reduction did not converge")

// Reduce LLL-reduces the rows of b (not modified), all of the same length,
// with the given parameters. It polls ctx throughout.
func Reduce(ctx context.Context, b [][]*big.Int, p Params) (*Result, error) {
	return reduce(ctx, b, p, true)
}

// ReduceBasis is Reduce for callers that need only the reduced rows
// (Result.Transform is nil): the heuristic pass then keeps no transform.
// (The proved passes work on the transform alone, the rows formed once at
// the end as t·b, so for them it costs the same.)
func ReduceBasis(ctx context.Context, b [][]*big.Int, p Params) (*Result, error) {
	return reduce(ctx, b, p, false)
}

func reduce(ctx context.Context, b [][]*big.Int, p Params, transform bool) (*Result, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	run := Params{Delta: (p.Delta + 1) / 2, Eta: (p.Eta + 0.5) / 2}
	if run.Eta*run.Eta >= run.Delta {
		run = p
	}
	// The heuristic pass first, when the entries allow it.
	if len(b) > 0 && maxEntryBits(b) <= HeuristicBits {
		h := newRows(b, transform)
		if err := h.l2(ctx, run); err != nil && !errors.Is(err, errIterations) {
			return nil, err
		}
		res := h.result()
		c, err := certify(ctx, res.Basis, p)
		if err != nil {
			return nil, err
		}
		if c != nil {
			res.Checked = c
			return res, nil
		}
		return finish(ctx, h, p, run, transform)
	}
	return newState(b).reduce(ctx, p, run, transform)
}

// finish continues from the heuristic pass's rows with the proved passes,
// composing the transforms.
func finish(ctx context.Context, h *rows, p, run Params, transform bool) (*Result, error) {
	res, err := newState(zrowsInts(h.b)).reduce(ctx, p, run, transform)
	if err != nil || !transform {
		return res, err
	}
	res.Transform = mulMatrix(ctx, res.Transform, zrowsInts(h.t))
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return res, nil
}

// mulMatrix is x·y, polling ctx between rows.
func mulMatrix(ctx context.Context, x, y [][]*big.Int) [][]*big.Int {
	out := make([][]*big.Int, len(x))
	var t big.Int
	for i, row := range x {
		if ctx.Err() != nil {
			return nil
		}
		out[i] = make([]*big.Int, len(y[0]))
		for c := range out[i] {
			out[i][c] = new(big.Int)
		}
		for j, a := range row {
			if a.Sign() == 0 {
				continue
			}
			for c, v := range y[j] {
				if v.Sign() != 0 {
					out[i][c].Add(out[i][c], t.Mul(a, v))
				}
			}
		}
	}
	return out
}

// reduce runs the proved passes on s: float64, then big.Float at rising
// precision, until the exact check accepts.
func (s *state) reduce(ctx context.Context, p, run Params, transform bool) (*Result, error) {
	b := s.b
	if s.gramBits() < 1000 {
		if err := l2(ctx, s, run, float64Field{}); err != nil && !errors.Is(err, errIterations) {
			return nil, err
		}
		if ok, err := s.reduced(ctx, p); err != nil || ok {
			return s.result(transform), err
		}
	}
	for prec := uint(1.6*float64(len(b))) + 64; prec <= maxPrecision; prec *= 2 {
		if err := l2(ctx, s, run, bigField{prec: prec}); err != nil && !errors.Is(err, errIterations) {
			return nil, err
		}
		if ok, err := s.reduced(ctx, p); err != nil || ok {
			return s.result(transform), err
		}
	}
	return nil, ErrNoConvergence
}

// state is the working basis: the input rows b, the transform t whose
// rows times b are the working rows, the exact Gram matrix g of the
// working rows (symmetric, full), and d active rows (the zero rows found
// so far are beyond d). L² needs only g, so the working rows themselves
// are formed once, in result, as t·b: a row operation costs 2m integer
// operations instead of 2m + n.
type state struct {
	b, t, g [][]*big.Int
	d       int
}

// newState starts from the rows in, with the identity transform.
func newState(in [][]*big.Int) *state {
	m := len(in)
	s := &state{b: make([][]*big.Int, m), t: make([][]*big.Int, m), g: make([][]*big.Int, m), d: m}
	for i, row := range in {
		s.b[i] = make([]*big.Int, len(row))
		for j, x := range row {
			s.b[i][j] = new(big.Int).Set(x)
		}
		s.t[i] = make([]*big.Int, m)
		for j := range s.t[i] {
			s.t[i][j] = new(big.Int)
		}
		s.t[i][i].SetInt64(1)
	}
	for i := range s.g {
		s.g[i] = make([]*big.Int, m)
	}
	for i := 0; i < m; i++ {
		for j := 0; j <= i; j++ {
			x := dot(s.b[i], s.b[j])
			s.g[i][j], s.g[j][i] = x, x
		}
	}
	return s
}

func dot(x, y []*big.Int) *big.Int {
	s := new(big.Int)
	var t big.Int
	// Word-size products are summed in w while it stays below 2^62.
	var w int64
	for k := range x {
		a, b := x[k], y[k]
		if a.Sign() == 0 || b.Sign() == 0 {
			continue
		}
		if a.IsInt64() && b.IsInt64() {
			if z, ok := subMulInt64(w, a.Int64(), -b.Int64()); ok {
				w = z
				continue
			}
		}
		s.Add(s, t.Mul(a, b))
	}
	return s.Add(s, t.SetInt64(w))
}

// gramBits is the bit length of the largest Gram entry.
func (s *state) gramBits() int {
	n := 0
	for i := range s.g {
		for _, x := range s.g[i] {
			n = max(n, x.BitLen())
		}
	}
	return n
}

// subMultiple sets row k ← row k − X·row j in the transform, updating G.
func (s *state) subMultiple(k, j int, x *big.Int) {
	var t big.Int
	for c := range s.t[k] {
		if s.t[j][c].Sign() != 0 {
			s.t[k][c].Sub(s.t[k][c], t.Mul(x, s.t[j][c]))
		}
	}
	// G_kk ← G_kk − 2X·G_kj + X²·G_jj, then G_ki ← G_ki − X·G_ji. G_ki
	// and G_ik are one shared big.Int (newState makes them so and swap
	// keeps them so), updated in place.
	var u big.Int
	gkk := s.g[k][k]
	gkk.Sub(gkk, u.Mul(t.Lsh(x, 1), s.g[k][j]))
	gkk.Add(gkk, u.Mul(t.Mul(x, x), s.g[j][j]))
	for i := range s.g {
		if i == k {
			continue
		}
		s.g[k][i].Sub(s.g[k][i], t.Mul(x, s.g[j][i]))
	}
}

// swap exchanges rows i and j everywhere.
func (s *state) swap(i, j int) {
	s.t[i], s.t[j] = s.t[j], s.t[i]
	s.g[i], s.g[j] = s.g[j], s.g[i]
	for _, row := range s.g {
		row[i], row[j] = row[j], row[i]
	}
}

// retire moves row k, which is zero, past the active rows.
func (s *state) retire(k int) {
	for i := k; i+1 < s.d; i++ {
		s.swap(i, i+1)
	}
	s.d--
}

// result forms the working rows t·b, with the transform when transform.
func (s *state) result(transform bool) *Result {
	basis := make([][]*big.Int, s.d)
	var p big.Int
	for i := range basis {
		row := make([]*big.Int, len(s.b[0]))
		for c := range row {
			row[c] = new(big.Int)
		}
		for j, tij := range s.t[i] {
			if tij.Sign() == 0 {
				continue
			}
			for c, x := range s.b[j] {
				if x.Sign() != 0 {
					row[c].Add(row[c], p.Mul(tij, x))
				}
			}
		}
		basis[i] = row
	}
	r := &Result{Basis: basis, Rank: s.d}
	if transform {
		r.Transform = s.t
	}
	return r
}

// reduced checks the active rows exactly.
func (s *state) reduced(ctx context.Context, p Params) (bool, error) {
	v, err := check(ctx, s.g[:s.d], s.d, new(big.Rat).SetFloat64(p.Delta), new(big.Rat).SetFloat64(p.Eta))
	return v == nil, err
}

// errIterations ends a pass that exceeded its iteration bound.
var errIterations = errors.New("iteration bound exceeded")

// field is the floating-point arithmetic of one L² pass.
type field[F any] interface {
	fromInt(x *big.Int) F
	fromFloat(x float64) F
	add(x, y F) F
	sub(x, y F) F
	mul(x, y F) F
	quo(x, y F) F
	// absAbove reports |x| > y.
	absAbove(x F, y float64) bool
	less(x, y F) bool
	// round is the nearest integer to x.
	round(x F) *big.Int
}

// l2 runs the L² loop on s until the active rows are reduced (in the
// arithmetic of f) or the iteration bound is met.
func l2[F any](ctx context.Context, s *state, p Params, f field[F]) error {
	m := len(s.b)
	// Zero rows first leave the active set.
	for k := 0; k < s.d; {
		if s.g[k][k].Sign() == 0 {
			s.retire(k)
			continue
		}
		k++
	}
	if s.d <= 1 {
		return nil
	}
	r := make([][]F, m)
	mu := make([][]F, m)
	for i := range r {
		r[i] = make([]F, m)
		mu[i] = make([]F, m)
	}
	delta := f.fromFloat(p.Delta)
	r[0][0] = f.fromInt(s.g[0][0])
	// The bound is generous: L² makes O(d²·log B) swaps; a pass that
	// needs far more is losing precision.
	limit := 1000 * m * m * (s.gramBits() + 64)
	iterations := 0
	k := 1
	for k < s.d {
		// Lazy size reduction of b_k.
		for {
			iterations++
			if iterations > limit {
				return errIterations
			}
			if iterations%64 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			for j := 0; j < k; j++ {
				x := f.fromInt(s.g[k][j])
				for l := 0; l < j; l++ {
					x = f.sub(x, f.mul(mu[j][l], r[k][l]))
				}
				r[k][j] = x
				mu[k][j] = f.quo(x, r[j][j])
			}
			done := true
			for j := 0; j < k; j++ {
				if f.absAbove(mu[k][j], p.Eta) {
					done = false
					break
				}
			}
			if done {
				break
			}
			for j := k - 1; j >= 0; j-- {
				x := f.round(mu[k][j])
				if x.Sign() == 0 {
					continue
				}
				s.subMultiple(k, j, x)
				fx := f.fromInt(x)
				for l := 0; l < j; l++ {
					mu[k][l] = f.sub(mu[k][l], f.mul(fx, mu[j][l]))
				}
			}
		}
		if s.g[k][k].Sign() == 0 {
			// b_k reduced to zero: a dependency among the rows.
			s.retire(k)
			continue
		}
		// s_{k−1} = G_kk − Σ_{l<k−1} μ_kl·r_kl.
		sk := f.fromInt(s.g[k][k])
		for l := 0; l < k-1; l++ {
			sk = f.sub(sk, f.mul(mu[k][l], r[k][l]))
		}
		if !f.less(sk, f.mul(delta, r[k-1][k-1])) {
			r[k][k] = f.sub(sk, f.mul(mu[k][k-1], r[k][k-1]))
			k++
			continue
		}
		s.swap(k-1, k)
		if k > 1 {
			k--
		} else {
			r[0][0] = f.fromInt(s.g[0][0])
		}
	}
	return nil
}

// float64Field is float64 arithmetic.
type float64Field struct{}

func (float64Field) fromInt(x *big.Int) float64 {
	v, _ := x.Float64()
	return v
}
func (float64Field) fromFloat(x float64) float64        { return x }
func (float64Field) add(x, y float64) float64           { return x + y }
func (float64Field) sub(x, y float64) float64           { return x - y }
func (float64Field) mul(x, y float64) float64           { return x * y }
func (float64Field) quo(x, y float64) float64           { return x / y }
func (float64Field) absAbove(x float64, y float64) bool { return math.Abs(x) > y }
func (float64Field) less(x, y float64) bool             { return x < y }
func (float64Field) round(x float64) *big.Int {
	if math.Abs(x) < 1<<62 {
		return big.NewInt(int64(math.Round(x)))
	}
	i, _ := big.NewFloat(math.Round(x)).Int(nil)
	return i
}

// bigField is math/big.Float arithmetic at a fixed precision.
type bigField struct{ prec uint }

func (f bigField) new() *big.Float { return new(big.Float).SetPrec(f.prec) }
func (f bigField) fromInt(x *big.Int) *big.Float {
	return f.new().SetInt(x)
}
func (f bigField) fromFloat(x float64) *big.Float { return f.new().SetFloat64(x) }
func (f bigField) add(x, y *big.Float) *big.Float { return f.new().Add(x, y) }
func (f bigField) sub(x, y *big.Float) *big.Float { return f.new().Sub(x, y) }
func (f bigField) mul(x, y *big.Float) *big.Float { return f.new().Mul(x, y) }
func (f bigField) quo(x, y *big.Float) *big.Float { return f.new().Quo(x, y) }
func (f bigField) absAbove(x *big.Float, y float64) bool {
	return new(big.Float).Abs(x).Cmp(big.NewFloat(y)) > 0
}
func (f bigField) less(x, y *big.Float) bool { return x.Cmp(y) < 0 }
func (f bigField) round(x *big.Float) *big.Int {
	// ⌊x + 1/2⌋.
	h := f.new().Add(x, big.NewFloat(0.5))
	i, acc := h.Int(nil)
	if acc == big.Above { // Int truncates towards zero; floor for negatives
		i.Sub(i, big.NewInt(1))
	}
	return i
}
