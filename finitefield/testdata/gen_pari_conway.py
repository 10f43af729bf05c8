#!/usr/bin/env python3
"""Reference Conway polynomials for finite_field.conway_polynomial.compute.

Run from finitefield/testdata:  python3 gen_pari_conway.py > pari_conway.json

Generated with PARI/GP 2.15.2 (gp -q), which has no Conway table: the gp
function conway() below searches by the definition alone, independently of
Jacobian's search. It visits every (a_1, ..., a_n) in [0, p)^n in
lexicographic order, forms x^n - a_1 x^(n-1) + a_2 x^(n-2) - ... +
(-1)^n a_n, and returns the first that is irreducible (polisirreducible),
primitive (fforder(ffgen(f)) = p^n - 1) and compatible with the Conway
polynomial of every proper divisor d of n (subst(C_d, x, a^((p^n-1)/(p^d-1)))
= 0 for a = ffgen(f)). The pairs are those small enough for this naive
search: every prime p < 110 in degrees 1 and 2, and smaller p in higher
degrees.
"""

import json
import sys

from gen_pari import gp

PRIMES = [p for p in range(2, 110) if all(p % d for d in range(2, p))]
MAX_P = {1: 109, 2: 109, 3: 31, 4: 13, 5: 5, 6: 5, 7: 3, 8: 3, 9: 2, 10: 2}

GP_CONWAY = r"""
conwaycand(p, n, v) = x^n + sum(i = 1, n, (-1)^i * v[i] * x^(n - i));
compatible(p, n, f, C) = {
  my(a = ffgen(f * Mod(1, p), 'a), q = p^n - 1);
  if (a == 0 || fforder(a) != q, return(0));
  fordiv(n, d, if (d < n, if (subst(C[d], x, a^(q / (p^d - 1))) != 0, return(0))));
  1;
}
conway(p, n, C) = {
  forvec(v = vector(n, i, [0, p - 1]),
    my(f = conwaycand(p, n, v));
    if (polisirreducible(f * Mod(1, p)) && compatible(p, n, f, C), return(f)));
}
"""


def main():
    pairs = [(p, n) for p in PRIMES for n in range(1, 11) if p <= MAX_P[n]]
    lines = [GP_CONWAY]
    for p in sorted({p for p, _ in pairs}):
        degrees = [n for q, n in pairs if q == p]
        lines.append(f"C = vector({max(degrees)});")
        for n in degrees:
            lines.append(f"C[{n}] = conway({p}, {n}, C); print(Vecrev(C[{n}]));")
    out = gp("\n".join(lines), None)
    results = []
    for (p, n), line in zip(sorted(pairs), out):
        coeffs = [c % p for c in json.loads(line)]
        results.append({"request": {"characteristic": str(p), "degree": n},
                        "coefficients": [str(c) for c in coeffs]})
    if len(results) != len(pairs):
        sys.exit(f"gp printed {len(out)} polynomials for {len(pairs)} pairs")
    data = {
        "generator": "gen_pari_conway.py",
        "pari_version": gp("v=version(); print(Str(v[1],\".\",v[2],\".\",v[3]))")[0],
        "conway": results,
    }
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
