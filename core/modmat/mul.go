package modmat

// Matrix multiplication over GF(p).
//
// The classical kernel forms each entry of C = A·B as one exact inner
// product of a row of A with a row of Bᵀ, both contiguous, reduced once
// (delayed reduction; see modular.DotAccumulate). Four entries are formed
// at a time from two rows of A and two of Bᵀ (a 2×2 register tile), which
// halves the loads per multiply-add; the columns of C are visited in
// blocks of bt rows that stay in the level-2 cache while all rows of A
// stream past them.
//
// Above strassenCrossover the Strassen–Winograd scheme (Winograd's 1971
// variant of Strassen's algorithm, 7 products and 15 additions of half-size
// blocks; see Boyer, Dumas, Pernet and Zhou, "Memory efficient scheduling
// of Strassen–Winograd's matrix multiplication algorithm", ISSAC 2009,
// Table 1) recurses on the quadrants, with odd dimensions peeled off into
// thin classical products. Large products split their rows of C across
// the cores.

import (
	"context"
	"math/bits"
	"runtime"
	"sync"

	"jacobian.dev/core/modular"
)

// strassenCrossover is the smallest dimension (min of the three) at which
// one Strassen–Winograd step beats the classical kernel. Measured on this
// machine (AMD EPYC Zen 5, one core, CPU time; BenchmarkStrassenCrossover
// gives the same figures when the machine is quiet), one step over the
// classical kernel: n = 256, 1.011; 384, 0.994; 512, 0.986; 640, 0.946;
// 1024, 0.946. The gain stays small because the classical kernel's cost
// per multiply-add hardly grows with n while the additions, temporaries
// and transposes of a step cost about thirty passes over a quadrant.
const strassenCrossover = 512

// parallelWork is the number of multiply-adds (m·k·n) from which a
// product splits its rows across the cores: about 4 ms of work, far more
// than the cost of starting a goroutine.
const parallelWork = 1 << 23

// columnBlock is the number of rows of Bᵀ (columns of C) kept hot while
// the rows of A stream past: 64 rows of up to 1024 words take 512 KiB.
const columnBlock = 64

// mulOp says how a product is combined with the destination.
type mulOp int

const (
	opSet mulOp = iota // C = A·B
	opAdd              // C = C + A·B
	opSub              // C = C − A·B
)

// Mul returns A·B over GF(p) for p < 2^62. It polls ctx between blocks of
// rows, so a long product stops promptly when ctx is done.
func Mul(ctx context.Context, a, b Matrix, m modular.Modulus) (Matrix, error) {
	if a.cols != b.rows {
		panic("modmat.Mul: inner dimensions differ")
	}
	mustModulus(m)
	c := New(a.rows, b.cols)
	return c, mulInto(ctx, c, a, b, m, opSet)
}

// MulSub sets C = C − A·B, the Schur-complement update of elimination.
func MulSub(ctx context.Context, c, a, b Matrix, m modular.Modulus) error {
	if a.cols != b.rows {
		panic("modmat.MulSub: inner dimensions differ")
	}
	mustShape("MulSub", c, a.rows, b.cols)
	mustModulus(m)
	return mulInto(ctx, c, a, b, m, opSub)
}

// MulClassical returns A·B by the classical kernel alone, for measuring
// the Strassen–Winograd crossover.
func MulClassical(a, b Matrix, m modular.Modulus) Matrix {
	if a.cols != b.rows {
		panic("modmat.MulClassical: inner dimensions differ")
	}
	mustModulus(m)
	c := New(a.rows, b.cols)
	mulClassical(c, a, b.Transpose(), m, opSet)
	return c
}

// mulInto combines C with A·B according to op.
func mulInto(ctx context.Context, c, a, b Matrix, m modular.Modulus, op mulOp) error {
	return mulWith(ctx, c, a, b, m, op, strassenCrossover)
}

