\\ The finitefield domain's GP functions of the peer benchmark, appended to
\\ peers.gp. peers_ff_factor_lines(fa) writes a factorization matrix
\\ (factormod) as its factors in the canonical order of
\\ finite_field.polynomial.factorization (ascending degree, then ascending
\\ coefficients from the leading one down), each as its degree, its
\\ multiplicity and its coefficients constant term first, all as the
\\ coefficients of one polynomial, which peers_lines prints (its leading
\\ coefficient is the last factor's, 1, so none is lost). The sort is
\\ inside the clock, a negligible part of the factorization.

peers_ff_factor_key(f) = [poldegree(f), Vec(f)];

peers_ff_factor_lines(fa) =
{
  my(n = matsize(fa)[1], rows, out = List());
  rows = vector(n, i, [lift(fa[i, 1]), fa[i, 2]]);
  rows = vecsort(rows, (a, b) -> lex(peers_ff_factor_key(a[1]), peers_ff_factor_key(b[1])));
  for (i = 1, n,
    my(f = rows[i][1]);
    listput(out, poldegree(f));
    listput(out, rows[i][2]);
    my(c = Vecrev(f));
    for (j = 1, #c, listput(out, c[j])));
  Polrev(Vec(out));
}
