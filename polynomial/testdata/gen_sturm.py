#!/usr/bin/env python3
"""Generate PARI/GP reference values for polynomial.sturm_sequence.

Run from this directory:  python3 gen_sturm.py > sturm.json

Random cases come from Python's random.Random(20261205): products of
linear factors with small rational roots (some repeated, some on the
interval's ends) and random dense factors, each with a random closed
interval [a, b] (one case in five the whole line). For each f
(coefficients constant term first) PARI/GP 2.15.2, run as
`gp -q -D colors=no`, gives

  count = polsturm(f, [a, b])     (polsturm(f) for the whole line)

the number of distinct real roots in [a, b].
"""

import json
import random
import subprocess
from fractions import Fraction
from polycases import mul, s

RNG = random.Random(20261205)
CASES = 60


def random_case():
    a = Fraction(RNG.randint(-20, 20), RNG.randint(1, 3))
    b = a + Fraction(RNG.randint(0, 30), RNG.randint(1, 3))
    f = [Fraction(RNG.choice([-3, -1, 1, 2]), RNG.randint(1, 4))]
    for _ in range(RNG.randint(1, 5)):
        r = RNG.random()
        if r < 0.2:
            root = RNG.choice([a, b])
            base = [-root.numerator, Fraction(root.denominator)]
        elif r < 0.6:
            root = Fraction(RNG.randint(-30, 30), RNG.randint(1, 5))
            base = [-root.numerator, Fraction(root.denominator)]
        else:
            d = RNG.randint(2, 12)
            base = [Fraction(RNG.randint(-2 ** 20, 2 ** 20)) for _ in range(d + 1)]
            if base[-1] == 0:
                base[-1] = Fraction(1)
        for _ in range(RNG.choice([1, 1, 2])):
            f = mul(f, base)
    while f[-1] == 0:
        f.pop()
    if RNG.random() < 0.2:
        return f, None, None
    return f, a, b


def main():
    cases = [random_case() for _ in range(CASES)]
    lines = []
    for f, a, b in cases:
        p = "Polrev([" + ",".join(s(x) for x in f) + "])"
        lines.append(f"print(polsturm({p}))" if a is None else f"print(polsturm({p}, [{s(a)}, {s(b)}]))")
    out = subprocess.run(["gp", "-q", "-D", "colors=no"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.split()
    version = subprocess.run(["gp", "--version-short"], capture_output=True, text=True).stdout.strip()
    res = []
    for (f, a, b), n in zip(cases, out):
        c = {"polynomial": [s(x) for x in f], "count": int(n)}
        if a is not None:
            c["lower"], c["upper"] = s(a), s(b)
        res.append(c)
    print(json.dumps({"pari_gp": version, "cases": res}, indent=1))


if __name__ == "__main__":
    main()
