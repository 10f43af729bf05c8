/*
 * The polynomial domain's FLINT routines of the peer benchmark, included by
 * flint_runner.c. Adding a routine: write a run_NAME function with the
 * TIMED macro around the one call measured, and list it in polynomial_routines.
 */

static void run_fmpz_poly_gcd(char **in, const char *out)
{
    fmpz_poly_t a, b, g;
    fmpz_poly_init(a), fmpz_poly_init(b), fmpz_poly_init(g);
    read_fmpz_poly(in[0], a), read_fmpz_poly(in[1], b);
    TIMED(fmpz_poly_gcd(g, a, b));
    write_fmpz_poly(out, g);
}

static void run_fmpz_poly_resultant(char **in, const char *out)
{
    fmpz_poly_t a, b;
    fmpz_t r;
    fmpz_poly_init(a), fmpz_poly_init(b), fmpz_init(r);
    read_fmpz_poly(in[0], a), read_fmpz_poly(in[1], b);
    TIMED(fmpz_poly_resultant(r, a, b));
    write_fmpz(out, r);
}

static void run_fmpz_poly_mul(char **in, const char *out)
{
    fmpz_poly_t a, b, c;
    fmpz_poly_init(a), fmpz_poly_init(b), fmpz_poly_init(c);
    read_fmpz_poly(in[0], a), read_fmpz_poly(in[1], b);
    TIMED(fmpz_poly_mul(c, a, b));
    write_fmpz_poly(out, c);
}

static const struct routine polynomial_routines[] = {
    {"fmpz_poly_gcd", 2, run_fmpz_poly_gcd},
    {"fmpz_poly_resultant", 2, run_fmpz_poly_resultant},
    {"fmpz_poly_mul", 2, run_fmpz_poly_mul},
};
