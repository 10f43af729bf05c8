#!/usr/bin/env python3
"""Generate PARI/GP reference values for polynomial.rational_roots.

Run from this directory:  python3 gen_rationalroots.py > rationalroots.json

Random cases come from Python's random.Random(20261204): products of
linear factors q·x − p with small coprime p, q (some repeated), of random
dense factors with 10- to 200-bit coefficients (which rarely have rational
roots) and a rational constant. For each f (coefficients constant term
first, exact rationals as strings) PARI/GP 2.15.2, run as
`gp -q -D colors=no`, gives

  roots = nfroots(, f)        the distinct rational roots, ascending

and the multiplicity of each root r is valuation(f, x - r).
"""

import json
import random
import subprocess
from fractions import Fraction
from polycases import mul, s

RNG = random.Random(20261204)
CASES = 60


def random_case():
    f = [Fraction(RNG.choice([-5, -3, -1, 1, 2, 7]), RNG.randint(1, 6))]
    for _ in range(RNG.randint(1, 6)):
        if RNG.random() < 0.6:
            r = Fraction(RNG.randint(-10 ** RNG.randint(1, 12), 10 ** RNG.randint(1, 12)), RNG.randint(1, 10 ** RNG.randint(0, 8)))
            base = [Fraction(-r.numerator), Fraction(r.denominator)]
        else:
            d = RNG.randint(2, 12)
            bits = RNG.choice([10, 50, 200])
            base = [Fraction(RNG.randint(-2 ** bits, 2 ** bits)) for _ in range(d + 1)]
            if base[-1] == 0:
                base[-1] = Fraction(1)
        for _ in range(RNG.choice([1, 1, 2, 3])):
            f = mul(f, base)
    while f[-1] == 0:
        f.pop()
    return f


def main():
    polys = [random_case() for _ in range(CASES)]
    lines = []
    for f in polys:
        p = "Polrev([" + ",".join(s(x) for x in f) + "])"
        lines.append(f"f={p}; v=nfroots(,f); print(#v); for(i=1,#v,print(v[i]); print(valuation(f, x - v[i])))")
    out = subprocess.run(["gp", "-q", "-D", "colors=no"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.split()
    version = subprocess.run(["gp", "--version-short"], capture_output=True, text=True).stdout.strip()
    cases, pos = [], 0
    for f in polys:
        n = int(out[pos])
        roots = [{"root": out[pos + 1 + 2 * k], "multiplicity": int(out[pos + 2 + 2 * k])} for k in range(n)]
        pos += 1 + 2 * n
        cases.append({"polynomial": [s(x) for x in f], "roots": roots})
    print(json.dumps({"pari_gp": version, "cases": cases}, indent=1))


if __name__ == "__main__":
    main()
