#!/usr/bin/env python3
"""Generate ring_reference.json: determinants and products over GF(p)
computed by PARI/GP (tested with PARI/GP 2.15.2, `gp -q -f`):
lift(matdet(Mod(A, p))), matrank(Mod(A, p)), lift(Mod(A, p)*Mod(B, p)) and
Vecrev(lift(charpoly(Mod(A, p)))) and lift(Mod(A, p)^-1) (or invertible
false when matdet(Mod(A, p)) is zero) and the RREF of Mod(A, p), built from
PARI primitives as in pari_reference.py (pivots where matrank of the
leading columns grows, then matsolve on a basis of the row space from
matimage), and lift(matker(Mod(A, p))) (any basis; the tests compare
spans), for the tests of the ring
{"modulus": "p"} of matrix.determinant.compute, matrix.rank.compute,
matrix.multiply.compute, matrix.characteristic_polynomial.compute,
matrix.inverse.compute, matrix.normal_form.rref.compute and
matrix.nullspace.compute; and for linear systems, per right-hand side,
lift(matinverseimage(Mod(A, p), Mod(b, p))), a particular solution or none
(null), for matrix.linear_system.solve.

Run from this directory:  python3 ring_reference.py > ring_reference.json

Entries are seeded small integers and fractions whose denominators p does
not divide; the primes range from 2 to the largest prime below 2^62.
"""

import json
import random
import subprocess
import sys
from fractions import Fraction

SEED = 20261208
CASES = 60
PRIMES = [2, 3, 5, 7, 101, 65537, 1000000007, 4611686018427387847]

GP_PRELUDE = r"""
pivots(A)={my(piv=List(), k=0); for(j=1,#A, if(matrank(A[,1..j])>k, k++; listput(piv,j))); Vec(piv);}
rref(A)={my(m=#A~, n=#A, p=pivots(A), M, R); if(#p==0, return(matrix(m,n))); M=matimage(A~)~; R=matsolve(vecextract(M,"..",p),M); matconcat([R; matrix(m-#p,n)]);}
"""


def s(x):
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def matrix(rng, r, c, p):
    dens = [d for d in (1, 2, 3, 5, 7) if d % p != 0]
    return [[Fraction(rng.randint(-10**6, 10**6), rng.choice(dens)) for _ in range(c)] for _ in range(r)]


def gp(m):
    return "Mat([" + ";".join(",".join(s(x) for x in row) for row in m) + "])"


