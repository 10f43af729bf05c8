#!/usr/bin/env python3
"""Generate PARI/GP reference values for polynomial.interpolation.

Run from this directory:  python3 gen_interpolation.py > interpolation.json

Random cases come from Python's random.Random(20261207): 1 to 15 points
with distinct rational abscissae and rational ordinates of up to 40 bits.
PARI/GP 2.15.2, run as `gp -q -D colors=no`, gives
Vecrev(polinterpolate(X, Y)), the coefficients constant term first.
"""

import json
import random
import subprocess
from fractions import Fraction
from polycases import s

RNG = random.Random(20261207)
CASES = 60


def main():
    cases = []
    for _ in range(CASES):
        n = RNG.randint(1, 15)
        xs = set()
        while len(xs) < n:
            xs.add(Fraction(RNG.randint(-50, 50), RNG.randint(1, 7)))
        xs = list(xs)
        RNG.shuffle(xs)
        ys = [Fraction(RNG.randint(-2 ** 40, 2 ** 40), RNG.randint(1, 1000)) for _ in xs]
        cases.append((xs, ys))
    lines = [f"print(Vecrev(polinterpolate([{','.join(s(x) for x in xs)}], [{','.join(s(y) for y in ys)}])))" for xs, ys in cases]
    out = subprocess.run(["gp", "-q", "-D", "colors=no"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.strip().split("\n")
    version = subprocess.run(["gp", "--version-short"], capture_output=True, text=True).stdout.strip()
    res = []
    for (xs, ys), v in zip(cases, out):
        coeffs = [c.strip() for c in v.strip()[1:-1].split(",")]
        if coeffs == ["0"]:
            coeffs = []
        res.append({"x": [s(x) for x in xs], "y": [s(y) for y in ys], "interpolant": coeffs})
    print(json.dumps({"pari_gp": version, "cases": res}, indent=1))


if __name__ == "__main__":
    main()
