package gfpoly

// Multipoint evaluation and interpolation by subproduct trees.
//
// For points x_0, …, x_{n−1} the subproduct tree has the linear factors
// x − x_i at its leaves and at each inner node the product of its two
// children, so the root is M = ∏ (x − x_i) (von zur Gathen and Gerhard,
// Modern Computer Algebra, 3rd ed., §10.1, Algorithm 10.3). Evaluating a
// at every point goes down the tree: a mod M, then at each node the
// parent's remainder modulo the node (Algorithm 10.5), since
// a(x_i) = a mod (x − x_i). Near the leaves, where a node covers at most
// hornerBlock points, its remainder is evaluated at each point by
// Horner's rule instead. Interpolation (§10.2, Algorithm 10.11) evaluates
// M′ at the points to get the Lagrange weights w_i = y_i / M′(x_i)
// (inverted together by Montgomery's trick, one inversion in all), then
// goes up the tree combining c = c_left·M_right + c_right·M_left, which
// yields Σ w_i·M/(x − x_i), the interpolant of degree < n. Each costs
// O(M(n) log n). The nodes of one level are independent and are
// computed on all cores.

import (
	"context"
	"errors"
	"runtime"
	"sync"

	"jacobian.dev/core/modular"
)

// ErrRepeatedPoint reports interpolation nodes that are not distinct.
var ErrRepeatedPoint = errors.New("gfpoly: interpolation points are not distinct")

// hornerBlock: nodes covering at most this many points are evaluated by
// Horner's rule (BenchmarkEvaluateMany).
const hornerBlock = 16

// subproductTree: levels[l][j] is the product of x − x_i over the points
// j·2^l ≤ i < (j+1)·2^l.
type subproductTree struct {
	levels [][][]uint64
	points []uint64
}

// parallelLevelWork: levels whose total length is below this run on one
// core.
const parallelLevelWork = 4096

// forEach runs fn(j) for j < n, spread over the cores when work (a rough
// count of coefficients touched) is large enough. It polls ctx before
// every call and stops early, returning ctx's error, once it is done.
func forEach(ctx context.Context, n, work int, fn func(j int)) error {
	procs := runtime.GOMAXPROCS(0)
	if procs == 1 || n < 2 || work < parallelLevelWork {
		for j := range n {
			if err := ctx.Err(); err != nil {
				return err
			}
			fn(j)
		}
		return nil
	}
	var wg sync.WaitGroup
	chunk := (n + procs - 1) / procs
	for s := 0; s < n; s += chunk {
		e := min(s+chunk, n)
		wg.Go(func() {
			for j := s; j < e && ctx.Err() == nil; j++ {
				fn(j)
			}
		})
	}
	wg.Wait()
	return ctx.Err()
}

func (f *Field) buildTree(ctx context.Context, xs []uint64) (*subproductTree, error) {
	t := &subproductTree{points: xs}
	leaves := make([][]uint64, len(xs))
	for i, x := range xs {
		leaves[i] = []uint64{modular.Neg(x%f.p, f.p), 1}
	}
	t.levels = append(t.levels, leaves)
	for cur := leaves; len(cur) > 1; {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		next := make([][]uint64, (len(cur)+1)/2)
		err := forEach(ctx, len(next), len(xs), func(j int) {
			if 2*j+1 < len(cur) {
				next[j] = f.Mul(cur[2*j], cur[2*j+1])
			} else {
				next[j] = cur[2*j]
			}
		})
		if err != nil {
			return nil, err
		}
		t.levels = append(t.levels, next)
		cur = next
	}
	return t, nil
}

// EvaluateMany returns a(x) for each x in xs. It is EvaluateManyContext
// without cancellation.
func (f *Field) EvaluateMany(a, xs []uint64) []uint64 {
	v, _ := f.EvaluateManyContext(context.Background(), a, xs)
	return v
}

