#!/usr/bin/env python3
"""Reference interpolants for finite_field.polynomial_map.interpolation.compute.

Run from finitefield/testdata:  python3 gen_pari_interpolation.py > pari_interpolation.json

Generated with PARI/GP 2.15.2 (gp -q), through the helpers of gen_pari.py
(fields GF(p^k), k > 1, as ffgen(ffinit(p, k, 't), 't)). Python draws the
random values (seeded, so the file is reproducible) and a random order of
the inputs, and writes JSON; the interpolant is gp's
polinterpolate(X, Y) over all q elements X (in canonical order) with the
values Y.
"""

import json
import random
import sys

import gen_pari
from gen_pari import field_gp, field_json, gp, gp_vec, out_json, poly_out_gp, rand_coords

SEED = 20261205
gen_pari.rng = rng = random.Random(SEED)

FIELDS = [(2, 1), (3, 1), (5, 1), (7, 1), (13, 1), (101, 1), (257, 1), (2, 2), (2, 3), (2, 4), (3, 2), (5, 2), (7, 2), (3, 3), (2, 6)]


def cases_for(n):
    cases, script = [], []
    for i in range(n):
        p, k = FIELDS[i % len(FIELDS)]
        if (p, k) not in gen_pari.MODULI:
            gen_pari.MODULI[(p, k)] = gen_pari.modulus(p, k)
        T = gen_pari.MODULI[(p, k)]
        q = p ** k
        digits = [[(e // p ** j) % p for j in range(k)] for e in range(q)]
        values = [rand_coords(p, k) for _ in range(q)]
        if i % 5 == 0:
            values = [[0]] * q  # the zero map
        X = "[" + ",".join(f"elt({gp_vec(d)})" for d in digits) + "]"
        Y = "[" + ",".join(f"elt({gp_vec(v)})" for v in values) + "]"
        script.append(field_gp(p, k) + f"P=polinterpolate({X},{Y})*elt([1]); P=subst(P,x,y); " + poly_out_gp())
        order = list(range(q))
        rng.shuffle(order)
        ek = lambda v: out_json(list(v), k) if k > 1 else str(v[0] if v else 0)
        inputs = [ek(digits[e]) if k > 1 else str(e) for e in order]
        outputs = [ek(values[e]) for e in order]
        cases.append({"request": {"table": {"field": field_json(p, k, T), "inputs": inputs, "outputs": outputs}}, "k": k})
    lines = gp("\n".join(script), len(cases))
    for c, line in zip(cases, lines):
        k = c.pop("k")
        coeffs = [out_json(x, k) for x in json.loads(line)]
        while coeffs and coeffs[-1] in ("0", []):
            coeffs.pop()
        c["coefficients"] = coeffs
    return cases


def main():
    data = {
        "generator": "gen_pari_interpolation.py",
        "seed": SEED,
        "pari_version": gp("v=version(); print(Str(v[1],\".\",v[2],\".\",v[3]))")[0],
        "interpolation": cases_for(60),
    }
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
