#!/usr/bin/env python3
"""Generate pari_reference.json: reference values for the matrix domain's
tests, computed by PARI/GP (tested with PARI/GP 2.15.2, `gp -q -f`).

Run from this directory:  python3 pari_reference.py > pari_reference.json

Inputs are seeded (random.Random(SEED)), so rerunning reproduces the file
byte for byte with the same PARI/GP. Each case holds the input and what
PARI/GP computed for it:

  determinant  matdet(A)
  rank         matrank(A)
  rref         RREF built from PARI primitives: pivots are the columns j
               where matrank(A[,1..j]) grows; with M = matimage(A~)~ (a
               basis of the row space) the RREF rows are
               matsolve(M[,pivots], M), padded with zero rows
  inverse      matsolve(A, matid(n)), or invertible false when
               matdet(A) == 0
  solve        per right-hand-side column matinverseimage(A, b): a
               particular solution, or null when there is none; and
               matker(A) as a list of vectors
  nullspace    matker(A) (any basis; the test compares spans)
  multiply     A*B
  charpoly     Vecrev(charpoly(A)), constant term first
  image        matimage(A) (column space basis; compared by rank)
"""

import json
import random
import subprocess
import sys
from fractions import Fraction

SEED = 20261202
CASES = 60

GP_PRELUDE = r"""
tj(x)={my(t=type(x), s);
  if(t=="t_MAT",
    s="["; for(i=1,matsize(x)[1], if(i>1,s=concat(s,",")); s=concat(s,tj(x[i,]))); return(concat(s,"]")));
  if(t=="t_VEC"||t=="t_COL"||t=="t_LIST",
    if(t=="t_LIST", x=Vec(x));
    s="["; for(i=1,#x, if(i>1,s=concat(s,",")); s=concat(s,tj(x[i]))); return(concat(s,"]")));
  if(t=="t_INT"||t=="t_FRAC", return(concat(["\"",Str(x),"\""])));
  error("unexpected type ",t);
}
pivots(A)={my(piv=List(), k=0);
  for(j=1,#A, if(matrank(A[,1..j])>k, k++; listput(piv,j)));
  Vec(piv);
}
rref(A)={my(m=#A~, n=#A, p=pivots(A), M, R);
  if(#p==0, return(matrix(m,n)));
  M=matimage(A~)~;
  R=matsolve(vecextract(M,"..",p),M);
  matconcat([R; matrix(m-#p,n)]);
}
"""


def entry(rng, rational):
    n = rng.randint(-9, 9)
    if rational and rng.randrange(4) == 0:
        return Fraction(n, rng.randint(1, 6))
    return Fraction(n)


def matrix(rng, rows, cols, deficient=None):
    rational = rng.randrange(2) == 0
    m = [[entry(rng, rational) for _ in range(cols)] for _ in range(rows)]
    if deficient is None:
        deficient = rng.randrange(3) == 0
    if deficient and rows >= 2:
        i, j = rng.sample(range(rows), 2)
        k = Fraction(rng.randint(-2, 2))
        other = (i + 1) % rows
        m[i] = [k * m[j][c] + (m[other][c] if other != i else 0) for c in range(cols)]
    return m


def s(x):
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def enc(m):
    return [[s(x) for x in row] for row in m]


def gp(m):
    # Mat() because PARI reads a one-row literal such as [1,2] as a vector.
    return "Mat([" + ";".join(",".join(s(x) for x in row) for row in m) + "])"