// EvaluateManyContext returns a(x) for each x in xs: by Horner's rule for
// at most 16 points, by the subproduct tree beyond (see the top of
// multipoint.go). It polls ctx before every node of the tree.
func (f *Field) EvaluateManyContext(ctx context.Context, a, xs []uint64) ([]uint64, error) {
	out := make([]uint64, len(xs))
	if len(xs) <= hornerBlock {
		for i, x := range xs {
			out[i] = f.Evaluate(a, x)
		}
		return out, nil
	}
	t, err := f.buildTree(ctx, xs)
	if err != nil {
		return nil, err
	}
	return out, f.evaluateTree(ctx, t, a, out)
}

func (f *Field) evaluateTree(ctx context.Context, t *subproductTree, a []uint64, out []uint64) error {
	top := len(t.levels) - 1
	rems := [][]uint64{f.Rem(a, t.levels[top][0])}
	for l := top - 1; ; l-- {
		if err := ctx.Err(); err != nil {
			return err
		}
		if l < 0 || 1<<(l+1) <= hornerBlock {
			// Each remainder at level l+1 covers the points
			// j·2^(l+1) ≤ i < (j+1)·2^(l+1).
			span := 1 << (l + 1)
			return forEach(ctx, len(rems), len(t.points), func(j int) {
				for i := j * span; i < min((j+1)*span, len(t.points)); i++ {
					out[i] = f.Evaluate(rems[j], t.points[i])
				}
			})
		}
		nodes := t.levels[l]
		next := make([][]uint64, len(nodes))
		err := forEach(ctx, len(nodes), len(t.points), func(j int) {
			next[j] = f.Rem(rems[j/2], nodes[j])
		})
		if err != nil {
			return err
		}
		rems = next
	}
}

// Interpolate returns the polynomial of degree below len(xs) taking the
// value ys[i] at xs[i]. It is InterpolateContext without cancellation.
func (f *Field) Interpolate(xs, ys []uint64) ([]uint64, error) {
	return f.InterpolateContext(context.Background(), xs, ys)
}

// InterpolateContext returns the polynomial of degree below len(xs) taking
// the value ys[i] at xs[i] (points and values reduced modulo p), or
// ErrRepeatedPoint when two points coincide modulo p. It runs the
// subproduct-tree algorithm of the top of multipoint.go at every size,
// polling ctx before every node of the tree. It panics if len(xs) ≠ len(ys).
func (f *Field) InterpolateContext(ctx context.Context, xs, ys []uint64) ([]uint64, error) {
	if len(xs) != len(ys) {
		panic("gfpoly: Interpolate needs as many values as points")
	}
	if len(xs) == 0 {
		return nil, nil
	}
	p := f.p
	t, err := f.buildTree(ctx, xs)
	if err != nil {
		return nil, err
	}
	root := t.levels[len(t.levels)-1][0]
	dv := make([]uint64, len(xs))
	if len(xs) <= hornerBlock {
		dm := f.Derivative(root)
		for i, x := range xs {
			dv[i] = f.Evaluate(dm, x)
		}
	} else if err := f.evaluateTree(ctx, t, f.Derivative(root), dv); err != nil {
		return nil, err
	}
	// Montgomery's simultaneous inversion: prefix products, one inverse,
	// then back down.
	prefix := make([]uint64, len(dv))
	acc := uint64(1)
	for i, d := range dv {
		if d == 0 {
			return nil, ErrRepeatedPoint
		}
		prefix[i] = acc
		acc = modular.Mul(acc, d, p)
	}
	inv := f.inverse(acc)
	level := make([][]uint64, len(xs))
	for i := len(dv) - 1; i >= 0; i-- {
		w := modular.Mul(inv, prefix[i], p) // 1/dv[i]
		inv = modular.Mul(inv, dv[i], p)
		if c := modular.Mul(w, ys[i]%p, p); c != 0 {
			level[i] = []uint64{c}
		}
	}
	for l := 0; len(level) > 1; l++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		nodes := t.levels[l]
		next := make([][]uint64, (len(level)+1)/2)
		err := forEach(ctx, len(next), len(xs), func(j int) {
			if 2*j+1 >= len(level) {
				next[j] = level[2*j]
				return
			}
			next[j] = f.Add(f.Mul(level[2*j], nodes[2*j+1]), f.Mul(level[2*j+1], nodes[2*j]))
		})
		if err != nil {
			return nil, err
		}
		level = next
	}
	return clone(level[0]), nil
}
