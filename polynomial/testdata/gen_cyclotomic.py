#!/usr/bin/env python3
"""Generate PARI/GP reference values for polynomial.cyclotomic.

Run from this directory:  python3 gen_cyclotomic.py > cyclotomic.json

For n = 1 … 50 and a few orders whose Φ_n has large coefficients (105,
385, 1001, 3003, 5005, 6545, 8415), PARI/GP 2.15.2, run as
`gp -q -D colors=no`, gives Vecrev(polcyclo(n)): the coefficients,
constant term first.
"""

import json
import subprocess

ORDERS = list(range(1, 51)) + [105, 385, 1001, 3003, 5005, 6545, 8415]


def main():
    lines = [f"print(Vecrev(polcyclo({n})))" for n in ORDERS]
    out = subprocess.run(["gp", "-q", "-D", "colors=no"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.strip().split("\n")
    version = subprocess.run(["gp", "--version-short"], capture_output=True, text=True).stdout.strip()
    cases = []
    for n, v in zip(ORDERS, out):
        cases.append({"n": n, "coefficients": [c.strip() for c in v.strip()[1:-1].split(",")]})
    print(json.dumps({"pari_gp": version, "cases": cases}))


if __name__ == "__main__":
    main()
