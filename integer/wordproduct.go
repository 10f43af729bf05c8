package integer

import (
	"math/big"
	"math/bits"
	"runtime"
	"sync"

	"jacobian.dev/core/bignum"
)

// Products of many words (the packed primes of a binomial or factorial, the
// packed factors of n!) by a balanced tree whose leaves are built without
// the tree.
//
// A leaf is a running product multiplied by one word at a time, in place
// (a word-by-number product costs one pass over the number), until it has
// wordLeafSize words: below that length the schoolbook products the tree
// would do cost as much, and each tree node is a heap-allocated big.Int.
// Above the leaves the tree multiplies halves of equal word count with
// core/bignum.Mul (Karatsuba, then the transform product), the two halves
// of a large node on separate goroutines while GOMAXPROCS allows: at
// C(100000, 50000) the top products are of some 800 words, where math/big's
// Karatsuba runs, which has no parallelism of its own.

// wordLeafSize is the length in words at which a leaf stops growing.
// Measured with BenchmarkBinomial (n = 100000, one core): 16 and 32 words
// within 3% of each other, 8 and 64 words slower.
const wordLeafSize = 24

// wordParallelSize is the number of words of a node from which its two
// halves are multiplied on separate goroutines.
const wordParallelSize = 256

// packWord multiplies x into acc, the word being filled for
// wordProduct, or, when the product would pass a word, appends acc to
// words and starts the next word with x.
func packWord(words []uint64, acc, x uint64) ([]uint64, uint64) {
	if hi, lo := bits.Mul64(acc, x); hi == 0 {
		return words, lo
	}
	return append(words, acc), x
}

// wordProduct is the product of ws, 1 for none. It reads ws only.
func wordProduct(ws []uint64) *big.Int {
	leaves := make([]*big.Int, 0, len(ws)/wordLeafSize+1)
	var leaf []big.Word
	for _, w := range ws {
		if len(leaf) == 0 {
			leaf = make([]big.Word, 1, wordLeafSize+1)
			leaf[0] = big.Word(w)
			continue
		}
		leaf = mulWord(leaf, w)
		if len(leaf) >= wordLeafSize {
			leaves = append(leaves, new(big.Int).SetBits(leaf))
			leaf = nil
		}
	}
	if len(leaf) > 0 {
		leaves = append(leaves, new(big.Int).SetBits(leaf))
	}
	if len(leaves) == 0 {
		return big.NewInt(1)
	}
	return leafTree(leaves, 1)
}

// mulWord sets x to x·w in place, appending the carry word, and returns it.
func mulWord(x []big.Word, w uint64) []big.Word {
	var carry uint64
	for i, xi := range x {
		hi, lo := bits.Mul64(uint64(xi), w)
		var c uint64
		lo, c = bits.Add64(lo, carry, 0)
		x[i] = big.Word(lo)
		carry = hi + c
	}
	if carry != 0 {
		x = append(x, big.Word(carry))
	}
	return x
}

// leafTree multiplies xs (nonempty) by a balanced tree: the split keeps
// the words of the halves, not their counts, equal. depth counts the
// goroutines already started on the way down.
func leafTree(xs []*big.Int, depth int) *big.Int {
	if len(xs) == 1 {
		return xs[0]
	}
	if len(xs) == 2 {
		return bignum.Mul(new(big.Int), xs[0], xs[1])
	}
	total := 0
	for _, x := range xs {
		total += len(x.Bits())
	}
	half, acc := 1, len(xs[0].Bits())
	for half < len(xs)-1 && 2*(acc+len(xs[half].Bits())) <= total {
		acc += len(xs[half].Bits())
		half++
	}
	var lo, hi *big.Int
	if total >= wordParallelSize && depth < parallelDepth() {
		var wg sync.WaitGroup
		wg.Go(func() { lo = leafTree(xs[:half], 2*depth) })
		hi = leafTree(xs[half:], 2*depth)
		wg.Wait()
	} else {
		lo = leafTree(xs[:half], depth)
		hi = leafTree(xs[half:], depth)
	}
	return bignum.Mul(lo, lo, hi)
}

// parallelDepth is the number of goroutines leafTree spreads over.
func parallelDepth() int { return runtime.GOMAXPROCS(0) }
