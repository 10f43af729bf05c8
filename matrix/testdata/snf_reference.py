#!/usr/bin/env python3
"""Generate snf_reference.json: elementary divisors computed by PARI/GP
(tested with PARI/GP 2.15.2, `gp -q -f`), for the tests of
matrix.normal_form.smith.compute.

Run from this directory:  python3 snf_reference.py > snf_reference.json

PARI's matsnf(A) lists the diagonal of the Smith form largest first
(d_r | … | d_1 in its numbering), padded with zeros for a matrix of more
rows than rank; Jacobian lists the nonzero divisors smallest first. Each
case holds the matrix and Vecrev of matsnf with the zeros removed.
Inputs are seeded (random.Random(SEED)).
"""

import json
import random
import subprocess
import sys

SEED = 20261204
CASES = 70


def matrix(rng, rows, cols, bound, deficient):
    m = [[rng.randint(-bound, bound) for _ in range(cols)] for _ in range(rows)]
    if deficient and rows >= 3:
        i, j, l = rng.sample(range(rows), 3)
        k = rng.randint(-2, 2)
        m[i] = [k * m[j][c] + m[l][c] for c in range(cols)]
    return m


def gp(m):
    return "Mat([" + ";".join(",".join(str(x) for x in row) for row in m) + "])"


def main():
    rng = random.Random(SEED)
    cases, lines = [], []
    for t in range(CASES):
        if t % 2 == 0:
            n = rng.randint(1, 12)
            r, c = n, n
        else:
            r, c = rng.randint(1, 8), rng.randint(1, 8)
        bound = rng.choice([3, 20, 1000])
        a = matrix(rng, r, c, bound, deficient=rng.randrange(3) == 0)
        if t % 5 == 0 and r == c:
            # Structured divisors: A = P·diag·Q with small unimodular-ish
            # factors, so that divisors other than 1 are common.
            d = [rng.choice([1, 2, 3, 4, 6, 12]) for _ in range(r)]
            a = [[a[i][j] * d[i] for j in range(c)] for i in range(r)]
        cases.append({"matrix": [[str(x) for x in row] for row in a]})
        lines.append(f'D=Vecrev(matsnf({gp(a)})); D=select(x->x!=0, D); print(concat(["{{\\"elementary_divisors\\":[", strjoin(apply(x->concat(["\\"",Str(x),"\\""]), D), ","), "]}}"]))')
    script = "\n".join(lines) + "\n"
    out = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input=script, capture_output=True, text=True, check=True)
    results = out.stdout.strip().split("\n")
    if len(results) != len(lines):
        sys.exit(f"gp printed {len(results)} lines for {len(lines)} cases:\n{out.stderr}")
    version = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input='print(Strprintf("%d.%d.%d", version()[1], version()[2], version()[3]))\n',
                             capture_output=True, text=True, check=True).stdout.strip()
    for case, line in zip(cases, results):
        case.update(json.loads(line))
    json.dump({"generator": "snf_reference.py", "pari_gp_version": version, "seed": SEED, "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
