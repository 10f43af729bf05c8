\\ Balanced semiprimes for the SIQS reference test (siqs_test.go):
\\   cd core/factor/testdata && gp -q siqs.gp </dev/null
\\ 60 products p·q of two random primes of d/2 and d − d/2 digits, d from
\\ 24 to 46; the line is n and PARI/GP's factor(n) as prime,exponent pairs.
\\ The seed is fixed, so PARI/GP 2.15 reproduces siqs.txt exactly.
setrand(20261203);
rp(d) = nextprime(10^(d - 1) + random(9 * 10^(d - 1)));
{
  my(fh = fileopen("siqs.txt", "w"));
  for (i = 0, 59,
    my(d = 24 + (i * 7) % 23, n = rp(d \ 2) * rp(d - d \ 2), f = factor(n), s = Str(n));
    for (j = 1, #f~, s = Str(s, " ", f[j, 1], ",", f[j, 2]));
    filewrite(fh, s));
  fileclose(fh);
}
