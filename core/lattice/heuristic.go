package lattice

// The heuristic pass: L² on the rows themselves.
//
// The proved L² of state works on the exact Gram matrix G = B·Bᵀ: a row
// operation updates a whole row of G, m entries of twice the rows' bit
// size. When the rows have few large entries (a knapsack lattice is the
// identity beside one column of large weights; van Hoeij's lattice is a
// scaled identity beside a few columns) the rows are much cheaper to keep
// than G. The heuristic pass does so, as fplll's "fast" and "heuristic"
// methods and FLINT's fmpz_lll_d_heuristic do (Stehlé, "Floating-point
// LLL: theoretical and practical aspects", in The LLL Algorithm, Springer
// 2010, §4.2): the rows are kept exactly in integers beside float64
// approximations, and ⟨b_k, b_j⟩ is computed from the approximations,
// except when the float64 sum cancels (|⟨b_k, b_j⟩| below 2^−26·‖b_k‖·‖b_j‖,
// where its rounding error could exceed its size): then it is computed
// exactly from the integer rows. The Gram–Schmidt recurrences, lazy size
// reduction and Lovász's test are L²'s, as in l2.
//
// Nothing proves that float64 suffices, so the pass is a heuristic only
// in its speed: every row operation is an exact integer operation on the
// rows (and transform), so the lattice is preserved, and reduce checks the
// result exactly and continues with the proved L² if it is not reduced
// (or the pass stops at its iteration bound).

import (
	"context"
	"math"
	"math/big"
)

// HeuristicBits is the largest entry size the heuristic pass takes: dot
// products of rows of such entries stay well inside float64's exponent
// range. Beyond it Reduce runs the proved passes alone, which cost far
// more (math/big.Float once the Gram entries leave float64's range), so
// cost estimates need it too.
const HeuristicBits = 480

// cancellation is 2^−26: a float64 dot product below this fraction of the
// product of the norms is recomputed exactly.
const cancellation = 1.0 / (1 << 26)

// rows is the working state of the heuristic pass: the rows b (the first
// d active, zero rows beyond), their transform t from the input (nil
// when not wanted), and for each row its float64 approximation f, ‖f‖²
// in sq, ‖f‖ in norm and its largest |entry| in top.
type rows struct {
	b, t            []zrow
	f               [][]float64
	sq, norm        []float64
	top             []float64
	d               int
	bits            int
	tmp, tmp2, tmp3 big.Int
}

// maxEntryBits is the bit length of the largest entry of b.
func maxEntryBits(b [][]*big.Int) int {
	n := 0
	for _, row := range b {
		for _, x := range row {
			n = max(n, x.BitLen())
		}
	}
	return n
}

func newRows(in [][]*big.Int, transform bool) *rows {
	m := len(in)
	h := &rows{b: make([]zrow, m), f: make([][]float64, m),
		sq: make([]float64, m), norm: make([]float64, m), top: make([]float64, m), d: m,
		bits: maxEntryBits(in)}
	for i, row := range in {
		h.b[i] = zrowOf(row)
		h.f[i] = make([]float64, len(row))
		h.refresh(i)
	}
	if transform {
		h.t = make([]zrow, m)
		for i := range h.t {
			h.t[i] = unit(m, i)
		}
	}
	return h
}

// refresh recomputes row k's approximations from its exact entries.
func (h *rows) refresh(k int) {
	f, b := h.f[k], h.b[k]
	sq, top := 0.0, 0.0
	for c := range f {
		v := b.approx(c)
		f[c] = v
		sq += v * v
		top = max(top, math.Abs(v))
	}
	h.sq[k], h.norm[k], h.top[k] = sq, math.Sqrt(sq), top
}

// dot is ⟨b_k, b_j⟩ to about float64 precision.
func (h *rows) dot(k, j int) float64 {
	fk, fj := h.f[k], h.f[j]
	s := dotFloat(fk, fj)
	// Entries and partial sums below 2^53 make the float64 sum exact.
	if h.top[k]*h.top[j]*float64(len(fk)) < 1<<53 {
		return s
	}
	if math.Abs(s) < cancellation*h.norm[k]*h.norm[j] {
		v, _ := dotZ(h.b[k], h.b[j]).Float64()
		return v
	}
	return s
}

