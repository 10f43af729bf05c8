#!/usr/bin/env python3
"""Reference values for the finite-field domain from PARI/GP.

Run from finitefield/testdata:  python3 gen_pari.py > pari_cases.json

Generated with PARI/GP 2.15.2 (gp -q). Python only draws the random inputs
(seeded, so the file is reproducible) and writes JSON; every expected value
is computed by gp:
  - fields GF(p^k), k > 1, use T = ffinit(p, k, 't) and g = ffgen(T, 't);
    an element with coordinates [c0, ..., c(k-1)] is sum c_i g^i, and
    results are read back with Vecrev(x.pol);
  - arithmetic: +, -, *, /, ^, ^-1 on Mod(., p) or on ffgen elements;
  - order: znorder(Mod(a, p)) for k = 1, fforder(a) for k > 1;
  - irreducibility: polisirreducible;
  - roots: factor() of the polynomial, keeping the linear factors and their
    exponents (multiplicities);
  - table and fibers: evaluation at every element in canonical order
    (integer encoding sum c_i p^i), and the preimages of each value.
"""

import json
import random
import subprocess
import sys

SEED = 20261202
rng = random.Random(SEED)

SMALL_PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 101, 257, 65537]
BIG_PRIMES = [2**31 - 1, 2**61 - 1, 1000000007, 998244353, 2**89 - 1, 2**127 - 1,
              340282366920938463463374607431768211297]  # nextprime(2^128)
# The wide word primes, without core/gfpoly's two bits of headroom:
# precprime(2^64), precprime(2^63), nextprime(2^62). Their cases are drawn
# after all the others, so that adding them left the earlier cases as
# they were.
WIDE_PRIMES = [2**64 - 59, 2**63 - 25, 4611686018427388039]


def gp(script, expect=None):
    res = subprocess.run(["gp", "-q", "-f", "--default", "colors=no"], input=script,
                         capture_output=True, text=True, check=True)
    lines = [line for line in res.stdout.splitlines() if line.strip()]
    if expect is not None and len(lines) != expect:
        sys.exit(f"gp printed {len(lines)} lines, expected {expect}:\n{res.stderr}")
    return lines


def field_gp(p, k):
    """gp prelude defining p, k, T, g and elt() for a field."""
    if k == 1:
        return f"p={p}; k=1;\nelt(v)=Mod(if(#v,v[1],0),{p});\nout(x)=lift(x);\n"
    # A user function's body runs to the end of its line, hence the newlines.
    return (f"p={p}; k={k}; T=ffinit({p},{k},'t); g=ffgen(T,'t);\n"
            "elt(v)=sum(i=1,#v,v[i]*g^(i-1))+0*g;\nout(x)=Vecrev(x.pol);\n")


def modulus(p, k):
    if k == 1:
        return None
    line = gp(f"print(Vecrev(lift(ffinit({p},{k},'t))))")[0]
    return json.loads(line)


def field_json(p, k, T):
    f = {"characteristic": str(p), "degree": k}
    if k > 1:
        f["modulus"] = {"coefficients": [str(c) for c in T]}
    return f


def rand_coords(p, k):
    v = [rng.randrange(p) for _ in range(k)]
    while v and v[-1] == 0:
        v.pop()
    return v


def elem_json(v, k):
    if k == 1:
        return str(v[0]) if v else "0"
    return [str(c) for c in v]


def gp_vec(v):
    return "[" + ",".join(str(c) for c in v) + "]"


def out_json(x, k):
    """gp output (int for k = 1, coordinate list otherwise) as an Element."""
    if k == 1:
        return str(x)
    while x and x[-1] == 0:
        x.pop()
    return [str(c) for c in x]


def random_field(max_q_bits):
    while True:
        if rng.random() < 0.5:
            p = rng.choice(SMALL_PRIMES)
        else:
            p = rng.choice(BIG_PRIMES)
        k = rng.choice([1, 1, 2, 3, 4])
        if (p ** k).bit_length() <= max_q_bits and k * p.bit_length() <= 1024:
            return p, k


MODULI = {}


