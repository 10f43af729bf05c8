package finitefield

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// TestPariInterpolation checks the operation against
// testdata/pari_interpolation.json, written by
// testdata/gen_pari_interpolation.py from PARI/GP 2.15.2 (polinterpolate
// over all the elements of the field).
func TestPariInterpolation(t *testing.T) {
	cases := pariReference[struct {
		Request      json.RawMessage `json:"request"`
		Coefficients json.RawMessage `json:"coefficients"`
	}](t, "pari_interpolation.json", "interpolation", 50)
	rt := newRuntime(t)
	for i, c := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			o := run(t, rt, interpID, string(c.Request))
			completed(t, o)
			var r InterpolationResult
			if err := json.Unmarshal(o.Value, &r); err != nil {
				t.Fatal(err)
			}
			if got, want := mustJSON(r.Polynomial.Coefficients), compactJSON(t, c.Coefficients); got != want {
				t.Errorf("got %s, PARI/GP %s", got, want)
			}
		})
	}
}

// TestInterpolationInvertsTable tabulates random polynomials, passes the
// table on through the table operation's output port, and checks that
// interpolation gives back the polynomial reduced modulo x^q − x (computed
// here by folding exponents: x^i = x^((i−1) mod (q−1) + 1) for i ≥ 1).
func TestInterpolationInvertsTable(t *testing.T) {
	rt := newRuntime(t)
	rng := rand.New(rand.NewPCG(14, 4))
	ctx := context.Background()
	for i := range 30 {
		F := randomSmallField(ctx, rng)
		f := randomPoly(rng, F, rng.IntN(int(F.q.Int64())+10))
		fp := F.toPoly(f, "")
		payload := mustJSON(PolynomialRequest{Field: F.toField(), Polynomial: fp})
		o := run(t, rt, tableID, payload)
		completed(t, o)
		ref := o.Outputs["table"].ValueRef
		if ref == "" {
			t.Fatalf("the table operation published no reference: %s", o)
		}
		o = rt.Run(ctx, core.RunRequest{CapabilityID: interpID, Payload: json.RawMessage(`{}`), Inputs: map[string]core.Binding{"table": {ValueRef: ref}}})
		completed(t, o)
		var r InterpolationResult
		if err := json.Unmarshal(o.Value, &r); err != nil {
			t.Fatal(err)
		}
		cs := F.smallCoeffs(f)
		want := make(poly, len(cs))
		for j, c := range cs {
			want[j] = F.decode(bigInt(int64(c)))
		}
		want = trimPoly(want)
		got, err := F.parsePoly(FieldPolynomial{Coefficients: r.Polynomial.Coefficients}, "")
		if err != nil {
			t.Fatal(err)
		}
		if !polyEqual(got, want) {
			t.Fatalf("case %d over GF(%s): interpolation gives %s, the table came from %s", i, F.qString(), mustJSON(r.Polynomial.Coefficients), mustJSON(F.toPoly(want, "").Coefficients))
		}
	}
}

// TestInterpolateTransformAgainstTree holds the transform interpolation
// over GF(p) to the subproduct-tree one, the reference, on random tables
// (some of low degree, some all zero) over primes up to the limit.
func TestInterpolateTransformAgainstTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 6))
	ctx := context.Background()
	for i, p := range []int{2, 3, 5, 7, 13, 257, 1009, 10007, 65521, 2, 3, 65521} {
		F := newGF(bigInt(int64(p)), 1, nil)
		tb := &parsedTable{F: F, out: make([]int, p)}
		for x := range tb.out {
			switch i % 3 {
			case 0:
				tb.out[x] = rng.IntN(p)
			case 1:
				tb.out[x] = (x*x + 3) % p
			}
		}
		got, err := tb.interpolate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want, err := tb.interpolateByTree(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if mustJSON(got) != mustJSON(want) {
			t.Fatalf("GF(%d): the transform and the tree differ", p)
		}
	}
}

