package polynomial

// Multifactor Hensel lifting (von zur Gathen and Gerhard, Modern Computer
// Algebra, 3rd ed., Algorithm 15.17, with the quadratic Hensel step of
// Algorithm 15.10). The monic factors g_1, …, g_r of f/lc(f) modulo p sit
// at the leaves of a balanced binary tree; each inner node holds the
// product of its children, g·h, with Bézout cofactors s·g + t·h ≡ 1. One
// step lifts the whole tree from modulus m to m′ | m²: at the root the
// target is f/lc(f) mod m′, and at each node, with e = F − g·h,
//
//	s·e = q·h + r,  g* = g + t·e + q·g,  h* = h + r  (mod m′),
//
// so that F ≡ g*·h* mod m′ with h* monic of the same degree; the
// cofactors are lifted the same way (b = s·g* + t·h* − 1, s·b = c·h* + d,
// s* = s − d, t* = t − t·b − c·g*), except at the last step, and the
// children are lifted towards g* and h*. The moduli are p^a, p^⌈a/2⌉,
// p^⌈a/4⌉, … taken from the smallest (MCA §15.4), so the cost is a
// constant times that of the last step.

import (
	"context"
	"math/big"
	"sync"

	"jacobian.dev/core/gfpoly"
	czpoly "jacobian.dev/core/zpoly"
)

// henselNode is one node of the lifting tree: a monic polynomial modulo
// the current modulus, and for an inner node its children with cofactors
// s·left + t·right ≡ 1; in words (wpoly, ws, wt) while the modulus fits
// one (factor_hensel_word.go), in big integers after.
type henselNode struct {
	poly        zpoly
	left, right *henselNode
	s, t        zpoly
	wpoly       []uint64
	ws, wt      []uint64
}

// modPoly reduces every coefficient of a into [0, m) and trims.
func modPoly(a zpoly, m *big.Int) zpoly {
	out := make(zpoly, len(a))
	for i, x := range a {
		out[i] = new(big.Int).Mod(x, m)
	}
	return ztrim(out)
}

// modInPlace reduces every coefficient of a into [0, m) in place and trims.
// One quotient is reused across the coefficients: Int.Mod would allocate
// one per call.
func modInPlace(a zpoly, m *big.Int) zpoly {
	var q big.Int
	for _, x := range a {
		if x.Sign() < 0 || x.Cmp(m) >= 0 {
			q.QuoRem(x, m, x)
			if x.Sign() < 0 {
				x.Add(x, m)
			}
		}
	}
	return ztrim(a)
}

func mulModM(ctx context.Context, a, b zpoly, m *big.Int) (zpoly, error) {
	c, err := czpoly.MulContext(ctx, a, b)
	if err != nil {
		return nil, err
	}
	return modInPlace(c, m), nil
}

// divRemMonicM divides a by the monic b modulo m (coefficients in [0, m)),
// schoolbook, overwriting a with working values: a must be a temporary.
func divRemMonicM(a, b zpoly, m *big.Int) (q, r zpoly) {
	if len(a) < len(b) {
		return nil, a
	}
	r = a
	q = make(zpoly, len(a)-len(b)+1)
	db := b.deg()
	var t, u big.Int
	for i := len(a) - 1; i >= db; i-- {
		c := r[i]
		u.QuoRem(c, m, c)
		if c.Sign() < 0 {
			c.Add(c, m)
		}
		q[i-db] = c
		if c.Sign() == 0 {
			continue
		}
		for j := 0; j < db; j++ {
			r[i-db+j].Sub(r[i-db+j], t.Mul(c, b[j]))
		}
	}
	return ztrim(q), modInPlace(r[:db:db], m)
}

