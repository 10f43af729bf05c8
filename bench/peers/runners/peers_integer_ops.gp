\\ The PARI/GP side of the integer domain's number-theoretic rows
\\ (cases_integer_ops.go).

\\ peers_ispower(n): the base and the largest exponent k with n = base^k,
\\ as the lines base, k (n and 1 when n is not a perfect power).
peers_ispower(n) =
{
  my(b, k = ispower(n, , &b));
  if (!k, b = n; k = 1);
  b + k * 'x;
}

\\ peers_sqrtmod(a, p): the two square roots of a non-zero square a modulo
\\ the odd prime p, ascending.
peers_sqrtmod(a, p) =
{
  my(r = lift(sqrt(Mod(a, p))));
  Polrev(vecsort([r, p - r]));
}

\\ peers_arith(n): μ(n), σ(n), τ(n), φ(n) and Carmichael's λ(n), one a
\\ line (μ first, so that a zero μ is not a dropped leading coefficient),
\\ from one factorization. λ is the lcm of λ(p^e): φ(p^e), except
\\ 2^(e−2) for p = 2 and e ≥ 3.
peers_arith(n) =
{
  my(f = factor(n), lambda);
  lambda = lcm(vector(#f~, i, my(p = f[i, 1], e = f[i, 2]);
    if (p == 2 && e >= 3, 2^(e - 2), (p - 1) * p^(e - 1))));
  Polrev([moebius(f), sigma(f), numdiv(f), eulerphi(f), lambda]);
}

\\ peers_multinomial(k): (k_1 + … + k_m)! / (k_1!…k_m!) as the product of
\\ the binomials C(k_1 + … + k_i, k_i).
peers_multinomial(k) =
{
  my(s = 0, r = 1);
  for (i = 1, #k, s += k[i]; r *= binomial(s, k[i]));
  r;
}

\\ peers_pell(n): x, y of the fundamental unit x + y√n of Z[√n], the least
\\ solution of x² − n·y² = ±1, rendered in decimal.
peers_pell(n) =
{
  my(u = quadunit(4 * n), x = abs(real(u)), y = abs(imag(u)));
  Str(x); Str(y);
  x + y * 'x;
}
