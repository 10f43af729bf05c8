#!/usr/bin/env python3
"""Generate integer_kernel_reference.json: integer kernels computed by
PARI/GP (tested with PARI/GP 2.15.2, `gp -q -f`), for the tests of
matrix.integer_kernel.compute.

Run from this directory:  python3 integer_kernel_reference.py > integer_kernel_reference.json

PARI's matkerint(A) is an LLL-reduced Z-basis of {x : A·x = 0}, as
columns. Jacobian's canonical basis is the row-style Hermite form of that
lattice, so each case holds the rows of rowhnf(matkerint(A)~), with
rowhnf the conversion of hnf_reference.py (mathnf of the column-reversed
transpose, read back reversed), and matker's dimension. Inputs are seeded
(random.Random(SEED)); a third have a row that is a combination of two
others, so that the kernel grows beyond n − m.
"""

import json
import random
import subprocess
import sys

SEED = 20261213
CASES = 64

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
  R=matrix(r,n,i,j,H[n+1-j,r+1-i]);
  R;
}
kernel(A)={my(K=matkerint(A));
  if(#K==0, "[]", tj(rowhnf(K~)));
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
        if t < 56:
            r, c = rng.randint(1, 6), rng.randint(1, 9)
        else:
            r, c = rng.randint(8, 20), 20
        bound = rng.choice([2, 9, 100, 10**6])
        a = matrix(rng, r, c, bound, deficient=rng.randrange(3) == 0)
        cases.append({"matrix": [[str(x) for x in row] for row in a]})
        lines.append(f'A={gp(a)}; print(concat(["{{\\"kernel\\":",kernel(A),",\\"dimension\\":",Str(#matker(A)),"}}"]))')
    script = GP_PRELUDE + "\n".join(lines) + "\n"
    out = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input=script, capture_output=True, text=True, check=True)
    results = out.stdout.strip().split("\n")
    if len(results) != len(lines):
        sys.exit(f"gp printed {len(results)} lines for {len(lines)} cases:\n{out.stderr}")
    version = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input='print(Strprintf("%d.%d.%d", version()[1], version()[2], version()[3]))\n',
                             capture_output=True, text=True, check=True).stdout.strip()
    for case, line in zip(cases, results):
        case.update(json.loads(line))
    json.dump({"generator": "integer_kernel_reference.py", "pari_gp_version": version, "seed": SEED, "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
