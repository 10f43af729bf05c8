#!/usr/bin/env python3
"""Generate SymPy reference values for the multivariate operations:
polynomial.multivariate.arithmetic.compute, polynomial.groebner_basis.compute
and polynomial.ideal_membership.check.

Run from this directory:  python3 gen_groebner.py > groebner.json

Random cases come from Python's random.Random(20261203): rings of 1 to 3
variables, orders lex, grevlex and the elimination (block) order that
eliminates the first k variables (SymPy's ProductOrder of two grevlex
blocks), and polynomials of up to 4 terms with small integer or rational
coefficients. SymPy computes

  - arithmetic: Poly(f) + Poly(g), -, *, **e, listed by Poly.terms(order);
  - groebner: groebner(F, *X, order=O, domain=QQ), the reduced basis, each
    element divided by its leading coefficient in O (Poly.monic would use
    lex), its terms by Poly.terms(order), the basis in
    SymPy's order (leading monomials descending);
  - membership: reduced(f, G, *X, order=O)[1], the remainder modulo that
    reduced basis, and whether it is zero.

The classical systems cyclic-4, katsura-3 and katsura-4 (grevlex and
lex) and cyclic-5 (lex) are added to the groebner cases.
"""

import json
import random

import sympy
from sympy import Poly, QQ, Rational, groebner, reduced, symbols
from sympy.polys.orderings import ProductOrder, grevlex, lex

RNG = random.Random(20261203)
NAMES = ["x", "y", "z"]


def s(c):
    c = Rational(c)
    return str(c.p) if c.q == 1 else f"{c.p}/{c.q}"


def order_of(name, k):
    if name == "lex":
        return "lex"
    if name == "grevlex":
        return "grevlex"
    return ProductOrder((grevlex, lambda m, k=k: m[:k]), (grevlex, lambda m, k=k: m[k:]))


def terms(p, order):
    """p's terms as [coefficient, exponents], descending in order."""
    if p.is_zero:
        return []
    return [[s(c), list(m)] for m, c in p.terms(order=order)]


def rand_poly(X, nterms, maxdeg):
    n = len(X)
    e = 0
    for _ in range(nterms):
        exps = []
        left = maxdeg
        for _ in range(n):
            a = RNG.randint(0, left)
            exps.append(a)
            left -= a
        RNG.shuffle(exps)
        c = RNG.randint(-9, 9)
        if RNG.random() < 0.2:
            c = Rational(RNG.randint(-9, 9), RNG.randint(1, 5))
        m = 1
        for x, a in zip(X, exps):
            m *= x ** a
        e += c * m
    return Poly(e, *X, domain=QQ)


def rand_ring():
    n = RNG.randint(1, 3)
    X = symbols(NAMES[:n])
    choice = RNG.choice(["lex", "grevlex", "elimination"] if n > 1 else ["lex", "grevlex"])
    k = RNG.randint(1, n - 1) if choice == "elimination" else 0
    return X, choice, k


def ring_fields(X, name, k):
    d = {"variables": [str(x) for x in X], "order": name}
    if k:
        d["eliminate"] = k
    return d


def basis_of(F, X, name, k):
    O = order_of(name, k)
    if all(f.is_zero for f in F):
        return [], O
    G = groebner([f.as_expr() for f in F], *X, order=O, domain=QQ)
    return [monic(Poly(g, *X, domain=QQ), O) for g in G.exprs], O


def monic(p, order):
    """p divided by its leading coefficient in order (Poly.monic uses lex)."""
    return p.quo_ground(p.LC(order=order))


def arithmetic_cases(count):
    out = []
    ops = ["add", "subtract", "multiply", "power"]
    for i in range(count):
        X, name, k = rand_ring()
        O = order_of(name, k)
        op = ops[i % 4]
        f = rand_poly(X, RNG.randint(1, 4), 3)
        case = ring_fields(X, name, k)
        case.update({"op": op, "left": terms(f, O)})
        if op == "power":
            e = RNG.randint(0, 4)
            f = rand_poly(X, RNG.randint(1, 3), 2)
            case["left"] = terms(f, O)
            case["exponent"] = e
            r = f ** e
        else:
            g = rand_poly(X, RNG.randint(0, 4), 3) if RNG.random() < 0.9 else f
            case["right"] = terms(g, O)
            r = {"add": f + g, "subtract": f - g, "multiply": f * g}[op]
        case["result"] = terms(r, O)
        out.append(case)
    return out


def ideal(X):
    n = len(X)
    k = RNG.randint(1, 3)
    maxdeg = 3 if n <= 2 else 2
    return [rand_poly(X, RNG.randint(1, 3), RNG.randint(1, maxdeg)) for _ in range(k)]


def groebner_cases(count):
    out = []
    for _ in range(count):
        X, name, k = rand_ring()
        F = ideal(X)
        G, O = basis_of(F, X, name, k)
        case = ring_fields(X, name, k)
        case.update({"generators": [terms(f, O) for f in F], "basis": [terms(g, O) for g in G]})
        out.append(case)
    return out


def cyclic(n):
    X = symbols(" ".join(f"x{i}" for i in range(1, n + 1)))
    F = [sum(sympy.Mul(*[X[(i + j) % n] for j in range(k)]) for i in range(n)) for k in range(1, n)]
    F.append(sympy.Mul(*X) - 1)
    return [Poly(f, *X, domain=QQ) for f in F], X


def katsura(n):
    U = symbols(" ".join(f"u{i}" for i in range(n + 1)))
    u = lambda l: U[abs(l)] if abs(l) <= n else 0
    F = [sum(u(l) * u(m - l) for l in range(-n, n + 1)) - U[m] for m in range(n)]
    F.append(U[0] + 2 * sum(U[1:]) - 1)
    return [Poly(f, *U, domain=QQ) for f in F], U


def classical_cases():
    out = []
    for label, (F, X), names in [("cyclic-4", cyclic(4), ["grevlex", "lex"]), ("katsura-3", katsura(3), ["grevlex", "lex"]),
                                 ("katsura-4", katsura(4), ["grevlex", "lex"]), ("cyclic-5", cyclic(5), ["lex"])]:
        for name in names:
            G, O = basis_of(F, X, name, 0)
            case = ring_fields(X, name, 0)
            case.update({"name": label, "generators": [terms(f, O) for f in F], "basis": [terms(g, O) for g in G]})
            out.append(case)
    return out


def membership_cases(count):
    out = []
    for i in range(count):
        X, name, k = rand_ring()
        F = ideal(X)
        G, O = basis_of(F, X, name, k)
        if i % 2 == 0:
            f = rand_poly(X, RNG.randint(1, 3), 2)
        else:
            f = Poly(0, *X, domain=QQ)
            for g in F:
                f += rand_poly(X, RNG.randint(1, 2), 1) * g
        if G:
            _, r = reduced(f.as_expr(), [g.as_expr() for g in G], *X, order=O, domain=QQ)
            r = Poly(r, *X, domain=QQ)
        else:
            r = f
        case = ring_fields(X, name, k)
        case.update({"generators": [terms(g, O) for g in F], "polynomial": terms(f, O),
                     "normal_form": terms(r, O), "member": r.is_zero})
        out.append(case)
    return out


def main():
    doc = {
        "sympy": sympy.__version__,
        "arithmetic": arithmetic_cases(80),
        "groebner": groebner_cases(90) + classical_cases(),
        "membership": membership_cases(80),
    }
    print(json.dumps(doc, indent=None, separators=(",", ":")))


if __name__ == "__main__":
    main()
