\\ Reference values for the integer domain's tests, computed by PARI/GP 2.15.
\\ Run through generate.sh, which clears the old files first (write appends).
\\ Every file holds one case per line, fields separated by single spaces.
setrand(20261202);

\\ A random integer of up to maxdigits digits, negative a third of the time,
\\ zero now and then.
rnd(maxdigits) =
{
  my(x = random(10^(1 + random(maxdigits))));
  if (random(12) == 0, x = 0);
  if (random(3) == 0, -x, x)
};

\\ Pairs sharing a random factor so gcds are nontrivial.
pair(maxdigits) =
{
  my(g = 1 + random(10^(1 + random(20))));
  [g * rnd(maxdigits), g * rnd(maxdigits)]
};

for (i = 1, 60, my(p = pair(120)); write("gcd.txt", p[1], " ", p[2], " ", gcd(p[1], p[2])));
for (i = 1, 60, my(p = pair(120)); write("lcm.txt", p[1], " ", p[2], " ", lcm(p[1], p[2])));
\\ gcdext(a, b) = [u, v, d] with a*u + b*v = d.
for (i = 1, 60, my(p = pair(120), r = gcdext(p[1], p[2])); write("gcdext.txt", p[1], " ", p[2], " ", r[1], " ", r[2], " ", r[3]));
\\ Small operands too, where the degenerate cases live.
for (i = 1, 40, my(a = random(21) - 10, b = random(21) - 10, r = gcdext(a, b)); write("gcdext.txt", a, " ", b, " ", r[1], " ", r[2], " ", r[3]));

\\ Units only: a non-unit makes Mod(a, m)^-1 an error in gp.
{for (i = 1, 60,
  my(m = 1 + random(10^(1 + random(100))), a = rnd(120));
  while (gcd(a, m) != 1, a++);
  write("modinv.txt", a, " ", m, " ", lift(Mod(a, m)^-1)))};

\\ Exponents of either sign; a negative one needs a unit base.
{for (i = 1, 60,
  my(m = 1 + random(10^(1 + random(100))), b = rnd(120), e = random(10^(1 + random(60))));
  if (random(3) == 0, while (gcd(b, m) != 1, b++); e = -e);
  write("modpow.txt", b, " ", e, " ", m, " ", lift(Mod(b, m)^e)))};

