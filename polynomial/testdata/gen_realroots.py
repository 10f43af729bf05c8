#!/usr/bin/env python3
"""Generate PARI/GP reference values for polynomial.real_roots.

Run from this directory:  python3 gen_realroots.py > realroots.json

Random cases come from Python's random.Random(20261203), so the output is
reproducible: products of linear factors with small rational roots (some
repeated), of random dense factors and of Chebyshev and Mignotte
polynomials. For each polynomial f (coefficients constant term first,
exact rationals as strings) PARI/GP 2.15.2, run as `gp -q -D colors=no`
at \\p 60, gives

  distinct = polsturm(f)                  the number of distinct real roots
  roots    = polrootsreal(f)              the real roots with multiplicity,
                                          ascending, printed to 50 digits
"""

import json
import random
import subprocess
from fractions import Fraction
from polycases import chebyshev, gp_poly, mul, s

RNG = random.Random(20261203)
CASES = 60


def mignotte(n, a):
    c = [Fraction(0)] * (n + 1)
    c[n] += 1
    c[2] -= 2 * a * a
    c[1] += 4 * a
    c[0] -= 2
    return c


def random_case(k):
    if k < 4:
        return chebyshev(5 + 7 * k)
    if k < 8:
        return mignotte(6 + 5 * (k - 4), 3 + k)
    f = [Fraction(RNG.choice([-3, -2, -1, 1, 2, 3]), RNG.randint(1, 4))]
    for _ in range(RNG.randint(1, 5)):
        if RNG.random() < 0.5:
            root = Fraction(RNG.randint(-30, 30), RNG.randint(1, 7))
            base = [-root.numerator, Fraction(root.denominator)]
        else:
            d = RNG.randint(1, 8)
            base = [Fraction(RNG.randint(-2 ** 12, 2 ** 12)) for _ in range(d + 1)]
            if base[-1] == 0:
                base[-1] = Fraction(1)
        for _ in range(RNG.choice([1, 1, 1, 2, 3])):
            f = mul(f, base)
    while f[-1] == 0:
        f.pop()
    return f



def main():
    polys = [random_case(k) for k in range(CASES)]
    lines = ["default(realprecision, 60);"]
    for f in polys:
        p = gp_poly(f)
        lines.append(f"f={p}; print(polsturm(f)); v=polrootsreal(f); print(#v); "
                     f"for(i=1,#v,print(strprintf(\"%.50f\", v[i])))")
    out = subprocess.run(["gp", "-q", "-D", "colors=no"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.split()
    version = subprocess.run(["gp", "--version-short"], capture_output=True, text=True).stdout.strip()
    cases, pos = [], 0
    for f in polys:
        distinct = int(out[pos]); n = int(out[pos + 1])
        roots = out[pos + 2:pos + 2 + n]
        pos += 2 + n
        cases.append({"polynomial": [s(x) for x in f], "distinct": distinct, "roots": roots})
    print(json.dumps({"pari_gp": version, "cases": cases}, indent=1))


if __name__ == "__main__":
    main()
