package factor

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSieveBlockKernel holds sieveBlock (the amd64 kernel where there is
// one) to sieveBlockGo, and both to a plain count of each progression's
// hits: seeded random primes from 30 to the block's size with their two
// roots in [0, p) (equal roots included), and primes whose roots lie
// past every position as those of A do, sieved over four consecutive
// blocks from blank bytes.
func TestSieveBlockKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for trial := range 40 {
		n := 1 + rng.IntN(600)
		primes := make([]uint32, n)
		logs := make([]uint8, n)
		roots := make([][2]uint32, n)
		for i := range primes {
			// Below the block mostly; up to 2^20, past every position,
			// for the primes from the block to 2M.
			p := uint32(30 + rng.IntN(siqsBlock-30))
			if rng.IntN(4) == 0 {
				p = uint32(siqsBlock + rng.IntN(1<<20-siqsBlock))
			}
			if trial%4 == 0 {
				p = uint32(30 + rng.IntN(300))
			}
			primes[i], logs[i] = p, uint8(rng.IntN(40))
			roots[i] = [2]uint32{rng.Uint32N(p), rng.Uint32N(p)}
			switch rng.IntN(10) {
			case 0:
				roots[i][1] = roots[i][0]
			case 1:
				roots[i] = [2]uint32{math.MaxUint32, math.MaxUint32}
			}
		}
		const blocks = 4
		want := make([]byte, blocks*siqsBlock)
		for i, p := range primes {
			for _, r := range roots[i] {
				for j := uint64(r); j < uint64(len(want)); j += uint64(p) {
					want[j] += logs[i]
				}
			}
		}
		fast, slow := slices.Clone(roots), slices.Clone(roots)
		for b := range blocks {
			start := b * siqsBlock
			gotFast, gotSlow := new([siqsBlock]byte), new([siqsBlock]byte)
			sieveBlock(gotFast, start, primes, logs, fast)
			sieveBlockGo(gotSlow, start, primes, logs, slow)
			if !slices.Equal(fast, slow) {
				t.Fatalf("trial %d block %d: next positions differ", trial, b)
			}
			if *gotFast != *gotSlow {
				t.Fatalf("trial %d block %d: the kernel's bytes differ from the Go loop's", trial, b)
			}
			if !slices.Equal(gotSlow[:], want[start:start+siqsBlock]) {
				t.Fatalf("trial %d block %d: the bytes differ from the plain sieve's", trial, b)
			}
		}
	}
}

// TestSieveOnceKernel holds sieveOnce (the amd64 kernel where there is
// one) to sieveOnceGo on seeded random primes of at least the interval's
// n positions, their roots moved by a random delta or its complement: the
// same bytes, moved roots, count and listed hits, and the listed hits are
// exactly the moved roots below n.
func TestSieveOnceKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for trial := range 100 {
		n := uint32(1<<15 + rng.IntN(siqsMaxSieve-1<<15))
		count := rng.IntN(300)
		primes := make([]uint32, count)
		logs := make([]uint8, count)
		roots := make([][2]uint32, count)
		delta := make([]uint32, count)
		for i := range primes {
			p := n + rng.Uint32N(1<<23-n)
			primes[i], logs[i] = p, uint8(1+rng.IntN(30))
			roots[i] = [2]uint32{rng.Uint32N(p), rng.Uint32N(p)}
			delta[i] = rng.Uint32N(p)
		}
		sub := rng.IntN(2) == 0
		first, k0 := rng.IntN(1000), rng.IntN(50)
		size := k0 + 2*count
		fastSv, slowSv := new([siqsMaxSieve]byte), new([siqsMaxSieve]byte)
		fastL, slowL := make([]uint64, size), make([]uint64, size)
		fastR, slowR := slices.Clone(roots), slices.Clone(roots)
		kf := sieveOnce(fastSv, n, fastL, k0, first, primes, logs, fastR, delta, sub)
		ks := sieveOnceGo(slowSv, n, slowL, k0, first, primes, logs, slowR, delta, sub)
		if kf != ks || !slices.Equal(fastL[:kf], slowL[:ks]) || !slices.Equal(fastR, slowR) || *fastSv != *slowSv {
			t.Fatalf("trial %d (sub %v): the kernel differs from the Go loop", trial, sub)
		}
		var want []uint64
		for i, p := range primes {
			d := delta[i]
			if sub {
				d = p - d
			}
			for _, r := range roots[i] {
				if r = (r + d) % p; r < n {
					want = append(want, uint64(first+i)<<32|uint64(r))
				}
			}
		}
		got := slices.Clone(slowL[k0:ks])
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: %d hits listed, %d expected", trial, len(got), len(want))
		}
	}
}

