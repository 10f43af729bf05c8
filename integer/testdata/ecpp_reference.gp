\\ Reference data for ECPP (integer/ecpp_test.go): regenerate with
\\   cd integer/testdata && gp -q -f ecpp_reference.gp </dev/null
\\ (PARI/GP 2.15 made the committed ecpp.txt; the seed is fixed).
\\ 60 primes of 82 to 400 bits, above deterministic Miller-Rabin, and 15
\\ composites: products of two primes and of a prime with a strong
\\ pseudoprime-like shape (k*p + 1)(2k*p + 1). The line is n and
\\ isprime(n, 3), PARI's ECPP proof (1 prime, 0 composite).
default(parisizemax, 2*10^9);
setrand(20261203);
system("rm -f ecpp.txt");
{for (i = 1, 60,
  my(b = 82 + random(319), n = randomprime([2^(b - 1), 2^b]));
  write("ecpp.txt", n, " ", isprime(n, 3)))};
{for (i = 1, 10,
  my(n = randomprime([2^45, 2^150]) * randomprime([2^45, 2^150]));
  write("ecpp.txt", n, " ", isprime(n, 3)))};
{my(c = 0); forstep (k = 1, oo, 1,
  my(p = 6 * k + 1, q = 12 * k + 1, r = 18 * k + 1);
  if (k > 2*10^7 && isprime(p) && isprime(q) && isprime(r),
    write("ecpp.txt", p * q * r, " ", isprime(p * q * r, 3)); c++; if (c == 5, break)))};