\\ Products of small primes, prime powers and one large prime, so rho
\\ finishes quickly; the line is n then prime,exponent pairs.
{for (i = 1, 60,
  my(n = 1, f, s);
  for (k = 1, 1 + random(5), n *= nextprime(random(10^(1 + random(9))))^(1 + random(3)));
  if (random(2), n *= nextprime(random(10^(1 + random(40)))));
  if (random(4) == 0, n = -n);
  f = factor(n); s = Str(n);
  for (j = 1, #f~, if (f[j, 1] != -1, s = Str(s, " ", f[j, 1], ",", f[j, 2])));
  write("factor.txt", s))};

\\ Primes, composites, semiprimes and random odd numbers of up to 60
\\ digits; isprime is a proof in PARI (APRCL / ECPP above 2^64).
{for (i = 1, 80,
  my(n, d = 1 + random(60), kind = random(4));
  if (kind == 0, n = nextprime(random(10^d)));
  if (kind == 1, n = nextprime(random(10^(d\2 + 1))) * nextprime(random(10^(d\2 + 1))));
  if (kind == 2, n = 2 * random(10^d) + 1);
  if (kind == 3, n = random(10^d) - 5);
  write("isprime.txt", n, " ", isprime(n)))};

\\ ECM's range: a product of one to three primes of 11 to 18 digits and a
\\ prime of 20 to 30 digits, then five balanced 40-digit semiprimes (two
\\ 20-digit primes); rho alone reaches none of these within its budget.
\\ Same line format as factor.txt.
default(parisizemax, 10^9);
{for (i = 1, 55,
  my(n = 1, f, s);
  if (i <= 50,
    for (k = 1, 1 + random(3), n *= nextprime(10^(10 + random(8)) + random(10^10)));
    n *= nextprime(10^(19 + random(11)) + random(10^18)),
    n = nextprime(10^19 + random(9 * 10^19)) * nextprime(10^19 + random(9 * 10^19)));
  f = factor(n); s = Str(n);
  for (j = 1, #f~, s = Str(s, " ", f[j, 1], ",", f[j, 2]));
  write("ecm.txt", s))};

\\ Systems of two to six congruences whose moduli share small factors; about
\\ half are built from a common solution. The line is the residue,modulus
\\ pairs, then the solution residue,modulus or "incompatible" where
\\ chinese() raises its incompatibility error.
{for (i = 1, 80,
  my(k = 2 + random(5), x = random(10^(1 + random(40))), v = vector(k), s = "", r);
  for (j = 1, k,
    my(m = (1 + random(10^(1 + random(15)))) * (1 + random(12)), a = x % m);
    if (random(2), a += random(3));
    if (random(3) == 0, a -= m * random(5));
    v[j] = [a, m]);
  for (j = 1, k, s = Str(s, if (j > 1, " ", ""), v[j][1], ",", v[j][2]));
  r = iferr(chinese(vector(k, j, Mod(v[j][1], v[j][2]))), E, 0);
  write("crt.txt", s, " ", if (r === 0, "incompatible", Str(lift(r), ",", r.mod))))};

\\ Kronecker symbols: a and n of up to 60 digits, either sign, n even or
\\ odd, some sharing a factor; the line is a n kronecker(a, n).
{for (i = 1, 80,
  my(a = rnd(60), n = rnd(60));
  if (random(4) == 0, my(g = 1 + random(1000)); a *= g; n *= g);
  write("kronecker.txt", a, " ", n, " ", kronecker(a, n)))};

\\ Integer k-th roots: n of up to 120 digits (perfect powers now and then,
\\ sometimes off by one), k from 1 to 40; sqrtnint wants n >= 0, so a
\\ negative n with odd k is recorded through -sqrtnint(-n, k) rounded
\\ down. The line is n k root exact.
{for (i = 1, 80,
  my(k = 1 + random(40), n = random(10^(1 + random(120))), r, e);
  if (random(3) == 0, n = random(10^(1 + random(30)))^k + random(3) - 1);
  if (n < 0, n = 0);
  if (k % 2 == 1 && random(2), n = -n);
  if (n >= 0, r = sqrtnint(n, k), r = -sqrtnint(-n, k); if (r^k != n, r -= 1));
  e = (r^k == n);
  write("root.txt", n, " ", k, " ", r, " ", e))};

\\ Square roots modulo n. Four shapes, twenty each: an odd prime of up to
\\ 60 digits (sqrt(Mod(a, p)) and its negative); a product of an odd prime
\\ of up to 13 digits and one of up to 41 (the four chinese() combinations,
\\ a prime to n); an odd prime power (the p-adic sqrt(a + O(p^k)), a a unit); and any n up to 3000, every shape of
\\ root included, by trying each residue. a is a square half the time. The
\\ line is a n then the roots ascending, or "none".
sq(a, n, r) = write("modsqrt.txt", a, " ", n, " ", if (#r, strjoin(apply(x -> Str(x), vecsort(r, , 8)), " "), "none"));
{for (i = 1, 80,
  my(kind = (i - 1) \ 20, a, n, r = []);
  if (kind == 0,
    n = nextprime(3 + random(10^(1 + random(60))));
    a = random(n); if (random(2), a = a^2 % n);
    if (kronecker(a, n) >= 0, my(s = lift(sqrt(Mod(a, n)))); r = [s, (n - s) % n]));
  if (kind == 1,
    my(p = nextprime(3 + random(10^(1 + random(12)))), q = nextprime(p + 1 + random(10^(1 + random(40)))));
    n = p * q; a = random(n); if (random(2), a = a^2 % n); if (gcd(a, n) != 1, a = 1);
    if ( kronecker(a, p) == 1 && kronecker(a, q) == 1,
      my(s = lift(sqrt(Mod(a, p))), t = lift(sqrt(Mod(a, q))));
      r = vector(4, j, lift(chinese(Mod(if (j % 2, s, -s), p), Mod(if (j > 2, t, -t), q))))));
  if (kind == 2,
    my(p = nextprime(3 + random(10^(1 + random(8)))), k = 2 + random(6));
    n = p^k; a = random(n); if (random(2), a = a^2 % n); if (gcd(a, p) != 1, a = 1);
    if (kronecker(a, p) == 1,
      my(s = truncate(sqrt(a + O(p^k))) % n); r = [s, (n - s) % n]));
  if (kind == 3,
    n = 1 + random(3000); a = random(n); if (random(2), a = a^2 % n);
    r = select(x -> (x^2 - a) % n == 0, vector(n, j, j - 1)));
  if (kind != 3 && random(4) == 0, a -= n * (1 + random(5)));
  sq(a, n, r))};

\\ Divisors and arithmetic functions of n >= 2: products of up to five prime
\\ powers below 10^6 and sometimes one prime below 10^30. divisors.txt: n
\\ then its divisors ascending (n with at most 200 divisors);
\\ arith.txt: n k sigma(n, k) numdiv eulerphi lambda moebius omega bigomega
\\ radical, with Carmichael's lambda as lcm(znstar(n).cyc).
rndsmooth() =
{
  my(n = 1);
  for (k = 1, 1 + random(5), n *= nextprime(2 + random(10^(1 + random(6))))^(1 + random(4)));
  if (random(3) == 0, n *= nextprime(random(10^(1 + random(30)))));
  max(n, 2)
};
{for (i = 1, 60,
  my(n = rndsmooth());
  while (numdiv(n) > 200, n = rndsmooth());
  write("divisors.txt", n, " ", strjoin(apply(x -> Str(x), divisors(n)), " ")))};
{for (i = 1, 60,
  my(n = rndsmooth(), k = random(5));
  write("arith.txt", n, " ", k, " ", sigma(n, k), " ", numdiv(n), " ", eulerphi(n), " ",
    lcm(znstar(n).cyc), " ", moebius(n), " ", omega(n), " ", bigomega(n), " ", factorback(factor(n)[, 1])))};

\\ The unit group. Moduli: primes, odd prime powers (times 2 now and then)
\\ and smooth numbers, up to about 10^30. order.txt: a n znorder;
\\ primroot.txt: n and the least primitive root with eulerphi(n), or
\\ "none" when znstar(n) is not cyclic; dlog.txt: b v n and the least
\\ logarithm from znlog (or "none" when it returns []), then znorder(b).
rndmod() =
{
  my(k = random(3), p);
  if (k == 0, return (nextprime(3 + random(10^(1 + random(30))))));
  if (k == 1, p = nextprime(3 + random(10^(1 + random(6)))); return (p^(1 + random(3)) * if (random(2), 2, 1)));
  rndsmooth()
};
rndunit(n) = my(a = random(n)); while (gcd(a, n) != 1, a++); a;
leastroot(n) = my(f = eulerphi(n)); for (g = 1, n, if (gcd(g, n) == 1 && znorder(Mod(g, n)) == f, return (g)));
{for (i = 1, 60,
  my(n = rndmod(), a = rndunit(n));
  if (random(4) == 0, a -= n);
  write("order.txt", a, " ", n, " ", znorder(Mod(a, n))))};
{for (i = 1, 60,
  my(n = if (i <= 40, rndmod(), 1 + random(2000)));
  write("primroot.txt", n, " ", if (#znstar(n).cyc > 1, "none", Str(if (n == 1, 0, leastroot(n)), " ", eulerphi(n)))))};
{for (i = 1, 60,
  my(n = rndmod(), b = rndunit(n), v, l);
  v = if (random(3), lift(Mod(b, n)^random(10^12)), rndunit(n));
  l = znlog(v, Mod(b, n));
  write("dlog.txt", b, " ", v, " ", n, " ", if (l === [], "none", l), " ", znorder(Mod(b, n))))};

\\ Primes for the certificate checker: 50 random primes of 85 to 200 bits
\\ (above deterministic Miller-Rabin, so a certificate is needed) and 10
\\ products of two such primes. The line is n isprime(n).
{for (i = 1, 60,
  my(n = if (i <= 50, randomprime([2^85, 2^(86 + random(115))]), randomprime([2^45, 2^100]) * randomprime([2^45, 2^100])));
  write("certificate.txt", n, " ", isprime(n)))};

\\ Next and previous primes of n up to 10^(1 + random(60)) (PARI proves
\\ them: nextprime and precprime return primes). The line is n
\\ nextprime(n + 1) precprime(n - 1), the last "none" when n <= 2.
{for (i = 1, 60,
  my(n = random(10^(1 + random(60))) - if (i <= 3, 5, 0));
  write("nextprime.txt", n, " ", nextprime(n + 1), " ", if (n <= 2, "none", precprime(n - 1))))};

\\ Perfect powers: b^k for random b and k (negated for odd k now and then),
\\ plus neighbours that are usually no power. The line is n and
\\ ispower(n)'s largest k with the base r it sets, or "1 n" when n is no
\\ perfect power.
{for (i = 1, 60,
  my(k = 1 + random(24), n = (2 + random(10^(1 + random(12))))^k, e, r);
  if (random(4) == 0, n += 1);
  if (k % 2 == 1 && random(3) == 0, n = -n);
  e = ispower(n, , &r);
  write("perfectpower.txt", n, " ", if (e, Str(e, " ", r), Str(1, " ", n))))};

\\ Factorials n! for n up to 25000, recorded compactly: n, the number of
\\ decimal digits of n!, and n! modulo the prime 10^30 + 57.
{for (i = 1, 60,
  my(n = if (i <= 5, i - 1, random(25001)), f = n!);
  write("factorial.txt", n, " ", #Str(f), " ", f % (10^30 + 57)))};

\\ The counting, combinatorial and continued-fraction operations, with a
\\ seed of their own so that this part can be regenerated alone.
setrand(20261203);

\\ pi(x) for x of every size up to 10^10 (primepi sieves, so larger x are
\\ slow in gp), then the known powers of ten.
{for (i = 1, 60,
  my(x = if (i <= 4, i - 2, random(10^(1 + random(10)))));
  write("primecount.txt", x, " ", primepi(x)))};

\\ The n-th prime for n up to 10^8.
{for (i = 1, 60,
  my(n = if (i <= 3, i, 1 + random(10^(1 + random(8)))));
  write("nthprime.txt", n, " ", prime(n)))};

\\ Binomials C(n, k) for n up to 300000 and k across [-1, n + 1]; large
\\ values recorded as their digit count and their residue modulo the prime
\\ 10^30 + 57 (the value itself when it is smaller).
{for (i = 1, 60,
  my(n = random(10^(1 + random(5))), k, c);
  if (i > 50, n = 200000 + random(100001));
  k = random(n + 3) - 1;
  c = binomial(n, k);
  write("binomial.txt", n, " ", k, " ", #Str(c), " ", c % (10^30 + 57)))};

\\ Multinomials (sum k)!/prod(k!) from factorials: the line is the digit
\\ count, the residue modulo 10^30 + 57, then the parts.
{for (i = 1, 60,
  my(m = random(7), v = vector(m, j, random(1 + 10^(1 + random(3)))), c);
  c = vecsum(v)! / prod(j = 1, m, v[j]!);
  write("multinomial.txt", #Str(c), " ", c % (10^30 + 57), " ", strjoin(apply(c -> Str(c), v), " ")))};

\\ F_n and L_n = F_(n-1) + F_(n+1) for |n| up to 450000, with digit counts
\\ and residues modulo 10^30 + 57 (of the signed value).
{for (i = 1, 60,
  my(n = random(10^(1 + random(5))) * if (random(4) == 0, -1, 1), f, l);
  if (i > 55, n = 400000 + random(50001));
  f = fibonacci(n); l = fibonacci(n - 1) + fibonacci(n + 1);
  write("fibonacci.txt", n, " ", #Str(abs(f)), " ", f % (10^30 + 57), " ", #Str(abs(l)), " ", l % (10^30 + 57)))};

\\ Partition numbers p(n) for n up to 20000, whole.
{for (i = 1, 60,
  my(n = if (i <= 3, i - 1, random(10^(1 + random(4)))));
  if (n > 20000, n = 20000);
  write("partitions.txt", n, " ", numbpart(n)))};

\\ Bernoulli numbers as fractions for n up to 2000.
{for (i = 1, 60,
  my(n = if (i <= 4, i - 1, random(10^(1 + random(3))) ));
  if (n > 2000, n = 2000);
  write("bernoulli.txt", n, " ", bernfrac(n)))};

\\ Continued fractions of rationals of up to 60 digits; the line is the
\\ rational then its terms.
{for (i = 1, 60,
  my(q = 1 + random(10^(1 + random(60))), p = random(10^(1 + random(60))) * if (random(3) == 0, -1, 1), x = p / q);
  write("contfrac.txt", x, " ", strjoin(apply(c -> Str(c), contfrac(x)), " ")))};

\\ sqrt(n) for n up to 10^8: the first 30 terms of contfrac(sqrt(n)) at
\\ 1000 digits (far more than 30 terms need; the last term is that of the
\\ truncated real, so the tests compare the first 29), and quadunit(4n) = x + y*w
\\ (w = sqrt(n)), the fundamental solution of x^2 - n*y^2 = +-1, with its
\\ norm. Squares are skipped (no period).
\\ The line is n, x, y, norm, then the terms.
{default(realprecision, 1000);
for (i = 1, 60,
  my(n = 2 + random(10^(1 + random(8))), u, t);
  while (issquare(n), n++);
  u = quadunit(4 * n);
  t = contfrac(sqrt(n), 30);
  write("sqrtcf.txt", n, " ", real(u), " ", imag(u), " ", norm(u), " ", strjoin(apply(c -> Str(c), t), " ")));
default(realprecision, 38)};

\\ Rational reconstruction bestappr(Mod(a, m)): a is p/q mod m for small
\\ p, q half the time, random otherwise; "none" when gp returns [].
{for (i = 1, 60,
  my(m = 2 + random(10^(2 + random(40))), a, r);
  if (random(2), my(b = sqrtint(m \ 2), q = 1 + random(b + 1), p = random(2 * b + 1) - b);
    while (gcd(q, m) != 1, q++);
    a = lift(Mod(p, m) / Mod(q, m)),
    a = random(m));
  r = bestappr(Mod(a, m));
  write("ratrecon.txt", a, " ", m, " ", if (r == [], "none", r)))};

\\ Partition and Bernoulli numbers beyond the reach of the recurrences,
\\ as n, the number of decimal digits and the residue modulo 10^30 + 57
\\ (for Bernoulli numbers, of the numerator, then the denominator).
setrand(20261204);
{my(ns = concat([10^5, 10^6, 10^7, 10^8, 10^9], vector(20, i, 20001 + random(10^7))));
for (i = 1, #ns,
  my(n = ns[i], p = numbpart(n));
  write("partitions_large.txt", n, " ", #Str(p), " ", p % (10^30 + 57)))};
{my(ns = concat([3000, 10^4, 2 * 10^4, 3 * 10^4], vector(16, i, 2 * (1001 + random(14000)))));
for (i = 1, #ns,
  my(n = ns[i], b = bernfrac(n), a = numerator(b));
  write("bernoulli_large.txt", n, " ", #Str(abs(a)), " ", a % (10^30 + 57), " ", denominator(b)))};
