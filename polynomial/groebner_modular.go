package polynomial

// Reduced Gröbner bases over Q by modular computation.
//
// # The algorithm
//
// For all but finitely many primes p (the "lucky" ones), the reduced
// Gröbner basis of an ideal I ⊆ Q[x] maps, coefficient by coefficient,
// onto the reduced Gröbner basis of the image of I modulo p (Arnold,
// "Modular algorithms for computing Gröbner bases", J. Symbolic
// Computation 35 (2003) 403–419). So the basis over Q is found as the
// basis modulo word-size primes (F4, groebner_f4.go), combined by the
// Chinese remainder theorem while the images share their support, and
// lifted to rationals by rational reconstruction (Wang's algorithm,
// modular.RationalReconstructBounds, numerators and denominators each
// below √(M/2) for the product M of the primes). A reconstruction is
// taken as final when the image of the next prime agrees with it; an
// image whose support differs from the others' comes from an unlucky
// prime and is set aside, unless such images outnumber the others.
//
// The result is then verified over Q, independently of the primes:
// Buchberger's criterion (every S-polynomial of the pairs the
// Gebauer–Möller update keeps reduces to zero, by top reductions over
// Z) shows that it is a Gröbner basis, and every generator reducing to
// zero shows that it contains the ideal. That it lies in the ideal is
// the agreement modulo the extra prime (a basis of a larger ideal
// agrees only when that prime divides a difference of coefficients).
// When reconstruction does not stabilise within modularMaxPrimes primes
// or the verification fails, the caller falls back on Buchberger's
// algorithm over Q.
//
// Over Q the coefficients of intermediate polynomials swell far beyond
// those of the final basis (most of all in lex and elimination orders),
// while modulo p every coefficient is one word; the number of primes
// follows the size of the answer alone.

import (
	"context"
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"jacobian.dev/core/modular"
)

// modularMaxPrimes bounds the primes of one modular computation, about
// 15,000 bits of modulus: enough for coefficients of 3,500 digits over
// numerator and denominator.
const modularMaxPrimes = 256

// fpolyOf is f modulo p, monic, its sugar the total degree; false when p
// divides a denominator or the leading coefficient.
func fpolyOf(f mpoly, p uint64) (*fpoly, bool) {
	out := &fpoly{}
	for _, t := range f {
		c, ok := modular.ReduceRat(t.c, p)
		if !ok {
			return nil, false
		}
		out.sugar = max(out.sugar, t.m[0])
		if c != 0 {
			out.m = append(out.m, t.m)
			out.c = append(out.c, c)
		}
	}
	if len(f) > 0 && (len(out.m) == 0 || !monoEqual(out.m[0], f[0].m)) {
		return nil, false
	}
	if len(out.c) > 0 {
		inv, _ := modular.Inverse(out.c[0], p)
		for k := range out.c {
			out.c[k] = modular.Mul(out.c[k], inv, p)
		}
		out.mask = divMask(out.m[0])
	}
	return out, true
}

// groebnerF4ModP is the reduced Gröbner basis of the generators' images
// modulo p by F4; false when p divides a denominator or a leading
// coefficient of a generator.
func groebnerF4ModP(ctx context.Context, gens []mpoly, o monoOrder, n int, p uint64) ([]*fpoly, bool, error) {
	var in []*fpoly
	for _, f := range gens {
		if len(f) == 0 {
			continue
		}
		g, ok := fpolyOf(f, p)
		if !ok {
			return nil, false, nil
		}
		in = append(in, g)
	}
	G, err := groebnerF4(ctx, in, o, n, p)
	return G, err == nil, err
}

// sameSupport reports whether two bases have the same monomials, element
// by element.
func sameSupport(a, b []*fpoly) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i].m) != len(b[i].m) {
			return false
		}
		for k := range a[i].m {
			if !monoEqual(a[i].m[k], b[i].m[k]) {
				return false
			}
		}
	}
	return true
}

