#!/usr/bin/env python3
"""Reference values for finite_field.element.primitivity.check and
finite_field.primitive_element.compute.

Run from finitefield/testdata:  python3 gen_pari_primitive.py > pari_primitive.json

Generated with PARI/GP 2.15.2 (gp -q). Python draws the random fields and
elements (seeded, so the file is reproducible) and writes JSON; gp decides:
primitivity is znorder(Mod(a, p)) == p - 1 for k = 1 and fforder(a) == q - 1
for k > 1 (g = ffgen(ffinit(p, k, 'w), 'w), an element with coordinates
[c0, ..., c(k-1)] being sum c_i g^i); the least primitive element is the
first element, in the canonical order of integer encodings sum c_i p^i,
that gp finds primitive.
"""

import json
import random
import sys

import gen_pari
from gen_pari import field_json, gp, gp_vec, rand_coords

SEED = 20261207
gen_pari.rng = rng = random.Random(SEED)

FIELDS = [(2, 1), (3, 1), (7, 1), (31, 1), (101, 1), (65537, 1), (10007, 1), (2**31 - 1, 1), (2**61 - 1, 1),
          (2, 2), (2, 4), (2, 5), (2, 8), (3, 3), (5, 2), (7, 3), (11, 2), (10007, 2), (2**31 - 1, 2)]


def gp_field(p, k):
    # A user function's body runs to the end of its line, hence the newlines.
    if k == 1:
        return f"elt(V)=Mod(if(#V,V[1],0),{p});\nord(a)=if(a==0,0,znorder(a));\nq={p};"
    return (f"g=ffgen(ffinit({p},{k},'w),'w);\nelt(V)=sum(j=1,#V,V[j]*g^(j-1))+0*g;\n"
            f"ord(a)=if(a==0,0,fforder(a));\nq={p}^{k};")


def digits(e, p, k):
    v = [(e // p ** j) % p for j in range(k)]
    while v and v[-1] == 0:
        v.pop()
    return v


def main():
    check, compute, script = [], [], []
    for i in range(60):
        p, k = FIELDS[i % len(FIELDS)]
        if (p, k) not in gen_pari.MODULI:
            gen_pari.MODULI[(p, k)] = gen_pari.modulus(p, k)
        v = rand_coords(p, k)
        script.append(gp_field(p, k) + f" print(ord(elt({gp_vec(v)}))==q-1);")
        check.append({"field": field_json(p, k, gen_pari.MODULI[(p, k)]), "v": v, "k": k})
    for i in range(50):
        p, k = FIELDS[i % len(FIELDS)]
        start = 1 if k == 1 else p
        script.append(gp_field(p, k) + f" e={start}; while(ord(elt(vector({k},j,(e\\{p}^(j-1))%{p})))!=q-1, e++); print(e);")
        compute.append({"field": field_json(p, k, gen_pari.MODULI[(p, k)]), "p": p, "k": k})
    lines = gp("\n".join(script), len(check) + len(compute))
    out_check = []
    for c, line in zip(check, lines[:len(check)]):
        k, v = c["k"], c["v"]
        element = (str(v[0]) if v else "0") if k == 1 else [str(x) for x in v]
        out_check.append({"request": {"field": c["field"], "element": element}, "primitive": line.strip() == "1"})
    out_compute = []
    for c, line in zip(compute, lines[len(check):]):
        p, k, e = c["p"], c["k"], int(line)
        d = digits(e, p, k)
        element = str(e) if k == 1 else [str(x) for x in d]
        out_compute.append({"request": {"field": c["field"]}, "element": element})
    data = {
        "generator": "gen_pari_primitive.py",
        "seed": SEED,
        "pari_version": gp("v=version(); print(Str(v[1],\".\",v[2],\".\",v[3]))")[0],
        "primitivity": out_check,
        "primitive_element": out_compute,
    }
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
