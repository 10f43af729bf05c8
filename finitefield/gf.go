package finitefield

import (
	"context"
	"math/big"
	"math/rand/v2"
)

// elem is an element of GF(p^k) = GF(p)[t]/(f): its coefficient vector in
// the basis 1, t, …, t^(k−1), constant first, entries in [0, p), no trailing
// zeros (the zero element is empty). GF(p) elements have length ≤ 1. The
// *big.Int entries are never modified after construction, so elements may
// share them freely.
type elem []*big.Int

// gf is the finite field GF(q), q = p^k, presented as GF(p)[t]/(f) with f
// monic irreducible of degree k (f is absent when k = 1). It holds no
// mutable state.
type gf struct {
	p    *big.Int
	k    int
	f    []*big.Int // monic modulus, constant first, length k+1; nil when k = 1
	q    *big.Int   // p^k
	qm1  *big.Int   // q − 1
	base *gf        // the prime field GF(p); itself when k = 1
	word uint64     // p when k = 1 and p < 2^63 (see wordpoly.go), else 0
	wext *wordExt   // machine-word arithmetic when k > 1 and p < 2^32 (see wordext.go)
	// at is the JSON pointer of the field object in the request, so that a
	// composite characteristic or a reducible modulus names its field; ""
	// for fields built internally.
	at string
}

func newGF(p *big.Int, k int, f []*big.Int) *gf {
	F := &gf{p: p, k: k, q: new(big.Int).Exp(p, big.NewInt(int64(k)), nil)}
	F.qm1 = new(big.Int).Sub(F.q, big.NewInt(1))
	if k == 1 {
		F.base = F
		F.word = wordModulus(p, k)
		return F
	}
	F.f = f
	F.base = newGF(p, 1, nil)
	F.wext = newWordExt(p, k, f)
	return F
}

func (F *gf) one() elem { return elem{big.NewInt(1)} }

func isZero(a elem) bool { return len(a) == 0 }

func equal(a, b elem) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Cmp(b[i]) != 0 {
			return false
		}
	}
	return true
}

func isOne(a elem) bool { return len(a) == 1 && a[0].IsInt64() && a[0].Int64() == 1 }

// trimElem drops trailing zero coefficients.
func trimElem(a elem) elem {
	n := len(a)
	for n > 0 && a[n-1].Sign() == 0 {
		n--
	}
	if n == 0 {
		return nil
	}
	return a[:n]
}

// fromInt returns the image of the integer n in the prime subfield.
func (F *gf) fromInt(n *big.Int) elem {
	return trimElem(elem{new(big.Int).Mod(n, F.p)})
}

func (F *gf) add(a, b elem) elem {
	if len(a) < len(b) {
		a, b = b, a
	}
	z := make(elem, len(a))
	for i := range a {
		if i < len(b) {
			s := new(big.Int).Add(a[i], b[i])
			if s.Cmp(F.p) >= 0 {
				s.Sub(s, F.p)
			}
			z[i] = s
		} else {
			z[i] = a[i]
		}
	}
	return trimElem(z)
}

func (F *gf) neg(a elem) elem {
	z := make(elem, len(a))
	for i := range a {
		if a[i].Sign() == 0 {
			z[i] = a[i]
		} else {
			z[i] = new(big.Int).Sub(F.p, a[i])
		}
	}
	return z
}

func (F *gf) sub(a, b elem) elem { return F.add(a, F.neg(b)) }

// acc accumulates sums of products of elements without reducing them: the
// unreduced coefficients of a polynomial in t of degree < 2k−1. Reducing
// once per accumulated coefficient instead of once per product is what makes
// polynomial arithmetic over large p affordable.
type acc []*big.Int

func (F *gf) newAcc() acc {
	z := make(acc, 2*F.k-1)
	for i := range z {
		z[i] = new(big.Int)
	}
	return z
}

// mulAdd adds a·b (or subtracts it when neg) into z; t is scratch.
func (z acc) mulAdd(a, b elem, neg bool, t *big.Int) {
	for i := range a {
		for j := range b {
			t.Mul(a[i], b[j])
			if neg {
				z[i+j].Sub(z[i+j], t)
			} else {
				z[i+j].Add(z[i+j], t)
			}
		}
	}
}

// addElem adds (or subtracts) an element into z.
func (z acc) addElem(a elem, neg bool) {
	for i := range a {
		if neg {
			z[i].Sub(z[i], a[i])
		} else {
			z[i].Add(z[i], a[i])
		}
	}
}

