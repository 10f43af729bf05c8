package modular

import "math/big"

// CRTBasis reconstructs many integers from residues modulo the same primes,
// with the per-prime constants of Garner's algorithm computed once (Knuth,
// TAOCP vol. 2, §4.3.2, Algorithm 4.3.2M with "mixed-radix" digits): each
// value then costs O(k²) word operations and k word-by-big
// multiplications, instead of k big-number reductions for CRT.Add.
type CRTBasis struct {
	primes []uint64
	// inv[i] = (p_0···p_{i−1})⁻¹ mod p_i.
	inv []uint64
	// half is ⌊M/2⌋ for the symmetric range, M = ∏ p_i.
	modulus, half *big.Int
	// radix[i][j] = p_j mod p_i for j < i, and shoup[i][j] its Shoup
	// constant, so Symmetric's inner loop needs no division. Kept only
	// for the first radixPrimes primes, to bound the memory at O(k²).
	radix, shoup [][]uint64
}

// radixPrimes bounds the primes whose radix table is kept: 1024 primes
// (about 62,000 bits) take 8 MiB.
const radixPrimes = 1024

// NewCRTBasis prepares reconstruction modulo the given distinct primes.
// Preparing k primes costs O(k²) word operations; callers that must stay
// interruptible build the basis prime by prime with Extend.
func NewCRTBasis(primes []uint64) *CRTBasis {
	b := &CRTBasis{}
	for _, p := range primes {
		b.Extend(p)
	}
	return b
}

// Extend adds a prime distinct from those already in the basis.
func (b *CRTBasis) Extend(p uint64) {
	if b.modulus == nil {
		b.modulus = big.NewInt(1)
	}
	inv, _ := Inverse(Reduce(b.modulus, p), p)
	if len(b.primes) < radixPrimes {
		radix := make([]uint64, len(b.primes))
		shoup := make([]uint64, len(b.primes))
		for j, q := range b.primes {
			radix[j] = q % p
			shoup[j] = ShoupConstant(radix[j], p)
		}
		b.radix = append(b.radix, radix)
		b.shoup = append(b.shoup, shoup)
	}
	b.primes = append(b.primes, p)
	b.inv = append(b.inv, inv)
	b.modulus.Mul(b.modulus, new(big.Int).SetUint64(p))
	b.half = new(big.Int).Rsh(b.modulus, 1)
}

// Len returns the number of primes in the basis.
func (b *CRTBasis) Len() int { return len(b.primes) }

// Symmetric returns the integer in (−M/2, M/2] with the given residues
// (residues[i] modulo primes[i]). digits is scratch of length k, or nil.
func (b *CRTBasis) Symmetric(residues, digits []uint64) *big.Int {
	k := len(b.primes)
	if len(digits) < k {
		digits = make([]uint64, k)
	}
	// Mixed radix: x = d_0 + p_0·(d_1 + p_1·(d_2 + …)).
	for i, p := range b.primes {
		// Value of the digits so far, modulo p, by Horner from the top.
		var v uint64
		if i < len(b.radix) {
			radix, shoup := b.radix[i], b.shoup[i]
			for j := i - 1; j >= 0; j-- {
				d := digits[j]
				if d >= p {
					d %= p
				}
				v = Add(MulShoup(v, radix[j], shoup[j], p), d, p)
			}
		} else {
			for j := i - 1; j >= 0; j-- {
				v = Add(Mul(v, b.primes[j]%p, p), digits[j]%p, p)
			}
		}
		digits[i] = Mul(Sub(residues[i]%p, v, p), b.inv[i], p)
	}
	x := new(big.Int)
	var w big.Int
	for i := k - 1; i >= 0; i-- {
		x.Mul(x, w.SetUint64(b.primes[i]))
		x.Add(x, w.SetUint64(digits[i]))
	}
	if b.half != nil && x.Cmp(b.half) > 0 {
		x.Sub(x, b.modulus)
	}
	return x
}
