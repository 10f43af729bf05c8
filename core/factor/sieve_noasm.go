//go:build !amd64 || purego

package factor

func sieveBlock(blk *[siqsBlock]byte, start int, primes []uint32, logs []uint8, next [][2]uint32) {
	sieveBlockGo(blk, start, primes, logs, next)
}