func (z acc) clear() {
	for _, c := range z {
		c.SetInt64(0)
	}
}

// reduce returns the element z represents. It consumes z: its contents are
// unspecified afterwards, so callers clear it before reuse. Each coefficient
// is reduced modulo p once, just before it is used or returned.
func (F *gf) reduce(z acc) elem {
	if F.k > 1 {
		t := new(big.Int)
		for i := len(z) - 1; i >= F.k; i-- {
			c := z[i].Mod(z[i], F.p)
			if c.Sign() == 0 {
				continue
			}
			for j := 0; j < F.k; j++ {
				if F.f[j].Sign() != 0 {
					z[i-F.k+j].Sub(z[i-F.k+j], t.Mul(c, F.f[j]))
				}
			}
		}
	}
	n := min(F.k, len(z))
	out := make(elem, n)
	for i := range n {
		out[i] = new(big.Int).Mod(z[i], F.p)
	}
	return trimElem(out)
}

func (F *gf) mul(a, b elem) elem {
	if isZero(a) || isZero(b) {
		return nil
	}
	if F.k == 1 {
		z := new(big.Int).Mul(a[0], b[0])
		return trimElem(elem{z.Mod(z, F.p)})
	}
	if F.wext != nil {
		return F.wext.fromWords(F.wext.mul(F.wext.toWords(a), F.wext.toWords(b)))
	}
	z := F.newAcc()
	z.mulAdd(a, b, false, new(big.Int))
	return F.reduce(z)
}

// inv returns a⁻¹; a must be nonzero. In GF(p) it is the modular inverse;
// in GF(p^k) it comes from the extended Euclidean algorithm on a and f over
// GF(p) (Cohen, A Course in Computational Algebraic Number Theory, §3.2).
func (F *gf) inv(a elem) elem {
	if F.k == 1 {
		return elem{new(big.Int).ModInverse(a[0], F.p)}
	}
	B := F.base
	s, ok := B.pinvmod(scalarPoly(a), scalarPoly(elem(F.f)))
	if !ok {
		panic("finitefield: inverse of a non-unit; the modulus is not irreducible")
	}
	out := make(elem, len(s))
	for i, c := range s {
		if len(c) == 0 {
			out[i] = new(big.Int)
		} else {
			out[i] = c[0]
		}
	}
	return trimElem(out)
}

// scalarPoly views the coefficient vector of a as a polynomial over GF(p).
func scalarPoly(a elem) poly {
	out := make(poly, len(a))
	for i, c := range a {
		out[i] = trimElem(elem{c})
	}
	return trimPoly(out)
}

// powCtx returns a^e for e ≥ 0 by left-to-right binary exponentiation, with
// 0^0 = 1, polling ctx every 64 bits of the exponent: in GF(p^k) with
// k = 64 a 1024-bit exponent costs about half a second.
func (F *gf) powCtx(ctx context.Context, a elem, e *big.Int) (elem, error) {
	return squareAndMultiply(ctx, e, F.one(), 64,
		func(z elem) elem { return F.mul(z, z) },
		func(z elem) elem { return F.mul(z, a) })
}

// encode maps an element to its integer encoding Σ c_i p^i, the canonical
// order of elements everywhere in this domain.
func (F *gf) encode(a elem) *big.Int {
	n := new(big.Int)
	for i := len(a) - 1; i >= 0; i-- {
		n.Mul(n, F.p).Add(n, a[i])
	}
	return n
}

// decode inverts encode for 0 ≤ n < q.
func (F *gf) decode(n *big.Int) elem {
	out := make(elem, 0, F.k)
	r := new(big.Int).Set(n)
	for i := 0; i < F.k && r.Sign() > 0; i++ {
		d := new(big.Int)
		r.QuoRem(r, F.p, d)
		out = append(out, d)
	}
	return trimElem(out)
}

// random returns a uniformly random element (up to the negligible bias of
// reducing a wider random integer modulo p).
func (F *gf) random(rng *rand.Rand) elem {
	out := make(elem, F.k)
	for i := range out {
		out[i] = randomBelow(rng, F.p)
	}
	return trimElem(out)
}

// randomBelow returns a random integer in [0, n), n > 0.
func randomBelow(rng *rand.Rand, n *big.Int) *big.Int {
	words := n.BitLen()/64 + 2
	x := new(big.Int)
	for range words {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
	}
	return x.Mod(x, n)
}
