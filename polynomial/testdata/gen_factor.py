#!/usr/bin/env python3
"""Generate PARI/GP reference values for polynomial.factorization.compute.

Run from this directory:  python3 gen_factor.py > factor.json

Cases (Python's random.Random(20261203)): products of one to six random
dense factors of degree 1 to 12 with 2- to 100-bit coefficients, some
repeated, times a random rational; x^n ± 1 and x^n - 2 for a few n; the
Swinnerton-Dyer polynomials of the first 2 to 5 primes, alone and times
other factors; products of the cyclotomic-like x^k + x + 1. For each f
(coefficients constant term first, exact rationals as strings) PARI/GP
2.15.2, run as `gp -q -D colors=no`, gives

  F = factor(f)     the irreducible factors over Q and their multiplicities

and each factor is normalised to its primitive part with positive leading
coefficient, the content being f divided by the product of the factors'
powers. The factors are then sorted in Jacobian's canonical order: by
degree, then by the coefficients compared from the leading one down.
"""

import json
import random
import subprocess
from fractions import Fraction
from polycases import mul, s

RNG = random.Random(20261203)


def random_case():
    f = [Fraction(RNG.choice([-6, -3, -1, 1, 2, 5]), RNG.randint(1, 7))]
    for _ in range(RNG.randint(1, 6)):
        d = RNG.randint(1, 12)
        bits = RNG.choice([2, 4, 10, 30, 100])
        base = [Fraction(RNG.randint(-2 ** bits, 2 ** bits)) for _ in range(d + 1)]
        if base[-1] == 0:
            base[-1] = Fraction(1)
        for _ in range(RNG.choice([1, 1, 1, 2, 3])):
            f = mul(f, base)
    while f[-1] == 0:
        f.pop()
    return f


def monomial_case(n, c):
    return [Fraction(c)] + [Fraction(0)] * (n - 1) + [Fraction(1)]


def main():
    polys = [random_case() for _ in range(45)]
    for n in (6, 12, 15, 30):
        polys.append(monomial_case(n, -1))
        polys.append(monomial_case(n, 1))
    polys.append(monomial_case(8, -2))
    polys.append(monomial_case(9, 4))
    # Swinnerton-Dyer polynomials and products with them, built by gp.
    sd = ["x^2 - 2"]
    for p in (3, 5, 7, 11):
        sd.append(f"polresultant(subst({sd[-1]}, x, x - y), y^2 - {p}, y)")
    gp_polys = [sd[1], sd[2], sd[3], f"({sd[2]})*({sd[1]})", f"({sd[3]})*(x^4 + 1)*(3*x - 1)^2", sd[4]]
    gp_polys += ["(x^3 + x + 1)*(x^5 + x + 1)*(x^7 + x + 1)", "(x^16 + 1)*(x^8 - 1)"]
    lines = []
    exprs = ["Polrev([" + ",".join(s(x) for x in f) + "])" for f in polys] + gp_polys
    for e in exprs:
        lines.append(
            f"f={e}; print(Vecrev(f)); F=factor(f); g=vector(#F~,i,my(h=F[i,1]/content(F[i,1])); if(pollead(h)<0,-h,h));"
            " keep=[i | i<-[1..#F~], poldegree(g[i])>0]; c=f/prod(j=1,#keep,g[keep[j]]^F[keep[j],2]); print(c); print(#keep);"
            " for(j=1,#keep,print(Vecrev(g[keep[j]])); print(F[keep[j],2]))")
    out = subprocess.run(["gp", "-q", "-D", "colors=no"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.split("\n")
    version = subprocess.run(["gp", "--version-short"], capture_output=True, text=True).stdout.strip()

    def vec(line):
        return [t.strip() for t in line.strip()[1:-1].split(",")]

    cases, pos = [], 0
    for _ in exprs:
        f = vec(out[pos])
        content = out[pos + 1].strip()
        n = int(out[pos + 2])
        factors = []
        for k in range(n):
            factors.append({"factor": vec(out[pos + 3 + 2 * k]), "multiplicity": int(out[pos + 4 + 2 * k])})
        pos += 3 + 2 * n
        factors.sort(key=lambda x: (len(x["factor"]), [int(c) for c in reversed(x["factor"])]))
        cases.append({"polynomial": f, "content": content, "factors": factors})
    print(json.dumps({"pari_gp": version, "cases": cases}, indent=1))


if __name__ == "__main__":
    main()