def main():
    rng = random.Random(SEED)
    cases = {"determinant": [], "rank": [], "multiply": [], "charpoly": [], "inverse": [], "rref": [], "nullspace": [], "solve": []}
    lines = []
    for _ in range(CASES):
        p = rng.choice(PRIMES)
        n = rng.randint(1, 9)
        a = matrix(rng, n, n, p)
        cases["determinant"].append({"matrix": [[s(x) for x in row] for row in a], "modulus": str(p)})
        lines.append(("determinant", f'print(concat(["{{\\"determinant\\":\\"",Str(lift(matdet(Mod({gp(a)},{p})))),"\\"}}"]))'))
        r, c = rng.randint(1, 8), rng.randint(1, 8)
        a = matrix(rng, r, c, p)
        if r >= 3 and rng.randrange(2):
            a[0] = [2 * a[1][j] - a[2][j] for j in range(c)]
        cases["rank"].append({"matrix": [[s(x) for x in row] for row in a], "modulus": str(p)})
        lines.append(("rank", f'print(concat(["{{\\"rank\\":",Str(matrank(Mod({gp(a)},{p}))),"}}"]))'))
        m, k, q = rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6)
        a, b = matrix(rng, m, k, p), matrix(rng, k, q, p)
        cases["multiply"].append({"left": [[s(x) for x in row] for row in a], "right": [[s(x) for x in row] for row in b], "modulus": str(p)})
        lines.append(("multiply", f'C=lift(Mod({gp(a)},{p})*Mod({gp(b)},{p})); print(concat(["{{\\"product\\":[", strjoin(vector(#C~, i, concat(["[", strjoin(apply(x->concat(["\\"",Str(x),"\\""]), C[i,]), ","), "]"])), ","), "]}}"]))'))
    # Characteristic polynomials last, so the cases above keep their inputs.
    for _ in range(CASES):
        p = rng.choice(PRIMES)
        n = rng.randint(1, 8)
        a = matrix(rng, n, n, p)
        cases["charpoly"].append({"matrix": [[s(x) for x in row] for row in a], "modulus": str(p)})
        lines.append(("charpoly", 'print(concat(["{\\"coefficients\\":[", strjoin(apply(x->concat(["\\"",Str(x),"\\""]), Vecrev(lift(charpoly(Mod(' + gp(a) + ',' + str(p) + '))))), ","), "]}"]))'))
    # Inverses after them, for the same reason; small primes make singular
    # images common.
    for _ in range(CASES):
        p = rng.choice(PRIMES)
        n = rng.randint(1, 7)
        a = matrix(rng, n, n, p)
        cases["inverse"].append({"matrix": [[s(x) for x in row] for row in a], "modulus": str(p)})
        lines.append(("inverse", 'A=Mod(' + gp(a) + ',' + str(p) + '); if(matdet(A)==0, print("{\\"invertible\\":false}"), B=lift(A^-1); print(concat(["{\\"invertible\\":true,\\"inverse\\":[", strjoin(vector(#B~, i, concat(["[", strjoin(apply(x->concat(["\\"",Str(x),"\\""]), B[i,]), ","), "]"])), ","), "]}"])))'))
    # RREFs last; a third have a row that is a combination of two others.
    for _ in range(CASES):
        p = rng.choice(PRIMES)
        r, c = rng.randint(1, 7), rng.randint(1, 7)
        a = matrix(rng, r, c, p)
        if r >= 3 and rng.randrange(3) == 0:
            a[0] = [a[1][j] + 3 * a[2][j] for j in range(c)]
        cases["rref"].append({"matrix": [[s(x) for x in row] for row in a], "modulus": str(p)})
        lines.append(("rref", 'A=Mod(' + gp(a) + ',' + str(p) + '); R=lift(rref(A)); print(concat(["{\\"rref\\":[", strjoin(vector(#R~, i, concat(["[", strjoin(apply(x->concat(["\\"",Str(x),"\\""]), R[i,]), ","), "]"])), ","), "],\\"pivot_columns\\":", Str(apply(j->j-1, pivots(A))), "}"]))'))
    # Kernels last.
    for _ in range(CASES):
        p = rng.choice(PRIMES)
        r, c = rng.randint(1, 6), rng.randint(1, 7)
        a = matrix(rng, r, c, p)
        if r >= 3 and rng.randrange(2):
            a[0] = [a[1][j] - 2 * a[2][j] for j in range(c)]
        cases["nullspace"].append({"matrix": [[s(x) for x in row] for row in a], "modulus": str(p)})
        lines.append(("nullspace", 'K=lift(matker(Mod(' + gp(a) + ',' + str(p) + ')))~; print(concat(["{\\"kernel\\":[", strjoin(vector(#K~, i, concat(["[", strjoin(apply(x->concat(["\\"",Str(x),"\\""]), K[i,]), ","), "]"])), ","), "]}"]))'))
    # Linear systems last; half the right-hand sides are A·x, so consistent.
    for _ in range(CASES):
        p = rng.choice(PRIMES)
        r, c, k = rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 3)
        a = matrix(rng, r, c, p)
        if r >= 3 and rng.randrange(2):
            a[0] = [a[1][j] + a[2][j] for j in range(c)]
        b = matrix(rng, r, k, p)
        if rng.randrange(2):
            x = matrix(rng, c, k, p)
            b = [[sum((a[i][l] * x[l][j] for l in range(c)), Fraction(0)) for j in range(k)] for i in range(r)]
        cases["solve"].append({"matrix": [[s(v) for v in row] for row in a], "rhs": [[s(v) for v in row] for row in b], "modulus": str(p)})
        lines.append(("solve", 'A=Mod(' + gp(a) + ',' + str(p) + '); B=Mod(' + gp(b) + ',' + str(p) + '); print(concat(["{\\"particular\\":[", strjoin(vector(#B, j, my(z=matinverseimage(A,B[,j])); if(#z==0, "null", concat(["[", strjoin(apply(x->concat(["\\"",Str(lift(x)),"\\""]), Vec(z)), ","), "]"]))), ","), "]}"]))'))
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
    json.dump({"generator": "ring_reference.py", "pari_gp_version": version, "seed": SEED, "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
