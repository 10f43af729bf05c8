package finitefield

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
)

// RootRequest asks for the k-th roots of an element of GF(q).
type RootRequest struct {
	Field   Field   `json:"field"`
	Element Element `json:"element"`
	K       int     `json:"k"`
}

// RootResult lists every r in GF(q) with r^k = a, ascending by integer
// encoding, and their number: 0 when a is not a k-th power; 1 for a = 0
// (the root 0); otherwise gcd(k, q − 1).
type RootResult struct {
	Roots                   []Element `json:"roots"`
	Count                   int       `json:"count"`
	CharacteristicPrimality Primality `json:"characteristic_primality"`
}

// MaxRootIndex bounds k.
const MaxRootIndex = MaxPolyDegree

// parseRoot checks a root request's shape and limits.
func parseRoot(q RootRequest) (*gf, elem, error) {
	F, err := shapeField(q.Field, "/payload/field")
	if err != nil {
		return nil, nil, err
	}
	if q.K > MaxRootIndex {
		return nil, nil, core.Refusef("k is %d; at most %d is allowed", q.K, MaxRootIndex)
	}
	if q.K < 1 {
		return nil, nil, invalid("/payload/k", "k must be at least 1, got %d", q.K)
	}
	if w := polyWork(q.K, F.k, F.p.BitLen(), F.q.BitLen(), false); w > MaxPolyWork {
		return nil, nil, core.Refusef("estimated work %.3g word products exceeds %d; lower k or the field size", w, MaxPolyWork)
	}
	a, err := F.parseElement(q.Element, "/payload/element")
	if err != nil {
		return nil, nil, err
	}
	return F, a, nil
}

// rootOperation: the k-th roots of a in GF(q) as the roots of x^k − a,
// found like the roots operation does (gcd with x^q − x, then
// Cantor–Zassenhaus equal-degree splitting; see factor.go). Canonical
// form: roots ascending by integer encoding. Square roots are k = 2.
func rootOperation() core.Operation[RootRequest, RootResult] {
	return core.Operation[RootRequest, RootResult]{
		ID:         "finite_field.element.root.compute",
		Title:      "k-th roots of a finite-field element",
		Summary:    "All k-th roots (square roots for k = 2) of an element of GF(p) or GF(p^k) in that field, in ascending order.",
		Keywords:   []string{"square root", "sqrt", "k-th root", "nth root", "quadratic residue", "power residue", "sqrtn", "finite field", "tonelli shanks"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field", "finite_field_element", "integer"},
		Limits: append(fieldLimits(func(f string, k int) string { return `{"field":` + f + `,"element":` + oneIn(k) + `,"k":2}` }),
			core.Limit{
				Name: "k", Max: MaxRootIndex, Unit: "root index",
				Description: "k is at most this",
				Beyond: func() string {
					return fmt.Sprintf(`{"field":{"characteristic":"2","degree":1},"element":"1","k":%d}`, MaxRootIndex+1)
				},
				At: func() string {
					return fmt.Sprintf(`{"field":{"characteristic":"2","degree":1},"element":"1","k":%d}`, MaxRootIndex)
				},
			},
			core.Limit{
				Name: "work", Max: MaxPolyWork, Unit: "word products",
				Description: "the estimated work of finding the roots of x^k − a, as for the roots operation (k²·log2 q·(1 + log2 k) field products)",
				Beyond:      func() string { return rootWorkPayload(1) },
				At:          func() string { return rootWorkPayload(0) },
			}),
		Bounds: withBounds(fieldBounds("/field"), core.Bounds{"/k": MaxRootIndex}),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "k = 0", Payload: `{"field":{"characteristic":"7","degree":1},"element":"2","k":0}`, Code: core.InvalidPayload, Path: "/payload/k"},
				{Title: "an element outside [0, p)", Payload: `{"field":{"characteristic":"7","degree":1},"element":"9","k":2}`, Code: core.InvalidPayload, Path: "/payload/element"},
				{Title: "a composite characteristic", Payload: `{"field":{"characteristic":"49","degree":1},"element":"2","k":2}`, Code: core.DomainError, Path: "/payload/field/characteristic"},
			}
		},
		Preflight: func(ctx context.Context, q RootRequest) error {
			_, _, err := parseRoot(q)
			return err
		},
		Run: func(ctx context.Context, q RootRequest) (RootResult, error) {
			F, a, err := parseRoot(q)
			if err != nil {
				return RootResult{}, err
			}
			pr, err := F.certify(ctx)
			if err != nil {
				return RootResult{}, err
			}
			f := make(poly, q.K+1)
			f[0], f[q.K] = F.neg(a), F.one()
			rs, err := F.rootsOf(ctx, f, seededRand(F.fingerprint(f)))
			if err != nil {
				return RootResult{}, err
			}
			out := RootResult{Roots: make([]Element, len(rs)), Count: len(rs), CharacteristicPrimality: Primality(pr)}
			for i, r := range rs {
				out.Roots[i] = F.toElement(r)
			}
			return out, nil
		},
		Postcondition: checkRoot,
		Slow:          slowRoot,
		Examples: []core.Example{
			// PARI/GP 2.15: polrootsmod(x^2 - 2, 7) = [3, 4]~.
			{Title: "the square roots of 2 in GF(7)", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"element":"2","k":2}`),
				Result: json.RawMessage(`{"roots":["3","4"],"count":2,"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: polrootsmod(x^2 - 3, 7) = []~: 3 is not a square modulo 7.
			{Title: "3 has no square root in GF(7)", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"element":"3","k":2}`),
				Result: json.RawMessage(`{"roots":[],"count":0,"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: polrootsmod(x^3 - 1, 13) = [1, 3, 9]~.
			{Title: "the cube roots of unity in GF(13)", Payload: json.RawMessage(`{"field":{"characteristic":"13","degree":1},"element":"1","k":3}`),
				Result: json.RawMessage(`{"roots":["1","3","9"],"count":3,"characteristic_primality":"proven"}`)},
			// GF(4) = GF(2)[t]/(t^2 + t + 1): squaring is a bijection, and (t + 1)^2 = t.
			{Title: "the square root of t in GF(4)", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}},"element":["0","1"],"k":2}`),
				Result: json.RawMessage(`{"roots":[["1","1"]],"count":1,"characteristic_primality":"proven"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) RootRequest {
			F := randomField(ctx, rng, 64, 3)
			k := 1 + rng.IntN(12)
			a := F.random(rng)
			if rng.IntN(2) == 0 {
				// A k-th power, so that roots exist.
				a = F.powRightToLeft(a, big.NewInt(int64(k)))
			}
			return RootRequest{Field: F.toField(), Element: F.toElement(a), K: k}
		},
	}
}

