\\ The PARI/GP side of the peer benchmark (bench/peers). The driver writes a
\\ short script per case and round that reads this file, reads the inputs
\\ with peers_read, and calls peers_bench on a closure of the timed call.

\\ peers_read(path, kind): an input file of decimal integers, one a line,
\\ as kind "int" (one integer), "poly" (coefficients, constant term first)
\\ or "matrix" (rows, columns, then the entries row by row).
peers_read(path, kind) =
{
  my(v = readvec(path));
  if (kind == "int",
    if (#v != 1, error(path, ": want exactly one integer"));
    return (v[1]));
  if (kind == "poly", return (Polrev(v, 'x)));
  if (kind == "matrix",
    my(r = v[1], c = v[2]);
    if (#v != 2 + r * c, error(path, ": entry count does not match rows x columns"));
    return (matrix(r, c, i, j, v[2 + (i - 1) * c + j])));
  error("unknown input kind ", kind);
}

\\ peers_lines(v): the canonical answer lines of v: an integer as itself, a
\\ polynomial as its coefficients constant term first (zero as 0), residues
\\ mod p lifted to [0, p).
peers_lines(v) =
{
  v = lift(v);
  if (type(v) == "t_INT", return ([v]));
  if (type(v) == "t_POL", return (if (v == 0, [0], Vecrev(v))));
  error("peers_lines: unsupported answer type ", type(v));
}

\\ peers_bench(f, min_ms, out): calls f until min_ms milliseconds of wall
\\ time have passed (at least once), prints "time_ns T iterations N" and
\\ writes the last answer's lines to out. getwalltime counts milliseconds,
\\ so min_ms should be large enough for that resolution.
peers_bench(f, min_ms, out) =
{
  my(calls = 0, start = getwalltime(), elapsed, r, fh);
  until (elapsed >= min_ms,
    r = f();
    calls++;
    elapsed = getwalltime() - start);
  print("time_ns ", elapsed * 1000000 \ calls, " iterations ", calls);
  fh = fileopen(out, "w");
  filewrite(fh, strjoin(apply(c -> Str(c), peers_lines(r)), "\n"));
  fileclose(fh);
}