def get_field(max_q_bits):
    p, k = random_field(max_q_bits)
    if (p, k) not in MODULI:
        MODULI[(p, k)] = modulus(p, k)
    return p, k, MODULI[(p, k)]


def arithmetic_cases(n):
    cases, script = [], []
    for _ in range(n):
        p, k, T = get_field(600)
        op = rng.choice(["add", "subtract", "multiply", "divide", "power", "inverse"])
        a, b = rand_coords(p, k), rand_coords(p, k)
        if op in ("divide",) and not b:
            b = [1]
        if op == "inverse" and not a:
            a = [1]
        e = rng.randrange(-2**70, 2**70)
        if op == "power" and not a:
            e = abs(e)
        expr = {"add": "A+B", "subtract": "A-B", "multiply": "A*B", "divide": "A/B",
                "power": f"A^({e})", "inverse": "A^-1"}[op]
        script.append(field_gp(p, k) + f"A=elt({gp_vec(a)}); B=elt({gp_vec(b)}); print(out({expr}));")
        req = {"field": field_json(p, k, T), "op": op, "left": elem_json(a, k)}
        if op in ("add", "subtract", "multiply", "divide"):
            req["right"] = elem_json(b, k)
        if op == "power":
            req["exponent"] = str(e)
        cases.append({"request": req, "k": k})
    for c, line in zip(cases, gp("\n".join(script), len(cases))):
        c["value"] = out_json(json.loads(line), c.pop("k"))
    return cases


def order_cases(n):
    cases, script = [], []
    for _ in range(n):
        p, k, T = get_field(80)
        a = rand_coords(p, k) or [1]
        if k == 1:
            script.append(f"print(znorder(Mod({a[0]},{p})));")
        else:
            script.append(field_gp(p, k) + f"print(fforder(elt({gp_vec(a)})));")
        cases.append({"request": {"field": field_json(p, k, T), "element": elem_json(a, k)}})
    for c, line in zip(cases, gp("\n".join(script), len(cases))):
        c["order"] = line.strip()
    return cases


def random_poly_gp(p, k, deg):
    """A gp expression for a random polynomial in y of exact degree deg, and
    its coefficient coordinates."""
    coeffs = [rand_coords(p, k) for _ in range(deg + 1)]
    while not coeffs[-1]:
        coeffs[-1] = rand_coords(p, k)
    expr = "+".join(f"elt({gp_vec(c)})*y^{i}" for i, c in enumerate(coeffs))
    return expr, coeffs


def poly_out_gp():
    # Coefficients of the polynomial P in y, constant first, as elements.
    return "print(Str(\"[\", strjoin(apply(c->Str(out(c+0*elt([]))), Vecrev(P)), \",\"), \"]\"));"


def wide_field(_max_q_bits):
    return rng.choice(WIDE_PRIMES), 1, None


def irreducibility_cases(n, field=get_field, max_deg=8):
    cases, script = [], []
    for i in range(n):
        p, k, T = field(200)
        deg = rng.randrange(1, max_deg + 1)
        if i % 4 == 1 and k == 1 and deg >= 2:
            # ffinit gives an irreducible polynomial, so acceptances occur.
            expr = f"subst(lift(ffinit({p},{deg},'z)),'z,y)*elt([1])"
        elif i % 2 == 0 and deg >= 2:
            # A product, so that reducible inputs with repeated factors occur.
            e1, _ = random_poly_gp(p, k, rng.randrange(1, deg))
            e2, _ = random_poly_gp(p, k, 1)
            expr = f"({e1})*({e2})" if rng.random() < 0.5 else f"({e1})^2"
        else:
            expr, _ = random_poly_gp(p, k, deg)
        script.append(field_gp(p, k) + f"P=({expr}); " + poly_out_gp() + " print(polisirreducible(P));")
        cases.append({"field": field_json(p, k, T), "k": k})
    lines = gp("\n".join(script), 2 * len(cases))
    for j, c in enumerate(cases):
        k = c.pop("k")
        coeffs = [out_json(x, k) for x in json.loads(lines[2 * j])]
        c["request"] = {"field": c.pop("field"), "polynomial": {"coefficients": coeffs}}
        c["irreducible"] = lines[2 * j + 1].strip() == "1"
    return cases


