#!/usr/bin/env python3
"""Reference results for finite_field.polynomial.arithmetic.compute.

Run from finitefield/testdata:  python3 gen_pari_polyarith.py > pari_polyarith.json

Generated with PARI/GP 2.15.2 (gp -q), through the helpers of gen_pari.py
(fields GF(p^k), k > 1, as ffgen(ffinit(p, k, 't), 't)). Python only draws
the random operands (seeded, so the file is reproducible) and writes JSON;
every result is gp's:
  multiply A*B; divide divrem(A, B); gcd and extended_gcd from
  gcdext(A, B) = [u, v, d], made monic by dividing by pollead(d) (cases
  where B divides A, whose canonical cofactors are fixed by convention,
  are not drawn); power_mod lift(Mod(A, B)^e) over GF(p), and over
  GF(p^k) binary powering written in gp, reducing % B after each product.
"""

import json
import random
import sys

import gen_pari
from gen_pari import field_gp, field_json, gp, out_json, rand_coords, random_poly_gp

SEED = 20261204
gen_pari.rng = rng = random.Random(SEED)

FIELDS = [(2, 1), (3, 1), (7, 1), (10007, 1), (2**61 - 1, 1), (2**89 - 1, 1), (2, 3), (3, 2), (5, 2), (2**31 - 1, 2)]
OPS = ["multiply", "divide", "gcd", "extended_gcd", "power_mod"]

POLY = "Str(\"[\", strjoin(apply(c->Str(out(c+0*elt([]))), Vecrev(%s)), \",\"), \"]\")"


def trim(coeffs):
    """Drops trailing zero coefficients: gp writes the zero polynomial as [0]."""
    while coeffs and coeffs[-1] in ("0", []):
        coeffs.pop()
    return coeffs


def cases_for(n):
    cases, script = [], []
    for i in range(n):
        p, k = FIELDS[i % len(FIELDS)]
        op = OPS[(i // len(FIELDS)) % len(OPS)]
        if (p, k) not in gen_pari.MODULI:
            gen_pari.MODULI[(p, k)] = gen_pari.modulus(p, k)
        T = gen_pari.MODULI[(p, k)]
        ea, _ = random_poly_gp(p, k, rng.randrange(0, 9))
        eb, _ = random_poly_gp(p, k, rng.randrange(1, 6))
        common = ""
        if op in ("gcd", "extended_gcd"):
            ec, _ = random_poly_gp(p, k, rng.randrange(1, 3))
            common = f"*({ec})"
        e = rng.randrange(0, 2**80)
        prelude = field_gp(p, k) + f"A=({ea}){common}; B=({eb}){common}; "
        outs = "print(" + POLY % "A" + "); print(" + POLY % "B" + "); "
        if op == "multiply":
            body = "print(" + POLY % "A*B" + ");"
        elif op == "divide":
            body = "D=divrem(A,B); print(" + POLY % "D[1]" + "); print(" + POLY % "D[2]" + ");"
        elif op in ("gcd", "extended_gcd"):
            body = ("G=gcdext(A,B); c=pollead(G[3]); print(" + POLY % "G[3]/c" + "); print(" + POLY % "G[1]/c" +
                    "); print(" + POLY % "G[2]/c" + "); print(A%B==0);")
        else:
            body = f"print(" + POLY % f"lift(Mod(A,B)^{e})" + ");" if k == 1 else \
                   f"R=1+0*A; X=A%B; E={e}; while(E, if(E%2, R=(R*X)%B); X=(X*X)%B; E\\=2); print(" + POLY % "R" + ");"
        script.append(prelude + outs + body)
        cases.append({"field": field_json(p, k, T), "k": k, "op": op, "e": e})
    per = {"multiply": 3, "divide": 4, "gcd": 6, "extended_gcd": 6, "power_mod": 3}
    lines = gp("\n".join(script), sum(per[c["op"]] for c in cases))
    out, at = [], 0
    for c in cases:
        k, op = c["k"], c["op"]
        got = lines[at:at + per[op]]
        at += per[op]
        polys = [trim([out_json(x, k) for x in json.loads(line)]) for line in got[:per[op] - (1 if op in ("gcd", "extended_gcd") else 0)]]
        req = {"field": c["field"], "op": op,
               "left": {"coefficients": polys[0]}, "right": {"coefficients": polys[1]}}
        if op == "power_mod":
            req["exponent"] = str(c["e"])
        res = {}
        if op in ("multiply", "power_mod", "gcd"):
            res["value"] = polys[2]
        if op == "divide":
            res["quotient"], res["remainder"] = polys[2], polys[3]
        if op == "extended_gcd":
            if got[-1].strip() == "1":
                continue
            res["value"], res["s"], res["t"] = polys[2], polys[3], polys[4]
        out.append({"request": req, "result": res})
    return out


def main():
    data = {
        "generator": "gen_pari_polyarith.py",
        "seed": SEED,
        "pari_version": gp("v=version(); print(Str(v[1],\".\",v[2],\".\",v[3]))")[0],
        "polynomial_arithmetic": cases_for(80),
    }
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