// mulWith is mulInto with the Strassen–Winograd crossover as a parameter,
// so the tests can cross it at small sizes.
func mulWith(ctx context.Context, c, a, b Matrix, m modular.Modulus, op mulOp, crossover int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if c.rows == 0 || c.cols == 0 {
		return nil
	}
	if a.cols == 0 {
		if op == opSet {
			c.Zero()
		}
		return nil
	}
	if min(a.rows, a.cols, b.cols) >= crossover {
		return strassen(ctx, c, a, b, m, op, crossover)
	}
	bt := b.Transpose()
	work := a.rows * a.cols * b.cols
	workers := runtime.GOMAXPROCS(0)
	if work < parallelWork || workers < 2 || a.rows < 2*workers {
		return classicalPolling(ctx, c, a, bt, m, op)
	}
	// Row blocks of C, an even number of rows each for the 2×2 tiles.
	chunk := (a.rows/workers + 1) &^ 1
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		i0 := w * chunk
		i1 := min(a.rows, i0+chunk)
		if w == workers-1 {
			i1 = a.rows
		}
		if i0 >= i1 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = classicalPolling(ctx, c.Slice(i0, i1, 0, c.cols), a.Slice(i0, i1, 0, a.cols), bt, m, op)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// classicalPolling runs the classical kernel on blocks of rows of about
// 2^21 multiply-adds (a millisecond or two), polling ctx between them.
func classicalPolling(ctx context.Context, c, a, bt Matrix, m modular.Modulus, op mulOp) error {
	step := max(2, (1<<21/max(1, a.cols*bt.rows))&^1)
	for i0 := 0; i0 < a.rows; i0 += step {
		if err := ctx.Err(); err != nil {
			return err
		}
		i1 := min(a.rows, i0+step)
		mulClassical(c.Slice(i0, i1, 0, c.cols), a.Slice(i0, i1, 0, a.cols), bt, m, op)
	}
	return nil
}

// mulClassical combines C with A·B given bt = Bᵀ.
func mulClassical(c, a, bt Matrix, m modular.Modulus, op mulOp) {
	for j0 := 0; j0 < bt.rows; j0 += columnBlock {
		j1 := min(bt.rows, j0+columnBlock)
		i := 0
		for ; i+2 <= a.rows; i += 2 {
			a0, a1 := a.Row(i), a.Row(i+1)
			c0, c1 := c.Row(i), c.Row(i+1)
			j := j0
			for ; j+2 <= j1; j += 2 {
				acc := dot2x2(a0, a1, bt.Row(j), bt.Row(j+1))
				combine(&c0[j], m.Reduce192(acc[2], acc[1], acc[0]), m, op)
				combine(&c0[j+1], m.Reduce192(acc[5], acc[4], acc[3]), m, op)
				combine(&c1[j], m.Reduce192(acc[8], acc[7], acc[6]), m, op)
				combine(&c1[j+1], m.Reduce192(acc[11], acc[10], acc[9]), m, op)
			}
			if j < j1 {
				combine(&c0[j], m.Dot(a0, bt.Row(j)), m, op)
				combine(&c1[j], m.Dot(a1, bt.Row(j)), m, op)
			}
		}
		if i < a.rows {
			a0, c0 := a.Row(i), c.Row(i)
			for j := j0; j < j1; j++ {
				combine(&c0[j], m.Dot(a0, bt.Row(j)), m, op)
			}
		}
	}
}

func combine(dst *uint64, v uint64, m modular.Modulus, op mulOp) {
	switch op {
	case opSet:
		*dst = v
	case opAdd:
		*dst = modular.Add(*dst, v, m.P)
	default:
		*dst = modular.Sub(*dst, v, m.P)
	}
}

// dot2x2 returns the exact inner products of a0 and a1 with b0 and b1, as
// four (lo, hi, top) triples: a0·b0, a0·b1, a1·b0, a1·b1. Sixteen products
// of 62-bit residues add up to less than 2^128, so each chunk of sixteen
// terms is summed in two words and then added into the three-word totals.
func dot2x2(a0, a1, b0, b1 []uint64) (acc [12]uint64) {
	n := len(a0)
	a1, b0, b1 = a1[:n], b0[:n], b1[:n]
	for k0 := 0; k0 < n; k0 += 16 {
		k1 := min(k0+16, n)
		var h00, l00, h01, l01, h10, l10, h11, l11, c uint64
		for k := k0; k < k1; k++ {
			x, y := a0[k], a1[k]
			u, v := b0[k], b1[k]
			ph, pl := bits.Mul64(x, u)
			l00, c = bits.Add64(l00, pl, 0)
			h00, _ = bits.Add64(h00, ph, c)
			ph, pl = bits.Mul64(x, v)
			l01, c = bits.Add64(l01, pl, 0)
			h01, _ = bits.Add64(h01, ph, c)
			ph, pl = bits.Mul64(y, u)
			l10, c = bits.Add64(l10, pl, 0)
			h10, _ = bits.Add64(h10, ph, c)
			ph, pl = bits.Mul64(y, v)
			l11, c = bits.Add64(l11, pl, 0)
			h11, _ = bits.Add64(h11, ph, c)
		}
		acc[0], c = bits.Add64(acc[0], l00, 0)
		acc[1], c = bits.Add64(acc[1], h00, c)
		acc[2] += c
		acc[3], c = bits.Add64(acc[3], l01, 0)
		acc[4], c = bits.Add64(acc[4], h01, c)
		acc[5] += c
		acc[6], c = bits.Add64(acc[6], l10, 0)
		acc[7], c = bits.Add64(acc[7], h10, c)
		acc[8] += c
		acc[9], c = bits.Add64(acc[9], l11, 0)
		acc[10], c = bits.Add64(acc[10], h11, c)
		acc[11] += c
	}
	// The totals count whole 2^128 overflows in the third word; Reduce192
	// reads it in units of 2^126.
	for t := 0; t < 12; t += 3 {
		acc[t+2] = acc[t+2]<<2 | acc[t+1]>>62
		acc[t+1] &= 1<<62 - 1
	}
	return acc
}

// strassen combines C with A·B by one Strassen–Winograd step on the even
// parts and classical products for the odd borders.
func strassen(ctx context.Context, c, a, b Matrix, m modular.Modulus, op mulOp, crossover int) error {
	mr, kr, nr := a.rows&^1, a.cols&^1, b.cols&^1
	h, kh, w := mr/2, kr/2, nr/2
	p := m.P
	a11, a12 := a.Slice(0, h, 0, kh), a.Slice(0, h, kh, kr)
	a21, a22 := a.Slice(h, mr, 0, kh), a.Slice(h, mr, kh, kr)
	b11, b12 := b.Slice(0, kh, 0, w), b.Slice(0, kh, w, nr)
	b21, b22 := b.Slice(kh, kr, 0, w), b.Slice(kh, kr, w, nr)

	// Winograd's schedule: S and T sums, seven products, U sums.
	s1 := addM(a21, a22, p)
	s2 := subM(s1, a11, p)
	s3 := subM(a11, a21, p)
	s4 := subM(a12, s2, p)
	t1 := subM(b12, b11, p)
	t2 := subM(b22, t1, p)
	t3 := subM(b22, b12, p)
	t4 := subM(t2, b21, p)
	var prods [7]Matrix
	factors := [7][2]Matrix{{a11, b11}, {a12, b21}, {s4, b22}, {a22, t4}, {s1, t1}, {s2, t2}, {s3, t3}}
	for i, f := range factors {
		prods[i] = New(h, w)
		if err := mulWith(ctx, prods[i], f[0], f[1], m, opSet, crossover); err != nil {
			return err
		}
	}
	p1, p2, p3, p4, p5, p6, p7 := prods[0], prods[1], prods[2], prods[3], prods[4], prods[5], prods[6]
	u2 := addM(p1, p6, p)
	u3 := addM(u2, p7, p)
	u4 := addM(u2, p5, p)
	quads := [4]struct{ dst, val Matrix }{
		{c.Slice(0, h, 0, w), addM(p1, p2, p)},
		{c.Slice(0, h, w, nr), addM(u4, p3, p)},
		{c.Slice(h, mr, 0, w), subM(u3, p4, p)},
		{c.Slice(h, mr, w, nr), addM(u3, p5, p)},
	}
	for _, q := range quads {
		combineM(q.dst, q.val, p, op)
	}
	// Odd borders: the last column of A times the last row of B on the
	// even block, then the last column and the last row of C.
	if kr < a.cols {
		if err := mulInto(ctx, c.Slice(0, mr, 0, nr), a.Slice(0, mr, kr, a.cols), b.Slice(kr, b.rows, 0, nr), m, continueOp(op)); err != nil {
			return err
		}
	}
	if nr < b.cols {
		if err := mulInto(ctx, c.Slice(0, mr, nr, c.cols), a.Slice(0, mr, 0, a.cols), b.Slice(0, b.rows, nr, b.cols), m, op); err != nil {
			return err
		}
	}
	if mr < a.rows {
		if err := mulInto(ctx, c.Slice(mr, c.rows, 0, c.cols), a.Slice(mr, a.rows, 0, a.cols), b, m, op); err != nil {
			return err
		}
	}
	return nil
}

// continueOp is the operation that adds a further term to a block already
// combined by op: opSet and opAdd continue with opAdd, opSub with opSub.
func continueOp(op mulOp) mulOp {
	if op == opSub {
		return opSub
	}
	return opAdd
}

func addM(x, y Matrix, p uint64) Matrix {
	z := New(x.rows, x.cols)
	for i := range x.rows {
		zr, xr, yr := z.Row(i), x.Row(i), y.Row(i)
		for j := range zr {
			zr[j] = modular.Add(xr[j], yr[j], p)
		}
	}
	return z
}

func subM(x, y Matrix, p uint64) Matrix {
	z := New(x.rows, x.cols)
	for i := range x.rows {
		zr, xr, yr := z.Row(i), x.Row(i), y.Row(i)
		for j := range zr {
			zr[j] = modular.Sub(xr[j], yr[j], p)
		}
	}
	return z
}

func combineM(dst, val Matrix, p uint64, op mulOp) {
	for i := range dst.rows {
		d, v := dst.Row(i), val.Row(i)
		switch op {
		case opSet:
			copy(d, v)
		case opAdd:
			for j := range d {
				d[j] = modular.Add(d[j], v[j], p)
			}
		default:
			for j := range d {
				d[j] = modular.Sub(d[j], v[j], p)
			}
		}
	}
}