// subFromInPlace is a − b for a and b with coefficients in [0, m),
// written over b (extended when a is longer): b must be a temporary.
func subFromInPlace(a, b zpoly, m *big.Int) zpoly {
	for len(b) < len(a) {
		b = append(b, new(big.Int))
	}
	for i, y := range b {
		if i < len(a) {
			y.Sub(a[i], y)
		} else {
			y.Neg(y)
		}
		if y.Sign() < 0 {
			y.Add(y, m)
		}
	}
	return ztrim(b)
}

// subInPlace is a − b for a and b with coefficients in [0, m), written
// over a (extended when b is longer): a must be a temporary.
func subInPlace(a, b zpoly, m *big.Int) zpoly {
	for len(a) < len(b) {
		a = append(a, new(big.Int))
	}
	for i, y := range b {
		a[i].Sub(a[i], y)
		if a[i].Sign() < 0 {
			a[i].Add(a[i], m)
		}
	}
	return ztrim(a)
}

// addInPlace is a + b for a and b with coefficients in [0, m), written
// over a (extended when b is longer): a must be a temporary.
func addInPlace(a, b zpoly, m *big.Int) zpoly {
	for i, y := range b {
		if i >= len(a) {
			a = append(a, new(big.Int).Set(y))
			continue
		}
		a[i].Add(a[i], y)
		if a[i].Cmp(m) >= 0 {
			a[i].Sub(a[i], m)
		}
	}
	return ztrim(a)
}

// toZ lifts a polynomial over GF(p) to Z[x], coefficients in [0, p).
func toZ(a []uint64) zpoly {
	out := make(zpoly, len(a))
	for i, x := range a {
		out[i] = new(big.Int).SetUint64(x)
	}
	return out
}

// fromZ reduces a modulo p.
func fromZ(a zpoly, p uint64) []uint64 { return reduceMod(a, p) }

// buildHensel builds the lifting tree of the monic factors modulo p, in
// words.
func buildHensel(F *gfpoly.Field, factors [][]uint64) *henselNode {
	if len(factors) == 1 {
		return &henselNode{wpoly: factors[0]}
	}
	// Split by degree so the two halves have about the same degree.
	total := 0
	for _, g := range factors {
		total += gfpoly.Degree(g)
	}
	k, acc := 0, 0
	for k < len(factors)-1 && (k == 0 || 2*(acc+gfpoly.Degree(factors[k])) <= total) {
		acc += gfpoly.Degree(factors[k])
		k++
	}
	left, right := buildHensel(F, factors[:k]), buildHensel(F, factors[k:])
	lp, rp := left.wpoly, right.wpoly
	_, s, t := F.XGCD(lp, rp)
	return &henselNode{wpoly: F.Mul(lp, rp), left: left, right: right, ws: s, wt: t}
}

// parallelDegree is the node degree from which the two subtrees of a
// lifting step run concurrently.
const parallelDegree = 48

// lift lifts the subtree at n from modulus m to m2 | m², with target f
// (monic, f ≡ n.poly mod m); the cofactors are lifted when liftST.
func (n *henselNode) lift(ctx context.Context, f zpoly, m2 *big.Int, liftST bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	n.poly = f
	if n.left == nil {
		return nil
	}
	g, h := n.left.poly, n.right.poly
	gh, err := mulModM(ctx, g, h, m2)
	if err != nil {
		return err
	}
	e := subFromInPlace(f, gh, m2)
	se, err := mulModM(ctx, n.s, e, m2)
	if err != nil {
		return err
	}
	q, r := divRemMonicM(se, h, m2)
	te, err := mulModM(ctx, n.t, e, m2)
	if err != nil {
		return err
	}
	qg, err := mulModM(ctx, q, g, m2)
	if err != nil {
		return err
	}
	gs := addInPlace(addInPlace(te, g, m2), qg, m2)
	hs := addInPlace(r, h, m2)
	if liftST {
		sg, err := mulModM(ctx, n.s, gs, m2)
		if err != nil {
			return err
		}
		th, err := mulModM(ctx, n.t, hs, m2)
		if err != nil {
			return err
		}
		b := subInPlace(addInPlace(sg, th, m2), zpoly{big.NewInt(1)}, m2)
		sb, err := mulModM(ctx, n.s, b, m2)
		if err != nil {
			return err
		}
		c, d := divRemMonicM(sb, hs, m2)
		tb, err := mulModM(ctx, n.t, b, m2)
		if err != nil {
			return err
		}
		cg, err := mulModM(ctx, c, gs, m2)
		if err != nil {
			return err
		}
		n.s = subFromInPlace(n.s, d, m2)
		n.t = subInPlace(subFromInPlace(n.t, tb, m2), cg, m2)
	}
	if f.deg() < parallelDegree {
		if err := n.left.lift(ctx, gs, m2, liftST); err != nil {
			return err
		}
		return n.right.lift(ctx, hs, m2, liftST)
	}
	var wg sync.WaitGroup
	var lerr error
	wg.Go(func() { lerr = n.left.lift(ctx, gs, m2, liftST) })
	rerr := n.right.lift(ctx, hs, m2, liftST)
	wg.Wait()
	if lerr != nil {
		return lerr
	}
	return rerr
}

