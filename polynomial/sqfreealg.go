package polynomial

// Square-free decomposition by Yun's algorithm (D. Y. Y. Yun, "On
// square-free decomposition algorithms", SYMSAC 1976; Geddes, Czapor and
// Labahn §8.2, Algorithm 8.2). For primitive f over a field of
// characteristic zero with f = ∏ a_i^i:
//
//	a_0 = gcd(f, f′), b_1 = f/a_0, d_1 = f′/a_0 − b_1′,
//	a_i = gcd(b_i, d_i), b_{i+1} = b_i/a_i, d_{i+1} = d_i/a_i − b_{i+1}′,
//
// stopping when b_i = 1. Working with primitive integer polynomials keeps
// every division exact in Z[x] (Gauss's lemma), and the factors come out
// primitive with positive leading coefficient, so their product is f's
// primitive part exactly.

import (
	"context"
	"errors"
	"math/big"
)

type sqfFactor struct {
	factor       zpoly
	multiplicity int
}

// squareFree decomposes a nonzero f over Q as c·∏ a_i^i. Factors equal to
// 1 are omitted; the list is ordered by multiplicity.
func squareFree(ctx context.Context, f qpoly) (*big.Rat, []sqfFactor, error) {
	c, pp, err := qprimitive(ctx, f)
	if err != nil {
		return nil, nil, err
	}
	if pp.deg() == 0 {
		return c, nil, nil
	}
	df := zderiv(pp)
	a0 := zpoly{big.NewInt(1)}
	if coprime, err := coprimeAtOnePrime(ctx, pp, df); err != nil {
		return nil, nil, err
	} else if !coprime {
		if a0, err = gcdZ(ctx, pp, df); err != nil {
			return nil, nil, err
		}
	}
	b, err := divExact(ctx, pp, a0)
	if err != nil {
		return nil, nil, err
	}
	cq, err := divExact(ctx, df, a0)
	if err != nil {
		return nil, nil, err
	}
	d := zsub(cq, zderiv(b))
	var out []sqfFactor
	for i := 1; b.deg() > 0; i++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		var a zpoly
		if len(d) == 0 {
			a = b
		} else if a, err = gcdZ(ctx, b, d); err != nil {
			return nil, nil, err
		}
		if _, a, err = primitive(ctx, a); err != nil {
			return nil, nil, err
		}
		if b, err = divExact(ctx, b, a); err != nil {
			return nil, nil, err
		}
		if len(d) > 0 {
			if cq, err = divExact(ctx, d, a); err != nil {
				return nil, nil, err
			}
			d = zsub(cq, zderiv(b))
		}
		if a.deg() > 0 {
			out = append(out, sqfFactor{a, i})
		}
	}
	return c, out, nil
}

func divExact(ctx context.Context, a, b zpoly) (zpoly, error) {
	q, ok, err := zdivExact(ctx, a, b)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("an exact division in Yun's algorithm left a remainder")
	}
	return q, nil
}

func zsub(a, b zpoly) zpoly {
	out := zzeros(max(len(a), len(b)))
	for i := range out {
		if i < len(a) {
			out[i].Set(a[i])
		}
		if i < len(b) {
			out[i].Sub(out[i], b[i])
		}
	}
	return ztrim(out)
}
