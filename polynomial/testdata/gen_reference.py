#!/usr/bin/env python3
"""Generate reference values for the polynomial domain's tests.

Run from this directory:  python3 gen_reference.py > reference.json

Random cases come from Python's random.Random(20261202), so the output is
reproducible. Values come from PARI/GP 2.15.2 (gcd, divrem, subst, deriv,
polresultant, poldisc), run as `gp -q -D colors=no`, and from SymPy 1.14.0
(sqf_list) for square-free decompositions. Coefficient lists are constant
term first, exact rationals as strings, [] for the zero polynomial.
Products (f*g) and powers (f^e) also come from PARI/GP.
"""

import json
import random
import subprocess
import sys
from fractions import Fraction

import sympy
from polycases import s

RNG = random.Random(20261202)
CASES = 60


def rand_coeff(bits, rational):
    n = RNG.randint(-(2 ** bits), 2 ** bits)
    if rational and RNG.random() < 0.3:
        return Fraction(n, RNG.randint(1, 40))
    return Fraction(n)


def rand_poly(deg, bits, rational=False):
    c = [rand_coeff(bits, rational) for _ in range(deg + 1)]
    if deg >= 0 and c[-1] == 0:
        c[-1] = Fraction(1)
    return c


def mul(a, b):
    if not a or not b:
        return []
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return trim(out)


def trim(c):
    c = list(c)
    while c and c[-1] == 0:
        c.pop()
    return c


def gp_poly(c):
    if not c:
        return "Pol(0)"
    return "Polrev([" + ",".join(s(x) for x in c) + "])"


def enc(c):
    return [s(x) for x in trim(c)]


