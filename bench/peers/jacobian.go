package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"

	"jacobian.dev/core"
	"jacobian.dev/finitefield"
	"jacobian.dev/integer"
	"jacobian.dev/matrix"
	"jacobian.dev/polynomial"
)

// newRuntime is the runtime the catalog cases run through: the four
// standard domains, as the jacobian binary installs them. Results stay
// inline however large, so no case depends on an artifact store, and the
// deadline is the peers' (peerTimeout) rather than the default minute, so
// that a loaded machine slows a case down instead of failing it.
func newRuntime() (*core.Runtime, error) {
	reg, err := core.NewRegistryWith(integer.Register, matrix.Register, finitefield.Register, polynomial.Register)
	if err != nil {
		return nil, err
	}
	return core.NewRuntime(reg, core.RuntimeOptions{InlineLimit: 1 << 30, Timeout: peerTimeout}), nil
}

// jacobianSide is how Jacobian computes a case. prepare turns the inputs
// into the timed call (untimed: building a payload or Go values); the timed
// call does the work and returns the conversion of its result to answer
// lines, which runs after the clock stops.
type jacobianSide struct {
	prepare func(in []Input) (timedCall, error)
}

type timedCall func(ctx context.Context, rt *core.Runtime) (answer func() ([]string, error), err error)

// operation times the catalog operation id through Runtime.Run, the
// pipeline every surface uses: payload decoding, preflight, execution,
// postcondition and result encoding are all inside the clock. payload
// builds the request from the inputs; answer reads the answer lines from
// the result value.
func operation(id string, payload func(in []Input) any, answer func(value json.RawMessage) ([]string, error)) jacobianSide {
	return jacobianSide{prepare: func(in []Input) (timedCall, error) {
		raw, err := json.Marshal(payload(in))
		if err != nil {
			return nil, err
		}
		req := core.RunRequest{CapabilityID: id, Payload: raw}
		return func(ctx context.Context, rt *core.Runtime) (func() ([]string, error), error) {
			out := rt.Run(ctx, req)
			if out.Outcome != core.OutcomeCompleted {
				return nil, fmt.Errorf("%s: %s %s%s: %s%s", id, out.Outcome, out.Code, out.Reason, out.Message, out.Detail)
			}
			if len(out.Value) == 0 {
				return nil, fmt.Errorf("%s: the result was not carried inline", id)
			}
			return func() ([]string, error) { return answer(out.Value) }, nil
		}, nil
	}}
}

// kernel times a bare Go call: prepare converts the inputs, call is the
// timed work, answer gives its answer lines.
func kernel[P, R any](prepare func(in []Input) P, call func(P) R, answer func(R) []string) jacobianSide {
	return jacobianSide{prepare: func(in []Input) (timedCall, error) {
		p := prepare(in)
		return func(context.Context, *core.Runtime) (func() ([]string, error), error) {
			r := call(p)
			return func() ([]string, error) { return answer(r), nil }, nil
		}, nil
	}}
}

// Payloads and answers of the catalog operations.

func decimals(xs []*big.Int) []string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = x.String()
	}
	return s
}

type coefficientForm struct {
	Coefficients []string `json:"coefficients"`
}

func polyPayload(p []*big.Int) coefficientForm { return coefficientForm{decimals(p)} }

func matrixPayload(rows [][]*big.Int) [][]string {
	m := make([][]string, len(rows))
	for i, r := range rows {
		m[i] = decimals(r)
	}
	return m
}

// stringAnswer reads the string field name of the result as one line.
func stringAnswer(name string) func(json.RawMessage) ([]string, error) {
	return func(v json.RawMessage) ([]string, error) {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(v, &fields); err != nil {
			return nil, err
		}
		var s string
		if err := json.Unmarshal(fields[name], &s); err != nil {
			return nil, fmt.Errorf("result field %q: %v", name, err)
		}
		return []string{s}, nil
	}
}

// polyAnswer reads the polynomial field name of the result as its
// coefficient lines.
func polyAnswer(name string) func(json.RawMessage) ([]string, error) {
	return func(v json.RawMessage) ([]string, error) {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(v, &fields); err != nil {
			return nil, err
		}
		var p coefficientForm
		if err := json.Unmarshal(fields[name], &p); err != nil {
			return nil, fmt.Errorf("result field %q: %v", name, err)
		}
		if len(p.Coefficients) == 0 {
			return []string{"0"}, nil
		}
		return p.Coefficients, nil
	}
}

// Answers of the kernels.

func intLines(x *big.Int) []string { return []string{x.String()} }

