package matrix

// Matrices over GF(p).
//
// The determinant, the rank, the RREF, the nullspace, the inverse, linear
// systems, the characteristic polynomial and the product take an optional
// ring
// {"modulus": "p"}: the entries are then
// read modulo the prime p (a fraction a/b as a·b⁻¹, refused when p divides
// b) and the operation runs directly on the word-size kernels of
// core/modmat (block-recursive PLE decomposition, Strassen products) or,
// for the characteristic polynomial, core/modular's Hessenberg reduction.
// Every result entry is an integer string in [0, p). The postconditions
// check each result with the other word-size implementation (core/modular's
// classical eliminations and products against core/modmat, and modmat's
// determinants against the Hessenberg characteristic polynomial), so the
// two kernels hold each other to account. Primes up to 62 bits are accepted; larger moduli are a
// RESOURCE_REFUSED under the modulus_bits limit.

import (
	"fmt"
	"math/big"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
	"jacobian.dev/core/primality"
)

// Ring is the optional coefficient ring of a request: GF(p) for a prime p.
type Ring struct {
	Modulus core.Integer `json:"modulus" jsonschema:"the prime p; entries are read modulo p and results lie in [0, p)"`
}

// MaxRingModulusBits bounds the bits of a ring's modulus: the word-size
// kernels reduce modulo primes below 2^62.
const MaxRingModulusBits = 62

// prime returns the modulus as a word, refusing one beyond
// MaxRingModulusBits and failing a non-prime at /payload/ring/modulus.
func (r *Ring) prime() (uint64, error) {
	p := r.Modulus.Big()
	if p.BitLen() > MaxRingModulusBits {
		return 0, core.Refusef("the modulus has %d bits; at most %d are supported (word-size primes)", p.BitLen(), MaxRingModulusBits)
	}
	if st, _ := primality.Test(p); st == primality.Composite {
		return 0, core.DomainErrorAt("/payload/ring/modulus", "the modulus %s is not prime; matrices over Z/nZ for composite n are not supported, send a prime", p)
	}
	return p.Uint64(), nil
}

// ringBounds writes the modulus's digit bound into the request schema.
func ringBounds(b core.Bounds) core.Bounds {
	b["/ring/modulus"] = 20 // a sign and the 19 digits of 2^62
	return b
}

// ringLimit declares MaxRingModulusBits with the largest prime below 2^62
// at the limit and the least prime above it beyond, each with the 1×1
// matrix of field.
func ringLimit(field, rest string) core.Limit {
	probe := func(p string) string {
		return fmt.Sprintf(`{"%s":[["3"]]%s,"ring":{"modulus":"%s"}}`, field, rest, p)
	}
	return core.Limit{
		Name: "modulus_bits", Max: MaxRingModulusBits, Unit: "bits",
		Description: fmt.Sprintf("ring.modulus is a prime of at most %d bits", MaxRingModulusBits),
		// PARI/GP 2.15.2: precprime(2^62), nextprime(2^62).
		At:     func() string { return probe("4611686018427387847") },
		Beyond: func() string { return probe("4611686018427388039") },
	}
}

// ringRefusals are the refusal examples of a ring: a composite modulus,
// and an entry whose denominator the modulus divides.
func ringRefusals(field, rest string) []core.RefusalExample {
	return []core.RefusalExample{
		{Title: "a composite modulus", Payload: fmt.Sprintf(`{"%s":[["1"]]%s,"ring":{"modulus":"15"}}`, field, rest), Code: core.DomainError, Path: "/payload/ring/modulus"},
		{Title: "an entry with no image modulo p", Payload: fmt.Sprintf(`{"%s":[["1","1/7"],["0","1"]]%s,"ring":{"modulus":"7"}}`, field, rest), Code: core.DomainError, Path: core.PayloadPath(field, 0, 1)},
	}
}

// reduceRing reads the matrix of field modulo p, failing an entry whose
// denominator p divides at its path.
func reduceRing(m core.Matrix, p uint64, field string) (modular.Matrix, error) {
	out := make(modular.Matrix, len(m))
	for i, row := range m {
		out[i] = make([]uint64, len(row))
		for j, x := range row {
			v, ok := modular.ReduceRat(x.Rat(), p)
			if !ok {
				return nil, core.DomainErrorAt(core.PayloadPath(field, i, j), "the entry %s has no value modulo %d: the modulus divides its denominator", x, p)
			}
			out[i][j] = v
		}
	}
	return out, nil
}

// wordsMatrix wraps residues as a core.Matrix of integers.
func wordsMatrix(m [][]uint64) core.Matrix {
	out := make(core.Matrix, len(m))
	for i, row := range m {
		out[i] = make([]core.Rational, len(row))
		for j, x := range row {
			out[i][j] = core.Rat(new(big.Rat).SetInt(new(big.Int).SetUint64(x)))
		}
	}
	return out
}

// wordRat is a residue as a rational.
func wordRat(x uint64) core.Rational {
	return core.Rat(new(big.Rat).SetInt(new(big.Int).SetUint64(x)))
}

// residues reads a result matrix back as residues, checking that every
// entry is an integer in [0, p).
func residues(m core.Matrix, p uint64) (modular.Matrix, error) {
	out := make(modular.Matrix, len(m))
	pb := new(big.Int).SetUint64(p)
	for i, row := range m {
		out[i] = make([]uint64, len(row))
		for j, x := range row {
			r := x.Rat()
			if !r.IsInt() || r.Num().Sign() < 0 || r.Num().Cmp(pb) >= 0 {
				return nil, fmt.Errorf("entry (%d, %d) = %s is not a residue in [0, %d)", i, j, x, p)
			}
			out[i][j] = r.Num().Uint64()
		}
	}
	return out, nil
}

// RingMatrixRequest is one matrix with an optional ring.
type RingMatrixRequest struct {
	Matrix core.Matrix `json:"matrix"`
	Ring   *Ring       `json:"ring,omitempty" jsonschema:"compute over GF(p) instead of Q (see ring.go)"`
}

// UnmarshalJSON decodes the request in one pass (readRequest), naming a
// ragged matrix's bad row.
func (q *RingMatrixRequest) UnmarshalJSON(data []byte) error {
	type plain RingMatrixRequest
	return decodeRequest(q, (*plain)(q), data, matrixField("matrix", &q.Matrix), valueField("ring", &q.Ring))
}

// image returns the prime and the matrix modulo it.
func (q RingMatrixRequest) image() (uint64, modular.Matrix, error) {
	p, err := q.Ring.prime()
	if err != nil {
		return 0, nil, err
	}
	a, err := reduceRing(q.Matrix, p, "matrix")
	return p, a, err
}