// TestSieveSpanKernel holds sieveSpan (the amd64 kernel where there is
// one) to sieveSpanGo over spans of seeded random lengths, with primes up
// to the length and roots in [0, p), equal, or past every position: the
// same bytes and the same next positions (as a pair, whose order the
// kernel may swap).
func TestSieveSpanKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	for trial := range 60 {
		size := 1 + rng.IntN(3<<16)
		count := 1 + rng.IntN(400)
		primes := make([]uint32, count)
		logs := make([]uint8, count)
		next := make([][2]uint32, count)
		for i := range primes {
			p := uint32(2 + rng.IntN(min(size, 1<<15)))
			primes[i], logs[i] = p, uint8(rng.IntN(40))
			next[i] = [2]uint32{rng.Uint32N(p), rng.Uint32N(p)}
			switch rng.IntN(10) {
			case 0:
				next[i][1] = next[i][0]
			case 1:
				next[i] = [2]uint32{math.MaxUint32, math.MaxUint32}
			}
		}
		fastSv, slowSv := new([siqsMaxSieve]byte), new([siqsMaxSieve]byte)
		fast, slow := slices.Clone(next), slices.Clone(next)
		sieveSpan(fastSv, size, primes, logs, fast)
		sieveSpanGo(slowSv[:size], primes, logs, slow)
		if *fastSv != *slowSv {
			t.Fatalf("trial %d (size %d): the kernel's bytes differ from the Go loop's", trial, size)
		}
		for i := range fast {
			a, b := fast[i], slow[i]
			if a != b && a != [2]uint32{b[1], b[0]} {
				t.Fatalf("trial %d: prime %d next %v, want %v", trial, primes[i], a, b)
			}
		}
	}
}

// TestRootMatchesKernel holds rootMatches (the amd64 kernel where there
// is one) to rootMatchesGo and both to j mod p by division, on seeded
// random primes below 2^20, most below the block, with their magic
// multipliers as
// newSIQSWith makes them, roots in [0, p) or past every position (a
// prime of A), and up to 64 positions below siqsMaxSieve, some of them
// on a root.
func TestRootMatchesKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for trial := range 200 {
		count := rng.IntN(200)
		primes := make([]uint32, count)
		magic := make([]uint64, count)
		roots := make([][2]uint32, count)
		for i := range primes {
			// Below the block mostly; up to 2^20, past every position,
			// for the primes from the block to 2M.
			p := uint32(30 + rng.IntN(siqsBlock-30))
			if rng.IntN(4) == 0 {
				p = uint32(siqsBlock + rng.IntN(1<<20-siqsBlock))
			}
			primes[i], magic[i] = p, (1<<siqsMagicShift)/uint64(p)+1
			roots[i] = [2]uint32{rng.Uint32N(p), rng.Uint32N(p)}
			if rng.IntN(10) == 0 {
				roots[i] = [2]uint32{math.MaxUint32, math.MaxUint32}
			}
		}
		at := make([]uint64, rng.IntN(65))
		for k := range at {
			at[k] = uint64(rng.IntN(siqsMaxSieve))
			if count > 0 && rng.IntN(3) == 0 {
				i := rng.IntN(count)
				if r := uint64(roots[i][rng.IntN(2)]); r < siqsMaxSieve {
					p := uint64(primes[i])
					at[k] = r + p*uint64(rng.IntN(int((siqsMaxSieve-1-r)/p)+1))
				}
			}
		}
		fast, slow := make([]uint64, count), make([]uint64, count)
		rootMatches(at, primes, magic, roots, fast)
		rootMatchesGo(at, primes, magic, roots, slow)
		for i, p := range primes {
			var want uint64
			for k, j := range at {
				if r := uint32(j % uint64(p)); r == roots[i][0] || r == roots[i][1] {
					want |= 1 << k
				}
			}
			if fast[i] != want || slow[i] != want {
				t.Fatalf("trial %d, p = %d: kernel %#x, Go loop %#x, by division %#x", trial, p, fast[i], slow[i], want)
			}
		}
	}
}

// TestMoveRootsKernel holds moveRoots (the amd64 kernel where there is
// one) to moveRootsGo and both to (r ± d) mod p, on seeded random primes
// below 2^20, roots and steps in [0, p), both directions, odd and even
// counts of primes.
func TestMoveRootsKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for trial := range 200 {
		count := rng.IntN(40)
		primes, delta := make([]uint32, count), make([]uint32, count)
		roots := make([][2]uint32, count)
		for i := range primes {
			p := uint32(3 + rng.IntN(1<<20))
			primes[i], delta[i] = p, rng.Uint32N(p)
			roots[i] = [2]uint32{rng.Uint32N(p), rng.Uint32N(p)}
		}
		sub := rng.IntN(2) == 0
		fast, slow := slices.Clone(roots), slices.Clone(roots)
		moveRoots(fast, primes, delta, sub)
		moveRootsGo(slow, primes, delta, sub)
		for i, p := range primes {
			d := uint64(delta[i])
			if sub {
				d = uint64(p) - d
			}
			for r := range 2 {
				want := uint32((uint64(roots[i][r]) + d) % uint64(p))
				if fast[i][r] != want || slow[i][r] != want {
					t.Fatalf("trial %d, p = %d, r = %d, delta %d, sub %v: kernel %d, Go loop %d, want %d", trial, p, roots[i][r], delta[i], sub, fast[i][r], slow[i][r], want)
				}
			}
		}
	}
}

