#!/usr/bin/env python3
"""Reference factorizations for finite_field.polynomial.factorization.compute.

Run from finitefield/testdata:  python3 gen_pari_factor.py > pari_factor.json

Generated with PARI/GP 2.15.2 (gp -q), through the helpers of gen_pari.py
(fields GF(p^k), k > 1, as ffgen(ffinit(p, k, 't), 't)). Python only draws
the random inputs (seeded, so the file is reproducible), sorts PARI's
factors into Jacobian's canonical order (ascending degree, then ascending
coefficients from the leading one down, each by its integer encoding
sum c_i p^i) and writes JSON; every factor, exponent and unit is gp's:
  P = the polynomial in y; F = factor(P); the unit is pollead(P).
"""

import json
import random
import sys

import gen_pari
from gen_pari import field_gp, field_json, gp, gp_vec, out_json, poly_out_gp, rand_coords, random_poly_gp

SEED = 20261203
gen_pari.rng = rng = random.Random(SEED)

# 10007 is the benchmark prime; 2^61 − 1 and 2^31 − 1 are word primes;
# 2^89 − 1 and 2^127 − 1 take the math/big path.
FIELDS = [(2, 1), (3, 1), (5, 1), (7, 1), (13, 1), (10007, 1), (2**31 - 1, 1), (2**61 - 1, 1),
          (2**89 - 1, 1), (2**127 - 1, 1), (2, 2), (2, 3), (2, 5), (3, 2), (5, 3), (7, 2),
          (10007, 2), (2**61 - 1, 2)]


def encode(v, p):
    return sum(int(c) * p ** i for i, c in enumerate(v))


# The wide word primes (precprime(2^64), precprime(2^63), nextprime(2^62)),
# without core/gfpoly's two bits of headroom, drawn after the other cases.
WIDE_FIELDS = [(2**64 - 59, 1), (2**63 - 25, 1), (4611686018427388039, 1)]


def factor_cases(n, fields=FIELDS):
    cases, script = [], []
    for i in range(n):
        p, k = fields[i % len(fields)]
        if (p, k) not in gen_pari.MODULI:
            gen_pari.MODULI[(p, k)] = gen_pari.modulus(p, k)
        T = gen_pari.MODULI[(p, k)]
        budget = 40 if k == 1 and p < 2**64 else 14
        factors = []
        total = 0
        while total < budget // 2:
            d = rng.randrange(1, 6)
            e, _ = random_poly_gp(p, k, d)
            m = rng.choice([1, 1, 1, 2, 3])
            factors.append(f"({e})^{m}")
            total += d * m
        expr = "*".join(factors)
        if p <= 5 and rng.random() < 0.4:
            expr = f"({expr})^{p}"
        lead = rand_coords(p, k) or [1]
        expr = f"elt({gp_vec(lead)})*{expr}"
        script.append(field_gp(p, k) + f"P=({expr}); " + poly_out_gp() +
                      " F=factor(P); print(Str(\"[\", out(pollead(P)+0*elt([])), \",[\","
                      " strjoin(vector(#F~, j, Str(\"[[\", strjoin(apply(c->Str(out(c+0*elt([]))), Vecrev(F[j,1])), \",\"), \"],\", F[j,2], \"]\")), \",\"), \"]]\"));")
        cases.append({"field": field_json(p, k, T), "k": k, "p": p})
    lines = gp("\n".join(script), 2 * len(cases))
    for j, c in enumerate(cases):
        k, p = c.pop("k"), c.pop("p")
        coeffs = [out_json(x, k) for x in json.loads(lines[2 * j])]
        unit, fs = json.loads(lines[2 * j + 1])
        out = []
        for cs, m in fs:
            encs = [encode(x, p) if k > 1 else x for x in cs]
            out.append(((len(cs), list(reversed(encs))), [out_json(x, k) for x in cs], m))
        out.sort(key=lambda f: f[0])
        c["request"] = {"field": c.pop("field"), "polynomial": {"coefficients": coeffs}}
        c["unit"] = out_json(unit, k)
        c["factors"] = [{"coefficients": cs, "multiplicity": m} for _, cs, m in out]
    return cases


# Degrees from 300 on, where the word path takes the baby-step giant-step
# stage, over word primes: products of random polynomials of degree 60 to
# 250, and products of two or three shifts (y + c)^d − a of y^d − a, d a
# power of 2 and a a non-square modulo p ≡ 1 (mod 4), irreducible (Lidl
# and Niederreiter, Theorem 3.75), so that the equal-degree stage splits
# factors of degree 64 and more. Drawn after the other cases.
LARGE_FIELDS = [(10007, 1), (2**61 - 1, 1), (2**64 - 59, 1)]
EQUAL_DEGREE = [(10009, 128, 2), (2**64 - 59, 64, 3), (998244353, 256, 2)]


def large_cases():
    cases, script = [], []

    def add(p, expr):
        script.append(field_gp(p, 1) + f"P=({expr}); " + poly_out_gp() +
                      " F=factor(P); print(Str(\"[\", out(pollead(P)+0*elt([])), \",[\","
                      " strjoin(vector(#F~, j, Str(\"[[\", strjoin(apply(c->Str(out(c+0*elt([]))), Vecrev(F[j,1])), \",\"), \"],\", F[j,2], \"]\")), \",\"), \"]]\"));")
        cases.append({"field": field_json(p, 1, None), "k": 1, "p": p})

    for p, _ in LARGE_FIELDS:
        for _ in range(2):
            factors, total = [], 0
            while total < 400:
                d = rng.randrange(60, 251)
                e, _ = random_poly_gp(p, 1, d)
                factors.append(f"({e})")
                total += d
            add(p, "elt([" + str(rng.randrange(1, p)) + "])*" + "*".join(factors))
    for p, d, r in EQUAL_DEGREE:
        add(p, "prod(c=1," + str(r) + ",(Mod(1," + str(p) + ")*(y+c)^" + str(d) + "-znprimroot(" + str(p) + ")))")
    lines = gp("\n".join(script), 2 * len(cases))
    for j, c in enumerate(cases):
        p = c.pop("p")
        c.pop("k")
        coeffs = [out_json(x, 1) for x in json.loads(lines[2 * j])]
        unit, fs = json.loads(lines[2 * j + 1])
        out = sorted(((len(cs), list(reversed(cs))), [out_json(x, 1) for x in cs], m) for cs, m in fs)
        c["request"] = {"field": c.pop("field"), "polynomial": {"coefficients": coeffs}}
        c["unit"] = out_json(unit, 1)
        c["factors"] = [{"coefficients": cs, "multiplicity": m} for _, cs, m in out]
    return cases


def main():
    data = {
        "generator": "gen_pari_factor.py",
        "seed": SEED,
        "pari_version": gp("v=version(); print(Str(v[1],\".\",v[2],\".\",v[3]))")[0],
        "factorization": factor_cases(72) + factor_cases(9, WIDE_FIELDS) + large_cases(),
    }
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
