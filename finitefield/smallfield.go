package finitefield

// Small fields (q ≤ 2^16) with elements as their integer encodings
// Σ c_i p^i. Over GF(p) arithmetic is plain machine arithmetic modulo p.
// Over GF(p^k) it goes through tables of discrete logarithms to a primitive
// element g and Zech logarithms Z(n) = log_g(1 + g^n), so that
// g^a·g^b = g^(a+b) and g^a + g^b = g^(a + Z(b − a)) are table lookups
// (Lidl and Niederreiter, Finite Fields, §10.1 (Zech's logarithms)). The
// tables cost three int32 arrays of length q and one pass of
// multiplications by g to build.

import (
	"context"
	"errors"
)

type smallField struct {
	p, k, q int
	f       []int   // monic modulus, constant first (k > 1)
	exp     []int32 // exp[i] = g^i for 0 ≤ i < q − 1
	log     []int32 // log[a] = log_g a for a ≠ 0
	zech    []int32 // zech[n] = log_g(1 + g^n), −1 when 1 + g^n = 0
}

// MaxTableSize bounds q for the operations that enumerate the field. The
// bound is set by the size of the answer rather than the arithmetic: a
// table of GF(2^16) is about 8 MB of JSON, and encoding and validating it
// already take seconds.
const MaxTableSize = 1 << 16

func newSmallField(ctx context.Context, F *gf) (*smallField, error) {
	if F.q.Cmp(bigInt(MaxTableSize)) > 0 {
		return nil, errors.New("field too large for tables")
	}
	s := &smallField{p: int(F.p.Int64()), k: F.k, q: int(F.q.Int64())}
	if s.k == 1 {
		return s, nil
	}
	s.f = make([]int, len(F.f))
	for i, c := range F.f {
		s.f[i] = int(c.Int64())
	}
	g, err := s.primitiveElement(ctx)
	if err != nil {
		return nil, err
	}
	s.exp = make([]int32, s.q-1)
	s.log = make([]int32, s.q)
	s.zech = make([]int32, s.q-1)
	cur := s.digits(1)
	gd := s.digits(g)
	for i := range s.q - 1 {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		e := s.encode(cur)
		s.exp[i] = int32(e)
		s.log[e] = int32(i)
		if g == s.p {
			cur = s.mulX(cur)
		} else {
			cur = s.mulDigits(cur, gd)
		}
	}
	for n, e := range s.exp {
		low := int(e) % s.p
		one := int(e) - low + (low+1)%s.p
		if one == 0 {
			s.zech[n] = -1
		} else {
			s.zech[n] = s.log[one]
		}
	}
	return s, nil
}

func (s *smallField) digits(e int) []int {
	d := make([]int, s.k)
	for i := range d {
		d[i] = e % s.p
		e /= s.p
	}
	return d
}

func (s *smallField) encode(d []int) int {
	e := 0
	for i := len(d) - 1; i >= 0; i-- {
		e = e*s.p + d[i]
	}
	return e
}

// mulX multiplies by t modulo f.
func (s *smallField) mulX(a []int) []int {
	out := make([]int, s.k)
	top := a[s.k-1]
	copy(out[1:], a[:s.k-1])
	if top != 0 {
		for j := range s.k {
			out[j] = ((out[j]-top*s.f[j])%s.p + s.p) % s.p
		}
	}
	return out
}

func (s *smallField) mulDigits(a, b []int) []int {
	prod := make([]int, 2*s.k-1)
	for i, x := range a {
		if x == 0 {
			continue
		}
		for j, y := range b {
			prod[i+j] = (prod[i+j] + x*y) % s.p
		}
	}
	for i := len(prod) - 1; i >= s.k; i-- {
		c := prod[i]
		if c == 0 {
			continue
		}
		for j := range s.k {
			prod[i-s.k+j] = ((prod[i-s.k+j]-c*s.f[j])%s.p + s.p) % s.p
		}
	}
	return prod[:s.k]
}

func (s *smallField) powDigits(a []int, e int) []int {
	z := s.digits(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			z = s.mulDigits(z, a)
		}
		a = s.mulDigits(a, a)
	}
	return z
}

// primitiveElement returns the least encoding of a generator of GF(q)*,
// trying t (encoding p) first because multiplying by t is cheapest.
func (s *smallField) primitiveElement(ctx context.Context) (int, error) {
	n := s.q - 1
	var primes []int
	for m, r := n, 2; m > 1; r++ {
		if r*r > m {
			primes = append(primes, m)
			break
		}
		if m%r == 0 {
			primes = append(primes, r)
			for m%r == 0 {
				m /= r
			}
		}
	}
	isGenerator := func(g int) bool {
		d := s.digits(g)
		for _, r := range primes {
			if s.encode(s.powDigits(d, n/r)) == 1 {
				return false
			}
		}
		return true
	}
	if isGenerator(s.p) {
		return s.p, nil
	}
	for g := 2; g < s.q; g++ {
		if g%256 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		if isGenerator(g) {
			return g, nil
		}
	}
	return 0, errors.New("no primitive element: the modulus is not irreducible")
}

func (s *smallField) add(a, b int) int {
	if s.k == 1 {
		c := a + b
		if c >= s.p {
			c -= s.p
		}
		return c
	}
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	la, lb := int(s.log[a]), int(s.log[b])
	n := lb - la
	if n < 0 {
		n += s.q - 1
	}
	z := int(s.zech[n])
	if z < 0 {
		return 0
	}
	e := la + z
	if e >= s.q-1 {
		e -= s.q - 1
	}
	return int(s.exp[e])
}

func (s *smallField) mul(a, b int) int {
	if a == 0 || b == 0 {
		return 0
	}
	if s.k == 1 {
		return a * b % s.p
	}
	e := int(s.log[a]) + int(s.log[b])
	if e >= s.q-1 {
		e -= s.q - 1
	}
	return int(s.exp[e])
}

// eval evaluates the polynomial with coefficient encodings cs at x (Horner).
func (s *smallField) eval(cs []int, x int) int {
	v := 0
	for i := len(cs) - 1; i >= 0; i-- {
		v = s.add(s.mul(v, x), cs[i])
	}
	return v
}