def roots_cases(n, field=get_field, max_linear=5):
    cases, script = [], []
    for _ in range(n):
        p, k, T = field(200)
        factors = []
        for _ in range(rng.randrange(0, max_linear + 1)):
            factors.append(f"(y-elt({gp_vec(rand_coords(p, k))}))^{rng.randrange(1, 4)}")
        for _ in range(rng.randrange(0, 3)):
            e, _ = random_poly_gp(p, k, rng.randrange(2, 4))
            factors.append(f"({e})")
        lead = rand_coords(p, k) or [1]
        expr = f"elt({gp_vec(lead)})*" + ("*".join(factors) if factors else "1")
        if not factors:
            expr += "*(y+elt([1]))"
        script.append(field_gp(p, k) + f"P=({expr}); " + poly_out_gp() +
                      " F=factor(P); R=[]; for(i=1,#F~,if(poldegree(F[i,1])==1,"
                      "R=concat(R,[[out(-polcoef(F[i,1],0)/polcoef(F[i,1],1)+0*elt([])),F[i,2]]])));"
                      " print(R);")
        cases.append({"field": field_json(p, k, T), "k": k, "p": p})
    lines = gp("\n".join(script), 2 * len(cases))
    for j, c in enumerate(cases):
        k, p = c.pop("k"), c.pop("p")
        coeffs = [out_json(x, k) for x in json.loads(lines[2 * j])]
        roots = []
        for v, m in json.loads(lines[2 * j + 1]):
            if k == 1:
                enc = v
            else:
                enc = sum(int(ci) * p ** i for i, ci in enumerate(v))
            roots.append((enc, out_json(v, k), m))
        roots.sort(key=lambda r: r[0])
        c["request"] = {"field": c.pop("field"), "polynomial": {"coefficients": coeffs}}
        c["roots"] = [{"value": v, "multiplicity": m} for _, v, m in roots]
    return cases


def table_cases(n):
    small = [(2, 1), (3, 1), (5, 1), (7, 1), (11, 1), (101, 1), (2, 2), (2, 3), (2, 4), (2, 7),
             (3, 2), (3, 3), (5, 2), (7, 2), (13, 2)]
    cases, script = [], []
    for _ in range(n):
        p, k = rng.choice(small)
        if (p, k) not in MODULI:
            MODULI[(p, k)] = modulus(p, k)
        T = MODULI[(p, k)]
        q = p ** k
        expr, _ = random_poly_gp(p, k, rng.randrange(0, 8))
        digits = "[" + ",".join(gp_vec([(e // p ** i) % p for i in range(k)]) for e in range(q)) + "]"
        script.append(field_gp(p, k) + f"P=({expr}); " + poly_out_gp() +
                      f" D={digits}; V=vector(#D,i,subst(P,y,elt(D[i]))+0*elt([]));"
                      " print(Str(\"[\", strjoin(apply(v->Str(out(v)), V), \",\"), \"]\"));")
        cases.append({"field": field_json(p, k, T), "k": k, "p": p, "q": q})
    lines = gp("\n".join(script), 2 * len(cases))
    for j, c in enumerate(cases):
        k, p, q = c.pop("k"), c.pop("p"), c.pop("q")
        coeffs = [out_json(x, k) for x in json.loads(lines[2 * j])]
        outs = [out_json(x, k) for x in json.loads(lines[2 * j + 1])]
        c["request"] = {"field": c.pop("field"), "polynomial": {"coefficients": coeffs}}
        c["outputs"] = outs
    return cases


def main():
    data = {
        "generator": "gen_pari.py",
        "seed": SEED,
        "pari_version": gp("v=version(); print(Str(v[1],\".\",v[2],\".\",v[3]))")[0],
        "arithmetic": arithmetic_cases(120),
        "order": order_cases(60),
        "irreducibility": irreducibility_cases(80),
        "roots": roots_cases(60),
        "table": table_cases(50),
    }
    data["irreducibility"] += irreducibility_cases(16, wide_field, 40)
    data["roots"] += roots_cases(12, wide_field, 30)
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
