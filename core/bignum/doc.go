// Package bignum holds fast kernels for integers held as *big.Int: the
// product, squaring, division with remainder, gcd, extended gcd and
// decimal parsing, each deferring to math/big below a crossover measured on
// the reference machine (2-core amd64) and written beside its constant.
//
//	Mul, Sqr          number-theoretic transform over three 62-bit primes
//	                  on digits of 64 to 92 bits, with Garner CRT (ntt.go),
//	                  its transforms spread over GOMAXPROCS goroutines,
//	                  from 2048 words of the smaller factor, or from 640
//	                  when the other is long enough (transformCheaper);
//	                  big.Int.Mul (Karatsuba) below.
//	QuoRem            Newton reciprocal on the transform product (div.go)
//	                  when divisor and quotient both have 8192 words or more;
//	                  big.Int.QuoRem (Burnikel–Ziegler) below.
//	Divisible         whether a remainder is zero, by Hensel's exact
//	                  division from the low end (divisible.go), at every
//	                  size; big.Int.Rem is its reference.
//	GCD, GCDExt,      Möller's half-gcd (gcd.go) from 2^16 bits, with
//	GCDBezout         word-level Lehmer passes below 2^11 bits inside it;
//	                  big.Int.GCD (Lehmer) below 2^16 bits.
//	Convolve          exact convolution of integer sequences (the product
//	                  in Z[x]) modulo up to ten transform primes, with CRT
//	                  (convolve.go); core/zpoly chooses it or Kronecker.
//	ParseDecimal      divide and conquer on cached powers of ten (decimal.go)
//	                  from 16,384 digits; big.Int.SetString below.
//	AppendDecimal     scaled remainder tree (print.go): products by cached
//	                  powers of ten and a cached reciprocal, no division,
//	                  from 2560 words; big.Int.Append below, on two
//	                  halves side by side from 1024 words (appendHalves).
//
// Results are exactly those of the math/big counterparts (the same
// truncated quotient and remainder, gcd ≥ 0 with gcd(0, 0) = 0); GCDExt's
// Bézout pair has its own documented canonical form (GCDBezoutContext's
// has none). The Context variants
// poll the context between the coarse steps of the long algorithms. Inputs
// are never modified; outputs may alias inputs as documented per function.
package bignum
