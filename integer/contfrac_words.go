package integer

import (
	"context"
	"math/big"
	"slices"
	"sync"

	"jacobian.dev/core/bignum"
)

// smallContinuant returns Π (a_i 1; 1 0) over the positive terms, as
// continuantProduct does, in fewer steps when they are small: the terms
// of √n's period (at most a_0 < 2^14 for n ≤ 10^8) multiply in words
// with one product and one addition per entry and no test of overflow
// but one of the top entry, and the matrices of those runs into leaves
// of up to smallLeafRuns runs in place, which at √n's usual sizes (a
// solution of about 1,000 digits, two runs of 46 bits or more per 100
// digits) is the whole product: no product tree and no allocation but
// the leaf. A longer product multiplies its leaves pairwise as
// continuantProduct's tree does. TestSmallContinuant holds it to the
// product one matrix at a time.
//
// A run's matrix W = A_i⋯A_j is (p p'; q q') with p = K(a_i..a_j) the
// largest entry: p' = K(a_i..a_(j−1)), q = K(a_(i+1)..a_j) and q' are
// continuants of fewer terms (Hardy and Wright, §10.2), no larger for
// positive terms; so while p < 2^46 the next term, below
// 2^15, leaves every entry below 2^46·(2^15 − 1) + 2^46 = 2^61, within
// AddMulPair's bound (continuantRunBound). A larger term starts a run of
// its own, whose entries are below 2^32.
//
// The leaves' words are taken from *scratch, grown as needed, which the
// caller keeps while it uses the product (whose entries may share them)
// and may reuse afterwards.
func smallContinuant(ctx context.Context, terms []uint32, scratch *[]big.Word) (continuant, error) {
	runs := smallRunBuffers.Get().(*[][4]uint64)
	defer smallRunBuffers.Put(runs)
	rs := (*runs)[:0]
	w0, w1, w2, w3 := uint64(1), uint64(0), uint64(0), uint64(1)
	for i, a := range terms {
		if i%4096 == 4095 {
			if err := ctx.Err(); err != nil {
				return continuant{}, err
			}
		}
		if w0 >= 1<<46 || a >= 1<<15 {
			rs = append(rs, [4]uint64{w0, w1, w2, w3})
			w0, w1, w2, w3 = 1, 0, 0, 1
		}
		v := uint64(a)
		w0, w1, w2, w3 = w0*v+w1, w0, w2*v+w3, w2
	}
	rs = append(rs, [4]uint64{w0, w1, w2, w3})
	*runs = rs
	// A leaf of r runs takes 4(r + 1) words.
	leaves := (len(rs) + smallLeafRuns - 1) / smallLeafRuns
	words := slices.Grow((*scratch)[:0], 4*(len(rs)+leaves))
	*scratch = words
	var pieces []continuant
	for start := 0; start < len(rs); start += smallLeafRuns {
		if err := ctx.Err(); err != nil {
			return continuant{}, err
		}
		leaf := rs[start:min(start+smallLeafRuns, len(rs))]
		block := words[len(words) : len(words)+4*(len(leaf)+1)]
		words = words[:len(words)+len(block)]
		pieces = append(pieces, runLeaf(leaf, block))
	}
	return multiplyPieces(ctx, pieces)
}

// smallLeafRuns is the number of runs smallContinuant multiplies into one
// leaf in place, a leaf of at most 65 words: up to there the product
// word by word costs about what the product tree's schoolbook products
// would, without their allocations.
const smallLeafRuns = 64

// smallRunBuffers holds smallContinuant's run matrices between calls.
var smallRunBuffers = sync.Pool{New: func() any { return new([][4]uint64) }}

// runLeaf returns the product of the word matrices rs, each entry below
// 2^62, multiplied in place into block, 4(len(rs) + 1) words: each
// matrix makes the entries a word longer at most.
func runLeaf(rs [][4]uint64, block []big.Word) continuant {
	size := len(rs) + 1
	clear(block)
	var m [4][]big.Word
	for i := range m {
		m[i] = block[i*size : (i+1)*size : (i+1)*size]
	}
	m[0][0], m[3][0] = 1, 1
	n := 1
	for _, w := range rs {
		// The words at n are zero and take the carry.
		bignum.AddMulPair(m[0][:n+1], m[1][:n+1], w)
		bignum.AddMulPair(m[2][:n+1], m[3][:n+1], w)
		if m[0][n]|m[1][n]|m[2][n]|m[3][n] != 0 {
			n++
		}
	}
	var c [4]*big.Int
	for i := range c {
		c[i] = new(big.Int).SetBits(m[i][:n])
	}
	return continuant{c[0], c[1], c[2], c[3]}
}