// rootWorkPayload is a request over GF(2^61 − 1) with the least k past the
// work limit (extra = 1) or the greatest within it (extra = 0).
func rootWorkPayload(extra int) string {
	k := 1
	for polyWork(k, 1, 61, 61, false) <= MaxPolyWork {
		k++
	}
	return fmt.Sprintf(`{"field":{"characteristic":"2305843009213693951","degree":1},"element":"3","k":%d}`, k-1+extra)
}

// checkRoot verifies, apart from the splitting: every root r has r^k = a,
// the roots are distinct and ascending, and their number is right by
// counting rather than by finding them: for a = 0 the one root 0; for
// a ≠ 0 with g = gcd(k, q − 1), a is a k-th power exactly when
// a^((q−1)/g) = 1 (GF(q)* is cyclic), and then it has exactly g roots.
func checkRoot(ctx context.Context, q RootRequest, r RootResult) error {
	F, a, err := parseRoot(q)
	if err != nil {
		return err
	}
	if r.Count != len(r.Roots) {
		return errors.New("count disagrees with the list")
	}
	k := big.NewInt(int64(q.K))
	var prev *big.Int
	for i, e := range r.Roots {
		x, err := F.parseElement(e, fmt.Sprintf("/value/roots/%d", i))
		if err != nil {
			return err
		}
		enc := F.encode(x)
		if prev != nil && prev.Cmp(enc) >= 0 {
			return errors.New("roots are not strictly ascending")
		}
		prev = enc
		if !equal(F.powRightToLeft(x, k), a) {
			return fmt.Errorf("root %d to the k-th power is not the element", i)
		}
	}
	want := 1
	if !isZero(a) {
		g := new(big.Int).GCD(nil, nil, k, F.qm1)
		want = 0
		if isOne(F.powRightToLeft(a, new(big.Int).Quo(F.qm1, g))) {
			want = int(g.Int64())
		}
	}
	if len(r.Roots) != want {
		return fmt.Errorf("%d roots listed, %d expected", len(r.Roots), want)
	}
	return nil
}
