#!/usr/bin/env python3
"""Generate dixon_reference.json: nonsingular square systems A·X = B at the
orders where inverse and solve use Dixon p-adic lifting (16 and more),
solved by PARI/GP (tested with PARI/GP 2.15.2, `gp -q -f`).

Run from this directory:  python3 dixon_reference.py > dixon_reference.json

Inputs are seeded (random.Random(SEED)), so rerunning reproduces the file
byte for byte with the same PARI/GP. Each case holds A (n×n), B (n×k) and
X = matsolve(A, B); B is the identity for the inverse cases (k = n).
Kinds cycle through: integer entries below 100, rational entries, a
right-hand side of 40-digit integers, a near-singular A (the last row the
sum of the others plus a unit vector), entries of 12 digits, and the
identity. Cases whose A is singular are redrawn.
"""

import json
import random
import subprocess
from fractions import Fraction

SEED = 20261203
CASES = 60

GP_PRELUDE = r"""
tj(x)={my(t=type(x), s);
  if(t=="t_MAT",
    s="["; for(i=1,matsize(x)[1], if(i>1,s=concat(s,",")); s=concat(s,tj(x[i,]))); return(concat(s,"]")));
  if(t=="t_VEC"||t=="t_COL",
    s="["; for(i=1,#x, if(i>1,s=concat(s,",")); s=concat(s,tj(x[i]))); return(concat(s,"]")));
  if(t=="t_INT"||t=="t_FRAC", return(concat(["\"",Str(x),"\""])));
  error("unexpected type ",t);
}
"""

KINDS = ["small", "rational", "big-rhs", "near-singular", "large", "identity"]


def s(x):
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def enc(m):
    return [[s(x) for x in row] for row in m]


def gp(m):
    return "Mat([" + ";".join(",".join(s(x) for x in row) for row in m) + "])"


def ints(rng, r, c, bound):
    return [[Fraction(rng.randint(-bound, bound)) for _ in range(c)] for _ in range(r)]


def digits(rng, r, c, d):
    return [[Fraction(rng.choice([-1, 1]) * rng.randint(10 ** (d - 1), 10 ** d - 1)) for _ in range(c)] for _ in range(r)]


def system(rng, kind):
    n = rng.randint(16, 24)
    k = rng.choice([1, 1, 2, 3])
    if kind == "small":
        return ints(rng, n, n, 99), ints(rng, n, k, 99)
    if kind == "rational":
        a = [[Fraction(rng.randint(-99, 99), rng.randint(1, 12)) for _ in range(n)] for _ in range(n)]
        b = [[Fraction(rng.randint(-99, 99), rng.randint(1, 12)) for _ in range(k)] for _ in range(n)]
        return a, b
    if kind == "big-rhs":
        return ints(rng, n, n, 99), digits(rng, n, k, 40)
    if kind == "near-singular":
        a = ints(rng, n, n, 9)
        a[-1] = [sum(a[i][j] for i in range(n - 1)) + (1 if j == n - 1 else 0) for j in range(n)]
        return a, ints(rng, n, k, 99)
    if kind == "large":
        return digits(rng, n, n, 12), ints(rng, n, k, 1000)
    n = rng.randint(16, 20)
    ident = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    return ints(rng, n, n, 9), ident


def main():
    rng = random.Random(SEED)
    cases, lines = [], []
    while len(cases) < CASES:
        kind = KINDS[len(cases) % len(KINDS)]
        a, b = system(rng, kind)
        cases.append({"kind": kind, "matrix": enc(a), "rhs": enc(b)})
        lines.append(f'A={gp(a)}; if(matdet(A)==0, print("null"), print(tj(matsolve(A,{gp(b)}))))')
    script = GP_PRELUDE + "\n".join(lines) + "\n"
    out = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input=script, capture_output=True, text=True, check=True)
    results = out.stdout.split()
    if len(results) != len(cases):
        raise SystemExit(f"gp printed {len(results)} results for {len(cases)} cases")
    kept = []
    for case, r in zip(cases, results):
        x = json.loads(r)
        if x is None:
            continue  # singular: not a Dixon case
        case["solution"] = x
        kept.append(case)
    version = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input='print(Strprintf("%d.%d.%d", version()[1], version()[2], version()[3]))\n',
                             capture_output=True, text=True, check=True).stdout.strip()
    json.dump({"pari_gp_version": version, "seed": SEED, "cases": kept}, __import__("sys").stdout, separators=(",", ":"))
    print()


if __name__ == "__main__":
    main()
