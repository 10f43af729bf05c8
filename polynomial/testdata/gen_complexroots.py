#!/usr/bin/env python3
"""Generate PARI/GP reference values for polynomial.complex_roots.

Run from this directory:  python3 gen_complexroots.py > complexroots.json

Random cases come from Python's random.Random(20261217), so the output is
reproducible: products of linear factors with small rational roots,
quadratic factors with complex roots, cyclotomic-like binomials x^k - c
and random dense factors with 16-bit coefficients, some repeated, and a
few families (Chebyshev T_n, Wilkinson-like products, x^n - 2). For each
polynomial f (coefficients constant term first, exact rationals as
strings) PARI/GP, run as `gp -q -D colors=no` at realprecision 250, gives

  roots = polroots(f)    every complex root, repeated by multiplicity,
                         its real and imaginary parts printed to 80
                         decimals (multiple roots lose precision in
                         polroots, to about 250/m digits, still far below
                         the 40 digits the test asks for)
"""

import json
import random
import subprocess
from fractions import Fraction
from polycases import chebyshev, gp_poly, mul, s

RNG = random.Random(20261217)
CASES = 64


def random_factor():
    kind = RNG.random()
    if kind < 0.3:
        root = Fraction(RNG.randint(-30, 30), RNG.randint(1, 7))
        return [-root.numerator, Fraction(root.denominator)]
    if kind < 0.55:
        # (x - a)^2 + b^2 with b != 0, or an irreducible quadratic.
        a, b = Fraction(RNG.randint(-9, 9), RNG.randint(1, 3)), Fraction(RNG.randint(1, 9), RNG.randint(1, 3))
        return [a * a + b * b, -2 * a, Fraction(1)]
    if kind < 0.7:
        k = RNG.randint(2, 9)
        c = [Fraction(0)] * (k + 1)
        c[k] = Fraction(1)
        c[0] = Fraction(-RNG.choice([1, 2, 3, 5, 7]))
        return c
    d = RNG.randint(1, 12)
    base = [Fraction(RNG.randint(-2 ** 16, 2 ** 16)) for _ in range(d + 1)]
    if base[-1] == 0:
        base[-1] = Fraction(1)
    return base


def case(k):
    if k < 3:
        return chebyshev(6 + 9 * k)
    if k < 5:
        f = [Fraction(1)]
        for r in range(1, 8 + 6 * (k - 3)):
            f = mul(f, [Fraction(-r), Fraction(1)])
        return f
    if k < 7:
        n = 10 + 15 * (k - 5)
        c = [Fraction(0)] * (n + 1)
        c[n], c[0] = Fraction(1), Fraction(-2)
        return c
    f = [Fraction(RNG.choice([-3, -2, -1, 1, 2, 3]), RNG.randint(1, 4))]
    for _ in range(RNG.randint(1, 5)):
        base = random_factor()
        for _ in range(RNG.choice([1, 1, 1, 2, 3])):
            f = mul(f, base)
    while f[-1] == 0:
        f.pop()
    return f



def main():
    polys = []
    while len(polys) < CASES:
        f = case(len(polys))
        if 1 <= len(f) - 1 <= 60:
            polys.append(f)
    lines = ["default(realprecision, 250);"]
    for f in polys:
        lines.append(f"v=polroots({gp_poly(f)}); print(#v); "
                     f"for(i=1,#v,print(strprintf(\"%.80f %.80f\", real(v[i]), imag(v[i]))))")
    out = subprocess.run(["gp", "-q", "-D", "colors=no"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.split()
    version = subprocess.run(["gp", "--version-short"], capture_output=True, text=True).stdout.strip()
    cases, pos = [], 0
    for f in polys:
        n = int(out[pos])
        roots = [[out[pos + 1 + 2 * i], out[pos + 2 + 2 * i]] for i in range(n)]
        pos += 1 + 2 * n
        cases.append({"polynomial": [s(x) for x in f], "roots": roots})
    print(json.dumps({"pari_gp": version, "realprecision": 250, "cases": cases}, indent=1))


if __name__ == "__main__":
    main()
