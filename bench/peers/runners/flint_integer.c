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

/* One timed factorization: a fresh factor list each call. */
static void factor_once(fmpz_factor_t f, const fmpz_t n)
{
    fmpz_factor_clear(f);
    fmpz_factor_init(f);
    fmpz_factor(f, n);
}

static int fmpz_ascending(const void *a, const void *b)
{
    return fmpz_cmp((const fmpz *) a, (const fmpz *) b);
}

/* The prime factors of n, ascending, one a line (fmpz_factor lists them
 * in no fixed order, so they are sorted after the clock). */
static void run_fmpz_factor(char **in, const char *out)
{
    fmpz_t n;
    fmpz_factor_t f;
    fmpz_init(n);
    read_fmpz(in[0], n);
    fmpz_factor_init(f);
    TIMED(factor_once(f, n));
    qsort(f->p, f->num, sizeof(fmpz), fmpz_ascending);
    FILE *h = create(out);
    for (slong i = 0; i < f->num; i++) {
        fmpz_fprint(h, f->p + i);
        fputc('\n', h);
    }
    finish(h, out);
    fmpz_factor_clear(f);
    fmpz_clear(n);
}

/* fmpz_is_prime proves primality (Pocklington, or APR-CL): 1 or 0. */
static void run_fmpz_is_prime(char **in, const char *out)
{
    fmpz_t n, r;
    int v = 0;
    fmpz_init(n), fmpz_init(r);
    read_fmpz(in[0], n);
    TIMED(v = fmpz_is_prime(n));
    fmpz_set_si(r, v);
    write_fmpz(out, r);
}

static const struct routine integer_routines[] = {
    {"fmpz_gcd", 2, run_fmpz_gcd},
    {"fmpz_mul", 2, run_fmpz_mul},
    {"fmpz_factor", 1, run_fmpz_factor},
    {"fmpz_is_prime", 1, run_fmpz_is_prime},
};
