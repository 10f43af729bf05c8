/*
 * The integer domain's FLINT routines of the peer benchmark, included by
 * flint_runner.c. Adding a routine: write a run_NAME function with the
 * TIMED macro around the one call measured, and list it in integer_routines.
 */

static void run_fmpz_gcd(char **in, const char *out)
{
    fmpz_t a, b, g;
    fmpz_init(a), fmpz_init(b), fmpz_init(g);
    read_fmpz(in[0], a), read_fmpz(in[1], b);
    TIMED(fmpz_gcd(g, a, b));
    write_fmpz(out, g);
}

static void run_fmpz_mul(char **in, const char *out)
{
    fmpz_t a, b, c;
    fmpz_init(a), fmpz_init(b), fmpz_init(c);
    read_fmpz(in[0], a), read_fmpz(in[1], b);
    TIMED(fmpz_mul(c, a, b));
    write_fmpz(out, c);
}

static const struct routine integer_routines[] = {
    {"fmpz_gcd", 2, run_fmpz_gcd},
    {"fmpz_mul", 2, run_fmpz_mul},
};
