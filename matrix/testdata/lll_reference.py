#!/usr/bin/env python3
"""Generate lll_reference.json: LLL-reduced bases computed by PARI/GP
(tested with PARI/GP 2.15.2, `gp -q -f`), for the tests of
matrix.lattice.lll.compute and matrix.lattice.lll_reduced.check.

Run from this directory:  python3 lll_reference.py > lll_reference.json

PARI's qflll reduces the columns of its argument with δ = 0.99 and
η = 0.51 and returns the transform; for generators as rows the reduced
basis is (M~ * qflll(M~))~, its rank rows. LLL-reduced bases are not
unique, so the tests compare what is invariant: the lattice (Hermite
normal forms), the rank, and that both bases pass the exact checker.
Inputs are seeded (random.Random(SEED)): random integer matrices, some
with dependent rows, and knapsack (subset-sum) lattices.
"""

import json
import random
import subprocess
import sys

SEED = 20261205
CASES = 60


def gp(m):
    return "Mat([" + ";".join(",".join(str(x) for x in row) for row in m) + "])"


def main():
    rng = random.Random(SEED)
    cases, lines = [], []
    for t in range(CASES):
        if t % 3 == 2:
            d = rng.randint(3, 12)
            w = [rng.getrandbits(rng.randint(8, 30)) for _ in range(d)]
            s = sum(x for x in w if rng.randrange(2))
            m = [[1 if j == i else 0 for j in range(d)] + [w[i]] for i in range(d)] + [[0] * d + [s]]
        else:
            r, c = rng.randint(1, 7), rng.randint(1, 7)
            bound = rng.choice([3, 50, 10**6])
            m = [[rng.randint(-bound, bound) for _ in range(c)] for _ in range(r)]
            if r >= 3 and rng.randrange(3) == 0:
                m[0] = [2 * m[1][j] - m[2][j] for j in range(c)]
        cases.append({"matrix": [[str(x) for x in row] for row in m]})
        lines.append(f'M={gp(m)}; B=(M~*qflll(M~))~; print(concat(["{{\\"basis\\":[", strjoin(vector(matsize(B)[1], i, concat(["[", strjoin(apply(x->concat(["\\"",Str(x),"\\""]), B[i,]), ","), "]"])), ","), "]}}"]))')
    script = "\n".join(lines) + "\n"
    out = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input=script, capture_output=True, text=True, check=True)
    results = out.stdout.strip().split("\n")
    if len(results) != len(lines):
        sys.exit(f"gp printed {len(results)} lines for {len(lines)} cases:\n{out.stderr}")
    version = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input='print(Strprintf("%d.%d.%d", version()[1], version()[2], version()[3]))\n',
                             capture_output=True, text=True, check=True).stdout.strip()
    for case, line in zip(cases, results):
        case.update(json.loads(line))
    json.dump({"generator": "lll_reference.py", "pari_gp_version": version, "seed": SEED, "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
