#!/usr/bin/env python3
"""Generate hnf_reference.json: Hermite normal forms computed by PARI/GP
(tested with PARI/GP 2.15.2, `gp -q -f`), for the tests of
matrix.normal_form.hermite.compute.

Run from this directory:  python3 hnf_reference.py > hnf_reference.json

PARI's mathnf(B) is the column-style form of the lattice spanned by the
columns of B: upper triangular, pivots at the bottom of each column,
entries to the right of a pivot reduced. Jacobian's is row-style: pivots
first in each row, entries above a pivot reduced. With J the reversal
permutation the two correspond: for an m×n matrix A of rank r,

    H_row(A) = J_r · mathnf(J_n · Aᵀ)ᵀ · J_n,

padded with m − r zero rows, that is entry (i, j) of the nonzero part is
entry (n+1−j, r+1−i) of mathnf of Aᵀ with its rows reversed (1-based).
Inputs are seeded (random.Random(SEED)); each case holds the matrix and
that H. Square cases of order 4 and up that are nonsingular reach the
modular method, the others the classical elimination.
"""

import json
import random
import subprocess
import sys

SEED = 20261203
CASES = 70

GP_PRELUDE = r"""
tj(x)={my(s="[");
  for(i=1,matsize(x)[1], if(i>1,s=concat(s,",")); s=concat(s,"[");
    for(j=1,matsize(x)[2], if(j>1,s=concat(s,",")); s=concat(s,concat(["\"",Str(x[i,j]),"\""])));
    s=concat(s,"]"));
  concat(s,"]");
}
rowhnf(A)={my(m=matsize(A)[1], n=matsize(A)[2], B, H, r, R);
  B=matrix(n,m,i,j,A[j,n+1-i]);
  H=mathnf(B); r=matsize(H)[2];
  R=matrix(m,n,i,j,if(i<=r,H[n+1-j,r+1-i],0));
  R;
}
"""


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
        bound = rng.choice([3, 20, 10**6])
        a = matrix(rng, r, c, bound, deficient=rng.randrange(3) == 0)
        cases.append({"matrix": [[str(x) for x in row] for row in a]})
        lines.append(f'A={gp(a)}; print(concat(["{{\\"hermite\\":",tj(rowhnf(A)),",\\"rank\\":",Str(matrank(A)),"}}"]))')
    # Larger nonsingular cases for the modular method.
    for n in (20, 30, 40):
        a = matrix(rng, n, n, 99, deficient=False)
        cases.append({"matrix": [[str(x) for x in row] for row in a]})
        lines.append(f'A={gp(a)}; print(concat(["{{\\"hermite\\":",tj(rowhnf(A)),",\\"rank\\":",Str(matrank(A)),"}}"]))')
    script = GP_PRELUDE + "\n".join(lines) + "\n"
    out = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input=script, capture_output=True, text=True, check=True)
    results = out.stdout.strip().split("\n")
    if len(results) != len(lines):
        sys.exit(f"gp printed {len(results)} lines for {len(lines)} cases:\n{out.stderr}")
    version = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input='print(Strprintf("%d.%d.%d", version()[1], version()[2], version()[3]))\n',
                             capture_output=True, text=True, check=True).stdout.strip()
    for case, line in zip(cases, results):
        case.update(json.loads(line))
    json.dump({"generator": "hnf_reference.py", "pari_gp_version": version, "seed": SEED, "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
