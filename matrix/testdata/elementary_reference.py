#!/usr/bin/env python3
"""Generate elementary_reference.json: reference values for the trace,
transpose, Kronecker product and power operations.

Run from this directory:  python3 elementary_reference.py > elementary_reference.json

  trace      PARI/GP (tested with 2.15.2, `gp -q -f`): trace(A)
  transpose  PARI/GP: A~
  power      PARI/GP: A^k (k < 0 only for invertible A)
  kronecker  SymPy (tested with 1.14): sympy.kronecker_product(A, B),
             since PARI/GP has no Kronecker product built in

Inputs are seeded (random.Random(SEED)), small integers with some
fractions, as in pari_reference.py.
"""

import json
import random
import subprocess
import sys
from fractions import Fraction

import sympy

SEED = 20261206
CASES = 60


def entry(rng, rational):
    n = rng.randint(-9, 9)
    if rational and rng.randrange(4) == 0:
        return Fraction(n, rng.randint(1, 6))
    return Fraction(n)


def matrix(rng, rows, cols):
    rational = rng.randrange(2) == 0
    return [[entry(rng, rational) for _ in range(cols)] for _ in range(rows)]


def s(x):
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def enc(m):
    return [[s(x) for x in row] for row in m]


def gp(m):
    return "Mat([" + ";".join(",".join(s(x) for x in row) for row in m) + "])"


GP_PRELUDE = r"""
tj(x)={my(s="[");
  for(i=1,matsize(x)[1], if(i>1,s=concat(s,",")); s=concat(s,"[");
    for(j=1,matsize(x)[2], if(j>1,s=concat(s,",")); s=concat(s,concat(["\"",Str(x[i,j]),"\""])));
    s=concat(s,"]"));
  concat(s,"]");
}
"""


def main():
    rng = random.Random(SEED)
    cases = {"trace": [], "transpose": [], "power": [], "kronecker": []}
    lines = []
    for _ in range(CASES):
        n = rng.randint(1, 6)
        a = matrix(rng, n, n)
        cases["trace"].append({"matrix": enc(a)})
        lines.append(("trace", f'print(concat(["{{\\"trace\\":\\"",Str(trace({gp(a)})),"\\"}}"]))'))
        r, c = rng.randint(1, 6), rng.randint(1, 6)
        a = matrix(rng, r, c)
        cases["transpose"].append({"matrix": enc(a)})
        lines.append(("transpose", f'print(concat(["{{\\"transpose\\":",tj({gp(a)}~),"}}"]))'))
        n = rng.randint(1, 5)
        a = matrix(rng, n, n)
        k = rng.randint(0, 12)
        if rng.randrange(3) == 0 and sympy.Matrix(a).det() != 0:
            k = -rng.randint(1, 4)
        cases["power"].append({"matrix": enc(a), "exponent": k})
        lines.append(("power", f'print(concat(["{{\\"power\\":",tj({gp(a)}^({k})),"}}"]))'))
        a = matrix(rng, rng.randint(1, 4), rng.randint(1, 4))
        b = matrix(rng, rng.randint(1, 4), rng.randint(1, 4))
        k = sympy.kronecker_product(sympy.Matrix(a).applyfunc(sympy.Rational), sympy.Matrix(b).applyfunc(sympy.Rational))
        cases["kronecker"].append({"left": enc(a), "right": enc(b),
                                   "product": [[s(Fraction(int(sympy.fraction(x)[0]), int(sympy.fraction(x)[1]))) for x in k.row(i)] for i in range(k.rows)]})
    script = GP_PRELUDE + "\n".join(expr for _, expr in lines) + "\n"
    out = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input=script, capture_output=True, text=True, check=True)
    results = out.stdout.strip().split("\n")
    if len(results) != len(lines):
        sys.exit(f"gp printed {len(results)} lines for {len(lines)} cases:\n{out.stderr}")
    version = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input='print(Strprintf("%d.%d.%d", version()[1], version()[2], version()[3]))\n',
                             capture_output=True, text=True, check=True).stdout.strip()
    index = {op: 0 for op in cases}
    for (op, _), line in zip(lines, results):
        cases[op][index[op]].update(json.loads(line))
        index[op] += 1
    json.dump({"generator": "elementary_reference.py", "pari_gp_version": version, "sympy_version": sympy.__version__,
               "seed": SEED, "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