// crtBasis accumulates the coefficients of images with one support by
// the Chinese remainder theorem, all modulo the same product M.
type crtBasis struct {
	shape  []*fpoly
	values [][]*big.Int // in [0, M)
	M      *big.Int
	primes int
	// failedAt is where the last reconstruction stopped: the next one
	// starts there, where failure is likeliest.
	failedAt [2]int
	nextTry  int // the number of primes of the next reconstruction
}

func newCRTBasis(img []*fpoly, p uint64) *crtBasis {
	b := &crtBasis{shape: img, M: new(big.Int).SetUint64(p), primes: 1}
	b.values = make([][]*big.Int, len(img))
	for i, g := range img {
		b.values[i] = make([]*big.Int, len(g.c))
		for k, c := range g.c {
			b.values[i][k] = new(big.Int).SetUint64(c)
		}
	}
	return b
}

// add combines an image of the same support modulo a new prime p.
func (b *crtBasis) add(img []*fpoly, p uint64) {
	mInv, _ := modular.Inverse(modular.ReduceWords(b.M, p), p)
	var step, t big.Int
	for i, g := range img {
		for k, c := range g.c {
			v := b.values[i][k]
			// v + M·((c − v)·M⁻¹ mod p)
			x := modular.Mul(modular.Sub(c, modular.ReduceWords(v, p), p), mInv, p)
			if x != 0 {
				v.Add(v, step.Mul(b.M, t.SetUint64(x)))
			}
		}
	}
	b.M.Mul(b.M, t.SetUint64(p))
	b.primes++
}

// reconstruct lifts every coefficient to a rational with numerator and
// denominator below √(M/2), or reports false (also when ctx is done). The
// coefficients are independent: every core lifts them, the first failure
// stopping all.
func (b *crtBasis) reconstruct(ctx context.Context) ([]mpoly, bool) {
	bound := new(big.Int).Rsh(b.M, 1)
	bound.Sqrt(bound)
	lift := func(i, k int) (*big.Rat, bool) {
		num, den, ok := modular.RationalReconstructBounds(b.values[i][k], b.M, bound, bound)
		if !ok {
			return nil, false
		}
		return new(big.Rat).SetFrac(num, den), true
	}
	if i, k := b.failedAt[0], b.failedAt[1]; i < len(b.values) && k < len(b.values[i]) {
		if _, ok := lift(i, k); !ok {
			return nil, false
		}
	}
	out := make([]mpoly, len(b.shape))
	var all [][2]int
	for i, g := range b.shape {
		out[i] = make(mpoly, len(g.m))
		for k := range g.m {
			all = append(all, [2]int{i, k})
		}
	}
	var mu sync.Mutex
	whole, err := parallelUntil(ctx, len(all), func(_ context.Context, at int) (bool, error) {
		i, k := all[at][0], all[at][1]
		c, ok := lift(i, k)
		if !ok {
			mu.Lock()
			b.failedAt = [2]int{i, k}
			mu.Unlock()
			return false, nil
		}
		out[i][k] = qterm{b.shape[i].m[k], c}
		return true, nil
	})
	if !whole || err != nil {
		return nil, false
	}
	return out, true
}

// imageMatches reports whether the basis G over Q maps onto img modulo
// p, term by term.
func imageMatches(G []mpoly, img []*fpoly, p uint64) bool {
	if len(G) != len(img) {
		return false
	}
	for i, g := range G {
		if len(g) != len(img[i].m) {
			return false
		}
		for k, t := range g {
			c, ok := modular.ReduceRat(t.c, p)
			if !ok || c != img[i].c[k] || !monoEqual(t.m, img[i].m[k]) {
				return false
			}
		}
	}
	return true
}

