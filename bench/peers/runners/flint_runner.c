/*
 * flint_runner: the FLINT side of the peer benchmark (bench/peers).
 *
 *   flint_runner ROUTINE THREADS MIN_SECONDS OUT IN...
 *   flint_runner version
 *
 * reads each IN (decimal integers, one a line, in the formats of
 * inputs.go), converts them to FLINT types, then calls ROUTINE in a loop
 * until MIN_SECONDS of wall time have passed (at least once). It prints
 *
 *   time_ns <nanoseconds per call> iterations <calls>
 *
 * on stdout and writes the last answer to OUT as decimal lines: an integer
 * as one line, a polynomial as its coefficients constant term first (the
 * zero polynomial as the single line 0). Reading and writing are outside
 * the timed loop. Any failure exits non-zero with a message on stderr.
 *
 * Adding a routine: write a run_NAME function below with the TIMED macro
 * around the one call being measured, and list it in routines[].
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <flint/flint.h>
#include <flint/fmpz.h>
#include <flint/fmpz_mat.h>
#include <flint/fmpz_poly.h>
#include <flint/nmod_poly.h>

static double min_seconds;

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "flint_runner: %s: %s\n", what, detail);
    exit(2);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void report(double elapsed, long calls)
{
    printf("time_ns %.0f iterations %ld\n", elapsed * 1e9 / calls, calls);
}

/* TIMED runs CALL until min_seconds have passed and reports the mean. */
#define TIMED(CALL)                                   \
    do {                                              \
        long calls_ = 0;                              \
        double start_ = now(), elapsed_;              \
        do {                                          \
            CALL;                                     \
            calls_++;                                 \
            elapsed_ = now() - start_;                \
        } while (elapsed_ < min_seconds);             \
        report(elapsed_, calls_);                     \
    } while (0)

/* An input file: its decimal integers, parsed. */
typedef struct {
    fmpz *v;
    slong n;
} ints;

static ints read_ints(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        die(path, strerror(errno));
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc(size + 1);
    if (text == NULL || fread(text, 1, size, f) != (size_t) size)
        die(path, "cannot read");
    fclose(f);
    text[size] = '\0';

    slong lines = 0;
    for (long i = 0; i < size; i++)
        lines += text[i] == '\n';
    ints r = {_fmpz_vec_init(lines + 1), 0};
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (fmpz_set_str(r.v + r.n, line, 10) != 0)
            die(path, "a line is not a decimal integer");
        r.n++;
    }
    free(text);
    return r;
}

static void read_fmpz(const char *path, fmpz_t x)
{
    ints r = read_ints(path);
    if (r.n != 1)
        die(path, "want exactly one integer");
    fmpz_set(x, r.v);
}

static void read_fmpz_poly(const char *path, fmpz_poly_t p)
{
    ints r = read_ints(path);
    fmpz_poly_zero(p);
    for (slong i = r.n - 1; i >= 0; i--)
        fmpz_poly_set_coeff_fmpz(p, i, r.v + i);
}

/* A matrix file is rows, columns, then the entries row by row. */
static void read_fmpz_mat(const char *path, fmpz_mat_t m)
{
    ints r = read_ints(path);
    if (r.n < 2)
        die(path, "want rows and columns first");
    slong rows = fmpz_get_si(r.v), cols = fmpz_get_si(r.v + 1);
    if (r.n != 2 + rows * cols)
        die(path, "entry count does not match rows × columns");
    fmpz_mat_init(m, rows, cols);
    for (slong i = 0; i < rows; i++)
        for (slong j = 0; j < cols; j++)
            fmpz_set(fmpz_mat_entry(m, i, j), r.v + 2 + i * cols + j);
}

static void read_nmod_poly(const char *path, mp_limb_t modulus, nmod_poly_t p)
{
    ints r = read_ints(path);
    nmod_poly_init(p, modulus);
    for (slong i = r.n - 1; i >= 0; i--) {
        if (fmpz_sgn(r.v + i) < 0 || fmpz_cmp_ui(r.v + i, modulus) >= 0)
            die(path, "a coefficient is outside [0, p)");
        nmod_poly_set_coeff_ui(p, i, fmpz_get_ui(r.v + i));
    }
}

static FILE *create(const char *path)
{
    FILE *f = fopen(path, "w");
    if (f == NULL)
        die(path, strerror(errno));
    return f;
}

static void finish(FILE *f, const char *path)
{
    if (fclose(f) != 0)
        die(path, "cannot write");
}

static void write_fmpz(const char *path, const fmpz_t x)
{
    FILE *f = create(path);
    fmpz_fprint(f, x);
    fputc('\n', f);
    finish(f, path);
}

static void write_fmpz_poly(const char *path, const fmpz_poly_t p)
{
    FILE *f = create(path);
    slong len = fmpz_poly_length(p);
    if (len == 0)
        fputs("0\n", f);
    for (slong i = 0; i < len; i++) {
        fmpz_fprint(f, fmpz_poly_get_coeff_ptr(p, i));
        fputc('\n', f);
    }
    finish(f, path);
}

static void write_nmod_poly(const char *path, const nmod_poly_t p)
{
    FILE *f = create(path);
    slong len = nmod_poly_length(p);
    if (len == 0)
        fputs("0\n", f);
    for (slong i = 0; i < len; i++)
        fprintf(f, "%lu\n", (unsigned long) nmod_poly_get_coeff_ui(p, i));
    finish(f, path);
}

/* The routines. Each reads its inputs, times one call, writes the answer. */

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

static void run_fmpz_mat_det(char **in, const char *out)
{
    fmpz_mat_t m;
    fmpz_t d;
    fmpz_init(d);
    read_fmpz_mat(in[0], m);
    if (fmpz_mat_nrows(m) != fmpz_mat_ncols(m))
        die(in[0], "not square");
    TIMED(fmpz_mat_det(d, m));
    write_fmpz(out, d);
}

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

static const struct {
    const char *name;
    int inputs;
    void (*run)(char **in, const char *out);
} routines[] = {
    {"fmpz_gcd", 2, run_fmpz_gcd},
    {"fmpz_mul", 2, run_fmpz_mul},
    {"fmpz_poly_gcd", 2, run_fmpz_poly_gcd},
    {"fmpz_poly_resultant", 2, run_fmpz_poly_resultant},
    {"fmpz_poly_mul", 2, run_fmpz_poly_mul},
    {"fmpz_mat_det", 1, run_fmpz_mat_det},
    {"nmod_poly_mul", 3, run_nmod_poly_mul},
};

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "version") == 0) {
        printf("%s\n", FLINT_VERSION);
        return 0;
    }
    if (argc < 5)
        die("usage", "flint_runner ROUTINE THREADS MIN_SECONDS OUT IN...");
    flint_set_num_threads(atoi(argv[2]));
    min_seconds = atof(argv[3]);
    for (size_t i = 0; i < sizeof routines / sizeof routines[0]; i++) {
        if (strcmp(routines[i].name, argv[1]) != 0)
            continue;
        if (argc - 5 != routines[i].inputs)
            die(argv[1], "wrong number of inputs");
        routines[i].run(argv + 5, argv[4]);
        flint_cleanup();
        return 0;
    }
    die(argv[1], "no such routine");
}
