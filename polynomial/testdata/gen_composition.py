#!/usr/bin/env python3
"""Generate PARI/GP reference values for polynomial.composition.

Run from this directory:  python3 gen_composition.py > composition.json

Random cases come from Python's random.Random(20261206): outer f of
degree 0 to 9 and inner g of degree 0 to 7, with 40-bit integer or small
rational coefficients. PARI/GP 2.15.2, run as `gp -q -D colors=no`, gives
Vecrev(subst(f, x, g)), the coefficients of f(g) constant term first.
"""

import json
import random
import subprocess
from fractions import Fraction
from polycases import s

RNG = random.Random(20261206)
CASES = 60


def rand_poly(deg):
    c = []
    for _ in range(deg + 1):
        n = RNG.randint(-2 ** 40, 2 ** 40)
        c.append(Fraction(n, RNG.randint(1, 30)) if RNG.random() < 0.3 else Fraction(n))
    if c[-1] == 0:
        c[-1] = Fraction(1)
    return c


def main():
    cases = [(rand_poly(RNG.randint(0, 9)), rand_poly(RNG.randint(0, 7))) for _ in range(CASES)]
    gp = lambda c: "Polrev([" + ",".join(s(x) for x in c) + "])"
    lines = [f"print(Vecrev(subst({gp(f)}, x, {gp(g)})))" for f, g in cases]
    out = subprocess.run(["gp", "-q", "-D", "colors=no"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.strip().split("\n")
    version = subprocess.run(["gp", "--version-short"], capture_output=True, text=True).stdout.strip()
    res = []
    for (f, g), v in zip(cases, out):
        body = v.strip()[1:-1]
        coeffs = [c.strip() for c in body.split(",")] if body else []
        if coeffs == ["0"]:
            coeffs = []
        res.append({"outer": [s(x) for x in f], "inner": [s(x) for x in g], "composition": coeffs})
    print(json.dumps({"pari_gp": version, "cases": res}, indent=1))


if __name__ == "__main__":
    main()