// groebnerModular is the reduced Gröbner basis of the ideal over Q by
// F4 modulo primes, reconstruction and verification; false when it
// could not conclude (the caller then runs Buchberger's algorithm).
func groebnerModular(ctx context.Context, gens []mpoly, o monoOrder, n int) ([]mpoly, bool, error) {
	ps := newPrimes()
	im := newModularImager(gens, o, n)
	var acc *crtBasis
	var candidate []mpoly
	outvoted := 0 // images with another support than acc's, since acc began
	for used := 0; used < modularMaxPrimes; {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		// The images are independent: once the first has decided how
		// they are computed, they come in batches, one per core.
		batch := make([]uint64, 1)
		if im.decided {
			batch = make([]uint64, min(runtime.GOMAXPROCS(0), modularMaxPrimes-used))
		}
		for k := range batch {
			batch[k] = ps.take()
		}
		used += len(batch)
		imgs, oks, err := im.images(ctx, batch)
		if err != nil {
			return nil, false, err
		}
		for k, img := range imgs {
			p := batch[k]
			if !oks[k] {
				continue
			}
			if candidate != nil {
				if imageMatches(candidate, img, p) {
					ok, err := verifyGroebnerQ(ctx, o, n, gens, candidate)
					if err != nil || !ok {
						return nil, false, err
					}
					return candidate, true, nil
				}
				candidate = nil
			}
			switch {
			case acc == nil:
				acc = newCRTBasis(img, p)
			case sameSupport(acc.shape, img):
				acc.add(img, p)
			default:
				outvoted++
				if outvoted > acc.primes {
					acc, outvoted = newCRTBasis(img, p), 0
				}
				continue
			}
			// A failed reconstruction costs an extended Euclid on the
			// modulus (5 ms at 400 primes): it is tried again only when
			// the primes have grown by a sixteenth, at most that many
			// primes too many for far fewer attempts.
			if acc.primes >= acc.nextTry {
				candidate, _ = acc.reconstruct(ctx)
				acc.nextTry = acc.primes + max(1, acc.primes/16)
			}
		}
	}
	return nil, false, nil
}

// modularImager computes the reduced basis modulo one prime: by F4 in
// the order itself, or, for a zero-dimensional ideal in lex or an
// elimination order, by F4 in grevlex and the change of order
// (groebner_fglm.go), which the first prime decides.
type modularImager struct {
	gens, grevlexGens []mpoly
	o                 monoOrder
	n                 int
	decided, direct   bool
}

func newModularImager(gens []mpoly, o monoOrder, n int) *modularImager {
	m := &modularImager{gens: gens, o: o, n: n, direct: o.kind == OrderGrevlex || n < 2}
	m.decided = m.direct
	if !m.direct {
		m.grevlexGens = reorder(monoOrder{kind: OrderGrevlex}, gens)
	}
	return m
}

// image is the reduced basis modulo p; false when p divides a
// denominator or a leading coefficient of a generator, or when the change
// of order fails for p alone (an unlucky prime).
func (m *modularImager) image(ctx context.Context, p uint64) ([]*fpoly, bool, error) {
	if !m.direct {
		G, ok, err := groebnerF4ModP(ctx, m.grevlexGens, monoOrder{kind: OrderGrevlex}, m.n, p)
		if err != nil || !ok {
			return nil, false, err
		}
		img, ok, err := fglmModP(ctx, G, m.o, m.n, p)
		switch {
		case err != nil:
			return nil, false, err
		case ok:
			if !m.decided { // written only before the batches begin
				m.decided = true
			}
			return img, true, nil
		case m.decided:
			return nil, false, nil
		}
		// Positive-dimensional, or R/I too large: F4 in the order.
		m.decided, m.direct = true, true
	}
	return groebnerF4ModP(ctx, m.gens, m.o, m.n, p)
}

// images is the reduced basis modulo each prime, with image's verdict
// for it, computed on every core (a batch of more than one prime comes
// only once the first image has decided the method, after which image
// only reads the imager).
func (m *modularImager) images(ctx context.Context, ps []uint64) ([][]*fpoly, []bool, error) {
	out, oks := make([][]*fpoly, len(ps)), make([]bool, len(ps))
	_, err := parallelUntil(ctx, len(ps), func(ctx context.Context, k int) (bool, error) {
		var err error
		out[k], oks[k], err = m.image(ctx, ps[k])
		return true, err
	})
	return out, oks, err
}

