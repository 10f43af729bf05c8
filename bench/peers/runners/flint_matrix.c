/*
 * The matrix domain's FLINT routines of the peer benchmark, included by
 * flint_runner.c. Adding a routine: write a run_NAME function with the
 * TIMED macro around the one call measured, and list it in matrix_routines.
 * Matrix answers are rows, columns, then the entries row by row, rationals
 * as reduced p/q (an integer as itself).
 */
#include <flint/fmpq.h>
#include <flint/fmpq_mat.h>
#include <flint/fmpz_lll.h>

static void read_square(const char *path, fmpz_mat_t m)
{
    read_fmpz_mat(path, m);
    if (fmpz_mat_nrows(m) != fmpz_mat_ncols(m))
        die(path, "not square");
}

static void write_fmpz_mat(const char *path, const fmpz_mat_t m)
{
    FILE *f = create(path);
    fprintf(f, "%ld\n%ld\n", (long) fmpz_mat_nrows(m), (long) fmpz_mat_ncols(m));
    for (slong i = 0; i < fmpz_mat_nrows(m); i++)
        for (slong j = 0; j < fmpz_mat_ncols(m); j++) {
            fmpz_fprint(f, fmpz_mat_entry(m, i, j));
            fputc('\n', f);
        }
    finish(f, path);
}

static void write_fmpq_mat(const char *path, const fmpq_mat_t m)
{
    FILE *f = create(path);
    fprintf(f, "%ld\n%ld\n", (long) fmpq_mat_nrows(m), (long) fmpq_mat_ncols(m));
    for (slong i = 0; i < fmpq_mat_nrows(m); i++)
        for (slong j = 0; j < fmpq_mat_ncols(m); j++) {
            fmpq_fprint(f, fmpq_mat_entry(m, i, j));
            fputc('\n', f);
        }
    finish(f, path);
}

static void run_fmpz_mat_det(char **in, const char *out)
{
    fmpz_mat_t m;
    fmpz_t d;
    fmpz_init(d);
    read_square(in[0], m);
    TIMED(fmpz_mat_det(d, m));
    write_fmpz(out, d);
}

static void run_fmpz_mat_charpoly(char **in, const char *out)
{
    fmpz_mat_t m;
    fmpz_poly_t p;
    fmpz_poly_init(p);
    read_square(in[0], m);
    TIMED(fmpz_mat_charpoly(p, m));
    write_fmpz_poly(out, p);
}

/* The inverse is B/den; the fraction is reduced after the clock. */
static void run_fmpz_mat_inv(char **in, const char *out)
{
    fmpz_mat_t m, b;
    fmpq_mat_t q;
    fmpz_t den;
    int ok = 0;
    read_square(in[0], m);
    fmpz_mat_init(b, fmpz_mat_nrows(m), fmpz_mat_ncols(m));
    fmpz_init(den);
    TIMED(ok = fmpz_mat_inv(b, den, m));
    if (!ok)
        die(in[0], "singular");
    fmpq_mat_init(q, fmpz_mat_nrows(m), fmpz_mat_ncols(m));
    fmpq_mat_set_fmpz_mat_div_fmpz(q, b, den);
    write_fmpq_mat(out, q);
}

static void run_fmpq_mat_rref(char **in, const char *out)
{
    fmpz_mat_t m;
    fmpq_mat_t a, r;
    read_fmpz_mat(in[0], m);
    fmpq_mat_init(a, fmpz_mat_nrows(m), fmpz_mat_ncols(m));
    fmpq_mat_init(r, fmpz_mat_nrows(m), fmpz_mat_ncols(m));
    fmpq_mat_set_fmpz_mat(a, m);
    TIMED(fmpq_mat_rref(r, a));
    write_fmpq_mat(out, r);
}

/* A·X = B over Q; FLINT reduces the fractions inside the call. */
static void run_fmpq_mat_solve_fmpz_mat(char **in, const char *out)
{
    fmpz_mat_t a, b;
    fmpq_mat_t x;
    int ok = 0;
    read_square(in[0], a);
    read_fmpz_mat(in[1], b);
    fmpq_mat_init(x, fmpz_mat_ncols(a), fmpz_mat_ncols(b));
    TIMED(ok = fmpq_mat_solve_fmpz_mat(x, a, b));
    if (!ok)
        die(in[0], "singular");
    write_fmpq_mat(out, x);
}

static void run_fmpz_mat_hnf(char **in, const char *out)
{
    fmpz_mat_t m, h;
    read_fmpz_mat(in[0], m);
    fmpz_mat_init(h, fmpz_mat_nrows(m), fmpz_mat_ncols(m));
    TIMED(fmpz_mat_hnf(h, m));
    write_fmpz_mat(out, h);
}

/* The answer is the elementary divisors, the nonzero diagonal of S. */
static void run_fmpz_mat_snf(char **in, const char *out)
{
    fmpz_mat_t m, s;
    read_fmpz_mat(in[0], m);
    fmpz_mat_init(s, fmpz_mat_nrows(m), fmpz_mat_ncols(m));
    TIMED(fmpz_mat_snf(s, m));
    FILE *f = create(out);
    for (slong i = 0; i < fmpz_mat_nrows(s) && i < fmpz_mat_ncols(s); i++)
        if (!fmpz_is_zero(fmpz_mat_entry(s, i, i))) {
            fmpz_fprint(f, fmpz_mat_entry(s, i, i));
            fputc('\n', f);
        }
    finish(f, out);
}

/*
 * LLL of the rows with δ = 0.99, η = 0.51 (FLINT's defaults, as Jacobian's
 * and PARI/GP's). Each call reduces a fresh copy, made inside the clock
 * (O(n²), as the other systems copy their input). Reduced bases are not
 * unique, so the answer is the rank, |det B| (B square) and FLINT's own
 * test that B is reduced (1 or 0), as peers_matrix_lll in peers_matrix.gp.
 */
static void run_fmpz_lll(char **in, const char *out)
{
    fmpz_mat_t m, b;
    fmpz_lll_t fl;
    fmpz_t d;
    read_square(in[0], m);
    fmpz_mat_init(b, fmpz_mat_nrows(m), fmpz_mat_ncols(m));
    fmpz_lll_context_init_default(fl);
    TIMED((fmpz_mat_set(b, m), fmpz_lll(b, NULL, fl)));
    fmpz_init(d);
    fmpz_mat_det(d, b);
    fmpz_abs(d, d);
    FILE *f = create(out);
    fprintf(f, "%ld\n", (long) fmpz_mat_nrows(b));
    fmpz_fprint(f, d);
    fprintf(f, "\n%d\n", fmpz_lll_is_reduced(b, fl, 0) ? 1 : 0);
    finish(f, out);
}

static const struct routine matrix_routines[] = {
    {"fmpz_mat_det", 1, run_fmpz_mat_det},
    {"fmpz_mat_charpoly", 1, run_fmpz_mat_charpoly},
    {"fmpz_mat_inv", 1, run_fmpz_mat_inv},
    {"fmpq_mat_rref", 1, run_fmpq_mat_rref},
    {"fmpz_mat_hnf", 1, run_fmpz_mat_hnf},
    {"fmpz_mat_snf", 1, run_fmpz_mat_snf},
    {"fmpz_lll", 1, run_fmpz_lll},
    {"fmpq_mat_solve_fmpz_mat", 2, run_fmpq_mat_solve_fmpz_mat},
};
