#!/usr/bin/env python3
"""Generate integer_solve_reference.json: integer solutions of A·x = b
computed by PARI/GP (tested with PARI/GP 2.15.2, `gp -q -f`), for the
tests of matrix.integer_linear_system.solve.

Run from this directory:  python3 integer_solve_reference.py > integer_solve_reference.json

Each case holds A, b, PARI's matsolvemod(A, 0, b) (an integer solution,
or 0 when there is none; the tests compare solvability and check that
PARI's solution and Jacobian's differ by a kernel vector) and the kernel
as in integer_kernel_reference.py (rowhnf of matkerint). Inputs are
seeded (random.Random(SEED)); half the right-hand sides are A·x0 for a
random integer x0, so solvable, the others random, mostly not.
"""

import json
import random
import subprocess
import sys

SEED = 20261214
CASES = 60

GP_PRELUDE = r"""
tj(x)={my(s="[");
  for(i=1,matsize(x)[1], if(i>1,s=concat(s,",")); s=concat(s,"[");
    for(j=1,matsize(x)[2], if(j>1,s=concat(s,",")); s=concat(s,concat(["\"",Str(x[i,j]),"\""])));
    s=concat(s,"]"));
  concat(s,"]");
}
tv(v)={my(s="["); for(i=1,#v, if(i>1,s=concat(s,",")); s=concat(s,concat(["\"",Str(v[i]),"\""]))); concat(s,"]");}
rowhnf(A)={my(m=matsize(A)[1], n=matsize(A)[2], B, H, r, R);
  B=matrix(n,m,i,j,A[j,n+1-i]);
  H=mathnf(B); r=matsize(H)[2];
  R=matrix(r,n,i,j,H[n+1-j,r+1-i]);
  R;
}
kernel(A)={my(K=matkerint(A)); if(#K==0, "[]", tj(rowhnf(K~)));}
zsolve(A,b)={my(X=matsolvemod(A,0,b~));
  if(type(X)=="t_INT", "{\"solvable\":false,\"pari_solution\":[]",
    concat(["{\"solvable\":true,\"pari_solution\":",tv(X)]));
}
"""


def main():
    rng = random.Random(SEED)
    cases, lines = [], []
    for t in range(CASES):
        r, c = rng.randint(1, 6), rng.randint(1, 8)
        if t >= 54:
            r, c = rng.randint(8, 20), rng.randint(8, 20)
        bound = rng.choice([3, 9, 100, 10**6])
        a = [[rng.randint(-bound, bound) for _ in range(c)] for _ in range(r)]
        if rng.randrange(3) == 0 and r >= 2:
            i, j = rng.sample(range(r), 2)
            k = rng.choice([2, 3, -2])
            a[i] = [k * x for x in a[j]]
        if t % 2 == 0:
            x0 = [rng.randint(-5, 5) for _ in range(c)]
            b = [sum(a[i][j] * x0[j] for j in range(c)) for i in range(r)]
        else:
            b = [rng.randint(-50, 50) for _ in range(r)]
        cases.append({"matrix": [[str(x) for x in row] for row in a], "rhs": [str(x) for x in b]})
        ga = "Mat([" + ";".join(",".join(str(x) for x in row) for row in a) + "])"
        gb = "[" + ",".join(str(x) for x in b) + "]"
        lines.append(f'A={ga}; b={gb}; print(concat([zsolve(A,b),",\\"kernel\\":",kernel(A),"}}"]))')
    script = GP_PRELUDE + "\n".join(lines) + "\n"
    out = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input=script, capture_output=True, text=True, check=True)
    results = out.stdout.strip().split("\n")
    if len(results) != len(lines):
        sys.exit(f"gp printed {len(results)} lines for {len(lines)} cases:\n{out.stderr}")
    version = subprocess.run(["gp", "-q", "-f", "-D", "colors=no"], input='print(Strprintf("%d.%d.%d", version()[1], version()[2], version()[3]))\n',
                             capture_output=True, text=True, check=True).stdout.strip()
    for case, line in zip(cases, results):
        case.update(json.loads(line))
    json.dump({"generator": "integer_solve_reference.py", "pari_gp_version": version, "seed": SEED, "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
