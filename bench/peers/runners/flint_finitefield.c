/*
 * The finitefield domain's FLINT routines of the peer benchmark, included by
 * flint_runner.c. Adding a routine: write a run_NAME function with the
 * TIMED macro around the one call measured, and list it in finitefield_routines.
 */

#include <flint/nmod_poly_factor.h>

/* Inputs: the prime p, then the two polynomials with coefficients in [0, p). */
static void run_nmod_poly_mul(char **in, const char *out)
{
    fmpz_t p;
    fmpz_init(p);
    read_fmpz(in[0], p);
    if (fmpz_sgn(p) <= 0 || fmpz_bits(p) > FLINT_BITS)
        die(in[0], "the modulus must be a positive word");
    nmod_poly_t a, b, c;
    read_nmod_poly(in[1], fmpz_get_ui(p), a), read_nmod_poly(in[2], fmpz_get_ui(p), b);
    nmod_poly_init(c, fmpz_get_ui(p));
    TIMED(nmod_poly_mul(c, a, b));
    write_nmod_poly(out, c);
}

static mp_limb_t read_word_prime(const char *path)
{
    fmpz_t p;
    fmpz_init(p);
    read_fmpz(path, p);
    if (fmpz_sgn(p) <= 0 || fmpz_bits(p) > FLINT_BITS)
        die(path, "the modulus must be a positive word");
    mp_limb_t w = fmpz_get_ui(p);
    fmpz_clear(p);
    return w;
}

/* The canonical order of the factors: ascending degree, then ascending
 * coefficients from the leading one down. */
static int compare_nmod_poly(const void *x, const void *y)
{
    const nmod_poly_struct *a = x, *b = y;
    if (a->length != b->length)
        return a->length < b->length ? -1 : 1;
    for (slong i = a->length - 1; i >= 0; i--)
        if (a->coeffs[i] != b->coeffs[i])
            return a->coeffs[i] < b->coeffs[i] ? -1 : 1;
    return 0;
}

typedef struct {
    nmod_poly_struct f;
    slong exp;
} factor_entry;

static int compare_factor_entry(const void *x, const void *y)
{
    return compare_nmod_poly(&((const factor_entry *) x)->f, &((const factor_entry *) y)->f);
}

/* Inputs: the prime p, then the monic polynomial. The answer is each
 * factor in the canonical order as its degree, its multiplicity and its
 * coefficients constant term first (see gfFactorCase). */
static void run_nmod_poly_factor(char **in, const char *out)
{
    mp_limb_t p = read_word_prime(in[0]);
    nmod_poly_t f;
    read_nmod_poly(in[1], p, f);
    nmod_poly_factor_t fac;
    nmod_poly_factor_init(fac);
    TIMED(nmod_poly_factor_clear(fac); nmod_poly_factor_init(fac); nmod_poly_factor(fac, f));
    factor_entry *e = malloc(fac->num * sizeof *e);
    for (slong i = 0; i < fac->num; i++)
        e[i].f = fac->p[i], e[i].exp = fac->exp[i];
    qsort(e, fac->num, sizeof *e, compare_factor_entry);
    FILE *o = create(out);
    for (slong i = 0; i < fac->num; i++) {
        fprintf(o, "%ld\n%ld\n", (long) e[i].f.length - 1, (long) e[i].exp);
        for (slong j = 0; j < e[i].f.length; j++)
            fprintf(o, "%lu\n", (unsigned long) e[i].f.coeffs[j]);
    }
    finish(o, out);
    free(e);
}

/* Inputs: the prime p and the values y_0, …, y_(p−1) at 0, …, p − 1. */
static void run_nmod_poly_interpolate_nmod_vec_fast(char **in, const char *out)
{
    mp_limb_t p = read_word_prime(in[0]);
    nmod_poly_t y, c;
    read_nmod_poly(in[1], p, y);
    mp_ptr xs = malloc(p * sizeof *xs), ys = malloc(p * sizeof *ys);
    for (mp_limb_t i = 0; i < p; i++)
        xs[i] = i, ys[i] = nmod_poly_get_coeff_ui(y, i);
    nmod_poly_init(c, p);
    TIMED(nmod_poly_interpolate_nmod_vec_fast(c, xs, ys, p));
    write_nmod_poly(out, c);
    free(xs), free(ys);
}

static const struct routine finitefield_routines[] = {
    {"nmod_poly_mul", 3, run_nmod_poly_mul},
    {"nmod_poly_factor", 2, run_nmod_poly_factor},
    {"nmod_poly_interpolate_nmod_vec_fast", 2, run_nmod_poly_interpolate_nmod_vec_fast},
};