def main():
    rng = random.Random(SEED)
    cases = {k: [] for k in ["determinant", "rank", "rref", "inverse", "solve", "nullspace", "multiply", "charpoly", "image"]}
    lines = []

    def add(op, case, expr):
        cases[op].append(case)
        lines.append((op, len(cases[op]) - 1, expr))

    for _ in range(CASES):
        n = rng.randint(1, 7)
        a = matrix(rng, n, n)
        add("determinant", {"matrix": enc(a)}, f'print(concat(["{{\\"determinant\\":",tj(matdet({gp(a)})),"}}"]))')
        a = matrix(rng, n, n)
        add("inverse", {"matrix": enc(a)},
            f'A={gp(a)}; if(matdet(A)==0, print("{{\\"invertible\\":false}}"), print(concat(["{{\\"invertible\\":true,\\"inverse\\":",tj(matsolve(A,matid(#A))),"}}"])))')
        a = matrix(rng, n, n)
        add("charpoly", {"matrix": enc(a)}, f'print(concat(["{{\\"coefficients\\":",tj(Vecrev(charpoly({gp(a)}))),"}}"]))')

        r, c = rng.randint(1, 7), rng.randint(1, 7)
        a = matrix(rng, r, c)
        add("rank", {"matrix": enc(a)}, f'print(concat(["{{\\"rank\\":",Str(matrank({gp(a)})),"}}"]))')
        a = matrix(rng, r, c, deficient=rng.randrange(2) == 0)
        add("rref", {"matrix": enc(a)},
            f'A={gp(a)}; print(concat(["{{\\"rref\\":",tj(rref(A)),",\\"pivot_columns\\":",Str(apply(j->j-1,pivots(A))),"}}"]))')
        a = matrix(rng, r, c)
        add("nullspace", {"matrix": enc(a)}, f'print(concat(["{{\\"kernel\\":",tj(matker({gp(a)})~),"}}"]))')
        a = matrix(rng, r, c)
        add("image", {"matrix": enc(a)}, f'print(concat(["{{\\"image\\":",tj(matimage({gp(a)})~),"}}"]))')

        k = rng.randint(1, 7)
        b = matrix(rng, c, k)
        add("multiply", {"left": enc(a), "right": enc(b)}, f'print(concat(["{{\\"product\\":",tj({gp(a)}*{gp(b)}),"}}"]))')

        # Linear systems: a vector right-hand side for even cases, a matrix
        # of two or three for odd ones. Consistent systems are made common
        # by taking b = A·x for a random x half of the time.
        a = matrix(rng, r, c)
        cols = 1 if len(cases["solve"]) % 2 == 0 else rng.randint(2, 3)
        rhs = matrix(rng, r, cols, deficient=False)
        if rng.randrange(2) == 0:
            x = matrix(rng, c, cols, deficient=False)
            rhs = [[sum((a[i][l] * x[l][j] for l in range(c)), Fraction(0)) for j in range(cols)] for i in range(r)]
        if cols == 1 and len(cases["solve"]) % 2 == 0:
            case = {"matrix": enc(a), "rhs": [s(row[0]) for row in rhs]}
        else:
            case = {"matrix": enc(a), "rhs": enc(rhs)}
        add("solve", case,
            f'A={gp(a)}; B={gp(rhs)}; print(concat(["{{\\"particular\\":",tj(vector(#B,j,my(z=matinverseimage(A,B[,j]));if(#z==0&&#A>0,0,z))),",\\"kernel\\":",tj(matker(A)~),"}}"]))')

    # Larger cases reach the multi-modular paths (order 24 and up).
    for t in range(6):
        n = 24 + 3 * t
        a = matrix(rng, n, n, deficient=t % 2 == 1)
        add("determinant", {"matrix": enc(a)}, f'print(concat(["{{\\"determinant\\":",tj(matdet({gp(a)})),"}}"]))')
        add("charpoly", {"matrix": enc(a)}, f'print(concat(["{{\\"coefficients\\":",tj(Vecrev(charpoly({gp(a)}))),"}}"]))')
        add("inverse", {"matrix": enc(a)},
            f'A={gp(a)}; if(matdet(A)==0, print("{{\\"invertible\\":false}}"), print(concat(["{{\\"invertible\\":true,\\"inverse\\":",tj(matsolve(A,matid(#A))),"}}"])))')
        r, c = n + rng.randint(-3, 3), n + rng.randint(-3, 3)
        a = matrix(rng, r, c, deficient=True)
        for i in range(r // 3):
            a[i] = [2 * x for x in a[-1 - i]]
        add("rank", {"matrix": enc(a)}, f'print(concat(["{{\\"rank\\":",Str(matrank({gp(a)})),"}}"]))')
        add("rref", {"matrix": enc(a)},
            f'A={gp(a)}; print(concat(["{{\\"rref\\":",tj(rref(A)),",\\"pivot_columns\\":",Str(apply(j->j-1,pivots(A))),"}}"]))')
        add("nullspace", {"matrix": enc(a)}, f'print(concat(["{{\\"kernel\\":",tj(matker({gp(a)})~),"}}"]))')
        rhs = matrix(rng, r, 2, deficient=False)
        # The first right-hand side is A·(1, …, 1), so it is consistent.
        rhs = [[sum(a[i], Fraction(0)), rhs[i][1]] for i in range(r)]
        add("solve", {"matrix": enc(a), "rhs": enc(rhs)},
            f'A={gp(a)}; B={gp(rhs)}; print(concat(["{{\\"particular\\":",tj(vector(#B,j,my(z=matinverseimage(A,B[,j]));if(#z==0&&#A>0,0,z))),",\\"kernel\\":",tj(matker(A)~),"}}"]))')

    script = GP_PRELUDE + "\n".join(expr for _, _, expr in lines) + "\n"
    out = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input=script, capture_output=True, text=True, check=True)
    results = out.stdout.strip().split("\n")
    if len(results) != len(lines):
        sys.exit(f"gp printed {len(results)} lines for {len(lines)} cases:\n{out.stderr}")
    version = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input='print(Strprintf("%d.%d.%d", version()[1], version()[2], version()[3]))\n',
                             capture_output=True, text=True, check=True).stdout.strip()
    for (op, idx, _), line in zip(lines, results):
        cases[op][idx].update(json.loads(line))
    # The gp side writes "0" for a right-hand side with no preimage.
    for case in cases["solve"]:
        case["particular"] = [None if p == "0" else p for p in case["particular"]]
    json.dump({"generator": "pari_reference.py", "pari_gp_version": version, "seed": SEED, "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