// leaves appends the leaf polynomials in order.
func (n *henselNode) leaves(out []zpoly) []zpoly {
	if n.left == nil {
		return append(out, n.poly)
	}
	return n.right.leaves(n.left.leaves(out))
}

// henselLift lifts the monic factorization f ≡ lc(f)·∏ g_i mod p to
// modulus p^a: it returns monic polynomials G_i ≡ g_i mod p with
// f ≡ lc(f)·∏ G_i mod p^a, coefficients in [0, p^a), in the order of
// factors, and p^a. The steps whose modulus fits a word run in words
// (factor_hensel_word.go).
func henselLift(ctx context.Context, F *gfpoly.Field, f zpoly, factors [][]uint64, a int) ([]zpoly, *big.Int, error) {
	return henselLiftIn(ctx, F, f, factors, a, true)
}

// henselLiftBig is henselLift with every step in big integers: the
// reference the word steps are tested against.
func henselLiftBig(ctx context.Context, F *gfpoly.Field, f zpoly, factors [][]uint64, a int) ([]zpoly, *big.Int, error) {
	return henselLiftIn(ctx, F, f, factors, a, false)
}

func henselLiftIn(ctx context.Context, F *gfpoly.Field, f zpoly, factors [][]uint64, a int, words bool) ([]zpoly, *big.Int, error) {
	p := new(big.Int).SetUint64(F.Modulus())
	root := buildHensel(F, factors)
	// The exponents a, ⌈a/2⌉, ⌈a/4⌉, … > 1, taken from the smallest: each
	// at most twice the one before, and each step no further than the
	// next needs (doubling from 1 would overshoot to the power of two
	// above a/2 before the last step).
	var exps []int
	for e := a; e > 1; e = (e + 1) / 2 {
		exps = append(exps, e)
	}
	i := len(exps) - 1
	for ; words && i >= 0 && fitsWord(F.Modulus(), exps[i]); i-- {
		m2 := wpow(F.Modulus(), exps[i])
		inv := new(big.Int).ModInverse(f.lc(), new(big.Int).SetUint64(m2))
		target := reduceMod(zscale(f, inv), m2)
		if err := root.liftWord(ctx, target, m2, i > 0); err != nil {
			return nil, nil, err
		}
	}
	root.toBig()
	for ; i >= 0; i-- {
		m2 := new(big.Int).Exp(p, big.NewInt(int64(exps[i])), nil)
		inv := new(big.Int).ModInverse(f.lc(), m2)
		target := modPoly(zscale(f, inv), m2)
		if err := root.lift(ctx, target, m2, i > 0); err != nil {
			return nil, nil, err
		}
	}
	return root.leaves(nil), new(big.Int).Exp(p, big.NewInt(int64(a)), nil), nil
}
