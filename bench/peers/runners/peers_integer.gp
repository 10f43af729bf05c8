\\ The integer domain's additions to the PARI/GP side of the peer benchmark.

\\ peers_frac(q): a rational as the answer lines numerator then
\\ denominator, written as the polynomial num + den*x so that peers_lines
\\ prints them in that order.
peers_frac(q) = numerator(q) + denominator(q) * 'x;

\\ peers_decimal(x): x, after rendering it in decimal. The rows of catalog
\\ operations with long integer answers time it beside the computation, as
\\ Jacobian's clock includes its result encoding (core.Runtime.Run).
peers_decimal(x) = Str(x); x;
