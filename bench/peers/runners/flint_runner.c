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
 * The routines live one file a domain (flint_<domain>.c, included below):
 * a run_NAME function with the TIMED macro around the one call being
 * measured, listed in that file's <domain>_routines[].
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

/* A routine reads its inputs, times one call, writes the answer. */
struct routine {
    const char *name;
    int inputs;
    void (*run)(char **in, const char *out);
};

#include "flint_integer.c"
#include "flint_matrix.c"
#include "flint_finitefield.c"
#include "flint_polynomial.c"

#define TABLE(t) {t, sizeof t / sizeof t[0]}
static const struct {
    const struct routine *routines;
    size_t count;
} tables[] = {
    TABLE(integer_routines),
    TABLE(matrix_routines),
    TABLE(finitefield_routines),
    TABLE(polynomial_routines),
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
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        for (size_t i = 0; i < tables[t].count; i++) {
            const struct routine *r = &tables[t].routines[i];
            if (strcmp(r->name, argv[1]) != 0)
                continue;
            if (argc - 5 != r->inputs)
                die(argv[1], "wrong number of inputs");
            r->run(argv + 5, argv[4]);
            flint_cleanup();
            return 0;
        }
    }
    die(argv[1], "no such routine");
}
