// Package integer is Jacobian's integer domain: gcd and its relatives,
// modular arithmetic, factorization and primality.
//
//	integer.compute.gcd                  gcd(a, b) ≥ 0
//	integer.compute.lcm                  lcm(a, b) ≥ 0, lcm(0, x) = 0
//	integer.compute.extended_gcd         g and the minimal Bézout pair (PARI's gcdext)
//	integer.compute.modular_inverse      a⁻¹ mod m in [0, m)
//	integer.compute.modular_power        b^e mod m in [0, m), e < 0 for units
//	integer.compute.prime_factorization  trial division, Pollard–Brent rho, proven factors
//	integer.check.primality              accepted with a proof, rejected with a witness
//	integer.compute.crt                  x mod lcm(m_i) from x ≡ a_i (mod m_i), or a conflicting pair
//	integer.compute.jacobi               the Kronecker symbol (a | n) (Jacobi, Legendre)
//	integer.compute.integer_root         ⌊n^(1/k)⌋ and whether it is exact
//	integer.compute.modular_sqrt         every x in [0, n) with x² ≡ a (mod n)
//	integer.compute.divisors             the positive divisors, ascending, and τ(n)
//	integer.compute.arithmetic_functions σ_k, τ, φ, λ, μ, ω, Ω and the radical
//	integer.compute.multiplicative_order the order of a unit modulo n
//	integer.compute.primitive_root       the least primitive root, when one exists
//	integer.compute.discrete_log         the least x with b^x ≡ v (mod n), or none
//	integer.check.primality_certificate  re-verifies a Pocklington–Lehmer or ECPP certificate
//	integer.compute.next_prime           the least prime > n or the greatest < n
//	integer.compute.perfect_power        n = base^k with k largest
//	integer.compute.factorial            n!
//
// Every operation here takes and returns integers as decimal strings
// (core.Integer); the canonical form of each result is stated on its
// declaration. big.Int is the arithmetic engine throughout. Factoring
// (trial division, p − 1, rho) is the shared machinery of core/factor;
// primality certificates are described at the top of pocklington.go
// (Pocklington–Lehmer) and ecpp.go (elliptic curves, Atkin–Morain).
package integer

import (
	"errors"

	"jacobian.dev/core"
)

// Register adds the integer domain's operations to r.
func Register(r *core.Registry) error {
	return errors.Join(
		core.Add(r, gcdOperation()),
		core.Add(r, lcmOperation()),
		core.Add(r, extendedGCDOperation()),
		core.Add(r, modularInverseOperation()),
		core.Add(r, modularPowerOperation()),
		core.Add(r, factorOperation()),
		core.Add(r, primalityOperation()),
		core.Add(r, crtOperation()),
		core.Add(r, jacobiOperation()),
		core.Add(r, integerRootOperation()),
		core.Add(r, modSqrtOperation()),
		core.Add(r, divisorsOperation()),
		core.Add(r, arithmeticOperation()),
		core.Add(r, orderOperation()),
		core.Add(r, primitiveRootOperation()),
		core.Add(r, discreteLogOperation()),
		core.Add(r, certificateOperation()),
		core.Add(r, nextPrimeOperation()),
		core.Add(r, perfectPowerOperation()),
		core.Add(r, factorialOperation()),
		core.Add(r, primeCountOperation()),
		core.Add(r, nthPrimeOperation()),
		core.Add(r, binomialOperation()),
		core.Add(r, multinomialOperation()),
		core.Add(r, fibonacciOperation()),
		core.Add(r, partitionsOperation()),
		core.Add(r, bernoulliOperation()),
		core.Add(r, continuedFractionOperation()),
		core.Add(r, sqrtContinuedFractionOperation()),
		core.Add(r, rationalReconstructionOperation()),
	)
}
