package gfpoly

import (
	"math/bits"

	"jacobian.dev/core/modular"
)

// Columns is a t×n matrix over GF(p) for applying it to many coefficient
// vectors at once: the (chunks × t)·(t × n) product of Brent and Kung's
// modular composition (J. ACM 25 (1978), Algorithm 2.1; MCA §12.2), whose
// rows are the powers a^0, …, a^(t−1) mod g and whose left factor holds
// the chunks of t coefficients of the polynomial composed.
//
// While t·(p − 1)² < 2^64 the sums fit a word and CombineRows takes the
// rows, eight a pass. Beyond, the matrix is stored by columns and each
// output word is a dot product of a column, t contiguous words, with a
// chunk, accumulated in registers for two chunks at a time and reduced
// once, so that a column is read from memory once for two chunks and no
// partial sum goes through memory (CombineRows's wide path loads and
// stores a triple-word sum for every product). The sums are exact until
// that reduction, in the narrowest form the bound allows: for p < 2^32,
// one-word sums of four products added into double words while
// 4(p − 1)² < 2^64, otherwise one carry a product; beyond 2^32 triple
// words (modular.ProductSum's form) of full 128-bit products, summed on
// amd64 by an assembly kernel (dotThreeWord2). For a 843 × 10000 table
// and its 12 chunks (BenchmarkColumnsCombine): 71 against 239 ms for
// p = 2^31 − 1 and 108 against 214 ms for p = 2^61 − 1 with the Go loop;
// the kernel then took 111 against the Go loop's 180 ms (GOMAXPROCS=1,
// least of five alternated runs on the loaded machine).
// Like a Modulus it is immutable and safe for concurrent use.
type Columns struct {
	t, n int
	// stride is t rounded up to a multiple of four, the length of a
	// column in col (zero-padded) and of a chunk as Combine reads it.
	stride int
	p      uint64
	col    []uint64 // entry (i, j) at col[j·stride + i]; nil in oneWord mode
	// rows is the matrix by rows in oneWord mode, where CombineRows's
	// passes of eight rows, one word each, beat the dot products (2.5
	// against 2.9 ms for 9 chunks of a 248 × 2000 table over GF(10007),
	// BenchmarkColumnsCombine).
	rows [][]uint64
	mode columnsMode
}

type columnsMode int

const (
	oneWord   columnsMode = iota // t·(p − 1)² < 2^64
	fourCarry                    // 4·(p − 1)² < 2^64
	oneCarry                     // (p − 1)² < 2^64
	threeWord                    // anything below 2^64
)

// NewColumns returns the matrix whose rows are rows (t of them, entries
// residues below p, none longer than n), by columns.
func NewColumns(rows [][]uint64, n int, p uint64) *Columns {
	t := len(rows)
	c := &Columns{t: t, n: n, stride: (t + 3) &^ 3, p: p}
	hi, sq := bits.Mul64(p-1, p-1)
	wide, _ := bits.Mul64(sq, uint64(t))
	four, _ := bits.Mul64(sq, 4)
	switch {
	case hi == 0 && wide == 0:
		c.mode = oneWord
		c.rows = rows
		return c
	case hi == 0 && four == 0:
		c.mode = fourCarry
	case hi == 0:
		c.mode = oneCarry
	default:
		c.mode = threeWord
	}
	c.col = make([]uint64, n*c.stride)
	for i, r := range rows {
		for j, x := range r {
			c.col[j*c.stride+i] = x
		}
	}
	return c
}

// Rows returns t, the number of rows: the longest coefficient vector
// Combine takes.
func (c *Columns) Rows() int { return c.t }

// Chunk returns a coefficient vector of Combine's length (the rows
// rounded up to a multiple of four) holding coefs (at most Rows() words)
// followed by zeros.
func (c *Columns) Chunk(coefs []uint64) []uint64 {
	out := make([]uint64, c.stride)
	copy(out, coefs[:min(len(coefs), c.t)])
	return out
}

