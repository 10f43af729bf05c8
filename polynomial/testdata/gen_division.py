#!/usr/bin/env python3
"""Generate reference values for polynomial.division.

Run from this directory:  python3 gen_division.py > division.json

Random cases come from Python's random.Random(20261208): integer
dividends of degree 0 to 14 and nonzero integer divisors of degree 0 to 7
with coefficients of up to 40 bits. Pseudo-division comes from SymPy 1.14.0
(pdiv(a, b), which multiplies by lc(b)^max(deg a − deg b + 1, 0)), and
Euclidean division from PARI/GP 2.15.2 (divrem(a, b), run as
`gp -q -D colors=no`). Coefficients are constant term first.
"""

import json
import random
import subprocess
from fractions import Fraction

import sympy
from polycases import s

RNG = random.Random(20261208)
CASES = 60
X = sympy.Symbol("x")


def rand_poly(deg):
    c = [RNG.randint(-2 ** 40, 2 ** 40) for _ in range(deg + 1)]
    if c[-1] == 0:
        c[-1] = 1
    return c


def coeffs(p):
    p = sympy.Poly(p, X)
    if p.is_zero:
        return []
    return [s(Fraction(int(sympy.fraction(c)[0]), int(sympy.fraction(c)[1]))) for c in reversed(p.all_coeffs())]


def main():
    cases = [(rand_poly(RNG.randint(0, 14)), rand_poly(RNG.randint(0, 7))) for _ in range(CASES)]
    gp = lambda c: "Polrev([" + ",".join(str(x) for x in c) + "])"
    lines = [f"v=divrem({gp(a)}, {gp(b)}); print(Vecrev(v[1])); print(Vecrev(v[2]))" for a, b in cases]
    out = subprocess.run(["gp", "-q", "-D", "colors=no"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.strip().split("\n")
    version = subprocess.run(["gp", "--version-short"], capture_output=True, text=True).stdout.strip()
    vec = lambda t: [] if t.strip() in ("[0]", "[]") else [c.strip() for c in t.strip()[1:-1].split(",")]
    res = []
    for i, (a, b) in enumerate(cases):
        pa = sum(c * X ** k for k, c in enumerate(a))
        pb = sum(c * X ** k for k, c in enumerate(b))
        pq, pr = sympy.pdiv(pa, pb, X)
        res.append({"dividend": [str(c) for c in a], "divisor": [str(c) for c in b],
                    "quotient": vec(out[2 * i]), "remainder": vec(out[2 * i + 1]),
                    "pseudo_quotient": coeffs(pq), "pseudo_remainder": coeffs(pr)})
    print(json.dumps({"pari_gp": version, "sympy": sympy.__version__, "cases": res}, indent=1))


if __name__ == "__main__":
    main()
