package finitefield

import (
	"context"
	"encoding/json"
	"fmt"
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
