#!/usr/bin/env python3
"""Reference values for finite_field.element.minimal_polynomial.compute.

Run from finitefield/testdata:  python3 gen_pari_minpoly.py > pari_minpoly.json

Generated with PARI/GP 2.15.2 (gp -q). Python draws the random elements
(seeded, so the file is reproducible) and writes JSON; every value is gp's:
the field is g = ffgen(ffinit(p, k, 'w), 'w) (for k = 1, ffgen(p), with an
element a written c*g^0), an element with coordinates [c0, ..., c(k-1)] is
sum c_i g^i, and the values are minpoly(a), trace(a) and norm(a).
"""

import json
import random
import sys

import gen_pari
from gen_pari import field_json, gp, gp_vec, rand_coords

SEED = 20261206
gen_pari.rng = rng = random.Random(SEED)

FIELDS = [(2, 1), (7, 1), (10007, 1), (2, 2), (2, 4), (2, 6), (2, 8), (3, 2), (3, 4), (5, 3), (7, 2), (11, 6), (2**31 - 1, 3), (2**61 - 1, 2), (2**89 - 1, 2)]


def cases_for(n):
    cases, script = [], []
    for i in range(n):
        p, k = FIELDS[i % len(FIELDS)]
        if (p, k) not in gen_pari.MODULI:
            gen_pari.MODULI[(p, k)] = gen_pari.modulus(p, k)
        T = gen_pari.MODULI[(p, k)]
        v = rand_coords(p, k)
        if i % 4 == 1 and k % 2 == 0:
            # An element of the subfield of index 2: the norm down to it.
            v = None
        if k == 1:
            pre = f"g=ffgen({p}); a={v[0] if v else 0}*g^0;"
        else:
            pre = f"g=ffgen(ffinit({p},{k},'w),'w);"
            if v is None:
                pre += f" b={'+'.join(f'{c}*g^{j}' for j, c in enumerate(rand_coords(p, k) or [1]))}+0*g; a=b^(({p}^{k}-1)/({p}^{k//2}-1));"
            else:
                pre += f" V={gp_vec(v)}; a=sum(j=1,#V,V[j]*g^(j-1))+0*g;"
        script.append(pre + " print(Vecrev(lift(minpoly(a)))); print(lift(trace(a))); print(lift(norm(a))); print(if(type(a)==\"t_FFELT\", Vecrev(a.pol), [a]));")
        cases.append({"field": field_json(p, k, T), "k": k})
    lines = gp("\n".join(script), 4 * len(cases))
    out = []
    for j, c in enumerate(cases):
        k = c["k"]
        m = json.loads(lines[4 * j])
        coords = json.loads(lines[4 * j + 3])
        while coords and coords[-1] == 0:
            coords.pop()
        element = str(coords[0] if coords else 0) if k == 1 else [str(x) for x in coords]
        out.append({"request": {"field": c["field"], "element": element},
                    "minimal_polynomial": [str(x) for x in m],
                    "trace": lines[4 * j + 1].strip(), "norm": lines[4 * j + 2].strip()})
    return out


def main():
    data = {
        "generator": "gen_pari_minpoly.py",
        "seed": SEED,
        "pari_version": gp("v=version(); print(Str(v[1],\".\",v[2],\".\",v[3]))")[0],
        "minimal_polynomial": cases_for(60),
    }
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
