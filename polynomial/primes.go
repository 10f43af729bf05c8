package polynomial

import (
	"sync"

	"jacobian.dev/core/gfpoly"
	"jacobian.dev/core/modular"
)

// primes yields primes in decreasing order, deterministically: from the
// table of the largest primes below 2^62 (newPrimes), or searched from a
// starting point (checkPrimes, whose primes the algorithms never use).
type primes struct {
	i     int    // next table index, when fromTable
	next  uint64 // next odd candidate beyond the table
	table bool
}

func newPrimes() *primes { return &primes{table: true} }

// take returns the next prime.
func (ps *primes) take() uint64 {
	p, _ := ps.takeField()
	return p
}

// takeField returns the next prime with its gfpoly.Field.
func (ps *primes) takeField() (uint64, *gfpoly.Field) {
	if ps.table {
		if ps.i < primeChunks*primeChunk {
			e := primeTable[ps.i/primeChunk]()[ps.i%primeChunk]
			ps.i++
			return e.p, e.f
		}
		ps.table = false
		last := primeTable[primeChunks-1]()
		ps.next = last[primeChunk-1].p - 2
	}
	for {
		n := ps.next
		ps.next -= 2
		if modular.IsPrime(n) {
			return n, gfpoly.NewField(n)
		}
	}
}

// The multi-modular algorithms take their primes from a table of the
// largest primes below 2^62, built in chunks on first use and kept for the
// life of the process: finding a prime costs about 20 Miller–Rabin
// candidates and a field's setup another 12 powerings, tens of
// microseconds, comparable to a resultant of degree 100 modulo it.
const (
	primeChunk  = 64
	primeChunks = 256 // 16,384 primes, about a million bits of modulus
)

type tablePrime struct {
	p uint64
	f *gfpoly.Field
}

// primeTable[i]() is the i-th chunk, each continuing below the previous.
var primeTable = func() [primeChunks]func() []tablePrime {
	var t [primeChunks]func() []tablePrime
	for i := range t {
		t[i] = sync.OnceValue(func() []tablePrime {
			next := uint64(1<<62 - 1)
			if i > 0 {
				prev := t[i-1]()
				next = prev[primeChunk-1].p - 2
			}
			out := make([]tablePrime, 0, primeChunk)
			for ; len(out) < primeChunk; next -= 2 {
				if modular.IsPrime(next) {
					out = append(out, tablePrime{next, gfpoly.NewField(next)})
				}
			}
			return out
		})
	}
	return t
}()