// polyLines is the canonical answer of a polynomial: its coefficients
// constant term first without trailing zeros, the zero polynomial as 0.
func polyLines(p []*big.Int) []string {
	n := len(p)
	for n > 0 && p[n-1].Sign() == 0 {
		n--
	}
	if n == 0 {
		return []string{"0"}
	}
	return decimals(p[:n])
}

// Baseline kernels. They stand in until the fast kernels of core/bignum,
// core/zpoly and core/gfpoly replace them in the case table, and they stay
// as the reference that the harness test checks against schoolbook.

// zpolyMulKronecker multiplies polynomials over Z by Kronecker
// substitution (von zur Gathen and Gerhard, Modern Computer Algebra,
// §8.4): pack each operand into one integer at x = 2^k, with k wide enough
// for any product coefficient and its sign, multiply with big.Int.Mul, and
// read the coefficients back as balanced base-2^k digits. Packing and
// unpacking are linear word copies, so the cost is that of one integer
// product.
func zpolyMulKronecker(a, b []*big.Int) []*big.Int {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	// |c_i| ≤ min(len) · max|a| · max|b| < 2^(k−1).
	k := maxBits(a) + maxBits(b) + bits.Len(uint(min(len(a), len(b)))) + 1
	c := new(big.Int).Mul(kroneckerPack(a, k), kroneckerPack(b, k))
	return kroneckerUnpack(c, len(a)+len(b)-1, k)
}

// gfpolyMulKronecker multiplies polynomials with coefficients in [0, p)
// over GF(p): the Z[x] product by Kronecker substitution, reduced mod p.
func gfpolyMulKronecker(a, b []*big.Int, p *big.Int) []*big.Int {
	c := zpolyMulKronecker(a, b)
	for _, x := range c {
		x.Mod(x, p)
	}
	return c
}

// zpolyMulSchoolbook is the quadratic product, the reference.
func zpolyMulSchoolbook(a, b []*big.Int) []*big.Int {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	c := make([]*big.Int, len(a)+len(b)-1)
	for i := range c {
		c[i] = new(big.Int)
	}
	var t big.Int
	for i, x := range a {
		for j, y := range b {
			c[i+j].Add(c[i+j], t.Mul(x, y))
		}
	}
	return c
}

func maxBits(p []*big.Int) int {
	m := 0
	for _, x := range p {
		m = max(m, x.BitLen())
	}
	return m
}

// kroneckerPack is Σ c_i 2^(k·i) for coefficients with |c_i| < 2^k: the
// positive and negative coefficients are laid into two word arrays
// without carries, and one subtraction combines them.
func kroneckerPack(coeffs []*big.Int, k int) *big.Int {
	n := (len(coeffs)*k)/bits.UintSize + 2
	pos, neg := make([]big.Word, n), make([]big.Word, n)
	for i, c := range coeffs {
		dst := pos
		if c.Sign() < 0 {
			dst = neg
		}
		off := i * k
		w, s := off/bits.UintSize, uint(off%bits.UintSize)
		for j, x := range c.Bits() {
			dst[w+j] |= x << s
			if s != 0 {
				dst[w+j+1] |= x >> (bits.UintSize - s)
			}
		}
	}
	p := new(big.Int).SetBits(pos)
	return p.Sub(p, new(big.Int).SetBits(neg))
}

// kroneckerUnpack reads m balanced base-2^k digits of c, each in
// (−2^(k−1), 2^(k−1)).
func kroneckerUnpack(c *big.Int, m, k int) []*big.Int {
	negative := c.Sign() < 0
	words := c.Bits()
	half := new(big.Int).Lsh(big.NewInt(1), uint(k-1))
	full := new(big.Int).Lsh(big.NewInt(1), uint(k))
	out := make([]*big.Int, m)
	carry := false
	for i := range out {
		d := bitField(words, i*k, k)
		if carry {
			d.Add(d, big.NewInt(1))
		}
		carry = d.Cmp(half) >= 0
		if carry {
			d.Sub(d, full)
		}
		if negative {
			d.Neg(d)
		}
		out[i] = d
	}
	return out
}

// bitField is bits [off, off+k) of the natural number with words words.
func bitField(words []big.Word, off, k int) *big.Int {
	lo := off / bits.UintSize
	if lo >= len(words) {
		return new(big.Int)
	}
	s := uint(off % bits.UintSize)
	n := (k + bits.UintSize - 1) / bits.UintSize
	field := make([]big.Word, n)
	for j := range field {
		if lo+j >= len(words) {
			break
		}
		field[j] = words[lo+j] >> s
		if s != 0 && lo+j+1 < len(words) {
			field[j] |= words[lo+j+1] << (bits.UintSize - s)
		}
	}
	if r := k % bits.UintSize; r != 0 {
		field[n-1] &= 1<<r - 1
	}
	return new(big.Int).SetBits(field)
}