// reorder is the polynomials with their terms sorted in the order o.
func reorder(o monoOrder, gens []mpoly) []mpoly {
	out := make([]mpoly, len(gens))
	for i, g := range gens {
		out[i] = slices.Clone(g)
		o.sortTerms(out[i])
	}
	return out
}

// verifyGroebnerQ reports whether G, monic with distinct leading
// monomials none dividing another, is a Gröbner basis of an ideal
// containing the generators: every S-polynomial of the pairs the
// Gebauer–Möller update keeps reduces to zero over Z by top reductions
// (Buchberger's criterion), and so does every generator.
func verifyGroebnerQ(ctx context.Context, o monoOrder, n int, gens, G []mpoly) (bool, error) {
	Z := make([]*zmpoly, len(G))
	for i, g := range G {
		z := primitiveZ(g)
		Z[i] = &z
	}
	var in []zmpoly
	for _, f := range gens {
		if len(f) > 0 {
			in = append(in, primitiveZ(f))
		}
	}
	return verifyGroebner(ctx, &gbEngine{o: o, n: n}, Z, in)
}

// verifyGroebner is verifyGroebnerQ on normalized polynomials of the
// engine's ring, over Z or over GF(p).
func verifyGroebner(ctx context.Context, e *gbEngine, Z []*zmpoly, gens []zmpoly) (bool, error) {
	ps := &pairSet{lm: func(i int) []int32 { return Z[i].t[0].m }, sugar: func(i int) int32 { return Z[i].sugar }}
	for i := range Z {
		ps.add(i)
	}
	if len(ps.G) != len(Z) {
		return false, nil // a leading monomial divides another's
	}
	// The reductions share only the basis, which they read: they run on
	// every core, the first nonzero remainder or error stopping them all.
	var tasks []func() zmpoly
	for _, q := range ps.B {
		tasks = append(tasks, func() zmpoly { return e.spoly(Z[q.i], Z[q.j]) })
	}
	for _, f := range gens {
		tasks = append(tasks, func() zmpoly { return f })
	}
	zero, err := parallelUntil(ctx, len(tasks), func(ctx context.Context, k int) (bool, error) {
		r, err := e.reduce(ctx, tasks[k](), Z, false)
		return err == nil && len(r.t) == 0, err
	})
	if err != nil && ctx.Err() == nil {
		// Not a cancellation: never read as "reduces to zero".
		return false, fmt.Errorf("verifying the Gröbner basis: %w", err)
	}
	return zero, err
}

// parallelUntil runs task(k) for k = 0, 1, …, count − 1 on GOMAXPROCS
// workers until one returns false or an error, which cancels the context
// the others run under. A panic in a task is its error (it would
// otherwise escape the runtime's guard, which watches the operation's
// goroutine only). It reports whether every task returned true, and the
// first error, or the caller's context's.
func parallelUntil(ctx context.Context, count int, task func(ctx context.Context, k int) (bool, error)) (bool, error) {
	inner, cancel := context.WithCancel(ctx)
	defer cancel()
	type failure struct{ err error } // one concrete type for atomic.Value
	var next atomic.Int64
	var stopped atomic.Bool
	var failed atomic.Value
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), count) {
		wg.Go(func() {
			defer func() {
				if r := recover(); r != nil {
					failed.CompareAndSwap(nil, failure{fmt.Errorf("%v", r)})
					cancel()
				}
			}()
			for {
				k := int(next.Add(1)) - 1
				if k >= count || inner.Err() != nil {
					return
				}
				ok, err := task(inner, k)
				switch {
				case err != nil && inner.Err() == nil:
					failed.CompareAndSwap(nil, failure{err})
					cancel()
				case err == nil && !ok:
					stopped.Store(true)
					cancel()
				}
			}
		})
	}
	wg.Wait()
	if f, ok := failed.Load().(failure); ok {
		return false, f.err
	}
	if stopped.Load() {
		return false, nil
	}
	// Only the caller's context can have stopped a task now.
	return ctx.Err() == nil, ctx.Err()
}
