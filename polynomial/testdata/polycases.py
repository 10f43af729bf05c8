"""Helpers shared by the polynomial reference generators: exact
products of coefficient lists (constant term first), the rational
string form the operations read, the same coefficients as a GP
polynomial, and Chebyshev polynomials."""

from fractions import Fraction


def mul(a, b):
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def s(x):
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def chebyshev(n):
    prev, cur = [Fraction(1)], [Fraction(0), Fraction(1)]
    for _ in range(1, n):
        nxt = [Fraction(0)] * (len(cur) + 1)
        for i, c in enumerate(cur):
            nxt[i + 1] += 2 * c
        for i, c in enumerate(prev):
            nxt[i] -= c
        prev, cur = cur, nxt
    return cur


def gp_poly(c):
    return "Polrev([" + ",".join(s(x) for x in c) + "])"