def run_gp(lines):
    out = subprocess.run(["gp", "-q", "-D", "colors=no"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return [l.strip() for l in out.strip().split("\n")]


def parse_vec(text):
    """Parse a PARI row vector of rationals such as [1, -2/3, 0]."""
    text = text.strip().rstrip("~")
    assert text.startswith("[") and text.endswith("]"), text
    body = text[1:-1].strip()
    if not body:
        return []
    return [Fraction(t.strip()) for t in body.split(",")]


def main():
    cases = {k: [] for k in ["gcd", "divrem", "evaluate", "derivative", "resultant", "discriminant", "square_free"]}
    queries = []  # (kind, case, number of gp output lines)

    for i in range(CASES):
        # gcd: integer polynomials with a planted common factor, half with
        # common content.
        g = rand_poly(RNG.randint(0, 4), 6)
        a = mul(g, rand_poly(RNG.randint(0, 6), 12))
        b = mul(g, rand_poly(RNG.randint(0, 6), 12))
        if i % 2 == 0:
            k = Fraction(RNG.randint(2, 12))
            a, b = [k * x for x in a], [k * 2 * x for x in b]
        if i == 0:
            b = []
        case = {"left": enc(a), "right": enc(b)}
        cases["gcd"].append(case)
        # PARI returns gcd(a, 0) = a with its sign; Jacobian's canonical gcd
        # has a positive leading coefficient, so the sign is normalised here.
        queries.append(("gcd", case, [f"h=gcd({gp_poly(a)},{gp_poly(b)}); if(h!=0 && pollead(h)<0, h=-h); Vecrev(h)",
                                      f"if(h==0, [], Vecrev(h/pollead(h)))"]))

        a = rand_poly(RNG.randint(0, 9), 20, rational=True)
        b = rand_poly(RNG.randint(0, 5), 20, rational=True)
        case = {"left": enc(a), "right": enc(b)}
        cases["divrem"].append(case)
        queries.append(("divrem", case, [f"d=divrem({gp_poly(a)},{gp_poly(b)}); Vecrev(d[1])", "Vecrev(d[2])"]))

        f = rand_poly(RNG.randint(-1, 12), 30, rational=True)
        at = Fraction(RNG.randint(-(2 ** 20), 2 ** 20), RNG.choice([1, 1, RNG.randint(1, 2 ** 16)]))
        case = {"polynomial": enc(f), "at": s(at)}
        cases["evaluate"].append(case)
        queries.append(("evaluate", case, [f"subst({gp_poly(f)},x,{s(at)})"]))

        f = rand_poly(RNG.randint(0, 12), 30, rational=True)
        k = RNG.randint(0, 5)
        case = {"polynomial": enc(f), "order": k}
        cases["derivative"].append(case)
        queries.append(("derivative", case, [f"h={gp_poly(f)}; for(j=1,{k},h=deriv(h,x)); Vecrev(h)"]))

        a = rand_poly(RNG.randint(0, 8), 16, rational=True)
        b = rand_poly(RNG.randint(0, 8), 16, rational=True)
        if i % 7 == 0:
            b = mul(b, rand_poly(1, 3)) if b else b
            a = mul(a, b[:2] if len(b) >= 2 else [Fraction(1)])
        case = {"left": enc(a), "right": enc(b)}
        cases["resultant"].append(case)
        queries.append(("resultant", case, [f"polresultant({gp_poly(a)},{gp_poly(b)})"]))

        f = rand_poly(RNG.randint(1, 9), 16, rational=True)
        if i % 5 == 0:
            f = mul(f, rand_poly(1, 4))
            f = mul(f, f[:2] if len(f) >= 2 else [Fraction(1)])
        case = {"polynomial": enc(f)}
        cases["discriminant"].append(case)
        queries.append(("discriminant", case, [f"poldisc({gp_poly(f)})"]))

    out_lines = run_gp([line for _, _, lines in queries for line in lines])
    pos = 0
    for kind, case, lines in queries:
        got = out_lines[pos:pos + len(lines)]
        pos += len(lines)
        if kind == "gcd":
            case["gcd_z"] = enc(parse_vec(got[0]))
            case["gcd_q"] = enc(parse_vec(got[1]))
        elif kind == "divrem":
            case["quotient"] = enc(parse_vec(got[0]))
            case["remainder"] = enc(parse_vec(got[1]))
        elif kind == "evaluate":
            case["value"] = s(Fraction(got[0]))
        elif kind == "derivative":
            case["derivative"] = enc(parse_vec(got[0]))
        elif kind == "resultant":
            case["resultant"] = s(Fraction(got[0]))
        elif kind == "discriminant":
            case["discriminant"] = s(Fraction(got[0]))
    assert pos == len(out_lines), (pos, len(out_lines))

    # Square-free decompositions from SymPy's sqf_list over QQ.
    x = sympy.Symbol("x")
    for i in range(CASES):
        f = [Fraction(RNG.randint(-9, 9) or 1, RNG.choice([1, 1, 2, 3]))]
        for _ in range(RNG.randint(1, 4)):
            base = rand_poly(RNG.randint(1, 3), 4)
            for _ in range(RNG.randint(1, 3)):
                f = mul(f, base)
        if i == 0:
            f = [Fraction(-7, 3)]
        expr = sum(sympy.Rational(c.numerator, c.denominator) * x ** k for k, c in enumerate(f))
        content, factors = sympy.sqf_list(sympy.Poly(expr, x, domain="QQ"))
        out = []
        for fac, mult in factors:
            # SymPy over QQ returns monic factors; rescale to primitive
            # integer polynomials with positive leading coefficient.
            _, prim = fac.clear_denoms(convert=True)
            prim = prim.primitive()[1]
            if prim.LC() < 0:
                prim = -prim
            coeffs = [Fraction(int(v)) for v in reversed(prim.all_coeffs())]
            out.append({"factor": enc(coeffs), "multiplicity": mult})
        out.sort(key=lambda d: d["multiplicity"])
        cases["square_free"].append({"polynomial": enc(f), "factors": out})

    # Products and powers, drawn after everything above so that the
    # earlier cases keep their values.
    cases["multiply"], cases["power"] = [], []
    queries = []
    for i in range(CASES):
        a = rand_poly(RNG.randint(0, 30), 40, rational=True)
        b = rand_poly(RNG.randint(0, 30), 40, rational=True)
        case = {"left": enc(a), "right": enc(b)}
        cases["multiply"].append(case)
        queries.append(("multiply", case, f"Vecrev({gp_poly(a)}*{gp_poly(b)})"))
        f = rand_poly(RNG.randint(0, 5), 10, rational=True)
        e = RNG.randint(0, 12)
        case = {"left": enc(f), "exponent": e}
        cases["power"].append(case)
        queries.append(("power", case, f"Vecrev({gp_poly(f)}^{e})"))
    lines = run_gp([q for _, _, q in queries])
    assert len(lines) == len(queries), (len(lines), len(queries))
    for (_, case, _), line in zip(queries, lines):
        case["result"] = enc(parse_vec(line))

    json.dump({"generator": "gen_reference.py", "pari_gp": "2.15.2", "sympy": sympy.__version__,
               "seed": 20261202, "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
