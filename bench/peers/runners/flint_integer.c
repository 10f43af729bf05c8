/*
 * The integer domain's FLINT routines of the peer benchmark, included by
 * flint_runner.c. Adding a routine: write a run_NAME function with the
 * TIMED macro around the one call measured, and list it in integer_routines.
 */

#include <flint/arith.h>
#include <flint/fmpq.h>
#include <flint/fmpz_factor.h>
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


/* The integer domain's number-theoretic rows (cases_integer_ops.go). */

/* x ≡ r_i (mod m_i) for the lists r and m, the least solution ≥ 0. */
static void run_fmpz_multi_CRT(char **in, const char *out)
{
    ints r = read_ints(in[0]), m = read_ints(in[1]);
    if (r.n != m.n)
        die(in[0], "residues and moduli differ in number");
    fmpz_t x;
    fmpz_init(x);
    int ok = 1;
    TIMED(ok = fmpz_multi_CRT(x, m.v, r.v, m.n, 0); decimal(x));
    if (!ok)
        die("fmpz_multi_CRT", "the moduli are not coprime");
    write_fmpz(out, x);
}

static void write_si(const char *path, slong v)
{
    FILE *f = create(path);
    fprintf(f, "%ld\n", (long) v);
    finish(f, path);
}

static void run_fmpz_jacobi(char **in, const char *out)
{
    fmpz_t a, n;
    int v = 0;
    fmpz_init(a), fmpz_init(n);
    read_fmpz(in[0], a), read_fmpz(in[1], n);
    TIMED(v = fmpz_jacobi(a, n));
    write_si(out, v);
}

static void run_fmpz_kronecker(char **in, const char *out)
{
    fmpz_t a, n;
    int v = 0;
    fmpz_init(a), fmpz_init(n);
    read_fmpz(in[0], a), read_fmpz(in[1], n);
    TIMED(v = fmpz_kronecker(a, n));
    write_si(out, v);
}

/* ⌊n^(1/k)⌋ for n ≥ 0. */
static void run_fmpz_root(char **in, const char *out)
{
    fmpz_t n, r;
    fmpz_init(n), fmpz_init(r);
    read_fmpz(in[0], n);
    slong k = (slong) read_ui(in[1]);
    TIMED(fmpz_root(r, n, k); decimal(r));
    write_fmpz(out, r);
}

/* The base and the largest exponent: fmpz_is_perfect_power's root is
 * tested again until it is no power, multiplying the exponents. */
static slong largest_power(fmpz_t b, const fmpz_t n)
{
    fmpz_t r;
    fmpz_init(r);
    fmpz_set(b, n);
    slong k = 1, e;
    while ((e = fmpz_is_perfect_power(r, b)) > 1) {
        fmpz_swap(b, r);
        k *= e;
    }
    fmpz_clear(r);
    return k;
}

static void run_fmpz_is_perfect_power(char **in, const char *out)
{
    fmpz_t n, b;
    slong k = 0;
    fmpz_init(n), fmpz_init(b);
    read_fmpz(in[0], n);
    TIMED(k = largest_power(b, n));
    FILE *f = create(out);
    fmpz_fprint(f, b);
    fprintf(f, "\n%ld\n", (long) k);
    finish(f, out);
}

/* The two roots of a non-zero square a modulo the odd prime p. */
static void run_fmpz_sqrtmod(char **in, const char *out)
{
    fmpz_t a, p, r, s;
    int ok = 0;
    fmpz_init(a), fmpz_init(p), fmpz_init(r), fmpz_init(s);
    read_fmpz(in[0], a), read_fmpz(in[1], p);
    TIMED(ok = fmpz_sqrtmod(r, a, p); fmpz_sub(s, p, r));
    if (!ok)
        die("fmpz_sqrtmod", "a is not a square");
    if (fmpz_cmp(r, s) > 0)
        fmpz_swap(r, s);
    FILE *f = create(out);
    fmpz_fprint(f, r);
    fputc('\n', f);
    fmpz_fprint(f, s);
    fputc('\n', f);
    finish(f, out);
}

static void run_arith_divisors(char **in, const char *out)
{
    fmpz_t n;
    fmpz_poly_t d;
    fmpz_init(n), fmpz_poly_init(d);
    read_fmpz(in[0], n);
    TIMED(arith_divisors(d, n));
    write_fmpz_poly(out, d);
}

/* μ, σ, τ, φ and Carmichael's λ, one a line, from one factorization:
 * λ is the lcm of λ(p^e) = (p − 1)·p^(e−1), except 2^(e−2) for p = 2 and
 * e ≥ 3. */