// TestSieveHitsKernel holds sieveHits (the amd64 kernel where there is
// one) to sieveHitsGo and both to adding log p at every r + t·p below n,
// on seeded random runs of primes of equal h = ⌈n/p⌉ from 1 to 6, for
// intervals n of 2^15 to 2^18 bytes, the sieve's bytes compared whole.
func TestSieveHitsKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	fast, slow, plain := new([siqsMaxSieve]byte), new([siqsMaxSieve]byte), new([siqsMaxSieve]byte)
	for trial := range 100 {
		n := uint32(siqsBlock << rng.IntN(4))
		h := 1 + rng.IntN(6)
		// ⌈n/p⌉ = h: (h − 1)p < n ≤ hp.
		lo, hi := (int(n)+h-1)/h, 2*int(n)
		if h > 1 {
			hi = (int(n) - 1) / (h - 1)
		}
		count := rng.IntN(50)
		primes := make([]uint32, 0, count)
		for range count {
			if p := lo + rng.IntN(hi-lo+1); p > 2 {
				primes = append(primes, uint32(p))
			}
		}
		slices.Sort(primes)
		logs := make([]uint8, len(primes))
		roots := make([][2]uint32, len(primes))
		for i, p := range primes {
			logs[i] = uint8(1 + rng.IntN(20))
			roots[i] = [2]uint32{rng.Uint32N(p), rng.Uint32N(p)}
		}
		for i := range fast {
			v := byte(rng.Uint32())
			fast[i], slow[i], plain[i] = v, v, v
		}
		sieveHits(fast, n, h, primes, logs, roots)
		sieveHitsGo(slow, n, h, primes, logs, roots)
		for i, p := range primes {
			for _, r := range roots[i] {
				for j := r; j < n; j += p {
					plain[j] += logs[i]
				}
			}
		}
		if *fast != *plain || *slow != *plain {
			t.Fatalf("trial %d (n = %d, h = %d, %d primes): kernel equal %v, Go loop equal %v", trial, n, h, len(primes), *fast == *plain, *slow == *plain)
		}
	}
}

// TestScanFlagsKernel holds scanFlags (the amd64 kernel where there is
// one) to scanFlagsGo and both to a plain test of every byte, on seeded
// random spans of 64 to 2^15 bytes with sparse to dense top bits, after
// candidates already listed, up to siqsMaxCands in all.
func TestScanFlagsKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 30))
	for trial := range 300 {
		n := 64 * (1 + rng.IntN(512))
		if trial%10 == 9 {
			n += 1 + rng.IntN(63) // not a multiple of 64: the Go loop
		}
		sv := make([]byte, n)
		density := []int{2, 50, 1000, 100000}[trial%4]
		for i := range sv {
			sv[i] = byte(rng.IntN(128))
			if rng.IntN(density) == 0 {
				sv[i] |= 0x80
			}
		}
		before := rng.IntN(100)
		if trial%7 == 6 {
			before = siqsMaxCands - rng.IntN(40) // near the bound
		}
		prefix := make([]uint32, before)
		base := uint32(rng.IntN(1 << 17))
		plain := slices.Clone(prefix)
		for t, v := range sv {
			if v&0x80 != 0 && len(plain) < siqsMaxCands {
				plain = append(plain, base+uint32(t))
			}
		}
		fast := scanFlags(sv, base, slices.Clone(prefix))
		slow := scanFlagsGo(sv, base, slices.Clone(prefix))
		if !slices.Equal(fast, plain) || !slices.Equal(slow, plain) {
			t.Fatalf("trial %d, %d bytes after %d: kernel %d positions, Go loop %d, want %d", trial, n, before, len(fast), len(slow), len(plain))
		}
	}
}

// TestLargeMatchesKernel holds largeMatches (the amd64 kernel where there
// is one) to largeMatchesGo and both to a map of the marked positions, on
// seeded random lists of index<<32 | position entries below siqsMaxSieve,
// some at marked positions, of every length mod 8, appended to an output
// that already holds entries.
func TestLargeMatchesKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	bitsOf := new([siqsMaxSieve / 64]uint64)
	for trial := range 300 {
		clear(bitsOf[:])
		marked := map[uint32]bool{}
		for range rng.IntN(40) {
			j := rng.Uint32N(siqsMaxSieve)
			marked[j] = true
			bitsOf[j/64] |= 1 << (j % 64)
		}
		list := make([]uint64, rng.IntN(300))
		for i := range list {
			j := rng.Uint32N(siqsMaxSieve)
			if len(marked) > 0 && rng.IntN(8) == 0 {
				for m := range marked {
					j = m
					break
				}
			}
			list[i] = uint64(rng.Uint32N(1<<20))<<32 | uint64(j)
		}
		prefix := []uint64{7, 9}
		fast := largeMatches(list, bitsOf, slices.Clone(prefix))
		slow := largeMatchesGo(list, bitsOf, slices.Clone(prefix))
		want := slices.Clone(prefix)
		for _, e := range list {
			if marked[uint32(e)] {
				want = append(want, e)
			}
		}
		if !slices.Equal(fast, want) || !slices.Equal(slow, want) {
			t.Fatalf("trial %d: kernel %v, Go loop %v, want %v", trial, fast, slow, want)
		}
	}
}