// TestFourierChirpAgainstDirect holds the chirp-z transform over GF(p^k),
// in both directions, to the direct n² sum on the logarithm tables, the
// reference, on random value vectors (some sparse, one all zero) over fields of characteristic
// 2, 3, 5, 7 and 61 with random irreducible moduli.
func TestFourierChirpAgainstDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 8))
	ctx := context.Background()
	for i, c := range []struct{ p, k int }{
		{2, 2}, {2, 3}, {3, 2}, {5, 2}, {3, 3}, {7, 2}, {2, 5}, {2, 8}, {3, 5}, {5, 4}, {2, 10}, {61, 2}, {2, 12}, {2, 2}, {3, 2},
	} {
		F := extension(big.NewInt(int64(c.p)), c.k, uint64(20+i))
		s, err := newSmallField(ctx, F)
		if err != nil {
			t.Fatal(err)
		}
		y := make([]int, s.q-1)
		for j := range y {
			switch {
			case i == 0:
			case i%3 == 1 && rng.IntN(8) != 0:
			default:
				y[j] = rng.IntN(s.q)
			}
		}
		for _, sigma := range []int{-1, 1} {
			got, err := s.fourierChirp(ctx, y, sigma)
			if err != nil {
				t.Fatal(err)
			}
			want, err := s.fourierDirect(ctx, y, sigma)
			if err != nil {
				t.Fatal(err)
			}
			if mustJSON(got) != mustJSON(want) {
				t.Fatalf("GF(%d^%d), σ = %d: the chirp-z and the direct transforms differ", c.p, c.k, sigma)
			}
		}
	}
}

// TestInterpolateLargestExtension interpolates the table of a random
// polynomial of degree q − 1 over GF(2^16), the largest field a table
// admits, and over GF(3^10), and checks that it gives the polynomial back.
// The polynomial has up to 512 terms (all of degree below 256 and random
// ones above), so that its table, computed here term by term on the
// logarithm tables, costs 512·q steps instead of q². The postcondition's
// check by the forward transform accepts the polynomial and refuses it
// with one coefficient changed.
func TestInterpolateLargestExtension(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 10))
	ctx := context.Background()
	for i, c := range []struct{ p, k int }{{2, 16}, {3, 10}} {
		F := extension(big.NewInt(int64(c.p)), c.k, uint64(40+i))
		s, err := newSmallField(ctx, F)
		if err != nil {
			t.Fatal(err)
		}
		n := s.q - 1
		f := make([]int, s.q)
		for j := range 256 {
			f[j] = 1 + rng.IntN(n)
		}
		for range 255 {
			f[256+rng.IntN(n-256)] = 1 + rng.IntN(n)
		}
		f[n] = 1 + rng.IntN(n)
		tb := &parsedTable{F: F, out: make([]int, s.q)}
		var terms []int
		for j, a := range f {
			if a != 0 {
				terms = append(terms, j)
			}
		}
		tb.out[0] = f[0]
		for l := range n {
			x := int(s.exp[l])
			for _, j := range terms {
				tb.out[x] = s.add(tb.out[x], int(s.exp[(int(s.log[f[j]])+j*l)%n]))
			}
		}
		got, err := tb.interpolate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if mustJSON(got) != mustJSON(f) {
			t.Fatalf("GF(%d^%d): interpolating the table does not give the polynomial back", c.p, c.k)
		}
		if err := checkByTransform(ctx, s, got, tb.out); err != nil {
			t.Fatalf("GF(%d^%d): the check refuses the interpolant: %v", c.p, c.k, err)
		}
		j := rng.IntN(s.q)
		got[j] = s.add(got[j], 1)
		if checkByTransform(ctx, s, got, tb.out) == nil {
			t.Fatalf("GF(%d^%d): the check accepts the interpolant with coefficient %d changed", c.p, c.k, j)
		}
	}
}
