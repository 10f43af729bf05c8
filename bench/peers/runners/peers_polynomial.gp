\\ The polynomial domain's GP functions of the peer benchmark, appended to
\\ peers.gp at run time.

\\ peers_factor_lines(f): the factorization of f over Z as one polynomial
\\ whose coefficients (constant term first) are the answer lines of
\\ factorLines in cases_polynomial.go: the number of factors, then for each
\\ its multiplicity, degree and coefficients, the factors primitive with
\\ positive leading coefficient, sorted by degree, then by coefficients
\\ from the leading one down. The last line, a leading coefficient, is
\\ never 0, so Polrev keeps every line.
peers_factor_lines(f) =
{
  my(F = factor(f), n = #F~, g, keys, L);
  g = vector(n, i, my(h = F[i,1] / content(F[i,1])); if (pollead(h) < 0, -h, h));
  keys = vecsort(vector(n, i, [poldegree(g[i]), Vec(g[i]), F[i,2]]), (u, v) -> if (u[1] != v[1], u[1] - v[1], lex(u[2], v[2])));
  L = [n];
  for (i = 1, n, L = concat(L, concat([keys[i][3], keys[i][1]], Vecrev(keys[i][2]))));
  Polrev(L);
}

\\ peers_complex_roots_lines(f, d): the complex roots of f (polroots, each
\\ repeated by its multiplicity) as one polynomial whose coefficients are
\\ the answer lines of complexRootsLines in cases_polynomial.go: the number
\\ of roots, the real and imaginary parts scaled by 10^d and rounded,
\\ sorted by real part, then imaginary part, and the number of roots again.
peers_complex_roots_lines(f, d) =
{
  my(v = polroots(f), n = #v, P, L);
  P = vecsort(vector(n, i, [round(real(v[i]) * 10^d), round(imag(v[i]) * 10^d)]), lex);
  L = [n];
  for (i = 1, n, L = concat(L, P[i]));
  Polrev(concat(L, [n]));
}
