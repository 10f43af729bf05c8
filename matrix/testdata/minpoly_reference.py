#!/usr/bin/env python3
"""Generate minpoly_reference.json: minimal polynomials computed by
PARI/GP (tested with PARI/GP 2.15.2, `gp -q -f`): Vecrev(minpoly(A)),
constant term first, for the tests of matrix.minimal_polynomial.compute.

Run from this directory:  python3 minpoly_reference.py > minpoly_reference.json

Inputs are seeded (random.Random(SEED)). A third are random; the others
are P·D·P⁻¹ for a block-diagonal D with repeated eigenvalues or Jordan
blocks and a random unimodular-ish P, so that the minimal polynomial is a
proper divisor of the characteristic polynomial.
"""

import json
import random
import subprocess
import sys
from fractions import Fraction

SEED = 20261207
CASES = 60


def s(x):
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def gp(m):
    return "Mat([" + ";".join(",".join(s(x) for x in row) for row in m) + "])"


def main():
    rng = random.Random(SEED)
    cases, lines = [], []
    for t in range(CASES):
        n = rng.randint(1, 7)
        if t % 3 == 0:
            a = [[Fraction(rng.randint(-9, 9), rng.choice([1, 1, 2, 3])) for _ in range(n)] for _ in range(n)]
            cases.append({"matrix": [[s(x) for x in row] for row in a]})
            lines.append(f'print(concat(["{{\\"coefficients\\":[", strjoin(apply(x->concat(["\\"",Str(x),"\\""]), Vecrev(minpoly({gp(a)}))), ","), "]}}"]))')
            continue
        # D: eigenvalues from a small set, some with Jordan blocks.
        d = [[0] * n for _ in range(n)]
        for i in range(n):
            d[i][i] = rng.choice([-1, 0, 2, 2, 3])
            if i > 0 and d[i][i] == d[i - 1][i - 1] and rng.randrange(2):
                d[i - 1][i] = 1
        # P unit upper triangular times unit lower triangular.
        u = [[(1 if i == j else (rng.randint(-2, 2) if j > i else 0)) for j in range(n)] for i in range(n)]
        l = [[(1 if i == j else (rng.randint(-2, 2) if j < i else 0)) for j in range(n)] for i in range(n)]
        cases.append({"matrix": None})
        lines.append(f'P={gp(u)}*{gp(l)}; A=P*{gp(d)}*P^-1; print(concat(["{{\\"matrix\\":[", strjoin(vector(#A, i, concat(["[", strjoin(apply(x->concat(["\\"",Str(x),"\\""]), A[i,]), ","), "]"])), ","), "],\\"coefficients\\":[", strjoin(apply(x->concat(["\\"",Str(x),"\\""]), Vecrev(minpoly(A))), ","), "]}}"]))')
    script = "\n".join(lines) + "\n"
    out = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input=script, capture_output=True, text=True, check=True)
    results = out.stdout.strip().split("\n")
    if len(results) != len(lines):
        sys.exit(f"gp printed {len(results)} lines for {len(lines)} cases:\n{out.stderr}")
    version = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input='print(Strprintf("%d.%d.%d", version()[1], version()[2], version()[3]))\n',
                             capture_output=True, text=True, check=True).stdout.strip()
    for case, line in zip(cases, results):
        case.update(json.loads(line))
    json.dump({"generator": "minpoly_reference.py", "pari_gp_version": version, "seed": SEED, "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
