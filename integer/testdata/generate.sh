#!/bin/sh
# Regenerates the PARI/GP reference data in this directory:
#   cd integer/testdata && sh generate.sh
# The seed is fixed in pari_reference.gp, so the output is reproducible
# with the same PARI/GP version (2.15.2 made the committed files).
set -e
cd "$(dirname "$0")"
rm -f gcd.txt lcm.txt gcdext.txt modinv.txt modpow.txt factor.txt isprime.txt ecm.txt crt.txt kronecker.txt root.txt modsqrt.txt divisors.txt arith.txt order.txt primroot.txt dlog.txt certificate.txt nextprime.txt perfectpower.txt factorial.txt \
  primecount.txt nthprime.txt binomial.txt multinomial.txt fibonacci.txt partitions.txt bernoulli.txt partitions_large.txt bernoulli_large.txt contfrac.txt sqrtcf.txt ratrecon.txt
gp -q -f pari_reference.gp </dev/null
