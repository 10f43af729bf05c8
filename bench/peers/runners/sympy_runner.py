# The SymPy side of the peer benchmark (bench/peers).
#
# Usage: python3 sympy_runner.py ROUTINE MIN_SECONDS OUT INPUT...
#        python3 sympy_runner.py version
#
# The driver runs this file once per case and round. It reads the input
# files (decimal integers, one a line, in the kinds of inputs.go), converts
# them to SymPy objects before the clock starts, calls the routine until
# MIN_SECONDS of wall time have passed (at least once), prints
# "time_ns T iterations N" and writes the last answer's lines to OUT, in
# the canonical form the driver compares line for line with the other
# systems' answers.

import sys
import time
from fractions import Fraction


def read_ints(path):
    with open(path) as f:
        return [int(line) for line in f if line.strip()]


def read_input(path, kind):
    """An input file as kind "int", "poly" or "system" (see inputs.go)."""
    v = read_ints(path)
    if kind == "int":
        if len(v) != 1:
            raise ValueError(path + ": want exactly one integer")
        return v[0]
    if kind == "poly":
        return v
    if kind == "system":
        # variables n, polynomials k, then per polynomial its number of
        # terms t and t times (coefficient, n exponents).
        n, k, at = v[0], v[1], 2
        polys = []
        for _ in range(k):
            t = v[at]
            at += 1
            terms = []
            for _ in range(t):
                terms.append((v[at], tuple(v[at + 1 : at + 1 + n])))
                at += 1 + n
            polys.append(terms)
        if at != len(v):
            raise ValueError(path + ": trailing lines after the system")
        return n, polys
    raise ValueError("unknown input kind " + kind)


# Routines: each has a setup (untimed: building SymPy objects from the
# inputs), the timed call and the conversion of its result to answer lines.


def groebner_routine(order):
    """The reduced Gröbner basis over Q in order, by SymPy's f5b.

    Answer lines: the number of basis elements; per element, greatest
    leading monomial first, its number of terms and, per term in
    descending order, the coefficient (an integer or p/q) and the
    exponents. Every element is monic, as in Jacobian's canonical form.
    """
    from sympy import Poly, QQ, groebner, symbols
    from sympy.polys.orderings import monomial_key

    def setup(paths):
        n, polys = read_input(paths[0], "system")
        xs = symbols("x1:%d" % (n + 1))
        F = [Poly.from_dict({m: c for c, m in terms}, *xs, domain=QQ) for terms in polys]
        return F, xs

    def call(arg):
        F, xs = arg
        return groebner(F, *xs, order=order, method="f5b"), xs

    def lines(result):
        G, xs = result
        key = monomial_key(order)
        polys = []
        for g in G.exprs:
            p = Poly(g, *xs, domain=QQ)
            # Poly.monic divides by the leading coefficient in lex.
            polys.append(p.exquo_ground(p.LC(order=order)))
        polys.sort(key=lambda p: key(p.LM(order=order).exponents), reverse=True)
        out = [len(polys)]
        for p in polys:
            terms = p.terms(order=order)
            out.append(len(terms))
            for m, c in terms:
                c = Fraction(int(c.numerator), int(c.denominator))
                out.append(str(c.numerator) if c.denominator == 1 else "%d/%d" % (c.numerator, c.denominator))
                out.extend(m)
        return out

    return setup, call, lines


def factor_routine():
    """The factorization over Z of a primitive f with positive leading
    coefficient, in factorLines' form (cases_polynomial.go)."""
    from sympy import Poly, ZZ, symbols

    x = symbols("x")

    def setup(paths):
        c = read_input(paths[0], "poly")
        return Poly(list(reversed(c)), x, domain=ZZ)

    def call(f):
        return f.factor_list()

    def lines(result):
        _, factors = result
        fs = []
        for g, m in factors:
            c = [int(a) for a in reversed(g.all_coeffs())]
            if c[-1] < 0:
                c = [-a for a in c]
            fs.append((c, m))
        fs.sort(key=lambda fm: (len(fm[0]), list(reversed(fm[0]))))
        out = [len(fs)]
        for c, m in fs:
            out += [m, len(c) - 1] + c
        return out

    return setup, call, lines


def real_roots_routine():
    """The number of distinct real roots, isolated by SymPy's intervals
    (Vincent–Akritas–Strzeboński continued fractions)."""
    from sympy import Poly, ZZ, symbols

    x = symbols("x")

    def setup(paths):
        c = read_input(paths[0], "poly")
        return Poly(list(reversed(c)), x, domain=ZZ)

    def call(f):
        return f.intervals()

    def lines(result):
        return [len(result)]

    return setup, call, lines


ROUTINES = {
    "groebner_grevlex": lambda: groebner_routine("grevlex"),
    "groebner_lex": lambda: groebner_routine("lex"),
    "factor": factor_routine,
    "real_roots": real_roots_routine,
}


def main(argv):
    if len(argv) == 2 and argv[1] == "version":
        import sympy

        print(sympy.__version__)
        return 0
    if len(argv) < 4:
        print("usage: sympy_runner.py ROUTINE MIN_SECONDS OUT INPUT...", file=sys.stderr)
        return 2
    routine, min_seconds, out, paths = argv[1], float(argv[2]), argv[3], argv[4:]
    if routine not in ROUTINES:
        print("unknown routine " + routine, file=sys.stderr)
        return 2
    setup, call, lines = ROUTINES[routine]()
    arg = setup(paths)
    calls = 0
    start = time.perf_counter_ns()
    while True:
        result = call(arg)
        calls += 1
        elapsed = time.perf_counter_ns() - start
        if elapsed >= min_seconds * 1e9:
            break
    print("time_ns %d iterations %d" % (elapsed // calls, calls))
    with open(out, "w") as f:
        f.write("\n".join(str(x) for x in lines(result)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
