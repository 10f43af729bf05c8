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

/* Factors in the order of factorLines (cases_polynomial.go): by degree,
 * then by coefficients from the leading one down. */
static int cmp_fmpz_poly(const fmpz_poly_struct *a, const fmpz_poly_struct *b)
{
    slong la = fmpz_poly_length(a), lb = fmpz_poly_length(b);
    if (la != lb)
        return la < lb ? -1 : 1;
    for (slong i = la - 1; i >= 0; i--) {
        int c = fmpz_cmp(a->coeffs + i, b->coeffs + i);
        if (c != 0)
            return c;
    }
    return 0;
}

/* The answer lines of factorLines: the number of factors, then each
 * factor's multiplicity, degree and coefficients, constant term first;
 * each factor made primitive with positive leading coefficient. */
static void run_fmpz_poly_factor(char **in, const char *out)
{
    fmpz_poly_t f;
    fmpz_poly_factor_t fac;
    fmpz_poly_init(f), fmpz_poly_factor_init(fac);
    read_fmpz_poly(in[0], f);
    TIMED(fmpz_poly_factor(fac, f));
    slong n = fac->num, *order = flint_malloc(sizeof(slong) * (n + 1));
    for (slong i = 0; i < n; i++) {
        fmpz_poly_primitive_part(fac->p + i, fac->p + i);
        if (fmpz_sgn(fmpz_poly_lead(fac->p + i)) < 0)
            fmpz_poly_neg(fac->p + i, fac->p + i);
        order[i] = i;
    }
    for (slong i = 1; i < n; i++)
        for (slong j = i; j > 0 && cmp_fmpz_poly(fac->p + order[j - 1], fac->p + order[j]) > 0; j--) {
            slong t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    FILE *o = create(out);
    fprintf(o, "%ld\n", (long) n);
    for (slong k = 0; k < n; k++) {
        const fmpz_poly_struct *g = fac->p + order[k];
        fprintf(o, "%ld\n%ld\n", (long) fac->exp[order[k]], (long) fmpz_poly_degree(g));
        for (slong i = 0; i < fmpz_poly_length(g); i++) {
            fmpz_fprint(o, g->coeffs + i);
            fputc('\n', o);
        }
    }
    finish(o, out);
    flint_free(order);
    fmpz_poly_factor_clear(fac), fmpz_poly_clear(f);
}

/* The number of distinct real roots of a square-free polynomial. */
static void run_fmpz_poly_num_real_roots(char **in, const char *out)
{
    fmpz_poly_t f;
    fmpz_t n;
    slong r = 0;
    fmpz_poly_init(f), fmpz_init(n);
    read_fmpz_poly(in[0], f);
    TIMED(r = fmpz_poly_num_real_roots(f));
    fmpz_set_si(n, r);
    write_fmpz(out, n);
    fmpz_clear(n), fmpz_poly_clear(f);
}

static const struct routine polynomial_routines[] = {
    {"fmpz_poly_gcd", 2, run_fmpz_poly_gcd},
    {"fmpz_poly_resultant", 2, run_fmpz_poly_resultant},
    {"fmpz_poly_mul", 2, run_fmpz_poly_mul},
    {"fmpz_poly_factor", 1, run_fmpz_poly_factor},
    {"fmpz_poly_num_real_roots", 1, run_fmpz_poly_num_real_roots},
};
