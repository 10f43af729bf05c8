\\ The matrix domain's GP functions of the peer benchmark, appended to
\\ peers.gp.

\\ peers_lines, extended to matrices (rows, columns, then the entries row
\\ by row), vectors (the entries) and closures (their value's lines: an
\\ answer whose lines cost real work computes them after the clock); the
\\ other answers as before.
peers_lines_before_matrix = peers_lines;
peers_lines(v) =
{
  if (type(v) == "t_CLOSURE", return (peers_lines(v())));
  if (type(v) == "t_MAT",
    return (concat([#v~, #v], concat(vector(#v~, i, v[i,])))));
  if (type(v) == "t_VEC" || type(v) == "t_COL", return (Vec(v)));
  peers_lines_before_matrix(v);
}

\\ peers_matrix_flip(m): the transpose of m with the order of its rows and
\\ columns reversed. It carries a row-style Hermite form (FLINT's and
\\ Jacobian's: echelon from the top left) to mathnf's column-style one
\\ (upper triangular, pivots from the bottom right) and back.
peers_matrix_flip(m) =
{
  my(r = #m~, c = #m);
  matrix(c, r, i, j, m[r + 1 - j, c + 1 - i]);
}

\\ peers_matrix_rref(m): the reduced row echelon form of m over Q (GP has
\\ no built-in one): with x, y the rows and columns of a maximal invertible
\\ minor, y the leftmost pivots, the nonzero rows are m[x,y]^-1 · m[x,],
\\ followed by zero rows.
peers_matrix_rref(m) =
{
  my(xy = matindexrank(m), x = Vec(xy[1]), r = #x, rows, e);
  if (r == 0, return (m * 0));
  rows = vecextract(m, x, [1..#m]);
  e = matsolve(vecextract(m, x, Vec(xy[2])), rows);
  if (r == #m~, e, concat(e, matrix(#m~ - r, #m)));
}

\\ peers_matrix_lll(b): the answer of an LLL-reduced basis b (columns),
\\ deferred past the clock: reduced bases are not unique, so the peers
\\ compare the lattice invariants rank and |det b| (b square) and the
\\ verdict of each system's own exact test that b is (0.99, 0.51)-reduced.
\\ Here the test reads the Gram–Schmidt data from the Gauss reduction of
\\ the Gram matrix: qfgaussred's diagonal is ‖b*_i‖² and its upper
\\ triangle μ_ji.
peers_matrix_lll(b) = () -> peers_matrix_lll_lines(b);
peers_matrix_lll_lines(b) =
{
  my(n = #b, q = qfgaussred(b~ * b), ok = 1);
  for (j = 2, n, for (i = 1, j - 1, if (abs(q[i, j]) > 51/100, ok = 0)));
  for (k = 2, n,
    if (99/100 * q[k-1, k-1] > q[k, k] + q[k-1, k]^2 * q[k-1, k-1], ok = 0));
  [n, abs(matdet(b)), ok];
}