// Combine returns Σ_i chunk[i]·row_i mod p, trimmed, for each of the
// chunks (each from Chunk): the product of the chunks, as the rows of a
// matrix, by this one.
func (c *Columns) Combine(chunks [][]uint64) [][]uint64 {
	out := make([][]uint64, len(chunks))
	if c.mode == oneWord {
		for k, a := range chunks {
			out[k] = CombineRows(a[:c.t], c.rows, c.n, c.p)
		}
		return out
	}
	for k := range out {
		out[k] = make([]uint64, c.n)
	}
	k := 0
	switch c.mode {
	case fourCarry:
		for ; k+1 < len(chunks); k += 2 {
			c.fourCarry2(chunks[k], chunks[k+1], out[k], out[k+1])
		}
		if k < len(chunks) {
			c.fourCarry2(chunks[k], chunks[k], out[k], out[k])
		}
	case oneCarry:
		for ; k < len(chunks); k++ {
			c.oneCarry1(chunks[k], out[k])
		}
	default:
		for ; k+1 < len(chunks); k += 2 {
			c.threeWord2(chunks[k], chunks[k+1], out[k], out[k+1])
		}
		if k < len(chunks) {
			c.threeWord2(chunks[k], chunks[k], out[k], out[k])
		}
	}
	for k := range out {
		out[k] = trim(out[k])
	}
	return out
}

// fourCarry2 sums four products in a word, then carries into a double
// word, for two chunks (a == b computes one chunk twice, harmlessly).
func (c *Columns) fourCarry2(a, b, oa, ob []uint64) {
	p, s := c.p, c.stride
	a, b = a[:s], b[:s]
	for j := range c.n {
		col := c.col[j*s : j*s+s]
		var la, ha, lb, hb, cy uint64
		for i := 0; i+3 < len(col); i += 4 {
			x0, x1, x2, x3 := col[i], col[i+1], col[i+2], col[i+3]
			sa := a[i]*x0 + a[i+1]*x1 + a[i+2]*x2 + a[i+3]*x3
			sb := b[i]*x0 + b[i+1]*x1 + b[i+2]*x2 + b[i+3]*x3
			la, cy = bits.Add64(la, sa, 0)
			ha += cy
			lb, cy = bits.Add64(lb, sb, 0)
			hb += cy
		}
		_, oa[j] = bits.Div64(ha%p, la, p)
		_, ob[j] = bits.Div64(hb%p, lb, p)
	}
}

func (c *Columns) oneCarry1(a []uint64, out []uint64) {
	p, s := c.p, c.stride
	a = a[:s]
	for j := range c.n {
		col := c.col[j*s : j*s+s]
		var lo, hi, cy uint64
		for i, x := range col {
			lo, cy = bits.Add64(lo, a[i]*x, 0)
			hi += cy
		}
		_, out[j] = bits.Div64(hi%p, lo, p)
	}
}

// threeWord2 sums triple words (dotThreeWord2) for two chunks.
func (c *Columns) threeWord2(a, b, oa, ob []uint64) {
	p, s := c.p, c.stride
	a, b = a[:s], b[:s]
	var sums [6]uint64
	for j := range c.n {
		dotThreeWord2(c.col[j*s:j*s+s], a, b, &sums)
		oa[j], ob[j] = modular.Reduce3(sums[2], sums[1], sums[0], p), modular.Reduce3(sums[5], sums[4], sums[3], p)
	}
}

// dotThreeWord2Go is dotThreeWord2 in Go, the reference for the assembly
// kernel and the kernel where there is none: the sums are
// modular.ProductSum's three words, low first.
func dotThreeWord2Go(col, a, b []uint64, out *[6]uint64) {
	a, b = a[:len(col)], b[:len(col)]
	var la, ma, ha, lb, mb, hb, cy uint64
	for i, x := range col {
		h, l := bits.Mul64(a[i], x)
		la, cy = bits.Add64(la, l, 0)
		ma, cy = bits.Add64(ma, h, cy)
		ha += cy
		h, l = bits.Mul64(b[i], x)
		lb, cy = bits.Add64(lb, l, 0)
		mb, cy = bits.Add64(mb, h, cy)
		hb += cy
	}
	*out = [6]uint64{la, ma, ha, lb, mb, hb}
}
