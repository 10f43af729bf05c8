//go:build !amd64 || purego

package factor

func sieveBlock(blk *[siqsBlock]byte, start int, primes []uint32, logs []uint8, next [][2]uint32) {
	sieveBlockGo(blk, start, primes, logs, next)
}

func sieveSpan(sv *[siqsMaxSieve]byte, size int, primes []uint32, logs []uint8, next [][2]uint32) {
	sieveSpanGo(sv[:size], primes, logs, next)
}

func sieveOnce(sv *[siqsMaxSieve]byte, n uint32, large []uint64, k, first int, primes []uint32, logs []uint8, roots [][2]uint32, delta []uint32, sub bool) int {
	return sieveOnceGo(sv, n, large, k, first, primes, logs, roots, delta, sub)
}

func rootMatches(at []uint64, primes []uint32, magic []uint64, roots [][2]uint32, match []uint64) {
	rootMatchesGo(at, primes, magic, roots, match)
}

func moveRoots(roots [][2]uint32, primes, delta []uint32, sub bool) {
	moveRootsGo(roots, primes, delta, sub)
}

func sieveHits(sv *[siqsMaxSieve]byte, n uint32, h int, primes []uint32, logs []uint8, roots [][2]uint32) {
	sieveHitsGo(sv, n, h, primes, logs, roots)
}

func scanFlags(sv []byte, base uint32, cands []uint32) []uint32 {
	return scanFlagsGo(sv, base, cands)
}

func largeMatches(list []uint64, bitsOf *[siqsMaxSieve / 64]uint64, out []uint64) []uint64 {
	return largeMatchesGo(list, bitsOf, out)
}
