//go:build amd64 && !purego

package factor

// The kernel of sieve_amd64.s is written for blocks of 2^15 bytes.
const _ = uint(siqsBlock-1<<15) + uint(1<<15-siqsBlock)

// sieveBlock is sieveBlockGo with its loop in sieve_amd64.s
// (sieveBlockAsm): the same steps, with each hit one add to memory (the
// compiled loop loads, adds and stores separately and masks every index)
// and the four-hit loop's bound, siqsBlock − p, kept in a register.
func sieveBlock(blk *[siqsBlock]byte, start int, primes []uint32, logs []uint8, next [][2]uint32) {
	sieveBlockAsm(blk, start, primes, logs[:len(primes)], next[:len(primes)])
}

//go:noescape
func sieveBlockAsm(blk *[siqsBlock]byte, start int, primes []uint32, logs []uint8, next [][2]uint32)
