#!/usr/bin/env python3
"""Time SymPy's groebner(method='f5b') in grevlex on the classical systems
that BenchmarkGroebner (groebner_alg_test.go) runs, for the comparison in
the polynomial domain's peer figures:

    python3 bench_groebner_sympy.py [cyclic-5 katsura-6 ...]

Each system is run `--repeat` times (default 1) in-process; the minimum
wall time is printed with the basis size, which must match Jacobian's.
The systems are the ones of groebner_systems.go: cyclic-n in x1..xn and
katsura-n in u0..un.
"""

import argparse
import time

import sympy
from sympy import groebner, symbols


def cyclic(n):
    x = symbols(" ".join(f"x{i}" for i in range(1, n + 1)))
    F = [sum(sympy.Mul(*[x[(i + j) % n] for j in range(k)]) for i in range(n)) for k in range(1, n)]
    F.append(sympy.Mul(*x) - 1)
    return F, x


def katsura(n):
    u = symbols(" ".join(f"u{i}" for i in range(n + 1)))
    U = lambda l: u[abs(l)] if abs(l) <= n else 0
    F = [sum(U(l) * U(m - l) for l in range(-n, n + 1)) - u[m] for m in range(n)]
    F.append(u[0] + 2 * sum(u[1:]) - 1)
    return F, u


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("systems", nargs="*", default=["cyclic-5", "katsura-6"])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--method", default="f5b")
    args = ap.parse_args()
    print(f"SymPy {sympy.__version__}, method={args.method}, grevlex")
    for name in args.systems:
        kind, n = name.split("-")
        F, X = (cyclic if kind == "cyclic" else katsura)(int(n))
        best = None
        for _ in range(args.repeat):
            t = time.perf_counter()
            G = groebner(F, *X, order="grevlex", method=args.method)
            dt = time.perf_counter() - t
            best = dt if best is None else min(best, dt)
        print(f"{name}: {len(G.exprs)} elements, min {best:.3f} s over {args.repeat}", flush=True)


if __name__ == "__main__":
    main()