static void arithmetic_functions(fmpz *v, const fmpz_t n)
{
    fmpz_factor_t f;
    fmpz_t t;
    fmpz_factor_init(f), fmpz_init(t);
    fmpz_factor(f, n);
    fmpz_set_si(v + 0, fmpz_factor_moebius_mu(f));
    fmpz_factor_divisor_sigma(v + 1, 1, f);
    fmpz_factor_euler_phi(v + 3, f);
    fmpz_one(v + 2);
    fmpz_one(v + 4);
    for (slong i = 0; i < f->num; i++) {
        ulong e = f->exp[i];
        fmpz_mul_ui(v + 2, v + 2, e + 1);
        if (fmpz_equal_ui(f->p + i, 2) && e >= 3) {
            fmpz_one(t);
            fmpz_mul_2exp(t, t, e - 2);
        } else {
            fmpz_sub_ui(t, f->p + i, 1);
            for (ulong j = 1; j < e; j++)
                fmpz_mul(t, t, f->p + i);
        }
        fmpz_lcm(v + 4, v + 4, t);
    }
    fmpz_clear(t), fmpz_factor_clear(f);
}

static void run_fmpz_arithmetic_functions(char **in, const char *out)
{
    fmpz_t n;
    fmpz *v = _fmpz_vec_init(5);
    fmpz_init(n);
    read_fmpz(in[0], n);
    TIMED(arithmetic_functions(v, n));
    FILE *f = create(out);
    for (int i = 0; i < 5; i++) {
        fmpz_fprint(f, v + i);
        fputc('\n', f);
    }
    finish(f, out);
}

static void run_fmpz_nextprime(char **in, const char *out)
{
    fmpz_t n, p;
    fmpz_init(n), fmpz_init(p);
    read_fmpz(in[0], n);
    TIMED(fmpz_nextprime(p, n, 0));
    write_fmpz(out, p);
}

static void run_fmpz_fac_ui(char **in, const char *out)
{
    ulong n = read_ui(in[0]);
    fmpz_t f;
    fmpz_init(f);
    TIMED(fmpz_fac_ui(f, n); decimal(f));
    write_fmpz(out, f);
}

/* The partial quotients [a_0; a_1, …, a_k] of a/b, with a_k ≥ 2 when
 * k ≥ 1 (fmpq_get_cfrac's form, Jacobian's canonical one); cap bounds the
 * number of terms by the bits of a and b. */
static void run_fmpq_get_cfrac(char **in, const char *out)
{
    fmpz_t a, b;
    fmpq_t x, rem;
    fmpz_init(a), fmpz_init(b), fmpq_init(x), fmpq_init(rem);
    read_fmpz(in[0], a), read_fmpz(in[1], b);
    fmpq_set_fmpz_frac(x, a, b);
    slong cap = fmpz_bits(fmpq_numref(x)) + fmpz_bits(fmpq_denref(x)) + 2, len = 0;
    fmpz *c = _fmpz_vec_init(cap);
    TIMED(len = fmpq_get_cfrac(c, rem, x, cap));
    if (!fmpq_is_zero(rem))
        die("fmpq_get_cfrac", "the expansion did not end");
    FILE *f = create(out);
    for (slong i = 0; i < len; i++) {
        fmpz_fprint(f, c + i);
        fputc('\n', f);
    }
    finish(f, out);
}

/* The answer is the numerator line, then the denominator line. */
static void run_fmpq_reconstruct_fmpz(char **in, const char *out)
{
    fmpz_t a, m;
    fmpq_t q;
    int ok = 0;
    fmpz_init(a), fmpz_init(m), fmpq_init(q);
    read_fmpz(in[0], a), read_fmpz(in[1], m);
    TIMED(ok = fmpq_reconstruct_fmpz(q, a, m); decimal_q(q));
    if (!ok)
        die("fmpq_reconstruct_fmpz", "no reconstruction");
    FILE *f = create(out);
    fmpz_fprint(f, fmpq_numref(q));
    fputc('\n', f);
    fmpz_fprint(f, fmpq_denref(q));
    fputc('\n', f);
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
    {"fmpz_multi_CRT", 2, run_fmpz_multi_CRT},
    {"fmpz_jacobi", 2, run_fmpz_jacobi},
    {"fmpz_kronecker", 2, run_fmpz_kronecker},
    {"fmpz_root", 2, run_fmpz_root},
    {"fmpz_is_perfect_power", 1, run_fmpz_is_perfect_power},
    {"fmpz_sqrtmod", 2, run_fmpz_sqrtmod},
    {"arith_divisors", 1, run_arith_divisors},
    {"fmpz_arithmetic_functions", 1, run_fmpz_arithmetic_functions},
    {"fmpz_nextprime", 1, run_fmpz_nextprime},
    {"fmpz_fac_ui", 1, run_fmpz_fac_ui},
    {"fmpq_get_cfrac", 2, run_fmpq_get_cfrac},
    {"fmpq_reconstruct_fmpz", 2, run_fmpq_reconstruct_fmpz},
};
