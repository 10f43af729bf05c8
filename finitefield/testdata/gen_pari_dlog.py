#!/usr/bin/env python3
"""Reference logarithms for finite_field.element.discrete_logarithm.compute.

Run from finitefield/testdata:  python3 gen_pari_dlog.py > pari_dlog.json

Generated with PARI/GP 2.15.2 (gp -q). Python draws the random fields,
bases and elements (seeded, so the file is reproducible; half the
elements are powers of the base) and writes JSON; the last 16 cases are
primes of 48 to 64 bits with p - 1 = 2c*r for a large prime r, where
index calculus serves the digit of r. The answers are gp's:
znlog(Mod(h, p), Mod(g, p)) for k = 1 (the empty vector when no logarithm
exists), and for k > 1, with g = ffgen(ffinit(p, k, 'w), 'w), "none" when
h^fforder(base) != 1 and fflog(h, base) otherwise.
"""

import json
import random
import sys

from sympy import isprime

import gen_pari
from gen_pari import field_json, gp, gp_vec, rand_coords

SEED = 20261209
gen_pari.rng = rng = random.Random(SEED)

FIELDS = [(7, 1), (13, 1), (101, 1), (65537, 1), (1000003, 1), (2**31 - 1, 1), (1099511627791, 1),
          (1000000007, 1), (2, 4), (2, 8), (3, 5), (5, 3), (7, 2), (101, 2), (65521, 2)]


def large_factor_prime(bits, c):
    """A prime p of the given bits with p - 1 = 2c*r, r prime."""
    while True:
        r = rng.randrange(2 ** (bits - 2), 2 ** (bits - 1)) // c
        p = 2 * c * r + 1
        if p.bit_length() == bits and isprime(r) and isprime(p):
            return p


def main():
    cases, script = [], []
    for i in range(64):
        p, k = FIELDS[i % len(FIELDS)]
        if (p, k) not in gen_pari.MODULI:
            gen_pari.MODULI[(p, k)] = gen_pari.modulus(p, k)
        g = rand_coords(p, k) or [1]
        h = rand_coords(p, k) or [1]
        e = rng.randrange(0, p ** k)
        power = i % 2 == 0
        if k == 1:
            H = f"Mod({g[0]},{p})^{e}" if power else f"Mod({h[0]},{p})"
            script.append(f"G=Mod({g[0]},{p}); H={H}; print(lift(H)); L=znlog(H,G); print(if(type(L)==\"t_VEC\",\"none\",L));")
        else:
            pre = f"w=ffgen(ffinit({p},{k},'w),'w);\nelt(V)=sum(j=1,#V,V[j]*w^(j-1))+0*w;\n"
            H = f"elt({gp_vec(g)})^{e}" if power else f"elt({gp_vec(h)})"
            script.append(pre + f"G=elt({gp_vec(g)}); H={H}; print(Vecrev(H.pol)); o=fforder(G); print(if(H^o!=1,\"none\",fflog(H,G,o)));")
        cases.append({"field": field_json(p, k, gen_pari.MODULI[(p, k)]), "k": k, "g": g})
    # Primes whose p - 1 has one large prime factor (index calculus): safe
    # primes p = 2r + 1 of 48 to 64 bits, and p = 2^j * r + 1.
    for i in range(16):
        bits = [48, 56, 62, 64][i % 4]
        p = large_factor_prime(bits, 1 if i % 8 < 4 else 2 ** (1 + i % 5))
        g = rng.randrange(2, p - 1)
        e = rng.randrange(0, p - 1)
        H = f"Mod({g},{p})^{e}" if i % 2 == 0 else f"Mod({rng.randrange(1, p)},{p})"
        script.append(f"G=Mod({g},{p}); H={H}; print(lift(H)); L=znlog(H,G); print(if(type(L)==\"t_VEC\",\"none\",L));")
        cases.append({"field": field_json(p, 1, None), "k": 1, "g": [g]})
    lines = gp("default(parisizemax, 2^30);\n" + "\n".join(script), 2 * len(cases))
    out = []
    for j, c in enumerate(cases):
        k = c["k"]
        hv = json.loads(lines[2 * j])
        if k == 1:
            element = str(hv)
            base = str(c["g"][0])
        else:
            while hv and hv[-1] == 0:
                hv.pop()
            element = [str(x) for x in hv]
            base = [str(x) for x in c["g"]]
        ans = lines[2 * j + 1].strip()
        out.append({"request": {"field": c["field"], "base": base, "element": element},
                    "logarithm": None if ans == "none" else ans})
    data = {
        "generator": "gen_pari_dlog.py",
        "seed": SEED,
        "pari_version": gp("v=version(); print(Str(v[1],\".\",v[2],\".\",v[3]))")[0],
        "discrete_logarithm": out,
    }
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
