/*
 * The integer domain's FLINT routines of the peer benchmark, included by
 * flint_runner.c. Adding a routine: write a run_NAME function with the
 * TIMED macro around the one call measured, and list it in integer_routines.
 */

#include <flint/arith.h>
#include <flint/fmpq.h>
#include <flint/ulong_extras.h>

/* The rows of catalog operations with long integer answers time the
 * decimal rendering of the answer beside the computation, as Jacobian's
 * clock includes its result encoding (core.Runtime.Run); GMP's conversion
 * of an 84,000-digit integer takes several times its Fibonacci number. */
static void decimal(const fmpz_t x)
{
    flint_free(fmpz_get_str(NULL, 10, x));
}

static void decimal_q(const fmpq_t x)
{
    flint_free(fmpq_get_str(NULL, 10, x));
}

/* A word-sized input, as the index arguments are. */
static ulong read_ui(const char *path)
{
    fmpz_t x;
    fmpz_init(x);
    read_fmpz(path, x);
    if (fmpz_sgn(x) < 0 || fmpz_bits(x) > FLINT_BITS)
        die(path, "want a non-negative word");
    ulong v = fmpz_get_ui(x);
    fmpz_clear(x);
    return v;
}

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

static void run_fmpz_bin_uiui(char **in, const char *out)
{
    ulong n = read_ui(in[0]), k = read_ui(in[1]);
    fmpz_t c;
    fmpz_init(c);
    TIMED(fmpz_bin_uiui(c, n, k); decimal(c));
    write_fmpz(out, c);
}

static void run_fmpz_fib_ui(char **in, const char *out)
{
    ulong n = read_ui(in[0]);
    fmpz_t f;
    fmpz_init(f);
    TIMED(fmpz_fib_ui(f, n); decimal(f));
    write_fmpz(out, f);
}

static void run_arith_number_of_partitions(char **in, const char *out)
{
    ulong n = read_ui(in[0]);
    fmpz_t p;
    fmpz_init(p);
    TIMED(arith_number_of_partitions(p, n); decimal(p));
    write_fmpz(out, p);
}

/* The answer is the numerator line, then the denominator line. */
static void run_arith_bernoulli_number(char **in, const char *out)
{
    ulong n = read_ui(in[0]);
    fmpq_t b;
    fmpq_init(b);
    TIMED(arith_bernoulli_number(b, n); decimal_q(b));
    FILE *f = create(out);
    fmpz_fprint(f, fmpq_numref(b));
    fputc('\n', f);
    fmpz_fprint(f, fmpq_denref(b));
    fputc('\n', f);
    finish(f, out);
}

static void run_n_prime_pi(char **in, const char *out)
{
    ulong x = read_ui(in[0]), c = 0;
    TIMED(c = n_prime_pi(x));
    FILE *f = create(out);
    fprintf(f, "%lu\n", (unsigned long) c);
    finish(f, out);
}

static void run_n_nth_prime(char **in, const char *out)
{
    ulong n = read_ui(in[0]), p = 0;
    TIMED(p = n_nth_prime(n));
    FILE *f = create(out);
    fprintf(f, "%lu\n", (unsigned long) p);
    finish(f, out);
}

static const struct routine integer_routines[] = {
    {"fmpz_gcd", 2, run_fmpz_gcd},
    {"fmpz_mul", 2, run_fmpz_mul},
    {"fmpz_factor", 1, run_fmpz_factor},
    {"fmpz_is_prime", 1, run_fmpz_is_prime},
    {"fmpz_bin_uiui", 2, run_fmpz_bin_uiui},
    {"fmpz_fib_ui", 1, run_fmpz_fib_ui},
    {"arith_number_of_partitions", 1, run_arith_number_of_partitions},
    {"arith_bernoulli_number", 1, run_arith_bernoulli_number},
    {"n_prime_pi", 1, run_n_prime_pi},
    {"n_nth_prime", 1, run_n_nth_prime},
};