// dotFloat is Σ x_i·y_i (len(y) ≥ len(x)), in four independent sums so
// that the additions overlap.
func dotFloat(x, y []float64) float64 {
	var s0, s1, s2, s3 float64
	n := len(x)
	y = y[:n]
	i := 0
	for ; i+4 <= n; i += 4 {
		s0 += x[i] * y[i]
		s1 += x[i+1] * y[i+1]
		s2 += x[i+2] * y[i+2]
		s3 += x[i+3] * y[i+3]
	}
	for ; i < n; i++ {
		s0 += x[i] * y[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// subMultiple sets row k ← row k − x·row j, x a nonzero integer-valued
// float64, in the rows and the transform.
func (h *rows) subMultiple(k, j int, x float64) {
	X := &h.tmp2
	if math.Abs(x) < 1<<62 {
		X.SetInt64(int64(x))
	} else {
		big.NewFloat(x).Int(X)
	}
	h.b[k].subMul(&h.b[j], X, x, &h.tmp, &h.tmp3)
	if h.t != nil {
		h.t[k].subMul(&h.t[j], X, x, &h.tmp, &h.tmp3)
	}
}

// swap exchanges rows i and j.
func (h *rows) swap(i, j int) {
	h.b[i], h.b[j] = h.b[j], h.b[i]
	h.f[i], h.f[j] = h.f[j], h.f[i]
	h.sq[i], h.sq[j] = h.sq[j], h.sq[i]
	h.norm[i], h.norm[j] = h.norm[j], h.norm[i]
	h.top[i], h.top[j] = h.top[j], h.top[i]
	if h.t != nil {
		h.t[i], h.t[j] = h.t[j], h.t[i]
	}
}

// retire moves row k, which is zero, past the active rows.
func (h *rows) retire(k int) {
	for i := k; i+1 < h.d; i++ {
		h.swap(i, i+1)
	}
	h.d--
}

// l2 runs L² on the rows until they are reduced (in float64) or an
// iteration bound is met.
//
// It recomputes only the Gram–Schmidt coefficients that a row operation
// has made stale, as FLINT's fmpz_lll does with its alpha array: r_ij and
// μ_ij (j < i) depend only on b_i and b_0, …, b_j, so with fresh[i] the
// number of leading coefficients of row i that are still those of the
// current rows, a visit of row k computes r_kj only from j = fresh[k].
// After a swap of rows k−1 and k, the row moved down to k−1 keeps every
// coefficient it had (it was size-reduced against b_0, …, b_{k−2}, which
// have not moved), so that visit costs no dot product; and a row not
// touched since its last visit needs only the columns below it that
// changed. The float64 values are the same as recomputing them all would
// give (they are functions of the exact rows), so the reduction takes
// exactly the same steps as l2Reference, which recomputes every visit.
func (h *rows) l2(ctx context.Context, p Params) error {
	return h.l2Reuse(ctx, p, true)
}

// l2Reference is l2 recomputing every coefficient at every visit, the
// reference the tests hold l2 to.
func (h *rows) l2Reference(ctx context.Context, p Params) error {
	return h.l2Reuse(ctx, p, false)
}

func (h *rows) l2Reuse(ctx context.Context, p Params, reuse bool) error {
	for k := 0; k < h.d; {
		if h.sq[k] == 0 {
			h.retire(k)
			continue
		}
		k++
	}
	if h.d <= 1 {
		return nil
	}
	m := len(h.b)
	r := make([][]float64, m)
	mu := make([][]float64, m)
	for i := range r {
		r[i] = make([]float64, m)
		mu[i] = make([]float64, m)
	}
	r[0][0] = h.sq[0]
	fresh := make([]int, m)
	// L² makes O(d²·log B) swaps; a pass that needs far more is losing
	// precision, and the proved passes take over.
	limit := 2*m*m*(h.bits+64) + 1000
	iterations := 0
	for k := 1; k < h.d; {
		// Lazy size reduction of b_k. Each pass removes about 50 bits of
		// μ; a row that needs far more passes than its size allows is
		// cycling on rounding errors.
		passes := 0
		for {
			iterations++
			passes++
			if iterations > limit || passes > 200 {
				return errIterations
			}
			if iterations%64 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			rk, muk := r[k], mu[k]
			if !reuse {
				fresh[k] = 0
			}
			for j := fresh[k]; j < k; j++ {
				x := h.dot(k, j) - dotFloat(mu[j][:j], rk[:j])
				rk[j] = x
				muk[j] = x / r[j][j]
				if !(math.Abs(muk[j]) < math.Inf(1)) {
					// A vanishing r_jj (a dependency float64 cannot
					// resolve): the proved passes take over.
					return errIterations
				}
			}
			fresh[k] = k
			done := true
			for j := 0; j < k; j++ {
				if math.Abs(muk[j]) > p.Eta {
					done = false
					break
				}
			}
			if done {
				break
			}
			// Row k changes; the later rows' coefficients from column k
			// on are already stale (fresh[i] ≤ k for every i > k at a
			// visit of k: see the swap).
			fresh[k] = 0
			for j := k - 1; j >= 0; j-- {
				x := math.Round(muk[j])
				if x == 0 {
					continue
				}
				if math.IsInf(x, 0) || math.IsNaN(x) {
					return errIterations
				}
				h.subMultiple(k, j, x)
				muj := mu[j]
				for l := 0; l < j; l++ {
					muk[l] -= x * muj[l]
				}
			}
			h.refresh(k)
		}
		if h.sq[k] == 0 {
			// b_k reduced to zero: a dependency among the rows. The rows
			// from k on move, and their coefficients with them.
			h.retire(k)
			for i := k; i < m; i++ {
				fresh[i] = 0
			}
			continue
		}
		// s_{k−1} = ‖b_k‖² − Σ_{l<k−1} μ_kl·r_kl.
		sk := h.sq[k] - dotFloat(mu[k][:k-1], r[k][:k-1])
		if sk >= p.Delta*r[k-1][k-1] {
			r[k][k] = sk - mu[k][k-1]*r[k][k-1]
			if !(r[k][k] > 0) {
				return errIterations
			}
			k++
			continue
		}
		h.swap(k-1, k)
		// The rows' coefficients move with them: the row now at k−1
		// keeps its first k−1, the one now at k those below k−1.
		r[k-1], r[k] = r[k], r[k-1]
		mu[k-1], mu[k] = mu[k], mu[k-1]
		// The rows after k, whose coefficients from column k−1 on are
		// now stale: this keeps fresh[i] ≤ k' for every i > k' at each
		// visit of k', since visits only climb one row at a time.
		fresh[k-1] = k - 1
		for i := k; i < m; i++ {
			fresh[i] = min(fresh[i], k-1)
		}
		if k > 1 {
			k--
		} else {
			r[0][0] = h.sq[0]
		}
	}
	return nil
}

// result is the active rows, with the transform when it was kept.
func (h *rows) result() *Result {
	r := &Result{Basis: zrowsInts(h.b[:h.d]), Rank: h.d}
	if h.t != nil {
		r.Transform = zrowsInts(h.t)
	}
	return r
}
