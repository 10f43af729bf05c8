#!/usr/bin/env python3
"""Reference polynomials for finite_field.irreducible_polynomial.compute.

Run from finitefield/testdata:  python3 gen_pari_irreducible.py > pari_irreducible.json

Generated with PARI/GP 2.15.2 (gp -q). Python lists the (p, n) pairs and
writes JSON; the answers are gp's, by brute force in the operation's
canonical order: for k = 0, 1, 2, ... the candidate x^n + Pol(digits(k, p))
(the integer encoding p^n + k), the first with polisirreducible(f*Mod(1,p))
and, when asked to be primitive, with its root of order p^n - 1
(fforder(ffgen(f*Mod(1,p))), znorder of -f(0) for n = 1); the group
factorization is factor(p^n - 1).
"""

import json
import sys

from gen_pari import gp

PRIMES = [2, 3, 5, 7, 11, 13, 101, 257, 1009, 10007, 65521]


def within_limit(p, n):
    """The operation's work limit: p*n*b*max(n, 16) <= 2^28, b = bits of p."""
    return n <= 200 and p * n * p.bit_length() * max(n, 16) <= 2**28

GP_FIRST = (
    "first(p,n,prim)=for(k=0,p^n-1,my(f=x^n+Pol(digits(k,p)));"
    "if(polisirreducible(f*Mod(1,p))&&(!prim||if(n==1,polcoef(f,0)%p!=0&&znorder(Mod(-polcoef(f,0),p))==p-1,"
    "fforder(ffgen(f*Mod(1,p)))==p^n-1)),return(f)));\n"
)


def pairs():
    out = []
    for p in PRIMES:
        degrees = [1, 2, 3, 4, 5, 8, 16, 30]
        if p == 2:
            degrees = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 16, 20, 24, 31, 32, 40, 64, 80, 100]
        if p == 3:
            degrees += [10, 20, 50]
        for n in filter(lambda n: within_limit(p, n), degrees):
            out.append((p, n, False))
            if p ** n <= 2**80:
                out.append((p, n, True))
    return out


def main():
    cases = pairs()
    script = [GP_FIRST]
    for p, n, prim in cases:
        script.append(f"f=first({p},{n},{int(prim)}); print(Vecrev(f)); F=factor({p}^{n}-1); print([Vec(F[,1]),Vec(F[,2])]);")
    lines = gp("default(parisizemax, 2^30);\n" + "\n".join(script), 2 * len(cases))
    out = []
    for j, (p, n, prim) in enumerate(cases):
        coeffs = json.loads(lines[2 * j])
        primes, exps = json.loads(lines[2 * j + 1].replace("[;]", "[[],[]]"))
        req = {"characteristic": str(p), "degree": n}
        if prim:
            req["primitive"] = True
        case = {"request": req, "coefficients": [str(c) for c in coeffs]}
        if prim:
            case["group_factorization"] = [{"prime": str(a), "exponent": b} for a, b in zip(primes, exps)]
        out.append(case)
    data = {
        "generator": "gen_pari_irreducible.py",
        "pari_version": gp("v=version(); print(Str(v[1],\".\",v[2],\".\",v[3]))")[0],
        "irreducible_polynomial": out,
    }
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
