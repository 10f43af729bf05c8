#!/usr/bin/env python3
"""Reference roots for finite_field.element.root.compute.

Run from finitefield/testdata:  python3 gen_pari_kthroot.py > pari_kthroot.json

Generated with PARI/GP 2.15.2 (gp -q), through the helpers of gen_pari.py
(fields GF(p^k), k > 1, as ffgen(ffinit(p, k, 't), 't)). Python draws the
random elements and indices (seeded, so the file is reproducible), sorts
the roots by integer encoding sum c_i p^i and writes JSON; the roots are
gp's: the linear factors of factor(y^K - a).
"""

import json
import random
import sys

import gen_pari
from gen_pari import field_gp, field_json, gp, gp_vec, out_json, rand_coords

SEED = 20261208
gen_pari.rng = rng = random.Random(SEED)

FIELDS = [(2, 1), (7, 1), (13, 1), (101, 1), (10007, 1), (2**31 - 1, 1), (2**61 - 1, 1), (2**89 - 1, 1),
          (2, 4), (3, 2), (5, 3), (7, 2), (13, 2), (2**31 - 1, 2)]


def main():
    cases, script = [], []
    for i in range(60):
        p, k = FIELDS[i % len(FIELDS)]
        if (p, k) not in gen_pari.MODULI:
            gen_pari.MODULI[(p, k)] = gen_pari.modulus(p, k)
        K = rng.choice([2, 2, 3, 4, 5, 6, 8, 12])
        v = rand_coords(p, k)
        power = i % 2 == 0  # half the time a K-th power, so that roots exist
        expr = f"elt({gp_vec(v)})" + (f"^{K}" if power else "")
        script.append(field_gp(p, k) + f"a={expr}; print(out(a+0*elt([]))); F=factor(y^{K}-a); R=[];"
                      " for(i=1,#F~,if(poldegree(F[i,1])==1,R=concat(R,[out(-polcoef(F[i,1],0)/polcoef(F[i,1],1)+0*elt([]))])));"
                      " print(R);")
        cases.append({"field": field_json(p, k, gen_pari.MODULI[(p, k)]), "k": k, "p": p, "K": K})
    lines = gp("\n".join(script), 2 * len(cases))
    out = []
    for j, c in enumerate(cases):
        k, p = c["k"], c["p"]
        a = out_json(json.loads(lines[2 * j]), k)
        roots = json.loads(lines[2 * j + 1])
        enc = (lambda v: v) if k == 1 else (lambda v: sum(int(x) * p ** i for i, x in enumerate(v)))
        roots.sort(key=enc)
        out.append({"request": {"field": c["field"], "element": a, "k": c["K"]},
                    "roots": [out_json(r, k) for r in roots]})
    data = {
        "generator": "gen_pari_kthroot.py",
        "seed": SEED,
        "pari_version": gp("v=version(); print(Str(v[1],\".\",v[2],\".\",v[3]))")[0],
        "root": out,
    }
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
